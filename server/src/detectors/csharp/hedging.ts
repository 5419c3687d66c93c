/**
 * Polly v8 hedging — reference §3.6b (App-vNext/Polly src/Polly.Core/Hedging/
 * HedgingStrategyOptions.TResult.cs, HedgingConstants.cs and docs/strategies/hedging.md, tag 8.7.0).
 *
 * `AddHedging(new HedgingStrategyOptions<T> { MaxHedgedAttempts = 2, Delay = … })` runs the
 * callback again, "in addition to the original action", up to MaxHedgedAttempts times (default 1,
 * valid 1–10): when an attempt's outcome is handled (ShouldHandle: every exception except
 * OperationCanceledException, as for retries) a new attempt starts at once, and in latency mode
 * (Delay > 0, default 2 s) also when an attempt is slower than Delay; Delay = 0 starts them all in
 * parallel. A failing call therefore reaches the dependency MaxHedgedAttempts + 1 times in every
 * mode: hedging multiplies like a retry, so it is a layer (kind "polly-hedging").
 */
import type { LayerFact, WaitSpec } from "../../model/facts";
import { initializerValues, numberValue, timeSpanSeconds } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { fmtSeconds } from "../python/waits";
import type { CsContext } from "./context";
import { countRef } from "./countRef";
import { v8Condition } from "./polly";

type Base = Omit<LayerFact, "localId" | "anchor" | "attach" | "label">;

const DEFAULT_HEDGED = 1;
const MAX_HEDGED = 10;

/** `new HedgingStrategyOptions<T> { … }` or `new() { … }` as the AddHedging argument; null for options built elsewhere. */
export function pollyHedging(ctx: CsContext, options: SyntaxNode | null): Base | null {
  const opts = options && (options.type === "object_creation_expression" || options.type === "implicit_object_creation_expression") ? initializerValues(options) : null;
  const countNode = opts?.get("MaxHedgedAttempts") ?? null;
  let maxAttempts: number | null = DEFAULT_HEDGED + 1;
  let attemptsNote = `MaxHedgedAttempts defaults to ${DEFAULT_HEDGED} extra attempt → ${DEFAULT_HEDGED + 1} executions`;
  let configRef: LayerFact["configRef"];
  if (!opts) {
    maxAttempts = null;
    attemptsNote = "AddHedging options not visible statically";
  } else if (countNode) {
    const n = numberValue(countNode);
    if (n !== null) {
      // HedgingStrategyOptions validates 1 ≤ MaxHedgedAttempts ≤ 10 when the pipeline is built
      maxAttempts = Math.min(Math.max(n, DEFAULT_HEDGED), MAX_HEDGED) + 1;
      attemptsNote = `MaxHedgedAttempts = ${n} extra attempts → ${maxAttempts} executions${n < 1 || n > MAX_HEDGED ? " (out of 1–10: the pipeline rejects it)" : ""}`;
    } else {
      maxAttempts = null;
      configRef = countRef(ctx, countNode);
      attemptsNote = `MaxHedgedAttempts = ${countNode.text.slice(0, 60)} (not a literal)`;
    }
  }
  const delayNode = opts?.get("Delay") ?? null;
  const delay = delayNode ? timeSpanSeconds(delayNode) : opts ? 2 : null;
  const infinite = !!delayNode && /InfiniteTimeSpan|FromMilliseconds\(\s*-1\s*\)|FromSeconds\(\s*-1\s*\)/.test(delayNode.text);
  const mode = infinite || (delay !== null && delay < 0) ? "fallback mode: one attempt at a time" : delay === 0 ? "parallel mode: every attempt at once" : `latency mode: another attempt after ${delay === null ? "Delay" : fmtSeconds(delay)} without an answer`;
  const wait: WaitSpec = {
    kind: "custom",
    jitter: null,
    initialSeconds: null,
    maxSeconds: null,
    source: delayNode ? "config" : "default",
    description: `hedging (${mode}); a failed attempt starts the next at once`,
  };
  return {
    kind: "polly-hedging",
    category: "code",
    library: "polly",
    maxAttempts,
    attemptsSource: countNode ? "config" : "default",
    attemptsNote,
    ...(maxAttempts === null && opts ? { countUnknown: true } : {}),
    ...(!opts ? { countUnknown: true } : {}),
    ...(configRef ? { configRef } : {}),
    timeBound: null,
    wait,
    condition: v8Condition(opts?.get("ShouldHandle") ?? null, false, false, undefined),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}
