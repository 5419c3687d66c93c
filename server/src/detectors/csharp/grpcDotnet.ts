/**
 * gRPC for .NET (Grpc.Net.Client) service-config retries — docs/reference/grpc-dotnet.md, through
 * the shared service-config reading (detectors/shared/grpcServiceConfig.ts).
 * - `GrpcChannel.ForAddress(address, new GrpcChannelOptions { ServiceConfig = new ServiceConfig {
 *   MethodConfigs = { new MethodConfig { RetryPolicy = new RetryPolicy { MaxAttempts = 5, … } } } } })`
 *   (options, service config and method configs inline or through variables of the file) → a client
 *   layer anchored on the `new RetryPolicy`/`new HedgingPolicy` with the largest MaxAttempts.
 * - `MaxAttempts` **includes the first call** (must be > 1) and is capped by
 *   `GrpcChannelOptions.MaxRetryAttempts`, **default 5** (`GrpcChannel.DefaultMaxRetryAttempts`,
 *   Grpc.Net.Client ≥ 2.36); `MaxRetryAttempts = null` removes the cap.
 * - Backoff: a random delay between 0 and the current backoff (full jitter,
 *   `GetRandomNumber(0, _nextRetryDelayMilliseconds)`), × BackoffMultiplier up to MaxBackoff;
 *   server pushback honoured. `RetryThrottling = new RetryThrottlingPolicy { … }` is a budget.
 * - No ServiceConfig / no retry policy → no layer (the channel does not retry).
 * - Clients built on the channel (`new Greeter.GreeterClient(channel)`, also on an inline
 *   `GrpcChannel.ForAddress(…)`) send every RPC to `grpc://<host:port>` through the layer.
 * - `services.AddGrpcClient<T>(o => o.Address = …).ConfigureChannel(o => o.ServiceConfig = …)`:
 *   the layer on the registration; calls on an injected T (a field or parameter typed T) go
 *   through it to the registration's Address (a client named after T, found workspace-wide).
 */
import type { ClientFact, LayerFact } from "../../model/facts";
import { callParts, createdType, descendants, dottedName, initializerValues, memberName, nodeSpan, numberValue, stringValue, timeSpanSeconds, valueExpr } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { GRPC_MAX_ATTEMPTS_LIMIT, grpcLayerCore, grpcPolicies, type Json, type JsonObject } from "../shared/grpcServiceConfig";
import type { CsContext } from "./context";
import { callsOnClients } from "./dataClients";

export const GRPC_DOTNET_LIBRARY = "grpc-dotnet";
/** ClientBase methods that send nothing */
const NOT_SENDING = ["WithHost", "ToString", "GetHashCode", "Equals"];

interface Options {
  serviceConfig: SyntaxNode | null;
  /** undefined = default 5; null = no cap; NaN = not a literal */
  maxRetryAttempts: number | null | undefined;
}

export function detectGrpcDotnet(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  // `AddGrpcClient<T>` (Grpc.Net.ClientFactory) is an IServiceCollection extension: no Grpc using needed
  const uses = descendants(root, "using_directive").some((u) => /\bGrpc\.Net\.Client\b/.test(u.text)) || /\bGrpcChannel\.|\bAddGrpcClient\s*</.test(root.text);
  if (!uses) return;
  const channels = new Map<string, { layerIds: string[]; baseUrl: ClientFact["baseUrl"] }>();
  const stubs: ClientFact[] = [];
  for (const call of descendants(root, "invocation_expression")) {
    const parts = callParts(call);
    const fn = dottedName(parts.fn) ?? "";
    if (fn === "GrpcChannel.ForAddress" || fn.endsWith(".GrpcChannel.ForAddress")) {
      const options = optionsOf(ctx, parts.positional[1] ?? parts.keywords.get("channelOptions") ?? null);
      const layer = options.serviceConfig ? layerOf(ctx, options, bindingOf(call)) : null;
      if (layer) ctx.facts.layers.push(layer);
      const address = stringValue(parts.positional[0] ?? null);
      const baseUrl: ClientFact["baseUrl"] = address !== null ? { kind: "string", value: `grpc://${address.replace(/^[a-z]+:\/\//, "").replace(/\/+$/, "")}` } : null;
      const entry = { layerIds: layer ? [layer.localId] : [], baseUrl };
      const name = bindingOf(call);
      if (name) channels.set(name.replace(/^this\./, ""), entry);
      // `new Greeter.GreeterClient(GrpcChannel.ForAddress(…))`
      const creation = call.parent?.type === "argument" ? call.parent.parent?.parent : null;
      if (creation?.type === "object_creation_expression" && /Client$/.test(createdType(creation) ?? "")) stubs.push(...addStub(ctx, creation, entry));
    } else if (memberName(parts.fn) === "AddGrpcClient") {
      registration(ctx, call, parts);
    }
  }
  // stubs on a named channel: `var client = new Greeter.GreeterClient(channel);`, `_client = new …(channel)`
  for (const creation of descendants(root, "object_creation_expression")) {
    if (!/Client$/.test(createdType(creation) ?? "")) continue;
    const args = callParts(creation).positional;
    const arg = args[0];
    if (args.length !== 1 || !arg || (arg.type !== "identifier" && arg.type !== "member_access_expression")) continue;
    const entry = channels.get(arg.text.replace(/^this\./, ""));
    if (entry) stubs.push(...addStub(ctx, creation, entry));
  }
  callsOnClients(ctx, stubs);
}

