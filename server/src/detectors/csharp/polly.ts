/**
 * Polly and Microsoft.Extensions.Http.Resilience — reference §3.6, §3.6b, §3.7, §3.8.
 *
 * - Polly v8: `new ResiliencePipelineBuilder[<T>]().AddRetry(new RetryStrategyOptions[<T>] { … })`.
 *   `MaxRetryAttempts` counts *retries* (default 3 → 4 attempts; `int.MaxValue` = forever),
 *   `Delay` 2 s, `BackoffType` Constant, `UseJitter` false, `ShouldHandle` = every exception
 *   except OperationCanceledException. `HttpRetryStrategyOptions` (§3.8) starts from
 *   exponential + jitter, Retry-After honoured, transient HTTP outcomes only.
 * - Polly v7: `Policy.Handle<X>().Retry(n)` / `RetryAsync` / `WaitAndRetry[Async](n, f)` /
 *   `WaitAndRetry(IEnumerable<TimeSpan>)` / `RetryForever` / `WaitAndRetryForever`; `.Retry()` = 1 retry.
 * - `AddStandardResilienceHandler()` (§3.8): 3 retries → 4 attempts, exponential from 2 s with
 *   jitter, Retry-After honoured, 10 s per attempt, 30 s total; options lambda overrides.
 *
 * - Polly v8 hedging (§3.6b, hedging.ts): `AddHedging(…)` re-runs the callback up to MaxHedgedAttempts more times.
 *
 * Counts written as names (settings, constants, options properties) are resolved at link time
 * (countRef.ts). EF Core execution strategies are in efCore.ts; how policies are registered and
 * injected in policyWiring.ts.
 * Anchor: the line of the retry member (`.AddRetry(`, `.WaitAndRetryAsync(`, `.AddStandardResilienceHandler(`).
 * Attachment: the pipeline/policy is held by a property, field or variable; `Execute*` on it runs
 * the callable argument under the layer (attachment `object`).
 */
