/**
 * google-api-python-client (`googleapiclient`) — docs/reference/google-sdks.md
 * (googleapiclient/http.py 2.x: `HttpRequest.execute(http=None, num_retries=0)`,
 * `_retry_request`, `_should_retry_response`; `MediaIoBaseDownload.next_chunk(num_retries=0)`).
 *
 * - `build("drive", "v3", …)` (googleapiclient.discovery / apiclient.discovery) bound to a name:
 *   a request chain on it (`service.files().list(q=…).execute()`, also through a local
 *   `req = service.files().get(…)` and `req.execute()`) is a request to `<api>.googleapis.com`.
 * - **No retries by default**: `execute()` tries once (`num_retries=0`), so an `execute()` without
 *   `num_retries` is a request with no layer. `execute(num_retries=N)` / `next_chunk(num_retries=N)`
 *   is a layer on that call (kind "googleapiclient", a block layer around the call): N counts
 *   RETRIES → N+1 attempts; 0 → 1 (off). `build(…, num_retries=N)` retries only the discovery
 *   document fetch at startup, not the calls: not a layer of the request path.
 * - Wait: `random() × 2^n` s before retry n (full jitter, 2 s, 4 s, … no cap).
 * - Retried: connection errors (SSL errors, socket timeouts, ConnectionError, ETIMEDOUT/EPIPE/
 *   ECONNABORTED/ECONNREFUSED/ECONNRESET, httplib2.ServerNotFoundError), every 5xx, 429, and 403
 *   with reason `userRateLimitExceeded` / `rateLimitExceeded`; any method, POST included.
 * - Only calls on a `build()` client, or `execute(num_retries=…)` in a file importing
 *   googleapiclient, are taken: a DB-API `cursor.execute(sql)` is not.
 */
import type { CallFact, LayerFact } from "../../model/facts";
import { bindingOf, callParts, chainHead, descendants, enclosingFunction, nodeSpan, stringValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";

const BUILD = new Set(["googleapiclient.discovery.build", "apiclient.discovery.build", "googleapiclient.discovery.build_from_document", "apiclient.discovery.build_from_document"]);

export function detectGoogleApiClient(ctx: PyContext): void {
  if (!ctx.facts.imports.some((i) => /^(googleapiclient|apiclient)(\.|$)/.test(i.module))) return;
  const root = ctx.tree.rootNode;
  // `service = build("drive", "v3")` → service: drive
  const apis = new Map<string, string>();
  for (const call of descendants(root, "call")) {
    if (!BUILD.has(ctx.qualifiedName(call.childForFieldName("function")) ?? "")) continue;
    const name = bindingOf(call);
    const api = stringValue(callParts(call).keywords.get("serviceName") ?? callParts(call).positional[0] ?? null);
    if (name) apis.set(name, api ?? "");
  }
  // `req = service.files().list(…)`: a request object built on a client
  const requests = new Map<string, string>();
  for (const call of descendants(root, "call")) {
    const name = bindingOf(call);
    const head = chainHead(call);
    if (name && head && apis.has(head) && !call.childForFieldName("function")?.text.endsWith(".execute")) requests.set(name, apis.get(head)!);
  }
  for (const call of descendants(root, "call")) {
    const fn = call.childForFieldName("function");
    const member = fn?.type === "attribute" ? fn.childForFieldName("attribute") : null;
    if (!fn || !member || (member.text !== "execute" && member.text !== "next_chunk")) continue;
    const receiver = fn.childForFieldName("object");
    const head = receiver ? chainHead(receiver) : null;
    const retriesNode = callParts(call).keywords.get("num_retries") ?? null;
    const api = head !== null ? (apis.get(head) ?? (receiver?.type === "identifier" || receiver?.type === "attribute" ? requests.get(receiver.text) : undefined)) : undefined;
    // a chain through a build() client, or an explicit num_retries in a file that uses the library
    const viaClient = api !== undefined && (receiver?.type === "call" || requests.has(receiver?.text ?? "") || member.text === "next_chunk");
    if (!viaClient && !retriesNode) continue;
    const target = api ? `sdk://${api}.googleapis.com` : "sdk://googleapis.com";
    const fact = callFact(ctx, call, fn.text);
    fact.request = { method: null, url: { kind: "string", value: target }, protocol: "http", idempotencyKey: null, timeoutSeconds: 60, library: "googleapiclient" };
    if (!retriesNode) continue;
    const n = ctx.number(retriesNode, call);
    const retries = n === null || !Number.isFinite(n) ? null : Math.max(0, Math.floor(n));
    const maxAttempts = retries === null ? null : retries + 1;
    const layer: LayerFact = {
      localId: ctx.nextId("L", member),
      kind: "googleapiclient",
      category: "client",
      library: "googleapiclient",
      anchor: nodeSpan(member),
      maxAttempts,
      attemptsSource: "config",
      attemptsNote:
        retries === null
          ? `${member.text}(num_retries=${retriesNode.text}) is not known statically`
          : retries === 0
            ? `${member.text}(num_retries=0): one attempt, as the default`
            : `${member.text}(num_retries=${retries}) counts retries → ${maxAttempts} attempts (googleapiclient; the default 0 tries once)`,
      timeBound: null,
      ...(maxAttempts === null ? { countUnknown: true } : {}),
      wait: { kind: "exponential", jitter: true, initialSeconds: 0, maxSeconds: null, source: "default", description: "random() × 2^n s before retry n (full jitter: up to 2 s, 4 s, 8 s …, no cap)" },
      condition: {
        allErrors: false,
        exceptionTypes: ["ssl.SSLError", "socket.timeout", "ConnectionError", "httplib2.ServerNotFoundError"],
        statuses: [403, 429, 500, 502, 503, 504],
        retryOn: ["connect-failure", "timeout", "5xx"],
        afterSendMethods: "all",
        permanentErrors: null,
        honoursRetryAfter: false,
        description: "connection errors and timeouts, every 5xx, 429, and 403 with reason userRateLimitExceeded/rateLimitExceeded; any method, POST included (no idempotency key)",
      },
      budget: null,
      perTryTimeoutSeconds: 60,
      overallTimeoutSeconds: null,
      attach: { kind: "block", functionId: fact.functionId, callIds: [fact.id] },
      label: `${member.text}(num_retries=${retriesNode.text})`,
    };
    ctx.facts.layers.push(layer);
  }
}

/** The module's CallFact for this call node, or a new one (chained `….get(…).execute()` calls have none). */
function callFact(ctx: PyContext, call: SyntaxNode, calleeText: string): CallFact {
  const line = call.startPosition.row + 1;
  const column = call.startPosition.column;
  const member = calleeText.slice(calleeText.lastIndexOf(".") + 1);
  const existing = ctx.facts.calls.find((c) => c.span.line === line && c.span.column === column && c.callee.endsWith(`.${member}`));
  if (existing) return existing;
  const callee = calleeText.replace(/\((?:[^()]|\([^()]*\))*\)/g, "()").replace(/\s+/g, "");
  const fact: CallFact = { id: ctx.nextId("C", call), span: nodeSpan(call), functionId: ctx.functionId(enclosingFunction(call)), callee, args: [] };
  ctx.facts.calls.push(fact);
  return fact;
}
