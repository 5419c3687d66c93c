/**
 * Implicit mesh layers: retries nobody configured. Istio outbound sidecars retry every HTTP
 * route without a `retries` block twice (3 attempts) on connect-failure, refused-stream,
 * unavailable, cancelled, retriable-status-codes — reference §4.1. The anchor is the line that
 * turns injection on (DESIGN.md anchor conventions).
 */
import type { Location, RetryLayer } from "../model/model";

export const ISTIO_DEFAULT_RETRY_ON = ["connect-failure", "refused-stream", "unavailable", "cancelled", "retriable-status-codes"];

export function istioDefaultLayer(injection: Location, routeWithoutRetries: string | null): RetryLayer {
  const id = `${injection.file}#istio-default:${injection.span.line}`;
  return {
    id,
    localId: `istio-default:${injection.span.line}`,
    file: injection.file,
    kind: "istio-default",
    category: "mesh",
    library: "istio",
    anchor: injection.span,
    maxAttempts: 3,
    attemptsSource: "default",
    attemptsNote: `Istio sidecar default: 2 retries → 3 attempts (${routeWithoutRetries ? `the VirtualService at ${routeWithoutRetries} sets no retries` : "no VirtualService sets retries for this host"})`,
    timeBound: null,
    wait: {
      kind: "exponential",
      jitter: true,
      initialSeconds: 0.025,
      maxSeconds: 0.25,
      source: "default",
      description: "Envoy default: 25 ms base, full jitter, max 250 ms",
    },
    condition: {
      allErrors: false,
      exceptionTypes: [],
      statuses: [],
      retryOn: ISTIO_DEFAULT_RETRY_ON,
      afterSendMethods: [],
      permanentErrors: null,
      honoursRetryAfter: null,
      // §4.1: since Istio 1.24 the callee's sidecar also retries reset-before-request twice; those
      // re-sends never reached the application, so they add connections, not processed requests
      description: `retry_on ${ISTIO_DEFAULT_RETRY_ON.join(",")} (Istio default); an injected callee's inbound sidecar (Istio ≥ 1.24) also retries reset-before-request twice, not counted: those requests never reached the application`,
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "route" },
    label: "istio default",
    service: null,
    targets: [],
    disabled: false,
    implicit: true,
  };
}
