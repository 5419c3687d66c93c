// Polly v8 RetryStrategyOptions (reference §3.6), Polly v7 Retry/WaitAndRetry (§3.7),
// AddStandardResilienceHandler (§3.8) and the number traps of §5.1.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { cs, onlyLayer, v8 } from "./helpers";

describe("Polly v8 RetryStrategyOptions (§3.6)", () => {
  test("defaults: MaxRetryAttempts 3 retries → 4 attempts, constant 2 s, no jitter, every non-cancel exception", async () => {
    const l = await onlyLayer(v8("new RetryStrategyOptions()"));
    assert.equal(l.kind, "polly-retry");
    assert.equal(l.category, "code");
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.attemptsSource, "default");
    assert.equal(l.anchor.line, 7, "anchor is the .AddRetry( line, not the builder line");
    assert.equal(l.wait.kind, "fixed");
    assert.equal(l.wait.initialSeconds, 2);
    assert.equal(l.wait.jitter, false);
    assert.equal(l.condition.allErrors, true);
    assert.match(l.condition.permanentErrors ?? "", /OperationCanceledException/);
    assert.deepEqual(l.attach, { kind: "object", objectId: "Shop.R.P", methods: ["Execute", "ExecuteAsync", "ExecuteOutcomeAsync"], paramIndex: 0 });
  });

  test("target-typed new() { … } options are RetryStrategyOptions: MaxRetryAttempts = 3 → 4, Polly's (not the HTTP) defaults", async () => {
    const l = await onlyLayer(v8("new() { ShouldHandle = new PredicateBuilder().Handle<Exception>(), MaxRetryAttempts = 3 }"));
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.attemptsSource, "config");
    assert.equal(l.wait.kind, "fixed", "constant 2 s: RetryStrategyOptions, not HttpRetryStrategyOptions");
    const none = await onlyLayer(v8("new() { Delay = TimeSpan.FromMilliseconds(200) }"));
    assert.equal(none.maxAttempts, 4, "MaxRetryAttempts unset: the default 3 retries");
  });

  test("MaxRetryAttempts read through an options object: resolved at link time (settings section, then the class default)", async () => {
    const facts = await cs(`using Polly;
namespace Shop;
public static class R
{
    public static ResiliencePipeline Build(IOptions<RetrySettings> options) => new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = options.Value.Retry.Count })
        .Build();
}
`);
    assert.deepEqual(facts.layers[0]?.configRef, {
      library: "dotnet",
      retriesKey: "RetrySettings.Retry.Count",
      fallbackRetries: null,
      fallbackRef: { name: "RetrySettings.Retry.Count", scopeId: "Shop.R.Build" },
    });
  });

  test("generic builder and options: same defaults", async () => {
    const l = await onlyLayer(v8("new RetryStrategyOptions<HttpResponseMessage>()", "new ResiliencePipelineBuilder<HttpResponseMessage>()"));
    assert.equal(l.maxAttempts, 4);
  });

  const counts: Array<[string, number | null, string]> = [
    ["MaxRetryAttempts = 0", 1, "0 retries = one attempt (disabled)"],
    ["MaxRetryAttempts = 1", 2, "counts retries, not attempts"],
    ["MaxRetryAttempts = 5", 6, "5 retries → 6 attempts"],
    ["MaxRetryAttempts = int.MaxValue", null, "int.MaxValue = forever"],
  ];
  for (const [opt, want, why] of counts) {
    test(`${opt} → ${want ?? "unbounded"} (${why})`, async () => {
      const l = await onlyLayer(v8(`new RetryStrategyOptions { ${opt} }`));
      assert.equal(l.maxAttempts, want);
      assert.equal(l.attemptsSource, "config");
    });
  }

  test("a non-literal MaxRetryAttempts is an unknown count, not unbounded", async () => {
    const l = await onlyLayer(v8("new RetryStrategyOptions { MaxRetryAttempts = settings.Retries }"));
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, true);
  });

  const waits: Array<[string, string, boolean | null, number | null]> = [
    ["BackoffType = DelayBackoffType.Exponential", "exponential", false, 2],
    ["BackoffType = DelayBackoffType.Linear", "linear", false, 2],
    ["BackoffType = DelayBackoffType.Constant, UseJitter = true", "fixed", true, 2],
    ["BackoffType = DelayBackoffType.Exponential, UseJitter = true, Delay = TimeSpan.FromMilliseconds(200)", "exponential", true, 0.2],
    ["Delay = TimeSpan.FromSeconds(1)", "fixed", false, 1],
    ["Delay = TimeSpan.Zero", "none", false, 0],
  ];
  for (const [opt, kind, jitter, initial] of waits) {
    test(`${opt} → ${kind}, jitter ${jitter}`, async () => {
      const l = await onlyLayer(v8(`new RetryStrategyOptions { ${opt} }`));
      assert.equal(l.wait.kind, kind);
      assert.equal(l.wait.jitter, jitter);
      assert.equal(l.wait.initialSeconds, initial);
      assert.equal(l.maxAttempts, 4, "count stays the default");
    });
  }

  test("ShouldHandle with PredicateBuilder: only the named exceptions and statuses", async () => {
    const l = await onlyLayer(
      v8(`new RetryStrategyOptions<HttpResponseMessage> {
            ShouldHandle = new PredicateBuilder<HttpResponseMessage>()
                .Handle<HttpRequestException>()
                .HandleResult(r => r.StatusCode == HttpStatusCode.ServiceUnavailable),
        }`),
    );
    assert.equal(l.condition.allErrors, false);
    assert.deepEqual(l.condition.exceptionTypes, ["HttpRequestException"]);
    assert.deepEqual(l.condition.statuses, [503]);
    assert.equal(l.condition.permanentErrors, null);
    assert.equal(l.condition.honoursRetryAfter, false, "503 retried without a DelayGenerator reading Retry-After");
  });

  test("HttpRetryStrategyOptions starts from the HTTP defaults (§3.8): exponential with jitter, Retry-After", async () => {
    const l = await onlyLayer(v8("new HttpRetryStrategyOptions()"));
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.wait.kind, "exponential");
    assert.equal(l.wait.jitter, true);
    assert.equal(l.condition.honoursRetryAfter, true);
    assert.ok(l.condition.statuses.includes(429));
  });

  test("options from a variable: a layer with an unknown count, and no claim about Polly's default ShouldHandle", async () => {
    const l = await onlyLayer(v8("options"));
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, true);
    assert.equal(l.condition.permanentErrors, null, "RL006 must not describe a ShouldHandle nobody can see");
  });

  test("options held in a local of the method: its initializer, then its member assignments before the call", async () => {
    const l = await onlyLayer(`using Polly;
namespace Shop;
public static class R
{
    public static ResiliencePipeline Build()
    {
        var retryOptions = new RetryStrategyOptions
        {
            ShouldHandle = new PredicateBuilder().Handle<SocketException>(),
            MaxRetryAttempts = 5,
        };
        retryOptions.Delay = TimeSpan.FromSeconds(1);
        return new ResiliencePipelineBuilder().AddRetry(retryOptions).Build();
    }
}
`);
    assert.equal(l.maxAttempts, 6);
    assert.equal(l.wait.initialSeconds, 1);
    assert.deepEqual(l.condition.exceptionTypes, ["SocketException"]);
    assert.equal(l.condition.permanentErrors, null);
  });

  test("a count passed in as a parameter: what every call of the method in the file passes", async () => {
    const f = await cs(`using Polly;
namespace Shop;
public class Bus(IOptions<BusOptions> options)
{
    private readonly ResiliencePipeline _pipeline = Create(options.Value.RetryCount);
    private static ResiliencePipeline Create(int retryCount)
    {
        var o = new RetryStrategyOptions { MaxRetryAttempts = retryCount };
        return new ResiliencePipelineBuilder().AddRetry(o).Build();
    }
}
`);
    const l = f.layers[0]!;
    assert.equal(l.countUnknown, true);
    assert.deepEqual(l.configRef, { library: "dotnet", retriesKey: "BusOptions.RetryCount", fallbackRetries: null, fallbackRef: { name: "BusOptions.RetryCount", scopeId: "Shop.Bus._pipeline" } });
    assert.equal(l.attach.kind === "object" && l.attach.objectId, "Shop.Bus._pipeline", "the field initialised by the factory method holds the pipeline");
  });

  test("two AddRetry calls in one pipeline: two layers on the same holder, anchors on each AddRetry", async () => {
    const f = await cs(`namespace N;
class C
{
    private static readonly ResiliencePipeline Pipe = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2 })
        .AddTimeout(TimeSpan.FromSeconds(5))
        .AddRetry(new RetryStrategyOptions())
        .Build();
}
`);
    assert.deepEqual(f.layers.map((l) => [l.anchor.line, l.maxAttempts]), [[5, 3], [7, 4]]);
    for (const l of f.layers) assert.equal(l.attach.kind === "object" && l.attach.objectId, "N.C.Pipe");
  });
});

