/**
 * cockatiel — reference/retry-semantics.md §2.6 (cockatiel 3.2/4.0 `RetryPolicy.ts`,
 * `ExponentialBackoff.ts`, read from source), the §0 row, and §5.1/§5.2 (number traps).
 *
 * `const policy = retry(handleAll | handleType(E) | handleWhen(fn), { maxAttempts, backoff })`
 * → a code layer anchored on the `retry(...)` call. The trap: **`maxAttempts: N` counts
 * retries** (the loop retries while retries < maxAttempts) → N+1 calls; **unset is Infinity**
 * → no count bound (RL002). `backoff` unset is `ConstantBackoff(0)` → no wait (RL003);
 * `new ExponentialBackoff()` is 128 ms × 2 up to 30 s with decorrelated jitter on by default
 * (`generator: noJitterGenerator` turns it off); `new ConstantBackoff(ms)` is fixed.
 *
 * `policy.execute(fn)` runs fn under the layer: each such call gets `invokesArg: 0`. A policy bound
 * to a module-level name is the layer's `holder` (a FunctionFact named after it), so the linker
 * applies it to `policy.execute(fn)` here and in every module importing it; executions through
 * `wrap(policy, breaker)` and `retry(...).execute(fn)` are listed in the `block` attachment.
 */
import type { FileFacts, RetryCondition, WaitSpec } from "../../model/facts";
import { dottedName, spanOf, ts, unwrap } from "../../parsing/typescript";
import {
  bindingName,
  customWait,
  fixedWait,
  fmtSeconds,
  importsFrom,
  markInvokes,
  noWait,
  objectArg,
  option,
  retriesOption,
  short,
  staticNumber,
  type Attempts,
  type LayerCore,
  type Options,
} from "./jsRetryCommon";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

const COCKATIEL = "cockatiel";
/** §2.6 ExponentialBackoff defaults */
const EXP_INITIAL_MS = 128;
const EXP_MAX_MS = 30_000;

interface Names {
  /** local name → cockatiel export */
  member: Map<string, string>;
  /** namespace / require bindings: `cockatiel.retry` */
  whole: Set<string>;
}

function exportOf(expr: ts.Expression, names: Names): string | null {
  const e = unwrap(expr);
  if (ts.isIdentifier(e)) return names.member.get(e.text) ?? null;
  if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(unwrap(e.expression)) && names.whole.has((unwrap(e.expression) as ts.Identifier).text)) return e.name.text;
  return null;
}

function attemptsOf(sf: ts.SourceFile, options: Options): Attempts {
  const node = option(options, "maxAttempts");
  if (node === undefined) {
    if (options === "unknown") return { maxAttempts: null, attemptsSource: "default", attemptsNote: "options not statically known; maxAttempts may be unset (default Infinity)", countUnknown: true };
    return { maxAttempts: null, attemptsSource: "default", attemptsNote: "maxAttempts unset → Infinity (cockatiel default): retries forever" };
  }
  const a = retriesOption(sf, node, "maxAttempts", Infinity);
  if (a.attemptsSource === "default") return { maxAttempts: null, attemptsSource: "default", attemptsNote: `maxAttempts: ${short(node)} not statically known`, countUnknown: true };
  return { ...a, attemptsNote: `${a.attemptsNote.replace(" → ", " (counts retries) → ")}` };
}

function waitOf(sf: ts.SourceFile, options: Options, names: Names): WaitSpec {
  const b = option(options, "backoff");
  if (b === undefined) return noWait("default", "no wait (cockatiel default backoff ConstantBackoff(0))");
  const u = unwrap(b);
  if (!ts.isNewExpression(u)) return customWait(u, "backoff");
  const cls = exportOf(u.expression, names);
  const arg = u.arguments?.[0];
  if (cls === "ConstantBackoff") {
    const ms = arg ? staticNumber(sf, arg)?.value ?? null : 0;
    if (ms === null) return customWait(u, "backoff");
    return fixedWait(ms / 1000, "config", `fixed ${fmtSeconds(ms / 1000)} (${short(u)}), no jitter`);
  }
  if (cls === "ExponentialBackoff") {
    const opts = objectArg(sf, arg);
    const num = (key: string, dflt: number): number | null => {
      const n = option(opts, key);
      return n === undefined ? dflt : staticNumber(sf, n)?.value ?? null;
    };
    const initial = num("initialDelay", EXP_INITIAL_MS);
    const max = num("maxDelay", EXP_MAX_MS);
    const exponent = num("exponent", 2);
    const gen = option(opts, "generator");
    const genName = gen ? exportOf(gen, names) ?? short(gen) : "decorrelatedJitterGenerator";
    const jitter = genName === "noJitterGenerator" ? false : gen && !exportOf(gen, names) ? null : true;
    return {
      kind: "exponential",
      jitter,
      initialSeconds: initial === null ? null : initial / 1000,
      maxSeconds: max === null ? null : max / 1000,
      source: arg ? "config" : "default",
      description: `exponential from ${initial === null ? "?" : fmtSeconds(initial / 1000)} (×${exponent ?? "?"}), max ${max === null ? "?" : fmtSeconds(max / 1000)}, ${genName}`,
    };
  }
  return customWait(u, "backoff");
}

