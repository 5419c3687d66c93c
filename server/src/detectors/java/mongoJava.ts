/**
 * MongoDB Java driver (mongodb-driver-sync / -reactivestreams / the Kotlin drivers, 3.11 … 5.x)
 * retryable reads and writes — docs/reference/mongodb.md (family `mongodb-java-driver`).
 *
 * `MongoClientSettings.Builder`: `private boolean retryWrites = true; private boolean retryReads =
 * true;` (driver-core `MongoClientSettings.java`, r3.11.0 … r5.10.0) → a retryable operation is
 * retried once → **2 attempts** (the shared layer of detectors/go/mongo.ts `mongoLayer`).
 * - Clients: `MongoClients.create()` / `create("mongodb://…")` / `create(settings)` (sync and
 *   reactive streams), Kotlin `MongoClient.create(…)`, the legacy `new MongoClient(…)` (3.x; with a
 *   `new MongoClientURI(uri)`), held by a field, a local, an assignment or a `@Bean` method.
 * - Off: `MongoClientSettings.builder()….retryWrites(false).retryReads(false)….build()` (inline or
 *   a name of the file), `retryWrites=false`/`retryReads=false` in a literal connection string
 *   (`create(uri)`, `applyConnectionString(new ConnectionString(uri))`). Both off → 1 (disabled).
 * - Every operation on the client, on `client.getDatabase(d)` and on `db.getCollection(c)` (bound
 *   or chained) is a request to the connection string's host (ClientFact.sdk, target "").
 * - A driver object the framework injects (a field or parameter typed `MongoClient`,
 *   `MongoDatabase` or `MongoCollection` of com.mongodb that the file does not build — Micronaut
 *   MongoDB and Spring Boot build the client from `mongodb.uri` / `spring.data.mongodb.uri`), and a
 *   helper method of the file returning one (`getCollection().find()`): its operations are named
 *   after the driver type (`MongoCollection.find`), the queries engine/jvmDb.ts sends through the
 *   client the project's settings configure.
 * Spring Data MongoDB repositories and MongoTemplate are linked by engine/jvmDb.ts.
 */
import type { ValueExpr } from "../../model/facts";
import { mongoLayer, uriOptions } from "../go/mongo";
import { importsFrom, receiverName, type JvmContext } from "./context";
import { holderOf, outermost, valueOfName } from "./jvmHolders";
import { valueExpr } from "./module";
import { argAt, boolOf, chainOf, exprText, stringOf, type Call, type Expr } from "./syntax";

export const MONGO_JAVA = "mongodb-java-driver";
/** members that build, derive or tear down: not operations the server runs */
const NOT_SENDING = ["getDatabase", "getCollection", "withCodecRegistry", "withReadPreference", "withWriteConcern", "withReadConcern", "withTimeout", "withDocumentClass", "close", "startSession", "getName", "getNamespace", "getCodecRegistry", "getReadPreference", "getWriteConcern", "getReadConcern", "getDocumentClass", "getClusterDescription"];
const DERIVING = new Set(["getDatabase", "getCollection", "withCodecRegistry", "withReadPreference", "withWriteConcern", "withReadConcern", "withDocumentClass"]);

type Toggle = { value: boolean | "unknown"; text: string } | null;
interface Settings {
  uri: ValueExpr | null;
  writes: Toggle;
  reads: Toggle;
}

export function detectMongoJava(ctx: JvmContext): void {
  if (!importsFrom(ctx.file, "com.mongodb")) return;
  try {
    detectCreatedClients(ctx);
  } finally {
    injectedDriverOperations(ctx);
  }
}

