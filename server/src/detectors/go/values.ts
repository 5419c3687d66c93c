/**
 * Values and bindings in Go code: a statically known value (ValueExpr: literals, `os.Getenv`,
 * `cmp.Or(os.Getenv("X"), "default")`, `fmt.Sprintf`, `url.JoinPath`, `+`, `http.MethodPost`), and the name a
 * value is bound to as the linker sees it.
 */
import type { ValueExpr } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { bindingOf, callArgs, calleeNode, descendants, dottedName, enclosingFunction, numberValue, stringValue } from "./syntax";

export const VIPER = "github.com/spf13/viper";
/** viper v1 `GetString`, `GetInt`, `GetInt32`, `GetInt64`, `GetUint…`, `GetFloat64`, `GetBool`, `GetDuration` */
const VIPER_GETTERS = /^Get(String|Int|Int32|Int64|Uint|Uint16|Uint32|Uint64|Float64|Bool|Duration)?$/;

/** net/http method constants */
const HTTP_METHOD_CONSTANTS: Record<string, string> = {
  MethodGet: "GET", MethodHead: "HEAD", MethodPost: "POST", MethodPut: "PUT", MethodPatch: "PATCH", MethodDelete: "DELETE", MethodOptions: "OPTIONS",
};

export function valueOf(ctx: GoContext, n: SyntaxNode | null | undefined, depth = 0): ValueExpr | null {
  if (!n || depth > 8) return null;
  const s = stringValue(n);
  if (s !== null) return { kind: "string", value: s };
  const num = numberValue(n);
  if (num !== null) return { kind: "number", value: num };
  if (n.type === "identifier") {
    if (["nil", "true", "false", "iota"].includes(n.text)) return { kind: "unknown", text: n.text };
    const local = ctx.lookup(n.text, n);
    return { kind: "ref", name: local ? local.id : n.text };
  }
  if (n.type === "selector_expression") {
    const head = dottedName(n.childForFieldName("operand"));
    const field = n.childForFieldName("field")?.text ?? "";
    if (head && ctx.importPath(head) === "net/http" && HTTP_METHOD_CONSTANTS[field]) return { kind: "string", value: HTTP_METHOD_CONSTANTS[field]! };
    // a field of a parameter (or a `var c T`) of a workspace struct type (`config.OrderURL` with
    // `config config.AppConfig`): the type's field, whose values its literals and env overrides give
    // (also a nested field, `cfg.Grpc.ReaderServicePort` with `cfg *config.Config`: the chain's head)
    let operand = n.childForFieldName("operand");
    while (operand?.type === "selector_expression") operand = operand.childForFieldName("operand");
    const local = operand?.type === "identifier" ? ctx.lookup(operand.text, n) : null;
    const typed = local && local.value === null && local.type && !local.id.includes("func@") ? ctx.typedName(n) : null;
    const name = typed ?? ctx.nameOf(n);
    return name ? { kind: "ref", name } : { kind: "unknown", text: n.text };
  }
  if (n.type === "parenthesized_expression") return valueOf(ctx, n.namedChildren[0], depth + 1);
  if (n.type === "binary_expression" && n.childForFieldName("operator")?.text === "+") {
    const parts: ValueExpr[] = [];
    for (const side of [n.childForFieldName("left"), n.childForFieldName("right")]) {
      const v = valueOf(ctx, side, depth + 1) ?? { kind: "unknown" as const, text: side?.text ?? "" };
      if (v.kind === "concat") parts.push(...v.parts);
      else parts.push(v);
    }
    return { kind: "concat", parts };
  }
  if (n.type === "call_expression") return callValue(ctx, n, depth);
  return { kind: "unknown", text: n.text };
}

