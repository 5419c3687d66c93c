// Polly v8 hedging (reference §3.6b): extra executions of the same callback multiply a failing call.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { cs, onlyLayer } from "./helpers";

/** A hedging pipeline held by a field; AddHedging is on line 6. */
const hedging = (options: string, builder = "new ResiliencePipelineBuilder<HttpResponseMessage>()") => `using Polly;
using Polly.Hedging;
namespace Shop;
public class Catalog
{
    private readonly ResiliencePipeline<HttpResponseMessage> _pipeline = ${builder}.AddHedging(${options})
        .Build();
}
`;

describe("Polly v8 AddHedging (§3.6b)", () => {
  test("defaults: MaxHedgedAttempts 1 extra → 2 executions, held by the field, every non-cancel exception", async () => {
    const l = await onlyLayer(hedging("new HedgingStrategyOptions<HttpResponseMessage>()"));
    assert.equal(l.kind, "polly-hedging");
    assert.equal(l.maxAttempts, 2);
    assert.equal(l.attemptsSource, "default");
    assert.equal(l.anchor.line, 6);
    assert.deepEqual(l.attach, { kind: "object", objectId: "Shop.Catalog._pipeline", methods: ["Execute", "ExecuteAsync", "ExecuteOutcomeAsync"], paramIndex: 0 });
    assert.equal(l.condition.allErrors, true);
    assert.match(l.wait.description, /latency mode: another attempt after 2 s/);
    assert.equal(l.wait.kind, "custom", "no retry delay: RL003/RL004 do not apply to hedging");
  });

  const counts: Array<[string, number, RegExp]> = [
    ["MaxHedgedAttempts = 2", 3, /2 extra attempts → 3 executions/],
    ["MaxHedgedAttempts = 10", 11, /10 extra/],
    ["MaxHedgedAttempts = 0", 2, /out of 1–10/],
  ];
  for (const [opt, want, note] of counts) {
    test(`${opt} → ${want} executions (counts extra attempts, 1–10)`, async () => {
      const l = await onlyLayer(hedging(`new HedgingStrategyOptions<HttpResponseMessage> { ${opt} }`));
      assert.equal(l.maxAttempts, want);
      assert.match(l.attemptsNote, note);
    });
  }

  test("target-typed new() options; Delay = -1 ms is fallback mode, TimeSpan.Zero parallel mode", async () => {
    const fallback = await onlyLayer(hedging("new() { MaxHedgedAttempts = 2, Delay = TimeSpan.FromMilliseconds(-1) }"));
    assert.equal(fallback.maxAttempts, 3);
    assert.match(fallback.wait.description, /fallback mode/);
    const parallel = await onlyLayer(hedging("new() { MaxHedgedAttempts = 2, Delay = TimeSpan.Zero }"));
    assert.match(parallel.wait.description, /parallel mode/);
  });

  test("a count held in a constant is resolved at link time (configRef), not unbounded", async () => {
    const l = await onlyLayer(hedging("new() { MaxHedgedAttempts = MaxRetries }"));
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, true);
    assert.deepEqual(l.configRef, { library: "dotnet", retriesKey: null, fallbackRetries: null, fallbackRef: { name: "MaxRetries", scopeId: "Shop.Catalog._pipeline" } });
  });

  test("options built elsewhere: a hedging layer with an unknown count", async () => {
    const l = await onlyLayer(hedging("options"));
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, true);
  });

  test("an AddHedging that is not on a pipeline builder is not a layer", async () => {
    const facts = await cs(`class Tasks { void Run(Scheduler s) { s.AddHedging(job); } }\n`);
    assert.equal(facts.layers.length, 0);
  });
});
