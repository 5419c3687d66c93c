/**
 * Helpers over tree-sitter-c-sharp syntax nodes: dotted names, literals, arguments, value
 * expressions. Pure functions of the tree; they tolerate ERROR nodes and missing children.
 * The node index and `descendants` walk are the grammar-generic ones in ./python.
 */
import type { ValueExpr } from "../model/facts";
import type { SyntaxNode } from "./treeSitter";

export { descendants, nodeIndex } from "./python";
export { nodeSpan } from "./treeSitter";

/**
 * "a.b.c" for identifier / member-access / qualified-name chains (`this.` dropped, generic
 * arguments dropped: `Policy.Handle<X>` → `Policy.Handle`); null for anything else.
 */
export function dottedName(n: SyntaxNode | null | undefined): string | null {
  if (!n) return null;
  switch (n.type) {
    case "identifier":
      return n.text;
    case "generic_name":
      return n.namedChildren.find((c) => c?.type === "identifier")?.text ?? null;
    case "this_expression":
    case "this":
      return "this";
    case "member_access_expression": {
      const name = dottedName(n.childForFieldName("name"));
      const expr = n.childForFieldName("expression");
      if (!name) return null;
      if (!expr) return n.text.startsWith("this.") ? name : null;
      const head = dottedName(expr);
      if (!head) return null;
      return head === "this" ? name : `${head}.${name}`;
    }
    case "qualified_name": {
      const q = dottedName(n.childForFieldName("qualifier"));
      const name = dottedName(n.childForFieldName("name"));
      return q && name ? `${q}.${name}` : null;
    }
    case "parenthesized_expression":
      return dottedName(n.namedChildren[0]);
    case "conditional_access_expression": {
      // x?.Member
      const cond = n.childForFieldName("condition");
      const binding = n.namedChildren.find((c) => c?.type === "member_binding_expression");
      const head = dottedName(cond?.type === "await_expression" ? cond.namedChildren[0] : cond);
      const name = dottedName(binding?.childForFieldName("name"));
      return head && name ? `${head}.${name}` : null;
    }
  }
  return null;
}

/** The last member name of a callee node (`a.b.GetAsync` → GetAsync, `Handle<T>` → Handle). */
export function memberName(n: SyntaxNode | null | undefined): string | null {
  if (!n) return null;
  if (n.type === "member_access_expression") return dottedName(n.childForFieldName("name"));
  if (n.type === "conditional_access_expression") {
    const binding = n.namedChildren.find((c) => c?.type === "member_binding_expression");
    return dottedName(binding?.childForFieldName("name"));
  }
  return dottedName(n);
}

/** The value of a plain string literal (regular, verbatim, raw); null otherwise. */
export function stringValue(n: SyntaxNode | null | undefined): string | null {
  if (!n) return null;
  if (n.type === "string_literal") {
    let out = "";
    for (const c of n.namedChildren) {
      if (!c) continue;
      if (c.type === "string_literal_content") out += c.text;
      else if (c.type === "escape_sequence") out += unescape(c.text);
    }
    return out;
  }
  if (n.type === "verbatim_string_literal") return n.text.replace(/^@"/, "").replace(/"$/, "").replaceAll('""', '"');
  if (n.type === "raw_string_literal") {
    return n.namedChildren.filter((c) => c?.type === "raw_string_content").map((c) => c!.text).join("");
  }
  if (n.type === "parenthesized_expression") return stringValue(n.namedChildren[0]);
  return null;
}

function unescape(s: string): string {
  const simple: Record<string, string> = { "\\n": "\n", "\\t": "\t", "\\\\": "\\", "\\'": "'", '\\"': '"', "\\0": "\0" };
  return simple[s] ?? s.slice(1);
}

/** Integer and real literals (suffixes and `_` separators dropped), negation, parentheses, `int.MaxValue`. */
export function numberValue(n: SyntaxNode | null | undefined): number | null {
  if (!n) return null;
  if (n.type === "integer_literal" || n.type === "real_literal") {
    const t = n.text.replaceAll("_", "").replace(/(ul|lu|u|l|f|d|m)$/i, "");
    const v = /^0x/i.test(t) ? parseInt(t, 16) : Number(t);
    return Number.isFinite(v) ? v : null;
  }
  if (n.type === "prefix_unary_expression" && n.text.startsWith("-")) {
    const inner = numberValue(n.namedChildren[0]);
    return inner === null ? null : -inner;
  }
  if (n.type === "parenthesized_expression") return numberValue(n.namedChildren[0]);
  if (n.type === "cast_expression") return numberValue(n.childForFieldName("value"));
  return null;
}

export function boolValue(n: SyntaxNode | null | undefined): boolean | null {
  if (n?.type !== "boolean_literal") return null;
  return n.text === "true";
}

