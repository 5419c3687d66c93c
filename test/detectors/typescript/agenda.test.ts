// Agenda (docs/reference/bullmq.md, "Agenda"): ≤ 5 never re-runs a failed job (no layer); 6.x
// `backoff` strategies count RETRIES (maxRetries default 3 → 4 runs; presets 3/4/5).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

const job = (options: string) => `import { Agenda, backoffStrategies, exponential, constant, linear, combine } from "agenda";
export const agenda = new Agenda({ db: { address: "mongodb://mongo/agenda" } });
agenda.define("charge", async (job) => {
  await job.touch();
}${options ? `, ${options}` : ""});
`;

describe("Agenda job definitions", () => {
  const cases: Array<[string, number | null, RegExp, boolean?]> = [
    ["{ backoff: exponential({ delay: 1000, maxRetries: 5 }) }", 6, /maxRetries: 5 → 6 runs \(agenda 6\.x\)/],
    ["{ backoff: exponential() }", 4, /default 3 retries → 4 runs/],
    ["{ backoff: constant({ delay: 5000 }) }", 4, /constant\(\) without maxRetries: default 3 retries → 4 runs/],
    ["{ backoff: linear({ maxRetries: 0 }) }", 1, /maxRetries: 0 → 1 run \(/],
    ["{ backoff: backoffStrategies.aggressive() }", 4, /aggressive\(\): 3 retries → 4 runs/],
    ["{ backoff: backoffStrategies.relaxed() }", 5, /relaxed\(\): 4 retries → 5 runs/],
    ["{ backoff: backoffStrategies.standard() }", 6, /standard\(\): 5 retries → 6 runs/],
    ["{ backoff: (ctx) => (ctx.attempt <= 3 ? 1000 : null) }", null, /a custom strategy decides the count/, true],
    ["{ backoff: combine(constant({ maxRetries: 1 })) }", null, /a custom strategy decides the count/, true],
  ];
  for (const [options, attempts, note, unknown] of cases) {
    test(`define(…, ${options}) → ${attempts ?? "?"}`, () => {
      const f = extract(job(options));
      const l = f.layers.find((x) => x.kind === "agenda-job")!;
      assert.ok(l);
      assert.equal(l.maxAttempts, attempts);
      assert.match(l.attemptsNote, note);
      assert.equal(l.countUnknown ?? false, unknown ?? false);
      assert.equal(l.attach.kind, "function");
    });
  }

  test("no backoff (and every Agenda ≤ 5 job): no layer, still a task", () => {
    const f = extract(job(""));
    assert.equal(f.layers.length, 0);
    assert.deepEqual(f.functions.find((x) => x.handler)?.handler, { method: "TASK", route: "/charge", library: "agenda" });
  });

  test("waits: exponential without jitter by default; the standard preset jitters ±10 %", () => {
    assert.equal(extract(job("{ backoff: exponential({ delay: 200 }) }")).layers[0]!.wait.jitter, false);
    assert.equal(extract(job("{ backoff: exponential({ delay: 200, jitter: 0.2 }) }")).layers[0]!.wait.jitter, true);
    assert.equal(extract(job("{ backoff: backoffStrategies.standard() }")).layers[0]!.wait.jitter, true);
  });

  test("sends: now / schedule / every / create with the job name written", () => {
    const f = extract(`import { agenda } from "./agenda";\nexport async function go() {\n  await agenda.now("charge", {});\n  await agenda.schedule("in 5 minutes", "report", {});\n  await agenda.every("1 hour", "sync");\n  agenda.create("mail", {});\n}\n`);
    assert.deepEqual(f.queueSends?.map((s) => [s.callee, s.taskName]), [["agenda.now", "charge"], ["agenda.schedule", "report"], ["agenda.every", "sync"], ["agenda.create", "mail"]]);
  });
});
