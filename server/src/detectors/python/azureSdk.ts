/**
 * Azure SDK for Python clients — docs/reference/azure-sdk.md (§ Python).
 *
 * Every client retries through its azure-core pipeline by default:
 * - azure-core `RetryPolicy` (Key Vault, Search, App Configuration, Tables …): retry_total 10, but
 *   retry_connect / retry_read / retry_status 3 each, and the policy stops as soon as any counter
 *   drops below 0 (`is_exhausted`): one kind of failure (a dependency returning 503) gets 3 retries
 *   → 4 attempts. Exponential 0.8 s × 2^(n−1), max 120 s, no jitter; 408/429/500/502/503/504; POST
 *   and PATCH only on 500/503/504; Retry-After honoured.
 * - azure-storage-* `ExponentialRetry`: retry_total 3 (→ 4), the same per-kind counters; 15 s, then
 *   15 + 3^n s, ±3 s jitter.
 * - Service Bus / Event Hubs (AMQP): `retry_total` 3 → 4 (0.8 s exponential, max 120 s).
 * - Cosmos DB: 9 throttle retries → 10 attempts on 429 (its own policy; `retry_total` is not read here).
 *
 * Recognised: `BlobServiceClient(url, credential=…, retry_total=5)`, `X.from_connection_string(cs, …)`,
 * `aio` clients, `retry_policy=ExponentialRetry(…)` / `RetryPolicy(…)`. Every method on the client
 * (and on sub-clients from `get_container_client(…)`, `get_queue_sender(…)`) sends to `azure:<service>`.
 */
import type { ClientFact, LayerFact, RetryCondition } from "../../model/facts";
import { AMQP_SERVICES, AZURE_CLIENT_SERVICES } from "../../model/azureSdk";
import { bindingOf, callParts, descendants, enclosingFunction, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { resolveBound, type PyContext } from "./context";

const FACTORIES = /^(from_connection_string|from_url|from_blob_url|from_container_url|from_queue_url|from_table_url|from_share_url|from_file_url|from_account_url)$/;
/** client methods that build sub-clients or release resources: no request */
const NOT_SENDING = ["get_container_client", "get_blob_client", "get_queue_client", "get_table_client", "get_share_client", "get_file_client", "get_directory_client", "get_database_client", "get_sub_client", "get_queue_sender", "get_queue_receiver", "get_topic_sender", "get_subscription_receiver", "close", "__enter__", "__exit__", "url", "account_name"];
const SUB_CLIENT = /^get_\w+_(client|sender|receiver)$/;
/** azure-core RetryPolicyBase: retry_total 10, retry_connect/read/status 3 */
export const PY_CORE_TOTAL = 10;
export const PY_KIND_RETRIES = 3;
/** azure-storage ExponentialRetry retry_total; AMQP retry_total */
export const PY_STORAGE_TOTAL = 3;
export const PY_AMQP_TOTAL = 3;
const COSMOS_RETRIES = 9;

const CORE_CONDITION: RetryCondition = {
  allErrors: false,
  exceptionTypes: [],
  statuses: [408, 429, 500, 502, 503, 504],
  retryOn: ["connection errors", "read errors"],
  afterSendMethods: "all",
  permanentErrors: null,
  honoursRetryAfter: true,
  description: "408, 429, 500, 502, 503, 504, connection and read errors (POST/PATCH on 500/503/504); Retry-After honoured",
};

export function detectAzureSdk(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  const clients: ClientFact[] = [];
  for (const call of descendants(root, "call")) {
    const q = ctx.qualifiedName(call.childForFieldName("function"));
    const m = q ? azureClientName(q) : null;
    if (!m) continue;
    const { clientType, pkg } = m;
    const service = AZURE_CLIENT_SERVICES[clientType]!;
    const layer = layerFor(ctx, call, clientType, service, pkg);
    ctx.facts.layers.push(layer);
    const name = bindingOf(call) ?? "";
    const functionId = ctx.functionId(enclosingFunction(call));
    const client: ClientFact = {
      id: ctx.nextId("K", call),
      name,
      functionId,
      span: nodeSpan(call),
      library: `azure-sdk (${clientType})`,
      baseUrl: null,
      layerIds: [layer.localId],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: `azure://${service}`, notSending: [...NOT_SENDING] },
    };
    clients.push(client);
  }
  // `container = service.get_container_client("x")` / `with client.get_queue_sender(q) as sender:`
  for (const client of [...clients]) {
    if (!client.name) continue;
    for (const call of descendants(root, "call")) {
      const fn = call.childForFieldName("function");
      if (fn?.type !== "attribute" || fn.childForFieldName("object")?.text !== client.name || !SUB_CLIENT.test(fn.childForFieldName("attribute")?.text ?? "")) continue;
      const name = bindingOf(call);
      if (!name) continue;
      clients.push({ ...client, id: ctx.nextId("K", call), name, functionId: ctx.functionId(enclosingFunction(call)), span: nodeSpan(call), sdk: { ...client.sdk!, notSending: [...NOT_SENDING] } });
    }
  }
  ctx.facts.clients.push(...clients);
}

