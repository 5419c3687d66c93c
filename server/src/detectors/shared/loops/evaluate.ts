/**
 * Names and numbers in lowered code: what a name is bound to as seen from a position (a local of
 * the function, a parameter and its default, or — through the adapter — a constant, a field, an
 * enclosing function's local), and the static value of counts, bounds and delays
 * (literals, names, `len`/`.length` of literal lists, min/max/pow, + − × ÷ ** << of them).
 */
import type { Expr, LoopFunction, LoopLanguage, Param, Stmt } from "./ir";
import { exprsIn, walk } from "./walk";

export interface Binding {
  at: number;
  end: number;
  value: Expr | null;
  /** "=" / ":=" / "decl", or the compound operator ("+=", "*=", …), "update" for ++/-- */
  op: string;
  /** `var x int`: Go's zero value */
  zero?: boolean;
}

export interface Value {
  value: number;
  /** the number comes from a parameter default (or a `?? d` fallback) */
  fromDefault: boolean;
  /** the number is the larger branch of this conditional (Scope.upperBound: the worst case of a count) */
  conditional?: string;
}

export interface Resolved {
  value: Expr | null;
  fromDefault: boolean;
  /** where the value was found */
  kind: "local" | "param" | "constant" | "field" | "outer" | "zero";
  param?: Param;
}

/** One function's bindings, read once. */
export class Scope {
  private readonly byName = new Map<string, Binding[]>();
  /** while set, a conditional (`a if c else b`, `c ? a : b`) evaluates to its larger branch */
  private largerBranch = false;

  constructor(
    readonly fn: LoopFunction,
    readonly lang: LoopLanguage,
  ) {
    const add = (name: string | null, b: Binding) => {
      if (!name || name === "_") return;
      const list = this.byName.get(name);
      if (list) list.push(b);
      else this.byName.set(name, [b]);
    };
    for (const v of walk(fn.body)) {
      const s = v.stmt;
      if (s?.k === "decl") {
        s.names.forEach((n, i) => add(n, { at: s.start, end: s.end, value: s.values.length === s.names.length ? (s.values[i] ?? null) : i === 0 ? (s.values[0] ?? null) : null, op: "decl", zero: s.zero && !s.values.length }));
      }
      const e = v.expr;
      if (e?.k === "assign") {
        const targets = e.targets ?? [e.target];
        const values = e.value.k === "list" && targets.length > 1 ? e.value.items : [e.value];
        targets.forEach((t, i) => add(t, { at: e.start, end: e.end, value: targets.length === values.length ? (values[i] ?? null) : null, op: e.op }));
      }
      if (e?.k === "update") add(e.target, { at: e.start, end: e.end, value: null, op: "update" });
    }
    for (const s of loopVariables(fn.body)) add(s.name, { at: s.at, end: s.at, value: null, op: "loop" });
  }

  bindings(name: string): Binding[] {
    return this.byName.get(name) ?? [];
  }

  param(name: string): Param | undefined {
    return this.fn.params.find((p) => p.name === name);
  }

  /** What `name` holds as seen from `at`: its last plain binding before `at`, a parameter, or what the adapter knows. */
  resolve(name: string, at: number, self = false): Resolved | null {
    if (!self) {
      const before = this.bindings(name).filter((b) => b.at < at && (b.op === "=" || b.op === "decl" || b.op === ":="));
      const last = before[before.length - 1];
      if (last) return last.zero ? { value: null, fromDefault: false, kind: "zero" } : { value: last.value, fromDefault: false, kind: "local" };
      const p = this.param(name);
      if (p) return { value: p.default, fromDefault: p.default !== null, kind: "param", param: p };
      if (this.bindings(name).length) return null;
    }
    const outer = this.lang.resolveOuter(name, at, this.fn, self);
    if (outer) return { value: outer.value, fromDefault: outer.fromDefault ?? false, kind: outer.kind };
    // a closure reading a parameter of a function around it (`def build(max_retries=1): def run(): …
    // if retry < max_retries`): that parameter's default, which the outer function's callers may replace
    for (const f of self ? [] : this.fn.outer) {
      const p = f.params.find((x) => x.name === name && !x.destructured);
      if (p) return { value: p.default, fromDefault: p.default !== null, kind: "outer", param: p };
    }
    return null;
  }

