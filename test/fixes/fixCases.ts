/**
 * Before/after fixture pairs for fixes. A case is data: a small workspace in the `//- path`
 * format of test/harness.ts, the finding (`RL004 svc/client.py:9`), the fix (`preferred` or the
 * start of its title) and the exact text of every file the fix changes or creates, again in the
 * `//- path` format. Each case also checks the three fix properties: the edited files still parse,
 * the finding is gone on re-analysis (the rule's findings are then exactly `remaining`), and the
 * same fix computed again on the result changes nothing (or is not offered).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { AnalysisResult } from "../../server/src/engine/analyze";
import { preferredFix } from "../../server/src/engine/fixes";
import type { Fix, Safety } from "../../server/src/fixes/types";
import type { Finding } from "../../server/src/model/model";
import { parseFixture } from "../harness";
import { MemoryWorkspace, syntaxProblems } from "./fixHarness";

export interface FixCase {
  name: string;
  /** the workspace before the fix (`//- path` blocks; `//! threshold n` is honoured) */
  workspace: string;
  /** the finding the fix is computed for: "RL004 svc/client.py:9" */
  finding: string;
  /** "preferred" (what a one-click action applies) or the start of the fix's title */
  fix: string;
  /** every changed or created file after the fix, whole (`//- path` blocks) */
  after: string;
  /** the fix's safety, when the case pins it */
  safety?: Safety;
  /** the findings of the same rule left after the fix ("RL001 file:line"); none by default */
  remaining?: string[];
  /** write the workspace and the expected texts with Windows line endings */
  crlf?: boolean;
}

const key = (f: Finding) => `${f.rule} ${f.file}:${f.span.line}`;

/** What stays the same about a finding when the fix moves lines: rule, file and its layer. */
function identity(result: AnalysisResult, f: Finding): string {
  const layer = f.layerId ? result.model.layerById.get(f.layerId) : undefined;
  return layer ? `${f.rule} ${f.file} ${layer.kind} ${layer.label}` : key(f);
}

function files(text: string, crlf: boolean): Map<string, string> {
  const { files } = parseFixture(text);
  return new Map(files.map((f) => [f.path, crlf ? f.text.replace(/\n/g, "\r\n") : f.text]));
}

function pick(fixes: Fix[], which: string): Fix | undefined {
  if (which === "preferred") return preferredFix(fixes, true);
  return fixes.find((f) => f.title.startsWith(which));
}

export async function checkFixCase(c: FixCase): Promise<void> {
  const crlf = c.crlf === true;
  const parsed = parseFixture(c.workspace);
  const base = new MemoryWorkspace(
    parsed.files.map((f) => ({ path: f.path, text: crlf ? f.text.replace(/\n/g, "\r\n") : f.text })),
    parsed.settings,
  );
  const result = await base.analyze();
  assert.deepEqual(syntaxProblems(result, base.texts.keys()), [], "the workspace before the fix parses");
  const finding = result.findings.find((f) => key(f) === c.finding);
  assert.ok(finding, `no finding ${c.finding}; findings:\n${result.findings.map((f) => `  ${key(f)} ${f.message}`).join("\n")}`);
  const offered = base.fixes(result, finding);
  const chosen = pick(offered, c.fix);
  assert.ok(chosen, `no fix "${c.fix}" for ${c.finding}; offered:\n${offered.map((f) => `  [${f.safety}${f.preferred ? ", preferred" : ""}] ${f.title}`).join("\n") || "  none"}`);
  if (c.safety) assert.equal(chosen.safety, c.safety, `safety of "${chosen.title}"`);

  // the exact texts
  const after = base.apply(chosen);
  if (process.env.FIX_CASES_PRINT) printAfter(c, base, after);
  const expected = files(c.after, crlf);
  for (const [path, text] of expected) {
    assert.ok(after.texts.has(path), `the fix does not create ${path}`);
    assert.notEqual(base.texts.get(path), text, `${path} is listed in "after" but the expected text is the text before the fix`);
    assert.equal(after.texts.get(path), text, `${path} after "${chosen.title}"`);
  }
  for (const [path, text] of after.texts) {
    if (expected.has(path)) continue;
    assert.ok(base.texts.has(path), `the fix creates ${path}, which "after" does not list:\n${text}`);
    assert.equal(text, base.texts.get(path), `the fix changes ${path}, which "after" does not list`);
  }

  // property 1: the edited files still parse
  const touched = [...new Set([...chosen.edits.map((e) => e.file), ...chosen.creates.map((x) => x.file)])];
  const reanalysed = await after.analyze();
  assert.deepEqual(syntaxProblems(reanalysed, touched), [], "the edited files still parse");

  // property 2: the finding is gone; the rule's findings are exactly the expected remainder
  const id = identity(result, finding);
  const same = reanalysed.findings.filter((f) => identity(reanalysed, f) === id);
  assert.deepEqual(same.map(key), [], `${c.finding} (${id}) is still reported after the fix`);
  assert.deepEqual(
    [...new Set(reanalysed.findings.filter((f) => f.rule === finding.rule).map(key))].sort(),
    [...(c.remaining ?? [])].sort(),
    `${finding.rule} findings after the fix`,
  );

  // property 3: the same fix computed again changes nothing (or is not offered)
  for (const again of reanalysed.findings.filter((f) => f.rule === finding.rule && (identity(reanalysed, f) === id || key(f) === c.finding))) {
    for (const second of after.fixes(reanalysed, again).filter((f) => f.title === chosen.title)) {
      const twice = after.apply(second);
      for (const file of touched) assert.equal(twice.texts.get(file), after.texts.get(file), `applying "${chosen.title}" again changed ${file}`);
    }
  }
}

/**
 * FIX_CASES_PRINT=1 prints what the fix produced, as an `after` block ready for a template
 * literal (for writing a new case; every printed text must be read before it becomes one).
 */
function printAfter(c: FixCase, base: MemoryWorkspace, after: MemoryWorkspace): void {
  const out = [`=== ${c.finding} — ${c.name}`];
  for (const [path, text] of after.texts) {
    if (base.texts.get(path) === text) continue;
    out.push(`//- ${path}`, text.replace(/\r\n/g, "\n").replace(/\\/g, "\\\\").replace(/`/g, "\\`").replace(/\$\{/g, "\\${").replace(/\n$/, ""));
  }
  process.stderr.write(`${out.join("\n")}\n`);
}

/** One describe block per family, one test per case. */
export function fixCases(family: string, cases: FixCase[]): void {
  describe(`fixes: ${family}`, () => {
    for (const c of cases) test(`${c.finding} — ${c.name}`, () => checkFixCase(c));
  });
}
