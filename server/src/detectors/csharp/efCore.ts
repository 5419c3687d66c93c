/**
 * EF Core execution strategies — reference §3.13 (retrying strategies) and §3.14 (.NET Aspire EF
 * Core integrations).
 *
 * - `UseSqlServer(cs, o => o.EnableRetryOnFailure(…))` (also Npgsql, MySQL): EF Core's
 *   `ExecutionStrategy` (dotnet/efcore src/EFCore/Storage/ExecutionStrategy.cs): DefaultMaxRetryCount
 *   = 6 retries → 7 attempts, DefaultMaxDelay 30 s, delay (2^n − 1) s × (1 + 0–10 % random), so
 *   the first retry is immediate. Only the provider's transient errors are retried. Overloads:
 *   `()`, `(maxRetryCount)`, `(maxRetryCount, maxRetryDelay, errorNumbersToAdd)`.
 * - Aspire client integrations turn the provider's retrying strategy on with its defaults unless
 *   the settings say `DisableRetry = true` (dotnet/aspire src/Components, v8.2.2 and v13.1.0):
 *   `builder.AddNpgsqlDbContext<T>("db")` and `EnrichNpgsqlDbContext<T>()`, likewise
 *   SqlServer, MySql (Pomelo), OracleDatabase, AzureNpgsql. Nobody wrote EnableRetryOnFailure:
 *   the layer is implicit, anchored on the integration call. Enrich keeps a retrying strategy the
 *   registration already configured (then that one is the layer).
 * - A DbContext registration (`AddDbContext<T>`, `AddDbContextPool<T>`, the Aspire calls, a
 *   context's own `OnConfiguring`) records which layers T's queries go through
 *   (DotnetFacts.dbContexts); the linker turns calls on a T-typed receiver into requests to the
 *   database (engine/dotnetDb.ts).
 * - A strategy configured in an `IDesignTimeDbContextFactory` serves `dotnet ef` tooling only:
 *   an off-path layer.
 */
import type { LayerFact } from "../../model/facts";
import type { DbContextRegistration } from "../../model/dotnetFacts";
import { boolValue, callParts, descendants, dottedName, memberName, nodeSpan, numberValue, stringValue, timeSpanSeconds, valueExpr } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { fmtSeconds } from "../python/waits";
import { TYPE_DECLARATIONS, type CsContext } from "./context";
import { countRef } from "./countRef";

type Base = Omit<LayerFact, "localId" | "anchor" | "attach" | "label">;

/** ExecutionStrategy.DefaultMaxRetryCount (EF Core; Npgsql, SQL Server and Pomelo keep it) */
const DEFAULT_RETRIES = 6;

/** Aspire EF Core integrations: method → provider and the configuration section its settings bind from. */
const ASPIRE_INTEGRATIONS: Record<string, { provider: string; section: string }> = {
  Npgsql: { provider: "Npgsql", section: "Aspire:Npgsql:EntityFrameworkCore:PostgreSQL" },
  AzureNpgsql: { provider: "Npgsql", section: "Aspire:Npgsql:EntityFrameworkCore:PostgreSQL" },
  SqlServer: { provider: "SqlServer", section: "Aspire:Microsoft:EntityFrameworkCore:SqlServer" },
  MySql: { provider: "MySql", section: "Aspire:Pomelo:EntityFrameworkCore:MySql" },
  OracleDatabase: { provider: "Oracle", section: "Aspire:Oracle:EntityFrameworkCore" },
};
const ASPIRE_CALL = /^(Add|Enrich)(Npgsql|AzureNpgsql|SqlServer|MySql|OracleDatabase)DbContext$/;
const EF_REGISTRATIONS = /^(AddDbContext|AddDbContextPool|AddDbContextFactory|AddPooledDbContextFactory)$/;