/** os.Getenv, cmp.Or(os.Getenv("X"), "default"), fmt.Sprintf, strings.TrimSuffix/TrimRight */
function callValue(ctx: GoContext, n: SyntaxNode, depth: number): ValueExpr {
  const fn = dottedName(calleeNode(n)) ?? "";
  const args = callArgs(n);
  const [pkg, member] = fn.includes(".") ? [fn.slice(0, fn.indexOf(".")), fn.slice(fn.indexOf(".") + 1)] : ["", fn];
  const path = ctx.importPath(pkg);
  if (path === "os" && (member === "Getenv" || member === "LookupEnv") && args[0]) {
    const name = stringValue(args[0]);
    if (name !== null) return { kind: "env", name };
    // `os.Getenv(key)` in a helper taking the name: the name is a value found at link time
    const nameExpr = valueOf(ctx, args[0], depth + 1);
    if (nameExpr && nameExpr.kind !== "unknown") return { kind: "env", name: args[0].text, nameExpr };
  }
  // viper's global getters (`viper.GetInt("redis.maxRetries")`): the key of the configuration the
  // program loads into viper, or the environment (engine/viperConfig.ts)
  if (path === VIPER && VIPER_GETTERS.test(member) && args[0]) {
    const key = stringValue(args[0]);
    if (key !== null) return { kind: "setting", key, envPrefixed: true };
  }
  if (path === "cmp" && member === "Or" && args.length >= 2) {
    const first = valueOf(ctx, args[0], depth + 1);
    const rest = valueOf(ctx, args[1], depth + 1);
    if (first?.kind === "env" && rest) return { ...first, fallback: rest };
  }
  if (path === "strings" && ["TrimSuffix", "TrimRight", "TrimSpace"].includes(member) && args[0]) return valueOf(ctx, args[0], depth + 1) ?? { kind: "unknown", text: n.text };
  // url.JoinPath(base, elem...): the base, then each element after one "/" (Go ≥ 1.19)
  if (path === "net/url" && member === "JoinPath" && args.length >= 1) {
    const parts: ValueExpr[] = [valueOf(ctx, args[0], depth + 1) ?? { kind: "unknown", text: args[0]!.text }];
    for (const a of args.slice(1)) {
      const v = valueOf(ctx, a, depth + 1) ?? { kind: "unknown" as const, text: a.text };
      parts.push({ kind: "string", value: "/" }, v.kind === "string" ? { kind: "string", value: v.value.replace(/^\/+|\/+$/g, "") } : v);
    }
    return { kind: "concat", parts };
  }
  if (path === "fmt" && member === "Sprintf" && args[0]) {
    const rest = args.slice(1).map((a) => valueOf(ctx, a, depth + 1) ?? { kind: "unknown" as const, text: a.text });
    const format = stringValue(args[0]);
    if (format !== null) return sprintf(format, rest);
    // `fmt.Sprintf("http://"+c.hostPort+"/location?id=%d", id)`: the verbs of the literal parts
    const written = valueOf(ctx, args[0], depth + 1);
    if (written?.kind === "concat") return sprintfParts(written.parts, rest);
  }
  // a call of the workspace's own code (`config.GetLocationAddr()`, `envOr("X", "d")`) or a string
  // function evaluated at link time (`strings.ReplaceAll`): the linker finds what it returns
  const fnNode = calleeNode(n);
  const callee = fnNode && fnNode.type !== "func_literal" ? (ctx.typedName(fnNode, n) ?? ctx.linkName(fnNode, n)) : null;
  // (another package of the module, or a library, whose call is unknown when it is not the workspace's)
  if (callee) return { kind: "call", callee, args: args.map((a) => valueOf(ctx, a, depth + 1) ?? { kind: "unknown" as const, text: a.text }) };
  return { kind: "unknown", text: n.text };
}

