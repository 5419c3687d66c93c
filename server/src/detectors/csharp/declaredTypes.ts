/**
 * The declared type of a name where it is used, as far as one file tells: the nearest local
 * (`var x = …` takes its initializer's type), a lambda, method or primary-constructor parameter,
 * then a field or property of an enclosing type. Types keep their generic arguments
 * (`IOptions<PolicyOptions>`), so options read through `IOptions<T>.Value` are typed `T`.
 */
import { callParts, descendants, dottedName, memberName } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { LAMBDAS, MEMBER_DECLARATIONS, TYPE_DECLARATIONS } from "./context";

export interface CsType {
  /** the type's last name segment (`Shop.Options.RetryOptions` → RetryOptions) */
  name: string;
  args: CsType[];
}

/** `IOptions<T>`-style wrappers whose `.Value` / `.CurrentValue` is the options object itself. */
const OPTIONS_WRAPPERS = new Set(["IOptions", "IOptionsSnapshot", "IOptionsMonitor", "OptionsWrapper"]);
/** generic calls whose type argument is what they return: configuration binding and service resolution */
const RETURNS_TYPE_ARGUMENT = /^(Get|GetRequiredService|GetService|GetRequiredKeyedService|GetKeyedService|Bind\w*|Get\w*Options|Resolve)$/;

/** A type node as a CsType (`List<Foo>`, `Ns.Foo?`, `IOptions<Bar>`); null for `var` and anything unreadable. */
export function typeOf(n: SyntaxNode | null | undefined): CsType | null {
  if (!n) return null;
  if (n.type === "nullable_type") return typeOf(n.namedChildren[0]);
  if (n.type === "implicit_type" || n.text === "var") return null;
  if (n.type === "predefined_type") return { name: n.text, args: [] };
  if (n.type === "qualified_name") return typeOf(n.childForFieldName("name"));
  if (n.type === "generic_name") {
    const name = n.namedChildren.find((c) => c?.type === "identifier")?.text;
    const list = n.namedChildren.find((c) => c?.type === "type_argument_list");
    if (!name) return null;
    return { name, args: (list?.namedChildren ?? []).map((c) => typeOf(c)).filter((t): t is CsType => !!t) };
  }
  if (n.type === "identifier") return { name: n.text, args: [] };
  return null;
}

/** The type an initializer produces, where it says so: `new T(…)`, `x.Get<T>()`, `sp.GetRequiredService<IOptions<T>>().Value`. */
export function typeOfExpression(n: SyntaxNode | null | undefined): CsType | null {
  if (!n) return null;
  if (n.type === "object_creation_expression") return typeOf(n.childForFieldName("type"));
  if (n.type === "cast_expression") return typeOf(n.childForFieldName("type"));
  if (n.type === "parenthesized_expression" || n.type === "await_expression") return typeOfExpression(n.namedChildren[0]);
  // `x.Value!`: the null-forgiving operator keeps the type
  if (n.type === "postfix_unary_expression" && n.text.endsWith("!")) return typeOfExpression(n.namedChildren[0]);
  if (n.type === "invocation_expression") {
    const fn = n.childForFieldName("function");
    const name = fn?.type === "member_access_expression" ? fn.childForFieldName("name") : fn;
    if (name?.type === "generic_name" && RETURNS_TYPE_ARGUMENT.test(memberName(fn) ?? "")) {
      const t = typeOf(name.namedChildren.find((c) => c?.type === "type_argument_list")?.namedChildren[0]);
      return t;
    }
    // `.NotBeNull()`-style guards return their receiver
    if (fn?.type === "member_access_expression" && callParts(n).positional.length === 0 && /^(NotBeNull|NotNull|ThrowIfNull|EnsureNotNull)$/.test(memberName(fn) ?? "")) {
      return typeOfExpression(fn.childForFieldName("expression"));
    }
    return null;
  }
  if (n.type === "member_access_expression") {
    const member = dottedName(n.childForFieldName("name"));
    const receiver = typeOfExpression(n.childForFieldName("expression"));
    if (receiver && OPTIONS_WRAPPERS.has(receiver.name) && (member === "Value" || member === "CurrentValue")) return receiver.args[0] ?? null;
    return null;
  }
  return null;
}

/** The declared type of `name` as seen from `at`: locals, parameters, then fields and properties of enclosing types. */
export function declaredTypeAt(at: SyntaxNode, name: string): CsType | null {
  for (let p: SyntaxNode | null = at.parent; p; p = p.parent) {
    if (LAMBDAS.has(p.type) || MEMBER_DECLARATIONS.has(p.type) || TYPE_DECLARATIONS.has(p.type)) {
      const param = parameterType(p, name);
      if (param !== undefined) return param;
    }
    if (MEMBER_DECLARATIONS.has(p.type) || p.type === "compilation_unit") {
      const local = localType(p, name, at);
      if (local !== undefined) return local;
    }
    if (TYPE_DECLARATIONS.has(p.type)) {
      const member = memberType(p, name);
      if (member !== undefined) return member;
    }
  }
  return null;
}

