/**
 * What one attempt can end in, and what the loop's conditions say about it. An attempt ends in
 * success, an error (thrown, or an error value in Go), an error status (a response with 503,
 * or an error raised for it), or a falsy result (`false`, `null`, `nil` without an error: a
 * `tryX()` that did not manage). A condition is true, false or unknown for each outcome:
 * `err == nil`, `res.ok`, `resp.StatusCode < 500`, `result != null`, the operation's own
 * boolean result, a `shouldRetry(err)` predicate; a comparison of a result with a state
 * (`status == "ready"`) says nothing about success — that is polling, not a retry.
 */
import type { Call, Expr, LoopLanguage } from "./ir";
import type { Scope } from "./evaluate";
import { exprsIn } from "./walk";

export interface Outcome {
  /** the operation failed with an error (threw, or returned a non-nil error) */
  err: boolean;
  /** the status of the response (or of the error raised for it) */
  status: number | null;
  /** the operation returned false / null / nil without an error */
  falsy: boolean;
  /**
   * whether the error says someone else holds a lock (`ErrAlreadyLocked`, `LockNotAcquired`):
   * false for an error that is any other failure; absent when either may be
   */
  lockHeld?: boolean;
}

export const SUCCESS: Outcome = { err: false, status: 200, falsy: false };
export const ERROR: Outcome = { err: true, status: null, falsy: false };
export const FALSY: Outcome = { err: false, status: null, falsy: true };
export const statusOutcome = (status: number, raised = false): Outcome => ({ err: raised, status, falsy: false });
export const FAILURES: Outcome[] = [ERROR, statusOutcome(503), FALSY];
/** an error that is not lock contention: the dependency failed */
export const OTHER_THAN_LOCK_HELD: Outcome = { err: true, status: null, falsy: false, lockHeld: false };

/** names of errors that say another holder has the lock (`ErrAlreadyLocked`, `LockNotAcquiredException`, `ErrLocked`), not that a call failed */
const LOCK_HELD = /already_?locked|lock(ed)?_?(is_?)?(held|busy|taken|exists|unavailable|not_?(acquired|available|obtained))|(^|[^a-z])(err_?)?locked(_?err(or)?|_?exception)?$|(could_?not|cannot|failed_?to)_?(acquire|obtain|get)_?(the_?)?lock|lock\w*\.(err_?)?not_?(obtained|acquired)/i;
export const namesLockHeld = (text: string): boolean => LOCK_HELD.test(text.replace(/\s+/g, ""));

export type Truth = boolean | null;

export function and(vs: Truth[]): Truth {
  if (vs.some((v) => v === false)) return false;
  return vs.every((v) => v === true) ? true : null;
}
export function or(vs: Truth[]): Truth {
  if (vs.some((v) => v === true)) return true;
  return vs.length && vs.every((v) => v === false) ? false : null;
}
export const not = (v: Truth): Truth => (v === null ? null : !v);

/** predicates saying an error is worth retrying (`shouldRetry(err)`, `isRetryable(e)`, `IsTransient(ex)`) */
export const RETRY_PREDICATE = /^(is|should|can|may)_?(retry|retr[iy]able|transient|temporary|recoverable)|^(retr[iy]able|transient|temporary|recoverable)/i;
const isErrName = (s: string) => /err(or)?$/i.test(s) || s === "e";

/** What the truth of conditions needs to know about the loop. */
export interface TruthContext {
  scope: Scope;
  lang: LoopLanguage;
  /** the retried calls */
  operations: Set<Call>;
  /** names bound to an operation's result in the loop (`res = fetch()`, `v, err := op()`: v), with that operation */
  results: Map<string, Call>;
  /** the operations that fail in this run (the others succeed); all of them when absent */
  failing?: ReadonlySet<{ start: number; end: number }>;
  /** names bound to an operation's error value (Go `v, err := op()`: err) */
  errors: Set<string>;
  /** loop-local names bound to an expression the loop tests (`ok := resp.StatusCode < 500`, `const status = e.response?.status`) */
  locals: Map<string, Expr>;
  /** literal values assigned on the way (flags the loop condition reads) */
  env?: Map<string, Expr>;
  /**
   * A result compared with a literal state (`result === "OK"`, `res.status === "SUCCEEDED"`)
   * reads as success: only for loops that retry errors or judge failures transient — a loop
   * that leaves on errors and waits for a state is polling.
   */
  states?: boolean;
}

/** a result value that says the attempt succeeded */
const SUCCESS_STATE = /^(ok|success|succeeded|successful|acquired)$/i;
/** a result's field that says it succeeded (`result.success`, `res.ok`) */
const SUCCESS_FIELD = /^(ok|success|succeeded|successful|isSuccess|isSuccessful|is_success)$/i;
/** `_isTransientError` is `isTransientError` */
export const bare = (method: string) => method.replace(/^_+/, "");

