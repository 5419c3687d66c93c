/**
 * grpc-go service-config retries — reference/retry-semantics.md §3.11 (`retryPolicy`, grpc-go
 * `service_config.go`, `dialoptions.go`), §3.12 (`retryThrottling`), §5.1 (gRPC `maxAttempts` is a total).
 * `grpc.NewClient/Dial/DialContext(target, grpc.WithDefaultServiceConfig(cfg))` with `cfg` a
 * string literal, raw string or constant → a client layer anchored on the WithDefaultServiceConfig
 * call, through the shared parser (library "grpc-go"):
 * - `maxAttempts` includes the first call and is capped at 5 (`defaultMaxCallAttempts`);
 *   `grpc.WithMaxCallAttempts(n)` moves the cap (n < 2 keeps 5).
 * - `grpc.WithDisableRetry()` → no layer. No retryPolicy → no layer (transparent retries only).
 * The conn and the stubs built on it (`pb.NewOrderServiceClient(conn)` → grpcService "OrderService")
 * are ClientFacts with base URL `grpc://<target>`; stub method calls are gRPC requests (./nethttp.ts).
 */
import type { LayerFact, ValueExpr } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { GRPC_MAX_ATTEMPTS_LIMIT, grpcLayerCore, grpcPolicies, type Json } from "../shared/grpcServiceConfig";
import type { GoContext } from "./context";
import { boundName, valueOf } from "./values";
import { addClient } from "./nethttp";
import { grpcRetryInterceptorLayers } from "./grpcMiddlewareRetry";
import { callArgs, calleeNode, descendants, dottedName, enclosingFunction, nodeSpan, numberValue, stringValue } from "./syntax";

const GRPC = "google.golang.org/grpc";
const DIALS: Record<string, number> = { NewClient: 0, Dial: 0, DialContext: 1 };
const STUB = /^New(\w+)Client$/;

export function detectGrpc(ctx: GoContext): void {
  const calls = descendants(ctx.tree.rootNode, "call_expression");
  const grpc = ctx.importLocal(GRPC);
  if (grpc) detectDials(ctx, grpc, calls);
  detectStubs(ctx, calls);
  detectGatewayRegistrations(ctx, calls);
}

const GATEWAY_REGISTRATION = /^Register(\w+)Handler(Client|FromEndpoint)?$/;

/**
 * grpc-gateway: `pb.RegisterOrderServiceHandlerClient(ctx, mux, pb.NewOrderServiceClient(conn))`,
 * `RegisterOrderServiceHandler(ctx, mux, conn)`, `RegisterOrderServiceHandlerFromEndpoint(ctx, mux,
 * "orders:5000", opts)` serve the service's REST API by calling its RPCs: the registration becomes
 * a gRPC call through a stub of that service (on the conn, or to the endpoint), so the HTTP
 * gateway's hop to the gRPC service is linked like a hand-written stub call.
 */
function detectGatewayRegistrations(ctx: GoContext, calls: SyntaxNode[]): void {
  for (const call of calls) {
    const name = dottedName(calleeNode(call)) ?? "";
    const dot = name.lastIndexOf(".");
    const m = GATEWAY_REGISTRATION.exec(name.slice(dot + 1));
    const args = callArgs(call);
    if (!m || dot < 0 || !ctx.importPath(name.slice(0, dot)) || args.length < 3) continue;
    const fact = ctx.facts.calls.find((c) => c.id === ctx.callIds.get(call.id));
    if (!fact) continue;
    const service = m[1]!;
    const target = args[2]!;
    // the stub, or the conn it is built on
    const inner = target.type === "call_expression" && STUB.test((dottedName(calleeNode(target)) ?? "").split(".").pop() ?? "") ? callArgs(target)[0] : target;
    const stub = addClient(ctx, {
      name: `${ctx.scopeId(call)}.${service}Gateway`,
      at: call,
      library: "grpc-go",
      timeoutSeconds: null,
      timeoutSet: false,
      grpcService: service,
      baseUrl: m[2] === "FromEndpoint" ? grpcUrl(valueOf(ctx, target)) : null,
    });
    if (m[2] !== "FromEndpoint" && inner?.type === "identifier") stub.onClient = inner.text;
    fact.callee = `${stub.name}.${service}`;
    fact.request = { protocol: "grpc", method: null, url: null, library: null, idempotencyKey: false, timeoutSeconds: null };
  }
}

