/**
 * Microsoft Graph Java SDK (`com.microsoft.graph:microsoft-graph` 6.x on msgraph-sdk-java-core 3.x
 * and kiota-java's OkHttp middleware) — docs/reference/msgraph.md "Java". Verified in
 * msgraph-sdk-java `serviceclient/GraphServiceClient.java` (the TokenCredential / AuthenticationProvider
 * constructors build `BaseGraphRequestAdapter`, whose OkHttpClient is `GraphClientFactory.create(options)`),
 * msgraph-sdk-java-core `requests/GraphClientFactory.java` (`createDefaultGraphInterceptors` adds
 * `KiotaClientFactory.createDefaultInterceptors()`; `create(option, interceptors…)` skips an
 * interceptor whose class the default chain already has), kiota-java 1.9.3
 * `middleware/options/RetryHandlerOption.java` (`DEFAULT_MAX_RETRIES = 3`, `DEFAULT_DELAY = 3`,
 * `MAX_RETRIES = 10`, the constructor `(shouldRetry, maxRetries, delay)`, negative throws) and
 * `middleware/RetryHandler.java` (`executionCount <= maxRetries` from 1, `checkStatus` 429/503/504,
 * POST/PUT/PATCH only with a known content length; wait Retry-After, else delay (+ ½(2^n − 1) s from
 * the 2nd retry) + random < 1 s, ≤ 180 s).
 *
 * - `new GraphServiceClient(credential, scopes)` / `(authProvider)` / `(requestAdapter)` → the default
 *   RetryHandler: 3 retries → **4 attempts** (kind "msgraph-retry-handler", implicit).
 * - `new GraphServiceClient(authProvider, okHttpClient)` / `(okHttpClient)`: the OkHttpClient decides —
 *   `GraphClientFactory.create(…)` has the default RetryHandler (one passed to it is skipped);
 *   `KiotaClientFactory.create(interceptors)` retries only through its `new RetryHandler(option)`
 *   (none → no retry); `KiotaClientFactory.create(requestOptions)` takes a `RetryHandlerOption`;
 *   a plain `new OkHttpClient…` has no Graph RetryHandler.
 * - `new RetryHandlerOption(shouldRetry, n, delay)` counts retries: n → n+1, 0 → off.
 * - A request chain `graph.users().byUserId(id).messages().get()` is one request to
 *   graph.microsoft.com (its builder steps are not); a `RetryHandlerOption` added in the request's
 *   configuration lambda gives that request a layer of its own.
 */
import type { ClientFact, LayerFact, SourceSpan } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { GRAPH_DEFAULT_RETRIES, GRAPH_LIBRARY, GRAPH_TARGET, GRAPH_TIMEOUT_SECONDS, graphDefaultNote, graphLayer, graphRetriesNote } from "../shared/msgraph";
import { importsFrom, receiverName, simpleType, type JvmContext } from "./context";
import { holderOf, valueOfName } from "./jvmHolders";
import { argAt, chainOf, exprText, numberOf, type Call, type Expr } from "./syntax";

const VERBS = new Set(["get", "post", "put", "patch", "delete"]);
const WAIT = { jitter: true, description: "Retry-After (seconds or a date), else delay (+ ½(2^n − 1) s from the 2nd retry) + random < 1 s, each wait at most 180 s" };
const METHODS = "every method (POST, PUT and PATCH when the body's length is known)";

type Chain = { kind: "default"; how: string } | { kind: "none" } | { kind: "option"; option: Call | null; how: string };

