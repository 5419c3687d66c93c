/**
 * Fix operations on Micronaut `@Retryable` / `@CircuitBreaker` (docs/reference/micronaut-retry.md):
 * `attempts` is a String that counts **retries**, so "cap" to N total attempts writes
 * `attempts = "N-1"` and "off" writes `attempts = "0"` (one execution). A `${…}` placeholder or a
 * constant is resolved elsewhere: not edited. Unsafe like every count change.
 */
import type { RetryLayer } from "../../model/model";
import { parseTree } from "../../parsing/treeSitter";
import { AnnotationEditor } from "./jvmAnnotations";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function micronautRetryLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (text === undefined || attempts === null || attempts < 1) return null;
  const kotlin = /\.kts?$/.test(layer.file);
  if (!kotlin && !layer.file.endsWith(".java")) return null;
  const tree = parseTree(kotlin ? "kotlin" : "java", text);
  try {
    const ed = new AnnotationEditor(layer.file, text, kotlin);
    const node = ed.annotationAt(tree.rootNode, layer.anchor.line, layer.anchor.column);
    if (!node) return null;
    const written = ed.args(node).get("attempts");
    if (written && !/^"\s*\d+\s*"$/.test(written.text)) return null;
    const retries = attempts - 1;
    const edit = ed.setArg(node, "attempts", `"${retries}"`);
    if (!edit) return null;
    const title = attempts === 1 ? `Turn off Micronaut retries for ${layer.label} (attempts = "0")` : `Lower to ${attempts} attempts (attempts = "${retries}", which counts retries)`;
    return { title, edits: [edit], unsafe: true };
  } finally {
    tree.delete();
  }
}
