/**
 * Small builders the rule files use to declare their fixes: one layer operation turned into a
 * Fix with the rule's code and safety.
 */
import type { Finding } from "../model/model";
import { layerEdit, type LayerOp } from "./layers/index";
import { opContext } from "./owner";
import { fix, type Fix, type FixContext, type Safety } from "./types";

export function layerOpFix(rule: string, op: LayerOp, safety: Safety, finding: Finding, ctx: FixContext, preferred = true): Fix[] {
  const layer = finding.layerId ? ctx.model.layerById.get(finding.layerId) : undefined;
  if (!layer) return [];
  const e = layerEdit(op, layer, ctx.text(layer.file), opContext(ctx, layer));
  if (!e) return [];
  const actual: Safety = e.unsafe ? "unsafe" : safety;
  const title = actual === "unsafe" ? `${e.title} (changes behaviour)` : e.title;
  return [fix(rule, title, actual, e.edits, { preferred, creates: e.creates })];
}
