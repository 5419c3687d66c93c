/**
 * How many attempts a loop makes (attempts = calls of the operation). From the header: a range
 * (`range(N)`, `1..N`, `repeat(N)`) or a literal list of items; from a counter compared with a
 * bound in the loop condition (`i < N`, `retries-- > 0`, `while (retries)`); or from a check in the
 * body that leaves the loop (`if attempt >= N: raise`) — only a check whose branch leaves
 * counts. Where the check sits decides ±1: with the first call C, the check K and the increment I,
 * C…K…I makes one attempt more, I…K…C one fewer (a for-clause update runs after the body,
 * `if (++i >= N)` increments just before the check). A bound that is not a number leaves the
 * count unknown (with the reason); no counter at all is unbounded, maybe bounded by a deadline.
 */
import type { Expr, Stmt } from "./ir";
import type { Counter, LoopCx } from "./context";
import { short, type Value } from "./evaluate";
import { exprsIn, holds } from "./walk";
import { linkedBound, type LinkedBound } from "./linkedCount";
import { fateOf } from "./fate";
import { FAILURES } from "./outcome";

export interface CountBound {
  maxAttempts: number | null;
  note: string;
  timeBound: string | null;
  fromDefault: boolean;
  countUnknown: boolean;
  /** the attempt counter and its first value (for the first delay) */
  counter: { name: string; start: number } | null;
  /** the parameter whose default is the bound, one for one (a helper's call sites may pass another count) */
  param?: { name: string; value: number; offset: number };
  /** the count comes from repeating a fixed number of times (a range, a counter), not from items or time */
  counted: boolean;
  /** an unknown count the linker may know: attempts = the value (another module's) + offset */
  linked?: LinkedBound & { text: string };
}