function detectCreatedClients(ctx: JvmContext): void {
  const clientNames: string[] = [];
  for (const call of ctx.file.calls) {
    if (!isClientCreation(call)) continue;
    const whole = outermost(ctx, call);
    if (whole !== call) continue;
    const s: Settings = { uri: null, writes: null, reads: null };
    for (const a of call.args) readArg(ctx, call.scopeId, a.value, s, 0);
    const localId = ctx.nextId("L", call.span);
    ctx.facts.layers.push(mongoLayer({ localId, anchor: call.span, label: "MongoClient", library: MONGO_JAVA, version: "MongoDB Java driver ≥ 3.11", writes: s.writes, reads: s.reads }));
    const holder = holderOf(ctx, call);
    if (!holder) continue;
    const id = ctx.nextId("K", call.span);
    ctx.facts.clients.push({ id, name: holder.name, functionId: holder.functionId, span: call.span, library: MONGO_JAVA, baseUrl: s.uri, layerIds: [localId], fromCall: null, perCall: holder.perCall, hasRetryQuota: false, timeoutSeconds: null, sdk: { target: "", notSending: NOT_SENDING } });
    if (holder.beanMethod) {
      const fn = ctx.facts.functions.find((f) => f.id === holder.beanMethod);
      if (fn) fn.returnsClientId = id;
    }
    if (holder.name) clientNames.push(holder.name);
  }
  if (!clientNames.length) return;
  // `MongoDatabase db = client.getDatabase("shop")`, `coll = db.getCollection("orders")`
  for (let round = 0; round < 2; round++) {
    for (const call of ctx.file.calls) {
      if (!DERIVING.has(call.name)) continue;
      const origin = chainClient(ctx, call);
      if (!origin) continue;
      const whole = outermost(ctx, call);
      if (chainOf(whole).some((c) => !DERIVING.has(c.name) && chainOf(whole).indexOf(c) > chainOf(whole).indexOf(call))) continue;
      const holder = holderOf(ctx, whole);
      if (!holder?.name || ctx.facts.clients.some((c) => c.name === holder.name)) continue;
      ctx.facts.clients.push({ ...origin, id: ctx.nextId("K", whole.span), name: holder.name, functionId: holder.functionId, span: whole.span, perCall: holder.perCall });
    }
  }
  // `client.getDatabase("d").getCollection("c").insertOne(doc)`: an operation on a chain from a client
  const byId = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  for (const call of ctx.file.calls) {
    if (NOT_SENDING.includes(call.name) || call.receiver?.k !== "call") continue;
    const chain = chainOf(call);
    if (!chain.slice(0, -1).every((c) => DERIVING.has(c.name))) continue;
    const head = receiverName(chain[0]!);
    const origin = head ? ctx.facts.clients.find((c) => c.library === MONGO_JAVA && c.name.endsWith(`.${head.split(".")[0]}`)) : undefined;
    const fact = byId.get(ctx.callIds.get(call.node.id) ?? "");
    if (origin && fact && head) fact.callee = `${head}.${call.name}`;
  }
}

const DRIVER_TYPES = new Set(["MongoClient", "MongoDatabase", "MongoCollection"]);
const DRIVER_PACKAGES = ["com.mongodb.client", "com.mongodb.reactivestreams.client", "com.mongodb.kotlin.client", "com.mongodb.kotlin.client.coroutine"];

/** `Mongo(Client|Database|Collection)` of com.mongodb as a type is written (generics dropped); null otherwise. */
function driverType(ctx: JvmContext, written: string | null): string | null {
  const type = written?.replace(/<.*$/s, "").trim() ?? "";
  const simple = type.slice(type.lastIndexOf(".") + 1);
  if (!DRIVER_TYPES.has(simple)) return null;
  return ctx.packageOf(type, DRIVER_PACKAGES)?.startsWith("com.mongodb") ? simple : null;
}

/**
 * Operations on a driver object the file does not build (ClientFact names what it builds): an
 * injected `mongoClient.getDatabase(d).getCollection(c).find()`, `collection.insertOne(doc)`, or
 * `getCollection().find()` through a method of the file declared to return a collection.
 */
