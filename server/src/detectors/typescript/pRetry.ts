/**
 * p-retry — reference/retry-semantics.md §2.4 (p-retry v7, read from source) and the §0 row;
 * §5.1 (`retries: N` → N+1 attempts).
 *
 * `pRetry(fn, { retries, factor, minTimeout, maxTimeout, randomize, shouldRetry })` runs `fn`
 * until it resolves. The call gets `invokesArg: 0` and a `block` layer listing it, so the linker
 * follows the callback (named or inline) under this layer. Defaults:
 * `retries: 10` → 11 attempts; delay `minTimeout(1000 ms) × factor(2)^(n-1)`, `maxTimeout`
 * Infinity; **`randomize: false`** → no jitter (RL004); `shouldRetry: () => true` → every
 * thrown error except AbortError and non-network TypeErrors (RL006 material); any method.
 *
 * async-retry (§2.5) has the same shape and node-retry's numbers, but randomizes by default;
 * asyncRetry.ts reuses `promiseRetryLayer` with that difference.
 */
import type { FileFacts, RetryCondition, WaitSpec } from "../../model/facts";
import { booleanValue, isFunctionLike, spanOf, ts, unwrap } from "../../parsing/typescript";
import {
  customWait,
  fixedWait,
  fmtSeconds,
  importsFrom,
  markInvokes,
  objectArg,
  option,
  retriesOption,
  short,
  staticNumber,
  type LayerCore,
  type Options,
} from "./jsRetryCommon";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

/** §2.4 / §2.5 (node-retry): retries 10, factor 2, minTimeout 1000 ms, maxTimeout Infinity */
export const NODE_RETRY_DEFAULTS = { retries: 10, factor: 2, minTimeoutMs: 1000, maxTimeoutMs: Infinity };

export interface Flavour {
  kind: "p-retry" | "async-retry";
  library: string;
  /** randomize default: p-retry false, async-retry true */
  randomizeDefault: boolean;
  /** how the library lets the callback stop early */
  stopsEarly: (fn: ts.Expression | undefined, options: Options) => string | null;
}

function waitOf(sf: ts.SourceFile, options: Options, flavour: Flavour): WaitSpec {
  const num = (key: string, dflt: number): { v: number | null; set: boolean } => {
    const n = option(options, key);
    if (n === undefined) return { v: dflt, set: false };
    return { v: staticNumber(sf, n)?.value ?? null, set: true };
  };
  const factor = num("factor", NODE_RETRY_DEFAULTS.factor);
  const minT = num("minTimeout", NODE_RETRY_DEFAULTS.minTimeoutMs);
  const maxT = num("maxTimeout", NODE_RETRY_DEFAULTS.maxTimeoutMs);
  const randomNode = option(options, "randomize");
  const randomize = randomNode === undefined ? flavour.randomizeDefault : booleanValue(randomNode);
  const source = factor.set || minT.set || maxT.set || randomNode !== undefined ? "config" : "default";
  if (factor.v === null || minT.v === null) return customWait(option(options, factor.v === null ? "factor" : "minTimeout")!, "backoff");
  const jitterText = randomize === true ? "×[1,2) random (randomize)" : randomize === false ? "no jitter (randomize: false)" : "randomize not statically known";
  const initial = Math.max(minT.v, flavour.kind === "p-retry" ? 1 : 0) / 1000;
  const max = maxT.v === null || !Number.isFinite(maxT.v) ? null : maxT.v / 1000;
  if (factor.v === 1 && randomize === false) return fixedWait(initial, source, `fixed ${fmtSeconds(initial)} (factor 1), ${jitterText}`);
  return {
    kind: "exponential",
    jitter: randomize,
    initialSeconds: initial,
    maxSeconds: max,
    source,
    description: `exponential from ${fmtSeconds(initial)} (×${factor.v}), ${max === null ? "no cap" : `max ${fmtSeconds(max)}`}, ${jitterText}`,
  };
}