import type { LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import {
  boolValue,
  callParts,
  createdType,
  descendants,
  dottedName,
  initializerValues,
  memberName,
  nodeSpan,
  numberValue,
  stringValue,
  sectionPath,
  timeSpanSeconds,
} from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { fmtSeconds } from "../python/waits";
import { lambdaName, type CsContext } from "./context";
import { pipelineKeyId } from "./module";
import { countRef, countRefNote } from "./countRef";
import { pollyHedging } from "./hedging";
import { registrationCallOf, registrationFact, registrationLabel } from "./httpClients";

const V8_EXECUTE = ["Execute", "ExecuteAsync", "ExecuteOutcomeAsync"];
const V7_EXECUTE = ["Execute", "ExecuteAsync", "ExecuteAndCapture", "ExecuteAndCaptureAsync"];
const V7_RETRY = new Set([
  "Retry",
  "RetryAsync",
  "RetryForever",
  "RetryForeverAsync",
  "WaitAndRetry",
  "WaitAndRetryAsync",
  "WaitAndRetryForever",
  "WaitAndRetryForeverAsync",
]);

/** HttpStatusCode member → status */
const STATUS: Record<string, number> = {
  RequestTimeout: 408,
  TooManyRequests: 429,
  InternalServerError: 500,
  BadGateway: 502,
  ServiceUnavailable: 503,
  GatewayTimeout: 504,
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
};

type Base = Omit<LayerFact, "localId" | "anchor" | "attach" | "label">;

export function detectPolly(ctx: CsContext): void {
  for (const call of descendants(ctx.tree.rootNode, "invocation_expression")) {
    const fn = call.childForFieldName("function");
    if (fn?.type !== "member_access_expression") continue;
    const member = memberName(fn);
    const nameNode = fn.childForFieldName("name") ?? fn;
    let base: Base | null = null;
    let methods: string[] = V8_EXECUTE;
    let category: LayerFact["category"] = "code";
    const isV7Retry = !!member && V7_RETRY.has(member);
    const handler =
      member === "AddRetry" || member === "AddHedging"
        ? enclosingHandlerCall(call, ["AddResilienceHandler"])
        : isV7Retry
          ? enclosingHandlerCall(call, ["AddPolicyHandler", "AddTransientHttpErrorPolicy"])
          : null;
    // `.AddPolicyHandler(GetRetryPolicy())` where this file's GetRetryPolicy() returns the policy
    const returnedTo = isV7Retry && !handler ? policyHandlersOfReturningMethod(call) : [];
    if (member === "AddRetry") {
      base = pollyV8(ctx, call);
      // `AddHttpClient<T>().AddResilienceHandler("x", b => b.AddRetry(…))`: a client layer
      if (handler) category = "client";
    } else if (member === "AddHedging" && isPipelineBuilderChain(fn.childForFieldName("expression"), call)) {
      base = pollyHedging(ctx, callParts(call).positional[0] ?? null);
      if (handler) category = "client";
    } else if (isV7Retry && (isV7Chain(fn.childForFieldName("expression")) || (handler && memberName(handler.childForFieldName("function")) === "AddTransientHttpErrorPolicy"))) {
      const transient = !!handler && memberName(handler.childForFieldName("function")) === "AddTransientHttpErrorPolicy";
      base = pollyV7(ctx, call, member!, fn.childForFieldName("expression"));
      // AddTransientHttpErrorPolicy(p => p.WaitAndRetryAsync(…)): HttpPolicyExtensions.HandleTransientHttpError
      if (transient) base.condition = { ...transientHttp(false, "transient HTTP errors: HttpRequestException, 5xx, 408"), statuses: [408, 500, 502, 503, 504], honoursRetryAfter: null };
      methods = V7_EXECUTE;
      // Microsoft.Extensions.Http.Polly: `AddHttpClient<T>().AddPolicyHandler(Policy…WaitAndRetryAsync(…))`
      if (handler || returnedTo.length) category = "client";
    } else if (member === "AddStandardResilienceHandler") {
      base = standardHandler(ctx, call);
      category = "client";
    }
    if (!base) continue;
    const holder = category === "code" ? (holderOf(ctx, call) ?? inlineExecution(ctx, call, methods) ?? returnedToLocal(ctx, call)) : null;
    const localId = ctx.nextId("L", nameNode);
    // a policy returned by a method: the layer of every registration whose handler calls it
    const typedAll = category === "client" ? (returnedTo.length && !handler ? returnedTo : [handler ?? call]).map((h) => registerClient(ctx, h, localId)) : [];
    const typed = typedAll.length > 1 && new Set(typedAll).size > 1 ? typedAll.filter((t) => t).join(", ") : typedAll[0];
    const handlerName = member === "AddStandardResilienceHandler" ? "standard resilience handler" : member === "AddRetry" || member === "AddHedging" ? "resilience handler" : "Polly policy handler";
    const clientLabel = `${handlerName} (${typed === "*" ? "every HttpClient" : (typed ?? "HttpClient")})`;
    ctx.facts.layers.push({
      ...base,
      category,
      localId,
      anchor: nodeSpan(nameNode),
      attach: category === "client" ? { kind: "client" } : { kind: "object", objectId: holder?.id ?? "", methods, paramIndex: 0 },
      label: category === "client" ? clientLabel : holder ? holder.label : `${member} in ${ctx.scopeId(call)}`,
    });
  }
  // a chain nests its last call outermost in the tree: keep document order, which is the order
  // strategies are added (the first added is the outermost, §3.6) and the order the linker wraps
  ctx.facts.layers.sort((a, b) => a.anchor.line - b.anchor.line || a.anchor.column - b.anchor.column);
}

/** `new ResiliencePipelineBuilder…().AddHedging(…)`, `builder.AddHedging(…)` in a pipeline/handler lambda: Polly's, not another AddHedging. */
function isPipelineBuilderChain(receiver: SyntaxNode | null, call: SyntaxNode): boolean {
  if (/ResiliencePipelineBuilder/.test(receiver?.text ?? "")) return true;
  if (enclosingHandlerCall(call, ["AddResilienceHandler", "AddResiliencePipeline"])) return true;
  const opts = callParts(call).positional[0];
  return !!opts && (/HedgingStrategyOptions/.test(createdType(opts) ?? "") || opts.type === "implicit_object_creation_expression");
}

/**
 * A v7 policy chain that is the value a method returns (`static IAsyncPolicy<HttpResponseMessage>
 * GetRetryPolicy() { return HttpPolicyExtensions.HandleTransientHttpError().WaitAndRetryAsync(…); }`):
 * the `AddPolicyHandler(GetRetryPolicy())` calls of the same file that install it on a client
 * (Microsoft.Extensions.Http.Polly calls the method once per registration; each gets the policy).
 */
function policyHandlersOfReturningMethod(call: SyntaxNode): SyntaxNode[] {
  let top = call;
  while (top.parent && ["member_access_expression", "invocation_expression", "parenthesized_expression", "cast_expression"].includes(top.parent.type)) top = top.parent;
  const p = top.parent;
  const method =
    p?.type === "return_statement"
      ? ancestorOfType(p, "method_declaration")
      : p?.type === "arrow_expression_clause" && p.parent?.type === "method_declaration"
        ? p.parent
        : null;
  const name = method?.childForFieldName("name")?.text;
  if (!method || !name) return [];
  // only when every return of the method is this chain (not one policy among several)
  const returns = descendants(method, "return_statement").filter((r) => ancestorOfType(r, "method_declaration")?.id === method.id);
  if (returns.length > 1) return [];
  const root = ancestorOfType(method, "compilation_unit") ?? method;
  const out: SyntaxNode[] = [];
  for (const inv of descendants(root, "invocation_expression")) {
    if (memberName(inv.childForFieldName("function")) !== "AddPolicyHandler") continue;
    const arg = callParts(inv).positional[0];
    if (arg?.type !== "invocation_expression" || (callParts(arg).positional.length ?? 0) > 0) continue;
    const callee = dottedName(arg.childForFieldName("function"));
    if (callee === name || callee === `this.${name}`) out.push(inv);
  }
  return out;
}

function ancestorOfType(n: SyntaxNode, type: string): SyntaxNode | null {
  for (let p = n.parent; p; p = p.parent) if (p.type === type) return p;
  return null;
}

/** The `AddResilienceHandler(name, builder => …)` / `AddPolicyHandler(…)` call whose arguments hold `n`, if any. */
function enclosingHandlerCall(n: SyntaxNode, names: string[]): SyntaxNode | null {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === "invocation_expression" && names.includes(memberName(p.childForFieldName("function")) ?? "") && p.childForFieldName("arguments")?.startIndex! <= n.startIndex) return p;
    if (p.type === "method_declaration" || p.type === "class_declaration") return null;
  }
  return null;
}