/** A lambda's, method's or primary constructor's parameter `name`: its type (null when untyped); undefined when there is none. */
function parameterType(scope: SyntaxNode, name: string): CsType | null | undefined {
  const list = scope.childForFieldName("parameters") ?? scope.namedChildren.find((c) => c?.type === "parameter_list") ?? null;
  if (list?.type === "identifier" || list?.type === "implicit_parameter") return list.text === name ? null : undefined;
  for (const p of list?.namedChildren ?? []) {
    if (p?.type === "parameter" && p.childForFieldName("name")?.text === name) return typeOf(p.childForFieldName("type"));
  }
  return undefined;
}

/** The last local `name` declared in `scope` before `at` (nested lambdas see their method's locals). */
function localType(scope: SyntaxNode, name: string, at: SyntaxNode): CsType | null | undefined {
  let found: SyntaxNode | null = null;
  for (const v of descendants(scope, "variable_declarator")) {
    if (v.startIndex > at.startIndex) break;
    if (v.childForFieldName("name")?.text !== name || v.parent?.parent?.type === "field_declaration") continue;
    found = v;
  }
  if (!found) return undefined;
  const declared = typeOf(found.parent?.childForFieldName("type"));
  if (declared) return declared;
  const value = found.namedChildren.filter((c) => c && c.id !== found!.childForFieldName("name")?.id).pop() ?? null;
  return typeOfExpression(value);
}

/** A field or property `name` declared directly in the type. */
function memberType(type: SyntaxNode, name: string): CsType | null | undefined {
  const body = type.childForFieldName("body") ?? type.namedChildren.find((c) => c?.type === "declaration_list") ?? null;
  for (const m of body?.namedChildren ?? []) {
    if (m?.type === "property_declaration" && m.childForFieldName("name")?.text === name) return typeOf(m.childForFieldName("type"));
    if (m?.type !== "field_declaration") continue;
    const decl = m.namedChildren.find((c) => c?.type === "variable_declaration");
    for (const v of decl?.namedChildren ?? []) {
      if (v?.type !== "variable_declarator" || v.childForFieldName("name")?.text !== name) continue;
      const declared = typeOf(decl!.childForFieldName("type"));
      if (declared) return declared;
      const value = v.namedChildren.filter((c) => c && c.id !== v.childForFieldName("name")?.id).pop() ?? null;
      return typeOfExpression(value);
    }
  }
  return undefined;
}

/**
 * A value read from an options object: `policyOptions.Retry.Count`, `options.Value.Retries`,
 * `sp.GetRequiredService<IOptions<PolicyOptions>>().Value.Retry.Count` → the options type and the
 * member path (`PolicyOptions`, [Retry, Count]); null for anything else.
 */
export function optionsRead(n: SyntaxNode): { type: string; members: string[] } | null {
  const members: string[] = [];
  let p: SyntaxNode | null = n;
  while (p?.type === "member_access_expression") {
    const name = dottedName(p.childForFieldName("name"));
    if (!name) return null;
    members.unshift(name);
    const inner: SyntaxNode | null = p.childForFieldName("expression");
    const t = inner && inner.type !== "identifier" && inner.type !== "member_access_expression" ? typeOfExpression(inner) : null;
    if (t) return members.length ? { type: t.name, members } : null;
    p = inner;
    if (p?.type === "postfix_unary_expression" && p.text.endsWith("!")) p = p.namedChildren[0] ?? null;
    // a guard call in the chain (`.Value.NotBeNull().Retry`) keeps the receiver
    while (p?.type === "invocation_expression" && callParts(p).positional.length === 0 && /^(NotBeNull|NotNull)$/.test(memberName(p.childForFieldName("function")) ?? "")) {
      p = p.childForFieldName("function")?.childForFieldName("expression") ?? null;
    }
  }
  if (p?.type !== "identifier" || !members.length) return null;
  let t = declaredTypeAt(n, p.text);
  if (t && OPTIONS_WRAPPERS.has(t.name) && (members[0] === "Value" || members[0] === "CurrentValue")) {
    t = t.args[0] ?? null;
    members.shift();
  }
  if (!t || !members.length || t.name === "var" || !/^[A-Z]/.test(t.name)) return null;
  return { type: t.name, members };
}

/** `builder.Services.AddX(…)` inside `if (flag)`: the nearest enclosing `if` whose condition is a bare name (or `!name`). */
export function enclosingFlag(n: SyntaxNode): { name: string; negated: boolean; statement: SyntaxNode } | null {
  for (let p: SyntaxNode | null = n.parent; p; p = p.parent) {
    // a registration lambda (`ConfigureHttpClientDefaults(b => …)`) runs when its registration does: look past it
    if (MEMBER_DECLARATIONS.has(p.type)) return null;
    if (p.type !== "if_statement") continue;
    const cond = p.childForFieldName("condition");
    const consequence = p.childForFieldName("consequence");
    if (!cond || !consequence || n.startIndex < consequence.startIndex || n.endIndex > consequence.endIndex) continue;
    if (cond.type === "identifier") return { name: cond.text, negated: false, statement: p };
    if (cond.type === "prefix_unary_expression" && cond.text.startsWith("!") && cond.namedChildren[0]?.type === "identifier") return { name: cond.namedChildren[0]!.text, negated: true, statement: p };
    return null;
  }
  return null;
}