export function detectMsGraphJava(ctx: JvmContext): void {
  if (!importsFrom(ctx.file, "com.microsoft.graph") && !importsFrom(ctx.file, "com.microsoft.kiota")) return;
  const isClientType = (t: string | null) => simpleType(t?.replace(/[?<].*$/, "") ?? null) === "GraphServiceClient";
  const names = new Map<string, ClientFact[]>();
  const add = (bare: string, c: ClientFact) => names.set(bare, [...(names.get(bare) ?? []), c]);
  for (const call of ctx.file.calls) {
    if (!call.isNew || !isClientType(call.name)) continue;
    const holder = holderOf(ctx, call);
    const label = holder?.name ? holder.name.slice(holder.name.lastIndexOf(".") + 1) : "GraphServiceClient";
    const layer = chainLayer(ctx, clientChain(ctx, call), call.span, label);
    if (layer) ctx.facts.layers.push(layer);
    if (!holder) continue;
    const client = clientFact(ctx, holder.name, holder.functionId, call.span, layer ? [layer.localId] : []);
    client.perCall = holder.perCall;
    if (holder.beanMethod) {
      const fn = ctx.facts.functions.find((f) => f.id === holder.beanMethod);
      if (fn) fn.returnsClientId = client.id;
    }
    if (holder.name) add(holder.name.slice(holder.name.lastIndexOf(".") + 1), client);
  }
  // fields and parameters typed GraphServiceClient built nowhere here (injected): the default chain, one layer per file
  let injected: LayerFact | null = null;
  for (const d of ctx.file.decls) {
    const stubs: Array<{ name: string; functionId: string; span: SourceSpan }> = [];
    if (d.kind === "field" && isClientType(d.type) && !d.value) stubs.push({ name: `${d.ownerId || ctx.file.pkg}.${d.name}`, functionId: d.ownerId || ctx.file.pkg, span: d.span });
    if (d.kind === "method" || d.kind === "constructor") for (const p of d.params) if (isClientType(p.type)) stubs.push({ name: `${d.id}.${p.name}`, functionId: d.id, span: d.span });
    for (const s of stubs) {
      const bare = s.name.slice(s.name.lastIndexOf(".") + 1);
      if (ctx.facts.clients.some((c) => c.name === s.name)) continue;
      if (!injected) {
        injected = graphLayer({ localId: ctx.nextId("L", s.span), anchor: s.span, label: `${bare} (injected)`, retries: GRAPH_DEFAULT_RETRIES, source: "default", note: `an injected GraphServiceClient is assumed built with the default chain: ${graphDefaultNote("new GraphServiceClient(credential, scopes)")}`, wait: WAIT, methods: METHODS });
        ctx.facts.layers.push(injected);
      }
      add(bare, clientFact(ctx, s.name, s.functionId, s.span, [injected.localId]));
    }
  }
  if (names.size) linkRequests(ctx, names);
}

function clientFact(ctx: JvmContext, name: string, functionId: string, span: SourceSpan, layerIds: string[]): ClientFact {
  const client: ClientFact = { id: ctx.nextId("K", span), name, functionId, span, library: GRAPH_LIBRARY, baseUrl: null, layerIds, fromCall: null, perCall: false, hasRetryQuota: false, timeoutSeconds: GRAPH_TIMEOUT_SECONDS, sdk: { target: GRAPH_TARGET, notSending: [] } };
  ctx.facts.clients.push(client);
  return client;
}

/** The chain a `new GraphServiceClient(…)` sends through: an OkHttpClient argument decides. */
function clientChain(ctx: JvmContext, creation: Call): Chain {
  for (const arg of creation.args) {
    const written = arg.value;
    const value = written.k === "name" ? valueOfName(ctx, creation.scopeId, written.path) : written;
    const typed = written.k === "name" ? simpleType(ctx.typeOf(creation.scopeId, written.path.replace(/^this\./, ""))) : null;
    const calls = value?.k === "call" ? chainOf(value.call) : [];
    const factory = calls.find((c) => c.name.startsWith("create") && /^(com\.microsoft\.\w+(\.\w+)*\.)?(GraphClientFactory|KiotaClientFactory)$/.test(receiverName(c) ?? ""));
    if (factory) return factoryChain(ctx, factory);
    const okhttp = typed === "OkHttpClient" || calls.some((c) => /^(okhttp3\.)?OkHttpClient(\.Builder)?$/.test(c.isNew ? c.name : (receiverName(c) ?? "")));
    if (okhttp) return { kind: "none" };
  }
  return { kind: "default", how: "new GraphServiceClient(…)" };
}

