import type { LinkedCall, RetryLayer } from "../model/model";
import type { RawFinding, Rule } from "./types";
import { idempotencyKeyFix } from "../fixes/idempotency";
import { layerOpFix } from "../fixes/ruleFixes";
import { fix, type Fix } from "../fixes/types";

const NON_IDEMPOTENT = new Set(["POST", "PATCH"]);

/** May this layer send `call` again after the server may have seen it? */
export function retriesAfterSend(layer: RetryLayer, call: LinkedCall): boolean {
  const m = layer.condition.afterSendMethods;
  if (m === "all") return true;
  return call.method !== null && m.includes(call.method);
}

/** RL005: a non-idempotent request that a layer can repeat after it may have been processed. */
export const RL005: Rule = {
  meta: {
    code: "RL005",
    name: "unsafe-write-retry",
    summary: "A POST/PATCH can be retried after the server processed it, with no Idempotency-Key",
    defaultSeverity: "error",
    fixSafety: "safe",
    docs: {
      whatItDoes:
        "Reports retry layers that can re-send a POST or PATCH after it may already have reached the server (read timeouts, connection resets, 5xx), when the request carries no `Idempotency-Key` header. Layers that retry only failures before sending (connect errors, refused streams) are not reported.",
      whyItMatters:
        "A timeout does not mean the write failed. Retrying it can reserve stock twice or charge a card twice; with several layers, up to the whole product of attempts.",
      example: "@retry(stop=stop_after_attempt(3))\ndef charge(order_id, cents):\n    return session.post(f\"{PAYMENTS}/charges\", json={...})",
      howToFix:
        "Send an `Idempotency-Key` derived from a stable request id (the same for every attempt), and have the server deduplicate; or retry only connection failures.",
      fixedExample:
        "@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))\ndef charge(order_id, cents):\n    return session.post(url, json={...}, headers={\"Idempotency-Key\": f\"charge-{order_id}\"})",
      options: "None.",
      references: ["reference/retry-semantics.md §0 (non-idempotent column), §1.3 (allowed_methods), §2.1, §4.1, §4.2"],
    },
  },
  check(model) {
    const byLayer = new Map<string, { layer: RetryLayer; calls: LinkedCall[] }>();
    for (const hop of model.hops) {
      const writes = hop.calls.filter((c) => c.method !== null && NON_IDEMPOTENT.has(c.method) && c.idempotencyKey === false);
      if (!writes.length) continue;
      for (const id of hop.layerIds) {
        const layer = model.layerById.get(id);
        if (!layer || layer.disabled) continue;
        for (const call of writes) {
          if (!retriesAfterSend(layer, call)) continue;
          const entry = byLayer.get(id) ?? { layer, calls: [] };
          if (!entry.calls.includes(call)) entry.calls.push(call);
          byLayer.set(id, entry);
        }
      }
    }
    const out: RawFinding[] = [];
    for (const { layer, calls } of byLayer.values()) {
      const first = calls[0]!;
      const where = calls.length > 1 ? `${calls.length} writes (first: ${first.method} ${first.callee} at ${first.file}:${first.span.line})` : `${first.method} ${first.callee} at ${first.file}:${first.span.line}`;
      out.push({
        file: layer.file,
        span: layer.anchor,
        message: `${layer.label} (${layer.library}) can re-send ${where} after the server may have processed it (${layer.condition.description}), and the request has no Idempotency-Key. Add an Idempotency-Key from a stable request id, or retry only connection failures.`,
        related: calls.map((c) => ({ file: c.file, span: c.span, message: `${c.method} without Idempotency-Key` })),
        layerId: layer.id,
      });
    }
    return out;
  },
  fixes(finding, ctx) {
    // the writes this finding is about, as linked calls
    const calls = finding.related
      .map((r) => ctx.model.hops.flatMap((h) => h.calls).find((c) => c.file === r.file && c.span.line === r.span.line && c.span.column === r.span.column))
      .filter((c): c is LinkedCall => !!c);
    const out: Fix[] = [];
    const keys = calls.map((c) => idempotencyKeyFix(c, ctx.text(c.file)));
    if (keys.length && keys.every((k) => k !== null)) {
      const edits = keys.flatMap((k) => k!.edits);
      out.push(fix("RL005", keys.length === 1 ? keys[0]!.title : `Add an Idempotency-Key header to ${keys.length} writes, each from a stable request id`, "safe", edits, { preferred: true }));
    }
    out.push(...layerOpFix("RL005", "preSendOnly", "safe", finding, ctx, out.length === 0));
    return out;
  },
};
