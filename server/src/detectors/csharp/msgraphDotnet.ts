/**
 * Microsoft Graph .NET SDK (`Microsoft.Graph` 5.x/6.x on Microsoft.Graph.Core and Kiota's
 * Microsoft.Kiota.Http.HttpClientLibrary) — docs/reference/msgraph.md ".NET". Verified in
 * msgraph-sdk-dotnet 6.5.0 `src/Microsoft.Graph/GraphServiceClient.cs` (every constructor without
 * an HttpClient goes through `BaseGraphRequestAdapter`, whose `httpClient ?? GraphClientFactory.Create(…)`
 * is the default chain), msgraph-sdk-dotnet-core 4.0.1 `GraphClientFactory.CreateDefaultHandlers`
 * (= `KiotaClientFactory.CreateDefaultHandlers()` + telemetry), kiota-dotnet 2.0.2
 * `Middleware/Options/RetryHandlerOption.cs` (`DefaultMaxRetry = 3`, `DefaultDelay = 3`,
 * `MaxMaxRetry = 10`, `ShouldRetry` default true for 503, 504, 429 only) and `Middleware/RetryHandler.cs`
 * (`MaxRetry > 0`, `while(retryCount < MaxRetry)`, wait `Retry-After` else `2^retryCount × Delay`, ≤ 180 s,
 * no jitter). Microsoft.Graph 4.x (Graph.Core 2.x `RetryHandlerOption.DEFAULT_MAX_RETRY = 3`) has the
 * same default, so no NuGet pin is read.
 *
 * - `new GraphServiceClient(credential, scopes)` / `(authProvider)` / `(requestAdapter)` → the default
 *   RetryHandler: 3 retries → **4 attempts** (kind "msgraph-retry-handler", implicit).
 * - `new GraphServiceClient(httpClient, …)`: the HttpClient decides — `GraphClientFactory.Create(…)` /
 *   `KiotaClientFactory.Create(…)` with the default handlers (or `CreateDefaultHandlers(options)`),
 *   or a handler list: its `new RetryHandler(new RetryHandlerOption { MaxRetry = n })` (n → n+1,
 *   0 → off), and a list **without a RetryHandler does not retry**; a plain `new HttpClient()` or
 *   an `IHttpClientFactory` client has no Graph RetryHandler.
 * - Parameters typed `GraphServiceClient` (dependency injection) are assumed built with the default
 *   chain: one layer per file.
 * - A request chain on a client (`graph.Users[id].Messages.GetAsync(…)`, `….SendMail.PostAsync(body)`)
 *   is one request to graph.microsoft.com; a `RetryHandlerOption` in the request's configuration
 *   (`rc => rc.Options.Add(new RetryHandlerOption { MaxRetry = 1 })`) replaces the count for that
 *   request only (a layer of its own).
 */
import type { CallFact, ClientFact, LayerFact } from "../../model/facts";
import { callParts, createdType, descendants, dottedName, initializerValues, memberName, nodeSpan, numberValue } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { GRAPH_DEFAULT_RETRIES, GRAPH_LIBRARY, GRAPH_TARGET, GRAPH_TIMEOUT_SECONDS, graphDefaultNote, graphLayer, graphRetriesNote } from "../shared/msgraph";
import type { CsContext } from "./context";
import { countRef, countRefNote } from "./countRef";
import { declarationOf } from "./dataClients";

const USING = /^using\s+(global::)?Microsoft\.(Graph|Kiota)(\.\w+)*\s*;/;
const CLIENT_TYPE = /^(global::)?(Microsoft\.Graph(\.Beta)?\.)?GraphServiceClient$/;
const VERB = /^(Get|Post|Put|Patch|Delete)Async$/;
const FACTORIES = /^(global::)?(Microsoft\.Graph\.)?(GraphClientFactory|KiotaClientFactory)$/;
const WAIT = { jitter: false, description: "Retry-After (seconds or a date), else Delay × 2^n (3, 6, 12 s …), no jitter, each wait at most 180 s" };
const METHODS = "every method whose content is buffered (POST included)";

/** What a client's middleware chain retries. */
type Chain = { kind: "default"; how: string } | { kind: "none"; why: string } | { kind: "option"; option: SyntaxNode; how: string };