export interface CallParts {
  fn: SyntaxNode | null;
  positional: SyntaxNode[];
  keywords: Map<string, SyntaxNode>;
}

/** Arguments of an invocation or object creation (`ref`/`out` dropped, `name: value` keyed). */
export function callParts(call: SyntaxNode): CallParts {
  const fn = call.childForFieldName("function");
  const args = call.childForFieldName("arguments") ?? call.namedChildren.find((c) => c?.type === "argument_list") ?? null;
  const positional: SyntaxNode[] = [];
  const keywords = new Map<string, SyntaxNode>();
  for (const a of args?.namedChildren ?? []) {
    if (a?.type !== "argument") continue;
    const name = a.childForFieldName("name");
    const value = a.namedChildren.filter((c) => c && c.id !== name?.id && c.type !== "comment").pop() ?? null;
    if (!value) continue;
    if (name) keywords.set(name.text, value);
    else positional.push(value);
  }
  return { fn, positional, keywords };
}

export function argument(parts: CallParts, name: string, index?: number): SyntaxNode | null {
  return parts.keywords.get(name) ?? (index !== undefined ? parts.positional[index] ?? null : null);
}

/** `x = value` pairs of an object initializer `new T { X = 1, Y = … }`. */
export function initializerValues(creation: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  const init = creation.childForFieldName("initializer") ?? creation.namedChildren.find((c) => c?.type === "initializer_expression");
  for (const a of init?.namedChildren ?? []) {
    if (a?.type !== "assignment_expression") continue;
    const left = dottedName(a.childForFieldName("left"));
    const right = a.childForFieldName("right");
    if (left && right) out.set(left, right);
  }
  return out;
}

/** Type name of an object creation without namespace or generic arguments (`new Polly.RetryStrategyOptions<T>()` → RetryStrategyOptions). */
export function createdType(n: SyntaxNode): string | null {
  if (n.type !== "object_creation_expression") return null;
  const t = dottedName(n.childForFieldName("type"));
  return t ? t.slice(t.lastIndexOf(".") + 1) : null;
}

/**
 * A value expression: literals, interpolated strings, `+` concatenation, names (resolved at
 * link time), `Environment.GetEnvironmentVariable("X")` (with `?? fallback`).
 */
export function valueExpr(n: SyntaxNode | null | undefined): ValueExpr | null {
  if (!n) return null;
  const s = stringValue(n);
  if (s !== null) return { kind: "string", value: s };
  const setting = settingRead(n);
  if (setting) return setting;
  switch (n.type) {
    case "integer_literal":
    case "real_literal":
      return { kind: "number", value: numberValue(n) ?? 0 };
    case "identifier":
    case "member_access_expression": {
      const d = dottedName(n);
      return d ? { kind: "ref", name: d } : { kind: "unknown", text: n.text.slice(0, 120) };
    }
    case "parenthesized_expression":
      return valueExpr(n.namedChildren[0]);
    case "postfix_unary_expression":
      // the null-forgiving `x!` is the value of x
      if (n.text.endsWith("!")) return valueExpr(n.namedChildren[0]);
      break;
    case "interpolated_string_expression": {
      const parts: ValueExpr[] = [];
      for (const c of n.namedChildren) {
        if (!c) continue;
        if (c.type === "string_content") parts.push({ kind: "string", value: n.text.startsWith("$@") || n.text.startsWith("@$") ? c.text : c.text.replace(/\\./g, unescape) });
        else if (c.type === "escape_sequence") parts.push({ kind: "string", value: unescape(c.text) });
        else if (c.type === "interpolation") {
          const e = c.namedChildren.find((x) => x && x.type !== "interpolation_brace" && x.type !== "interpolation_alignment_clause" && x.type !== "interpolation_format_clause");
          parts.push(valueExpr(e) ?? { kind: "unknown", text: c.text });
        }
      }
      return { kind: "concat", parts };
    }
    case "binary_expression": {
      const op = n.childForFieldName("operator")?.text;
      const l = valueExpr(n.childForFieldName("left"));
      const r = valueExpr(n.childForFieldName("right"));
      if (op === "+" && l && r) return { kind: "concat", parts: [l, r] };
      if (op === "??" && (l?.kind === "env" || l?.kind === "setting") && !l.fallback && r) return { ...l, fallback: r };
      break;
    }
    case "invocation_expression": {
      const parts = callParts(n);
      const fn = dottedName(parts.fn);
      if (fn === "Environment.GetEnvironmentVariable" || fn === "System.Environment.GetEnvironmentVariable") {
        const key = stringValue(parts.positional[0]);
        if (key) return { kind: "env", name: key };
      }
      if (fn === "new Uri") break;
      break;
    }
    case "object_creation_expression": {
      // new Uri("http://…")
      if (createdType(n) === "Uri") return valueExpr(callParts(n).positional[0]);
      break;
    }
  }
  return { kind: "unknown", text: n.text.slice(0, 120) };
}

