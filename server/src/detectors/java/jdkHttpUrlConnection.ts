/**
 * The JDK's HttpURLConnection re-send — docs/reference/apache-httpclient.md §"JDK HttpURLConnection".
 * `sun.net.www.http.HttpClient.parseHTTP` / `parseHTTPHeader` (OpenJDK 8 … 25): when reading the
 * response fails with an IOException other than a SocketTimeoutException, or the stream ends before
 * a status line ("Unexpected end of file"), and `!failedOnce`, the client opens a new connection and
 * writes the request once more — **2 attempts**, no wait — unless the method is CONNECT, the request
 * **streams** its body (`setFixedLengthStreamingMode` / `setChunkedStreamingMode`), or it is a POST
 * with `-Dsun.net.http.retryPost=false` (default `true`).
 *
 * Layers (kind `jdk-httpurlconnection`, category client, implicit); only the first is registered
 * (detectJdkLibraryDefaults holds the other two, see its comment):
 * - `url.openConnection()` written in the code: on the call; 1 (disabled) when the method sets a
 *   streaming mode on it.
 * - `new RestTemplate()` with no request factory: `SimpleClientHttpRequestFactory` over
 *   HttpURLConnection. Its `prepareConnection` sets doOutput for POST/PUT/PATCH/DELETE and
 *   `SimpleBufferingClientHttpRequest` then sets fixed-length streaming (outputStreaming true by
 *   default), so only GET/HEAD/OPTIONS/TRACE are re-sent (a per-hop method filter at link time,
 *   engine/jdkHttpUrlConnection.ts). A request factory set on it later in the file (another factory
 *   class) is not this layer.
 * - A `@FeignClient` interface: feign-core's `Client.Default` (Spring Cloud OpenFeign's default
 *   delegate, also under the load balancer) streams a request body (`disableRequestBuffering`), so
 *   its body-less methods (any verb) are re-sent; the layer is off when the build puts
 *   feign-okhttp / feign-hc5 / feign-httpclient on the classpath (link time).
 */
import type { LayerFact, SourceSpan } from "../../model/facts";
import { importedName, receiverName, type JvmContext } from "./context";
import { fixedWait } from "./layers";
import { springMapping } from "./module";
import { argAt, stringOf, type Call, type Decl } from "./syntax";

export const JDK_HTTP = "jdk-httpurlconnection";
/** label prefix of the Feign layers (the linker turns them off when another Feign client is on the classpath) */
export const FEIGN_LABEL = "HttpURLConnection @FeignClient ";
const BODYLESS_PARAM = /^(PathVariable|RequestParam|RequestHeader|SpringQueryMap|QueryMap|HeaderMap|Param|CookieValue|MatrixVariable)$/;
/** what SimpleClientHttpRequestFactory sends without doOutput (never streamed) */
export const SIMPLE_FACTORY_RESENT = ["GET", "HEAD", "OPTIONS", "TRACE"];

export function detectJdkHttpUrlConnection(ctx: JvmContext): void {
  openConnections(ctx);
}

/**
 * The library defaults (RestTemplate, Feign Client.Default): written and tested, but not registered
 * yet — turning them on puts an implicit ×2 under every plain RestTemplate and Feign client, which
 * older corpus labels and fixtures do not count (docs/reference/apache-httpclient.md, "Status").
 */
export function detectJdkLibraryDefaults(ctx: JvmContext): void {
  restTemplates(ctx);
  feignClients(ctx);
}

