/**
 * MongoDB Node.js driver and Mongoose — docs/reference/mongodb.md (reference §3.15).
 * - `new MongoClient(uri, options)` (from "mongodb") → a client layer anchored on the `new`.
 *   `retryWrites` and `retryReads` default to **true** (driver ≥ 3.6 / ≥ 3.3, every 4.x–6.x
 *   release): a retryable operation is retried **once** → **2 attempts**.
 * - `mongoose.connect(uri, options)` / `mongoose.createConnection(uri, options)` (and
 *   `connect` imported from "mongoose") → the same layer: Mongoose passes the options to the
 *   driver it bundles (Mongoose 6+ → driver 4+). Model calls (`Order.find()`) are not linked to it.
 * - Off: `retryWrites: false` / `retryReads: false` in the options, or `retryWrites=false` /
 *   `retryReads=false` in a literal connection string. Both off → one attempt (disabled).
 * - Operations on the client, on `client.db(name)` and on `….collection(name)` (bound to a name
 *   or chained) are requests to the connection string's host.
 * - `session.withTransaction(fn)` (a file importing "mongodb" or "mongoose"): the convenient
 *   transaction API re-runs `fn` on TransientTransactionError and re-commits on
 *   UnknownTransactionCommitResult until **120 s** have passed → a code layer around the call,
 *   with no count bound (time-bounded).
 */
