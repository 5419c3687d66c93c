/**
 * Hand-rolled retry loops and retry helpers in C#: tree-sitter-c-sharp lowered into the shared
 * loop form (detectors/shared/loops/ir.ts), whose analysis decides, counts and describes them for
 * every language. This file only knows C#: which calls wait (`Thread.Sleep(ms | TimeSpan)`,
 * `await Task.Delay(ms | TimeSpan.FromX(…), ct)`), which are bookkeeping (logging, `Math`, clocks,
 * `EnsureSuccessStatusCode`), `resp.StatusCode` and `HttpStatusCode.X`, `IsSuccessStatusCode`,
 * catch clauses with their types and `when (…)` filters, and how C# spells loops. A loop retrying
 * a delegate parameter (`Func<Task<T>> op` → `await op()`, `op.Invoke()`) makes its method a
 * retry helper.
 */
import { callParts, descendants, dottedName, memberName } from "../../parsing/csharp";
import { nodeSpan, type SyntaxNode } from "../../parsing/treeSitter";
import { detectLoops } from "../shared/loops/analyze";
import type { BinaryOp, Call, Catch, Expr, Header, Loop, LoopFunction, LoopLanguage, Param, Stmt } from "../shared/loops/ir";
import { ExprLowering } from "../shared/loops/lowering";
import { LAMBDAS, MEMBER_DECLARATIONS, TYPE_DECLARATIONS, type CsContext } from "./context";

const TIMESPAN_UNITS: Record<string, number> = { FromMilliseconds: 0.001, FromSeconds: 1, FromMinutes: 60, FromHours: 3600, FromTicks: 1e-7 };
const BOOKKEEPING =
  /^(_?logger|_?log|Log|Logger|Console|Math|MathF|Thread|Task|TimeSpan|DateTime|DateTimeOffset|Stopwatch|Random|Random\.Shared|string|String|Guid|Environment|Debug|Trace|Interlocked|Convert|ArgumentNullException|_metrics|metrics)\.|\.(Log\w*|ThrowIfCancellationRequested|ToString|Next|NextDouble|NextInt64|EnsureSuccessStatusCode|Equals|GetHashCode|Dispose|ConfigureAwait)$|^(nameof)$/;
const STATUS_NAMES: Record<string, number> = {
  OK: 200, RequestTimeout: 408, TooManyRequests: 429, InternalServerError: 500, BadGateway: 502, ServiceUnavailable: 503, GatewayTimeout: 504,
  Conflict: 409, NotFound: 404, BadRequest: 400, Unauthorized: 401, Forbidden: 403,
};
const CONNECTS = /^(Connect|ConnectAsync|OpenAsync|Open|PingAsync|Ping|GetDatabase|CreateConnection|CreateConnectionAsync)$/;
const BINARY: Record<string, BinaryOp> = { "+": "+", "-": "-", "*": "*", "/": "/", "%": "%", "<<": "<<", ">>": ">>", "<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "==", "!=": "!=", "&&": "&&", "||": "||", "??": "??", "&": "&", "|": "|", "^": "^" };
const EVERY = new Set(["Exception", "SystemException"]);
const STATUS_EXCEPTIONS = new Set(["ApiException", "FlurlHttpException"]);
const simple = (t: string) => t.slice(t.lastIndexOf(".") + 1);

export function detectRetryLoops(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  const loops = descendants(root, ["for_statement", "foreach_statement", "while_statement", "do_statement"]);
  const fns = new Map<number, SyntaxNode>();
  for (const loop of loops) {
    const fn = enclosing(loop)[0];
    if (fn) fns.set(fn.id, fn);
  }
  for (const m of descendants(root, ["method_declaration", "local_function_statement"])) {
    const name = m.childForFieldName("name")?.text;
    if (name && descendants(m, "invocation_expression").some((c) => selfCallee(c, name))) fns.set(m.id, m);
  }
  if (!fns.size) return;
  // CallFacts by position: the module detector named them; the loop lists the ones it retries
  const callIds = new Map<string, string>();
  for (const c of ctx.facts.calls) callIds.set(`${c.span.line}:${c.span.column}`, c.id);
  const lower = new CsLowering(ctx, callIds);
  detectLoops({
    language: lower.language(),
    functions: [...fns.values()].sort((a, b) => a.startIndex - b.startIndex).map((n) => lower.fn(n)),
    // the context's id registry, so no other detector of the file can hand out the same id
    nextId: (_key, span) => ctx.nextId("L", { startPosition: { row: span.line - 1, column: span.column } } as SyntaxNode),
    layers: ctx.facts.layers,
    problems: ctx.facts.problems,
    facts: ctx.facts,
  });
}

/** Members, local functions and lambdas around `n`, innermost first. */
function enclosing(n: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let p = n.parent; p; p = p.parent) if (MEMBER_DECLARATIONS.has(p.type) || LAMBDAS.has(p.type)) out.push(p);
  return out;
}

