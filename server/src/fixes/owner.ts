/**
 * "One retry owner" fixes for amplified paths: turn this layer off, or keep this layer and turn
 * every other layer of the path off (one multi-file edit). The guidance prefers the layer
 * closest to the failing dependency (the innermost): it knows what is safe to retry there.
 */
import type { CallPath, Finding, RetryLayer } from "../model/model";
import { layerName } from "../model/format";
import { layerEdit, type LayerOpContext } from "./layers/index";
import { fix, type Fix, type FixContext } from "./types";

export function opContext(ctx: FixContext, layer: RetryLayer | null): LayerOpContext {
  const { model } = ctx;
  const callLibraries = layer
    ? model.hops.filter((h) => h.layerIds.includes(layer.id)).flatMap((h) => h.calls.map((c) => c.library ?? ""))
    : [];
  return {
    callLibraries,
    exists: (file) => ctx.text(file) !== undefined,
    namespaceOf: (service) => model.services.get(service)?.namespace ?? null,
    text: (file) => ctx.text(file),
    files: [...model.fileService.keys()],
  };
}

export function disableLayerFix(rule: string, layer: RetryLayer, ctx: FixContext, preferred = false): Fix | null {
  const e = layerEdit("disable", layer, ctx.text(layer.file), opContext(ctx, layer));
  return e ? fix(rule, `${e.title} (changes behaviour)`, "unsafe", e.edits, { preferred, creates: e.creates }) : null;
}

/** The path a finding about `layer` is about: the worst one through it (paths are worst first). */
export function worstPathThrough(ctx: FixContext, layerId: string): CallPath | null {
  return ctx.model.paths.find((p) => p.layers.includes(layerId)) ?? null;
}

export function keepOnlyFix(rule: string, keep: RetryLayer, path: CallPath, ctx: FixContext, preferred: boolean): Fix | null {
  const { model } = ctx;
  // every path through the kept layer, not only this one: another amplified path through it
  // would keep its finding
  const through = model.paths.filter((p) => p.layers.includes(keep.id));
  const otherIds = [...new Set([path, ...through].flatMap((p) => p.layers))].filter((id) => id !== keep.id);
  const others = otherIds.map((id) => model.layerById.get(id)!);
  if (!others.length) return null;
  const parts = others.map((l) => ({ layer: l, edit: layerEdit("disable", l, ctx.text(l.file), opContext(ctx, l)) }));
  // the kept layer alone must fit the threshold, or the path stays amplified
  const threshold = ctx.model.settings.threshold;
  const tooMany = keep.maxAttempts === null || keep.maxAttempts > threshold;
  if (tooMany) parts.push({ layer: keep, edit: layerEdit("cap", keep, ctx.text(keep.file), { ...opContext(ctx, keep), attempts: threshold }) });
  // all or nothing: a half-applied "keep one owner" leaves a storm that only looks fixed
  if (parts.some((p) => !p.edit)) return null;
  const recommended = keep.id === path.layers[path.layers.length - 1];
  const kept = tooMany ? `${layerName(keep)} (lowered to ×${threshold})` : `${layerName(keep)} ×${keep.maxAttempts}`;
  const paths = new Set([path, ...through]).size;
  const where = paths > 1 ? `of the ${paths} paths through it` : "of this path";
  const title = `Keep ${kept}${recommended ? ` (closest to ${path.target}, recommended)` : ""} and turn off the other ${others.length} ${others.length === 1 ? "layer" : "layers"} ${where} (changes behaviour)`;
  return fix(
    rule,
    title,
    "unsafe",
    parts.flatMap((p) => p.edit!.edits),
    { preferred, creates: parts.flatMap((p) => p.edit!.creates ?? []) },
  );
}

/** The owner fixes offered on one layer of an amplified path. */
export function ownerFixes(rule: string, finding: Finding, ctx: FixContext): Fix[] {
  const layer = finding.layerId ? ctx.model.layerById.get(finding.layerId) : undefined;
  if (!layer) return [];
  const path = worstPathThrough(ctx, layer.id);
  const out: Fix[] = [];
  if (path) {
    const innermost = ctx.model.layerById.get(path.layers[path.layers.length - 1]!)!;
    const keepThis = keepOnlyFix(rule, layer, path, ctx, innermost.id === layer.id);
    if (keepThis) out.push(keepThis);
    if (innermost.id !== layer.id) {
      const keepInner = keepOnlyFix(rule, innermost, path, ctx, true);
      if (keepInner) out.push(keepInner);
    }
  }
  if (path && path.layers.length === 1) {
    // a single layer over the threshold: fewer attempts, not another owner
    const threshold = ctx.model.settings.threshold;
    const e = layerEdit("cap", layer, ctx.text(layer.file), { ...opContext(ctx, layer), attempts: threshold });
    if (e) out.push(fix(rule, `${e.title} (changes behaviour)`, "unsafe", e.edits, { preferred: true }));
  }
  const off = disableLayerFix(rule, layer, ctx);
  if (off) out.push(off);
  return out;
}
