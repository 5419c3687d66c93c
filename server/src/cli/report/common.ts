/**
 * What every reporter shares: the report input, ordering (worst path first, findings by place),
 * and the words for products and chains ("27×", "envoy route /checkout ×3 → session ×3").
 */
import { chainText as formatChain } from "../../model/format";
import type { AnalysisResult } from "../../engine/analyze";
import type { CallPath, Finding, Model, Problem, RetryLayer, Severity } from "../../model/model";
import { ALL_RULES } from "../../rules/registry";
import type { RuleMeta } from "../../rules/types";
import type { SkippedFile } from "../../host/workspace";

export interface ReportInput {
  result: AnalysisResult;
  /** tool version ("0.1.0") */
  version: string;
  /** number of files handed to the engine */
  files: number;
  skipped: SkippedFile[];
  /** config problems and other problems found before the analysis (files relative to the root) */
  problems: Problem[];
  /** absolute scan root, for SARIF's %SRCROOT%; optional */
  root?: string;
}

export const SEVERITIES: readonly Severity[] = ["error", "warning", "info", "hint"];

export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 3, warning: 2, info: 1, hint: 0 };

/** null (unbounded) is worse than any number. */
export function compareProductsWorstFirst(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return b - a;
}

/** Worst first: unbounded, then highest product, then longest chain, then stable by layer ids. */
export function sortPathsWorstFirst(paths: readonly CallPath[]): CallPath[] {
  return [...paths].sort(
    (a, b) =>
      compareProductsWorstFirst(a.product, b.product) ||
      b.layers.length - a.layers.length ||
      cmp(a.target, b.target) ||
      cmp(a.layers.join("\u0000"), b.layers.join("\u0000")),
  );
}

/** By file, line, rule, then column and message. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      cmp(a.file, b.file) ||
      a.span.line - b.span.line ||
      cmp(a.rule, b.rule) ||
      a.span.column - b.span.column ||
      cmp(a.message, b.message),
  );
}

export function sortLayers(layers: readonly RetryLayer[]): RetryLayer[] {
  return [...layers].sort((a, b) => cmp(a.file, b.file) || a.anchor.line - b.anchor.line || cmp(a.id, b.id));
}

export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** "27×", "≥ 10⁶×", "∞" */
export { productText } from "../../model/product";

export { attemptsText, layerName } from "../../model/format";

/** "envoy route /checkout ×3 → reserve_stock ×3 → session ×3" */
export function chainText(path: CallPath, model: Model): string {
  return formatChain(model, path);
}

/** Rule metadata by code, from the registry. */
export function ruleMetaByCode(): Map<string, RuleMeta> {
  return new Map(ALL_RULES.map((r) => [r.meta.code, r.meta]));
}

export function countBySeverity(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const f of findings) counts[f.severity] = (counts[f.severity] ?? 0) + 1;
  return counts;
}

/** The worst path's product; null when it is unbounded; 1 when nothing multiplies (no path). */
export function worstProduct(paths: readonly CallPath[]): number | null {
  if (paths.length === 0) return 1;
  return sortPathsWorstFirst(paths)[0].product;
}

/** Every problem of the run: those found before the analysis, then the engine's. */
export function allProblems(input: ReportInput): Problem[] {
  return [...input.problems, ...input.result.problems];
}

export function plural(n: number, word: string, pluralWord = `${word}s`): string {
  return `${n} ${n === 1 ? word : pluralWord}`;
}
