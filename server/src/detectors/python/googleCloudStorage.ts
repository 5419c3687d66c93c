/**
 * google-cloud-storage (Python) — docs/reference/google-sdks.md (python-storage 3.10.1
 * `google/cloud/storage/retry.py`: `DEFAULT_RETRY = retry.Retry(predicate=_should_retry)`, the
 * conditional policies; `blob.py` defaults; CHANGELOG 3.0.0 "Retry by default for uploads, blob
 * deletes, metadata updates").
 *
 * - `storage.Client(…)` (also `Client.from_service_account_json/info`,
 *   `create_anonymous_client()`) → a ClientFact with the library's default retry (kind
 *   "google-cloud-sdk", implicit): a google-api-core `Retry` — **no count, bounded by its 120 s
 *   deadline** (initial 1 s, ×2, max 60 s, jittered). Buckets (`client.bucket(b)`,
 *   `client.get_bucket(b)`) and blobs (`bucket.blob(n)`, `bucket.get_blob(n)`), bound or chained,
 *   send through it; every call on them is a request to storage.googleapis.com.
 * - Retried: 408, 429, 5xx, connection errors and timeouts (`_RETRYABLE_TYPES`). Reads always;
 *   from 3.0 uploads, deletes and metadata updates too (2.x: only with if_generation_match /
 *   if_metageneration_match — not modelled per method; ≥ 3.0 assumed).
 * - `retry=None` on a call turns that call's retries off (it is pointed at a client without the
 *   layer); a `retry=Retry(…)` the google-api-core detector reads replaces the default for that
 *   call (its own layer wraps it); another `retry=` value keeps the client's default.
 */