function selfCallee(call: SyntaxNode, name: string): boolean {
  const fn = call.childForFieldName("function");
  return (fn?.type === "identifier" && fn.text === name) || (fn?.type === "member_access_expression" && fn.childForFieldName("expression")?.type === "this_expression" && memberName(fn) === name);
}

function paramsOf(d: SyntaxNode): SyntaxNode[] {
  const ps = d.childForFieldName("parameters") ?? d.namedChildren.find((c) => c?.type === "parameter_list") ?? null;
  if (!ps) return [];
  if (ps.type === "identifier" || ps.type === "implicit_parameter") return [ps];
  return ps.namedChildren.filter((c): c is SyntaxNode => c?.type === "parameter");
}

function declaratorValue(v: SyntaxNode): SyntaxNode | null {
  const name = v.childForFieldName("name");
  const value = v.namedChildren.filter((c) => c && c.id !== name?.id && c.type !== "bracketed_argument_list").pop() ?? null;
  return value?.type === "equals_value_clause" ? (value.namedChildren[0] ?? null) : value;
}

const at = (n: SyntaxNode) => ({ start: n.startIndex, end: n.endIndex, text: n.text });
const named = (n: SyntaxNode | null | undefined) => (n?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c && c.type !== "comment");
const contains = (outer: SyntaxNode, n: SyntaxNode) => n.startIndex >= outer.startIndex && n.endIndex <= outer.endIndex;

class CsLowering extends ExprLowering {
  private current: string | null = null;

  constructor(
    private readonly ctx: CsContext,
    private readonly callIds: Map<string, string>,
  ) {
    super();
  }

  language(): LoopLanguage {
    return {
      errors: "exceptions",
      exceptions: {
        every: (t) => EVERY.has(simple(t)),
        includes4xx: (t, raisesOnStatus) =>
          STATUS_EXCEPTIONS.has(simple(t)) || (raisesOnStatus && simple(t) === "HttpRequestException") ? `it retries ${t}, which includes 4xx responses that will fail the same way again` : null,
        connectOnly: (t) => simple(t) === "SocketException",
      },
      resolveOuter: (name, _at, fn) => {
        const v = this.resolveNode(name, fn.key as SyntaxNode);
        return v ? { value: this.expr(v), kind: "field" } : null;
      },
    };
  }

  /** Locals of the enclosing members (the last declaration before the function), then fields and constants of the types around it. */
  private resolveNode(name: string, from: SyntaxNode): SyntaxNode | null {
    for (let p = from.parent; p; p = p.parent) {
      const isType = TYPE_DECLARATIONS.has(p.type);
      if (!MEMBER_DECLARATIONS.has(p.type) && !isType) continue;
      const scopes = descendants(p, [...LAMBDAS, "local_function_statement", ...TYPE_DECLARATIONS]).filter((s) => s.id !== p.id && !contains(s, from));
      const hits = descendants(p, "variable_declarator")
        .filter((v) => v.childForFieldName("name")?.text === name && !scopes.some((s) => contains(s, v)))
        .filter((v) => (isType ? v.parent?.parent?.type === "field_declaration" : v.startIndex < from.startIndex));
      const hit = hits[hits.length - 1];
      if (hit) return declaratorValue(hit);
    }
    return null;
  }

  fn(node: SyntaxNode): LoopFunction {
    const chain = enclosing(node);
    const member = [node, ...chain].find((d) => MEMBER_DECLARATIONS.has(d.type)) ?? node;
    const id = this.ctx.idOf(node);
    const name = MEMBER_DECLARATIONS.has(node.type) ? (node.childForFieldName("name")?.text ?? null) : null;
    const saved = this.current;
    this.current = name;
    const bodyNode = node.childForFieldName("body") ?? named(node).find((c) => c.type === "block" || c.type === "arrow_expression_clause");
    const body = bodyNode?.type === "block" ? this.block(bodyNode) : [];
    this.current = saved;
    return {
      id,
      label: member.childForFieldName("name")?.text ?? id,
      name,
      params: this.params(node),
      outer: chain.map((c) => ({ id: this.ctx.idOf(c), params: this.params(c) })),
      body,
      start: node.startIndex,
      end: node.endIndex,
      anchor: nodeSpan(node),
      key: node,
      raisesOnStatus: this.ctx.facts.functions.find((f) => f.id === this.ctx.idOf(member))?.raisesOnStatus ?? false,
      readsRetryAfter: /retry-?after/i.test(member.text),
    };
  }

