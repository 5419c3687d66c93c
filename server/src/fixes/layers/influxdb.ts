/**
 * Fix operations on influxdb-python clients (docs/reference/influxdb.md): `retries` counts
 * attempts, so a cap to N writes `retries=N` and off is `retries=1` (0 would mean "try until
 * success"). A written `retries=` keyword or 9th positional argument is replaced; otherwise the
 * keyword is added to the constructor call. Unsafe: an InfluxDB restart now fails the call.
 */
import type { RetryLayer } from "../../model/model";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import type { FixEdit } from "../types";
import { findNode } from "../treeSearch";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

const RETRIES_INDEX = 8;

export function influxdbLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (layer.kind !== "influxdb-client" || text === undefined) return null;
  const attempts = op === "disable" ? 1 : op === "cap" && ctx.attempts ? ctx.attempts : null;
  if (attempts === null) return null;
  const title = attempts === 1 ? `Turn off the influxdb-python request retries for ${layer.label} (line ${layer.anchor.line})` : `Lower the influxdb-python request attempts for ${layer.label} to ${attempts} (line ${layer.anchor.line})`;
  const edits = retriesEdits(layer, text, attempts);
  return edits ? { title, edits, unsafe: true } : null;
}

function retriesEdits(layer: RetryLayer, text: string, attempts: number): FixEdit[] | null {
  const tree = parseTree("python", text);
  try {
    const at = (n: SyntaxNode) => n.startPosition.row + 1 === layer.anchor.line && n.startPosition.column === layer.anchor.column;
    const kwAt = findNode(tree.rootNode, (n) => n.type === "keyword_argument" && at(n));
    const call = kwAt ? (kwAt.parent?.parent ?? null) : findNode(tree.rootNode, (n) => n.type === "call" && at(n));
    const args = call?.childForFieldName("arguments");
    if (!args) return null;
    const list = args.namedChildren.filter((a): a is SyntaxNode => !!a && a.type !== "comment");
    const kw = list.find((a) => a.type === "keyword_argument" && a.childForFieldName("name")?.text === "retries");
    const positional = list.filter((a) => a.type !== "keyword_argument" && a.type !== "list_splat" && a.type !== "dictionary_splat");
    const written = kw?.childForFieldName("value") ?? positional[RETRIES_INDEX] ?? null;
    if (written) return [{ file: layer.file, start: written.startIndex, end: written.endIndex, newText: String(attempts) }];
    // `**kwargs` may already hold retries: adding the keyword could pass it twice
    if (list.some((a) => a.type === "dictionary_splat")) return null;
    const last = list[list.length - 1];
    return [{ file: layer.file, start: last ? last.endIndex : args.startIndex + 1, end: last ? last.endIndex : args.startIndex + 1, newText: last ? `, retries=${attempts}` : `retries=${attempts}` }];
  } finally {
    tree.delete();
  }
}
