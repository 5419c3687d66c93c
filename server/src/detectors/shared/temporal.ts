/**
 * Temporal retry policies, one builder for every SDK (docs/reference/temporal.md).
 *
 * - An **activity** always has a retry policy: with none written, the server's default —
 *   `maximum_attempts` 0 = **unlimited attempts**, `initial_interval` 1 s, `backoff_coefficient`
 *   2, `maximum_interval` 100 × initial — bounded only by the schedule-to-close timeout (unset by
 *   default). A layer with `maxAttempts: null`.
 * - A **workflow** has no retry policy unless one is given at start (`retry_policy=` / `retry:` /
 *   `RetryPolicy:`): no layer without one.
 * - `maximum_attempts` counts **attempts** (first try included): N → N; 1 disables; 0 means
 *   unlimited in Python, Go, Java and .NET, and is **rejected** by the TypeScript SDK
 *   (`compileRetryPolicy`: "maximumAttempts must be a positive integer"; `Infinity` is its unlimited).
 * - Waits: `initial × coefficient^(n-1)`, capped at `maximum_interval`; no jitter.
 */
import type { LayerFact, RetryCondition, SourceSpan, WaitSpec } from "../../model/facts";

export const TEMPORAL_DEFAULT_INITIAL_SECONDS = 1;
export const TEMPORAL_DEFAULT_COEFFICIENT = 2;
/** server default: 100 × initial_interval */
export const TEMPORAL_DEFAULT_MAX_INTERVAL_FACTOR = 100;

export type TemporalSdk = "python" | "typescript" | "go" | "java" | "dotnet";

const SDK_LABEL: Record<TemporalSdk, string> = {
  python: "temporalio 1.x",
  typescript: "@temporalio/workflow 1.x",
  go: "go.temporal.io/sdk 1.x",
  java: "io.temporal:temporal-sdk 1.x",
  dotnet: "Temporalio 1.x",
};

/** Field names per SDK, for notes written the way the code spells them. */
const FIELDS: Record<TemporalSdk, { attempts: string; initial: string; coefficient: string; max: string; policy: string; s2c: string }> = {
  python: { attempts: "maximum_attempts", initial: "initial_interval", coefficient: "backoff_coefficient", max: "maximum_interval", policy: "retry_policy", s2c: "schedule_to_close_timeout" },
  typescript: { attempts: "maximumAttempts", initial: "initialInterval", coefficient: "backoffCoefficient", max: "maximumInterval", policy: "retry", s2c: "scheduleToCloseTimeout" },
  go: { attempts: "MaximumAttempts", initial: "InitialInterval", coefficient: "BackoffCoefficient", max: "MaximumInterval", policy: "RetryPolicy", s2c: "ScheduleToCloseTimeout" },
  java: { attempts: "setMaximumAttempts", initial: "setInitialInterval", coefficient: "setBackoffCoefficient", max: "setMaximumInterval", policy: "setRetryOptions", s2c: "setScheduleToCloseTimeout" },
  dotnet: { attempts: "MaximumAttempts", initial: "InitialInterval", coefficient: "BackoffCoefficient", max: "MaximumInterval", policy: "RetryPolicy", s2c: "ScheduleToCloseTimeout" },
};

/** A retry policy as the detector read it; a field is undefined when not written, null when written but not a literal. */
export interface TemporalPolicyInput {
  sdk: TemporalSdk;
  /** "activity" (default policy applies when none is written), "local activity", "workflow", "child workflow" */
  target: "activity" | "local activity" | "workflow" | "child workflow";
  localId: string;
  anchor: SourceSpan;
  label: string;
  /** false: no policy written at all */
  written: boolean;
  maximumAttempts?: number | null;
  /** the attempts expression as written, for notes */
  attemptsText?: string;
  initialSeconds?: number | null;
  coefficient?: number | null;
  maxIntervalSeconds?: number | null;
  nonRetryable?: string[] | null;
  /** schedule-to-close (activities) / execution timeout (workflows), when written */
  overallSeconds?: number | null;
  overallSet?: boolean;
  startToCloseSeconds?: number | null;
}

const fmt = (s: number): string => (s >= 60 && s % 60 === 0 ? `${s / 60} min` : `${Number(s.toFixed(3))} s`);

