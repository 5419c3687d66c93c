/**
 * Hand-rolled retry loops and retry helpers in Go: tree-sitter-go lowered into the shared loop
 * form (detectors/shared/loops/ir.ts), whose analysis decides, counts and describes them for every
 * language. This file only knows Go: which calls wait (`time.Sleep(d)`, `<-time.After(d)` alone
 * or in a `select`, `time.NewTimer(d)` and `timer.Reset(d)`, a same-file function that waits once),
 * which are bookkeeping (logging, maths, strings, building a request, closing a body), durations
 * (`500 * time.Millisecond` in nanoseconds), `resp.StatusCode` and `http.StatusX`, grpc-go's
 * `status.Code(err)` / `codes.X`, and how Go spells loops (`for i := 0; i < N; i++`, `for range N`,
 * `for _, d := range list`, `for cond`, `for {}`), labels, switches and selects. Errors are values:
 * an attempt fails by returning a non-nil `err`.
 */
import type { SyntaxNode } from "../../parsing/treeSitter";
import { detectLoops } from "../shared/loops/analyze";
import type { BinaryOp, Call, Expr, Header, Loop, LoopFunction, LoopLanguage, Param, SelectCase, Stmt } from "../shared/loops/ir";
import { ExprLowering } from "../shared/loops/lowering";
import type { GoContext } from "./context";
import { callArgs, calleeNode, descendants, dottedName, enclosingFunction, nodeSpan, stringValue } from "./syntax";

/** the Go operators the shared loop form knows, spelled alike */
const GO_BINARY: Record<string, BinaryOp> = Object.fromEntries(
  (["+", "-", "*", "/", "%", "<<", ">>", "<", "<=", ">", ">=", "==", "!=", "&&", "||", "&", "|", "^"] as const).map((o) => [o, o]),
);

/** standard and logging packages whose calls are bookkeeping, not the operation retried */
const BOOKKEEPING_PACKAGES =
  /^(time|math|math\/rand(\/v2)?|crypto\/rand|log|log\/slog|fmt|errors|strings|strconv|bytes|sync|sync\/atomic|context|sort|slices|maps|unicode(\/.*)?|io|os|encoding\/.*|net\/url|runtime|expvar|go\.uber\.org\/zap|github\.com\/sirupsen\/logrus|github\.com\/rs\/zerolog(\/.*)?|github\.com\/go-logr\/logr|github\.com\/prometheus\/.*|go\.opentelemetry\.io\/.*|google\.golang\.org\/grpc\/(status|codes))$/;
const BUILTINS = new Set(["len", "cap", "append", "make", "new", "copy", "delete", "panic", "recover", "print", "println", "min", "max", "clear", "close", "complex", "real", "imag", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "float32", "float64", "string", "byte", "rune", "bool", "error", "any"]);
const CONVERSIONS = /^(u?int(8|16|32|64)?|float(32|64)|uintptr|byte|rune)$/;
/** methods that are bookkeeping whatever their receiver: cleanup, locks, context and error accessors */
const BOOKKEEPING_METHODS = new Set(["Close", "Stop", "Reset", "Lock", "Unlock", "RLock", "RUnlock", "Done", "Err", "Deadline", "Error", "String", "Seconds", "Milliseconds", "Nanoseconds", "Unwrap"]);
/** logging / metrics methods, skipped when some part of the callee looks like a logger or a metric */
const LOG_METHODS = /^(Print|Printf|Println|Info|Infof|Infow|InfoContext|Warn|Warnf|Warnw|WarnContext|Warning|Warningf|Error|Errorf|Errorw|ErrorContext|Debug|Debugf|Debugw|DebugContext|Fatal|Fatalf|Log|Logf|LogAttrs|Msg|Msgf|Send|With|WithField|WithFields|WithError|Str|Int|Dur|Inc|Add|Observe|Set|RecordError|SetStatus|SetAttributes|AddEvent|End|For|Bg)$/;
const LOGGERS = /log|metric|span|tracer|counter|histogram|gauge|recorder/i;
const DELAY_HELPERS = /backoff|jitter|delay|sleep/i;
const CONNECTS = /^(Dial|DialContext|DialTimeout|DialTLS|Connect|ConnectContext|Ping|PingContext|NewClient)$/;
const HTTP_STATUS: Record<string, number> = {
  StatusOK: 200, StatusCreated: 201, StatusAccepted: 202, StatusNoContent: 204, StatusMultipleChoices: 300, StatusNotModified: 304,
  StatusBadRequest: 400, StatusUnauthorized: 401, StatusForbidden: 403, StatusNotFound: 404, StatusRequestTimeout: 408,
  StatusConflict: 409, StatusGone: 410, StatusUnprocessableEntity: 422, StatusTooEarly: 425, StatusTooManyRequests: 429,
  StatusInternalServerError: 500, StatusNotImplemented: 501, StatusBadGateway: 502, StatusServiceUnavailable: 503, StatusGatewayTimeout: 504,
};
const TIME_UNITS_NS: Record<string, number> = { Nanosecond: 1, Microsecond: 1e3, Millisecond: 1e6, Second: 1e9, Minute: 60e9, Hour: 3600e9 };
const NS = 1e-9;

