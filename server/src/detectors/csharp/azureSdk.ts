/**
 * Azure SDK for .NET clients — docs/reference/azure-sdk.md (§ .NET).
 *
 * Every Azure SDK client retries through its pipeline by default, nobody wrote it:
 * - Azure.Core `ClientOptions.Retry` (`RetryOptions`): MaxRetries 3 → 4 attempts, Exponential,
 *   Delay 0.8 s, MaxDelay 1 min, NetworkTimeout 100 s per try; 408/429/500/502/503/504 and
 *   transport failures, any method, Retry-After honoured (Azure.Core 1.x, RetryOptions.cs).
 * - Service Bus / Event Hubs (AMQP): `ServiceBusClientOptions.RetryOptions` / `EventHubsRetryOptions`:
 *   MaxRetries 3 → 4, Delay 0.8 s, MaxDelay 1 min, TryTimeout 1 min.
 * - Cosmos DB (Microsoft.Azure.Cosmos, its own pipeline): `MaxRetryAttemptsOnRateLimitedRequests` 9
 *   → 10 attempts on 429 (`MaxRetryWaitTimeOnRateLimitedRequests` 30 s).
 *
 * Recognised: `new BlobServiceClient(…, new BlobClientOptions { Retry = { MaxRetries = 5 } })` (also
 * target-typed `BlobClient c = new(…)`, options held by a local and set with `o.Retry.MaxRetries = n`),
 * the Aspire client integrations (`builder.AddAzureBlobServiceClient("blobs", configureClientBuilder:
 * b => b.ConfigureOptions(o => o.Retry.MaxRetries = 2))`), and Microsoft.Extensions.Azure
 * (`services.AddAzureClients(b => { b.AddBlobServiceClient(…).ConfigureOptions(…); b.ConfigureDefaults(…) })`).
 * Calls on a receiver typed as an Azure client (`_blobs.UploadAsync(…)`, a `var` from
 * `container.GetBlobClient(name)`) are recorded for the linker (engine/azureSdk.ts), which sends
 * them to `azure:<service>` through the client built or registered for that service.
 */
import type { LayerFact, RetryCondition } from "../../model/facts";
import { AMBIGUOUS_CLIENT_TYPES, AMQP_SERVICES, AZURE_LOCAL_MEMBERS, azureServiceOf, type AzureSdkClient, type AzureSdkCall } from "../../model/azureSdk";
import { callParts, descendants, dottedName, memberName, nodeSpan, numberValue } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { LAMBDAS, MEMBER_DECLARATIONS, TYPE_DECLARATIONS, type CsContext } from "./context";
import { countRef } from "./countRef";

/** Azure.Core RetryOptions.MaxRetries; ServiceBusRetryOptions/EventHubsRetryOptions MaxRetries */
export const DOTNET_DEFAULT_RETRIES = 3;
/** Microsoft.Azure.Cosmos RetryOptions.DefaultMaxRetryAttemptsOnThrottledRequests */
export const COSMOS_DEFAULT_RETRIES = 9;

/** Aspire client integrations: the Azure part of `Add[Keyed]Azure<X>Client` → the client type it registers. */
const ASPIRE_CLIENTS: Record<string, string> = {
  BlobServiceClient: "BlobServiceClient",
  BlobClient: "BlobServiceClient",
  BlobContainerClient: "BlobContainerClient",
  QueueServiceClient: "QueueServiceClient",
  QueueClient: "QueueServiceClient",
  TableServiceClient: "TableServiceClient",
  TableClient: "TableServiceClient",
  DataTablesClient: "TableServiceClient",
  KeyVaultClient: "SecretClient",
  KeyVaultSecretClient: "SecretClient",
  KeyVaultKeyClient: "KeyClient",
  KeyVaultCertificateClient: "CertificateClient",
  ServiceBusClient: "ServiceBusClient",
  CosmosClient: "CosmosClient",
  CosmosDBClient: "CosmosClient",
  SearchClient: "SearchIndexClient",
  EventHubProducerClient: "EventHubProducerClient",
  EventHubConsumerClient: "EventHubConsumerClient",
  AppConfigurationClient: "ConfigurationClient",
  DataLakeServiceClient: "DataLakeServiceClient",
};
const ASPIRE_CALL = /^Add(?:Keyed)?Azure(\w+Client)$/;
/** `var c = x.GetBlobClient(n)` / `client.CreateSender(q)`: the sub-client's type */
const DERIVED: Record<string, string> = { CreateSender: "ServiceBusSender", CreateReceiver: "ServiceBusReceiver", AcceptNextSessionAsync: "ServiceBusSessionReceiver", GetContainer: "Container", GetDatabase: "Database" };
const DI_REGISTRATIONS = /^(AddSingleton|AddScoped|AddTransient|TryAddSingleton|TryAddScoped|TryAddTransient|AddKeyedSingleton|AddKeyedScoped|AddKeyedTransient)$/;

