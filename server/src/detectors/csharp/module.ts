/**
 * Facts every C# file contributes regardless of retry libraries: `using` directives (imports),
 * types, members and lambdas (FunctionFacts), constants, HttpClient bindings (ClientFacts), and
 * calls with the HTTP requests they may send (`http.GetAsync(url)`, `SendAsync(new
 * HttpRequestMessage(HttpMethod.Post, url))`). ASP.NET entry points: `[HttpGet("x")]` actions and
 * minimal-API `app.MapGet("/x", …)` handlers.
 */
import type { CallArg, ClientFact, FunctionFact, RequestFact, ValueExpr } from "../../model/facts";
import { parseSuppression } from "../../model/suppression";
import { hostOfConnectionString } from "../../model/connectionStrings";
import {
  boolValue,
  callParts,
  createdType,
  descendants,
  dottedName,
  memberName,
  nodeSpan,
  numberValue,
  stringValue,
  valueExpr,
} from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { LAMBDAS, MEMBER_DECLARATIONS, TYPE_DECLARATIONS, lambdaName, returnsTask, type CsContext } from "./context";
import { typeOfExpression } from "./declaredTypes";
import { clientNameExpr } from "./httpClients";
import { IDEMPOTENCY_HEADER } from "../shared/idempotency";

/** HttpClient methods that send one request: method name → HTTP method (null: from the request message). */
export const HTTP_CLIENT_METHODS: Record<string, string | null> = {
  GetAsync: "GET",
  GetStringAsync: "GET",
  GetByteArrayAsync: "GET",
  GetStreamAsync: "GET",
  GetFromJsonAsync: "GET",
  PostAsync: "POST",
  PostAsJsonAsync: "POST",
  PutAsync: "PUT",
  PutAsJsonAsync: "PUT",
  PatchAsync: "PATCH",
  PatchAsJsonAsync: "PATCH",
  DeleteAsync: "DELETE",
  DeleteFromJsonAsync: "DELETE",
  SendAsync: null,
  Send: null,
};

const MINIMAL_API: Record<string, string | null> = { MapGet: "GET", MapPost: "POST", MapPut: "PUT", MapDelete: "DELETE", MapPatch: "PATCH", MapMethods: null };
const ACTION_ATTRIBUTES: Record<string, string> = { HttpGet: "GET", HttpPost: "POST", HttpPut: "PUT", HttpDelete: "DELETE", HttpPatch: "PATCH" };
/** Refit's request attributes on interface methods */
const REFIT_ATTRIBUTES: Record<string, string> = { Get: "GET", Post: "POST", Put: "PUT", Delete: "DELETE", Patch: "PATCH", Head: "HEAD", Options: "OPTIONS" };


/** Refit interfaces: `[Get("/orders/{id}")]` on a method of an interface → DotnetFacts.refitRoutes. */
function refitRoutes(ctx: CsContext, root: SyntaxNode): void {
  const out: Array<{ functionId: string; method: string; route: string }> = [];
  for (const iface of descendants(root, "interface_declaration")) {
    for (const m of descendants(iface, "method_declaration")) {
      for (const attr of descendants(m, "attribute").filter((a) => a.parent?.parent?.id === m.id)) {
        const name = dottedName(attr.childForFieldName("name"))?.replace(/^Refit\./, "").replace(/Attribute$/, "");
        const method = name ? REFIT_ATTRIBUTES[name] : undefined;
        const route = stringValue(attr.namedChildren.find((c) => c?.type === "attribute_argument_list")?.namedChildren[0]?.namedChildren[0]);
        if (method && route !== null) out.push({ functionId: ctx.idOf(m), method, route });
      }
    }
  }
  if (out.length) ctx.facts.dotnet = { ...ctx.facts.dotnet, refitRoutes: out };
}

/**
 * `_api = RestService.For<IApi>(httpClient, settings)` / `RestService.For<IApi>("http://host")`:
 * the holder is a client (its HttpClient's base address, or the URL it is given) whose calls send
 * the Refit interface's requests.
 */
