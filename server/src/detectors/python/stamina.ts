/**
 * stamina — reference/retry-semantics.md §1.8 (stamina 26.1), §5.1 (attempts count attempts),
 * §5.4 (the 45 s time cap).
 *
 * - `@stamina.retry(on=…, attempts=N, timeout=T, wait_initial=…, wait_max=…, wait_jitter=…)` on a
 *   function → a `code` layer (kind "stamina") attached to it, anchored on the `@`.
 * - `for attempt in stamina.retry_context(on=…): with attempt: …` → a `code` layer on the loop's calls.
 * - `caller = stamina.RetryingCaller(...).on(exc)`; `caller(fn, …)` → a `code` layer on those calls,
 *   which run `fn` (CallFact.invokesArg).
 * - Defaults: `attempts=10` (N → N total), `timeout=45.0` s over all attempts — whichever comes
 *   first; `attempts=None` → bounded by the timeout only (time-bounded); both None → forever.
 * - Wait: `min(wait_max, wait_initial × wait_exp_base^(n-1) + U(0, wait_jitter))`:
 *   0.1 s ×2 up to 5 s, plus 0–1 s jitter, on by default; `wait_jitter=0` turns jitter off.
 * - `on=` is required: exception type(s) (RL006 when it is Exception) or a predicate.
 */
