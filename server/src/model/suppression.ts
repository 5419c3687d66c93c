/**
 * Suppression comments: `retry-lens: ignore RL004 -- reason` (or several codes, or rule names,
 * or no code for every rule) in a comment on the finding's line or the line above it.
 * Detectors hand over each comment's text and line; this reads the directive out of it.
 */
export interface SuppressionFact {
  /** line of the comment (1-based); it covers this line and the next */
  line: number;
  /** rule codes or names; empty = every rule */
  rules: string[];
  reason: string | null;
}

const DIRECTIVE = "retry-lens:";

export function parseSuppression(comment: string, line: number): SuppressionFact | null {
  const at = comment.indexOf(DIRECTIVE);
  if (at < 0) return null;
  const rest = comment.slice(at + DIRECTIVE.length).trim();
  const words = rest.split(/\s+/);
  if (words[0]?.toLowerCase() !== "ignore") return null;
  const afterIgnore = rest.slice(words[0].length);
  const dash = afterIgnore.indexOf("--");
  const list = (dash >= 0 ? afterIgnore.slice(0, dash) : afterIgnore).replace(/\*\/\s*$/, "");
  const reason = dash >= 0 ? afterIgnore.slice(dash + 2).replace(/\*\/\s*$/, "").trim() || null : null;
  const rules = list
    .split(/[\s,]+/)
    .map((r) => r.trim())
    .filter((r) => r.length > 0);
  return { line, rules: rules.map((r) => (/^rl\d{3}$/i.test(r) ? r.toUpperCase() : r)), reason };
}

/** Does a suppression in the same file cover a finding of `rule` (code and name) on `line`? */
export function isSuppressed(suppressions: readonly SuppressionFact[], rule: { code: string; name: string }, line: number): boolean {
  return suppressions.some(
    (s) => (s.line === line || s.line === line - 1) && (s.rules.length === 0 || s.rules.includes(rule.code) || s.rules.includes(rule.name)),
  );
}