function refitClient(ctx: CsContext, at: SyntaxNode, name: string, value: SyntaxNode, field: boolean, refit: Map<string, string>): void {
  if (value.type !== "invocation_expression") return;
  const fn = value.childForFieldName("function");
  const nameNode = fn?.type === "member_access_expression" ? fn.childForFieldName("name") : null;
  if (nameNode?.type !== "generic_name" || nameNode.namedChildren[0]?.text !== "For" || !/(^|\.)RestService$/.test(dottedName(fn!.childForFieldName("expression")) ?? "")) return;
  const typeArg = nameNode.namedChildren.find((c) => c?.type === "type_argument_list")?.namedChildren[0];
  const iface = typeArg ? (dottedName(typeArg) ?? typeArg.text) : null;
  if (!iface) return;
  const scope = ctx.scopeId(at);
  const cls = scope.includes(".") ? scope.slice(0, scope.lastIndexOf(".")) : scope;
  // a field (declared, or assigned in a constructor) belongs to the class; a local to its scope
  const holder = at.type === "variable_declarator" ? (field ? ctx.idOf(at) : `${scope}.${name}`) : `${cls}.${name}`;
  refit.set(holder, iface);
  const arg = callParts(value).positional[0];
  const given = arg?.type === "identifier" ? clientInScope(ctx, scope, arg.text) : undefined;
  // the client's base address is written in this scope (the HttpClient's, given to it here)
  addClient(ctx, holder, given || !field ? scope : cls, at, null);
  const client = ctx.facts.clients.find((c) => c.name === holder)!;
  client.baseUrl ??= given ? given.baseUrl : arg && arg.type !== "identifier" ? valueExpr(arg) : null;
  if (given) client.timeoutSeconds = given.timeoutSeconds;
}

/**
 * ADO.NET connections (and Dapper's extension methods on them): a command sent on one goes to the
 * database its connection string names; the provider's usual service name when it is not written.
 */
const ADO_CONNECTIONS: Record<string, string> = {
  SqlConnection: "sqlserver",
  NpgsqlConnection: "postgres",
  MySqlConnection: "mysql",
  OracleConnection: "oracle",
  DbConnection: "database",
  IDbConnection: "database",
};
/** members that talk to the server: opening, commands, Dapper queries */
const ADO_COMMANDS = /^(Open|OpenAsync|BeginTransaction|BeginTransactionAsync|Query\w*|Execute\w*)$/;


