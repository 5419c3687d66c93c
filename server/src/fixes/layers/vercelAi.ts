/**
 * Fix operations on Vercel AI SDK calls (docs/reference/vercel-ai-sdk.md): `maxRetries` is the
 * only retry option a call has, and it counts RETRIES (attempts − 1), so "disable" writes
 * `maxRetries: 0` and "cap" writes N − 1, in the call's own options literal (the layer's anchor is
 * the call, or its `maxRetries` property when written). Options passed as a variable are not
 * edited: the value would be written far from the call it changes.
 */
import type { RetryLayer } from "../../model/model";
import { ts, unwrap } from "../../parsing/typescript";
import { withTypeScript } from "../typescript";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function vercelAiLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1) return null;
  const retries = attempts - 1;
  const where = `${layer.label} at line ${layer.anchor.line}`;
  const title = attempts === 1 ? `Turn off AI SDK retries for ${where} (maxRetries: 0)` : `Lower ${where} to ${attempts} attempts (maxRetries: ${retries}, which counts retries)`;
  return withTypeScript(layer.file, text, (ed) => {
    const at = ed.sf.getPositionOfLineAndCharacter(layer.anchor.line - 1, layer.anchor.column);
    const options = optionsAt(ed.sf, at);
    return options ? { title, edits: [ed.setProperty(options, "maxRetries", String(retries))] } : null;
  });
}

/** The options literal of the call starting at `at`, or the literal holding the `maxRetries` property starting there. */
function optionsAt(sf: ts.SourceFile, at: number): ts.ObjectLiteralExpression | null {
  let found: ts.ObjectLiteralExpression | null = null;
  const visit = (n: ts.Node): void => {
    if (found || at < n.getFullStart() || at > n.end) return;
    if (n.getStart(sf) === at) {
      if (ts.isCallExpression(n)) {
        const first = n.arguments[0] ? unwrap(n.arguments[0]) : undefined;
        // a property written after a spread wins over the spread's (`{ ...settings, maxRetries: 0 }`)
        if (first && ts.isObjectLiteralExpression(first)) found = first;
        if (found || first) return;
      }
      if ((ts.isPropertyAssignment(n) || ts.isShorthandPropertyAssignment(n)) && ts.isObjectLiteralExpression(n.parent)) {
        found = n.parent;
        return;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}
