/**
 * Facts every Java/Kotlin file contributes regardless of retry libraries: package and imports,
 * types, members and lambdas (FunctionFacts with fully qualified ids), constants (literal
 * `static final`/`const` fields, locals with literal values, Spring `@Value("${key:default}")`
 * fields and parameters as settings), calls, suppression comments, and entry points: Spring
 * `@GetMapping`…`@RequestMapping` (with the class-level prefix) and JAX-RS `@GET`… + `@Path`.
 * HTTP clients and requests are added by `http.ts`.
 */
import type { CallArg, FunctionFact, RequestFact, ValueExpr } from "../../model/facts";
import { parseSuppression } from "../../model/suppression";
import { importedName, simpleType, type JvmContext } from "./context";
import { exprText, stringOf, type Annotation, type Call, type Decl, type Expr } from "./syntax";

const SPRING_MAPPINGS: Record<string, string | null> = {
  GetMapping: "GET",
  PostMapping: "POST",
  PutMapping: "PUT",
  DeleteMapping: "DELETE",
  PatchMapping: "PATCH",
  RequestMapping: null,
};
const JAXRS_METHODS = new Set(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]);

/** Types whose method calls are library calls, never calls into a workspace class named like them. */
const LIBRARY_TYPES = new Set(["String", "Object", "Integer", "Long", "List", "Map", "Set", "Optional", "Mono", "Flux", "Duration", "var", "val"]);

export function detectModule(ctx: JvmContext): void {
  const { file, facts } = ctx;
  for (const imp of file.imports) {
    if (imp.star) facts.imports.push({ local: "*", module: imp.path, member: null });
    else {
      const dot = imp.path.lastIndexOf(".");
      facts.imports.push({ local: imp.alias ?? imp.path.slice(dot + 1), module: imp.path.slice(0, Math.max(0, dot)), member: imp.path.slice(dot + 1) });
    }
  }
  const seen = new Set<string>();
  for (const d of file.decls) {
    if (d.kind === "field") {
      fieldFacts(ctx, d, seen);
      continue;
    }
    if (seen.has(d.id)) continue;
    seen.add(d.id);
    facts.functions.push(functionFact(ctx, d));
    if (d.supertypes?.length) (facts.supertypes ??= {})[d.id] = d.supertypes;
    for (const p of d.params) {
      const setting = valueSetting(ctx, p.annotations);
      if (setting) facts.constants.push({ name: `${d.id}.${p.name}`, value: setting, line: d.span.line });
    }
  }
  // constructor injection: `this.base = base` where `base` is a `@Value` parameter — a whole
  // placeholder (`"${X}"`) or a template around them (`"http://${BALANCES_API_ADDR}/balances"`)
  const injected = new Set(facts.constants.map((c) => c.name));
  for (const a of file.assignments) {
    if (a.value.k !== "name") continue;
    const param = facts.constants.find((c) => c.name === `${a.scopeId}.${(a.value as { path: string }).path}` && injected.has(c.name));
    const owner = ctx.decl(a.scopeId)?.ownerId;
    if (param && owner && !facts.constants.some((c) => c.name === `${owner}.${a.target}`)) facts.constants.push({ name: `${owner}.${a.target}`, value: param.value, line: param.line });
  }
  for (const l of file.locals) {
    const v = l.value ? valueExpr(l.value) : null;
    // `String url = baseUrl;` aliases a field or setting; `x = x` would only loop
    if (v && v.kind !== "unknown" && !(v.kind === "ref" && v.name === l.name)) facts.constants.push({ name: `${l.scopeId}.${l.name}`, value: v, line: l.node.startPosition.row + 1 });
  }
  for (const call of file.calls) callFact(ctx, call);
  facts.exports = facts.functions.filter((f) => f.topLevel).map((f) => f.id);
  for (const c of file.comments) {
    const s = parseSuppression(c.text, c.line);
    if (s) facts.suppressions.push(s);
  }
}

function functionFact(ctx: JvmContext, d: Decl): FunctionFact {
  return {
    id: d.id,
    name: d.name,
    span: d.span,
    params: d.params.map((p) => p.name),
    paramDefaults: {},
    topLevel: d.member,
    handler: d.kind === "method" ? handlerOf(ctx, d) : null,
    raisesOnStatus: false,
    returnsClientId: null,
  };
}