export function detectModule(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  collectUsings(ctx, root);
  const clientTypes = new Set(["HttpClient"]);
  // declared types of parameters, fields, properties and locals: `Scope.name` → type name
  const types = new Map<string, string>();
  // the same for parameters, fields and properties only: what other files' code may reach (DotnetFacts.memberTypes)
  const memberTypes = new Map<string, string>();
  const extensionMethods: string[] = [];
  // ADO.NET connections by `Scope.name` → the database their connection string names
  const connections = new Map<string, string>();
  // scope declarations: types, members, fields with initializers, lambdas
  const decls = descendants(root, [...TYPE_DECLARATIONS, ...MEMBER_DECLARATIONS, ...LAMBDAS, "variable_declarator"]);
  for (const d of decls) {
    if (d.type === "variable_declarator") {
      fieldOrLocal(ctx, d, clientTypes, types, connections);
      const type = d.parent?.parent?.type === "field_declaration" ? typeKey(d.parent.childForFieldName("type")) : null;
      if (type && type !== "var") memberTypes.set(ctx.idOf(d), type);
      continue;
    }
    addFunction(ctx, d);
    if (d.type === "property_declaration") {
      const type = typeName(d.childForFieldName("type"));
      if (type) types.set(ctx.idOf(d), type);
      if (type) memberTypes.set(ctx.idOf(d), typeKey(d.childForFieldName("type"))!);
      // `public int Count { get; set; } = 3;`: the options class's default, for counts read through it (countRef.ts)
      const value = d.childForFieldName("value");
      const literal = value?.type === "arrow_expression_clause" ? null : value;
      const n = literal ? numberValue(literal) : null;
      if (n !== null) ctx.facts.constants.push({ name: ctx.idOf(d), value: { kind: "number", value: n }, line: d.startPosition.row + 1 });
    }
    // primary-constructor and method parameters typed HttpClient
    const params = d.childForFieldName("parameters") ?? d.namedChildren.find((c) => c?.type === "parameter_list") ?? null;
    for (const [i, p] of (params?.namedChildren ?? []).entries()) {
      if (p?.type !== "parameter") continue;
      const type = typeName(p.childForFieldName("type"));
      const name = p.childForFieldName("name")?.text;
      if (type && name && clientTypes.has(type)) addClient(ctx, `${ctx.idOf(d)}.${name}`, ctx.idOf(d), p, null);
      if (type && name) types.set(`${ctx.idOf(d)}.${name}`, type);
      if (type && name && !LAMBDAS.has(d.type)) memberTypes.set(`${ctx.idOf(d)}.${name}`, typeKey(p.childForFieldName("type"))!);
      // `static X AddDefaults(this IHostApplicationBuilder b)`: callable as `builder.AddDefaults()` from any file
      if (i === 0 && d.type === "method_declaration" && p.namedChildren.some((c) => c?.type === "modifier" && c.text === "this")) extensionMethods.push(ctx.idOf(d));
    }
  }
  refitRoutes(ctx, root);
  // `_api = RestService.For<IApi>(httpClient)`: holder → the Refit interface
  const refit = new Map<string, string>();
  // `_pipeline = provider.GetPipeline("key")` in a constructor: the class's field
  for (const a of descendants(root, "assignment_expression")) {
    const right = a.childForFieldName("right");
    const key = pipelineKey(right);
    const left = dottedName(a.childForFieldName("left"));
    // `_http = factory.CreateClient("inventory")` in a constructor: the field is that named client
    const factoryName = right ? createdClientName(right) : null;
    if (factoryName && left && !left.includes(".")) {
      const scope = ctx.scopeId(a);
      const field = `${scope.includes(".") ? scope.slice(0, scope.lastIndexOf(".")) : scope}.${left}`;
      addClient(ctx, field, scope.includes(".") ? scope.slice(0, scope.lastIndexOf(".")) : scope, a, null, factoryName);
    }
    // `_http.BaseAddress = new Uri(…)` in a typed client's constructor: that client's base address
    const owner = left?.endsWith(".BaseAddress") ? clientInScope(ctx, ctx.scopeId(a), left.slice(0, -".BaseAddress".length)) : undefined;
    if (owner && !owner.baseUrl) owner.baseUrl = valueExpr(right);
    if (right && left && !left.replace(/^this\./, "").includes(".")) refitClient(ctx, a, left.replace(/^this\./, ""), right, true, refit);
    if (!key || !left || left.includes(".")) continue;
    const scope = ctx.scopeId(a);
    types.set(`${scope.includes(".") ? scope.slice(0, scope.lastIndexOf(".")) : scope}.${left}`, key);
  }
  for (const v of descendants(root, "variable_declarator")) {
    const value = v.namedChildren.filter((c) => c && c.id !== v.childForFieldName("name")?.id).pop();
    const name = v.childForFieldName("name")?.text;
    if (value && name) refitClient(ctx, v, name, value, v.parent?.parent?.type === "field_declaration", refit);
  }
  for (const call of descendants(root, "invocation_expression")) extractCall(ctx, call, types, connections, refit);
  if (memberTypes.size || extensionMethods.length) {
    ctx.facts.dotnet = { ...ctx.facts.dotnet, ...(memberTypes.size ? { memberTypes: Object.fromEntries(memberTypes) } : {}), ...(extensionMethods.length ? { extensionMethods } : {}) };
  }
  ctx.facts.exports = ctx.facts.functions.filter((f) => f.topLevel).map((f) => f.id);
  for (const comment of descendants(root, "comment")) {
    const s = parseSuppression(comment.text, comment.startPosition.row + 1);
    if (s) ctx.facts.suppressions.push(s);
  }
}