  /**
   * The most a count can be: as evaluate, but a conditional whose branches are both numbers gives
   * the larger one (`max_attempts = 4 if task == "document" else 1` → 4), which the value names
   * (Value.conditional) so the note can say the count is a worst case.
   */
  upperBound(n: Expr | null | undefined): Value | null {
    this.largerBranch = true;
    try {
      return this.evaluate(n);
    } finally {
      this.largerBranch = false;
    }
  }

  /** Numbers, names (with `env` first), `.length`/`len()` of literal lists, min/max/pow/floor, arithmetic. */
  evaluate(n: Expr | null | undefined, env: Map<string, number> = new Map(), depth = 0): Value | null {
    if (!n || depth > 8) return null;
    switch (n.k) {
      case "num":
        return { value: n.value, fromDefault: false };
      case "name": {
        if (!n.self && env.has(n.name)) return { value: env.get(n.name)!, fromDefault: false };
        const r = this.resolve(n.name, n.start, n.self);
        if (!r) return null;
        if (r.kind === "zero") return { value: 0, fromDefault: false };
        const v = this.evaluate(r.value, env, depth + 1);
        return v && { ...v, fromDefault: v.fromDefault || r.fromDefault };
      }
      case "member": {
        if (n.name === "length" || n.name === "Length" || n.name === "Count" || n.name === "size") {
          const list = this.listOf(n.object, depth + 1);
          return list ? { value: list.items.length, fromDefault: list.fromDefault } : this.repeatsOf(n.object, depth + 1);
        }
        return null;
      }
      case "unary": {
        const v = this.evaluate(n.operand, env, depth + 1);
        return v && (n.op === "-" ? { ...v, value: -v.value } : n.op === "+" ? v : null);
      }
      case "ternary": {
        if (!this.largerBranch) return null;
        const a = this.evaluate(n.then, env, depth + 1);
        const b = this.evaluate(n.else, env, depth + 1);
        if (!a || !b) return null;
        const larger = a.value >= b.value ? a : b;
        return { value: larger.value, fromDefault: a.fromDefault || b.fromDefault, conditional: short(n.text, 60) };
      }
      case "call": {
        const c = n.call;
        const m = c.method;
        const args = c.args;
        if ((m === "len" || m === "size" || m === "count") && args.length <= 1) {
          const list = this.listOf(args[0] ?? c.object, depth + 1);
          if (list) return { value: list.items.length, fromDefault: list.fromDefault };
        }
        if (/^(Number|parseInt|parseFloat|floor|ceil|round|Floor|Ceiling|Round|toInt|toLong|toDouble|int|float)$/.test(m) && args.length >= 1) return this.evaluate(args[0], env, depth + 1);
        if (/^(pow|Pow)$/.test(m) && args.length === 2) {
          const [a, b] = [this.evaluate(args[0], env, depth + 1), this.evaluate(args[1], env, depth + 1)];
          return a && b ? { value: a.value ** b.value, fromDefault: a.fromDefault || b.fromDefault } : null;
        }
        if (/^(min|max|Min|Max|minOf|maxOf)$/.test(m) && args.length) {
          const vs = args.map((a) => this.evaluate(a, env, depth + 1));
          if (vs.some((v) => v === null)) return null;
          const nums = vs.map((v) => v!.value);
          return { value: /min/i.test(m) ? Math.min(...nums) : Math.max(...nums), fromDefault: vs.some((v) => v!.fromDefault) };
        }
        if (/^(coerceAtMost|coerceAtLeast)$/.test(m) && c.object && args.length === 1) {
          const [a, b] = [this.evaluate(c.object, env, depth + 1), this.evaluate(args[0], env, depth + 1)];
          return a && b ? { value: m === "coerceAtMost" ? Math.min(a.value, b.value) : Math.max(a.value, b.value), fromDefault: a.fromDefault || b.fromDefault } : null;
        }
        return null;
      }
      case "binary": {
        if (n.op === "??" || n.op === "||") {
          const left = this.evaluate(n.left, env, depth + 1);
          if (left) return left;
          const right = this.evaluate(n.right, env, depth + 1);
          return right && { value: right.value, fromDefault: true };
        }
        const l = this.evaluate(n.left, env, depth + 1);
        const r = this.evaluate(n.right, env, depth + 1);
        if (!l || !r) return null;
        const fromDefault = l.fromDefault || r.fromDefault;
        const v = arithmetic(n.op, l.value, r.value);
        const conditional = l.conditional ?? r.conditional;
        return v === null ? null : { value: v, fromDefault, ...(conditional ? { conditional } : {}) };
      }
      case "other":
        return n.parts.length === 1 ? this.evaluate(n.parts[0], env, depth + 1) : null;
      default:
        return null;
    }
  }

