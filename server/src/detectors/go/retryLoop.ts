/**
 * Hand-rolled retry loops and retry helpers in Go (DESIGN.md "retry layer": a hand-rolled loop),
 * on the model of ../python/retryLoop.ts. A `for` loop is a retry layer when it (1) calls
 * something that is not bookkeeping, (2) waits — `time.Sleep(d)`, `<-time.After(d)` (alone or in
 * a `select` with `ctx.Done()`), `time.NewTimer(d)` / `timer.Reset(d)`, or a same-file function
 * that does one of these outside a loop — and (3) leaves the loop on success: a `return`/`break`
 * guarded by `err == nil`, a 2xx-ish status check or `status.Code(err) != codes.Unavailable` (or in
 * the `else` of `err != nil`), or an unguarded one after a `continue` taken on failure. Worker and
 * poll loops that keep going after a success, pagination and loops that only sleep are not layers.
 *
 * Count (attempts = calls of the operation): `for i := A; i < N; i++` → N−A (`<=` → +1, counting
 * down with `i--` likewise), `for range N` / `for i := range N` (Go 1.22) → N, a range over a
 * literal list (`[]time.Duration{…}`, or a variable holding one) → its length, a counter checked
 * in the body (`if attempts >= max { return err }`) → as the Python detector: the order of call,
 * check and increment decides ±1 (the for-clause update runs after the body). Bounds are literals,
 * local or package constants, `len(list)` and + − × ÷ of them; anything else (a parameter, a
 * struct field, a constant of another file) leaves maxAttempts null with countUnknown and the
 * reason. No counter at all → unbounded (RL002).
 * Wait: a literal duration → fixed; `base << i`, `time.Duration(1<<i) * base`, `math.Pow(2, …)`,
 * `d *= 2` → exponential; `time.Duration(i) * base` → linear; `rand.*` (math/rand, v2,
 * crypto/rand) or a `jitter(…)` helper anywhere in the delay's definition → jitter.
 * A loop calling a parameter of its function (`op func() error`) makes the function a retry
 * helper (LayerAttachment "helper": each caller's closure or function value is retried);
 * otherwise the layer is a block over the loop's calls.
 */
import type { LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { callArgs, calleeNode, descendants, dottedName, enclosingFunction, fmtSeconds, FUNCTION_NODES, nodeSpan, stringValue, within } from "./syntax";

/** standard and logging packages whose calls are bookkeeping, not the operation retried */
const BOOKKEEPING_PACKAGES =
  /^(time|math|math\/rand(\/v2)?|crypto\/rand|log|log\/slog|fmt|errors|strings|strconv|bytes|sync|sync\/atomic|context|sort|slices|maps|unicode(\/.*)?|io|os|encoding\/.*|net\/url|runtime|expvar|go\.uber\.org\/zap|github\.com\/sirupsen\/logrus|github\.com\/rs\/zerolog(\/.*)?|github\.com\/go-logr\/logr|github\.com\/prometheus\/.*|go\.opentelemetry\.io\/.*|google\.golang\.org\/grpc\/(status|codes))$/;
const BUILTINS = new Set(["len", "cap", "append", "make", "new", "copy", "delete", "panic", "recover", "print", "println", "min", "max", "clear", "close", "complex", "real", "imag", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "float32", "float64", "string", "byte", "rune", "bool", "error", "any"]);
/** methods that are bookkeeping whatever their receiver: cleanup, locks, context and error accessors */
const BOOKKEEPING_METHODS = new Set(["Close", "Stop", "Reset", "Lock", "Unlock", "RLock", "RUnlock", "Done", "Err", "Deadline", "Error", "String", "Seconds", "Milliseconds", "Nanoseconds", "Unwrap"]);
/** logging / metrics methods, skipped when some part of the callee looks like a logger or a metric */
const LOG_METHODS = /^(Print|Printf|Println|Info|Infof|Infow|Warn|Warnf|Warnw|Warning|Warningf|Error|Errorf|Errorw|Debug|Debugf|Debugw|Fatal|Fatalf|Log|Logf|LogAttrs|Msg|Msgf|Send|With|WithField|WithFields|WithError|Str|Int|Dur|Inc|Add|Observe|Set|RecordError|SetStatus|SetAttributes|AddEvent|End)$/;
const LOGGERS = /log|metric|span|tracer|counter|histogram|gauge|recorder/i;
const DELAY_HELPERS = /backoff|jitter|delay|sleep/i;
const BUDGET_WORDS = /budget|bucket|throttl|quota/i;
/** names of predicates that say an error (or response) is worth retrying */
const RETRY_PREDICATES = /retry|retriable|retryable|temporary|transient|recoverable/i;
const ERROR_FILTERS = /^(errors\.(Is|As))$|(^|\.)Code$|retry|retriable|retryable|temporary|transient|recoverable|permanent|fatal/i;

const HTTP_STATUS: Record<string, number> = {
  StatusOK: 200, StatusCreated: 201, StatusAccepted: 202, StatusNoContent: 204, StatusMultipleChoices: 300, StatusNotModified: 304,
  StatusBadRequest: 400, StatusUnauthorized: 401, StatusForbidden: 403, StatusNotFound: 404, StatusRequestTimeout: 408,
  StatusConflict: 409, StatusGone: 410, StatusUnprocessableEntity: 422, StatusTooEarly: 425, StatusTooManyRequests: 429,
  StatusInternalServerError: 500, StatusNotImplemented: 501, StatusBadGateway: 502, StatusServiceUnavailable: 503, StatusGatewayTimeout: 504,
};
const TIME_UNITS_NS: Record<string, number> = { Nanosecond: 1, Microsecond: 1e3, Millisecond: 1e6, Second: 1e9, Minute: 60e9, Hour: 3600e9 };
const COMPARISONS = new Set(["<", "<=", ">", ">=", "==", "!="]);
const FLIP: Record<string, string> = { "<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!=" };

/** What the file offers every loop: the time package's name, package-level values, sleep helpers. */
interface FileScope {
  ctx: GoContext;
  time: string;
  http: string | null;
  /** package-level `const`/`var` name → value */
  pkgValues: Map<string, SyntaxNode>;
  /** functions and methods of this file that wait once (not in a loop): id → the parameter holding the delay (null: a delay written inside) */
  sleepHelpers: Map<string, { paramIndex: number | null; inner: SyntaxNode | null }>;
}

export function detectRetryLoops(ctx: GoContext): void {
  const time = ctx.importLocal("time");
  if (!time || time === "_" || time === ".") return;
  const root = ctx.tree.rootNode;
  const loops = descendants(root, "for_statement");
  if (!loops.length) return;
  const scope: FileScope = { ctx, time, http: ctx.importLocal("net/http"), pkgValues: new Map(), sleepHelpers: new Map() };
  for (const decl of root.namedChildren) {
    if (decl?.type !== "const_declaration" && decl?.type !== "var_declaration") continue;
    for (const spec of descendants(decl, ["const_spec", "var_spec"])) {
      const names = spec.childrenForFieldName("name");
      const values = spec.childForFieldName("value")?.namedChildren ?? [];
      names.forEach((n, i) => {
        const v = values.length === names.length ? values[i] : null;
        if (v) scope.pkgValues.set(n.text, v);
      });
    }
  }
  for (const fn of ctx.functionNodes) {
    if (fn.type === "func_literal") continue;
    const name = fn.childForFieldName("name")?.text;
    const body = fn.childForFieldName("body");
    if (!name || !body) continue;
    const nodes = nodesIn(body, false);
    const prim = nodes.find((n) => n.type === "call_expression" && sleepPrimitive(scope, n));
    if (!prim) continue;
    const params = paramNames(fn);
    const inner = callArgs(prim)[0] ?? null;
    const used = inner ? identifiersIn(inner).map((i) => params.indexOf(i.text)).find((i) => i >= 0) : undefined;
    // keyed as calls name it: `sleep` for a function, `Client.wait` for a method called on the receiver
    scope.sleepHelpers.set(ctx.idOf(fn), { paramIndex: used ?? null, inner: used === undefined ? inner : null });
  }
  for (const loop of loops) {
    const fn = enclosingFunction(loop);
    if (!fn) continue;
    try {
      const layer = analyzeLoop(scope, fn, loop);
      if (layer) ctx.facts.layers.push(layer);
    } catch (err) {
      ctx.facts.problems.push({ line: loop.startPosition.row + 1, message: `retry-loop detector: ${(err as Error).message}` });
    }
  }
}

// ------------------------------------------------------------------------------------ tree walks

/** Nodes under `root` in source order, never entering closures; nested loops only when `loops`. */
function nodesIn(root: SyntaxNode, loops: boolean): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n);
    if (n !== root && (FUNCTION_NODES.has(n.type) || (!loops && n.type === "for_statement"))) continue;
    for (let i = n.namedChildCount - 1; i >= 0; i--) {
      const c = n.namedChild(i);
      if (c) stack.push(c);
    }
  }
  return out;
}