/** Fields: a scope when initialised (policies and clients held by fields), constants, settings. */
function fieldFacts(ctx: JvmContext, d: Decl, seen: Set<string>): void {
  const { facts } = ctx;
  if (d.value && !seen.has(d.id)) {
    seen.add(d.id);
    facts.functions.push({ ...functionFact(ctx, d), params: [] });
  }
  const setting = valueSetting(ctx, d.annotations);
  const name = `${d.ownerId || ctx.file.pkg}.${d.name}`;
  if (setting) facts.constants.push({ name, value: setting, line: d.span.line });
  else if (d.value) {
    const v = valueExpr(d.value);
    if (v.kind === "string" || v.kind === "number" || v.kind === "concat" || ((v.kind === "env" || v.kind === "envChoice") && d.constant)) facts.constants.push({ name, value: v, line: d.span.line });
  }
}

/** `@Value("${inventory.url:http://localhost:8080}")` → setting inventory.url with its default. */
function valueSetting(ctx: JvmContext, annotations: Annotation[]): ValueExpr | null {
  const ann = annotations.find((a) => importedName(ctx.file, a.simple) === "Value" && ctx.packageOf(a.name, ["org.springframework.beans.factory.annotation"]) !== "lombok");
  const text = stringOf(ann?.args.get("value"));
  if (text === null) return null;
  return placeholderValue(text);
}

/** `${key}` / `${key:default}` / literal text with placeholders → ValueExpr. */
export function placeholderValue(text: string): ValueExpr {
  const whole = /^\$\{([^}:]+)(?::(.*))?\}$/.exec(text);
  if (whole) return { kind: "setting", key: whole[1]!.trim(), ...(whole[2] !== undefined ? { fallback: placeholderValue(whole[2]) } : {}) };
  const parts: ValueExpr[] = [];
  let rest = text;
  for (let m = /\$\{([^}:]+)(?::([^}]*))?\}/.exec(rest); m; m = /\$\{([^}:]+)(?::([^}]*))?\}/.exec(rest)) {
    if (m.index > 0) parts.push({ kind: "string", value: rest.slice(0, m.index) });
    parts.push({ kind: "setting", key: m[1]!.trim(), ...(m[2] !== undefined ? { fallback: { kind: "string", value: m[2] } } : {}) });
    rest = rest.slice(m.index + m[0].length);
  }
  if (!parts.length) return { kind: "string", value: text };
  if (rest) parts.push({ kind: "string", value: rest });
  return { kind: "concat", parts };
}

const URI_BUILDER_STARTS = new Set(["fromUriString", "fromHttpUrl", "fromUri", "fromPath"]);
/** UriComponentsBuilder / UriComponents steps that keep the URL's host and path */
const URI_BUILDER_STEPS = new Set(["build", "buildAndExpand", "expand", "encode", "toUriString", "queryParam", "queryParams", "query", "fragment"]);

/** A URL/value expression: literals, concatenations and templates, names (resolved at link time), `URI.create(x)`, `System.getenv("X")`, `UriComponentsBuilder` chains. */
export function valueExpr(e: Expr | null | undefined): ValueExpr {
  if (!e) return { kind: "unknown", text: "" };
  switch (e.k) {
    case "str":
      return { kind: "string", value: e.value };
    case "num":
      return { kind: "number", value: e.value };
    case "name":
      return { kind: "ref", name: e.path.startsWith("this.") ? e.path.slice(5) : e.path };
    case "concat":
      return { kind: "concat", parts: e.parts.map((p) => valueExpr(p)) };
    case "call": {
      const c = e.call;
      const recv = c.receiver?.k === "name" ? c.receiver.path : null;
      if ((recv === "URI" && c.name === "create") || (c.isNew && c.name === "URI") || (c.isNew && c.name === "URL")) return valueExpr(c.args[0]?.value);
      if (recv === "System" && c.name === "getenv" && c.args[0]?.value.k === "str") return { kind: "env", name: c.args[0].value.value };
      if (recv === "String" && c.name === "format") return formatValue(c) ?? { kind: "unknown", text: c.node.text.slice(0, 80) };
      if (c.name === "toString" || c.name === "toUri" || c.name === "toURI") return c.receiver ? valueExpr(c.receiver) : { kind: "unknown", text: c.node.text };
      // Spring's UriComponentsBuilder: `fromUriString(base + "/x/{id}")…build(id)` is the template it starts from, plus `.path(p)`
      if (recv === "UriComponentsBuilder" && URI_BUILDER_STARTS.has(c.name)) return valueExpr(c.args[0]?.value);
      if (c.receiver && URI_BUILDER_STEPS.has(c.name)) return valueExpr(c.receiver);
      if (c.receiver && c.name === "path" && c.args.length === 1) return { kind: "concat", parts: [valueExpr(c.receiver), valueExpr(c.args[0]!.value)] };
      return { kind: "unknown", text: c.node.text.slice(0, 80) };
    }
    case "cond":
      return envChoiceOf(e) ?? { kind: "unknown", text: exprText(e) };
    default:
      return { kind: "unknown", text: e.k === "other" ? e.text.slice(0, 80) : e.k };
  }
}

