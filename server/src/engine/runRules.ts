/**
 * Runs rules against a model: each rule inside its own guard (a failing rule is one problem,
 * the others still report), settings applied (severity overrides, "off"), findings sorted.
 */
import type { Finding, Model, Problem } from "../model/model";
import type { Rule } from "../rules/types";
import { isSuppressed, type SuppressionFact } from "../model/suppression";

export function runRules(
  model: Model,
  rules: Rule[],
  suppressions: ReadonlyMap<string, readonly SuppressionFact[]> = new Map(),
): { findings: Finding[]; problems: Problem[]; suppressed: number } {
  let suppressed = 0;
  const findings: Finding[] = [];
  const problems: Problem[] = [];
  for (const rule of rules) {
    const setting = model.settings.rules[rule.meta.code];
    if (setting === "off") continue;
    try {
      for (const raw of rule.check(model)) {
        const inFile = suppressions.get(raw.file);
        if (inFile && isSuppressed(inFile, rule.meta, raw.span.line)) {
          suppressed++;
          continue;
        }
        findings.push({
          ...raw,
          rule: rule.meta.code,
          // a configured severity wins; otherwise the rule's own (possibly softened) one
          severity: setting ?? raw.severity ?? rule.meta.defaultSeverity,
        });
      }
    } catch (err) {
      problems.push({ file: "", line: null, message: `rule ${rule.meta.code} failed: ${(err as Error).message}` });
    }
  }
  findings.sort((a, b) => a.file.localeCompare(b.file) || a.span.line - b.span.line || a.rule.localeCompare(b.rule));
  // one policy line can stand for several layers (an Envoy virtual-host retry_policy applies to
  // each of its routes): the same message on the same line is one finding
  const seen = new Set<string>();
  const unique = findings.filter((f) => {
    const key = `${f.rule}|${f.file}|${f.span.line}|${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { findings: unique, problems, suppressed };
}
