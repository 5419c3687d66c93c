/** Shared wording and lookups for rules: chains, products, locations. Pure functions of the model. */
import type { CallPath, Model, RelatedLocation, RetryLayer } from "../model/model";
import { attemptsText, layerName } from "../model/format";
import { isSaturated } from "../model/product";

export { attemptsText as times, chainText, layerName } from "../model/format";

/** "27", "at least 10⁶" (model/product.ts saturates), "unbounded" */
export function productText(n: number | null): string {
  return n === null ? "unbounded" : isSaturated(n) ? "at least 10⁶" : String(n);
}


/** "per checkout" — the request that enters the path */
export function entryText(model: Model, path: CallPath): string {
  const entry = path.services[0] ?? "request";
  const first = path.services[1];
  if (model.services.get(entry)?.gateway && first) return `per request through ${entry} to ${first}`;
  return `per ${entry} request`;
}

export function related(model: Model, path: CallPath, except: string): RelatedLocation[] {
  return path.layers
    .filter((id) => id !== except)
    .map((id) => model.layerById.get(id)!)
    .map((l) => ({ file: l.file, span: l.anchor, message: `${layerName(l)} ${attemptsText(l.maxAttempts)} (${l.kind}): ${l.attemptsNote}` }));
}

export function activeLayers(model: Model): RetryLayer[] {
  return model.layers.filter((l) => !l.disabled);
}

/** every path a layer is on, worst first (paths are sorted worst first) */
export function pathsThrough(model: Model, layerId: string): CallPath[] {
  return model.paths.filter((p) => p.layers.includes(layerId));
}

export function layerLocation(l: RetryLayer) {
  return { file: l.file, span: l.anchor };
}
