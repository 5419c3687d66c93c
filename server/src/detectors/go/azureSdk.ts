/**
 * Azure SDK for Go clients — docs/reference/azure-sdk.md (§ Go).
 *
 * azcore `policy.RetryOptions` (every HTTP client: azblob, azqueue, aztables, azsecrets, azcosmos …):
 * MaxRetries **0 means the default 3** → 4 attempts; a value < 0 means one try; N > 0 → N+1.
 * RetryDelay 800 ms, (2^try − 1) × delay × [0.8, 1.3) jitter, MaxRetryDelay 60 s (azcore
 * runtime/policy_retry.go setDefaults); 408/429/500/502/503/504. azservicebus / azeventhubs (AMQP)
 * `RetryOptions.MaxRetries`: the same rule (default 3, < 0 = no retries).
 *
 * `client, err := azblob.NewClient(url, cred, &azblob.ClientOptions{ClientOptions: azcore.ClientOptions{
 * Retry: policy.RetryOptions{MaxRetries: 5}}})`, `NewClientFromConnectionString`, any `New…Client…`
 * of a package under github.com/Azure/azure-sdk-for-go/sdk/; every method on the client sends to
 * `azure:<service>`.
 */
import { AMQP_SERVICES } from "../../model/azureSdk";
import type { LayerFact } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { addClient } from "./nethttp";
import { callArgs, calleeNode, descendants, dottedName, nodeSpan, numberValue } from "./syntax";
import { boundName } from "./values";

const SDK = /^github\.com\/Azure\/azure-sdk-for-go\/sdk\/(.+)$/;
/** Go package name → Azure service */
const PACKAGES: Record<string, string> = {
  azblob: "blob",
  azqueue: "queue",
  azfile: "fileshare",
  azdatalake: "datalake",
  aztables: "tables",
  azcosmos: "cosmos",
  azsecrets: "keyvault",
  azkeys: "keyvault",
  azcertificates: "keyvault",
  azservicebus: "servicebus",
  azeventhubs: "eventhubs",
  azappconfig: "appconfig",
  azeventgrid: "eventgrid",
  publisher: "eventgrid",
};
/** azcore policy.RetryOptions / azservicebus RetryOptions: "The default value is three" */
export const GO_DEFAULT_RETRIES = 3;
const NOT_SENDING = ["NewContainerClient", "NewBlobClient", "NewBlockBlobClient", "ServiceClient", "NewSender", "NewReceiverForQueue", "NewReceiverForSubscription", "NewDatabase", "NewContainer", "NewClient", "URL", "Close"];

export function detectAzureSdk(ctx: GoContext): void {
  const locals = new Map<string, { service: string; path: string }>();
  for (const imp of ctx.imports) {
    const m = SDK.exec(imp.path);
    const pkg = m ? m[1]!.split("/").pop()! : null;
    if (pkg && PACKAGES[pkg]) locals.set(ctx.importLocal(imp.path) ?? pkg, { service: PACKAGES[pkg]!, path: m![1]! });
  }
  if (!locals.size) return;
  for (const call of descendants(ctx.tree.rootNode, "call_expression")) {
    const callee = dottedName(calleeNode(call)) ?? "";
    const dot = callee.indexOf(".");
    const pkg = dot > 0 ? callee.slice(0, dot) : "";
    const info = locals.get(pkg);
    if (!info || !/^New\w*Client\w*$/.test(callee.slice(dot + 1))) continue;
    const localId = ctx.nextId("L", call);
    ctx.facts.layers.push(layerFor(call, info, pkg, localId));
    const name = boundName(ctx, call);
    if (!name) continue;
    const fact = addClient(ctx, { name, at: call, library: `azure-sdk-for-go/${info.path}`, timeoutSeconds: null, timeoutSet: false, layerIds: [localId] });
    fact.sdk = { target: `azure://${info.service}`, notSending: [...NOT_SENDING] };
    subClients(ctx, call, name, info, localId);
  }
}