import type { ClientFact, FileFacts } from "../../model/facts";
import { objectProperty, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
import { mongoLayer, transactionLayerCore, uriOptions } from "../go/mongo";
import { bindingName } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";
import { attachPromiseRetry } from "./pRetry";

const NOT_SENDING = ["db", "collection", "close", "connect", "startSession", "withSession", "on", "once", "off", "options", "readConcern", "writeConcern", "readPreference", "collectionName", "databaseName", "namespace"];
const DERIVING = new Set(["db", "collection"]);
/** the ClientFact name of Mongoose's default connection (`mongoose.connect(uri)`) */
export const MONGOOSE_CONNECTION = "mongoose.connection";
/** ClientFact.sdk.target of a model on the default connection: the linker finds the service's `mongoose.connect` */
export const MONGOOSE_DEFAULT_TARGET = "mongoose-default-connection";
/** model statics that build queries or documents without running them (`Order.find()` runs when awaited: it sends) */
const MODEL_NOT_SENDING = ["schema", "modelName", "db", "collection", "base", "discriminator", "hydrate", "castObject", "on", "once", "emit", "init", "events", "where"];
const LIBRARY = "mongodb";

type Toggle = { value: boolean | "unknown"; text: string } | null;

export function extractMongoFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const driverClasses = new Set(index.imports.filter((i) => i.module === "mongodb" && i.member === "MongoClient").map((i) => i.local));
  const mongooseNames = new Set(index.imports.filter((i) => i.module === "mongoose" && (i.member === null || i.isDefault)).map((i) => i.local));
  const mongooseConnect = new Set(index.imports.filter((i) => i.module === "mongoose" && (i.member === "connect" || i.member === "createConnection")).map((i) => i.local));
  const mongooseModel = new Set(index.imports.filter((i) => i.module === "mongoose" && i.member === "model").map((i) => i.local));
  // CommonJS: `const mongoose = require("mongoose")`, `const { MongoClient } = require("mongodb")`
  for (const v of index.variables) {
    const init = v.initializer ? unwrap(v.initializer) : undefined;
    if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== "require") continue;
    const arg = init.arguments[0];
    const module = arg && ts.isStringLiteral(arg) ? arg.text : null;
    if (module !== "mongodb" && module !== "mongoose") continue;
    if (ts.isIdentifier(v.name)) (module === "mongoose" ? mongooseNames : driverClasses).add(v.name.text);
    else if (ts.isObjectBindingPattern(v.name)) {
      for (const e of v.name.elements) {
        const member = (e.propertyName ?? e.name).getText(sf);
        if (module === "mongodb" && member === "MongoClient") driverClasses.add(e.name.getText(sf));
        if (module === "mongoose" && (member === "connect" || member === "createConnection")) mongooseConnect.add(e.name.getText(sf));
        if (module === "mongoose" && member === "model") mongooseModel.add(e.name.getText(sf));
      }
    }
  }
  if (!driverClasses.size && !mongooseNames.size && !mongooseConnect.size && !mongooseModel.size) return;

  const made: ClientFact[] = [];
  let defaultConnection: string | null = null;
  const build = (node: ts.NewExpression | ts.CallExpression, library: string, label: string) => {
    const uri = node.arguments?.[0];
    const options = node.arguments?.[1] ? unwrap(node.arguments[1]) : undefined;
    let writes: Toggle = null;
    let reads: Toggle = null;
    const text = uri && (ts.isStringLiteral(uri) || ts.isNoSubstitutionTemplateLiteral(uri)) ? uri.text : null;
    if (text) {
      const o = uriOptions(text);
      if (o.retrywrites !== undefined) writes = { value: o.retrywrites, text: `retryWrites=${o.retrywrites} in the connection string` };
      if (o.retryreads !== undefined) reads = { value: o.retryreads, text: `retryReads=${o.retryreads} in the connection string` };
    }
    if (options && ts.isObjectLiteralExpression(options)) {
      const toggle = (key: string): Toggle => {
        const p = objectProperty(options, key);
        if (!p || ts.isMethodDeclaration(p)) return null;
        const v = unwrap(p);
        return { value: v.kind === ts.SyntaxKind.TrueKeyword ? true : v.kind === ts.SyntaxKind.FalseKeyword ? false : "unknown", text: `${key}: ${v.getText(sf)}` };
      };
      writes = toggle("retryWrites") ?? writes;
      reads = toggle("retryReads") ?? reads;
    }
    const bound = bindingName(node);
    // `await mongoose.connect(uri)`: the process-wide default connection every model uses
    const { name, module: atModule } = !bound.name && library === "mongoose" && defaultConnection ? { name: defaultConnection, module: true } : bound;
    const localId = ids.next("L", node, sf);
    const version = library === "mongoose" ? "Mongoose ≥ 6 (MongoDB Node.js driver ≥ 4)" : "MongoDB Node.js driver ≥ 4";
    facts.layers.push(mongoLayer({ localId, anchor: spanOf(node, sf), label: name || label, library, writes, reads, version }));
    if (!name) return;
    const client: ClientFact = {
      id: ids.next("K", node, sf),
      name,
      functionId: atModule ? MODULE : index.enclosingId(node),
      span: spanOf(node, sf),
      library: name === MONGOOSE_CONNECTION ? "mongoose" : LIBRARY,
      baseUrl: uri ? valueOfUri(uri) : null,
      layerIds: [localId],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: "", notSending: [...NOT_SENDING] },
    };
    facts.clients.push(client);
    made.push(client);
  };

  for (const node of index.newExpressions) {
    const callee = unwrap(node.expression);
    if (ts.isIdentifier(callee) && driverClasses.has(callee.text)) build(node, LIBRARY, "MongoClient");
  }
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    const member = ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
    const owner = ts.isPropertyAccessExpression(callee) ? unwrap(callee.expression) : null;
    const viaMongoose = member !== null && (member === "connect" || member === "createConnection") && owner !== null && ts.isIdentifier(owner) && mongooseNames.has(owner.text);
    const direct = ts.isIdentifier(callee) && mongooseConnect.has(callee.text);
    defaultConnection = member === "connect" && viaMongoose ? MONGOOSE_CONNECTION : null;
    if (viaMongoose || direct) build(call, "mongoose", `mongoose.${member ?? (callee as ts.Identifier).text}`);
    defaultConnection = null;
    // MongoClient.connect(uri, options): the static helper builds and connects a client
    if (member === "connect" && owner && ts.isIdentifier(owner) && driverClasses.has(owner.text)) build(call, LIBRARY, "MongoClient.connect");
  }

  // Mongoose models: `const Order = mongoose.model("Order", schema)` sends through the service's
  // default connection (the linker joins it to the `mongoose.connect` of the same service);
  // `conn.model(…)` on a connection of this file sends through that connection
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    const owner = ts.isPropertyAccessExpression(callee) ? unwrap(callee.expression) : null;
    const isModel = ts.isPropertyAccessExpression(callee) ? callee.name.text === "model" : ts.isIdentifier(callee) && mongooseModel.has(callee.text);
    if (!isModel || call.arguments.length < 2) continue;
    const onConnection = owner ? facts.clients.find((c) => c.library === LIBRARY && c.name === owner.getText(sf)) : undefined;
    const onDefault = owner === null || (ts.isIdentifier(owner) && mongooseNames.has(owner.text));
    if (!onConnection && !onDefault) continue;
    const { name, module: atModule } = bindingName(call);
    if (!name) continue;
    facts.clients.push({
      id: ids.next("K", call, sf),
      name,
      functionId: atModule ? MODULE : index.enclosingId(call),
      span: spanOf(call, sf),
      library: "mongoose",
      baseUrl: onConnection?.baseUrl ?? null,
      layerIds: onConnection ? [...onConnection.layerIds] : [],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: onConnection ? "" : MONGOOSE_DEFAULT_TARGET, notSending: [...MODEL_NOT_SENDING] },
    });
  }

  // derived databases and collections: `const orders = client.db("shop").collection("orders")`
  const driverClients = () => facts.clients.filter((c) => c.library === LIBRARY && c.sdk?.target === "");
  for (let round = 0; round < 2; round++) {
    for (const v of index.variables) {
      const init = v.initializer ? unwrap(v.initializer) : undefined;
      if (!init || !ts.isIdentifier(v.name)) continue;
      const root = chainRoot(init);
      const from = root ? driverClients().find((c) => c.name === root) : undefined;
      if (!from || facts.clients.some((c) => c.name === v.name.getText(sf))) continue;
      const { module: atModule } = bindingName(init);
      facts.clients.push({ ...from, id: ids.next("K", v, sf), name: v.name.getText(sf), functionId: atModule ? MODULE : index.enclosingId(v), span: spanOf(v, sf), layerIds: [...from.layerIds] });
    }
  }
  // chained operations: the receiver `client.db().collection()` of `client.db().collection().findOne` sends like the client
  for (const call of facts.calls) {
    const dot = call.callee.lastIndexOf(".");
    if (dot < 0) continue;
    const receiver = call.callee.slice(0, dot);
    if (!/\(\)/.test(receiver) || facts.clients.some((c) => c.name === receiver)) continue;
    const from = driverClients().find((c) => receiver.startsWith(`${c.name}.db()`) || receiver.startsWith(`${c.name}.collection()`));
    if (from) facts.clients.push({ ...from, id: `${from.id}:${receiver}`, name: receiver, layerIds: [...from.layerIds] });
  }

  // session.withTransaction(fn): re-runs fn until 120 s have passed
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "withTransaction" || !call.arguments[0]) continue;
    attachPromiseRetry(facts, sf, index, ids, call, transactionLayerCore("mongodb"), `${callee.expression.getText(sf)}.withTransaction`);
  }
}

/** `client.db("x").collection("y")` → "client"; null unless every link derives a database or collection */
function chainRoot(n: ts.Expression): string | null {
  let e: ts.Expression = n;
  let links = 0;
  while (ts.isCallExpression(e)) {
    const fn = unwrap(e.expression);
    if (!ts.isPropertyAccessExpression(fn) || !DERIVING.has(fn.name.text)) return null;
    e = unwrap(fn.expression);
    links++;
  }
  if (!links) return null;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e) && e.expression.kind === ts.SyntaxKind.ThisKeyword) return `this.${e.name.text}`;
  return null;
}

/** the connection string as a value the linker evaluates (a literal, a constant, `process.env.X ?? "…"`) */
function valueOfUri(uri: ts.Expression): ClientFact["baseUrl"] {
  const v = valueOf(uri);
  return v.kind === "unknown" ? null : v;
}
