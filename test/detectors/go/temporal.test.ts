// Temporal Go SDK (docs/reference/temporal.md): workflow.ExecuteActivity under the ActivityOptions
// of workflow.WithActivityOptions; no RetryPolicy → the default: UNLIMITED attempts
// (MaximumAttempts 0); MaximumAttempts counts attempts; workflows: first parameter workflow.Context.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go } from "./helpers";

const wf = (options: string, extra = "") => `package orders

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

const maxAttempts = 6

func OrderWorkflow(ctx workflow.Context, id string) error {
	ao := workflow.ActivityOptions{${options}}
	ctx = workflow.WithActivityOptions(ctx, ao)
${extra}	return workflow.ExecuteActivity(ctx, ChargeCard, id).Get(ctx, nil)
}
`;

describe("Temporal Go activity options", () => {
  const cases: Array<[string, number | null, "config" | "default", RegExp, boolean?]> = [
    ["StartToCloseTimeout: 10 * time.Second", null, "default", /no RetryPolicy: Temporal's default activity policy retries without a count bound \(MaximumAttempts 0 = unlimited; 1 s ×2, max 100 s\) \(go\.temporal\.io\/sdk 1\.x\)/],
    ["StartToCloseTimeout: time.Minute, RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 3}", 3, "config", /MaximumAttempts 3 → 3 attempts/],
    ["RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 1}", 1, "config", /retries off/],
    ["RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 0}", null, "config", /MaximumAttempts 0 → unlimited attempts/],
    ["RetryPolicy: &temporal.RetryPolicy{InitialInterval: 2 * time.Second}", null, "config", /RetryPolicy without MaximumAttempts: unlimited/],
    ["RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: maxAttempts}", 6, "config", /MaximumAttempts 6 → 6 attempts/],
    ["RetryPolicy: policy", null, "config", /not known statically/, true],
  ];
  for (const [options, attempts, source, note, unknown] of cases) {
    test(`ActivityOptions{${options}} → ${attempts ?? "unbounded"}`, async () => {
      const f = await go(wf(options), "orders/workflow.go");
      const l = f.layers.find((x) => x.kind === "temporal-retry-policy")!;
      assert.ok(l, `a temporal layer; problems: ${JSON.stringify(f.problems)}`);
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.countUnknown ?? false, unknown ?? false);
      assert.equal(l.label, "ChargeCard");
    });
  }

  test("intervals, ScheduleToCloseTimeout as the time bound, the RetryPolicy key as anchor", async () => {
    const f = await go(wf("ScheduleToCloseTimeout: 5 * time.Minute, RetryPolicy: &temporal.RetryPolicy{InitialInterval: 2 * time.Second, BackoffCoefficient: 3, MaximumInterval: time.Minute}"), "orders/workflow.go");
    const l = f.layers[0]!;
    assert.deepEqual([l.wait.initialSeconds, l.wait.maxSeconds, l.overallTimeoutSeconds], [2, 60, 300]);
    assert.match(l.timeBound ?? "", /ScheduleToCloseTimeout 5 min bounds the retries/);
    assert.equal(l.anchor.line, 13);
  });

  test("options inline in WithActivityOptions; the workflow is a task; the send names the activity", async () => {
    const f = await go(`package orders

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

func NotifyWorkflow(ctx workflow.Context, id string) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	return workflow.ExecuteActivity(ctx, a.Notify, id).Get(ctx, nil)
}
`, "orders/workflow.go");
    assert.equal(f.layers[0]!.maxAttempts, null);
    assert.deepEqual(f.functions.find((x) => x.id === "NotifyWorkflow")?.handler, { method: "TASK", route: "/NotifyWorkflow", library: "temporal" });
    assert.deepEqual(f.queueSends?.map((s) => [s.callee, s.line, s.taskRef]), [["workflow.ExecuteActivity", 11, "a.Notify"]]);
  });

  test("workflow.WithRetryPolicy after the options replaces their policy", async () => {
    const f = await go(wf("StartToCloseTimeout: time.Minute", "\tctx = workflow.WithRetryPolicy(ctx, temporal.RetryPolicy{MaximumAttempts: 2})\n"), "orders/workflow.go");
    assert.deepEqual(f.layers.map((l) => [l.maxAttempts, l.anchor.line]), [[2, 15]]);
  });

  test("the samples' idiom `var a *Activities; workflow.ExecuteActivity(ctx, a.Charge)` names the method through its type", async () => {
    const f = await go(wf("StartToCloseTimeout: time.Minute", "\tvar a *Activities\n\t_ = workflow.ExecuteActivity(ctx, a.Charge, id)\n"), "orders/workflow.go");
    assert.deepEqual(f.queueSends?.map((s) => s.taskRef), ["Activities.Charge", "ChargeCard"]);
  });

  test("options a function builds (`WithActivityOptions(ctx, defaultOptions())`): the count is not known here", async () => {
    const f = await go(`package orders

import "go.temporal.io/sdk/workflow"

func W(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, defaultOptions())
	return workflow.ExecuteActivity(ctx, ChargeCard).Get(ctx, nil)
}
`, "orders/workflow.go");
    assert.equal(f.layers[0]!.countUnknown, true);
    assert.match(f.layers[0]!.attemptsNote, /defaultOptions\(\) not a literal/);
  });

  test("a closure run by workflow.Go sees the options its function set", async () => {
    const f = await go(wf("RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 2}", "\tworkflow.Go(ctx, func(ctx workflow.Context) {\n\t\t_ = workflow.ExecuteActivity(ctx, Notify, id).Get(ctx, nil)\n\t})\n"), "orders/workflow.go");
    assert.deepEqual(f.layers.map((l) => l.maxAttempts), [2, 2]);
  });

  test("options in a package-level var", async () => {
    const f = await go(`package orders

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

var opts = workflow.ActivityOptions{StartToCloseTimeout: time.Minute, RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 7}}

func W(ctx workflow.Context) error {
	ctx = workflow.WithActivityOptions(ctx, opts)
	return workflow.ExecuteActivity(ctx, A).Get(ctx, nil)
}
`, "orders/workflow.go");
    assert.deepEqual(f.layers.map((l) => [l.maxAttempts, l.anchor.line]), [[7, 10]]);
  });

  test("a ctx whose options the caller set: the count is not known here", async () => {
    const f = await go(`package orders

import "go.temporal.io/sdk/workflow"

func charge(ctx workflow.Context, id string) error {
	return workflow.ExecuteActivity(ctx, ChargeCard, id).Get(ctx, nil)
}
`, "orders/workflow.go");
    assert.equal(f.layers[0]!.countUnknown, true);
    assert.match(f.layers[0]!.attemptsNote, /ctx options set elsewhere/);
  });

  test("client.ExecuteWorkflow: a layer only with RetryPolicy (workflows have no default)", async () => {
    const f = await go(`package api

import (
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"
)

func Start(c client.Client) {
	c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{TaskQueue: "orders"}, orders.OrderWorkflow, "o-1")
	c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{TaskQueue: "orders", RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 2}}, "OrderWorkflow", "o-2")
}
`, "api/start.go");
    assert.deepEqual(f.layers.map((l) => [l.anchor.line, l.maxAttempts]), [[10, 2]]);
    assert.deepEqual(f.queueSends?.map((s) => [s.taskRef, s.taskName, s.layerIds.length]), [["orders.OrderWorkflow", null, 0], [null, "OrderWorkflow", 1]]);
  });
});
