/**
 * What a scan must print whatever the input (docs/design.md "The JSON report"): one JSON object
 * of the contract's shape whose numbers are numbers. JSON has no Infinity or NaN (JSON.stringify
 * writes them as null), so a product is checked against its layers: null only when a layer on
 * the path is unbounded (maxAttempts null), otherwise the finite product of the layers' counts —
 * or, where a count saturates, at least 10⁶ (model.ts: `others` saturates at 10⁶).
 */
import type { JsonReport } from "../../server/src/cli/report/json";

export const SATURATION = 1_000_000;

/** engine problems that mean the engine or a budget gave up, not that the input was bad */
export const BUDGET_PROBLEM = /took longer than|ran out of memory|the extractor (failed|stopped)/;
export const WORKSPACE_PROBLEM = /^linking failed|^rule RL\d+ failed/;
/** a detector or parser threw and its guard caught it: the file lost facts */
export const GUARDED_PROBLEM = /detector failed|extraction failed|could not analyse|parser failed|file index failed|reading the syntax tree failed|parser ran out of stack/;
/** stderr that says something escaped every guard */
export const STDERR_CRASH = /unhandled|internal error|uncaught|fatal error|\n\s+at .+:\d+:\d+\)?|Maximum call stack|heap out of memory|Aborted|core dumped/i;

export interface ReportVerdict {
  report: JsonReport | null;
  /** the report breaks the contract (or the engine gave up on the workspace) */
  errors: string[];
  /** guarded per-file failures (the guard held; the file lost its facts) */
  guarded: string[];
  /** suspicious but within the contract (non-integer or negative attempt counts) */
  notes: string[];
}

const isInt = (v: unknown) => typeof v === "number" && Number.isInteger(v);
const isStr = (v: unknown) => typeof v === "string";

export function checkReport(stdout: string): ReportVerdict {
  const errors: string[] = [];
  const guarded: string[] = [];
  const notes: string[] = [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch (err) {
    return { report: null, errors: [`stdout is not JSON (${(err as Error).message}): ${stdout.slice(0, 200)}`], guarded, notes };
  }
  const r = parsed as JsonReport;
  if (!r || typeof r !== "object" || Array.isArray(r)) return { report: null, errors: ["stdout is not a JSON object"], guarded, notes };
  if (r.tool?.name !== "retrylens" || !isStr(r.tool?.version)) errors.push(`tool is ${JSON.stringify(r.tool)}`);
  for (const key of ["layers", "paths", "findings", "problems", "skipped"] as const) if (!Array.isArray(r[key])) errors.push(`${key} is not an array`);
  if (!r.summary || typeof r.summary !== "object") errors.push("summary is missing");
  if (errors.length) return { report: null, errors, guarded, notes };

  const byId = new Map<string, JsonReport["layers"][number]>();
  for (const l of r.layers) {
    const where = `layer ${l.id} (${l.file}:${l.line})`;
    if (!isStr(l.id) || !isStr(l.file) || !isStr(l.kind)) errors.push(`${where}: id, file or kind is not a string`);
    if (!isInt(l.line) || l.line < 1) errors.push(`${where}: line ${l.line} is not a 1-based integer`);
    if (l.maxAttempts !== null && (typeof l.maxAttempts !== "number" || !Number.isFinite(l.maxAttempts))) errors.push(`${where}: maxAttempts ${l.maxAttempts}`);
    else if (l.maxAttempts !== null && (!Number.isInteger(l.maxAttempts) || l.maxAttempts < 0)) notes.push(`${where}: maxAttempts ${l.maxAttempts} (${l.attemptsNote})`);
    byId.set(l.id, l);
  }
  let worst: number | null = 1;
  let sawPath = false;
  for (const p of r.paths) {
    const where = `path ${p.chain}`;
    const ls = p.layers.map((id) => byId.get(id));
    if (ls.some((l) => !l)) {
      errors.push(`${where}: names a layer the report does not list`);
      continue;
    }
    const unbounded = ls.some((l) => l!.maxAttempts === null);
    const expected = unbounded ? null : ls.reduce((acc, l) => acc * l!.maxAttempts!, 1);
    if (p.product === null) {
      // null is "unbounded"; from bounded layers it is Infinity or NaN written by JSON.stringify
      if (!unbounded) errors.push(`${where}: product null from bounded layers (${ls.map((l) => l!.maxAttempts).join(" × ")} = ${expected}): Infinity or NaN in the report`);
    } else if (typeof p.product !== "number" || !Number.isFinite(p.product)) errors.push(`${where}: product ${p.product}`);
    else if (unbounded) errors.push(`${where}: product ${p.product} but a layer is unbounded`);
    // (multiplied in another grouping, big or fractional counts may round differently in the last bit)
    else if (expected !== null && Math.abs(p.product - expected) > 1e-9 * Math.abs(expected) && !(p.product >= SATURATION && expected >= SATURATION)) errors.push(`${where}: product ${p.product}, layers multiply to ${expected}`);
    if (p.others !== undefined && (!isInt(p.others) || p.others < 0 || p.others > SATURATION)) errors.push(`${where}: others ${p.others}`);
    sawPath = true;
    worst = worst === null || p.product === null ? null : Math.max(worst, p.product);
  }
  const sw = r.summary.worstProduct;
  if (sw !== (sawPath ? worst : 1) && !(sawPath && worst !== null && sw !== null && sw >= SATURATION && worst >= SATURATION)) errors.push(`summary.worstProduct ${sw}, paths say ${sawPath ? worst : 1}`);
  for (const f of r.findings) {
    if (!isStr(f.rule) || !isStr(f.file) || !isStr(f.message)) errors.push(`finding ${JSON.stringify(f).slice(0, 120)}: rule, file or message is not a string`);
    if (!isInt(f.line) || f.line < 1) errors.push(`finding ${f.rule} ${f.file}: line ${f.line}`);
    if (f.product !== undefined && f.product !== null && !Number.isFinite(f.product)) errors.push(`finding ${f.rule} ${f.file}:${f.line}: product ${f.product}`);
    // a product written from a non-finite number ("NaN×", "Infinity×"); a library's own word
    // ("maximumAttempts Infinity", Temporal's default) is no product
    if (/\b(NaN|Infinity)×/.test(f.message)) errors.push(`finding ${f.rule} ${f.file}:${f.line}: message says ${f.message}`);
  }
  for (const p of r.problems) {
    if (!isStr(p.message)) errors.push(`problem ${JSON.stringify(p)}: message is not a string`);
    else if (BUDGET_PROBLEM.test(p.message) || WORKSPACE_PROBLEM.test(p.message)) errors.push(`problem ${p.file}: ${p.message.split("\n")[0]}`);
    else if (GUARDED_PROBLEM.test(p.message)) guarded.push(`${p.file}: ${p.message.split("\n")[0]}`);
  }
  return { report: r, errors, guarded, notes };
}
