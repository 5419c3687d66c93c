/**
 * google-api-core `Retry` — reference/retry-semantics.md §1.7 (python-api-core 2.29.1), §5.2
 * (time-bounded, not counted), §5.4 (the 120 s time cap).
 *
 * - `retry.Retry(...)` / `AsyncRetry(...)` → a `code` layer (kind "google-api-core") anchored on the
 *   call that builds it. It retries what it is given: the calls that pass it as `retry=`
 *   (`client.get_bucket(name, retry=policy)`), or the function it decorates (`@Retry(...)`).
 * - Attempts: there is no count (maxAttempts null); it is bounded by `timeout` (legacy alias
 *   `deadline`), 120 s by default → timeBound; `timeout=None` → unbounded.
 * - Wait: `uniform(0, cap)`, cap from `initial` (1 s) ×`multiplier` (2) up to `maximum` (60 s):
 *   full jitter, on by default.
 * - Condition: `predicate=if_transient_error` by default (InternalServerError 500, TooManyRequests
 *   429, ServiceUnavailable 503, requests.ConnectionError, ChunkedEncodingError, google.auth
 *   TransportError); `predicate=if_exception_type(A, B)` → those types; other predicates are custom.
 * - PARTIAL in §1.7: the per-method defaults generated `google-cloud-*` clients ship are not
 *   modelled (they vary per API).
 */