  private params(d: SyntaxNode): Param[] {
    return paramsOf(d).map((p, index) => {
      const name = p.type === "parameter" ? (p.childForFieldName("name")?.text ?? "") : p.text;
      const kids = p.children.filter((c): c is SyntaxNode => !!c);
      const eq = kids.findIndex((c) => c.type === "=");
      const def = eq >= 0 ? kids[eq + 1] : (p.namedChildren.find((c) => c?.type === "equals_value_clause")?.namedChildren[0] ?? (p.type === "parameter" ? named(p).filter((c) => c.id !== p.childForFieldName("name")?.id && c.id !== p.childForFieldName("type")?.id && c.type !== "modifier" && c.type !== "attribute_list")[0] : undefined));
      return { name, index, default: def ? this.expr(def) : null };
    });
  }

  // ------------------------------------------------------------------------------ statements

  private block(n: SyntaxNode | null | undefined): Stmt[] {
    if (!n) return [];
    return n.type === "block" ? named(n).flatMap((c) => this.stmt(c)) : this.stmt(n);
  }

  private stmt(n: SyntaxNode, label: string | null = null): Stmt[] {
    const p = at(n);
    switch (n.type) {
      case "block":
        return [{ ...p, k: "block", body: this.block(n) }];
      case "expression_statement":
        return n.namedChildren[0] ? [{ ...p, k: "expr", e: this.expr(n.namedChildren[0]) }] : [];
      case "local_declaration_statement": {
        const decl = named(n).find((c) => c.type === "variable_declaration");
        return named(decl)
          .filter((v) => v.type === "variable_declarator")
          .map((v) => {
            const value = declaratorValue(v);
            return { ...at(v), k: "decl" as const, names: [v.childForFieldName("name")?.text ?? ""], values: value ? [this.expr(value)] : [] };
          });
      }
      case "if_statement": {
        const alt = n.childForFieldName("alternative");
        return [{ ...p, k: "if", init: null, cond: this.expr(n.childForFieldName("condition")), then: this.block(n.childForFieldName("consequence")), else: alt ? this.block(alt) : null }];
      }
      case "return_statement":
        return [{ ...p, k: "exit", kind: "return", label: null, value: n.namedChildren[0] ? this.expr(n.namedChildren[0]) : null }];
      case "throw_statement":
        return [{ ...p, k: "exit", kind: "throw", label: null, value: n.namedChildren[0] ? this.expr(n.namedChildren[0]) : null }];
      case "break_statement":
      case "continue_statement":
        return [{ ...p, k: "exit", kind: n.type === "break_statement" ? "break" : "continue", label: null, value: null }];
      case "try_statement": {
        const catches: Catch[] = named(n)
          .filter((c) => c.type === "catch_clause")
          .map((c) => {
            const decl = c.namedChildren.find((x) => x?.type === "catch_declaration");
            const type = decl?.childForFieldName("type");
            const filter = c.namedChildren.find((x) => x?.type === "catch_filter_clause");
            const filterExpr = filter?.namedChildren[0];
            return {
              ...at(c),
              types: type ? [type.text.replace(/\s+/g, "").replace(/^System\./, "")] : [],
              all: !type,
              filter: filterExpr ? this.expr(filterExpr) : null,
              filterText: filter ? filter.text.replace(/^when\s*/, "") : null,
              body: this.block(c.childForFieldName("body")),
            };
          });
        const fin = named(n).find((c) => c.type === "finally_clause");
        return [{ ...p, k: "try", body: this.block(n.childForFieldName("body")), catches, orelse: null, final: fin ? this.block(named(fin).find((x) => x.type === "block")) : null }];
      }
      case "switch_statement": {
        const body = n.childForFieldName("body");
        const cases = named(body)
          .filter((s) => s.type === "switch_section")
          .map((s) => {
            const labels = named(s).filter((x) => x.type === "constant_pattern" || x.type === "case_switch_label" || x.type === "case_pattern_switch_label");
            const isDefault = !labels.length;
            return { values: isDefault ? null : labels.map((l) => this.expr(l.type === "constant_pattern" ? l.namedChildren[0] : l)), body: named(s).filter((x) => !labels.includes(x) && x.type !== "default_switch_label").flatMap((x) => this.stmt(x)) };
          });
        return [{ ...p, k: "switch", init: null, tag: this.expr(n.childForFieldName("value")), cases }];
      }
      case "using_statement":
      case "lock_statement":
      case "checked_statement":
      case "unsafe_statement":
      case "fixed_statement":
        return [{ ...p, k: "block", body: this.block(n.childForFieldName("body") ?? named(n).find((c) => c.type === "block")) }];
      case "labeled_statement": {
        const inner = named(n).find((c) => c.type !== "identifier");
        return inner ? this.stmt(inner, named(n).find((c) => c.type === "identifier")?.text ?? null) : [];
      }
      case "for_statement":
      case "foreach_statement":
      case "while_statement":
      case "do_statement":
        return [{ ...p, k: "loop", loop: this.loop(n, label) }];
      default:
        return [];
    }
  }