function collectUsings(ctx: CsContext, root: SyntaxNode): void {
  for (const u of descendants(root, "using_directive")) {
    const named = u.namedChildren.filter((c): c is SyntaxNode => !!c && (c.type === "identifier" || c.type === "qualified_name"));
    const alias = u.childForFieldName("name");
    const target = named.filter((c) => c.id !== alias?.id).pop();
    if (!target) continue;
    const module = target.text.replace(/\s+/g, "");
    // `global using Ns;` (C# 10): every file of the project sees it (the linker adds it to theirs)
    if (!alias && /^global\s/.test(u.text) && !/^global\s+using\s+static\s/.test(u.text)) {
      ctx.facts.dotnet = { ...ctx.facts.dotnet, globalUsings: [...(ctx.facts.dotnet?.globalUsings ?? []), module] };
    }
    if (alias) ctx.facts.imports.push({ local: alias.text, module, member: null });
    else ctx.facts.imports.push({ local: module, module, member: null });
  }
}

/** `HttpClient`, `System.Net.Http.HttpClient`, `HttpClient?` → HttpClient. */
export function typeName(n: SyntaxNode | null | undefined): string | null {
  if (!n) return null;
  if (n.type === "nullable_type") return typeName(n.namedChildren[0]);
  const d = dottedName(n);
  return d ? d.slice(d.lastIndexOf(".") + 1) : null;
}

/** A type with its generic arity, as DI tells services apart: `AsyncPolicyWrap`, ``AsyncPolicyWrap`1`` for `AsyncPolicyWrap<HttpResponseMessage>`. */
export function typeKey(n: SyntaxNode | null | undefined): string | null {
  const name = typeName(n);
  if (!name || !n) return name;
  const inner = n.type === "nullable_type" ? n.namedChildren[0] : n.type === "qualified_name" ? n.childForFieldName("name") : n;
  const args = inner?.type === "generic_name" ? inner.namedChildren.find((c) => c?.type === "type_argument_list")?.namedChildren.length ?? 0 : 0;
  return args ? `${name}\`${args}` : name;
}

/** Polly v8 registry pipelines are named `ResiliencePipeline:<key>` (no dots: one id segment). */
export const PIPELINE_KEY = "ResiliencePipeline:";

/** `provider.GetPipeline("key")` / `GetPipeline<T>("key")` → `ResiliencePipeline:key`. */
function pipelineKey(n: SyntaxNode | null | undefined): string | null {
  if (n?.type !== "invocation_expression" || memberName(n.childForFieldName("function")) !== "GetPipeline") return null;
  const key = stringValue(callParts(n).positional[0]);
  return key === null ? null : pipelineKeyId(key);
}

export function pipelineKeyId(key: string): string {
  return PIPELINE_KEY + key.replace(/[.\s]/g, "_");
}

