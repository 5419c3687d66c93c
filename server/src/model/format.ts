/**
 * How layers and chains read in every output (CLI tables, finding messages, hovers), so the
 * words are the same wherever a user meets them.
 */
import type { CallPath, Model, RetryLayer } from "./model";

/** "×3", "×∞" */
export function attemptsText(maxAttempts: number | null): string {
  return maxAttempts === null ? "×∞" : `×${maxAttempts}`;
}

/** The layer's name in a chain: mesh and gateway layers say which product ("envoy route /checkout"). */
export function layerName(layer: RetryLayer): string {
  const label = layer.label || layer.kind;
  if ((layer.category === "gateway" || layer.category === "mesh") && layer.library) {
    if (!label.toLowerCase().startsWith(layer.library.toLowerCase())) return `${layer.library} ${label}`;
  }
  return label;
}

/** "envoy route /checkout ×3 → reserve_stock ×3 → session ×3" */
export function chainText(model: Pick<Model, "layerById">, path: Pick<CallPath, "layers">): string {
  return path.layers
    .map((id) => {
      const layer = model.layerById.get(id);
      return layer ? `${layerName(layer)} ${attemptsText(layer.maxAttempts)}` : `${id} ×?`;
    })
    .join(" → ");
}
