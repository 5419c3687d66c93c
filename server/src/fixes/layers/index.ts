/** One entry point for layer operations, whatever the layer's language. */
import type { RetryLayer } from "../../model/model";
import { csharpLayerEdit } from "./csharp";
import { goRetryablehttpLayerEdit } from "./goRetryablehttp";
import { grpcServiceConfigLayerEdit } from "./grpcServiceConfig";
import { grpcServiceConfigFileEdit } from "./grpcServiceConfigFiles";
import { grpcPythonLayerEdit } from "./grpcPython";
import { cenkaltiLayerEdit } from "./cenkaltiBackoff";
import { okHttpLayerEdit } from "./okhttp";
import { mongoLayerEdit } from "./mongo";
import { redisLayerEdit } from "./redis";
import { reactorLayerEdit } from "./reactor";
import { resilience4jLayerEdit } from "./resilience4j";
import { springCloudGatewayLayerEdit } from "./springCloudGateway";
import { jvmAnnotationLayerEdit } from "./jvmAnnotations";
import { meshLayerEdit } from "./mesh";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";
import { loopJitterEdit } from "./loopJitter";
import { llmSdkLayerEdit } from "./llmSdk";
import { azureSdkLayerEdit } from "./azureSdk";
import { pythonLayerEdit } from "./python";
import { typescriptLayerEdit } from "./typescript";

export type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function layerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  try {
    // kinds whose edits are not in the layer's own language or file
    switch (layer.kind) {
      case "resilience4j-retry":
        return resilience4jLayerEdit(op, layer, ctx);
      case "spring-cloud-gateway-retry":
        return springCloudGatewayLayerEdit(op, layer, text, ctx);
      case "reactor-retry":
        return reactorLayerEdit(op, layer, text, ctx);
      case "okhttp-retry":
        return okHttpLayerEdit(op, layer, text, ctx);
      case "mongodb-retryable":
        return mongoLayerEdit(op, layer, text, ctx);
      case "redis-client":
        return redisLayerEdit(op, layer, text, ctx);
      case "cenkalti-backoff":
        return cenkaltiLayerEdit(op, layer, text, ctx);
      case "grpc-service-config":
        if (/\.(json|go)$/.test(layer.file)) return grpcServiceConfigFileEdit(op, layer, text, ctx);
        if (/\.pyi?$/.test(layer.file)) return grpcPythonLayerEdit(op, layer, text, ctx);
        break;
      case "openai-sdk":
      case "anthropic-sdk":
        return llmSdkLayerEdit(op, layer, text, ctx);
      case "azure-sdk":
        return azureSdkLayerEdit(op, layer, text, ctx);
    }
    if (layer.category === "mesh" || layer.category === "gateway") return meshLayerEdit(op, layer, text, ctx);
    // one service-config shape, whatever language carries it
    if (layer.kind === "grpc-service-config") return grpcServiceConfigLayerEdit(op, layer, text, ctx);
    if (layer.kind === "retry-loop" && /\.(java|kts?|cs|go)$/.test(layer.file)) return loopJitterEdit(op, layer, text);
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