function addFunction(ctx: CsContext, d: SyntaxNode): void {
  const id = ctx.idOf(d);
  if (ctx.functionIds.has(id)) return;
  ctx.functionIds.add(id);
  const params: string[] = [];
  const ps = LAMBDAS.has(d.type) ? d.childForFieldName("parameters") : (d.childForFieldName("parameters") ?? null);
  if (ps?.type === "implicit_parameter" || ps?.type === "identifier") params.push(ps.text);
  for (const p of ps?.namedChildren ?? []) {
    const name = p?.type === "parameter" ? p.childForFieldName("name")?.text : null;
    if (name) params.push(name);
  }
  let handler: FunctionFact["handler"] = null;
  for (const attr of d.type === "method_declaration" ? descendants(d, "attribute").filter((a) => a.parent?.parent?.id === d.id) : []) {
    const name = dottedName(attr.childForFieldName("name"));
    const method = name ? ACTION_ATTRIBUTES[name.replace(/Attribute$/, "")] : undefined;
    if (!method) continue;
    const arg = attr.namedChildren.find((c) => c?.type === "attribute_argument_list")?.namedChildren[0]?.namedChildren[0];
    const route = stringValue(arg);
    handler = { method, route: route === null ? "/" : route.startsWith("/") ? route : `/${route}` };
  }
  ctx.facts.functions.push({
    id,
    name: LAMBDAS.has(d.type) ? lambdaName(d) : (d.childForFieldName("name")?.text ?? "<anonymous>"),
    span: nodeSpan(d),
    params,
    paramDefaults: {},
    topLevel: TYPE_DECLARATIONS.has(d.type) || (MEMBER_DECLARATIONS.has(d.type) && d.type !== "local_function_statement"),
    handler,
    raisesOnStatus: descendants(d, "invocation_expression", { skipNestedDefs: true }).some((c) => memberName(c.childForFieldName("function")) === "EnsureSuccessStatusCode"),
    returnsClientId: null,
  });
  // a property's initializer or expression body runs in the property's scope
}

/** Fields (their initializers are scopes), constants, and HttpClient-typed fields and locals. */
function fieldOrLocal(ctx: CsContext, v: SyntaxNode, clientTypes: Set<string>, types: Map<string, string>, connections: Map<string, string>): void {
  const declaration = v.parent;
  if (declaration?.type !== "variable_declaration") return;
  const holder = declaration.parent;
  const name = v.childForFieldName("name")?.text;
  if (!name) return;
  const value = v.namedChildren.filter((c) => c && c.id !== v.childForFieldName("name")?.id).pop() ?? null;
  const declared = typeName(declaration.childForFieldName("type"));
  // `var http = sp.GetRequiredService<HttpClient>()`, `var opts = config.Get<RetryOptions>()`: the initializer says the type
  const type = declared === null || declared === "var" ? (typeOfExpression(value)?.name ?? declared) : declared;
  const isField = holder?.type === "field_declaration";
  const scope = isField ? ctx.idOf(v) : `${ctx.scopeId(v)}.${name}`;
  const owner = isField ? ctx.scopeId(v) : ctx.scopeId(v);
  if (isField && value && !ctx.functionIds.has(ctx.idOf(v))) {
    ctx.functionIds.add(ctx.idOf(v));
    ctx.facts.functions.push({
      id: ctx.idOf(v),
      name,
      span: nodeSpan(v),
      params: [],
      paramDefaults: {},
      topLevel: true,
      handler: null,
      raisesOnStatus: false,
      returnsClientId: null,
    });
    const constant = valueExpr(value);
    const modifiers = holder!.namedChildren.filter((c) => c?.type === "modifier").map((c) => c!.text);
    if (constant && (constant.kind === "string" || constant.kind === "number" || constant.kind === "concat" || constant.kind === "env") && (modifiers.includes("const") || modifiers.includes("readonly"))) {
      ctx.facts.constants.push({ name: ctx.idOf(v), value: constant, line: v.startPosition.row + 1 });
    }
  } else if (!isField && value) {
    // a local constant or URL variable: `var url = $"…"`, resolved as `Scope.name`
    const constant = valueExpr(value);
    if (constant && constant.kind !== "unknown" && constant.kind !== "ref") ctx.facts.constants.push({ name: scope, value: constant, line: v.startPosition.row + 1 });
  }
  const created = value?.type === "object_creation_expression" ? createdType(value) : value?.type === "implicit_object_creation_expression" ? type : null;
  if (type || created) types.set(scope, (type ?? created)!);
  const provider = ADO_CONNECTIONS[created ?? type ?? ""];
  if (provider) {
    // `new SqlConnection("Server=db;…")`: the host it names; a connection string read elsewhere: the provider's name
    const cs = value?.type === "object_creation_expression" ? stringValue(callParts(value).positional[0]) : null;
    connections.set(scope, (cs && hostOfConnectionString(cs)) || provider);
  }
  const key = value ? pipelineKey(value) : null;
  if (key) types.set(scope, key);
  const factoryName = value ? createdClientName(value) : null;
  if ((type && clientTypes.has(type)) || (created && clientTypes.has(created)) || factoryName) {
    addClient(ctx, scope, owner, v, value?.type === "object_creation_expression" ? value : null, factoryName);
  }
}