const AZURE_CORE_CONDITION: RetryCondition = {
  allErrors: false,
  exceptionTypes: [],
  statuses: [408, 429, 500, 502, 503, 504],
  retryOn: ["transport errors"],
  afterSendMethods: "all",
  permanentErrors: null,
  honoursRetryAfter: true,
  description: "408, 429, 500, 502, 503, 504 and transport failures, for any method (POST too); Retry-After honoured",
};
const AMQP_CONDITION: RetryCondition = {
  ...AZURE_CORE_CONDITION,
  statuses: [],
  retryOn: ["transient AMQP errors"],
  honoursRetryAfter: null,
  description: "transient AMQP errors (server busy, timeouts, lost connections), sends included",
};
const COSMOS_CONDITION: RetryCondition = {
  ...AZURE_CORE_CONDITION,
  statuses: [429],
  retryOn: ["429 throttling"],
  description: "429 (request rate too large), honouring the service's retry-after; also its own failover retries (not counted)",
};

interface RetryRead {
  /** retries written (`MaxRetries = 5`), null when not a literal */
  retries: number | null;
  node: SyntaxNode | null;
  fixed: boolean;
}

export function detectAzureSdk(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  const azureFile = ctx.facts.imports.some((i) => /^(global::)?(Azure(\.|$)|Microsoft\.Azure\.|Microsoft\.Extensions\.Azure)/.test(i.module));
  const cosmosFile = ctx.facts.imports.some((i) => /^(global::)?Microsoft\.Azure\.Cosmos(\.|$)/.test(i.module));
  const known = (type: string | null): string | null => {
    if (!type) return null;
    const last = type.slice(type.lastIndexOf(".") + 1);
    // Microsoft.Azure.Cosmos `Container` / `Database` (from `client.GetContainer(db, c)`): names too common without its using
    if (cosmosFile && (last === "Container" || last === "Database")) return "cosmos";
    const service = azureServiceOf(last);
    if (!service) return null;
    if (AMBIGUOUS_CLIENT_TYPES.has(last) && !azureFile && !type.startsWith("Azure.")) return null;
    return service;
  };
  const clients: AzureSdkClient[] = [];

  // new BlobServiceClient(…) / BlobClient c = new(…)
  for (const creation of [...descendants(root, "object_creation_expression"), ...descendants(root, "implicit_object_creation_expression")]) {
    const type = creation.type === "object_creation_expression" ? dottedName(creation.childForFieldName("type")) : targetType(creation);
    const service = known(type);
    if (!type || !service) continue;
    const clientType = type.slice(type.lastIndexOf(".") + 1);
    const parts = callParts(creation);
    const read = retriesFromOptions(creation, [...parts.positional, ...parts.keywords.values()], service);
    const anchorNode = creation.type === "object_creation_expression" ? (creation.childForFieldName("type") ?? creation) : creation;
    const localId = ctx.nextId("L", anchorNode);
    ctx.facts.layers.push(layerFor(ctx, clientType, service, read, `new ${clientType}(…)`, localId, anchorNode));
    clients.push({ type: clientType, service, layerId: localId, scopeId: ctx.scopeId(creation), variable: assignedName(creation), registration: insideRegistration(creation), line: creation.startPosition.row + 1 });
  }

  for (const call of descendants(root, "invocation_expression")) {
    const fn = call.childForFieldName("function");
    const member = memberName(fn) ?? "";
    const nameNode = fn?.type === "member_access_expression" ? fn.childForFieldName("name") : fn;
    // Aspire: builder.AddAzureBlobServiceClient("blobs", configureClientBuilder: b => b.ConfigureOptions(o => …))
    const aspire = ASPIRE_CALL.exec(member);
    const aspireType = aspire ? ASPIRE_CLIENTS[aspire[1]!] : undefined;
    if (aspireType && nameNode) {
      const service = azureServiceOf(aspireType)!;
      const read = retriesIn(call, service);
      const localId = ctx.nextId("L", nameNode);
      ctx.facts.layers.push(layerFor(ctx, aspireType, service, read, `${member}(…) (Aspire)`, localId, nameNode));
      clients.push({ type: aspireType, service, layerId: localId, scopeId: ctx.scopeId(call), variable: null, registration: true, line: call.startPosition.row + 1 });
      continue;
    }
    // Microsoft.Extensions.Azure: services.AddAzureClients(b => { b.AddBlobServiceClient(…); … })
    if (member === "AddAzureClients") {
      const lambda = callParts(call).positional.find((p) => LAMBDAS.has(p.type));
      if (!lambda) continue;
      const defaults = defaultsIn(lambda);
      for (const add of descendants(lambda, "invocation_expression")) {
        const addFn = add.childForFieldName("function");
        const m = /^Add(\w+Client)$/.exec(memberName(addFn) ?? "");
        const service = m ? azureServiceOf(m[1]!) : null;
        const addName = addFn?.type === "member_access_expression" ? addFn.childForFieldName("name") : null;
        if (!m || !service || !addName) continue;
        const own = chainedConfigureOptions(add, service);
        const read = own ?? defaults.get(AMQP_SERVICES.has(service) ? "amqp" : "core") ?? { retries: null, node: null, fixed: false };
        const localId = ctx.nextId("L", addName);
        ctx.facts.layers.push(layerFor(ctx, m[1]!, service, read, `${m[1]} (AddAzureClients)`, localId, addName));
        clients.push({ type: m[1]!, service, layerId: localId, scopeId: ctx.scopeId(add), variable: null, registration: true, line: add.startPosition.row + 1 });
      }
    }
  }

  const calls = azureCalls(ctx, root, known);
  if (clients.length || calls.length) ctx.facts.azureSdk = { clients, calls };
}