  private loop(n: SyntaxNode, label: string | null): Loop {
    const next = n.nextNamedSibling;
    return { ...at(n), header: this.header(n), body: this.block(n.childForFieldName("body")), label, anchor: nodeSpan(n), key: n, after: next ? (this.stmt(next)[0] ?? null) : null, broken: n.hasError };
  }

  private header(n: SyntaxNode): Header {
    if (n.type === "foreach_statement") {
      const iterable = n.childForFieldName("right");
      const left = n.childForFieldName("left");
      const v = left?.type === "identifier" ? left.text : null;
      return { kind: "items", iterable: iterable ? this.expr(iterable) : null, text: `foreach (… in ${iterable?.text ?? "?"})`, variables: v ? [v] : [], valueVar: v };
    }
    const cond = n.childForFieldName("condition");
    if (n.type === "for_statement") {
      const init: Array<{ name: string; value: Expr | null }> = [];
      for (const i of n.childrenForFieldName("initializer")) {
        for (const v of i?.type === "variable_declaration" ? named(i) : []) {
          const name = v.type === "variable_declarator" ? v.childForFieldName("name")?.text : null;
          const value = v.type === "variable_declarator" ? declaratorValue(v) : null;
          if (name) init.push({ name, value: value ? this.expr(value) : null });
        }
        if (i?.type === "assignment_expression" && i.childForFieldName("left")?.type === "identifier") init.push({ name: i.childForFieldName("left")!.text, value: this.expr(i.childForFieldName("right")) });
      }
      const updates = n.childrenForFieldName("update").filter((u): u is SyntaxNode => !!u).map((u) => this.expr(u));
      return { kind: "cond", cond: cond ? this.expr(cond) : null, doWhile: false, init, updates, text: cond?.text ?? "" };
    }
    return { kind: "cond", cond: cond ? this.expr(cond) : null, doWhile: n.type === "do_statement", init: [], updates: [], text: cond?.text ?? "" };
  }

  // ----------------------------------------------------------------------------- expressions