function conditionOf(fn: ts.Expression | undefined, options: Options, flavour: Flavour): RetryCondition {
  const base = { exceptionTypes: [], statuses: [], retryOn: [], afterSendMethods: "all" as const, honoursRetryAfter: null };
  const early = flavour.stopsEarly(fn, options);
  if (early) return { ...base, allErrors: false, permanentErrors: null, description: early };
  return {
    ...base,
    allErrors: true,
    permanentErrors: "it retries every error the callback throws (4xx responses and bugs included) unless the callback opts out",
    description:
      flavour.kind === "p-retry"
        ? "every thrown error except AbortError and non-network TypeErrors (shouldRetry default), any method"
        : "every thrown error unless the callback calls bail(err), any method",
  };
}

/** The layer for one `pRetry(fn, opts)` / `retry(fn, opts)` call; options are the second argument. */
export function promiseRetryLayer(sf: ts.SourceFile, call: ts.CallExpression, flavour: Flavour): LayerCore {
  const options = objectArg(sf, call.arguments[1]);
  const attempts = retriesOption(sf, option(options, "retries"), "retries", NODE_RETRY_DEFAULTS.retries, options === "unknown");
  // `forever: true` (node-retry; removed from p-retry 7) retries without a count
  const forever = option(options, "forever");
  const unbounded = forever !== undefined && booleanValue(forever) === true;
  const maxRetryTime = option(options, "maxRetryTime");
  return {
    kind: flavour.kind,
    category: "code",
    library: flavour.library,
    maxAttempts: unbounded ? null : attempts.maxAttempts,
    attemptsSource: unbounded ? "config" : attempts.attemptsSource,
    attemptsNote: unbounded ? "forever: true → no count bound" : attempts.attemptsNote,
    timeBound: maxRetryTime && staticNumber(sf, maxRetryTime) ? `maxRetryTime: ${short(maxRetryTime)} ms` : null,
    wait: waitOf(sf, options, flavour),
    condition: conditionOf(call.arguments[0], options, flavour),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}

/** Pushes the layer as a `block` around the call and marks the call as running its callback. */
export function attachPromiseRetry(facts: FileFacts, sf: ts.SourceFile, index: FileIndex, ids: IdAllocator, call: ts.CallExpression, core: LayerCore, name: string): void {
  const fact = markInvokes(facts, call, sf, index, 0);
  const functionId = index.enclosingId(call);
  facts.layers.push({
    ...core,
    localId: ids.next("L", call, sf),
    anchor: spanOf(call, sf),
    attach: { kind: "block", functionId, callIds: fact ? [fact.id] : [] },
    label: `${name} in ${functionId === MODULE ? "module" : functionId}`,
  });
}

const P_RETRY: Flavour = {
  kind: "p-retry",
  library: "p-retry",
  randomizeDefault: false,
  stopsEarly: (_fn, options) => {
    const should = option(options, "shouldRetry");
    return should ? `shouldRetry: ${short(should)}` : null;
  },
};

export function extractPRetryFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const { whole, members } = importsFrom(index.imports, "p-retry");
  if (whole.size === 0 && members.size === 0) return;
  const names = new Set(whole);
  for (const [local, member] of members) if (member === "default" || member === "pRetry") names.add(local);
  for (const call of index.calls) {
    let callee = unwrap(call.expression);
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === "default") callee = unwrap(callee.expression);
    if (!ts.isIdentifier(callee) || !names.has(callee.text) || !call.arguments[0]) continue;
    attachPromiseRetry(facts, sf, index, ids, call, promiseRetryLayer(sf, call, P_RETRY), "pRetry");
  }
}

/** The callback's first parameter (async-retry's `bail`) is used in its body. */
export function usesFirstParam(fn: ts.Expression | undefined): string | null {
  if (!fn) return null;
  const f = unwrap(fn);
  if (!isFunctionLike(f) || !f.body) return null;
  const p = f.parameters[0];
  if (!p || !ts.isIdentifier(p.name)) return null;
  const name = p.name.text;
  let used = false;
  const visit = (n: ts.Node): void => {
    if (used) return;
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === name) used = true;
    else ts.forEachChild(n, visit);
  };
  visit(f.body);
  return used ? name : null;
}
