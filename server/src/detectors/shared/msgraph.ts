/**
 * What the Microsoft Graph SDKs' RetryHandler does, shared by the JS, Python, .NET, Java and Go
 * detectors — docs/reference/msgraph.md. Every Graph SDK (msgraph-sdk-javascript 3.x, and the
 * Kiota-based Python, .NET, Java and Go SDKs) puts a RetryHandler in its default middleware chain:
 * default 3 retries → **4 attempts**, delay 3 s, at most 10 retries; only 429, 503 and 504 are
 * retried, Retry-After is honoured, and every method whose body can be replayed is retried (POST
 * included). The count is a RETRY count (N → N+1 attempts). What differs per language is the wait
 * and whether 0 turns retries off (kiota-http-go reads MaxRetries < 1 as the default 3).
 */
import type { LayerFact, RetryCondition, SourceSpan, WaitSpec } from "../../model/facts";
import { retryCountClientLayer } from "./sdkClientLayer";

export const GRAPH_LIBRARY = "msgraph";
export const GRAPH_LAYER_KIND = "msgraph-retry-handler";
/** RetryHandlerOption(s) DefaultMaxRetry / DEFAULT_MAX_RETRIES / defaultMaxRetries, in every SDK */
export const GRAPH_DEFAULT_RETRIES = 3;
/** MaxMaxRetry / MAX_RETRIES / absoluteMaxRetries: a higher count throws (.NET, Java) or is clamped (Go) */
export const GRAPH_MAX_RETRIES = 10;
export const GRAPH_DEFAULT_DELAY_SECONDS = 3;
/**
 * The HttpClient / OkHttpClient / net/http client the .NET, Java and Go SDKs build times out after
 * 100 s (Graph.Core GraphClientFactory `defaultTimeout`, kiota-java KiotaClientFactory
 * connect/read/call timeouts, kiota-http-go GetDefaultClient `Timeout`)
 */
export const GRAPH_TIMEOUT_SECONDS = 100;
/** ClientFact.sdk target of every Graph client: its calls are requests to graph.microsoft.com */
export const GRAPH_TARGET = "sdk://graph.microsoft.com";

export function graphCondition(methods: string): RetryCondition {
  return {
    allErrors: false,
    exceptionTypes: [],
    statuses: [429, 503, 504],
    retryOn: ["429", "503", "504"],
    afterSendMethods: "all",
    permanentErrors: null,
    honoursRetryAfter: true,
    description: `429, 503 and 504 responses only (not connection errors), ${methods}; Retry-After honoured`,
  };
}

/** A Graph RetryHandler layer; `retries` null = not known statically. */
export function graphLayer(c: {
  localId: string;
  anchor: SourceSpan;
  label: string;
  retries: number | null;
  source: "config" | "default";
  note: string;
  wait: { jitter: boolean; initialSeconds?: number; description: string };
  methods: string;
  configRef?: LayerFact["configRef"];
}): LayerFact {
  const wait: WaitSpec = { kind: "exponential", jitter: c.wait.jitter, initialSeconds: c.wait.initialSeconds ?? GRAPH_DEFAULT_DELAY_SECONDS, maxSeconds: 180, source: "default", description: c.wait.description };
  return retryCountClientLayer({
    localId: c.localId,
    kind: GRAPH_LAYER_KIND,
    library: GRAPH_LIBRARY,
    anchor: c.anchor,
    label: c.label,
    retries: c.retries,
    source: c.source,
    note: c.note,
    ...(c.configRef ? { configRef: c.configRef } : {}),
    wait,
    condition: graphCondition(c.methods),
    perTryTimeoutSeconds: null,
  });
}

/** How a written count reads in a layer's note: `what` counts retries; 0 turns retries off. */
export function graphRetriesNote(what: string, retries: number): string {
  return retries === 0 ? `${what} 0 turns retries off → 1 attempt` : `${what} ${retries} counts retries → ${retries + 1} attempts`;
}

/** The note of a client built with the default middleware chain. */
export function graphDefaultNote(how: string): string {
  return `default RetryHandler: MaxRetry ${GRAPH_DEFAULT_RETRIES} → ${GRAPH_DEFAULT_RETRIES + 1} attempts (${how})`;
}
