/**
 * A loop bound the file cannot know but the linker can: a name imported from another module, or
 * an entry of one (`range(1, max_retries + 1)` with `max_retries = OPTIONS.get("max_retries")` and
 * `OPTIONS` a settings dict of another module). The bound becomes a ValueExpr the linker
 * evaluates (LayerFact.countExpr: attempts = value + offset); a bound written with the file's own
 * parameters or computed values stays unknown.
 */
import type { ValueExpr } from "../../../model/facts";
import type { Expr } from "./ir";
import type { Scope } from "./evaluate";

export interface LinkedBound {
  value: ValueExpr;
  /** what to add to the value: `N + 1` → 1 */
  offset: number;
}

/** `e` as a value of another module plus a constant, seen from position `at` of the function. */
export function linkedBound(scope: Scope, e: Expr, depth = 0): LinkedBound | null {
  if (depth > 6) return null;
  if (e.k === "other" && e.parts.length === 1) return linkedBound(scope, e.parts[0]!, depth + 1);
  if (e.k === "binary" && (e.op === "+" || e.op === "-")) {
    const r = scope.evaluate(e.right);
    if (r) {
      const inner = linkedBound(scope, e.left, depth + 1);
      return inner && { value: inner.value, offset: inner.offset + (e.op === "+" ? r.value : -r.value) };
    }
    const l = e.op === "+" ? scope.evaluate(e.left) : null;
    const inner = l ? linkedBound(scope, e.right, depth + 1) : null;
    return inner && l ? { value: inner.value, offset: inner.offset + l.value } : null;
  }
  const value = linkedValue(scope, e, depth);
  return value && { value, offset: 0 };
}

function linkedValue(scope: Scope, e: Expr, depth: number): ValueExpr | null {
  if (depth > 6) return null;
  switch (e.k) {
    case "name": {
      if (e.self) return null;
      const r = scope.resolve(e.name, e.start);
      // a local holding an entry of another module's value: follow it
      if (r?.kind === "local") return r.value ? linkedValue(scope, r.value, depth + 1) : null;
      // a parameter (each caller chooses) or a local of an enclosing function: not the linker's
      if (r?.kind === "param" || r?.kind === "field" || r?.kind === "outer" || r?.kind === "zero") return null;
      if (scope.bindings(e.name).length) return null;
      return { kind: "ref", name: e.name };
    }
    case "index": {
      const key = e.index.k === "str" ? e.index.value : null;
      const of = key !== null ? linkedValue(scope, e.object, depth + 1) : null;
      return of && key !== null ? { kind: "index", of, key } : null;
    }
    case "call": {
      // `OPTIONS.get("max_retries")`: the entry (a missing entry leaves the count unknown)
      const c = e.call;
      const key = c.args[0]?.k === "str" ? c.args[0].value : null;
      if (c.method !== "get" || !c.object || key === null || c.args.length > 2) return null;
      const of = linkedValue(scope, c.object, depth + 1);
      return of && { kind: "index", of, key };
    }
    case "other":
      return e.parts.length === 1 ? linkedValue(scope, e.parts[0]!, depth + 1) : null;
    default:
      return null;
  }
}
