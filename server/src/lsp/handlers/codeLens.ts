/** A code lens above each retry layer: its worst case, and a click that reveals the path in the tree. */
import { productText } from "../../model/product";
import type { CodeLens } from "vscode-languageserver/node";
import type { AnalysisResult } from "../../engine/analyze";
import { CLIENT_COMMANDS } from "../../protocol";
import { toRange, type FolderContext } from "../convert";
import { pathId } from "../modelView";

export function codeLenses(ctx: FolderContext, result: AnalysisResult, file: string): CodeLens[] {
  const { model } = result;
  const lenses: CodeLens[] = [];
  for (const l of model.layers) {
    if (l.file !== file) continue;
    const range = toRange(ctx, file, { ...l.anchor, endLine: l.anchor.line });
    if (l.disabled) {
      lenses.push({ range, command: { title: "⟳ retries off (1 attempt)", command: "" } });
      continue;
    }
    if (l.offPath) {
      lenses.push({ range, command: { title: `⟳ ×${l.maxAttempts ?? "∞"} · off the request paths (${l.offPath})`, command: "" } });
      continue;
    }
    const worstIndex = model.paths.findIndex((p) => p.layers.includes(l.id));
    if (worstIndex < 0) {
      lenses.push({ range, command: { title: `⟳ ×${l.maxAttempts ?? "∞"} · no linked call path`, command: "" } });
      continue;
    }
    const worst = model.paths[worstIndex]!;
    const n = worst.layers.length;
    const product = productText(worst.product);
    lenses.push({
      range,
      command: {
        title: `⟳ worst case ${product} → ${worst.target} (${n} ${n === 1 ? "layer" : "layers"})${worst.budgeted ? " · budgeted" : ""}`,
        command: CLIENT_COMMANDS.revealPath,
        arguments: [pathId(worst, worstIndex)],
      },
    });
  }
  return lenses;
}
