/**
 * Walking the lowered code (ir.ts): every statement and expression of a loop body in document
 * order, with where it sits — in a catch or finally, in a nested loop, under which branches.
 * Closures are never entered: their bodies are other scopes.
 */
import type { Call, Catch, Expr, Loop, Stmt } from "./ir";

/** A branch a node sits under, from the loop body down. */
export type Guard =
  | { kind: "then"; cond: Expr; stmt: Stmt }
  | { kind: "else"; cond: Expr; stmt: Stmt }
  /** a case of a tagged switch (values compared with the tag) or of a tagless one (values are conditions) */
  | { kind: "case"; tag: Expr | null; values: Expr[] | null; stmt: Stmt }
  | { kind: "select"; caseKind: "recv" | "done" | "timer" | "send" | "default" }
  | { kind: "catch"; c: Catch }
  /** the body of a try statement */
  | { kind: "try"; stmt: Stmt };

export interface Where {
  guards: Guard[];
  /** nested loops between the walked body and the node, outermost first */
  loops: Loop[];
  final: boolean;
  /** inside the value of a throw statement */
  thrown: boolean;
  /** inside the argument list of a sleep call */
  inSleep: boolean;
}

export interface Visited {
  stmt?: Stmt;
  expr?: Expr;
  where: Where;
}

const ROOT: Where = { guards: [], loops: [], final: false, thrown: false, inSleep: false };

/** Direct sub-expressions (closures are opaque). */
export function subExprs(e: Expr): Expr[] {
  switch (e.k) {
    case "member":
      return [e.object];
    case "index":
      return [e.object, e.index];
    case "call":
      return [...(e.call.object ? [e.call.object] : []), ...e.call.args];
    case "binary":
      return [e.left, e.right];
    case "unary":
      return [e.operand];
    case "assign":
      return [e.value];
    case "list":
      return e.items;
    case "repeat":
      return [e.count];
    case "in":
      return [e.item, e.collection];
    case "status":
    case "ok":
      return e.of ? [e.of] : [];
    case "ternary":
      return [e.test, e.then, e.else];
    case "other":
      return e.parts;
    default:
      return [];
  }
}

/** Every expression under `e` (itself included), preorder. */
export function exprsIn(e: Expr | null | undefined): Expr[] {
  const out: Expr[] = [];
  const go = (x: Expr) => {
    out.push(x);
    for (const c of subExprs(x)) go(c);
  };
  if (e) go(e);
  return out;
}

/** Every statement and expression of `stmts`, in document order, with where it sits. */
export function walk(stmts: Stmt[], where: Where = ROOT): Visited[] {
  const out: Visited[] = [];
  const expr = (e: Expr | null | undefined, w: Where) => {
    if (!e) return;
    out.push({ expr: e, where: w });
    if (e.k === "call" && e.call.role === "sleep") {
      const inner = { ...w, inSleep: true };
      if (e.call.object) expr(e.call.object, inner);
      for (const a of e.call.args) expr(a, inner);
      return;
    }
    for (const c of subExprs(e)) expr(c, w);
  };
  const block = (list: Stmt[] | null, w: Where) => {
    for (const s of list ?? []) stmt(s, w);
  };
  const stmt = (s: Stmt, w: Where) => {
    out.push({ stmt: s, where: w });
    const g = (guard: Guard) => ({ ...w, guards: [...w.guards, guard] });
    switch (s.k) {
      case "expr":
        expr(s.e, w);
        break;
      case "decl":
        for (const v of s.values) expr(v, w);
        break;
      case "if":
        if (s.init) stmt(s.init, w);
        expr(s.cond, w);
        block(s.then, g({ kind: "then", cond: s.cond, stmt: s }));
        block(s.else, g({ kind: "else", cond: s.cond, stmt: s }));
        break;
      case "switch":
        if (s.init) stmt(s.init, w);
        expr(s.tag, w);
        for (const c of s.cases) {
          for (const v of c.values ?? []) expr(v, w);
          block(c.body, g({ kind: "case", tag: s.tag, values: c.values, stmt: s }));
        }
        break;
      case "select":
        for (const c of s.cases) block(c.body, g({ kind: "select", caseKind: c.kind }));
        break;
      case "try":
        block(s.body, g({ kind: "try", stmt: s }));
        for (const c of s.catches) {
          expr(c.filter, g({ kind: "catch", c }));
          block(c.body, g({ kind: "catch", c }));
        }
        block(s.orelse, w);
        block(s.final, { ...w, final: true });
        break;
      case "exit":
        expr(s.value, s.kind === "throw" ? { ...w, thrown: true } : w);
        break;
      case "loop": {
        const inner = { ...w, loops: [...w.loops, s.loop] };
        const h = s.loop.header;
        if (h.kind === "cond") {
          expr(h.cond, inner);
          for (const u of h.updates) expr(u, inner);
        } else if (h.kind === "items") expr(h.iterable, inner);
        else {
          if (typeof h.lo !== "number") expr(h.lo, inner);
          expr(h.hi, inner);
        }
        block(s.loop.body, inner);
        break;
      }
      case "block":
        block(s.body, w);
        break;
    }
  };
  block(stmts, where);
  return out;
}

/** The calls of a visit list. */
export function callsOf(visited: Visited[]): Array<{ call: Call; expr: Expr; where: Where }> {
  const out: Array<{ call: Call; expr: Expr; where: Where }> = [];
  for (const v of visited) if (v.expr?.k === "call") out.push({ call: v.expr.call, expr: v.expr, where: v.where });
  return out;
}

export const inCatch = (w: Where) => w.guards.some((g) => g.kind === "catch");

/** Every loop in `stmts` (nested ones too), outer before inner. */
export function loopsIn(stmts: Stmt[]): Loop[] {
  return walk(stmts).flatMap((v) => (v.stmt?.k === "loop" ? [v.stmt.loop] : []));
}

export const holds = (outer: { start: number; end: number }, inner: { start: number; end: number }) => inner.start >= outer.start && inner.end <= outer.end;