/** The HttpClient a name stands for inside `scope`: a local, a parameter, then a field of an enclosing type. */
function clientInScope(ctx: CsContext, scope: string, name: string): ClientFact | undefined {
  if (name.includes(".")) return undefined;
  const parts = scope === "<module>" ? [] : scope.split(".");
  for (let i = parts.length; i >= 1; i--) {
    const hit = ctx.facts.clients.find((c) => c.name === `${parts.slice(0, i).join(".")}.${name}`);
    if (hit) return hit;
  }
  return undefined;
}

/** `factory.CreateClient("inventory")` → the client name ("" = the default client for `CreateClient()`); null for other expressions. */
function createdClientName(n: SyntaxNode): ValueExpr | null {
  if (n.type !== "invocation_expression" || memberName(n.childForFieldName("function")) !== "CreateClient") return null;
  const arg = callParts(n).positional[0] ?? callParts(n).keywords.get("name");
  return arg ? (clientNameExpr(arg) ?? { kind: "unknown", text: arg.text.slice(0, 120) }) : { kind: "string", value: "" };
}

function addClient(ctx: CsContext, name: string, functionId: string, at: SyntaxNode, creation: SyntaxNode | null, factoryName: ValueExpr | null = null): void {
  const existing = ctx.facts.clients.find((c) => c.name === name);
  if (existing) {
    if (factoryName) existing.httpClientName = factoryName;
    return;
  }
  let baseUrl: ValueExpr | null = null;
  let timeoutSet = false;
  const init = creation?.childForFieldName("initializer") ?? null;
  for (const a of init?.namedChildren ?? []) {
    if (a?.type !== "assignment_expression") continue;
    const left = dottedName(a.childForFieldName("left"));
    if (left === "BaseAddress") baseUrl = valueExpr(a.childForFieldName("right"));
    if (left === "Timeout") timeoutSet = true;
  }
  ctx.facts.clients.push({
    id: ctx.nextId("K", at),
    name,
    functionId,
    span: nodeSpan(at),
    library: "HttpClient",
    baseUrl,
    layerIds: [],
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    // HttpClient.Timeout defaults to 100 s for the whole request
    timeoutSeconds: timeoutSet ? null : 100,
    timeoutSet: true,
    ...(factoryName ? { httpClientName: factoryName } : {}),
  });
}