/** Calls made on a receiver typed as an Azure client (the module names them after the type) or on a `var` sub-client. */
function azureCalls(ctx: CsContext, root: SyntaxNode, known: (type: string | null) => string | null): AzureSdkCall[] {
  // `var blob = container.GetBlobClient(name)`: scope + name → the sub-client's type
  const derived = new Map<string, string>();
  for (const decl of descendants(root, "variable_declarator")) {
    const name = decl.childForFieldName("name")?.text;
    const value = decl.namedChildren.filter((c) => c && c.type !== "identifier").pop();
    const init = value?.type === "equals_value_clause" ? value.namedChildren[0] : value;
    const inner = init?.type === "await_expression" ? init.namedChildren[0] : init;
    if (!name || inner?.type !== "invocation_expression") continue;
    const m = memberName(inner.childForFieldName("function")) ?? "";
    const type = DERIVED[m] ?? (/^Get(\w+Client)$/.exec(m)?.[1] ?? null);
    if (type && known(type)) derived.set(`${ctx.scopeId(decl)}|${name}`, type);
  }
  const out: AzureSdkCall[] = [];
  for (const c of ctx.facts.calls) {
    const dot = c.callee.indexOf(".");
    if (dot < 0) continue;
    const head = c.callee.slice(0, dot);
    const member = c.callee.slice(c.callee.lastIndexOf(".") + 1);
    if (c.callee.split(".").length !== 2 || AZURE_LOCAL_MEMBERS.test(member)) continue;
    const type = known(head) ? head : derivedIn(derived, c.functionId, head);
    const service = type ? known(type) : null;
    if (type && service) out.push({ callId: c.id, service, clientType: type });
  }
  return out;
}

/** A `var` sub-client seen from a scope or a lambda inside it. */
function derivedIn(derived: Map<string, string>, scopeId: string, name: string): string | null {
  for (let scope = scopeId; ; scope = scope.slice(0, scope.lastIndexOf("."))) {
    const hit = derived.get(`${scope}|${name}`);
    if (hit) return hit;
    if (!scope.includes(".")) return null;
  }
}