/**
 * `services.AddGrpcClient<Greeter.GreeterClient>(o => o.Address = new Uri(…))` and its
 * `.ConfigureChannel(o => { o.ServiceConfig = …; o.MaxRetryAttempts = n; })`: the layer on the
 * registration, and a client named after the type (`GreeterClient`), which is what calls on an
 * injected `Greeter.GreeterClient` are named by (the module names them by declared type).
 */
function registration(ctx: CsContext, call: SyntaxNode, parts: ReturnType<typeof callParts>): void {
  const nameNode = parts.fn?.type === "member_access_expression" ? parts.fn.childForFieldName("name") : parts.fn;
  const typeArg = nameNode?.type === "generic_name" ? nameNode.namedChildren.find((c) => c?.type === "type_argument_list")?.namedChildren[0] : null;
  const type = typeArg ? (dottedName(typeArg) ?? typeArg.text) : null;
  if (!type) return;
  const short = type.slice(type.lastIndexOf(".") + 1);
  let address: string | null = null;
  let addressExpr: ClientFact["baseUrl"] = null;
  const o: Options = { serviceConfig: null, maxRetryAttempts: undefined };
  const read = (lambda: SyntaxNode | undefined, channel: boolean) => {
    if (!lambda || !/lambda/.test(lambda.type)) return;
    for (const a of descendants(lambda, "assignment_expression")) {
      const left = dottedName(a.childForFieldName("left")) ?? "";
      const right = a.childForFieldName("right");
      if (!channel && /\.Address$/.test(left) && right?.type === "object_creation_expression") {
        const arg = callParts(right).positional[0] ?? null;
        address = stringValue(arg) ?? address;
        // `new Uri(grpcOptions.FlightAddress)`: a settings read or a name the linker evaluates
        if (stringValue(arg) === null && arg) addressExpr = valueExpr(arg);
      }
      else if (channel && /\.ServiceConfig$/.test(left)) o.serviceConfig = right;
      else if (channel && /\.MaxRetryAttempts$/.test(left)) o.maxRetryAttempts = capOf(right);
    }
  };
  read(parts.positional.find((p) => /lambda/.test(p.type)), false);
  // the registration's chain: `.ConfigureChannel(…)`, `.AddInterceptor(…)`, …
  for (let n: SyntaxNode = call; ; ) {
    const access = n.parent;
    const next = access?.type === "member_access_expression" && access.parent?.type === "invocation_expression" ? access.parent : null;
    if (!next) break;
    if (access!.childForFieldName("name")?.text === "ConfigureChannel") read(callParts(next).positional[0], true);
    n = next;
  }
  const layer = o.serviceConfig ? layerOf(ctx, o, short) : null;
  if (layer) ctx.facts.layers.push(layer);
  if (ctx.facts.clients.some((c) => c.name === short)) return;
  ctx.facts.clients.push({
    id: ctx.nextId("K", call),
    name: short,
    functionId: "<module>",
    span: nodeSpan(call),
    library: GRPC_DOTNET_LIBRARY,
    baseUrl: address !== null ? { kind: "string", value: `grpc://${(address as string).replace(/^[a-z]+:\/\//, "").replace(/\/+$/, "")}` } : addressExpr,
    layerIds: layer ? [layer.localId] : [],
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    timeoutSeconds: null,
    timeoutSet: false,
    sdk: { target: "", notSending: NOT_SENDING },
    grpcService: short.replace(/Client$/, ""),
    httpFactory: true,
  });
}

