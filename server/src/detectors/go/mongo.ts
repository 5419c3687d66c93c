/**
 * MongoDB Go driver (go.mongodb.org/mongo-driver v1, …/mongo-driver/v2) retryable reads and
 * writes — docs/reference/mongodb.md (reference/retry-semantics.md §3.15).
 * - `mongo.Connect(ctx, opts…)` (v1), `mongo.Connect(opts…)` (v2), `mongo.NewClient(opts…)` (v1)
 *   → a client layer anchored on that call. Both `retryWrites` and `retryReads` default to
 *   **true** (v1 `ClientOptions.SetRetryWrites`/`SetRetryReads`: "The default is true"; v2 the same):
 *   a retryable operation is retried **once** → **2 attempts**; only on retryable errors (network
 *   errors, NotWritablePrimary/ShutdownInProgress/… codes, RetryableWriteError labels).
 * - Turned off by `SetRetryWrites(false)` / `SetRetryReads(false)` on the options (in the chain,
 *   or on the options variable in the same function), or by `retryWrites=false` /
 *   `retryReads=false` in a connection string the code gives literally (`ApplyURI("mongodb://…")`,
 *   a constant). Both off → one attempt (disabled); one off → still 2 attempts for the other kind.
 * - The retry waits for nothing but a new server selection (a primary, up to
 *   serverSelectionTimeoutMS, 30 s by default): no backoff setting exists, so the wait is "custom".
 * - Every operation on the client, on `client.Database(d)` and on `….Collection(c)` (bound to a
 *   name, a struct field, or chained) is a request to the server the connection string names.
 *   `Client.Database` / `Database.Collection` only build handles (`mongo/client.go` v1/v2: "Database
 *   returns a handle for a database …", `return newDatabase(c, name, opts...)`).
 * - A parameter typed `*mongo.Client` / `*mongo.Database` / `*mongo.Collection` is a client handed in
 *   (ClientFact.fromParam: the linker follows what the callers pass), and so is a field it is stored
 *   in (`&repo{db: db}`) and what is derived from that field (`p.db.Database(d).Collection(c)`).
 */
import type { CallFact, LayerFact, ValueExpr } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { addClient } from "./nethttp";
import { boundName, valueOf } from "./values";
import { callArgs, calleeNode, descendants, dottedName, enclosingFunction, nodeSpan, stringValue, within } from "./syntax";
import { describedCondition } from "../shared/conditions";

export const MONGO_GO = /^go\.mongodb\.org\/mongo-driver(\/v2)?\/mongo$/;
export const MONGO_GO_LIBRARY = "mongo-go-driver";

/** client/database/collection methods that build or tear down, not operations the server runs */
const NOT_SENDING = [
  "Database", "Collection", "Disconnect", "Connect", "StartSession", "UseSession", "UseSessionWithOptions", "NumberSessionsInProgress",
  "Timeout", "Name", "Client", "Indexes", "SearchIndexes", "Clone",
];
/** methods that derive an object sending to the same server */
const DERIVING = new Set(["Database", "Collection"]);

/** a setting as the code writes it: true/false, or a non-literal ("unknown") */
type Toggle = { value: boolean | "unknown"; text: string } | null;

interface Settings {
  uri: ValueExpr | null;
  uriText: string | null;
  writes: Toggle;
  reads: Toggle;
}

