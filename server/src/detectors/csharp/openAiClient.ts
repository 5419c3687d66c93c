/**
 * OpenAI .NET (`OpenAI` package) and Azure OpenAI (`Azure.AI.OpenAI`) clients —
 * docs/reference/openai-sdk.md (System.ClientModel `ClientRetryPolicy`).
 *
 * - `new OpenAIClient(…)`, `new AzureOpenAIClient(…)` and the per-feature clients built directly
 *   (`new ChatClient(model, key, options)`, `EmbeddingClient`, `ResponsesClient`, …) in a file
 *   that uses `OpenAI` / `Azure.AI.OpenAI` → a ClientFact with one `client`-category layer (kind
 *   "openai-sdk") anchored on the `new` expression. They run on a System.ClientModel pipeline,
 *   which retries by default.
 * - Counts: `ClientRetryPolicy(maxRetries = 3)` counts RETRIES → 4 attempts by default;
 *   `RetryPolicy = new ClientRetryPolicy(N)` in the options (an initializer, or an assignment to
 *   the options variable) → N+1; `ClientRetryPolicy(0)` → 1 attempt (off). A RetryPolicy of
 *   another type is a count not known statically.
 * - Wait: 0.8 s × 2^(n−1), no jitter, no cap (`GetNextDelay`). AzureOpenAIClientOptions' default
 *   policy (`RetryWithDelaysPolicy`, same count) waits what retry-after-ms / Retry-After say first.
 * - Condition: `PipelineMessageClassifier.Default`: 408, 429, 500, 502, 503, 504 and transport
 *   exceptions, for every request.
 * - Target: "sdk://openai", or "sdk://azure-openai" for AzureOpenAIClient.
 * - Aspire `builder.AddOpenAIClient(…)` / `AddAzureOpenAIClient(…)` /
 *   `AddOpenAIClientFromConfiguration(…)` build such a client for the application: a layer there
 *   (see detectAspireRegistrations).
 */
import type { ClientFact, LayerFact } from "../../model/facts";
import { callParts, createdType, descendants, dottedName, initializerValues, nodeSpan, numberValue } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { CsContext } from "./context";

/** System.ClientModel ClientRetryPolicy DefaultMaxRetries */
export const CLIENT_MODEL_DEFAULT_RETRIES = 3;
const TOP_CLIENTS = new Set(["OpenAIClient", "AzureOpenAIClient"]);
const FEATURE_CLIENTS = new Set(["ChatClient", "EmbeddingClient", "ResponsesClient", "OpenAIResponseClient", "AudioClient", "ImageClient", "AssistantClient"]);
const NAMESPACES = /^(OpenAI|Azure\.AI\.OpenAI)(\.|$)/;

export function detectOpenAiClients(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  const usesOpenAi = descendants(root, "using_directive").some((u) => NAMESPACES.test(u.namedChildren.map((c) => c?.text ?? "").pop() ?? ""));
  const clients = new Map<string, ClientFact>();
  for (const creation of descendants(root, "object_creation_expression")) {
    const written = dottedName(creation.childForFieldName("type")) ?? "";
    const type = createdType(creation);
    if (!type) continue;
    const qualified = NAMESPACES.test(written);
    if (!TOP_CLIENTS.has(type) && !FEATURE_CLIENTS.has(type)) continue;
    if (!usesOpenAi && !qualified) continue;
    const client = build(ctx, creation, type);
    if (client.name) clients.set(client.name.replace(/^this\./, ""), client);
  }
  detectAspireRegistrations(ctx);
  // `var chat = client.GetChatClient("gpt-4o");`: a feature client on the same pipeline (same retries)
  for (const d of descendants(root, "variable_declarator")) {
    const value = d.namedChildren.filter((c) => c && c.type !== "identifier").pop();
    const call = value?.type === "equals_value_clause" ? value.namedChildren[0] : value;
    const fn = call?.type === "invocation_expression" ? call.childForFieldName("function") : null;
    if (fn?.type !== "member_access_expression") continue;
    const getter = fn.childForFieldName("name")?.text ?? "";
    const base = clients.get((fn.childForFieldName("expression")?.text ?? "").replace(/^this\./, ""));
    const name = d.childForFieldName("name")?.text;
    if (!base || !name || !/^Get[A-Za-z]*Client$/.test(getter)) continue;
    ctx.facts.clients.push({ ...base, id: ctx.nextId("K", d), name, functionId: ctx.scopeId(d), span: nodeSpan(d), sdk: { ...base.sdk!, notSending: [] } });
  }
}