function addStub(ctx: CsContext, creation: SyntaxNode, channel: { layerIds: string[]; baseUrl: ClientFact["baseUrl"] }): ClientFact[] {
  const name = bindingOf(creation);
  if (!name || ctx.facts.clients.some((c) => c.name === name)) return [];
  const client: ClientFact = {
    id: ctx.nextId("K", creation),
    name,
    functionId: ctx.scopeId(creation),
    span: nodeSpan(creation),
    library: GRPC_DOTNET_LIBRARY,
    baseUrl: channel.baseUrl,
    layerIds: [...channel.layerIds],
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    timeoutSeconds: null,
    timeoutSet: false,
    sdk: { target: "", notSending: NOT_SENDING },
    grpcService: (createdType(creation) ?? "").replace(/Client$/, ""),
  };
  ctx.facts.clients.push(client);
  return [client];
}

function optionsOf(ctx: CsContext, n: SyntaxNode | null): Options {
  const out: Options = { serviceConfig: null, maxRetryAttempts: undefined };
  const creation = resolve(ctx, n);
  if (creation?.type !== "object_creation_expression") return out;
  const values = initializerValues(creation);
  out.serviceConfig = values.get("ServiceConfig") ?? null;
  if (values.has("MaxRetryAttempts")) out.maxRetryAttempts = capOf(values.get("MaxRetryAttempts")!);
  // `options.ServiceConfig = …` / `options.MaxRetryAttempts = n` statements on a named options object
  if (n?.type === "identifier") {
    for (const a of descendants(ctx.tree.rootNode, "assignment_expression")) {
      const left = dottedName(a.childForFieldName("left"));
      if (left === `${n.text}.ServiceConfig`) out.serviceConfig = a.childForFieldName("right");
      else if (left === `${n.text}.MaxRetryAttempts`) out.maxRetryAttempts = capOf(a.childForFieldName("right"));
    }
  }
  return out;
}

function capOf(n: SyntaxNode | null): number | null {
  if (!n || n.type === "null_literal") return null;
  const v = numberValue(n);
  return v === null ? Number.NaN : v;
}

/** A variable of the file bound to its initial value (`var config = new MethodConfig { … }`). */
function resolve(ctx: CsContext, n: SyntaxNode | null, depth = 0): SyntaxNode | null {
  if (!n || depth > 4) return n;
  if (n.type !== "identifier") return n;
  for (const d of descendants(ctx.tree.rootNode, "variable_declarator")) {
    if (d.childForFieldName("name")?.text !== n.text) continue;
    const value = d.namedChildren.filter((c) => c && c.type !== "identifier").pop();
    const v = value?.type === "equals_value_clause" ? value.namedChildren[0] : value;
    return resolve(ctx, v ?? null, depth + 1);
  }
  return null;
}

/** The service config as the JSON the shared reader takes, with the C# node of each policy. */
function configOf(ctx: CsContext, n: SyntaxNode | null): { config: JsonObject; policyNodes: SyntaxNode[] } | null {
  const creation = resolve(ctx, n);
  if (creation?.type !== "object_creation_expression" || createdType(creation) !== "ServiceConfig") return null;
  const values = initializerValues(creation);
  const methodConfig: Json[] = [];
  const policyNodes: SyntaxNode[] = [];
  for (const item of collection(values.get("MethodConfigs"))) {
    const mc = resolve(ctx, item);
    if (mc?.type !== "object_creation_expression" || createdType(mc) !== "MethodConfig") continue;
    const mv = initializerValues(mc);
    const entry: JsonObject = {};
    for (const [key, json] of [["RetryPolicy", "retryPolicy"], ["HedgingPolicy", "hedgingPolicy"]] as const) {
      const p = resolve(ctx, mv.get(key) ?? null);
      if (p?.type !== "object_creation_expression") continue;
      entry[json] = policyJson(p);
      policyNodes.push(p);
    }
    methodConfig.push(entry);
  }
  const config: JsonObject = { methodConfig };
  const throttling = resolve(ctx, values.get("RetryThrottling") ?? null);
  if (throttling?.type === "object_creation_expression") {
    const t = initializerValues(throttling);
    config.retryThrottling = { maxTokens: numberValue(t.get("MaxTokens")) ?? t.get("MaxTokens")?.text ?? null, tokenRatio: numberValue(t.get("TokenRatio")) ?? t.get("TokenRatio")?.text ?? null };
  }
  return { config, policyNodes };
}

