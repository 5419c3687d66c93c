/**
 * Fix operations on grpcio service configs passed as channel options (docs/reference/grpc-python.md):
 * - "disable" adds `("grpc.enable_retries", 0)` before the `("grpc.service_config", …)` option
 *   (the C-core channel arg that turns the retry filter off; the config's timeouts stay).
 * - "cap" lowers each `"maxAttempts"` of a `retryPolicy` dict to N (≥ 2: maxAttempts counts every
 *   attempt and 1 is rejected) where the config is `json.dumps(<dict literal>)` written in the
 *   option or in a module constant of the file. A JSON string or a config from elsewhere is not
 *   edited. Backoff jitter (±20 %) is built in: nothing to add.
 */
import type { RetryLayer } from "../../model/model";
import { callParts, descendants, stringValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { moduleConstant } from "../../detectors/python/context";
import type { FixEdit } from "../types";
import { withPython } from "../python";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function grpcPythonLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (layer.kind !== "grpc-service-config" || !/\.pyi?$/.test(layer.file)) return null;
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1) return null;
  return withPython(layer.file, text, (ed) => {
    const option = descendants(ed.tree.rootNode, "tuple").find((t) => t.startPosition.row + 1 === layer.anchor.line && stringValue(t.namedChildren[0]) === "grpc.service_config");
    if (!option) return null;
    if (attempts === 1) {
      return { title: `Turn off gRPC retries for ${layer.label} (("grpc.enable_retries", 0))`, edits: [ed.edit(option.startIndex, option.startIndex, `("grpc.enable_retries", 0), `)] };
    }
    const value = option.namedChildren[1];
    if (value?.type !== "call" || ed.calleeName(value) !== "json.dumps") return null;
    let config: SyntaxNode | null = callParts(value).positional[0] ?? null;
    if (config?.type === "identifier") config = moduleConstant(ed.tree, config.text);
    if (config?.type !== "dictionary") return null;
    const edits: FixEdit[] = [];
    for (const pair of descendants(config, "pair")) {
      if (stringValue(pair.childForFieldName("key")) !== "retryPolicy") continue;
      const policy = pair.childForFieldName("value");
      if (policy?.type !== "dictionary") return null;
      for (const p of policy.namedChildren) {
        if (p?.type !== "pair" || stringValue(p.childForFieldName("key")) !== "maxAttempts") continue;
        const v = p.childForFieldName("value")!;
        const n = Number(v.text);
        if (Number.isFinite(n) && n <= attempts) continue;
        edits.push(ed.edit(v.startIndex, v.endIndex, String(attempts)));
      }
    }
    return edits.length ? { title: `Lower to ${attempts} attempts (retryPolicy maxAttempts: ${attempts}, which counts every attempt)`, edits } : null;
  });
}