/** The layer a Temporal policy is, or null when there is none (a workflow started without a policy). */
export function temporalLayer(p: TemporalPolicyInput): LayerFact | null {
  const isActivity = p.target === "activity" || p.target === "local activity";
  if (!p.written && !isActivity) return null;
  const f = FIELDS[p.sdk];
  const version = SDK_LABEL[p.sdk];
  let maxAttempts: number | null = null;
  let note: string;
  let source: "config" | "default" = "config";
  let unknown = false;
  const a = p.maximumAttempts;
  if (!p.written || a === undefined) {
    if (!isActivity) {
      note = `${f.policy} without ${f.attempts}: unlimited attempts (${p.sdk === "typescript" ? "default Infinity" : `${f.attempts} 0 = no maximum`}) (${version})`;
    } else if (!p.written) {
      source = "default";
      note = `no ${f.policy}: Temporal's default ${p.target} policy retries without a count bound (${p.sdk === "typescript" ? `${f.attempts} Infinity` : `${f.attempts} 0 = unlimited`}; 1 s ×2, max 100 s) (${version})`;
    } else {
      note = `${f.policy} without ${f.attempts}: unlimited attempts (${p.sdk === "typescript" ? "default Infinity" : `${f.attempts} 0 = no maximum`}) (${version})`;
    }
  } else if (a === null) {
    unknown = true;
    note = `${f.attempts}: ${(p.attemptsText ?? "?").slice(0, 40)}: not known statically (${version})`;
  } else if (a === Infinity) {
    note = `${f.attempts}: Infinity → unlimited attempts (${version})`;
  } else if (a <= 0) {
    if (p.sdk === "typescript") {
      unknown = true;
      note = `${f.attempts}: ${a} is rejected by the TypeScript SDK ("maximumAttempts must be a positive integer"; Infinity is unlimited) (${version})`;
    } else {
      note = `${f.attempts} ${a} → unlimited attempts (0 = no maximum) (${version})`;
    }
  } else {
    maxAttempts = Math.trunc(a);
    note = `${f.attempts} ${maxAttempts} → ${maxAttempts} attempt${maxAttempts === 1 ? " (retries off)" : "s"} (${version})`;
  }
  // with no schedule-to-close timeout nothing bounds the retries (a workflow's execution timeout
  // is unlimited by default too): truly unbounded, not "time-bounded", so RL002 warns
  const timeBound =
    maxAttempts !== null || unknown || !p.overallSet
      ? null
      : `${f.s2c}${p.overallSeconds != null ? ` ${fmt(p.overallSeconds)}` : ""} bounds the retries`;
  return {
    localId: p.localId,
    kind: "temporal-retry-policy",
    category: "code",
    library: "temporal",
    anchor: p.anchor,
    maxAttempts,
    attemptsSource: source,
    attemptsNote: note,
    timeBound,
    ...(unknown ? { countUnknown: true } : {}),
    wait: temporalWait(p),
    condition: temporalCondition(p),
    budget: null,
    perTryTimeoutSeconds: p.startToCloseSeconds ?? null,
    overallTimeoutSeconds: p.overallSeconds ?? null,
    attach: { kind: "client" },
    label: p.label,
  };
}

function temporalWait(p: TemporalPolicyInput): WaitSpec {
  const initial = p.initialSeconds ?? (p.initialSeconds === null ? null : TEMPORAL_DEFAULT_INITIAL_SECONDS);
  const coefficient = p.coefficient ?? (p.coefficient === null ? null : TEMPORAL_DEFAULT_COEFFICIENT);
  const max = p.maxIntervalSeconds ?? (p.maxIntervalSeconds === null || initial === null ? null : initial * TEMPORAL_DEFAULT_MAX_INTERVAL_FACTOR);
  const defaulted = p.initialSeconds === undefined && p.coefficient === undefined && p.maxIntervalSeconds === undefined;
  const kind = coefficient === 1 ? "fixed" : "exponential";
  return {
    kind,
    jitter: false,
    initialSeconds: initial,
    maxSeconds: kind === "fixed" ? initial : max,
    source: defaulted ? "default" : "config",
    description:
      kind === "fixed"
        ? `fixed ${initial === null ? "?" : fmt(initial)} (coefficient 1), no jitter`
        : `exponential from ${initial === null ? "?" : fmt(initial)} (×${coefficient ?? "?"}), max ${max === null ? "?" : fmt(max)}${p.maxIntervalSeconds === undefined ? " (100 × initial)" : ""}, no jitter${defaulted ? " (Temporal defaults)" : ""}`,
  };
}

function temporalCondition(p: TemporalPolicyInput): RetryCondition {
  const nonRetryable = p.nonRetryable ?? [];
  return {
    allErrors: nonRetryable.length === 0,
    exceptionTypes: [],
    statuses: [],
    retryOn: [],
    // a retry re-runs the whole activity/workflow: whatever it sent is sent again
    afterSendMethods: "all",
    permanentErrors:
      nonRetryable.length === 0
        ? `every failure of the ${p.target} is retried (no non-retryable error types; only a non-retryable ApplicationError stops it)`
        : null,
    honoursRetryAfter: false,
    description: nonRetryable.length ? `every failure except ${nonRetryable.join(", ")}` : `every failure of the ${p.target}`,
  };
}
