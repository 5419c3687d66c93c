// Temporal TypeScript SDK (docs/reference/temporal.md): proxyActivities without `retry` is the
// default activity policy — UNLIMITED attempts (maximumAttempts Infinity), 1 s ×2, max 100 s;
// maximumAttempts counts attempts; 0 is rejected by the SDK; workflows have no default policy.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

const wf = (options: string) => `import { proxyActivities } from "@temporalio/workflow";
import type * as activities from "./activities";

const { charge, refund } = proxyActivities<typeof activities>(${options});

export async function orderWorkflow(id: string): Promise<void> {
  await charge(id);
}
`;

describe("Temporal TypeScript activity proxies", () => {
  const cases: Array<[string, number | null, "config" | "default", RegExp, boolean?]> = [
    [`{ startToCloseTimeout: "1 minute" }`, null, "default", /no retry: Temporal's default activity policy retries without a count bound \(maximumAttempts Infinity; 1 s ×2, max 100 s\)/],
    [`{ startToCloseTimeout: "1 minute", retry: { maximumAttempts: 3 } }`, 3, "config", /maximumAttempts 3 → 3 attempts \(@temporalio\/workflow 1\.x\)/],
    [`{ startToCloseTimeout: "1 minute", retry: { maximumAttempts: 1 } }`, 1, "config", /retries off/],
    [`{ startToCloseTimeout: "1 minute", retry: { maximumAttempts: Infinity } }`, null, "config", /Infinity → unlimited/],
    [`{ startToCloseTimeout: "1 minute", retry: { maximumAttempts: 0 } }`, null, "config", /rejected by the TypeScript SDK/, true],
    [`{ startToCloseTimeout: "1 minute", retry: { initialInterval: "5s" } }`, null, "config", /retry without maximumAttempts: unlimited attempts \(default Infinity\)/],
    [`{ startToCloseTimeout: "1 minute", retry: { maximumAttempts: MAX } }`, null, "config", /not known statically/, true],
  ];
  for (const [options, attempts, source, note, unknown] of cases) {
    test(`proxyActivities(${options}) → ${attempts ?? "unbounded"}`, () => {
      const f = extract(wf(options), "worker/src/workflows.ts");
      const l = f.layers.find((x) => x.kind === "temporal-retry-policy")!;
      assert.ok(l, "a temporal layer");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.countUnknown ?? false, unknown ?? false);
      assert.equal(l.label, "charge/refund");
    });
  }

  test("ms-formatted durations: intervals, the schedule-to-close time bound, the per-try timeout", () => {
    const f = extract(wf(`{ startToCloseTimeout: "30s", scheduleToCloseTimeout: "10 minutes", retry: { initialInterval: 2000, backoffCoefficient: 3, maximumInterval: "1m", nonRetryableErrorTypes: ["Declined"] } }`), "worker/src/workflows.ts");
    const l = f.layers[0]!;
    assert.deepEqual([l.wait.initialSeconds, l.wait.maxSeconds, l.perTryTimeoutSeconds, l.overallTimeoutSeconds], [2, 60, 30, 600]);
    assert.match(l.timeBound ?? "", /scheduleToCloseTimeout 10 min bounds the retries/);
    assert.match(l.condition.description, /except Declined/);
    assert.equal(l.anchor.line, 4);
  });

  test("each bound name sends the activity the typeof-module exports; the type-only namespace import becomes an import for the linker", () => {
    const f = extract(wf(`{ startToCloseTimeout: "1 minute" }`), "worker/src/workflows.ts");
    assert.deepEqual(f.queueSends?.map((s) => [s.callee, s.line, s.taskRef]), [["charge", null, "activities.charge"], ["refund", null, "activities.refund"]]);
    assert.ok(f.imports.some((i) => i.local === "activities" && i.module === "./activities" && i.member === null));
    assert.deepEqual(f.functions.find((x) => x.id === "orderWorkflow")?.handler, { method: "TASK", route: "/orderWorkflow", library: "temporal" });
  });

  test("a proxy object: acts.charge(…) sends charge; proxyLocalActivities retries by default too", () => {
    const f = extract(`import { proxyLocalActivities } from "@temporalio/workflow";\nimport type * as activities from "./activities";\nconst acts = proxyLocalActivities<typeof activities>({ startToCloseTimeout: "5s" });\nexport async function w() { await acts.charge("x"); }\n`, "worker/src/workflows.ts");
    assert.equal(f.layers[0]!.maxAttempts, null);
    assert.match(f.layers[0]!.attemptsNote, /default local activity policy/);
    assert.deepEqual(f.queueSends?.map((s) => [s.callee, s.taskRef]), [["acts.charge", "activities.charge"]]);
  });

  test("workflow starts: no layer without retry (workflows have no default policy), a layer with one; child workflows too", () => {
    const client = extract(`import { Client } from "@temporalio/client";\nimport { orderWorkflow } from "./workflows";\nexport async function start(client: Client) {\n  await client.workflow.start(orderWorkflow, { taskQueue: "orders", workflowId: "o-1", args: ["o-1"] });\n  await client.workflow.execute(orderWorkflow, { taskQueue: "orders", workflowId: "o-2", retry: { maximumAttempts: 2 } });\n}\n`, "api/src/start.ts");
    assert.deepEqual(client.layers.map((l) => [l.anchor.line, l.maxAttempts]), [[5, 2]]);
    assert.deepEqual(client.queueSends?.map((s) => [s.callee, s.taskRef, s.layerIds.length]), [["client.workflow.start", "orderWorkflow", 0], ["client.workflow.execute", "orderWorkflow", 1]]);
    const child = extract(`import { executeChild } from "@temporalio/workflow";\nexport async function parent() { await executeChild("childWorkflow", { retry: { maximumAttempts: 4 } }); }\n`, "worker/src/workflows.ts");
    assert.deepEqual(child.queueSends?.map((s) => [s.taskName, s.layerIds.length]), [["childWorkflow", 1]]);
    assert.equal(child.layers[0]!.maxAttempts, 4);
  });

  test("a start through a client made elsewhere: the taskQueue option makes it a send; without one, nothing", () => {
    const f = extract(`import { temporal } from "./temporal";\nimport { orderWorkflow } from "./workflows";\nexport async function go() { await temporal.workflow.start(orderWorkflow, { taskQueue: "orders", workflowId: "o" }); }\n`, "api/src/start.ts");
    assert.deepEqual(f.queueSends?.map((s) => s.taskRef), ["orderWorkflow"]);
    const g = extract(`import { api } from "./api";\nexport async function go() { await api.workflow.start(x, { id: 1 }); }\n`, "api/src/other.ts");
    assert.equal(g.queueSends, undefined);
  });

  test("workflows are the exported async functions of a workflow module; a module importing only an error type has none", () => {
    const f = extract(`import { sleep } from "@temporalio/workflow";\nexport async function w1() { await sleep(1); }\nexport function helper() { return 1; }\n`, "worker/src/workflows.ts");
    assert.deepEqual(f.functions.filter((x) => x.handler).map((x) => x.id), ["w1"]);
    const g = extract(`import { ApplicationFailure } from "@temporalio/workflow";\nexport async function fail() { throw ApplicationFailure.nonRetryable("x"); }\n`, "worker/src/errors.ts");
    assert.deepEqual(g.functions.filter((x) => x.handler).map((x) => x.id), []);
  });

  test("near misses: proxyActivities of another module, a file without @temporalio", () => {
    assert.equal(extract(`import { proxyActivities } from "./mock";\nconst { a } = proxyActivities({});\n`).layers.length, 0);
    assert.equal(extract(`export async function w() { return 1; }\n`).functions[0]!.handler, null);
  });
});