/** `GraphClientFactory.create(…)` / `KiotaClientFactory.create(…)`: which RetryHandler the client gets. */
function factoryChain(ctx: JvmContext, factory: Call): Chain {
  const type = simpleType(receiverName(factory)) ?? "";
  const inside = (name: string) => factory.args.flatMap((a) => newCallsIn(ctx, a.value, factory.scopeId, a.node)).filter((c) => simpleType(c.name) === name);
  const options = inside("RetryHandlerOption");
  const handlers = inside("RetryHandler");
  if (type === "GraphClientFactory") {
    // the default chain's RetryHandler wins: an interceptor of a class already present is skipped
    const skipped = handlers.length ? "; the RetryHandler passed in is skipped, the default chain has one" : "";
    return { kind: "default", how: `GraphClientFactory.${factory.name}(…) with the default interceptors${skipped}` };
  }
  if (factory.name !== "create" || !factory.args.length) return { kind: "default", how: `KiotaClientFactory.${factory.name}() with the default interceptors` };
  if (options.length && !handlers.length) return { kind: "option", option: options[0]!, how: "KiotaClientFactory.create(requestOptions)" };
  if (factory.args.some((a) => newCallsIn(ctx, a.value, factory.scopeId, a.node).some((c) => c.name === "createDefaultInterceptors"))) return { kind: "default", how: "KiotaClientFactory.createDefaultInterceptors()" };
  if (!handlers.length) return { kind: "none" };
  const option = handlers[0]!.args[0]?.value;
  const built = option ? newCallsIn(ctx, option, factory.scopeId, handlers[0]!.args[0]!.node).find((c) => simpleType(c.name) === "RetryHandlerOption") ?? null : null;
  return { kind: "option", option: built, how: "new RetryHandler(…) in the interceptors" };
}

/** The calls an expression makes: a call chain, or the calls inside an array initializer (`node`, or a local's value). */
function newCallsIn(ctx: JvmContext, e: Expr, scopeId: string, written?: SyntaxNode, depth = 0): Call[] {
  if (depth > 3) return [];
  if (e.k === "name") {
    const v = valueOfName(ctx, scopeId, e.path);
    return v ? newCallsIn(ctx, v, scopeId, undefined, depth + 1) : [];
  }
  if (e.k === "array") return e.items.flatMap((i) => newCallsIn(ctx, i, scopeId, undefined, depth + 1));
  if (e.k === "call") {
    const own = chainOf(e.call);
    return [...own, ...own.flatMap((c) => c.args.flatMap((a) => newCallsIn(ctx, a.value, scopeId, a.node, depth + 1)))];
  }
  if (e.k === "other") {
    // `new Interceptor[]{ new RetryHandler(option) }`: the calls written inside it
    const node = written ?? (ctx.file.locals.find((l) => l.value === e) ?? ctx.file.decls.find((d) => d.value === e))?.node;
    if (!node) return [];
    return ctx.file.calls.filter((c) => c.node.startIndex >= node.startIndex && c.node.endIndex <= node.endIndex).flatMap((c) => [c, ...c.args.filter((a) => a.value.k === "name").flatMap((a) => newCallsIn(ctx, a.value, scopeId, undefined, depth + 1))]);
  }
  return [];
}

function chainLayer(ctx: JvmContext, chain: Chain, anchor: SourceSpan, label: string): LayerFact | null {
  if (chain.kind === "none") return null;
  if (chain.kind === "default" || !chain.option) return graphLayer({ localId: ctx.nextId("L", anchor), anchor, label, retries: GRAPH_DEFAULT_RETRIES, source: "default", note: graphDefaultNote(chain.kind === "default" ? chain.how : `${chain.how}: new RetryHandler() with its default option`), wait: WAIT, methods: METHODS });
  return optionLayer(ctx, chain.option, label, chain.how);
}

