/**
 * Apache HttpClient 4.5.x and 5.x retry handlers — docs/reference/apache-httpclient.md.
 *
 * Every client the builder makes retries unless told not to (verified in httpcomponents-client
 * rel/v4.5.14 and rel/v5.3.1 … 5.6 source):
 * - 4.x (`org.apache.http`): `HttpClients.createDefault()` = `HttpClientBuilder.create().build()`,
 *   `createSystem()`, `HttpClients.custom()…build()` and the legacy `new DefaultHttpClient()` install
 *   `DefaultHttpRequestRetryHandler.INSTANCE`: `retryCount` 3 (counts retries) → **4 attempts** on
 *   I/O errors other than InterruptedIOException (timeouts), UnknownHost, Connect, NoRouteToHost
 *   and SSL exceptions; requests without a body always, POST/PUT only when not fully sent
 *   (`requestSentRetryEnabled` false). No wait. `StandardHttpRequestRetryHandler` also treats PUT
 *   (and every RFC-idempotent method) as idempotent.
 * - 5.x (`org.apache.hc.client5`): `DefaultHttpRequestRetryStrategy.INSTANCE`: `maxRetries` 1 →
 *   **2 attempts**, 1 s between them (Retry-After wins), on the same I/O errors (plus
 *   ConnectionClosedException) for idempotent methods, and on 429/503 responses for any method
 *   whose body is repeatable. The classic and the async builders alike.
 * - `disableAutomaticRetries()` → a disabled layer (1 attempt) anchored on that call;
 *   `setRetryHandler(…)` / `setRetryStrategy(…)` with the library's classes set the count; any
 *   other handler → unknown count. `createMinimal()` has no retry executor (no layer).
 * `client.execute(new HttpPost(url))` (the request inline or in a local) is a request through the
 * client; a `RestTemplate` over `new HttpComponentsClientHttpRequestFactory(client)` takes the
 * client's layer (with no argument: Spring's own `HttpClients.createSystem()` → the default).
 */
import type { LayerFact, RequestFact, RetryCondition, ValueExpr } from "../../model/facts";
import { importsFrom, receiverName, type JvmContext } from "./context";
import { fixedWait, type LayerBase } from "./layers";
import { holderOf, outermost, valueOfName } from "./jvmHolders";
import { IDEMPOTENCY_HEADER } from "../shared/idempotency";
import { valueExpr } from "./module";
import { argAt, boolOf, chainOf, exprText, numberOf, stringOf, type Call, type Expr } from "./syntax";

export const APACHE_LIBRARY = "apache-httpclient";
const FACTORIES = new Set(["HttpClients", "HttpAsyncClients"]);
const BUILDERS = new Set(["HttpClientBuilder", "HttpAsyncClientBuilder"]);
const REQUEST_TYPES: Record<string, string> = { HttpGet: "GET", HttpPost: "POST", HttpPut: "PUT", HttpDelete: "DELETE", HttpPatch: "PATCH", HttpHead: "HEAD", HttpOptions: "OPTIONS" };

export type Major = 4 | 5;

export interface Handler {
  /** retries after the first try; null when not known */
  retries: number | null;
  sentRetry: boolean;
  standard: boolean;
  intervalMs: number | null;
  source: "default" | "config";
  text: string;
}

