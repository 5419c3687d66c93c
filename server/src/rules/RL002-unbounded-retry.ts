import type { Rule } from "./types";
import { layerOpFix } from "../fixes/ruleFixes";

/** The count bound in the layer's own terms (each library's option; a loop's counter). */
const STOP_ADVICE: Partial<Record<string, string>> = {
  tenacity: "Add a stop condition such as stop_after_attempt(3).",
  backoff: "Add max_tries=3.",
  stamina: "Set attempts=3.",
  "retry-loop": "Bound the loop with an attempt counter (for example 3 attempts) and give up after the last one.",
  cockatiel: "Set maxAttempts (it counts retries: 2 → 3 attempts).",
  "p-retry": "Set retries: 2 (it counts retries).",
  "fetch-retry": "Set retries and use a retryOn function that also checks the attempt number.",
  "polly-v7-retry": "Use Retry(n)/WaitAndRetry(n, …) instead of the Forever variant.",
  "polly-retry": "Set MaxRetryAttempts to a small number (it counts retries).",
  "reactor-retry": "Use Retry.backoff(2, …) or .retry(2) (they count retries).",
  "cenkalti-backoff": "Wrap the backoff in backoff.WithMaxRetries (v4, counts retries) or pass backoff.WithMaxTries (v5, total).",
  "microprofile-retry": "Set maxRetries to a small number instead of -1.",
  "retry-go": "Pass retry.Attempts(3) instead of Attempts(0) / UntilSucceeded() (Attempts counts every call).",
};

/** RL002: a layer with no attempt count bound (reference §5.2). */
export const RL002: Rule = {
  meta: {
    code: "RL002",
    name: "unbounded-retry",
    summary: "A retry layer has no bound on the number of attempts",
    defaultSeverity: "warning",
    fixSafety: "unsafe",
    docs: {
      whatItDoes:
        "Reports retry layers that never stop counting: a bare tenacity `@retry` (stop_never), backoff without `max_tries`, a retry loop with no attempt counter. Layers bounded only by time (`stop_after_delay`, `max_time`) are reported as info.",
      whyItMatters:
        "An unbounded layer multiplies every other layer on its path by infinity: during an outage each caller keeps sending requests until the dependency recovers or the process dies, and a queue of such callers makes recovery impossible.",
      example: "from tenacity import retry\n\n@retry  # tenacity default: stop_never, wait_none\ndef get_inventory(sku): ...",
      howToFix: "Add a count bound (`stop=stop_after_attempt(3)`, `max_tries=3`), ideally together with a deadline.",
      fixedExample: "@retry(stop=stop_after_attempt(3) | stop_after_delay(10), wait=wait_random_exponential(multiplier=0.2, max=2))\ndef get_inventory(sku): ...",
      options: "None.",
      references: ["reference/retry-semantics.md §1.1 (tenacity defaults), §1.2 (backoff), §5.2"],
    },
  },
  check(model) {
    const stopAdvice = (kind: string) => STOP_ADVICE[kind] ?? "Set a maximum number of attempts (3 is usually plenty).";
    return model.layers
      // a count that is computed at run time is unknown, not unbounded
      .filter((l) => !l.disabled && l.maxAttempts === null && !l.countUnknown)
      .map((l) => ({
        file: l.file,
        span: l.anchor,
        severity: l.timeBound ? ("info" as const) : undefined,
        message: l.timeBound
          ? `${l.label} (${l.library}) has no attempt limit, only a time limit (${l.timeBound}): every layer around it is multiplied by as many attempts as fit in that time. Add a count bound.`
          : `${l.label} (${l.library}) retries without any bound: ${l.attemptsNote}. ${stopAdvice(l.kind)}`,
        related: [],
        layerId: l.id,
      }));
  },
  fixes(finding, ctx) {
    return layerOpFix("RL002", "stop", "unsafe", finding, ctx);
  },
};