/** `configuration`, `_config`, `builder.Configuration`, `context.Configuration`: an IConfiguration by its name. */
function isConfigurationRoot(n: SyntaxNode | null | undefined): boolean {
  const d = dottedName(n);
  return d !== null && /^_?(configuration|config|cfg)$/i.test(d.slice(d.lastIndexOf(".") + 1));
}

/**
 * The configuration path a section expression stands for: "" for the configuration itself,
 * `Services:Inventory` for `config.GetSection("Services")["Inventory"]`-style chains; null otherwise.
 */
export function sectionPath(n: SyntaxNode | null | undefined): string | null {
  if (!n) return null;
  if (n.type === "postfix_unary_expression" && n.text.endsWith("!")) return sectionPath(n.namedChildren[0]);
  if (n.type === "invocation_expression") {
    const parts = callParts(n);
    const member = memberName(parts.fn);
    if (member !== "GetSection" && member !== "GetRequiredSection") return null;
    const key = stringValue(parts.positional[0]);
    const base = parts.fn?.type === "member_access_expression" ? sectionPath(parts.fn.childForFieldName("expression")) : null;
    return key === null || base === null ? null : base ? `${base}:${key}` : key;
  }
  return isConfigurationRoot(n) ? "" : null;
}

/**
 * .NET configuration reads (Microsoft.Extensions.Configuration): `config["Services:Inventory"]`,
 * `config.GetSection("Services")["Inventory"]`, `….GetSection("X").Value`,
 * `config.GetValue<string>("Services:Inventory", fallback)`, `config.GetConnectionString("x")`
 * (section `ConnectionStrings`). Keys use "." as ConfigEntryFact does.
 */
function settingRead(n: SyntaxNode): ValueExpr | null {
  const setting = (path: string, fallback?: ValueExpr | null): ValueExpr => ({ kind: "setting", key: path.replace(/:/g, "."), ...(fallback ? { fallback } : {}) });
  if (n.type === "element_access_expression") {
    const base = sectionPath(n.childForFieldName("expression"));
    const args = n.namedChildren.find((c) => c?.type === "bracketed_argument_list")?.namedChildren.filter((c) => c?.type === "argument") ?? [];
    const key = args.length === 1 ? stringValue(args[0]!.namedChildren[args[0]!.namedChildren.length - 1]) : null;
    return base !== null && key !== null ? setting(base ? `${base}:${key}` : key) : null;
  }
  if (n.type === "member_access_expression" && dottedName(n.childForFieldName("name")) === "Value") {
    const path = sectionPath(n.childForFieldName("expression"));
    return path ? setting(path) : null;
  }
  if (n.type !== "invocation_expression") return null;
  const parts = callParts(n);
  const member = memberName(parts.fn);
  const receiver = parts.fn?.type === "member_access_expression" ? parts.fn.childForFieldName("expression") : null;
  const key = stringValue(parts.positional[0] ?? parts.keywords.get("key") ?? parts.keywords.get("name"));
  if (key === null || !receiver) return null;
  if (member === "GetConnectionString") return setting(`ConnectionStrings:${key}`);
  const base = sectionPath(receiver);
  if (member === "GetValue" && base !== null) return setting(base ? `${base}:${key}` : key, valueExpr(parts.positional[1] ?? parts.keywords.get("defaultValue")));
  return null;
}

/**
 * Seconds of a TimeSpan expression: `TimeSpan.FromSeconds(2)`, `FromMilliseconds`, `FromMinutes`,
 * `TimeSpan.Zero`, `new TimeSpan(h, m, s)`; null when not literal.
 */
export function timeSpanSeconds(n: SyntaxNode | null | undefined): number | null {
  if (!n) return null;
  const d = dottedName(n);
  if (d === "TimeSpan.Zero") return 0;
  if (n.type === "invocation_expression") {
    const parts = callParts(n);
    const fn = dottedName(parts.fn);
    const v = numberValue(parts.positional[0]);
    if (!fn || v === null) return null;
    const unit: Record<string, number> = {
      "TimeSpan.FromMilliseconds": 0.001,
      "TimeSpan.FromSeconds": 1,
      "TimeSpan.FromMinutes": 60,
      "TimeSpan.FromHours": 3600,
    };
    const k = unit[fn];
    return k === undefined ? null : v * k;
  }
  if (n.type === "object_creation_expression" && createdType(n) === "TimeSpan") {
    const vs = callParts(n).positional.map((p) => numberValue(p));
    if (vs.some((v) => v === null)) return null;
    if (vs.length === 3) return vs[0]! * 3600 + vs[1]! * 60 + vs[2]!;
    if (vs.length === 4) return vs[0]! * 86400 + vs[1]! * 3600 + vs[2]! * 60 + vs[3]!;
    return null;
  }
  return null;
}
