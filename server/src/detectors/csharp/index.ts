/**
 * C# extraction: parse once with tree-sitter (tree-sitter-c-sharp), then run each detector
 * inside a guard so one failing detector costs its own facts only.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { parseTree } from "../../parsing/treeSitter";
import { reportSyntaxError, runDetectors, type Detector } from "../shared/guards";
import { createContext, type CsContext } from "./context";
import { detectAppHost } from "./aspire";
import { detectAzureSdk } from "./azureSdk";
import { detectAwsSdkDotnet } from "./awsSdkDotnet";
import { detectDataClients } from "./dataClients";
import { detectEfCore } from "./efCore";
import { detectGrpcDotnet } from "./grpcDotnet";
import { detectHttpClients } from "./httpClients";
import { detectModule } from "./module";
import { detectOpenAiClients } from "./openAiClient";
import { detectPolicyWiring } from "./policyWiring";
import { detectPolly } from "./polly";
import { detectRetryLoops } from "./retryLoop";
import { detectStripeDotnet } from "./stripeDotnet";
import { detectMsGraphDotnet } from "./msgraphDotnet";
import { detectTemporalDotnet } from "./temporal";

/** Order matters: module facts (functions, calls) first; layer detectors read them. */
const DETECTORS: Array<Detector<CsContext>> = [
  ["module", detectModule],
  ["http clients", detectHttpClients],
  ["aspire apphost", detectAppHost],
  // before polly: the handlers chained on `AddGrpcClient<T>()` go on the client it records
  ["grpc-dotnet", detectGrpcDotnet],
  ["polly", detectPolly],
  ["ef core", detectEfCore],
  ["openai", detectOpenAiClients],
  ["azure sdk", detectAzureSdk],
  ["aws sdk .net", detectAwsSdkDotnet],
  ["stripe-dotnet", detectStripeDotnet],
  ["microsoft graph", detectMsGraphDotnet],
  ["mongodb / StackExchange.Redis", detectDataClients],
  ["temporal", detectTemporalDotnet],
  ["retry-loop", detectRetryLoops],
  // after every layer detector: re-attaches injected policies, records flags, marks startup-only pipelines
  ["policy wiring", detectPolicyWiring],
];

export function extractCSharp(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "csharp");
  const tree = parseTree("csharp", text);
  try {
    const ctx = createContext(tree, facts);
    runDetectors(facts, ctx, DETECTORS);
    reportSyntaxError(facts, tree.rootNode);
  } finally {
    tree.delete();
  }
  return facts;
}