/** sprintf over a format written as a concatenation: verbs in its literal parts take the arguments in order. */
function sprintfParts(format: ValueExpr[], args: ValueExpr[]): ValueExpr {
  const out: ValueExpr[] = [];
  let next = 0;
  for (const part of format) {
    if (part.kind !== "string") {
      out.push(part);
      continue;
    }
    const verbs = (part.value.match(/%[-+# 0]*\d*(?:\.\d+)?[a-zA-Z]/g) ?? []).length;
    const piece = sprintf(part.value, args.slice(next, next + verbs));
    next += verbs;
    if (piece.kind === "concat") out.push(...piece.parts);
    else out.push(piece);
  }
  return { kind: "concat", parts: out };
}

/**
 * The name a value is bound to as the linker sees it: a package-level var/const (`client`), a
 * local (`Reserve.c`), a field through the receiver (`Client.http`) or a keyed element of a
 * composite literal of a package type (`&Client{http: …}` → `Client.http`).
 */
export function boundName(ctx: GoContext, value: SyntaxNode): string | null {
  let v = value;
  while (v.parent?.type === "parenthesized_expression") v = v.parent;
  if (v.parent?.type === "literal_element" && v.parent.parent?.type === "keyed_element") {
    const kv = v.parent.parent;
    if (kv.childForFieldName("value")?.id !== v.parent.id) return null;
    const key = kv.childForFieldName("key")?.namedChildren[0];
    const literal = kv.parent?.parent;
    const type = literal?.type === "composite_literal" ? literal.childForFieldName("type") : null;
    // `&app.Activities{Collection: …}` in main: the field of that package's type, `app.Activities.Collection`
    return (type?.type === "type_identifier" || type?.type === "qualified_type") && key?.type === "identifier" ? `${type.text}.${key.text}` : null;
  }
  // `&RedisCache{client}`: a positional element is the field declared at its index (a struct of this file)
  if (v.parent?.type === "literal_element" && v.parent.parent?.type === "literal_value") return positionalField(ctx, v.parent);
  const name = bindingOf(v);
  if (!name) return null;
  const stmt = v.parent?.parent;
  if (stmt?.type === "assignment_statement") {
    const left = stmt.childForFieldName("left")?.namedChildren ?? [];
    const target = left.find((l) => l?.text === name) ?? null;
    // `svc.Producer, _ = factory()` on a local `svc := &checkout{}`: the field of the struct type
    // (`checkout.Producer`), as its methods read it
    return (target?.type === "selector_expression" ? ctx.typedName(target, v) : null) ?? ctx.nameOf(target, v);
  }
  const fn = enclosingFunction(v);
  return fn ? `${ctx.idOf(fn)}.${name}` : name;
}

/** The field a positional element of a struct literal fills (`T{a, b}` → `T.<second field>`), for a struct declared in this file. */
function positionalField(ctx: GoContext, element: SyntaxNode): string | null {
  const body = element.parent!;
  const literal = body.parent;
  const type = literal?.type === "composite_literal" ? literal.childForFieldName("type") : null;
  if (type?.type !== "type_identifier" || body.namedChildren.some((c) => c?.type === "keyed_element")) return null;
  const index = body.namedChildren.findIndex((c) => c?.id === element.id);
  const spec = descendants(ctx.tree.rootNode, "type_spec").find((t) => t.childForFieldName("name")?.text === type.text);
  const struct = spec?.childForFieldName("type");
  if (struct?.type !== "struct_type") return null;
  const names: string[] = [];
  const list = struct.namedChildren.find((c) => c?.type === "field_declaration_list");
  for (const field of list?.namedChildren ?? []) {
    if (field?.type !== "field_declaration") continue;
    const declared = field.childrenForFieldName("name").map((n) => n.text);
    // an embedded field is named by its type (`*sync.Mutex` → Mutex)
    names.push(...(declared.length ? declared : [(field.childForFieldName("type")?.text ?? "").replace(/^\*/, "").split(".").pop() ?? ""]));
  }
  const name = names[index];
  return name ? `${type.text}.${name}` : null;
}

/** `fmt.Sprintf("%s/stock/%d", base, id)` → concat(base, "/stock/", id); `%%` is a literal %. */
function sprintf(format: string, args: ValueExpr[]): ValueExpr {
  const parts: ValueExpr[] = [];
  let text = "";
  let next = 0;
  const verb = /%(%|[-+# 0]*\d*(?:\.\d+)?[a-zA-Z])/g;
  let last = 0;
  for (let m = verb.exec(format); m; m = verb.exec(format)) {
    text += format.slice(last, m.index);
    last = m.index + m[0].length;
    if (m[1] === "%") {
      text += "%";
      continue;
    }
    if (text) parts.push({ kind: "string", value: text });
    text = "";
    parts.push(args[next++] ?? { kind: "unknown", text: m[0] });
  }
  text += format.slice(last);
  if (text) parts.push({ kind: "string", value: text });
  return parts.length === 1 ? parts[0]! : { kind: "concat", parts };
}

/** A number written as a literal, or as a local or a package-level constant bound to one (`MaxRetries: maxRetries`). */
export function numberOf(ctx: GoContext, n: SyntaxNode, depth = 0): number | null {
  const v = numberValue(n);
  if (v !== null || depth > 4) return v;
  if (n.type === "identifier") {
    const bound = ctx.lookup(n.text, n)?.value ?? constValue(ctx, n.text);
    return bound ? numberOf(ctx, bound, depth + 1) : null;
  }
  return null;
}

/** `const maxRetries = 5` at package level (or in a const block) */
export function constValue(ctx: GoContext, name: string): SyntaxNode | null {
  for (const spec of descendants(ctx.tree.rootNode, "const_spec")) {
    const names = spec.childrenForFieldName("name").map((x) => x?.text);
    const i = names.indexOf(name);
    const values = spec.childForFieldName("value")?.namedChildren ?? [];
    if (i >= 0 && values[i]) return values[i]!;
  }
  return null;
}

/**
 * `client.Chat.Completions.New(ctx, p)`, `sc.Customers.New(p)`: a method of a service field of an
 * SDK client. The call is written for the linker as a method on the client (`client.New`) and
 * kept out of the typed-callee rewrite, which would name the library type instead of the value.
 */
export function linkServiceCalls(ctx: GoContext, clients: Set<string>): void {
  for (const call of descendants(ctx.tree.rootNode, "call_expression")) {
    const fn = calleeNode(call);
    if (fn?.type !== "selector_expression") continue;
    const method = fn.childForFieldName("field")?.text;
    let n = fn.childForFieldName("operand");
    let depth = 0;
    while (n && !clients.has(ctx.nameOf(n, call) ?? "") && n.type === "selector_expression") {
      n = n.childForFieldName("operand");
      depth++;
    }
    if (!n || !method || !clients.has(ctx.nameOf(n, call) ?? "")) continue;
    const id = ctx.callIds.get(call.id);
    const fact = id ? ctx.facts.calls.find((c) => c.id === id) : undefined;
    const written = ctx.linkName(n, call);
    if (!fact || !written) continue;
    ctx.typedCallees.delete(fact.id);
    if (depth > 0) fact.callee = `${written}.${method}`;
  }
}
