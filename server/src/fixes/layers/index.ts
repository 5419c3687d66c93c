/** One entry point for layer operations, whatever the layer's language. */
import type { RetryLayer } from "../../model/model";
import { csharpLayerEdit } from "./csharp";
import { goRetryablehttpLayerEdit } from "./goRetryablehttp";
import { grpcServiceConfigLayerEdit } from "./grpcServiceConfig";
import { jvmAnnotationLayerEdit } from "./jvmAnnotations";
import { meshLayerEdit } from "./mesh";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";
import { pythonLayerEdit } from "./python";
import { typescriptLayerEdit } from "./typescript";

export type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function layerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  try {
    if (layer.category === "mesh" || layer.category === "gateway") return meshLayerEdit(op, layer, text, ctx);
    // one service-config shape, whatever language carries it
    if (layer.kind === "grpc-service-config") return grpcServiceConfigLayerEdit(op, layer, text, ctx);
    if (/\.(py|pyi)$/.test(layer.file)) return pythonLayerEdit(op, layer, text, ctx);
    if (/\.[cm]?[jt]sx?$/.test(layer.file)) return typescriptLayerEdit(op, layer, text, ctx);
    if (/\.cs$/.test(layer.file)) return csharpLayerEdit(op, layer, text, ctx);
    if (/\.(java|kts?)$/.test(layer.file)) return jvmAnnotationLayerEdit(op, layer, text, ctx);
    if (/\.go$/.test(layer.file)) return goRetryablehttpLayerEdit(op, layer, text, ctx);
  } catch {
    // a fix that cannot be computed is simply not offered
  }
  return null;
}
