import type { Rule } from "./types";

/** RL007: retries 429/503 without honouring Retry-After. */
export const RL007: Rule = {
  meta: {
    code: "RL007",
    name: "ignores-retry-after",
    summary: "A layer retries 429/503 without honouring Retry-After",
    defaultSeverity: "warning",
    fixSafety: "none",
    docs: {
      whatItDoes:
        "Reports layers that retry 429 (or 503) responses while ignoring the server's `Retry-After` header: urllib3 with `respect_retry_after_header=False`, hand-rolled loops that check the status but never read the header, gateway routes retrying 429 without a rate-limited back-off.",
      whyItMatters: "A server that answers 429 is telling clients when to come back. Retrying earlier is guaranteed to fail and keeps the server saturated.",
      example: "Retry(total=3, status_forcelist=[429, 503], respect_retry_after_header=False)",
      howToFix: "Honour Retry-After (urllib3's default; axios-retry does it; in a loop, sleep max(backoff, Retry-After)).",
      fixedExample: "Retry(total=3, status_forcelist=[429, 503], backoff_factor=0.5, backoff_jitter=0.5)",
      options: "None.",
      references: ["reference/retry-semantics.md §1.3 (respect_retry_after_header), §2.1, §4.2 (rate_limited_retry_back_off)"],
    },
  },
  check(model) {
    return model.layers
      .filter((l) => !l.disabled && l.condition.honoursRetryAfter === false && l.condition.statuses.some((s) => s === 429 || s === 503))
      .map((l) => ({
        file: l.file,
        span: l.anchor,
        message: `${l.label} (${l.library}) retries ${l.condition.statuses.filter((s) => s === 429 || s === 503).join("/")} without honouring Retry-After: retries arrive before the server said it can take them. Wait for Retry-After (at least) before retrying.`,
        related: [],
        layerId: l.id,
      }));
  },
};