function identifiersIn(n: SyntaxNode): SyntaxNode[] {
  return nodesIn(n, true).filter((x) => x.type === "identifier");
}

function paramNames(fn: SyntaxNode): string[] {
  const out: string[] = [];
  for (const p of fn.childForFieldName("parameters")?.namedChildren ?? []) {
    if (p?.type === "parameter_declaration" || p?.type === "variadic_parameter_declaration") for (const n of p.childrenForFieldName("name")) out.push(n.text);
  }
  return out;
}

/** The condition of a `for cond {}` loop (tree-sitter-go gives it no field). */
function headCondition(loop: SyntaxNode): SyntaxNode | null {
  const clause = loop.namedChildren.find((c) => c?.type === "for_clause");
  if (clause) return clause.childForFieldName("condition");
  return loop.namedChildren.find((c) => c && c.type !== "range_clause" && c.type !== "block" && c.type !== "comment") ?? null;
}

/** Does `stmt` (a break or continue) act on `loop`? Unlabeled breaks stop at switch/select too. */
function targets(stmt: SyntaxNode, loop: SyntaxNode): boolean {
  const label = stmt.namedChildren.find((c) => c?.type === "label_name")?.text;
  if (label) return loop.parent?.type === "labeled_statement" && loop.parent.childForFieldName("label")?.text === label;
  const stops = stmt.type === "break_statement" ? ["for_statement", "expression_switch_statement", "type_switch_statement", "select_statement"] : ["for_statement"];
  for (let p = stmt.parent; p; p = p.parent) {
    if (p.id === loop.id) return true;
    if (stops.includes(p.type) || FUNCTION_NODES.has(p.type)) return false;
  }
  return false;
}

/** `return` anywhere in the loop (nested loops included) or a `break` of this loop. */
function isExit(n: SyntaxNode, loop: SyntaxNode): boolean {
  return n.type === "return_statement" || (n.type === "break_statement" && targets(n, loop));
}

// ------------------------------------------------------------------------------------ the loop

interface Sleep {
  call: SyntaxNode;
  /** the delay expression, in the loop's function */
  arg: SyntaxNode | null;
  /** a fixed delay written inside a sleep helper */
  inner: SyntaxNode | null;
}

function sleepPrimitive(scope: FileScope, call: SyntaxNode): boolean {
  const name = dottedName(calleeNode(call));
  if (name === `${scope.time}.Sleep` || name === `${scope.time}.After` || name === `${scope.time}.NewTimer`) return true;
  // timer.Reset(d) on a timer from time.NewTimer
  if (name?.endsWith(".Reset")) {
    const head = name.split(".")[0]!;
    const v = scope.ctx.lookup(head, call)?.value;
    return v?.type === "call_expression" && dottedName(calleeNode(v)) === `${scope.time}.NewTimer`;
  }
  return false;
}

function findSleeps(scope: FileScope, own: SyntaxNode[]): Sleep[] {
  const out: Sleep[] = [];
  for (const n of own) {
    if (n.type !== "call_expression") continue;
    if (sleepPrimitive(scope, n)) {
      out.push({ call: n, arg: callArgs(n)[0] ?? null, inner: null });
      continue;
    }
    const name = scope.ctx.nameOf(calleeNode(n), n);
    const helper = name ? scope.sleepHelpers.get(name) : undefined;
    if (helper) {
      out.push({ call: n, arg: helper.paramIndex === null ? null : (callArgs(n)[helper.paramIndex] ?? null), inner: helper.inner });
    }
  }
  return out;
}

function isRetriedCall(scope: FileScope, call: SyntaxNode): boolean {
  const fnNode = calleeNode(call);
  if (!fnNode) return false;
  if (fnNode.type === "func_literal") return true;
  const name = dottedName(fnNode);
  if (!name) return fnNode.type === "index_expression" || fnNode.type === "call_expression";
  if (BUDGET_WORDS.test(name)) return false;
  const parts = name.split(".");
  const method = parts[parts.length - 1]!;
  if (parts.length === 1) return !BUILTINS.has(name) && !DELAY_HELPERS.test(name);
  const path = scope.ctx.importPath(parts[0]!);
  if (path && !scope.ctx.lookup(parts[0]!, call) && BOOKKEEPING_PACKAGES.test(path)) return false;
  // building the request is not sending it; headers are bookkeeping
  if (BOOKKEEPING_METHODS.has(method) || parts.includes("Header") || /^NewRequest(WithContext)?$/.test(method)) return false;
  if (LOG_METHODS.test(method) && parts.slice(0, -1).some((p) => LOGGERS.test(p))) return false;
  if (DELAY_HELPERS.test(method)) return false;
  return true;
}

