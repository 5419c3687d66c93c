import type { Rule } from "./types";

/**
 * RL012: an SDK client with retry state (token bucket / quota) built per call. Reads the
 * `clients` the linker lists on the model; detectors mark `hasRetryQuota` for SDKs that keep
 * one (AWS SDKs, reference §1.6 and §2.7).
 */
export const RL012: Rule = {
  meta: {
    code: "RL012",
    name: "client-per-request",
    summary: "An SDK client with a retry quota is built per request, resetting the quota",
    defaultSeverity: "warning",
    fixSafety: "display-only",
    docs: {
      whatItDoes:
        "Reports clients that keep retry state across calls (AWS SDK retry quota: a 500-token bucket) but are constructed inside the function that handles each request.",
      whyItMatters: "The quota is what stops an SDK from retrying into an outage. A client built per request starts every call with a full bucket, so the quota never empties and never protects anything.",
      example: "def handler(event):\n    s3 = boto3.client(\"s3\")  # new retry quota on every call\n    s3.put_object(...)",
      howToFix: "Build the client once (module level or at start-up) and reuse it.",
      fixedExample: "s3 = boto3.client(\"s3\")\n\ndef handler(event):\n    s3.put_object(...)",
      options: "None.",
      references: ["reference/retry-semantics.md §1.6 (retry quota), §2.7"],
    },
  },
  check(model) {
    return model.clients
      .filter((c) => c.perCall && c.hasRetryQuota)
      .map((c) => ({
        file: c.file,
        span: c.span,
        message: `${c.library} client built inside ${c.functionId}: each call starts with a fresh retry quota, so the quota never stops retries during an outage. Build the client once and reuse it.`,
        related: [],
        layerId: null,
      }));
  },
};