/**
 * Stubs on a conn made elsewhere (a parameter or field typed `*grpc.ClientConn` /
 * `grpc.ClientConnInterface`, or a variable a factory returned): clients of their proto service,
 * so a service-config file naming the service can still apply (ClientFact.grpcService); a conn
 * named in scope (`onClient`) gives the stub its target when the linker can follow it.
 */
function detectStubs(ctx: GoContext, calls: SyntaxNode[]): void {
  for (const stub of calls) {
    const name = dottedName(calleeNode(stub)) ?? "";
    const dot = name.lastIndexOf(".");
    const service = STUB.exec(name.slice(dot + 1))?.[1];
    const args = callArgs(stub);
    if (!service || dot < 0 || !ctx.importPath(name.slice(0, dot)) || args.length !== 1) continue;
    const arg = args[0]!;
    const type = arg.type === "identifier" ? ctx.lookup(arg.text, arg)?.type : null;
    // a conn named so (`conn`, `s.grpcConn`); not an options literal whose text says `MinIdleConns` (`redis.NewUniversalClient(&redis.UniversalOptions{…})`)
    if (!/ClientConn/.test(type ?? "") && !((arg.type === "identifier" || arg.type === "selector_expression") && /conn/i.test(arg.text))) continue;
    const bound = boundName(ctx, stub);
    if (bound && !ctx.facts.clients.some((c) => c.name === bound)) {
      const fact = addClient(ctx, { name: bound, at: stub, library: "grpc-go", timeoutSeconds: null, timeoutSet: false, grpcService: service });
      // a conn from a factory or another variable: the stub takes its target and layers at link time
      if (arg.type === "identifier") fact.onClient = arg.text;
    }
  }
}

function detectDials(ctx: GoContext, grpc: string, calls: SyntaxNode[]): void {
  for (const dial of calls) {
    const name = dottedName(calleeNode(dial)) ?? "";
    const member = name.slice(grpc.length + 1);
    if (!name.startsWith(`${grpc}.`) || !(member in DIALS)) continue;
    const args = callArgs(dial);
    const target = args[DIALS[member]!];
    if (!target) continue;
    const options = optionCalls(ctx, grpc, dial, args.slice(DIALS[member]! + 1), calls);
    const layerIds: string[] = [];
    const layer = layerOf(ctx, grpc, options, boundName(ctx, dial));
    if (layer) {
      ctx.facts.layers.push(layer);
      layerIds.push(layer.localId);
    }
    // go-grpc-middleware retry interceptors installed by the dial options (./grpcMiddlewareRetry.ts)
    layerIds.push(...grpcRetryInterceptorLayers(ctx, grpc, options, boundName(ctx, dial)));
    const baseUrl = grpcUrl(valueOf(ctx, target));
    const conn = boundName(ctx, dial);
    if (conn) addClient(ctx, { name: conn, at: dial, library: "grpc-go", timeoutSeconds: null, timeoutSet: false, layerIds, baseUrl });
    // stubs on this conn: `pb.NewOrderServiceClient(conn)`
    for (const stub of calls) {
      const stubName = dottedName(calleeNode(stub)) ?? "";
      const service = STUB.exec(stubName.slice(stubName.lastIndexOf(".") + 1))?.[1];
      const arg = callArgs(stub)[0];
      if (!service || callArgs(stub).length !== 1 || !arg) continue;
      if (arg.id !== dial.id && (conn === null || ctx.nameOf(arg, stub) !== conn)) continue;
      const bound = boundName(ctx, stub);
      if (bound) addClient(ctx, { name: bound, at: stub, library: "grpc-go", timeoutSeconds: null, timeoutSet: false, layerIds, baseUrl, grpcService: service });
    }
  }
}

/** `grpc://` + the target without a resolver scheme (`dns:///orders:50051` → orders:50051). */
function grpcUrl(target: ValueExpr | null): ValueExpr | null {
  if (!target) return null;
  if (target.kind === "string") return { kind: "string", value: `grpc://${target.value.replace(/^[a-z]+:\/\/\//, "")}` };
  return { kind: "concat", parts: [{ kind: "string", value: "grpc://" }, target] };
}