type Op = "<" | "<=" | ">" | ">=" | "==" | "!=";
const FLIP: Record<Op, Op> = { "<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!=" };
const NEGATE: Record<Op, Op> = { "<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "==" };
const DEADLINE = /deadline|timeout|elapsed|until|expir|maxWait|maxDuration|time_?limit/i;

interface Comparison {
  counter: Counter;
  /** normalised so the counter is on the left */
  op: Op;
  bound: Expr;
}

export function countBound(cx: LoopCx): CountBound {
  const { loop, scope } = cx;
  const h = loop.header;
  const none = { timeBound: null, fromDefault: false, countUnknown: false, counter: null, counted: false };
  const unknown = (note: string, counted = true): CountBound => ({ ...none, maxAttempts: null, note, countUnknown: true, counted });
  const finalTry = finalAttemptAfter(cx);
  const withFinal = (b: CountBound): CountBound => (finalTry && b.maxAttempts !== null ? { ...b, maxAttempts: b.maxAttempts + 1, note: `${b.note} + 1 final attempt after the loop` } : b);
  // a final attempt after the loop adds one to what the linker finds, as to a known count
  const withLinked = (b: CountBound, linked: NonNullable<CountBound["linked"]>): CountBound => ({ ...b, linked: { ...linked, offset: linked.offset + (finalTry ? 1 : 0) } });
  const ev = (e: Expr | number): Value | null => (typeof e === "number" ? { value: e, fromDefault: false } : scope.evaluate(e));
  // a bound set by a conditional counts its larger branch: the worst case, said in the note
  const upper = (e: Expr | number): Value | null => (typeof e === "number" ? { value: e, fromDefault: false } : scope.upperBound(e));
  const worstCase = (v: Value): string => (v.conditional ? ` (the larger branch of ${v.conditional}: the worst case)` : "");

  if (h.kind === "range") {
    const lo = ev(h.lo);
    const hi = upper(h.hi);
    if (!lo || !hi) {
      const u = unknown(`${h.text}: ${scope.unknownReason(!hi ? h.hi : (h.lo as Expr))}`);
      const linked = lo && !hi ? linkedBound(scope, h.hi) : null;
      return linked ? withLinked(u, { ...linked, offset: linked.offset - lo!.value + (h.inclusive ? 1 : 0), text: h.text }) : u;
    }
    const n = Math.max(0, Math.floor(hi.value - lo.value + (h.inclusive ? 1 : 0)));
    const param = typeof h.lo === "number" && !h.inclusive ? paramBound(cx, h.hi, hi, n) : undefined;
    return withFinal({ ...none, maxAttempts: n, note: `${h.text}: ${n} attempts${worstCase(hi)}`, fromDefault: lo.fromDefault || hi.fromDefault, counted: true, ...(param ? { param } : {}) });
  }
  if (h.kind === "items") {
    const list = scope.listOf(h.iterable);
    if (list) return withFinal({ ...none, maxAttempts: list.items.length, note: `${h.text} (${list.items.length} items): ${list.items.length} attempts`, fromDefault: list.fromDefault });
    // Go `for range n` / `for i := range n`: an integer; JS `for (const _ of Array.from({ length: n }))`: n placeholders
    const n = h.iterable ? (scope.evaluate(h.iterable) ?? scope.repeatsOf(h.iterable)) : null;
    if (n) return withFinal({ ...none, maxAttempts: Math.max(0, n.value), note: `${h.text}: ${Math.max(0, n.value)} attempts`, fromDefault: n.fromDefault, counted: true });
    return unknown(`${h.text}: ${h.iterable ? scope.unknownReason(h.iterable) : "count not known statically"}`, false);
  }

  const counters = cx.counters;
  const start = (name: string): Value | null => {
    const init = h.init.find((i) => i.name === name);
    if (init) return init.value ? scope.evaluate(init.value) : null;
    if (cx.recursion?.counter === name) {
      if (cx.recursion.start) return scope.evaluate(cx.recursion.start);
      const p = scope.param(name);
      // counting up from an unwritten start begins at 0; counting down needs the start written
      return p?.default ? scope.evaluate(p.default) : (cx.recursion.step ?? 1) === 1 ? { value: 0, fromDefault: false } : null;
    }
    const r = scope.resolve(name, loop.start);
    if (!r) return { value: 0, fromDefault: false };
    if (r.kind === "zero") return { value: 0, fromDefault: false };
    return r.value ? scope.evaluate(r.value) : null;
  };
  const word = h.doWhile ? "do … while" : h.updates.length || h.init.length ? "for" : "while";
  const headText = `${word} (${short(h.text)})`;

  if (h.cond) {
    const cmp = comparisonIn(h.cond, counters);
    if (cmp) {
      const step = cmp.counter.step;
      const op = step === 1 ? cmp.op : FLIP[cmp.op];
      if (op === "<" || op === "<=" || op === "!=") {
        // counting up, a larger bound is more attempts (counting down, the start decides)
        const b = step === 1 ? scope.upperBound(cmp.bound) : scope.evaluate(cmp.bound);
        const c0 = start(cmp.counter.name);
        if (!b) {
          const u = unknown(`${headText}: ${scope.unknownReason(cmp.bound)}`);
          const linked = step === 1 && c0 && !h.doWhile && !cmp.counter.inCondition ? linkedBound(scope, cmp.bound) : null;
          return linked ? withLinked(u, { ...linked, offset: linked.offset - c0!.value + (op === "<=" ? 1 : 0), text: headText }) : u;
        }
        if (!c0) return unknown(`${headText}: the start of ${cmp.counter.name} is not known statically`);
        // the head runs once per attempt: `i < N` with the increment in the body (or `i++ < N`, or a
        // for update) compares c0, c0+1, …; a prefix `++i < N` counts before the first comparison;
        // do … while runs the body first: with a postfix `i++ < N` the last comparison sees the old value
        let adjust = 0;
        if (cmp.counter.inCondition === "prefix" && !h.doWhile) adjust = -1;
        if (cmp.counter.inCondition === "postfix" && h.doWhile) adjust = 1;
        const dist = step * b.value - step * c0.value;
        const attempts = Math.max(h.doWhile ? 1 : 0, dist + (op === "<=" ? 1 : 0) + adjust);
        const param = step === 1 ? paramBound(cx, cmp.bound, b, attempts) : undefined;
        return withFinal({
          ...none,
          maxAttempts: attempts,
          note: `${headText}: ${attempts} attempts${worstCase(b)}`,
          fromDefault: b.fromDefault || c0.fromDefault,
          counter: { name: cmp.counter.name, start: c0.value },
          counted: true,
          ...(param ? { param } : {}),
        });
      }
    }
  }

  // checks in the body that give up: `if attempt >= max: raise`, C# `catch … when (++attempt < max)` (retries while true)
  const checks: Array<{ at: number; cond: Expr; negate: boolean }> = [];
  for (const v of cx.visited) {
    if (v.where.loops.length) continue;
    const s = v.stmt;
    // a recursive retry that goes round only while its check holds (`if (retries > 0) return self(retries - 1)`):
    // it gives up when the check fails
    if (s?.k === "if" && cx.recursion && cx.recursion.selfCalls.some((c) => s.then.some((t) => holds(t, c)))) checks.push({ at: s.start, cond: s.cond, negate: true });
    else if (s?.k === "if" && leaves(cx, s.then)) checks.push({ at: s.start, cond: s.cond, negate: false });
    if (s?.k === "switch" && !s.tag) for (const c of s.cases) if (c.values && leaves(cx, c.body)) for (const val of c.values) checks.push({ at: val.start, cond: val, negate: false });
    if (s?.k === "try") for (const c of s.catches) if (c.filter) checks.push({ at: c.filter.start, cond: c.filter, negate: true });
  }
  checks.sort((a, b) => a.at - b.at);
  for (const check of checks) {
    const found = comparisonIn(check.cond, counters);
    const cmp = found && check.negate ? { ...found, op: NEGATE[found.op] } : found;
    if (!cmp) continue;
    const step = cmp.counter.step;
    // the check that gives up: `attempt >= max` counting up, `retries <= 0` counting down
    const op = step === 1 ? cmp.op : FLIP[cmp.op];
    if (op !== ">=" && op !== ">" && op !== "==") continue;
    const text = short(check.cond.text);
    // counting up, a larger bound is more attempts (counting down, the start decides)
    const b = step === 1 ? scope.upperBound(cmp.bound) : scope.evaluate(cmp.bound);
    const c0 = start(cmp.counter.name);
    if (!b) return unknown(`stops when ${text}: ${scope.unknownReason(cmp.bound)}`);
    if (!c0) return unknown(`stops when ${text}: the start of ${cmp.counter.name} is not known statically`);
    const posC = cx.first.start;
    const posK = check.at;
    const posI = cmp.counter.pos;
    const adjust = posC < posK && posK < posI ? 1 : posI < posK && posK < posC ? -1 : 0;
    const attempts = Math.max(1, step * b.value - step * c0.value + adjust + (op === ">" ? 1 : 0));
    return withFinal({
      ...none,
      maxAttempts: attempts,
      note: `stops when ${text}: ${attempts} attempts${worstCase(b)}`,
      fromDefault: b.fromDefault || c0.fromDefault,
      counter: { name: cmp.counter.name, start: c0.value },
      counted: true,
    });
  }
  if (h.cond) {
    const cmp = comparisonIn(h.cond, counters);
    if (cmp) return unknown(`${headText}: count not known statically`);
  }

  // a one-shot flag: the way round sets `refreshed = true` under `!refreshed` (re-sent once after a token refresh)
  const once = oneShotFlag(cx);
  if (once) return { ...none, maxAttempts: 2, note: `goes round only while ${once} is unset, and sets it: 2 attempts`, counted: true };

  // no attempt counter: a deadline in a condition that stops the loop bounds it by time only
  const conds = [h.cond, ...checks.map((c) => c.cond)].filter((c): c is Expr => !!c);
  const deadline = timeBoundOf(conds);
  const cancel = cx.calls.some((c) => c.call.method === "Done" && /(^|\.)(ctx|context)$/i.test(c.call.callee.slice(0, c.call.callee.lastIndexOf("."))));
  const cancelled = cancel ? " or its context is cancelled" : "";
  return {
    ...none,
    maxAttempts: null,
    note: deadline ? `no attempt counter; bounded by ${deadline} only` : `no attempt counter: the loop retries until it succeeds${cancelled}`,
    timeBound: deadline,
  };
}

/** Does a branch leave the loop (return, throw, or a break of it)? */
function leaves(cx: LoopCx, stmts: Stmt[]): boolean {
  const go = (list: Stmt[], inner: boolean): boolean =>
    list.some((s) => {
      if (s.k === "exit") return s.kind === "return" || s.kind === "throw" || (s.kind === "break" && (!inner || (!!s.label && s.label === cx.loop.label)));
      if (s.k === "if") return go(s.then, inner) || go(s.else ?? [], inner);
      if (s.k === "block") return go(s.body, inner);
      if (s.k === "try") return go(s.body, inner) || s.catches.some((c) => go(c.body, inner));
      if (s.k === "switch" || s.k === "select") return s.cases.some((c) => go(c.body, true) || c.body.some((x) => x.k === "exit" && x.kind !== "break" && x.kind !== "continue"));
      if (s.k === "loop") return go(s.loop.body, true);
      return false;
    });
  return go(stmts, false);
}

/** A deadline in a condition: a deadline/timeout name, else a clock comparison (`time.Since(start) < 30*time.Second`). */
function timeBoundOf(conds: Expr[]): string | null {
  for (const c of conds) {
    const name = exprsIn(c).find((e) => (e.k === "name" && DEADLINE.test(e.name)) || (e.k === "member" && DEADLINE.test(e.name)));
    if (name) return name.k === "name" ? name.name : short(name.text);
  }
  for (const c of conds) {
    const clock = exprsIn(c).some((e) => e.k === "call" && /^(Since|Until|After|Before|now|Now|time|monotonic|currentTimeMillis|nanoTime|UtcNow)$/.test(e.call.method));
    if (clock) return short(c.text);
  }
  return null;
}

/** The first comparison of a counter with a bound in `cond`, the counter on the left; a counter read as a truth value is `!= 0`. */
function comparisonIn(cond: Expr, counters: Map<string, Counter>): Comparison | null {
  const nameOf = (e: Expr): string | null => {
    if (e.k === "name" && !e.self) return e.name;
    if (e.k === "update") return e.target;
    if (e.k === "other" && e.parts.length === 1) return nameOf(e.parts[0]!);
    return null;
  };
  const zero: Expr = { k: "num", value: 0, start: cond.start, end: cond.start, text: "0" };
  const visit = (e: Expr, asCondition: boolean): Comparison | null => {
    if (asCondition) {
      const negated = e.k === "unary" && e.op === "!";
      const n = nameOf(negated ? (e as Extract<Expr, { k: "unary" }>).operand : e);
      const c = n ? counters.get(n) : undefined;
      if (c) return { counter: c, op: negated ? "==" : "!=", bound: zero };
    }
    if (e.k === "binary") {
      if (e.op === "&&" || e.op === "||") return visit(e.left, e.op === "&&") ?? visit(e.right, e.op === "&&");
      if (["<", "<=", ">", ">=", "==", "!="].includes(e.op)) {
        const l = nameOf(e.left);
        const r = nameOf(e.right);
        const op = e.op as Op;
        if (l && counters.has(l)) return { counter: counters.get(l)!, op, bound: e.right };
        if (r && counters.has(r)) return { counter: counters.get(r)!, op: FLIP[op], bound: e.left };
      }
      return null;
    }
    if (e.k === "unary" && e.op === "!") return null;
    if (e.k === "other" && e.parts.length === 1) return visit(e.parts[0]!, asCondition);
    return null;
  };
  return visit(cond, true);
}

/** `i < attempts` with `attempts = 3` a parameter default: the count moves one for one with it. */
function paramBound(cx: LoopCx, bound: Expr, b: Value, attempts: number): CountBound["param"] {
  if (!b.fromDefault) return undefined;
  const e = bound.k === "other" && bound.parts.length === 1 ? bound.parts[0]! : bound;
  if (e.k !== "name" || e.self) return undefined;
  const p = cx.scope.param(e.name);
  if (!p || p.destructured || !p.default) return undefined;
  return { name: e.name, value: b.value, offset: attempts - b.value };
}

/** The Kotlin idiom `repeat(n - 1) { try { return block() } catch … }; return block()`: one more attempt after the loop. */
function finalAttemptAfter(cx: LoopCx): boolean {
  const next = cx.loop.after;
  if (!next || next.k !== "exit" || next.kind !== "return" || !next.value) return false;
  const names = new Set(cx.operations.map((o) => o.callee));
  return exprsIn(next.value).some((e) => e.k === "call" && names.has(e.call.callee) && !holds(cx.loop, e.call));
}

/**
 * A flag false before the loop that every way round sets (`if (err instanceof RefreshToken &&
 * !refreshed) { refreshed = true; …; continue }`): once it is set nothing goes round, so the
 * operation is made at most twice. Every `continue` of the loop must sit in such a branch after
 * the assignment, the body may only set the flag to true, and with the flag set no failure may go
 * round (fate.ts): then the flag's name, else null.
 */
function oneShotFlag(cx: LoopCx): string | null {
  for (const f of cx.flags) {
    const before = cx.scope.resolve(f, cx.loop.start);
    if (before?.value?.k !== "bool" || before.value.value) continue;
    const assigns = cx.visited.filter((v) => v.expr?.k === "assign" && v.expr.target === f);
    if (!assigns.every((v) => v.expr?.k === "assign" && v.expr.op === "=" && v.expr.value.k === "bool" && v.expr.value.value)) continue;
    // the branches guarded by `!f` that set it first
    const guards = cx.visited.flatMap((v) => {
      const s = v.stmt;
      if (s?.k !== "if" || v.where.loops.length || !negates(s.cond, f)) return [];
      const set = s.then.findIndex((t) => t.k === "expr" && t.e.k === "assign" && t.e.target === f);
      return set >= 0 ? [{ from: s.then[set]!.end, to: s.end }] : [];
    });
    if (!guards.length) continue;
    const continues = cx.visited.filter((v) => v.stmt?.k === "exit" && v.stmt.kind === "continue" && !v.where.loops.length);
    if (!continues.length || !continues.every((v) => guards.some((g) => v.stmt!.start >= g.from && v.stmt!.end <= g.to))) continue;
    const set: Expr = { k: "bool", value: true, start: cx.loop.start, end: cx.loop.start, text: "true" };
    const second = { ...cx, truth: { ...cx.truth, locals: new Map([...cx.truth.locals, [f, set]]) } };
    if (!FAILURES.some((o) => fateOf(second, o).retried)) return f;
  }
  return null;
}

/** `!f`, alone or as a conjunct of `&&`. */
function negates(cond: Expr, f: string): boolean {
  if (cond.k === "unary" && cond.op === "!") return cond.operand.k === "name" && !cond.operand.self && cond.operand.name === f;
  if (cond.k === "binary" && cond.op === "&&") return negates(cond.left, f) || negates(cond.right, f);
  if (cond.k === "other" && cond.parts.length === 1) return negates(cond.parts[0]!, f);
  return false;
}
