/**
 * gRPC Java (grpc-java ≥ 1.40) channel retries — docs/reference/grpc-java.md,
 * reference/retry-semantics.md §3.11 (`retryPolicy`), §3.12 (`retryThrottling`), §5.1.
 *
 * `ManagedChannelBuilder.forAddress(host, port)` / `forTarget(t)` (also `NettyChannelBuilder`,
 * `OkHttpChannelBuilder`, `Grpc.newChannelBuilder(t, creds)`, `Grpc.newChannelBuilderForAddress`)
 * `….build()` is a channel to `grpc://<target>`. With `.defaultServiceConfig(map)` whose
 * methodConfig has a `retryPolicy`, a client layer anchored on `defaultServiceConfig`, parsed by
 * the shared service-config reader (detectors/shared/grpcServiceConfig.ts):
 * - `maxAttempts` includes the first call and is capped by the builder's `maxRetryAttempts(n)`,
 *   **default 5** (`ManagedChannelImplBuilder.maxRetryAttempts = 5`; `ServiceConfigUtil`:
 *   `maxAttempts = Math.min(maxAttempts, maxAttemptsLimit)`) — a `maxRetryAttempts(8)` raises the
 *   cap, unlike grpc-go/grpc-js;
 * - retries are on by default since 1.40.0 (`boolean retryEnabled = true`; 1.39: false, "TODO
 *   default to true"); `.disableRetry()` → no layer; `.enableRetry()` is said in the note;
 * - the map: `Map.of(…)`, `ImmutableMap.of(…)`/`.builder().put(…).build()`, `List.of(…)`,
 *   `Arrays.asList`, `Collections.singletonList/singletonMap`, a local `new HashMap<>()` filled with
 *   `m.put(k, v)` in the same method, Kotlin `mapOf(k to v)`/`listOf`, and names bound to those.
 *   A map read at run time (`new Gson().fromJson(…)`, a resource `.json`) is not code: the
 *   project's service-config `.json` file applies to the stubs by service name (grpcConfigLinks).
 * Stubs `XGrpc.newBlockingStub(channel)` / `newStub` / `newFutureStub` / `newBlockingV2Stub` send
 * an RPC from every method to the channel's target (ClientFact.sdk, grpcService X), also through
 * `stub.withDeadlineAfter(…).rpc(req)`.
 */
import type { ClientFact, LayerFact, ValueExpr } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { GRPC_MAX_ATTEMPTS_LIMIT, grpcLayerCore, grpcPolicies, type Json, type JsonObject } from "../shared/grpcServiceConfig";
import { importsFrom, receiverName, type JvmContext } from "./context";
import { holderOf, outermost, valueOfName } from "./jvmHolders";
import { valueExpr } from "./module";
import { argAt, chainOf, numberOf, type Call, type Expr } from "./syntax";

export const GRPC_JAVA = "grpc-java";
const BUILDERS = /^(ManagedChannelBuilder|NettyChannelBuilder|OkHttpChannelBuilder)$/;
const STUB_FACTORIES = new Set(["newBlockingStub", "newStub", "newFutureStub", "newBlockingV2Stub"]);
/** stub methods that derive a stub or read it: not RPCs */
const NOT_RPCS = [
  "withDeadlineAfter", "withDeadline", "withInterceptors", "withCallCredentials", "withCompression", "withExecutor", "withWaitForReady",
  "withOption", "withMaxInboundMessageSize", "withMaxOutboundMessageSize", "withOnReadyThreshold", "getChannel", "getCallOptions",
  "shutdown", "shutdownNow", "awaitTermination", "isShutdown", "isTerminated",
];

