/**
 * tenacity — reference §1.1.
 * `@retry`, `@retry(...)`, `@tenacity.retry(...)`, `for attempt in Retrying(...)`,
 * `Retrying(...)(fn, ...)` and `AsyncRetrying`. Defaults of a bare `@retry`: stop_never (forever),
 * wait_none (no sleep), retry on every Exception. stop_after_attempt(N) = N attempts;
 * `a | b` stops at the first (min), `a & b` at the last (max).
 */
import type { LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import { argument, callParts, descendants, elements, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { decoratorExpression, type PyContext } from "./context";
import { linkedCount } from "./linkedCount";
import { conditionForExceptions, customCondition } from "./exceptions";
import { combineWaits, fmtSeconds, noWait, unknownWait } from "./waits";

/** tenacity's name for a qualified name, or null when it is not tenacity's. */
function tenacityName(q: string | null): string | null {
  if (!q) return null;
  if (q.startsWith("tenacity.")) return q.slice(q.lastIndexOf(".") + 1);
  return null;
}

interface StopBound {
  maxAttempts: number | null;
  timeBound: string | null;
  note: string;
  unknown: boolean;
  /** `stop_after_attempt(MAX_ATTEMPTS)` with a name this file does not define: the linker reads it (a constants module) */
  countExpr?: LayerFact["countExpr"];
}

export function detectTenacity(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  for (const dec of descendants(root, "decorator")) {
    const expr = decoratorExpression(ctx, dec);
    if (!expr) continue;
    const isCall = expr.type === "call";
    const name = tenacityName(ctx.qualifiedName(isCall ? expr.childForFieldName("function") : expr));
    if (name !== "retry") continue;
    const def = dec.parent?.namedChildren.find((c) => c?.type === "function_definition") ?? null;
    if (!def) continue;
    // retrying only tenacity.TryAgain, which the function raises itself while a job is not done: polling
    if (isCall && pollsWithTryAgain(ctx, expr, def)) continue;
    const functionId = ctx.functionId(def);
    const fn = ctx.facts.functions.find((f) => f.id === functionId);
    const layer = buildLayer(ctx, isCall ? expr : null, fn?.raisesOnStatus ?? false);
    ctx.facts.layers.push({
      ...layer,
      localId: ctx.nextId("L", dec),
      anchor: nodeSpan(dec),
      attach: { kind: "function", functionId },
      label: def.childForFieldName("name")?.text ?? functionId,
    });
  }

  for (const call of descendants(root, "call")) {
    const name = tenacityName(ctx.qualifiedName(call.childForFieldName("function")));
    if (name !== "Retrying" && name !== "AsyncRetrying") continue;
    attachRetrying(ctx, call);
  }
}

const TRY_AGAIN = new Set(["tenacity.TryAgain", "TryAgain", "tenacity._utils.TryAgain"]);

/**
 * `@retry(retry=retry_if_exception_type(TryAgain), …)` on a function that raises TryAgain only on a
 * state it reads (a result not ready yet), never while handling an error: polling, no failure of a
 * call is retried. Raised from an `except` clause (`except HttpError: raise TryAgain`), TryAgain
 * turns a failed call into another attempt: a retry.
 */
function pollsWithTryAgain(ctx: PyContext, call: SyntaxNode, def: SyntaxNode): boolean {
  const condition = callParts(call).keywords.get("retry");
  if (condition?.type !== "call" || tenacityName(ctx.qualifiedName(condition.childForFieldName("function"))) !== "retry_if_exception_type") return false;
  const arg = argument(callParts(condition), "exception_types", 0);
  const names = arg ? exceptionNames(ctx, arg) : [];
  if (names.length === 0 || !names.every((n) => TRY_AGAIN.has(n))) return false;
  const raises = descendants(def, "raise_statement").filter((r) => {
    const raised = r.namedChildren[0];
    const name = raised ? ctx.qualifiedName(raised.type === "call" ? raised.childForFieldName("function") : raised) : null;
    return name !== null && TRY_AGAIN.has(name);
  });
  const inHandler = (n: SyntaxNode) => {
    for (let p = n.parent; p && p.id !== def.id; p = p.parent) if (p.type === "except_clause") return true;
    return false;
  };
  return raises.length > 0 && !raises.some(inHandler);
}

/** `for attempt in Retrying(...)` retries the loop body; `Retrying(...)(fn)` / `r = Retrying(...); r(fn)` retries fn. */
function attachRetrying(ctx: PyContext, call: SyntaxNode): void {
  const fnDef = enclosing(call, "function_definition");
  const functionId = ctx.functionId(fnDef);
  const raisesOnStatus = ctx.facts.functions.find((f) => f.id === functionId)?.raisesOnStatus ?? false;
  const base = buildLayer(ctx, call, raisesOnStatus);
  const localId = ctx.nextId("L", call);
  const label = `Retrying in ${functionId === "<module>" ? "module" : functionId}`;
  const loop = call.parent;
  let callNodes: SyntaxNode[] = [];
  if (loop && (loop.type === "for_statement") && loop.childForFieldName("right")?.id === call.id) {
    const body = loop.childForFieldName("body");
    callNodes = body ? descendants(body, "call", { skipNestedDefs: true }) : [];
  } else if (call.parent?.type === "call" && call.parent.childForFieldName("function")?.id === call.id) {
    callNodes = [call.parent];
    markInvokes(ctx, call.parent);
  } else if (call.parent?.type === "assignment") {
    const bound = call.parent.childForFieldName("left")?.text;
    const scope = fnDef ?? ctx.tree.rootNode;
    callNodes = bound
      ? descendants(scope, "call").filter((n) => n.childForFieldName("function")?.text === bound)
      : [];
    for (const c of callNodes) markInvokes(ctx, c);
  }
  const ids = new Set(callNodes.map((c) => `${c.startPosition.row + 1}:${c.startPosition.column}`));
  const callIds = ctx.facts.calls
    .filter((c) => ids.has(`${c.span.line}:${c.span.column}`))
    .map((c) => c.id);
  ctx.facts.layers.push({ ...base, localId, anchor: nodeSpan(call), attach: { kind: "block", functionId, callIds }, label });
}

function markInvokes(ctx: PyContext, callNode: SyntaxNode): void {
  const fact = ctx.facts.calls.find((c) => c.span.line === callNode.startPosition.row + 1 && c.span.column === callNode.startPosition.column);
  if (fact) fact.invokesArg = 0;
}

function enclosing(n: SyntaxNode, type: string): SyntaxNode | null {
  for (let p = n.parent; p; p = p.parent) if (p.type === type) return p;
  return null;
}

type LayerCore = Omit<LayerFact, "localId" | "anchor" | "attach" | "label">;

function buildLayer(ctx: PyContext, call: SyntaxNode | null, raisesOnStatus: boolean): LayerCore {
  const parts = call ? callParts(call) : null;
  const stopNode = parts ? argument(parts, "stop") : null;
  const waitNode = parts ? argument(parts, "wait") : null;
  const retryNode = parts ? argument(parts, "retry") : null;
  const stop = stopNode ? readStop(ctx, stopNode) : { maxAttempts: null, timeBound: null, note: "no stop: tenacity retries forever (stop_never)", unknown: false };
  const wait = waitNode ? readWait(ctx, waitNode) : noWait("default", "no wait (tenacity default wait_none)");
  const condition = retryNode
    ? readCondition(ctx, retryNode, raisesOnStatus)
    : conditionForExceptions("all", raisesOnStatus, "every Exception (tenacity default)");
  return {
    kind: "tenacity",
    category: "code",
    library: "tenacity",
    maxAttempts: stop.maxAttempts,
    attemptsSource: stopNode ? "config" : "default",
    attemptsNote: stop.note,
    timeBound: stop.timeBound,
    countUnknown: stop.maxAttempts === null && stop.unknown,
    ...(stop.countExpr ? { countExpr: stop.countExpr } : {}),
    wait,
    condition,
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: stop.timeBound ? null : null,
  };
}

function readStop(ctx: PyContext, n: SyntaxNode): StopBound {
  if (n.type === "binary_operator") {
    const op = n.childForFieldName("operator")?.type;
    const l = readStop(ctx, n.childForFieldName("left")!);
    const r = readStop(ctx, n.childForFieldName("right")!);
    return op === "&" ? stopAll([l, r]) : stopAny([l, r]);
  }
  if (n.type === "parenthesized_expression" && n.namedChildren[0]) return readStop(ctx, n.namedChildren[0]);
  const isCall = n.type === "call";
  const name = tenacityName(ctx.qualifiedName(isCall ? n.childForFieldName("function") : n));
  const parts = isCall ? callParts(n) : null;
  switch (name) {
    case "stop_never":
      return { maxAttempts: null, timeBound: null, note: "stop_never: retries forever", unknown: false };
    case "stop_after_attempt": {
      const arg = parts ? argument(parts, "max_attempt_number", 0) : null;
      const v = ctx.number(arg, n);
      if (v === null) {
        // a name (`MAX_ATTEMPTS`, `limits.RETRIES`) imported from another module: read at link time
        const countExpr = linkedCount(ctx, arg, n, 0, `stop_after_attempt(${arg?.text.slice(0, 60)} = $value$origin) → $attempts attempts`);
        return { maxAttempts: null, timeBound: null, note: `stop_after_attempt(${arg?.text ?? "?"}): count not known statically`, unknown: true, ...(countExpr ? { countExpr } : {}) };
      }
      return { maxAttempts: Math.max(1, Math.floor(v)), timeBound: null, note: `stop_after_attempt(${v}) → ${v} attempts`, unknown: false };
    }
    case "stop_after_delay":
    case "stop_before_delay": {
      const v = parts ? ctx.number(argument(parts, "max_delay", 0), n) : null;
      return { maxAttempts: null, timeBound: `${name}(${v ?? "?"})`, note: `${name}(${v ?? "?"}): bounded by time only`, unknown: false };
    }
    case "stop_any":
      return stopAny((parts?.positional ?? []).map((p) => readStop(ctx, p)));
    case "stop_all":
      return stopAll((parts?.positional ?? []).map((p) => readStop(ctx, p)));
  }
  return { maxAttempts: null, timeBound: null, note: `custom stop ${n.text.slice(0, 60)}: count not known statically`, unknown: true };
}

/** `a | b` stops when either says stop: the smallest count bounds it. */
function stopAny(parts: StopBound[]): StopBound {
  const counted = parts.filter((p) => p.maxAttempts !== null);
  const maxAttempts = counted.length ? Math.min(...counted.map((p) => p.maxAttempts!)) : null;
  const timeBound = parts.map((p) => p.timeBound).filter(Boolean).join(" | ") || null;
  return {
    maxAttempts,
    timeBound: maxAttempts === null ? timeBound : null,
    note: parts.map((p) => p.note).join(" | "),
    unknown: maxAttempts === null && parts.some((p) => p.unknown),
  };
}

/** `a & b` stops only when all say stop: the largest count bounds it, and any unbounded part makes it unbounded. */
function stopAll(parts: StopBound[]): StopBound {
  const unbounded = parts.some((p) => p.maxAttempts === null);
  return {
    maxAttempts: unbounded ? null : Math.max(...parts.map((p) => p.maxAttempts!)),
    timeBound: unbounded ? parts.map((p) => p.timeBound).filter(Boolean).join(" & ") || null : null,
    note: parts.map((p) => p.note).join(" & "),
    unknown: parts.some((p) => p.unknown),
  };
}

export function readWait(ctx: PyContext, n: SyntaxNode): WaitSpec {
  if (n.type === "binary_operator" && n.childForFieldName("operator")?.type === "+") {
    return combineWaits([readWait(ctx, n.childForFieldName("left")!), readWait(ctx, n.childForFieldName("right")!)]);
  }
  if (n.type === "parenthesized_expression" && n.namedChildren[0]) return readWait(ctx, n.namedChildren[0]);
  const isCall = n.type === "call";
  const name = tenacityName(ctx.qualifiedName(isCall ? n.childForFieldName("function") : n));
  const parts = isCall ? callParts(n) : null;
  const num = (key: string, index: number | undefined, dflt: number | null) => {
    const a = parts ? argument(parts, key, index) : null;
    return a ? ctx.number(a, n) : dflt;
  };
  switch (name) {
    case "wait_none":
      return noWait("config", "wait_none(): no wait");
    case "wait_fixed": {
      const s = num("wait", 0, null);
      return { kind: "fixed", jitter: false, initialSeconds: s, maxSeconds: s, source: "config", description: `fixed ${fmtSeconds(s)}, no jitter` };
    }
    case "wait_random": {
      const lo = num("min", 0, 0);
      const hi = num("max", 1, 1);
      return { kind: "random", jitter: true, initialSeconds: lo, maxSeconds: hi, source: "config", description: `random ${fmtSeconds(lo)}–${fmtSeconds(hi)}` };
    }
    case "wait_exponential": {
      const mult = num("multiplier", 0, 1);
      const max = num("max", 1, null);
      const min = num("min", 3, 0) ?? 0;
      const first = mult === null ? null : Math.max(min, mult);
      return {
        kind: "exponential",
        jitter: false,
        initialSeconds: first,
        maxSeconds: max,
        source: "config",
        description: `exponential from ${fmtSeconds(first)}${max !== null ? `, max ${fmtSeconds(max)}` : ""}, no jitter`,
      };
    }
    case "wait_random_exponential":
    case "wait_full_jitter": {
      const mult = num("multiplier", 0, 1);
      const max = num("max", 1, null);
      return {
        kind: "exponential",
        jitter: true,
        initialSeconds: 0,
        maxSeconds: max,
        source: "config",
        description: `exponential ×${mult ?? "?"}${max !== null ? `, max ${fmtSeconds(max)}` : ""}, full jitter`,
      };
    }
    case "wait_exponential_jitter": {
      const initial = num("initial", 0, 1);
      const max = num("max", 1, null);
      const jitter = num("jitter", 3, 1);
      return {
        kind: "exponential",
        jitter: jitter !== 0,
        initialSeconds: initial,
        maxSeconds: max,
        source: "config",
        description: `exponential from ${fmtSeconds(initial)} + up to ${fmtSeconds(jitter)} jitter`,
      };
    }
    case "wait_incrementing": {
      const start = num("start", 0, 0);
      const inc = num("increment", 1, 100);
      return { kind: "linear", jitter: false, initialSeconds: start, maxSeconds: num("max", 2, null), source: "config", description: `incrementing from ${fmtSeconds(start)} by ${fmtSeconds(inc)}, no jitter` };
    }
    case "wait_chain": {
      const waits = (parts?.positional ?? []).map((p) => readWait(ctx, p));
      const jitter = waits.some((w) => w.jitter === true) ? true : waits.some((w) => w.jitter === null) ? null : false;
      return { kind: "custom", jitter, initialSeconds: waits[0]?.initialSeconds ?? null, maxSeconds: null, source: "config", description: `chain of ${waits.length} waits` };
    }
    case "wait_combine":
      return combineWaits((parts?.positional ?? []).map((p) => readWait(ctx, p)));
  }
  return unknownWait(`custom wait ${n.text.slice(0, 60)}`);
}

function readCondition(ctx: PyContext, n: SyntaxNode, raisesOnStatus: boolean): RetryCondition {
  if (n.type === "binary_operator") {
    const op = n.childForFieldName("operator")?.type;
    const l = readCondition(ctx, n.childForFieldName("left")!, raisesOnStatus);
    const r = readCondition(ctx, n.childForFieldName("right")!, raisesOnStatus);
    return op === "&" ? bothConditions(l, r) : eitherCondition(l, r);
  }
  if (n.type === "parenthesized_expression" && n.namedChildren[0]) return readCondition(ctx, n.namedChildren[0], raisesOnStatus);
  const isCall = n.type === "call";
  const name = tenacityName(ctx.qualifiedName(isCall ? n.childForFieldName("function") : n));
  const parts = isCall ? callParts(n) : null;
  switch (name) {
    case "retry_if_exception_type": {
      const arg = parts ? argument(parts, "exception_types", 0) : null;
      if (!arg) return conditionForExceptions("all", raisesOnStatus, "every Exception (retry_if_exception_type() default)");
      return conditionForExceptions(exceptionNames(ctx, arg), raisesOnStatus);
    }
    case "retry_if_not_exception_type": {
      const arg = parts ? argument(parts, "exception_types", 0) : null;
      const c = conditionForExceptions("all", raisesOnStatus, `every exception except ${arg?.text ?? "?"}`);
      return { ...c, permanentErrors: `it retries every exception except ${arg?.text ?? "the listed ones"}` };
    }
    case "retry_any":
      return (parts?.positional ?? []).map((p) => readCondition(ctx, p, raisesOnStatus)).reduce(eitherCondition);
    case "retry_all":
      return (parts?.positional ?? []).map((p) => readCondition(ctx, p, raisesOnStatus)).reduce(bothConditions);
    case "retry_if_result":
    case "retry_if_not_result":
      return customCondition(`result predicate ${parts?.positional[0]?.text.slice(0, 40) ?? ""}`.trim());
  }
  return customCondition(`custom condition ${n.text.slice(0, 60)}`);
}

export function exceptionNames(ctx: PyContext, n: SyntaxNode): string[] {
  return elements(n)
    .map((e) => ctx.qualifiedName(e) ?? e.text)
    .filter((s) => s.length > 0);
}

function eitherCondition(a: RetryCondition, b: RetryCondition): RetryCondition {
  return {
    allErrors: a.allErrors || b.allErrors,
    exceptionTypes: [...a.exceptionTypes, ...b.exceptionTypes],
    statuses: [...a.statuses, ...b.statuses],
    retryOn: [],
    afterSendMethods: a.afterSendMethods === "all" || b.afterSendMethods === "all" ? "all" : [...a.afterSendMethods, ...b.afterSendMethods],
    permanentErrors: a.permanentErrors ?? b.permanentErrors,
    honoursRetryAfter: a.honoursRetryAfter ?? b.honoursRetryAfter,
    description: `${a.description} or ${b.description}`,
  };
}

function bothConditions(a: RetryCondition, b: RetryCondition): RetryCondition {
  return {
    allErrors: a.allErrors && b.allErrors,
    exceptionTypes: a.allErrors ? b.exceptionTypes : a.exceptionTypes,
    statuses: a.statuses.length ? a.statuses : b.statuses,
    retryOn: [],
    afterSendMethods: a.afterSendMethods === "all" && b.afterSendMethods === "all" ? "all" : a.afterSendMethods === "all" ? b.afterSendMethods : a.afterSendMethods,
    permanentErrors: a.permanentErrors && b.permanentErrors ? a.permanentErrors : null,
    honoursRetryAfter: a.honoursRetryAfter ?? b.honoursRetryAfter,
    description: `${a.description} and ${b.description}`,
  };
}
