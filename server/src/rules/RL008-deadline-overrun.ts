import type { CallPath, Model, RetryLayer } from "../model/model";
import type { RawFinding, Rule } from "./types";
import { layerName } from "../model/format";

/** Total time the waits between `attempts` attempts can add, from what the layer says (a lower bound when unsure). */
export function totalWaitSeconds(l: RetryLayer, attempts: number): number {
  const w = l.wait;
  const retries = Math.max(0, attempts - 1);
  if (w.kind === "none" || w.initialSeconds === null) return 0;
  if (w.kind === "fixed") return retries * w.initialSeconds;
  if (w.kind === "exponential" && w.jitter === false) {
    // closed form once the wait reaches its cap: a count of 10⁹ (or 1e308) is not looped over
    if (w.initialSeconds <= 0) return 0;
    const cap = w.maxSeconds ?? Infinity;
    let sum = 0;
    let k = 0;
    // 2 ** k overflows to Infinity before k reaches 1,100, so this loop is short whatever the count
    for (; k < retries; k++) {
      const step = w.initialSeconds * 2 ** k;
      if (step >= cap) break;
      sum += step;
    }
    return k < retries ? sum + (retries - k) * cap : sum;
  }
  return 0;
}

const fmt = (s: number) => `${Number(s.toFixed(2))} s`;

/** Longest time the layers from `from` inward can keep one request busy, when every per-call timeout is known. */
function innerDuration(model: Model, path: CallPath, from: number): number | null {
  const hopOf = new Map<string, number>();
  path.hops.forEach((h) => model.hops[h]!.layerIds.forEach((id) => hopOf.set(id, h)));
  const inner = path.layers.slice(from).map((id) => model.layerById.get(id)!);
  const hop = model.hops[hopOf.get(path.layers[from]!)!];
  // only layers of the same hop: their calls' timeouts bound each innermost attempt
  const sameHop = inner.filter((l) => hop?.layerIds.includes(l.id));
  const timeouts = (hop?.calls ?? []).map((c) => c.timeoutSeconds);
  if (!timeouts.length || timeouts.some((t) => t === null) || sameHop.some((l) => l.maxAttempts === null)) return null;
  let duration = Math.max(...(timeouts as number[]));
  for (let i = sameHop.length - 1; i >= 0; i--) {
    const l = sameHop[i]!;
    duration = l.maxAttempts! * duration + totalWaitSeconds(l, l.maxAttempts!);
  }
  return duration;
}

/** RL008: retries that cannot finish inside the deadline that covers them. */
export const RL008: Rule = {
  meta: {
    code: "RL008",
    name: "deadline-overrun",
    summary: "Attempts × per-attempt timeout exceed the deadline that covers them",
    defaultSeverity: "warning",
    fixSafety: "display-only",
    docs: {
      whatItDoes:
        "Reports a layer whose attempts × per-try timeout (plus back-off) exceed its own overall timeout (Istio/Envoy route `timeout` vs `perTryTimeout`), code retries that can run longer than the per-try timeout of a gateway or mesh layer in front of them, and code or client retries around requests with no timeout at all (requests, axios and fetch set none by default), which no deadline bounds.",
      whyItMatters:
        "Attempts that cannot finish before the caller gives up are pure waste: the caller has already returned an error (and may retry itself), while the retries keep loading the dependency.",
      example: "retries:\n  attempts: 4        # 5 attempts\n  perTryTimeout: 2s  # 5 × 2 s = 10 s\ntimeout: 5s          # the route gives up after 5 s",
      howToFix: "Make attempts × per-try timeout + back-off fit the overall deadline, or pass the remaining deadline down and stop retrying when it runs out.",
      fixedExample: "retries:\n  attempts: 1\n  perTryTimeout: 2s\ntimeout: 5s",
      options: "None.",
      references: ["reference/retry-semantics.md §4.1 (perTryTimeout), §4.2 (route timeout 15 s default), §5.4"],
    },
  },
  check(model) {
    const out: RawFinding[] = [];
    const seen = new Set<string>();
    for (const l of model.layers) {
      if (l.disabled || l.maxAttempts === null || l.perTryTimeoutSeconds === null || l.overallTimeoutSeconds === null) continue;
      const total = l.maxAttempts * l.perTryTimeoutSeconds + totalWaitSeconds(l, l.maxAttempts);
      if (total <= l.overallTimeoutSeconds) continue;
      seen.add(l.id);
      out.push({
        file: l.file,
        span: l.anchor,
        message: `${layerName(l)}: ${l.maxAttempts} attempts × ${fmt(l.perTryTimeoutSeconds)} per try = ${fmt(total)}, but the overall timeout is ${fmt(l.overallTimeoutSeconds)}: the last attempts can never finish. Lower attempts or perTryTimeout so they fit.`,
        related: [],
        layerId: l.id,
      });
    }
    // retries around requests with no timeout at all: one hung attempt holds the caller forever,
    // and nothing bounds the total time of the retries
    for (const hop of model.hops) {
      const hanging = hop.calls.find((c) => c.protocol === "http" && !c.hasTimeout && c.library !== null);
      if (!hanging) continue;
      for (const id of hop.layerIds) {
        const l = model.layerById.get(id);
        if (!l || l.disabled || seen.has(id) || (l.category !== "code" && l.category !== "client")) continue;
        if (l.overallTimeoutSeconds !== null || l.timeBound !== null) continue;
        seen.add(id);
        out.push({
          file: l.file,
          span: l.anchor,
          message: `${layerName(l)} retries ${hanging.callee} (${hanging.file}:${hanging.span.line}), which has no timeout (${hanging.library} sets none by default): one hung attempt blocks forever and nothing bounds the retries' total time. Pass a timeout and bound the retries by a deadline.`,
          related: [{ file: hanging.file, span: hanging.span, message: "request without a timeout" }],
          layerId: l.id,
        });
      }
    }
    for (const path of model.paths) {
      path.layers.forEach((outerId, i) => {
        const outer = model.layerById.get(outerId)!;
        const budget = outer.perTryTimeoutSeconds;
        if (budget === null || i + 1 >= path.layers.length) return;
        const innerId = path.layers[i + 1]!;
        if (seen.has(innerId)) return;
        const d = innerDuration(model, path, i + 1);
        if (d === null || d <= budget) return;
        const inner = model.layerById.get(innerId)!;
        seen.add(innerId);
        out.push({
          file: inner.file,
          span: inner.anchor,
          message: `${inner.label} can keep one request busy for up to ${fmt(d)}, but ${layerName(outer)} gives each try only ${fmt(budget)}: it gives up and retries while these attempts still run. Bound the retries by the caller's deadline.`,
          related: [{ file: outer.file, span: outer.anchor, message: `${layerName(outer)}: per-try timeout ${fmt(budget)}` }],
          layerId: inner.id,
        });
      });
    }
    return out;
  },
};
