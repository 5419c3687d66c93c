// The fuzzer's and the robustness tests' judge (test/fuzz/reportCheck.ts) catches what it says it catches.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkReport } from "../fuzz/reportCheck";
import { Prng } from "../fuzz/prng";
import { mutate } from "../fuzz/mutations";

const layer = (id: string, maxAttempts: number | null) => ({ id, file: "a.py", line: 3, kind: "tenacity", maxAttempts, attemptsNote: "" });
function report(over: Record<string, unknown> = {}) {
  return {
    tool: { name: "retrylens", version: "0.1.0" },
    layers: [layer("a#1", 3), layer("b#1", 4)],
    paths: [{ layers: ["a#1", "b#1"], product: 12, chain: "a ×3 → b ×4" }],
    findings: [{ rule: "RL001", file: "a.py", line: 3, message: "12 calls reach b" }],
    problems: [],
    skipped: [],
    summary: { worstProduct: 12 },
    ...over,
  };
}

test("a report that keeps the contract passes", () => {
  assert.deepEqual(checkReport(JSON.stringify(report())).errors, []);
});

test("a product JSON wrote as null from bounded layers (it was Infinity or NaN) is an error; null over an unbounded layer is not", () => {
  const infinite = report({ paths: [{ layers: ["a#1", "b#1"], product: Infinity, chain: "x" }], summary: { worstProduct: Infinity } });
  assert.match(checkReport(JSON.stringify(infinite)).errors.join("\n"), /product null from bounded layers/);
  const unbounded = report({ layers: [layer("a#1", null), layer("b#1", 4)], paths: [{ layers: ["a#1", "b#1"], product: null, chain: "x" }], summary: { worstProduct: null } });
  assert.deepEqual(checkReport(JSON.stringify(unbounded)).errors, []);
});

test("a product that is not its layers' product, a wrong worst product, and 'NaN×' in a message are errors", () => {
  assert.match(checkReport(JSON.stringify(report({ paths: [{ layers: ["a#1", "b#1"], product: 13, chain: "x" }], summary: { worstProduct: 13 } }))).errors.join(), /layers multiply to 12/);
  assert.match(checkReport(JSON.stringify(report({ summary: { worstProduct: 3 } }))).errors.join(), /worstProduct/);
  assert.match(checkReport(JSON.stringify(report({ findings: [{ rule: "RL001", file: "a.py", line: 3, message: "NaN× calls" }] }))).errors.join(), /message says/);
});

test("not JSON, a missing list, a budget problem and a linking failure are errors; a detector's guarded failure is reported apart", () => {
  assert.match(checkReport("Error: boom\n    at x (y.js:1:2)").errors.join(), /not JSON/);
  assert.match(checkReport(JSON.stringify(report({ paths: undefined }))).errors.join(), /paths is not an array/);
  assert.match(checkReport(JSON.stringify(report({ problems: [{ file: "a.py", line: 1, message: "skipped: took longer than 10 s" }] }))).errors.join(), /took longer/);
  assert.match(checkReport(JSON.stringify(report({ problems: [{ file: "", line: null, message: "linking failed: TypeError" }] }))).errors.join(), /linking failed/);
  const guarded = checkReport(JSON.stringify(report({ problems: [{ file: "a.py", line: 1, message: "module detector failed: Maximum call stack size exceeded" }] })));
  assert.deepEqual(guarded.errors, []);
  assert.equal(guarded.guarded.length, 1);
});

test("mutations are a pure function of the seed", () => {
  const input = Buffer.from("retries:\n  attempts: 3\n  perTryTimeout: 2s\n");
  const run = (seed: number) => mutate(new Prng(seed), input, { path: "mesh/vs.yaml", donor: Buffer.from("import x\n") }, 4);
  assert.deepEqual(run(7), run(7));
  assert.notDeepEqual(run(7).bytes, run(8).bytes);
});