export function detectApacheHttpClient(ctx: JvmContext): void {
  const v4 = importsFrom(ctx.file, "org.apache.http");
  const v5 = importsFrom(ctx.file, "org.apache.hc.client5");
  if (!v4 && !v5) {
    // Spring's HttpComponentsClientHttpRequestFactory builds its own client
    if (ctx.file.imports.some((i) => /(^|\.)HttpComponentsClientHttpRequestFactory$/.test(i.path) || (i.star && i.path === "org.springframework.http.client"))) restTemplates(ctx, 5, springMajor(ctx), new Map());
    return;
  }
  const major: Major = v5 ? 5 : 4;
  const layerByCall = new Map<number, string>();
  for (const call of ctx.file.calls) {
    const start = creationStart(call, major);
    if (!start) continue;
    let whole = outermost(ctx, call);
    let chain = chainOf(whole);
    if (start.needsBuild && !chain.some((c) => c.name === "build")) {
      // `HttpClientBuilder b = HttpClients.custom(); b.setRetryHandler(h); client = b.build();`
      const built = builtLater(ctx, whole);
      if (!built) continue;
      chain = [...chain, ...built.steps, ...chainOf(built.build)];
      whole = outermost(ctx, built.build);
    }
    const made = layerFor(ctx, call, chain, major, start.what);
    if (!made) continue;
    layerByCall.set(whole.node.id, made.localId);
    const holder = holderOf(ctx, whole);
    if (!holder) continue;
    const id = ctx.nextId("K", whole.span);
    ctx.facts.clients.push({ id, name: holder.name, functionId: holder.functionId, span: whole.span, library: APACHE_LIBRARY, baseUrl: null, layerIds: [made.localId], fromCall: null, perCall: holder.perCall, hasRetryQuota: false, timeoutSeconds: null });
    ctx.clientCreations.set(id, { k: "call", call: whole });
    if (holder.beanMethod) {
      const fn = ctx.facts.functions.find((f) => f.id === holder.beanMethod);
      if (fn) fn.returnsClientId = id;
    }
  }
  requests(ctx);
  restTemplates(ctx, major, v4 && !v5 ? 4 : v5 ? 5 : null, layerByCall);
}

/** A builder held by a name, configured by statements and built later in the same scope. */
function builtLater(ctx: JvmContext, creation: Call): { steps: Call[]; build: Call } | null {
  const holder = holderOf(ctx, creation);
  if (!holder?.name) return null;
  const name = holder.name.slice(holder.name.lastIndexOf(".") + 1);
  const inScope = (c: Call) => c.scopeId === holder.functionId || c.scopeId.startsWith(`${holder.functionId}.`) || holder.functionId.startsWith(`${c.scopeId}.`) || !holder.perCall;
  const onBuilder = ctx.file.calls.filter((c) => !c.isNew && receiverName(chainOf(c)[0]!) === name && inScope(c) && c.node.startIndex > creation.node.startIndex);
  const build = onBuilder.find((c) => c.name === "build");
  if (!build) return null;
  const steps = onBuilder.filter((c) => c !== build && !ctx.outerCall(c) && c.node.startIndex < build.node.startIndex).flatMap((c) => chainOf(c));
  return { steps, build };
}

/** The first call of a client-building chain. */
function creationStart(call: Call, major: Major): { what: string; needsBuild: boolean } | null {
  if (call.isNew) {
    const t = call.name.slice(call.name.lastIndexOf(".") + 1);
    return major === 4 && t === "DefaultHttpClient" ? { what: "new DefaultHttpClient()", needsBuild: false } : null;
  }
  const recv = call.receiver?.k === "name" ? call.receiver.path.slice(call.receiver.path.lastIndexOf(".") + 1) : null;
  if (!recv) return null;
  if (major === 4 && recv === "HttpAsyncClients") return null; // httpasyncclient 4.x has no retry executor
  if (FACTORIES.has(recv)) {
    if (call.name === "createDefault" || call.name === "createSystem") return { what: `${recv}.${call.name}()`, needsBuild: false };
    if (call.name === "custom") return { what: `${recv}.custom()…build()`, needsBuild: true };
    return null;
  }
  if (BUILDERS.has(recv) && call.name === "create") return { what: `${recv}.create()…build()`, needsBuild: true };
  return null;
}

