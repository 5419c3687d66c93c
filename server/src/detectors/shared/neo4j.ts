/**
 * neo4j drivers' managed transactions (docs/reference/neo4j.md), shared by the Python
 * (python/neo4j.ts), JS/TS (typescript/neo4j.ts) and Go (go/neo4j.ts) detectors.
 * `session.execute_write(fn)` / `executeWrite(fn)` / `ExecuteWrite(ctx, fn)` (and the read and
 * legacy `write_transaction` forms, and `execute_query`/`executeQuery`) re-run the whole unit of
 * work on retryable errors (TransientError, ServiceUnavailable, SessionExpired, a lost leader)
 * until `max_transaction_retry_time` (default 30 s) has passed: **time-bounded, no count bound**.
 * Wait: 1 s × 2 per retry with ±20 % jitter (every driver's defaults).
 */
import type { LayerFact } from "../../model/facts";

export const NEO4J_MANAGED = new Set(["execute_write", "execute_read", "write_transaction", "read_transaction", "executeWrite", "executeRead", "writeTransaction", "readTransaction", "ExecuteWrite", "ExecuteRead", "WriteTransaction", "ReadTransaction"]);
export const NEO4J_NOT_SENDING = ["close", "Close", "session", "NewSession", "verify_connectivity", "verifyConnectivity", "VerifyConnectivity", "get_server_info", "getServerInfo", "last_bookmarks", "lastBookmarks", "LastBookmarks", "supportsMultiDb", "supports_multi_db", "Target", "ExecuteQueryBookmarkManager", "execute_query_bookmark_manager"];
export const NEO4J_DEFAULT_TARGET = "neo4j://neo4j";

/** `retrySeconds`: the driver's max_transaction_retry_time when written in the file, else null (the 30 s default) */
export function neo4jTransactionLayer(opts: { localId: string; anchor: LayerFact["anchor"]; attach: LayerFact["attach"]; label: string; library: string; method: string; retrySeconds: number | null; retryText: string | null }): LayerFact {
  const seconds = opts.retrySeconds ?? 30;
  const setting = opts.retryText ? `${opts.retryText} (the driver's max transaction retry time)` : "the default max_transaction_retry_time 30 s";
  return {
    localId: opts.localId,
    kind: "neo4j-transaction",
    category: "code",
    library: opts.library,
    anchor: opts.anchor,
    maxAttempts: seconds <= 0 ? 1 : null,
    attemptsSource: opts.retryText ? "config" : "default",
    attemptsNote: seconds <= 0
      ? `${opts.method}: ${setting}: no retry → 1 attempt`
      : `${opts.method} re-runs the transaction function on retryable errors until ${setting} has passed: time-bounded, no count bound (${opts.library})`,
    timeBound: seconds <= 0 ? null : `${seconds} s (max transaction retry time)`,
    wait: { kind: "exponential", jitter: true, initialSeconds: 1, maxSeconds: null, source: "default", description: "1 s × 2 per retry, ±20 % jitter (initial_retry_delay, retry_delay_multiplier, retry_delay_jitter_factor)" },
    condition: {
      allErrors: false,
      exceptionTypes: ["TransientError", "ServiceUnavailable", "SessionExpired"],
      statuses: [],
      retryOn: [],
      afterSendMethods: "all",
      permanentErrors: null,
      honoursRetryAfter: null,
      description: "retryable errors (TransientError such as deadlocks, ServiceUnavailable, SessionExpired, a lost cluster leader) re-run the whole transaction function, its side effects outside the database included",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: seconds > 0 ? seconds : null,
    attach: opts.attach,
    label: opts.label,
  };
}

/** `bolt://db:7687` / `neo4j+s://x` → a URL the linker reads the host of */
export function neo4jUrl(uri: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(uri) ? uri : `neo4j://${uri}`;
}
