/**
 * .NET data-store clients: the MongoDB C# driver's retryable reads and writes
 * (docs/reference/mongodb.md) and StackExchange.Redis (docs/reference/redis.md).
 *
 * MongoDB (`MongoDB.Driver`):
 * - `new MongoClient(connectionString | MongoClientSettings | MongoUrl)` → a client layer anchored
 *   on the `new`. `MongoClientSettings.RetryWrites` / `RetryReads` both default to **true**
 *   (MongoClientSettings constructor, driver ≥ 2.9; 2.8 had retryWrites false and no retryable
 *   reads): a retryable operation is retried **once → 2 attempts**. Turned off by
 *   `RetryWrites = false` / `RetryReads = false` in a settings initializer or an assignment to the
 *   settings variable, or `retryWrites=false` / `retryReads=false` in a literal connection string
 *   (also through `MongoClientSettings.FromConnectionString(…)`, `FromUrl(new MongoUrl(…))`).
 * - Operations on the client, on `client.GetDatabase(d)` and on `db.GetCollection<T>(c)` bound to a
 *   name of the file (a local, a field the constructor sets) are requests to the connection
 *   string's host.
 *
 * StackExchange.Redis:
 * - `ConnectionMultiplexer.Connect(…)` / `ConnectAsync(…)` and `mux.GetDatabase()`: every command
 *   (`db.StringGetAsync(k)`) is a request to the configured host. **No retry layer**: commands that
 *   were written and failed are not re-sent; `BacklogPolicy.Default` queues commands written while
 *   disconnected and sends each once when the connection is back (within its timeout);
 *   `ConnectRetry` (default 3) repeats only the initial connect cycle and `ReconnectRetryPolicy`
 *   paces background reconnects — neither re-sends a request. The opt-in 3.1 `db.WithRetry(…)` does
 *   (redisWithRetry.ts): a layer on the wrapped database.
 */
import type { ClientFact, ValueExpr } from "../../model/facts";
import { callParts, createdType, descendants, dottedName, initializerValues, nodeSpan, stringValue } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { mongoLayer, uriOptions } from "../go/mongo";
import type { CsContext } from "./context";
import { withRetryLayers } from "./redisWithRetry";

export const MONGO_DOTNET_LIBRARY = "mongodb-dotnet";
export const STACKEXCHANGE_REDIS_LIBRARY = "StackExchange.Redis";
const MONGO_NOT_SENDING = ["GetDatabase", "GetCollection", "WithReadPreference", "WithWriteConcern", "WithReadConcern", "AsQueryable", "StartSession", "StartSessionAsync", "Indexes", "OfType", "Cluster", "Settings", "Dispose"];
const MONGO_DERIVING = new Set(["GetDatabase", "GetCollection"]);
const REDIS_NOT_SENDING = ["GetDatabase", "GetServer", "GetSubscriber", "GetEndPoints", "GetStatus", "GetCounters", "Close", "CloseAsync", "Dispose", "DisposeAsync", "IsConnected", "CreateBatch", "CreateTransaction", "WithKeyPrefix"];

type Toggle = { value: boolean | "unknown"; text: string } | null;

export function detectDataClients(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  const usings = descendants(root, "using_directive").map((u) => u.text);
  if (usings.some((u) => /\bMongoDB\.Driver\b/.test(u)) || /\bMongoDB\.Driver\.MongoClient\b/.test(root.text)) detectMongo(ctx);
  if (usings.some((u) => /\bStackExchange\.Redis\b/.test(u)) || /\bStackExchange\.Redis\.ConnectionMultiplexer\b/.test(root.text)) detectRedis(ctx);
}

function detectMongo(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  const clients: ClientFact[] = [];
  for (const creation of descendants(root, "object_creation_expression")) {
    if (createdType(creation) !== "MongoClient") continue;
    const s = { uri: null as ValueExpr | null, writes: null as Toggle, reads: null as Toggle };
    const arg = callParts(creation).positional[0] ?? null;
    readSettings(ctx, arg, s, 0);
    const name = bindingOf(creation);
    const localId = ctx.nextId("L", creation);
    const layer = mongoLayer({ localId, anchor: nodeSpan(creation), label: name?.replace(/^this\./, "") ?? "MongoClient", library: MONGO_DOTNET_LIBRARY, writes: s.writes, reads: s.reads, version: "MongoDB .NET driver ≥ 2.9" });
    const probe = healthCheckRegistration(creation);
    if (probe) layer.offPath = `health check: the client ${probe}(…) builds to probe the server, not on a request path`;
    ctx.facts.layers.push(layer);
    if (name) clients.push(addClient(ctx, name, creation, [localId], s.uri, MONGO_DOTNET_LIBRARY, MONGO_NOT_SENDING));
  }
  derive(ctx, clients, MONGO_DERIVING, MONGO_DOTNET_LIBRARY, MONGO_NOT_SENDING);
  callsOnClients(ctx, clients);
}