/**
 * The HttpClient registration a resilience handler sits on: the `AddHttpClient<T>(…)` /
 * `AddHttpClient("name", …)` in its receiver chain (recorded by httpClients.ts), which gets the
 * layer, or an enclosing `ConfigureHttpClientDefaults(b => …)` (every HttpClient of the service).
 * The linker applies it to the HttpClient injected into T or created by that name. Returns the label.
 */
function registerClient(ctx: CsContext, handlerCall: SyntaxNode, layerId: string): string | undefined {
  const registration = registrationCallOf(handlerCall);
  const known = registration ? registrationFact(ctx, registration) : undefined;
  if (known) {
    known.layerIds.push(layerId);
    return registrationLabel(known);
  }
  let typedClient: string | undefined;
  for (let p = handlerCall.parent; p; p = p.parent) {
    if (p.type === "invocation_expression" && memberName(p.childForFieldName("function")) === "ConfigureHttpClientDefaults") {
      typedClient = "*";
      break;
    }
  }
  ctx.facts.clients.push({
    id: ctx.nextId("K", handlerCall),
    name: "",
    functionId: ctx.scopeId(handlerCall),
    span: nodeSpan(handlerCall),
    library: "HttpClient",
    baseUrl: null,
    layerIds: [layerId],
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    timeoutSeconds: null,
    ...(typedClient ? { typedClient } : {}),
  });
  return typedClient;
}

/** The property / field / variable the builder chain containing `call` is stored in. */
function holderOf(ctx: CsContext, call: SyntaxNode): { id: string; label: string } | null {
  let top = call;
  while (top.parent && ["member_access_expression", "invocation_expression", "await_expression", "parenthesized_expression", "cast_expression"].includes(top.parent.type)) {
    // stop when the chain continues as an argument (`.AddRetry(x)` inside another call's arguments is handled by the parent)
    top = top.parent;
  }
  const p = top.parent;
  if (!p) return null;
  const facts = ctx.facts;
  const ensure = (id: string, name: string, at: SyntaxNode) => {
    if (!ctx.functionIds.has(id)) {
      ctx.functionIds.add(id);
      facts.functions.push({ id, name, span: nodeSpan(at), params: [], paramDefaults: {}, topLevel: false, handler: null, raisesOnStatus: false, returnsClientId: null });
    }
    return { id, label: name };
  };
  if (p.type === "property_declaration") return ensure(ctx.idOf(p), p.childForFieldName("name")?.text ?? "pipeline", p);
  if (p.type === "arrow_expression_clause" && p.parent?.type === "property_declaration") return ensure(ctx.idOf(p.parent), p.parent.childForFieldName("name")?.text ?? "pipeline", p.parent);
  if (p.type === "variable_declarator") {
    const name = p.childForFieldName("name")?.text ?? "pipeline";
    if (p.parent?.parent?.type === "field_declaration") return ensure(ctx.idOf(p), name, p);
    return ensure(`${ctx.scopeId(p)}.${name}`, name, p);
  }
  // `services.AddResiliencePipeline("key", builder => builder.AddRetry(…))`: the registry's pipeline "key"
  const registration = enclosingHandlerCall(call, ["AddResiliencePipeline"]);
  const key = registration ? stringValue(callParts(registration).positional[0]) : null;
  if (key !== null) return ensure(pipelineKeyId(key), `pipeline "${key}"`, registration!);
  if (p.type === "assignment_expression" && p.childForFieldName("right")?.id === top.id) {
    const left = dottedName(p.childForFieldName("left"));
    if (!left || left.includes(".")) return null;
    const scope = ctx.scopeId(p);
    // `_pipeline = …` in a constructor or method: the class's field
    const field = facts.functions.find((f) => f.id.endsWith(`.${left}`) && scope.startsWith(f.id.slice(0, f.id.length - left.length - 1)));
    if (field) return { id: field.id, label: left };
    const cls = scope.includes(".") ? scope.slice(0, scope.lastIndexOf(".")) : scope;
    return ensure(`${cls}.${left}`, left, p);
  }
  return null;
}

