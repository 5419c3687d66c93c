import type { Rule } from "./types";
import { ownerFixes } from "../fixes/owner";
import type { CallPath } from "../model/model";
import { chainText, entryText, productText, related } from "./helpers";

/** RL001: a path whose attempt product exceeds the threshold (DESIGN.md rule catalogue). */
export const RL001: Rule = {
  meta: {
    code: "RL001",
    name: "retry-amplification",
    summary: "Retry layers along a call path multiply past the threshold",
    defaultSeverity: "error",
    fixSafety: "unsafe",
    docs: {
      whatItDoes:
        "Multiplies the attempts of every active retry layer on a call path — gateway route, decorators, client policies, mesh — and reports the path when the product exceeds the threshold (3 by default). The finding is placed on every layer of the path, with the other layers as related locations.",
      whyItMatters:
        "Each layer is reasonable on its own; together they turn one failing call into many. A gateway retrying 3 times, a decorator retrying 3 times and a session retrying 3 times send 3 × 3 × 3 = 27 requests to a dependency that is already failing, which keeps it down.",
      example:
        "# deploy/gateway/envoy.yaml: retry_policy: {num_retries: 2}     → ×3\n@retry(stop=stop_after_attempt(3))                              # → ×3\ndef reserve_stock(order_id):\n    return session.post(f\"{INVENTORY}/reservations\")        # session mounts Retry(total=2) → ×3",
      howToFix:
        "Choose one retry owner per path — usually the layer closest to the failing dependency — and turn the others off (Istio `retries: {attempts: 0}`, `Retry(total=0)`, remove the decorator). Add a retry budget where retries must stay.",
      fixedExample:
        "# gateway: retry_on: connect-failure,refused-stream; num_retries: 1\n# session: Retry(total=0)\n@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=0.1, max=2))\ndef reserve_stock(order_id): ...",
      options: "`threshold` (default 3): the largest acceptable product. A path under a retry budget is reported as info instead of an error.",
      references: ["DESIGN.md: vocabulary (attempt, layer, path, product)", "reference/retry-semantics.md §5"],
    },
  },
  check(model) {
    const out: ReturnType<Rule["check"]> = [];
    // the worst path through each layer that crosses the threshold (paths are sorted worst
    // first); a budget on one path does not cap another, so an unbudgeted crossing path is
    // reported (unsoftened) before a budgeted one. One pass over the paths, not one per layer.
    const worstByLayer = new Map<string, CallPath>();
    for (const p of model.paths) {
      const crosses = p.product === null ? p.layers.length > 1 : p.product > model.settings.threshold;
      if (!crosses) continue;
      for (const id of p.layers) {
        const seen = worstByLayer.get(id);
        if (!seen || (seen.budgeted && !p.budgeted)) worstByLayer.set(id, p);
      }
    }
    for (const layer of model.layers) {
      const worst = worstByLayer.get(layer.id);
      if (layer.disabled || !worst) continue;
      const budget = worst.budgeted ? " The path is budgeted (a retry budget caps retries under load), so this is the worst case, not the steady state." : "";
      out.push({
        file: layer.file,
        span: layer.anchor,
        severity: worst.budgeted ? "info" : undefined,
        message: `${worst.product === null && worst.layers.some((id) => model.layerById.get(id)?.countUnknown) ? "An unknown number of (computed at run time)" : productText(worst.product)} calls reach ${worst.target} ${entryText(model, worst)}: ${chainText(model, worst)} (threshold ${model.settings.threshold}). ${
          worst.layers.length > 1
            ? "Keep one retry layer on this path (the one closest to the failing dependency) and turn the others off."
            : "Lower this layer's attempts to the threshold or less."
        }${budget}`,
        related: related(model, worst, layer.id),
        layerId: layer.id,
        product: worst.product,
      });
    }
    return out;
  },
  fixes(finding, ctx) {
    return ownerFixes("RL001", finding, ctx);
  },
};
