/** One entry point for layer operations, whatever the layer's language. */
import type { RetryLayer } from "../../model/model";
import { csharpLayerEdit } from "./csharp";
import { goRetryablehttpLayerEdit } from "./goRetryablehttp";
import { grpcServiceConfigLayerEdit } from "./grpcServiceConfig";
import { grpcServiceConfigFileEdit } from "./grpcServiceConfigFiles";
import { grpcPythonLayerEdit } from "./grpcPython";
import { cenkaltiLayerEdit } from "./cenkaltiBackoff";
import { goRetryLibraryLayerEdit } from "./goRetryLibraries";
import { dotnetClientLayerEdit } from "./dotnetClients";
import { okHttpLayerEdit } from "./okhttp";
import { apacheHttpClientLayerEdit } from "./apacheHttpClient";
import { grpcJavaLayerEdit } from "./grpcJava";
import { springAiLayerEdit } from "./springAi";
import { springCloudLoadBalancerLayerEdit } from "./springCloudLoadBalancer";
import { micronautRetryLayerEdit } from "./micronautRetry";
import { springCloudStreamLayerEdit } from "./springCloudStream";
import { feignLayerEdit } from "./feign";
import { mongoLayerEdit } from "./mongo";
import { awsSdkJavaLayerEdit } from "./awsSdkJava";
import { awsSdkGoLayerEdit } from "./awsSdkGo";
import { awsSdkDotnetLayerEdit } from "./awsSdkDotnet";
import { redisLayerEdit } from "./redis";
import { kafkaOrSearchLayerEdit } from "./kafka";
import { influxdbLayerEdit } from "./influxdb";
import { neo4jLayerEdit } from "./neo4j";
import { reactorLayerEdit } from "./reactor";
import { resilience4jLayerEdit } from "./resilience4j";
import { springCloudGatewayLayerEdit } from "./springCloudGateway";
import { jvmAnnotationLayerEdit } from "./jvmAnnotations";
import { meshLayerEdit } from "./mesh";
import { gatewayFormsLayerEdit } from "./gatewayForms";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";
import { loopJitterEdit } from "./loopJitter";
import { llmSdkLayerEdit } from "./llmSdk";
import { vercelAiLayerEdit } from "./vercelAi";
import { azureSdkLayerEdit } from "./azureSdk";
import { msgraphLayerEdit } from "./msgraph";
import { SDK_CLIENT_KINDS, sdkClientLayerEdit } from "./sdkClients";
import { pythonLayerEdit } from "./python";
import { typescriptLayerEdit } from "./typescript";
import { jsJobLayerEdit, temporalLayerEdit } from "./temporal";

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
      case "apache-httpclient-retry":
        return apacheHttpClientLayerEdit(op, layer, text, ctx);
      case "spring-ai-retry":
        return springAiLayerEdit(op, layer, ctx);
      case "spring-cloud-loadbalancer-retry":
        return springCloudLoadBalancerLayerEdit(op, layer, ctx);
      case "micronaut-retry":
        return micronautRetryLayerEdit(op, layer, text, ctx);
      case "spring-cloud-stream-retry":
        return springCloudStreamLayerEdit(op, layer, text, ctx);
      case "feign-retryer":
        return feignLayerEdit(op, layer, text, ctx);
      case "mongodb-retryable":
        if (/\.cs$/.test(layer.file)) return dotnetClientLayerEdit(op, layer, text, ctx);
        return mongoLayerEdit(op, layer, text, ctx);
      case "redis-client":
        return redisLayerEdit(op, layer, text, ctx);
      case "kafka-producer":
      case "elasticsearch-client":
        return kafkaOrSearchLayerEdit(op, layer, text, ctx);
      case "influxdb-client":
        return influxdbLayerEdit(op, layer, text, ctx);
      case "neo4j-transaction":
        return neo4jLayerEdit(op, layer, text, ctx);
      case "cenkalti-backoff":
        return cenkaltiLayerEdit(op, layer, text, ctx);
      case "retry-go":
      case "go-grpc-middleware-retry":
      case "resty-retry":
        return goRetryLibraryLayerEdit(op, layer, text, ctx);
      case "grpc-service-config":
        if (/\.(json|go)$/.test(layer.file)) return grpcServiceConfigFileEdit(op, layer, text, ctx);
        if (/\.pyi?$/.test(layer.file)) return grpcPythonLayerEdit(op, layer, text, ctx);
        if (/\.(java|kts?)$/.test(layer.file)) return grpcJavaLayerEdit(op, layer, text, ctx);
        if (/\.cs$/.test(layer.file)) return dotnetClientLayerEdit(op, layer, text, ctx);
        break;
      case "temporal-retry-policy":
        return temporalLayerEdit(op, layer, text, ctx);
      case "bullmq-job":
      case "agenda-job":
        return jsJobLayerEdit(op, layer, text, ctx);
      case "openai-sdk":
      case "anthropic-sdk":
      case "langchain-js":
        return llmSdkLayerEdit(op, layer, text, ctx);
      case "vercel-ai-sdk":
        return vercelAiLayerEdit(op, layer, text, ctx);
      case "azure-sdk":
        return azureSdkLayerEdit(op, layer, text, ctx);
      case "msgraph-retry-handler":
        if (/\.(cs|java|kts?|go)$/.test(layer.file)) return msgraphLayerEdit(op, layer, text, ctx);
        break;
      case "aws-sdk-go":
        return awsSdkGoLayerEdit(op, layer, text, ctx);
      case "aws-sdk-dotnet":
        return awsSdkDotnetLayerEdit(op, layer, text, ctx);
      case "aws-sdk-java":
        return awsSdkJavaLayerEdit(op, layer, text, ctx);
      // Docker labels, Traefik TOML, Gateway API retry, App Mesh (gatewayForms.ts); Traefik YAML maps go on to mesh.ts
      case "traefik-retry":
      case "gateway-api-retry":
      case "appmesh-retry":
      case "appmesh-default": {
        const forms = gatewayFormsLayerEdit(op, layer, text, ctx);
        if (forms || layer.kind !== "traefik-retry") return forms;
        break;
      }
    }
    // SDK clients with a retry-count option (Stripe, aws-sdk v2, googleapiclient, Twilio, GCS, Firebase)
    if (SDK_CLIENT_KINDS.has(layer.kind)) return sdkClientLayerEdit(op, layer, text, ctx);
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
