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
        const offPath = raw.layerId ? model.layerById.get(raw.layerId)?.offPath : undefined;
        findings.push({
          ...raw,
          ...(offPath ? { message: `${raw.message} ${offPathNote(offPath)}` } : {}),
          rule: rule.meta.code,
          // a configured severity wins; otherwise the rule's own (possibly softened) one. A layer
          // off the request paths (startup, tooling) multiplies no request: its hygiene findings
          // are info, still worth fixing because every replica restarts at once after an outage
          severity: setting ?? (offPath ? "info" : raw.severity ?? rule.meta.defaultSeverity),
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

function offPathNote(reason: string): string {
  return `It is off the request paths (${reason}), so it multiplies no request; at boot, though, every replica retries at once.`;
}

