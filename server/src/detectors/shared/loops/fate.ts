/**
 * What the loop does after an attempt with a given outcome: goes round again (`retry`), or stops
 * (an exit, a throw, an error the loop does not catch). The body is run symbolically, statement by
 * statement: a branch whose condition is known for the outcome is taken or skipped; one whose
 * condition is unknown (an attempt counter, a flag) may go either way; in languages that throw, the
 * operation throws on an error and control goes to the catches of the try around it.
 */
import type { Call, Catch, Expr, Stmt } from "./ir";
import type { LoopCx } from "./context";
import { ERROR, namesLockHeld, truth, type Outcome } from "./outcome";
import { exprsIn, holds } from "./walk";

/**
 * Where control goes: on to the next statement, round the loop again, out of it (an exit, a
 * throw not caught inside the loop), or a break/continue of a loop or switch inside it. `caught`:
 * the failing operation's error was caught on the way (only then does going round retry it).
 */
type Flow = { k: "fall" | "retry" | "stop" | "throw" | "brk" | "cont"; caught: boolean };
const FALL: Flow = { k: "fall", caught: false };
const flow = (k: Flow["k"], from: Flow): Flow => ({ k, caught: from.caught });

export interface Fate {
  retried: boolean;
  /** the catches an error went through that let it go round */
  retryingCatches: Catch[];
  /** the operations whose failure goes round (in languages with error values: all of them, when any does) */
  retriedOperations: Call[];
}

/**
 * Where an attempt with outcome `o` goes. An error is thrown by one operation at a time: each is
 * tried as the failing one (an error of `startSession()` before the try propagates, one of the
 * transaction inside it is caught and retried).
 */
const memo = new WeakMap<LoopCx, Map<string, Fate>>();

export function fateOf(cx: LoopCx, o: Outcome): Fate {
  let known = memo.get(cx);
  if (!known) memo.set(cx, (known = new Map()));
  const key = `${o.err}|${o.status}|${o.falsy}|${o.lockHeld}`;
  const hit = known.get(key);
  if (hit) return hit;
  const fate = computeFate(cx, o);
  known.set(key, fate);
  return fate;
}

function computeFate(cx: LoopCx, o: Outcome): Fate {
  const catches = new Set<Catch>();
  // each operation failing alone, and all of them failing (a dependency that is down)
  const ops = [...new Set(cx.operations)];
  const throwing = o.err && cx.lang.errors === "exceptions";
  const failing: Array<Array<{ start: number; end: number }>> = throwing ? [...(ops.length > 1 ? ops.map((op) => [op]) : []), ops] : [[]];
  let retried = false;
  const retriedOperations = new Set<Call>();
  for (const op of failing) {
    const env = new Map<string, Expr>();
    const flows = run({ ...cx, failing: op, truth: { ...cx.truth, failing: new Set(op) } }, cx.loop.body, o, env, catches, 0, FALL);
    for (const f of flows) {
      const end = f.k === "fall" ? (cx.recursion ? "stop" : atEnd(cx, o, env)) : f.k === "retry" || f.k === "cont" ? "retry" : "stop";
      // a thrown error goes round only through a catch (another operation's success going round is no retry of it)
      if (end === "retry" && (!throwing || f.caught)) {
        retried = true;
        for (const c of throwing ? (op as Call[]) : ops) retriedOperations.add(c);
      }
    }
  }
  return { retried, retryingCatches: [...catches], retriedOperations: [...retriedOperations] };
}

/**
 * The operations whose error, each failing alone, a catch inside the loop handles without going
 * round or throwing on (`try { await resolvePending(p) } catch { resolved = false }` in a publish
 * loop, a best-effort notification): the loop never retries them, so they run under no layer of
 * it (a retry loop multiplies only the calls whose failure reaches its going round). Only where
 * errors are thrown and the loop has more than one operation (with one, it would be no retry at
 * all); an operation inside a loop nested in this one is kept (the inner loop is run once here,
 * its exhaustion is not modelled), and so is one whose error leaves the loop (no change there).
 */