/** `azure.storage.blob.aio.BlobServiceClient.from_connection_string` → BlobServiceClient in storage.blob. */
function azureClientName(q: string): { clientType: string; pkg: string } | null {
  const parts = q.split(".");
  if (parts[0] !== "azure" || parts.length < 3) return null;
  const last = parts[parts.length - 1]!;
  const factory = FACTORIES.test(last);
  const clientType = factory ? parts[parts.length - 2]! : last;
  if (!AZURE_CLIENT_SERVICES[clientType]) return null;
  const pkg = parts.slice(1, factory ? -2 : -1).filter((p) => p !== "aio").join(".");
  return pkg ? { clientType, pkg } : null;
}

function layerFor(ctx: PyContext, call: SyntaxNode, clientType: string, service: string, pkg: string): LayerFact {
  const parts = callParts(call);
  const policy = resolveBound(ctx, parts.keywords.get("retry_policy") ?? null, call);
  // azure.storage.blob / .queue / .fileshare / .filedatalake build an ExponentialRetry from the kwargs
  const storage = /^storage(\.|$)/.test(pkg);
  const amqp = AMQP_SERVICES.has(service);
  const cosmos = service === "cosmos";
  const lib = `azure-${pkg.replace(/\./g, "-")}`;
  const base = {
    kind: "azure-sdk" as const,
    category: "client" as const,
    library: lib,
    timeBound: null,
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    localId: ctx.nextId("L", call),
    anchor: nodeSpan(call),
    attach: { kind: "client" as const },
    label: `${clientType}(…) → azure:${service}`,
  };
  if (cosmos) {
    return {
      ...base,
      maxAttempts: COSMOS_RETRIES + 1,
      attemptsSource: "default",
      attemptsNote: `default ${COSMOS_RETRIES} throttle retries → ${COSMOS_RETRIES + 1} attempts on 429 (azure-cosmos)`,
      wait: { kind: "custom", jitter: null, initialSeconds: null, maxSeconds: 30, source: "default", description: "the service's retry-after on each 429, at most 30 s in all" },
      condition: { ...CORE_CONDITION, statuses: [429], description: "429 (request rate too large), honouring the service's retry-after" },
    };
  }
  // the counts: keywords on the client, or on a RetryPolicy/ExponentialRetry passed as retry_policy
  const source = policy?.type === "call" ? callParts(policy).keywords : parts.keywords;
  const unreadablePolicy = parts.keywords.has("retry_policy") && policy?.type !== "call";
  const policyType = policy?.type === "call" ? (ctx.qualifiedName(policy.childForFieldName("function")) ?? "").split(".").pop() : null;
  const defTotal = amqp ? PY_AMQP_TOTAL : storage || policyType === "ExponentialRetry" || policyType === "LinearRetry" ? PY_STORAGE_TOTAL : PY_CORE_TOTAL;
  const read = (k: string): number | null | undefined => (source.has(k) ? ctx.number(source.get(k), call) : undefined);
  const total = read("retry_total");
  const kinds = ["retry_connect", "retry_read", "retry_status"].map((k) => read(k));
  const written = total !== undefined || kinds.some((k) => k !== undefined);
  if (unreadablePolicy || total === null || kinds.some((k) => k === null)) {
    return { ...base, maxAttempts: null, countUnknown: true, attemptsSource: "config", attemptsNote: unreadablePolicy ? "retry_policy is not built here (count unknown)" : "retry count is not a literal", wait: waitOf(storage, amqp), condition: CORE_CONDITION };
  }
  const t = total ?? defTotal;
  let n: number;
  let note: string;
  if (amqp) {
    n = Math.max(0, t);
    note = written ? `retry_total=${t} → ${n + 1} attempts` : `default retry_total ${PY_AMQP_TOTAL} → ${PY_AMQP_TOTAL + 1} attempts (${lib})`;
  } else {
    const perKind = Math.max(...kinds.map((k) => (k === undefined ? PY_KIND_RETRIES : (k as number))));
    n = Math.max(0, Math.min(t, perKind));
    const totalText = total === undefined ? `default retry_total ${defTotal}` : `retry_total=${t}`;
    note =
      t > perKind
        ? `${totalText}, but retry_connect/retry_read/retry_status ${perKind} each: one kind of failure stops after ${perKind} retries → ${n + 1} attempts (${lib})`
        : `${totalText} → ${n + 1} attempts (${lib})`;
  }
  return { ...base, maxAttempts: n + 1, attemptsSource: written ? "config" : "default", attemptsNote: note, wait: waitOf(storage, amqp), condition: CORE_CONDITION };
}

function waitOf(storage: boolean, amqp: boolean): LayerFact["wait"] {
  if (storage) return { kind: "exponential", jitter: true, initialSeconds: 15, maxSeconds: null, source: "default", description: "15 s, then 15 + 3^n s (±3 s jitter)" };
  return { kind: "exponential", jitter: false, initialSeconds: amqp ? 0.8 : 0, maxSeconds: 120, source: "default", description: amqp ? "exponential from 0.8 s, max 120 s" : "first retry immediate, then 0.8 s × 2^(n−1), max 120 s, no jitter" };
}