export function detectGrpcJava(ctx: JvmContext): void {
  if (!importsFrom(ctx.file, "io.grpc") && !ctx.file.calls.some((c) => STUB_FACTORIES.has(c.name))) return;
  const channels = new Map<number, { layerIds: string[]; baseUrl: ValueExpr | null }>();
  for (const call of ctx.file.calls) {
    const target = channelStart(call);
    if (!target) continue;
    const whole = outermost(ctx, call);
    const chain = chainOf(whole);
    if (!chain.some((c) => c.name === "build")) continue;
    const layer = layerOf(ctx, chain);
    const layerIds = layer ? [layer.localId] : [];
    if (layer) ctx.facts.layers.push(layer);
    channels.set(whole.node.id, { layerIds, baseUrl: target });
    const holder = holderOf(ctx, whole);
    if (!holder) continue;
    const id = ctx.nextId("K", whole.span);
    ctx.facts.clients.push(client(id, holder.name, holder.functionId, whole, { layerIds, baseUrl: target, perCall: holder.perCall }));
    if (holder.beanMethod) {
      const fn = ctx.facts.functions.find((f) => f.id === holder.beanMethod);
      if (fn) fn.returnsClientId = id;
    }
  }
  stubs(ctx, channels);
}

/** The target of a channel builder's first call: `grpc://host:port`. */
function channelStart(call: Call): ValueExpr | null {
  const recv = call.receiver?.k === "name" ? call.receiver.path.slice(call.receiver.path.lastIndexOf(".") + 1) : null;
  if (!recv) return null;
  const builder = BUILDERS.test(recv);
  const grpc = recv === "Grpc";
  if ((builder && call.name === "forAddress") || (grpc && call.name === "newChannelBuilderForAddress")) {
    return { kind: "concat", parts: [{ kind: "string", value: "grpc://" }, valueExpr(argAt(call, 0)), { kind: "string", value: ":" }, valueExpr(argAt(call, 1))] };
  }
  if ((builder && call.name === "forTarget") || (grpc && call.name === "newChannelBuilder")) {
    const t = valueExpr(argAt(call, 0));
    if (t.kind === "string") return { kind: "string", value: `grpc://${t.value.replace(/^[a-z-]+:\/\/[^/]*\/|^dns:/, "")}` };
    return { kind: "concat", parts: [{ kind: "string", value: "grpc://" }, t] };
  }
  return null;
}

/** what the note says while the build's grpc-java version is unknown (replaced by the pin when read) */
const GRPC_ON_BY_DEFAULT = "grpc-java ≥ 1.40 assumed";

function layerOf(ctx: JvmContext, chain: Call[]): LayerFact | null {
  const set = chain.find((c) => c.name === "defaultServiceConfig");
  if (!set || chain.some((c) => c.name === "disableRetry")) return null;
  const config = jsonOf(ctx, set.scopeId, argAt(set, 0), set.args[0]?.node ?? null, 0);
  if (!config || typeof config !== "object" || Array.isArray(config)) return null;
  const policies = grpcPolicies(config as JsonObject);
  if (!policies.length) return null;
  const core = grpcLayerCore(config as JsonObject, policies, GRPC_JAVA);
  const capCall = chain.find((c) => c.name === "maxRetryAttempts");
  const cap = capCall ? numberOf(argAt(capCall, 0)) : GRPC_MAX_ATTEMPTS_LIMIT;
  const known = policies.filter((p) => p.attempts !== null);
  const top = known.length ? known.reduce((a, b) => (b.attempts! > a.attempts! ? b : a)) : null;
  if (top && cap !== null) {
    const n = Math.max(1, Math.floor(top.attempts!));
    core.maxAttempts = Math.min(n, cap);
    const capText = capCall ? `maxRetryAttempts(${cap})` : `maxRetryAttempts default ${GRPC_MAX_ATTEMPTS_LIMIT}`;
    core.attemptsNote = n > cap ? `${top.written} → capped at ${cap} attempts (${capText})` : `${top.written} → ${core.maxAttempts} attempts (includes the first call; cap ${capText})`;
    if (policies.length > 1) core.attemptsNote += `; largest of ${policies.length} method configs`;
    if (chain.some((c) => c.name === "enableRetry")) core.attemptsNote += "; enableRetry()";
    else {
      core.attemptsNote += `; ${GRPC_ON_BY_DEFAULT}: retries on by default`;
      // 1.39 and earlier: retryEnabled = false; the build's grpc-java version decides (engine/versionGates.ts)
      core.versionGate = { ecosystem: "maven", module: "io.grpc", below: "1.40.0", maxAttempts: 1, note: `${top.written}, but retries are off: $version, and before 1.40 grpc-java retries only after enableRetry() → 1 attempt`, assumed: GRPC_ON_BY_DEFAULT };
    }
  } else if (top && cap === null) {
    core.maxAttempts = null;
    core.countUnknown = true;
    core.attemptsNote = `${top.written}, capped by maxRetryAttempts(${capCall ? "not a literal" : "?"})`;
  }
  return { ...core, localId: ctx.nextId("L", set.nameSpan), anchor: set.nameSpan, attach: { kind: "client" }, label: "gRPC channel" };
}