function extractCall(ctx: CsContext, call: SyntaxNode, types: Map<string, string>, connections: Map<string, string>, refit: Map<string, string>): void {
  const parts = callParts(call);
  const written = dottedName(parts.fn);
  const functionId = ctx.scopeId(call);
  // `_inventory.StockAsync()` on an injected `InventoryClient _inventory`: named after the type,
  // so the linker finds `Ns.InventoryClient.StockAsync` (HttpClient calls keep their receiver)
  let callee = written;
  let database: string | undefined;
  let refitCall: RequestFact["refit"];
  const member = written?.slice(written.lastIndexOf(".") + 1) ?? "";
  if (written?.includes(".") && !(member in HTTP_CLIENT_METHODS)) {
    const head = written.slice(0, written.indexOf("."));
    // top-level statements' locals are `<module>.name`
    const scopes = ["<module>", ...(functionId === "<module>" ? [] : functionId.split("."))];
    for (let i = scopes.length; i >= 1; i--) {
      const key = i === 1 ? `<module>.${head}` : `${scopes.slice(1, i).join(".")}.${head}`;
      // a Refit client keeps its name (the linker finds its HttpClient); the call sends the member's request
      const iface = refit.get(key);
      if (iface && written.split(".").length === 2) {
        refitCall = { iface, member };
        break;
      }
      const type = types.get(key);
      if (type && ADO_CONNECTIONS[type] && written.split(".").length === 2 && ADO_COMMANDS.test(member)) database = connections.get(key) ?? ADO_CONNECTIONS[type];
      // Polly pipelines/policies keep their holder's name: the linker runs `Execute*` through it;
      // a pipeline from the registry (`provider.GetPipeline("key")`) is named after its key
      if (type?.startsWith(PIPELINE_KEY) || (type && type !== "var" && /^[A-Z]/.test(type) && type !== "HttpClient" && !/Pipeline|Policy/.test(type))) {
        callee = type + written.slice(head.length);
        break;
      }
    }
  }
  const args: CallArg[] = [];
  let invokesArg: number | undefined;
  parts.positional.forEach((p, i) => {
    if (LAMBDAS.has(p.type)) {
      const name = lambdaName(p);
      args.push({ keyword: null, name, ...(returnsTask(p) ? { task: true as const } : {}) });
      ctx.facts.referencedFunctions.push(ctx.idOf(p));
      invokesArg ??= i;
    } else args.push({ keyword: null, name: dottedName(p), ...literalArg(p) });
  });
  for (const [k, v] of parts.keywords) args.push({ keyword: k, name: LAMBDAS.has(v.type) ? lambdaName(v) : dottedName(v), ...literalArg(v), ...(returnsTask(v) ? { task: true as const } : {}) });
  // method groups passed as callbacks are not entry points
  for (const a of args) if (a.name && !a.name.startsWith("lambda@")) ctx.facts.referencedFunctions.push(a.name);
  // `factory.CreateClient("inventory").GetStringAsync(url)`: a client of its own, named after the call
  const receiver = parts.fn?.type === "member_access_expression" ? parts.fn.childForFieldName("expression") : null;
  const inlineName = !callee && receiver ? createdClientName(receiver) : null;
  const sent = memberName(parts.fn) ?? "";
  if (inlineName && sent in HTTP_CLIENT_METHODS) {
    const label = `CreateClient(${(inlineName.kind === "string" ? inlineName.value : inlineName.kind === "ref" ? inlineName.name : "…").replace(/[.\s]/g, "_")})`;
    addClient(ctx, `${functionId}.${label}`, functionId, receiver!, null, inlineName);
    callee = `${label}.${sent}`;
  }
  if (!callee) {
    // `….AddHttpClient<T>().AddDefaults()`: kept apart, for the callers of extension methods
    if (parts.fn?.type === "member_access_expression" && parts.fn.childForFieldName("expression")?.type === "invocation_expression" && sent) {
      const chained = { id: ctx.nextId("C", call), span: nodeSpan(call), functionId, callee: `(chain).${sent}`, args };
      ctx.facts.dotnet = { ...ctx.facts.dotnet, chainedCalls: [...(ctx.facts.dotnet?.chainedCalls ?? []), chained] };
    }
    return;
  }
  // minimal API: app.MapGet("/x", handler)
  if (member in MINIMAL_API) {
    const route = stringValue(parts.positional[0]);
    const handler = parts.positional[1];
    if (route !== null && handler && LAMBDAS.has(handler.type)) {
      const fn = ctx.functionIds.has(ctx.idOf(handler)) ? ctx.facts.functions.find((f) => f.id === ctx.idOf(handler)) : undefined;
      if (fn) fn.handler = { method: MINIMAL_API[member] ?? null, route: route.startsWith("/") ? route : `/${route}` };
    } else if (route !== null && handler?.type === "identifier") {
      // a method group: `app.MapPost("/tickets", CreateTicketAsync)`, a method of the enclosing class (or a local function)
      const scopes = functionId === "<module>" ? [] : functionId.split(".");
      for (let i = scopes.length; i >= 0; i--) {
        const id = [...scopes.slice(0, i), handler.text].join(".");
        const fn = ctx.facts.functions.find((f) => f.id === id || (ctx.fileNamespace && f.id === `${ctx.fileNamespace}.${id}`));
        if (!fn) continue;
        fn.handler = { method: MINIMAL_API[member] ?? null, route: route.startsWith("/") ? route : `/${route}` };
        break;
      }
    }
  }
  const request: RequestFact | undefined =
    requestOf(ctx, call, member || sent, parts) ??
    (database ? { method: null, url: { kind: "string", value: `db://${database}` }, protocol: "db", idempotencyKey: null, timeoutSeconds: null, library: "ADO.NET" } : undefined) ??
    (refitCall ? { method: null, url: null, protocol: "http", idempotencyKey: null, timeoutSeconds: null, library: null, refit: refitCall } : undefined);
  const nameNode = parts.fn?.type === "member_access_expression" ? parts.fn.childForFieldName("name") : parts.fn;
  const typeArgs = nameNode?.type === "generic_name" ? (nameNode.namedChildren.find((c) => c?.type === "type_argument_list")?.namedChildren ?? []).map((t) => dottedName(t) ?? t?.text ?? "") : [];
  ctx.facts.calls.push({
    id: ctx.nextId("C", call),
    span: nodeSpan(call),
    functionId,
    callee,
    args,
    ...(typeArgs.length ? { typeArgs } : {}),
    ...(request ? { request } : {}),
    ...(invokesArg !== undefined ? { invokesArg } : {}),
  });
}

