// The suppression-comment grammar matches exactly what the engine reads as a directive.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseSuppression } from "../../server/src/model/suppression";

const grammar = JSON.parse(readFileSync(join(__dirname, "..", "..", "syntaxes", "retrylens-suppression.tmLanguage.json"), "utf8"));
// TextMate uses Oniguruma; this pattern uses only syntax JavaScript shares with it
const directive = new RegExp(grammar.repository.directive.match);

test("grammar is an injection into comments", () => {
  assert.equal(grammar.injectionSelector, "L:comment");
  assert.equal(grammar.scopeName, "retrylens.suppression.injection");
});

for (const comment of [
  "# retry-lens: ignore RL004 -- fixed wait is intentional",
  "// retry-lens: ignore RL004, RL005",
  "# retry-lens: ignore no-jitter",
  "/* retry-lens: ignore RL010 */",
]) {
  test(`highlights what the engine obeys: ${comment}`, () => {
    const m = directive.exec(comment);
    assert.ok(m, "the grammar matches");
    const s = parseSuppression(comment, 1)!;
    const codes = (m[3] ?? "").split(/[\s,]+/).filter(Boolean).map((r) => (/^rl\d{3}$/i.test(r) ? r.toUpperCase() : r));
    assert.deepEqual(codes, s.rules);
  });
}
