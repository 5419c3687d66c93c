/**
 * grpcio (Python) service-config retries — docs/reference/grpc-python.md, reference/retry-semantics.md
 * §3.11 (`retryPolicy`), §3.12 (`retryThrottling`), §5.1 (gRPC `maxAttempts` is a total).
 *
 * `grpc.insecure_channel(target, options=[("grpc.service_config", json.dumps(cfg))])`,
 * `grpc.secure_channel(target, creds, options)` and the `grpc.aio` equivalents → a client layer
 * anchored on the `"grpc.service_config"` option, through the shared parser (library "grpcio"):
 * - the config is `json.dumps(<dict literal | module constant>)`, a JSON string literal, or a module
 *   constant holding either; the options a list/tuple literal or a name bound to one.
 * - `maxAttempts` includes the first call and is capped at 5 (C-core `MAX_MAX_RETRY_ATTEMPTS`).
 * - `("grpc.enable_retries", 0)` (or False) turns retries off → no layer; the channel arg
 *   defaults to on (C-core `client_channel.cc`: `GRPC_ARG_ENABLE_RETRIES, true`).
 * - No retryPolicy → no layer (transparent retries only).
 * - Versions: retries are on by default from grpcio 1.40 (grpc/grpc#26766); the detector assumes
 *   ≥ 1.40 (manifests are not read per file) and says so in the note.
 * The channel (`channel = …`, `with … as channel`) is a ClientFact with base URL `grpc://<target>`;
 * stubs built on it (`orders_pb2_grpc.OrderServiceStub(channel)`, also on a channel from elsewhere:
 * grpcService set so a service-config `.json` file can apply) send an RPC from every method call.
 */
import type { ClientFact, LayerFact, ValueExpr } from "../../model/facts";
import { bindingOf, callParts, descendants, enclosingFunction, nodeSpan, numberValue, stringValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { grpcLayerCore, grpcPolicies, type Json } from "../shared/grpcServiceConfig";
import { moduleConstant, type PyContext } from "./context";

/** channel factory → index of its `options` positional argument */
const CHANNELS: Record<string, number> = {
  "grpc.insecure_channel": 1,
  "grpc.secure_channel": 2,
  "grpc.aio.insecure_channel": 1,
  "grpc.aio.secure_channel": 2,
};
const STUB = /^(\w+)Stub$/;
/** stub/channel members that are not RPCs */
const NOT_RPCS = ["close", "subscribe", "unsubscribe", "channel_ready", "get_state", "wait_for_state_change", "unary_unary", "unary_stream", "stream_unary", "stream_stream"];

export function detectGrpcPython(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  const calls = descendants(root, "call");
  const channels = new Map<number, { name: string | null; layerIds: string[]; baseUrl: ValueExpr | null; scope: string }>();
  for (const call of calls) {
    const q = ctx.qualifiedName(call.childForFieldName("function")) ?? "";
    if (!(q in CHANNELS)) continue;
    const parts = callParts(call);
    const target = parts.keywords.get("target") ?? parts.positional[0] ?? null;
    const options = parts.keywords.get("options") ?? parts.positional[CHANNELS[q]!] ?? null;
    const name = bindingOf(call);
    const layer = options ? layerOf(ctx, options, name) : null;
    const layerIds = layer ? [layer.localId] : [];
    if (layer) ctx.facts.layers.push(layer);
    const baseUrl = grpcUrl(target ? ctx.value(target) : null);
    const scope = ctx.functionId(enclosingFunction(call));
    channels.set(call.id, { name, layerIds, baseUrl, scope });
    if (name) ctx.facts.clients.push(client(ctx, call, name, { layerIds, baseUrl }));
  }
  const usesGrpc = channels.size > 0 || ctx.facts.imports.some((i) => /^grpc(\.|$)/.test(i.module) || /_pb2_grpc$/.test(i.module) || /_pb2_grpc$/.test(i.member ?? ""));
  if (!usesGrpc) return;
  for (const call of calls) {
    const fn = call.childForFieldName("function");
    const q = ctx.qualifiedName(fn) ?? "";
    const service = STUB.exec(q.slice(q.lastIndexOf(".") + 1))?.[1];
    const parts = callParts(call);
    const arg = parts.keywords.get("channel") ?? parts.positional[0];
    if (!service || !arg || parts.positional.length + parts.keywords.size !== 1) continue;
    const name = bindingOf(call);
    if (!name) continue;
    const inline = channels.get(arg.id);
    const scope = ctx.functionId(enclosingFunction(call));
    const named = arg.type === "identifier" || arg.type === "attribute" ? [...channels.values()].find((c) => c.name === arg.text && (c.scope === scope || c.name.startsWith("self.") || c.scope === "<module>")) : undefined;
    const fromModule = /_pb2_grpc\./.test(q) || q.includes("_grpc.");
    if (!inline && !named && !fromModule && !/channel/i.test(arg.text)) continue;
    const fact = client(ctx, call, name, { layerIds: inline?.layerIds ?? [], baseUrl: inline?.baseUrl ?? null, grpcService: service, sdk: true });
    // a channel named in scope: the stub takes its target and layers at link time (resolve.ts onClient)
    if (!inline && (arg.type === "identifier" || arg.type === "attribute")) fact.onClient = arg.text;
    ctx.facts.clients.push(fact);
  }
}

function client(ctx: PyContext, at: SyntaxNode, name: string, o: { layerIds: string[]; baseUrl: ValueExpr | null; grpcService?: string; sdk?: boolean }): ClientFact {
  return {
    id: ctx.nextId("K", at),
    name,
    functionId: ctx.functionId(enclosingFunction(at)),
    span: nodeSpan(at),
    library: "grpcio",
    baseUrl: o.baseUrl,
    layerIds: [...o.layerIds],
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    timeoutSeconds: null,
    ...(o.grpcService ? { grpcService: o.grpcService } : {}),
    // every method of a stub is an RPC to the channel's target (sdk.target "" → the client's base URL)
    ...(o.sdk ? { sdk: { target: "", notSending: [...NOT_RPCS] } } : {}),
  };
}

/** `grpc://` + the target without a resolver scheme (`dns:///orders:50051`, `dns:orders:50051` → orders:50051). */
function grpcUrl(target: ValueExpr | null): ValueExpr | null {
  if (!target) return null;
  if (target.kind === "string") return { kind: "string", value: `grpc://${target.value.replace(/^[a-z]+:\/\/[^/]*\/|^dns:/, "")}` };
  return { kind: "concat", parts: [{ kind: "string", value: "grpc://" }, target] };
}

/** a name bound to a literal: a module constant, or an assignment earlier in the same function */
function bound(ctx: PyContext, n: SyntaxNode): SyntaxNode | null {
  if (n.type !== "identifier") return null;
  const fn = enclosingFunction(n);
  if (fn) {
    let found: SyntaxNode | null = null;
    for (const a of descendants(fn, "assignment")) {
      if (a.startIndex >= n.startIndex) break;
      if (a.childForFieldName("left")?.text === n.text) found = a.childForFieldName("right");
    }
    if (found) return found;
  }
  return moduleConstant(ctx.tree, n.text);
}

function items(ctx: PyContext, n: SyntaxNode): SyntaxNode[] | null {
  if (n.type === "list" || n.type === "tuple") return n.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== "comment");
  if (n.type === "parenthesized_expression" && n.namedChildren[0]) return items(ctx, n.namedChildren[0]);
  const b = bound(ctx, n);
  return b && b.id !== n.id ? items(ctx, b) : null;
}

