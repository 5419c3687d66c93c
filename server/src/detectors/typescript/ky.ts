/**
 * ky — reference/retry-semantics.md §2.3 (ky 2.0.2 `normalize.ts`, `Ky.ts`, read from source)
 * and the §0 row; §5.1 (`limit: N` → N+1).
 *
 * ky retries **by default**: `retry: 2` / `retry: { limit: 2 }` → 3 attempts, methods
 * get/put/head/delete/options/trace (**no POST**, no PATCH), statuses 408/413/429/500/502/503/
 * 504; delay `0.3 × 2^(n-1)` s (300, 600, 1200 ms…), **no jitter** unless `jitter` is set
 * (RL004); Retry-After and the rate-limit headers are honoured; ky's own timeout is not retried
 * (`retryOnTimeout: false`).
 *
 * Same shapes as got (got.ts `extractInstanceClientFacts`): `ky.create/extend({ retry })`
 * instances are clients with a client layer; `ky(url, { retry })` / `ky.get(url)` requests on
 * the default instance get a block layer on the call, none when the method is not retried.
 * An instance's `prefixUrl` is its base URL, prepended to every string URL as written; its
 * default timeout is 10 s per attempt. ky 1.2.4 behaves the same (docs/reference/ky.md).
 */
import type { FileFacts, WaitSpec } from "../../model/facts";
import { booleanValue, ts } from "../../parsing/typescript";
import { customWait, fmtSeconds, option, staticNumber, type Options } from "./jsRetryCommon";
import { extractInstanceClientFacts, type ClientSpec } from "./got";
import type { FileIndex, IdAllocator } from "./module";

/** §2.3 defaults */
const KY_STATUSES = [408, 413, 429, 500, 502, 503, 504];
const KY_METHODS = ["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE"];
const KY_FIRST_DELAY_S = 0.3;

/** `jitter: true` or a jitter function adds randomness; unset/false does not (§2.3). */
function jitterOption(retry: Options): boolean | null {
  const j = option(retry, "jitter");
  if (j === undefined) return false;
  const b = booleanValue(j);
  return b !== null ? b : true;
}

function kyWait(sf: ts.SourceFile, retry: Options): WaitSpec {
  const delay = option(retry, "delay");
  if (delay) return { ...customWait(delay, "delay"), jitter: jitterOption(retry) || null };
  const limitNode = option(retry, "backoffLimit");
  const limit = limitNode ? staticNumber(sf, limitNode)?.value ?? null : Infinity;
  const max = limit === null || !Number.isFinite(limit) ? null : limit / 1000;
  const jitter = jitterOption(retry);
  return {
    kind: "exponential",
    jitter,
    initialSeconds: KY_FIRST_DELAY_S,
    maxSeconds: max,
    source: limitNode || option(retry, "jitter") ? "config" : "default",
    description: `exponential from ${fmtSeconds(KY_FIRST_DELAY_S)} (×2), ${max === null ? "no cap" : `max ${fmtSeconds(max)}`}, ${jitter ? "jitter" : "no jitter (ky default)"}`,
  };
}

/**
 * `timeout` in ms per attempt (ky 1.2.4 and 2.x `Ky.ts`: `options.timeout ?? 10_000`; the
 * linker supplies the 10 s default, engine/link.ts LIBRARY_DEFAULT_TIMEOUT). `timeout: false`
 * (no timeout) is read as unset.
 */
function kyTimeout(sf: ts.SourceFile, options: Options): { seconds: number | null; set: boolean } | null {
  const t = option(options, "timeout");
  if (t === undefined || booleanValue(t) === false) return null;
  const ms = staticNumber(sf, t)?.value;
  return { seconds: ms === undefined ? null : ms / 1000, set: true };
}

export const KY: ClientSpec = {
  module: "ky",
  kind: "ky",
  factories: ["create", "extend"],
  verbs: ["get", "post", "put", "patch", "delete", "head"],
  defaultLimit: 2,
  methods: KY_METHODS,
  statuses: KY_STATUSES,
  wait: kyWait,
  section: "§2.3",
  timeoutSeconds: (sf, options) => kyTimeout(sf, options) ?? { seconds: null, set: false },
};

export function extractKyFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  extractInstanceClientFacts(KY, sf, index, facts, ids);
}
