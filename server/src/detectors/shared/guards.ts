/**
 * What every tree-sitter language's extraction does around its detectors: run each in a guard
 * (a failing detector costs its own facts and leaves one problem), and report where a syntax
 * error starts, since facts after it may be partial.
 */
import type { FileFacts } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";

export type Detector<C> = [name: string, detect: (ctx: C) => void];

export function runDetectors<C>(facts: FileFacts, ctx: C, detectors: ReadonlyArray<Detector<C>>): void {
  for (const [name, detect] of detectors) {
    try {
      detect(ctx);
    } catch (err) {
      facts.problems.push({ line: 1, message: `${name} detector failed: ${(err as Error).message}` });
    }
  }
}

/** Adds the "syntax error" problem on the line of the first ERROR or missing node, if any. */
export function reportSyntaxError(facts: FileFacts, root: SyntaxNode): void {
  if (root.hasError) facts.problems.push({ line: firstError(root), message: "syntax error: facts after this point may be partial" });
}

function firstError(root: SyntaxNode): number {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === "ERROR" || n.isMissing) return n.startPosition.row + 1;
    for (let i = n.childCount - 1; i >= 0; i--) {
      const c = n.child(i);
      if (c && (c.hasError || c.type === "ERROR" || c.isMissing)) stack.push(c);
    }
  }
  return 1;
}
