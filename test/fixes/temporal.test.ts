/**
 * Fixes on Temporal retry policies (docs/reference/temporal.md) and BullMQ / Agenda job options
 * (docs/reference/bullmq.md): Temporal's maximum attempts and BullMQ's `attempts` count attempts
 * (N → N), Agenda's `maxRetries` counts retries (N runs → N − 1); BullMQ and Agenda jitter.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixCases } from "./fixCases";
import { bullmqHasJitter } from "../../server/src/fixes/layers/temporal";

const PY = (call: string) => `
//- worker/workflows.py
from datetime import timedelta
import requests
from temporalio import activity, workflow
from temporalio.common import RetryPolicy


@activity.defn
async def charge(order_id: str) -> None:
    requests.get(f"http://billing/charges/{order_id}", timeout=5)


@workflow.defn
class Order:
    @workflow.run
    async def run(self, order_id: str) -> None:
        await ${call}
`;

const TS_ACTIVITIES = `
//- worker/src/activities.ts
export async function charge(id: string): Promise<void> {
  await fetch(\`http://billing/charges/\${id}\`);
}
`;

const TS = (options: string) => `
//- worker/src/workflows.ts
import { proxyActivities } from "@temporalio/workflow";
import type * as activities from "./activities";

const { charge } = proxyActivities<typeof activities>(${options});

export async function orderWorkflow(id: string): Promise<void> {
  await charge(id);
}
`;

const BULL = (opts: string) => `
//- api/src/queue.ts
import { Queue } from "bullmq";

export const emailQueue = new Queue("emails", {
  defaultJobOptions: ${opts},
});
`;

const AGENDA = (backoff: string) => `
//- app/jobs.ts
import { Agenda, exponential } from "agenda";

export const agenda = new Agenda({ db: { address: "mongodb://mongo/agenda" } });
agenda.define("charge", async () => {
  await fetch("http://billing/charges");
}, { backoff: ${backoff} });
`;

fixCases("temporal", [
  {
    name: "RL002 (Python): an activity with no policy gets retry_policy=RetryPolicy(maximum_attempts=3)",
    workspace: PY(`workflow.execute_activity(charge, order_id, start_to_close_timeout=timedelta(seconds=30))`),
    finding: "RL002 worker/workflows.py:16",
    fix: "Bound the charge retries: 3 attempts",
    after: PY(`workflow.execute_activity(charge, order_id, start_to_close_timeout=timedelta(seconds=30), retry_policy=RetryPolicy(maximum_attempts=3))`),
  },
  {
    name: "RL002 (Python): a policy without maximum_attempts gets one",
    workspace: PY(`workflow.execute_activity(charge, order_id, start_to_close_timeout=timedelta(seconds=30), retry_policy=RetryPolicy(initial_interval=timedelta(seconds=2)))`),
    finding: "RL002 worker/workflows.py:16",
    fix: "Bound the charge retries: 3 attempts",
    after: PY(`workflow.execute_activity(charge, order_id, start_to_close_timeout=timedelta(seconds=30), retry_policy=RetryPolicy(initial_interval=timedelta(seconds=2), maximum_attempts=3))`),
  },
  {
    name: "RL002 (TypeScript): a proxy with no retry gets retry: { maximumAttempts: 3 }",
    workspace: `${TS(`{ startToCloseTimeout: "1 minute" }`)}${TS_ACTIVITIES}`,
    finding: "RL002 worker/src/workflows.ts:4",
    fix: "Bound the charge retries: 3 attempts",
    after: TS(`{ startToCloseTimeout: "1 minute", retry: { maximumAttempts: 3 } }`),
  },
  {
    name: "RL004 (BullMQ): an exponential backoff gets jitter: 0.5",
    workspace: BULL(`{ attempts: 3, backoff: { type: "exponential", delay: 1000 } }`),
    finding: "RL004 api/src/queue.ts:4",
    fix: "Randomise the backoff: jitter: 0.5",
    safety: "safe",
    after: BULL(`{ attempts: 3, backoff: { type: "exponential", delay: 1000, jitter: 0.5 } }`),
  },
  {
    name: "RL004 (Agenda): an exponential strategy gets jitter: 0.5",
    workspace: AGENDA(`exponential({ delay: 1000, maxRetries: 2 })`),
    finding: "RL004 app/jobs.ts:6",
    fix: "Randomise the backoff: jitter: 0.5",
    safety: "safe",
    after: AGENDA(`exponential({ delay: 1000, maxRetries: 2, jitter: 0.5 })`),
  },
]);

test("the BullMQ jitter fix is only offered where the pinned bullmq has the option (≥ 5.54.0)", () => {
  const ctx = (pkgs: Record<string, string>) => ({ callLibraries: [], exists: () => false, namespaceOf: () => null, files: Object.keys(pkgs), text: (f: string) => pkgs[f] });
  const pin = (v: string) => JSON.stringify({ name: "api", dependencies: { bullmq: v } });
  assert.equal(bullmqHasJitter("api/src/queue.ts", ctx({ "api/package.json": pin("^5.10.0") })), false);
  assert.equal(bullmqHasJitter("api/src/queue.ts", ctx({ "api/package.json": pin("^5.54.0") })), true);
  assert.equal(bullmqHasJitter("api/src/queue.ts", ctx({ "api/package.json": pin("6.2.0") })), true);
  assert.equal(bullmqHasJitter("api/src/queue.ts", ctx({ "package.json": pin("~4.17.0") })), false);
  // no manifest naming bullmq: the newest is assumed
  assert.equal(bullmqHasJitter("api/src/queue.ts", ctx({ "api/package.json": JSON.stringify({ name: "api" }) })), true);
});
