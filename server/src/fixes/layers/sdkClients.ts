/**
 * Fix operations on SDK clients whose retries are a count option (issue #10: Stripe, AWS SDK JS
 * v2, googleapiclient, Twilio, @google-cloud/storage, Firebase event functions). "disable" and
 * "cap" write the count in the SDK's own unit — every one of them counts RETRIES (attempts − 1):
 * - stripe-node `new Stripe(key, { maxNetworkRetries: N })` (the options object is added when
 *   the constructor has none); stripe-python `StripeClient(…, max_network_retries=N)` and
 *   `stripe.max_network_retries = N` (the line is added after `import stripe` for the default);
 * - aws-sdk v2 `new AWS.S3({ maxRetries: N })`;
 * - googleapiclient `execute(num_retries=N)`;
 * - twilio-node `{ maxRetries: N }` (off: `autoRetry: false`, since `maxRetries: 0` means 3);
 *   twilio-python `TwilioHttpClient(max_retries=N)`;
 * - @google-cloud/storage `retryOptions: { maxRetries: N }` (off: `autoRetry: false`, since
 *   `maxRetries: 0` means 3);
 * - Firebase event functions: off only, `retry: false` / `failurePolicy: false` (no count exists).
 * Options held in a variable are not edited in place.
 */
import type { RetryLayer } from "../../model/model";
import { ts, unwrap } from "../../parsing/typescript";
import { descendants } from "../../parsing/python";
import { withPython } from "../python";
import { withTypeScript, type TsEditor } from "../typescript";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";
import { stripeJvmDotnetEdit } from "./stripeJvmDotnet";

export const SDK_CLIENT_KINDS: ReadonlySet<string> = new Set(["stripe-sdk", "aws-sdk-v2", "googleapiclient", "twilio-retry", "google-cloud-sdk", "firebase-functions-retry"]);

