/**
 * Syntax-only parsing of TypeScript/JavaScript with the compiler that ts-morph bundles.
 * One `ts.createSourceFile` per file: no Project, no program, no type checker, so an edit
 * costs one parse (DESIGN.md "Performance"). The TypeScript parser recovers from syntax
 * errors, so parsing never throws on bad source (DESIGN.md "extract ... never throws").
 *
 * Also the small AST helpers every TS detector shares: spans in the facts' conventions
 * (1-based line, 0-based column), statically known values as `ValueExpr`, dotted names.
 */
import { ts } from "ts-morph";
import type { SourceSpan, ValueExpr } from "../model/facts";

export { ts };

/** Picks the parser dialect from the extension: JSX only where the extension allows it. */
export function scriptKindOf(path: string): ts.ScriptKind {
  const lower = path.toLowerCase();
  if (lower.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (lower.endsWith(".jsx")) return ts.ScriptKind.JSX;
  if (lower.endsWith(".js") || lower.endsWith(".mjs") || lower.endsWith(".cjs")) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** Parses one file; `setParentNodes` is on because the detectors walk upwards (enclosing function). */
export function parseTypeScript(path: string, text: string): ts.SourceFile {
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKindOf(path));
}

/** Syntax errors the parser recovered from (first few), for a ProblemFact. */
export function syntaxErrors(sf: ts.SourceFile): { line: number; message: string }[] {
  // `parseDiagnostics` is internal but stable for years; read it defensively.
  const diags = (sf as unknown as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? [];
  return diags.map((d) => ({
    line: d.start === undefined ? 1 : sf.getLineAndCharacterOfPosition(d.start).line + 1,
    message: ts.flattenDiagnosticMessageText(d.messageText, " "),
  }));
}

/** Span of a node without its leading trivia (comments, blank lines). */
export function spanOf(node: ts.Node, sf: ts.SourceFile = node.getSourceFile()): SourceSpan {
  const start = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  const end = sf.getLineAndCharacterOfPosition(node.getEnd());
  return { line: start.line + 1, column: start.character, endLine: end.line + 1, endColumn: end.character };
}

/** 1-based line where the node's own text starts. */
export function lineOf(node: ts.Node, sf: ts.SourceFile = node.getSourceFile()): number {
  return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
}

/** Depth-first walk over every node below `root` (root excluded). Return false to skip a subtree. */
export function walk(root: ts.Node, visit: (node: ts.Node) => boolean | void): void {
  const step = (node: ts.Node): void => {
    if (visit(node) === false) return;
    ts.forEachChild(node, step);
  };
  ts.forEachChild(root, step);
}

/** Strips wrappers that do not change a value: parentheses, `as`, `!`, `satisfies`, `<T>x`. */
export function unwrap(node: ts.Expression): ts.Expression {
  let n = node;
  for (;;) {
    if (ts.isParenthesizedExpression(n) || ts.isAsExpression(n) || ts.isNonNullExpression(n)) n = n.expression;
    else if (ts.isSatisfiesExpression(n) || ts.isTypeAssertionExpression(n)) n = n.expression;
    else return n;
  }
}

/** A function-like node that has a body: declarations, methods, arrows, function expressions. */
export type FunctionLikeNode =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression;

export function isFunctionLike(node: ts.Node): node is FunctionLikeNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node)
  );
}

/** Text of a property name when it is static: `a`, `"a"`, `'a-b'`, `1`, `["a"]`. */
export function propertyNameText(name: ts.PropertyName | ts.MemberName): string | null {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) {
    const e = unwrap(name.expression);
    if (ts.isStringLiteralLike(e)) return e.text;
  }
  return null;
}

/**
 * The expression a property of an object literal is set to: `key: v`, shorthand `key` (the
 * identifier), method `key() {}` (the method node itself as an expression-like).
 * Returns undefined when the key is absent. Later keys win, as in JavaScript.
 */
export function objectProperty(obj: ts.ObjectLiteralExpression, key: string): ts.Expression | ts.MethodDeclaration | undefined {
  let found: ts.Expression | ts.MethodDeclaration | undefined;
  for (const p of obj.properties) {
    if (!p.name) continue;
    if (propertyNameText(p.name) !== key) continue;
    if (ts.isPropertyAssignment(p)) found = p.initializer;
    else if (ts.isShorthandPropertyAssignment(p)) found = p.name;
    else if (ts.isMethodDeclaration(p)) found = p;
  }
  return found;
}

