/**
 * What every tree-sitter lowering into the shared loop form (ir.ts) does the same way: each
 * expression node is lowered once, and a missing node is an empty `other` expression.
 */
import type { SyntaxNode } from "../../../parsing/treeSitter";
import type { BinaryOp, Expr } from "./ir";

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

  /**
   * A node with `left`, `operator` and `right` fields: a binary expression when the grammar's
   * operator token is one the shared form knows (`ops`), else an opaque pair of operands.
   */
  protected binary(n: SyntaxNode, ops: Readonly<Record<string, BinaryOp>>): Expr {
    const p = { start: n.startIndex, end: n.endIndex, text: n.text };
    const op = ops[n.childForFieldName("operator")?.type ?? ""];
    const left = this.expr(n.childForFieldName("left"));
    const right = this.expr(n.childForFieldName("right"));
    return op ? { ...p, k: "binary", op, left, right } : { ...p, k: "other", parts: [left, right] };
  }

  /** One expression node in the shared form (its children through `expr`). */
  protected abstract lowerExpr(n: SyntaxNode): Expr;
}
