/** Fix operations on axios-retry layers (reference §2.1); other JS libraries in jsLibraries.ts. */
import type { RetryLayer } from "../../model/model";
import { ts } from "../../parsing/typescript";
import { withTypeScript, type TsEditor } from "../typescript";
import { jsLibraryLayerEdit } from "./jsLibraries";
import { jsRetryLoopEdit } from "./jsRetryLoop";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function typescriptLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (layer.kind === "retry-loop") return jsRetryLoopEdit(op, layer, text);
  // the other JS libraries have their own option names and number traps
  if (layer.kind !== "axios-retry") return jsLibraryLayerEdit(op, layer, text, ctx);
  return withTypeScript(layer.file, text, (ed) => axiosRetry(op, layer, ed, ctx));
}

function axiosRetry(op: LayerOp, layer: RetryLayer, ed: TsEditor, ctx: LayerOpContext): LayerEdit | null {
  const local = ed.defaultImportOf("axios-retry") ?? "axiosRetry";
  const call = ed.callAt(layer.anchor.line, (t) => t === local || t.endsWith(".default") || t === "axiosRetry");
  if (!call) return null;
  const options = call.arguments[1];
  const setOption = (key: string, value: string) => {
    if (options && ts.isObjectLiteralExpression(options)) return ed.setProperty(options, key, value);
    if (!options) return ed.addArgument(call, `{ ${key}: ${value} }`);
    return null; // options from a variable: not edited in place
  };
  if (op === "jitter" || op === "backoff") {
    const edit = setOption("retryDelay", `${local}.exponentialDelay`);
    return edit ? { title: `Back off exponentially with jitter: retryDelay: ${local}.exponentialDelay`, edits: [edit] } : null;
  }
  if (op === "cap" && ctx.attempts) {
    const edit = setOption("retries", String(ctx.attempts - 1));
    return edit ? { title: `Lower to ${ctx.attempts} attempts (retries: ${ctx.attempts - 1})`, edits: [edit] } : null;
  }
  if (op === "preSendOnly") {
    // POSTs retried only when the connection was refused (never sent); idempotent requests as before
    const value = `(error) => error.code === ${ed.quote}ECONNREFUSED${ed.quote} || ${local}.isIdempotentRequestError(error)`;
    const edit = setOption("retryCondition", value);
    return edit ? { title: "Retry writes only when the connection was refused (the request was never sent)", edits: [edit] } : null;
  }
  if (op === "disable") {
    const remove = ed.removeStatementOf(call);
    if (!remove) return null;
    const unusedImport = ed.dropImportIfUnused(local, [remove.start, remove.end]);
    return { title: `Remove axiosRetry on ${layer.label}`, edits: unusedImport ? [remove, unusedImport] : [remove] };
  }
  return null;
}

export type { TsEditor };