import type { ClientFact, CallFact, LayerFact } from "../../model/facts";
import { bindingOf, callParts, chainHead, descendants, enclosingFunction, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { returns } from "./sdkClients";

const CLIENTS = new Set(["google.cloud.storage.Client", "google.cloud.storage.client.Client", "google.cloud.storage.Client.from_service_account_json", "google.cloud.storage.Client.from_service_account_info", "google.cloud.storage.Client.create_anonymous_client"]);
const HANDLES = new Set(["bucket", "blob", "get_bucket", "lookup_bucket", "get_blob", "create_bucket"]);
const LOCAL_HANDLES = ["bucket", "blob", "batch", "close"];

export function detectGoogleCloudStorage(ctx: PyContext): void {
  if (!ctx.facts.imports.some((i) => i.module.startsWith("google.cloud") && (i.module.includes("storage") || i.member === "storage"))) return;
  const root = ctx.tree.rootNode;
  const names = new Map<string, ClientFact>();
  for (const call of descendants(root, "call")) {
    if (!CLIENTS.has(ctx.qualifiedName(call.childForFieldName("function")) ?? "")) continue;
    const binding = bindingOf(call) ?? "";
    const layer: LayerFact = {
      localId: ctx.nextId("L", call),
      kind: "google-cloud-sdk",
      category: "client",
      library: "google-cloud-storage",
      anchor: nodeSpan(call),
      maxAttempts: null,
      attemptsSource: "default",
      attemptsNote: "default DEFAULT_RETRY (google-api-core Retry): no count, retried until its 120 s deadline (google-cloud-storage ≥ 3.0: reads and writes)",
      timeBound: "deadline 120 s",
      wait: { kind: "exponential", jitter: true, initialSeconds: 1, maxSeconds: 60, source: "default", description: "exponential from 1 s (×2) up to 60 s, full jitter (google-api-core Retry)" },
      condition: {
        allErrors: false,
        exceptionTypes: ["TooManyRequests", "InternalServerError", "BadGateway", "ServiceUnavailable", "GatewayTimeout", "ConnectionError", "requests.exceptions.Timeout"],
        statuses: [408, 429, 500, 502, 503, 504],
        retryOn: ["connect-failure", "timeout", "5xx"],
        afterSendMethods: "all",
        permanentErrors: null,
        honoursRetryAfter: false,
        description: "408, 429, 5xx, connection errors and timeouts; reads, and from 3.0 uploads, deletes and metadata updates too",
      },
      budget: null,
      perTryTimeoutSeconds: 60,
      overallTimeoutSeconds: 120,
      attach: { kind: "client" },
      label: binding.replace(/^self\./, "") || "storage client",
    };
    ctx.facts.layers.push(layer);
    const def = enclosingFunction(call);
    const functionId = ctx.functionId(def);
    const client: ClientFact = { id: ctx.nextId("K", call), name: binding, functionId, span: nodeSpan(call), library: "google-cloud-storage", baseUrl: null, layerIds: [layer.localId], fromCall: null, perCall: false, hasRetryQuota: false, timeoutSeconds: 60, timeoutSet: true, sdk: { target: "sdk://storage.googleapis.com", notSending: [...LOCAL_HANDLES] } };
    ctx.facts.clients.push(client);
    if (def && returns(def, call, binding)) {
      const fact = ctx.facts.functions.find((f) => f.id === functionId);
      if (fact) fact.returnsClientId = client.id;
    }
    if (binding) names.set(binding, client);
  }
  if (names.size === 0) return;
  // handles: `bucket = client.bucket("b")`, `blob = bucket.blob("x")`
  for (let round = 0; round < 2; round++) {
    for (const call of descendants(root, "call")) {
      const fn = call.childForFieldName("function");
      if (fn?.type !== "attribute" || !HANDLES.has(fn.childForFieldName("attribute")?.text ?? "")) continue;
      const base = names.get(chainHead(fn.childForFieldName("object")) ?? "");
      const binding = bindingOf(call);
      if (!base || !binding || names.has(binding)) continue;
      const child: ClientFact = { ...base, id: ctx.nextId("K", call), name: binding, functionId: ctx.functionId(enclosingFunction(call)), span: nodeSpan(call), sdk: { ...base.sdk!, notSending: [...LOCAL_HANDLES] } };
      ctx.facts.clients.push(child);
      names.set(binding, child);
    }
  }
  // each call on them: `blob.upload_from_string(d)`, `client.bucket(b).blob(n).download_as_bytes()`
  for (const call of descendants(root, "call")) {
    const fn = call.childForFieldName("function");
    const member = fn?.type === "attribute" ? fn.childForFieldName("attribute")?.text : undefined;
    const head = fn?.type === "attribute" ? chainHead(fn.childForFieldName("object")) : null;
    const base = head ? names.get(head) : undefined;
    if (!fn || !member || !base) continue;
    const fact = callFact(ctx, call, `${head}.${member}`);
    const retry = callParts(call).keywords.get("retry");
    // `retry=Retry(…)` read by the google-api-core detector replaces DEFAULT_RETRY for this call
    const ownRetry = ctx.facts.layers.some((l) => l.kind === "google-api-core" && l.attach.kind === "block" && l.attach.callIds.includes(fact.id));
    if (retry?.text === "None" || ownRetry) {
      // this call does not retry with the client's default: a client without the layer
      const name = `${head!.replace(/\W/g, "_")}__no_retry_${fact.span.line}_${fact.span.column}`;
      ctx.facts.clients.push({ ...base, id: ctx.nextId("K", call), name, functionId: fact.functionId, layerIds: [], sdk: { ...base.sdk!, notSending: [] } });
      fact.callee = `${name}.${member}`;
    }
  }
}

function callFact(ctx: PyContext, call: SyntaxNode, callee: string): CallFact {
  const line = call.startPosition.row + 1;
  const column = call.startPosition.column;
  const member = callee.slice(callee.lastIndexOf(".") + 1);
  const existing = ctx.facts.calls.find((c) => c.span.line === line && c.span.column === column && c.callee.endsWith(`.${member}`));
  if (existing) {
    existing.callee = callee;
    return existing;
  }
  const fact: CallFact = { id: ctx.nextId("C", call), span: nodeSpan(call), functionId: ctx.functionId(enclosingFunction(call)), callee, args: [] };
  ctx.facts.calls.push(fact);
  return fact;
}