/** True when the object literal spreads something in (`...defaults`): its keys are not all known. */
export function hasSpread(obj: ts.ObjectLiteralExpression): boolean {
  return obj.properties.some((p) => ts.isSpreadAssignment(p));
}

/**
 * A dotted name for identifiers and property chains: `orders`, `axios.get`, `this.http.post`,
 * `a?.b` (as `a.b`), `a["b"]` (as `a.b`). Null for anything else.
 */
export function dottedName(node: ts.Expression): string | null {
  const n = unwrap(node);
  if (ts.isIdentifier(n)) return n.text;
  if (n.kind === ts.SyntaxKind.ThisKeyword) return "this";
  if (n.kind === ts.SyntaxKind.SuperKeyword) return "super";
  if (ts.isPropertyAccessExpression(n)) {
    const left = dottedName(n.expression);
    return left === null ? null : `${left}.${n.name.text}`;
  }
  if (ts.isElementAccessExpression(n)) {
    const arg = unwrap(n.argumentExpression);
    if (!ts.isStringLiteralLike(arg)) return null;
    const left = dottedName(n.expression);
    return left === null ? null : `${left}.${arg.text}`;
  }
  return null;
}

/**
 * Callee as written, normalised for matching: dotted names, and calls in the chain with their
 * arguments elided (`getClient().post`, `axios.create().get`). `await` is looked through.
 */
export function calleeText(node: ts.Expression): string {
  const n = unwrap(node);
  if (ts.isAwaitExpression(n)) return calleeText(n.expression);
  const dotted = dottedName(n);
  if (dotted !== null) return dotted;
  if (ts.isPropertyAccessExpression(n)) return `${calleeText(n.expression)}.${n.name.text}`;
  if (ts.isElementAccessExpression(n)) {
    const arg = unwrap(n.argumentExpression);
    return `${calleeText(n.expression)}${ts.isStringLiteralLike(arg) ? `.${arg.text}` : "[]"}`;
  }
  if (ts.isCallExpression(n)) return `${calleeText(n.expression)}()`;
  if (ts.isNewExpression(n)) return `new ${calleeText(n.expression)}()`;
  if (isFunctionLike(n)) return "<function>";
  return "<expr>";
}

/** The member name called: `post` for `orders.post(...)`, `fetch` for `fetch(...)`. */
export function calledMember(call: ts.CallExpression): string | null {
  const callee = unwrap(call.expression);
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isElementAccessExpression(callee)) {
    const arg = unwrap(callee.argumentExpression);
    if (ts.isStringLiteralLike(arg)) return arg.text;
  }
  return null;
}

/** The receiver of a member call: `orders` in `orders.post(...)`; undefined for plain calls. */
export function calledReceiver(call: ts.CallExpression): ts.Expression | undefined {
  const callee = unwrap(call.expression);
  if (ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee)) return callee.expression;
  return undefined;
}

/** `require("m")` → "m"; null for anything else. */
export function requiredModule(node: ts.Expression): string | null {
  const n = unwrap(node);
  if (!ts.isCallExpression(n) || !ts.isIdentifier(n.expression) || n.expression.text !== "require") return null;
  const arg = n.arguments[0];
  return arg && ts.isStringLiteralLike(arg) ? arg.text : null;
}

/**
 * A number known from the source: literals (`2_000`), unary minus, `Infinity`, and arithmetic
 * on them (`5 * 1000` is a common way to write a timeout). Null when not static.
 */
export function numberValue(node: ts.Expression): number | null {
  const n = unwrap(node);
  if (ts.isNumericLiteral(n)) return Number(n.text);
  if (ts.isIdentifier(n) && n.text === "Infinity") return Infinity;
  if (ts.isPrefixUnaryExpression(n)) {
    const v = numberValue(n.operand);
    if (v === null) return null;
    if (n.operator === ts.SyntaxKind.MinusToken) return -v;
    if (n.operator === ts.SyntaxKind.PlusToken) return v;
    return null;
  }
  if (ts.isBinaryExpression(n)) {
    const a = numberValue(n.left);
    const b = numberValue(n.right);
    if (a === null || b === null) return null;
    switch (n.operatorToken.kind) {
      case ts.SyntaxKind.PlusToken:
        return a + b;
      case ts.SyntaxKind.MinusToken:
        return a - b;
      case ts.SyntaxKind.AsteriskToken:
        return a * b;
      case ts.SyntaxKind.SlashToken:
        return b === 0 ? null : a / b;
      case ts.SyntaxKind.AsteriskAsteriskToken:
        return a ** b;
      default:
        return null;
    }
  }
  return null;
}

