import type { Rule } from "./types";
import { layerOpFix } from "../fixes/ruleFixes";
import { layerName } from "../model/format";

/** Envoy/Istio retry_on tokens for failures where the upstream never saw the request. */
export const PRE_SEND_RETRY_ON = new Set(["connect-failure", "refused-stream", "reset-before-request", "envoy-ratelimited", "unavailable", "cancelled"]);

/** RL013: an edge route that retries 5xx/resets instead of only pre-send failures. */
export const RL013: Rule = {
  meta: {
    code: "RL013",
    name: "gateway-retries-server-errors",
    summary: "An edge gateway route retries server errors, not only failures before the request reached the upstream",
    defaultSeverity: "warning",
    fixSafety: "safe",
    docs: {
      whatItDoes:
        "Reports edge routes (Envoy listener routes, Istio VirtualServices bound to a gateway) whose `retry_on` includes `5xx`, `gateway-error`, `reset`, `retriable-4xx` or status codes — conditions under which the upstream may already have processed the request.",
      whyItMatters: "The gateway is the outermost layer: whatever it retries is multiplied by every layer behind it, and it cannot know whether the request was a write. Retrying only failures where the request never arrived is always safe.",
      example: "retry_policy:\n  retry_on: \"5xx,reset,connect-failure\"\n  num_retries: 2",
      howToFix: "Narrow `retry_on` to `connect-failure,refused-stream,reset-before-request` and let the service that owns the call retry what it knows is safe.",
      fixedExample: "retry_policy:\n  retry_on: \"connect-failure,refused-stream,reset-before-request\"\n  num_retries: 1",
      options: "None.",
      references: ["reference/retry-semantics.md §4.2 (retry_on values), §4.1"],
    },
  },
  check(model) {
    return model.layers
      .filter((l) => !l.disabled && l.category === "gateway" && l.condition.afterSendMethods === "all")
      .map((l) => {
        const risky = l.condition.retryOn.filter((t) => !PRE_SEND_RETRY_ON.has(t));
        return {
          file: l.file,
          span: l.anchor,
          message: `Edge ${layerName(l)} retries ${risky.join(", ") || "server errors"} (×${l.maxAttempts ?? "∞"}): the upstream may already have processed the request, and every layer behind the gateway multiplies these retries. Retry only connect-failure,refused-stream,reset-before-request here.`,
          related: [],
          layerId: l.id,
        };
      });
  },
  fixes(finding, ctx) {
    return layerOpFix("RL013", "narrowGateway", "safe", finding, ctx);
  },
};
