/**
 * Fix operations on OpenAI / Anthropic SDK clients (docs/reference/openai-sdk.md): the count is
 * the only retry option they have (no jitter or backoff knob — the default already has both), so
 * "disable" and "cap" write it, in the SDK's unit, which counts RETRIES (attempts − 1):
 * - Python `OpenAI(…, max_retries=N)` / `client.with_options(max_retries=N)`;
 * - JS/TS `new OpenAI({ maxRetries: N })` / `client.withOptions({ maxRetries: N })` (a new options
 *   object when none is passed; options held in a variable are not edited in place), and LangChain
 *   JS `new ChatOpenAI({ maxRetries: N })` (its AsyncCaller's count, also retries); no fix on a
 *   wrapper that builds its client without passing maxRetries on (DallEAPIWrapper, OpenAIAdapter);
 * - Go `option.WithMaxRetries(N)` among `NewClient`'s options (added when the file imports the
 *   SDK's option package);
 * - .NET `new ClientRetryPolicy(N)` where the options' RetryPolicy is written in the code (a
 *   client built without options gets no fix: `new OpenAIClient(string)` has no options overload).
 */
import type { RetryLayer } from "../../model/model";
import { callParts, createdType, descendants } from "../../parsing/csharp";
import { parseTree } from "../../parsing/treeSitter";
import { ts, unwrap } from "../../parsing/typescript";
import { withPython } from "../python";
import { withTypeScript } from "../typescript";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function llmSdkLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1) return null;
  const retries = attempts - 1;
  const title = (what: string) => (attempts === 1 ? `Turn off ${layer.library} SDK retries for ${layer.label} (${what})` : `Lower to ${attempts} attempts (${what}, which counts retries)`);
  if (/\.pyi?$/.test(layer.file)) {
    return withPython(layer.file, text, (ed) => {
      const call = ed.callAt(layer.anchor.line, layer.anchor.column);
      return call ? { title: title(`max_retries=${retries}`), edits: [ed.setKeyword(call, "max_retries", String(retries))] } : null;
    });
  }
  if (/\.[cm]?[jt]sx?$/.test(layer.file)) {
    return withTypeScript(layer.file, text, (ed) => {
      const node = ed.invocationAt(layer.anchor.line, (n) => ed.sf.getLineAndCharacterOfPosition(n.getStart(ed.sf)).character === layer.anchor.column);
      if (!node) return null;
      // these build their OpenAI client without passing a maxRetries option on: writing one does nothing
      if (/(^|\.)(DallEAPIWrapper|OpenAIAdapter)$/.test(node.expression.getText(ed.sf))) return null;
      const args = node.arguments;
      const first = args?.[0] ? unwrap(args[0]) : undefined;
      if (first && ts.isObjectLiteralExpression(first)) return { title: title(`maxRetries: ${retries}`), edits: [ed.setProperty(first, "maxRetries", String(retries))] };
      if (first) return null;
      // `new OpenAI()` / `new OpenAI`: pass the options
      const edit = !args
        ? ed.edit(node.end, node.end, `({ maxRetries: ${retries} })`)
        : ed.edit(ed.text.indexOf("(", node.expression.end) + 1, ed.text.indexOf("(", node.expression.end) + 1, `{ maxRetries: ${retries} }`);
      return { title: title(`maxRetries: ${retries}`), edits: [edit] };
    });
  }
  if (/\.go$/.test(layer.file) && text !== undefined) {
    const tree = parseTree("go", text);
    try {
      const call = descendants(tree.rootNode, "call_expression").find((n) => n.startPosition.row + 1 === layer.anchor.line && n.startPosition.column === layer.anchor.column);
      const args = call?.childForFieldName("arguments");
      if (!call || !args) return null;
      const opt = args.namedChildren.find((a) => a?.type === "call_expression" && /(^|\.)WithMaxRetries$/.test(a.childForFieldName("function")?.text ?? ""));
      const n = opt?.childForFieldName("arguments")?.namedChildren[0];
      if (n) return { title: title(`option.WithMaxRetries(${retries})`), edits: [{ file: layer.file, start: n.startIndex, end: n.endIndex, newText: String(retries) }] };
      // no WithMaxRetries yet: add one where the file already imports the SDK's option package
      const imported = /"github\.com\/(openai\/openai-go(\/v\d+)?|anthropics\/anthropic-sdk-go)\/option"/.test(text);
      if (opt || !imported) return null;
      const last = args.namedChildren.filter((a) => a && a.type !== "comment").pop();
      const edit = last ? { file: layer.file, start: last.endIndex, end: last.endIndex, newText: `, option.WithMaxRetries(${retries})` } : { file: layer.file, start: args.startIndex + 1, end: args.startIndex + 1, newText: `option.WithMaxRetries(${retries})` };
      return { title: title(`option.WithMaxRetries(${retries})`), edits: [edit] };
    } finally {
      tree.delete();
    }
  }
  if (/\.cs$/.test(layer.file) && text !== undefined) {
    const tree = parseTree("csharp", text);
    try {
      const creation = descendants(tree.rootNode, "object_creation_expression").find((n) => n.startPosition.row + 1 === layer.anchor.line && n.startPosition.column === layer.anchor.column);
      if (!creation) return null;
      for (const policy of descendants(creation, "object_creation_expression")) {
        if (createdType(policy) !== "ClientRetryPolicy") continue;
        const parts = callParts(policy);
        const n = parts.keywords.get("maxRetries") ?? parts.positional[0];
        const args = policy.childForFieldName("arguments") ?? policy.namedChildren.find((c) => c?.type === "argument_list");
        if (!args) return null;
        const edit = n ? { file: layer.file, start: n.startIndex, end: n.endIndex, newText: String(retries) } : { file: layer.file, start: args.startIndex + 1, end: args.endIndex - 1, newText: String(retries) };
        return { title: title(`new ClientRetryPolicy(${retries})`), edits: [edit] };
      }
      return null;
    } finally {
      tree.delete();
    }
  }
  return null;
}
