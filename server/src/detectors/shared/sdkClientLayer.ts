/**
 * The layer of an SDK client whose option counts RETRIES (Stripe's `maxNetworkRetries`, Graph's
 * `maxRetries`, …): N → N+1 attempts, a negative or fractional count read as the SDK reads it
 * (floored, never below 0), and null when the count is not known statically. One builder so the
 * per-SDK modules say only what differs: kind, library, wait, condition and timeouts.
 */
import type { LayerFact, LayerKind, RetryCondition, SourceSpan, VersionDefaults, WaitSpec } from "../../model/facts";

export interface RetryCountClientLayer {
  localId: string;
  kind: LayerKind;
  library: string;
  anchor: SourceSpan;
  label: string;
  /** the retry count as written or the SDK's default; null = not known statically */
  retries: number | null;
  source: "config" | "default";
  note: string;
  wait: WaitSpec;
  condition: RetryCondition;
  perTryTimeoutSeconds: number | null;
  versionDefaults?: VersionDefaults;
  configRef?: LayerFact["configRef"];
}

export function attemptsFromRetries(retries: number | null): number | null {
  return retries === null ? null : Math.max(0, Math.floor(retries)) + 1;
}

export function retryCountClientLayer(c: RetryCountClientLayer): LayerFact {
  const maxAttempts = attemptsFromRetries(c.retries);
  return {
    localId: c.localId,
    kind: c.kind,
    category: "client",
    library: c.library,
    anchor: c.anchor,
    maxAttempts,
    attemptsSource: c.source,
    attemptsNote: c.note,
    timeBound: null,
    ...(maxAttempts === null ? { countUnknown: true } : {}),
    ...(c.versionDefaults ? { versionDefaults: c.versionDefaults } : {}),
    ...(c.configRef ? { configRef: c.configRef } : {}),
    wait: c.wait,
    condition: c.condition,
    budget: null,
    perTryTimeoutSeconds: c.perTryTimeoutSeconds,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: c.label,
  };
}
