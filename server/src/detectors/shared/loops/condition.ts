/**
 * What a loop retries, from where each kind of failed attempt goes (fate.ts): errors (the catches
 * that let them go round, and their types), HTTP statuses (each 4xx/5xx followed through the
 * loop's checks, when the loop reads a status), and whether something filters the errors first
 * (`if (!isRetryable(e)) throw e`, `errors.Is`, a `when (…)` filter). From that: permanent errors
 * retried (RL006), whether a request may be re-sent after it left (RL005), Retry-After (RL007).
 */
import type { RetryCondition } from "../../../model/facts";
import type { Catch, Expr, Stmt } from "./ir";
import type { Where } from "./walk";
import type { LoopCx } from "./context";
import { short } from "./evaluate";
import { fateOf } from "./fate";
import { bare, ERROR, FALSY, RETRY_PREDICATE, statusOutcome } from "./outcome";
import { exprsIn, walk } from "./walk";

/** error codes of failures before the request left (Node.js) */
const PRE_SEND_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);
/** calls that inspect an error to decide (Go) */
const ERROR_FILTERS = /^(Is|As)$|^Code$/;

export function conditionOf(cx: LoopCx): RetryCondition {
  const { lang, fn } = cx;
  const errFate = fateOf(cx, ERROR);
  const errorsRetried = errFate.retried;
  const retrying = errFate.retryingCatches;
  const checks = statusChecks(cx);
  const readsStatus = checks.length > 0;
  const statusInCatch = checks.some((w) => w.guards.some((g) => g.kind === "catch"));
  const statuses: number[] = [];
  if (readsStatus) {
    for (let s = 400; s <= 599; s++) {
      if (fateOf(cx, statusOutcome(s)).retried || (statusInCatch && fateOf(cx, statusOutcome(s, true)).retried)) statuses.push(s);
    }
  }
  const falsyRetried = fateOf(cx, FALSY).retried;

  // what narrows the errors retried
  const narrows = (c: Catch) => !!c.filter && (!!c.filterText && /\bis\b|\.|\w\(/.test(c.filterText));
  const catchFilters = retrying.flatMap((c) => errorChecks(cx, c.body));
  const valueFilters =
    lang.errors === "values"
      ? cx.visited.filter((v) => {
          const s = v.stmt;
          if (!s || (s.k !== "if" && s.k !== "switch")) return false;
          const init = s.init?.k === "decl" ? s.init.values : s.init?.k === "expr" ? [s.init.e] : [];
          const tested = [...(s.k === "if" ? [s.cond] : s.tag ? [s.tag] : []), ...init, ...(s.k === "switch" ? s.cases.flatMap((c) => c.values ?? []) : [])];
          return tested.some((t) => exprsIn(t).some((e) => e.k === "grpcCode" || (e.k === "call" && (ERROR_FILTERS.test(e.call.method) || RETRY_PREDICATE.test(bare(e.call.method)) || /permanent|fatal/i.test(e.call.method)))));
        })
      : [];
  const filtered = catchFilters.length > 0 || valueFilters.length > 0 || retrying.some(narrows);
  const typed = retrying.flatMap((c) => c.types);
  const everyCatch = retrying.some((c) => !narrows(c) && (c.all || c.types.some((t) => lang.exceptions.every(t))));
  const all = errorsRetried && !filtered && (lang.errors === "values" || everyCatch);
  const statusBase = retrying
    .filter((c) => !narrows(c))
    .flatMap((c) => c.types)
    .map((t) => lang.exceptions.includes4xx(t, fn.raisesOnStatus))
    .find((r): r is string => !!r);
  const connectOnly = lang.errors === "exceptions" && errorsRetried && !all && typed.length > 0 && typed.every((t) => lang.exceptions.connectOnly(t));
  const preSendOnly =
    catchFilters.length > 0 &&
    catchFilters.every((f) => {
      const strings = exprsIn(f).filter((x): x is Extract<Expr, { k: "str" }> => x.k === "str").map((x) => x.value);
      return strings.length > 0 && strings.every((s) => PRE_SEND_CODES.has(s));
    });
  const permanent4xx = statuses.filter((s) => s < 500 && ![408, 425, 429].includes(s));
  let permanentErrors: string | null = null;
  if (all) permanentErrors = lang.errors === "values" ? "it retries every error the operation returns, including ones that will fail the same way again" : "it retries every exception, including errors that will fail the same way again (bad requests, bugs)";
  else if (statusBase && !filtered) permanentErrors = statusBase;
  else if (permanent4xx.length) permanentErrors = `it retries status ${ranges(permanent4xx)}, which will fail the same way again`;

  const retried = errorsRetried || statuses.length > 0 || falsyRetried;
  const afterSend = (connectOnly || preSendOnly) && !statuses.length ? [] : lang.errors === "values" && !errorsRetried && !statuses.length && !falsyRetried ? [] : retried ? "all" : [];
  const catchText = retrying.length
    ? `catch ${retrying.map((c) => (c.all || !c.types.length ? "(every exception)" : c.types.join(" | ")) + (c.filterText ? ` when ${short(c.filterText, 40)}` : "")).join("; catch ")}`
    : null;
  const errorText = errorsRetried
    ? catchFilters.length
      ? `errors except where ${catchFilters.map((f) => short(f.text, 40)).join("; ")}`
      : lang.errors === "values"
        ? filtered
          ? "errors the loop judges retryable"
          : "every error"
        : null
    : null;
  return {
    allErrors: all,
    exceptionTypes: typed,
    statuses,
    retryOn: [],
    afterSendMethods: afterSend,
    permanentErrors,
    // Retry-After is mandatory for 429 and optional for 503 (RFC 9110 §10.2.3): judge loops on 429
    honoursRetryAfter: statuses.includes(429) ? fn.readsRetryAfter : null,
    description: [catchText, errorText, statuses.length ? `statuses ${ranges(statuses)}` : null, !errorsRetried && !statuses.length && falsyRetried ? "an unsuccessful result" : null].filter(Boolean).join("; ") || "loop condition",
  };
}

/** Where the loop checks an HTTP status against a number (`status >= 500`, `res.ok`, `[429, 503].includes(r.status)`, `switch (resp.StatusCode)`). */
function statusChecks(cx: LoopCx): Where[] {
  const isStatus = (e: Expr, depth = 0): boolean => {
    const x = e.k === "other" && e.parts.length === 1 ? e.parts[0]! : e;
    if (x.k === "status") return true;
    if (x.k === "binary" && ["/", "+", "-", "%"].includes(x.op)) return isStatus(x.left, depth) || isStatus(x.right, depth);
    const local = x.k === "name" && !x.self ? cx.truth.locals.get(x.name) : undefined;
    return !!local && depth < 3 && isStatus(local, depth + 1);
  };
  const isCode = (e: Expr) => {
    const v = cx.scope.evaluate(e)?.value;
    return v !== undefined && v >= 100 && v <= 599;
  };
  const out: Where[] = [];
  for (const v of cx.visited) {
    const e = v.expr;
    if (e?.k === "ok") out.push(v.where);
    else if (e?.k === "binary" && ["<", "<=", ">", ">=", "==", "!="].includes(e.op) && ((isStatus(e.left) && isCode(e.right)) || (isStatus(e.right) && isCode(e.left)))) out.push(v.where);
    else if (e?.k === "in" && isStatus(e.item)) out.push(v.where);
    else if (v.stmt?.k === "switch" && v.stmt.tag && isStatus(v.stmt.tag) && v.stmt.cases.some((c) => (c.values ?? []).some(isCode))) out.push(v.where);
  }
  return out;
}

/**
 * Conditions in a catch that decide which errors go round: `if (!isRetryable(e)) throw e`, or
 * `if (isWriteConflict(e) && attempt < max) { sleep; continue } throw e` — not the check that only
 * gives up when the attempts run out.
 */
function errorChecks(cx: LoopCx, body: Stmt[]): Expr[] {
  const out: Expr[] = [];
  const stopsIn = (list: Stmt[]) => walk(list).some((x) => x.stmt?.k === "exit" && (x.stmt.kind === "throw" || x.stmt.kind === "return" || (x.stmt.kind === "break" && !x.where.loops.length)));
  const continuesIn = (list: Stmt[]) => walk(list).some((x) => x.stmt?.k === "exit" && x.stmt.kind === "continue" && !x.where.loops.length);
  const endsInStop = body.some((s) => s.k === "exit" && (s.kind === "throw" || s.kind === "return"));
  for (const v of walk(body)) {
    const s = v.stmt;
    if (s?.k !== "if") continue;
    if (stopsIn(s.then) && !exhaustion(cx, s.cond)) out.push(s.cond);
    else if (continuesIn(s.then) && endsInStop && !onlyCounters(cx, s.cond)) out.push(s.cond);
  }
  return out;
}

/** A condition made only of attempt-counter comparisons (`attempt < max`). */
function onlyCounters(cx: LoopCx, cond: Expr): boolean {
  const e = cond.k === "other" && cond.parts.length === 1 ? cond.parts[0]! : cond;
  if (e.k === "binary" && (e.op === "&&" || e.op === "||")) return onlyCounters(cx, e.left) && onlyCounters(cx, e.right);
  return exhaustion(cx, e);
}

/** The check that gives up when the attempts run out (`attempt >= max`, `!retries`, `… && i === n - 1`), and nothing else. */
function exhaustion(cx: LoopCx, cond: Expr): boolean {
  const counter = (e: Expr): boolean => {
    const x = e.k === "other" && e.parts.length === 1 ? e.parts[0]! : e;
    return (x.k === "name" && !x.self && cx.counters.has(x.name)) || (x.k === "update" && cx.counters.has(x.target));
  };
  const go = (e: Expr): boolean => {
    if (e.k === "other" && e.parts.length === 1) return go(e.parts[0]!);
    if (e.k === "binary" && e.op === "||") return go(e.left) && go(e.right);
    if (e.k === "binary" && e.op === "&&") return go(e.left) || go(e.right);
    if (e.k === "binary" && ["<", "<=", ">", ">=", "==", "!="].includes(e.op)) return counter(e.left) || counter(e.right);
    if (e.k === "unary" && e.op === "!") return counter(e.operand);
    return false;
  };
  return go(cond);
}

/** `500, 501, …, 599` → `500–599`. */
export function ranges(statuses: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < statuses.length; ) {
    let j = i;
    while (j + 1 < statuses.length && statuses[j + 1] === statuses[j]! + 1) j++;
    out.push(j - i >= 2 ? `${statuses[i]}–${statuses[j]}` : statuses.slice(i, j + 1).join(", "));
    i = j + 1;
  }
  return out.join(", ");
}
