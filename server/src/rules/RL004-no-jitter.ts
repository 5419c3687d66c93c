import type { Rule } from "./types";
import { layerOpFix } from "../fixes/ruleFixes";

/** RL004: fixed or exponential delays without randomness. */
export const RL004: Rule = {
  meta: {
    code: "RL004",
    name: "no-jitter",
    summary: "Retry delays have no jitter, so clients retry in lockstep",
    defaultSeverity: "warning",
    fixSafety: "safe",
    docs: {
      whatItDoes:
        "Reports retry layers whose delay is fixed, linear or exponential with no random component: tenacity `wait_fixed`/`wait_exponential`, backoff with `jitter=None`, urllib3 `Retry(backoff_factor>0)` with `backoff_jitter=0`, axios-retry `linearDelay`, hand-rolled `time.sleep(2 ** attempt)`.",
      whyItMatters:
        "Without jitter every client that failed at the same moment retries at the same moment: the retries arrive as synchronized waves that knock the recovering dependency over again.",
      example: "@retry(stop=stop_after_attempt(3), wait=wait_fixed(0.5))\ndef reserve_stock(order_id): ...",
      howToFix: "Use full jitter: tenacity `wait_random(0, x)` for `wait_fixed(x)` and `wait_random_exponential` for `wait_exponential`, backoff's default `full_jitter`, urllib3 `backoff_jitter`, axios-retry `exponentialDelay`.",
      fixedExample: "@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=0.5, max=4))\ndef reserve_stock(order_id): ...",
      options: "None.",
      references: ["reference/retry-semantics.md §1.1 (wait strategies), §1.2 (full_jitter default), §1.3 (backoff_jitter)"],
    },
  },
  check(model) {
    return model.layers
      .filter((l) => !l.disabled && l.wait.jitter === false && ["fixed", "exponential", "linear"].includes(l.wait.kind))
      .map((l) => ({
        file: l.file,
        span: l.anchor,
        message: `${l.label} (${l.library}) waits without jitter: ${l.wait.description}. Clients that failed together retry together; randomise the delay (full jitter).`,
        related: [],
        layerId: l.id,
      }));
  },
  fixes(finding, ctx) {
    return layerOpFix("RL004", "jitter", "safe", finding, ctx);
  },
};
