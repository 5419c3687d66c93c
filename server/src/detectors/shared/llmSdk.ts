/**
 * What the Stainless-generated OpenAI and Anthropic SDKs retry and how long they wait, shared by
 * the Python and JS/TS detectors — docs/reference/openai-sdk.md (openai-python `_base_client.py`
 * `_should_retry` / `_calculate_retry_timeout`, `_constants.py`; openai-node `src/client.ts`
 * `shouldRetry` / `calculateDefaultRetryTimeoutMillis`; the Anthropic SDKs carry the same code).
 */
import type { ClientFact, RetryCondition, SourceSpan, WaitSpec } from "../../model/facts";

export function llmCondition(): RetryCondition {
  return {
    allErrors: false,
    exceptionTypes: ["APIConnectionError", "APITimeoutError"],
    statuses: [408, 409, 429, 500, 502, 503, 504],
    retryOn: ["connect-failure", "timeout", "5xx"],
    afterSendMethods: "all",
    permanentErrors: null,
    honoursRetryAfter: true,
    description: "connection errors and timeouts, 408, 409, 429 and every 5xx (x-should-retry from the server overrides), every request including POST",
  };
}

export function llmWait(): WaitSpec {
  return {
    kind: "exponential",
    jitter: true,
    initialSeconds: 0.5,
    maxSeconds: 8,
    source: "default",
    description: "min(0.5 × 2^n, 8) s minus up to 25 % jitter; Retry-After / retry-after-ms honoured (≤ 60 s; ≤ 120 s from openai-python 2.52)",
  };
}

/**
 * The client an SDK constructor builds: one layer, calls on it are requests to `target` except
 * the methods in `notSending`; the SDKs' own 600 s request timeout (10 minutes, set by default).
 */
export function llmClientFact(c: { id: string; name: string; functionId: string; span: SourceSpan; vendor: string; layerId: string; target: string; notSending: readonly string[] }): ClientFact {
  return {
    id: c.id,
    name: c.name,
    functionId: c.functionId,
    span: c.span,
    library: c.vendor,
    baseUrl: null,
    layerIds: [c.layerId],
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    timeoutSeconds: 600,
    timeoutSet: true,
    sdk: { target: c.target, notSending: [...c.notSending] },
  };
}