describe("Polly v7 (§3.7)", () => {
  const H = "namespace N;\nclass C\n{\n    void M()\n    {\n";
  const T = "\n    }\n}\n";
  const cases: Array<[string, number | null, string]> = [
    ["var p = Policy.Handle<HttpRequestException>().Retry();", 2, ".Retry() = 1 retry"],
    ["var p = Policy.Handle<HttpRequestException>().Retry(3);", 4, "retryCount counts retries"],
    ["var p = Policy.Handle<HttpRequestException>().RetryAsync(2);", 3, "async form"],
    ["var p = Policy.Handle<HttpRequestException>().RetryForever();", null, "forever"],
    ["var p = Policy.Handle<HttpRequestException>().WaitAndRetryAsync(3, i => TimeSpan.FromSeconds(Math.Pow(2, i)));", 4, "n + 1"],
    ["var p = Policy.Handle<HttpRequestException>().WaitAndRetry(new[] { TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(2), TimeSpan.FromSeconds(4) });", 4, "sleep list length"],
    ["var p = Policy.Handle<HttpRequestException>().WaitAndRetryForeverAsync(i => TimeSpan.FromSeconds(1));", null, "forever"],
  ];
  for (const [stmt, want, why] of cases) {
    test(`${stmt.slice(8, 90)} → ${want ?? "unbounded"} (${why})`, async () => {
      const l = await onlyLayer(H + "        " + stmt + T);
      assert.equal(l.kind, "polly-v7-retry");
      assert.equal(l.maxAttempts, want);
      assert.deepEqual(l.condition.exceptionTypes, ["HttpRequestException"], "only the Handle<> types");
      assert.equal(l.attach.kind === "object" && l.attach.objectId, "N.C.M.p");
    });
  }

  test("no jitter unless supplied: exponential provider → RL004 material; Retry() has no wait (RL003)", async () => {
    const exp = await onlyLayer(H + "        var p = Policy.Handle<Exception>().WaitAndRetryAsync(3, i => TimeSpan.FromSeconds(Math.Pow(2, i)));" + T);
    assert.equal(exp.wait.kind, "exponential");
    assert.equal(exp.wait.jitter, false);
    assert.equal(exp.condition.allErrors, true, "Handle<Exception> retries everything");
    const plain = await onlyLayer(H + "        var p = Policy.Handle<TimeoutException>().Retry(2);" + T);
    assert.equal(plain.wait.kind, "none");
    const jittered = await onlyLayer(H + "        var p = Policy.Handle<TimeoutException>().WaitAndRetryAsync(Backoff.DecorrelatedJitterBackoffV2(TimeSpan.FromSeconds(1), retryCount: 5));" + T);
    assert.equal(jittered.wait.jitter, true);
    assert.equal(jittered.maxAttempts, 6);
    // the sleep durations built into a local first
    const viaLocal = await onlyLayer(H + "        var delay = Backoff.DecorrelatedJitterBackoffV2(TimeSpan.FromMilliseconds(500), retryCount: 3);\n        var p = Policy.Handle<TimeoutException>().WaitAndRetryAsync(delay);" + T);
    assert.equal(viaLocal.maxAttempts, 4);
    assert.equal(viaLocal.wait.jitter, true);
  });

  test("a Retry() that is not Polly's is not a layer", async () => {
    const f = await cs(H + "        client.Retry(3);" + T);
    assert.equal(f.layers.length, 0);
  });
});

