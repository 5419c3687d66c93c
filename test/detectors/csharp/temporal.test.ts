// Temporal .NET SDK (docs/reference/temporal.md): Workflow.ExecuteActivityAsync without a
// RetryPolicy is the default activity policy — UNLIMITED attempts; MaximumAttempts counts attempts.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { cs } from "./helpers";

const wf = (options: string) => `using Temporalio.Common;
using Temporalio.Workflows;

namespace Shop.Worker;

[Workflow]
public class OrderWorkflow
{
    [WorkflowRun]
    public async Task RunAsync(string id)
    {
        await Workflow.ExecuteActivityAsync(
            (OrderActivities act) => act.ChargeAsync(id),
            new ActivityOptions { StartToCloseTimeout = TimeSpan.FromMinutes(5)${options} });
    }
}
`;

describe("Temporal .NET activity options", () => {
  const cases: Array<[string, number | null, "config" | "default", RegExp]> = [
    ["", null, "default", /no RetryPolicy: Temporal's default activity policy retries without a count bound \(MaximumAttempts 0 = unlimited; 1 s ×2, max 100 s\) \(Temporalio 1\.x\)/],
    [", RetryPolicy = new RetryPolicy { MaximumAttempts = 3 }", 3, "config", /MaximumAttempts 3 → 3 attempts/],
    [", RetryPolicy = new() { MaximumAttempts = 1 }", 1, "config", /retries off/],
    [", RetryPolicy = new RetryPolicy { MaximumAttempts = 0 }", null, "config", /MaximumAttempts 0 → unlimited/],
    [", RetryPolicy = new RetryPolicy { InitialInterval = TimeSpan.FromSeconds(2) }", null, "config", /RetryPolicy without MaximumAttempts: unlimited/],
  ];
  for (const [options, attempts, source, note] of cases) {
    test(`ActivityOptions { …${options} } → ${attempts ?? "unbounded"}`, async () => {
      const f = await cs(wf(options), "Worker/OrderWorkflow.cs");
      const l = f.layers.find((x) => x.kind === "temporal-retry-policy")!;
      assert.ok(l, `a layer; problems ${JSON.stringify(f.problems)}`);
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.label, "ChargeAsync");
      assert.equal(l.perTryTimeoutSeconds, 300);
    });
  }

  test("the lambda's activity call is the send", async () => {
    const f = await cs(wf(", ScheduleToCloseTimeout = TimeSpan.FromMinutes(10)"), "Worker/OrderWorkflow.cs");
    assert.deepEqual(f.queueSends?.map((s) => [s.callee, s.line, s.layerIds.length]), [["OrderActivities.ChargeAsync", 13, 1]]);
    assert.match(f.layers[0]!.timeBound ?? "", /ScheduleToCloseTimeout 10 min bounds the retries/);
  });

  test("near miss: no Temporalio", async () => {
    const f = await cs(`namespace X;\npublic class W { public async Task R() { await Workflow.ExecuteActivityAsync(() => A.B(), opts); } }\n`);
    assert.equal(f.layers.length, 0);
  });
});