/** A service-config map written in code, as JSON. */
function jsonOf(ctx: JvmContext, scopeId: string, e: Expr | null, node: SyntaxNode | null, depth: number): Json {
  if (depth > 12) return undefined;
  if (!e) return node ? kotlinPairValue(ctx, scopeId, node, depth) : undefined;
  switch (e.k) {
    case "str":
      return e.value;
    case "num":
      return e.value;
    case "bool":
      return e.value;
    case "name": {
      const v = valueOfName(ctx, scopeId, e.path);
      if (v?.k === "call" && v.call.isNew && /(Hash|LinkedHash|Tree)Map$/.test(v.call.name)) return putMap(ctx, scopeId, e.path, depth);
      if (v?.k === "call" && v.call.isNew && /(Array|Linked)List$/.test(v.call.name)) return addList(ctx, scopeId, e.path, depth);
      return v ? jsonOf(ctx, scopeId, v, null, depth + 1) : undefined;
    }
    case "other":
      return /^-?\d+(\.\d+)?[dDfFlL]?$/.test(e.text) ? Number(e.text.replace(/[dDfFlL]$/, "")) : node ? kotlinPairValue(ctx, scopeId, node, depth) : undefined;
    case "call":
      return callJson(ctx, scopeId, e.call, depth);
    default:
      return undefined;
  }
}

function callJson(ctx: JvmContext, scopeId: string, c: Call, depth: number): Json {
  const recv = c.receiver?.k === "name" ? c.receiver.path.slice(c.receiver.path.lastIndexOf(".") + 1) : "";
  const args = c.args.map((a) => ({ e: a.value, node: a.node }));
  const items = () => args.map((a) => jsonOf(ctx, scopeId, a.e, a.node, depth + 1));
  if ((c.name === "of" && /^(List|ImmutableList|Set|ImmutableSet)$/.test(recv)) || (c.name === "asList" && recv === "Arrays") || (c.name === "singletonList" && recv === "Collections") || /^(listOf|mutableListOf|arrayListOf)$/.test(c.name)) return items();
  if ((c.name === "of" && /^(Map|ImmutableMap)$/.test(recv)) || (c.name === "singletonMap" && recv === "Collections")) {
    const out: JsonObject = {};
    for (let i = 0; i + 1 < args.length; i += 2) {
      const k = jsonOf(ctx, scopeId, args[i]!.e, args[i]!.node, depth + 1);
      if (typeof k === "string") out[k] = jsonOf(ctx, scopeId, args[i + 1]!.e, args[i + 1]!.node, depth + 1);
    }
    return out;
  }
  if (/^(mapOf|mutableMapOf|hashMapOf)$/.test(c.name)) {
    const out: JsonObject = {};
    for (const a of args) {
      const pair = kotlinPair(ctx, scopeId, a.node, depth);
      if (pair) out[pair[0]] = pair[1];
    }
    return out;
  }
  // `ImmutableMap.builder().put(k, v)….build()` / `ImmutableMap.<String, Object>builder()`
  if (c.name === "build") {
    const chain = chainOf(c);
    if (chain[0]!.name !== "builder") return undefined;
    const out: JsonObject = {};
    for (const p of chain) {
      if (p.name !== "put" || p.args.length !== 2) continue;
      const k = jsonOf(ctx, scopeId, p.args[0]!.value, p.args[0]!.node, depth + 1);
      if (typeof k === "string") out[k] = jsonOf(ctx, scopeId, p.args[1]!.value, p.args[1]!.node, depth + 1);
    }
    return out;
  }
  // a same-file method returning the map (`defaultServiceConfig(retryConfig())`)
  if (!c.receiver && !c.isNew) {
    const fn = ctx.file.decls.find((d) => d.kind === "method" && d.name === c.name);
    const ret = fn ? returnedExpr(ctx, fn.id) : null;
    return ret ? jsonOf(ctx, fn!.id, ret, null, depth + 1) : undefined;
  }
  return undefined;
}

