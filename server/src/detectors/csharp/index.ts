/**
 * C# extraction: parse once with tree-sitter (tree-sitter-c-sharp), then run each detector
 * inside a guard so one failing detector costs its own facts only.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import { createContext, type CsContext } from "./context";
import { detectHttpClients } from "./httpClients";
import { detectModule } from "./module";
import { detectPolly } from "./polly";

/** Order matters: module facts (functions, calls) first; layer detectors read them. */
const DETECTORS: Array<[string, (ctx: CsContext) => void]> = [
  ["module", detectModule],
  ["http clients", detectHttpClients],
  ["polly", detectPolly],
];

export function extractCSharp(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "csharp");
  const tree = parseTree("csharp", text);
  try {
    const ctx = createContext(tree, facts);
    for (const [name, detect] of DETECTORS) {
      try {
        detect(ctx);
      } catch (err) {
        facts.problems.push({ line: 1, message: `${name} detector failed: ${(err as Error).message}` });
      }
    }
    if (tree.rootNode.hasError) facts.problems.push({ line: firstError(tree.rootNode), message: "syntax error: facts after this point may be partial" });
  } finally {
    tree.delete();
  }
  return facts;
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