export function detectEfCore(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  const registrations: DbContextRegistration[] = [];
  const explicit = new Map<string, string[]>();
  for (const call of descendants(root, "invocation_expression")) {
    const fn = call.childForFieldName("function");
    const member = memberName(fn);
    if (member !== "EnableRetryOnFailure") continue;
    const nameNode = fn?.childForFieldName("name") ?? fn!;
    const localId = ctx.nextId("L", nameNode);
    const design = designTimeFactory(call);
    ctx.facts.layers.push({
      ...efCoreRetry(ctx, call),
      localId,
      anchor: nodeSpan(nameNode),
      attach: { kind: "client" },
      label: `EnableRetryOnFailure (${providerOf(call) ?? "EF Core"})`,
      ...(design ? { offPath: `design-time DbContext factory ${design} (dotnet ef tooling, not the running service)` } : {}),
    });
    if (design) continue;
    const reg = registrationOf(ctx, call);
    if (!reg) continue;
    const known = registrations.find((r) => r.line === reg.line && r.contextType === reg.contextType);
    if (known) known.layerIds.push(localId);
    else registrations.push({ ...reg, layerIds: [localId] });
    explicit.set(reg.contextType, [...(explicit.get(reg.contextType) ?? []), localId]);
  }
  for (const call of descendants(root, "invocation_expression")) {
    const fn = call.childForFieldName("function");
    const m = ASPIRE_CALL.exec(memberName(fn) ?? "");
    const nameNode = fn?.type === "member_access_expression" ? fn.childForFieldName("name") : null;
    if (!m || nameNode?.type !== "generic_name") continue;
    const context = typeArgument(nameNode);
    if (!context) continue;
    aspireIntegration(ctx, call, nameNode, m[1] === "Enrich", ASPIRE_INTEGRATIONS[m[2]!]!, context, registrations, explicit);
  }
  // plain registrations without a retrying strategy: T's queries still reach the database
  for (const call of descendants(root, "invocation_expression")) {
    const fn = call.childForFieldName("function");
    const nameNode = fn?.type === "member_access_expression" ? fn.childForFieldName("name") : null;
    if (!EF_REGISTRATIONS.test(memberName(fn) ?? "") || nameNode?.type !== "generic_name") continue;
    const context = typeArgument(nameNode);
    const line = call.startPosition.row + 1;
    if (!context || registrations.some((r) => r.line === line && r.contextType === context)) continue;
    registrations.push({ contextType: context, generic: isTypeParameter(call, context), scopeId: ctx.scopeId(call), line, connection: connectionOf(call), layerIds: [] });
  }
  if (registrations.length) ctx.facts.dotnet = { ...ctx.facts.dotnet, dbContexts: registrations };
  explicitStrategies(ctx, root);
}

const STRATEGY_EXECUTE = new Set(["Execute", "ExecuteAsync", "ExecuteInTransaction", "ExecuteInTransactionAsync"]);

/**
 * `var strategy = db.Database.CreateExecutionStrategy(); await strategy.ExecuteAsync(async () => …)`
 * (also chained on the call): the callable runs under the context's execution strategy, which
 * re-runs all of it on a transient error when the context is configured with a retrying strategy
 * (EnableRetryOnFailure; reference §3.13). The count is the registration's, found at link time;
 * the anchor is the `Execute*` call. A strategy executing its method's own callable parameter is a
 * retry helper for its callers.
 */
