/**
 * How the policies polly.ts found are wired into a .NET application, as far as one file tells:
 *
 * - Registered for injection (§3.7 policies, §3.6 pipelines): `services.AddSingleton<AsyncPolicyWrap>(sp =>
 *   { var retry = Policy…RetryAsync(3); …; return Policy.WrapAsync(retry, breaker); })`. The
 *   layers of the returned policy (followed through locals and `Wrap`/`WrapAsync`) are held by a
 *   holder standing for the registered instance (`PolicyService:AsyncPolicyWrap`); the linker runs
 *   `policy.ExecuteAsync(…)` on an injected field or parameter of that type under them.
 * - Registered behind a flag: `if (globalHandler) { services.ConfigureHttpClientDefaults(…) }` with
 *   `bool globalHandler` a parameter of the method (DotnetFacts.guardedLayers): the linker disables
 *   the layer when every call of the method passes the other literal.
 * - A pipeline that only waits for the database schema at startup (`pipeline.ExecuteAsync(ct =>
 *   db.Database.EnsureCreatedAsync(ct))`, also Migrate, CanConnect): an off-path layer.
 * - A synchronous Polly v7 policy executing an async callable retries nothing: an inert layer (§3.7);
 *   so does a Polly v8 pipeline that only the synchronous `Execute(async () => …)` runs (§3.6).
 */
import type { FunctionFact, LayerFact } from "../../model/facts";
import type { GuardedLayerFact, PolicyServiceFact } from "../../model/dotnetFacts";
import { boolValue, callParts, descendants, dottedName, memberName, nodeSpan } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { LAMBDAS, MEMBER_DECLARATIONS, returnsTask, type CsContext } from "./context";
import { enclosingFlag } from "./declaredTypes";
import { typeKey } from "./module";

const DI_LIFETIMES = /^(TryAdd|Add)(Singleton|Scoped|Transient)$/;
/** database calls that create, migrate or probe the schema: run once at startup */
const SCHEMA_CALLS = /^(EnsureCreated|EnsureDeleted|Migrate|CanConnect|ExecuteSqlRaw|OpenConnection)(Async)?$/;
export const POLICY_SERVICE = "PolicyService:";

export function detectPolicyWiring(ctx: CsContext): void {
  if (!ctx.facts.layers.length) return;
  const root = ctx.tree.rootNode;
  const anchors = new Map<LayerFact, SyntaxNode>();
  for (const l of ctx.facts.layers) {
    const n = root.namedDescendantForPosition({ row: l.anchor.line - 1, column: l.anchor.column });
    if (n) anchors.set(l, n);
  }
  policyServices(ctx, root);
  parameterExecutions(ctx, root);
  guardedLayers(ctx, anchors);
  syncPoliciesOverAsync(ctx, root, anchors);
  startupPipelines(ctx, root, anchors);
}