function layerFor(ctx: JvmContext, first: Call, chain: Call[], major: Major, what: string): LayerFact | null {
  const disabled = chain.find((c) => c.name === "disableAutomaticRetries");
  const setter = chain.find((c) => c.name === (major === 4 ? "setRetryHandler" : "setRetryStrategy"));
  const handler: Handler = setter ? handlerOf(ctx, first.scopeId, argAt(setter, 0), major) : defaults(major);
  const anchorCall = disabled ?? setter ?? first;
  const localId = ctx.nextId("L", anchorCall.nameSpan);
  const base = disabled ? disabledLayer(major, what) : layerOf(handler, major, what);
  const layer: LayerFact = { ...base, localId, anchor: disabled || setter ? anchorCall.nameSpan : first.span, attach: { kind: "client" }, label: major === 4 ? "Apache HttpClient 4" : "Apache HttpClient 5" };
  ctx.facts.layers.push(layer);
  return layer;
}

export function defaults(major: Major): Handler {
  return major === 4
    ? { retries: 3, sentRetry: false, standard: false, intervalMs: 0, source: "default", text: "DefaultHttpRequestRetryHandler.INSTANCE" }
    : { retries: 1, sentRetry: false, standard: false, intervalMs: 1000, source: "default", text: "DefaultHttpRequestRetryStrategy.INSTANCE" };
}

/** `new DefaultHttpRequestRetryHandler(5, true)`, `DefaultHttpRequestRetryStrategy.INSTANCE`, a name holding one, or a custom handler (unknown). */
function handlerOf(ctx: JvmContext, scopeId: string, e: Expr | null, major: Major, depth = 0): Handler {
  const unknown = (why: string): Handler => ({ retries: null, sentRetry: true, standard: false, intervalMs: null, source: "config", text: why });
  if (!e) return unknown("no handler");
  if (e.k === "name") {
    if (/(^|\.)(DefaultHttpRequestRetryHandler|DefaultHttpRequestRetryStrategy)\.INSTANCE$/.test(e.path)) return { ...defaults(major), source: "config", text: e.path };
    const v = depth < 2 ? valueOfName(ctx, scopeId, e.path) : null;
    return v ? handlerOf(ctx, scopeId, v, major, depth + 1) : unknown(e.path);
  }
  if (e.k !== "call" || !e.call.isNew) return unknown(exprText(e));
  const c = e.call;
  const type = c.name.slice(c.name.lastIndexOf(".") + 1);
  const text = c.node.text.replace(/\s+/g, " ").slice(0, 80);
  if (major === 4 && (type === "DefaultHttpRequestRetryHandler" || type === "StandardHttpRequestRetryHandler")) {
    const standard = type === "StandardHttpRequestRetryHandler";
    if (!c.args.length) return { retries: 3, sentRetry: false, standard, intervalMs: 0, source: "config", text };
    const n = numberOf(argAt(c, 0));
    const sent = boolOf(argAt(c, 1));
    return { retries: n, sentRetry: sent ?? true, standard, intervalMs: 0, source: "config", text };
  }
  if (major === 5 && type === "DefaultHttpRequestRetryStrategy") {
    if (!c.args.length) return { ...defaults(5), source: "config", text };
    return { retries: numberOf(argAt(c, 0)), sentRetry: false, standard: true, intervalMs: timeValueMs(argAt(c, 1)), source: "config", text };
  }
  return unknown(text);
}

/** `TimeValue.ofSeconds(2)`, `TimeValue.ofMilliseconds(500)`, `TimeValue.ZERO_MILLISECONDS`. */
function timeValueMs(e: Expr | null): number | null {
  if (e?.k === "name" && /ZERO_MILLISECONDS$/.test(e.path)) return 0;
  if (e?.k !== "call") return null;
  const n = numberOf(argAt(e.call, 0));
  const unit: Record<string, number> = { ofMilliseconds: 1, ofSeconds: 1000, ofMinutes: 60_000, ofMillis: 1 };
  return n !== null && unit[e.call.name] !== undefined ? n * unit[e.call.name]! : null;
}