function explicitStrategies(ctx: CsContext, root: SyntaxNode): void {
  const found: Array<{ layerId: string; scopeId: string }> = [];
  for (const create of descendants(root, "invocation_expression")) {
    if (memberName(create.childForFieldName("function")) !== "CreateExecutionStrategy") continue;
    const scope = ctx.scopeId(create);
    const executions: Array<{ call: SyntaxNode; holder: string }> = [];
    const parent = create.parent;
    if (parent?.type === "member_access_expression" && parent.parent?.type === "invocation_expression" && STRATEGY_EXECUTE.has(memberName(parent.parent.childForFieldName("function")) ?? "")) {
      const at = nodeSpan(create);
      executions.push({ call: parent.parent, holder: `strategy@${at.line}:${at.column}` });
    } else if (parent?.type === "variable_declarator" || parent?.type === "equals_value_clause") {
      const decl = parent.type === "variable_declarator" ? parent : parent.parent;
      const name = decl?.childForFieldName("name")?.text;
      let method: SyntaxNode | null = create.parent;
      while (method && !["method_declaration", "local_function_statement", "constructor_declaration", "lambda_expression"].includes(method.type)) method = method.parent;
      if (!name || !method) continue;
      for (const c of descendants(method, "invocation_expression")) {
        const f = c.childForFieldName("function");
        if (f?.type === "member_access_expression" && dottedName(f.childForFieldName("expression")) === name && STRATEGY_EXECUTE.has(memberName(f) ?? "")) executions.push({ call: c, holder: name });
      }
    }
    for (const { call, holder } of executions) {
      const fn = call.childForFieldName("function")!;
      const nameNode = fn.childForFieldName("name") ?? fn;
      const parts = callParts(call);
      const index = parts.positional.findIndex((a) => a.type === "lambda_expression" || a.type === "anonymous_method_expression" || a.type === "identifier");
      if (index < 0) continue;
      const holderId = scope === "<module>" ? holder : `${scope}.${holder}`;
      if (!ctx.functionIds.has(holderId)) {
        ctx.functionIds.add(holderId);
        ctx.facts.functions.push({ id: holderId, name: holder, span: nodeSpan(create), params: [], paramDefaults: {}, topLevel: false, handler: null, raisesOnStatus: false, returnsClientId: null });
      }
      const member = memberName(fn)!;
      // `Database.CreateExecutionStrategy().ExecuteAsync(op)` has no receiver name: record the call on the holder
      if (holder.startsWith("strategy@")) {
        const arg = parts.positional[index]!;
        const argName = arg.type === "identifier" ? arg.text : `lambda@${arg.startPosition.row + 1}:${arg.startPosition.column}`;
        ctx.facts.calls.push({ id: ctx.nextId("C", call), span: nodeSpan(call), functionId: scope, callee: `${holder}.${member}`, args: parts.positional.map((a, i) => ({ keyword: null, name: i === index ? argName : null })) });
      }
      const arg = parts.positional[index]!;
      let method: SyntaxNode | null = call.parent;
      while (method && !["method_declaration", "local_function_statement", "constructor_declaration"].includes(method.type)) method = method.parent;
      const params = method?.childForFieldName("parameters")?.namedChildren.filter((c): c is SyntaxNode => c?.type === "parameter") ?? [];
      const paramIndex = arg.type === "identifier" ? params.findIndex((p) => p.childForFieldName("name")?.text === arg.text) : -1;
      const localId = ctx.nextId("L", nameNode);
      ctx.facts.layers.push({
        kind: "efcore-retry",
        category: "code",
        library: "Entity Framework Core",
        maxAttempts: null,
        countUnknown: true,
        attemptsSource: "config",
        attemptsNote: "the execution strategy of the DbContext registration (resolved when linking)",
        timeBound: null,
        wait: efWait(30, "default"),
        condition: TRANSIENT_DB,
        budget: null,
        perTryTimeoutSeconds: null,
        overallTimeoutSeconds: null,
        localId,
        anchor: nodeSpan(nameNode),
        attach:
          paramIndex >= 0 && method
            ? { kind: "helper", functionId: ctx.idOf(method), paramIndex, paramName: arg.text }
            : { kind: "object", objectId: holderId, methods: [member], paramIndex: index },
        label: `${member} on CreateExecutionStrategy() (the DbContext's execution strategy)`,
      });
      found.push({ layerId: localId, scopeId: scope });
    }
  }
  if (found.length) ctx.facts.dotnet = { ...ctx.facts.dotnet, executionStrategies: found };
}

/** The first type argument of `AddDbContext<T>` / `AddNpgsqlDbContext<T>` (the context; `AddDbContext<TService, TImpl>` → TService). */
function typeArgument(genericName: SyntaxNode): string | null {
  const t = genericName.namedChildren.find((c) => c?.type === "type_argument_list")?.namedChildren[0];
  const d = dottedName(t);
  return d ? d.slice(d.lastIndexOf(".") + 1) : null;
}

/** `AddPostgresDbContext<TDbContext>(…) where TDbContext : DbContext` registers `TDbContext`: a type parameter of the method. */
function isTypeParameter(n: SyntaxNode, name: string): boolean {
  for (let p = n.parent; p; p = p.parent) {
    const list = p.namedChildren.find((c) => c?.type === "type_parameter_list");
    if (list?.namedChildren.some((c) => c?.type === "type_parameter" && c.text.split(/\s+/).pop() === name)) return true;
  }
  return false;
}

/**
 * The DbContext registration an EnableRetryOnFailure configures: the `AddDbContext<T>(…)` whose
 * arguments hold it, or the context class whose `OnConfiguring` calls it.
 */
