/**
 * Fix operations on Azure SDK clients (docs/reference/azure-sdk.md): the retry count is the option
 * every language has (the default already backs off with jitter, except Python azure-core), so
 * "disable" and "cap" write it, in each library's own unit:
 * - Python `retry_total=N` on the client (counts retries; storage, azure-core and AMQP alike);
 * - JS `retryOptions: { maxRetries: N }` (retries), storage packages `retryOptions: { maxTries: N }`
 *   (**attempts**), merged into the options object or passed as a new last argument;
 * - .NET a literal `MaxRetries = N` already written (Azure.Core `Retry.MaxRetries`, Service Bus
 *   `RetryOptions.MaxRetries`), or `new XClientOptions { Retry = { MaxRetries = N } }` added to a
 *   client built with no options, for the client types whose options type is known;
 * - Go a literal `MaxRetries: N` already written (off: `-1`, since 0 means the default 3).
 * Cosmos DB's throttling retries are not edited here.
 */
import type { RetryLayer } from "../../model/model";
import { callParts, descendants, dottedName } from "../../parsing/csharp";
import { parseTree } from "../../parsing/treeSitter";
import { ts, unwrap } from "../../parsing/typescript";
import { withPython } from "../python";
import { withTypeScript } from "../typescript";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

/** .NET client type → its options type (Azure.Core `Retry`), for clients built without options */
const DOTNET_OPTIONS: Record<string, string> = {
  BlobServiceClient: "BlobClientOptions",
  BlobContainerClient: "BlobClientOptions",
  BlobClient: "BlobClientOptions",
  BlockBlobClient: "BlobClientOptions",
  QueueServiceClient: "QueueClientOptions",
  QueueClient: "QueueClientOptions",
  TableServiceClient: "TableClientOptions",
  TableClient: "TableClientOptions",
  SecretClient: "SecretClientOptions",
  KeyClient: "KeyClientOptions",
  CertificateClient: "CertificateClientOptions",
  SearchClient: "SearchClientOptions",
  SearchIndexClient: "SearchClientOptions",
  ConfigurationClient: "ConfigurationClientOptions",
};

export function azureSdkLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1 || text === undefined || /cosmos/i.test(layer.library ?? "") || /→ azure:cosmos/.test(layer.label)) return null;
  const retries = attempts - 1;
  const title = (what: string, unit = "which counts retries") => (attempts === 1 ? `Turn off Azure SDK retries for ${layer.label} (${what})` : `Lower to ${attempts} attempts (${what}, ${unit})`);
  if (/\.pyi?$/.test(layer.file)) {
    return withPython(layer.file, text, (ed) => {
      const call = ed.callAt(layer.anchor.line, layer.anchor.column);
      return call ? { title: title(`retry_total=${retries}`), edits: [ed.setKeyword(call, "retry_total", String(retries))] } : null;
    });
  }
  if (/\.[cm]?[jt]sx?$/.test(layer.file)) {
    const storage = /@azure\/storage-/.test(layer.library ?? "");
    const key = storage ? "maxTries" : "maxRetries";
    const value = storage ? attempts : retries;
    const what = `retryOptions.${key}: ${value}`;
    const unit = storage ? "which counts attempts" : "which counts retries";
    return withTypeScript(layer.file, text, (ed) => {
      const node = ed.invocationAt(layer.anchor.line, (n) => ed.sf.getLineAndCharacterOfPosition(n.getStart(ed.sf)).character === layer.anchor.column);
      if (!node?.arguments) return null;
      const args = node.arguments;
      const last = args.length ? unwrap(args[args.length - 1]!) : undefined;
      if (last && ts.isObjectLiteralExpression(last) && args.length > 1) {
        const retry = ed.property(last, "retryOptions");
        const init = retry && ts.isPropertyAssignment(retry) ? unwrap(retry.initializer) : undefined;
        if (init && ts.isObjectLiteralExpression(init)) return { title: title(what, unit), edits: [ed.setProperty(init, key, String(value))] };
        if (retry) return null;
        return { title: title(what, unit), edits: [ed.setProperty(last, "retryOptions", `{ ${key}: ${value} }`)] };
      }
      if (!args.length) return null;
      const end = args[args.length - 1]!.end;
      return { title: title(what, unit), edits: [ed.edit(end, end, `, { retryOptions: { ${key}: ${value} } }`)] };
    });
  }
  if (/\.cs$/.test(layer.file)) return csharpEdit(layer, text, attempts, title);
  if (/\.go$/.test(layer.file)) {
    // `MaxRetries: N` in the options literal of the call on the anchor line
    const lines = text.split("\n");
    let offset = 0;
    for (let i = 0; i < layer.anchor.line - 1; i++) offset += lines[i]!.length + 1;
    const from = offset + layer.anchor.column;
    const close = matchingParen(text, text.indexOf("(", from));
    const m = close > 0 ? /MaxRetries:\s*(-?\d+)/.exec(text.slice(from, close)) : null;
    if (!m) return null;
    const start = from + m.index + m[0].length - m[1]!.length;
    const goValue = attempts === 1 ? -1 : retries;
    return { title: title(`MaxRetries: ${goValue}`, attempts === 1 ? "−1 means no retries; 0 would be the default 3" : "which counts retries"), edits: [{ file: layer.file, start, end: start + m[1]!.length, newText: String(goValue) }] };
  }
  return null;
}

