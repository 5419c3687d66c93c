/**
 * IHttpClientFactory registrations and the types standing for others at run time (reference
 * §3.8 for the handlers themselves, which polly.ts reads):
 *
 * - `services.AddHttpClient<T>(…)`, `AddHttpClient<IT, T>(…)`, `AddHttpClient("inventory", …)`:
 *   a registration ClientFact (name "") with the typed client T (`typedClient`) or the name
 *   (`httpClientName`), and the `BaseAddress` its configure lambdas set (also in a chained
 *   `.ConfigureHttpClient(…)`). polly.ts adds the layers of the handlers chained on it.
 * - Base lists (`class InventoryClient : IInventoryClient`) and DI registrations
 *   (`AddScoped<IInventoryClient, InventoryClient>()`, `AddHttpClient<I, C>()`) →
 *   `csImplementations`, so the linker follows a call through an interface to the class.
 */
import type { ClientFact, ValueExpr } from "../../model/facts";
import { callParts, descendants, dottedName, memberName, nodeSpan, valueExpr } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { TYPE_DECLARATIONS, type CsContext } from "./context";
import { typeOf, typeOfExpression } from "./declaredTypes";

/** Microsoft.Extensions.DependencyInjection registrations binding a service type to an implementation. */
const DI_REGISTRATIONS = /^(TryAdd|Add)(Scoped|Transient|Singleton|KeyedScoped|KeyedTransient|KeyedSingleton)$|^AddHttpClient$/;

export function detectHttpClients(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  for (const call of descendants(root, "invocation_expression")) {
    const fn = call.childForFieldName("function");
    const member = memberName(fn);
    if (!member) continue;
    const typeArgs = genericArguments(fn);
    if (DI_REGISTRATIONS.test(member) && typeArgs.length === 2) {
      const [iface, impl] = typeArgs.map((t) => dottedName(t) ?? t.text);
      ctx.facts.csImplementations = [...(ctx.facts.csImplementations ?? []), { iface: iface!, impl: impl!, scopeId: ctx.scopeId(call), line: call.startPosition.row + 1, source: "registration" }];
    }
    // `AddTransient(typeof(IPipelineBehavior<,>), typeof(TxBehavior<,>))`: an open generic registration
    if (DI_REGISTRATIONS.test(member) && typeArgs.length === 0) {
      const [iface, impl] = callParts(call).positional.map(typeOfArgument);
      if (iface && impl) ctx.facts.csImplementations = [...(ctx.facts.csImplementations ?? []), { iface, impl, scopeId: ctx.scopeId(call), line: call.startPosition.row + 1, source: "registration" }];
    }
    // MediatR: `cfg.AddOpenBehavior(typeof(TxBehavior<,>))` registers it as IPipelineBehavior<,>;
    // `cfg.AddBehavior<IPipelineBehavior<A, B>, TxBehavior>()` / `AddBehavior(typeof(I), typeof(T))` name both
    if (member === "AddOpenBehavior" || member === "AddBehavior") {
      const args = callParts(call).positional.map(typeOfArgument);
      const [iface, impl] = member === "AddOpenBehavior" ? ["IPipelineBehavior", args[0]] : typeArgs.length === 2 ? typeArgs.map((t) => dottedName(t) ?? t.text) : args;
      if (iface && impl) ctx.facts.csImplementations = [...(ctx.facts.csImplementations ?? []), { iface, impl, scopeId: ctx.scopeId(call), line: call.startPosition.row + 1, source: "registration" }];
    }
    if (member === "AddHttpClient") addRegistration(ctx, call, typeArgs);
    // a hosted service is built once, when the host starts (engine/startup.ts)
    if (member === "AddHostedService" && typeArgs.length === 1) {
      const type = dottedName(typeArgs[0]) ?? typeArgs[0]!.text;
      ctx.facts.dotnet = { ...ctx.facts.dotnet, hostedServices: [...(ctx.facts.dotnet?.hostedServices ?? []), { type, scopeId: ctx.scopeId(call) }] };
    }
  }
  pipelineGuards(ctx);
  for (const type of descendants(root, [...TYPE_DECLARATIONS])) {
    const bases = type.namedChildren.find((c) => c?.type === "base_list");
    for (const b of bases?.namedChildren ?? []) {
      // `: IInventoryClient`, `: IRepository<Order>`, `: Ns.IClient`; a primary-constructor base call `: Base(x)` names Base
      const written = dottedName(b?.type === "primary_constructor_base_type" ? b.namedChildren[0] : b);
      if (!b || !written) continue;
      // `: ICommandHandler<CreateOrder, Result>`: a request handler and the request it handles
      const generic = b.type === "generic_name" ? b : b.type === "qualified_name" && b.childForFieldName("name")?.type === "generic_name" ? b.childForFieldName("name") : null;
      const request = generic?.namedChildren.find((c) => c?.type === "type_argument_list")?.namedChildren[0];
      if (request && /^I(Request|Command|Query)Handler$/.test(written.split(".").pop() ?? "")) {
        const requestType = dottedName(request) ?? request.text;
        ctx.facts.dotnet = { ...ctx.facts.dotnet, requestHandlers: [...(ctx.facts.dotnet?.requestHandlers ?? []), { classId: ctx.idOf(type), requestType }] };
      }
      ctx.facts.csImplementations = [
        ...(ctx.facts.csImplementations ?? []),
        { iface: written, impl: ctx.idOf(type), scopeId: ctx.idOf(type), line: b.startPosition.row + 1, source: "base-list" },
      ];
    }
  }
}