/**
 * A policy a factory method returns (`static Policy CreateRetryPolicy(…) { if (retry) return
 * Policy.Handle<Exception>().WaitAndRetryForever(…); return Policy.NoOp(); }`) and the one local of
 * this file holding its result (`var retryPolicy = CreateRetryPolicy(config, log);`, or a field
 * initialised with it): that local or field is the holder, so its `Execute*` calls run under the layer. Several such locals: none is chosen.
 */
function returnedToLocal(ctx: CsContext, call: SyntaxNode): { id: string; label: string } | null {
  let top = call;
  while (top.parent && ["member_access_expression", "invocation_expression", "parenthesized_expression", "cast_expression"].includes(top.parent.type)) top = top.parent;
  const p = top.parent;
  const method =
    p?.type === "return_statement" ? ancestorOfType(p, "method_declaration") : p?.type === "arrow_expression_clause" && p.parent?.type === "method_declaration" ? p.parent : null;
  const name = method?.childForFieldName("name")?.text;
  if (!method || !name) return null;
  const root = ancestorOfType(method, "compilation_unit") ?? method;
  const locals: SyntaxNode[] = [];
  for (const d of descendants(root, "variable_declarator")) {
    const value = d.namedChildren.find((c) => c?.type === "invocation_expression") ?? null;
    const callee = value ? dottedName(value.childForFieldName("function")) : null;
    if (value && (callee === name || callee === `this.${name}`)) locals.push(d);
  }
  if (locals.length !== 1) return null;
  const local = locals[0]!;
  const localName = local.childForFieldName("name")?.text;
  if (!localName) return null;
  // a field (`private readonly ResiliencePipeline _pipeline = CreatePipeline(…);`) is the class's member, as holderOf names it
  const id = local.parent?.parent?.type === "field_declaration" ? ctx.idOf(local) : `${ctx.scopeId(local)}.${localName}`;
  if (!ctx.functionIds.has(id)) {
    ctx.functionIds.add(id);
    ctx.facts.functions.push({ id, name: localName, span: nodeSpan(local), params: [], paramDefaults: {}, topLevel: false, handler: null, raisesOnStatus: false, returnsClientId: null });
  }
  return { id, label: localName };
}

/**
 * A policy built and run in one expression (`await Policy.Handle<X>().WaitAndRetryAsync(5, …)
 * .ExecuteAsync(() => conn.OpenAsync())`, `….ExecuteAsync(InitializeAsync).Wait()`): a holder of its
 * own for the chain, and the `Execute*` call recorded on it, so the linker runs the callable
 * argument under the layer as for a policy held by a variable.
 */
function inlineExecution(ctx: CsContext, call: SyntaxNode, methods: string[]): { id: string; label: string } | null {
  let p: SyntaxNode = call;
  // the chain continues with further policy members (`.WrapAsync(…)` is not an execution)
  while (p.parent?.type === "member_access_expression" && p.parent.parent?.type === "invocation_expression") {
    const next = p.parent.parent;
    const member = memberName(next.childForFieldName("function"));
    if (member && methods.includes(member)) {
      const parts = callParts(next);
      const arg = parts.positional[0];
      if (!arg) return null;
      const at = nodeSpan(call);
      const name = `policy@${at.line}:${at.column}`;
      const scope = ctx.scopeId(call);
      const id = scope === "<module>" ? name : `${scope}.${name}`;
      if (!ctx.functionIds.has(id)) {
        ctx.functionIds.add(id);
        ctx.facts.functions.push({ id, name, span: at, params: [], paramDefaults: {}, topLevel: false, handler: null, raisesOnStatus: false, returnsClientId: null });
      }
      const lambda = arg.type === "lambda_expression" || arg.type === "anonymous_method_expression";
      const argName = lambda ? lambdaName(arg) : dottedName(arg);
      ctx.facts.calls.push({ id: ctx.nextId("C", next), span: nodeSpan(next), functionId: scope, callee: `${name}.${member}`, args: [{ keyword: null, name: argName || null }] });
      return { id, label: `${memberName(call.childForFieldName("function"))} in ${scope}` };
    }
    if (member !== "Handle" && member !== "Or" && member !== "OrResult" && member !== "HandleResult" && !V7_RETRY.has(member ?? "")) return null;
    p = next;
  }
  return null;
}

/* ---------------------------------------------------------------- Polly v8 (§3.6) */

