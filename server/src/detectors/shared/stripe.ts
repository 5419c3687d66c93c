/**
 * What the Stripe SDKs retry and how long they wait, shared by the JS/TS, Python and Go detectors
 * — docs/reference/stripe.md (stripe-node `src/RequestSender.ts` `_shouldRetry` /
 * `_getSleepTimeInMS` and `PlatformFunctions.getDefaultMaxNetworkRetries` at 22.5.0;
 * stripe-python `stripe/_http_client.py` `_should_retry` and `stripe/__init__.py` at 15.3.1;
 * stripe-go `stripe.go` `DefaultMaxNetworkRetries`).
 *
 * Every Stripe SDK counts RETRIES (`maxNetworkRetries: N` → N+1 attempts), retries connection
 * errors, 409 and every 5xx (a `Stripe-Should-Retry` header overrides), never 429, and adds an
 * `Idempotency-Key` to every POST it sends, so a retried write is deduplicated by the API.
 */
import type { ClientFact, LayerFact, RetryCondition, SourceSpan, VersionDefaults, WaitSpec } from "../../model/facts";
import { retryCountClientLayer } from "./sdkClientLayer";

export function stripeCondition(): RetryCondition {
  return {
    allErrors: false,
    exceptionTypes: ["StripeConnectionError", "APIConnectionError"],
    statuses: [409, 500, 502, 503, 504],
    retryOn: ["connect-failure", "timeout", "5xx"],
    // retried after sending, POST included — but with the automatic Idempotency-Key
    afterSendMethods: "all",
    permanentErrors: null,
    // 429 is not retried at all
    honoursRetryAfter: null,
    description: "connection errors and timeouts, 409 and every 5xx (Stripe-Should-Retry from the API overrides), never 429; every POST carries an automatic Idempotency-Key, so a retried write is deduplicated",
  };
}

/** min(0.5 s × 2^(n−1), max) × [0.5, 1), never below 0.5 s; max 5 s (2 s before stripe-node 17 / stripe-python 11) */
/** stripe-java `HttpClient.sleepTime` and Stripe.net `SystemNetHttpClient.SleepTime` compute the same wait */
export const STRIPE_JVM_DOTNET_WAIT = "min(0.5 s × 2^(n−1), 5 s) × [0.75, 1) jitter, never below 0.5 s";

export function stripeWait(maxSeconds = 5): WaitSpec {
  return {
    kind: "exponential",
    jitter: true,
    initialSeconds: 0.5,
    maxSeconds,
    source: "default",
    description: `min(0.5 s × 2^(n−1), ${maxSeconds} s) × [0.5, 1) jitter, never below 0.5 s`,
  };
}

/** A Stripe client layer: `retries` as written or the default (null = not known statically). */
export function stripeLayer(c: {
  localId: string;
  anchor: SourceSpan;
  label: string;
  retries: number | null;
  source: "config" | "default";
  note: string;
  versionDefaults?: VersionDefaults;
  maxDelaySeconds?: number;
}): LayerFact {
  return retryCountClientLayer({
    localId: c.localId,
    kind: "stripe-sdk",
    library: "stripe",
    anchor: c.anchor,
    label: c.label,
    retries: c.retries,
    source: c.source,
    note: c.note,
    ...(c.versionDefaults ? { versionDefaults: c.versionDefaults } : {}),
    wait: stripeWait(c.maxDelaySeconds ?? 5),
    condition: stripeCondition(),
    perTryTimeoutSeconds: 80,
  });
}

/** The client: every method sends to the Stripe API except the local helpers (webhook signatures, config). */
export function stripeClientFact(c: { id: string; name: string; functionId: string; span: SourceSpan; layerId: string; perCall: boolean; notSending: readonly string[] }): ClientFact {
  return {
    id: c.id,
    name: c.name,
    functionId: c.functionId,
    span: c.span,
    library: "stripe",
    baseUrl: null,
    layerIds: [c.layerId],
    fromCall: null,
    perCall: c.perCall,
    hasRetryQuota: false,
    // stripe-node / stripe-python / stripe-go: 80 s per request by default
    timeoutSeconds: 80,
    timeoutSet: true,
    sdk: { target: "sdk://api.stripe.com", notSending: [...c.notSending] },
  };
}

/** "maxNetworkRetries: 3 counts retries → 4 attempts", "… 0 turns retries off → 1 attempt" */
export function retriesNote(option: string, retries: number): string {
  return retries === 0 ? `${option} 0 turns the SDK's retries off → 1 attempt` : `${option} ${retries} counts retries (the SDK adds the first try) → ${retries + 1} attempts`;
}