/**
 * `if (message is not ITxRequest) return await next(message, ct);` as a statement of a `Handle`
 * method (also `if (!(message is ITxRequest))`): the type the rest of the method is for.
 */
export function pipelineGuards(ctx: CsContext): void {
  const out: Array<{ functionId: string; type: string; line: number }> = [];
  for (const m of descendants(ctx.tree.rootNode, "method_declaration")) {
    if (m.childForFieldName("name")?.text !== "Handle") continue;
    const body = m.childForFieldName("body");
    for (const st of body?.namedChildren ?? []) {
      if (st?.type !== "if_statement") continue;
      const cond = st.childForFieldName("condition");
      const then = st.childForFieldName("consequence");
      const ret = then?.type === "return_statement" ? then : then?.type === "block" && then.namedChildren.length === 1 && then.namedChildren[0]?.type === "return_statement" ? then.namedChildren[0] : null;
      const call = ret ? descendants(ret, "invocation_expression")[0] : undefined;
      if (!cond || !call) continue;
      // `x is not T` (a negated type pattern) or `!(x is T)`
      const text = cond.text.replace(/\s+/g, " ");
      const m1 = /^[A-Za-z_]\w* is not ([A-Za-z_][\w.]*)$/.exec(text) ?? /^!\(\s*[A-Za-z_]\w* is ([A-Za-z_][\w.]*)\s*\)$/.exec(text);
      if (m1) out.push({ functionId: ctx.idOf(m), type: m1[1]!, line: call.startPosition.row + 1 });
    }
  }
  if (out.length) ctx.facts.dotnet = { ...ctx.facts.dotnet, pipelineGuards: out };
}

/** `typeof(EfTxBehavior<,>)` → EfTxBehavior; null for anything else. */
function typeOfArgument(n: SyntaxNode | undefined): string | null {
  if (n?.type !== "typeof_expression") return null;
  const t = n.namedChildren[0];
  const name = t?.type === "generic_name" ? t.namedChildren[0]?.text : t?.type === "qualified_name" && t.childForFieldName("name")?.type === "generic_name" ? `${dottedName(t.childForFieldName("qualifier"))}.${t.childForFieldName("name")!.namedChildren[0]?.text}` : dottedName(t);
  return name ?? null;
}

/** Type arguments of a generic callee: `AddHttpClient<IInventoryClient, InventoryClient>` → both. */
function genericArguments(fn: SyntaxNode | null): SyntaxNode[] {
  const name = fn?.type === "member_access_expression" ? fn.childForFieldName("name") : fn;
  if (name?.type !== "generic_name") return [];
  return name.namedChildren.find((c) => c?.type === "type_argument_list")?.namedChildren.filter((c): c is SyntaxNode => !!c) ?? [];
}

