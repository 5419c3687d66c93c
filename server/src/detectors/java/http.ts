/**
 * JVM HTTP clients (ClientFacts) and the requests sent through them (RequestFacts on calls):
 * - Spring `RestTemplate`: getForObject/getForEntity/postForObject/postForEntity/postForLocation/
 *   put/delete/patchForObject/exchange(url, HttpMethod.X, …).
 * - Spring `RestClient` / `WebClient` fluent chains: `client.post().uri(url)…retrieve()`; the
 *   request sits on the verb call (`client.post()`); the base URL comes from
 *   `X.builder().baseUrl(u)…build()` / `X.create(u)`.
 * - `java.net.http.HttpClient.send/sendAsync(req, …)` with `HttpRequest.newBuilder(URI.create(u))`
 *   (or `.uri(…)`) `.POST(…)…build()`.
 * - OkHttp `client.newCall(req).execute()` with `new Request.Builder().url(u).post(body).build()`.
 * - JAX-RS `client.target(u).request().get()` (jaxrsClient.ts).
 * Clients are held by fields, constructor/method parameters (injected beans) and locals; the
 * OkHttp detector adds its implicit layer to the OkHttp ones (reference §3.5).
 */
import type { ClientFact, RequestFact, ValueExpr } from "../../model/facts";
import { descendants } from "../../parsing/python";
import { nodeSpan } from "../../parsing/treeSitter";
import { importedName, receiverName, simpleType, type JvmContext } from "./context";
import { IDEMPOTENCY_HEADER } from "../shared/idempotency";
import { jaxrsRequest } from "./jaxrsClient";
import { valueExpr } from "./module";
import { argAt, chainOf, stringOf, type Call, type Expr } from "./syntax";

export type ClientLibrary = "RestTemplate" | "RestClient" | "WebClient" | "java.net.http.HttpClient" | "OkHttpClient";

const TYPE_LIBRARY: Record<string, ClientLibrary> = {
  RestTemplate: "RestTemplate",
  RestClient: "RestClient",
  WebClient: "WebClient",
  HttpClient: "java.net.http.HttpClient",
  OkHttpClient: "OkHttpClient",
};

const REST_TEMPLATE: Record<string, string | null> = {
  getForObject: "GET",
  getForEntity: "GET",
  postForObject: "POST",
  postForEntity: "POST",
  postForLocation: "POST",
  put: "PUT",
  delete: "DELETE",
  patchForObject: "PATCH",
  exchange: null,
  execute: null,
};
/** unambiguous RestTemplate method names: a request even when the receiver's type is unknown */
const REST_TEMPLATE_ONLY = new Set(["getForObject", "getForEntity", "postForObject", "postForEntity", "postForLocation", "patchForObject"]);
const FLUENT_VERBS: Record<string, string | null> = { get: "GET", post: "POST", put: "PUT", delete: "DELETE", patch: "PATCH", head: "HEAD", options: "OPTIONS", method: null };
const TIMEOUT_SETTERS = /^(connectTimeout|readTimeout|callTimeout|writeTimeout|timeout|responseTimeout|setConnectTimeout|setReadTimeout)$/;

/** The library of a client-building expression: `WebClient.builder()…build()`, `new OkHttpClient()`, `HttpClient.newHttpClient()`. */
export function libraryOfCreation(e: Expr | null | undefined): ClientLibrary | null {
  if (e?.k !== "call") return null;
  const first = chainOf(e.call)[0]!;
  if (first.isNew) {
    const t = first.name.replace(/\.Builder$/, "");
    return TYPE_LIBRARY[simpleType(t)!] === "OkHttpClient" ? "OkHttpClient" : /RestTemplate(Builder)?$/.test(t) ? "RestTemplate" : null;
  }
  const head = first.receiver?.k === "name" ? simpleType(first.receiver.path) : null;
  if ((head === "WebClient" || head === "RestClient") && (first.name === "builder" || first.name === "create")) return head;
  if (head === "HttpClient" && (first.name === "newHttpClient" || first.name === "newBuilder")) return "java.net.http.HttpClient";
  return null;
}

/** As libraryOfCreation, also for a chain on an injected builder (`builder.baseUrl(u).build()` with `WebClient.Builder builder`). */
export function creationLibrary(ctx: JvmContext, scopeId: string, e: Expr | null | undefined): ClientLibrary | null {
  const known = libraryOfCreation(e);
  if (known || e?.k !== "call") return known;
  const head = chainOf(e.call)[0]!.receiver;
  const type = head?.k === "name" ? ctx.typeOf(scopeId, head.path.replace(/^this\./, "").split(".")[0]!) : null;
  const m = type ? /(?:^|\.)(WebClient|RestClient)\.Builder$/.exec(type) : null;
  if (m) return m[1] as ClientLibrary;
  return type && /(^|\.)RestTemplateBuilder$/.test(type) ? "RestTemplate" : null;
}