  /** The items of a literal list, directly or through a name (a local, a parameter default, a constant). */
  /** How many passes a loop over `n` makes when `n` is a sequence of placeholders (`Array.from({ length: 5 })`), through names. */
  repeatsOf(n: Expr | null | undefined, depth = 0): Value | null {
    if (!n || depth > 5) return null;
    if (n.k === "repeat") return this.evaluate(n.count, new Map(), depth + 1);
    if (n.k === "other" && n.parts.length === 1) return this.repeatsOf(n.parts[0], depth + 1);
    if (n.k === "name") {
      const r = this.resolve(n.name, n.start, n.self);
      if (!r?.value) return null;
      const inner = this.repeatsOf(r.value, depth + 1);
      return inner && { value: inner.value, fromDefault: inner.fromDefault || r.fromDefault };
    }
    return null;
  }

  listOf(n: Expr | null | undefined, depth = 0): { items: Expr[]; fromDefault: boolean } | null {
    if (!n || depth > 5) return null;
    if (n.k === "list") return { items: n.items, fromDefault: false };
    if (n.k === "other" && n.parts.length === 1) return this.listOf(n.parts[0], depth + 1);
    if (n.k === "name") {
      const r = this.resolve(n.name, n.start, n.self);
      if (!r?.value) return null;
      const inner = this.listOf(r.value, depth + 1);
      return inner && { items: inner.items, fromDefault: inner.fromDefault || r.fromDefault };
    }
    return null;
  }

  /** Why a count is not a number: a parameter each caller sets, a field, something computed. */
  unknownReason(bound: Expr): string {
    for (const e of exprsIn(bound)) {
      if (e.k !== "name" || e.self) continue;
      const r = this.resolve(e.name, e.start);
      if (r?.kind === "param" && r.value === null) return `${e.name} is a parameter, not known statically: each caller chooses the count`;
    }
    if (exprsIn(bound).some((e) => e.k === "member" || (e.k === "name" && e.self))) return `${short(bound.text)} is not known statically (a field or another package's value)`;
    return `count not known statically (${short(bound.text)} is computed, or defined elsewhere)`;
  }
}

function arithmetic(op: string, l: number, r: number): number | null {
  switch (op) {
    case "+": return l + r;
    case "-": return l - r;
    case "*": return l * r;
    case "/": return r === 0 ? null : Number.isInteger(l) && Number.isInteger(r) && Math.abs(l) >= Math.abs(r) ? Math.trunc(l / r) : l / r;
    case "%": return r === 0 ? null : l % r;
    case "**": return l ** r;
    case "<<": return r > 52 ? null : l * 2 ** r;
    case ">>": return Math.floor(l / 2 ** r);
  }
  return null;
}

/** Loop variables bound by headers (`for i := …`, `for x of xs`), so a name bound by a loop is not mistaken for an outer constant. */
function loopVariables(body: Stmt[]): Array<{ name: string; at: number }> {
  const out: Array<{ name: string; at: number }> = [];
  for (const v of walk(body)) {
    if (v.stmt?.k !== "loop") continue;
    const h = v.stmt.loop.header;
    const names = h.kind === "items" ? h.variables : h.kind === "range" ? [h.variable] : h.init.map((i) => i.name);
    for (const n of names) if (n) out.push({ name: n, at: v.stmt.start });
  }
  return out;
}

export function short(text: string, max = 80): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