/** A client name argument: a string, a constant, `nameof(InventoryClient)` → "InventoryClient". */
export function clientNameExpr(n: SyntaxNode | null | undefined): ValueExpr | null {
  if (!n) return null;
  if (n.type === "invocation_expression" && dottedName(n.childForFieldName("function")) === "nameof") {
    const arg = dottedName(callParts(n).positional[0]);
    return arg ? { kind: "string", value: arg.slice(arg.lastIndexOf(".") + 1) } : null;
  }
  if (n.type === "lambda_expression" || n.type === "anonymous_method_expression") return null;
  return valueExpr(n);
}

function addRegistration(ctx: CsContext, call: SyntaxNode, typeArgs: SyntaxNode[]): void {
  const parts = callParts(call);
  const t = typeArgs[typeArgs.length - 1];
  const typedClient = t ? (dottedName(t) ?? t.text) : undefined;
  const first = parts.keywords.get("name") ?? parts.positional[0];
  const name = first && first.type !== "lambda_expression" ? clientNameExpr(first) : null;
  if (!typedClient && !name) return; // `AddHttpClient()` registers the factory only
  const id = ctx.nextId("K", call);
  const baseUrl = baseAddressOf(call);
  // inside a generic helper `AddServiceReference<TClient>(string baseAddress)`: each call of the helper registers its type argument
  const helper = typedClient ? genericHelper(call, typedClient) : null;
  if (helper) {
    const params = helper.method.childForFieldName("parameters")?.namedChildren.filter((c): c is SyntaxNode => c?.type === "parameter") ?? [];
    const from = baseUrl?.kind === "ref" ? baseParameter(helper.method, call, baseUrl.name) : null;
    const index = from ? params.findIndex((p) => p.childForFieldName("name")?.text === from) : -1;
    const options = baseUrl?.kind === "ref" && !from ? optionsTypeParameter(helper.method, baseUrl.name) : null;
    const fact = {
      clientId: id,
      functionId: ctx.idOf(helper.method),
      typeParamIndex: helper.index,
      baseAddressParam: from && index >= 0 ? { name: from, index } : null,
      ...(options ? { baseAddressOptions: options } : {}),
    };
    ctx.facts.dotnet = { ...ctx.facts.dotnet, genericClients: [...(ctx.facts.dotnet?.genericClients ?? []), fact] };
  }
  ctx.facts.clients.push({
    id,
    name: "",
    functionId: ctx.scopeId(call),
    span: nodeSpan(call),
    library: "HttpClient",
    baseUrl,
    layerIds: [],
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    timeoutSeconds: null,
    ...(typedClient ? { typedClient } : {}),
    ...(name ? { httpClientName: name } : {}),
  });
}

/** The enclosing method when `typeName` is one of its type parameters, and which one. */
function genericHelper(call: SyntaxNode, typeName: string): { method: SyntaxNode; index: number } | null {
  for (let p = call.parent; p; p = p.parent) {
    if (p.type !== "method_declaration" && p.type !== "local_function_statement") continue;
    const list = p.namedChildren.find((c) => c?.type === "type_parameter_list");
    const index = (list?.namedChildren ?? []).findIndex((c) => c?.type === "type_parameter" && c.text.split(/\s+/).pop() === typeName);
    return index >= 0 ? { method: p, index } : null;
  }
  return null;
}

/**
 * `opts.BaseAddress` with `var opts = sp.GetRequiredService<IOptions<TOptions>>().Value` (or
 * `TOptions opts`) inside a generic helper: which type parameter the options are, and the member read.
 */
function optionsTypeParameter(method: SyntaxNode, written: string): { typeParamIndex: number; member: string } | null {
  const [head, ...rest] = written.split(".");
  if (!head || rest.length !== 1) return null;
  const local = descendants(method, "variable_declarator").find((v) => v.childForFieldName("name")?.text === head);
  const value = local?.namedChildren.filter((c) => c && c.id !== local.childForFieldName("name")?.id).pop();
  const declared = local?.parent?.type === "variable_declaration" ? typeOf(local.parent.childForFieldName("type")) : null;
  const type = declared ?? typeOfExpression(value);
  const list = method.namedChildren.find((c) => c?.type === "type_parameter_list");
  const index = (list?.namedChildren ?? []).findIndex((c) => c?.type === "type_parameter" && c.text.split(/\s+/).pop() === type?.name);
  return index >= 0 ? { typeParamIndex: index, member: rest[0]! } : null;
}