export function layerOf(h: Handler, major: Major, what: string): LayerBase {
  const unit = major === 4 ? "retryCount" : "maxRetries";
  const version = major === 4 ? "HttpClient 4.5" : "HttpClient 5.x";
  const attempts = h.retries === null ? null : Math.max(1, h.retries + 1);
  const note =
    h.retries === null
      ? `custom retry ${major === 4 ? "handler" : "strategy"} ${h.text}: count not known statically (${version})`
      : h.source === "default"
        ? `default ${h.text}: ${unit} ${h.retries} → ${attempts} attempts (${version}, ${what}; nobody configured it)`
        : `${h.text}: ${unit} ${h.retries} → ${attempts} attempts (${version}, counts retries)`;
  const base: LayerBase = {
    kind: "apache-httpclient-retry",
    category: "client",
    library: APACHE_LIBRARY,
    maxAttempts: attempts,
    attemptsSource: h.source,
    attemptsNote: note,
    timeBound: null,
    ...(h.retries === null ? { countUnknown: true } : {}),
    wait: h.intervalMs === null ? { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: "interval not a literal" } : fixedWait(h.intervalMs, h.source, major === 4 ? " (RetryExec re-executes at once)" : "; Retry-After of a 429/503 wins"),
    condition: condition(h, major),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
  return base;
}

function condition(h: Handler, major: Major): RetryCondition {
  const ioErrors = `I/O errors other than InterruptedIOException (timeouts), UnknownHostException, ConnectException, NoRouteToHostException, SSLException${major === 5 ? ", ConnectionClosedException" : ""}`;
  if (major === 4) {
    const idempotent = h.standard ? ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"] : ["GET", "HEAD", "DELETE", "OPTIONS", "TRACE"];
    return {
      allErrors: false,
      exceptionTypes: ["IOException"],
      statuses: [],
      retryOn: ["I/O error"],
      afterSendMethods: h.sentRetry ? "all" : idempotent,
      permanentErrors: null,
      honoursRetryAfter: null,
      description: h.sentRetry
        ? `${ioErrors}, any method even once sent (requestSentRetryEnabled)`
        : `${ioErrors}; ${h.standard ? "idempotent methods (GET, HEAD, PUT, DELETE, OPTIONS, TRACE)" : "requests without a body (GET, HEAD, DELETE, …)"} always, POST/PATCH${h.standard ? "" : "/PUT"} only when not fully sent`,
    };
  }
  return {
    allErrors: false,
    exceptionTypes: ["IOException"],
    statuses: [429, 503],
    retryOn: ["I/O error"],
    afterSendMethods: "all",
    permanentErrors: null,
    honoursRetryAfter: true,
    description: `${ioErrors} for idempotent methods (GET, HEAD, PUT, DELETE, OPTIONS, TRACE); 429 and 503 responses for any method with a repeatable body, POST included`,
  };
}

function disabledLayer(major: Major, what: string): LayerBase {
  return {
    ...layerOf({ ...defaults(major), retries: 0, source: "config", text: what }, major, what),
    attemptsNote: `disableAutomaticRetries(): no retry ${major === 4 ? "handler" : "strategy"} (${major === 4 ? "HttpClient 4.5" : "HttpClient 5.x"})`,
  };
}

/** `client.execute(new HttpPost(url))`, `client.execute(post)` with `HttpPost post = new HttpPost(u)`, `execute(host, req)`. */
function requests(ctx: JvmContext): void {
  const clients = ctx.facts.clients.filter((c) => c.library === APACHE_LIBRARY);
  if (!clients.length && !ctx.file.calls.some((c) => c.isNew && c.name.replace(/^.*\./, "") in REQUEST_TYPES)) return;
  const byId = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  for (const call of ctx.file.calls) {
    if (call.name !== "execute" || call.isNew || !call.receiver) continue;
    const fact = byId.get(ctx.callIds.get(call.node.id) ?? "");
    if (!fact || fact.request) continue;
    for (const arg of call.args.slice(0, 2)) {
      const built = requestOf(ctx, call, arg.value);
      if (built) {
        fact.request = built;
        break;
      }
    }
  }
}

function requestOf(ctx: JvmContext, call: Call, e: Expr): RequestFact | null {
  let value: Expr | null = e;
  let name: string | null = null;
  if (value.k === "name") {
    name = value.path;
    value = valueOfName(ctx, call.scopeId, value.path);
  }
  if (value?.k !== "call") return null;
  const c = value.call;
  let method: string | null;
  let url: Expr | null;
  const type = c.name.slice(c.name.lastIndexOf(".") + 1);
  if (c.isNew && type in REQUEST_TYPES) {
    method = REQUEST_TYPES[type]!;
    url = argAt(c, 0);
  } else {
    // `RequestBuilder.post(url)…build()` (4.x), `ClassicRequestBuilder.post(url)…build()` (5.x)
    const head = chainOf(c)[0]!;
    const recv = head.receiver?.k === "name" ? head.receiver.path.replace(/^.*\./, "") : "";
    if (!/^(RequestBuilder|ClassicRequestBuilder|SimpleRequestBuilder)$/.test(recv)) return null;
    method = head.name.toUpperCase();
    if (!["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"].includes(method)) return null;
    url = argAt(head, 0) ?? chainOf(c).find((x) => x.name === "setUri")?.args[0]?.value ?? null;
  }
  const keyed = ctx.file.calls.some((x) => x.scopeId === call.scopeId && (x.name === "setHeader" || x.name === "addHeader") && (name === null || x.receiver?.k === "name") && IDEMPOTENCY_HEADER.test(stringOf(argAt(x, 0)) ?? ""));
  return { method, url: urlValue(url), protocol: "http", idempotencyKey: keyed, timeoutSeconds: null, library: APACHE_LIBRARY };
}

/** A URL argument; `base + id` of two names is a string concatenation here (a request's URI). */
function urlValue(e: Expr | null): ValueExpr {
  if (e?.k === "other" && /^\s*[\w.]+(\s*\+\s*[\w.]+)+\s*$/.test(e.text)) {
    return { kind: "concat", parts: e.text.split("+").map((p) => ({ kind: "ref" as const, name: p.trim().replace(/^this\./, "") })) };
  }
  return valueExpr(e);
}

/**
 * `new RestTemplate(new HttpComponentsClientHttpRequestFactory(client))` (also through a local or
 * field): the RestTemplate's requests go through the Apache client's retry layer; with no
 * argument Spring builds `HttpClients.createSystem()` itself (4.x under Spring 5, 5.x under
 * Spring 6), so the default layer is anchored on the factory.
 */
function restTemplates(ctx: JvmContext, major: Major, pinned: Major | null, layerByCall: Map<number, string>): void {
  void major;
  // one creation may back two clients (the local `val t = RestTemplate()` and the @Bean method's returned value)
  const done = new Map<number, string[]>();
  for (const client of ctx.facts.clients) {
    if (client.library !== "RestTemplate" && client.library !== "unknown") continue;
    const creation = ctx.clientCreations.get(client.id);
    if (creation?.k !== "call" || !creation.call.isNew || !/RestTemplate$/.test(creation.call.name)) continue;
    const before = done.get(creation.call.node.id);
    if (before) {
      for (const id of before) if (!client.layerIds.includes(id)) client.layerIds.push(id);
      continue;
    }
    const had = client.layerIds.length;
    done.set(creation.call.node.id, []);
    const record = () => done.set(creation.call.node.id, client.layerIds.slice(had));
    let factory = argAt(creation.call, 0) ?? factorySetLater(ctx, client.name, client.functionId);
    if (factory?.k === "name") factory = valueOfName(ctx, client.functionId, factory.path);
    if (factory?.k !== "call" || !factory.call.isNew || !/HttpComponentsClientHttpRequestFactory$/.test(factory.call.name)) continue;
    const inner = argAt(factory.call, 0);
    if (!inner) {
      const v: Major = pinned ?? 5;
      const localId = ctx.nextId("L", factory.call.span);
      const base = layerOf({ ...defaults(v), text: v === 4 ? "DefaultHttpRequestRetryHandler.INSTANCE" : "DefaultHttpRequestRetryStrategy.INSTANCE" }, v, "HttpComponentsClientHttpRequestFactory() → HttpClients.createSystem()");
      if (!pinned) base.attemptsNote += "; HttpClient 5 assumed (Spring 6), no Apache import in the file";
      else if (!importsFrom(ctx.file, "org.apache.http") && !importsFrom(ctx.file, "org.apache.hc.client5")) base.attemptsNote += pinned === 4 ? `; HttpClient 4 for Spring 5 (${springFiveHint(ctx)})` : "; HttpClient 5 for Spring 6 (jakarta.* imports)";
      ctx.facts.layers.push({ ...base, localId, anchor: factory.call.span, attach: { kind: "client" }, label: "HttpComponentsClientHttpRequestFactory" });
      client.layerIds.push(localId);
      record();
      continue;
    }
    const id = inner.k === "call" ? layerByCall.get(inner.call.node.id) : inner.k === "name" ? ctx.facts.clients.find((k) => k.library === APACHE_LIBRARY && (k.name.endsWith(`.${inner.path.replace(/^this\./, "")}`)))?.layerIds[0] : undefined;
    if (id) client.layerIds.push(id);
    record();
  }
}

/**
 * `restTemplate.setRequestFactory(f)` (Java) / `restTemplate.requestFactory = f` (Kotlin) on the
 * RestTemplate's holder, in the method that built it or the class that holds it.
 */
function factorySetLater(ctx: JvmContext, holderName: string, functionId: string): Expr | null {
  const bare = holderName.slice(holderName.lastIndexOf(".") + 1);
  if (!bare) return null;
  const near = (scopeId: string) => scopeId === functionId || scopeId.startsWith(`${functionId}.`) || functionId.startsWith(`${scopeId}.`) || ctx.decl(scopeId)?.ownerId === ctx.decl(functionId)?.ownerId;
  for (const c of ctx.file.calls) {
    if (c.name === "setRequestFactory" && receiverName(c) === bare && near(c.scopeId)) return argAt(c, 0);
  }
  for (const a of ctx.file.assignments) {
    if (a.target.replace(/^this\./, "") === `${bare}.requestFactory` && near(a.scopeId)) return a.value;
  }
  return null;
}

/**
 * The Spring major a file without Apache imports builds against, from what it imports: Spring
 * Framework 5 (Boot 2) pairs HttpComponentsClientHttpRequestFactory with HttpClient 4, Spring 6
 * (Boot 3) with HttpClient 5 (Spring 6.0 release notes: "HttpClient 5 … HttpComponentsClientHttpRequestFactory").
 * `javax.servlet`/`javax.annotation`/`javax.persistence`… imports and Spring Cloud Netflix
 * (Zuul, Hystrix, Ribbon: gone from Spring Cloud 2020.0+) mean Spring 5; `jakarta.` imports mean 6.
 */
function springMajor(ctx: JvmContext): Major | null {
  const paths = ctx.file.imports.map((i) => i.path);
  if (paths.some((p) => p.startsWith("jakarta."))) return 5;
  if (paths.some((p) => /^javax\.(servlet|annotation|persistence|validation|inject|ws)\b/.test(p) || p.startsWith("org.springframework.cloud.netflix"))) return 4;
  return null;
}

function springFiveHint(ctx: JvmContext): string {
  return ctx.file.imports.some((i) => i.path.startsWith("org.springframework.cloud.netflix")) ? "Spring Cloud Netflix is imported: Spring Boot 2.x" : "javax.* imports: Spring Boot 2.x";
}
