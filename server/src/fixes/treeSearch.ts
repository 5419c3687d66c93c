/** Searching a tree-sitter tree for the node a fix edits. */
import type { SyntaxNode } from "../parsing/treeSitter";

/** The first node in document order (or with `last`, the last one) that `accept`s. */
export function findNode(root: SyntaxNode, accept: (n: SyntaxNode) => boolean, last = false): SyntaxNode | null {
  let found: SyntaxNode | null = null;
  const visit = (n: SyntaxNode) => {
    if (found && !last) return;
    if (accept(n)) found = n;
    for (const c of n.namedChildren) if (c) visit(c);
  };
  visit(root);
  return found;
}
