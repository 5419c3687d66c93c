/**
 * BullMQ job attempts read from the environment (docs/reference/bullmq.md "Numbers"):
 * `attempts: process.env.JOB_MAX_ATTEMPTS || 5` (and `Number(…) || 5`, `parseInt(… ?? "5")`, `+… || 5`)
 * takes the running service's value from its manifests (compose `environment:`), else the fallback written
 * beside it; the note says which. A string from the environment counts (bullmq 5.49.0 Job.shouldRetryJob
 * `attemptsMade + 1 < opts.attempts` coerces it). A delay computed from the environment is described as written.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";
import { extract } from "../detectors/typescript/helpers";

const options = (attempts: string) => `//- api/package.json
{ "name": "api", "dependencies": { "bullmq": "5.49.0" } }
//- api/src/options.ts
import { JobsOptions } from "bullmq";

export const jobOptions = {
  attempts: ${attempts},
// ^ layer ×@N@ RL004
  backoff: {
    type: "fixed",
    delay: process.env.JOB_BACKOFF_DELAY_SECONDS ? Number(process.env.JOB_BACKOFF_DELAY_SECONDS) * 1000 : 60 * 1000,
  },
} as unknown as JobsOptions;
`;

const compose = (env: string) => `//- docker-compose.yml
services:
  api:
    build: ./api
${env}`;

describe("BullMQ attempts from the environment", () => {
  test("no value in the manifests → the literal fallback, and the note says so", async () => {
    const result = await checkFixture(`//! rules RL004\n${options("process.env.JOB_MAX_ATTEMPTS || 5").replace("@N@", "5")}${compose("")}`);
    const layer = result.model.layers.find((l) => l.kind === "bullmq-job")!;
    assert.equal(layer.maxAttempts, 5);
    assert.match(layer.attemptsNote, /JOB_MAX_ATTEMPTS not set in the service's manifests: the fallback/);
    assert.equal(layer.wait.description, "fixed JOB_BACKOFF_DELAY_SECONDS × 1000 ms when JOB_BACKOFF_DELAY_SECONDS is set, else 60000 ms, no jitter");
  });

  test("the compose service's environment wins over the fallback", async () => {
    const result = await checkFixture(`//! rules RL004\n${options("Number(process.env.JOB_MAX_ATTEMPTS) || 5").replace("@N@", "3")}${compose("    environment:\n      JOB_MAX_ATTEMPTS: \"3\"\n")}`);
    const layer = result.model.layers.find((l) => l.kind === "bullmq-job")!;
    assert.equal(layer.maxAttempts, 3);
    assert.match(layer.attemptsNote, /JOB_MAX_ATTEMPTS=3 in the service's environment/);
  });

  test("every numeric env form yields a countExpr with its fallback; a computed count stays unknown", () => {
    const forms: Array<[string, unknown]> = [
      ["process.env.N || 5", { kind: "number", value: 5 }],
      ["Number(process.env.N) || 5", { kind: "number", value: 5 }],
      ['parseInt(process.env.N ?? "5")', { kind: "number", value: 5 }],
      ["parseInt(process.env.N ?? '4', 10)", { kind: "number", value: 4 }],
      ["+process.env.N || 6", { kind: "number", value: 6 }],
      ["Number(process.env.N ?? DEFAULT_ATTEMPTS)", { kind: "ref", name: "DEFAULT_ATTEMPTS" }],
      ["Number(process.env.N)", undefined],
    ];
    for (const [expr, fallback] of forms) {
      const f = extract(`import { Queue } from "bullmq";\nexport const q = new Queue("q", { defaultJobOptions: { attempts: ${expr} } });\n`);
      const l = f.layers.find((x) => x.kind === "bullmq-job")!;
      assert.equal(l.maxAttempts, null, expr);
      assert.deepEqual(l.countExpr?.value, { kind: "env", name: "N", ...(fallback ? { fallback } : {}) }, expr);
    }
    const computed = extract(`import { Queue } from "bullmq";\nexport const q = new Queue("q", { defaultJobOptions: { attempts: cfg.n * 2 } });\n`);
    const l = computed.layers.find((x) => x.kind === "bullmq-job")!;
    assert.equal(l.countExpr, undefined);
    assert.equal(l.countUnknown, true);
  });
});