export function detectRetryLoops(ctx: GoContext): void {
  const time = ctx.importLocal("time");
  const root = ctx.tree.rootNode;
  const loopNodes = descendants(root, "for_statement");
  const selfCalling = ctx.facts.calls.filter((c) => c.functionId !== "<module>" && (c.callee === c.functionId || c.callee.endsWith(`.${c.functionId.split(".").pop()}`)));
  if (!loopNodes.length && !selfCalling.length) return;
  const g = new GoLowering(ctx, time && time !== "_" && time !== "." ? time : null);
  const fnNodes = new Map<number, SyntaxNode>();
  for (const loop of loopNodes) {
    const fn = enclosingFunction(loop);
    if (fn) fnNodes.set(fn.id, fn);
  }
  for (const fn of ctx.functionNodes) if (selfCalling.some((c) => c.functionId === ctx.idOf(fn))) fnNodes.set(fn.id, fn);
  const functions = [...fnNodes.values()].sort((a, b) => a.startIndex - b.startIndex).map((fn) => g.fn(fn));
  detectLoops({
    language: g.language(),
    functions,
    nextId: (key) => ctx.nextId("L", key as SyntaxNode),
    layers: ctx.facts.layers,
    problems: ctx.facts.problems,
    facts: ctx.facts,
  });
}

const at = (n: SyntaxNode) => ({ start: n.startIndex, end: n.endIndex, text: n.text });

class GoLowering extends ExprLowering {
  /** package-level `const`/`var` name → value */
  private readonly pkgValues = new Map<string, SyntaxNode>();
  /** functions of this file that wait once (not in a loop): id → the parameter holding the delay, or a delay written inside */
  private readonly sleepHelpers = new Map<string, { paramIndex: number | null; inner: SyntaxNode | null }>();
  private readonly http: string | null;
  private readonly codes: string | null;
  /** the function being lowered (for self-calls) */
  private current: { id: string; name: string | null; receiver: string | null } | null = null;

  constructor(
    private readonly ctx: GoContext,
    private readonly time: string | null,
  ) {
    super();
    this.http = ctx.importLocal("net/http");
    this.codes = ctx.importLocal("google.golang.org/grpc/codes");
    const root = ctx.tree.rootNode;
    for (const decl of root.namedChildren) {
      if (decl?.type !== "const_declaration" && decl?.type !== "var_declaration") continue;
      for (const spec of descendants(decl, ["const_spec", "var_spec"])) {
        const names = spec.childrenForFieldName("name");
        const values = spec.childForFieldName("value")?.namedChildren ?? [];
        names.forEach((n, i) => {
          const v = values.length === names.length ? values[i] : null;
          if (v) this.pkgValues.set(n.text, v);
        });
      }
    }
    for (const fn of ctx.functionNodes) {
      if (fn.type === "func_literal") continue;
      const body = fn.childForFieldName("body");
      if (!body || descendants(body, "for_statement").length) continue;
      const prim = descendants(body, "call_expression").find((c) => this.sleepPrimitive(c));
      if (!prim) continue;
      const params = paramNames(fn);
      const inner = callArgs(prim)[0] ?? null;
      const used = inner ? descendants(inner, "identifier").concat(inner.type === "identifier" ? [inner] : []).map((i) => params.indexOf(i.text)).find((i) => i >= 0) : undefined;
      this.sleepHelpers.set(ctx.idOf(fn), { paramIndex: used ?? null, inner: used === undefined ? inner : null });
    }
  }

