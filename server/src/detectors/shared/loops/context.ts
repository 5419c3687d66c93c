/**
 * One loop as the analysis reads it: its statements in order, the calls it retries, its waits,
 * its counters, and the names its conditions test. Built once per loop (analyze.ts) and handed to
 * the count, wait, condition and exit readers.
 */
import type { Call, Expr, Loop, LoopFunction, LoopLanguage, Stmt } from "./ir";
import type { Scope } from "./evaluate";
import type { TruthContext } from "./outcome";
import { callsOf, exprsIn, inCatch, walk, type Visited, type Where } from "./walk";

/** calls that consult a retry budget or a token bucket: not the operation */
export const BUDGET = /budget|bucket|throttl|quota|(^|\.)(tryAcquire|tryConsume|tryTake|trySpend|tryRemoveTokens|try_spend|try_acquire)$/i;

/** predicates on an error or a state (`isRetryable(e)`, `shouldRetry(err)`, `hasNext()`): they judge the operation, they are not it */
export const PREDICATE = /^([iI]s|[sS]hould|[cC]an|[hH]as)([A-Z_]\w*)?$|^([rR]etr[iy]able|[tT]ransient|[tT]emporary|[rR]ecoverable)/;

export interface Counter {
  name: string;
  step: 1 | -1;
  /** where it changes: a document position (the ±1 order rule); the loop's end for a for-clause update */
  pos: number;
  /** written in a condition: `++i < n` (prefix) or `i++ < n` (postfix) */
  inCondition?: "prefix" | "postfix";
}

export interface LoopCx {
  fn: LoopFunction;
  scope: Scope;
  lang: LoopLanguage;
  loop: Loop;
  visited: Visited[];
  /** the loop's own calls (nested loops included: an outer loop re-runs an inner one) */
  calls: Array<{ call: Call; expr: Expr; where: Where }>;
  sleeps: Array<{ call: Call; where: Where }>;
  operations: Call[];
  first: Call;
  counters: Map<string, Counter>;
  /** names whose value goes up by a step other than one (`waited += interval`) */
  intervalCounters: Set<string>;
  truth: TruthContext;
  /** names the loop condition reads (flags) */
  condNames: Set<string>;
  /** names the body assigns a literal and does not declare (a `posted = true` flag): their value depends on the path taken */
  flags: Set<string>;
  /** a function calling itself instead of looping: the attempt parameter and the self-calls */
  recursion?: {
    counter: string | null;
    selfCalls: Call[];
    /** what the self-call passes: `attempt + 1` counts up (1, the default), `retries - 1` down (-1) */
    step?: 1 | -1;
    /** the counter's value on the first call, when it is a local taking a parameter's fallback (`retries ?? 5`) */
    start?: Expr | null;
  };
}

export function buildLoopCx(fn: LoopFunction, scope: Scope, lang: LoopLanguage, loop: Loop, recursion?: LoopCx["recursion"]): LoopCx | null {
  const visited = walk(loop.body);
  const calls = callsOf(visited);
  const own = (w: Where) => w.loops.length === 0;
  const sleeps = calls.filter((c) => c.call.role === "sleep").sort((a, b) => Number(!own(a.where)) - Number(!own(b.where)) || a.call.start - b.call.start);
  // a value computed only for a wait (`const delay = this.calculateDelay(attempt); await sleep(delay)`)
  const readElsewhere = new Set(visited.flatMap((v) => (v.expr?.k === "name" && !v.where.inSleep ? [v.expr.name] : [])));
  const delayNames = new Set(sleeps.flatMap((s) => [s.call.sleep?.delay, s.call.sleep?.inner].flatMap((d) => exprsIn(d).flatMap((e) => (e.k === "name" && !readElsewhere.has(e.name) ? [e.name] : [])))));
  const forDelay = new Set<Call>();
  for (const v of visited) {
    const names = v.stmt?.k === "decl" ? v.stmt.names : v.expr?.k === "assign" && v.expr.target ? [v.expr.target] : [];
    const values = v.stmt?.k === "decl" ? v.stmt.values : v.expr?.k === "assign" ? [v.expr.value] : [];
    if (names.length && names.every((n) => delayNames.has(n))) for (const x of values.flatMap((e) => exprsIn(e))) if (x.k === "call") forDelay.add(x.call);
  }
  const operations = calls
    .filter((c) => c.call.role === "operation" && !c.call.self && !c.where.inSleep && !c.where.final && !c.where.thrown && !inCatch(c.where) && !BUDGET.test(c.call.callee) && !PREDICATE.test(c.call.method.replace(/^_+/, "")) && !forDelay.has(c.call))
    .map((c) => c.call);
  if (!operations.length) return null;
  const opSet = new Set(operations);

  const results = new Map<string, Call>();
  const errors = new Set<string>();
  const locals = new Map<string, Expr>();
  const bind = (names: string[], values: Expr[]) => {
    const value = values.length === 1 ? values[0]! : null;
    const op = value && isCallChain(value) ? exprsIn(value).find((x): x is Extract<Expr, { k: "call" }> => x.k === "call" && opSet.has(x.call))?.call : undefined;
    if (op) {
      names.forEach((n, i) => {
        if (!n || n === "_") return;
        // Go `v, err := op()`: the last name is the error value (`err := op()` too)
        if (lang.errors === "values" && ((names.length > 1 && i === names.length - 1) || /err(or)?$/i.test(n))) errors.add(n);
        else if (!results.has(n)) results.set(n, op);
      });
      return;
    }
    names.forEach((n, i) => {
      const v = values.length === names.length ? values[i] : i === 0 ? values[0] : undefined;
      if (n && v && !locals.has(n)) locals.set(n, v);
    });
  };
  for (const v of visited) {
    if (v.stmt?.k === "decl") bind(v.stmt.names, v.stmt.values);
    if (v.expr?.k === "assign" && (v.expr.op === "=" || v.expr.op === ":=")) {
      const targets = v.expr.targets ?? [v.expr.target ?? ""];
      if (targets.length > 1 && v.expr.value.k === "list") bind(targets, v.expr.value.items);
      else bind(targets, [v.expr.value]);
    }
  }
  // a name assigned a literal in a catch (`except: res = None`) is still the operation's result
  const counters = new Map<string, Counter>();
  const intervalCounters = new Set<string>();
  collectCounters(loop, visited, counters, intervalCounters, recursion);
  const condNames = new Set<string>();
  if (loop.header.kind === "cond") for (const e of exprsIn(loop.header.cond)) if (e.k === "name" && !e.self) condNames.add(e.name);
  // what the loop condition reads carries over from one pass to the next: not a value of this pass
  for (const n of condNames) locals.delete(n);
  // a flag the body sets (`posted = true` after the call, declared before the loop): whether it is
  // set where it is read depends on how far the pass got (a catch reached before the assignment
  // sees the old value), so it is no fixed value of the pass: fate.ts follows its assignments
  const declaredInBody = new Set(visited.flatMap((v) => (v.stmt?.k === "decl" ? v.stmt.names : [])));
  const flags = new Set<string>();
  for (const v of visited) {
    const e = v.expr;
    if (e?.k === "assign" && e.op === "=" && e.target && !declaredInBody.has(e.target) && ["bool", "nil", "num", "str"].includes(e.value.k)) flags.add(e.target);
  }
  for (const n of flags) locals.delete(n);
  return {
    fn,
    scope,
    lang,
    loop,
    visited,
    calls,
    sleeps: sleeps.map((s) => ({ call: s.call, where: s.where })),
    operations,
    first: operations[0]!,
    counters,
    intervalCounters,
    truth: { scope, lang, operations: opSet, results, errors, locals },
    condNames,
    flags,
    recursion,
  };
}

