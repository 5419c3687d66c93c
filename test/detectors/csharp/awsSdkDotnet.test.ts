// AWS SDK for .NET — docs/reference/aws-sdk-dotnet.md. AWSSDK v3 (the default the detector writes; the
// project's .csproj / Directory.Packages.props pin picks v4's at link time): RetryMode Legacy by default, MaxErrorRetry counts RETRIES (Legacy 4 → 5 attempts, Standard /
// Adaptive 2 → 3), DynamoDB 10 → 11; injected IAmazon<Svc> clients; every client method → aws:<svc>.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { cs } from "./helpers";
import { checkFixture } from "../../harness";

async function layersOf(body: string, usings = "using Amazon.S3;\nusing Amazon.DynamoDBv2;\nusing Amazon.SQS;\nusing Amazon.Runtime;") {
  const facts = await cs(`${usings}\nnamespace Shop;\npublic class Store\n{\n${body}\n}\n`);
  return { facts, layers: facts.layers.filter((l) => l.kind === "aws-sdk-dotnet") };
}

describe("AWS SDK for .NET attempts (MaxErrorRetry counts retries)", () => {
  const cases: Array<[string, string, number | null, "config" | "default", RegExp]> = [
    ["default S3 client (Legacy, 4 retries)", `    private readonly AmazonS3Client _s3 = new AmazonS3Client();`, 5, "default", /Legacy, MaxErrorRetry 4 → 5 attempts \(AWSSDK v3 ClientConfig\)/],
    ["DynamoDB's own 10 retries", `    private readonly AmazonDynamoDBClient _db = new AmazonDynamoDBClient(RegionEndpoint.USEast1);`, 11, "default", /MaxErrorRetry 10 for DynamoDB → 11 attempts/],
    ["MaxErrorRetry = 2 in the config initializer", `    private readonly IAmazonS3 _s3 = new AmazonS3Client(new AmazonS3Config { MaxErrorRetry = 2 });`, 3, "config", /MaxErrorRetry = 2 counts retries → 3 attempts/],
    ["MaxErrorRetry = 0 turns retries off", `    private readonly IAmazonSQS _sqs = new AmazonSQSClient(new AmazonSQSConfig { MaxErrorRetry = 0 });`, 1, "config", /→ 1 attempt\b/],
    ["RetryMode Standard: 2 retries → 3", `    private readonly IAmazonS3 _s3 = new AmazonS3Client(new AmazonS3Config { RetryMode = RequestRetryMode.Standard });`, 3, "config", /RetryMode standard/],
    ["a config variable with an assignment", `    public void Run()\n    {\n        var cfg = new AmazonS3Config { ServiceURL = "http://minio:9000" };\n        cfg.MaxErrorRetry = 6;\n        var s3 = new AmazonS3Client("k", "s", cfg);\n        s3.ListBucketsAsync();\n    }`, 7, "config", /MaxErrorRetry = 6/],
    ["MaxErrorRetry not a literal", `    private readonly IAmazonS3 _s3 = new AmazonS3Client(new AmazonS3Config { MaxErrorRetry = Settings.Retries });`, null, "config", /not a literal/],
    ["an injected IAmazonS3 (AddAWSService)", `    private readonly IAmazonS3 _s3;\n    public Store(IAmazonS3 s3) { _s3 = s3; }`, 5, "default", /injected \(AddAWSService/],
  ];
  for (const [name, body, expected, source, note] of cases) {
    test(`${name} → ${expected}`, async () => {
      const { layers } = await layersOf(body);
      assert.equal(layers.length, 1, layers.map((l) => l.label).join(", "));
      assert.equal(layers[0]!.maxAttempts, expected);
      assert.equal(layers[0]!.attemptsSource, source);
      assert.match(layers[0]!.attemptsNote ?? "", note);
    });
  }
  test("AWS_MAX_ATTEMPTS / AWS_RETRY_MODE apply where the code sets neither; not to DynamoDB (its 10 is explicit)", async () => {
    const { layers } = await layersOf(`    private readonly IAmazonS3 _s3 = new AmazonS3Client();\n    private readonly IAmazonDynamoDB _db = new AmazonDynamoDBClient();`);
    assert.deepEqual(layers.map((l) => l.envConfig ?? null), [{ attemptsVar: "AWS_MAX_ATTEMPTS", modeVar: "AWS_RETRY_MODE", modeAttempts: { legacy: 5, standard: 3, adaptive: 3 } }, null]);
  });
  test("every method on the client (field, parameter, local) is a call to aws:<service>", async () => {
    const { facts } = await layersOf(`    private readonly IAmazonS3 _s3;\n    public Store(IAmazonS3 s3) { _s3 = s3; }\n    public Task Put(PutObjectRequest r) => _s3.PutObjectAsync(r);`);
    const targets = facts.clients.filter((c) => c.sdk?.target.startsWith("aws://")).map((c) => `${c.name}:${c.sdk!.target}`);
    assert.deepEqual(targets.sort(), ["_s3:aws://s3", "s3:aws://s3"]);
    assert.ok(facts.calls.some((c) => c.callee === "_s3.PutObjectAsync"));
  });
  test("near miss: an Amazon…Client type without an Amazon using is not the SDK", async () => {
    const { layers } = await layersOf(`    private readonly AmazonS3Client _s3 = new AmazonS3Client();`, "using MyCompany.Storage;");
    assert.equal(layers.length, 0);
  });
  test("near miss: Amazon.Runtime's base types are no service", async () => {
    const { layers } = await layersOf(`    public Store(IAmazonService svc, AmazonServiceClient c) { }`);
    assert.equal(layers.length, 0);
  });
  test("a client in a field initializer takes the field's qualified name (the initializer is a function of its own)", async () => {
    const { facts } = await layersOf(`    private readonly IAmazonS3 _s3 = new AmazonS3Client();\n    public Task Put(PutObjectRequest r) => _s3.PutObjectAsync(r);`);
    assert.deepEqual(facts.clients.filter((c) => c.sdk).map((c) => [c.name, c.functionId]), [["Shop.Store._s3", "Shop.Store"]]);
    assert.ok(facts.calls.some((c) => c.callee === "_s3.PutObjectAsync"));
  });
  test("near miss: a config object alone sends nothing", async () => {
    const { layers } = await layersOf(`    private readonly AmazonS3Config _cfg = new AmazonS3Config { MaxErrorRetry = 3 };`);
    assert.equal(layers.length, 0);
  });
});

describe("AWS SDK for .NET linking", () => {
  test("a minimal-API handler → a Polly retry (3) → an injected IAmazonS3 (AddAWSService, 5 attempts): 15 calls to aws:s3", async () => {
    await checkFixture(`
//- src/Api/Api.csproj
//- src/Api/Program.cs
using Amazon.S3;
using Shop.Api;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddDefaultAWSOptions(builder.Configuration.GetAWSOptions());
builder.Services.AddAWSService<IAmazonS3>();
builder.Services.AddSingleton<Files>();
var app = builder.Build();
app.MapGet("/files/{key}", (Files files, string key) => files.GetAsync(key));
app.Run();
//- src/Api/Files.cs
using Amazon.S3;
using Amazon.S3.Model;
using Polly;
using Polly.Retry;
namespace Shop.Api;
public class Files
{
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder().AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true }).Build();
    // ^ layer ×3 RL001
    private readonly IAmazonS3 _s3;
    public Files(IAmazonS3 s3) { _s3 = s3; }
    // ^ layer ×5 RL001
    public async Task<GetObjectResponse> GetAsync(string key) =>
        await Retry.ExecuteAsync(async ct => await _s3.GetObjectAsync("bucket", key, ct));
}
//! rules RL001
//! path 15 aws:s3
//! paths 1
`);
  });
});

describe("AWS SDK for .NET: the default follows the AWSSDK major the project pins", () => {
  const workspace = (pin: string, attempts: number) => `
${pin}
//- src/Api/Store.cs
using Amazon.S3;
using Amazon.DynamoDBv2;
namespace Shop.Api;
public class Store
{
    private readonly IAmazonS3 _s3 = new AmazonS3Client();
    // ^ layer ×${attempts}
    private readonly IAmazonDynamoDB _db = new AmazonDynamoDBClient();
    // ^ layer ×11
}
//! rules RL001
`;
  const table: Array<[string, string, number, RegExp]> = [
    ["a .csproj pinning AWSSDK.S3 4.0.x: v4's Standard mode, 3 attempts", `//- src/Api/Api.csproj\n<Project Sdk="Microsoft.NET.Sdk.Web">\n  <ItemGroup>\n    <PackageReference Include="AWSSDK.S3" Version="4.0.6.2" />\n  </ItemGroup>\n</Project>`, 3, /AWSSDK v4 ClientConfig MaxRetriesDefault\).*\(AWSSDK\.Core 4\.0\.6\.2 pinned in src\/Api\/Api\.csproj\)/],
    ["Directory.Packages.props pinning 3.7 (central package management): v3's Legacy mode, 5 attempts", `//- Directory.Packages.props\n<Project>\n  <ItemGroup>\n    <PackageVersion Include="AWSSDK.S3" Version="3.7.400.1" />\n  </ItemGroup>\n</Project>\n//- src/Api/Api.csproj\n<Project Sdk="Microsoft.NET.Sdk.Web">\n  <ItemGroup>\n    <PackageReference Include="AWSSDK.S3" />\n  </ItemGroup>\n</Project>`, 5, /pinned in Directory\.Packages\.props/],
    ["nothing pins it: v3 assumed, and the note says so", `//- src/Api/Api.csproj\n<Project Sdk="Microsoft.NET.Sdk.Web" />`, 5, /AWSSDK\.Core not pinned in a \.csproj or Directory\.Packages\.props: AWSSDK v3 assumed/],
  ];
  for (const [name, pin, attempts, note] of table) {
    test(name, async () => {
      const result = await checkFixture(workspace(pin, attempts));
      const s3 = result.model.layers.find((l) => l.kind === "aws-sdk-dotnet" && l.label.includes("aws:s3"))!;
      assert.equal(s3.maxAttempts, attempts);
      assert.match(s3.attemptsNote ?? "", note);
      const db = result.model.layers.find((l) => l.kind === "aws-sdk-dotnet" && l.label.includes("aws:dynamodb"))!;
      assert.equal(db.maxAttempts, 11, "DynamoDB's own 10 retries do not follow the pin (v4's value not verified)");
    });
  }
});