export function detectHttp(ctx: JvmContext): void {
  const { file } = ctx;
  const holders: Array<{ name: string; functionId: string; type: string | null; value: Expr | null; span: ClientFact["span"]; perCall: boolean }> = [];
  for (const d of file.decls) {
    if (d.kind === "field") {
      const owner = d.ownerId || file.pkg;
      // `this.client = builder.baseUrl(url).build()` in a constructor: its parameters are in scope
      const assigned = d.value ? undefined : file.assignments.find((a) => a.target === d.name && ctx.decl(a.scopeId)?.ownerId === owner);
      holders.push({ name: `${owner}.${d.name}`, functionId: d.value ? d.id : (assigned?.scopeId ?? owner), type: d.type, value: d.value ?? assigned?.value ?? null, span: d.span, perCall: false });
    }
    if (d.kind === "method" || d.kind === "constructor") {
      for (const p of d.params) holders.push({ name: `${d.id}.${p.name}`, functionId: d.id, type: p.type, value: null, span: d.span, perCall: false });
    }
  }
  for (const l of file.locals) holders.push({ name: `${l.scopeId}.${l.name}`, functionId: l.scopeId, type: l.type, value: l.value, span: nodeSpan(l.node), perCall: true });
  for (const h of holders) {
    const library = (h.type ? TYPE_LIBRARY[simpleType(h.type)!] : undefined) ?? creationLibrary(ctx, h.functionId, h.value);
    if (!library || ctx.facts.clients.some((c) => c.name === h.name)) continue;
    // a typed holder built by a chain (`builder.baseUrl(url).build()` on an injected builder) still names its base URL
    const creation = h.value?.k === "call" ? h.value : null;
    // nothing builds it here: an injected bean, found at link time among the @Bean factories
    const bean = creation || h.perCall ? null : `${BEAN_PREFIX}${library}:${h.name.slice(h.name.lastIndexOf(".") + 1)}`;
    addClient(ctx, h.name, h.functionId, h.span, library, creation, h.perCall && !!libraryOfCreation(h.value), bean);
  }
  beanFactories(ctx);
  const byId = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  for (const call of file.calls) {
    const fact = byId.get(ctx.callIds.get(call.node.id) ?? "");
    const request = fact ? requestOf(ctx, call) : null;
    if (fact && request) fact.request = request;
  }
}

/**
 * `@Bean` methods that build a client (`return new OkHttpClient.Builder()…build()`,
 * `= builder.baseUrl(url).build()`): the returned ClientFact, which injected clients of that
 * library link to (`fromCall` = `@bean:<library>:<field name>`, resolved by engine/resolveJvm.ts).
 */
function beanFactories(ctx: JvmContext): void {
  for (const d of ctx.file.decls) {
    if (d.kind !== "method" || !d.annotations.some((a) => importedName(ctx.file, a.simple) === "Bean")) continue;
    let built: { call: Expr; library: ClientLibrary; span: ClientFact["span"] } | null = null;
    for (const c of ctx.file.calls) {
      if (c.scopeId !== d.id || ctx.outerCall(c)) continue;
      const e: Expr = { k: "call", call: c };
      const library = creationLibrary(ctx, d.id, e);
      if (library) built = { call: e, library, span: c.span };
    }
    const fn = ctx.facts.functions.find((f) => f.id === d.id);
    if (!built || !fn) continue;
    fn.returnsClientId = addClient(ctx, "", d.id, built.span, built.library, built.call, false, null);
  }
}

/** `fromCall` of an injected client: `@bean:<library>:<name>` (engine/resolveJvm.ts). */
export const BEAN_PREFIX = "@bean:";

function addClient(ctx: JvmContext, name: string, functionId: string, span: ClientFact["span"], library: ClientLibrary, creation: Expr | null, perCall: boolean, bean: string | null): string {
  const chain = creation?.k === "call" ? chainOf(creation.call) : [];
  let baseUrl: ValueExpr | null = null;
  let timeoutSet = false;
  for (const c of chain) {
    if (c.name === "baseUrl" || c.name === "rootUri" || ((c.name === "create" || c.name === "newHttpClient") && c.args.length)) baseUrl = valueExpr(argAt(c, 0));
    if (TIMEOUT_SETTERS.test(c.name)) timeoutSet = true;
  }
  const id = ctx.nextId("K", span);
  ctx.clientCreations.set(id, creation);
  ctx.facts.clients.push({
    id,
    name,
    functionId,
    span,
    library: bean ? "unknown" : library,
    baseUrl,
    layerIds: [],
    fromCall: bean,
    perCall,
    hasRetryQuota: false,
    timeoutSeconds: null,
    timeoutSet,
  });
  return id;
}

/** The client library a receiver name stands for in a scope (declared type, or how it was built). */
function receiverLibrary(ctx: JvmContext, call: Call): ClientLibrary | null {
  const name = receiverName(call);
  if (name) {
    const head = name.split(".")[0]!;
    const type = simpleType(ctx.typeOf(call.scopeId, head));
    if (type && TYPE_LIBRARY[type]) return TYPE_LIBRARY[type]!;
    return creationLibrary(ctx, call.scopeId, ctx.valueOf(call.scopeId, head));
  }
  return call.receiver?.k === "call" ? libraryOfCreation(call.receiver) : null;
}

