/**
 * stripe-python — docs/reference/stripe.md (stripe-python 15.3.1 source: `stripe/__init__.py`
 * `max_network_retries: int = 2`, `_http_client.py` `_should_retry` treating None as 0,
 * `_stripe_client.py` / `_requestor_options.py`; CHANGELOG 11.0.0 "max retries: 0 → 2").
 *
 * Two ways to call the API, with different defaults:
 * - `stripe.StripeClient(key, max_network_retries=N)` (stripe ≥ 8) → a ClientFact with one
 *   `client`-category layer (kind "stripe-sdk"): N counts RETRIES → N+1 attempts. **Without
 *   `max_network_retries` a StripeClient does not retry** (its own option is None, which the HTTP
 *   client reads as 0 — it does not fall back to the global setting): no layer, the client's calls
 *   are still requests to "stripe".
 * - The global resources (`stripe.Customer.create(…)`, `stripe.checkout.Session.create(…)`) use
 *   `stripe.max_network_retries`: default 2 → 3 attempts from stripe 11.0.0 (0 before: no
 *   retries). A file calling them gets one layer: anchored on `stripe.max_network_retries = N`
 *   when the file sets it, else the implicit default anchored on its `import stripe`, whose count
 *   follows the version pyproject.toml / package manifests pin (LayerFact.versionDefaults). The
 *   global set in another file is not read.
 * - Condition and waits (shared/stripe.ts): connection errors, 409, 5xx; never 429; 0.5 s × 2^n
 *   up to 5 s (2 s before 11.0), jittered; every POST gets an automatic Idempotency-Key.
 */
import type { ClientFact } from "../../model/facts";
import { bindingOf, callParts, descendants, enclosingFunction, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { retriesNote, stripeClientFact, stripeLayer } from "../shared/stripe";

/** stripe-python ≥ 11 `stripe.max_network_retries` */
export const STRIPE_PY_GLOBAL_DEFAULT = 2;
export const STRIPE_PY_VERSION_DEFAULTS = {
  package: "stripe",
  ecosystem: "pypi" as const,
  byMajor: [
    { fromMajor: 0, maxAttempts: 1, note: "global stripe.max_network_retries default 0 → 1 attempt: no retries (stripe-python < 11)" },
    { fromMajor: 11, maxAttempts: 3, note: "global stripe.max_network_retries default 2 → 3 attempts (stripe-python ≥ 11)" },
  ],
};
const NOT_SENDING = ["construct_event", "verify_header", "parse_thin_event", "parse_event_notification", "deserialize", "construct_from", "refresh_from", "to_dict", "to_dict_recursive", "auto_paging_iter", "generate_header", "compute_signature"];

export function detectStripe(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  const stripeImports = ctx.facts.imports.filter((i) => i.module === "stripe" && i.member === null);
  const hasStripe = stripeImports.length > 0 || ctx.facts.imports.some((i) => i.module === "stripe");
  if (!hasStripe) return;

  // StripeClient(...)
  for (const call of descendants(root, "call")) {
    const q = ctx.qualifiedName(call.childForFieldName("function"));
    if (q !== "stripe.StripeClient" && q !== "stripe._stripe_client.StripeClient") continue;
    const parts = callParts(call);
    const retriesNode = parts.keywords.get("max_network_retries") ?? null;
    const binding = bindingOf(call) ?? "";
    const def = enclosingFunction(call);
    const functionId = ctx.functionId(def);
    const id = ctx.nextId("K", call);
    const layerIds: string[] = [];
    if (retriesNode && retriesNode.text !== "None") {
      const n = ctx.number(retriesNode, call);
      const retries = n === null || !Number.isFinite(n) ? null : Math.max(0, Math.floor(n));
      const layer = stripeLayer({
        localId: ctx.nextId("L", call),
        anchor: nodeSpan(call),
        label: binding.replace(/^self\./, "") || "StripeClient",
        retries,
        source: "config",
        note: retries === null ? `max_network_retries=${retriesNode.text} is not known statically` : retriesNote("max_network_retries=", retries).replace("= ", "="),
      });
      ctx.facts.layers.push(layer);
      layerIds.push(layer.localId);
    }
    const client: ClientFact = { ...stripeClientFact({ id, name: binding, functionId, span: nodeSpan(call), layerId: "", perCall: false, notSending: NOT_SENDING }), layerIds };
    if (def && returnsIt(def, call, binding)) {
      const fact = ctx.facts.functions.find((f) => f.id === functionId);
      if (fact) fact.returnsClientId = id;
    }
    ctx.facts.clients.push(client);
  }

  // the global resources: `stripe.Customer.create(…)` under `stripe.max_network_retries`
  const local = stripeImports[0]?.local;
  if (!local) return;
  const resourceCalls = ctx.facts.calls.filter((c) => {
    const parts = c.callee.split(".");
    return parts[0] === local && parts.length >= 3 && parts.slice(1, -1).some((p) => /^[A-Z]/.test(p)) && !NOT_SENDING.includes(parts[parts.length - 1]!);
  });
  if (resourceCalls.length === 0) return;
  let setting: SyntaxNode | null = null;
  for (const a of descendants(root, "assignment")) {
    const left = a.childForFieldName("left");
    if (left?.type === "attribute" && left.text === `${local}.max_network_retries`) setting = a;
  }
  const importNode = descendants(root, (n) => n.type === "import_statement" && n.text.split(/[\s,]+/).includes("stripe"))[0] ?? root;
  let layer;
  if (setting) {
    const right = setting.childForFieldName("right");
    const n = right && right.text !== "None" ? ctx.number(right, setting) : right?.text === "None" ? 0 : null;
    const retries = n === null || !Number.isFinite(n) ? null : Math.max(0, Math.floor(n));
    layer = stripeLayer({
      localId: ctx.nextId("L", setting),
      anchor: nodeSpan(setting),
      label: "stripe (global)",
      retries,
      source: "config",
      note: retries === null ? `stripe.max_network_retries = ${right?.text ?? "?"} is not known statically` : retriesNote("stripe.max_network_retries =", retries),
    });
  } else {
    layer = stripeLayer({
      localId: ctx.nextId("L", importNode),
      anchor: nodeSpan(importNode),
      label: "stripe (global)",
      retries: STRIPE_PY_GLOBAL_DEFAULT,
      source: "default",
      note: `global stripe.max_network_retries default ${STRIPE_PY_GLOBAL_DEFAULT} → ${STRIPE_PY_GLOBAL_DEFAULT + 1} attempts (stripe-python ≥ 11); unless another module sets it`,
      versionDefaults: STRIPE_PY_VERSION_DEFAULTS,
    });
  }
  ctx.facts.layers.push(layer);
  ctx.facts.clients.push(stripeClientFact({ id: ctx.nextId("K", importNode), name: local, functionId: "<module>", span: nodeSpan(importNode), layerId: layer.localId, perCall: false, notSending: NOT_SENDING }));
}

function returnsIt(def: SyntaxNode, call: SyntaxNode, binding: string): boolean {
  for (const ret of descendants(def, "return_statement", { skipNestedDefs: true })) {
    const v = ret.namedChildren[0];
    if (v && (v.id === call.id || (binding && v.text === binding))) return true;
  }
  return false;
}