describe("how a Polly v7 policy is executed (§3.7)", () => {
  const connect = (policy: string, execute: string) => `namespace Shop;
public class Bus
{
    public void Start()
    {
        ${policy}
            .${execute};
    }
}
`;
  test("a synchronous policy running an async lambda never sees the failure: inert (1 attempt), with why", async () => {
    const l = await onlyLayer(connect("Policy.Handle<Exception>().WaitAndRetry(9, r => TimeSpan.FromSeconds(5))", "Execute(async () => { _connection = await factory.CreateConnectionAsync(); })"));
    assert.equal(l.maxAttempts, 1);
    assert.match(l.attemptsNote, /synchronous policy running an async callable/);
    const task = await onlyLayer(connect("Policy.Handle<SmtpException>().WaitAndRetry(3, r => TimeSpan.FromSeconds(2))", "Execute(() => client.SendMailAsync(message))"));
    assert.equal(task.maxAttempts, 1, "a lambda returning an un-awaited Task");
  });

  test("the async policy, or a synchronous callable, keeps its count", async () => {
    const async = await onlyLayer(connect("Policy.Handle<Exception>().WaitAndRetryAsync(9, r => TimeSpan.FromSeconds(5))", "ExecuteAsync(async () => await factory.CreateConnectionAsync())"));
    assert.equal(async.maxAttempts, 10);
    const sync = await onlyLayer(connect("Policy.Handle<Exception>().WaitAndRetry(9, r => TimeSpan.FromSeconds(5))", "Execute(() => client.Send(message))"));
    assert.equal(sync.maxAttempts, 10);
  });

  test("Polly v8: a pipeline run only by the synchronous Execute over an async lambda is inert (Execute<Task>, §3.6)", async () => {
    const held = (execute: string) => `namespace Shop;
public class Bus
{
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 10 })
        .Build();
    public async Task PublishAsync(byte[] body)
    {
        await _pipeline.${execute};
    }
}
`;
    const l = await onlyLayer(held("Execute(async () => { await channel.BasicPublishAsync(body); })"));
    assert.equal(l.maxAttempts, 1);
    assert.match(l.attemptsNote, /MaxRetryAttempts = 10 retries → 11 attempts; inert: .*synchronous Execute over an async lambda/);
    const async = await onlyLayer(held("ExecuteAsync(async ct => await channel.BasicPublishAsync(body))"));
    assert.equal(async.maxAttempts, 11);
    const sync = await onlyLayer(held("Execute(() => channel.BasicPublish(body))"));
    assert.equal(sync.maxAttempts, 11, "a synchronous callable is retried");
  });

  test("a policy chained onto a schema migration at startup is off-path", async () => {
    const l = await onlyLayer(connect("Policy.Handle<Exception>().WaitAndRetry(10, r => TimeSpan.FromSeconds(10))", "Execute(() => Database.Migrate())"));
    assert.equal(l.maxAttempts, 11);
    assert.match(l.offPath ?? "", /startup: waits for the database \(Migrate\)/);
  });
});