export function swallowedOperations(cx: LoopCx): Set<Call> {
  const out = new Set<Call>();
  const ops = [...new Set(cx.operations)];
  if (cx.lang.errors !== "exceptions" || ops.length < 2 || cx.recursion) return out;
  const nested = new Set(cx.calls.filter((c) => c.where.loops.length > 0).map((c) => c.call));
  for (const op of ops) {
    if (nested.has(op)) continue;
    const env = new Map<string, Expr>();
    const flows = run({ ...cx, failing: [op], truth: { ...cx.truth, failing: new Set([op]) } }, cx.loop.body, ERROR, env, new Set(), 0, FALL);
    const ends = flows.map((f) => (f.k === "fall" ? atEnd(cx, ERROR, env) : f.k === "retry" || f.k === "cont" ? "retry" : f.k === "throw" ? "throw" : "stop"));
    if (flows.some((f) => f.caught) && ends.every((e) => e === "stop")) out.add(op);
  }
  return out;
}

type RunCx = LoopCx & { failing: Array<{ start: number; end: number }> };

/** The body ended: the loop condition decides (a flag set on the way may end it). */
function atEnd(cx: LoopCx, o: Outcome, env: Map<string, Expr>): "retry" | "stop" {
  const h = cx.loop.header;
  if (h.kind !== "cond" || !h.cond || !env.size) return "retry";
  return truth({ ...cx.truth, env }, h.cond, o) === false ? "stop" : "retry";
}

/** Does `n` hold the operation that fails (in languages that throw, it throws there)? */
const holdsOperation = (cx: RunCx, n: { start: number; end: number }) => cx.failing.some((f) => holds(n, f));

function run(cx: RunCx, stmts: Stmt[], o: Outcome, env: Map<string, Expr>, catches: Set<Catch>, depth: number, from: Flow): Flow[] {
  let live: Flow[] = [from];
  for (const s of stmts) {
    const next: Flow[] = [];
    for (const f of live) {
      if (f.k !== "fall") next.push(f);
      else next.push(...step(cx, s, o, env, catches, depth, f));
    }
    live = dedupe(next);
    if (!live.some((f) => f.k === "fall")) break;
  }
  return live;
}

