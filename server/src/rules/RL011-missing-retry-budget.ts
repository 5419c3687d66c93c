import type { RawFinding, Rule } from "./types";
import { layerOpFix } from "../fixes/ruleFixes";

/** RL011: many callers retry into one dependency with no budget. */
export const RL011: Rule = {
  meta: {
    code: "RL011",
    name: "missing-retry-budget",
    summary: "Several services retry into one dependency with no retry budget",
    defaultSeverity: "info",
    fixSafety: "unsafe",
    docs: {
      whatItDoes:
        "Reports retrying layers on hops into a fan-in dependency (called by two or more services) when no layer on the hop is capped by a retry budget (Envoy `retry_budget`, gRPC `retryThrottling`, a token bucket in code).",
      whyItMatters: "Per-request caps do not bound the total: when the shared dependency slows down, every caller's retries arrive at once. A budget caps retries as a share of traffic, so retries stop when they would do harm.",
      example: "# orders and billing both call inventory with Retry(total=3) and no budget",
      howToFix: "Add a retry budget (Envoy cluster `circuit_breakers.thresholds[].retry_budget`, gRPC `retryThrottling`, a token bucket around the client).",
      fixedExample: "circuit_breakers:\n  thresholds:\n    - retry_budget: {budget_percent: {value: 20}, min_retry_concurrency: 3}",
      options: "None.",
      references: ["reference/retry-semantics.md §4.3 (retry_budget), §3.12 (retryThrottling), §5.5"],
    },
  },
  check(model) {
    const callers = new Map<string, Set<string>>();
    for (const hop of model.hops) {
      if (!hop.layerIds.some((id) => !model.layerById.get(id)?.disabled)) continue;
      const set = callers.get(hop.callee) ?? new Set();
      set.add(hop.caller);
      callers.set(hop.callee, set);
    }
    const out = new Map<string, RawFinding>();
    for (const hop of model.hops) {
      const fanIn = callers.get(hop.callee);
      if (!fanIn || fanIn.size < 2) continue;
      const layers = hop.layerIds.map((id) => model.layerById.get(id)!).filter((l) => l && !l.disabled);
      if (layers.some((l) => l.budget !== null)) continue;
      for (const l of layers) {
        if (out.has(l.id)) continue;
        out.set(l.id, {
          file: l.file,
          span: l.anchor,
          message: `${l.label} retries calls to ${hop.callee}, which ${fanIn.size} services retry into (${[...fanIn].sort().join(", ")}), with no retry budget: under load their retries add up. Cap retries as a share of traffic.`,
          related: [],
          layerId: l.id,
        });
      }
    }
    return [...out.values()];
  },
  fixes(finding, ctx) {
    return layerOpFix("RL011", "budget", "unsafe", finding, ctx);
  },
};
