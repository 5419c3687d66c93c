// .NET clients with their own retries on call paths: gRPC for .NET service configs
// (docs/reference/grpc-dotnet.md), the MongoDB C# driver's retryable reads/writes and
// StackExchange.Redis commands (no layer: docs/reference/mongodb.md, redis.md). Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

describe("linking .NET gRPC, MongoDB and Redis clients", () => {
  test("a Polly retry (3) around a gRPC client whose channel retries 4 times: 12 calls reach orders", async () => {
    await checkFixture(`
//- Checkout/OrdersGateway.cs
using Grpc.Core;
using Grpc.Net.Client;
using Grpc.Net.Client.Configuration;
using Polly;
using Polly.Retry;
namespace Checkout;
public class OrdersGateway
{
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true })
// ^ layer ×3 RL001
        .Build();
    public async Task<string> Place(string sku)
    {
        var channel = GrpcChannel.ForAddress("http://orders:5000", new GrpcChannelOptions
        {
            ServiceConfig = new ServiceConfig
            {
                MethodConfigs = { new MethodConfig { Names = { MethodName.Default }, RetryPolicy = new RetryPolicy { MaxAttempts = 4, InitialBackoff = TimeSpan.FromSeconds(1), MaxBackoff = TimeSpan.FromSeconds(5), BackoffMultiplier = 1.5, RetryableStatusCodes = { StatusCode.Unavailable } } } }
// ^ layer ×4 RL001
            }
        });
        var client = new Orders.OrdersClient(channel);
        return await _pipeline.ExecuteAsync(async ct => (await client.PlaceAsync(new PlaceRequest { Sku = sku })).Id);
    }
}
//! rules RL001
//! path 12 orders
//! paths 1
`);
  });

  test("MongoDB C# driver: the default 2 attempts under a Polly retry (3) → 6 to the mongo host", async () => {
    await checkFixture(`
//- Catalog/Repository.cs
using MongoDB.Driver;
using Polly;
using Polly.Retry;
namespace Catalog;
public class Repository
{
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true })
// ^ layer ×3 RL001
        .Build();
    public async Task Save(Item item)
    {
        var client = new MongoClient("mongodb://catalog-db:27017");
// ^ layer ×2 RL001
        var db = client.GetDatabase("catalog");
        var items = db.GetCollection<Item>("items");
        await _pipeline.ExecuteAsync(async ct => await items.InsertOneAsync(item, cancellationToken: ct));
    }
}
//! rules RL001
//! path 6 catalog-db
//! paths 1
`);
  });

  test("MongoDB C# driver: RetryWrites and RetryReads false in the settings → disabled", async () => {
    await checkFixture(`
//- Catalog/Repository.cs
using MongoDB.Driver;
namespace Catalog;
public class Repository
{
    public async Task Save(Item item)
    {
        var settings = MongoClientSettings.FromConnectionString("mongodb://catalog-db:27017");
        settings.RetryWrites = false;
        settings.RetryReads = false;
        var client = new MongoClient(settings);
// ^ layer ×1
        await client.GetDatabase("catalog").GetCollection<Item>("items").InsertOneAsync(item);
    }
}
//! rules RL001
//! paths 0
`);
  });

  test("StackExchange.Redis: commands reach the Redis host under the caller's retry only (no layer of its own)", async () => {
    await checkFixture(`
//- Cart/CartStore.cs
using Polly;
using Polly.Retry;
using StackExchange.Redis;
namespace Cart;
public class CartStore
{
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 3, UseJitter = true })
// ^ layer ×4 RL001
        .Build();
    public async Task<string?> Get(string id)
    {
        var mux = await ConnectionMultiplexer.ConnectAsync("cart-cache:6379,connectRetry=5,abortConnect=false");
        var db = mux.GetDatabase();
        return await _pipeline.ExecuteAsync(async ct => (string?)await db.StringGetAsync(id));
    }
}
//! rules RL001
//! path 4 cart-cache
//! paths 1
`);
  });

  test("StackExchange.Redis db.WithRetry() (3.1): its commands carry a layer of 3 attempts, under the caller's Polly retry: 12", async () => {
    await checkFixture(`
//- Cart/CartStore.cs
using Polly;
using Polly.Retry;
using StackExchange.Redis;
using StackExchange.Redis.Availability;
namespace Cart;
public class CartStore
{
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 3, UseJitter = true })
// ^ layer ×4 RL001
        .Build();
    public async Task<string?> Get(string id)
    {
        var mux = await ConnectionMultiplexer.ConnectAsync("cart-cache:6379,abortConnect=false");
        var db = mux.GetDatabase().WithRetry();
// ^ layer ×3 RL001
        return await _pipeline.ExecuteAsync(async ct => (string?)await db.StringGetAsync(id));
    }
}
//! rules RL001
//! path 12 cart-cache
//! paths 1
`);
  });
});

describe("linking gRPC for .NET typed clients registered with AddGrpcClient", () => {
  test("ConfigureChannel's retry policy (4) applies to calls on the injected client, under a Polly retry (3): 12", async () => {
    await checkFixture(`
//- Web/Program.cs
using Grpc.Core;
using Grpc.Net.Client.Configuration;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddGrpcClient<Greeter.GreeterClient>(o => o.Address = new Uri("https://orders:5001"))
    .ConfigureChannel(o =>
    {
        o.ServiceConfig = new ServiceConfig { MethodConfigs = { new MethodConfig { Names = { MethodName.Default }, RetryPolicy = new RetryPolicy { MaxAttempts = 4, InitialBackoff = TimeSpan.FromSeconds(1), MaxBackoff = TimeSpan.FromSeconds(5), BackoffMultiplier = 2, RetryableStatusCodes = { StatusCode.Unavailable } } } } };
// ^ layer ×4 RL001
    });
var app = builder.Build();
app.MapGet("/hello", async (HelloService s) => await s.Hello());
app.Run();
//- Web/HelloService.cs
using Polly;
using Polly.Retry;
namespace Web;
public class HelloService
{
    private readonly Greeter.GreeterClient _client;
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true })
// ^ layer ×3 RL001
        .Build();
    public HelloService(Greeter.GreeterClient client) { _client = client; }
    public async Task<string> Hello()
    {
        return await _pipeline.ExecuteAsync(async ct => (await _client.SayHelloAsync(new HelloRequest { Name = "x" })).Message);
    }
}
//! rules RL001
//! path 12 orders
//! paths 1
`);
  });
});
