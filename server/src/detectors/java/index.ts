/**
 * Java and Kotlin extraction (tree-sitter-java 0.23, tree-sitter-kotlin 1.1): each grammar's
 * adapter turns the tree into the neutral model of `syntax.ts`; the detectors below read only
 * that model, so Spring (MVC, clients, Feign, retry), Resilience4j, MicroProfile, Reactor and OkHttp are written once for both
 * languages. Each detector runs in a guard: one failing detector costs its own facts only.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { reportSyntaxError, runDetectors, type Detector } from "../shared/guards";
import { parseTree, type SyntaxNode, type Tree } from "../../parsing/treeSitter";
import { createContext, type JvmContext } from "./context";
import { detectFeign } from "./feign";
import { detectRestClient } from "./restClient";
import { detectFeignRetryer } from "./feignRetryer";
import { detectSpringCloudLoadBalancer } from "./springCloudLoadBalancer";
import { detectHttp } from "./http";
import { detectHttpInterfaces } from "./httpInterfaces";
import { detectAbstractAnnotated } from "./layers";
import { javaFile } from "./javaSyntax";
import { parseKotlin } from "./kotlinSyntax";
import { gradlePins } from "../build/gradle";
import { hasPins } from "../build/jvmPins";
import { detectMicroProfile } from "./microprofile";
import { detectMicronautClient } from "./micronautClient";
import { detectMicronautRetry } from "./micronautRetry";
import { detectModule } from "./module";
import { detectOkHttp } from "./okhttp";
import { detectApacheHttpClient } from "./apacheHttpClient";
import { detectGrpcJava } from "./grpcJava";
import { detectMongoJava } from "./mongoJava";
import { detectAwsSdkJava } from "./awsSdkJava";
import { detectSpringAi } from "./springAi";
import { detectLettuce } from "./lettuce";
import { detectStripeJava } from "./stripeJava";
import { detectMsGraphJava } from "./msgraphJava";
import { detectKafkaClients } from "./kafkaClients";
import { detectSpringKafka } from "./springKafka";
import { detectJdkHttpUrlConnection } from "./jdkHttpUrlConnection";
import { detectKafkaTemplates } from "./kafkaTemplate";
import { detectReactor } from "./reactor";
import { detectResilience4j } from "./resilience4j";
import { detectRetryLoops } from "./retryLoop";
import { detectSpringRetry } from "./springRetry";
import { detectTemporalJava } from "./temporal";
import type { JvmFile } from "./syntax";

/** Order matters: module facts (functions, calls) first, then clients; layer detectors read both. */
const DETECTORS: Array<Detector<JvmContext>> = [
  ["module", detectModule],
  ["http", detectHttp],
  ["http-interfaces", detectHttpInterfaces],
  ["feign", detectFeign],
  ["microprofile-rest-client", detectRestClient],
  ["micronaut-http-client", detectMicronautClient],
  ["feign-retryer", detectFeignRetryer],
  ["spring-cloud-loadbalancer", detectSpringCloudLoadBalancer],
  ["resilience4j", detectResilience4j],
  ["spring-retry", detectSpringRetry],
  ["microprofile", detectMicroProfile],
  ["micronaut-retry", detectMicronautRetry],
  ["reactor", detectReactor],
  ["okhttp", detectOkHttp],
  ["apache-httpclient", detectApacheHttpClient],
  ["jdk-httpurlconnection", detectJdkHttpUrlConnection],
  ["grpc-java", detectGrpcJava],
  ["mongodb-java-driver", detectMongoJava],
  ["aws-sdk-java", detectAwsSdkJava],
  ["spring-ai", detectSpringAi],
  ["lettuce", detectLettuce],
  ["stripe-java", detectStripeJava],
  ["microsoft graph", detectMsGraphJava],
  ["kafka-clients", detectKafkaClients],
  ["spring-kafka-template", detectKafkaTemplates],
  ["spring-kafka", detectSpringKafka],
  ["temporal", detectTemporalJava],
  ["retry-loop", detectRetryLoops],
  ["abstract-annotated", detectAbstractAnnotated],
];

export function extractJava(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "java");
  let tree: Tree | null = null;
  try {
    tree = parseTree("java", text);
    const t = tree;
    run(facts, () => javaFile(t), t.rootNode);
  } catch (err) {
    facts.problems.push({ line: 1, message: `java extraction failed: ${(err as Error).message}` });
  } finally {
    tree?.delete();
  }
  return facts;
}

export function extractKotlin(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "kotlin");
  let trees: Tree[] = [];
  try {
    const parsed = parseKotlin(text);
    trees = parsed.trees;
    run(facts, () => parsed.file, parsed.file.root);
    // a Gradle Kotlin build script: the versions it pins (detectors/build/gradle.ts)
    if (/(^|\/)(build|settings)\.gradle\.kts$/.test(path)) {
      const build = gradlePins(parsed.file.root);
      if (hasPins(build)) facts.jvmBuild = build;
    }
  } catch (err) {
    facts.problems.push({ line: 1, message: `kotlin extraction failed: ${(err as Error).message}` });
  } finally {
    for (const t of trees) t.delete();
  }
  return facts;
}

function run(facts: FileFacts, build: () => JvmFile, root: SyntaxNode): void {
  let file: JvmFile;
  try {
    file = build();
  } catch (err) {
    facts.problems.push({ line: 1, message: `reading the syntax tree failed: ${(err as Error).message}` });
    return;
  }
  // the package: the linker resolves same-package names through it
  facts.module = file.pkg || null;
  const ctx = createContext(file, facts);
  runDetectors(facts, ctx, DETECTORS);
  // a chain nests its last call outermost: keep layers in document order
  facts.layers.sort((a, b) => a.anchor.line - b.anchor.line || a.anchor.column - b.anchor.column);
  reportSyntaxError(facts, root);
}