import type { LayerFact, RetryCondition } from "../../model/facts";
import { callParts, descendants, enclosingFunction, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { resolveBound, type PyContext } from "./context";
import { conditionForExceptions, customCondition } from "./exceptions";
import { exceptionNames } from "./tenacity";
import { fmtSeconds } from "./waits";

const RETRY_CLASSES = new Set([
  "google.api_core.retry.Retry",
  "google.api_core.retry.AsyncRetry",
  "google.api_core.retry_async.AsyncRetry",
  "google.api_core.retry.retry_unary.Retry",
  "google.api_core.retry.retry_unary_async.AsyncRetry",
]);
const EXCEPTION_TYPE_PREDICATES = /(^|\.)if_exception_type$/;
const TRANSIENT_PREDICATE = /(^|\.)if_transient_error$/;

/** §1.7 defaults */
const DEFAULT_TIMEOUT = 120;
const DEFAULT_INITIAL = 1;
const DEFAULT_MAXIMUM = 60;
const DEFAULT_MULTIPLIER = 2;

export function detectGoogleApiCore(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  const isRetry = (n: SyntaxNode | null | undefined): boolean =>
    n?.type === "call" && RETRY_CLASSES.has(ctx.qualifiedName(n.childForFieldName("function")) ?? "");

  const decorated = new Set<number>();
  for (const dec of descendants(root, "decorator")) {
    const expr = dec.namedChildren[0];
    if (!expr || !isRetry(expr)) continue;
    const def = dec.parent?.namedChildren.find((c) => c?.type === "function_definition") ?? null;
    if (!def) continue;
    decorated.add(expr.id);
    const functionId = ctx.functionId(def);
    ctx.facts.layers.push({
      ...buildLayer(ctx, expr),
      localId: ctx.nextId("L", dec),
      anchor: nodeSpan(dec),
      attach: { kind: "function", functionId },
      label: def.childForFieldName("name")?.text ?? functionId,
    });
  }

  // calls that pass a policy as `retry=`: inline, or a name bound to one
  const users = new Map<number, SyntaxNode[]>();
  for (const call of descendants(root, "call")) {
    const value = callParts(call).keywords.get("retry");
    if (!value) continue;
    const policy = isRetry(value) ? value : value.type === "identifier" ? boundRetry(ctx, value, call, isRetry) : null;
    if (!policy) continue;
    const list = users.get(policy.id) ?? [];
    list.push(call);
    users.set(policy.id, list);
  }

  for (const call of descendants(root, "call")) {
    if (!isRetry(call) || decorated.has(call.id)) continue;
    const used = users.get(call.id) ?? [];
    const at = new Set(used.map((c) => `${c.startPosition.row + 1}:${c.startPosition.column}`));
    const callIds = ctx.facts.calls.filter((c) => at.has(`${c.span.line}:${c.span.column}`)).map((c) => c.id);
    const fnDef = enclosingFunction(used[0] ?? call);
    const functionId = ctx.functionId(fnDef);
    const binding = call.parent?.type === "assignment" ? call.parent.childForFieldName("left")?.text : null;
    ctx.facts.layers.push({
      ...buildLayer(ctx, call),
      localId: ctx.nextId("L", call),
      anchor: nodeSpan(call),
      attach: { kind: "block", functionId, callIds },
      label: binding ?? (used[0] ? `retry= on ${used[0].childForFieldName("function")?.text ?? "call"}` : "Retry"),
    });
  }
}


/** `policy = Retry(...)` in the same function or at module level. */
function boundRetry(ctx: PyContext, name: SyntaxNode, at: SyntaxNode, isRetry: (n: SyntaxNode | null | undefined) => boolean): SyntaxNode | null {
  const right = resolveBound(ctx, name, at);
  return right && isRetry(right) ? right : null;
}

type LayerCore = Omit<LayerFact, "localId" | "anchor" | "attach" | "label">;

function buildLayer(ctx: PyContext, call: SyntaxNode): LayerCore {
  const kw = callParts(call).keywords;
  const num = (name: string, d: number): number => ctx.number(kw.get(name), call) ?? d;
  const timeoutNode = kw.get("timeout") ?? kw.get("deadline");
  const timeoutKey = kw.has("timeout") ? "timeout" : "deadline";
  let timeout: number | null = DEFAULT_TIMEOUT;
  let timeBound: string | null = `timeout ${DEFAULT_TIMEOUT} s (default)`;
  let note = `no count limit: bounded by time only (${timeBound}); the timeout is checked before each new attempt`;
  if (timeoutNode?.type === "none") {
    timeout = null;
    timeBound = null;
    note = `${timeoutKey}=None: no count limit and no time limit, retries forever`;
  } else if (timeoutNode) {
    timeout = ctx.number(timeoutNode, call);
    timeBound = `${timeoutKey}=${timeout ?? timeoutNode.text}`;
    note = `no count limit: bounded by time only (${timeBound}${timeout !== null ? " s" : ""}); the timeout is checked before each new attempt`;
  }
  const initial = num("initial", DEFAULT_INITIAL);
  const maximum = num("maximum", DEFAULT_MAXIMUM);
  const multiplier = num("multiplier", DEFAULT_MULTIPLIER);
  const configuredWait = kw.has("initial") || kw.has("maximum") || kw.has("multiplier");

  const predicate = kw.get("predicate");
  let condition: RetryCondition;
  if (!predicate || TRANSIENT_PREDICATE.test(ctx.qualifiedName(predicate) ?? "")) {
    condition = {
      ...conditionForExceptions(
        [
          "google.api_core.exceptions.InternalServerError",
          "google.api_core.exceptions.TooManyRequests",
          "google.api_core.exceptions.ServiceUnavailable",
          "requests.exceptions.ConnectionError",
          "requests.exceptions.ChunkedEncodingError",
          "google.auth.exceptions.TransportError",
        ],
        false,
        "transient errors (if_transient_error: 500, 429, 503, connection errors)",
      ),
      statuses: [429, 500, 503],
    };
  } else if (predicate.type === "call" && EXCEPTION_TYPE_PREDICATES.test(ctx.qualifiedName(predicate.childForFieldName("function")) ?? "")) {
    const names = callParts(predicate).positional.flatMap((p) => exceptionNames(ctx, p));
    condition = conditionForExceptions(names, false, `predicate=if_exception_type(${names.join(", ")})`);
  } else condition = customCondition(`predicate=${predicate.text.slice(0, 60)}`);

  return {
    kind: "google-api-core",
    category: "code",
    library: "google-api-core",
    maxAttempts: null,
    attemptsSource: timeoutNode ? "config" : "default",
    attemptsNote: note,
    timeBound,
    wait: {
      kind: "exponential",
      jitter: true,
      initialSeconds: initial,
      maxSeconds: maximum,
      source: configuredWait ? "config" : "default",
      description: `uniform(0, cap), cap from ${fmtSeconds(initial)} ×${multiplier} up to ${fmtSeconds(maximum)}: full jitter`,
    },
    condition,
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: timeout,
  };
}