export function detectMsGraphDotnet(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  const usesGraph = descendants(root, "using_directive").some((u) => USING.test(u.text)) || /\bMicrosoft\.Graph\.GraphServiceClient\b/.test(root.text);
  if (!usesGraph) return;
  // by the name calls write (`_graph`, `client`); ClientFact names follow the module's `Scope.name`
  const byName = new Map<string, ClientFact[]>();
  const addClient = (holder: Holder, at: SyntaxNode, layerIds: string[]) => {
    const client: ClientFact = { id: ctx.nextId("K", at), name: holder.name, functionId: holder.functionId, span: nodeSpan(at), library: GRAPH_LIBRARY, baseUrl: null, layerIds, fromCall: null, perCall: false, hasRetryQuota: false, timeoutSeconds: GRAPH_TIMEOUT_SECONDS, sdk: { target: GRAPH_TARGET, notSending: [] } };
    ctx.facts.clients.push(client);
    byName.set(holder.bare, [...(byName.get(holder.bare) ?? []), client]);
    return client;
  };
  for (const creation of descendants(root, "object_creation_expression")) {
    if (!CLIENT_TYPE.test(dottedName(creation.childForFieldName("type")) ?? "")) continue;
    const holder = holderOf(ctx, creation);
    const layer = chainLayer(ctx, clientChain(ctx, creation), creation, holder?.bare ?? "GraphServiceClient");
    if (layer) ctx.facts.layers.push(layer);
    if (holder) addClient(holder, creation, layer ? [layer.localId] : []);
  }
  // `GraphServiceClient graph` injected: the default chain, one layer per file
  let injected: LayerFact | null = null;
  for (const p of descendants(root, "parameter")) {
    const typeNode = p.childForFieldName("type");
    const name = p.childForFieldName("name")?.text;
    if (!typeNode || !name || !CLIENT_TYPE.test(dottedName(typeNode) ?? "") || byName.has(name)) continue;
    if (!injected) {
      injected = graphLayer({ localId: ctx.nextId("L", typeNode), anchor: nodeSpan(typeNode), label: `${name} (injected)`, retries: GRAPH_DEFAULT_RETRIES, source: "default", note: `an injected GraphServiceClient is assumed built with the default chain: ${graphDefaultNote("new GraphServiceClient(credential)")}`, wait: WAIT, methods: METHODS });
      ctx.facts.layers.push(injected);
    }
    const scope = ctx.scopeId(p);
    addClient({ name: `${scope}.${name}`, bare: name, functionId: scope }, p, [injected.localId]);
  }
  // `_graph = graph;` in a constructor: the field holds the injected client
  for (const a of descendants(root, "assignment_expression")) {
    const right = a.childForFieldName("right");
    const from = right?.type === "identifier" ? inScope(byName.get(right.text), ctx.scopeId(a)) : undefined;
    const holder = from ? holderOf(ctx, right!) : null;
    if (from && holder && !byName.has(holder.bare)) addClient(holder, a, [...from.layerIds]);
  }
  if (byName.size) linkRequests(ctx, byName);
}

interface Holder {
  /** the ClientFact name: `Class.field`, `Method.local`, as the module names HttpClients */
  name: string;
  /** the name calls write */
  bare: string;
  functionId: string;
}

/** Where a value is kept: a field or property (`Class.name`), a local (`Method.name`), an assigned field. */
function holderOf(ctx: CsContext, n: SyntaxNode): Holder | null {
  let p = n.parent;
  if (p?.type === "equals_value_clause") p = p.parent;
  if (p?.type === "variable_declarator" || p?.type === "property_declaration") {
    const bare = p.childForFieldName("name")?.text;
    if (!bare) return null;
    const scope = ctx.scopeId(p);
    return { name: `${scope}.${bare}`, bare, functionId: scope };
  }
  if (p?.type === "assignment_expression") {
    const bare = dottedName(p.childForFieldName("left"));
    if (!bare || bare.includes(".")) return null;
    // a field assigned in a constructor or method belongs to the class
    const scope = ctx.scopeId(p);
    const local = descendants(ctx.tree.rootNode, "variable_declarator").some((v) => v.childForFieldName("name")?.text === bare && ctx.scopeId(v) === scope);
    const owner = local || !scope.includes(".") ? scope : scope.slice(0, scope.lastIndexOf("."));
    return { name: `${owner}.${bare}`, bare, functionId: owner };
  }
  return null;
}

