/**
 * twilio-python — docs/reference/twilio.md (twilio-python 9.x `twilio/http/http_client.py`
 * `TwilioHttpClient.__init__(…, max_retries=None)`, `twilio/rest/__init__.py` `Client`).
 *
 * - `twilio.rest.Client(sid, token, …)` → a ClientFact: every method on it
 *   (`client.messages.create(…)`) is a request to api.twilio.com. **No retries by default**: the
 *   default TwilioHttpClient mounts no retry adapter, so there is no layer.
 * - `Client(…, http_client=TwilioHttpClient(max_retries=N))` (inline, or a name bound to it in the
 *   file) mounts `requests`' `HTTPAdapter(max_retries=N)`: N retries of connection errors only
 *   (urllib3 `Retry(N, read=False)`: no read errors, no statuses, no backoff) → N+1 attempts, as
 *   reference §1.4. `max_retries=0` → off.
 */
import type { LayerFact } from "../../model/facts";
import { bindingOf, callParts, descendants, enclosingFunction, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { resolveBound, type PyContext } from "./context";
import { recordSdkClient } from "./sdkClients";

const CLIENTS = new Set(["twilio.rest.Client"]);
const HTTP_CLIENTS = new Set(["twilio.http.http_client.TwilioHttpClient", "twilio.http.TwilioHttpClient"]);
const NOT_SENDING = ["validate", "compute_signature"];

export function detectTwilio(ctx: PyContext): void {
  if (!ctx.facts.imports.some((i) => i.module === "twilio" || i.module.startsWith("twilio."))) return;
  for (const call of descendants(ctx.tree.rootNode, "call")) {
    if (!CLIENTS.has(ctx.qualifiedName(call.childForFieldName("function")) ?? "")) continue;
    const parts = callParts(call);
    const httpNode = resolveBound(ctx, parts.keywords.get("http_client") ?? null, call);
    const binding = bindingOf(call) ?? "";
    const layerIds: string[] = [];
    if (httpNode?.type === "call" && HTTP_CLIENTS.has(ctx.qualifiedName(httpNode.childForFieldName("function")) ?? "")) {
      const retriesNode = callParts(httpNode).keywords.get("max_retries") ?? null;
      if (retriesNode && retriesNode.text !== "None") {
        const n = ctx.number(retriesNode, httpNode);
        const retries = n === null || !Number.isFinite(n) ? null : Math.max(0, Math.floor(n));
        const maxAttempts = retries === null ? null : retries + 1;
        const layer: LayerFact = {
          localId: ctx.nextId("L", httpNode),
          kind: "twilio-retry",
          category: "client",
          library: "twilio",
          anchor: nodeSpan(httpNode),
          maxAttempts,
          attemptsSource: "config",
          attemptsNote: retries === null ? `TwilioHttpClient(max_retries=${retriesNode.text}) is not known statically` : retries === 0 ? "TwilioHttpClient(max_retries=0): off → 1 attempt" : `TwilioHttpClient(max_retries=${retries}) → HTTPAdapter(max_retries=${retries}): counts retries of connection errors → ${maxAttempts} attempts`,
          timeBound: null,
          ...(maxAttempts === null ? { countUnknown: true } : {}),
          wait: { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "default", description: "no wait between attempts (HTTPAdapter's integer max_retries has no backoff)" },
          condition: {
            allErrors: false,
            exceptionTypes: ["urllib3.exceptions.NewConnectionError", "urllib3.exceptions.ConnectTimeoutError"],
            statuses: [],
            retryOn: ["connect-failure"],
            afterSendMethods: [],
            permanentErrors: null,
            honoursRetryAfter: null,
            description: "connection errors before the request was sent (read errors and statuses are not retried)",
          },
          budget: null,
          perTryTimeoutSeconds: null,
          overallTimeoutSeconds: null,
          attach: { kind: "client" },
          label: binding.replace(/^self\./, "") || "twilio client",
        };
        ctx.facts.layers.push(layer);
        layerIds.push(layer.localId);
      }
    }
    recordSdkClient(ctx, call, { library: "twilio", target: "sdk://api.twilio.com", notSending: NOT_SENDING, layerIds });
  }
}

