/**
 * Fixes for findings, computed on demand from the current texts. Each rule declares its own
 * (rules/RLxxx-*.ts); this runs them in a guard and combines them for fix-all and `retrylens fix`.
 */
import { combineFixes, type FileCreate, type Fix, type FixContext, type FixEdit } from "../fixes/types";
import type { Finding } from "../model/model";
import { RULES_BY_CODE } from "../rules/registry";

export function fixesFor(finding: Finding, ctx: FixContext): Fix[] {
  const rule = RULES_BY_CODE.get(finding.rule);
  if (!rule?.fixes) return [];
  try {
    return rule.fixes(finding, ctx).filter((f) => f.edits.length > 0 || f.creates.length > 0);
  } catch {
    return [];
  }
}

/** The fix a one-click action applies: the preferred one, safe ones first. */
export function preferredFix(fixes: readonly Fix[], allowUnsafe: boolean): Fix | undefined {
  const allowed = fixes.filter((f) => allowUnsafe || f.safety === "safe");
  return allowed.find((f) => f.preferred && f.safety === "safe") ?? allowed.find((f) => f.preferred) ?? allowed.find((f) => f.safety === "safe");
}

export interface FixAllResult {
  edits: FixEdit[];
  creates: FileCreate[];
  applied: Fix[];
  /** fixes left for another round (their edits overlapped one already taken) */
  deferred: Fix[];
}

/**
 * One round of fix-all: the preferred fix of every finding (in `file`, when given), safe only
 * unless `unsafe`, combined into non-overlapping edits. Run again on the result for the rest.
 */
export function fixAll(findings: readonly Finding[], ctx: FixContext, opts: { file?: string; unsafe?: boolean } = {}): FixAllResult {
  const chosen: Fix[] = [];
  for (const f of findings) {
    if (opts.file && f.file !== opts.file) continue;
    const pick = preferredFix(fixesFor(f, ctx), opts.unsafe === true);
    if (pick && !chosen.includes(pick)) chosen.push(pick);
  }
  return combineFixes(chosen);
}