/**
 * The `grpc.With…` options a dial receives: written inline, or through a variadic slice
 * (`grpc.NewClient(addr, opts...)`), in which case every grpc.With… call of the function that is
 * not an argument of another dial counts.
 */
function optionCalls(ctx: GoContext, grpc: string, dial: SyntaxNode, args: SyntaxNode[], calls: SyntaxNode[]): SyntaxNode[] {
  const out = args.filter((a) => a.type === "call_expression");
  if (!args.some((a) => a.type === "identifier")) return out;
  const fn = enclosingFunction(dial);
  for (const c of calls) {
    if (fn && !(c.startIndex >= fn.startIndex && c.endIndex <= fn.endIndex)) continue;
    if (!dottedName(calleeNode(c))?.startsWith(`${grpc}.With`)) continue;
    const parentCall = c.parent?.parent?.type === "call_expression" ? c.parent.parent : null;
    const parentName = parentCall ? (dottedName(calleeNode(parentCall)) ?? "") : "";
    if (parentCall && parentCall.id !== dial.id && Object.keys(DIALS).some((d) => parentName === `${grpc}.${d}`)) continue;
    if (!out.some((o) => o.id === c.id)) out.push(c);
  }
  return out;
}

function layerOf(ctx: GoContext, grpc: string, options: SyntaxNode[], conn: string | null): LayerFact | null {
  let configCall: SyntaxNode | null = null;
  let disabled = false;
  let cap = GRPC_MAX_ATTEMPTS_LIMIT;
  for (const o of options) {
    const member = dottedName(calleeNode(o))?.slice(grpc.length + 1);
    if (member === "WithDefaultServiceConfig") configCall = o;
    else if (member === "WithDisableRetry") disabled = true;
    else if (member === "WithMaxCallAttempts") {
      const n = numberValue(callArgs(o)[0]);
      // dialoptions.go: n < 2 keeps the default
      if (n !== null && n >= 2) cap = n;
    }
  }
  if (!configCall || disabled) return null;
  const text = configText(ctx, callArgs(configCall)[0] ?? null);
  if (text === null) return null;
  let config: Json;
  try {
    config = JSON.parse(text) as Json;
  } catch {
    ctx.facts.problems.push({ line: configCall.startPosition.row + 1, message: "WithDefaultServiceConfig: the service config is not valid JSON" });
    return null;
  }
  if (!config || typeof config !== "object" || Array.isArray(config)) return null;
  const policies = grpcPolicies(config);
  if (!policies.length) return null;
  const core = grpcLayerCore(config, policies, "grpc-go");
  const top = Math.max(...policies.map((p) => p.attempts ?? 0));
  if (cap !== GRPC_MAX_ATTEMPTS_LIMIT && top > 0) {
    const n = Math.max(1, Math.floor(top));
    core.maxAttempts = Math.min(n, cap);
    core.attemptsNote = n > cap ? `maxAttempts ${n} → capped at ${cap} attempts (grpc.WithMaxCallAttempts(${cap}))` : `maxAttempts ${n} → ${n} attempts (includes the first call; cap ${cap} from WithMaxCallAttempts)`;
  }
  return { ...core, localId: ctx.nextId("L", configCall), anchor: nodeSpan(configCall), attach: { kind: "client" }, label: conn ?? "gRPC conn" };
}

/** The service config string: a literal, a raw string, or a constant/variable bound to one. */
function configText(ctx: GoContext, n: SyntaxNode | null): string | null {
  if (!n) return null;
  const direct = stringValue(n);
  if (direct !== null) return direct;
  if (n.type !== "identifier") return null;
  const local = ctx.lookup(n.text, n);
  if (local?.value) return stringValue(local.value);
  for (const spec of descendants(ctx.tree.rootNode, ["const_spec", "var_spec"])) {
    const names = spec.childrenForFieldName("name");
    const i = names.findIndex((x) => x.text === n.text);
    if (i >= 0 && !enclosingFunction(spec)) return stringValue(spec.childForFieldName("value")?.namedChildren[i]);
  }
  return null;
}