/** `receiver, err := client.NewReceiverForQueue(q, nil)`, `c := client.NewContainerClient(n)`: sub-clients on the same pipeline. */
function subClients(ctx: GoContext, at: SyntaxNode, name: string, info: { service: string; path: string }, localId: string, depth = 0): void {
  if (depth > 3) return;
  for (const call of descendants(ctx.tree.rootNode, "call_expression")) {
    const fn = calleeNode(call);
    if (fn?.type !== "selector_expression" || !/^(New\w+|ServiceClient)$/.test(fn.childForFieldName("field")?.text ?? "")) continue;
    const operand = fn.childForFieldName("operand");
    if (!operand || ctx.nameOf(operand, call) !== name || call.id === at.id) continue;
    const sub = boundName(ctx, call);
    if (!sub || sub === name || ctx.facts.clients.some((c) => c.name === sub && c.sdk)) continue;
    const fact = addClient(ctx, { name: sub, at: call, library: `azure-sdk-for-go/${info.path}`, timeoutSeconds: null, timeoutSet: false, layerIds: [localId] });
    fact.sdk = { target: `azure://${info.service}`, notSending: [...NOT_SENDING] };
    subClients(ctx, call, sub, info, localId, depth + 1);
  }
}

function layerFor(call: SyntaxNode, info: { service: string; path: string }, pkg: string, localId: string): LayerFact {
  const amqp = AMQP_SERVICES.has(info.service);
  const lib = amqp ? `${pkg} RetryOptions` : "azcore policy.RetryOptions";
  // `MaxRetries: N` anywhere in the options literal (ClientOptions{ClientOptions: azcore.ClientOptions{Retry: …}})
  const keyed = callArgs(call)
    .flatMap((a) => descendants(a, "keyed_element"))
    .find((k) => (k.namedChildren[0]?.text ?? "").replace(/\s/g, "") === "MaxRetries");
  const valueNode = keyed?.namedChildren[1] ?? null;
  const value = valueNode ? numberValue(valueNode.type === "literal_element" ? valueNode.namedChildren[0] : valueNode) : null;
  let attempts: number | null;
  let note: string;
  if (!keyed) {
    attempts = GO_DEFAULT_RETRIES + 1;
    note = `default MaxRetries ${GO_DEFAULT_RETRIES} → ${attempts} attempts (${lib})`;
  } else if (value === null) {
    attempts = null;
    note = `MaxRetries: ${valueNode?.text ?? "?"} (not a literal)`;
  } else if (value === 0) {
    attempts = GO_DEFAULT_RETRIES + 1;
    note = `MaxRetries: 0 means the default ${GO_DEFAULT_RETRIES} → ${attempts} attempts (use -1 to turn retries off)`;
  } else if (value < 0) {
    attempts = 1;
    note = `MaxRetries: ${value} (< 0): one try, no retries`;
  } else {
    attempts = value + 1;
    note = `MaxRetries: ${value} → ${attempts} attempts`;
  }
  return {
    kind: "azure-sdk",
    category: "client",
    library: `azure-sdk-for-go/${info.path}`,
    maxAttempts: attempts,
    ...(attempts === null ? { countUnknown: true } : {}),
    attemptsSource: keyed ? "config" : "default",
    attemptsNote: note,
    timeBound: null,
    wait: { kind: "exponential", jitter: true, initialSeconds: amqp ? 4 : 0.8, maxSeconds: amqp ? 120 : 60, source: "default", description: amqp ? "exponential from 4 s with jitter, max 120 s" : "exponential from 800 ms with jitter, max 60 s; Retry-After honoured" },
    condition: {
      allErrors: false,
      exceptionTypes: [],
      statuses: amqp ? [] : [408, 429, 500, 502, 503, 504],
      retryOn: amqp ? ["transient AMQP errors"] : ["transport errors"],
      afterSendMethods: "all",
      permanentErrors: null,
      honoursRetryAfter: amqp ? null : true,
      description: amqp ? "transient AMQP errors, sends included" : "408, 429, 500, 502, 503, 504 and transport errors, any method; Retry-After honoured",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    localId,
    anchor: nodeSpan(call),
    attach: { kind: "client" },
    label: `${dottedName(calleeNode(call))}(…) → azure:${info.service}`,
  };
}