  language(): LoopLanguage {
    return {
      errors: "values",
      exceptions: { every: () => false, includes4xx: () => null, connectOnly: () => false },
      resolveOuter: (name, _at, fn) => {
        const node = fn.key as SyntaxNode;
        const local = this.ctx.lookup(name, node);
        if (local) return local.value ? { value: this.expr(local.value), kind: "outer" } : null;
        const pkg = this.pkgValues.get(name);
        return pkg ? { value: this.expr(pkg), kind: "constant" } : null;
      },
      returnsOf: (callee) => {
        const def = this.ctx.functionNodes.find((f) => f.type === "function_declaration" && f.childForFieldName("name")?.text === callee);
        if (!def) return null;
        return descendants(def, "return_statement").flatMap((r) => (r.namedChildren[0]?.namedChildren ?? []).filter((x): x is SyntaxNode => !!x).map((x) => this.expr(x)));
      },
    };
  }

  fn(node: SyntaxNode): LoopFunction {
    const id = this.ctx.idOf(node);
    const name = node.type === "func_literal" ? null : (node.childForFieldName("name")?.text ?? null);
    const recv = node.type === "method_declaration" ? (node.childForFieldName("receiver")?.namedChildren.find((c) => c?.type === "parameter_declaration")?.childForFieldName("name")?.text ?? null) : null;
    const outer: LoopFunction["outer"] = [];
    for (let p = enclosingFunction(node); p; p = enclosingFunction(p)) outer.push({ id: this.ctx.idOf(p), params: params(p) });
    const saved = this.current;
    this.current = { id, name, receiver: recv };
    const body = this.block(node.childForFieldName("body"));
    this.current = saved;
    const readsRetryAfter = descendants(node, ["interpreted_string_literal", "raw_string_literal"]).some((s) => /retry-after/i.test(stringValue(s) ?? ""));
    return { id, label: id, name, params: params(node), outer, body, start: node.startIndex, end: node.endIndex, anchor: nodeSpan(node), key: node, raisesOnStatus: false, readsRetryAfter };
  }

  // ------------------------------------------------------------------------------ statements