/** The chain a `new GraphServiceClient(…)` sends through. */
function clientChain(ctx: CsContext, creation: SyntaxNode): Chain {
  const parts = callParts(creation);
  const http = parts.keywords.get("httpClient") ?? null;
  const first = http ?? parts.keywords.get("requestAdapter") ?? parts.positional[0] ?? null;
  const value = resolve(ctx, first);
  if (value && (http || isHttpClient(ctx, first!, value))) return httpClientChain(ctx, value);
  // `new GraphServiceClient(new HttpClientRequestAdapter(auth, httpClient: x))`: the adapter's HttpClient
  if (value?.type === "object_creation_expression" && /RequestAdapter$/.test(createdType(value) ?? "")) {
    const a = callParts(value);
    const adapterHttp = a.keywords.get("httpClient") ?? a.positional[createdType(value) === "BaseGraphRequestAdapter" ? 4 : 3] ?? null;
    const v = resolve(ctx, adapterHttp);
    if (v && v.text !== "null") return httpClientChain(ctx, v);
    return { kind: "default", how: `new ${createdType(value)}(…) without an HttpClient` };
  }
  return { kind: "default", how: "new GraphServiceClient(…)" };
}

/** Is the client's first argument an HttpClient (rather than a credential or an auth provider)? */
function isHttpClient(ctx: CsContext, written: SyntaxNode, value: SyntaxNode): boolean {
  if (factoryCall(value) || (value.type === "object_creation_expression" && createdType(value) === "HttpClient")) return true;
  if (value.type === "invocation_expression" && memberName(callParts(value).fn) === "CreateClient") return true;
  // a parameter or field typed HttpClient
  if (written.type !== "identifier" && written.type !== "member_access_expression") return false;
  const name = dottedName(written);
  return descendants(ctx.tree.rootNode, ["parameter", "variable_declaration", "property_declaration"]).some((d) => {
    const type = dottedName(d.childForFieldName("type"));
    if (type !== "HttpClient" && type !== "System.Net.Http.HttpClient") return false;
    if (d.type === "variable_declaration") return descendants(d, "variable_declarator").some((v) => v.childForFieldName("name")?.text === name);
    return d.childForFieldName("name")?.text === name;
  });
}

function httpClientChain(ctx: CsContext, value: SyntaxNode): Chain {
  const factory = factoryCall(value);
  if (!factory) {
    if (value.type === "object_creation_expression" && createdType(value) === "HttpClient") {
      // `new HttpClient(GraphClientFactory.CreatePipeline(handlers))`
      const inner = resolve(ctx, callParts(value).positional[0] ?? null);
      if (inner && factoryCall(inner)) return httpClientChain(ctx, inner);
      return { kind: "none", why: "a plain new HttpClient() has no Graph RetryHandler" };
    }
    return { kind: "none", why: `HttpClient ${value.text.slice(0, 60)} is not built by GraphClientFactory/KiotaClientFactory: no Graph RetryHandler` };
  }
  const { type, method, call } = factory;
  const parts = callParts(call);
  const args = [...parts.positional, ...parts.keywords.values()];
  for (const arg of args) {
    const v = resolve(ctx, arg);
    if (!v) continue;
    const handlers = handlerList(ctx, v);
    if (handlers) return handlers;
    const option = retryOptionIn(ctx, v);
    if (option) return { kind: "option", option, how: `${type}.${method}(… RetryHandlerOption …)` };
  }
  return { kind: "default", how: `${type}.${method}(…) with the default handlers` };
}

/** `GraphClientFactory.Create(…)`, `KiotaClientFactory.Create(…)`, `….CreatePipeline(…)`, `….CreateDefaultHandlers(…)`. */
function factoryCall(n: SyntaxNode): { type: string; method: string; call: SyntaxNode } | null {
  if (n.type !== "invocation_expression") return null;
  const fn = callParts(n).fn;
  if (fn?.type !== "member_access_expression") return null;
  const type = dottedName(fn.childForFieldName("expression")) ?? "";
  const method = memberName(fn) ?? "";
  if (!FACTORIES.test(type) || !/^(Create|CreatePipeline|CreateDefaultHandlers)$/.test(method)) return null;
  return { type: type.slice(type.lastIndexOf(".") + 1), method, call: n };
}

