/**
 * TypeScript/JavaScript extraction: parse once (syntax only), then run the detectors in order.
 * module.ts gives the generic facts (imports, functions, calls, requests); axios.ts the axios
 * clients and axios-retry layers (reference §2.1). Each detector runs inside its own guard, so
 * one that throws costs a ProblemFact, not the file (DESIGN.md "Robustness").
 */
import { parseSuppression } from "../../model/suppression";
import { emptyFacts, type FileFacts } from "../../model/facts";
import { commentsOf, parseTypeScript, syntaxErrors, ts } from "../../parsing/typescript";
import { extractAxiosFacts } from "./axios";
import { extractAsyncRetryFacts } from "./asyncRetry";
import { extractCockatielFacts } from "./cockatiel";
import { extractFetchRetryFacts } from "./fetchRetry";
import { extractGotFacts } from "./got";
import { extractGrpcFacts } from "./grpc";
import { extractImportedCallableRequests } from "./jsRetryCommon";
import { extractKyFacts } from "./ky";
import { extractPRetryFacts } from "./pRetry";
import { extractRetryLoops } from "./retryLoop";
import { detectScheduledRetries } from "./scheduledRetry";
import { extractUndiciFacts } from "./undici";
import { extractAwsSdkFacts } from "./awsSdk";
import { extractAzureSdkFacts } from "./azureSdk";
import { extractLlmSdkFacts } from "./llmSdk";
import { extractVercelAiFacts } from "./vercelAi";
import { extractLlmWrapperFacts } from "./llmWrappers";
import { extractMongoFacts } from "./mongo";
import { extractIoredisFacts } from "./ioredis";
import { extractIoredisLibraryFacts } from "./ioredisLibraries";
import { extractTemporalFacts } from "./temporal";
import { extractBullmqFacts } from "./bullmq";
import { extractAgendaFacts } from "./agenda";
import { extractKafkajsFacts } from "./kafkajs";
import { extractElasticsearchFacts } from "./elasticsearch";
import { extractNeo4jFacts } from "./neo4j";
import { extractStripeFacts } from "./stripe";
import { extractTwilioFacts } from "./twilio";
import { extractMsGraphFacts } from "./msgraph";
import { extractGoogleCloudNodeFacts } from "./googleCloud";
import { extractGoogleapisNodeFacts } from "./googleapisNode";
import { extractFirebaseFunctionsFacts } from "./firebaseFunctions";
import { extractAwsSdkV2Facts } from "./awsSdkV2";
import { extractSdkFactoryClients } from "./sdkFactoryClients";
import { extractFactoryObjects } from "./factoryObjects";
import { extractDeclaredTypes } from "./declaredTypes";
import { emptyFileIndex, extractModuleFacts, IdAllocator, indexFile, type FileIndex } from "./module";
import { markTestEnvironmentLayers } from "./testEnvironment";

type Detector = (sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator) => void;

const DETECTORS: [string, Detector][] = [
  ["module", extractModuleFacts],
  ["axios", extractAxiosFacts],
  ["got", extractGotFacts],
  ["ky", extractKyFacts],
  ["p-retry", extractPRetryFacts],
  ["async-retry", extractAsyncRetryFacts],
  ["cockatiel", extractCockatielFacts],
  ["fetch-retry", extractFetchRetryFacts],
  ["undici", extractUndiciFacts],
  ["grpc", extractGrpcFacts],
  ["callable clients", extractImportedCallableRequests],
  ["aws-sdk", extractAwsSdkFacts],
  ["azure-sdk", extractAzureSdkFacts],
  ["openai-anthropic", extractLlmSdkFacts],
  ["vercel-ai-sdk", extractVercelAiFacts],
  ["langchain-js and LLM wrappers", extractLlmWrapperFacts],
  ["mongodb", extractMongoFacts],
  ["ioredis", extractIoredisFacts],
  ["ioredis in libraries", extractIoredisLibraryFacts],
  ["temporal", extractTemporalFacts],
  ["bullmq", extractBullmqFacts],
  ["agenda", extractAgendaFacts],
  ["kafkajs", extractKafkajsFacts],
  ["elasticsearch", extractElasticsearchFacts],
  ["neo4j", extractNeo4jFacts],
  ["stripe", extractStripeFacts],
  ["twilio", extractTwilioFacts],
  ["msgraph", extractMsGraphFacts],
  ["google-cloud", extractGoogleCloudNodeFacts],
  ["googleapis", extractGoogleapisNodeFacts],
  ["firebase-functions", extractFirebaseFunctionsFacts],
  ["aws-sdk-v2", extractAwsSdkV2Facts],
  ["sdk factory clients", extractSdkFactoryClients],
  ["factory objects", extractFactoryObjects],
  ["retry-loop", extractRetryLoops],
  ["scheduled re-run", detectScheduledRetries],
  // last: it reads the calls the others marked (a callback a retry helper already runs)
  ["declared types", extractDeclaredTypes],
  // after every layer is known: those built only in the test environment are test code
  ["test environment", markTestEnvironmentLayers],
];

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** `path` is workspace-relative with '/' separators; never throws. */
export function extractTypeScript(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "typescript");
  let sf: ts.SourceFile;
  try {
    sf = parseTypeScript(path, text);
  } catch (e) {
    facts.problems.push({ line: 1, message: `TypeScript parser failed: ${message(e)}` });
    return facts;
  }
  try {
    const errors = syntaxErrors(sf);
    if (errors.length > 0) {
      const first = errors[0]!;
      const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
      facts.problems.push({ line: first.line, message: `syntax error: ${first.message}${more}; facts may be partial` });
    }
  } catch {
    // diagnostics are a courtesy; the tree is what matters
  }

  if (text.includes("retry-lens:")) {
    try {
      for (const c of commentsOf(sf)) {
        const s = parseSuppression(c.text, c.line);
        if (s) facts.suppressions.push(s);
      }
    } catch (e) {
      facts.problems.push({ line: 1, message: `suppression comments could not be read: ${message(e)}` });
    }
  }

  let index: FileIndex;
  try {
    index = indexFile(sf);
  } catch (e) {
    index = emptyFileIndex();
    facts.problems.push({ line: 1, message: `file index failed: ${message(e)}` });
  }
  const ids = new IdAllocator();
  for (const [name, detect] of DETECTORS) {
    try {
      detect(sf, index, facts, ids);
    } catch (e) {
      facts.problems.push({ line: 1, message: `${name} detector failed: ${message(e)}` });
    }
  }
  return facts;
}
