import type { Rule } from "./types";

/** RL006: retries errors that will fail the same way again. */
export const RL006: Rule = {
  meta: {
    code: "RL006",
    name: "retries-permanent-errors",
    summary: "A retry layer retries errors that cannot succeed on retry",
    defaultSeverity: "warning",
    fixSafety: "none",
    docs: {
      whatItDoes:
        "Reports layers that retry every exception (tenacity's default, `except Exception`, backoff on `Exception`), HTTP error base classes around code that calls `raise_for_status()` (so 4xx responses are retried), or explicit 4xx statuses other than 408, 425 and 429.",
      whyItMatters:
        "A 400, 401, 404 or a bug fails identically every time. Retrying it multiplies load and latency for nothing, and hides the real error behind a RetryError.",
      example: "@retry(retry=retry_if_exception_type(requests.RequestException))  # includes HTTPError for 4xx\ndef reserve(...):\n    resp = session.post(...); resp.raise_for_status()",
      howToFix: "Retry only transient failures: connection errors, timeouts, 408/425/429/502/503/504.",
      fixedExample: "@retry(retry=retry_if_exception_type((requests.ConnectionError, requests.Timeout)))",
      options: "None.",
      references: ["reference/retry-semantics.md §1.1 (default retry condition), §1.3 (status_forcelist)"],
    },
  },
  check(model) {
    return model.layers
      .filter((l) => !l.disabled && l.condition.permanentErrors !== null)
      .map((l) => ({
        file: l.file,
        span: l.anchor,
        message: `${l.label} (${l.library}) retries errors that will not go away: ${l.condition.permanentErrors}. Retry only transient failures (connection errors, timeouts, 429/502/503/504).`,
        related: [],
        layerId: l.id,
      }));
  },
};
