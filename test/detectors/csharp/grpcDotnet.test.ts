// gRPC for .NET service-config retries (docs/reference/grpc-dotnet.md): MaxAttempts is a total,
// capped by GrpcChannelOptions.MaxRetryAttempts (default 5, null = no cap), full-jitter backoff,
// RetryThrottling as a budget; no ServiceConfig → no layer.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { cs, onlyLayer } from "./helpers";

const channel = (policy: string, options = "", config = "") => `using Grpc.Core;
using Grpc.Net.Client;
using Grpc.Net.Client.Configuration;
namespace Shop;
public static class Channels
{
    public static Greeter.GreeterClient Create()
    {
        var channel = GrpcChannel.ForAddress("https://orders:5001", new GrpcChannelOptions
        {
            ${options}ServiceConfig = new ServiceConfig
            {
                MethodConfigs =
                {
                    new MethodConfig
                    {
                        Names = { MethodName.Default },
                        ${policy}
                    }
                },${config}
            }
        });
        var client = new Greeter.GreeterClient(channel);
        return client;
    }
}
`;
const retry = (attempts: string, extra = "") => `RetryPolicy = new RetryPolicy
                        {
                            MaxAttempts = ${attempts},
                            InitialBackoff = TimeSpan.FromSeconds(1),
                            MaxBackoff = TimeSpan.FromSeconds(5),
                            BackoffMultiplier = 1.5,
                            RetryableStatusCodes = { StatusCode.Unavailable${extra} }
                        }`;

describe("grpc-dotnet counts", () => {
  const rows: Array<[string, string, string, number | null, RegExp]> = [
    ["MaxAttempts = 3 is a total → 3", retry("3"), "", 3, /MaxAttempts = 3 → 3 attempts \(includes the first call; cap 5, the default MaxRetryAttempts\)/],
    ["MaxAttempts = 5 → 5", retry("5"), "", 5, /→ 5 attempts/],
    ["MaxAttempts = 8 → capped at 5 by the default MaxRetryAttempts", retry("8"), "", 5, /capped at 5 attempts \(GrpcChannelOptions\.MaxRetryAttempts, default 5\)/],
    ["MaxRetryAttempts = 3 lowers the cap", retry("5"), "MaxRetryAttempts = 3,\n            ", 3, /capped at 3 attempts \(GrpcChannelOptions\.MaxRetryAttempts = 3\)/],
    ["MaxRetryAttempts = null removes the cap", retry("8"), "MaxRetryAttempts = null,\n            ", 8, /null removes the cap/],
    ["a non-literal MaxAttempts → unknown", retry("settings.Attempts"), "", null, /not statically known/],
  ];
  for (const [name, policy, options, want, note] of rows) {
    test(name, async () => {
      const l = await onlyLayer(channel(policy, options));
      assert.equal(l.kind, "grpc-service-config");
      assert.equal(l.library, "grpc-dotnet");
      assert.equal(l.category, "client");
      assert.equal(l.maxAttempts, want, l.attemptsNote);
      assert.match(l.attemptsNote, note);
      if (want === null) assert.equal(l.countUnknown, true);
    });
  }

  test("no RetryPolicy in the service config → no layer; no ServiceConfig → no layer", async () => {
    assert.deepEqual((await cs(channel("Timeout = TimeSpan.FromSeconds(5)"))).layers, []);
    const plain = await cs(`using Grpc.Net.Client;\nvar channel = GrpcChannel.ForAddress("https://orders:5001");\nvar client = new Greeter.GreeterClient(channel);\n`);
    assert.deepEqual(plain.layers, []);
    assert.equal(plain.clients.find((c) => c.name === "client")?.layerIds.length, 0);
  });

  test("MaxAttempts = 1 is rejected by the library: a problem", async () => {
    const f = await cs(channel(retry("1")));
    assert.ok(f.problems.some((p) => /must be greater than 1/.test(p.message)));
  });

  test("HedgingPolicy: parallel attempts, same cap", async () => {
    const l = await onlyLayer(channel("HedgingPolicy = new HedgingPolicy { MaxAttempts = 4, HedgingDelay = TimeSpan.FromMilliseconds(500), NonFatalStatusCodes = { StatusCode.Unavailable } }"));
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.wait.kind, "fixed");
  });
});

describe("grpc-dotnet waits, budget and linking", () => {
  test("backoff 1 s ×1.5 up to 5 s, full jitter; codes as retryOn; anchored on `new RetryPolicy`", async () => {
    const l = await onlyLayer(channel(retry("3")));
    assert.deepEqual([l.wait.kind, l.wait.jitter, l.wait.initialSeconds, l.wait.maxSeconds], ["exponential", true, 1, 5]);
    assert.match(l.wait.description, /full jitter/);
    assert.deepEqual(l.condition.retryOn, ["UNAVAILABLE"]);
    assert.equal(l.anchor.line, 18);
  });

  test("RetryThrottling is a budget", async () => {
    const l = await onlyLayer(channel(retry("3"), "", "\n                RetryThrottling = new RetryThrottlingPolicy { MaxTokens = 10, TokenRatio = 0.1 }"));
    assert.match(l.budget ?? "", /maxTokens 10, tokenRatio 0\.1/);
  });

  test("a method config declared in a variable (the docs' shape)", async () => {
    const l = await onlyLayer(`using Grpc.Core;
using Grpc.Net.Client;
using Grpc.Net.Client.Configuration;
var defaultMethodConfig = new MethodConfig
{
    Names = { MethodName.Default },
    RetryPolicy = new RetryPolicy { MaxAttempts = 5, InitialBackoff = TimeSpan.FromSeconds(1), MaxBackoff = TimeSpan.FromSeconds(5), BackoffMultiplier = 1.5, RetryableStatusCodes = { StatusCode.Unavailable } }
};
var channel = GrpcChannel.ForAddress("https://localhost:5001", new GrpcChannelOptions
{
    ServiceConfig = new ServiceConfig { MethodConfigs = { defaultMethodConfig } }
});
`);
    assert.equal(l.maxAttempts, 5);
    assert.equal(l.anchor.line, 7);
  });

  test("the client built on the channel carries the layer and the target", async () => {
    const f = await cs(channel(retry("3")));
    const client = f.clients.find((c) => c.library === "grpc-dotnet");
    assert.deepEqual(client?.layerIds, [f.layers[0]!.localId]);
    assert.deepEqual(client?.baseUrl, { kind: "string", value: "grpc://orders:5001" });
    assert.equal(client?.grpcService, "Greeter");
  });

  test("AddGrpcClient<T>(…).ConfigureChannel(o => o.ServiceConfig = …): a layer on the registration", async () => {
    const l = await onlyLayer(`using Grpc.Core;
using Grpc.Net.Client.Configuration;
builder.Services.AddGrpcClient<Greeter.GreeterClient>(o => o.Address = new Uri("https://orders:5001"))
    .ConfigureChannel(o =>
    {
        o.ServiceConfig = new ServiceConfig { MethodConfigs = { new MethodConfig { Names = { MethodName.Default }, RetryPolicy = new RetryPolicy { MaxAttempts = 4, InitialBackoff = TimeSpan.FromSeconds(1), MaxBackoff = TimeSpan.FromSeconds(5), BackoffMultiplier = 2, RetryableStatusCodes = { StatusCode.Unavailable } } } } };
    });
`);
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.label, "GreeterClient");
  });
});
