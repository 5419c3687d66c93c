/**
 * Code guarded by a test-environment check is test code (docs/design.md "off-path layer"): a
 * client built only under `if (process.env.NODE_ENV === "test") { … }` (a local Redis for the e2e
 * suite, a mock endpoint) is not the running service's client, as a file under `test/` is not.
 * Its layers stay reported, off the request paths, with the reason.
 *
 * A test-environment check: an environment-name variable (`NODE_ENV`, `APP_ENV`, `*_ENV`,
 * `ENVIRONMENT`, `STAGE`; read directly, through `String(…)`/a template, or through a `const` of
 * the file holding either or the check itself: `const ENV = \`${process.env.NODE_ENV}\``,
 * `const isTest = …`) compared with a test name (`test`, `testing`, `e2e`, `dev-test`, `test-e2e`),
 * or `["test", "e2e"].includes(ENV)`; `a || b` of such checks, `a && b` with one. Its negation
 * (`!==`, `!`) guards the else branch. A branch taken in the test environment only: the `then`
 * of a check, the `else` of its negation (if statements and `?:`).
 */
import type { FileFacts } from "../../model/facts";
import { dottedName, envVarName, ts, unwrap } from "../../parsing/typescript";
import type { FileIndex } from "./module";

const ENV_NAME = /(^|_)(ENV|ENVIRONMENT|STAGE)$/;
const TEST_NAME = /^(test|testing|e2e|[a-z0-9]+[-_]test|test[-_][a-z0-9]+)$/i;

type Sense = "test" | "not-test" | null;

export function markTestEnvironmentLayers(sf: ts.SourceFile, index: FileIndex, facts: FileFacts): void {
  if (!facts.layers.length || !/\b(NODE_ENV|ENV|ENVIRONMENT|STAGE)\b/.test(sf.text)) return;
  // consts by name; a name declared twice with different values is no one value
  const consts = new Map<string, ts.Expression>();
  const ambiguous = new Set<string>();
  for (const v of index.variables) {
    const list = v.parent;
    if (!ts.isIdentifier(v.name) || !v.initializer || !ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const)) continue;
    const seen = consts.get(v.name.text);
    if (seen && seen.getText(sf) !== v.initializer.getText(sf)) ambiguous.add(v.name.text);
    consts.set(v.name.text, v.initializer);
  }
  for (const name of ambiguous) consts.delete(name);
  const ranges: Array<{ start: number; end: number; reason: string }> = [];
  const visit = (n: ts.Node): void => {
    const branch = ts.isIfStatement(n) ? { cond: n.expression, then: n.thenStatement, other: n.elseStatement } : ts.isConditionalExpression(n) ? { cond: n.condition, then: n.whenTrue, other: n.whenFalse } : null;
    if (branch) {
      const sense = senseOf(branch.cond, consts, 0);
      const guarded = sense === "test" ? branch.then : sense === "not-test" ? branch.other : undefined;
      if (guarded) ranges.push({ start: guarded.getStart(sf), end: guarded.getEnd(), reason: branch.cond.getText(sf).replace(/\s+/g, " ").slice(0, 60) });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (!ranges.length) return;
  const lineStarts = sf.getLineStarts();
  for (const layer of facts.layers) {
    if (layer.offPath) continue;
    const at = lineStarts[layer.anchor.line - 1];
    if (at === undefined) continue;
    const pos = at + layer.anchor.column;
    const range = ranges.find((r) => r.start <= pos && pos < r.end);
    if (range) layer.offPath = `test code: built only in the test environment (${range.reason}), not by the running service`;
  }
}

/** Whether a condition holds only in the test environment ("test"), fails only there ("not-test"), or neither. */
function senseOf(e: ts.Expression, consts: Map<string, ts.Expression>, depth: number): Sense {
  if (depth > 4) return null;
  const u = unwrap(e);
  if (ts.isIdentifier(u) && consts.has(u.text)) return senseOf(consts.get(u.text)!, consts, depth + 1);
  if (ts.isPrefixUnaryExpression(u) && u.operator === ts.SyntaxKind.ExclamationToken) return flip(senseOf(u.operand, consts, depth + 1));
  if (ts.isBinaryExpression(u)) {
    const op = u.operatorToken.kind;
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.AmpersandAmpersandToken) {
      const [l, r] = [senseOf(u.left, consts, depth + 1), senseOf(u.right, consts, depth + 1)];
      // "test": the condition holds only in the test environment; "not-test": it fails only there.
      // `a || b` holds only there when both do, fails only there when either does; `a && b` dually
      if (op === ts.SyntaxKind.BarBarToken) return l === "test" && r === "test" ? "test" : l === "not-test" || r === "not-test" ? "not-test" : null;
      return l === "test" || r === "test" ? "test" : l === "not-test" && r === "not-test" ? "not-test" : null;
    }
    const eq = op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken;
    const ne = op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken;
    if (!eq && !ne) return null;
    const [env, lit] = isEnvRead(u.left, consts, 0) ? [u.left, unwrap(u.right)] : isEnvRead(u.right, consts, 0) ? [u.right, unwrap(u.left)] : [null, null];
    if (!env || !lit || !ts.isStringLiteralLike(lit) || !TEST_NAME.test(lit.text)) return null;
    return eq ? "test" : "not-test";
  }
  // `["test", "e2e"].includes(ENV)`
  if (ts.isCallExpression(u) && ts.isPropertyAccessExpression(u.expression) && u.expression.name.text === "includes" && u.arguments[0] && isEnvRead(u.arguments[0], consts, 0)) {
    const list = unwrap(u.expression.expression);
    if (ts.isArrayLiteralExpression(list) && list.elements.length && list.elements.every((x) => ts.isStringLiteralLike(x) && TEST_NAME.test(x.text))) return "test";
  }
  return null;
}

function flip(s: Sense): Sense {
  return s === "test" ? "not-test" : s === "not-test" ? "test" : null;
}

/** `process.env.NODE_ENV`, `String(process.env.NODE_ENV)`, `` `${process.env.NODE_ENV}` ``, or a const holding one. */
function isEnvRead(e: ts.Expression, consts: Map<string, ts.Expression>, depth: number): boolean {
  if (depth > 4) return false;
  const u = unwrap(e);
  const name = envVarName(u);
  if (name !== null) return ENV_NAME.test(name);
  if (ts.isIdentifier(u) && consts.has(u.text)) return isEnvRead(consts.get(u.text)!, consts, depth + 1);
  if (ts.isTemplateExpression(u) && u.head.text === "" && u.templateSpans.length === 1 && u.templateSpans[0]!.literal.text === "") return isEnvRead(u.templateSpans[0]!.expression, consts, depth + 1);
  if (ts.isCallExpression(u) && dottedName(u.expression) === "String" && u.arguments[0]) return isEnvRead(u.arguments[0], consts, depth + 1);
  // `process.env.NODE_ENV ?? "development"`, `process.env.NODE_ENV || ""`
  if (ts.isBinaryExpression(u) && (u.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || u.operatorToken.kind === ts.SyntaxKind.BarBarToken)) return isEnvRead(u.left, consts, depth + 1);
  return false;
}
