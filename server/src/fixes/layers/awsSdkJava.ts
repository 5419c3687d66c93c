/**
 * Fix operations on AWS SDK for Java 2.x clients (docs/reference/aws-sdk-java.md), Java files only,
 * where the client's chain configures no retries itself (the default layer):
 * - "disable": `.overrideConfiguration(o -> o.retryPolicy(RetryPolicy.none()))`;
 * - "cap" to N attempts: `.overrideConfiguration(o -> o.retryPolicy(RetryPolicy.builder().numRetries(N - 1).build()))`
 *   (numRetries counts retries).
 * `RetryPolicy` and the consumer overload of `overrideConfiguration` exist in every 2.x release
 * (`retryStrategy(…)` only in newer ones), so the edit holds whatever the build pins. On
 * `S3Client.builder()…build()` it goes before `.build()`; `S3Client.create()` becomes
 * `S3Client.builder()….build()`. The `RetryPolicy` import is added when missing.
 * 1.x clients, Kotlin files and configured chains get no edit.
 */
import type { RetryLayer } from "../../model/model";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { FixEdit } from "../types";
import { callOf, chainFrom, chainHead, imports, withJvmTree, type JvmCall } from "../jvmCalls";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

const RETRY_POLICY = "software.amazon.awssdk.core.retry.RetryPolicy";

export function awsSdkJavaLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1 || layer.library !== "aws-sdk-java-v2" || layer.attemptsSource !== "default") return null;
  const policy = attempts === 1 ? "RetryPolicy.none()" : `RetryPolicy.builder().numRetries(${attempts - 1}).build()`;
  const edits = withJvmTree(layer.file, text, (root, kotlin) => {
    if (kotlin) return null;
    const outer = callAt(root, layer.anchor.line, layer.anchor.column);
    if (!outer) return null;
    const chain = chainFrom(chainHead(outer));
    if (chain.some((c) => c.name === "overrideConfiguration")) return null;
    const override = `.overrideConfiguration(o -> o.retryPolicy(${policy}))`;
    const out: FixEdit[] = [];
    const first = chain[0]!;
    const build = chain.find((c) => c.name === "build");
    if (first.name === "builder" && build) {
      const before = chain[chain.indexOf(build) - 1]!;
      out.push({ file: layer.file, start: before.node.endIndex, end: before.node.endIndex, newText: override });
    } else if (first.name === "create" && chain.length === 1 && !first.args.length) {
      out.push({ file: layer.file, start: first.nameNode.startIndex, end: first.node.endIndex, newText: `builder()${override}.build()` });
    } else return null;
    if (!imports(root, RETRY_POLICY)) {
      const last = lastImport(root);
      if (!last) return null;
      out.push({ file: layer.file, start: last.endIndex, end: last.endIndex, newText: `\nimport ${RETRY_POLICY};` });
    }
    return out;
  });
  if (!edits) return null;
  return { title: attempts === 1 ? `Turn off AWS SDK retries for ${layer.label} (RetryPolicy.none())` : `Lower to ${attempts} attempts (numRetries ${attempts - 1}, which counts retries)`, edits };
}

/** The outermost call starting at the layer's anchor. */
function callAt(root: SyntaxNode, line: number, column: number): JvmCall | null {
  let best: JvmCall | null = null;
  const visit = (n: SyntaxNode) => {
    if (best) return;
    if (n.startPosition.row + 1 === line && n.startPosition.column === column) {
      const c = callOf(n);
      if (c) {
        best = c;
        return;
      }
    }
    for (const child of n.namedChildren) if (child && child.startPosition.row + 1 <= line && child.endPosition.row + 1 >= line) visit(child);
  };
  visit(root);
  return best;
}

function lastImport(root: SyntaxNode): SyntaxNode | null {
  let last: SyntaxNode | null = null;
  for (const c of root.namedChildren) if (c?.type === "import_declaration") last = c;
  return last;
}