/**
 * The health-check registration whose arguments build `creation`, if any: `healthChecks.AddMongoDb(
 * clientFactory: _ => new MongoClient(cs))` (AspNetCore.HealthChecks.MongoDb, an IHealthChecksBuilder
 * extension) or any `Add…(…)` chained on `AddHealthChecks()`. Its probe pings the server on the
 * health endpoint's schedule; no request of the service goes through that client.
 */
function healthCheckRegistration(creation: SyntaxNode): string | null {
  for (let p = creation.parent; p; p = p.parent) {
    if (p.type === "method_declaration" || p.type === "local_function_statement") return null;
    if (p.type !== "argument_list" || p.parent?.type !== "invocation_expression") continue;
    const fn = p.parent.childForFieldName("function");
    const member = fn?.type === "member_access_expression" ? fn.childForFieldName("name")?.text : null;
    if (!member) continue;
    if (member === "AddMongoDb") return member;
    const receiver = fn!.childForFieldName("expression");
    if (/^Add/.test(member) && receiver && /\bAddHealthChecks\s*\(/.test(receiver.text)) return member;
  }
  return null;
}

/** The settings a MongoClient argument carries: a connection string, a settings object, a MongoUrl, a variable of the file. */
function readSettings(ctx: CsContext, n: SyntaxNode | null, s: { uri: ValueExpr | null; writes: Toggle; reads: Toggle }, depth: number): void {
  if (!n || depth > 4) return;
  const text = stringValue(n);
  if (text !== null) {
    s.uri = { kind: "string", value: text };
    const q = uriOptions(text);
    if (q.retrywrites !== undefined) s.writes = { value: q.retrywrites, text: `retryWrites=${q.retrywrites} in the connection string` };
    if (q.retryreads !== undefined) s.reads = { value: q.retryreads, text: `retryReads=${q.retryreads} in the connection string` };
    return;
  }
  if (n.type === "identifier") {
    readSettings(ctx, declarationOf(ctx, n.text), s, depth + 1);
    // `settings.RetryWrites = false;`
    for (const a of descendants(ctx.tree.rootNode, "assignment_expression")) {
      const left = dottedName(a.childForFieldName("left"));
      const right = a.childForFieldName("right");
      if (left === `${n.text}.RetryWrites`) s.writes = toggle(right, "RetryWrites");
      else if (left === `${n.text}.RetryReads`) s.reads = toggle(right, "RetryReads");
    }
    return;
  }
  if (n.type === "invocation_expression") {
    const parts = callParts(n);
    const fn = dottedName(parts.fn) ?? "";
    if (/MongoClientSettings\.From(ConnectionString|Url)$/.test(fn)) readSettings(ctx, parts.positional[0] ?? null, s, depth + 1);
    return;
  }
  if (n.type === "object_creation_expression") {
    const type = createdType(n);
    if (type === "MongoUrl") readSettings(ctx, callParts(n).positional[0] ?? null, s, depth + 1);
    else if (type === "MongoClientSettings" || type === "MongoUrlBuilder") {
      const v = initializerValues(n);
      if (v.has("RetryWrites")) s.writes = toggle(v.get("RetryWrites")!, "RetryWrites");
      if (v.has("RetryReads")) s.reads = toggle(v.get("RetryReads")!, "RetryReads");
    }
  }
}

function toggle(n: SyntaxNode | null, key: string): Toggle {
  const value = n?.type === "boolean_literal" ? n.text === "true" : "unknown";
  return { value, text: `${key} = ${n?.text ?? "?"}` };
}

function detectRedis(ctx: CsContext): void {
  const clients: ClientFact[] = [];
  for (const call of descendants(ctx.tree.rootNode, "invocation_expression")) {
    const parts = callParts(call);
    const fn = dottedName(parts.fn) ?? "";
    if (!/(^|\.)ConnectionMultiplexer\.Connect(Async)?$/.test(fn)) continue;
    // `await ConnectionMultiplexer.ConnectAsync(…)`: bound through the await
    const bound = call.parent?.type === "await_expression" ? call.parent : call;
    const name = bindingOf(bound);
    if (!name) continue;
    const text = stringValue(parts.positional[0] ?? null);
    const host = text !== null ? text.split(",").map((p) => p.trim()).find((p) => p && !p.includes("=")) : undefined;
    const url: ValueExpr = { kind: "string", value: `redis://${host ?? "redis"}` };
    clients.push(addClient(ctx, name, call, [], url, STACKEXCHANGE_REDIS_LIBRARY, REDIS_NOT_SENDING));
  }
  derive(ctx, clients, new Set(["GetDatabase"]), STACKEXCHANGE_REDIS_LIBRARY, REDIS_NOT_SENDING);
  // `db.WithRetry()` (3.1, opt-in): the one setting that re-sends commands (redisWithRetry.ts)
  for (const w of withRetryLayers(ctx, clients, STACKEXCHANGE_REDIS_LIBRARY)) {
    if (!clients.some((c) => c.name === w.name)) clients.push(addClient(ctx, w.name, w.at, [...w.from.layerIds, w.layerId], w.from.baseUrl, STACKEXCHANGE_REDIS_LIBRARY, REDIS_NOT_SENDING));
  }
  callsOnClients(ctx, clients);
}

function addClient(ctx: CsContext, name: string, at: SyntaxNode, layerIds: string[], baseUrl: ValueExpr | null, library: string, notSending: string[]): ClientFact {
  const client: ClientFact = {
    id: ctx.nextId("K", at),
    name,
    functionId: ctx.scopeId(at),
    span: nodeSpan(at),
    library,
    baseUrl,
    layerIds,
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    timeoutSeconds: null,
    timeoutSet: false,
    sdk: { target: "", notSending },
  };
  ctx.facts.clients.push(client);
  return client;
}

/** `var db = client.GetDatabase("shop")`, `_orders = db.GetCollection<Order>("orders")`: clients on the same server. */
function derive(ctx: CsContext, clients: ClientFact[], deriving: Set<string>, library: string, notSending: string[]): void {
  for (let round = 0; round < 2 && clients.length; round++) {
    for (const call of descendants(ctx.tree.rootNode, "invocation_expression")) {
      const fn = callParts(call).fn;
      if (fn?.type !== "member_access_expression") continue;
      const nameNode = fn.childForFieldName("name");
      const method = nameNode?.type === "generic_name" ? (nameNode.namedChildren[0]?.text ?? "") : (nameNode?.text ?? "");
      if (!deriving.has(method)) continue;
      // `client.GetDatabase("d").GetCollection<T>("c")`: the chain's root
      let expr = fn.childForFieldName("expression");
      while (expr?.type === "invocation_expression") {
        const inner = callParts(expr).fn;
        const innerName = inner?.type === "member_access_expression" ? inner.childForFieldName("name") : null;
        const m = innerName?.type === "generic_name" ? (innerName.namedChildren[0]?.text ?? "") : (innerName?.text ?? "");
        if (!inner || !deriving.has(m)) break;
        expr = inner.childForFieldName("expression");
      }
      const receiver = (expr?.text ?? "").replace(/^this\./, "");
      const from = clients.find((c) => c.name.replace(/^this\./, "") === receiver);
      const to = bindingOf(call);
      if (!from || !to || clients.some((c) => c.name === to)) continue;
      clients.push(addClient(ctx, to, call, [...from.layerIds], from.baseUrl, library, notSending));
    }
  }
}

/** The value a variable of the file is declared with (`var c = new X(…)` → `new X(…)`). */
export function declarationOf(ctx: CsContext, name: string): SyntaxNode | null {
  for (const d of descendants(ctx.tree.rootNode, "variable_declarator")) {
    if (d.childForFieldName("name")?.text !== name) continue;
    const value = d.namedChildren.filter((c) => c && c.type !== "identifier").pop();
    return (value?.type === "equals_value_clause" ? value.namedChildren[0] : value) ?? null;
  }
  return null;
}

/** The name a value is bound to: a declared variable, or an assignment's target. */
export function bindingOf(n: SyntaxNode): string | null {
  let p = n.parent;
  if (p?.type === "equals_value_clause") p = p.parent;
  if (p?.type === "variable_declarator") return p.childForFieldName("name")?.text ?? null;
  if (p?.type === "assignment_expression") return dottedName(p.childForFieldName("left"));
  return null;
}

/**
 * Calls on a client variable of this file (`client.PlaceAsync(req)`): the module names them by
 * the variable's declared type (`OrdersClient.PlaceAsync`), which is a library type here; name them
 * by the variable so the linker finds the ClientFact (and its SDK endpoint).
 */
export function callsOnClients(ctx: CsContext, clients: ClientFact[]): void {
  if (!clients.length) return;
  const names = new Set(clients.map((c) => c.name.replace(/^this\./, "")));
  for (const call of descendants(ctx.tree.rootNode, "invocation_expression")) {
    const fn = callParts(call).fn;
    if (fn?.type !== "member_access_expression") continue;
    const receiver = (fn.childForFieldName("expression")?.text ?? "").replace(/^this\./, "");
    if (!names.has(receiver)) continue;
    const nameNode = fn.childForFieldName("name");
    const member = nameNode?.type === "generic_name" ? (nameNode.namedChildren[0]?.text ?? "") : (nameNode?.text ?? "");
    const span = nodeSpan(call);
    const fact = ctx.facts.calls.find((c) => c.span.line === span.line && c.span.column === span.column);
    if (fact && member) fact.callee = `${receiver}.${member}`;
  }
}