function layerFor(ctx: CsContext, clientType: string, service: string, read: RetryRead, label: string, localId: string, anchor: SyntaxNode): LayerFact {
  const cosmos = service === "cosmos";
  const amqp = AMQP_SERVICES.has(service);
  const def = cosmos ? COSMOS_DEFAULT_RETRIES : DOTNET_DEFAULT_RETRIES;
  const option = cosmos ? "MaxRetryAttemptsOnRateLimitedRequests" : amqp ? "RetryOptions.MaxRetries" : "Retry.MaxRetries";
  const library = cosmos ? "Microsoft.Azure.Cosmos" : amqp ? `Azure.Messaging.${service === "servicebus" ? "ServiceBus" : "EventHubs"}` : "Azure.Core";
  const written = read.node !== null;
  const n = written ? read.retries : def;
  const configRef = written && n === null ? countRef(ctx, read.node!) : undefined;
  const attempts = n === null ? null : Math.max(1, n + 1);
  const note = !written
    ? `default ${option} ${def} → ${def + 1} attempts (${library}${cosmos ? ", on 429" : ""})`
    : n === null
      ? `${option} = ${read.node!.text} (not a literal)`
      : n <= 0
        ? `${option} = ${n}: retries off → 1 attempt`
        : `${option} = ${n} → ${n + 1} attempts`;
  return {
    kind: "azure-sdk",
    category: "client",
    library,
    maxAttempts: attempts,
    ...(n === null ? { countUnknown: true } : {}),
    ...(configRef ? { configRef } : {}),
    attemptsSource: written ? "config" : "default",
    attemptsNote: note,
    timeBound: null,
    wait: cosmos
      ? { kind: "custom", jitter: null, initialSeconds: null, maxSeconds: 30, source: "default", description: "the service's retry-after on each 429, at most 30 s in all" }
      : read.fixed
        ? { kind: "fixed", jitter: false, initialSeconds: 0.8, maxSeconds: 0.8, source: "config", description: "fixed 0.8 s (RetryMode.Fixed)" }
        : { kind: "exponential", jitter: true, initialSeconds: 0.8, maxSeconds: 60, source: "default", description: "exponential from 0.8 s (×2, ±20 % jitter), max 1 min; Retry-After wins" },
    condition: cosmos ? COSMOS_CONDITION : amqp ? AMQP_CONDITION : AZURE_CORE_CONDITION,
    budget: null,
    perTryTimeoutSeconds: cosmos ? null : amqp ? 60 : 100,
    overallTimeoutSeconds: null,
    localId,
    anchor: nodeSpan(anchor),
    attach: { kind: "client" },
    label: `${label} → azure:${service}`,
  };
}

/** The declared type a target-typed `new(…)` creates: `BlobClient c = new(…)`, a field, a property. */
function targetType(creation: SyntaxNode): string | null {
  for (let p = creation.parent; p; p = p.parent) {
    if (p.type === "variable_declaration" || p.type === "property_declaration") return dottedName(p.childForFieldName("type"));
    if (p.type === "argument_list" || p.type === "block" || MEMBER_DECLARATIONS.has(p.type)) return null;
  }
  return null;
}

/** `c = new …` / `var c = new …` / `this.c = new …`: the name it is bound to. */
function assignedName(creation: SyntaxNode): string | null {
  const p = creation.parent;
  if (p?.type === "equals_value_clause" || p?.type === "variable_declarator") {
    const decl = p.type === "variable_declarator" ? p : p.parent;
    return decl?.childForFieldName("name")?.text ?? null;
  }
  if (p?.type === "assignment_expression") {
    const left = dottedName(p.childForFieldName("left"));
    return left ? left.slice(left.lastIndexOf(".") + 1) : null;
  }
  return null;
}

/** Inside a DI registration's lambda (`services.AddSingleton(sp => new BlobServiceClient(…))`). */
function insideRegistration(n: SyntaxNode): boolean {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === "invocation_expression" && DI_REGISTRATIONS.test(memberName(p.childForFieldName("function")) ?? "")) return true;
    if (TYPE_DECLARATIONS.has(p.type)) return false;
  }
  return false;
}

/** The retry options an options argument sets: an inline `new XOptions { Retry = { MaxRetries = n } }`, or a local set in the scope. */
function retriesFromOptions(creation: SyntaxNode, args: SyntaxNode[], service: string): RetryRead {
  for (const a of args) {
    if (a.type === "object_creation_expression" || a.type === "implicit_object_creation_expression") {
      const r = retriesIn(a, service);
      if (r.node || r.fixed) return r;
    }
    if (a.type === "identifier") {
      const scope = enclosingMember(creation);
      if (!scope) continue;
      const r = retriesIn(scope, service, a.text, creation.startIndex);
      if (r.node || r.fixed) return r;
    }
  }
  return { retries: null, node: null, fixed: false };
}

