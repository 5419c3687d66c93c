/**
 * PyMongo / Motor retryable reads and writes — docs/reference/mongodb.md (reference §3.15).
 * - `MongoClient(host, …)` (pymongo, pymongo.mongo_client), `AsyncMongoClient` (PyMongo ≥ 4.10),
 *   Motor `AsyncIOMotorClient` / `AsyncIOMotorClient` → a client layer anchored on the call.
 *   `retryWrites` and `retryReads` default to **True** since PyMongo 3.9 (retryWrites was False
 *   before 3.9; retryReads is new in 3.9): one retry of a retryable operation → **2 attempts**.
 * - Off: `retryWrites=False` / `retryReads=False` keywords, or `retryWrites=false` /
 *   `retryReads=false` in a literal connection string. Both off → one attempt (disabled).
 * - The client's operations are requests to its host: `client.db.coll.insert_one(…)`,
 *   `db = client.shop` / `client["shop"]` / `client.get_database("shop")`, `coll = db.orders` /
 *   `db.get_collection("orders")`, and names bound from those (`self.db`).
 * - PyMongo versions: a pin below 3.9 (requirements*.txt / pyproject.toml are not read per file:
 *   the detector assumes ≥ 3.9, which every maintained release is) is noted in the reference page.
 */
import type { ClientFact, LayerFact } from "../../model/facts";
import { bindingOf, callParts, descendants, enclosingFunction, nodeSpan, stringValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { mongoLayer, transactionLayerCore, uriOptions } from "../go/mongo";

const CLIENTS: Record<string, string> = {
  "pymongo.MongoClient": "pymongo",
  "pymongo.mongo_client.MongoClient": "pymongo",
  "pymongo.AsyncMongoClient": "pymongo",
  "pymongo.asynchronous.mongo_client.AsyncMongoClient": "pymongo",
  "motor.motor_asyncio.AsyncIOMotorClient": "motor",
  "motor.motor_tornado.MotorClient": "motor",
  "motor.MotorClient": "motor",
};
/** client/database/collection attributes that build or close, not operations the server runs */
const NOT_SENDING = ["get_database", "get_collection", "get_default_database", "close", "start_session", "with_options", "codec_options", "name", "address"];
const DERIVING = new Set(["get_database", "get_collection", "get_default_database", "with_options"]);

type Toggle = { value: boolean | "unknown"; text: string } | null;

export function detectPyMongo(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  const made: ClientFact[] = [];
  for (const call of descendants(root, "call")) {
    const q = ctx.qualifiedName(call.childForFieldName("function")) ?? "";
    const library = CLIENTS[q];
    if (!library) continue;
    const { positional, keywords } = callParts(call);
    const host = keywords.get("host") ?? positional[0] ?? null;
    let writes: Toggle = null;
    let reads: Toggle = null;
    const text = host ? (stringValue(host) ?? valueText(ctx, host)) : null;
    if (text) {
      const o = uriOptions(text);
      if (o.retrywrites !== undefined) writes = { value: o.retrywrites, text: `retryWrites=${o.retrywrites} in the connection string` };
      if (o.retryreads !== undefined) reads = { value: o.retryreads, text: `retryReads=${o.retryreads} in the connection string` };
    }
    for (const [key, value] of keywords) {
      const k = key.toLowerCase().replace(/_/g, "");
      if (k !== "retrywrites" && k !== "retryreads") continue;
      const v: Toggle = { value: value.text === "True" ? true : value.text === "False" ? false : "unknown", text: `${key}=${value.text}` };
      if (k === "retrywrites") writes = v;
      else reads = v;
    }
    const name = bindingOf(call);
    const localId = ctx.nextId("L", call);
    const version = library === "motor" ? "Motor (PyMongo ≥ 3.9)" : "PyMongo ≥ 3.9";
    const layer: LayerFact = mongoLayer({ localId, anchor: nodeSpan(call), label: name ?? "MongoClient", library, writes, reads, version });
    ctx.facts.layers.push(layer);
    if (!name) continue;
    const fact = clientFact(ctx, call, name, library, [localId], host ? ctx.value(host) : null);
    made.push(fact);
    ctx.facts.clients.push(fact);
  }
  // `session.with_transaction(callback)`: re-runs the callback until 120 s (a file using PyMongo or Motor)
  const usesDriver = ctx.facts.imports.some((i) => /^(pymongo|motor)(\.|$)/.test(i.module));
  for (const call of usesDriver ? descendants(root, "call") : []) {
    const fn = call.childForFieldName("function");
    if (fn?.type !== "attribute" || fn.childForFieldName("attribute")?.text !== "with_transaction" || !callParts(call).positional[0]) continue;
    const fact = ctx.facts.calls.find((c) => c.span.line === call.startPosition.row + 1 && c.span.column === call.startPosition.column);
    if (fact) fact.invokesArg = 0;
    ctx.facts.layers.push({
      ...transactionLayerCore(made[0]?.library ?? "pymongo"),
      localId: ctx.nextId("L", call),
      anchor: nodeSpan(call),
      attach: { kind: "block", functionId: ctx.functionId(enclosingFunction(call)), callIds: fact ? [fact.id] : [] },
      label: `${fn.childForFieldName("object")?.text ?? "session"}.with_transaction`,
    });
  }
  if (!made.length) return;
  // names bound to a database or collection of a client: `db = client.shop`, `db = client["shop"]`, `orders = db.get_collection("orders")`
  for (let round = 0; round < 2; round++) {
    for (const a of descendants(root, "assignment")) {
      const left = a.childForFieldName("left");
      const right = a.childForFieldName("right");
      if (!left || !right || (left.type !== "identifier" && left.type !== "attribute")) continue;
      const from = originOf(ctx, right);
      if (!from || ctx.facts.clients.some((c) => c.name === left.text)) continue;
      ctx.facts.clients.push(clientFact(ctx, a, left.text, from.library, from.layerIds, from.baseUrl, from.functionId));
    }
  }
  // operations on a chain rooted at a client name: `client.shop.orders.insert_one(…)`: the receiver `client.shop.orders` sends like the client
  for (const call of ctx.facts.calls) {
    const dot = call.callee.lastIndexOf(".");
    if (dot < 0) continue;
    const receiver = call.callee.slice(0, dot);
    if (ctx.facts.clients.some((c) => c.name === receiver)) continue;
    const from = ctx.facts.clients.find((c) => c.sdk?.target === "" && CLIENT_LIBRARIES.has(c.library) && receiver.startsWith(`${c.name}.`));
    if (from) ctx.facts.clients.push({ ...from, id: `${from.id}:${receiver}`, name: receiver, layerIds: [...from.layerIds] });
  }
}

const CLIENT_LIBRARIES = new Set(["pymongo", "motor"]);

function clientFact(ctx: PyContext, at: SyntaxNode, name: string, library: string, layerIds: string[], baseUrl: ClientFact["baseUrl"], functionId?: string): ClientFact {
  return {
    id: ctx.nextId("K", at),
    name,
    functionId: functionId ?? (name.startsWith("self.") ? ctx.functionId(classScope(at)) : ctx.functionId(enclosingFunction(at))),
    span: nodeSpan(at),
    library,
    baseUrl,
    layerIds: [...layerIds],
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    timeoutSeconds: null,
    sdk: { target: "", notSending: [...NOT_SENDING] },
  };
}

/** `self.client = MongoClient(…)` in `__init__`: the client belongs to the method (as boto3's do) */
function classScope(at: SyntaxNode): SyntaxNode | null {
  return enclosingFunction(at);
}

/** The mongo client a database/collection expression comes from: `client.shop`, `client["shop"]`, `db.get_collection("x")`. */
function originOf(ctx: PyContext, n: SyntaxNode): ClientFact | null {
  let e: SyntaxNode | null = n;
  for (let i = 0; i < 4 && e; i++) {
    if (e.type === "call") {
      const fn = e.childForFieldName("function");
      if (fn?.type !== "attribute" || !DERIVING.has(fn.childForFieldName("attribute")?.text ?? "")) return null;
      e = fn.childForFieldName("object");
    } else if (e.type === "subscript") e = e.childForFieldName("value");
    else if (e.type === "attribute") e = e.childForFieldName("object");
    else break;
    const found = e ? ctx.facts.clients.find((c) => c.name === e!.text && CLIENT_LIBRARIES.has(c.library)) : undefined;
    if (found) return found;
  }
  return null;
}

function valueText(ctx: PyContext, n: SyntaxNode): string | null {
  const v = ctx.value(n);
  return v?.kind === "string" ? v.value : null;
}