function dedupe(flows: Flow[]): Flow[] {
  const seen = new Set<string>();
  return flows.filter((f) => {
    const key = `${f.k}${f.caught}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function step(cx: RunCx, s: Stmt, o: Outcome, env: Map<string, Expr>, catches: Set<Catch>, depth: number, from: Flow): Flow[] {
  if (depth > 12) return [from];
  const go = (k: Flow["k"]): Flow[] => [flow(k, from)];
  const sub = (list: Stmt[]) => run(cx, list, o, env, catches, depth + 1, from);
  const throws = cx.lang.errors === "exceptions" && o.err && s.k !== "try" && s.k !== "loop" && s.k !== "if" && s.k !== "switch" && s.k !== "block" && holdsOperation(cx, s);
  switch (s.k) {
    case "expr": {
      if (throws) return go("throw");
      if (s.e.k === "call" && cx.recursion?.selfCalls.includes(s.e.call)) return go("retry");
      if (s.e.k === "assign" && s.e.op === "=" && s.e.target && (cx.condNames.has(s.e.target) || cx.flags.has(s.e.target)) && !cx.counters.has(s.e.target) && ["bool", "nil", "num", "str", "list"].includes(s.e.value.k)) env.set(s.e.target, s.e.value);
      return [from];
    }
    case "decl":
      return throws ? go("throw") : [from];
    case "exit": {
      if (throws) return go("throw");
      if (s.kind === "return") {
        if (cx.recursion && s.value && cx.recursion.selfCalls.some((c) => holds(s.value!, c))) return go("retry");
        return go("stop");
      }
      if (s.kind === "throw") return go("throw");
      // a label names this loop, a loop inside it, or something around it (which this loop is left for)
      if (s.label && s.label === cx.loop.label) return go(s.kind === "break" ? "stop" : "retry");
      if (s.label && !innerLabels(cx).has(s.label)) return go("stop");
      return go(s.kind === "break" ? "brk" : "cont");
    }
    case "if": {
      const initThrows = s.init && cx.lang.errors === "exceptions" && o.err && holdsOperation(cx, s.init);
      const condThrows = cx.lang.errors === "exceptions" && o.err && holdsOperation(cx, s.cond);
      if (initThrows || condThrows) return go("throw");
      // `if err := sleepCtx(ctx, d); err != nil { return err }` tests the wait, not the operation
      const testsWait = [s.init, s.cond].some((p) => !!p && exprsInStmt(p).some((e) => e.k === "call" && e.call.role === "sleep"));
      const t = testsWait ? null : truth(cx.truth, s.cond, o);
      const other = () => (s.else ? sub(s.else) : [from]);
      if (t === true) return sub(s.then);
      if (t === false) return other();
      return testsWait ? [from] : [...sub(s.then), ...other()];
    }
    case "switch": {
      if (cx.lang.errors === "exceptions" && o.err && s.tag && holdsOperation(cx, s.tag)) return go("throw");
      const out: Flow[] = [];
      let matched = false;
      for (const c of s.cases) {
        if (c.values === null) continue;
        const t = caseTruth(cx, s.tag, c.values, o);
        if (t === false) continue;
        out.push(...inSwitch(sub(c.body)));
        if (t === true) {
          matched = true;
          break;
        }
      }
      if (!matched) {
        const dflt = s.cases.find((c) => c.values === null);
        out.push(...(dflt ? inSwitch(sub(dflt.body)) : [from]));
      }
      return out;
    }
    case "select":
      return s.cases.flatMap((c) => inSwitch(sub(c.body)));
    case "try": {
      const body = sub(s.body);
      const out: Flow[] = [];
      for (const f of body) {
        if (f.k !== "throw" || !s.catches.length) {
          out.push(f);
          continue;
        }
        // an error that is not lock contention passes a catch of lock errors only
        const catching = o.lockHeld === false ? s.catches.filter((c) => c.all || !c.types.length || !c.types.every(namesLockHeld)) : s.catches;
        if (!catching.length) out.push(f);
        for (const c of catching) {
          const handled = run(cx, c.body, o, env, catches, depth + 1, { k: "fall", caught: true });
          if (handled.some((h) => h.k === "fall" || h.k === "cont")) catches.add(c);
          out.push(...handled);
        }
      }
      if (s.orelse && out.some((f) => f.k === "fall") && !o.err) return [...out.filter((f) => f.k !== "fall"), ...sub(s.orelse)];
      return out;
    }
    case "loop": {
      // an inner loop runs its body (once is enough to see where an attempt goes); its own breaks and continues stay inside
      const inner = sub(s.loop.body);
      return inner.map((f) => (f.k === "brk" || f.k === "cont" || f.k === "retry" ? flow("fall", f) : f));
    }
    case "block":
      return sub(s.body);
  }
}

function innerLabels(cx: LoopCx): Set<string> {
  const out = new Set<string>();
  for (const v of cx.visited) if (v.stmt?.k === "loop" && v.stmt.loop.label) out.add(v.stmt.loop.label);
  return out;
}

/** A break inside a switch or select leaves it, not the loop. */
function inSwitch(flows: Flow[]): Flow[] {
  return flows.map((f) => (f.k === "brk" ? flow("fall", f) : f));
}

function caseTruth(cx: LoopCx, tag: Expr | null, values: Expr[], o: Outcome): boolean | null {
  if (!tag) {
    const ts = values.map((v) => truth(cx.truth, v, o));
    return ts.some((t) => t === true) ? true : ts.every((t) => t === false) ? false : null;
  }
  if (tag.k !== "status" || o.status === null) return null;
  const nums = values.map((v) => cx.scope.evaluate(v)?.value ?? null);
  if (nums.some((n) => n === null)) return null;
  return nums.includes(o.status);
}

function exprsInStmt(s: Stmt | Expr): Expr[] {
  if ("k" in s && (s.k === "expr" || s.k === "decl")) return s.k === "expr" ? exprsIn(s.e) : s.values.flatMap((v) => exprsIn(v));
  return exprsIn(s as Expr);
}
