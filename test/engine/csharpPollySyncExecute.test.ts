// A Polly v8 pipeline built by a factory method from an options object held in a local, its count
// a parameter fed by an options class whose property default is 10 (reference §3.6):
// - run only by the synchronous `Execute(async () => …)`: Execute<Task>(Func<Task>) gets the Task
//   back as a result (ResiliencePipeline.SyncT.cs), so nothing is retried — an inert layer, with the
//   configured count still said in its note;
// - run by `ExecuteAsync`: 10 retries → 11 attempts, from the options class's initializer.
// Either way the layer's ShouldHandle is the one written, so RL006 says nothing about Polly's default.
// A literal every call passes for the count parameter is the count.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

const bus = (execute: string) => `//- src/Bus/Bus.csproj
//- src/Bus/BusOptions.cs
namespace Shop.Bus;
public class BusOptions
{
    public string ClientName { get; set; }
    public int RetryCount { get; set; } = 10;
}
//- src/Bus/EventBus.cs
using Polly;
using Polly.Retry;
namespace Shop.Bus;
public sealed class EventBus(IOptions<BusOptions> options, IConnection connection)
{
    private readonly ResiliencePipeline _pipeline = CreateResiliencePipeline(options.Value.RetryCount);
    public async Task PublishAsync(string message)
    {
        using var channel = await connection.CreateChannelAsync();
        await _pipeline.${execute}
        {
            await channel.BasicPublishAsync("exchange", message);
        });
    }
    private static ResiliencePipeline CreateResiliencePipeline(int retryCount)
    {
        var retryOptions = new RetryStrategyOptions
        {
            ShouldHandle = new PredicateBuilder().Handle<BrokerUnreachableException>().Handle<SocketException>(),
            MaxRetryAttempts = retryCount,
            DelayGenerator = (context) => ValueTask.FromResult<TimeSpan?>(TimeSpan.FromSeconds(Math.Pow(2, context.AttemptNumber)))
        };
        return new ResiliencePipelineBuilder()
            .AddRetry(retryOptions)
            .Build();
    }
}
`;

/** the fixture with the AddRetry line (EventBus.cs:24) annotated as `expect`, RL006 the only rule compared */
const fixture = (execute: string, expect: string) => `${bus(execute).replace("            .AddRetry(retryOptions)\n", `            .AddRetry(retryOptions)\n// ^ layer ${expect}\n`)}//! rules RL006\n`;

describe("Polly v8: a pipeline from a factory method, options in a local, count through a parameter", () => {
  test("run only by the synchronous Execute over an async lambda: inert, the configured 10 retries said in the note", async () => {
    const result = await checkFixture(fixture("Execute(async () =>", "disabled"));
    const l = layerAt(result, "src/Bus/EventBus.cs:24");
    assert.match(l.attemptsNote, /synchronous Execute over an async lambda/);
    assert.match(l.attemptsNote, /configured: BusOptions\.RetryCount = 10 \(the default in BusOptions, src\/Bus\/BusOptions\.cs:5\): 10 retries → 11 attempts/);
  });

  test("run by ExecuteAsync: 10 retries → 11 attempts from the property initializer; ShouldHandle written, so no RL006", async () => {
    const result = await checkFixture(fixture("ExecuteAsync(async ct =>", "×11"));
    const l = layerAt(result, "src/Bus/EventBus.cs:24");
    assert.match(l.attemptsNote, /BusOptions\.RetryCount = 10 \(the default in BusOptions/);
    assert.deepEqual(l.condition.exceptionTypes, ["BrokerUnreachableException", "SocketException"]);
    assert.equal(l.condition.permanentErrors, null);
  });
});

test("a literal passed for the count parameter by every call: that count (v7 Retry(retryCount) → 4)", async () => {
  const result = await checkFixture(`//- src/Jobs/Jobs.csproj
//- src/Jobs/Sender.cs
namespace Shop.Jobs;
public class Sender(HttpClient http)
{
    private readonly AsyncRetryPolicy _policy = Create(3);
    private static AsyncRetryPolicy Create(int retryCount) => Policy.Handle<HttpRequestException>().RetryAsync(retryCount);
// ^ layer ×4
    public Task SendAsync() => _policy.ExecuteAsync(() => http.GetAsync("http://stock/items"));
}
//! rules RL006
`);
  assert.match(layerAt(result, "src/Jobs/Sender.cs:5").attemptsNote, /3 retries passed in by every call of the method → 4 attempts/);
});
