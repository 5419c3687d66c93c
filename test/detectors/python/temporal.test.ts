// Temporal Python SDK (docs/reference/temporal.md): the activity default policy is UNLIMITED
// attempts (maximum_attempts 0), bounded only by schedule_to_close_timeout; maximum_attempts
// counts attempts; 1 disables; 0 is unlimited; workflows have no policy unless one is given.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const HEAD = `from datetime import timedelta
from temporalio import activity, workflow
from temporalio.common import RetryPolicy
from temporalio.client import Client


@activity.defn
async def charge(order_id: str) -> None:
    pass


@workflow.defn
class Order:
    @workflow.run
    async def run(self, order_id: str) -> None:
        await workflow.execute_activity(charge, order_id, start_to_close_timeout=timedelta(seconds=30), `;

describe("Temporal Python retry policies", () => {
  const cases: Array<[string, number | null, "config" | "default", RegExp, boolean?]> = [
    ["", null, "default", /no retry_policy: Temporal's default activity policy retries without a count bound \(maximum_attempts 0 = unlimited; 1 s ×2, max 100 s\) \(temporalio 1\.x\)/],
    ["retry_policy=RetryPolicy(maximum_attempts=5)", 5, "config", /maximum_attempts 5 → 5 attempts/],
    ["retry_policy=RetryPolicy(maximum_attempts=1)", 1, "config", /1 attempt \(retries off\)/],
    ["retry_policy=RetryPolicy(maximum_attempts=0)", null, "config", /maximum_attempts 0 → unlimited attempts/],
    ["retry_policy=RetryPolicy(initial_interval=timedelta(seconds=2))", null, "config", /retry_policy without maximum_attempts: unlimited/],
    ["retry_policy=RetryPolicy(maximum_attempts=MAX)", null, "config", /not known statically/, true],
  ];
  for (const [extra, attempts, source, note, unknown] of cases) {
    test(`execute_activity(${extra || "no policy"}) → ${attempts ?? "unbounded"}`, async () => {
      const f = await py(`${HEAD}${extra})\n`);
      const l = f.layers.find((x) => x.kind === "temporal-retry-policy")!;
      assert.ok(l, "a temporal layer");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.countUnknown ?? false, unknown ?? false);
    });
  }

  test("the default wait: exponential from 1 s ×2, max 100 s, no jitter; no schedule_to_close → no time bound either", async () => {
    const l = (await py(`${HEAD})\n`)).layers[0]!;
    assert.equal(l.wait.kind, "exponential");
    assert.equal(l.wait.initialSeconds, 1);
    assert.equal(l.wait.maxSeconds, 100);
    assert.equal(l.wait.jitter, false);
    assert.equal(l.timeBound, null, "no schedule_to_close_timeout and no workflow timeout by default: nothing bounds the retries");
    assert.equal(l.perTryTimeoutSeconds, 30);
  });

  test("schedule_to_close_timeout is the time bound; the written policy's intervals and non-retryable types", async () => {
    const f = await py(`${HEAD}schedule_to_close_timeout=timedelta(minutes=5), retry_policy=RetryPolicy(initial_interval=timedelta(seconds=3), backoff_coefficient=3, maximum_interval=timedelta(seconds=60), non_retryable_error_types=["CardDeclined"]))\n`);
    const l = f.layers[0]!;
    assert.equal(l.maxAttempts, null);
    assert.match(l.timeBound ?? "", /schedule_to_close_timeout 5 min bounds the retries/);
    assert.equal(l.overallTimeoutSeconds, 300);
    assert.deepEqual([l.wait.initialSeconds, l.wait.maxSeconds], [3, 60]);
    assert.equal(l.condition.allErrors, false);
    assert.match(l.condition.description, /except CardDeclined/);
  });

  test("the anchor is the RetryPolicy( call when written, else the execute_activity call", async () => {
    const f = await py(`${HEAD}\n            retry_policy=RetryPolicy(maximum_attempts=2))\n`);
    assert.equal(f.layers[0]!.anchor.line, 17);
    const g = await py(`${HEAD})\n`);
    assert.equal(g.layers[0]!.anchor.line, 16);
  });

  test("a module-level RETRY = RetryPolicy(...) passed by name", async () => {
    const f = await py(`${HEAD.replace("from temporalio.client import Client", "from temporalio.client import Client\nRETRY = RetryPolicy(maximum_attempts=7)")}retry_policy=RETRY)\n`);
    assert.equal(f.layers[0]!.maxAttempts, 7);
  });

  test("tasks: @activity.defn (name= too) and the @workflow.run method of a @workflow.defn class", async () => {
    const f = await py(`${HEAD})\n\n\n@activity.defn(name="refund-card")\nasync def refund(order_id: str) -> None:\n    pass\n`);
    const h = (id: string) => f.functions.find((x) => x.id === id)?.handler;
    assert.deepEqual(h("charge"), { method: "TASK", route: "/charge", library: "temporal" });
    assert.deepEqual(h("refund"), { method: "TASK", route: "/refund-card", library: "temporal" });
    assert.deepEqual(h("Order.run"), { method: "TASK", route: "/Order", library: "temporal" });
    assert.deepEqual(f.queueSends?.map((s) => [s.callee, s.taskRef, s.layerIds.length]), [["workflow.execute_activity", "charge", 1]]);
  });

  test("local activities retry by default too; start_activity and the _method forms are sends", async () => {
    for (const call of ["execute_local_activity", "start_activity", "execute_activity_method"]) {
      const f = await py(`${HEAD.replace("execute_activity(", `${call}(`)})\n`);
      assert.equal(f.layers.length, 1, call);
      assert.equal(f.layers[0]!.maxAttempts, null, call);
    }
    const local = await py(`${HEAD.replace("execute_activity(", "execute_local_activity(")})\n`);
    assert.match(local.layers[0]!.attemptsNote, /default local activity policy/);
  });

  test("workflows have no default policy: a client start without retry_policy is a send with no layer; with one, a layer", async () => {
    const none = await py(`from temporalio.client import Client\nfrom app.workflows import Order\n\nasync def main(client: Client):\n    await client.execute_workflow(Order.run, "o-1", id="o-1", task_queue="orders")\n`);
    assert.equal(none.layers.length, 0);
    assert.deepEqual(none.queueSends?.map((s) => [s.taskRef, s.layerIds.length]), [["Order.run", 0]]);
    const some = await py(`from temporalio.client import Client\nfrom temporalio.common import RetryPolicy\nfrom app.workflows import Order\n\nasync def main(client: Client):\n    await client.start_workflow(Order.run, "o-1", id="o-1", task_queue="orders", retry_policy=RetryPolicy(maximum_attempts=2))\n`);
    assert.equal(some.layers[0]!.maxAttempts, 2);
    assert.match(some.layers[0]!.attemptsNote, /maximum_attempts 2 → 2 attempts/);
  });

  test("a client made elsewhere: execute_workflow in a module that does not import temporalio is still a send", async () => {
    const f = await py(`from app.clients import temporal_client\nfrom app.workflows import Order\n\nasync def start():\n    await temporal_client.execute_workflow(Order.run, "o-1", id="o-1", task_queue="orders")\n`);
    assert.deepEqual(f.queueSends?.map((s) => s.taskRef), ["Order.run"]);
  });

  test("near misses: a RetryPolicy with no send, an execute_activity of another module, a file without temporalio", async () => {
    assert.equal((await py(`from temporalio.common import RetryPolicy\nPOLICY = RetryPolicy(maximum_attempts=3)\n`)).layers.length, 0);
    assert.equal((await py(`import temporalio\nfrom myflows import workflow\n\nasync def f():\n    await workflow.execute_activity(g)\n`)).layers.length, 0);
    assert.equal((await py(`from other import workflow\n\nasync def f():\n    await workflow.execute_activity(g)\n`)).layers.length, 0);
  });
});
