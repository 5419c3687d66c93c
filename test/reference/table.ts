/**
 * Table runner for the reference tests (test/reference/*.test.ts): one row per default or trap of
 * an entry in docs/reference/retry-semantics.md, run through the real extractors (a snippet,
 * `engine/extract.ts` extractFile) or the engine's linker (an inline `//- path` workspace, for
 * numbers only final at link time: Resilience4j settings, service environments, mesh defaults).
 * The rules are not run: they add nothing to a layer's numbers. Nothing here builds facts by hand.
 *
 * Every row asserts, on the one layer of its `kind` in its `file` (or that there is none):
 * - maxAttempts (total attempts, the reference's formula applied), attemptsSource when given;
 * - for maxAttempts null: countUnknown (false unless the row says so) and timeBound (required);
 *   for a number: countUnknown false;
 * - wait kind + jitter (+ initial/max seconds when given);
 * - afterSendMethods, budget, overallTimeoutSeconds, implicit, a linked path when the row gives them.
 * A row with `skip: "reason"` is a known disagreement with the reference (listed in
 * docs/reference-coverage.md); node's spec reporter prints the reason after `# `.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { LayerFact, LayerKind, WaitSpec } from "../../server/src/model/facts";
import { extractFile } from "../../server/src/engine/extract";
import { link } from "../../server/src/engine/link";
import { DEFAULT_SETTINGS, type Settings } from "../../server/src/model/model";
import { initTreeSitter } from "../../server/src/parsing/treeSitter";

/** What a row proves: the entry's defaults, one of its own traps, or a §5 cross-cutting trap. */
export type Covers = "default" | "trap" | "§5.1" | "§5.2" | "§5.3" | "§5.4" | "§5.5";

export interface Expect {
  /** total attempts (first try included); null = no count bound */
  maxAttempts: number | null;
  attemptsSource?: "config" | "default";
  /** required when maxAttempts is null: null = unbounded, a pattern = time-bounded */
  timeBound?: RegExp | null;
  /** maxAttempts is null because the count cannot be read, not because nothing bounds it */
  countUnknown?: boolean;
  /** [kind, jitter, initialSeconds?, maxSeconds?] */
  wait: [kind: WaitSpec["kind"], jitter: boolean | null, initialSeconds?: number | null, maxSeconds?: number | null];
  /** afterSendMethods: "all", or the methods re-sent after the request may have reached the server */
  methods?: "all" | string[];
  /** null = no budget; a pattern = the budget's description */
  budget?: RegExp | null;
  overallTimeoutSeconds?: number | null;
  /** workspace rows only: an implicit default nobody configured */
  implicit?: boolean;
  /** a pattern the attempts note must match (how the count was derived) */
  note?: RegExp;
  /** a pattern the condition's description must match (what is retried, and what is noted but not counted) */
  conditionNote?: RegExp;
  /** workspace rows only: a call path to `target` whose product of attempts is `product` */
  path?: { target: string; product: number | null };
}

export interface Row {
  /** reference section: "§2.6" */
  id: string;
  /** what the row shows, with the formula: "cockatiel maxAttempts: 3 counts retries → 4" */
  name: string;
  covers: Covers[];
  /** the snippet's path (extract rows) or the file holding the layer (workspace rows) */
  file: string;
  /** a snippet, or with `workspace` an inline workspace of `//- path` files */
  code: string;
  workspace?: boolean;
  /** the layer's kind; "any" (with expect "none") = no layer of any kind in the file */
  kind: LayerKind | "any";
  /** anchor line, when the file holds several layers of the kind */
  line?: number;
  /** "none": no layer of that kind (the library sends once) */
  expect: Expect | "none";
  /** a disagreement with the reference that could not be fixed here: the reason is printed */
  skip?: string;
}

/** Strips the first newline and the common indentation (line 1 = the line after the backtick). */
export function src(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.reduce((acc, s, i) => acc + s + (i < values.length ? String(values[i]) : ""), "");
  const lines = raw.replace(/^\n/, "").replace(/\n[ \t]*$/, "\n").split("\n");
  const indents = lines.filter((l) => l.trim() !== "").map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join("\n");
}

/** An inline workspace: `//- <path>` starts a file (as in test/harness.ts fixtures). */
function workspaceFiles(text: string): Array<{ path: string; text: string }> {
  const files: Array<{ path: string; text: string }> = [];
  for (const line of text.replace(/^\n/, "").split("\n")) {
    const header = /^\/\/- (\S+)$/.exec(line.trimEnd());
    if (header) files.push({ path: header[1]!, text: "" });
    else if (files.length) files[files.length - 1]!.text += line + "\n";
    else assert.equal(line.trim(), "", `workspace text before the first //- header: ${line}`);
  }
  return files;
}

/** Puts `text` (lines with their final indentation; "" for none) in place of the `__FILL__` line. */
export function fill(template: string, text: string): string {
  return template.replace(/^[ \t]*__FILL__\n/m, text ? text.replace(/\n?$/, "\n") : "");
}

type Found = LayerFact & { implicit?: boolean };

interface Layers {
  layers: Found[];
  /** workspace rows: the linked call paths as "product→target" */
  paths: string[] | null;
}