function policyServices(ctx: CsContext, root: SyntaxNode): void {
  const services: PolicyServiceFact[] = [];
  for (const call of descendants(root, "invocation_expression")) {
    const fn = call.childForFieldName("function");
    const nameNode = fn?.type === "member_access_expression" ? fn.childForFieldName("name") : null;
    if (!DI_LIFETIMES.test(memberName(fn) ?? "") || nameNode?.type !== "generic_name") continue;
    const typeArgs = nameNode.namedChildren.find((c) => c?.type === "type_argument_list")?.namedChildren ?? [];
    const factory = callParts(call).positional[0];
    if (typeArgs.length !== 1 || !factory) continue;
    const type = typeKey(typeArgs[0]);
    if (!type) continue;
    const holders = new Set<string>();
    const spans: SyntaxNode[] = [];
    for (const e of returnedExpressions(factory)) {
      spans.push(e);
      collectHolders(ctx, factory, e, holders, new Set());
    }
    const layers = ctx.facts.layers.filter(
      (l) => (l.attach.kind === "object" && holders.has(l.attach.objectId)) || spans.some((s) => l.anchor.line >= s.startPosition.row + 1 && l.anchor.line <= s.endPosition.row + 1 && l.attach.kind === "object"),
    );
    if (!layers.length) continue;
    const holderId = POLICY_SERVICE + type;
    if (!ctx.functionIds.has(holderId)) {
      ctx.functionIds.add(holderId);
      const holder: FunctionFact = { id: holderId, name: `${type.replace(/`\d+$/, "")} (registered)`, span: nodeSpan(call), params: [], paramDefaults: {}, topLevel: false, handler: null, raisesOnStatus: false, returnsClientId: null };
      ctx.facts.functions.push(holder);
    }
    for (const l of layers) if (l.attach.kind === "object") l.attach = { ...l.attach, objectId: holderId };
    services.push({ type, holderId, scopeId: ctx.scopeId(call), line: call.startPosition.row + 1 });
  }
  if (services.length) ctx.facts.dotnet = { ...ctx.facts.dotnet, policyServices: services };
}

/** What a factory returns: the lambda's expression body or its top-level `return`s, or the argument itself. */
function returnedExpressions(factory: SyntaxNode): SyntaxNode[] {
  if (!LAMBDAS.has(factory.type)) return [factory];
  const body = factory.childForFieldName("body");
  if (!body) return [];
  if (body.type !== "block") return [body];
  return descendants(body, "return_statement", { skipNestedDefs: true })
    .map((r) => r.namedChildren[0])
    .filter((e): e is SyntaxNode => !!e);
}

/** Locals a returned policy is built from (`Policy.WrapAsync(retry, breaker)`, `combined.WrapAsync(timeout)`), as holder ids. */
function collectHolders(ctx: CsContext, factory: SyntaxNode, expr: SyntaxNode, out: Set<string>, seen: Set<number>): void {
  const names = expr.type === "identifier" ? [expr] : descendants(expr, "identifier");
  for (const id of names) {
    const decl = descendants(factory, "variable_declarator").find((v) => v.childForFieldName("name")?.text === id.text);
    if (!decl || seen.has(decl.id)) continue;
    seen.add(decl.id);
    out.add(`${ctx.scopeId(decl)}.${id.text}`);
    const value = decl.namedChildren.filter((c) => c && c.id !== decl.childForFieldName("name")?.id).pop();
    if (value) collectHolders(ctx, factory, value, out, seen);
  }
}

/**
 * A policy built in a method that executes the method's own callable parameter (`Task<T>
 * ExecuteResilient(Func<Task<T>> action) { var retry = Policy…RetryAsync(5); return fallback
 * .WrapAsync(retry).ExecuteAsync(action); }`, also `Policy.WrapAsync(a, retry)`): the method is a
 * retry helper, its callers' callables run under the layer (attachment `helper`).
 */
function parameterExecutions(ctx: CsContext, root: SyntaxNode): void {
  for (const call of descendants(root, "invocation_expression")) {
    const fn = call.childForFieldName("function");
    if (!memberName(fn)?.startsWith("Execute") || fn?.type !== "member_access_expression") continue;
    const arg = callParts(call).positional[0];
    if (arg?.type !== "identifier") continue;
    let method: SyntaxNode | null = call.parent;
    while (method && !MEMBER_DECLARATIONS.has(method.type)) method = method.parent;
    if (!method || LAMBDAS.has(method.type)) continue;
    const params = method.childForFieldName("parameters")?.namedChildren.filter((c): c is SyntaxNode => c?.type === "parameter") ?? [];
    const index = params.findIndex((p) => p.childForFieldName("name")?.text === arg.text);
    if (index < 0) continue;
    const scope = ctx.scopeId(call);
    const holders = new Set(policiesIn(fn.childForFieldName("expression")).map((h) => `${scope}.${h}`));
    for (const l of ctx.facts.layers) {
      if (l.attach.kind !== "object" || !holders.has(l.attach.objectId)) continue;
      l.attach = { kind: "helper", functionId: ctx.idOf(method), paramIndex: index, paramName: arg.text };
    }
  }
}

/** The locals a policy expression runs: `retry`, `outer.WrapAsync(retry)`, `Policy.WrapAsync(a, b)`. */
function policiesIn(n: SyntaxNode | null): string[] {
  if (!n) return [];
  if (n.type === "identifier") return [n.text];
  if (n.type === "parenthesized_expression") return policiesIn(n.namedChildren[0] ?? null);
  if (n.type !== "invocation_expression") return [];
  const fn = n.childForFieldName("function");
  if (!/^Wrap(Async)?$/.test(memberName(fn) ?? "") || fn?.type !== "member_access_expression") return [];
  const receiver = fn.childForFieldName("expression");
  const fromReceiver = dottedName(receiver) === "Policy" ? [] : policiesIn(receiver);
  return [...fromReceiver, ...callParts(n).positional.flatMap((a) => policiesIn(a))];
}

function guardedLayers(ctx: CsContext, anchors: Map<LayerFact, SyntaxNode>): void {
  const guarded: GuardedLayerFact[] = [];
  for (const [layer, node] of anchors) {
    const flag = enclosingFlag(node);
    if (!flag) continue;
    let method: SyntaxNode | null = flag.statement.parent;
    while (method && !MEMBER_DECLARATIONS.has(method.type)) method = method.parent;
    const params = method?.childForFieldName("parameters")?.namedChildren.filter((c): c is SyntaxNode => c?.type === "parameter") ?? [];
    const index = params.findIndex((p) => p.childForFieldName("name")?.text === flag.name);
    if (!method || index < 0 || params[index]!.childForFieldName("type")?.text !== "bool") continue;
    const def = params[index]!.namedChildren.find((c) => c?.type === "boolean_literal");
    guarded.push({ layerId: layer.localId, functionId: ctx.idOf(method), param: flag.name, index, defaultValue: def ? boolValue(def) : null, enabledWhen: !flag.negated });
  }
  if (guarded.length) ctx.facts.dotnet = { ...ctx.facts.dotnet, guardedLayers: guarded };
}

/**
 * What each policy layer runs: the callables passed to `Execute*` on its holder (a local or a field
 * of this file), or chained directly on the policy (`Policy.Handle<E>().Retry(3).Execute(() => …)`).
 */
function executionsOf(ctx: CsContext, root: SyntaxNode, anchors: Map<LayerFact, SyntaxNode>): Map<LayerFact, Execution[]> {
  const byHolder: Array<{ scopes: string[]; holder: string; run: Execution }> = [];
  for (const call of descendants(root, "invocation_expression")) {
    const fn = call.childForFieldName("function");
    if (!memberName(fn)?.startsWith("Execute") || fn?.type !== "member_access_expression") continue;
    const holder = dottedName(fn.childForFieldName("expression"));
    const arg = callParts(call).positional[0];
    if (!holder || holder.includes(".") || !arg) continue;
    const scope = ctx.scopeId(call);
    const parts = scope === "<module>" ? ["<module>"] : scope.split(".");
    byHolder.push({ scopes: parts.map((_, i) => parts.slice(0, parts.length - i).join(".")), holder, run: { arg, member: memberName(fn)! } });
  }
  const out = new Map<LayerFact, Execution[]>();
  for (const [l, anchor] of anchors) {
    const runs: Execution[] = [];
    if (l.attach.kind === "object" && l.attach.objectId) {
      const id = l.attach.objectId;
      for (const e of byHolder) if (e.scopes.some((s) => `${s}.${e.holder}` === id)) runs.push(e.run);
    }
    // the policy's own call, then `.Execute(…)` chained on it
    const call = anchor.parent?.type === "member_access_expression" ? anchor.parent.parent : null;
    const next = call?.type === "invocation_expression" && call.parent?.type === "member_access_expression" ? call.parent.parent : null;
    if (next?.type === "invocation_expression" && memberName(next.childForFieldName("function"))?.startsWith("Execute")) {
      const arg = callParts(next).positional[0];
      if (arg) runs.push({ arg, member: memberName(next.childForFieldName("function"))! });
    }
    if (runs.length) out.set(l, runs);
  }
  return out;
}

function startupPipelines(ctx: CsContext, root: SyntaxNode, anchors: Map<LayerFact, SyntaxNode>): void {
  for (const [l, executions] of executionsOf(ctx, root, anchors)) {
    if (l.offPath || l.maxAttempts === 1) continue;
    const runs = executions.map((e) => e.arg);
    // a lambda's calls, or a method group (`retryPolicy.Execute(context.Database.Migrate)`)
    const isGroup = (r: SyntaxNode) => r.type === "member_access_expression" || r.type === "identifier";
    const calls = runs.flatMap((r) => (LAMBDAS.has(r.type) ? descendants(r, "invocation_expression").map((c) => c.childForFieldName("function")) : isGroup(r) ? [r] : []));
    const schema = calls.map((c) => memberName(c) ?? (c?.type === "identifier" ? c.text : "")).filter((m) => SCHEMA_CALLS.test(m));
    if (runs.every((r) => LAMBDAS.has(r.type) || isGroup(r)) && calls.length && schema.length === calls.length) {
      l.offPath = `startup: waits for the database (${[...new Set(schema)].join(", ")}), not a request`;
    }
  }
}

/**
 * A synchronous Polly v7 policy (`Retry`, `WaitAndRetry`, `RetryForever` without `Async`) executing
 * an async callable (`Execute(async () => …)`, `Execute(() => client.SendMailAsync(m))`) gets the
 * Task back and never sees its failure (§3.7): it retries nothing, an inert layer.
 */
function syncPoliciesOverAsync(ctx: CsContext, root: SyntaxNode, anchors: Map<LayerFact, SyntaxNode>): void {
  for (const [l, runs] of executionsOf(ctx, root, anchors)) {
    if (l.kind === "polly-v7-retry" && !/Async$/.test(anchors.get(l)?.text ?? "Async") && runs.every((r) => returnsTask(r.arg))) {
      l.maxAttempts = 1;
      l.countUnknown = false;
      l.attemptsNote = `${anchors.get(l)!.text} is a synchronous policy running an async callable: it gets the Task back and never sees the failure, so nothing is retried (use ${anchors.get(l)!.text}Async with ExecuteAsync)`;
    }
    // Polly v8: one pipeline serves both; the synchronous `Execute(async () => …)` is
    // Execute<Task>(Func<Task>), whose faulted Task is a result, not an exception (§3.6)
    if (l.kind === "polly-retry" && runs.every((r) => r.member === "Execute" && returnsTask(r.arg))) {
      l.maxAttempts = 1;
      l.countUnknown = false;
      l.attemptsNote = `${l.attemptsNote}; inert: the pipeline only runs through the synchronous Execute over an async lambda (Execute<Task>), which gets the Task back as a result and never sees the failure, so nothing is retried (use ExecuteAsync)`;
    }
  }
  // a helper running the callable it is given (`T RetryOnFailure<T>(this object s, Func<T> action)
  // { return policy.Execute(action); }`, attached to the parameter by parameterExecutions): inert
  // when every caller passes an async lambda (the linker reads the call sites, CallArg.task)
  for (const l of ctx.facts.layers) {
    if (l.attach.kind !== "helper" || l.attach.paramName === undefined || l.maxAttempts === 1) continue;
    const param = l.attach.paramName;
    const method = root.namedDescendantForPosition({ row: l.anchor.line - 1, column: l.anchor.column });
    let decl: SyntaxNode | null = method;
    while (decl && decl.type !== "method_declaration" && decl.type !== "local_function_statement") decl = decl.parent;
    if (!decl || ctx.idOf(decl) !== l.attach.functionId) continue;
    // what runs the parameter: `Execute(action)` (sync) or `ExecuteAsync(action)`
    const members = descendants(decl, "invocation_expression")
      .filter((c) => callParts(c).positional[0]?.text === param && memberName(c.childForFieldName("function"))?.startsWith("Execute"))
      .map((c) => memberName(c.childForFieldName("function"))!);
    const sync = l.kind === "polly-v7-retry" ? !/Async$/.test(anchors.get(l)?.text ?? "Async") : l.kind === "polly-retry";
    if (!sync || !members.length || members.some((m) => m !== "Execute")) continue;
    ctx.facts.dotnet = { ...ctx.facts.dotnet, asyncArgGates: [...(ctx.facts.dotnet?.asyncArgGates ?? []), { layerId: l.localId, functionId: l.attach.functionId, param, index: l.attach.paramIndex }] };
  }
}

/** A callable run under a policy: the argument and the `Execute*` member that runs it. */
interface Execution {
  arg: SyntaxNode;
  member: string;
}