function requestOf(ctx: JvmContext, call: Call): RequestFact | null {
  const library = receiverLibrary(ctx, call);
  if (call.name in REST_TEMPLATE && (library === "RestTemplate" || (library === null && REST_TEMPLATE_ONLY.has(call.name)))) {
    let method = REST_TEMPLATE[call.name] ?? null;
    if (method === null) {
      const m = argAt(call, 1);
      method = m?.k === "name" && /(^|\.)HttpMethod\.\w+$/.test(m.path) ? m.path.split(".").pop()! : null;
    }
    const url = valueExpr(argAt(call, 0));
    const keyed = idempotencyIn(ctx, call.scopeId);
    return request(method, url, keyed, library === "RestTemplate" || isAbsolute(url) ? "RestTemplate" : null);
  }
  if (call.name in FLUENT_VERBS && (library === "WebClient" || library === "RestClient")) {
    let method = FLUENT_VERBS[call.name] ?? null;
    if (method === null) {
      const m = argAt(call, 0);
      method = m?.k === "name" ? m.path.split(".").pop()!.toUpperCase() : null;
    }
    let url: ValueExpr | null = null;
    let keyed: boolean | null = false;
    for (let c = ctx.outerCall(call); c; c = ctx.outerCall(c)) {
      if (c.name === "uri" && url === null) url = argAt(c, 0)?.k === "lambda" ? { kind: "unknown", text: "uri builder" } : valueExpr(argAt(c, 0));
      if (c.name === "header" && IDEMPOTENCY_HEADER.test(stringOf(argAt(c, 0)) ?? "")) keyed = true;
      if (c.name === "headers") keyed = keyed || idempotencyIn(ctx, call.scopeId);
    }
    return request(method, url ?? { kind: "string", value: "" }, keyed || idempotencyIn(ctx, call.scopeId), library);
  }
  if ((call.name === "send" || call.name === "sendAsync") && library === "java.net.http.HttpClient") {
    const built = builtRequest(ctx, call, argAt(call, 0), "GET");
    return built && request(built.method, built.url, built.keyed, library);
  }
  const jaxrs = library === null ? jaxrsRequest(ctx, call, () => idempotencyIn(ctx, call.scopeId)) : null;
  if (jaxrs) return jaxrs;
  if (call.name === "newCall" && (library === "OkHttpClient" || library === null)) {
    const built = builtRequest(ctx, call, argAt(call, 0), "GET");
    if (!built || (library === null && !built.okhttp)) return null;
    return request(built.method, built.url, built.keyed, "OkHttpClient");
  }
  return null;
}

/**
 * A request object built by a builder chain, inline or in a local/field: java.net.http
 * `HttpRequest.newBuilder(URI.create(u)).POST(…)` and OkHttp `Request.Builder().url(u).post(b)`.
 */
function builtRequest(ctx: JvmContext, call: Call, arg: Expr | null, defaultMethod: string): { method: string | null; url: ValueExpr | null; keyed: boolean; okhttp: boolean } | null {
  let e = arg;
  if (e?.k === "name") e = ctx.valueOf(call.scopeId, e.path);
  if (e?.k !== "call") return null;
  const chain = chainOf(e.call);
  const first = chain[0]!;
  const okhttp = first.isNew && /(^|\.)Request\.Builder$/.test(first.name);
  const jdk = !first.isNew && first.name === "newBuilder" && receiverName(first) === "HttpRequest";
  if (!okhttp && !jdk) return null;
  let method: string | null = defaultMethod;
  let url: ValueExpr | null = jdk && first.args.length ? valueExpr(argAt(first, 0)) : null;
  let keyed = false;
  for (const c of chain.slice(1)) {
    const verb = c.name.toUpperCase();
    if (["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD"].includes(verb) && (okhttp ? c.name === c.name.toLowerCase() : c.name === verb)) method = verb;
    if (c.name === "method") method = stringOf(argAt(c, 0))?.toUpperCase() ?? null;
    if (c.name === "url" || c.name === "uri") url = valueExpr(argAt(c, 0));
    if ((c.name === "header" || c.name === "addHeader") && IDEMPOTENCY_HEADER.test(stringOf(argAt(c, 0)) ?? "")) keyed = true;
  }
  return { method, url, keyed: keyed || idempotencyIn(ctx, call.scopeId), okhttp };
}

function request(method: string | null, url: ValueExpr | null, idempotencyKey: boolean | null, library: string | null): RequestFact {
  return { method, url, protocol: "http", idempotencyKey, timeoutSeconds: null, library };
}

function isAbsolute(url: ValueExpr | null): boolean {
  const first = url?.kind === "concat" ? url.parts[0] : url;
  return first?.kind === "string" && /^https?:\/\//.test(first.value);
}

/** An Idempotency-Key header literal anywhere in the function (headers are often set beside the call). */
function idempotencyIn(ctx: JvmContext, scopeId: string): boolean {
  const d = ctx.decl(scopeId.replace(/\.lambda@[^.]+/g, ""));
  if (!d) return false;
  return descendants(d.node, "string_literal").some((lit) => IDEMPOTENCY_HEADER.test(lit.text.replace(/^"+|"+$/g, "")));
}
