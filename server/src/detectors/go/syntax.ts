/**
 * Helpers over tree-sitter-go syntax nodes: names, literals, durations, call arguments.
 * Pure functions of the tree; they tolerate ERROR nodes and missing children (null, never throw).
 */
import type { SyntaxNode } from "../../parsing/treeSitter";

import { enclosingOfType } from "../../parsing/python";

export { descendants } from "../../parsing/python";
export { nodeSpan } from "../../parsing/treeSitter";

/** Scopes: a function's body, a method's body, a closure. */
export const FUNCTION_NODES = new Set(["function_declaration", "method_declaration", "func_literal"]);

/** "a.b.c" for identifier / selector chains, parentheses and `*p` dropped; null for anything else. */
export function dottedName(n: SyntaxNode | null | undefined): string | null {
  if (!n) return null;
  switch (n.type) {
    case "identifier":
    case "field_identifier":
    case "package_identifier":
    case "type_identifier":
      return n.text;
    case "selector_expression": {
      const head = dottedName(n.childForFieldName("operand"));
      const field = n.childForFieldName("field")?.text;
      return head && field ? `${head}.${field}` : null;
    }
    case "qualified_type": {
      const pkg = n.childForFieldName("package")?.text;
      const name = n.childForFieldName("name")?.text;
      return pkg && name ? `${pkg}.${name}` : null;
    }
    case "parenthesized_expression":
      return dottedName(n.namedChildren[0]);
    case "unary_expression":
      // `&x` / `*x` name the same thing for our purposes
      return /^[&*]/.test(n.text) ? dottedName(n.childForFieldName("operand")) : null;
    case "pointer_type":
      return dottedName(n.namedChildren[0]);
    case "generic_type":
      return dottedName(n.childForFieldName("type"));
    case "index_expression":
      // explicit instantiation: backoff.Retry[string]
      return dottedName(n.childForFieldName("operand"));
  }
  return null;
}

/** The callee node of a call, explicit type arguments dropped. */
export function calleeNode(call: SyntaxNode): SyntaxNode | null {
  const fn = call.childForFieldName("function");
  return fn?.type === "index_expression" ? fn.childForFieldName("operand") : fn;
}

/** Positional arguments of a call (Go has no keywords); a trailing `xs...` stays as its identifier. */
export function callArgs(call: SyntaxNode): SyntaxNode[] {
  const list = call.childForFieldName("arguments");
  return (list?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c && c.type !== "comment").map((c) => (c.type === "variadic_argument" ? (c.namedChildren[0] ?? c) : c));
}

/** Value of an interpreted or raw string literal; null otherwise. */
export function stringValue(n: SyntaxNode | null | undefined): string | null {
  if (!n) return null;
  if (n.type === "raw_string_literal") return n.text.slice(1, -1);
  if (n.type === "interpreted_string_literal") {
    let out = "";
    for (const c of n.namedChildren) {
      if (!c) continue;
      if (c.type === "interpreted_string_literal_content") out += c.text;
      else if (c.type === "escape_sequence") out += unescape(c.text);
    }
    return out;
  }
  if (n.type === "parenthesized_expression") return stringValue(n.namedChildren[0]);
  return null;
}

function unescape(s: string): string {
  const simple: Record<string, string> = { "\\n": "\n", "\\t": "\t", "\\\\": "\\", "\\'": "'", '\\"': '"', "\\r": "\r" };
  return simple[s] ?? s.slice(1);
}

/** Integer and float literals (`_` separators, hex), negation, parentheses, `int(n)` conversions. */
export function numberValue(n: SyntaxNode | null | undefined): number | null {
  if (!n) return null;
  if (n.type === "int_literal" || n.type === "float_literal") {
    const t = n.text.replaceAll("_", "");
    const v = /^0x/i.test(t) ? parseInt(t, 16) : /^0o/i.test(t) ? parseInt(t.slice(2), 8) : Number(t);
    return Number.isFinite(v) ? v : null;
  }
  if (n.type === "unary_expression" && n.text.startsWith("-")) {
    const inner = numberValue(n.childForFieldName("operand"));
    return inner === null ? null : -inner;
  }
  if (n.type === "parenthesized_expression") return numberValue(n.namedChildren[0]);
  if (n.type === "call_expression" && /^(u?int(8|16|32|64)?|float(32|64))$/.test(n.childForFieldName("function")?.text ?? "")) return numberValue(callArgs(n)[0]);
  return null;
}

