/** The model as the tree view sees it (protocol.ts RetryModelView): plain, serialisable, one folder at a time. */
import * as path from "node:path";
import type { AnalysisResult } from "../engine/analyze";
import { chainText, layerName } from "../model/format";
import type { CallPath } from "../model/model";
import type { LayerView, PathView, RetryModelView, ServiceEdgeView } from "../protocol";
import { fileUri, toRange, type FolderContext } from "./convert";

/** Path ids are position-based within one model version; the folder prefix keeps roots apart. */
export function pathId(p: CallPath, index: number): string {
  return `${index}:${p.product ?? "inf"}:${p.target}`;
}

export function folderModelView(ctx: FolderContext, result: AnalysisResult): Omit<RetryModelView, "version" | "indexing"> {
  const { model } = result;
  const prefix = path.basename(ctx.root);
  const layerId = (id: string) => `${prefix}/${id}`;
  const layers: LayerView[] = model.layers.map((l) => ({
    id: layerId(l.id),
    uri: fileUri(ctx, l.file),
    file: l.file,
    line: l.anchor.line,
    range: toRange(ctx, l.file, { ...l.anchor, endLine: l.anchor.line }),
    kind: l.kind,
    library: l.library,
    category: l.category,
    name: layerName(l),
    maxAttempts: l.maxAttempts,
    attemptsNote: l.attemptsNote,
    service: l.service,
    targets: l.targets,
    disabled: l.disabled,
    implicit: l.implicit,
    offPath: l.offPath ?? null,
  }));
  const paths: PathView[] = model.paths.map((p, i) => ({
    id: pathId(p, i),
    product: p.product,
    target: p.target,
    services: p.services,
    layers: p.layers.map(layerId),
    chain: chainText(model, p),
    budgeted: p.budgeted,
  }));
  const edges = new Map<string, ServiceEdgeView>();
  for (const hop of model.hops) {
    const active = hop.layerIds.filter((id) => !model.layerById.get(id)?.disabled && !model.layerById.get(id)?.offPath);
    if (!active.length) continue;
    const product = active.reduce<number | null>((acc, id) => {
      const n = model.layerById.get(id)?.maxAttempts ?? null;
      return acc === null || n === null ? null : acc * n;
    }, 1);
    const key = `${hop.caller}→${hop.callee}|${active.join(",")}`;
    if (!edges.has(key)) edges.set(key, { caller: hop.caller, callee: hop.callee, layers: active.map(layerId), product });
  }
  const worst = model.paths[0];
  return {
    threshold: model.settings.threshold,
    worstProduct: worst ? worst.product : 1,
    layers,
    paths,
    edges: [...edges.values()],
    findings: result.findings.length,
  };
}