export function detectMongoGo(ctx: GoContext): void {
  const pkg = ctx.importLocal(MONGO_GO);
  if (!pkg) return;
  const v2 = /\/v2\/mongo$/.test(ctx.importPath(pkg) ?? "");
  const root = ctx.tree.rootNode;
  const calls = descendants(root, "call_expression");
  const clientNames: string[] = [];
  for (const call of calls) {
    const callee = dottedName(calleeNode(call));
    if (callee !== `${pkg}.Connect` && callee !== `${pkg}.NewClient`) continue;
    const s: Settings = { uri: null, uriText: null, writes: null, reads: null };
    for (const arg of callArgs(call)) collect(ctx, arg, s, calls, call, 0);
    const name = boundName(ctx, call);
    const localId = ctx.nextId("L", call);
    ctx.facts.layers.push(layerOf(s, localId, call, name ?? "mongo client", v2));
    if (!name) continue;
    const client = addClient(ctx, { name, at: call, library: MONGO_GO_LIBRARY, timeoutSeconds: null, timeoutSet: false, layerIds: [localId], baseUrl: s.uri });
    client.sdk = { target: "", notSending: NOT_SENDING };
    clientNames.push(name);
  }
  // `sess.WithTransaction(ctx, func(sc mongo.SessionContext) (any, error) {…})`: re-runs the callback until 120 s
  for (const call of calls) {
    const fn = calleeNode(call);
    if (fn?.type !== "selector_expression" || fn.childForFieldName("field")?.text !== "WithTransaction") continue;
    const args = callArgs(call);
    if (args.length < 2) continue;
    const callId = ctx.callIds.get(call.id);
    const fact = ctx.facts.calls.find((c) => c.id === callId);
    if (fact) fact.invokesArg = 1;
    ctx.facts.layers.push({
      ...transactionLayerCore(MONGO_GO_LIBRARY),
      localId: ctx.nextId("L", call),
      anchor: nodeSpan(call),
      attach: { kind: "block", functionId: ctx.scopeId(call), callIds: callId ? [callId] : [] },
      label: `${fn.childForFieldName("operand")?.text ?? "session"}.WithTransaction`,
    });
  }
  // parameters typed *mongo.Client / *mongo.Database / *mongo.Collection (`func NewRepo(db *mongo.Client)`):
  // the client is built elsewhere and handed in; the linker follows the callers' arguments (ClientFact.fromParam)
  for (const name of libraryParams(ctx, pkg, MONGO_TYPES)) {
    const at = name.node;
    const stub = addClient(ctx, { name: name.id, at, library: MONGO_GO_LIBRARY, timeoutSeconds: null, timeoutSet: false, layerIds: [], baseUrl: null });
    stub.sdk = { target: "", notSending: NOT_SENDING };
    stub.fromParam ??= name.id;
    clientNames.push(name.id);
  }
  if (!clientNames.length) return;
  // a client stored in a field (`m.client = client`, `return &repo{db: db}` with a handed-in db): the field
  // is that client (the client flow copies clients after every detector; the operations below need it now)
  const known = ctx.facts.clients.filter((c) => c.library === MONGO_GO_LIBRARY);
  for (const v of descendants(root, ["identifier", "selector_expression"])) {
    if (v.parent?.type !== "literal_element" && v.parent?.type !== "expression_list") continue;
    const from = known.find((c) => c.name === ctx.nameOf(v));
    const to = from ? boundName(ctx, v) : null;
    if (!from || !to || to === from.name || ctx.facts.clients.some((c) => c.name === to)) continue;
    const copy = addClient(ctx, { name: to, at: v, library: MONGO_GO_LIBRARY, timeoutSeconds: null, timeoutSet: false, layerIds: from.layerIds, baseUrl: from.baseUrl });
    copy.sdk = { target: "", notSending: NOT_SENDING };
    if (from.fromParam) copy.fromParam = from.fromParam;
  }
  // `db := client.Database("d")`, `coll := db.Collection("c")`, `&Repo{coll: client.Database(d).Collection(c)}`
  for (let round = 0; round < 2; round++) {
    for (const call of calls) {
      const origin = derivedFrom(ctx, call);
      if (!origin) continue;
      const from = ctx.facts.clients.find((c) => c.name === origin && c.library === MONGO_GO_LIBRARY);
      const to = boundName(ctx, call);
      if (!from || !to || to === from.name || ctx.facts.clients.some((c) => c.name === to)) continue;
      const derived = addClient(ctx, { name: to, at: call, library: MONGO_GO_LIBRARY, timeoutSeconds: null, timeoutSet: false, layerIds: from.layerIds, baseUrl: from.baseUrl });
      derived.sdk = { target: "", notSending: NOT_SENDING };
      if (from.fromParam) derived.fromParam = from.fromParam;
    }
  }
  // `client.Database("d").Collection("c").InsertOne(ctx, doc)`: the operation on a chain rooted at a client
  for (const call of calls) {
    const fn = calleeNode(call);
    if (fn?.type !== "selector_expression") continue;
    const method = fn.childForFieldName("field")?.text ?? "";
    const operand = fn.childForFieldName("operand");
    if (!operand || operand.type !== "call_expression" || NOT_SENDING.includes(method) || ctx.callIds.has(call.id)) continue;
    const origin = chainRoot(ctx, operand);
    if (!origin || !ctx.facts.clients.some((c) => c.name === origin.qualified && c.library === MONGO_GO_LIBRARY)) continue;
    const id = ctx.nextId("C", call);
    ctx.callIds.set(call.id, id);
    const fact: CallFact = { id, span: nodeSpan(call), functionId: ctx.scopeId(call), callee: `${origin.written}.${method}`, args: [] };
    ctx.facts.calls.push(fact);
  }
}

/** the driver's types that send to the server */
const MONGO_TYPES = new Set(["Client", "Database", "Collection"]);

/**
 * Parameters of the file's functions whose type is one of the library's client types
 * (`db *mongo.Client`, `rdb redis.UniversalClient`), named as the detector names locals (`NewRepo.db`).
 */
