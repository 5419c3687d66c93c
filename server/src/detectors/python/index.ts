/**
 * Python extraction: parse once with tree-sitter, then run each detector inside a guard so one
 * failing detector costs its own facts only (a problem is recorded, the others still run).
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { parseTree } from "../../parsing/treeSitter";
import { detectBackoff } from "./backoff";
import { detectBoto3 } from "./boto3";
import { createContext, type PyContext } from "./context";
import { detectGoogleApiCore } from "./googleApiCore";
import { detectHttpClients } from "./httpClients";
import { detectModule } from "./module";
import { detectRetryLoops } from "./retryLoop";
import { detectStamina } from "./stamina";
import { detectTenacity } from "./tenacity";

/** Order matters: module facts (functions, calls) first; layer detectors read them. */
const DETECTORS: Array<[string, (ctx: PyContext) => void]> = [
  ["module", detectModule],
  ["tenacity", detectTenacity],
  ["backoff", detectBackoff],
  ["stamina", detectStamina],
  ["google-api-core", detectGoogleApiCore],
  ["boto3", detectBoto3],
  ["http-clients", detectHttpClients],
  ["retry-loop", detectRetryLoops],
];

/** `platform/http.py` → `platform.http`; `pkg/__init__.py` → `pkg`; a `src/` prefix is dropped. */
export function pythonModuleName(path: string): string {
  let p = path.replace(/\.pyi?$/, "");
  p = p.replace(/(^|\/)__init__$/, "");
  const parts = p.split("/").filter(Boolean);
  const src = parts.lastIndexOf("src");
  return (src >= 0 ? parts.slice(src + 1) : parts).join(".");
}

export function extractPython(path: string, text: string): FileFacts {
  const module = pythonModuleName(path);
  const facts = emptyFacts(path, "python", module);
  const tree = parseTree("python", text);
  try {
    // relative imports in a package's __init__ resolve against the package itself
    const base = /(^|\/)__init__\.pyi?$/.test(path) ? `${module}.__init__` : module;
    const ctx = createContext(tree, facts, base);
    ctx.module = module;
    for (const [name, detect] of DETECTORS) {
      try {
        detect(ctx);
      } catch (err) {
        facts.problems.push({ line: 1, message: `${name} detector failed: ${(err as Error).message}` });
      }
    }
    if (tree.rootNode.hasError) {
      const err = firstError(tree.rootNode);
      facts.problems.push({ line: err, message: "syntax error: facts after this point may be partial" });
    }
  } finally {
    tree.delete();
  }
  return facts;
}

function firstError(root: import("../../parsing/treeSitter").SyntaxNode): number {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === "ERROR" || n.isMissing) return n.startPosition.row + 1;
    for (let i = n.childCount - 1; i >= 0; i--) {
      const c = n.child(i);
      if (c && c.hasError) stack.push(c);
      else if (c && (c.type === "ERROR" || c.isMissing)) return c.startPosition.row + 1;
    }
  }
  return 1;
}
