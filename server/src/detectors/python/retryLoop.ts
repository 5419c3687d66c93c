/**
 * Hand-rolled retry loops and retry helpers in Python: tree-sitter-python lowered into the shared
 * loop form (detectors/shared/loops/ir.ts), whose analysis decides, counts and describes them for
 * every language. This file only knows Python: which calls sleep (`time.sleep`, `asyncio.sleep`,
 * trio/anyio/gevent), which are bookkeeping (logging, `random`, `math`, builtins,
 * `raise_for_status()`, `.json()`), `resp.status_code` / `resp.status`, `in` / `not in`, `is None`,
 * `except` clauses and how their types read (exceptions.ts), `range(a, b)`, and that tenacity's
 * `for attempt in Retrying(...)` belongs to the tenacity detector. Delays are in seconds.
 */
import { callParts, descendants, dottedName, elements, nodeSpan, stringValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { detectLoops } from "../shared/loops/analyze";
import type { BinaryOp, Call, Catch, Expr, Header, Loop, LoopFunction, LoopLanguage, Param, Stmt } from "../shared/loops/ir";
import { ExprLowering } from "../shared/loops/lowering";
import type { PyContext } from "./context";
import { conditionForExceptions } from "./exceptions";

const SLEEPS = new Set(["time.sleep", "asyncio.sleep", "trio.sleep", "gevent.sleep", "anyio.sleep"]);
/** calls that are bookkeeping, not the operation being retried */
const NOT_RETRIED = /^(time|random|math|logging|log|logger|LOG|LOGGER|secrets|asyncio|anyio|trio)\.|^(print|min|max|len|range|int|float|str|isinstance|sum|abs|round|enumerate|getattr|setattr|hasattr|list|dict|set|tuple|sorted|bool)$/;
const CONNECTS = /^(connect|create_connection|create_engine|ping|dial|open_connection|wait_for_connection|BlockingConnection)$/;
const STATUS_ATTRS = new Set(["status_code", "status"]);
const BINARY: Record<string, BinaryOp> = { "+": "+", "-": "-", "*": "*", "/": "/", "//": "/", "%": "%", "**": "**", "<<": "<<", ">>": ">>", "&": "&", "|": "|", "^": "^" };
const COMPARE: Record<string, BinaryOp> = { "<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "==", "!=": "!=", is: "==", "is not": "!=" };

export function detectRetryLoops(ctx: PyContext): void {
  const defs = descendants(ctx.tree.rootNode, "function_definition");
  const wanted = defs.filter((def) => {
    const body = def.childForFieldName("body");
    if (!body) return false;
    // loops, and handlers that may make the failed call again (analyze.ts catchRetries)
    if (descendants(body, ["for_statement", "while_statement", "except_clause"], { skipNestedDefs: true }).length) return true;
    const name = def.childForFieldName("name")?.text;
    return !!name && descendants(body, "call", { skipNestedDefs: true }).some((c) => selfName(c.childForFieldName("function"), name));
  });
  if (!wanted.length) return;
  const lower = new PyLowering(ctx);
  detectLoops({
    language: lower.language(),
    functions: wanted.map((def) => lower.fn(def)),
    nextId: (key) => ctx.nextId("L", key as SyntaxNode),
    layers: ctx.facts.layers,
    problems: ctx.facts.problems,
    facts: ctx.facts,
  });
}

/** `f(…)` or `self.f(…)` / `cls.f(…)` calling the function `name`. */
function selfName(fn: SyntaxNode | null, name: string): boolean {
  const d = dottedName(fn);
  return d === name || d === `self.${name}` || d === `cls.${name}`;
}

const at = (n: SyntaxNode) => ({ start: n.startIndex, end: n.endIndex, text: n.text });
const named = (n: SyntaxNode | null | undefined) => (n?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c && c.type !== "comment");

class PyLowering extends ExprLowering {
  /** CallFact ids by position (the module detector named the calls) */
  private readonly callIds = new Map<string, string>();
  /** module-level `NAME = value` */
  private readonly constants = new Map<string, SyntaxNode>();
  private current: string | null = null;

  constructor(private readonly ctx: PyContext) {
    super();
    for (const c of ctx.facts.calls) this.callIds.set(`${c.span.line}:${c.span.column}`, c.id);
    for (const stmt of named(ctx.tree.rootNode)) {
      const a = stmt.type === "expression_statement" ? stmt.namedChildren[0] : null;
      const left = a?.type === "assignment" ? a.childForFieldName("left") : null;
      const right = a?.childForFieldName("right");
      if (left?.type === "identifier" && right) this.constants.set(left.text, right);
    }
  }

  language(): LoopLanguage {
    const classify = (t: string, raisesOnStatus: boolean) => conditionForExceptions([t], raisesOnStatus);
    return {
      errors: "exceptions",
      exceptions: {
        every: (t) => classify(t, false).allErrors,
        includes4xx: (t, raises) => (raises ? classify(t, true).permanentErrors : null),
        connectOnly: (t) => classify(t, false).afterSendMethods !== "all",
      },
      resolveOuter: (name, _at, _fn, self) => {
        if (self) return null;
        const v = this.constants.get(name);
        return v ? { value: this.expr(v), kind: "constant" } : null;
      },
      // CapWords names classes (PEP 8): `Graph()`, `rdflib.Graph()`, not `self.Client()`
      buildsObject: (c) => !c.args.length && /^[A-Z][a-z]/.test(c.method) && (c.bare !== null || (c.object?.k === "name" && !c.object.self)),
    };
  }

  fn(def: SyntaxNode): LoopFunction {
    const id = this.ctx.functionId(def);
    const name = def.childForFieldName("name")?.text ?? null;
    const fact = this.ctx.facts.functions.find((f) => f.id === id);
    const saved = this.current;
    this.current = name;
    const body = this.block(def.childForFieldName("body"));
    this.current = saved;
    const outer: LoopFunction["outer"] = [];
    for (let p = def.parent; p; p = p.parent) if (p.type === "function_definition") outer.push({ id: this.ctx.functionId(p), params: this.params(p) });
    return {
      id,
      label: name ?? id,
      name,
      params: this.params(def),
      outer,
      body,
      start: def.startIndex,
      end: def.endIndex,
      anchor: nodeSpan(def),
      key: def,
      raisesOnStatus: fact?.raisesOnStatus ?? false,
      readsRetryAfter: descendants(def, "string_content").some((n) => /retry-after/i.test(n.text)),
    };
  }

  /** Parameters as the function's facts list them (their indexes are the call sites' positions). */
  private params(def: SyntaxNode): Param[] {
    const fact = this.ctx.facts.functions.find((f) => f.id === this.ctx.functionId(def));
    const defaults = new Map<string, SyntaxNode>();
    for (const p of named(def.childForFieldName("parameters"))) {
      if (p.type !== "default_parameter" && p.type !== "typed_default_parameter") continue;
      const n = p.childForFieldName("name")?.text;
      const v = p.childForFieldName("value");
      if (n && v) defaults.set(n, v);
    }
    return (fact?.params ?? []).map((name, index) => ({ name, index, default: defaults.has(name) ? this.expr(defaults.get(name)!) : null }));
  }

  // ------------------------------------------------------------------------------ statements

  private block(n: SyntaxNode | null | undefined): Stmt[] {
    if (!n) return [];
    return named(n).flatMap((s) => this.stmt(s));
  }

  private stmt(n: SyntaxNode): Stmt[] {
    const p = at(n);
    switch (n.type) {
      case "expression_statement": {
        const e = n.namedChildren[0];
        return e ? [{ ...p, k: "expr", e: this.expr(e) }] : [];
      }
      case "return_statement": {
        const v = n.namedChildren[0];
        return [{ ...p, k: "exit", kind: "return", label: null, value: v ? this.expr(v) : null }];
      }
      case "raise_statement": {
        const v = n.namedChildren[0];
        return [{ ...p, k: "exit", kind: "throw", label: null, value: v ? this.expr(v) : null }];
      }
      case "break_statement":
        return [{ ...p, k: "exit", kind: "break", label: null, value: null }];
      case "continue_statement":
        return [{ ...p, k: "exit", kind: "continue", label: null, value: null }];
      case "if_statement":
        return [this.ifStmt(n, n.childForFieldName("condition"), n.childForFieldName("consequence"), n.childrenForFieldName("alternative").filter((c): c is SyntaxNode => !!c))];
      case "try_statement": {
        const catches: Catch[] = [];
        let orelse: Stmt[] | null = null;
        let final: Stmt[] | null = null;
        for (const c of named(n)) {
          if (c.type === "except_clause" || c.type === "except_group_clause") catches.push(this.except(c));
          else if (c.type === "else_clause") orelse = this.block(c.childForFieldName("body") ?? c.namedChildren.find((x) => x?.type === "block"));
          else if (c.type === "finally_clause") final = this.block(c.namedChildren.find((x) => x?.type === "block"));
        }
        return [{ ...p, k: "try", body: this.block(n.childForFieldName("body")), catches, orelse, final }];
      }
      case "with_statement": {
        // the items run first, each binding its alias: `async with session.request(m, url) as response:` calls
        const items: Stmt[] = [];
        for (const item of descendants(n, "with_item")) {
          if (item.parent?.parent?.id !== n.id && item.parent?.id !== n.id) continue;
          const v = item.childForFieldName("value") ?? item.namedChildren[0] ?? null;
          const value = v?.type === "as_pattern" ? (v.namedChildren[0] ?? null) : v;
          if (!value) continue;
          const aliasNode = v?.type === "as_pattern" ? v.namedChildren.find((c) => c?.type === "as_pattern_target")?.namedChildren[0] : null;
          const e = this.expr(value);
          items.push({ ...at(item), k: "expr", e: aliasNode?.type === "identifier" ? { ...at(item), k: "assign", target: aliasNode.text, op: "=", value: e } : e });
        }
        return [{ ...p, k: "block", body: [...items, ...this.block(n.childForFieldName("body"))] }];
      }
      case "for_statement":
      case "while_statement": {
        // `for attempt in Retrying(...)` belongs to the tenacity detector
        const iter = n.type === "for_statement" ? n.childForFieldName("right") : null;
        if (iter?.type === "call" && /Retrying$/.test(dottedName(iter.childForFieldName("function")) ?? "")) return [{ ...p, k: "block", body: this.block(n.childForFieldName("body")) }];
        return [{ ...p, k: "loop", loop: this.loop(n) }];
      }
      default:
        return [];
    }
  }

  private ifStmt(n: SyntaxNode, cond: SyntaxNode | null, then: SyntaxNode | null, alternatives: SyntaxNode[]): Stmt {
    const [first, ...rest] = alternatives;
    let other: Stmt[] | null = null;
    if (first?.type === "elif_clause") other = [this.ifStmt(first, first.childForFieldName("condition"), first.childForFieldName("consequence"), rest)];
    else if (first?.type === "else_clause") other = this.block(first.childForFieldName("body") ?? first.namedChildren.find((x) => x?.type === "block"));
    return { ...at(n), k: "if", init: null, cond: this.expr(cond), then: this.block(then), else: other };
  }

  private except(c: SyntaxNode): Catch {
    const typeNode = c.namedChildren.find((x) => x && x.type !== "block" && x.type !== "comment") ?? null;
    const target = typeNode?.type === "as_pattern" ? typeNode.namedChildren[0] : typeNode;
    const types = target ? elements(target).map((e) => this.ctx.qualifiedName(e) ?? e.text) : [];
    return { ...at(c), types, all: !typeNode, filter: null, filterText: null, body: this.block(c.namedChildren.find((x) => x?.type === "block")), anchor: nodeSpan(c), key: c };
  }

  private loop(n: SyntaxNode): Loop {
    return { ...at(n), header: this.header(n), body: this.block(n.childForFieldName("body")), label: null, anchor: nodeSpan(n), key: n, broken: n.hasError };
  }

  private header(n: SyntaxNode): Header {
    if (n.type === "while_statement") {
      const cond = n.childForFieldName("condition");
      return { kind: "cond", cond: this.expr(cond), doWhile: false, init: [], updates: [], text: cond?.text ?? "" };
    }
    const left = n.childForFieldName("left");
    const iter = n.childForFieldName("right");
    const variables = left ? (left.type === "identifier" ? [left.text] : descendants(left, "identifier").map((i) => i.text)) : [];
    if (iter?.type === "call" && this.ctx.qualifiedName(iter.childForFieldName("function")) === "range") {
      const args = callParts(iter).positional;
      const [lo, hi] = args.length >= 2 ? [this.expr(args[0]), this.expr(args[1])] : [0, this.expr(args[0])];
      return { kind: "range", lo, hi, inclusive: false, text: `for … in ${iter.text}`, variable: left?.type === "identifier" ? left.text : null };
    }
    return { kind: "items", iterable: iter ? this.expr(iter) : null, text: `for … in ${iter?.text ?? "?"}`, variables, valueVar: left?.type === "identifier" ? left.text : null };
  }

  // ----------------------------------------------------------------------------- expressions


  protected lowerExpr(n: SyntaxNode): Expr {
    const p = at(n);
    switch (n.type) {
      case "integer":
      case "float": {
        const v = Number(n.text.replaceAll("_", ""));
        return Number.isFinite(v) ? { ...p, k: "num", value: v } : { ...p, k: "other", parts: [] };
      }
      case "string":
      case "concatenated_string":
        return n.namedChildren.some((c) => c?.type === "interpolation") ? { ...p, k: "other", parts: [] } : { ...p, k: "str", value: stringValue(n) ?? "" };
      case "true":
      case "false":
        return { ...p, k: "bool", value: n.type === "true" };
      case "none":
        return { ...p, k: "nil" };
      case "identifier":
        return { ...p, k: "name", name: n.text };
      case "parenthesized_expression":
        return this.expr(n.namedChildren[0]);
      case "await":
        return this.expr(n.namedChildren[0]);
      case "attribute": {
        const obj = n.childForFieldName("object");
        const attr = n.childForFieldName("attribute")?.text ?? "";
        if (obj?.type === "identifier" && (obj.text === "self" || obj.text === "cls")) return { ...p, k: "name", name: attr, self: true };
        if (STATUS_ATTRS.has(attr)) return { ...p, k: "status", of: this.expr(obj) };
        if (attr === "ok") return { ...p, k: "ok", of: this.expr(obj) };
        return { ...p, k: "member", object: this.expr(obj), name: attr };
      }
      case "subscript":
        return { ...p, k: "index", object: this.expr(n.childForFieldName("value")), index: this.expr(n.childForFieldName("subscript")) };
      case "list":
      case "tuple":
      case "set":
        return n.namedChildren.some((c) => c?.type === "list_splat") ? { ...p, k: "other", parts: named(n).map((c) => this.expr(c)) } : { ...p, k: "list", items: named(n).map((c) => this.expr(c)) };
      case "call":
        return this.call(n);
      case "lambda":
        return { ...p, k: "closure" };
      case "boolean_operator": {
        const op = n.children.find((c) => c && !c.isNamed)?.type;
        return { ...p, k: "binary", op: op === "and" ? "&&" : "||", left: this.expr(n.childForFieldName("left")), right: this.expr(n.childForFieldName("right")) };
      }
      case "not_operator":
        return { ...p, k: "unary", op: "!", operand: this.expr(n.childForFieldName("argument")) };
      case "unary_operator": {
        const op = n.childForFieldName("operator")?.type;
        const arg = this.expr(n.childForFieldName("argument"));
        return op === "-" || op === "+" ? { ...p, k: "unary", op, operand: arg } : { ...p, k: "other", parts: [arg] };
      }
      case "binary_operator":
        return this.binary(n, BINARY);
      case "comparison_operator": {
        const operands = named(n);
        const op = n.children.filter((c) => c && !c.isNamed).map((c) => c!.type).join(" ");
        if (operands.length !== 2) return { ...p, k: "other", parts: operands.map((o) => this.expr(o)) };
        const [l, r] = operands.map((o) => this.expr(o)) as [Expr, Expr];
        if (op === "in" || op === "not in") return { ...p, k: "in", item: l, collection: r, negated: op === "not in" };
        const bop = COMPARE[op];
        return bop ? { ...p, k: "binary", op: bop, left: l, right: r } : { ...p, k: "other", parts: [l, r] };
      }
      case "conditional_expression": {
        const [a, c, b] = named(n).map((x) => this.expr(x));
        return a && c && b ? { ...p, k: "ternary", test: c, then: a, else: b } : { ...p, k: "other", parts: [a, c, b].filter((x): x is Expr => !!x) };
      }
      case "assignment": {
        const left = n.childForFieldName("left");
        const right = n.childForFieldName("right");
        const value = right ? this.expr(right) : { ...p, k: "other" as const, parts: [] };
        if (left?.type === "identifier") return { ...p, k: "assign", target: left.text, op: "=", value };
        if (left?.type === "pattern_list" || left?.type === "tuple_pattern") {
          const targets = named(left).map((x) => (x.type === "identifier" ? x.text : ""));
          return { ...p, k: "assign", target: targets[0] || null, op: "=", value, targets };
        }
        return { ...p, k: "assign", target: null, op: "=", value };
      }
      case "augmented_assignment": {
        const left = n.childForFieldName("left");
        const op = n.childForFieldName("operator")?.type ?? "+=";
        return { ...p, k: "assign", target: left?.type === "identifier" ? left.text : null, op, value: this.expr(n.childForFieldName("right")) };
      }
      default:
        return { ...p, k: "other", parts: named(n).map((c) => this.expr(c)) };
    }
  }

  private call(n: SyntaxNode): Expr {
    const p = at(n);
    const fnNode = n.childForFieldName("function");
    const name = dottedName(fnNode) ?? "";
    const qualified = name ? this.ctx.qualify(name) : "";
    const parts = name.split(".");
    const method = parts[parts.length - 1] ?? "";
    const objectNode = fnNode?.type === "attribute" ? fnNode.childForFieldName("object") : null;
    const { positional, keywords } = callParts(n);
    const args = [...positional.map((a) => this.expr(a)), ...[...keywords.values()].map((v) => this.expr(v))];
    const call: Call = {
      ...p,
      callee: name,
      qualified,
      method,
      receiver: objectNode?.type === "identifier" ? objectNode.text : null,
      bare: fnNode?.type === "identifier" ? fnNode.text : null,
      object: objectNode ? this.expr(objectNode) : fnNode && fnNode.type !== "identifier" ? this.expr(fnNode) : null,
      args,
      role: "operation",
      callId: this.callIds.get(`${n.startPosition.row + 1}:${n.startPosition.column}`),
      ...(this.current && selfName(fnNode, this.current) ? { self: true } : {}),
      ...(CONNECTS.test(method) ? { connects: true } : {}),
    };
    if (SLEEPS.has(this.ctx.qualifiedName(fnNode) ?? "")) {
      call.role = "sleep";
      call.sleep = { delay: positional[0] ? this.expr(positional[0]) : null, unitSeconds: 1 };
    } else if (!name || NOT_RETRIED.test(name) || NOT_RETRIED.test(qualified) || name.endsWith(".raise_for_status") || name.endsWith(".json")) call.role = "bookkeeping";
    return { ...p, k: "call", call };
  }
}