const TIME_UNITS: Record<string, number> = { Nanosecond: 1e-9, Microsecond: 1e-6, Millisecond: 1e-3, Second: 1, Minute: 60, Hour: 3600 };

/**
 * A time.Duration in seconds: `500 * time.Millisecond`, `time.Second * 2`, `2*time.Minute`,
 * `time.Duration(3) * time.Second`, a bare `0` (nanoseconds, so 0 s). `timePkg` is the local name
 * of the "time" import. null when not a literal duration.
 */
export function durationSeconds(n: SyntaxNode | null | undefined, timePkg = "time"): number | null {
  if (!n) return null;
  if (n.type === "parenthesized_expression") return durationSeconds(n.namedChildren[0], timePkg);
  if (n.type === "selector_expression" && n.childForFieldName("operand")?.text === timePkg) {
    return TIME_UNITS[n.childForFieldName("field")?.text ?? ""] ?? null;
  }
  if (n.type === "call_expression" && dottedName(n.childForFieldName("function")) === `${timePkg}.Duration`) {
    const inner = callArgs(n)[0];
    const v = numberValue(inner);
    return v !== null ? v * 1e-9 : durationSeconds(inner, timePkg);
  }
  if (n.type === "binary_expression" && n.childForFieldName("operator")?.text === "*") {
    const l = n.childForFieldName("left");
    const r = n.childForFieldName("right");
    const ln = numberValue(l) ?? durationSeconds(l, timePkg);
    const rn = numberValue(r) ?? durationSeconds(r, timePkg);
    if (ln === null || rn === null) return null;
    // exactly one side is a unit; `2 * 3` alone is nanoseconds
    return ln * rn;
  }
  const raw = numberValue(n);
  return raw === null ? null : raw * 1e-9;
}

export function fmtSeconds(s: number): string {
  if (s >= 120 && Number.isInteger(s / 60)) return `${s / 60} min`;
  return `${Number(s.toFixed(3))} s`;
}

/** `x := v`, `x = v`, `var x = v`: the identifier a value is bound to, or null. */
export function bindingOf(value: SyntaxNode): string | null {
  let v: SyntaxNode = value;
  while (v.parent?.type === "parenthesized_expression") v = v.parent;
  const list = v.parent;
  if (list?.type !== "expression_list") return null;
  const stmt = list.parent;
  if (!stmt) return null;
  const index = list.namedChildren.findIndex((c) => c?.id === v.id);
  if (stmt.type === "short_var_declaration" || stmt.type === "assignment_statement") {
    if (stmt.childForFieldName("right")?.id !== list.id) return null;
    const left = stmt.childForFieldName("left")?.namedChildren ?? [];
    // `a, err := f()`: one call, several results; the first is the value
    const target = left[list.namedChildCount === 1 ? 0 : index];
    return target?.type === "identifier" && target.text !== "_" ? target.text : dottedName(target);
  }
  if (stmt.type === "var_spec" || stmt.type === "const_spec") {
    const names = stmt.childrenForFieldName("name");
    const target = names[list.namedChildCount === 1 ? 0 : index];
    return target?.text ?? null;
  }
  return null;
}

/** The nearest enclosing function/method/closure node, or null at package level. */
export function enclosingFunction(n: SyntaxNode): SyntaxNode | null {
  return enclosingOfType(n, FUNCTION_NODES);
}

/** Is `inner` inside `outer` (or the same node)? */
export function within(inner: SyntaxNode, outer: SyntaxNode): boolean {
  return inner.startIndex >= outer.startIndex && inner.endIndex <= outer.endIndex;
}
