/**
 * Does the loop leave on success? An exit — a `return`, a `break` of this loop, or a flag the
 * loop condition reads set so the condition fails — is a success exit when the branches around it
 * hold on a successful attempt and not on some failed one (or when it follows a `continue` taken
 * on failure: `if err != nil { sleep; continue }; return resp`). In languages that throw, a
 * statement after the operation is skipped when the operation throws, and a catch runs only then.
 * An exit before the operation, an exit in a catch, and the check that gives up when the attempts
 * run out are not success exits.
 */
import type { Expr, Stmt } from "./ir";
import type { LoopCx } from "./context";
import { and, bare, ERROR, FAILURES, not, or, RETRY_PREDICATE, SUCCESS, truth, type Outcome, type Truth } from "./outcome";
import { fateOf } from "./fate";
import { holds, type Guard, type Where } from "./walk";

export interface Exit {
  stmt: Stmt;
  where: Where;
  kind: "return" | "break" | "flag" | "end";
}

/** Does a break/continue (or a labelled one) act on `loop`, given the nested loops and switches around it? */
export function targets(s: Extract<Stmt, { k: "exit" }>, where: Where, visitedSwitches: Stmt[]): boolean {
  if (s.label) {
    if (where.loops.some((l) => l.label === s.label)) return false;
    // this loop's label, or a label outside it: either way the loop is left
    return true;
  }
  const innerLoop = where.loops[where.loops.length - 1];
  if (s.kind === "continue") return !innerLoop;
  // an unlabelled break stops at the innermost loop, switch or select around it
  const sw = visitedSwitches.filter((x) => holds(x, s) && (!innerLoop || holds(innerLoop, x)));
  return !innerLoop && !sw.length;
}

function guardTruth(cx: LoopCx, g: Guard, o: Outcome): Truth {
  switch (g.kind) {
    case "then":
      return truth(cx.truth, g.cond, o);
    case "else":
      return not(truth(cx.truth, g.cond, o));
    case "case": {
      if (g.values === null) return null;
      if (!g.tag) return or(g.values.map((v) => truth(cx.truth, v, o)));
      if (g.tag.k === "status") {
        if (o.status === null) return null;
        const nums = g.values.map((v) => cx.scope.evaluate(v)?.value ?? null);
        return nums.some((n) => n === null) ? null : nums.includes(o.status);
      }
      return null;
    }
    case "select":
      // a reply arriving says nothing by itself; cancellation and timers are not success
      return g.caseKind === "recv" || g.caseKind === "send" ? true : null;
    case "catch":
      return o.err;
    case "try":
      return true;
  }
}

/**
 * The branches a node runs under, for an outcome. In languages that throw, a node after the
 * operation and outside a catch runs only when the operation did not throw — unless a try around
 * the operation (inside the loop) catches it and the node comes after that try.
 */
export function reached(cx: LoopCx, node: { start: number; end: number }, where: Where, o: Outcome): Truth {
  const g = and(where.guards.map((x) => guardTruth(cx, x, o)));
  if (cx.lang.errors !== "exceptions" || !o.err || g === false) return g;
  if (where.guards.some((x) => x.kind === "catch")) return g;
  if (node.end <= cx.first.start) return g;
  const tries = cx.visited.filter((v) => v.stmt?.k === "try" && holds(v.stmt, cx.first) && v.stmt.catches.length > 0);
  const caughtBefore = tries.some((t) => node.start >= t.stmt!.end);
  return caughtBefore ? g : false;
}

/**
 * The loop's success exits (empty: it does not leave on success). A result compared with a
 * literal state counts as success only for loops that retry errors or judge failures transient.
 */
export function successExits(cx: LoopCx): Exit[] {
  const strict = exitsWith(cx);
  if (strict.length) return strict;
  const judges = cx.calls.some((c) => RETRY_PREDICATE.test(bare(c.call.method)));
  if (!judges && !fateOf(cx, ERROR).retried) return strict;
  return exitsWith({ ...cx, truth: { ...cx.truth, states: true } });
}

function exitsWith(cx: LoopCx): Exit[] {
  const switches = cx.visited.filter((v) => v.stmt && (v.stmt.k === "switch" || v.stmt.k === "select")).map((v) => v.stmt!);
  const exits: Exit[] = [];
  const continues: Array<{ stmt: Stmt; where: Where }> = [];
  for (const v of cx.visited) {
    const s = v.stmt;
    if (!s || v.where.final) continue;
    if (s.k === "exit") {
      if (s.kind === "return") {
        // a recursive retry's `return self(…)` goes round again
        if (cx.recursion && s.value && cx.recursion.selfCalls.some((c) => holds(s.value!, c))) continues.push({ stmt: s, where: v.where });
        else exits.push({ stmt: s, where: v.where, kind: "return" });
      } else if (s.kind === "break" && targets(s, v.where, switches)) exits.push({ stmt: s, where: v.where, kind: "break" });
      else if (s.kind === "continue" && targets(s, v.where, switches)) continues.push({ stmt: s, where: v.where });
    } else if (s.k === "expr" && s.e.k === "call" && cx.recursion?.selfCalls.includes(s.e.call)) {
      continues.push({ stmt: s, where: v.where });
    } else if (s.k === "expr" && s.e.k === "assign" && flagExit(cx, s.e)) exits.push({ stmt: s, where: v.where, kind: "flag" });
  }
  // a recursive retry returns when its body ends
  if (cx.recursion) {
    const body = cx.loop.body;
    const last = body[body.length - 1];
    if (last) exits.push({ stmt: { k: "block", body: [], start: last.end, end: last.end, text: "" }, where: { guards: [], loops: [], final: false, thrown: false, inSleep: false }, kind: "end" });
  }
  const first = cx.first;
  return exits.filter((x) => {
    // an exit before the operation (a stop flag checked first) is not a success exit
    if (x.stmt.end <= first.start) return false;
    if (reached(cx, x.stmt, x.where, SUCCESS) !== true) return false;
    if (FAILURES.some((f) => reached(cx, x.stmt, x.where, f) === false)) return true;
    return continues.some(
      (c) => c.stmt.start < x.stmt.start && reached(cx, c.stmt, c.where, SUCCESS) === false && FAILURES.some((f) => reached(cx, c.stmt, c.where, f) !== false),
    );
  });
}

/** `done = true`, `pending = []`: a literal the loop condition reads, which makes the condition fail. */
function flagExit(cx: LoopCx, a: Extract<Expr, { k: "assign" }>): boolean {
  const h = cx.loop.header;
  if (h.kind !== "cond" || !h.cond || !a.target || a.op !== "=" || !cx.condNames.has(a.target) || cx.counters.has(a.target)) return false;
  if (!["bool", "nil", "num", "str", "list"].includes(a.value.k)) return false;
  const env = new Map([[a.target, a.value]]);
  return truth({ ...cx.truth, env }, h.cond, SUCCESS) === false;
}