function layerOf(ctx: PyContext, options: SyntaxNode, channel: string | null): LayerFact | null {
  const list = items(ctx, options);
  if (!list) return null;
  let configValue: SyntaxNode | null = null;
  let anchor: SyntaxNode | null = null;
  let disabled = false;
  let enabled = false;
  for (const item of list) {
    const pair = item.type === "tuple" ? item.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== "comment") : null;
    if (!pair || pair.length !== 2) continue;
    const key = stringValue(pair[0]);
    if (key === "grpc.service_config") {
      configValue = pair[1]!;
      anchor = item;
    } else if (key === "grpc.enable_retries") {
      const v = pair[1]!;
      if (v.text === "False" || numberValue(v) === 0 || ctx.number(v) === 0) disabled = true;
      else if (v.text === "True" || numberValue(v) === 1) enabled = true;
    }
  }
  if (!configValue || !anchor || disabled) return null;
  const config = configJson(ctx, configValue, anchor);
  if (!config || typeof config !== "object" || Array.isArray(config)) return null;
  const policies = grpcPolicies(config);
  if (!policies.length) return null;
  const core = grpcLayerCore(config, policies, "grpcio");
  // grpc/grpc#26766: the retry filter is on by default from grpcio 1.40 (before: only with ("grpc.enable_retries", 1))
  if (core.maxAttempts !== null) core.attemptsNote += enabled ? "; grpc.enable_retries 1" : "; grpcio ≥ 1.40: retries on by default";
  return { ...core, localId: ctx.nextId("L", anchor), anchor: nodeSpan(anchor), attach: { kind: "client" }, label: channel ?? "gRPC channel" };
}

/** The service config: `json.dumps(<literal>)`, a JSON string, or a name bound to either. */
function configJson(ctx: PyContext, n: SyntaxNode, anchor: SyntaxNode, depth = 0): Json {
  if (depth > 4) return undefined;
  if (n.type === "call" && ctx.qualifiedName(n.childForFieldName("function")) === "json.dumps") {
    const arg = callParts(n).positional[0];
    return arg ? pyLiteral(ctx, arg) : undefined;
  }
  const s = stringValue(n);
  if (s !== null) {
    try {
      return JSON.parse(s) as Json;
    } catch {
      ctx.facts.problems.push({ line: anchor.startPosition.row + 1, message: "grpc.service_config: the service config is not valid JSON" });
      return undefined;
    }
  }
  const b = bound(ctx, n);
  return b && b.id !== n.id ? configJson(ctx, b, anchor, depth + 1) : undefined;
}

/** A Python literal as JSON: dict/list/tuple/str/number/True/False/None, names bound to literals. */
function pyLiteral(ctx: PyContext, n: SyntaxNode, depth = 0): Json {
  if (depth > 10) return undefined;
  switch (n.type) {
    case "dictionary": {
      const out: { [k: string]: Json } = {};
      for (const p of n.namedChildren) {
        if (p?.type !== "pair") continue;
        const k = stringValue(p.childForFieldName("key"));
        const v = p.childForFieldName("value");
        if (k !== null && v) out[k] = pyLiteral(ctx, v, depth + 1);
      }
      return out;
    }
    case "list":
    case "tuple":
      return n.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== "comment").map((c) => pyLiteral(ctx, c, depth + 1));
    case "parenthesized_expression":
      return n.namedChildren[0] ? pyLiteral(ctx, n.namedChildren[0], depth + 1) : undefined;
    case "true":
      return true;
    case "false":
      return false;
    case "none":
      return null;
    case "identifier": {
      const b = bound(ctx, n);
      return b && b.id !== n.id ? pyLiteral(ctx, b, depth + 1) : undefined;
    }
    default: {
      const num = numberValue(n);
      if (num !== null) return num;
      const s = stringValue(n);
      return s ?? undefined;
    }
  }
}
