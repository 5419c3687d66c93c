/**
 * Fixes on gRPC for .NET service configs (MaxAttempts is a total, must stay > 1; off removes the
 * RetryPolicy) and the MongoDB C# driver (off: retryWrites/retryReads false):
 * docs/reference/grpc-dotnet.md, mongodb.md.
 */
import { fixCases } from "./fixCases";

const FILE = "Checkout/OrdersGateway.cs";
const grpc = (policy: string) => `
//- ${FILE}
using Grpc.Core;
using Grpc.Net.Client;
using Grpc.Net.Client.Configuration;
namespace Checkout;
public class OrdersGateway
{
    public async Task<string> Place(string sku)
    {
        var channel = GrpcChannel.ForAddress("http://orders:5000", new GrpcChannelOptions
        {
            ServiceConfig = new ServiceConfig
            {
                MethodConfigs = { new MethodConfig { Names = { MethodName.Default }${policy} } }
            }
        });
        var client = new Orders.OrdersClient(channel);
        return (await client.PlaceAsync(new PlaceRequest { Sku = sku })).Id;
    }
}
`;
const policy = (n: number) => `, RetryPolicy = new RetryPolicy { MaxAttempts = ${n}, InitialBackoff = TimeSpan.FromSeconds(1), MaxBackoff = TimeSpan.FromSeconds(5), BackoffMultiplier = 1.5, RetryableStatusCodes = { StatusCode.Unavailable } }`;

const MONGO = "Catalog/Repository.cs";
const mongo = (arg: string) => `
//- ${MONGO}
using MongoDB.Driver;
using Polly;
using Polly.Retry;
namespace Catalog;
public class Repository
{
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true })
        .Build();
    public async Task Save(Item item)
    {
        var client = new MongoClient(${arg});
        var items = client.GetDatabase("catalog").GetCollection<Item>("items");
        await _pipeline.ExecuteAsync(async ct => await items.InsertOneAsync(item, cancellationToken: ct));
    }
}
`;

fixCases("gRPC for .NET and MongoDB C# driver", [
  {
    name: "grpc-dotnet RL001: MaxAttempts = 5 lowered to 3",
    workspace: grpc(policy(5)),
    finding: `RL001 ${FILE}:13`,
    fix: "Lower to 3 attempts",
    after: grpc(policy(3)),
    remaining: [],
  },
  {
    name: "grpc-dotnet RL001: turned off by removing the RetryPolicy from its MethodConfig",
    workspace: grpc(policy(5)),
    finding: `RL001 ${FILE}:13`,
    fix: "Turn off retries",
    after: grpc(""),
    remaining: [],
  },
  {
    name: "MongoDB C# RL001: retryWrites/retryReads false in the connection string",
    workspace: mongo('"mongodb://catalog-db:27017"'),
    finding: `RL001 ${MONGO}:12`,
    fix: "Turn off the MongoDB driver's retryable",
    after: mongo('"mongodb://catalog-db:27017/?retryWrites=false&retryReads=false"'),
    remaining: [],
  },
]);