function pollyV8(ctx: CsContext, call: SyntaxNode): Base | null {
  let arg = callParts(call).positional[0] ?? null;
  let assigned = new Map<string, SyntaxNode>();
  // `var retryOptions = new RetryStrategyOptions { … }; … .AddRetry(retryOptions)`: the local's
  // initializer, then the `retryOptions.X = …` assignments written before the call
  if (arg?.type === "identifier") {
    const init = localInitializer(arg);
    const created = init?.type === "equals_value_clause" ? init.namedChildren[0] : init;
    if (created && /^(Http)?RetryStrategyOptions$/.test(createdType(created) ?? "")) {
      assigned = memberAssignmentsBefore(arg);
      arg = created;
    }
  }
  // `AddRetry(new() { … })`: the parameter's type, RetryStrategyOptions[<T>] (Polly's defaults, not the HTTP ones)
  const type = arg?.type === "implicit_object_creation_expression" ? "RetryStrategyOptions" : arg ? createdType(arg) : null;
  if (!arg || !type || !/^(Http)?RetryStrategyOptions$/.test(type)) {
    // options built elsewhere: a Polly retry with an unknown count, and no claim about what it handles
    if (!arg) return null;
    return {
      ...v8Layer(new Map(), false),
      maxAttempts: null,
      countUnknown: true,
      attemptsSource: "config",
      attemptsNote: `AddRetry(${arg.text.slice(0, 40)}): options not visible statically`,
      wait: { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: "options not visible statically" },
      condition: { allErrors: false, exceptionTypes: [], statuses: [], retryOn: [], afterSendMethods: "all", permanentErrors: null, honoursRetryAfter: null, description: "ShouldHandle not visible statically (options built elsewhere)" },
    };
  }
  const opts = initializerValues(arg);
  for (const [k, v] of assigned) opts.set(k, v);
  return v8Layer(opts, type === "HttpRetryStrategyOptions", "polly", ctx);
}

/** `name.Prop = value;` statements of the enclosing method before `name` is used here: Prop → value. */
function memberAssignmentsBefore(name: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  let scope: SyntaxNode | null = name.parent;
  while (scope && scope.type !== "method_declaration" && scope.type !== "local_function_statement" && scope.type !== "lambda_expression") scope = scope.parent;
  for (const a of scope ? descendants(scope, "assignment_expression") : []) {
    if (a.startIndex > name.startIndex) break;
    const left = dottedName(a.childForFieldName("left"));
    const right = a.childForFieldName("right");
    if (right && left?.startsWith(`${name.text}.`) && !left.slice(name.text.length + 1).includes(".")) out.set(left.slice(name.text.length + 1), right);
  }
  return out;
}

/** A v8 retry from option assignments (`MaxRetryAttempts` → node); `http` = HttpRetryStrategyOptions defaults (§3.8). */
export function v8Layer(opts: Map<string, SyntaxNode>, http: boolean, library = "polly", ctx?: CsContext): Base {
  const max = opts.get("MaxRetryAttempts");
  let maxAttempts: number | null = 4;
  let attemptsSource: "config" | "default" = "default";
  let countUnknown = false;
  let attemptsNote = "MaxRetryAttempts defaults to 3 retries → 4 attempts";
  let configRef: LayerFact["configRef"];
  if (max) {
    attemptsSource = "config";
    const n = numberValue(max);
    // `int` is a predefined_type node, so dottedName() cannot read `int.MaxValue`: match the text
    if (/^(int|Int32|System\.Int32)\.MaxValue$/.test(max.text.replace(/\s+/g, ""))) {
      maxAttempts = null;
      attemptsNote = "MaxRetryAttempts = int.MaxValue: retries forever";
    } else if (n === null) {
      maxAttempts = null;
      countUnknown = true;
      // `config.GetValue<int>("Inventory:Retries", 5)`, a constant, `options.Retry.Count`: the linker resolves it
      configRef = ctx ? countRef(ctx, max) : undefined;
      attemptsNote = countRefNote("MaxRetryAttempts", max, configRef);
    } else {
      maxAttempts = n + 1;
      attemptsNote = `MaxRetryAttempts = ${n} retries → ${n + 1} attempts`;
    }
  }
  const wait = v8Wait(opts, http);
  const condition = v8Condition(opts.get("ShouldHandle") ?? null, http, !!opts.get("DelayGenerator"), opts.get("ShouldRetryAfterHeader"));
  return {
    kind: "polly-retry",
    category: "code",
    library,
    maxAttempts,
    attemptsSource,
    attemptsNote,
    ...(countUnknown ? { countUnknown } : {}),
    ...(configRef ? { configRef } : {}),
    timeBound: null,
    wait,
    condition,
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}

function v8Wait(opts: Map<string, SyntaxNode>, http: boolean): WaitSpec {
  const delayNode = opts.get("Delay");
  const delay = delayNode ? timeSpanSeconds(delayNode) : 2;
  const backoffNode = opts.get("BackoffType");
  const backoff = backoffNode ? dottedName(backoffNode)?.split(".").pop() ?? null : http ? "Exponential" : "Constant";
  const jitterNode = opts.get("UseJitter");
  const jitter = jitterNode ? boolValue(jitterNode) : http;
  const maxDelay = opts.has("MaxDelay") ? timeSpanSeconds(opts.get("MaxDelay")) : null;
  const source: "config" | "default" = delayNode || backoffNode || jitterNode ? "config" : "default";
  if (opts.has("DelayGenerator")) {
    return { kind: "custom", jitter: null, initialSeconds: delay, maxSeconds: maxDelay, source: "config", description: "DelayGenerator (custom delay)" };
  }
  if (delay === 0) return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source, description: "Delay = TimeSpan.Zero: no wait between attempts" };
  const kind: WaitSpec["kind"] = backoff === "Exponential" ? "exponential" : backoff === "Linear" ? "linear" : backoff === "Constant" ? "fixed" : "unknown";
  const jitterText = jitter === true ? (kind === "exponential" ? ", decorrelated jitter" : ", ±25% jitter") : jitter === false ? ", no jitter" : ", jitter unknown";
  const what = kind === "fixed" ? "constant" : kind;
  return {
    kind,
    jitter,
    initialSeconds: delay,
    maxSeconds: maxDelay,
    source,
    description: `${what} ${fmtSeconds(delay)}${kind === "exponential" ? " (×2)" : ""}${maxDelay !== null ? `, max ${fmtSeconds(maxDelay)}` : ""}${jitterText}${source === "default" ? " (Polly defaults)" : ""}`,
  };
}