import type { LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import { callParts, descendants, enclosingFunction, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { conditionForExceptions, customCondition } from "./exceptions";
import { exceptionNames } from "./tenacity";
import { fmtSeconds } from "./waits";

/** §1.8 defaults */
const DEFAULT_ATTEMPTS = 10;
const DEFAULT_TIMEOUT = 45;
const DEFAULT_WAIT_INITIAL = 0.1;
const DEFAULT_WAIT_MAX = 5;
const DEFAULT_WAIT_JITTER = 1;
const DEFAULT_EXP_BASE = 2;

function staminaName(q: string | null): string | null {
  if (!q || !q.startsWith("stamina.")) return null;
  return q.slice(q.lastIndexOf(".") + 1);
}

type LayerCore = Omit<LayerFact, "localId" | "anchor" | "attach" | "label">;

/** `on=`: exception type(s), or a predicate function (custom condition). */
function conditionFor(ctx: PyContext, on: SyntaxNode, raisesOnStatus: boolean): RetryCondition {
  if (on.type === "identifier" || on.type === "attribute" || on.type === "tuple" || on.type === "list" || on.type === "parenthesized_expression") {
    const names = exceptionNames(ctx, on);
    // a lowercase last segment is a predicate function (`on=should_retry`), not an exception class
    const looksLikeTypes = names.every((n) => /^[A-Z]/.test(n.slice(n.lastIndexOf(".") + 1)));
    return looksLikeTypes ? conditionForExceptions(names, raisesOnStatus, `on=${on.text}`) : customCondition(`on=${on.text} (a predicate)`);
  }
  return customCondition(`on=${on.text.slice(0, 60)}`);
}

export function detectStamina(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  for (const dec of descendants(root, "decorator")) {
    const expr = dec.namedChildren[0];
    if (expr?.type !== "call" || staminaName(ctx.qualifiedName(expr.childForFieldName("function"))) !== "retry") continue;
    const def = dec.parent?.namedChildren.find((c) => c?.type === "function_definition") ?? null;
    if (!def) continue;
    const functionId = ctx.functionId(def);
    const raisesOnStatus = ctx.facts.functions.find((f) => f.id === functionId)?.raisesOnStatus ?? false;
    ctx.facts.layers.push({
      ...buildLayer(ctx, expr, raisesOnStatus),
      localId: ctx.nextId("L", dec),
      anchor: nodeSpan(dec),
      attach: { kind: "function", functionId },
      label: def.childForFieldName("name")?.text ?? functionId,
    });
  }
  for (const call of descendants(root, "call")) {
    if (staminaName(ctx.qualifiedName(call.childForFieldName("function"))) !== "retry_context") continue;
    const loop = call.parent;
    if (loop?.type !== "for_statement" || loop.childForFieldName("right")?.id !== call.id) continue;
    const fnDef = enclosingFunction(call);
    const functionId = ctx.functionId(fnDef);
    const raisesOnStatus = ctx.facts.functions.find((f) => f.id === functionId)?.raisesOnStatus ?? false;
    const body = loop.childForFieldName("body");
    const at = new Set((body ? descendants(body, "call", { skipNestedDefs: true }) : []).map((c) => `${c.startPosition.row + 1}:${c.startPosition.column}`));
    const callIds = ctx.facts.calls.filter((c) => at.has(`${c.span.line}:${c.span.column}`)).map((c) => c.id);
    ctx.facts.layers.push({
      ...buildLayer(ctx, call, raisesOnStatus),
      localId: ctx.nextId("L", call),
      anchor: nodeSpan(call),
      attach: { kind: "block", functionId, callIds },
      label: `retry_context in ${functionId === "<module>" ? "module" : functionId}`,
    });
  }
  detectRetryingCallers(ctx);
}

/**
 * `caller = stamina.RetryingCaller(attempts=3).on(httpx.HTTPError)` (or `AsyncRetryingCaller`),
 * then `caller(fn, *args)`: the calls through the caller retry `fn` (the linker follows it).
 */
function detectRetryingCallers(ctx: PyContext): void {
  for (const call of descendants(ctx.tree.rootNode, "call")) {
    const name = staminaName(ctx.qualifiedName(call.childForFieldName("function")));
    if (name !== "RetryingCaller" && name !== "AsyncRetryingCaller") continue;
    // `.on(exc)` chained on the constructor supplies the condition
    const attr = call.parent?.type === "attribute" && call.parent.childForFieldName("attribute")?.text === "on" ? call.parent : null;
    const onCall = attr?.parent?.type === "call" ? attr.parent : null;
    const bound = (onCall ?? call).parent;
    const binding = bound?.type === "assignment" ? bound.childForFieldName("left")?.text ?? null : null;
    const fnDef = enclosingFunction(call);
    const functionId = ctx.functionId(fnDef);
    const scope = fnDef ?? ctx.tree.rootNode;
    const users = binding ? descendants(scope, "call").filter((n) => n.childForFieldName("function")?.text === binding) : [];
    const at = new Set(users.map((c) => `${c.startPosition.row + 1}:${c.startPosition.column}`));
    const facts = ctx.facts.calls.filter((c) => at.has(`${c.span.line}:${c.span.column}`));
    for (const f of facts) f.invokesArg = 0;
    const layer = buildLayer(ctx, call, false);
    if (onCall) {
      const onArg = callParts(onCall).positional[0] ?? callParts(onCall).keywords.get("on");
      if (onArg) layer.condition = conditionFor(ctx, onArg, false);
    }
    ctx.facts.layers.push({
      ...layer,
      localId: ctx.nextId("L", call),
      anchor: nodeSpan(call),
      attach: { kind: "block", functionId, callIds: facts.map((f) => f.id) },
      label: binding ?? name,
    });
  }
}


/** a keyword's number; null for `None` or a value not known statically; `undefined` when absent */
function numberArg(ctx: PyContext, call: SyntaxNode, name: string): { given: boolean; none: boolean; value: number | null; text: string } {
  const n = callParts(call).keywords.get(name);
  if (!n) return { given: false, none: false, value: null, text: "" };
  if (n.type === "none") return { given: true, none: true, value: null, text: "None" };
  if (n.type === "call" && /(^|\.)timedelta$/.test(ctx.qualifiedName(n.childForFieldName("function")) ?? "")) {
    const p = callParts(n);
    const secs = ctx.number(p.keywords.get("seconds"), call) ?? 0;
    const mins = ctx.number(p.keywords.get("minutes"), call) ?? 0;
    return { given: true, none: false, value: secs + mins * 60, text: n.text };
  }
  return { given: true, none: false, value: ctx.number(n, call), text: n.text };
}

function buildLayer(ctx: PyContext, call: SyntaxNode, raisesOnStatus: boolean): LayerCore {
  const attempts = numberArg(ctx, call, "attempts");
  const timeout = numberArg(ctx, call, "timeout");
  const timeoutSeconds = timeout.given ? (timeout.none ? null : timeout.value) : DEFAULT_TIMEOUT;
  const timeoutText = timeout.given ? (timeout.none ? "timeout=None" : `timeout=${timeout.value ?? timeout.text}`) : `timeout ${DEFAULT_TIMEOUT} s (default)`;
  let maxAttempts: number | null;
  let note: string;
  let timeBound: string | null = null;
  let countUnknown = false;
  if (!attempts.given) {
    maxAttempts = DEFAULT_ATTEMPTS;
    note = `no attempts=: ${DEFAULT_ATTEMPTS} attempts by default, or ${timeoutText}, whichever comes first`;
  } else if (attempts.none) {
    maxAttempts = null;
    if (timeoutSeconds !== null || (timeout.given && !timeout.none)) {
      timeBound = timeoutText;
      note = `attempts=None: bounded only by ${timeoutText}`;
    } else note = "attempts=None and timeout=None: stamina retries forever";
  } else if (attempts.value === null) {
    maxAttempts = null;
    countUnknown = true;
    note = `attempts=${attempts.text}: count not known statically`;
  } else {
    maxAttempts = Math.max(1, Math.floor(attempts.value));
    note = `attempts=${attempts.value} → ${maxAttempts} attempts (or ${timeoutText}, whichever comes first)`;
  }

  const num = (name: string, d: number): number => {
    const a = numberArg(ctx, call, name);
    return a.given && a.value !== null ? a.value : d;
  };
  const initial = num("wait_initial", DEFAULT_WAIT_INITIAL);
  const max = num("wait_max", DEFAULT_WAIT_MAX);
  const jitter = num("wait_jitter", DEFAULT_WAIT_JITTER);
  const base = num("wait_exp_base", DEFAULT_EXP_BASE);
  const configured = ["wait_initial", "wait_max", "wait_jitter", "wait_exp_base"].some((k) => callParts(call).keywords.has(k));
  const wait: WaitSpec =
    initial === 0 && jitter === 0
      ? { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "config", description: "wait_initial=0 and wait_jitter=0: retries immediately" }
      : {
          kind: "exponential",
          jitter: jitter > 0,
          initialSeconds: initial,
          maxSeconds: max,
          source: configured ? "config" : "default",
          description: `exponential from ${fmtSeconds(initial)} (×${base}), max ${fmtSeconds(max)}${jitter > 0 ? `, + 0–${fmtSeconds(jitter)} jitter` : ", no jitter (wait_jitter=0)"}`,
        };

  const on = callParts(call).keywords.get("on") ?? callParts(call).positional[0];
  const condition = on ? conditionFor(ctx, on, raisesOnStatus) : customCondition("on= not given (stamina requires it)");

  return {
    kind: "stamina",
    category: "code",
    library: "stamina",
    maxAttempts,
    attemptsSource: attempts.given ? "config" : "default",
    attemptsNote: note,
    timeBound,
    ...(countUnknown ? { countUnknown: true } : {}),
    wait,
    condition,
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: timeoutSeconds,
  };
}