function registrationOf(ctx: CsContext, retry: SyntaxNode): Omit<DbContextRegistration, "layerIds"> | null {
  for (let p = retry.parent; p; p = p.parent) {
    if (p.type === "invocation_expression") {
      const fn = p.childForFieldName("function");
      const nameNode = fn?.type === "member_access_expression" ? fn.childForFieldName("name") : null;
      const member = memberName(fn) ?? "";
      if (nameNode?.type === "generic_name" && (EF_REGISTRATIONS.test(member) || ASPIRE_CALL.test(member))) {
        const context = typeArgument(nameNode);
        if (!context) return null;
        const aspire = ASPIRE_CALL.test(member);
        return {
          contextType: context,
          generic: isTypeParameter(p, context),
          scopeId: ctx.scopeId(p),
          line: p.startPosition.row + 1,
          connection: aspire ? aspireConnection(p) : connectionOf(p),
        };
      }
    }
    if (p.type === "method_declaration" && p.childForFieldName("name")?.text === "OnConfiguring") {
      const cls = p.parent?.parent;
      const name = cls && TYPE_DECLARATIONS.has(cls.type) ? cls.childForFieldName("name")?.text : null;
      return name ? { contextType: name, generic: false, scopeId: ctx.idOf(cls!), line: p.startPosition.row + 1, connection: connectionOf(retry) } : null;
    }
  }
  return null;
}

/** The connection string given to the `UseSqlServer(cs, …)` / `UseNpgsql(cs, …)` inside a registration. */
function connectionOf(registration: SyntaxNode): DbContextRegistration["connection"] {
  const use = [registration, ...descendants(registration, "invocation_expression")].find((c) => /^Use(SqlServer|Npgsql|MySql|Oracle|AzureSql|Sqlite|SqlServerCompat)$/.test(memberName(c.childForFieldName("function")) ?? ""));
  const first = use ? callParts(use).positional[0] : undefined;
  return first && first.type !== "lambda_expression" ? valueExpr(first) : null;
}

/** The Aspire connection name (`AddNpgsqlDbContext<T>("catalogdb")`); Enrich has none. */
function aspireConnection(call: SyntaxNode): DbContextRegistration["connection"] {
  const parts = callParts(call);
  const name = parts.keywords.get("connectionName") ?? parts.positional[0];
  const value = stringValue(name);
  return value !== null ? { kind: "string", value } : name && name.type !== "lambda_expression" ? valueExpr(name) : null;
}

function aspireIntegration(
  ctx: CsContext,
  call: SyntaxNode,
  nameNode: SyntaxNode,
  enrich: boolean,
  integration: { provider: string; section: string },
  context: string,
  registrations: DbContextRegistration[],
  explicit: Map<string, string[]>,
): void {
  const parts = callParts(call);
  const lambdas = [...parts.positional, ...parts.keywords.values()].filter((a) => a.type === "lambda_expression");
  const settingsLambda = parts.keywords.get("configureSettings") ?? lambdas.find((l) => !descendants(l, "invocation_expression").some((c) => /^Use/.test(memberName(c.childForFieldName("function")) ?? "")));
  const line = call.startPosition.row + 1;
  const existing = registrations.find((r) => r.line === line && r.contextType === context);
  const connection = enrich ? null : aspireConnection(call);
  // the options delegate configured a retrying strategy itself (`EnableRetryOnFailure(3)`): that one is the layer
  if (existing?.layerIds.length) return;
  // Enrich keeps a retrying strategy the registration in this file already configured
  if (enrich && explicit.get(context)?.length) return;
  const disabled = settingsLambda ? disableRetryIn(settingsLambda) : null;
  if (disabled === true) {
    if (!existing) registrations.push({ contextType: context, generic: isTypeParameter(call, context), scopeId: ctx.scopeId(call), line, connection, layerIds: [] });
    return;
  }
  const localId = ctx.nextId("L", nameNode);
  const method = memberName(call.childForFieldName("function"))!;
  const keys = [`${integration.section}:DisableRetry`, ...(connection?.kind === "string" ? [`${integration.section}:${connection.value}:DisableRetry`] : []), `${integration.section}:${context}:DisableRetry`];
  ctx.facts.layers.push({
    kind: "efcore-retry",
    category: "client",
    library: "Entity Framework Core",
    maxAttempts: DEFAULT_RETRIES + 1,
    attemptsSource: "default",
    attemptsNote: `${method} turns on the ${integration.provider} retrying execution strategy unless DisableRetry: default ${DEFAULT_RETRIES} retries → ${DEFAULT_RETRIES + 1} attempts`,
    timeBound: null,
    wait: efWait(30, "default"),
    condition: TRANSIENT_DB,
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    localId,
    anchor: nodeSpan(nameNode),
    attach: { kind: "client" },
    label: `${method}<${context}> (Aspire default retries)`,
  });
  // settings that turn it off: the linker reads them from appsettings*.json and the environment
  const aspireRetry = { layerId: localId, disableRetryKeys: keys };
  if (existing) Object.assign(existing, { layerIds: [...existing.layerIds, localId], aspireRetry });
  else registrations.push({ contextType: context, generic: isTypeParameter(call, context), scopeId: ctx.scopeId(call), line, connection, layerIds: [localId], aspireRetry });
}