function policyJson(p: SyntaxNode): JsonObject {
  const v = initializerValues(p);
  const seconds = (k: string) => {
    const s = timeSpanSeconds(v.get(k));
    return s === null ? undefined : `${s}s`;
  };
  const codes = collection(v.get(createdType(p) === "HedgingPolicy" ? "NonFatalStatusCodes" : "RetryableStatusCodes")).map((c) => upperSnake(c.text.replace(/^.*\./, "")));
  const n = v.get("MaxAttempts");
  const out: JsonObject = { maxAttempts: n ? (numberValue(n) ?? n.text) : undefined };
  if (createdType(p) === "HedgingPolicy") {
    out.hedgingDelay = seconds("HedgingDelay");
    out.nonFatalStatusCodes = codes;
  } else {
    out.initialBackoff = seconds("InitialBackoff");
    out.maxBackoff = seconds("MaxBackoff");
    out.backoffMultiplier = numberValue(v.get("BackoffMultiplier")) ?? undefined;
    out.retryableStatusCodes = codes;
  }
  return out;
}

/** `{ a, b }` collection initializer (or `new List<T> { … }`) elements. */
function collection(n: SyntaxNode | null | undefined): SyntaxNode[] {
  if (!n) return [];
  const init = n.type === "initializer_expression" ? n : n.namedChildren.find((c) => c?.type === "initializer_expression");
  return (init?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c && c.type !== "comment");
}

function upperSnake(s: string): string {
  return s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase();
}

function layerOf(ctx: CsContext, o: Options, label: string | null): LayerFact | null {
  const read = configOf(ctx, o.serviceConfig);
  if (!read) return null;
  const policies = grpcPolicies(read.config);
  if (!policies.length) return null;
  const core = grpcLayerCore(read.config, policies, GRPC_DOTNET_LIBRARY);
  const known = policies.filter((p) => p.attempts !== null);
  const topIndex = known.length ? policies.indexOf(known.reduce((a, b) => (b.attempts! > a.attempts! ? b : a))) : 0;
  const anchorNode = read.policyNodes[topIndex] ?? o.serviceConfig!;
  const cap = o.maxRetryAttempts === undefined ? GRPC_MAX_ATTEMPTS_LIMIT : o.maxRetryAttempts;
  const top = known.length ? Math.max(...known.map((p) => Math.floor(p.attempts!))) : null;
  if (top !== null) {
    if (top <= 1) {
      ctx.facts.problems.push({ line: anchorNode.startPosition.row + 1, message: `gRPC ${policies[topIndex]!.hedging ? "hedging" : "retry"} policy MaxAttempts must be greater than 1 (Grpc.Net.Client throws InvalidOperationException)` });
    }
    if (cap !== null && Number.isNaN(cap)) {
      core.maxAttempts = null;
      core.countUnknown = true;
      core.attemptsNote = `MaxAttempts = ${top}, capped by MaxRetryAttempts, which is not a literal`;
    } else if (cap === null) {
      core.maxAttempts = top;
      core.attemptsNote = `MaxAttempts = ${top} → ${top} attempts (includes the first call; MaxRetryAttempts = null removes the cap)`;
    } else {
      core.maxAttempts = Math.min(top, cap);
      core.attemptsNote = top > cap
        ? `MaxAttempts = ${top} → capped at ${cap} attempts (GrpcChannelOptions.MaxRetryAttempts${o.maxRetryAttempts === undefined ? ", default 5" : ` = ${cap}`})`
        : `MaxAttempts = ${top} → ${top} attempts (includes the first call; cap ${cap}${o.maxRetryAttempts === undefined ? ", the default MaxRetryAttempts" : " from MaxRetryAttempts"})`;
    }
    if (policies.length > 1) core.attemptsNote += `; largest of ${policies.length} method configs`;
  }
  if (!policies[topIndex]?.hedging && core.wait.kind === "exponential") {
    core.wait = { ...core.wait, description: core.wait.description.replace("×U(0.8, 1.2) jitter", "random 0…backoff (full jitter)") };
  }
  return { ...core, localId: ctx.nextId("L", anchorNode), anchor: nodeSpan(anchorNode), attach: { kind: "client" }, label: label?.replace(/^this\./, "") ?? "gRPC channel" };
}

function bindingOf(n: SyntaxNode): string | null {
  let p = n.parent;
  if (p?.type === "equals_value_clause") p = p.parent;
  if (p?.type === "variable_declarator") return p.childForFieldName("name")?.text ?? null;
  if (p?.type === "assignment_expression") return dottedName(p.childForFieldName("left"));
  return null;
}