/**
 * Aspire client integrations that build and register the client (docs/reference/openai-sdk.md,
 * "Aspire"): `builder.AddOpenAIClient("chat")` (Aspire.OpenAI: `new OpenAIClient(key, options)`),
 * `AddAzureOpenAIClient("chat")` (Aspire.Azure.AI.OpenAI: `new AzureOpenAIClient(endpoint, cred,
 * options)`), and `AddOpenAIClientFromConfiguration("chat")`, which calls one of the two as the
 * connection string says; the `AddKeyed…` forms alike. Options come from configuration or the
 * `configureOptions` / `configureClientBuilder` lambda, so the SDK default applies unless a lambda
 * sets a RetryPolicy. The layer is anchored on the method name; the client, registered for
 * injection, is what `OpenAIClient` / `ChatClient` / `IChatClient` parameters of the services
 * running the registration reach (engine/dotnetAi.ts).
 */
const ASPIRE_REGISTRATIONS: Record<string, string> = {
  AddOpenAIClient: "OpenAIClient",
  AddKeyedOpenAIClient: "OpenAIClient",
  AddAzureOpenAIClient: "AzureOpenAIClient",
  AddKeyedAzureOpenAIClient: "AzureOpenAIClient",
  AddOpenAIClientFromConfiguration: "OpenAIClient or AzureOpenAIClient",
  AddKeyedOpenAIClientFromConfiguration: "OpenAIClient or AzureOpenAIClient",
};

function detectAspireRegistrations(ctx: CsContext): void {
  for (const call of descendants(ctx.tree.rootNode, "invocation_expression")) {
    const fn = call.childForFieldName("function");
    if (fn?.type !== "member_access_expression") continue;
    const member = fn.childForFieldName("name");
    const type = ASPIRE_REGISTRATIONS[member?.text ?? ""];
    const parts = callParts(call);
    const connection = parts.positional[0] ?? parts.keywords.get("connectionName") ?? parts.keywords.get("name");
    if (!member || !type || !connection) continue;
    const lambdas = [...parts.positional.slice(1), ...parts.keywords.values()].filter((a) => a.type === "lambda_expression");
    const label = `${member.text}(${connection.text.slice(0, 40)}) (Aspire)`;
    build(ctx, call, type, retriesInLambdas(ctx, lambdas, call), member, label, "");
  }
}

/** `o => o.RetryPolicy = new ClientRetryPolicy(N)` (also inside `b => b.ConfigureOptions(o => …)`): the count; undefined when none is set. */
function retriesInLambdas(ctx: CsContext, lambdas: SyntaxNode[], at: SyntaxNode): number | null | undefined {
  for (const l of lambdas) {
    for (const a of descendants(l, "assignment_expression")) {
      if (!/(^|\.)RetryPolicy$/.test(dottedName(a.childForFieldName("left")) ?? "")) continue;
      const right = a.childForFieldName("right");
      return right ? countOf(ctx, right, at) : null;
    }
  }
  return undefined;
}

