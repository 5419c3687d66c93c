/**
 * The layer a Redis client's own command retries make (docs/reference/redis.md), shared by the
 * go-redis (detectors/go/redis.ts) and redis-py (detectors/python/redis.ts) detectors.
 */
import type { LayerFact } from "../../model/facts";
import { describedCondition } from "./conditions";

export const REDIS_NOT_SENDING = ["Close", "close", "Options", "Pipeline", "TxPipeline", "pipeline", "Conn", "connection_pool", "get_connection_kwargs", "WithContext", "Context"];

export function redisLayer(opts: {
  localId: string;
  anchor: LayerFact["anchor"];
  label: string;
  library: string;
  /** retries after the first try; null when not a literal; Infinity for "forever" */
  retries: number | null;
  source: "default" | "config";
  note: string;
  wait: LayerFact["wait"];
  errors: string;
}): LayerFact {
  const maxAttempts = opts.retries === null || !Number.isFinite(opts.retries) ? null : Math.max(1, opts.retries + 1);
  return {
    localId: opts.localId,
    kind: "redis-client",
    category: "client",
    library: opts.library,
    anchor: opts.anchor,
    maxAttempts,
    attemptsSource: opts.source,
    attemptsNote: opts.note,
    timeBound: opts.retries === Infinity ? "none: negative retries retry forever" : null,
    ...(opts.retries === null ? { countUnknown: true } : {}),
    wait: opts.wait,
    condition: describedCondition(`${opts.errors}; every command is re-sent, writes (INCR, LPUSH, …) included, so a write whose reply timed out can be applied twice`),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: opts.label,
  };
}