  private block(n: SyntaxNode | null | undefined): Stmt[] {
    if (!n) return [];
    const list = n.type === "block" ? n.namedChildren.find((c) => c?.type === "statement_list") : n.type === "statement_list" ? n : null;
    if (!list) return n.type === "block" ? [] : this.stmt(n);
    return list.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== "comment").flatMap((c) => this.stmt(c));
  }

  private stmt(n: SyntaxNode, label: string | null = null): Stmt[] {
    const p = at(n);
    switch (n.type) {
      case "expression_statement":
        return [{ ...p, k: "expr", e: this.expr(n.namedChildren[0]!) }];
      case "go_statement":
      case "defer_statement":
        return n.namedChildren[0] ? [{ ...p, k: "expr", e: this.expr(n.namedChildren[0]) }] : [];
      case "short_var_declaration": {
        const left = n.childForFieldName("left")?.namedChildren ?? [];
        const right = (n.childForFieldName("right")?.namedChildren ?? []).filter((r): r is SyntaxNode => !!r);
        const names = left.map((l) => (l?.type === "identifier" ? l.text : ""));
        // `v, ok := err.(*T)`: ok says the error is a T (false when there is no error)
        if (names.length === 2 && right.length === 1 && right[0]!.type === "type_assertion_expression") {
          const operand = this.expr(right[0]!.childForFieldName("operand"));
          const is: Expr = { ...at(right[0]!), k: "call", call: { ...at(right[0]!), callee: "errors.As", qualified: "errors.As", method: "As", receiver: null, bare: null, object: null, args: [operand], role: "bookkeeping" } };
          return [{ ...p, k: "decl", names, values: [this.expr(right[0]), is] }];
        }
        return [{ ...p, k: "decl", names, values: right.map((r) => this.expr(r)) }];
      }
      case "var_declaration":
      case "const_declaration":
        return descendants(n, ["var_spec", "const_spec"]).map((spec) => {
          const names = spec.childrenForFieldName("name").map((x) => x.text);
          const values = (spec.childForFieldName("value")?.namedChildren ?? []).filter((v): v is SyntaxNode => !!v).map((v) => this.expr(v));
          return { ...at(spec), k: "decl" as const, names, values, zero: !values.length };
        });
      case "assignment_statement":
      case "inc_statement":
      case "dec_statement":
        return [{ ...p, k: "expr", e: this.expr(n) }];
      case "return_statement": {
        const list = n.namedChildren[0];
        const values = (list?.namedChildren ?? []).filter((x): x is SyntaxNode => !!x);
        return [{ ...p, k: "exit", kind: "return", label: null, value: values.length ? { ...at(list!), k: "other", parts: values.map((v) => this.expr(v)) } : null }];
      }
      case "break_statement":
      case "continue_statement":
        return [{ ...p, k: "exit", kind: n.type === "break_statement" ? "break" : "continue", label: n.namedChildren.find((c) => c?.type === "label_name")?.text ?? null, value: null }];
      case "if_statement": {
        const init = n.childForFieldName("initializer");
        const alt = n.childForFieldName("alternative");
        return [
          {
            ...p,
            k: "if",
            init: init ? (this.stmt(init)[0] ?? null) : null,
            cond: this.expr(n.childForFieldName("condition")),
            then: this.block(n.childForFieldName("consequence")),
            else: alt ? (alt.type === "if_statement" ? this.stmt(alt) : this.block(alt)) : null,
          },
        ];
      }
      case "expression_switch_statement": {
        const init = n.childForFieldName("initializer");
        const tag = n.childForFieldName("value");
        const cases = n.namedChildren
          .filter((c): c is SyntaxNode => c?.type === "expression_case" || c?.type === "default_case")
          .map((c) => ({
            values: c.type === "default_case" ? null : (c.childForFieldName("value")?.namedChildren ?? []).filter((v): v is SyntaxNode => !!v).map((v) => this.expr(v)),
            body: this.caseBody(c),
          }));
        return [{ ...p, k: "switch", init: init ? (this.stmt(init)[0] ?? null) : null, tag: tag ? this.expr(tag) : null, cases }];
      }
      case "type_switch_statement": {
        const cases = n.namedChildren
          .filter((c): c is SyntaxNode => c?.type === "type_case" || c?.type === "default_case")
          .map((c) => ({ values: c.type === "default_case" ? null : [{ ...at(c), k: "other" as const, parts: [] }], body: this.caseBody(c) }));
        return [{ ...p, k: "switch", init: null, tag: { ...p, k: "other", parts: [] }, cases }];
      }
      case "select_statement": {
        const cases: SelectCase[] = n.namedChildren
          .filter((c): c is SyntaxNode => c?.type === "communication_case" || c?.type === "default_case")
          .map((c) => {
            if (c.type === "default_case") return { kind: "default", body: this.caseBody(c) };
            const comm = c.childForFieldName("communication");
            const text = comm?.text ?? "";
            const kind: SelectCase["kind"] = /\.Done\(\)/.test(text) ? "done" : /\bAfter\(|\.C\b|\bTick\(/.test(text) ? "timer" : comm?.type === "send_statement" ? "send" : "recv";
            const pre: Stmt[] = [];
            if (comm?.type === "receive_statement") {
              const left = comm.childForFieldName("left")?.namedChildren ?? [];
              const right = comm.childForFieldName("right");
              if (right) pre.push({ ...at(comm), k: "decl", names: left.map((l) => (l?.type === "identifier" ? l.text : "")), values: [this.expr(right)] });
            } else if (comm) pre.push(...this.stmt(comm));
            return { kind, body: [...pre, ...this.caseBody(c)] };
          });
        return [{ ...p, k: "select", cases }];
      }
      case "for_statement":
        return [{ ...p, k: "loop", loop: this.loop(n, label) }];
      case "labeled_statement": {
        const inner = n.namedChildren.find((c) => c && c.type !== "label_name");
        const name = n.childForFieldName("label")?.text ?? null;
        return inner ? this.stmt(inner, name) : [];
      }
      case "block":
        return [{ ...p, k: "block", body: this.block(n) }];
      case "send_statement":
        return [{ ...p, k: "expr", e: { ...p, k: "other", parts: n.namedChildren.filter((x): x is SyntaxNode => !!x).map((x) => this.expr(x)) } }];
      default:
        return [];
    }
  }

  private caseBody(c: SyntaxNode): Stmt[] {
    const list = c.namedChildren.find((x) => x?.type === "statement_list");
    return list ? this.block(list) : [];
  }

  private loop(n: SyntaxNode, label: string | null): Loop {
    const after = n.parent?.type === "labeled_statement" ? n.parent.nextNamedSibling : n.nextNamedSibling;
    return { ...at(n), header: this.header(n), body: this.block(n.childForFieldName("body")), label, anchor: nodeSpan(n), key: n, after: after ? (this.stmt(after)[0] ?? null) : null, broken: n.hasError };
  }

  private header(n: SyntaxNode): Header {
    const clause = n.namedChildren.find((c) => c?.type === "for_clause");
    if (clause) {
      const initNode = clause.childForFieldName("initializer");
      const init: Array<{ name: string; value: Expr | null }> = [];
      if (initNode?.type === "short_var_declaration" || initNode?.type === "assignment_statement") {
        const left = initNode.childForFieldName("left")?.namedChildren ?? [];
        const right = initNode.childForFieldName("right")?.namedChildren ?? [];
        left.forEach((l, i) => {
          if (l?.type === "identifier") init.push({ name: l.text, value: right[i] ? this.expr(right[i]!) : null });
        });
      }
      const cond = clause.childForFieldName("condition");
      const update = clause.childForFieldName("update");
      return { kind: "cond", cond: cond ? this.expr(cond) : null, doWhile: false, init, updates: update ? [this.expr(update)] : [], text: cond?.text ?? clause.text };
    }
    const range = n.namedChildren.find((c) => c?.type === "range_clause");
    if (range) {
      const left = (range.childForFieldName("left")?.namedChildren ?? []).map((l) => l?.text ?? "");
      const right = range.childForFieldName("right");
      return { kind: "items", iterable: right ? this.expr(right) : null, text: `for … range ${right?.text ?? "?"}`, variables: left, valueVar: left.length === 2 ? left[1]! : null };
    }
    const c = n.namedChildren.find((x) => x && x.type !== "block" && x.type !== "comment") ?? null;
    return { kind: "cond", cond: c ? this.expr(c) : null, doWhile: false, init: [], updates: [], text: c?.text ?? "" };
  }

  // ----------------------------------------------------------------------------- expressions


  protected lowerExpr(n: SyntaxNode): Expr {
    const p = at(n);
    const kids = () => n.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== "comment").map((c) => this.expr(c));
    switch (n.type) {
      case "int_literal":
      case "float_literal": {
        const t = n.text.replaceAll("_", "");
        const v = /^0x/i.test(t) ? parseInt(t, 16) : /^0o/i.test(t) ? parseInt(t.slice(2), 8) : Number(t);
        return Number.isFinite(v) ? { ...p, k: "num", value: v } : { ...p, k: "other", parts: [] };
      }
      case "interpreted_string_literal":
      case "raw_string_literal":
        return { ...p, k: "str", value: stringValue(n) ?? "" };
      case "true":
      case "false":
        return { ...p, k: "bool", value: n.type === "true" };
      case "nil":
        return { ...p, k: "nil" };
      case "identifier":
        return { ...p, k: "name", name: n.text };
      case "parenthesized_expression":
        return n.namedChildren[0] ? this.expr(n.namedChildren[0]) : { ...p, k: "other", parts: [] };
      case "selector_expression": {
        const operand = n.childForFieldName("operand");
        const field = n.childForFieldName("field")?.text ?? "";
        if (operand?.type === "identifier" && this.time && operand.text === this.time && field in TIME_UNITS_NS) return { ...p, k: "num", value: TIME_UNITS_NS[field]! };
        if (operand?.type === "identifier" && this.http && operand.text === this.http && field in HTTP_STATUS) return { ...p, k: "num", value: HTTP_STATUS[field]! };
        if (operand?.type === "identifier" && (operand.text === this.codes || operand.text === "codes")) return { ...p, k: "grpcCodeName", name: field };
        if (field === "StatusCode") return { ...p, k: "status", of: this.expr(operand) };
        return { ...p, k: "member", object: this.expr(operand), name: field };
      }
      case "index_expression":
        return { ...p, k: "index", object: this.expr(n.childForFieldName("operand")), index: this.expr(n.childForFieldName("index")) };
      case "call_expression":
        return this.call(n);
      case "binary_expression":
        return this.binary(n, GO_BINARY);
      case "unary_expression": {
        const op = n.childForFieldName("operator")?.text ?? "";
        const operand = this.expr(n.childForFieldName("operand"));
        return op === "!" || op === "-" || op === "+" ? { ...p, k: "unary", op, operand } : { ...p, k: "other", parts: [operand] };
      }
      case "composite_literal": {
        const type = n.childForFieldName("type")?.type;
        const body = n.childForFieldName("body");
        const elems = (body?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c && (c.type === "literal_element" || c.type === "keyed_element"));
        const values = elems.map((c) => (c.type === "literal_element" ? (c.namedChildren[0] ?? c) : (c.childForFieldName("value")?.namedChildren[0] ?? c.namedChildren[c.namedChildCount - 1] ?? c)));
        if (type === "slice_type" || type === "array_type" || type === "implicit_length_array_type") return { ...p, k: "list", items: values.map((v) => this.expr(v)) };
        return { ...p, k: "other", parts: values.map((v) => this.expr(v)) };
      }
      case "func_literal":
        return { ...p, k: "closure" };
      case "assignment_statement": {
        const left = n.childForFieldName("left")?.namedChildren ?? [];
        const right = (n.childForFieldName("right")?.namedChildren ?? []).filter((r): r is SyntaxNode => !!r);
        const op = n.childForFieldName("operator")?.text ?? "=";
        const targets = left.map((l) => (l?.type === "identifier" ? l.text : ""));
        const value: Expr = right.length === 1 ? this.expr(right[0]) : { ...p, k: "list", items: right.map((r) => this.expr(r)) };
        return { ...p, k: "assign", target: targets[0] || null, op, value, ...(targets.length > 1 ? { targets } : {}) };
      }
      case "inc_statement":
      case "dec_statement": {
        const t = n.namedChildren[0];
        return t?.type === "identifier" ? { ...p, k: "update", target: t.text, step: n.type === "inc_statement" ? 1 : -1, prefix: true } : { ...p, k: "other", parts: [] };
      }
      default:
        return { ...p, k: "other", parts: kids() };
    }
  }

  private call(n: SyntaxNode): Expr {
    const p = at(n);
    const fnNode = calleeNode(n);
    const name = dottedName(fnNode);
    const args = callArgs(n);
    // conversions are the value they convert: `time.Duration(x)`, `float64(i)`
    if (name && (name === `${this.time}.Duration` || CONVERSIONS.test(name)) && args.length === 1) return this.expr(args[0]);
    // grpc-go `status.Code(err)`
    if (name && /(^|\.)Code$/.test(name) && args.length === 1 && /err(or)?$/i.test(args[0]!.text)) return { ...p, k: "grpcCode" };
    const parts = name ? name.split(".") : [];
    const method = parts[parts.length - 1] ?? "";
    const head = parts[0] ?? "";
    const path = parts.length > 1 && !this.ctx.lookup(head, n) ? this.ctx.importPath(head) : null;
    const objectNode = fnNode?.type === "selector_expression" ? fnNode.childForFieldName("operand") : null;
    const call: Call = {
      ...p,
      callee: name ?? "",
      qualified: path ? `${path}.${parts.slice(1).join(".")}` : (name ?? ""),
      method,
      receiver: objectNode?.type === "identifier" ? objectNode.text : null,
      bare: fnNode?.type === "identifier" ? fnNode.text : null,
      object: objectNode ? this.expr(objectNode) : fnNode && fnNode.type !== "identifier" && fnNode.type !== "selector_expression" && fnNode.type !== "func_literal" ? this.expr(fnNode) : null,
      args: args.map((a) => this.expr(a)),
      role: "operation",
      callId: this.ctx.callIds.get(n.id),
      ...(fnNode?.type === "func_literal" ? { closure: true } : {}),
      ...(CONNECTS.test(method) ? { connects: true } : {}),
    };
    const sleep = this.sleepOf(n, name);
    if (sleep) {
      call.role = "sleep";
      call.sleep = sleep;
    } else if (!this.retried(n, fnNode, name, path)) call.role = "bookkeeping";
    if (this.current && name && this.isSelf(name)) call.self = true;
    return { ...p, k: "call", call };
  }

  private isSelf(name: string): boolean {
    const cur = this.current!;
    if (!cur.name) return false;
    if (!cur.receiver) return name === cur.name;
    return name === `${cur.receiver}.${cur.name}`;
  }

  private sleepPrimitive(call: SyntaxNode): boolean {
    if (!this.time) return false;
    const name = dottedName(calleeNode(call));
    if (name === `${this.time}.Sleep` || name === `${this.time}.After` || name === `${this.time}.NewTimer`) return true;
    // timer.Reset(d) on a timer from time.NewTimer
    if (name?.endsWith(".Reset")) {
      const v = this.ctx.lookup(name.split(".")[0]!, call)?.value;
      return v?.type === "call_expression" && dottedName(calleeNode(v)) === `${this.time}.NewTimer`;
    }
    return false;
  }

  private sleepOf(n: SyntaxNode, name: string | null): Call["sleep"] | null {
    if (this.sleepPrimitive(n)) {
      const arg = callArgs(n)[0];
      return { delay: arg ? this.expr(arg) : null, unitSeconds: NS };
    }
    const id = this.ctx.nameOf(calleeNode(n), n);
    const helper = id ? this.sleepHelpers.get(id) : undefined;
    if (!helper) return null;
    void name;
    const arg = helper.paramIndex === null ? null : callArgs(n)[helper.paramIndex];
    return { delay: arg ? this.expr(arg) : null, unitSeconds: NS, inner: helper.inner ? this.expr(helper.inner) : null };
  }

  /** The operation, or bookkeeping (logging, maths, strings, building the request, cleanup)? */
  private retried(call: SyntaxNode, fnNode: SyntaxNode | null, name: string | null, path: string | null): boolean {
    if (!fnNode) return false;
    if (fnNode.type === "func_literal") return true;
    if (!name) return fnNode.type === "index_expression" || fnNode.type === "call_expression";
    const parts = name.split(".");
    const method = parts[parts.length - 1]!;
    if (parts.length === 1) return !BUILTINS.has(name) && !DELAY_HELPERS.test(name);
    if (path && BOOKKEEPING_PACKAGES.test(path)) return false;
    // building the request is not sending it; headers are bookkeeping
    if (BOOKKEEPING_METHODS.has(method) || parts.includes("Header") || /^NewRequest(WithContext)?$/.test(method)) return false;
    if (LOG_METHODS.test(method) && parts.slice(0, -1).some((x) => LOGGERS.test(x))) return false;
    if (DELAY_HELPERS.test(method)) return false;
    void call;
    return true;
  }
}

function paramNames(fn: SyntaxNode): string[] {
  const out: string[] = [];
  for (const p of fn.childForFieldName("parameters")?.namedChildren ?? []) {
    if (p?.type === "parameter_declaration" || p?.type === "variadic_parameter_declaration") for (const n of p.childrenForFieldName("name")) out.push(n.text);
  }
  return out;
}

function params(fn: SyntaxNode): Param[] {
  return paramNames(fn).map((name, index) => ({ name, index, default: null }));
}