function build(ctx: CsContext, creation: SyntaxNode, type: string, retries = retriesOf(ctx, creation), anchorNode = creation, label?: string, binding = bindingOf(creation)): ClientFact {
  const aspire = anchorNode !== creation;
  let maxAttempts: number | null;
  let note: string;
  let source: "config" | "default" = "config";
  if (retries === undefined) {
    source = "default";
    maxAttempts = CLIENT_MODEL_DEFAULT_RETRIES + 1;
    note = aspire
      ? `${anchorNode.text} registers an ${type} with the SDK's default ClientRetryPolicy: maxRetries ${CLIENT_MODEL_DEFAULT_RETRIES} → ${maxAttempts} attempts (unless its configureOptions set a RetryPolicy)`
      : `default ClientRetryPolicy: maxRetries ${CLIENT_MODEL_DEFAULT_RETRIES} → ${maxAttempts} attempts (System.ClientModel pipeline of ${type})`;
  } else if (retries === null) {
    maxAttempts = null;
    note = "RetryPolicy is not a ClientRetryPolicy with a literal count";
  } else {
    maxAttempts = retries + 1;
    note = retries === 0 ? "new ClientRetryPolicy(0) turns retries off → 1 attempt" : `new ClientRetryPolicy(${retries}) counts retries → ${maxAttempts} attempts`;
  }
  const name = binding;
  const azure = type === "AzureOpenAIClient";
  const layer: LayerFact = {
    localId: ctx.nextId("L", anchorNode),
    kind: "openai-sdk",
    category: "client",
    library: azure ? "Azure.AI.OpenAI" : type === "OpenAIClient" ? "OpenAI" : "OpenAI / Azure.AI.OpenAI",
    anchor: nodeSpan(anchorNode),
    maxAttempts,
    attemptsSource: source,
    attemptsNote: note,
    timeBound: null,
    ...(maxAttempts === null ? { countUnknown: true } : {}),
    wait: { kind: "exponential", jitter: false, initialSeconds: 0.8, maxSeconds: null, source: "default", description: "0.8 s × 2^(n−1), no jitter, no cap (ClientRetryPolicy)" },
    condition: {
      allErrors: false,
      exceptionTypes: ["System.ClientModel.ClientResultException", "System.IO.IOException"],
      statuses: [408, 429, 500, 502, 503, 504],
      retryOn: ["connect-failure", "5xx"],
      afterSendMethods: "all",
      permanentErrors: null,
      // Azure.AI.OpenAI's RetryWithDelaysPolicy reads retry-after-ms / x-ms-retry-after-ms / Retry-After;
      // the base ClientRetryPolicy.GetNextDelay does not read them
      honoursRetryAfter: azure && retries === undefined ? true : null,
      description: "408, 429, 500, 502, 503, 504 and transport errors, every request (PipelineMessageClassifier.Default)",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: label ?? (name?.replace(/^this\./, "") || type),
  };
  ctx.facts.layers.push(layer);
  const client: ClientFact = {
    id: ctx.nextId("K", creation),
    name: name ?? "",
    functionId: ctx.scopeId(creation),
    span: nodeSpan(creation),
    library: layer.library,
    baseUrl: null,
    layerIds: [layer.localId],
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    timeoutSeconds: 100,
    timeoutSet: true,
    sdk: { target: azure ? "sdk://azure-openai" : "sdk://openai", notSending: [] },
  };
  ctx.facts.clients.push(client);
  return client;
}

/**
 * The options' RetryPolicy count: undefined = not set (default), null = set but not readable.
 * Options are the `*Options` object creation among the arguments, or a variable holding one.
 */
function retriesOf(ctx: CsContext, creation: SyntaxNode): number | null | undefined {
  for (const arg of callParts(creation).positional.concat([...callParts(creation).keywords.values()])) {
    if (arg.type === "object_creation_expression" && (createdType(arg) ?? "").endsWith("Options")) {
      const policy = initializerValues(arg).get("RetryPolicy");
      if (policy) return countOf(ctx, policy, creation);
      return undefined;
    }
    if (arg.type === "identifier") {
      const assigned = assignedRetryPolicy(ctx, arg.text, creation);
      if (assigned !== undefined) return assigned;
      const decl = declarationOf(ctx, arg.text);
      if (decl?.type === "object_creation_expression" && (createdType(decl) ?? "").endsWith("Options")) {
        const policy = initializerValues(decl).get("RetryPolicy");
        if (policy) return countOf(ctx, policy, creation);
      }
    }
  }
  return undefined;
}

function countOf(ctx: CsContext, policy: SyntaxNode, at: SyntaxNode): number | null {
  let p: SyntaxNode | null = policy;
  if (p.type === "identifier") p = declarationOf(ctx, p.text);
  if (!p || p.type !== "object_creation_expression" || createdType(p) !== "ClientRetryPolicy") return null;
  const parts = callParts(p);
  const n = parts.keywords.get("maxRetries") ?? parts.positional[0];
  if (!n) return CLIENT_MODEL_DEFAULT_RETRIES;
  const v = numberValue(n);
  void at;
  return v === null ? null : Math.max(0, Math.floor(v));
}

/** `options.RetryPolicy = …` somewhere in the file. */
function assignedRetryPolicy(ctx: CsContext, options: string, at: SyntaxNode): number | null | undefined {
  for (const a of descendants(ctx.tree.rootNode, "assignment_expression")) {
    if (dottedName(a.childForFieldName("left")) !== `${options}.RetryPolicy`) continue;
    const right = a.childForFieldName("right");
    return right ? countOf(ctx, right, at) : null;
  }
  return undefined;
}

/** `var name = <value>;` / `T name = <value>;` in the file. */
function declarationOf(ctx: CsContext, name: string): SyntaxNode | null {
  for (const d of descendants(ctx.tree.rootNode, "variable_declarator")) {
    if (d.childForFieldName("name")?.text !== name) continue;
    const value = d.namedChildren.filter((c) => c && c.type !== "identifier").pop();
    if (value?.type === "equals_value_clause") return value.namedChildren[0] ?? null;
    return value ?? null;
  }
  return null;
}

function bindingOf(creation: SyntaxNode): string | null {
  const p = creation.parent;
  if (p?.type === "variable_declarator") return p.childForFieldName("name")?.text ?? null;
  if (p?.type === "equals_value_clause" && p.parent?.type === "variable_declarator") return p.parent.childForFieldName("name")?.text ?? null;
  if (p?.type === "assignment_expression") return dottedName(p.childForFieldName("left"));
  return null;
}
