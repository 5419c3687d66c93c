/**
 * One string per analysis, for comparing two analyses of the same files: the JSON report
 * (server/src/cli/report/json.ts, the contract) with the one list it leaves in input order — the
 * problems — sorted. Everything else the report already orders (layers, paths worst first,
 * findings by place), so a difference there is a difference in the results.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { AnalysisResult, SourceFile } from "../../server/src/engine/analyze";
import { buildJsonReport } from "../../server/src/cli/report/json";
import { sourceLanguage } from "../../server/src/model/languages";

export function canonicalReport(result: AnalysisResult): string {
  const report = buildJsonReport({ result, version: "property", files: 0, skipped: [], problems: [] });
  report.problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || (a.line ?? 0) - (b.line ?? 0) || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
  return JSON.stringify(report, null, 1);
}

/** The first line where two canonical reports differ, with a little context, for an assertion message. */
export function firstDifference(a: string, b: string): string {
  const la = a.split("\n");
  const lb = b.split("\n");
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i]) return `line ${i + 1}:\n  expected ${la.slice(Math.max(0, i - 3), i + 2).join("\n           ")}\n  actual   ${lb.slice(Math.max(0, i - 3), i + 2).join("\n           ")}`;
  }
  return "no difference";
}

export const REPO = join(__dirname, "..", "..");

/** The workspaces the property tests analyse: every scenario, example and fix workspace, the files the engine reads. */
export function propertyWorkspaces(): Array<{ name: string; files: SourceFile[] }> {
  const roots = [
    ...readdirSync(join(REPO, "test", "scenarios"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `test/scenarios/${e.name}/workspace`),
    ...readdirSync(join(REPO, "examples"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `examples/${e.name}`),
    ...readdirSync(join(REPO, "test", "fixes", "workspaces"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `test/fixes/workspaces/${e.name}`),
  ].sort();
  return roots.map((name) => ({ name, files: readSources(join(REPO, name)) })).filter((w) => w.files.length > 0);
}

function readSources(root: string, dir = root, out: SourceFile[] = []): SourceFile[] {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) readSources(root, p, out);
    else {
      const path = relative(root, p).split("\\").join("/");
      if (sourceLanguage(path) !== null && statSync(p).size < 1024 * 1024) out.push({ path, text: readFileSync(p, "utf8") });
    }
  }
  return out;
}
