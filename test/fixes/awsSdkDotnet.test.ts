/**
 * Fixes on AWS SDK for .NET clients (docs/reference/aws-sdk-dotnet.md): `MaxErrorRetry` counts
 * retries (off: 0), written in the config object or passed as a new config.
 */
import { fixCases } from "./fixCases";

const FILE = "Files/Store.cs";
const PROGRAM = `
//- Files/Program.cs
using Files;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddSingleton<Store>();
var app = builder.Build();
app.MapGet("/files/{key}", (Store store, string key) => store.Exists(key));
app.Run();
`;
const store = (client: string) => `
//- ${FILE}
using Amazon;
using Amazon.S3;
using Polly;
using Polly.Retry;
namespace Files;
public class Store
{
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder().AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true }).Build();
    private readonly IAmazonS3 _s3 = ${client};
    public async Task<bool> Exists(string key) =>
        await Retry.ExecuteAsync(async ct => (await _s3.GetObjectMetadataAsync("bucket", key, ct)) != null);
}
`;

fixCases("AWS SDK for .NET", [
  {
    name: "RL001: a client built with no arguments gets a config with MaxErrorRetry = 0",
    workspace: PROGRAM + store("new AmazonS3Client()"),
    finding: `RL001 ${FILE}:9`,
    fix: "Turn off AWS SDK retries",
    after: store("new AmazonS3Client(new AmazonS3Config { MaxErrorRetry = 0 })"),
    remaining: [],
  },
  {
    name: "RL001: a literal MaxErrorRetry in the inline config is rewritten",
    workspace: PROGRAM + store('new AmazonS3Client(new AmazonS3Config { ServiceURL = "http://minio:9000", MaxErrorRetry = 6 })'),
    finding: `RL001 ${FILE}:9`,
    fix: "Turn off AWS SDK retries",
    after: store('new AmazonS3Client(new AmazonS3Config { ServiceURL = "http://minio:9000", MaxErrorRetry = 0 })'),
    remaining: [],
  },
  {
    name: "RL001: a region alone becomes a config carrying it",
    workspace: PROGRAM + store("new AmazonS3Client(RegionEndpoint.USEast1)"),
    finding: `RL001 ${FILE}:9`,
    fix: "Turn off AWS SDK retries",
    after: store("new AmazonS3Client(new AmazonS3Config { RegionEndpoint = RegionEndpoint.USEast1, MaxErrorRetry = 0 })"),
    remaining: [],
  },
  {
    name: "RL001: MaxErrorRetry added to an inline config initializer",
    workspace: PROGRAM + store('new AmazonS3Client(new AmazonS3Config { ServiceURL = "http://minio:9000" })'),
    finding: `RL001 ${FILE}:9`,
    fix: "Turn off AWS SDK retries",
    after: store('new AmazonS3Client(new AmazonS3Config { ServiceURL = "http://minio:9000", MaxErrorRetry = 0 })'),
    remaining: [],
  },
]);