export function truth(cx: TruthContext, e: Expr | null | undefined, o: Outcome, depth = 0): Truth {
  if (!e || depth > 8) return null;
  switch (e.k) {
    case "bool":
      return e.value;
    case "nil":
      return false;
    case "num":
      return e.value !== 0;
    case "str":
      return e.value !== "";
    case "list":
      return e.items.length > 0;
    case "unary":
      return e.op === "!" ? not(truth(cx, e.operand, o, depth + 1)) : null;
    case "other":
      return e.parts.length === 1 ? truth(cx, e.parts[0], o, depth + 1) : null;
    case "status":
      // a status read as a truth value: present when a response (or an error raised for one) came back
      return o.status !== null;
    case "ok":
      return o.status !== null ? o.status < 400 : null;
    case "in": {
      const item = statusValue(cx, e.item, o, depth + 1);
      if (item === null) return null;
      const list = cx.scope.listOf(e.collection);
      if (!list) return null;
      const nums = list.items.map((x) => cx.scope.evaluate(x)?.value ?? null);
      if (nums.some((n) => n === null)) return null;
      const found = nums.includes(item);
      return e.negated ? !found : found;
    }
    case "call":
      return callTruth(cx, e.call, o);
    case "member": {
      if (!SUCCESS_FIELD.test(e.name) || role(cx, e.object) !== "result") return null;
      const r = resultOutcome(cx, e.object, o);
      return r.status !== null ? r.status < 400 : r.falsy ? false : r.err ? (cx.lang.errors === "values" ? false : null) : true;
    }
    case "name": {
      if (cx.env?.has(e.name)) return truth(cx, cx.env.get(e.name), o, depth + 1);
      if (e.self) return null;
      if (cx.results.has(e.name)) return resultTruth(cx, outcomeOf(cx, cx.results.get(e.name)!, o));
      if (cx.errors.has(e.name)) return o.err;
      const local = cx.locals.get(e.name);
      return local ? truth(cx, local, o, depth + 1) : null;
    }
    case "binary": {
      if (e.op === "&&") return and([truth(cx, e.left, o, depth + 1), truth(cx, e.right, o, depth + 1)]);
      if (e.op === "||") return or([truth(cx, e.left, o, depth + 1), truth(cx, e.right, o, depth + 1)]);
      return comparison(cx, e, o, depth);
    }
    default:
      return null;
  }
}

/** An operation that is not the failing one succeeded. */
function outcomeOf(cx: TruthContext, call: Call, o: Outcome): Outcome {
  return o.err && cx.failing && !cx.failing.has(call) ? SUCCESS : o;
}

/** The outcome that applies to a result expression (`res`, `res.status`, `op()`). */
function resultOutcome(cx: TruthContext, e: Expr, o: Outcome): Outcome {
  const x = e.k === "other" && e.parts.length === 1 ? e.parts[0]! : e;
  if (x.k === "name" && !x.self && cx.results.has(x.name)) return outcomeOf(cx, cx.results.get(x.name)!, o);
  if (x.k === "call" && cx.operations.has(x.call)) return outcomeOf(cx, x.call, o);
  if ((x.k === "member" || x.k === "index") && x.object) return resultOutcome(cx, x.object, o);
  if ((x.k === "status" || x.k === "ok") && x.of) return resultOutcome(cx, x.of, o);
  return o;
}

/** The operation's own result as a truth value: true on success, false when it returned nothing. */
function resultTruth(cx: TruthContext, o: Outcome): Truth {
  if (o.falsy) return false;
  if (o.err) return cx.lang.errors === "values" ? false : null;
  return o.status === null || o.status < 400 ? true : null;
}

function callTruth(cx: TruthContext, c: Call, o: Outcome): Truth {
  if (RETRY_PREDICATE.test(bare(c.method))) return o.err || o.falsy || (o.status !== null && (o.status >= 500 || o.status === 429 || o.status === 408));
  if (cx.operations.has(c)) return resultTruth(cx, outcomeOf(cx, c, o));
  if (c.method === "Temporary" || c.method === "Timeout") return o.err ? null : false;
  // `errors.Is(err, X)`, `errors.As(err, &t)`, `isinstance(e, T)`: a check of the error, false when there is none
  if (/^(Is|As|isinstance)$/.test(c.method) && c.args[0] && exprsIn(c.args[0]).some((x) => role(cx, x) === "error")) {
    if (!o.err) return false;
    return o.lockHeld === false && c.args.slice(1).some((a) => namesLockHeld(a.text)) ? false : null;
  }
  return null;
}

/** Is `e` the error of the attempt (`err`, `r.Err`), its result, or something else? */
function role(cx: TruthContext, e: Expr): "error" | "result" | null {
  if (e.k === "other" && e.parts.length === 1) return role(cx, e.parts[0]!);
  if (e.k === "name" && !e.self) {
    if (cx.errors.has(e.name)) return "error";
    if (cx.results.has(e.name)) return "result";
    if (cx.lang.errors === "values" && isErrName(e.name)) return "error";
    return null;
  }
  if (e.k === "member") {
    if (cx.lang.errors === "values" && isErrName(e.name)) return "error";
    return null;
  }
  if (e.k === "call" && cx.operations.has(e.call)) return "result";
  return null;
}

