/**
 * Data-driven fixtures (rust-analyzer `check_diagnostics` style). A fixture is a small
 * workspace written as text:
 *
 *   //- checkout/client.py
 *   @retry(stop=stop_after_attempt(3), wait=wait_fixed(1))
 *   # ^ layer ×3  RL004
 *   def reserve(): ...
 *   //- deploy/envoy.yaml
 *   ...
 *   //! path 27 inventory
 *
 * - `//- <path>` starts a file.
 * - An annotation line (`# ^ …` or `// ^ …`) is removed from the file and speaks about the
 *   line above it: `layer ×N` / `layer ×∞` / `layer disabled` (a layer anchored there with
 *   that maxAttempts), and rule codes `RL004` (a finding on that line).
 * - `//! path <product|∞> <target>` expects a path with that product and target;
 *   `//! paths <n>` the number of paths; `//! rules RL001,RL004` limits which findings are
 *   compared (default: all); `//! threshold <n>`, `//! include-tests` and
 *   `//! helper <dotted.name>` (a declared retry helper) set settings.
 * Layers and findings are compared exactly: anything reported but not annotated fails.
 */
import assert from "node:assert/strict";
import { analyzeFactsSteps, analyzeWorkspace, type AnalysisResult, type SourceFile } from "../server/src/engine/analyze";
import { LinkMemo } from "../server/src/engine/countRelink";
import { runToEnd } from "../server/src/engine/steps";
import type { FileFacts } from "../server/src/model/facts";
import { DEFAULT_SETTINGS, type Settings } from "../server/src/model/model";

interface Expected {
  layers: Map<string, number | null>;
  findings: Set<string>;
  paths: Array<{ product: number | null; target: string }>;
  pathCount: number | null;
  rules: Set<string> | null;
}