/** `System.getenv("X")` → "X" */
function getenvName(e: Expr): string | null {
  if (e.k !== "call" || e.call.name !== "getenv" || e.call.receiver?.k !== "name" || e.call.receiver.path !== "System") return null;
  const a = e.call.args[0]?.value;
  return a?.k === "str" ? a.value : null;
}

/**
 * `System.getenv("X") == null ? "ratings" : System.getenv("X")` (or `!= null ? … : …`): one value or
 * the other by whether the running service's environment sets X.
 */
function envChoiceOf(e: Extract<Expr, { k: "cond" }>): ValueExpr | null {
  const t = e.test;
  if (t.k !== "compare") return null;
  const name = t.right.k === "null" ? getenvName(t.left) : t.left.k === "null" ? getenvName(t.right) : null;
  if (name === null) return null;
  const [unset, set] = t.op === "==" ? [e.then, e.otherwise] : [e.otherwise, e.then];
  return { kind: "envChoice", name, set: valueExpr(set), unset: valueExpr(unset) };
}

/** `String.format("http://%s:%s/x", host, port)` with a literal pattern of `%s`/`%d`/`%%` only → a concatenation */
function formatValue(c: Call): ValueExpr | null {
  const pattern = c.args[0]?.value;
  if (pattern?.k !== "str") return null;
  const parts: ValueExpr[] = [];
  let next = 1;
  let text = "";
  for (let i = 0; i < pattern.value.length; i++) {
    const ch = pattern.value[i]!;
    if (ch !== "%") {
      text += ch;
      continue;
    }
    const spec = pattern.value[++i];
    if (spec === "%") text += "%";
    else if (spec === "s" || spec === "d") {
      if (text) parts.push({ kind: "string", value: text });
      text = "";
      parts.push(valueExpr(c.args[next++]?.value));
    } else return null; // widths, positions, other conversions: not worth guessing
  }
  if (text) parts.push({ kind: "string", value: text });
  return { kind: "concat", parts };
}

/** Spring MVC/WebFlux and JAX-RS entry points (not the methods of a Feign client interface: those send). */
function handlerOf(ctx: JvmContext, d: Decl): FunctionFact["handler"] {
  const owner = ctx.decl(d.ownerId);
  if (owner?.annotations.some((a) => importedName(ctx.file, a.simple) === "FeignClient")) return null;
  const spring = springMapping(ctx, d);
  if (spring) return spring;
  const anns = d.annotations.map((a) => ({ a, simple: importedName(ctx.file, a.simple) }));
  const verb = anns.find(({ simple }) => JAXRS_METHODS.has(simple));
  if (verb) {
    const path = (x: Decl | undefined) => x?.annotations.find((a) => importedName(ctx.file, a.simple) === "Path")?.args;
    return { method: verb.simple, route: joinRoute(pathOf(path(owner)), pathOf(path(d))) };
  }
  return null;
}

/** `@PostMapping("/x")` (or `@RequestMapping(value, method)`) under the class's `@RequestMapping` prefix. */
export function springMapping(ctx: JvmContext, d: Decl): { method: string | null; route: string } | null {
  const own = springMethodMapping(ctx, d);
  return own ? { method: own.method, route: joinRoute(springTypePrefix(ctx, ctx.decl(d.ownerId)), own.uri) } : null;
}

/** A method's own Spring mapping: `@GetMapping("/{id}")` → GET "/{id}" (no class prefix). */
export function springMethodMapping(ctx: JvmContext, d: Decl): { method: string | null; uri: string } | null {
  for (const a of d.annotations) {
    const simple = importedName(ctx.file, a.simple);
    if (!(simple in SPRING_MAPPINGS)) continue;
    let method = SPRING_MAPPINGS[simple] ?? null;
    if (method === null) {
      const m = a.args.get("method");
      const first = m?.k === "array" ? m.items[0] : m;
      method = first?.k === "name" ? first.path.split(".").pop()!.toUpperCase() : null;
    }
    return { method, uri: pathOf(a.args) };
  }
  return null;
}