/** A list of DelegatingHandlers: its RetryHandler, or none. */
function handlerList(ctx: CsContext, v: SyntaxNode): Chain | null {
  const factory = factoryCall(v);
  if (factory?.method === "CreateDefaultHandlers") {
    const option = callParts(v).positional.map((a) => resolve(ctx, a)).map((a) => (a ? retryOptionIn(ctx, a) : null)).find((o) => o);
    return option ? { kind: "option", option, how: `${factory.type}.CreateDefaultHandlers(… RetryHandlerOption …)` } : { kind: "default", how: `${factory.type}.CreateDefaultHandlers()` };
  }
  const isList = /^(array_creation_expression|implicit_array_creation_expression|collection_expression)$/.test(v.type) || (v.type === "object_creation_expression" && /^(List|Collection|DelegatingHandler\[\])/.test(createdType(v) ?? "") && /DelegatingHandler/.test(v.text));
  if (!isList) return null;
  const handler = descendants(v, "object_creation_expression").find((c) => createdType(c) === "RetryHandler");
  if (!handler) return { kind: "none", why: "a handler list without a RetryHandler does not retry" };
  const option = resolve(ctx, callParts(handler).positional[0] ?? callParts(handler).keywords.get("retryOption") ?? null);
  return option && createdType(option) === "RetryHandlerOption" ? { kind: "option", option, how: "new RetryHandler(new RetryHandlerOption { … }) in the handler list" } : { kind: "default", how: "new RetryHandler() in the handler list" };
}

/** A `new RetryHandlerOption { … }` in an options array (or the option itself). */
function retryOptionIn(ctx: CsContext, v: SyntaxNode): SyntaxNode | null {
  if (createdType(v) === "RetryHandlerOption") return v;
  if (!/array_creation_expression|collection_expression/.test(v.type)) return null;
  for (const c of v.namedChildren) {
    const inner = c ? descendants(c, ["object_creation_expression", "identifier"]).map((x) => resolve(ctx, x)).find((x) => x && createdType(x) === "RetryHandlerOption") : null;
    if (inner) return inner;
  }
  return null;
}

/** A name of the file → its declared value (one step); anything else as written. */
function resolve(ctx: CsContext, n: SyntaxNode | null): SyntaxNode | null {
  if (!n) return null;
  if (n.type === "identifier") return declarationOf(ctx, n.text) ?? n;
  return n;
}

/** The layer a chain gives (null: the chain does not retry). */
function chainLayer(ctx: CsContext, chain: Chain, at: SyntaxNode, label: string): LayerFact | null {
  if (chain.kind === "none") return null;
  if (chain.kind === "default") return graphLayer({ localId: ctx.nextId("L", at), anchor: nodeSpan(at), label, retries: GRAPH_DEFAULT_RETRIES, source: "default", note: graphDefaultNote(chain.how), wait: WAIT, methods: METHODS });
  return optionLayer(ctx, chain.option, at, label, chain.how);
}

/** `new RetryHandlerOption { MaxRetry = n, Delay = d, ShouldRetry = … }` (or `o.MaxRetry = n;` on its variable). */
function optionLayer(ctx: CsContext, option: SyntaxNode, at: SyntaxNode, label: string, how: string): LayerFact {
  const values = initializerValues(option);
  const holder = holderOf(ctx, option)?.bare;
  if (holder) {
    for (const a of descendants(ctx.tree.rootNode, "assignment_expression")) {
      const left = dottedName(a.childForFieldName("left")) ?? "";
      const right = a.childForFieldName("right");
      if (right && left.startsWith(`${holder}.`)) values.set(left.slice(holder.length + 1), right);
    }
  }
  const max = values.get("MaxRetry") ?? null;
  const delay = numberValue(values.get("Delay")) ?? undefined;
  const custom = values.has("ShouldRetry") ? "; a ShouldRetry of its own replaces the 429/503/504 filter (whatever it returns true for is retried)" : "";
  const wait = delay !== undefined ? { ...WAIT, initialSeconds: delay, description: WAIT.description.replace("3, 6, 12 s", `${delay}, ${delay * 2}, ${delay * 4} s`) } : WAIT;
  if (!max) return graphLayer({ localId: ctx.nextId("L", option), anchor: nodeSpan(option), label, retries: GRAPH_DEFAULT_RETRIES, source: "default", note: `RetryHandlerOption without MaxRetry: the default ${GRAPH_DEFAULT_RETRIES} → ${GRAPH_DEFAULT_RETRIES + 1} attempts (${how})${custom}`, wait, methods: METHODS });
  const n = numberValue(max) ?? (max.type === "identifier" ? numberValue(declarationOf(ctx, max.text)) : null);
  const retries = n === null ? null : Math.max(0, Math.floor(n));
  const configRef = retries === null ? countRef(ctx, max) : undefined;
  const note = retries === null ? countRefNote("RetryHandlerOption.MaxRetry", max, configRef) : graphRetriesNote("RetryHandlerOption.MaxRetry", retries);
  return graphLayer({ localId: ctx.nextId("L", max), anchor: nodeSpan(max), label, retries, source: "config", note: `${note} (${how})${custom}`, wait, methods: METHODS, ...(configRef ? { configRef } : {}) });
}