export function v8Condition(shouldHandle: SyntaxNode | null, http: boolean, delayGenerator: boolean, retryAfterNode: SyntaxNode | undefined): RetryCondition {
  if (!shouldHandle) {
    if (http) return transientHttp(retryAfterNode ? boolValue(retryAfterNode) !== false : true, "HttpRetryStrategyOptions default ShouldHandle: HttpRequestException, timeouts, 5xx, 408, 429");
    return {
      allErrors: true,
      exceptionTypes: [],
      statuses: [],
      retryOn: [],
      afterSendMethods: "all",
      permanentErrors: "every exception except OperationCanceledException (Polly's default ShouldHandle)",
      honoursRetryAfter: null,
      description: "default ShouldHandle: every exception except OperationCanceledException; results are not retried",
    };
  }
  return conditionFrom(shouldHandle, delayGenerator ? null : false, "ShouldHandle");
}

/** Exception types (`Handle<T>`, `Or<T>`) and statuses (`HttpStatusCode.X`, `>= 500`) named in a predicate. */
function conditionFrom(expr: SyntaxNode, retryAfter: boolean | null, what: string): RetryCondition {
  const types: string[] = [];
  for (const g of descendants(expr, "generic_name")) {
    const name = g.namedChildren[0]?.text;
    if (name !== "Handle" && name !== "Or" && name !== "HandleInner" && name !== "OrInner") continue;
    const t = g.namedChildren.find((c) => c?.type === "type_argument_list")?.namedChildren[0]?.text;
    if (t) types.push(t);
  }
  const statuses = new Set<number>();
  for (const m of descendants(expr, "member_access_expression")) {
    const d = dottedName(m);
    if (d?.startsWith("HttpStatusCode.")) {
      const s = STATUS[d.slice("HttpStatusCode.".length)];
      if (s) statuses.add(s);
    }
  }
  if (/>=?\s*500|HandleTransientHttpError|IsTransient/.test(expr.text)) for (const s of [500, 502, 503, 504]) statuses.add(s);
  if (/HandleTransientHttpError/.test(expr.text)) {
    statuses.add(408);
    types.push("HttpRequestException");
  }
  const all = types.some((t) => t === "Exception" || t === "System.Exception");
  const permanent = all ? "every exception (Handle<Exception>)" : [...statuses].some((s) => s >= 400 && s < 500 && ![408, 425, 429].includes(s)) ? "4xx statuses that will not change on retry" : null;
  const sorted = [...statuses].sort((a, b) => a - b);
  return {
    allErrors: all,
    exceptionTypes: types,
    statuses: sorted,
    retryOn: [],
    afterSendMethods: "all",
    permanentErrors: permanent,
    honoursRetryAfter: statuses.has(429) || statuses.has(503) ? retryAfter : null,
    description: `${what}: ${[...types, ...sorted.map(String)].join(", ") || expr.text.slice(0, 60)}`,
  };
}

function transientHttp(retryAfter: boolean, description: string): RetryCondition {
  return {
    allErrors: false,
    exceptionTypes: ["HttpRequestException", "TimeoutRejectedException"],
    statuses: [408, 429, 500, 502, 503, 504],
    retryOn: [],
    afterSendMethods: "all",
    permanentErrors: null,
    honoursRetryAfter: retryAfter,
    description,
  };
}

/* ---------------------------------------------------------------- Polly v7 (§3.7) */