/** `m.put("k", v)` statements filling a local `new HashMap<>()`. */
function putMap(ctx: JvmContext, scopeId: string, name: string, depth: number): JsonObject {
  const out: JsonObject = {};
  for (const p of ctx.file.calls) {
    if (p.name !== "put" || p.args.length !== 2 || receiverName(p) !== name || !(p.scopeId === scopeId || p.scopeId.startsWith(`${scopeId}.`) || scopeId.startsWith(`${p.scopeId}.`))) continue;
    const k = jsonOf(ctx, p.scopeId, p.args[0]!.value, p.args[0]!.node, depth + 1);
    if (typeof k === "string") out[k] = jsonOf(ctx, p.scopeId, p.args[1]!.value, p.args[1]!.node, depth + 1);
  }
  return out;
}

function addList(ctx: JvmContext, scopeId: string, name: string, depth: number): Json[] {
  return ctx.file.calls
    .filter((p) => p.name === "add" && p.args.length === 1 && receiverName(p) === name && (p.scopeId === scopeId || p.scopeId.startsWith(`${scopeId}.`)))
    .map((p) => jsonOf(ctx, p.scopeId, p.args[0]!.value, p.args[0]!.node, depth + 1));
}

/** The expression a method returns (its last `return x;`, or a Kotlin `= x` body). */
function returnedExpr(ctx: JvmContext, fnId: string): Expr | null {
  const fn = ctx.decl(fnId);
  if (!fn) return null;
  let last: SyntaxNode | null = null;
  const visit = (n: SyntaxNode) => {
    if (n.type === "return_statement" || (n.type === "jump_expression" && n.text.startsWith("return"))) last = n.namedChildren[0] ?? null;
    for (const c of n.namedChildren) if (c && c.type !== "lambda_expression" && c.type !== "class_body") visit(c);
  };
  visit(fn.node);
  const l = last as SyntaxNode | null;
  if (!l) return null;
  const call = ctx.file.callOf(l);
  if (call) return { k: "call", call };
  if (l.type === "identifier" || l.type === "simple_identifier") return { k: "name", path: l.text };
  return null;
}

/** Kotlin `"k" to v` (an infix_expression) → [k, v]. */
function kotlinPair(ctx: JvmContext, scopeId: string, node: SyntaxNode, depth: number): [string, Json] | null {
  let n: SyntaxNode | null = node;
  while (n && (n.type === "value_argument" || n.type === "parenthesized_expression") && n.namedChildren.length) n = n.namedChildren[n.namedChildren.length - 1] ?? null;
  if (n?.type !== "infix_expression") return null;
  const parts = n.namedChildren.filter((c): c is SyntaxNode => !!c);
  if (parts.length !== 3 || parts[1]!.text !== "to") return null;
  const k = nodeJson(ctx, scopeId, parts[0]!, depth + 1);
  return typeof k === "string" ? [k, nodeJson(ctx, scopeId, parts[2]!, depth + 1)] : null;
}

function kotlinPairValue(ctx: JvmContext, scopeId: string, node: SyntaxNode, depth: number): Json {
  return nodeJson(ctx, scopeId, node, depth);
}