/** `new RetryHandlerOption(shouldRetry, maxRetries, delay)`; `new RetryHandlerOption()` is the default. */
function optionLayer(ctx: JvmContext, option: Call, label: string, how: string): LayerFact {
  const arg = argAt(option, 1);
  if (!arg) return graphLayer({ localId: ctx.nextId("L", option.span), anchor: option.span, label, retries: GRAPH_DEFAULT_RETRIES, source: "default", note: `new RetryHandlerOption(): the default ${GRAPH_DEFAULT_RETRIES} → ${GRAPH_DEFAULT_RETRIES + 1} attempts (${how})`, wait: WAIT, methods: METHODS });
  const n = numberOf(arg) ?? (arg.k === "name" ? numberOf(valueOfName(ctx, option.scopeId, arg.path)) : null);
  const retries = n === null ? null : Math.max(0, Math.floor(n));
  const delay = numberOf(argAt(option, 2)) ?? undefined;
  const argNode = option.args.filter((a) => a.name === null)[1]?.node;
  const anchor = argNode ? { line: argNode.startPosition.row + 1, column: argNode.startPosition.column, endLine: argNode.endPosition.row + 1, endColumn: argNode.endPosition.column } : option.span;
  const note = retries === null ? `RetryHandlerOption maxRetries ${exprText(arg)} is not known statically` : graphRetriesNote("RetryHandlerOption maxRetries", retries);
  return graphLayer({ localId: ctx.nextId("L", anchor), anchor, label, retries, source: "config", note: `${note} (${how})`, wait: { ...WAIT, ...(delay !== undefined ? { initialSeconds: delay } : {}) }, methods: METHODS });
}

/**
 * `graph.me().messages().get()`: the verb is the request (`graph.get`); the builder steps before it
 * send nothing (named apart so the linker does not count them). A RetryHandlerOption written in the
 * request's configuration lambda gives the request a client and a layer of its own.
 */
function linkRequests(ctx: JvmContext, names: Map<string, ClientFact[]>): void {
  const byId = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  for (const call of ctx.file.calls) {
    if (ctx.outerCall(call)) continue;
    const chain = chainOf(call);
    const head = receiverName(chain[0]!);
    // the client of that name whose owner (`Class` of a field, `Class.method` of a local) encloses the call
    const owner = (c: ClientFact) => c.name.slice(0, c.name.lastIndexOf("."));
    const client = head ? (names.get(head) ?? []).filter((c) => call.scopeId === owner(c) || call.scopeId.startsWith(`${owner(c)}.`)).sort((a, b) => owner(b).length - owner(a).length)[0] : undefined;
    if (!head || !client) continue;
    let verbAt = -1;
    chain.forEach((c, i) => {
      if (VERBS.has(c.name) && verbAt < 0) verbAt = i;
    });
    chain.forEach((c, i) => {
      const fact = byId.get(ctx.callIds.get(c.node.id) ?? "");
      if (!fact || (verbAt >= 0 && i > verbAt)) return;
      fact.callee = i === verbAt ? `${head}.${c.name}` : `${head}__builder.${c.name}`;
    });
    if (verbAt < 0) continue;
    const verb = chain[verbAt]!;
    const lambdas = verb.args.map((a) => a.value).filter((v): v is Extract<Expr, { k: "lambda" }> => v.k === "lambda").map((v) => v.id);
    const option = ctx.file.calls.find((c) => c.isNew && simpleType(c.name) === "RetryHandlerOption" && lambdas.some((id) => c.scopeId === id || c.scopeId.startsWith(`${id}.`)));
    const fact = byId.get(ctx.callIds.get(verb.node.id) ?? "");
    if (!option || !fact) continue;
    const layer = optionLayer(ctx, option, `${head} (this request)`, "per-request option");
    ctx.facts.layers.push(layer);
    const bare = `${head}__request@${verb.span.line}:${verb.span.column}`;
    ctx.facts.clients.push({ ...client, id: ctx.nextId("K", option.span), name: `${verb.scopeId}.${bare}`, functionId: verb.scopeId, span: option.span, layerIds: [layer.localId], perCall: true });
    fact.callee = `${bare}.${verb.name}`;
  }
}