/** `s => s.DisableRetry = true` in the configureSettings delegate: true/false when written, null otherwise. */
function disableRetryIn(lambda: SyntaxNode): boolean | null {
  for (const a of descendants(lambda, "assignment_expression")) {
    const left = dottedName(a.childForFieldName("left"));
    if (left === "DisableRetry" || left?.endsWith(".DisableRetry")) return boolValue(a.childForFieldName("right"));
  }
  return null;
}

/** The class a call sits in, when that class implements `IDesignTimeDbContextFactory<T>`: its name. */
function designTimeFactory(n: SyntaxNode): string | null {
  for (let p = n.parent; p; p = p.parent) {
    if (!TYPE_DECLARATIONS.has(p.type)) continue;
    const bases = p.namedChildren.find((c) => c?.type === "base_list");
    if (bases?.namedChildren.some((b) => /^IDesignTimeDbContextFactory$/.test((dottedName(b) ?? "").split(".").pop() ?? ""))) return p.childForFieldName("name")?.text ?? "";
  }
  return null;
}

const TRANSIENT_DB = {
  allErrors: false,
  exceptionTypes: [],
  statuses: [],
  retryOn: ["transient database errors"],
  afterSendMethods: "all" as const,
  permanentErrors: null,
  honoursRetryAfter: null,
  description: "the provider's transient errors (deadlocks, timeouts, failover, throttling)",
};

function efWait(maxDelay: number, source: "config" | "default"): LayerFact["wait"] {
  return {
    kind: "exponential",
    jitter: true,
    initialSeconds: 0,
    maxSeconds: maxDelay,
    source,
    description: `exponential (2^n − 1) s: 0, 1, 3, 7 s … (+0–10 % random), max ${fmtSeconds(maxDelay)}`,
  };
}

function efCoreRetry(ctx: CsContext, call: SyntaxNode): Base {
  const parts = callParts(call);
  const countNode = parts.keywords.get("maxRetryCount") ?? (parts.positional[0] && numberValue(parts.positional[0]) !== null ? parts.positional[0] : null) ?? (parts.positional[0]?.type === "identifier" || parts.positional[0]?.type === "member_access_expression" ? parts.positional[0] : null);
  const delayNode = parts.keywords.get("maxRetryDelay") ?? parts.positional[1] ?? null;
  const n = countNode ? numberValue(countNode) : DEFAULT_RETRIES;
  const maxDelay = delayNode ? (timeSpanSeconds(delayNode) ?? 30) : 30;
  const configRef = countNode && n === null ? countRef(ctx, countNode) : undefined;
  return {
    kind: "efcore-retry",
    category: "client",
    library: "Entity Framework Core",
    maxAttempts: n === null ? null : n + 1,
    ...(n === null ? { countUnknown: true } : {}),
    ...(configRef ? { configRef } : {}),
    attemptsSource: countNode ? "config" : "default",
    attemptsNote: countNode ? (n === null ? `maxRetryCount = ${countNode.text} (not a literal)` : `maxRetryCount ${n} retries → ${n + 1} attempts`) : `EnableRetryOnFailure() defaults to ${DEFAULT_RETRIES} retries → ${DEFAULT_RETRIES + 1} attempts`,
    timeBound: null,
    wait: efWait(maxDelay, delayNode ? "config" : "default"),
    condition: TRANSIENT_DB,
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}

/** `UseSqlServer` → SqlServer: the provider call whose options lambda holds `call`. */
function providerOf(call: SyntaxNode): string | null {
  for (let p = call.parent; p; p = p.parent) {
    if (p.type !== "invocation_expression") continue;
    const m = memberName(p.childForFieldName("function"));
    if (m?.startsWith("Use")) return m.slice(3);
  }
  return null;
}
