import type { RawFinding, Rule } from "./types";
import { disableLayerFix } from "../fixes/owner";
import { chainText } from "./helpers";

/** RL010: a mesh default nobody configured retries a hop on a path where code also retries. */
export const RL010: Rule = {
  meta: {
    code: "RL010",
    name: "implicit-mesh-retry",
    summary: "A service-mesh default retries a hop nobody configured, under code that also retries",
    defaultSeverity: "warning",
    fixSafety: "unsafe",
    docs: {
      whatItDoes:
        "Reports the implicit retry policy of a mesh (Istio sidecars retry every HTTP route twice when no VirtualService sets `retries`) on a path where application code also retries. The finding sits on the line that turns sidecar injection on.",
      whyItMatters: "Nobody wrote this retry, so nobody counts it: the team sees 4 × 5 = 20, the dependency sees 4 × 3 × 5 = 60.",
      example: "metadata:\n  labels:\n    istio-injection: enabled   # every outbound HTTP hop: 2 retries by default",
      howToFix: "Decide who owns retries on the hop: add a VirtualService with `retries: {attempts: 0}` when the code retries, or remove the code retries and let the mesh own them.",
      fixedExample: "apiVersion: networking.istio.io/v1\nkind: VirtualService\nspec:\n  hosts: [inventory]\n  http:\n    - route: [{destination: {host: inventory}}]\n      retries: {attempts: 0}",
      options: "None.",
      references: ["reference/retry-semantics.md §4.1 (implicit default), §5.3"],
    },
  },
  check(model) {
    const out = new Map<string, RawFinding>();
    for (const path of model.paths) {
      const layers = path.layers.map((id) => model.layerById.get(id)!);
      const codeLayers = layers.filter((l) => l.category === "code" || l.category === "client");
      if (!codeLayers.length) continue;
      for (const l of layers) {
        // a mesh's or gateway's default, not a library's (an Aspire integration's implicit EF Core retries)
        if (!l.implicit || (l.category !== "mesh" && l.category !== "gateway") || out.has(l.id)) continue;
        out.set(l.id, {
          file: l.file,
          span: l.anchor,
          message:
            l.kind === "istio-gateway-default"
              ? `This gateway VirtualService sets no retries, so the Istio gateway retries its routes by default (×${l.maxAttempts}), on a path where code also retries: ${chainText(model, path)} → ${path.target}. Set retries on its routes (attempts: 0 where the code owns retries).`
              : l.kind === "appmesh-default"
              ? `No retryPolicy is set here, so App Mesh's default Envoy route policy retries this hop (×${l.maxAttempts}: 503, UNAVAILABLE, connect-failure), on a path where code also retries: ${chainText(model, path)} → ${path.target}. Set a retryPolicy (maxRetries: 0 where the code owns retries).`
              : l.kind === "kuma-default"
              ? `This Kuma Mesh gets the default policy mesh-retry-all, which retries every HTTP hop in the mesh (×${l.maxAttempts}), on a path where code also retries: ${chainText(model, path)} → ${path.target}. Set retries explicitly with a MeshRetry (numRetries: 0 where the code owns retries), or skipCreatingInitialPolicies.`
              : `Sidecar injection here gives every outbound HTTP hop Istio's default retries (×${l.maxAttempts}), on a path where code also retries: ${chainText(model, path)} → ${path.target}. Set retries explicitly on a VirtualService (attempts: 0 where the code owns retries).`,
          related: codeLayers.map((c) => ({ file: c.file, span: c.anchor, message: `${c.label} ×${c.maxAttempts ?? "∞"} (${c.library})` })),
          layerId: l.id,
        });
      }
    }
    return [...out.values()];
  },
  fixes(finding, ctx) {
    const layer = finding.layerId ? ctx.model.layerById.get(finding.layerId) : undefined;
    const off = layer ? disableLayerFix("RL010", layer, ctx, true) : null;
    return off ? [off] : [];
  },
};