async function layersOf(row: Row): Promise<Layers> {
  await initTreeSitter();
  if (row.workspace) {
    // the linker of the engine (engine/analyze.ts minus the rules): final numbers after linking
    const files = workspaceFiles(row.code);
    assert.ok(files.some((f) => f.path === row.file), `workspace has no file ${row.file}`);
    const facts = files.map((f) => extractFile(f.path, f.text));
    assert.deepEqual(facts.flatMap((f) => f.problems.filter((p) => /could not analyse/.test(p.message))), [], "extraction problems");
    const settings: Settings = { ...DEFAULT_SETTINGS, rules: {}, services: {}, helpers: [] };
    const model = link(facts, settings);
    return { layers: model.layers.filter((l) => l.file === row.file), paths: model.paths.map((p) => `${p.product ?? "∞"}→${p.target}`) };
  }
  const facts = extractFile(row.file, row.code);
  assert.deepEqual(facts.problems.filter((p) => /could not analyse/.test(p.message)), [], "extraction problems");
  return { layers: facts.layers, paths: null };
}

const describeLayer = (l: Found) => `${l.kind}@${l.anchor.line} ×${l.maxAttempts ?? "∞"}`;

async function check(row: Row): Promise<void> {
  const { layers: all, paths } = await layersOf(row);
  const mine = all.filter((l) => (row.kind === "any" || l.kind === row.kind) && (row.line === undefined || l.anchor.line === row.line));
  if (row.expect === "none") {
    assert.deepEqual(mine.map(describeLayer), [], `no ${row.kind} layer expected (the library sends once)`);
    return;
  }
  assert.equal(mine.length, 1, `exactly one ${row.kind} layer${row.line ? ` on line ${row.line}` : ""} in ${row.file}; got: ${all.map(describeLayer).join(", ") || "none"}`);
  const l = mine[0]!;
  const e = row.expect;
  const why = ` (${l.attemptsNote})`;
  assert.equal(l.maxAttempts, e.maxAttempts, `maxAttempts${why}`);
  if (e.attemptsSource) assert.equal(l.attemptsSource, e.attemptsSource, `attemptsSource${why}`);
  if (e.note) assert.match(l.attemptsNote, e.note, "attemptsNote");
  if (e.conditionNote) assert.match(l.condition.description, e.conditionNote, "condition.description");
  if (e.maxAttempts === null) {
    assert.ok(e.timeBound !== undefined, "a row expecting no count must say whether it is time-bounded (timeBound: null | /…/)");
    assert.equal(Boolean(l.countUnknown), Boolean(e.countUnknown), `countUnknown${why}`);
  } else {
    assert.equal(Boolean(l.countUnknown), false, `countUnknown with a known count${why}`);
  }
  if (e.timeBound === null) assert.equal(l.timeBound, null, "timeBound");
  else if (e.timeBound) assert.match(l.timeBound ?? "(null)", e.timeBound, "timeBound");
  const [kind, jitter, initial, max] = e.wait;
  const wait = ` (${l.wait.description})`;
  assert.equal(l.wait.kind, kind, `wait.kind${wait}`);
  assert.equal(l.wait.jitter, jitter, `wait.jitter${wait}`);
  if (initial !== undefined) assert.equal(l.wait.initialSeconds, initial, `wait.initialSeconds${wait}`);
  if (max !== undefined) assert.equal(l.wait.maxSeconds, max, `wait.maxSeconds${wait}`);
  if (e.methods !== undefined) {
    const got = l.condition.afterSendMethods;
    assert.deepEqual(got === "all" ? "all" : [...got].map((m) => m.toUpperCase()).sort(), e.methods === "all" ? "all" : [...e.methods].sort(), `afterSendMethods (${l.condition.description})`);
  }
  if (e.budget === null) assert.equal(l.budget, null, "budget");
  else if (e.budget) assert.match(l.budget ?? "(null)", e.budget, "budget");
  if (e.overallTimeoutSeconds !== undefined) assert.equal(l.overallTimeoutSeconds, e.overallTimeoutSeconds, "overallTimeoutSeconds");
  if (e.implicit !== undefined) {
    assert.ok(row.workspace, "implicit is only known after linking: use a workspace row");
    assert.equal(l.implicit, e.implicit, "implicit");
  }
  if (e.path) {
    assert.ok(paths, "paths are only known after linking: use a workspace row");
    const want = `${e.path.product ?? "∞"}→${e.path.target}`;
    assert.ok(paths.includes(want), `a path ${want}; paths: ${paths.join(", ") || "none"}`);
  }
}

/**
 * Registers one test per row (named `<§id> <name>`), plus a coverage test: every entry of the
 * part has a running (not skipped) defaults row, and rows cite only the part's entries.
 */
export function runTable(part: string, entries: string[], rows: Row[]): void {
  describe(part, () => {
    for (const row of rows) {
      const name = `${row.id} ${row.name}`;
      if (row.skip) {
        test(name, { skip: row.skip }, () => {});
        // the spec reporter prints `# <reason>`; say it once more where a log reader looks for it
        console.log(`[reference skip] ${name}: ${row.skip}`);
        continue;
      }
      test(name, async () => {
        await check({ ...row, code: row.workspace ? row.code : row.code.replace(/^\n/, "") });
      });
    }
    test(`${entries[0]}–${entries[entries.length - 1]} coverage: every entry has a defaults row; rows cite only ${part} entries`, () => {
      const stray = rows.filter((r) => !entries.includes(r.id)).map((r) => `${r.id} ${r.name}`);
      assert.deepEqual(stray, [], "rows citing an entry outside this part");
      const missing = entries.filter((id) => !rows.some((r) => r.id === id && !r.skip && r.covers.includes("default")));
      assert.deepEqual(missing, [], "entries without a running defaults row");
      const empty = rows.filter((r) => r.covers.length === 0).map((r) => r.name);
      assert.deepEqual(empty, [], "rows that cover nothing");
    });
  });
}
