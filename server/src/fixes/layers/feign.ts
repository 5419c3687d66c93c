/**
 * Fix operations on Feign's Retryer (docs/reference/openfeign.md), Java and Kotlin, where the code
 * writes it: `new Retryer.Default(period, maxPeriod, maxAttempts)` (maxAttempts counts attempts)
 * in a `Feign.builder().retryer(…)` chain or a `@Bean Retryer` method.
 * - cap to N: the third argument becomes N; `new Retryer.Default()` becomes
 *   `new Retryer.Default(100, 1000, N)` (its defaults, spelled out);
 * - off: the `new Retryer.Default(…)` expression becomes `Retryer.NEVER_RETRY`; a
 *   `Feign.builder()` chain without a retryer gets `.retryer(Retryer.NEVER_RETRY)` after `builder()`.
 * Settings-file retryers (`…client.config.default.retryer`) get no edit. Unsafe.
 */
import type { RetryLayer } from "../../model/model";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { callOf, chainFrom, chainHead, imports, withJvmTree, type JvmCall } from "../jvmCalls";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

const DEFAULT_RETRYER = /(^|\.)Retryer\.Default$/;

export function feignLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1 || layer.disabled) return null;
  return withJvmTree(layer.file, text, (root, kotlin) => {
    const at = callAt(root, layer.anchor.line, layer.anchor.column);
    if (!at) return null;
    const title = attempts === 1 ? `Turn off the Feign Retryer for ${layer.label} (Retryer.NEVER_RETRY)` : `Lower the Feign Retryer for ${layer.label} to ${attempts} attempts (maxAttempts counts attempts)`;
    // `.retryer(new Retryer.Default(…))` anchored on `retryer`, or the `new Retryer.Default(…)` of a @Bean
    const retryer = at.isNew && DEFAULT_RETRYER.test(at.name) ? at : at.name === "retryer" && at.args[0] ? callOf(at.args[0]) : null;
    if (retryer?.isNew && DEFAULT_RETRYER.test(retryer.name)) {
      if (attempts === 1) return { title, edits: [{ file: layer.file, start: retryer.node.startIndex, end: retryer.node.endIndex, newText: "Retryer.NEVER_RETRY" }], unsafe: true };
      if (retryer.args.length === 3) return { title, edits: [{ file: layer.file, start: retryer.args[2]!.startIndex, end: retryer.args[2]!.endIndex, newText: String(attempts) }], unsafe: true };
      if (retryer.args.length === 0 && retryer.argList) return { title, edits: [{ file: layer.file, start: retryer.argList.startIndex, end: retryer.argList.endIndex, newText: `(100, 1000, ${attempts})` }], unsafe: true };
      return null;
    }
    // `Feign.builder()` with the default retryer
    if (at.name === "builder" && !chainFrom(chainHead(at)).some((c) => c.name === "retryer")) {
      const type = imports(root, "feign.Retryer") ? "Retryer" : "feign.Retryer";
      const value = attempts === 1 ? `${type}.NEVER_RETRY` : `${kotlin ? "" : "new "}${type}.Default(100, 1000, ${attempts})`;
      return { title, edits: [{ file: layer.file, start: at.node.endIndex, end: at.node.endIndex, newText: `.retryer(${value})` }], unsafe: true };
    }
    return null;
  });
}

function callAt(root: SyntaxNode, line: number, column: number): JvmCall | null {
  let best: JvmCall | null = null;
  const visit = (n: SyntaxNode) => {
    const c = callOf(n);
    if (c) {
      const s = c.nameNode.startPosition;
      if ((n.startPosition.row + 1 === line && n.startPosition.column === column) || (s.row + 1 === line && s.column === column)) best = c;
    }
    for (const child of n.namedChildren) if (child && child.startPosition.row + 1 <= line && child.endPosition.row + 1 >= line) visit(child);
  };
  visit(root);
  return best;
}
