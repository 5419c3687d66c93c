import type { RawFinding, Rule } from "./types";
import { disableLayerFix } from "../fixes/owner";

/** RL009: a retry wrapped around a client that already retries. */
export const RL009: Rule = {
  meta: {
    code: "RL009",
    name: "stacked-retry",
    summary: "A retry wraps a client or SDK that already retries",
    defaultSeverity: "warning",
    fixSafety: "unsafe",
    docs: {
      whatItDoes:
        "Reports a code-level retry (decorator, loop, helper) around requests sent through a client that retries on its own: a requests Session with a mounted urllib3 Retry, an httpx transport with retries, an axios instance with axios-retry, an AWS SDK client (boto3, AWS SDK for JavaScript v3), which retries even when nothing configures it.",
      whyItMatters: "The two layers multiply on every call, and the inner one is usually invisible at the call site (it was configured once, in a shared module). 3 decorator attempts × 3 session attempts = 9 requests.",
      example: "# platform/http.py: session.mount('http://', HTTPAdapter(max_retries=Retry(total=2)))\n@retry(stop=stop_after_attempt(3))\ndef reserve_stock(...):\n    session.post(...)",
      howToFix: "Keep one of the two: turn the client's retries off for this call (a session without Retry) or drop the decorator.",
      fixedExample: "no_retry_session = requests.Session()  # Retry(total=0)\n@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=2))\ndef reserve_stock(...):\n    no_retry_session.post(...)",
      options: "None.",
      references: ["reference/retry-semantics.md §1.3, §1.4, §1.6, §2.7, §5.3"],
    },
  },
  check(model) {
    const out = new Map<string, RawFinding>();
    for (const hop of model.hops) {
      const chain = hop.layerIds.map((id) => model.layerById.get(id)).filter((l) => l && !l.disabled);
      chain.forEach((outer, i) => {
        if (!outer || outer.category !== "code" || out.has(outer.id)) return;
        const inner = chain.slice(i + 1).find((l) => l && l.category === "client");
        if (!inner) return;
        out.set(outer.id, {
          file: outer.file,
          span: outer.anchor,
          message: `${outer.label} (${outer.library}, ×${outer.maxAttempts ?? "∞"}) wraps ${inner.label}, which already retries (${inner.library}, ×${inner.maxAttempts ?? "∞"}, ${inner.file}:${inner.anchor.line}): each attempt here is ${inner.maxAttempts ?? "unbounded"} attempts there. Keep one of the two.`,
          related: [{ file: inner.file, span: inner.anchor, message: `${inner.label}: ${inner.attemptsNote}` }],
          layerId: outer.id,
        });
      });
    }
    return [...out.values()];
  },
  fixes(finding, ctx) {
    // one owner for the hop: drop the outer retry (recommended: the client sits closer to the
    // dependency), or turn the client's retries off for everyone who shares it
    const outer = finding.layerId ? ctx.model.layerById.get(finding.layerId) : undefined;
    const inner = finding.related[0] ? ctx.model.layers.find((l) => l.file === finding.related[0]!.file && l.anchor.line === finding.related[0]!.span.line) : undefined;
    const out = [];
    const dropOuter = outer ? disableLayerFix("RL009", outer, ctx, true) : null;
    if (dropOuter) out.push(dropOuter);
    const dropInner = inner ? disableLayerFix("RL009", inner, ctx) : null;
    if (dropInner) out.push(dropInner);
    return out;
  },
};
