/**
 * tree-sitter-kotlin expressions, annotations and parameters → the neutral `Expr`/`Annotation`
 * shapes of `syntax.ts` (used by `kotlinSyntax.ts`). `$name` templates, which this grammar
 * version splits into two string contents, are read back as references.
 */
import { nodeSpan, type SyntaxNode } from "../../parsing/treeSitter";
import { descendants } from "../../parsing/python";
import type { Annotation, Arg, Call, Expr, Param } from "./syntax";

export const LAMBDAS = new Set(["lambda_literal", "anonymous_function"]);

export function typeText(n: SyntaxNode | null | undefined): string | null {
  if (!n) return null;
  const t = n.text.replace(/<[\s\S]*>/g, "").replace(/[?\s]/g, "");
  return t.length ? t : null;
}

export function annotationsIn(mods: SyntaxNode | null, ctx: Ctx): Annotation[] {
  if (!mods) return [];
  return descendants(mods, "annotation").map((a) => annotation(a, ctx.expr));
}

export function annotation(a: SyntaxNode, expr: (n: SyntaxNode) => Expr): Annotation {
  const inv = a.namedChildren.find((c) => c?.type === "constructor_invocation");
  const type = (inv ?? a).namedChildren.find((c) => c?.type === "user_type");
  const name = type?.text.replace(/<[\s\S]*>/g, "").replace(/\s+/g, "") ?? "?";
  const args = new Map<string, Expr>();
  for (const v of inv?.namedChildren.find((c) => c?.type === "value_arguments")?.namedChildren ?? []) {
    if (v?.type !== "value_argument") continue;
    const { name: key, value } = valueArgumentParts(v);
    if (value) args.set(key ?? "value", expr(value));
  }
  return { name, simple: name.slice(name.lastIndexOf(".") + 1), args, span: nodeSpan(a) };
}

export function valueArgumentParts(v: SyntaxNode): { name: string | null; value: SyntaxNode | null } {
  const named = v.children.some((c) => c && !c.isNamed && c.type === "=");
  const kids = v.namedChildren.filter((c): c is SyntaxNode => !!c);
  return named ? { name: kids[0]?.text ?? null, value: kids[1] ?? null } : { name: null, value: kids[kids.length - 1] ?? null };
}

export function valueArgument(v: SyntaxNode, ctx: Ctx): Arg {
  const { name, value } = valueArgumentParts(v);
  return { name, value: value ? toExpr(value, ctx) : { k: "other", text: "" }, node: value ?? v };
}

export function functionParams(d: SyntaxNode, ctx: Ctx): Param[] {
  const out: Param[] = [];
  let pending: Annotation[] = [];
  for (const c of d.namedChildren.find((x) => x?.type === "function_value_parameters")?.namedChildren ?? []) {
    if (c?.type === "parameter_modifiers") pending = descendants(c, "annotation").map((a) => annotation(a, ctx.expr));
    if (c?.type !== "parameter") continue;
    const name = c.namedChildren.find((x) => x?.type === "identifier")?.text;
    if (name) out.push({ name, type: typeText(c.namedChildren.find((x) => x?.type === "user_type" || x?.type === "nullable_type")), annotations: pending });
    pending = [];
  }
  return out;
}

export function lambdaParams(d: SyntaxNode): Param[] {
  const ps = d.namedChildren.find((c) => c?.type === "lambda_parameters");
  return descendants(ps ?? d, "variable_declaration")
    .filter(() => !!ps)
    .map((v) => ({ name: v.namedChildren.find((c) => c?.type === "identifier")?.text ?? "it", type: null, annotations: [] }));
}

export interface Ctx {
  expr(n: SyntaxNode): Expr;
  callOf(n: SyntaxNode): Call | undefined;
  idOf(n: SyntaxNode): string;
}

