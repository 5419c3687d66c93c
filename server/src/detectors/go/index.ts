/**
 * Go extraction: parse once with tree-sitter (tree-sitter-go), then run each detector inside a
 * guard so one failing detector costs its own facts only. go.mod files: ./gomod.ts.
 */
import { detectStripeGo } from "./stripe";
import { detectMsGraphGo } from "./msgraphGo";
import { emptyFacts, type FileFacts } from "../../model/facts";
import { parseTree } from "../../parsing/treeSitter";
import { reportSyntaxError, runDetectors, type Detector } from "../shared/guards";
import { detectAwsSdkGo } from "./awsSdkGo";
import { detectAzureSdk } from "./azureSdk";
import { detectCenkaltiBackoff } from "./cenkaltiBackoff";
import { detectClientFlow } from "./clients";
import { createContext, type GoContext } from "./context";
import { detectGrpc } from "./grpc";
import { detectGrpcRetryOptionSlices } from "./grpcMiddlewareRetry";
import { detectResty } from "./resty";
import { detectRetryGo } from "./retryGo";
import { detectLlmSdksGo } from "./llmSdk";
import { detectModule } from "./module";
import { detectMongoGo } from "./mongo";
import { detectGoRedis } from "./redis";
import { detectTemporalGo } from "./temporal";
import { detectKafkaGo } from "./kafkaGo";
import { detectSarama } from "./sarama";
import { detectWatermillKafka } from "./watermillKafka";
import { detectGoElasticsearch } from "./elasticsearch";
import { detectNeo4jGo } from "./neo4j";
import { detectHttpClients } from "./nethttp";
import { detectRetryablehttp } from "./retryablehttp";
import { detectRetryLoops } from "./retryLoop";
import { detectViperConfig } from "./viper";

export { extractGoMod } from "./gomod";

/** Order matters: module facts (functions, calls) first; clients before the flow that copies them. */
const DETECTORS: Array<Detector<GoContext>> = [
  ["module", detectModule],
  ["net/http clients", detectHttpClients],
  // before the retry loops, so a loop around a Graph request lists the request it makes
  ["microsoft graph", detectMsGraphGo],
  ["go-retryablehttp", detectRetryablehttp],
  ["cenkalti/backoff", detectCenkaltiBackoff],
  ["retry loops", detectRetryLoops],
  ["grpc-go", detectGrpc],
  ["go-grpc-middleware retry options", detectGrpcRetryOptionSlices],
  ["avast/retry-go", detectRetryGo],
  ["go-resty", detectResty],
  ["mongo-go-driver", detectMongoGo],
  ["go-redis", detectGoRedis],
  ["viper configuration files", detectViperConfig],
  ["kafka-go", detectKafkaGo],
  ["sarama", detectSarama],
  ["watermill-kafka", detectWatermillKafka],
  ["go-elasticsearch", detectGoElasticsearch],
  ["neo4j-go-driver", detectNeo4jGo],
  ["azure-sdk-for-go", detectAzureSdk],
  ["aws-sdk-go", detectAwsSdkGo],
  ["openai/anthropic", detectLlmSdksGo],
  ["stripe-go", detectStripeGo],
  ["temporal", detectTemporalGo],
  ["client flow", detectClientFlow],
];

export function extractGo(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "go");
  const tree = parseTree("go", text);
  try {
    let ctx: GoContext;
    try {
      ctx = createContext(tree, facts);
    } catch (err) {
      facts.problems.push({ line: 1, message: `Go scopes could not be read: ${(err as Error).message}` });
      return facts;
    }
    runDetectors(facts, ctx, DETECTORS);
    reportSyntaxError(facts, tree.rootNode);
  } finally {
    tree.delete();
  }
  return facts;
}