  protected lowerExpr(n: SyntaxNode): Expr {
    const p = at(n);
    switch (n.type) {
      case "integer_literal":
      case "real_literal": {
        const t = n.text.replaceAll("_", "").replace(/(ul|lu|u|l|f|d|m)$/i, "");
        const v = /^0x/i.test(t) ? parseInt(t, 16) : Number(t);
        return Number.isFinite(v) ? { ...p, k: "num", value: v } : { ...p, k: "other", parts: [] };
      }
      case "string_literal":
      case "verbatim_string_literal":
        return { ...p, k: "str", value: named(n).map((c) => c.text).join("") };
      case "boolean_literal":
        return { ...p, k: "bool", value: n.text === "true" };
      case "null_literal":
        return { ...p, k: "nil" };
      case "identifier":
        return { ...p, k: "name", name: n.text };
      case "parenthesized_expression":
      case "checked_expression":
        return this.expr(n.namedChildren[0]);
      case "cast_expression":
        return this.expr(n.childForFieldName("value"));
      case "await_expression":
        return this.expr(n.namedChildren[0]);
      case "member_access_expression": {
        const obj = n.childForFieldName("expression");
        const name = n.childForFieldName("name")?.text ?? "";
        if (obj?.type === "this_expression") return { ...p, k: "name", name, self: true };
        if (/(^|\.)HttpStatusCode$/.test(obj?.text ?? "") && name in STATUS_NAMES) return { ...p, k: "num", value: STATUS_NAMES[name]! };
        if (name === "StatusCode") return { ...p, k: "status", of: this.expr(obj) };
        if (name === "IsSuccessStatusCode") return { ...p, k: "ok", of: this.expr(obj) };
        return { ...p, k: "member", object: this.expr(obj), name };
      }
      case "conditional_access_expression":
        return { ...p, k: "other", parts: named(n).map((c) => this.expr(c)) };
      case "element_access_expression":
        return { ...p, k: "index", object: this.expr(n.childForFieldName("expression")), index: this.expr(named(n.childForFieldName("subscript"))[0]) };
      case "implicit_array_creation_expression":
      case "array_creation_expression":
      case "initializer_expression":
      case "collection_expression": {
        const init = n.type === "initializer_expression" || n.type === "collection_expression" ? n : named(n).find((c) => c.type === "initializer_expression");
        return init ? { ...p, k: "list", items: named(init).map((c) => this.expr(c.type === "expression_element" ? (c.namedChildren[0] ?? c) : c)) } : { ...p, k: "other", parts: [] };
      }
      case "object_creation_expression": {
        const init = named(n).find((c) => c.type === "initializer_expression");
        if (init && /List|Array|HashSet|Set/.test(n.childForFieldName("type")?.text ?? "")) return this.expr(init);
        return { ...p, k: "other", parts: callParts(n).positional.map((a) => this.expr(a)) };
      }
      case "invocation_expression":
        return this.call(n);
      case "lambda_expression":
      case "anonymous_method_expression":
        return { ...p, k: "closure" };
      case "binary_expression":
        return this.binary(n, BINARY);
      case "prefix_unary_expression":
      case "postfix_unary_expression": {
        const arg = n.namedChildren[0];
        const step = n.text.includes("++") ? 1 : n.text.includes("--") ? -1 : 0;
        if (step && arg?.type === "identifier") return { ...p, k: "update", target: arg.text, step: step as 1 | -1, prefix: n.type === "prefix_unary_expression" };
        const op = n.type === "prefix_unary_expression" ? n.text.trim()[0] : null;
        return op === "!" || op === "-" || op === "+" ? { ...p, k: "unary", op, operand: this.expr(arg) } : { ...p, k: "other", parts: arg ? [this.expr(arg)] : [] };
      }
      case "assignment_expression": {
        const left = n.childForFieldName("left");
        const target = left?.type === "identifier" ? left.text : left?.type === "member_access_expression" && left.childForFieldName("expression")?.type === "this_expression" ? (left.childForFieldName("name")?.text ?? null) : null;
        const op = n.childForFieldName("operator")?.type ?? n.children.find((c) => c && !c.isNamed)?.type ?? "=";
        return { ...p, k: "assign", target, op, value: this.expr(n.childForFieldName("right")) };
      }
      case "conditional_expression":
        return { ...p, k: "ternary", test: this.expr(n.childForFieldName("condition")), then: this.expr(n.childForFieldName("consequence")), else: this.expr(n.childForFieldName("alternative")) };
      default:
        return { ...p, k: "other", parts: named(n).map((c) => this.expr(c)) };
    }
  }

  private call(n: SyntaxNode): Expr {
    const p = at(n);
    const parts = callParts(n);
    const fn = parts.fn;
    const name = dottedName(fn) ?? "";
    const method = memberName(fn) ?? "";
    const recv = fn?.type === "member_access_expression" ? fn.childForFieldName("expression") : null;
    const call: Call = {
      ...p,
      callee: name,
      qualified: name,
      method,
      receiver: recv?.type === "identifier" ? recv.text : null,
      bare: fn?.type === "identifier" ? fn.text : null,
      object: recv ? this.expr(recv) : null,
      args: parts.positional.map((a) => this.expr(a)),
      role: "operation",
      callId: this.callIds.get(`${n.startPosition.row + 1}:${n.startPosition.column}`),
      ...(this.current && selfCallee(n, this.current) ? { self: true } : {}),
      ...(CONNECTS.test(method) ? { connects: true } : {}),
    };
    if (/^(System\.Threading\.)?(Thread\.Sleep|Tasks\.Task\.Delay|Task\.Delay)$/.test(name)) {
      const arg = parts.positional[0] ?? null;
      call.role = "sleep";
      call.sleep = { delay: arg ? this.expr(arg) : null, unitSeconds: 0.001 };
      if (arg?.type === "invocation_expression") {
        const unit = TIMESPAN_UNITS[memberName(arg.childForFieldName("function")) ?? ""];
        if (unit !== undefined && dottedName(arg.childForFieldName("function"))?.endsWith(`TimeSpan.${memberName(arg.childForFieldName("function"))}`)) {
          const inner = callParts(arg).positional[0];
          call.sleep = { delay: inner ? this.expr(inner) : null, unitSeconds: unit };
        }
      }
    } else if (!name || BOOKKEEPING.test(name)) call.role = "bookkeeping";
    return { ...p, k: "call", call };
  }
}