/** The parameter a base address comes from: itself, or a local `var uri = new Uri(baseAddress)`. */
function baseParameter(method: SyntaxNode, at: SyntaxNode, name: string): string | null {
  const params = method.childForFieldName("parameters")?.namedChildren ?? [];
  if (params.some((p) => p?.type === "parameter" && p.childForFieldName("name")?.text === name)) return name;
  const local = descendants(method, "variable_declarator").find((v) => v.childForFieldName("name")?.text === name && v.startIndex < at.startIndex);
  const value = local?.namedChildren[local.namedChildren.length - 1];
  const inner = value && (value.type === "object_creation_expression" || value.type === "implicit_object_creation_expression") ? callParts(value).positional[0] : null;
  return inner?.type === "identifier" && inner.text !== name ? baseParameter(method, at, inner.text) : null;
}

/**
 * `c.BaseAddress = new Uri(…)` in the registration's own lambdas or in a `.ConfigureHttpClient(…)`
 * chained on it (the chain climbs from AddHttpClient through member accesses and invocations).
 */
function baseAddressOf(registration: SyntaxNode): ValueExpr | null {
  const scopes: SyntaxNode[] = [registration.childForFieldName("arguments") ?? registration];
  for (let p: SyntaxNode = registration; p.parent?.type === "member_access_expression" && p.parent.parent?.type === "invocation_expression"; p = p.parent.parent) {
    if (memberName(p.parent.parent.childForFieldName("function")) === "ConfigureHttpClient") scopes.push(p.parent.parent.childForFieldName("arguments") ?? p.parent.parent);
  }
  for (const scope of scopes) {
    for (const a of descendants(scope, "assignment_expression")) {
      const left = dottedName(a.childForFieldName("left"));
      const right = a.childForFieldName("right");
      // `c.BaseAddress = new(baseAddress)`: the target-typed Uri
      if ((left === "BaseAddress" || left?.endsWith(".BaseAddress")) && right?.type === "implicit_object_creation_expression") return valueExpr(callParts(right).positional[0]);
      if (left === "BaseAddress" || left?.endsWith(".BaseAddress")) return valueExpr(right);
    }
  }
  return null;
}

/**
 * The `AddHttpClient(…)` call a handler (`.AddStandardResilienceHandler()`) is chained on, if any;
 * also `AddGrpcClient<T>(…)`, whose IHttpClientBuilder builds the channel's HttpClient through
 * the same factory (Grpc.Net.ClientFactory, docs/reference/grpc-dotnet.md).
 */
export function registrationCallOf(handlerCall: SyntaxNode): SyntaxNode | null {
  for (let p: SyntaxNode | null = handlerCall.childForFieldName("function")?.childForFieldName("expression") ?? null; p?.type === "invocation_expression"; ) {
    const fn = p.childForFieldName("function");
    if (memberName(fn) === "AddHttpClient" || memberName(fn) === "AddGrpcClient") return p;
    p = fn?.type === "member_access_expression" ? fn.childForFieldName("expression") : null;
  }
  return null;
}

/** The registration ClientFact detectHttpClients recorded for an `AddHttpClient(…)` call (grpcDotnet.ts for `AddGrpcClient<T>(…)`). */
export function registrationFact(ctx: CsContext, registration: SyntaxNode): ClientFact | undefined {
  const s = nodeSpan(registration);
  return ctx.facts.clients.find((c) => (c.name === "" || c.httpFactory) && c.span.line === s.line && c.span.column === s.column && c.span.endLine === s.endLine && c.span.endColumn === s.endColumn);
}

/** How a registration reads in a layer label: the typed client, or the name in quotes. */
export function registrationLabel(c: ClientFact): string | undefined {
  if (c.typedClient) return c.typedClient;
  if (c.httpFactory) return c.name;
  const n = c.httpClientName;
  if (!n) return undefined;
  return n.kind === "string" ? `"${n.value}"` : n.kind === "ref" ? n.name : undefined;
}

