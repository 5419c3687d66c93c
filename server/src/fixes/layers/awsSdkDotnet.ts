/**
 * Fix operations on AWS SDK for .NET clients (docs/reference/aws-sdk-dotnet.md): "disable" and
 * "cap" write `MaxErrorRetry = N`, which counts **retries** (off: 0), on the client's config object:
 * - a literal `MaxErrorRetry = n` already in a config initializer passed inline
 *   (`new AmazonS3Client(new AmazonS3Config { MaxErrorRetry = 4 })`) or held by a variable of the file;
 * - added to an inline config initializer without one (`new AmazonS3Config { ServiceURL = … }`);
 * - a new config passed where the client is built with no arguments
 *   (`new AmazonS3Client()` → `new AmazonS3Client(new AmazonS3Config { MaxErrorRetry = N })`) or with a
 *   region alone (`new AmazonS3Client(RegionEndpoint.USEast1)` → `new AmazonS3Client(new AmazonS3Config
 *   { RegionEndpoint = RegionEndpoint.USEast1, MaxErrorRetry = N })`).
 * Injected clients (AddAWSService) and other constructor shapes get no fix.
 */
import type { RetryLayer } from "../../model/model";
import { callParts, descendants, dottedName, initializerValues } from "../../parsing/csharp";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function awsSdkDotnetLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1 || text === undefined || !/\.cs$/.test(layer.file) || /\(injected\)/.test(layer.label)) return null;
  const retries = attempts - 1;
  const title = attempts === 1 ? `Turn off AWS SDK retries for ${layer.label} (MaxErrorRetry = 0)` : `Lower to ${attempts} attempts (MaxErrorRetry = ${retries}, which counts retries)`;
  const tree = parseTree("csharp", text);
  try {
    const offset = offsetOf(text, layer.anchor.line, layer.anchor.column);
    const creation = descendants(tree.rootNode, "object_creation_expression").find((n) => n.childForFieldName("type")?.startIndex === offset);
    if (!creation) return null;
    const clientType = (dottedName(creation.childForFieldName("type")) ?? "").split(".").pop() ?? "";
    const configType = clientType.replace(/Client$/, "Config");
    const edit = (start: number, end: number, newText: string): LayerEdit => ({ title, edits: [{ file: layer.file, start, end, newText }] });
    const args = callParts(creation).positional;
    for (const arg of args) {
      const config = arg.type === "identifier" ? declarationOf(tree.rootNode, arg.text) : arg;
      if (config?.type !== "object_creation_expression" || !/Config$/.test(dottedName(config.childForFieldName("type")) ?? "")) continue;
      const written = initializerValues(config).get("MaxErrorRetry");
      if (written) return written.type === "integer_literal" ? edit(written.startIndex, written.endIndex, String(retries)) : null;
      const init = config.childForFieldName("initializer") ?? config.namedChildren.find((c) => c?.type === "initializer_expression");
      if (arg.type !== "object_creation_expression") return null;
      if (init) {
        const last = init.namedChildren[init.namedChildren.length - 1];
        return last ? edit(last.endIndex, last.endIndex, `, MaxErrorRetry = ${retries}`) : edit(init.startIndex + 1, init.startIndex + 1, ` MaxErrorRetry = ${retries} `);
      }
      return edit(config.endIndex, config.endIndex, ` { MaxErrorRetry = ${retries} }`);
    }
    const list = creation.childForFieldName("arguments") ?? creation.namedChildren.find((c) => c?.type === "argument_list");
    if (!list) return null;
    if (args.length === 0) return edit(list.startIndex + 1, list.endIndex - 1, `new ${configType} { MaxErrorRetry = ${retries} }`);
    if (args.length === 1 && /(^|\.)RegionEndpoint\.\w+$/.test(args[0]!.text)) {
      return edit(args[0]!.startIndex, args[0]!.endIndex, `new ${configType} { RegionEndpoint = ${args[0]!.text}, MaxErrorRetry = ${retries} }`);
    }
    return null;
  } finally {
    tree.delete();
  }
}

function declarationOf(root: SyntaxNode, name: string): SyntaxNode | null {
  for (const d of descendants(root, "variable_declarator")) {
    if (d.childForFieldName("name")?.text !== name) continue;
    const value = d.namedChildren.filter((c) => c && c.type !== "identifier").pop();
    return (value?.type === "equals_value_clause" ? value.namedChildren[0] : value) ?? null;
  }
  return null;
}

function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let i = 1; i < line; i++) offset = text.indexOf("\n", offset) + 1;
  return offset + column;
}
