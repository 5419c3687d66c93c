/**
 * fetch-retry (jonbern) — reference/retry-semantics.md §2.8 (fetch-retry 6.0.0, read from
 * source), the §0 row and §5.2 (unbounded defaults).
 *
 * `const fetchWithRetry = fetchRetry(fetch, { retries, retryDelay, retryOn })` (also
 * `require("fetch-retry")(fetch, …)`) → a ClientFact bound to that name, carrying a client
 * layer anchored on the call. Calls `fetchWithRetry(url, init)` are requests through it
 * (fetch-style RequestFacts; the linker resolves the bare callee to the client). Defaults:
 * `retries: 3` → 4 attempts; `retryDelay: 1000` ms constant, no jitter (RL004);
 * `retryOn: []` → network errors only, for **any method**. The trap: a **function `retryOn`
 * makes `retries` ignored** — the function alone decides → no count bound.
 */
import type { FileFacts, RetryCondition, WaitSpec } from "../../model/facts";
import { isFunctionLike, requiredModule, spanOf, ts, unwrap } from "../../parsing/typescript";
import {
  addClient,
  customWait,
  fixedWait,
  fmtSeconds,
  importsFrom,
  markCallableClient,
  numbersOption,
  objectArg,
  option,
  retriesOption,
  short,
  staticNumber,
  type Attempts,
  type Options,
} from "./jsRetryCommon";
import type { FileIndex, IdAllocator } from "./module";

const FETCH_RETRY = "fetch-retry";
/** §2.8 defaults */
const DEFAULT_RETRIES = 3;
const DEFAULT_DELAY_MS = 1000;

function attemptsOf(sf: ts.SourceFile, options: Options): Attempts {
  const retryOn = option(options, "retryOn");
  if (retryOn && isFunctionLike(unwrap(retryOn))) {
    return { maxAttempts: null, attemptsSource: "config", attemptsNote: "retryOn is a function: fetch-retry ignores retries and lets the function decide → no count bound" };
  }
  return retriesOption(sf, option(options, "retries"), "retries", DEFAULT_RETRIES, options === "unknown");
}

function waitOf(sf: ts.SourceFile, options: Options): WaitSpec {
  const d = option(options, "retryDelay");
  if (d === undefined) return fixedWait(DEFAULT_DELAY_MS / 1000, "default", `fixed ${fmtSeconds(DEFAULT_DELAY_MS / 1000)} (fetch-retry default retryDelay), no jitter`);
  const n = staticNumber(sf, d);
  if (n) return fixedWait(n.value / 1000, "config", `fixed ${fmtSeconds(n.value / 1000)} (retryDelay: ${n.written}), no jitter`);
  return customWait(d, "retryDelay");
}

function conditionOf(options: Options): RetryCondition {
  const base = { exceptionTypes: [], retryOn: [], afterSendMethods: "all" as const, honoursRetryAfter: null };
  const r = option(options, "retryOn");
  if (r === undefined) {
    return { ...base, allErrors: false, statuses: [], permanentErrors: null, description: "network errors (fetch rejections) only, any method, POST included (default retryOn: [])" };
  }
  const statuses = numbersOption(r);
  if (statuses) {
    return {
      ...base,
      allErrors: false,
      statuses,
      // retryOn statuses are retried without reading Retry-After (§2.8 has no header handling)
      honoursRetryAfter: statuses.includes(429) || statuses.includes(503) ? false : null,
      permanentErrors: statuses.some((s) => s >= 400 && s < 500 && ![408, 425, 429].includes(s)) ? `retryOn lists ${statuses.filter((s) => s >= 400 && s < 500 && ![408, 425, 429].includes(s)).join(", ")}` : null,
      description: `network errors and statuses ${statuses.join(", ")}, any method`,
    };
  }
  return { ...base, allErrors: false, statuses: [], permanentErrors: null, description: `custom retryOn (${short(r)}); may retry any method` };
}

export function extractFetchRetryFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const { whole, members } = importsFrom(index.imports, FETCH_RETRY);
  const names = new Set(whole);
  for (const [local, member] of members) if (member === "default") names.add(local);
  const mentioned = names.size > 0 || index.calls.some((c) => requiredModule(unwrap(c.expression)) === FETCH_RETRY);
  if (!mentioned) return;

  for (const call of index.calls) {
    let callee = unwrap(call.expression);
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === "default") callee = unwrap(callee.expression);
    const isFetchRetry = (ts.isIdentifier(callee) && names.has(callee.text)) || requiredModule(callee) === FETCH_RETRY;
    if (!isFetchRetry || !call.arguments[0]) continue;
    const options = objectArg(sf, call.arguments[1]);
    const client = addClient(facts, sf, ids, index, call, FETCH_RETRY);
    const localId = ids.next("L", call, sf);
    facts.layers.push({
      localId,
      kind: "fetch-retry",
      category: "client",
      library: FETCH_RETRY,
      anchor: spanOf(call, sf),
      ...attemptsOf(sf, options),
      timeBound: null,
      wait: waitOf(sf, options),
      condition: conditionOf(options),
      budget: null,
      perTryTimeoutSeconds: null,
      overallTimeoutSeconds: null,
      attach: { kind: "client" },
      label: client.name || "fetch-retry",
    });
    client.layerIds.push(localId);
    markCallableClient(facts, sf, index, client, FETCH_RETRY);
  }
}
