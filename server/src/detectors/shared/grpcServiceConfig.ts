/**
 * gRPC service config retries, shared by every language that carries one (grpc-js options, grpc-go
 * `WithDefaultServiceConfig`, `.json` service-config files) — reference/retry-semantics.md §3.11
 * (`retryPolicy`, all languages), §3.12 (`retryThrottling`), §2.10 (grpc-js), §5.1 (gRPC
 * `maxAttempts` is a total).
 * - `maxAttempts` **includes the first call** and is **capped at 5** (grpc-go
 *   `defaultMaxCallAttempts`, grpc-js `grpc-node.retry_max_attempts_limit`); a `hedgingPolicy` is
 *   capped the same way. With several methodConfig entries the largest count is taken.
 * - Backoff `initialBackoff × multiplier^(n-1)` up to `maxBackoff`, ×U(0.8, 1.2) jitter.
 * - `retryThrottling` is a budget: retries stop while tokens ≤ maxTokens/2 (§3.12).
 * - No retry policy → no layer (only transparent retries).
 */
import type { LayerFact, RetryCondition, WaitSpec } from "../../model/facts";

export type Json = string | number | boolean | null | Json[] | { [k: string]: Json } | undefined;
export type JsonObject = { [k: string]: Json };
export type GrpcLayerCore = Omit<LayerFact, "localId" | "anchor" | "attach" | "label">;

/** §3.11: grpc-go defaultMaxCallAttempts / grpc-js grpc-node.retry_max_attempts_limit */
export const GRPC_MAX_ATTEMPTS_LIMIT = 5;

/** what each client calls the cap, for the note */
const LIMIT_NAME: Record<string, string> = {
  "@grpc/grpc-js": "grpc-node.retry_max_attempts_limit",
  "grpc-go": "grpc-go defaultMaxCallAttempts",
  grpcio: "gRPC C-core MAX_MAX_RETRY_ATTEMPTS",
};

function fmtSeconds(s: number): string {
  return `${Number(s.toFixed(3))} s`;
}

export function grpcSeconds(v: Json): number | null {
  if (typeof v === "number") return v;
  if (typeof v !== "string") return null;
  const m = /^(\d+(?:\.\d+)?)s$/.exec(v.trim());
  return m ? Number(m[1]) : null;
}

export interface GrpcPolicy {
  attempts: number | null;
  written: string;
  policy: { [k: string]: Json };
  hedging: boolean;
}

export function grpcPolicies(config: { [k: string]: Json }): GrpcPolicy[] {
  const out: GrpcPolicy[] = [];
  const entries = Array.isArray(config.methodConfig) ? config.methodConfig : [];
  for (const mc of entries) {
    if (!mc || typeof mc !== "object" || Array.isArray(mc)) continue;
    for (const [key, hedging] of [["retryPolicy", false], ["hedgingPolicy", true]] as const) {
      const p = mc[key];
      if (!p || typeof p !== "object" || Array.isArray(p)) continue;
      const n = p.maxAttempts;
      out.push({ attempts: typeof n === "number" ? n : null, written: `${key}.maxAttempts: ${n === undefined ? "unset" : JSON.stringify(n)}`, policy: p, hedging });
    }
  }
  return out;
}

export function grpcLayerCore(config: JsonObject, policies: GrpcPolicy[], library: string): GrpcLayerCore {
  // worst case over the client's method configs
  const known = policies.filter((p) => p.attempts !== null);
  const top = known.length ? known.reduce((a, b) => (b.attempts! > a.attempts! ? b : a)) : null;
  let maxAttempts: number | null = null;
  let note = "retryPolicy.maxAttempts not statically known";
  if (top) {
    const n = Math.max(1, Math.floor(top.attempts!));
    maxAttempts = Math.min(n, GRPC_MAX_ATTEMPTS_LIMIT);
    note = n > GRPC_MAX_ATTEMPTS_LIMIT ? `${top.written} → capped at ${GRPC_MAX_ATTEMPTS_LIMIT} attempts (${LIMIT_NAME[library] ?? "the gRPC client limit"})` : `${top.written} → ${maxAttempts} attempts (includes the first call)`;
    if (policies.length > 1) note += `; largest of ${policies.length} method configs`;
  }
  const p = (top ?? policies[0]!).policy;
  const initial = grpcSeconds(p.initialBackoff);
  const max = grpcSeconds(p.maxBackoff);
  const mult = typeof p.backoffMultiplier === "number" ? p.backoffMultiplier : null;
  const hedging = (top ?? policies[0]!).hedging;
  const wait: WaitSpec = hedging
    ? { kind: "fixed", jitter: false, initialSeconds: grpcSeconds(p.hedgingDelay) ?? 0, maxSeconds: grpcSeconds(p.hedgingDelay) ?? 0, source: "config", description: `hedging: parallel attempts every ${p.hedgingDelay ?? "0s"}` }
    : {
        kind: "exponential",
        jitter: true,
        initialSeconds: initial,
        maxSeconds: max,
        source: "config",
        description: `exponential from ${initial === null ? "?" : fmtSeconds(initial)} (×${mult ?? "?"}), max ${max === null ? "?" : fmtSeconds(max)}, ×U(0.8, 1.2) jitter`,
      };
  const codes = (hedging ? p.nonFatalStatusCodes : p.retryableStatusCodes) as Json;
  const retryOn = Array.isArray(codes) ? codes.map((c) => String(c)) : [];
  const condition: RetryCondition = {
    allErrors: false,
    exceptionTypes: [],
    statuses: [],
    retryOn,
    // status-code based, whatever the RPC does (§2.10: "n/a" for methods)
    afterSendMethods: "all",
    permanentErrors: retryOn.some((c) => ["INVALID_ARGUMENT", "NOT_FOUND", "ALREADY_EXISTS", "PERMISSION_DENIED", "UNAUTHENTICATED", "FAILED_PRECONDITION", "UNIMPLEMENTED"].includes(c.toUpperCase()))
      ? `retryableStatusCodes lists ${retryOn.join(", ")}`
      : null,
    honoursRetryAfter: null,
    description: `${hedging ? "hedging on" : "status codes"} ${retryOn.join(", ") || "(none listed)"}; server pushback honoured`,
  };
  const throttling = config.retryThrottling;
  let budget: string | null = null;
  if (throttling && typeof throttling === "object" && !Array.isArray(throttling)) {
    budget = `retryThrottling: maxTokens ${String(throttling.maxTokens)}, tokenRatio ${String(throttling.tokenRatio)}; retries stop while tokens ≤ maxTokens/2`;
  }
  return {
    kind: "grpc-service-config",
    category: "client",
    library,
    maxAttempts,
    attemptsSource: "config",
    attemptsNote: note,
    ...(maxAttempts === null ? { countUnknown: true } : {}),
    timeBound: null,
    wait,
    condition,
    budget,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}