function analyzeLoop(scope: FileScope, fn: SyntaxNode, loop: SyntaxNode): LayerFact | null {
  const { ctx } = scope;
  const body = loop.childForFieldName("body");
  if (!body) return null;
  const own = nodesIn(body, false);
  const all = nodesIn(body, true);
  const sleeps = findSleeps(scope, own);
  if (!sleeps.length) return null;
  const retried = all.filter((n) => n.type === "call_expression" && !sleeps.some((s) => within(n, s.call)) && isRetriedCall(scope, n));
  if (!retried.length) return null;
  if (!all.some((n) => isExit(n, loop) && successExit(scope, loop, body, own, n))) return null;

  const functionId = ctx.idOf(fn);
  const params = paramNames(fn);
  const paramCall = retried.find((c) => {
    const callee = calleeNode(c);
    if (callee?.type !== "identifier" || !params.includes(callee.text)) return false;
    // the parameter itself, not a local that shadows it
    const local = ctx.lookup(callee.text, c);
    return local?.id === `${functionId}.${callee.text}` && !local.value;
  });
  const bound = countBound(scope, fn, loop, own, paramCall ?? retried[0]!);
  const attach: LayerFact["attach"] = paramCall
    ? { kind: "helper", functionId, paramIndex: params.indexOf(calleeNode(paramCall)!.text), paramName: calleeNode(paramCall)!.text }
    : {
        kind: "block",
        functionId,
        callIds: retried.map((c) => ctx.callIds.get(c.id)).filter((id): id is string => !!id),
      };
  const budgetCall = all.find((n) => n.type === "call_expression" && BUDGET_WORDS.test(dottedName(calleeNode(n)) ?? ""));
  return {
    localId: ctx.nextId("L", loop),
    kind: "retry-loop",
    category: "code",
    library: "hand-rolled",
    anchor: nodeSpan(loop),
    maxAttempts: bound.maxAttempts,
    attemptsSource: "config",
    attemptsNote: bound.note,
    timeBound: bound.maxAttempts === null ? bound.timeBound : null,
    ...(bound.unknown ? { countUnknown: true } : {}),
    wait: sleepWait(scope, fn, loop, bound.counters, sleeps[0]!),
    condition: loopCondition(scope, fn, loop, body, own, sleeps),
    budget: budgetCall ? `token bucket (${budgetCall.text.slice(0, 60)})` : null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach,
    label: functionId,
  };
}

// ------------------------------------------------------------------------------------ success exits

/**
 * A state of one attempt: success (`err == nil`, status 200), a transport error (`err != nil`, no
 * response) or an error status (503).
 */
interface Outcome {
  err: boolean;
  status: number | null;
}
const SUCCESS: Outcome = { err: false, status: 200 };
const FAILURES: Outcome[] = [{ err: true, status: null }, { err: false, status: 503 }];

type Guard = (o: Outcome) => boolean | null;