/**
 * `graph.Users[id].Messages.GetAsync(…)`: one request through the client, named `graph.GetAsync`;
 * the builder steps of the chain (`….WithUrl(next)`) send nothing. A RetryHandlerOption in the
 * request's configuration gives that request a client (and a layer) of its own.
 */
function linkRequests(ctx: CsContext, byName: Map<string, ClientFact[]>): void {
  const key = (s: { line: number; column: number; endLine?: number; endColumn?: number }) => `${s.line}:${s.column}:${s.endLine}:${s.endColumn}`;
  const facts = new Map(ctx.facts.calls.map((c) => [key(c.span), c]));
  for (const call of descendants(ctx.tree.rootNode, "invocation_expression")) {
    const fn = callParts(call).fn;
    if (fn?.type !== "member_access_expression") continue;
    const verb = memberName(fn) ?? "";
    const head = chainRoot(fn.childForFieldName("expression"));
    // only where the client's name is in scope (a `client` local of another method is another value)
    const scope = ctx.scopeId(call);
    const client = head ? inScope(byName.get(head.name), scope) : undefined;
    if (!client || !head) continue;
    const span = nodeSpan(call);
    let fact: CallFact | undefined = facts.get(key(span));
    // the builder steps inside the chain: calls of their own that send nothing
    const steps = head.steps.map((s) => facts.get(key(nodeSpan(s)))).filter((f): f is CallFact => !!f && f !== fact);
    if (!VERB.test(verb)) {
      if (fact) fact.callee = `${head.name}__builder.${verb}`;
      continue;
    }
    for (const s of steps) s.callee = `${head.name}__builder.${s.callee.slice(s.callee.lastIndexOf(".") + 1)}`;
    let name = head.name;
    const option = descendants(call.childForFieldName("arguments") ?? call, "object_creation_expression").find((c) => createdType(c) === "RetryHandlerOption");
    if (option) {
      const layer = optionLayer(ctx, option, option, `${head.name} (this request)`, "per-request option");
      ctx.facts.layers.push(layer);
      name = `${head.name}__request@${span.line}:${span.column}`;
      ctx.facts.clients.push({ ...client, id: ctx.nextId("K", option), name: `${scope}.${name}`, functionId: scope, span: nodeSpan(option), layerIds: [layer.localId] });
    }
    if (!fact) {
      fact = { id: ctx.nextId("C", call), span, functionId: ctx.scopeId(call), callee: "", args: [] };
      ctx.facts.calls.push(fact);
    }
    fact.callee = `${name}.${verb}`;
  }
}

/** The client of that name whose scope encloses `scope`, innermost first. */
function inScope(clients: ClientFact[] | undefined, scope: string): ClientFact | undefined {
  const visible = (clients ?? []).filter((c) => c.functionId === "<module>" || scope === c.functionId || scope.startsWith(`${c.functionId}.`));
  return visible.sort((a, b) => b.functionId.length - a.functionId.length)[0];
}

/** The client name a request chain starts from, and the invocations along the way. */
function chainRoot(n: SyntaxNode | null): { name: string; steps: SyntaxNode[] } | null {
  const steps: SyntaxNode[] = [];
  for (let depth = 0; n && depth < 40; depth++) {
    if (n.type === "identifier") return { name: n.text, steps };
    if (n.type === "member_access_expression") {
      const expr = n.childForFieldName("expression");
      if (expr?.type === "this_expression" || expr?.type === "this") return { name: dottedName(n.childForFieldName("name")) ?? "", steps };
      n = expr;
    } else if (n.type === "element_access_expression") n = n.childForFieldName("expression");
    else if (n.type === "invocation_expression") {
      steps.push(n);
      n = callParts(n).fn;
    } else if (n.type === "parenthesized_expression") n = n.namedChildren[0] ?? null;
    else return null;
  }
  return null;
}