/** A literal or call node as JSON (Kotlin infix operands). */
function nodeJson(ctx: JvmContext, scopeId: string, node: SyntaxNode, depth: number): Json {
  if (depth > 12) return undefined;
  const call = ctx.file.callOf(node);
  if (call) return callJson(ctx, scopeId, call, depth + 1);
  if (node.type === "string_literal") return node.text.replace(/^"|"$/g, "");
  if (/^(integer|real|long|float|number)_literal$/.test(node.type)) return Number(node.text.replace(/[lLfFdD]$/, ""));
  if (node.type === "boolean_literal") return node.text === "true";
  if (node.type === "simple_identifier" || node.type === "identifier") {
    const v = valueOfName(ctx, scopeId, node.text);
    return v ? jsonOf(ctx, scopeId, v, null, depth + 1) : undefined;
  }
  if (node.type === "value_argument" && node.namedChildren.length) return nodeJson(ctx, scopeId, node.namedChildren[node.namedChildren.length - 1]!, depth + 1);
  return undefined;
}

function client(id: string, name: string, functionId: string, at: Call, o: { layerIds: string[]; baseUrl: ValueExpr | null; perCall: boolean; grpcService?: string; onClient?: string }): ClientFact {
  return {
    id,
    name,
    functionId,
    span: at.span,
    library: GRPC_JAVA,
    baseUrl: o.baseUrl,
    layerIds: [...o.layerIds],
    fromCall: null,
    perCall: o.perCall,
    hasRetryQuota: false,
    timeoutSeconds: null,
    ...(o.grpcService ? { grpcService: o.grpcService, sdk: { target: "", notSending: [...NOT_RPCS] } } : {}),
    ...(o.onClient ? { onClient: o.onClient } : {}),
  };
}

/** `XGrpc.newBlockingStub(channel)` → a stub client; chained RPCs `stub.withDeadlineAfter(…).rpc(r)` are calls on the stub. */
function stubs(ctx: JvmContext, channels: Map<number, { layerIds: string[]; baseUrl: ValueExpr | null }>): void {
  const stubNames = new Set<string>();
  for (const call of ctx.file.calls) {
    if (!STUB_FACTORIES.has(call.name) || call.receiver?.k !== "name") continue;
    const service = /(\w+)Grpc$/.exec(call.receiver.path)?.[1];
    const arg = call.args[0];
    if (!service || !arg) continue;
    const whole = outermost(ctx, call);
    const holder = holderOf(ctx, whole);
    if (!holder) continue;
    const inline = arg.value.k === "call" ? channels.get(outermost(ctx, arg.value.call).node.id) : undefined;
    const onClient = !inline && arg.value.k === "name" ? arg.value.path.replace(/^this\./, "") : undefined;
    const id = ctx.nextId("K", whole.span);
    ctx.facts.clients.push(client(id, holder.name, holder.functionId, whole, { layerIds: inline?.layerIds ?? [], baseUrl: inline?.baseUrl ?? null, perCall: holder.perCall, grpcService: service, onClient }));
    stubNames.add(holder.name.slice(holder.name.lastIndexOf(".") + 1));
    if (holder.beanMethod) {
      const fn = ctx.facts.functions.find((f) => f.id === holder.beanMethod);
      if (fn) fn.returnsClientId = id;
    }
  }
  if (!stubNames.size) return;
  // `stub.withDeadlineAfter(5, SECONDS).sayHello(req)`: the RPC is a call on the stub
  const byId = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  for (const call of ctx.file.calls) {
    if (NOT_RPCS.includes(call.name) || call.receiver?.k !== "call") continue;
    const chain = chainOf(call);
    const head = receiverName(chain[0]!);
    if (!head || !stubNames.has(head) || !chain.slice(0, -1).every((c) => NOT_RPCS.includes(c.name))) continue;
    const fact = byId.get(ctx.callIds.get(call.node.id) ?? "");
    if (fact) fact.callee = `${head}.${call.name}`;
  }
}