function enclosingMember(n: SyntaxNode): SyntaxNode | null {
  for (let p = n.parent; p; p = p.parent) if (MEMBER_DECLARATIONS.has(p.type) || LAMBDAS.has(p.type) || p.type === "compilation_unit") return p;
  return null;
}

const COUNT_KEYS: Record<string, RegExp> = {
  core: /(^|\.)Retry\.MaxRetries$/,
  amqp: /(^|\.)RetryOptions\.MaxRetries$/,
  cosmos: /(^|\.)MaxRetryAttemptsOnRateLimitedRequests$/,
};

/**
 * The last retry count written under `n`: assignments `x.Retry.MaxRetries = 5`, nested object
 * initializers `Retry = { MaxRetries = 5 }` / `RetryOptions = new ServiceBusRetryOptions { MaxRetries = 5 }`.
 * With `holder`, only assignments through that local (and its initializer) before `before`.
 */
function retriesIn(n: SyntaxNode, service: string, holder?: string, before?: number): RetryRead {
  const key = COUNT_KEYS[service === "cosmos" ? "cosmos" : AMQP_SERVICES.has(service) ? "amqp" : "core"]!;
  let out: RetryRead = { retries: null, node: null, fixed: false };
  const inHolder = (a: SyntaxNode): boolean => {
    if (!holder) return true;
    if (before !== undefined && a.startIndex > before) return false;
    const left = dottedName(a.childForFieldName("left")) ?? "";
    if (left.startsWith(`${holder}.`)) return true;
    // inside `var holder = new XOptions { … }`
    for (let p = a.parent; p; p = p.parent) {
      if (p.type === "variable_declarator") return p.childForFieldName("name")?.text === holder;
      if (p.type === "block") return false;
    }
    return false;
  };
  for (const a of descendants(n, "assignment_expression")) {
    if (!inHolder(a)) continue;
    const path = initializerPath(a);
    const right = a.childForFieldName("right");
    if (key.test(path)) out = { retries: numberValue(right), node: right, fixed: out.fixed };
    else if (/(^|\.)(Retry|RetryOptions)\.Mode$/.test(path) && /Fixed/.test(right?.text ?? "")) out = { ...out, fixed: true };
  }
  return out;
}

/** `MaxRetries = 5` inside `Retry = { … }` inside `new XOptions { … }` → `Retry.MaxRetries`; `o.Retry.MaxRetries = 5` → as written. */
function initializerPath(a: SyntaxNode): string {
  const parts = [dottedName(a.childForFieldName("left")) ?? ""];
  for (let p = a.parent; p; p = p.parent) {
    if (p.type !== "initializer_expression") continue;
    const owner = p.parent;
    if (owner?.type === "assignment_expression") parts.unshift(dottedName(owner.childForFieldName("left")) ?? "");
    else if (owner?.type === "object_creation_expression" && /RetryOptions$/.test(dottedName(owner.childForFieldName("type")) ?? "")) {
      // `RetryOptions = new ServiceBusRetryOptions { MaxRetries = 5 }`: the creation is the right side
      const assign = owner.parent;
      parts.unshift(assign?.type === "assignment_expression" ? (dottedName(assign.childForFieldName("left")) ?? "RetryOptions") : "RetryOptions");
      p = assign ?? owner;
    } else break;
  }
  return parts.filter(Boolean).join(".");
}

/** `b.ConfigureDefaults(o => o.Retry.MaxRetries = 2)` in an AddAzureClients lambda: per pipeline kind. */
function defaultsIn(lambda: SyntaxNode): Map<string, RetryRead> {
  const out = new Map<string, RetryRead>();
  for (const c of descendants(lambda, "invocation_expression")) {
    if (memberName(c.childForFieldName("function")) !== "ConfigureDefaults") continue;
    const core = retriesIn(c, "blob");
    if (core.node) out.set("core", core);
    const amqp = retriesIn(c, "servicebus");
    if (amqp.node) out.set("amqp", amqp);
  }
  return out;
}

/** `b.AddBlobServiceClient(…).ConfigureOptions(o => o.Retry.MaxRetries = 2)` */
function chainedConfigureOptions(add: SyntaxNode, service: string): RetryRead | null {
  for (let p = add.parent; p?.type === "member_access_expression" && p.parent?.type === "invocation_expression"; p = p.parent.parent) {
    const call = p.parent;
    if (memberName(call.childForFieldName("function")) === "ConfigureOptions") {
      const r = retriesIn(call, service);
      if (r.node) return r;
    }
  }
  return null;
}
