/**
 * Fix operations on .NET client retries located from the layer's anchor with tree-sitter:
 * - gRPC for .NET (docs/reference/grpc-dotnet.md): "cap" to N ≥ 2 → `MaxAttempts = N` in the
 *   anchored `new RetryPolicy { … }` (a total: the first call included); "off" (or a cap to 1:
 *   the library rejects MaxAttempts ≤ 1) → the `RetryPolicy = …` assignment removed from its
 *   MethodConfig. Unsafe: fewer attempts reach the server.
 * - MongoDB C# driver (docs/reference/mongodb.md): off → `RetryWrites = false, RetryReads = false`
 *   set in a `new MongoClientSettings { … }` initializer, or `retryWrites=false&retryReads=false`
 *   added to a literal connection string passed to `new MongoClient(…)`.
 */
import type { RetryLayer } from "../../model/model";
import { callParts, createdType, descendants, initializerValues, stringValue } from "../../parsing/csharp";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import type { FixEdit } from "../types";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function dotnetClientLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (text === undefined || !layer.file.endsWith(".cs")) return null;
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1) return null;
  const tree = parseTree("csharp", text);
  try {
    const at = (n: SyntaxNode) => n.startPosition.row + 1 === layer.anchor.line && n.startPosition.column === layer.anchor.column;
    const creation = descendants(tree.rootNode, "object_creation_expression").find(at);
    if (!creation) return null;
    if (layer.kind === "grpc-service-config") return grpcEdit(layer, creation, attempts);
    if (layer.kind === "mongodb-retryable" && attempts === 1) return mongoEdit(layer, text, creation);
    return null;
  } finally {
    tree.delete();
  }
}

function grpcEdit(layer: RetryLayer, policy: SyntaxNode, attempts: number): LayerEdit | null {
  const type = createdType(policy);
  if (type !== "RetryPolicy" && type !== "HedgingPolicy") return null;
  if (attempts >= 2) {
    const value = initializerValues(policy).get("MaxAttempts");
    if (!value) return null;
    return { title: `Lower to ${attempts} attempts for ${layer.label} (line ${layer.anchor.line}: MaxAttempts = ${attempts}, the first call included)`, edits: [{ file: layer.file, start: value.startIndex, end: value.endIndex, newText: String(attempts) }], unsafe: true };
  }
  // `RetryPolicy = new RetryPolicy { … }` inside the MethodConfig initializer: removed with its comma
  const assignment = policy.parent?.type === "assignment_expression" ? policy.parent : null;
  const init = assignment?.parent;
  if (!assignment || init?.type !== "initializer_expression") return null;
  const items = init.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== "comment");
  const i = items.findIndex((c) => c.id === assignment.id);
  const prev = items[i - 1];
  const next = items[i + 1];
  const start = prev ? prev.endIndex : assignment.startIndex;
  const end = prev ? assignment.endIndex : next ? next.startIndex : assignment.endIndex;
  return { title: `Turn off retries for ${layer.label} (line ${layer.anchor.line}: the ${type} removed from its MethodConfig)`, edits: [{ file: layer.file, start, end, newText: "" }], unsafe: true };
}

function mongoEdit(layer: RetryLayer, text: string, client: SyntaxNode): LayerEdit | null {
  if (createdType(client) !== "MongoClient") return null;
  const title = `Turn off the MongoDB driver's retryable writes and reads for ${layer.label} (line ${layer.anchor.line}: RetryWrites/RetryReads false)`;
  const arg = callParts(client).positional[0];
  if (!arg) return null;
  const uri = stringValue(arg);
  if (uri !== null && arg.type === "string_literal") {
    const q = uri.includes("?") ? "&" : uri.includes("/", uri.indexOf("//") + 2) ? "?" : "/?";
    const cleaned = uri.replace(/([?&])retry(Writes|Reads)=[^&]*&?/gi, "$1").replace(/[?&]$/, "");
    const sep = cleaned.includes("?") ? "&" : q === "&" ? "?" : q;
    return { title, edits: [{ file: layer.file, start: arg.startIndex + 1, end: arg.endIndex - 1, newText: `${cleaned}${sep}retryWrites=false&retryReads=false` }] };
  }
  if (arg.type === "object_creation_expression" && createdType(arg) === "MongoClientSettings") {
    const values = initializerValues(arg);
    const edits: FixEdit[] = [];
    const add: string[] = [];
    for (const key of ["RetryWrites", "RetryReads"]) {
      const v = values.get(key);
      if (v) {
        if (v.text !== "false") edits.push({ file: layer.file, start: v.startIndex, end: v.endIndex, newText: "false" });
      } else add.push(`${key} = false`);
    }
    const init = arg.childForFieldName("initializer") ?? arg.namedChildren.find((c) => c?.type === "initializer_expression");
    if (add.length) {
      if (!init) return null;
      const items = init.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== "comment");
      const last = items[items.length - 1];
      const pos = last ? last.endIndex : init.startIndex + 1;
      edits.push({ file: layer.file, start: pos, end: pos, newText: last ? `, ${add.join(", ")}` : ` ${add.join(", ")} ` });
    }
    void text;
    return edits.length ? { title, edits } : null;
  }
  return null;
}