/** A literal argument's value: `AddResiliency(false)`, `WithRetries(op, 5)`. */
function literalArg(n: SyntaxNode): Pick<CallArg, "number" | "bool" | "text"> {
  const b = boolValue(n);
  if (b !== null) return { bool: b };
  const t = stringValue(n);
  if (t !== null) return { text: t };
  const v = numberValue(n);
  return v !== null ? { number: v } : {};
}

function requestOf(ctx: CsContext, call: SyntaxNode, member: string, parts: ReturnType<typeof callParts>): RequestFact | undefined {
  if (!(member in HTTP_CLIENT_METHODS)) return undefined;
  const scope = enclosingScopeNode(call);
  let method = HTTP_CLIENT_METHODS[member] ?? null;
  let urlNode = parts.keywords.get("requestUri") ?? parts.keywords.get("url") ?? parts.positional[0] ?? null;
  if (method === null) {
    // SendAsync(new HttpRequestMessage(HttpMethod.Post, url)) or SendAsync(req) with req built in the same scope
    let msg: SyntaxNode | null = parts.keywords.get("request") ?? parts.positional[0] ?? null;
    if (msg?.type === "identifier" && scope) {
      const decl = descendants(scope, "variable_declarator").find((v) => v.childForFieldName("name")?.text === msg!.text);
      msg = decl?.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== "identifier").pop() ?? null;
    }
    if (msg?.type !== "object_creation_expression" || createdType(msg) !== "HttpRequestMessage") return undefined;
    const mp = callParts(msg);
    const m = dottedName(mp.positional[0]);
    method = m?.startsWith("HttpMethod.") ? m.slice("HttpMethod.".length).toUpperCase() : null;
    urlNode = mp.positional[1] ?? null;
  }
  const url = valueExpr(urlNode);
  const absolute = url?.kind === "string" ? /^https?:\/\//.test(url.value) : url?.kind === "concat" && url.parts[0]?.kind === "string" && /^https?:\/\//.test(url.parts[0].value);
  const keyed = scope
    ? descendants(scope, ["string_literal", "verbatim_string_literal"], { skipNestedDefs: false }).some((s) => IDEMPOTENCY_HEADER.test(stringValue(s) ?? ""))
    : false;
  return {
    method,
    url,
    protocol: "http",
    idempotencyKey: keyed,
    timeoutSeconds: null,
    // HttpClient-only method names with an absolute URL: a request even when the receiver is not resolved
    library: absolute ? "HttpClient" : null,
  };
}

function enclosingScopeNode(n: SyntaxNode): SyntaxNode | null {
  for (let p = n.parent; p; p = p.parent) if (MEMBER_DECLARATIONS.has(p.type)) return p;
  return null;
}