function isV7Chain(n: SyntaxNode | null): boolean {
  // Policy.Handle<X>()…, Policy<T>.Handle…, HttpPolicyExtensions.HandleTransientHttpError()…
  let p = n;
  while (p) {
    if (p.type === "invocation_expression") p = p.childForFieldName("function");
    else if (p.type === "member_access_expression") p = p.childForFieldName("expression");
    else break;
  }
  const head = p?.type === "generic_name" ? p.namedChildren[0]?.text : p?.text;
  return head === "Policy" || head === "HttpPolicyExtensions";
}

function pollyV7(ctx: CsContext, call: SyntaxNode, member: string, chain: SyntaxNode | null): Base {
  const parts = callParts(call);
  const forever = member.includes("Forever");
  const waits = member.startsWith("WaitAndRetry");
  let maxAttempts: number | null = null;
  let countUnknown = false;
  let attemptsNote: string;
  let attemptsSource: "config" | "default" = "config";
  let configRef: LayerFact["configRef"];
  let wait: WaitSpec = { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "default", description: "no wait between attempts (Retry without WaitAndRetry)" };
  const written = parts.positional[0] ?? parts.keywords.get("retryCount") ?? parts.keywords.get("sleepDurations") ?? null;
  // `var delay = Backoff.DecorrelatedJitterBackoffV2(…, retryCount: 3); …WaitAndRetryAsync(delay)`
  const first = written?.type === "identifier" ? (localInitializer(written) ?? written) : written;
  if (forever) {
    attemptsNote = `${member}: retries forever`;
  } else if (!first || (!waits && first.type === "lambda_expression")) {
    maxAttempts = 2;
    attemptsSource = "default";
    attemptsNote = `${member}() without a count = 1 retry → 2 attempts`;
  } else {
    const n = numberValue(first);
    const list = ["array_creation_expression", "implicit_array_creation_expression", "collection_expression"].includes(first.type)
      ? descendants(first, "initializer_expression")[0]?.namedChildren.filter(Boolean) ?? first.namedChildren.filter((c) => c && c.type !== "array_type")
      : null;
    if (n !== null) {
      maxAttempts = n + 1;
      attemptsNote = `${member}(${n}): ${n} retries → ${n + 1} attempts`;
    } else if (list) {
      maxAttempts = list.length + 1;
      attemptsNote = `${member} with ${list.length} sleep durations → ${list.length + 1} attempts`;
    } else if (/Backoff\.\w+Backoff/.test(first.text)) {
      const rc = callParts(first).keywords.get("retryCount") ?? callParts(first).positional[1] ?? null;
      const k = numberValue(rc);
      if (k !== null) maxAttempts = k + 1;
      else countUnknown = true;
      attemptsNote = k !== null ? `${first.text.split("(")[0]} retryCount ${k} → ${k + 1} attempts` : `${member}(${first.text.slice(0, 40)}): count not literal`;
    } else {
      countUnknown = true;
      // `RetryAsync(options.Retry.Count)`, `Retry(MaxRetries)`: resolved at link time
      configRef = first.type === "identifier" || first.type === "member_access_expression" || first.type === "invocation_expression" ? countRef(ctx, first) : undefined;
      attemptsNote = `${member}(${first.text.slice(0, 40)}): count not literal`;
    }
  }
  if (waits) {
    const provider = parts.positional[forever ? 0 : 1] ?? (maxAttempts !== null && parts.positional[0] && numberValue(parts.positional[0]) === null ? parts.positional[0] : null);
    const sleeps = provider ?? first;
    wait = v7Wait(sleeps?.type === "identifier" ? (localInitializer(sleeps) ?? sleeps) : sleeps);
  }
  const condition = chain ? conditionFrom(chain, false, "Handle") : conditionFrom(call, false, "Handle");
  if (!condition.exceptionTypes.length && !condition.statuses.length) {
    condition.description = "Handle: predicate not literal";
  }
  return {
    kind: "polly-v7-retry",
    category: "code",
    library: "polly",
    maxAttempts,
    attemptsSource,
    attemptsNote,
    ...(countUnknown ? { countUnknown } : {}),
    ...(configRef ? { configRef } : {}),
    timeBound: null,
    wait,
    condition,
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}

/** The value a local declared earlier in the same method starts with (`var d = …;`), if any. */
function localInitializer(name: SyntaxNode): SyntaxNode | null {
  let scope: SyntaxNode | null = name.parent;
  while (scope && scope.type !== "method_declaration" && scope.type !== "local_function_statement" && scope.type !== "lambda_expression") scope = scope.parent;
  if (!scope) return null;
  let found: SyntaxNode | null = null;
  for (const d of descendants(scope, "variable_declarator")) {
    if (d.startIndex > name.startIndex) break;
    if (d.namedChildren[0]?.type === "identifier" && d.namedChildren[0].text === name.text) found = d.namedChildren[d.namedChildren.length - 1] ?? null;
  }
  return found && found.type !== "identifier" ? found : null;
}

function v7Wait(provider: SyntaxNode | null): WaitSpec {
  if (!provider) return { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: "sleep durations not visible" };
  const text = provider.text;
  if (/DecorrelatedJitter|Jitter|Random/.test(text)) {
    return { kind: "random", jitter: true, initialSeconds: null, maxSeconds: null, source: "config", description: `jittered sleep (${text.slice(0, 50)})` };
  }
  if (/Math\.Pow\(\s*2|ExponentialBackoff|<<|\* 2/.test(text)) {
    return { kind: "exponential", jitter: false, initialSeconds: null, maxSeconds: null, source: "config", description: `exponential sleep without jitter (${text.slice(0, 50)})` };
  }
  if (/LinearBackoff/.test(text)) return { kind: "linear", jitter: false, initialSeconds: null, maxSeconds: null, source: "config", description: `linear sleep without jitter` };
  const spans = descendants(provider, "invocation_expression").map((c) => timeSpanSeconds(c)).filter((v): v is number => v !== null);
  if (spans.length && provider.type === "lambda_expression" && !/\b(i|attempt|retry\w*)\b\s*[*+]/.test(text)) {
    return { kind: spans[0] === 0 ? "none" : "fixed", jitter: false, initialSeconds: spans[0]!, maxSeconds: spans[0]!, source: "config", description: `fixed ${fmtSeconds(spans[0]!)} without jitter` };
  }
  if (spans.length) {
    const increasing = spans.every((v, i) => i === 0 || v >= spans[i - 1]!);
    return {
      kind: spans.every((v) => v === spans[0]) ? "fixed" : increasing ? "exponential" : "custom",
      jitter: false,
      initialSeconds: spans[0]!,
      maxSeconds: Math.max(...spans),
      source: "config",
      description: `sleep durations ${spans.map(fmtSeconds).join(", ")} without jitter`,
    };
  }
  return { kind: "custom", jitter: false, initialSeconds: null, maxSeconds: null, source: "config", description: `sleep duration provider without jitter (${text.slice(0, 50)})` };
}

/* ------------------------------------------- AddStandardResilienceHandler (§3.8) */

function standardHandler(ctx: CsContext, call: SyntaxNode): Base {
  const opts = new Map<string, SyntaxNode>();
  const lambda = callParts(call).positional[0];
  let unsafeDisabled = false;
  // the options lambda, and `.Configure((o, sp) => …)` chained on the handler's builder
  const configure = call.parent?.type === "member_access_expression" && memberName(call.parent) === "Configure" && call.parent.parent?.type === "invocation_expression" ? callParts(call.parent.parent).positional[0] : undefined;
  for (const body of [lambda, configure]) {
    if (body?.type !== "lambda_expression") continue;
    for (const a of descendants(body, "assignment_expression")) {
      const left = dottedName(a.childForFieldName("left"));
      const right = a.childForFieldName("right");
      const m = left?.match(/^\w+\.Retry\.(\w+)$/);
      if (m && right) opts.set(m[1]!, right);
      // `o.Retry = new HttpRetryStrategyOptions { MaxRetryAttempts = … }`
      if (right && /^\w+\.Retry$/.test(left ?? "") && (right.type === "object_creation_expression" || right.type === "implicit_object_creation_expression")) {
        for (const [k, v] of initializerValues(right)) opts.set(k, v);
      }
    }
    if (descendants(body, "invocation_expression").some((c) => memberName(c.childForFieldName("function")) === "DisableForUnsafeHttpMethods")) unsafeDisabled = true;
  }
  const base = v8Layer(opts, true, "Microsoft.Extensions.Http.Resilience", ctx);
  if (base.attemptsSource === "default") base.attemptsNote = "standard resilience handler: 3 retries → 4 attempts";
  // options bound from configuration: `AddStandardResilienceHandler(config.GetSection("X"))`,
  // `o => config.GetSection("X").Bind(o)`: the section's Retry:MaxRetryAttempts, else the default
  const bound = lambda?.type === "lambda_expression" ? descendants(lambda, "invocation_expression").find((c) => memberName(c.childForFieldName("function")) === "Bind") : null;
  const section = sectionPath(lambda?.type === "lambda_expression" ? (bound?.childForFieldName("function")?.childForFieldName("expression") ?? null) : lambda);
  if (section && !opts.has("MaxRetryAttempts")) base.configRef = { library: "dotnet", retriesKey: `${section}:Retry:MaxRetryAttempts`.replace(/:/g, "."), fallbackRetries: 3 };
  if (unsafeDisabled) base.condition = { ...base.condition, afterSendMethods: ["GET", "HEAD", "OPTIONS", "TRACE"] };
  return { ...base, kind: "dotnet-standard-resilience", perTryTimeoutSeconds: 10, overallTimeoutSeconds: 30 };
}