/** The conditions under which `n` runs, from the `if`s and tagless `switch` cases around it in the loop body. */
function guardsOf(scope: FileScope, n: SyntaxNode, body: SyntaxNode): Guard[] {
  const out: Guard[] = [];
  for (let p = n; p.parent && p.id !== body.id; p = p.parent) {
    const parent = p.parent;
    if (parent.type === "if_statement") {
      const cond = parent.childForFieldName("condition");
      if (!cond) continue;
      if (parent.childForFieldName("consequence")?.id === p.id) out.push((o) => truth(scope, cond, o));
      else if (parent.childForFieldName("alternative")?.id === p.id) out.push((o) => not(truth(scope, cond, o)));
    } else if (parent.type === "expression_case" && p.type !== "expression_list") {
      const sw = parent.parent;
      const tag = sw?.childForFieldName("value");
      const values = parent.childForFieldName("value")?.namedChildren.filter((v): v is SyntaxNode => !!v) ?? [];
      if (!tag) out.push((o) => or(values.map((v) => truth(scope, v, o))));
      else if (isStatus(tag)) out.push((o) => or(values.map((v) => (o.status === null ? null : statusNumber(scope, v) === null ? null : statusNumber(scope, v) === o.status))));
      else out.push(() => null);
    } else if (parent.type === "communication_case") {
      // a reply arriving says nothing by itself; cancellation and timers are not success
      const comm = parent.childForFieldName("communication");
      if (!comm || /\.Done\(\)|\bAfter\(|\.C\b/.test(comm.text)) out.push(() => null);
    } else if (parent.type === "default_case" || parent.type === "type_case") out.push(() => null);
  }
  return out;
}

function holds(guards: Guard[], o: Outcome): boolean | null {
  return and(guards.map((g) => g(o)));
}

/**
 * An exit taken when the attempt succeeded: its guards hold on success and fail on some failure;
 * or it is taken on success after a `continue` that is taken on failure (`if err != nil { sleep;
 * continue }; return resp`).
 */
function successExit(scope: FileScope, loop: SyntaxNode, body: SyntaxNode, own: SyntaxNode[], exit: SyntaxNode): boolean {
  const guards = guardsOf(scope, exit, body);
  if (holds(guards, SUCCESS) !== true) return false;
  if (FAILURES.some((f) => holds(guards, f) === false)) return true;
  return own.some((c) => {
    if (c.type !== "continue_statement" || c.startIndex > exit.startIndex || !targets(c, loop)) return false;
    const g = guardsOf(scope, c, body);
    return holds(g, SUCCESS) === false && FAILURES.some((f) => holds(g, f) === true);
  });
}

function and(vs: Array<boolean | null>): boolean | null {
  if (vs.some((v) => v === false)) return false;
  return vs.every((v) => v === true) ? true : null;
}
function or(vs: Array<boolean | null>): boolean | null {
  if (vs.some((v) => v === true)) return true;
  return vs.length && vs.every((v) => v === false) ? false : null;
}
function not(v: boolean | null): boolean | null {
  return v === null ? null : !v;
}

const isErrName = (s: string) => /err(or)?$/i.test(s) || s === "e";
const isStatus = (n: SyntaxNode) => descendants(n, "field_identifier").some((f) => f.text === "StatusCode");

/** Does `cond` hold for this outcome? null when it depends on something else. */
function truth(scope: FileScope, cond: SyntaxNode, o: Outcome): boolean | null {
  switch (cond.type) {
    case "parenthesized_expression":
      return cond.namedChildren[0] ? truth(scope, cond.namedChildren[0], o) : null;
    case "true":
      return true;
    case "false":
      return false;
    case "unary_expression": {
      const operand = cond.childForFieldName("operand");
      return cond.childForFieldName("operator")?.text === "!" && operand ? not(truth(scope, operand, o)) : null;
    }
    case "call_expression": {
      const name = dottedName(calleeNode(cond)) ?? "";
      const member = name.slice(name.lastIndexOf(".") + 1);
      if (RETRY_PREDICATES.test(member)) return o.err || (o.status !== null && (o.status >= 500 || o.status === 429));
      if (member === "Temporary" || member === "Timeout") return o.err ? null : false;
      return null;
    }
    case "binary_expression": {
      const op = cond.childForFieldName("operator")?.text ?? "";
      const l = cond.childForFieldName("left");
      const r = cond.childForFieldName("right");
      if (!l || !r) return null;
      if (op === "&&") return and([truth(scope, l, o), truth(scope, r, o)]);
      if (op === "||") return or([truth(scope, l, o), truth(scope, r, o)]);
      if (!COMPARISONS.has(op)) return null;
      const [side, other] = r.type === "nil" ? [l, r] : l.type === "nil" ? [r, l] : [null, null];
      if (side && other && (op === "==" || op === "!=")) {
        // `err`, `lastErr`, `res.Err`; any other name is a result (nil on a transport error)
        const name = side.type === "identifier" ? side.text : side.type === "selector_expression" ? (side.childForFieldName("field")?.text ?? "") : null;
        if (name === null || (side.type === "selector_expression" && !isErrName(name))) return null;
        const isNil = isErrName(name) ? !o.err : o.err;
        return op === "==" ? isNil : !isNil;
      }
      // gRPC: `status.Code(err) != codes.Unavailable`, `status.Code(err) == codes.OK`
      const code = grpcCodeSide(l) ? [l, r] : grpcCodeSide(r) ? [r, l] : null;
      if (code && (op === "==" || op === "!=")) {
        const other = dottedName(code[1]);
        if (!other || !/\.(OK|Canceled|Unknown|InvalidArgument|DeadlineExceeded|NotFound|AlreadyExists|PermissionDenied|ResourceExhausted|FailedPrecondition|Aborted|OutOfRange|Unimplemented|Internal|Unavailable|DataLoss|Unauthenticated)$/.test(other)) return null;
        const isOk = other.endsWith(".OK");
        // on success the code is OK; a failure's code is some other one (Unavailable is the retried one)
        const equal = o.err ? (isOk ? false : other.endsWith(".Unavailable") ? true : null) : isOk;
        return equal === null ? null : op === "==" ? equal : !equal;
      }
      if (isStatus(l) || isStatus(r)) {
        if (o.status === null) return null;
        const lv = evalStatusSide(scope, l, o.status);
        const rv = evalStatusSide(scope, r, o.status);
        return lv === null || rv === null ? null : compare(lv, op, rv);
      }
      return null;
    }
  }
  return null;
}

/** `status.Code(err)` (grpc-go's status package) */
function grpcCodeSide(n: SyntaxNode): boolean {
  if (n.type !== "call_expression") return false;
  const name = dottedName(calleeNode(n)) ?? "";
  return /(^|\.)Code$/.test(name) && callArgs(n).length === 1 && isErrName(callArgs(n)[0]!.text);
}

function compare(l: number, op: string, r: number): boolean {
  switch (op) {
    case "<": return l < r;
    case "<=": return l <= r;
    case ">": return l > r;
    case ">=": return l >= r;
    case "==": return l === r;
    default: return l !== r;
  }
}

/** `resp.StatusCode`, `resp.StatusCode/100`, `http.StatusOK`, `503` with the status given. */
function evalStatusSide(scope: FileScope, n: SyntaxNode, status: number): number | null {
  if (n.type === "selector_expression" && n.childForFieldName("field")?.text === "StatusCode") return status;
  if (n.type === "parenthesized_expression" && n.namedChildren[0]) return evalStatusSide(scope, n.namedChildren[0], status);
  if (n.type === "binary_expression") {
    const ln = n.childForFieldName("left");
    const rn = n.childForFieldName("right");
    const l = ln ? evalStatusSide(scope, ln, status) : null;
    const r = rn ? evalStatusSide(scope, rn, status) : null;
    if (l === null || r === null) return null;
    switch (n.childForFieldName("operator")?.text) {
      case "/": return r === 0 ? null : Math.trunc(l / r);
      case "+": return l + r;
      case "-": return l - r;
      case "%": return r === 0 ? null : l % r;
    }
    return null;
  }
  return statusNumber(scope, n);
}

function statusNumber(scope: FileScope, n: SyntaxNode): number | null {
  if (n.type === "selector_expression" && scope.http && n.childForFieldName("operand")?.text === scope.http) return HTTP_STATUS[n.childForFieldName("field")?.text ?? ""] ?? null;
  if (n.type === "int_literal") return Number(n.text.replaceAll("_", ""));
  if (n.type === "identifier") {
    const v = scope.ctx.lookup(n.text, n)?.value ?? scope.pkgValues.get(n.text);
    return v && v.type !== "identifier" ? statusNumber(scope, v) : null;
  }
  return null;
}

// ------------------------------------------------------------------------------------ count

interface Counter {
  name: string;
  step: 1 | -1;
  /** where it is incremented; Infinity for a for-clause update (after the body) */
  pos: number;
  start: number | null;
  startText: string;
}

interface CountBound {
  maxAttempts: number | null;
  note: string;
  timeBound: string | null;
  unknown: boolean;
  counters: Counter[];
}

/** `i++`, `i--`, `i += 1`, `i -= 1`, `i = i + 1`: the counter and its step. */
function stepOf(n: SyntaxNode): { name: string; step: 1 | -1 } | null {
  if (n.type === "inc_statement" || n.type === "dec_statement") {
    const target = n.namedChildren[0];
    return target?.type === "identifier" ? { name: target.text, step: n.type === "inc_statement" ? 1 : -1 } : null;
  }
  if (n.type !== "assignment_statement") return null;
  const left = n.childForFieldName("left")?.namedChildren ?? [];
  const right = n.childForFieldName("right")?.namedChildren ?? [];
  if (left.length !== 1 || right.length !== 1 || left[0]?.type !== "identifier") return null;
  const name = left[0].text;
  const op = n.childForFieldName("operator")?.text;
  const r = right[0]!;
  if ((op === "+=" || op === "-=") && r.text === "1") return { name, step: op === "+=" ? 1 : -1 };
  if (op === "=" && r.type === "binary_expression" && r.childForFieldName("left")?.text === name && r.childForFieldName("right")?.text === "1") {
    const bop = r.childForFieldName("operator")?.text;
    if (bop === "+" || bop === "-") return { name, step: bop === "+" ? 1 : -1 };
  }
  return null;
}

/** Bindings of `name` in the function (not in closures), in source order. */
function bindings(fn: SyntaxNode, name: string): Array<{ node: SyntaxNode; value: SyntaxNode | null; op: string }> {
  const body = fn.childForFieldName("body");
  if (!body) return [];
  const out: Array<{ node: SyntaxNode; value: SyntaxNode | null; op: string }> = [];
  for (const n of nodesIn(body, true)) {
    if (n.type === "short_var_declaration" || n.type === "assignment_statement") {
      const left = n.childForFieldName("left")?.namedChildren ?? [];
      const right = n.childForFieldName("right")?.namedChildren ?? [];
      left.forEach((l, i) => {
        if (l?.type === "identifier" && l.text === name) out.push({ node: n, value: right.length === left.length ? (right[i] ?? null) : null, op: n.type === "assignment_statement" ? (n.childForFieldName("operator")?.text ?? "=") : ":=" });
      });
    } else if (n.type === "var_spec" || n.type === "const_spec") {
      const names = n.childrenForFieldName("name");
      const values = n.childForFieldName("value")?.namedChildren ?? [];
      names.forEach((l, i) => {
        if (l.text === name) out.push({ node: n, value: values.length === names.length ? (values[i] ?? null) : null, op: values.length ? ":=" : "zero" });
      });
    } else if (n.type === "inc_statement" || n.type === "dec_statement") {
      if (n.namedChildren[0]?.text === name) out.push({ node: n, value: null, op: n.type });
    } else if (n.type === "range_clause") {
      if ((n.childForFieldName("left")?.namedChildren ?? []).some((l) => l?.text === name)) out.push({ node: n, value: null, op: "range" });
    }
  }
  return out;
}

/** A name's value when it is bound once (a local `:=`/`const`, or a package-level const/var) and never changed. */
function resolveName(scope: FileScope, fn: SyntaxNode, id: SyntaxNode): SyntaxNode | null {
  const local = scope.ctx.lookup(id.text, id);
  if (local) {
    if (!local.value) return null;
    // bound once: a closure reading its enclosing function's local sees no binding of its own
    return bindings(fn, id.text).length <= 1 ? local.value : null;
  }
  // a package-level var changed in this function is not a constant
  if (bindings(fn, id.text).length) return null;
  return scope.pkgValues.get(id.text) ?? null;
}

/** Integer / duration arithmetic (durations in nanoseconds); names through resolveName; env overrides. */
function evalNum(scope: FileScope, fn: SyntaxNode, n: SyntaxNode | null | undefined, env: Map<string, number> = new Map(), depth = 0): number | null {
  if (!n || depth > 8) return null;
  switch (n.type) {
    case "int_literal":
    case "float_literal": {
      const t = n.text.replaceAll("_", "");
      const v = /^0x/i.test(t) ? parseInt(t, 16) : /^0o/i.test(t) ? parseInt(t.slice(2), 8) : Number(t);
      return Number.isFinite(v) ? v : null;
    }
    case "parenthesized_expression":
      return evalNum(scope, fn, n.namedChildren[0], env, depth + 1);
    case "identifier": {
      if (env.has(n.text)) return env.get(n.text)!;
      const v = resolveName(scope, fn, n);
      return v ? evalNum(scope, fn, v, env, depth + 1) : null;
    }
    case "selector_expression": {
      if (n.childForFieldName("operand")?.text === scope.time) return TIME_UNITS_NS[n.childForFieldName("field")?.text ?? ""] ?? null;
      return null;
    }
    case "unary_expression": {
      const v = evalNum(scope, fn, n.childForFieldName("operand"), env, depth + 1);
      const op = n.childForFieldName("operator")?.text;
      return v === null ? null : op === "-" ? -v : op === "+" ? v : null;
    }
    case "binary_expression": {
      const l = evalNum(scope, fn, n.childForFieldName("left"), env, depth + 1);
      const r = evalNum(scope, fn, n.childForFieldName("right"), env, depth + 1);
      if (l === null || r === null) return null;
      switch (n.childForFieldName("operator")?.text) {
        case "+": return l + r;
        case "-": return l - r;
        case "*": return l * r;
        case "/": return r === 0 ? null : Number.isInteger(l) && Number.isInteger(r) ? Math.trunc(l / r) : l / r;
        case "%": return r === 0 ? null : l % r;
        case "<<": return r > 52 ? null : l * 2 ** r;
        case ">>": return Math.floor(l / 2 ** r);
      }
      return null;
    }
    case "call_expression": {
      const name = dottedName(calleeNode(n)) ?? "";
      const args = callArgs(n);
      if (name === `${scope.time}.Duration` || /^(u?int(8|16|32|64)?|float(32|64))$/.test(name)) return evalNum(scope, fn, args[0], env, depth + 1);
      if (name === "len" && args[0]) {
        const list = listOf(scope, fn, args[0]);
        return list ? list.length : null;
      }
      if ((name === "min" || name === "max") && args.length) {
        const vs = args.map((a) => evalNum(scope, fn, a, env, depth + 1));
        if (vs.some((v) => v === null)) return null;
        return name === "min" ? Math.min(...(vs as number[])) : Math.max(...(vs as number[]));
      }
      if (name === "math.Pow" && args.length === 2) {
        const [a, b] = args.map((x) => evalNum(scope, fn, x, env, depth + 1));
        return a === null || b === null || a === undefined || b === undefined ? null : a ** b;
      }
      return null;
    }
  }
  return null;
}

/** The elements of a literal slice/array (or a name bound to one). */
function listOf(scope: FileScope, fn: SyntaxNode, n: SyntaxNode, depth = 0): SyntaxNode[] | null {
  if (depth > 4) return null;
  if (n.type === "identifier") {
    const v = resolveName(scope, fn, n);
    return v ? listOf(scope, fn, v, depth + 1) : null;
  }
  if (n.type === "parenthesized_expression" && n.namedChildren[0]) return listOf(scope, fn, n.namedChildren[0], depth + 1);
  if (n.type !== "composite_literal") return null;
  const type = n.childForFieldName("type")?.type;
  if (type !== "slice_type" && type !== "array_type" && type !== "implicit_length_array_type") return null;
  return (n.childForFieldName("body")?.namedChildren ?? [])
    .filter((c): c is SyntaxNode => !!c && (c.type === "literal_element" || c.type === "keyed_element"))
    .map((c) => (c.type === "literal_element" ? (c.namedChildren[0] ?? c) : (c.childForFieldName("value")?.namedChildren[0] ?? c)));
}

/** Why a bound is not a number: a parameter, a field, a name from another file. */
function whyUnknown(scope: FileScope, fn: SyntaxNode, bound: SyntaxNode): string {
  const ids = identifiersIn(bound);
  const param = ids.find((i) => paramNames(fn).includes(i.text) && scope.ctx.lookup(i.text, i)?.id === `${scope.ctx.idOf(fn)}.${i.text}`);
  if (param) return `${param.text} is a parameter: each caller chooses the count`;
  if (bound.type === "selector_expression" || descendants(bound, "selector_expression").length) return `${bound.text} is not known statically (a field or another package's value)`;
  return `${bound.text} is not known statically (computed, or defined in another file)`;
}

function countBound(scope: FileScope, fn: SyntaxNode, loop: SyntaxNode, own: SyntaxNode[], firstCall: SyntaxNode): CountBound {
  const result = (maxAttempts: number | null, note: string, extra: Partial<CountBound> = {}): CountBound => ({ maxAttempts, note, timeBound: null, unknown: false, counters, ...extra });
  const unknown = (note: string): CountBound => result(null, note, { unknown: true });
  const counters: Counter[] = [];
  const startOf = (name: string): { start: number | null; text: string } => {
    const before = bindings(fn, name).filter((b) => b.node.startIndex < loop.startIndex);
    const last = before[before.length - 1];
    if (!last) return { start: null, text: name };
    if (last.op === "zero") return { start: 0, text: "0" };
    if (last.op !== ":=" && last.op !== "=") return { start: null, text: name };
    return { start: evalNum(scope, fn, last.value), text: last.value?.text ?? name };
  };

  const range = loop.namedChildren.find((c) => c?.type === "range_clause");
  if (range) {
    const right = range.childForFieldName("right");
    if (!right) return unknown("for … range: nothing to range over");
    const list = listOf(scope, fn, right);
    if (list) return result(list.length, `for … range ${right.text} (${list.length} items): ${list.length} attempts`);
    const n = evalNum(scope, fn, right);
    if (n !== null) return result(Math.max(0, n), `for … range ${right.text}: ${Math.max(0, n)} attempts`);
    return unknown(`for … range ${right.text}: ${whyUnknown(scope, fn, right)}`);
  }

  const clause = loop.namedChildren.find((c) => c?.type === "for_clause");
  if (clause) {
    const update = clause.childForFieldName("update");
    const step = update ? stepOf(update) : null;
    if (step) {
      const init = clause.childForFieldName("initializer");
      const left = init?.childForFieldName("left")?.namedChildren ?? [];
      const right = init?.childForFieldName("right")?.namedChildren ?? [];
      const idx = left.findIndex((l) => l?.text === step.name);
      const s = idx >= 0 ? { start: evalNum(scope, fn, right[idx]), text: right[idx]?.text ?? "?" } : startOf(step.name);
      counters.push({ ...step, pos: Infinity, start: s.start, startText: s.text });
    }
  }
  for (const n of own) {
    const step = stepOf(n);
    if (!step || counters.some((c) => c.name === step.name)) continue;
    const s = startOf(step.name);
    counters.push({ ...step, pos: n.startIndex, start: s.start, startText: s.text });
  }

  /** a comparison with a counter, normalised to `u op B` where u counts iterations from 0 upwards */
  const normalise = (cond: SyntaxNode): { counter: Counter; op: string; bound: number | null; boundNode: SyntaxNode } | null => {
    for (const cmp of [cond, ...descendants(cond, "binary_expression")]) {
      if (cmp.type !== "binary_expression") continue;
      const op0 = cmp.childForFieldName("operator")?.text ?? "";
      if (!COMPARISONS.has(op0)) continue;
      const l = cmp.childForFieldName("left");
      const r = cmp.childForFieldName("right");
      const onLeft = l?.type === "identifier" ? counters.find((c) => c.name === l.text) : undefined;
      const onRight = r?.type === "identifier" ? counters.find((c) => c.name === r.text) : undefined;
      const counter = onLeft ?? onRight;
      const boundNode = onLeft ? r : l;
      if (!counter || !boundNode) continue;
      const op = onLeft ? op0 : FLIP[op0]!;
      const b = evalNum(scope, fn, boundNode);
      if (b === null || counter.start === null) return { counter, op, bound: null, boundNode };
      return counter.step === 1 ? { counter, op, bound: b - counter.start, boundNode } : { counter, op: FLIP[op]!, bound: counter.start - b, boundNode };
    }
    return null;
  };
  const unknownCounter = (cmp: { counter: Counter; boundNode: SyntaxNode }, text: string) =>
    unknown(`${text}: ${evalNum(scope, fn, cmp.boundNode) === null ? whyUnknown(scope, fn, cmp.boundNode) : `the start of ${cmp.counter.name} (${cmp.counter.startText}) is not known statically`}`);

  const head = headCondition(loop);
  const headCmp = head ? normalise(head) : null;
  if (head && headCmp) {
    if (headCmp.bound === null) return unknownCounter(headCmp, `for ${head.text}`);
    const op = headCmp.op;
    if (op === "<" || op === "!=" || op === "<=") {
      const n = Math.max(0, headCmp.bound + (op === "<=" ? 1 : 0));
      return result(n, `for ${head.text}: ${n} attempts`);
    }
  }
  // a counter checked in the body: `if attempts >= max { return err }`
  for (const n of own) {
    let cond: SyntaxNode | null | undefined = null;
    let branch: SyntaxNode | null = null;
    if (n.type === "if_statement") {
      cond = n.childForFieldName("condition");
      branch = n.childForFieldName("consequence");
    } else if (n.type === "expression_case" && !n.parent?.childForFieldName("value")) {
      cond = n.childForFieldName("value")?.namedChildren[0];
      branch = n;
    }
    const cmp = cond ? normalise(cond) : null;
    if (!cmp || !branch || !nodesIn(branch, true).some((x) => isExit(x, loop))) continue;
    if (cmp.op !== ">=" && cmp.op !== ">" && cmp.op !== "==") continue;
    if (cmp.bound === null) return unknownCounter(cmp, `stops when ${cond!.text}`);
    const c = firstCall.startIndex;
    const k = n.startIndex;
    const i = cmp.counter.pos;
    const adjust = c < k && k < i ? 1 : i < k && k < c ? -1 : 0;
    const attempts = Math.max(1, cmp.bound + adjust + (cmp.op === ">" ? 1 : 0));
    return result(attempts, `stops when ${cond!.text}: ${attempts} attempts`);
  }
  if (head && !headCmp && !counters.length && head.type !== "true") {
    const t = timeBoundOf(scope, loop, head, own);
    return t ? result(null, `for ${head.text}: no attempt counter; bounded by ${t} only`, { timeBound: t }) : result(null, `for ${head.text}: no attempt counter: the loop retries until it succeeds`);
  }
  const t = timeBoundOf(scope, loop, head, own);
  const cancel = own.some((n) => n.type === "call_expression" && /(^|\.)(ctx|context)\.Done$/i.test(dottedName(calleeNode(n)) ?? ""));
  return t
    ? result(null, `no attempt counter; bounded by ${t} only`, { timeBound: t })
    : result(null, `no attempt counter: the loop retries until it succeeds${cancel ? " or its context is cancelled" : ""}`);
}

/** A deadline checked by the loop: `time.Since(start) > maxWait`, `time.Now().After(deadline)`, a deadline/timeout name. */
function timeBoundOf(scope: FileScope, loop: SyntaxNode, head: SyntaxNode | null, own: SyntaxNode[]): string | null {
  const conds = [head, ...own.filter((n) => n.type === "if_statement" && nodesIn(n.childForFieldName("consequence") ?? n, true).some((x) => isExit(x, loop))).map((n) => n.childForFieldName("condition"))];
  for (const c of conds) {
    if (!c) continue;
    const since = descendants(c, "call_expression").find((x) => /\.(Since|Until|After|Before)$/.test(dottedName(calleeNode(x)) ?? "") && x.text.includes(`${scope.time}.`));
    if (since) return c.text;
    const name = identifiersIn(c).find((i) => /deadline|timeout|elapsed|maxWait|maxDuration/i.test(i.text));
    if (name) return name.text;
  }
  return null;
}

// ------------------------------------------------------------------------------------ wait

interface Shape {
  random: boolean;
  exponential: boolean;
  grows: boolean;
  /** calls whose delay we cannot read */
  opaque: boolean;
}

function sleepWait(scope: FileScope, fn: SyntaxNode, loop: SyntaxNode, counters: Counter[], sleep: Sleep): WaitSpec {
  const arg = sleep.arg ?? sleep.inner;
  const callText = sleep.call.text.length > 60 ? `${sleep.call.text.slice(0, 57)}…` : sleep.call.text;
  if (!arg) return { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: `${callText}: delay not known` };
  // a list of delays ranged over: `for _, d := range []time.Duration{…}` / `delays[i]`
  const list = delayList(scope, fn, loop, arg);
  if (list) {
    const secs = list.map((e) => evalNum(scope, fn, e));
    const known = secs.every((s) => s !== null) ? (secs as number[]).map((s) => s / 1e9) : null;
    const shape = delayShape(scope, fn, loop, counters, arg, 0);
    let kind: WaitSpec["kind"] = "custom";
    if (known && known.length) {
      if (known.every((s) => s === 0)) kind = "none";
      else if (known.every((s) => s === known[0])) kind = "fixed";
      else if (known.every((s, i) => i === 0 || (known[i - 1]! > 0 && s / known[i - 1]! >= 1.5))) kind = "exponential";
      else if (known.every((s, i) => i === 0 || s >= known[i - 1]!)) kind = "linear";
    }
    return {
      kind,
      jitter: shape.random,
      initialSeconds: known ? (known[0] ?? null) : null,
      maxSeconds: known && known.length ? Math.max(...known) : null,
      source: "config",
      description: `${callText} over ${known ? known.map(fmtSeconds).join(", ") : "a list of delays"}${shape.random ? ", randomised" : ", no jitter"}`,
    };
  }
  const shape = delayShape(scope, fn, loop, counters, arg, 0);
  const env = new Map<string, number>();
  for (const c of counters) if (c.start !== null) env.set(c.name, c.start);
  let ns = shape.random ? null : evalNum(scope, fn, arg, env);
  if (ns === null && !shape.random && arg.type === "identifier") {
    // `delay := 100 * time.Millisecond` before the loop, `delay *= 2` in it: the first wait
    const before = bindings(fn, arg.text).filter((b) => b.node.startIndex < loop.startIndex);
    const last = before[before.length - 1];
    if (last && (last.op === ":=" || last.op === "=")) ns = evalNum(scope, fn, last.value, env);
  }
  const seconds = ns === null ? null : ns / 1e9;
  const kind: WaitSpec["kind"] =
    seconds === 0 && !shape.grows && !shape.exponential ? "none" : shape.exponential ? "exponential" : shape.grows ? "linear" : shape.random ? "random" : shape.opaque ? "custom" : "fixed";
  const jitter = shape.random ? true : shape.opaque ? null : false;
  const what = kind === "fixed" && seconds !== null ? `: fixed ${fmtSeconds(seconds)}` : kind === "none" ? ": no wait" : kind === "custom" ? ": computed delay" : `: ${kind}${seconds !== null ? ` from ${fmtSeconds(seconds)}` : ""}`;
  return {
    kind,
    jitter,
    initialSeconds: seconds,
    maxSeconds: kind === "fixed" || kind === "none" ? seconds : null,
    source: "config",
    description: `${callText}${what}${jitter === true ? ", randomised" : jitter === false && kind !== "none" ? ", no jitter" : ""}`,
  };
}

/** The delays a sleep walks through: the range variable of a literal list, or `list[i]`. */
function delayList(scope: FileScope, fn: SyntaxNode, loop: SyntaxNode, arg: SyntaxNode): SyntaxNode[] | null {
  const range = loop.namedChildren.find((c) => c?.type === "range_clause");
  const left = range?.childForFieldName("left")?.namedChildren ?? [];
  const right = range?.childForFieldName("right");
  const target = arg.type === "call_expression" && dottedName(calleeNode(arg)) === `${scope.time}.Duration` ? callArgs(arg)[0] : arg;
  if (target?.type === "identifier" && right && left.length === 2 && left[1]?.text === target.text) return listOf(scope, fn, right);
  if (target?.type === "index_expression") {
    const operand = target.childForFieldName("operand");
    return operand ? listOf(scope, fn, operand) : null;
  }
  return null;
}

/** How a delay expression varies, following local assignments and same-file functions a few levels deep. */
function delayShape(scope: FileScope, fn: SyntaxNode, loop: SyntaxNode, counters: Counter[], n: SyntaxNode, depth: number): Shape {
  const shape: Shape = { random: false, exponential: false, grows: false, opaque: false };
  if (depth > 3) return { ...shape, opaque: true };
  const merge = (s: Shape) => {
    shape.random ||= s.random;
    shape.exponential ||= s.exponential;
    shape.grows ||= s.grows;
    shape.opaque ||= s.opaque;
  };
  const counterish = (x: SyntaxNode) =>
    identifiersIn(x).some((i) => counters.some((c) => c.name === i.text) || /attempt|retry|retries|tries|^i$/i.test(i.text));
  for (const c of nodesIn(n, true)) {
    if (c.type === "call_expression") {
      const name = dottedName(calleeNode(c)) ?? "";
      const head = name.split(".")[0]!;
      const path = name.includes(".") && !scope.ctx.lookup(head, c) ? scope.ctx.importPath(head) : null;
      const member = name.slice(name.lastIndexOf(".") + 1);
      if ((path && /(^|\/)rand(\/v2)?$/.test(path)) || /jitter|rand/i.test(member)) shape.random = true;
      else if (name === "math.Pow" || (path === "math" && member === "Pow")) shape.exponential = true;
      else if (path === "math" || name === `${scope.time}.Duration` || BUILTINS.has(name)) continue;
      else if (!name.includes(".")) {
        // a same-file function computing the delay: what it returns
        const def = scope.ctx.functionNodes.find((f) => f.type === "function_declaration" && f.childForFieldName("name")?.text === name);
        const returns = def ? nodesIn(def.childForFieldName("body") ?? def, true).filter((x) => x.type === "return_statement") : [];
        if (!returns.length) shape.opaque = true;
        for (const r of returns) for (const e of r.namedChildren[0]?.namedChildren ?? []) if (e) merge(delayShape(scope, def!, loop, [], e, depth + 1));
        if (DELAY_HELPERS.test(name) && /jitter/i.test(name)) shape.random = true;
      } else shape.opaque = true;
    } else if (c.type === "binary_expression") {
      const op = c.childForFieldName("operator")?.text;
      if (op === "<<") shape.exponential = true;
      else if (op === "*" && counterish(c)) shape.grows = true;
    } else if (c.type === "identifier" && c.parent?.type !== "call_expression") {
      const bs = bindings(fn, c.text).filter((b) => b.node.id !== n.id && !within(n, b.node));
      for (const b of bs) {
        // `delay *= 2`, `delay <<= 1`, `delay = delay * 2`, `delay = min(delay*2, max)`: grows geometrically
        if (b.op === "*=" || b.op === "<<=") shape.exponential = true;
        else if (b.op === "+=") shape.grows = true;
        else if (!b.value && (b.op === "=" || b.op === ":=")) shape.opaque = true;
        else if (b.value && (b.op === "=" || b.op === ":=")) {
          const selfRef = identifiersIn(b.value).some((i) => i.text === c.text);
          if (selfRef && descendants(b.value, "binary_expression").concat(b.value.type === "binary_expression" ? [b.value] : []).some((x) => ["*", "<<"].includes(x.childForFieldName("operator")?.text ?? ""))) shape.exponential = true;
          else if (selfRef && b.value.text.includes("+")) shape.grows = true;
          if (!selfRef) merge(delayShape(scope, fn, loop, counters, b.value, depth + 1));
        }
      }
      if (!bs.length && !scope.ctx.lookup(c.text, c)) {
        const pkg = scope.pkgValues.get(c.text);
        if (pkg) merge(delayShape(scope, fn, loop, counters, pkg, depth + 1));
      }
    }
  }
  return shape;
}

// ------------------------------------------------------------------------------------ condition

/**
 * What the loop retries. Errors: retried unless an `if err != nil { return … }` leaves first;
 * every error unless something filters them (`errors.Is/As`, a `retryable(err)` predicate).
 * Statuses: each 4xx/5xx is followed through the `if`s on `StatusCode` in order — leaving the loop
 * (not retried), `continue` (retried), or falling through to the wait (retried).
 */
function loopCondition(scope: FileScope, fn: SyntaxNode, loop: SyntaxNode, body: SyntaxNode, own: SyntaxNode[], sleeps: Sleep[]): RetryCondition {
  const top = (body.namedChildren.find((c) => c?.type === "statement_list")?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c);
  // `if err := sleepCtx(ctx, d); err != nil { return err }` tests the wait's error, not the operation's
  const testsSleep = (stmt: SyntaxNode) =>
    [stmt.childForFieldName("initializer"), stmt.childForFieldName("condition"), stmt.childForFieldName("value")].some((part) => !!part && sleeps.some((sl) => within(sl.call, part)));
  const decisions = top.filter((n) => (n.type === "if_statement" || n.type === "expression_switch_statement") && !testsSleep(n));
  const topExit = top.some((n) => isExit(n, loop));
  const fate = (o: Outcome): boolean => {
    for (const d of decisions) {
      const branch = chosenBranch(scope, d, o);
      if (!branch) continue;
      if (branch.some((st) => isExit(st, loop))) return false;
      if (branch.some((st) => st.type === "continue_statement" && targets(st, loop))) return true;
    }
    return !topExit;
  };
  const errorsRetried = fate({ err: true, status: null });
  const statusChecked = own.some((n) => n.type === "selector_expression" && n.childForFieldName("field")?.text === "StatusCode");
  const statuses: number[] = [];
  if (statusChecked) for (let s = 400; s <= 599; s++) if (fate({ err: false, status: s })) statuses.push(s);
  const filtered = own.some((n) => n.type === "call_expression" && ERROR_FILTERS.test(dottedName(calleeNode(n)) ?? ""));
  const permanent4xx = statuses.filter((s) => s < 500 && ![408, 425, 429].includes(s));
  const retryAfter = nodesIn(fn, true).some((n) => (n.type === "interpreted_string_literal" || n.type === "raw_string_literal") && /retry-after/i.test(stringValue(n) ?? ""));
  const permanentErrors =
    errorsRetried && !filtered
      ? "it retries every error the operation returns, including ones that will fail the same way again"
      : permanent4xx.length
        ? `it retries status ${compactStatuses(permanent4xx)}`
        : null;
  return {
    allErrors: errorsRetried,
    exceptionTypes: [],
    statuses,
    retryOn: [],
    afterSendMethods: errorsRetried || statuses.length ? "all" : [],
    permanentErrors,
    honoursRetryAfter: statuses.includes(429) ? retryAfter : null,
    description: [errorsRetried ? (filtered ? "errors the loop judges retryable" : "every error") : null, statuses.length ? `statuses ${compactStatuses(statuses)}` : null].filter(Boolean).join("; ") || "loop condition",
  };
}

/** The statements an `if` or a `switch` runs for this outcome; null when that is not known. */
function chosenBranch(scope: FileScope, d: SyntaxNode, o: Outcome): SyntaxNode[] | null {
  const stmts = (b: SyntaxNode | null | undefined): SyntaxNode[] | null => {
    if (!b) return null;
    if (b.type !== "block" && b.type !== "expression_case" && b.type !== "default_case") return [b];
    const list = b.type === "block" ? b.namedChildren.find((c) => c?.type === "statement_list") : b.namedChildren.find((c) => c?.type === "statement_list");
    return (list?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c);
  };
  if (d.type === "if_statement") {
    const cond = d.childForFieldName("condition");
    const t = cond ? truth(scope, cond, o) : null;
    return t === true ? stmts(d.childForFieldName("consequence")) : t === false ? stmts(d.childForFieldName("alternative")) : null;
  }
  const tag = d.childForFieldName("value");
  if (tag && (!isStatus(tag) || o.status === null)) return null;
  let fallback: SyntaxNode | null = null;
  for (const c of d.namedChildren) {
    if (c?.type === "default_case") fallback = c;
    if (c?.type !== "expression_case") continue;
    const values = c.childForFieldName("value")?.namedChildren.filter((v): v is SyntaxNode => !!v) ?? [];
    const t = tag ? or(values.map((v) => (statusNumber(scope, v) === null ? null : statusNumber(scope, v) === o.status))) : or(values.map((v) => truth(scope, v, o)));
    if (t === null) return null;
    if (t) return stmts(c);
  }
  return fallback ? stmts(fallback) : [];
}

/** 500, 501, …, 599 → "500–599" */
function compactStatuses(s: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < s.length; ) {
    let j = i;
    while (j + 1 < s.length && s[j + 1] === s[j]! + 1) j++;
    out.push(j - i >= 2 ? `${s[i]}–${s[j]}` : s.slice(i, j + 1).join(", "));
    i = j + 1;
  }
  return out.join(", ");
}
