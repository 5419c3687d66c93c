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
 * - Operations on the client, on `client.db(name)` and on `….collection(name)` (bound to a name,
 *   assigned to a variable declared elsewhere, or chained) are requests to the connection string's host.
 * - A client nobody binds is the one the connect call hands on (driver 3.x–4.x, verified in
 *   3.6/3.7 `lib/mongo_client.js`: `MongoClient.connect(url, options, callback)` takes the last
 *   function argument as the callback `(error, client)` — the client since 3.0 (NODE-1240) — and
 *   otherwise returns `Promise<MongoClient>`; the callback form is gone in 5.0): the callback's
 *   second parameter, the parameter of `.then((client) => …)`, or the name of `await MongoClient.connect(…)`.
 * - `session.withTransaction(fn)` (a file importing "mongodb" or "mongoose"): the convenient
 *   transaction API re-runs `fn` on TransientTransactionError and re-commits on
 *   UnknownTransactionCommitResult until **120 s** have passed → a code layer around the call,
 *   with no count bound (time-bounded).
 */
import type { ClientFact, FileFacts } from "../../model/facts";
import { isFunctionLike, objectProperty, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
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
  // Typegoose: `getModelForClass(Box)` compiles a model with `mongoose.model` on the default connection
  // unless the options (or the class's `@modelOptions`) name `existingConnection`/`existingMongoose`
  // (@typegoose/typegoose 12.14.0 src/typegoose.ts getModelForClass); `mongoose` is re-exported by it
  const typegooseModel = new Set(index.imports.filter((i) => i.module === "@typegoose/typegoose" && i.member === "getModelForClass").map((i) => i.local));
  for (const i of index.imports) if (i.module === "@typegoose/typegoose" && i.member === "mongoose") mongooseNames.add(i.local);
  if (!driverClasses.size && !mongooseNames.size && !mongooseConnect.size && !mongooseModel.size && !typegooseModel.size) return;

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
    const awaited = !bound.name ? awaitedBinding(node) : null;
    // `MongoClient.connect(uri, (err, client) => …)` / `.then((client) => …)`: the callback's parameter
    const passed = library === LIBRARY && !bound.name && !awaited ? connectedParameter(node as ts.CallExpression, index) : null;
    const { name, module: atModule } = !bound.name && library === "mongoose" && defaultConnection ? { name: defaultConnection, module: true } : (awaited ?? bound);
    const localId = ids.next("L", node, sf);
    const version = library === "mongoose" ? "Mongoose ≥ 6 (MongoDB Node.js driver ≥ 4)" : "MongoDB Node.js driver ≥ 4";
    facts.layers.push(mongoLayer({ localId, anchor: spanOf(node, sf), label: name || label, library, writes, reads, version }));
    if (!name && !passed) return;
    const client: ClientFact = {
      id: ids.next("K", node, sf),
      name: passed?.name ?? name,
      functionId: passed?.functionId ?? (atModule ? MODULE : index.enclosingId(node)),
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

  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isIdentifier(callee) || !typegooseModel.has(callee.text) || !call.arguments[0]) continue;
    if (typegooseOwnConnection(call, sf)) continue;
    const { name, module: atModule } = bindingName(call);
    if (!name || facts.clients.some((c) => c.name === name)) continue;
    facts.clients.push({
      id: ids.next("K", call, sf),
      name,
      functionId: atModule ? MODULE : index.enclosingId(call),
      span: spanOf(call, sf),
      library: "mongoose",
      baseUrl: null,
      layerIds: [],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: MONGOOSE_DEFAULT_TARGET, notSending: [...MODEL_NOT_SENDING] },
    });
  }

  // derived databases and collections: `const orders = client.db("shop").collection("orders")`,
  // and assigned to a variable declared elsewhere (`var collection;` at module level, then
  // `collection = db.collection("products")` in the connect callback): bound where it is declared
  const driverClients = () => facts.clients.filter((c) => c.library === LIBRARY && c.sdk?.target === "");
  const assignments = driverClients().length ? assignmentsOf(sf) : [];
  for (let round = 0; round < 2; round++) {
    const derive = (at: ts.Node, target: string, init: ts.Expression) => {
      const root = chainRoot(init);
      const from = root ? driverClients().find((c) => c.name === root) : undefined;
      if (!from || facts.clients.some((c) => c.name === target)) return;
      const { module: atModule } = bindingName(init);
      facts.clients.push({ ...from, id: ids.next("K", at, sf), name: target, functionId: atModule ? MODULE : index.enclosingId(at), span: spanOf(at, sf), layerIds: [...from.layerIds] });
    };
    for (const v of index.variables) {
      const init = v.initializer ? unwrap(v.initializer) : undefined;
      if (init && ts.isIdentifier(v.name)) derive(v, v.name.getText(sf), init);
    }
    for (const a of assignments) {
      const name = bindingName(a.right).name;
      if (name) derive(a, name, unwrap(a.right));
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

/**
 * The client a connect call hands to its callback, for a call nobody binds (driver 3.x–4.x, whose
 * `MongoClient.connect(url[, options], callback)` takes the last function argument as the callback
 * `(error, client)` and otherwise returns a Promise of the client): the callback's second
 * parameter, or the first parameter of `.then((client) => …)` on the returned promise.
 */
function connectedParameter(call: ts.CallExpression, index: FileIndex): { name: string; functionId: string } | null {
  const param = (fn: ts.Expression | undefined, at: number) => {
    const f = fn ? unwrap(fn) : undefined;
    if (!f || !isFunctionLike(f) || !f.body) return null;
    const p = f.parameters[at];
    const id = index.idOf(f);
    return p && ts.isIdentifier(p.name) && id ? { name: p.name.text, functionId: id } : null;
  };
  const last = call.arguments.length > 1 ? call.arguments[call.arguments.length - 1] : undefined;
  const viaCallback = param(last, 1);
  if (viaCallback) return viaCallback;
  let p: ts.Node = call;
  while (p.parent && (ts.isParenthesizedExpression(p.parent) || ts.isAsExpression(p.parent) || ts.isNonNullExpression(p.parent))) p = p.parent;
  const access = p.parent;
  if (access && ts.isPropertyAccessExpression(access) && access.expression === p && access.name.text === "then" && ts.isCallExpression(access.parent) && access.parent.expression === access) {
    return param(access.parent.arguments[0], 0);
  }
  return null;
}

/** `const client = await MongoClient.connect(uri)` / `client = await …`: the name the awaited value is bound to */
function awaitedBinding(node: ts.Node): { name: string; module: boolean } | null {
  let p: ts.Node = node;
  while (p.parent && (ts.isParenthesizedExpression(p.parent) || ts.isAsExpression(p.parent) || ts.isNonNullExpression(p.parent))) p = p.parent;
  if (!p.parent || !ts.isAwaitExpression(p.parent)) return null;
  const b = bindingName(p.parent);
  return b.name ? b : null;
}

/** every `x = …` / `this.x = …` assignment of the file */
function assignmentsOf(sf: ts.SourceFile): ts.BinaryExpression[] {
  const out: ts.BinaryExpression[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) out.push(n);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/**
 * The connection string as a value the linker evaluates (a literal, a constant, `process.env.X ?? "…"`);
 * a name declared in an enclosing function (`var url = process.env.MONGO_URL || "mongodb://…"`
 * before the connect call) stands for its initializer.
 */
function valueOfUri(uri: ts.Expression): ClientFact["baseUrl"] {
  const e = unwrap(uri);
  const local = ts.isIdentifier(e) ? localInitializer(e) : null;
  const v = valueOf(local ?? e);
  return v.kind === "unknown" ? null : v;
}

/** the initializer of the `var/let/const name = …` a function around `at` declares (null at module level: constants cover those) */
function localInitializer(at: ts.Identifier): ts.Expression | null {
  for (let p: ts.Node | undefined = at.parent; p && !ts.isSourceFile(p); p = p.parent) {
    if (!isFunctionLike(p) || !p.body || !ts.isBlock(p.body)) continue;
    let found: ts.Expression | null = null;
    const visit = (n: ts.Node): void => {
      if (found || (n !== p!.body && isFunctionLike(n))) return;
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === at.text && n.initializer && n.getStart() < at.getStart()) found = n.initializer;
      else ts.forEachChild(n, visit);
    };
    visit(p.body);
    if (found) return found;
  }
  return null;
}

/** `getModelForClass(Cls, { existingConnection })`, or `@modelOptions({ existingConnection })` on a class of this file: not the default connection. */
function typegooseOwnConnection(call: ts.CallExpression, sf: ts.SourceFile): boolean {
  const names = ["existingConnection", "existingMongoose"];
  const has = (o: ts.Expression | undefined) => {
    const u = o ? unwrap(o) : undefined;
    return !!u && ts.isObjectLiteralExpression(u) && names.some((n) => objectProperty(u, n) !== undefined);
  };
  if (call.arguments.slice(1).some((a) => has(a) || !ts.isObjectLiteralExpression(unwrap(a)))) return true;
  const cls = unwrap(call.arguments[0]!);
  if (!ts.isIdentifier(cls)) return false;
  const decl = sf.statements.find((st): st is ts.ClassDeclaration => ts.isClassDeclaration(st) && st.name?.text === cls.text);
  return (decl ? ts.getDecorators(decl) ?? [] : []).some((d) => {
    const e = unwrap(d.expression);
    return ts.isCallExpression(e) && e.expression.getText(sf) === "modelOptions" && e.arguments.some((a) => has(a));
  });
}
