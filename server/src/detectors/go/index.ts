/**
 * Go extraction: parse once with tree-sitter (tree-sitter-go), then run each detector inside a
 * guard so one failing detector costs its own facts only. go.mod files: ./gomod.ts.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import { detectCenkaltiBackoff } from "./cenkaltiBackoff";
import { detectClientFlow } from "./clients";
import { createContext, type GoContext } from "./context";
import { detectGrpc } from "./grpc";
import { detectModule } from "./module";
import { detectHttpClients } from "./nethttp";
import { detectRetryablehttp } from "./retryablehttp";

export { extractGoMod } from "./gomod";

/** Order matters: module facts (functions, calls) first; clients before the flow that copies them. */
const DETECTORS: Array<[string, (ctx: GoContext) => void]> = [
  ["module", detectModule],
  ["net/http clients", detectHttpClients],
  ["go-retryablehttp", detectRetryablehttp],
  ["cenkalti/backoff", detectCenkaltiBackoff],
  ["grpc-go", detectGrpc],
  ["client flow", detectClientFlow],
];

export function extractGo(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "go");
  const tree = parseTree("go", text);
  try {
    let ctx: GoContext;
    try {
      ctx = createContext(tree, facts);
    } catch (err) {
      facts.problems.push({ line: 1, message: `Go scopes could not be read: ${(err as Error).message}` });
      return facts;
    }
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
