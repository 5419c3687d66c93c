/**
 * Fix operations on Apache HttpClient's retry handlers (docs/reference/apache-httpclient.md), in
 * Java and Kotlin:
 * - disable: a builder chain (`HttpClients.custom()…build()`, `HttpClientBuilder.create()…build()`)
 *   gets `.disableAutomaticRetries()` right after the builder is made; `HttpClients.createDefault()`
 *   becomes `HttpClients.custom().disableAutomaticRetries().build()` (`createSystem()` keeps
 *   `useSystemProperties()`);
 * - cap to N: a literal count in `new DefaultHttpRequestRetryHandler(n, …)` /
 *   `new StandardHttpRequestRetryHandler(n, …)` / `new DefaultHttpRequestRetryStrategy(n, …)`
 *   becomes N − 1 (the classes count retries); N = 1 is "disable".
 * Unsafe like every count change: callers see failures the retries used to hide.
 */
import type { RetryLayer } from "../../model/model";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { callOf, chainFrom, chainHead, withJvmTree, type JvmCall } from "../jvmCalls";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

const HANDLERS = /(^|\.)(DefaultHttpRequestRetryHandler|StandardHttpRequestRetryHandler|DefaultHttpRequestRetryStrategy)$/;

export function apacheHttpClientLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const disable = op === "disable" || (op === "cap" && ctx.attempts === 1);
  if (!disable && !(op === "cap" && ctx.attempts !== undefined && ctx.attempts >= 2)) return null;
  if (layer.disabled) return null;
  return withJvmTree(layer.file, text, (root) => {
    const at = callAt(root, layer.anchor.line, layer.anchor.column);
    if (!at) return null;
    const first = chainHead(at);
    const chain = chainFrom(first);
    const recv = first.receiver?.text.replace(/^.*\./, "") ?? "";
    if (disable) {
      const title = `Turn off Apache HttpClient's automatic retries for ${layer.label} (line ${layer.anchor.line}: disableAutomaticRetries())`;
      if (chain.some((c) => c.name === "disableAutomaticRetries")) return null;
      if ((first.name === "custom" || first.name === "create") && chain.some((c) => c.name === "build")) {
        return { title, edits: [{ file: layer.file, start: first.node.endIndex, end: first.node.endIndex, newText: ".disableAutomaticRetries()" }], unsafe: true };
      }
      if ((first.name === "createDefault" || first.name === "createSystem") && chain.length === 1 && first.receiver) {
        const system = first.name === "createSystem" ? ".useSystemProperties()" : "";
        return { title, edits: [{ file: layer.file, start: first.node.startIndex, end: first.node.endIndex, newText: `${first.receiver.text}.custom()${system}.disableAutomaticRetries().build()` }], unsafe: true };
      }
      void recv;
      return null;
    }
    const retries = ctx.attempts! - 1;
    const setter = chain.find((c) => c.name === "setRetryHandler" || c.name === "setRetryStrategy");
    const handler = setter?.args[0] ? callOf(setter.args[0]) : null;
    const count = handler?.isNew && HANDLERS.test(handler.name) ? handler.args[0] : null;
    if (!count || !/^\d+$/.test(count.text)) return null;
    const unit = /Strategy$/.test(handler!.name) ? "maxRetries" : "retryCount";
    return {
      title: `Lower ${layer.label} to ${ctx.attempts} attempts (line ${count.startPosition.row + 1}: ${unit} ${retries}, it counts retries)`,
      edits: [{ file: layer.file, start: count.startIndex, end: count.endIndex, newText: String(retries) }],
      unsafe: true,
    };
  });
}

/** The call at the layer's anchor: a chain's first call (its node starts there) or a link (its name starts there). */
function callAt(root: SyntaxNode, line: number, column: number): JvmCall | null {
  let best: JvmCall | null = null;
  const visit = (n: SyntaxNode) => {
    if (best) return;
    const c = callOf(n);
    if (c) {
      const s = c.nameNode.startPosition;
      if ((n.startPosition.row + 1 === line && n.startPosition.column === column) || (s.row + 1 === line && s.column === column)) {
        best = c;
        return;
      }
    }
    for (const child of n.namedChildren) if (child && child.startPosition.row + 1 <= line && child.endPosition.row + 1 >= line) visit(child);
  };
  visit(root);
  return best;
}