export function toExpr(n: SyntaxNode | null | undefined, ctx: Ctx): Expr {
  if (!n) return { k: "other", text: "" };
  switch (n.type) {
    case "string_literal":
    case "multiline_string_literal":
      return stringExpr(n, ctx);
    case "number_literal":
    case "float_literal":
    case "integer_literal":
    case "long_literal":
    case "real_literal": {
      const t = n.text.replaceAll("_", "").replace(/[lLfFuU]+$/, "");
      const v = /^0x/i.test(t) ? parseInt(t, 16) : Number(t);
      return Number.isFinite(v) ? { k: "num", value: v } : { k: "other", text: n.text };
    }
    case "boolean_literal":
      return { k: "bool", value: n.text === "true" };
    case "identifier":
      if (n.text === "true" || n.text === "false") return { k: "bool", value: n.text === "true" };
      return { k: "name", path: n.text };
    case "this_expression":
      return { k: "name", path: "this" };
    case "navigation_expression": {
      const kids = n.namedChildren.filter((c): c is SyntaxNode => !!c);
      const last = kids[kids.length - 1]?.text ?? "";
      const head = toExpr(kids[0], ctx);
      const isRef = n.children.some((c) => c && !c.isNamed && c.type === "::");
      if (isRef && last === "class" && head.k === "name") return { k: "classLit", type: head.path };
      if (isRef) return { k: "lambda", id: `${head.k === "name" && head.path !== "this" ? `${head.path}.` : ""}${last}` };
      // `String::class.java`
      if (head.k === "classLit" && last === "java") return head;
      if (head.k === "name") return { k: "name", path: head.path === "this" ? last : `${head.path}.${last}` };
      return { k: "other", text: n.text };
    }
    case "callable_reference":
      return { k: "lambda", id: n.text.replace(/^this::|^::/, "").replace(/::/g, ".") };
    case "parenthesized_expression":
      return toExpr(n.namedChildren[0], ctx);
    case "unary_expression":
    case "prefix_expression": {
      const inner = toExpr(n.namedChildren[n.namedChildren.length - 1], ctx);
      if (n.text.startsWith("-") && inner.k === "num") return { k: "num", value: -inner.value };
      return n.text.endsWith("!!") ? inner : { k: "other", text: n.text };
    }
    case "postfix_expression":
      return n.text.endsWith("!!") ? toExpr(n.namedChildren[0], ctx) : { k: "other", text: n.text };
    case "binary_expression":
    case "additive_expression":
    case "multiplicative_expression": {
      const op = n.children.find((c) => c && !c.isNamed)?.text;
      const l = toExpr(n.childForFieldName("left") ?? n.namedChildren[0], ctx);
      const r = toExpr(n.childForFieldName("right") ?? n.namedChildren[1], ctx);
      if (op === "+" && (l.k === "str" || r.k === "str" || l.k === "concat" || r.k === "concat")) return { k: "concat", parts: [...(l.k === "concat" ? l.parts : [l]), ...(r.k === "concat" ? r.parts : [r])] };
      if (op === "*" && l.k === "num" && r.k === "num") return { k: "num", value: l.value * r.value };
      return { k: "other", text: n.text };
    }
    case "call_expression": {
      const call = ctx.callOf(n);
      if (!call) {
        // annotation arguments on a first (mis-parsed) tree: `Backoff(delay = 500)` as a nested annotation
        const callee = n.namedChildren[0];
        if (callee && /^[A-Z]/.test(callee.text) && !/^(arrayOf|listOf)$/.test(callee.text)) {
          const args = new Map<string, Expr>();
          for (const v of n.namedChildren.find((c) => c?.type === "value_arguments")?.namedChildren ?? []) {
            if (v?.type !== "value_argument") continue;
            const p = valueArgumentParts(v);
            if (p.value) args.set(p.name ?? "value", toExpr(p.value, ctx));
          }
          return { k: "annotation", ann: { name: callee.text, simple: callee.text.split(".").pop()!, args, span: nodeSpan(n) } };
        }
      }
      if (call && !call.receiver && /^(arrayOf|listOf|setOf)$/.test(call.name)) return { k: "array", items: call.args.map((a) => a.value) };
      // a nested annotation in an annotation argument (`backoff = Backoff(delay = 500)`)
      if (call?.isNew && n.parent?.type === "value_argument" && insideAnnotation(n)) {
        const args = new Map<string, Expr>();
        for (const a of call.args) args.set(a.name ?? "value", a.value);
        return { k: "annotation", ann: { name: call.name, simple: call.name.split(".").pop()!, args, span: call.span } };
      }
      return call ? { k: "call", call } : { k: "other", text: n.text };
    }
    case "collection_literal":
      return { k: "array", items: n.namedChildren.filter((c): c is SyntaxNode => !!c).map((c) => toExpr(c, ctx)) };
    case "annotation":
      return { k: "annotation", ann: annotation(n, (x) => toExpr(x, ctx)) };
    case "lambda_literal":
    case "anonymous_function":
      return { k: "lambda", id: ctx.idOf(n) };
    case "annotated_lambda":
      return toExpr(n.namedChildren.find((c) => c && LAMBDAS.has(c.type)), ctx);
  }
  return { k: "other", text: n.text };
}

function insideAnnotation(n: SyntaxNode): boolean {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === "annotation") return true;
    if (p.type === "function_body" || p.type === "class_body" || p.type === "block") return false;
  }
  return false;
}

/** `"$base/x/${id}"` → concat(ref base, "/x/", ref id); `"\${a.b}"` keeps the `${…}` text (Spring placeholders). */
function stringExpr(n: SyntaxNode, ctx: Ctx): Expr {
  const parts: Expr[] = [];
  let text = "";
  const flush = () => {
    if (text) parts.push({ k: "str", value: text });
    text = "";
  };
  const kids = n.namedChildren.filter((c): c is SyntaxNode => !!c);
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i]!;
    if (c.type === "escape_sequence") text += c.text === "\\$" ? "$" : unescape(c.text);
    else if (c.type === "interpolation") {
      flush();
      parts.push(toExpr(c.namedChildren[0], ctx));
    } else if (c.type === "string_content" && c.text === "$" && kids[i + 1]?.type === "string_content" && c.endIndex === kids[i + 1]!.startIndex) {
      // `$name`: this grammar version splits it into "$" and "name…" contents
      const next = kids[++i]!.text;
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(next);
      if (!m) text += `$${next}`;
      else {
        flush();
        parts.push({ k: "name", path: m[0] });
        text = next.slice(m[0].length);
      }
    } else if (c.type === "string_content") text += c.text;
  }
  flush();
  if (parts.length === 0) return { k: "str", value: "" };
  return parts.length === 1 && parts[0]!.k === "str" ? parts[0]! : { k: "concat", parts };
}

function unescape(s: string): string {
  const simple: Record<string, string> = { "\\n": "\n", "\\t": "\t", "\\\\": "\\", "\\'": "'", '\\"': '"' };
  return simple[s] ?? s.slice(1);
}
