/**
 * The shape of a rule (ruff/biome style: one file per rule with metadata, docs, check).
 * Rules see only the Model; they never do I/O.
 */
import type { Finding, Model, Severity } from "../model/model";
import type { Fix, FixContext } from "../fixes/types";

export type FixSafety = "safe" | "unsafe" | "display-only" | "none";

export interface RuleDocs {
  whatItDoes: string;
  whyItMatters: string;
  /** a bad example, in the language it is about */
  example: string;
  howToFix: string;
  /** a good example */
  fixedExample: string;
  options: string;
  references: string[];
}

export interface RuleMeta {
  /** "RL001" — stable, never reused */
  code: string;
  /** kebab-case name of the pattern: "retry-amplification" */
  name: string;
  /** one-line summary for tables and SARIF shortDescription */
  summary: string;
  defaultSeverity: Severity;
  fixSafety: FixSafety;
  docs: RuleDocs;
}

/** A finding before settings (severity overrides, off) are applied. */
export type RawFinding = Omit<Finding, "rule" | "severity"> & {
  /** default is the rule's defaultSeverity; rules soften (e.g. budgeted paths) by lowering it */
  severity?: Severity;
};

export interface Rule {
  meta: RuleMeta;
  check(model: Model): RawFinding[];
  /** edits that remove a finding of this rule; the first preferred safe one is the quick fix */
  fixes?(finding: Finding, ctx: FixContext): Fix[];
}

export const DOCS_BASE_URL = "https://github.com/retry-lens/retry-lens/blob/main/docs/rules/";

export function ruleDocUrl(meta: Pick<RuleMeta, "code" | "name">): string {
  return `${DOCS_BASE_URL}${meta.code}-${meta.name}.md`;
}
