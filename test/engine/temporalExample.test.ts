/**
 * examples/temporal-activity (docs/reference/temporal.md): the api starts a workflow (a queue hop
 * with no layer: workflows have no default retry policy); in the worker the workflow schedules two
 * activities. `summarize` has no `retry`, so Temporal's default activity policy — UNLIMITED
 * attempts — wraps the OpenAI client's default 3: an unbounded path. `postSummary` sets
 * `maximumAttempts: 4`, wrapping axios-retry's 3: 12.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { readWorkspace } from "../../server/src/host/workspace";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";

const DIR = join(__dirname, "..", "..", "examples", "temporal-activity");

describe("examples/temporal-activity", () => {
  test("the default activity policy is unbounded: ∞ × OpenAI's 3; a bounded policy: 4 × axios-retry's 3 = 12", async () => {
    const read = await readWorkspace(DIR, {});
    const result = await analyzeWorkspace(read.files, DEFAULT_SETTINGS);
    const model = result.model;
    const chain = (p: (typeof model.paths)[number]) => p.layers.map((id) => `${model.layerById.get(id)!.label}×${model.layerById.get(id)!.maxAttempts ?? "∞"}`).join(" → ");
    const paths = model.paths.map((p) => `${p.product ?? "∞"} ${p.services.join(">")} ${p.target}: ${chain(p)}`).sort();
    assert.deepEqual(paths, [
      "12 api>worker>helpdesk helpdesk: postSummary×4 → helpdesk×3",
      "∞ api>worker>openai openai: summarize×∞ → openai×3",
    ]);
    const policy = model.layers.find((l) => l.kind === "temporal-retry-policy" && l.label === "summarize")!;
    assert.equal(`${policy.file}:${policy.anchor.line}`, "worker/src/workflows.ts:5");
    assert.match(policy.attemptsNote, /^no retry: Temporal's default activity policy retries without a count bound \(maximumAttempts Infinity; 1 s ×2, max 100 s\)/);
    assert.equal(policy.service, "worker");
    const hop = model.hops.find((h) => h.caller === "api" && h.callee === "worker")!;
    assert.equal(hop.protocol, "queue");
    assert.deepEqual(hop.layerIds, []);
    assert.deepEqual(hop.calls.map((c) => `${c.file}:${c.span.line} ${c.method} ${c.path}`), ["api/src/server.ts:10 TASK /summarizeTicket"]);
    const rules = (rule: string) => result.findings.filter((f) => f.rule === rule).map((f) => `${f.file}:${f.span.line}`).sort();
    assert.deepEqual(rules("RL001"), ["worker/src/activities.ts:6", "worker/src/activities.ts:9", "worker/src/workflows.ts:11", "worker/src/workflows.ts:5"]);
    assert.deepEqual(rules("RL002"), ["worker/src/workflows.ts:5"]);
  });
});