export function parseFixture(text: string): { files: SourceFile[]; expected: Expected; settings: Settings } {
  const files: SourceFile[] = [];
  const expected: Expected = { layers: new Map(), findings: new Set(), paths: [], pathCount: null, rules: null };
  const settings: Settings = { ...DEFAULT_SETTINGS, rules: {}, services: {}, helpers: [] };
  let current: { path: string; lines: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    while (current.lines.length && !current.lines[current.lines.length - 1]!.trim()) current.lines.pop();
    files.push({ path: current.path, text: current.lines.join("\n") + "\n" });
  };
  for (const raw of text.replace(/^\n/, "").split("\n")) {
    const line = raw.replace(/\s+$/, "");
    const file = /^\/\/- (\S+)$/.exec(line);
    if (file) {
      flush();
      current = { path: file[1]!, lines: [] };
      continue;
    }
    const directive = /^\/\/! (\S+)\s*(.*)$/.exec(line.trim());
    if (directive) {
      const [, key, rest] = directive;
      if (key === "path") {
        const [product, target] = rest!.split(/\s+/);
        expected.paths.push({ product: product === "∞" ? null : Number(product), target: target! });
      } else if (key === "paths") expected.pathCount = Number(rest);
      else if (key === "rules") expected.rules = new Set(rest!.split(",").map((s) => s.trim()));
      else if (key === "threshold") settings.threshold = Number(rest);
      else if (key === "include-tests") settings.includeTests = true;
      else if (key === "helper") settings.helpers = [...settings.helpers, rest!.trim()];
      else throw new Error(`unknown fixture directive ${key}`);
      continue;
    }
    const note = /^\s*(#|\/\/)\s*\^\s*(.*)$/.exec(line);
    if (note && current) {
      const at = `${current.path}:${current.lines.length}`;
      const body = note[2]!;
      const layer = /layer\s+(×(\d+|∞)|disabled)/.exec(body);
      if (layer) expected.layers.set(at, layer[1] === "disabled" ? 1 : layer[2] === "∞" ? null : Number(layer[2]));
      for (const code of body.match(/RL\d{3}/g) ?? []) expected.findings.add(`${at} ${code}`);
      continue;
    }
    if (!current) {
      if (line.trim()) throw new Error(`fixture text before the first //- header: ${line}`);
      continue;
    }
    current.lines.push(raw);
  }
  flush();
  return { files, expected, settings };
}

/** Runs the engine on a fixture and asserts layers, findings and paths exactly as annotated. */
export async function checkFixture(text: string): Promise<AnalysisResult> {
  const { files, expected, settings } = parseFixture(text);
  const result = await analyzeWorkspace(files, settings);
  const gotLayers = new Map(result.model.layers.map((l) => [`${l.file}:${l.anchor.line}`, l.maxAttempts]));
  const show = (m: Map<string, number | null>) => [...m].map(([k, v]) => `${k} ${v === null ? "×∞" : v === 1 ? "disabled" : `×${v}`}`).sort();
  assert.deepEqual(show(gotLayers), show(expected.layers), "layers (file:line maxAttempts)");
  const wanted = (code: string) => !expected.rules || expected.rules.has(code);
  const gotFindings = result.findings.filter((f) => wanted(f.rule)).map((f) => `${f.file}:${f.span.line} ${f.rule}`);
  assert.deepEqual(
    [...new Set(gotFindings)].sort(),
    [...expected.findings].filter((f) => wanted(f.split(" ")[1]!)).sort(),
    `findings:\n${result.findings.map((f) => `  ${f.file}:${f.span.line} ${f.rule} ${f.message}`).join("\n")}`,
  );
  for (const p of expected.paths) {
    const found = result.model.paths.find((x) => x.product === p.product && x.target === p.target);
    assert.ok(found, `no path with product ${p.product ?? "∞"} to ${p.target}; paths: ${result.model.paths.map((x) => `${x.product ?? "∞"}→${x.target}`).join(", ") || "none"}`);
  }
  if (expected.pathCount !== null) assert.equal(result.model.paths.length, expected.pathCount, "number of paths");
  checkCountRelink(result.facts, settings);
  return result;
}

/**
 * Differential check of engine/countRelink.ts on every fixture: one layer's count changed (to
 * one more, and to 1) gives, through the link memo, exactly what a fresh link gives — whether
 * the memo relinked the counts or refused and linked in full. The layer is picked from the
 * fixture's text, so each fixture always checks the same one.
 */
export function checkCountRelink(facts: FileFacts[], settings: Settings): { relinked: number; checked: number } {
  const layers = facts.flatMap((f, fi) => f.layers.map((l, li) => ({ fi, li, l })));
  if (!layers.length) return { relinked: 0, checked: 0 };
  const seed = [...facts.map((f) => f.path).join("|")].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const { fi, li, l } = layers[seed % layers.length]!;
  const memo = new LinkMemo();
  runToEnd(analyzeFactsSteps(facts, settings, memo));
  let checked = 0;
  for (const count of [l.maxAttempts === null ? 3 : l.maxAttempts + 1, 1]) {
    const edited = facts.map((f, i) => (i === fi ? { ...f, layers: f.layers.map((x, j) => (j === li ? { ...x, maxAttempts: count, attemptsNote: `${x.attemptsNote} (edited to ${count})` } : x)) } : f));
    const viaMemo = runToEnd(analyzeFactsSteps(edited, settings, memo));
    const fresh = runToEnd(analyzeFactsSteps(edited, settings));
    assert.equal(canonicalResult(viaMemo), canonicalResult(fresh), `count relink of ${facts[fi]!.path} layer ${l.localId} → ${count} (${memo.lastRefusal || "relinked"})`);
    checked++;
  }
  return { relinked: memo.countRelinks, checked };
}

/** everything the report and the editor show, as one comparable text */
export function canonicalResult(r: AnalysisResult): string {
  return JSON.stringify({
    findings: r.findings,
    problems: r.problems,
    suppressed: r.suppressed,
    layers: r.model.layers,
    layerById: [...r.model.layerById],
    hops: r.model.hops,
    paths: r.model.paths,
    clients: r.model.clients,
    services: [...r.model.services].sort(([a], [b]) => a.localeCompare(b)),
    fileService: [...r.model.fileService],
  });
}

/** A layer by file:line, for tests that look at one layer's details. */
export function layerAt(result: AnalysisResult, at: string) {
  const layer = result.model.layers.find((l) => `${l.file}:${l.anchor.line}` === at);
  assert.ok(layer, `no layer at ${at}; layers: ${result.model.layers.map((l) => `${l.file}:${l.anchor.line}`).join(", ")}`);
  return layer;
}
