/**
 * async-retry (vercel) — reference/retry-semantics.md §2.5 (async-retry 1.3.3 on retry 0.13.1,
 * read from source) and the §0 row; §5.1 (`retries: N` → N+1 attempts).
 *
 * `retry(async (bail, attempt) => …, { retries })`: node-retry's defaults (`retries: 10` → 11
 * attempts, 1 s × 2, no cap) but async-retry **overrides `randomize` to true** (×U[1,2)), so
 * no RL004 by default. Every thrown error is retried unless the callback calls `bail(err)`.
 * The call runs its first argument: `invokesArg: 0` plus a `block` layer, as in pRetry.ts.
 */
import type { FileFacts } from "../../model/facts";
import { ts, unwrap } from "../../parsing/typescript";
import { importsFrom } from "./jsRetryCommon";
import type { FileIndex, IdAllocator } from "./module";
import { attachPromiseRetry, promiseRetryLayer, usesFirstParam, type Flavour } from "./pRetry";

const ASYNC_RETRY: Flavour = {
  kind: "async-retry",
  library: "async-retry",
  randomizeDefault: true,
  stopsEarly: (fn) => {
    const bail = usesFirstParam(fn);
    return bail ? `every thrown error unless the callback calls ${bail}(err) (it does for some), any method` : null;
  },
};

export function extractAsyncRetryFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const { whole, members } = importsFrom(index.imports, "async-retry");
  const names = new Set(whole);
  for (const [local, member] of members) if (member === "default") names.add(local);
  if (names.size === 0) return;
  for (const call of index.calls) {
    let callee = unwrap(call.expression);
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === "default") callee = unwrap(callee.expression);
    if (!ts.isIdentifier(callee) || !names.has(callee.text) || !call.arguments[0]) continue;
    attachPromiseRetry(facts, sf, index, ids, call, promiseRetryLayer(sf, call, ASYNC_RETRY), "async-retry");
  }
}