export function libraryParams(ctx: GoContext, pkg: string, types: ReadonlySet<string>): Array<{ id: string; node: SyntaxNode }> {
  const out: Array<{ id: string; node: SyntaxNode }> = [];
  for (const fn of ctx.functionNodes) {
    for (const p of fn.childForFieldName("parameters")?.namedChildren ?? []) {
      if (p?.type !== "parameter_declaration") continue;
      const written = (p.childForFieldName("type")?.text ?? "").replace(/^\*\s*/, "");
      const dot = written.indexOf(".");
      if (dot < 0 || written.slice(0, dot) !== pkg || !types.has(written.slice(dot + 1))) continue;
      for (const n of p.childrenForFieldName("name")) {
        const id = ctx.lookup(n.text, p)?.id;
        if (id && n.text !== "_") out.push({ id, node: p });
      }
    }
  }
  return out;
}

/** `x.Database(…)` / `x.Collection(…)` on a mongo client (or a derived one): the name of x */
function derivedFrom(ctx: GoContext, call: SyntaxNode): string | null {
  const fn = calleeNode(call);
  if (fn?.type !== "selector_expression" || !DERIVING.has(fn.childForFieldName("field")?.text ?? "")) return null;
  const operand = fn.childForFieldName("operand");
  if (operand?.type === "call_expression") return chainRoot(ctx, operand)?.qualified ?? null;
  return ctx.nameOf(operand, call);
}

/** the client a `c.Database(…).Collection(…)` chain starts from: its qualified and written names */
function chainRoot(ctx: GoContext, call: SyntaxNode): { qualified: string; written: string } | null {
  let n: SyntaxNode | null = call;
  while (n?.type === "call_expression") {
    const fn = calleeNode(n);
    if (fn?.type !== "selector_expression" || !DERIVING.has(fn.childForFieldName("field")?.text ?? "")) return null;
    n = fn.childForFieldName("operand");
  }
  const qualified = ctx.nameOf(n, call);
  const written = ctx.linkName(n, call);
  return qualified && written ? { qualified, written } : null;
}

/** Options as the code builds them: `options.Client().ApplyURI(u).SetRetryWrites(false)`, a variable bound to one, and `opts.SetRetryReads(false)` statements. */
function collect(ctx: GoContext, n: SyntaxNode, s: Settings, calls: SyntaxNode[], at: SyntaxNode, depth: number): void {
  if (depth > 4) return;
  if (n.type === "call_expression") {
    const fn = calleeNode(n);
    if (fn?.type !== "selector_expression") return;
    const operand = fn.childForFieldName("operand");
    // earlier links of the chain first: a later SetRetryWrites overrides the URI's
    if (operand) collect(ctx, operand, s, calls, at, depth + 1);
    apply(ctx, fn.childForFieldName("field")?.text ?? "", callArgs(n)[0] ?? null, s);
    return;
  }
  if (n.type === "unary_expression" || n.type === "parenthesized_expression") {
    const inner = n.namedChildren[n.namedChildren.length - 1];
    if (inner) collect(ctx, inner, s, calls, at, depth + 1);
    return;
  }
  if (n.type !== "identifier") return;
  const bound = ctx.lookup(n.text, n)?.value;
  if (bound) collect(ctx, bound, s, calls, at, depth + 1);
  // `opts.SetRetryWrites(false)` as a statement of the same function, before the connect call
  const scope = enclosingFunction(at);
  for (const c of calls) {
    const fn = calleeNode(c);
    if (fn?.type !== "selector_expression" || c.startIndex > at.startIndex || (scope && !within(c, scope))) continue;
    if (fn.childForFieldName("operand")?.text !== n.text || c.parent?.type !== "expression_statement") continue;
    apply(ctx, fn.childForFieldName("field")?.text ?? "", callArgs(c)[0] ?? null, s);
  }
}

function apply(ctx: GoContext, method: string, arg: SyntaxNode | null, s: Settings): void {
  if (!arg) return;
  if (method === "ApplyURI") {
    s.uri = valueOf(ctx, arg);
    const text = stringValue(arg) ?? (s.uri?.kind === "string" ? s.uri.value : null);
    s.uriText = text;
    if (text) {
      const q = uriOptions(text);
      if (q.retrywrites !== undefined) s.writes = { value: q.retrywrites, text: `retryWrites=${q.retrywrites} in the connection string` };
      if (q.retryreads !== undefined) s.reads = { value: q.retryreads, text: `retryReads=${q.retryreads} in the connection string` };
    }
  } else if (method === "SetRetryWrites" || method === "SetRetryReads") {
    const value = arg.type === "true" ? true : arg.type === "false" ? false : "unknown";
    const t: Toggle = { value, text: `${method}(${arg.text})` };
    if (method === "SetRetryWrites") s.writes = t;
    else s.reads = t;
  }
}