function matchingParen(text: string, open: number): number {
  if (open < 0) return -1;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  return -1;
}

function csharpEdit(layer: RetryLayer, text: string, attempts: number, title: (what: string) => string): LayerEdit | null {
  const retries = attempts - 1;
  const tree = parseTree("csharp", text);
  try {
    const at = (n: { startPosition: { row: number } }) => n.startPosition.row + 1 === layer.anchor.line;
    const creation = [...descendants(tree.rootNode, "object_creation_expression"), ...descendants(tree.rootNode, "implicit_object_creation_expression")].find((n) => at(n) && (n.type === "implicit_object_creation_expression" || n.childForFieldName("type")?.startIndex === offsetOf(text, layer.anchor.line, layer.anchor.column)));
    const scope = creation ?? descendants(tree.rootNode, "invocation_expression").find(at);
    if (!scope) return null;
    // a literal count already written: MaxRetries = N
    for (const a of descendants(scope, "assignment_expression")) {
      const left = dottedName(a.childForFieldName("left")) ?? "";
      const right = a.childForFieldName("right");
      if (!/(^|\.)MaxRetries$/.test(left) || !right || right.type !== "integer_literal") continue;
      return { title: title(`MaxRetries = ${retries}`), edits: [{ file: layer.file, start: right.startIndex, end: right.endIndex, newText: String(retries) }] };
    }
    if (creation?.type !== "object_creation_expression") return null;
    const type = (dottedName(creation.childForFieldName("type")) ?? "").split(".").pop() ?? "";
    const options = DOTNET_OPTIONS[type];
    const parts = callParts(creation);
    const args = creation.childForFieldName("arguments") ?? creation.namedChildren.find((c) => c?.type === "argument_list");
    if (!options || !args || parts.positional.some((p) => /Options$/.test(dottedName(p.childForFieldName?.("type") ?? null) ?? "") || p.type === "identifier" && /options/i.test(p.text))) return null;
    const insert = args.endIndex - 1;
    return { title: title(`new ${options} { Retry = { MaxRetries = ${retries} } }`), edits: [{ file: layer.file, start: insert, end: insert, newText: `${parts.positional.length ? ", " : ""}new ${options} { Retry = { MaxRetries = ${retries} } }` }] };
  } finally {
    tree.delete();
  }
}

function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  let row = 1;
  while (row < line) {
    const nl = text.indexOf("\n", offset);
    if (nl < 0) break;
    offset = nl + 1;
    row++;
  }
  return offset + column;
}