function layer(anchor: SourceSpan, localId: string, label: string, note: string, methods: "all" | string[], off: string | null, attach: LayerFact["attach"]): LayerFact {
  return {
    localId,
    kind: JDK_HTTP,
    category: "client",
    library: JDK_HTTP,
    anchor,
    maxAttempts: off ? 1 : 2,
    attemptsSource: "default",
    attemptsNote: off ? `JDK HttpURLConnection: ${off} → no silent re-send` : `JDK HttpURLConnection (sun.net.www.http.HttpClient): ${note}; a failed read of the response (IOException other than a timeout, or the connection closed before a status line) re-opens the connection and writes the request once more → 2 attempts (failedOnce); POST too unless -Dsun.net.http.retryPost=false`,
    timeBound: null,
    wait: fixedWait(0, "default"),
    condition: {
      allErrors: false,
      exceptionTypes: ["IOException"],
      statuses: [],
      retryOn: ["connection reset / closed before the response"],
      afterSendMethods: methods,
      permanentErrors: null,
      honoursRetryAfter: false,
      description: `a connection failure while reading the response status line, once; ${methods === "all" ? "any method whose body is not streamed" : `only ${methods.join("/")} (the others stream their body)`}`,
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach,
    label,
  };
}

/** `url.openConnection()` / `URL(u).openConnection()` on a java.net.URL. */
function openConnections(ctx: JvmContext): void {
  if (!ctx.file.imports.some((i) => i.path.startsWith("java.net"))) return;
  for (const call of ctx.file.calls) {
    if (call.name !== "openConnection" || call.args.length > 0 || !isUrl(ctx, call)) continue;
    const inScope = (c: Call) => c.scopeId === call.scopeId;
    const streams = ctx.file.calls.some((c) => inScope(c) && /^set(FixedLength|Chunked)StreamingMode$/.test(c.name));
    const off = streams ? "the request body is streamed (setFixedLengthStreamingMode / setChunkedStreamingMode in this method)" : null;
    ctx.facts.layers.push(layer(call.span, ctx.nextId("L", call.span), "HttpURLConnection", "url.openConnection()", "all", off, { kind: "block", functionId: call.scopeId, callIds: [] }));
  }
}

function isUrl(ctx: JvmContext, call: Call): boolean {
  const r = call.receiver;
  if (r?.k === "call") return (r.call.isNew && /(^|\.)URL$/.test(r.call.name)) || r.call.name === "toURL";
  const name = receiverName(call);
  if (!name) return false;
  const t = ctx.typeOf(call.scopeId, name.split(".")[0]!);
  if (t) return /(^|\.)URL$/.test(t);
  const v = ctx.valueOf(call.scopeId, name);
  return v?.k === "call" && ((v.call.isNew && /(^|\.)URL$/.test(v.call.name)) || v.call.name === "toURL");
}

/** `new RestTemplate()` (no request factory): SimpleClientHttpRequestFactory. */
function restTemplates(ctx: JvmContext): void {
  for (const client of ctx.facts.clients) {
    if (client.library !== "RestTemplate") continue;
    const e = ctx.clientCreations.get(client.id);
    const c = e?.k === "call" ? e.call : null;
    if (!c || !c.isNew || !/(^|\.)RestTemplate$/.test(c.name) || c.args.length > 0 || holdersOf(ctx, client.name, c).some((h) => otherFactorySet(ctx, h))) continue;
    const localId = ctx.nextId("L", c.span);
    ctx.facts.layers.push(layer(c.span, localId, "RestTemplate (SimpleClientHttpRequestFactory)", "new RestTemplate() uses SimpleClientHttpRequestFactory", SIMPLE_FACTORY_RESENT, null, { kind: "client" }));
    client.layerIds.push(localId);
  }
}

/** The names the RestTemplate is held by: the client's own, and a local or field it initialises (a `@Bean` method's `val rest = RestTemplate()` before `return rest`). */
function holdersOf(ctx: JvmContext, clientName: string, creation: Call): string[] {
  const out = clientName ? [clientName] : [];
  const built = (e: { k: string; call?: Call } | null) => e?.k === "call" && e.call!.node.id === creation.node.id;
  for (const l of ctx.file.locals) if (built(l.value)) out.push(l.name);
  for (const d of ctx.file.decls) if (d.kind === "field" && built(d.value)) out.push(d.name);
  return out;
}

/** `rest.setRequestFactory(new HttpComponentsClientHttpRequestFactory())` / Kotlin `rest.requestFactory = …` with another factory class. */
function otherFactorySet(ctx: JvmContext, holder: string): boolean {
  const bare = holder.slice(holder.lastIndexOf(".") + 1);
  const other = (v: { k: string; call?: Call } | null) => v?.k === "call" && v.call!.isNew && !/SimpleClientHttpRequestFactory$/.test(v.call!.name);
  if (ctx.file.calls.some((c) => c.name === "setRequestFactory" && receiverName(c)?.split(".").pop() === bare && other(argAt(c, 0)))) return true;
  return ctx.file.assignments.some((a) => a.target.replace(/^this\./, "") === `${bare}.requestFactory` && other(a.value));
}

/** `@FeignClient` interfaces: Client.Default re-sends the body-less methods. */
function feignClients(ctx: JvmContext): void {
  for (const iface of ctx.file.decls) {
    const ann = iface.kind === "interface" ? iface.annotations.find((a) => importedName(ctx.file, a.simple) === "FeignClient") : undefined;
    if (!ann) continue;
    const name = stringOf(ann.args.get("name") ?? ann.args.get("value")) ?? iface.name;
    const methods = new Map(ctx.file.decls.filter((m) => m.kind === "method" && m.ownerId === iface.id).map((m) => [m.id, m]));
    const calls = ctx.facts.calls.filter((c) => methods.has(c.functionId) && c.request?.library === "feign");
    if (!calls.length) continue;
    const bodyless = calls.filter((c) => !hasBody(ctx, methods.get(c.functionId)!)).map((c) => c.id);
    const localId = ctx.nextId("L", ann.span);
    const note = `@FeignClient ${name} on feign Client.Default (no other Feign client on the classpath), which streams a request body, so its ${bodyless.length} body-less method${bodyless.length === 1 ? "" : "s"} can be re-sent`;
    ctx.facts.layers.push(layer(ann.span, localId, `${FEIGN_LABEL}${name}`, note, "all", bodyless.length ? null : "every method of the client sends a body, which Client.Default streams", { kind: "block", functionId: iface.id, callIds: bodyless }));
  }
}

/** A Spring MVC contract parameter that is the request body: `@RequestBody`, or one with no parameter annotation. */
function hasBody(ctx: JvmContext, m: Decl): boolean {
  if (!springMapping(ctx, m)) return false;
  return m.params.some((p) => !p.annotations.some((a) => BODYLESS_PARAM.test(importedName(ctx.file, a.simple))) && !/^(URI|java\.net\.URI|Request\.Options)$/.test(p.type ?? ""));
}