/** `true` / `false` literals; null otherwise. */
export function booleanValue(node: ts.Expression): boolean | null {
  const n = unwrap(node);
  if (n.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (n.kind === ts.SyntaxKind.FalseKeyword) return false;
  return null;
}

/** `process.env.X` / `process.env["X"]` → "X"; null otherwise. */
export function envVarName(node: ts.Expression): string | null {
  const n = unwrap(node);
  if (ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) {
    if (dottedName(n.expression) !== "process.env") return null;
    if (ts.isPropertyAccessExpression(n)) return n.name.text;
    const arg = unwrap(n.argumentExpression);
    return ts.isStringLiteralLike(arg) ? arg.text : null;
  }
  return null;
}

const MAX_UNKNOWN_TEXT = 120;

function unknownValue(node: ts.Node): ValueExpr {
  const text = node.getText().replace(/\s+/g, " ");
  return { kind: "unknown", text: text.length > MAX_UNKNOWN_TEXT ? `${text.slice(0, MAX_UNKNOWN_TEXT)}…` : text };
}

/** `process.env.A ?? process.env.B ?? "d"`: the default goes to the innermost lookup. */
function withFallback(env: Extract<ValueExpr, { kind: "env" }>, fallback: ValueExpr): ValueExpr {
  if (env.fallback?.kind === "env") return { ...env, fallback: withFallback(env.fallback, fallback) };
  if (env.fallback) return env; // `(X ?? "a") ?? "b"`: the second default is never reached
  return { ...env, fallback };
}

/**
 * The value of an expression as far as one file can tell (facts.ts `ValueExpr`):
 * string/number literals; `process.env.X`, with `?? d` / `|| d` as its fallback; template
 * literals and `+` as concatenation; names and dotted names as refs for the linker.
 */
export function valueOf(node: ts.Expression): ValueExpr {
  const n = unwrap(node);
  if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return { kind: "string", value: n.text };
  const num = numberValue(n);
  if (num !== null) return { kind: "number", value: num };
  const env = envVarName(n);
  if (env !== null) return { kind: "env", name: env };
  if (ts.isTemplateExpression(n)) {
    const parts: ValueExpr[] = [];
    if (n.head.text) parts.push({ kind: "string", value: n.head.text });
    for (const span of n.templateSpans) {
      parts.push(valueOf(span.expression));
      if (span.literal.text) parts.push({ kind: "string", value: span.literal.text });
    }
    return { kind: "concat", parts };
  }
  if (ts.isBinaryExpression(n)) {
    const op = n.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
      const left = valueOf(n.left);
      // An env lookup with a default is the common way a service URL is configured.
      if (left.kind === "env") return withFallback(left, valueOf(n.right));
      return unknownValue(n);
    }
    if (op === ts.SyntaxKind.PlusToken) {
      const parts: ValueExpr[] = [];
      for (const side of [valueOf(n.left), valueOf(n.right)]) {
        if (side.kind === "concat") parts.push(...side.parts);
        else parts.push(side);
      }
      return { kind: "concat", parts };
    }
    return unknownValue(n);
  }
  const dotted = dottedName(n);
  if (dotted !== null && !dotted.startsWith("this") && dotted !== "undefined") return { kind: "ref", name: dotted };
  return unknownValue(n);
}

/** Milliseconds in the source → seconds in the facts (axios/fetch timeouts are in ms). */
export function msToSeconds(ms: number | null): number | null {
  return ms === null || !Number.isFinite(ms) ? null : ms / 1000;
}

/**
 * Every comment in the file with its 1-based line: the leading and trailing comment ranges the
 * compiler attaches to tokens, collected once per position.
 */
export function commentsOf(sf: ts.SourceFile): Array<{ text: string; line: number }> {
  const text = sf.text;
  const seen = new Set<number>();
  const out: Array<{ text: string; line: number }> = [];
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      out.push({ text: text.slice(r.pos, r.end), line: sf.getLineAndCharacterOfPosition(r.pos).line + 1 });
    }
  };
  const visit = (node: ts.Node): void => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  take(ts.getLeadingCommentRanges(text, sf.endOfFileToken.pos));
  return out;
}
