/**
 * A retry count written as a name the file does not define (`stop_after_attempt(MAX_ATTEMPTS)`
 * with MAX_ATTEMPTS from a constants module, `Retry(total=limits.RETRIES)`): the detector leaves
 * it to the linker (LayerFact.countExpr), which evaluates the name through the file's imports;
 * attempts = value + `offset`. Anything but a plain or dotted name stays an unknown count.
 */
import type { LayerFact } from "../../model/facts";
import { enclosingFunction } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";

/** `note` may use $value, $attempts and $origin (engine/link.ts countFromExpr). */
export function linkedCount(ctx: PyContext, written: SyntaxNode | null | undefined, at: SyntaxNode, offset: number, note: string): LayerFact["countExpr"] {
  if (!written || (written.type !== "identifier" && written.type !== "attribute")) return undefined;
  const value = ctx.value(written);
  if (!value || value.kind === "unknown") return undefined;
  return { value, scopeId: ctx.functionId(enclosingFunction(at)), offset, note };
}