export function sdkClientLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1) return null;
  const retries = attempts - 1;
  const title = (what: string) => (attempts === 1 ? `Turn off ${layer.library} retries for ${layer.label} (${what})` : `Lower to ${attempts} attempts (${what}, which counts retries)`);
  const ts_ = /\.[cm]?[jt]sx?$/.test(layer.file);
  // stripe-java and Stripe.net: the literal count (fixes/layers/stripeJvmDotnet.ts)
  if (layer.kind === "stripe-sdk" && /\.(java|kts?|cs)$/.test(layer.file)) {
    const edits = stripeJvmDotnetEdit(layer, text, retries);
    return edits ? { title: title(/\.cs$/.test(layer.file) ? `MaxNetworkRetries ${retries}` : `setMaxNetworkRetries(${retries})`), edits } : null;
  }
  if (layer.kind === "firebase-functions-retry") {
    if (attempts !== 1 || !ts_) return null;
    return withTypeScript(layer.file, text, (ed) => {
      const start = lineColumnOffset(ed.text, layer.anchor.line, layer.anchor.column);
      let found: ts.PropertyAssignment | null = null;
      const visit = (n: ts.Node): void => {
        if (!found && ts.isPropertyAssignment(n) && n.getStart(ed.sf) === start) found = n;
        if (!found) ts.forEachChild(n, visit);
      };
      visit(ed.sf);
      const p = found as ts.PropertyAssignment | null;
      return p ? { title: title(`${p.name.getText(ed.sf)}: false: a failed event is dropped`), edits: [ed.edit(p.initializer.getStart(ed.sf), p.initializer.end, "false")], unsafe: true } : null;
    });
  }
  if (ts_) {
    return withTypeScript(layer.file, text, (ed) => {
      const node = ed.invocationAt(layer.anchor.line, (n) => ed.sf.getLineAndCharacterOfPosition(n.getStart(ed.sf)).character === layer.anchor.column);
      if (!node) return null;
      const args = node.arguments ?? ts.factory.createNodeArray();
      switch (layer.kind) {
        case "stripe-sdk":
          return optionsEdit(ed, node, 1, "maxNetworkRetries", String(retries), title(`maxNetworkRetries: ${retries}`));
        case "aws-sdk-v2":
          return optionsEdit(ed, node, 0, "maxRetries", String(retries), title(`maxRetries: ${retries}`));
        case "twilio-retry": {
          const opts = args[2] ? unwrap(args[2]) : undefined;
          if (!opts || !ts.isObjectLiteralExpression(opts)) return null;
          return attempts === 1 ? { title: title("autoRetry: false"), edits: [ed.setProperty(opts, "autoRetry", "false")] } : { title: title(`maxRetries: ${retries}`), edits: [ed.setProperty(opts, "maxRetries", String(retries))] };
        }
        case "google-cloud-sdk": {
          const first = args[0] ? unwrap(args[0]) : undefined;
          const key = attempts === 1 ? "autoRetry" : "maxRetries";
          const value = attempts === 1 ? "false" : String(retries);
          const what = attempts === 1 ? "retryOptions.autoRetry: false" : `retryOptions.maxRetries: ${retries}`;
          if (!first) return { title: title(what), edits: [ed.edit(ed.text.indexOf("(", node.expression.end) + 1, ed.text.indexOf("(", node.expression.end) + 1, `{ retryOptions: { ${key}: ${value} } }`)] };
          if (!ts.isObjectLiteralExpression(first)) return null;
          const ro = ed.property(first, "retryOptions");
          const obj = ro && ts.isPropertyAssignment(ro) ? unwrap(ro.initializer) : undefined;
          if (obj && ts.isObjectLiteralExpression(obj)) return { title: title(what), edits: [ed.setProperty(obj, key, value)] };
          if (ro) return null;
          return { title: title(what), edits: [ed.addProperty(first, `retryOptions: { ${key}: ${value} }`)] };
        }
      }
      return null;
    });
  }
  if (/\.pyi?$/.test(layer.file)) {
    return withPython(layer.file, text, (ed) => {
      const line = layer.anchor.line;
      if (layer.kind === "googleapiclient") {
        const call = descendants(ed.tree.rootNode, "call").find((c) => {
          const attr = c.childForFieldName("function")?.childForFieldName("attribute");
          return attr !== null && attr !== undefined && attr.startPosition.row + 1 === line && attr.startPosition.column === layer.anchor.column;
        });
        return call ? { title: title(`num_retries=${retries}`), edits: [ed.setKeyword(call, "num_retries", String(retries))] } : null;
      }
      if (layer.kind === "stripe-sdk") {
        const call = ed.callAt(line, layer.anchor.column);
        if (call && /StripeClient$/.test(call.childForFieldName("function")?.text ?? "")) return { title: title(`max_network_retries=${retries}`), edits: [ed.setKeyword(call, "max_network_retries", String(retries))] };
        // the global setting: `stripe.max_network_retries = N`, or a new line after `import stripe`
        const assignment = descendants(ed.tree.rootNode, "assignment").find((a) => a.startPosition.row + 1 === line && /\.max_network_retries$/.test(a.childForFieldName("left")?.text ?? ""));
        const right = assignment?.childForFieldName("right");
        if (right) return { title: title(`stripe.max_network_retries = ${retries}`), edits: [ed.edit(right.startIndex, right.endIndex, String(retries))] };
        if (!descendants(ed.tree.rootNode, "import_statement").some((s) => s.startPosition.row + 1 === line)) return null;
        // after the file's imports
        const imports = ed.tree.rootNode.namedChildren.filter((s) => s?.type === "import_statement" || s?.type === "import_from_statement");
        const imp = imports[imports.length - 1]!;
        const eol = ed.text.includes("\r\n") ? "\r\n" : "\n";
        return { title: title(`stripe.max_network_retries = ${retries}`), edits: [ed.edit(imp.endIndex, imp.endIndex, `${eol}${eol}stripe.max_network_retries = ${retries}`)] };
      }
      if (layer.kind === "twilio-retry") {
        const call = ed.callAt(line, layer.anchor.column);
        return call ? { title: title(`TwilioHttpClient(max_retries=${retries})`), edits: [ed.setKeyword(call, "max_retries", String(retries))] } : null;
      }
      return null;
    });
  }
  return null;
}

/** `key: value` in the options object at argument `index` (added, with the object, when absent). */
function optionsEdit(ed: TsEditor, node: ts.CallExpression | ts.NewExpression, index: number, key: string, value: string, title: string): LayerEdit | null {
  const args = node.arguments;
  const arg = args?.[index] ? unwrap(args[index]) : undefined;
  if (arg && ts.isObjectLiteralExpression(arg)) return { title, edits: [ed.setProperty(arg, key, value)] };
  if (arg || !args || args.length < index) return null;
  const prop = `{ ${key}: ${value} }`;
  const edit = args.length === 0 ? ed.edit(ed.text.indexOf("(", node.expression.end) + 1, ed.text.indexOf("(", node.expression.end) + 1, prop) : ed.edit(args[args.length - 1]!.end, args[args.length - 1]!.end, `, ${prop}`);
  return { title, edits: [edit] };
}

function lineColumnOffset(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) offset = text.indexOf("\n", offset) + 1;
  return offset + column;
}