/** `op()`, `client.get(u)`, `(await fetch(u)).json()`: a value that is a call (or a call on one). */
function isCallChain(e: Expr): boolean {
  if (e.k === "call") return true;
  if (e.k === "member" || e.k === "index") return isCallChain(e.object);
  if (e.k === "other" && e.parts.length === 1) return isCallChain(e.parts[0]!);
  return false;
}

/** `i++`, `++i`, `i += 1`, `i = i + 1` (and decrements) → the counter and its step. */
export function stepOf(e: Expr): { name: string; step: 1 | -1; prefix: boolean } | { name: string; interval: true } | null {
  if (e.k === "update") return { name: e.target, step: e.step, prefix: e.prefix };
  if (e.k !== "assign" || !e.target || e.targets) return null;
  const v = e.value;
  if (e.op === "+=" || e.op === "-=") {
    if (v.k === "num" && v.value === 1) return { name: e.target, step: e.op === "+=" ? 1 : -1, prefix: true };
    return e.op === "+=" ? { name: e.target, interval: true } : null;
  }
  if (e.op === "=" && v.k === "binary" && (v.op === "+" || v.op === "-") && v.left.k === "name" && v.left.name === e.target) {
    if (v.right.k === "num" && v.right.value === 1) return { name: e.target, step: v.op === "+" ? 1 : -1, prefix: true };
    return v.op === "+" ? { name: e.target, interval: true } : null;
  }
  return null;
}

function collectCounters(loop: Loop, visited: Visited[], counters: Map<string, Counter>, intervals: Set<string>, recursion?: LoopCx["recursion"]): void {
  const add = (c: Counter) => {
    if (!counters.has(c.name)) counters.set(c.name, c);
  };
  const h = loop.header;
  // increments written in the loop condition
  if (h.kind === "cond" && h.cond) {
    for (const e of exprsIn(h.cond)) {
      const s = stepOf(e);
      if (s && "step" in s && e.k === "update") add({ name: s.name, step: s.step, pos: e.start, inCondition: s.prefix ? "prefix" : "postfix" });
    }
  }
  // a for clause's update runs after the body
  if (h.kind === "cond") {
    for (const u of h.updates) {
      for (const e of exprsIn(u)) {
        const s = stepOf(e);
        if (s && "step" in s) add({ name: s.name, step: s.step, pos: loop.end });
        else if (s) intervals.add(s.name);
      }
    }
  }
  // a recursive retry counts with the argument it passes itself (`attempt + 1`, `retries - 1`)
  if (recursion?.counter) for (const c of recursion.selfCalls) add({ name: recursion.counter, step: recursion.step ?? 1, pos: c.start });
  // `if (++attempt >= max)`: the increment happens as the check is evaluated
  const inIf = new Map<Expr, number>();
  for (const v of visited) {
    if (v.where.loops.length || v.stmt?.k !== "if") continue;
    for (const e of exprsIn(v.stmt.cond)) inIf.set(e, v.stmt.start);
  }
  for (const v of visited) {
    const e = v.expr;
    if (!e || v.where.loops.length) continue;
    const s = stepOf(e);
    if (!s) continue;
    if (!("step" in s)) {
      intervals.add(s.name);
      continue;
    }
    const k = inIf.get(e);
    if (k !== undefined && e.k === "update") add({ name: s.name, step: s.step, pos: k + (s.prefix ? -0.5 : 0.5), inCondition: s.prefix ? "prefix" : "postfix" });
    else add({ name: s.name, step: s.step, pos: e.start });
  }
  for (const name of intervals) counters.delete(name);
}

/** The statements of a list, flattened through blocks (not into branches). */
export function straight(stmts: Stmt[]): Stmt[] {
  return stmts.flatMap((s) => (s.k === "block" ? straight(s.body) : [s]));
}