function comparison(cx: TruthContext, e: Extract<Expr, { k: "binary" }>, o: Outcome, depth: number): Truth {
  const op = e.op;
  if (!["==", "!=", "<", "<=", ">", ">="].includes(op)) return null;
  const [side, other] = e.right.k === "nil" ? [e.left, e.right] : e.left.k === "nil" ? [e.right, e.left] : [null, null];
  // `err == ErrAlreadyLocked`: false for an error that is not lock contention
  if ((op === "==" || op === "!=") && o.err && o.lockHeld === false) {
    const sentinel = role(cx, e.left) === "error" ? e.right : role(cx, e.right) === "error" ? e.left : null;
    if (sentinel && (sentinel.k === "name" || sentinel.k === "member") && namesLockHeld(sentinel.text)) return op === "!=";
  }
  if (side && other && (op === "==" || op === "!=")) {
    const r = role(cx, side);
    let isNil: Truth = null;
    if (r === "error") isNil = !o.err;
    else if (r === "result") {
      const ro = resultOutcome(cx, side, o);
      isNil = ro.falsy ? true : ro.err ? (cx.lang.errors === "values" ? true : null) : false;
    }
    return op === "==" ? isNil : not(isNil);
  }
  // grpc-go: `status.Code(err) != codes.Unavailable`
  const code = e.left.k === "grpcCode" ? e.right : e.right.k === "grpcCode" ? e.left : null;
  if (code && (op === "==" || op === "!=")) {
    if (code.k !== "grpcCodeName") return null;
    const isOk = code.name === "OK";
    // on success the code is OK; a failure's code is some other one (Unavailable is the one retried)
    const equal: Truth = o.err ? (isOk ? false : code.name === "Unavailable" ? true : null) : isOk;
    return equal === null ? null : op === "==" ? equal : !equal;
  }
  // a result (or its status field) compared with a literal state
  if (cx.states && (op === "==" || op === "!=")) {
    // only a state that names success: `"OK"`, `'SUCCEEDED'`, `Status.SUCCESS` — `"done"`, `"MINED"` are states a poll waits for
    const state = (x: Expr) => (x.k === "str" && SUCCESS_STATE.test(x.value)) || (x.k === "bool" && x.value) || (x.k === "member" && x.object.k === "name" && role(cx, x.object) === null && SUCCESS_STATE.test(x.name));
    const subject = (x: Expr) => role(cx, x) === "result" || (x.k === "status" && !!x.of && role(cx, x.of) === "result") || (x.k === "member" && role(cx, x.object) === "result");
    if ((state(e.right) && subject(e.left)) || (state(e.left) && subject(e.right))) {
      const ro = resultOutcome(cx, subject(e.left) ? e.left : e.right, o);
      const equal = ro.err || ro.falsy || (ro.status !== null && ro.status >= 400) ? false : true;
      return op === "==" ? equal : !equal;
    }
  }
  if (mentionsStatus(cx, e.left) || mentionsStatus(cx, e.right)) {
    const l = statusValue(cx, e.left, o, depth + 1);
    const r = statusValue(cx, e.right, o, depth + 1);
    return l === null || r === null ? null : compare(l, op, r);
  }
  return null;
}

function mentionsStatus(cx: TruthContext, e: Expr, depth = 0): boolean {
  if (depth > 4) return false;
  return exprsIn(e).some((x) => x.k === "status" || (x.k === "name" && !x.self && !!cx.locals.get(x.name) && mentionsStatus(cx, cx.locals.get(x.name)!, depth + 1)));
}

/** A number side of a status comparison, with the outcome's status for the status. */
function statusValue(cx: TruthContext, e: Expr, o: Outcome, depth: number): number | null {
  if (depth > 8) return null;
  switch (e.k) {
    case "status":
      return e.of ? resultOutcome(cx, e.of, o).status : o.status;
    case "num":
      return e.value;
    case "other":
      return e.parts.length === 1 ? statusValue(cx, e.parts[0]!, o, depth + 1) : null;
    case "name": {
      const local = !e.self ? cx.locals.get(e.name) : undefined;
      if (local) return statusValue(cx, local, o, depth + 1);
      return cx.scope.evaluate(e)?.value ?? null;
    }
    case "binary": {
      const l = statusValue(cx, e.left, o, depth + 1);
      const r = statusValue(cx, e.right, o, depth + 1);
      if (l === null || r === null) return null;
      switch (e.op) {
        case "/": return r === 0 ? null : Math.trunc(l / r);
        case "+": return l + r;
        case "-": return l - r;
        case "%": return r === 0 ? null : l % r;
        case "??": return l;
      }
      return null;
    }
    default:
      return cx.scope.evaluate(e)?.value ?? null;
  }
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
