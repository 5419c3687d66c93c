/**
 * The JSON report: a contract (DESIGN.md "The JSON report"; `shared/scenarios/check.mjs` reads it).
 * Lines are 1-based; columns are 1-based too (the model's 0-based columns + 1). Files are
 * relative to the scanned folder with '/'. Paths are worst first (unbounded counts as worst),
 * findings by file, line and rule.
 */
import { isSaturated } from "../../model/product";
import type { RetryCondition, WaitSpec } from "../../model/facts";
import type { Severity } from "../../model/model";
import {
  allProblems,
  chainText,
  countBySeverity,
  ruleMetaByCode,
  sortFindings,
  sortLayers,
  sortPathsWorstFirst,
  worstProduct,
  type ReportInput,
} from "./common";

export interface JsonLayer {
  id: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  kind: string;
  library: string;
  category: string;
  maxAttempts: number | null;
  attemptsSource: "config" | "default";
  attemptsNote: string;
  service: string | null;
  /** the first (or only) target of the calls the layer retries */
  target: string | null;
  targets: string[];
  disabled: boolean;
  implicit: boolean;
  /** why the layer is on no request path (startup, migration), or null */
  offPath: string | null;
  label: string;
  wait: WaitSpec;
  condition: RetryCondition;
  budget: string | null;
  timeBound: string | null;
  perTryTimeoutSeconds: number | null;
  overallTimeoutSeconds: number | null;
}

export interface JsonPath {
  /** layer ids, outermost first */
  layers: string[];
  /** for each layer, which hop of `services` it wraps (0: services[0] → services[1]) */
  layerHops: number[];
  /** null = unbounded */
  product: number | null;
  target: string;
  services: string[];
  budgeted: boolean;
  /** "envoy route /checkout ×3 → reserve_stock ×3 → session ×3" */
  chain: string;
  /** only when path enumeration was capped (a problem says so): other chains from the same entry to the same target, not listed */
  others?: number;
  /** set when the product reached its cap (10⁶): the chain makes at least that many attempts */
  saturated?: true;
}

export interface JsonRelated {
  file: string;
  line: number;
  column: number;
  message: string;
}

export interface JsonFinding {
  rule: string;
  name: string | null;
  severity: Severity;
  file: string;
  line: number;
  column: number;
  endLine: number;
  message: string;
  related: JsonRelated[];
  layer: string | null;
  product?: number | null;
}

export interface JsonProblem {
  file: string;
  line: number | null;
  message: string;
}

export interface JsonReport {
  tool: { name: "retrylens"; version: string };
  layers: JsonLayer[];
  paths: JsonPath[];
  findings: JsonFinding[];
  problems: JsonProblem[];
  skipped: { path: string; reason: string; detail?: string }[];
  summary: {
    files: number;
    skipped: number;
    layers: number;
    paths: number;
    /** the worst path's product; null = unbounded; 1 when there is no path */
    worstProduct: number | null;
    findings: number;
    bySeverity: Record<Severity, number>;
  };
}

export function buildJsonReport(input: ReportInput): JsonReport {
  const { model, findings } = input.result;
  const meta = ruleMetaByCode();
  const layers: JsonLayer[] = sortLayers(model.layers).map((l) => ({
    id: l.id,
    file: l.file,
    line: l.anchor.line,
    column: l.anchor.column + 1,
    endLine: l.anchor.endLine,
    kind: l.kind,
    library: l.library,
    category: l.category,
    maxAttempts: l.maxAttempts,
    attemptsSource: l.attemptsSource,
    attemptsNote: l.attemptsNote,
    service: l.service,
    target: l.targets[0] ?? null,
    targets: [...l.targets],
    disabled: l.disabled,
    offPath: l.offPath ?? null,
    implicit: l.implicit,
    label: l.label,
    wait: l.wait,
    condition: l.condition,
    budget: l.budget,
    timeBound: l.timeBound,
    perTryTimeoutSeconds: l.perTryTimeoutSeconds,
    overallTimeoutSeconds: l.overallTimeoutSeconds,
  }));
  const paths: JsonPath[] = sortPathsWorstFirst(model.paths).map((p) => ({
    layers: [...p.layers],
    layerHops: [...p.layerHops],
    product: p.product,
    target: p.target,
    services: [...p.services],
    budgeted: p.budgeted,
    chain: chainText(p, model),
    ...(p.others !== undefined ? { others: p.others } : {}),
    // the product reached the cap (model/product.ts): at least this many, not exactly
    ...(isSaturated(p.product) ? { saturated: true } : {}),
  }));
  const jsonFindings: JsonFinding[] = sortFindings(findings).map((f) => {
    const out: JsonFinding = {
      rule: f.rule,
      name: meta.get(f.rule)?.name ?? null,
      severity: f.severity,
      file: f.file,
      line: f.span.line,
      column: f.span.column + 1,
      endLine: f.span.endLine,
      message: f.message,
      related: f.related.map((r) => ({ file: r.file, line: r.span.line, column: r.span.column + 1, message: r.message })),
      layer: f.layerId,
    };
    if (f.product !== undefined) out.product = f.product;
    return out;
  });
  return {
    tool: { name: "retrylens", version: input.version },
    layers,
    paths,
    findings: jsonFindings,
    problems: allProblems(input).map((p) => ({ file: p.file, line: p.line, message: p.message })),
    skipped: input.skipped.map((s) => ({ ...s })),
    summary: {
      files: input.files,
      skipped: input.skipped.length,
      layers: layers.length,
      paths: paths.length,
      worstProduct: worstProduct(model.paths),
      findings: jsonFindings.length,
      bySeverity: countBySeverity(findings),
    },
  };
}

export function renderJson(input: ReportInput): string {
  return `${JSON.stringify(buildJsonReport(input), null, 2)}\n`;
}