/** A type's `@RequestMapping("/api")` prefix; "" when none. */
export function springTypePrefix(ctx: JvmContext, type: Decl | undefined): string {
  return pathOf(type?.annotations.find((x) => importedName(ctx.file, x.simple) === "RequestMapping")?.args);
}

function pathOf(args: Map<string, Expr> | undefined): string {
  const v = args?.get("value") ?? args?.get("path");
  const first = v?.k === "array" ? v.items[0] : v;
  return stringOf(first) ?? "";
}

export function joinRoute(prefix: string, path: string): string {
  const joined = `/${prefix}/${path}`.replace(/\/{2,}/g, "/");
  return joined.length > 1 ? joined.replace(/\/$/, "") : joined;
}

/** The callee as the linker reads it: `Type.method` for a typed receiver, `a.b.m` otherwise. */
export function calleeOf(ctx: JvmContext, call: Call): string {
  if (call.isNew) return call.name;
  const r = call.receiver;
  if (!r) return call.name;
  if (r.k === "name") {
    const path = r.path.startsWith("this.") ? r.path.slice(5) : r.path;
    if (path === "this" || path === "super") return call.name;
    const head = path.split(".")[0]!;
    const type = simpleType(ctx.typeOf(call.scopeId, head));
    const written = ctx.typeOf(call.scopeId, head);
    // `inventory.reserve()` on an injected `InventoryClient inventory`: named after the type
    if (written && type && /^[A-Z]/.test(type) && !LIBRARY_TYPES.has(type) && !CLIENT_OR_POLICY.test(type) && !/Grpc\.\w+Stub$/.test(written)) return `${written}${path.slice(head.length)}.${call.name}`;
    return `${path}.${call.name}`;
  }
  if (r.k === "call") return `${calleeOf(ctx, r.call)}().${call.name}`;
  return `(${r.k}).${call.name}`;
}

/** Receivers the linker must see by their own name: clients and retry policy holders. */
const CLIENT_OR_POLICY = /^(RestTemplate|RestClient|WebClient|HttpClient|OkHttpClient|Retry|RetryRegistry|RetryTemplate|Call|CloseableHttpClient|CloseableHttpAsyncClient|ManagedChannel|MongoClient|MongoDatabase|MongoCollection|\w+(Blocking|Future|BlockingV2)Stub|ChatClient|ChatModel|StreamingChatModel|EmbeddingModel|ImageModel|\w+(Chat|Embedding|Image)Model|RedisClient|RedisClusterClient|StatefulRedis\w*Connection|Redis\w*Commands)$/;

function callFact(ctx: JvmContext, call: Call): void {
  if (call.isNew) return;
  const args: CallArg[] = [];
  let invokesArg: number | undefined;
  let positional = 0;
  call.args.forEach((a) => {
    const i = a.name === null ? positional++ : -1;
    if (a.value.k === "lambda") {
      const segment = a.value.id.slice(a.value.id.lastIndexOf(".") + 1);
      const isLambda = segment.startsWith("lambda@");
      args.push({ keyword: a.name, name: isLambda ? segment : a.value.id });
      ctx.facts.referencedFunctions.push(a.value.id);
      if (!isLambda) ctx.facts.referencedFunctions.push(segment);
      if (i >= 0) invokesArg ??= i;
    } else args.push({ keyword: a.name, name: a.value.k === "name" ? a.value.path : null });
  });
  const id = ctx.nextId("C", call.span);
  ctx.callIds.set(call.node.id, id);
  ctx.facts.calls.push({
    id,
    span: call.span,
    functionId: call.scopeId,
    callee: calleeOf(ctx, call),
    args,
    ...(invokesArg !== undefined ? { invokesArg } : {}),
  });
}

/**
 * Interface clients (Feign, MicroProfile REST, Micronaut `@KafkaClient`): calling a method the
 * framework implements sends `request`, so the method gets a CallFact named `Iface.method`, which
 * the callers' `iface.method(…)` resolve to. Returns the call's id.
 */
export function interfaceMethodCall(ctx: JvmContext, iface: Decl, method: Decl, request: RequestFact): string {
  const id = ctx.nextId("C", method.span);
  ctx.facts.calls.push({ id, span: method.span, functionId: method.id, callee: `${iface.name}.${method.name}`, args: [], request });
  return id;
}
