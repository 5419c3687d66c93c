import { strict as assert } from "node:assert";
import { describe, it } from "node:test";
import { renderText } from "../../server/src/cli/report/text";
import { chainText, sortPathsWorstFirst } from "../../server/src/cli/report/common";
import { ANSI_RE, checkoutInput, checkoutResult } from "./helpers";

const CHAIN = "envoy route /checkout ×3 → reserve_stock ×3 → session ×3";

describe("text report", () => {
  it("plain text (no ANSI) with the 27× chain, findings by file and a summary", () => {
    const text = renderText(checkoutInput(), { color: false, top: 10, verbose: false });
    assert.ok(!ANSI_RE.test(text), "no escape codes when colour is off");
    assert.ok(text.includes("27×"));
    assert.ok(text.includes(CHAIN));
    assert.ok(text.includes("∞"), "the unbounded path shows ∞");
    const lines = text.split("\n");
    // worst first: ∞ before 27× before 9×
    const rank = (s: string) => lines.findIndex((l) => l.includes(s));
    assert.ok(rank("poll ×∞") < rank(CHAIN));
    assert.ok(rank(CHAIN) < rank(" 9×"));
    // the 27× row names the target and the entry
    const row = lines.find((l) => l.includes(CHAIN))!;
    assert.match(row, /^\s+2\s+27×\s+/);
    assert.match(row, /inventory\s+envoy:deploy\/gateway\/envoy\.yaml$/);
    // findings grouped by file, ordered by line then rule
    assert.ok(lines.includes("checkout/inventory_client.py"));
    const rl001 = rank("checkout/inventory_client.py:10  RL001 error");
    const rl009 = rank("checkout/inventory_client.py:10  RL009 warning");
    assert.ok(rl001 > 0 && rl009 > rl001);
    assert.ok(rank("platform/http.py:6  RL004 warning") > 0);
    // one summary line at the end
    const summary = lines.filter(Boolean).at(-1)!;
    assert.match(summary, /5 layers, 3 paths, worst ∞, 4 findings \(1 error, 2 warnings, 1 info\)/);
    assert.match(summary, /1 file skipped \(--verbose for details\)/);
    assert.match(summary, /2 problems/);
  });

  it("paths that read the same (deployment variants) are one row that says how many", () => {
    const result = checkoutResult();
    const worst27 = result.model.paths.find((p) => p.product === 27)!;
    result.model.paths.push({ ...worst27 });
    const text = renderText(checkoutInput({ result }), { color: false, top: 10, verbose: false });
    assert.match(text, /Retry paths \(3; 4 counting deployment variants\)/);
    const rows = text.split("\n").filter((l) => /^\s+\d+\s+27×/.test(l));
    assert.equal(rows.length, 1);
    assert.ok(rows[0]!.includes(`${CHAIN}  (2 variants)`));
  });

  it("colours when asked", () => {
    const text = renderText(checkoutInput(), { color: true, top: 10, verbose: false });
    assert.ok(ANSI_RE.test(text));
    assert.ok(text.replace(/\u001b\[[0-9;]*m/g, "").includes(CHAIN));
  });

  it("--top limits the paths shown", () => {
    const text = renderText(checkoutInput(), { color: false, top: 1, verbose: false });
    assert.match(text, /top 1 of 3/);
    assert.match(text, /^\s+1\s+∞\s+poll ×∞/m);
    assert.doesNotMatch(text, /^\s+2\s+27×/m);
  });

  it("verbose lists layers, related places and problems", () => {
    const text = renderText(checkoutInput(), { color: false, top: 0, verbose: true });
    assert.ok(text.includes("Retry layers (5)"));
    assert.ok(text.includes("↳ deploy/gateway/envoy.yaml:23  envoy route /checkout ×3"));
    assert.ok(text.includes("broken.py:3  syntax error; partial facts"));
    assert.ok(text.includes(".retrylens.yaml:2"));
  });

  it("an empty result reads well", () => {
    const empty = checkoutResult();
    empty.model.layers = [];
    empty.model.paths = [];
    empty.findings = [];
    empty.problems = [];
    const text = renderText(checkoutInput({ result: empty, skipped: [], problems: [] }), { color: false, top: 10, verbose: false });
    assert.match(text, /No retry paths/);
    assert.match(text, /No findings\./);
    assert.match(text, /0 layers, 0 paths, worst —, 0 findings, 7 files analysed\n$/);
  });

  it("sorts unbounded first, then by product", () => {
    const result = checkoutResult();
    const sorted = sortPathsWorstFirst(result.model.paths).map((p) => p.product);
    assert.deepEqual(sorted, [null, 27, 9]);
    assert.equal(chainText(result.model.paths[1], result.model), CHAIN);
  });
});
