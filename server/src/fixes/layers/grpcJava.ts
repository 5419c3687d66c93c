/**
 * Fix operations on grpc-java channel retries (docs/reference/grpc-java.md), Java and Kotlin.
 * The layer is anchored on `.defaultServiceConfig(…)` of a `ManagedChannelBuilder` chain:
 * - off: `.disableRetry()` right after it (the service config's retryPolicy is then ignored;
 *   transparent retries of RPCs that never left the client remain);
 * - cap to N ≥ 2: the builder's own limit, `.maxRetryAttempts(N)` (it caps `maxAttempts`, a total),
 *   written after `defaultServiceConfig` or replacing an existing literal.
 * Unsafe like every count change.
 */
import type { RetryLayer } from "../../model/model";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { callOf, chainFrom, chainHead, withJvmTree, type JvmCall } from "../jvmCalls";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function grpcJavaLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1 || layer.disabled) return null;
  return withJvmTree(layer.file, text, (root) => {
    const set = nameAt(root, layer.anchor.line, layer.anchor.column);
    if (!set || set.name !== "defaultServiceConfig") return null;
    const chain = chainFrom(chainHead(set));
    if (attempts === 1) {
      if (chain.some((c) => c.name === "disableRetry")) return null;
      return { title: `Turn off gRPC retries for ${layer.label} (line ${layer.anchor.line}: disableRetry())`, edits: [{ file: layer.file, start: set.node.endIndex, end: set.node.endIndex, newText: ".disableRetry()" }], unsafe: true };
    }
    const title = `Lower gRPC retries for ${layer.label} to ${attempts} attempts (maxRetryAttempts(${attempts}) caps maxAttempts, a total)`;
    const cap = chain.find((c) => c.name === "maxRetryAttempts");
    if (cap) {
      const arg = cap.args[0];
      return arg ? { title, edits: [{ file: layer.file, start: arg.startIndex, end: arg.endIndex, newText: String(attempts) }], unsafe: true } : null;
    }
    return { title, edits: [{ file: layer.file, start: set.node.endIndex, end: set.node.endIndex, newText: `.maxRetryAttempts(${attempts})` }], unsafe: true };
  });
}

/** The call whose method name starts at the anchor. */
function nameAt(root: SyntaxNode, line: number, column: number): JvmCall | null {
  let best: JvmCall | null = null;
  const visit = (n: SyntaxNode) => {
    if (best) return;
    const c = callOf(n);
    if (c && c.nameNode.startPosition.row + 1 === line && c.nameNode.startPosition.column === column) {
      best = c;
      return;
    }
    for (const child of n.namedChildren) if (child && child.startPosition.row + 1 <= line && child.endPosition.row + 1 >= line) visit(child);
  };
  visit(root);
  return best;
}
