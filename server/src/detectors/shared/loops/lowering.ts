/**
 * What every tree-sitter lowering into the shared loop form (ir.ts) does the same way: each
 * expression node is lowered once, and a missing node is an empty `other` expression.
 */
import type { SyntaxNode } from "../../../parsing/treeSitter";
import type { Expr } from "./ir";

export abstract class ExprLowering {
  private readonly lowered = new Map<number, Expr>();

  expr(n: SyntaxNode | null | undefined): Expr {
    if (!n) return { start: 0, end: 0, text: "", k: "other", parts: [] };
    const hit = this.lowered.get(n.id);
    if (hit) return hit;
    const e = this.lowerExpr(n);
    this.lowered.set(n.id, e);
    return e;
  }

  /** One expression node in the shared form (its children through `expr`). */
  protected abstract lowerExpr(n: SyntaxNode): Expr;
}