function conditionOf(policy: ts.Expression | undefined, names: Names): RetryCondition {
  const base = { exceptionTypes: [] as string[], statuses: [], retryOn: [], afterSendMethods: "all" as const, honoursRetryAfter: null, permanentErrors: null };
  if (!policy) return { ...base, allErrors: false, description: "no policy" };
  const u = unwrap(policy);
  const root = ts.isCallExpression(u) ? u.expression : u;
  const name = exportOf(ts.isPropertyAccessExpression(root) && ts.isCallExpression(unwrap(root.expression)) ? (unwrap(root.expression) as ts.CallExpression).expression : root, names);
  if (name === "handleAll") {
    return {
      ...base,
      allErrors: true,
      permanentErrors: "handleAll retries every error, including errors that will fail the same way again (bad requests, bugs)",
      description: "handleAll: every error, any method",
    };
  }
  if (name === "handleType" && ts.isCallExpression(u)) {
    const types = u.arguments.filter((a) => !ts.isArrowFunction(a)).map((a) => dottedName(a) ?? short(a));
    return { ...base, allErrors: false, exceptionTypes: types, description: `${short(u)}, any method` };
  }
  return { ...base, allErrors: false, description: `${short(u)}, any method` };
}

export function extractCockatielFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const { whole, members } = importsFrom(index.imports, COCKATIEL);
  if (whole.size === 0 && members.size === 0) return;
  const names: Names = { member: members, whole };

  for (const call of index.calls) {
    if (exportOf(call.expression, names) !== "retry") continue;
    const options = objectArg(sf, call.arguments[1]);
    const attempts = attemptsOf(sf, options);
    const core: LayerCore = {
      kind: "cockatiel",
      category: "code",
      library: COCKATIEL,
      ...attempts,
      timeBound: null,
      wait: waitOf(sf, options, names),
      condition: conditionOf(call.arguments[0], names),
      budget: null,
      perTryTimeoutSeconds: null,
      overallTimeoutSeconds: null,
    };
    // the executions: `retry(...).execute(fn)`, `policy.execute(fn)`, `wrap(policy, …).execute(fn)`
    const executes: ts.CallExpression[] = [];
    const parent = call.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.name.text === "execute" && ts.isCallExpression(parent.parent)) executes.push(parent.parent);
    const bound = new Set<string>();
    const name = bindingName(call);
    const functionId = index.enclosingId(call);
    const holder = name && !name.includes(".") && functionId === MODULE ? name : null;
    if (name && !holder) bound.add(name);
    // wrap(policy, breaker) → another name for a policy that includes this one (one level)
    for (const w of index.calls) {
      if (exportOf(w.expression, names) !== "wrap") continue;
      if (!w.arguments.some((a) => a === call || bound.has(dottedName(a) ?? "") || (holder !== null && dottedName(a) === holder))) continue;
      const wn = bindingName(w);
      if (wn) bound.add(wn);
      const wp = w.parent;
      if (ts.isPropertyAccessExpression(wp) && wp.name.text === "execute" && ts.isCallExpression(wp.parent)) executes.push(wp.parent);
    }
    for (const c of index.calls) {
      const callee = unwrap(c.expression);
      if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "execute") continue;
      const receiver = dottedName(callee.expression) ?? "";
      if (bound.has(receiver)) executes.push(c);
      else if (holder && receiver === holder) markInvokes(facts, c, sf, index, 0);
    }
    const callIds: string[] = [];
    for (const c of executes) {
      const fact = markInvokes(facts, c, sf, index, 0);
      if (fact) callIds.push(fact.id);
    }
    if (holder && !facts.functions.some((f) => f.id === holder)) {
      const at = spanOf(call, sf);
      facts.functions.push({ id: holder, name: holder, span: at, params: [], paramDefaults: {}, topLevel: true, handler: null, raisesOnStatus: false, returnsClientId: null });
    }
    facts.layers.push({
      ...core,
      localId: ids.next("L", call, sf),
      anchor: spanOf(call, sf),
      attach: { kind: "block", functionId, callIds, ...(holder ? { holder: { objectId: holder, methods: ["execute"], paramIndex: 0 } } : {}) },
      label: name || `cockatiel retry in ${functionId === MODULE ? "module" : functionId}`,
    });
  }
}