describe("AddStandardResilienceHandler (§3.8)", () => {
  test("defaults: 3 retries → 4 attempts, exponential 2 s with jitter, Retry-After, 10 s per try, 30 s total", async () => {
    const l = await onlyLayer("var b = WebApplication.CreateBuilder(args);\nb.Services.AddHttpClient<InventoryClient>()\n    .AddStandardResilienceHandler();\n");
    assert.equal(l.kind, "dotnet-standard-resilience");
    assert.equal(l.category, "client");
    assert.equal(l.anchor.line, 3);
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.wait.kind, "exponential");
    assert.equal(l.wait.jitter, true);
    assert.equal(l.wait.initialSeconds, 2);
    assert.equal(l.condition.honoursRetryAfter, true);
    assert.equal(l.condition.afterSendMethods, "all", "POST included by default");
    assert.equal(l.perTryTimeoutSeconds, 10);
    assert.equal(l.overallTimeoutSeconds, 30);
  });

  test("options set in a chained .Configure((o, sp) => o.Retry = new HttpRetryStrategyOptions { … })", async () => {
    const l = await onlyLayer(
      "builder.Services.AddHttpClient(\"x\").AddStandardResilienceHandler()\n    .Configure((o, sp) => { o.Retry = new HttpRetryStrategyOptions { MaxRetryAttempts = 1, UseJitter = true }; });\n",
    );
    assert.equal(l.maxAttempts, 2);
    assert.equal(l.attemptsSource, "config");
  });

  test("options lambda: Retry.MaxRetryAttempts counts retries; DisableForUnsafeHttpMethods", async () => {
    const l = await onlyLayer(
      "builder.Services.AddHttpClient(\"x\").AddStandardResilienceHandler(o =>\n{\n    o.Retry.MaxRetryAttempts = 5;\n    o.Retry.DisableForUnsafeHttpMethods();\n});\n",
    );
    assert.equal(l.maxAttempts, 6);
    assert.deepEqual(l.condition.afterSendMethods, ["GET", "HEAD", "OPTIONS", "TRACE"]);
  });
});

describe("EF Core EnableRetryOnFailure (dotnet/efcore ExecutionStrategy)", () => {
  const wrap = (args: string) =>
    `builder.Services.AddDbContext<ShopDb>(o =>\n    o.UseSqlServer(cs, sql => sql.EnableRetryOnFailure(${args})));\n`;
  test("defaults: 6 retries → 7 attempts, exponential with a random factor, max 30 s", async () => {
    const l = await onlyLayer(wrap(""));
    assert.equal(l.kind, "efcore-retry");
    assert.equal(l.anchor.line, 2);
    assert.equal(l.maxAttempts, 7);
    assert.equal(l.attemptsSource, "default");
    assert.equal(l.wait.kind, "exponential");
    assert.equal(l.wait.jitter, true);
    assert.equal(l.wait.maxSeconds, 30);
    assert.equal(l.label, "EnableRetryOnFailure (SqlServer)");
  });
  test("maxRetryCount counts retries; maxRetryDelay caps the delay", async () => {
    const l = await onlyLayer(wrap("3, TimeSpan.FromSeconds(5), null"));
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.wait.maxSeconds, 5);
    const named = await onlyLayer(wrap("maxRetryCount: 2"));
    assert.equal(named.maxAttempts, 3);
  });
});