function injectedDriverOperations(ctx: JvmContext): void {
  const built = (name: string) => ctx.facts.clients.some((c) => c.library === MONGO_JAVA && (c.name === name || c.name.endsWith(`.${name}`)));
  const byId = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  for (const call of ctx.file.calls) {
    if (call.isNew || NOT_SENDING.includes(call.name)) continue;
    const chain = chainOf(call);
    if (!chain.slice(1, -1).every((c) => DERIVING.has(c.name))) continue;
    const head = chain[0]!;
    let type: string | null = null;
    if (chain.length === 1 || DERIVING.has(head.name)) {
      const recv = receiverName(head);
      const name = recv?.split(".")[0];
      if (name && !built(name)) type = driverType(ctx, ctx.typeOf(call.scopeId, name));
    }
    if (chain.length > 1 && type === null && (!head.receiver || receiverName(head) === "this")) {
      const helper = ctx.file.decls.find((d) => d.kind === "method" && d.name === head.name && d.ownerId === ctx.decl(call.scopeId)?.ownerId);
      type = driverType(ctx, helper?.type ?? null);
    }
    if (type === null) continue;
    // the operation's own type: derived objects of a chain (`db.getCollection(c).find()`) are collections
    const op = chain.length > 1 ? "MongoCollection" : type;
    const fact = byId.get(ctx.callIds.get(call.node.id) ?? "");
    if (fact) fact.callee = `${op}.${call.name}`;
  }
}

function isClientCreation(call: Call): boolean {
  if (call.isNew) return /(^|\.)MongoClient$/.test(call.name);
  const recv = call.receiver?.k === "name" ? call.receiver.path.slice(call.receiver.path.lastIndexOf(".") + 1) : null;
  return call.name === "create" && (recv === "MongoClients" || recv === "MongoClient");
}

/** A client (or a derived database/collection) a `x.getDatabase(…)` chain starts from. */
function chainClient(ctx: JvmContext, call: Call) {
  const head = receiverName(chainOf(call)[0]!);
  if (!head) return null;
  return ctx.facts.clients.find((c) => c.library === MONGO_JAVA && (c.name === `${call.scopeId}.${head}` || c.name.endsWith(`.${head}`))) ?? null;
}

/** Settings from a creation argument: a URI string, `new ConnectionString(u)`, `new MongoClientURI(u)`, a settings builder chain, or a name bound to one. */
function readArg(ctx: JvmContext, scopeId: string, e: Expr | null, s: Settings, depth: number): void {
  if (!e || depth > 4) return;
  if (e.k === "str" || e.k === "concat" || e.k === "name") {
    if (e.k === "name") {
      const v = valueOfName(ctx, scopeId, e.path);
      if (v && v.k === "call") return readArg(ctx, scopeId, v, s, depth + 1);
    }
    setUri(ctx, scopeId, e, s);
    return;
  }
  if (e.k !== "call") return;
  const c = e.call;
  if (c.isNew && /(^|\.)(ConnectionString|MongoClientURI)$/.test(c.name)) return setUri(ctx, scopeId, argAt(c, 0), s);
  for (const link of chainOf(c)) {
    if (link.name === "applyConnectionString") readArg(ctx, scopeId, argAt(link, 0), s, depth + 1);
    if (link.name === "retryWrites" || link.name === "retryReads") {
      const b = boolOf(argAt(link, 0));
      const t: Toggle = { value: b ?? "unknown", text: `${link.name}(${exprText(argAt(link, 0))})` };
      if (link.name === "retryWrites") s.writes = t;
      else s.reads = t;
    }
  }
}

function setUri(ctx: JvmContext, scopeId: string, e: Expr | null, s: Settings): void {
  if (!e) return;
  s.uri = valueExpr(e);
  let text = stringOf(e);
  if (text === null && e.k === "name") text = stringOf(valueOfName(ctx, scopeId, e.path));
  if (!text) return;
  const q = uriOptions(text);
  if (q.retrywrites !== undefined && s.writes === null) s.writes = { value: q.retrywrites, text: `retryWrites=${q.retrywrites} in the connection string` };
  if (q.retryreads !== undefined && s.reads === null) s.reads = { value: q.retryreads, text: `retryReads=${q.retryreads} in the connection string` };
}
