/**
 * Fix operations on Microsoft Graph RetryHandler layers (docs/reference/msgraph.md): "disable" and
 * "cap" rewrite a count written as an integer literal, which is where such a layer is anchored —
 * .NET `RetryHandlerOption { MaxRetry = n }`, Java `new RetryHandlerOption(shouldRetry, n, delay)`,
 * Go `RetryHandlerOptions{MaxRetries: n}`. Every one counts RETRIES (attempts − 1). Go has no "off":
 * kiota-http-go reads MaxRetries below 1 as the default 3, so only "cap" to 2 attempts or more is offered.
 * A default chain (`new GraphServiceClient(credential)`) gets no edit: the count can only be changed
 * by building the client's middleware, which is the application's call.
 */
import type { RetryLayer } from "../../model/model";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

const GRAMMARS: Array<[RegExp, "csharp" | "java" | "kotlin" | "go", RegExp]> = [
  [/\.cs$/, "csharp", /^integer_literal$/],
  [/\.java$/, "java", /^decimal_integer_literal$/],
  [/\.kts?$/, "kotlin", /^integer_literal$/],
  [/\.go$/, "go", /^int_literal$/],
];

export function msgraphLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (text === undefined || attempts === null || attempts < 1 || layer.attemptsSource !== "config") return null;
  const grammar = GRAMMARS.find(([re]) => re.test(layer.file));
  if (!grammar) return null;
  const [, language, literal] = grammar;
  // kiota-http-go: MaxRetries < 1 is the default 3, so a Go layer cannot be turned off this way
  if (language === "go" && attempts < 2) return null;
  const retries = Math.min(attempts - 1, 10);
  const tree = parseTree(language, text);
  try {
    const node = literalAt(tree.rootNode, layer.anchor.line, layer.anchor.column, literal);
    if (!node) return null;
    const what = language === "go" ? "MaxRetries" : language === "csharp" ? "MaxRetry" : "maxRetries";
    const title = retries === 0 ? `Turn off Graph RetryHandler retries for ${layer.label} (${what} 0)` : `Lower to ${retries + 1} attempts (${what} ${retries}, which counts retries)`;
    return { title, edits: [{ file: layer.file, start: node.startIndex, end: node.endIndex, newText: String(retries) }] };
  } finally {
    tree.delete();
  }
}

/** The integer literal starting at a layer's anchor. */
function literalAt(root: SyntaxNode, line: number, column: number, type: RegExp): SyntaxNode | null {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.startPosition.row + 1 > line || n.endPosition.row + 1 < line) continue;
    if (type.test(n.type) && n.startPosition.row + 1 === line && n.startPosition.column === column) return n;
    for (let i = 0; i < n.namedChildCount; i++) {
      const c = n.namedChild(i);
      if (c) stack.push(c);
    }
  }
  return null;
}
