/**
 * Fix operations on OkHttp's implicit connection-failure retries (reference §3.5), in Java and
 * Kotlin: the only setting is `retryOnConnectionFailure(false)` on the builder, so the one edit
 * is "off" (and "cap" to a single attempt). The count is bounded by routes, not a number: there
 * is nothing to lower to 2 or more.
 * - a builder chain (`new OkHttpClient.Builder()…build()`, `client.newBuilder()…build()`) gets
 *   `.retryOnConnectionFailure(false)` right after the builder is made, or its existing
 *   `retryOnConnectionFailure(…)` argument becomes `false`;
 * - the simple form `new OkHttpClient()` / `OkHttpClient()` becomes
 *   `new OkHttpClient.Builder().retryOnConnectionFailure(false).build()`.
 */
import type { RetryLayer } from "../../model/model";
import { callOf, chainFrom, withJvmTree, type JvmCall } from "../jvmCalls";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

const CLIENT = /(^|\.)OkHttpClient(\.Builder)?$/;

export function okHttpLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (!(op === "disable" || (op === "cap" && ctx.attempts === 1))) return null;
  return withJvmTree(layer.file, text, (root, kotlin) => {
    const first = firstCallAt(root, layer.anchor.line, layer.anchor.column);
    if (!first) return null;
    const title = `Turn off OkHttp's connection-failure retries for ${layer.label} (line ${layer.anchor.line}: retryOnConnectionFailure(false))`;
    const chain = chainFrom(first);
    const setting = chain.find((c) => c.name === "retryOnConnectionFailure");
    if (setting) {
      const arg = setting.args[0];
      return arg ? { title, edits: [{ file: layer.file, start: arg.startIndex, end: arg.endIndex, newText: "false" }] } : null;
    }
    const builder = first.name.endsWith("Builder") || first.name === "newBuilder";
    if (builder) {
      if (!chain.some((c) => c.name === "build")) return null;
      return { title, edits: [{ file: layer.file, start: first.node.endIndex, end: first.node.endIndex, newText: ".retryOnConnectionFailure(false)" }] };
    }
    // `new OkHttpClient()`: only the simple form (no arguments) has a builder equivalent
    if (first.args.length || chain.length > 1) return null;
    const type = first.name;
    const replacement = `${kotlin ? "" : "new "}${type}.Builder().retryOnConnectionFailure(false).build()`;
    return { title, edits: [{ file: layer.file, start: first.node.startIndex, end: first.node.endIndex, newText: replacement }] };
  });
}

/** The innermost OkHttpClient creation or `newBuilder()` call starting at the anchor. */
function firstCallAt(root: SyntaxNode, line: number, column: number): JvmCall | null {
  let best: JvmCall | null = null;
  const visit = (n: SyntaxNode) => {
    if (n.startPosition.row + 1 > line) return;
    if (n.startPosition.row + 1 === line && n.startPosition.column === column) {
      const c = callOf(n);
      if (c && ((c.isNew && CLIENT.test(c.name)) || c.name === "newBuilder")) best = c;
    }
    for (const child of n.namedChildren) if (child && child.endPosition.row + 1 >= line) visit(child);
  };
  visit(root);
  return best;
}