/** `retryWrites`/`retryReads` of a connection string (keys are case-insensitive: connection-string spec) */
export function uriOptions(uri: string): { retrywrites?: boolean; retryreads?: boolean } {
  const out: { retrywrites?: boolean; retryreads?: boolean } = {};
  const q = uri.indexOf("?");
  if (q < 0) return out;
  for (const pair of uri.slice(q + 1).split(/[&;]/)) {
    const [k, v] = pair.split("=");
    const key = (k ?? "").trim().toLowerCase();
    const value = (v ?? "").trim().toLowerCase();
    if ((key === "retrywrites" || key === "retryreads") && (value === "true" || value === "false")) out[key] = value === "true";
  }
  return out;
}

/** The layer both drivers' settings describe (shared by the Python, JS, Java and .NET detectors). */
export function mongoLayer(opts: {
  localId: string;
  anchor: LayerFact["anchor"];
  label: string;
  library: string;
  version: string;
  writes: Toggle;
  reads: Toggle;
}): LayerFact {
  const { writes, reads } = opts;
  const writesOn = writes?.value !== false;
  const readsOn = reads?.value !== false;
  const maxAttempts = writesOn || readsOn ? 2 : 1;
  const part = (kind: "retryWrites" | "retryReads", t: Toggle) =>
    t === null ? `${kind} true (default)` : t.value === "unknown" ? `${t.text}: not a literal, taken as on` : t.text;
  const settings = `${part("retryWrites", writes)}, ${part("retryReads", reads)}`;
  const attemptsNote =
    maxAttempts === 1
      ? `${settings}: each operation runs once (${opts.version})`
      : `${settings}: a retryable ${writesOn && readsOn ? "read or write" : writesOn ? "write" : "read"} is retried once → 2 attempts (${opts.version})`;
  const what = [writesOn ? "writes (insertOne, updateOne, deleteOne, findOneAnd*, bulk writes without multi-document statements; not updateMany/deleteMany; replica sets and sharded clusters only, not a standalone server)" : null, readsOn ? "reads (find, aggregate without $out/$merge, distinct, count, listings, watch; not getMore)" : null].filter(Boolean).join("; ");
  return {
    localId: opts.localId,
    kind: "mongodb-retryable",
    category: "client",
    library: opts.library,
    anchor: opts.anchor,
    maxAttempts,
    attemptsSource: writes === null && reads === null ? "default" : "config",
    attemptsNote,
    timeBound: null,
    wait: {
      kind: "custom",
      jitter: null,
      initialSeconds: null,
      maxSeconds: null,
      source: "default",
      description: "no backoff: the retry selects a server again (waits for a primary up to serverSelectionTimeoutMS, 30 s by default)",
    },
    condition: describedCondition(`retryable errors only (network errors, NotWritablePrimary, ShutdownInProgress, … and the RetryableWriteError label) of ${what || "nothing"}; a retried write carries a transaction id, so the server applies it at most once`),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: opts.label,
  };
}

/** The convenient transaction API (`withTransaction`, `with_transaction`, `WithTransaction`): re-runs the callback until 120 s have passed. */
export function transactionLayerCore(library: string): Omit<LayerFact, "localId" | "anchor" | "attach" | "label"> {
  return {
    kind: "mongodb-with-transaction",
    category: "code",
    library,
    maxAttempts: null,
    attemptsSource: "default",
    attemptsNote: "withTransaction re-runs the callback on TransientTransactionError (and re-commits on UnknownTransactionCommitResult) until 120 s have passed: no count bound",
    timeBound: "120 s (the convenient transaction API's fixed limit)",
    wait: { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "default", description: "no wait between transaction attempts in drivers before the 2026 backoff (jitter × min(5 ms × 1.5^n, 500 ms) in the current specification)" },
    condition: {
      allErrors: false,
      exceptionTypes: ["TransientTransactionError", "UnknownTransactionCommitResult"],
      statuses: [],
      retryOn: [],
      afterSendMethods: "all",
      permanentErrors: null,
      honoursRetryAfter: null,
      description: "errors labelled TransientTransactionError (write conflicts, primary step-down) re-run the whole callback; UnknownTransactionCommitResult re-commits",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: 120,
  };
}

function layerOf(s: Settings, localId: string, call: SyntaxNode, label: string, v2: boolean): LayerFact {
  return mongoLayer({ localId, anchor: nodeSpan(call), label, library: MONGO_GO_LIBRARY, version: v2 ? "mongo-go-driver v2" : "mongo-go-driver v1", writes: s.writes, reads: s.reads });
}
