/**
 * Python extraction: parse once with tree-sitter, then run each detector inside a guard so one
 * failing detector costs its own facts only (a problem is recorded, the others still run).
 */
import { detectStripe } from "./stripe";
import { detectTwilio } from "./twilio";
import { detectMsGraph } from "./msgraph";
import { detectGoogleCloudStorage } from "./googleCloudStorage";
import { detectGoogleApiClient } from "./googleApiClient";
import { emptyFacts, type FileFacts } from "../../model/facts";
import { reportSyntaxError, runDetectors, type Detector } from "../shared/guards";
import { parseTree } from "../../parsing/treeSitter";
import { detectAzureSdk } from "./azureSdk";
import { detectBackoff } from "./backoff";
import { detectBoto3 } from "./boto3";
import { detectDjangoStorages } from "./djangoStorages";
import { detectPyAthena } from "./pyathena";
import { detectTdClient } from "./tdclient";
import { detectCelery } from "./celery";
import { detectCeleryPublish } from "./celeryPublish";
import { detectAirflow } from "./airflow";
import { detectArq } from "./arq";
import { detectDramatiq } from "./dramatiq";
import { detectQueueWrappers } from "./queueWrappers";
import { detectHuey } from "./huey";
import { detectPrefect } from "./prefect";
import { detectRay } from "./ray";
import { detectRq } from "./rq";
import { createContext, type PyContext } from "./context";
import { detectGoogleApiCore } from "./googleApiCore";
import { detectGrpcPython } from "./grpc";
import { detectHttpClients } from "./httpClients";
import { detectLlmSdks } from "./llmSdk";
import { detectFileLocks } from "./filelock";
import { detectModule } from "./module";
import { detectPyMongo } from "./mongo";
import { detectRedisPy } from "./redis";
import { detectConfluentKafka } from "./confluentKafka";
import { detectElasticsearchPy } from "./elasticsearch";
import { detectInfluxDbPy } from "./influxdb";
import { detectNeo4jPy } from "./neo4j";
import { detectRetryLoops } from "./retryLoop";
import { detectStamina } from "./stamina";
import { detectTenacity } from "./tenacity";
import { detectTemporalPython } from "./temporal";

/** Order matters: module facts (functions, calls) first; layer detectors read them. */
const DETECTORS: Array<Detector<PyContext>> = [
  ["module", detectModule],
  ["tenacity", detectTenacity],
  ["backoff", detectBackoff],
  ["stamina", detectStamina],
  ["google-api-core", detectGoogleApiCore],
  ["boto3", detectBoto3],
  ["django-storages", detectDjangoStorages],
  ["pyathena", detectPyAthena],
  ["td-client", detectTdClient],
  ["azure-sdk", detectAzureSdk],
  ["pymongo", detectPyMongo],
  ["redis-py", detectRedisPy],
  ["confluent-kafka", detectConfluentKafka],
  ["elasticsearch-py", detectElasticsearchPy],
  ["influxdb-python", detectInfluxDbPy],
  ["neo4j", detectNeo4jPy],
  ["celery", detectCelery],
  ["celery-publish", detectCeleryPublish],
  ["dramatiq", detectDramatiq],
  ["queue-wrappers", detectQueueWrappers],
  ["rq", detectRq],
  ["huey", detectHuey],
  ["arq", detectArq],
  ["prefect", detectPrefect],
  ["airflow", detectAirflow],
  ["ray", detectRay],
  ["temporal", detectTemporalPython],
  ["grpcio", detectGrpcPython],
  ["openai-anthropic", detectLlmSdks],
  ["stripe", detectStripe],
  ["twilio", detectTwilio],
  ["msgraph", detectMsGraph],
  ["google-cloud-storage", detectGoogleCloudStorage],
  ["googleapiclient", detectGoogleApiClient],
  ["filelock", detectFileLocks],
  ["http-clients", detectHttpClients],
  ["retry-loop", detectRetryLoops],
];

/** `platform/http.py` → `platform.http`; `pkg/__init__.py` → `pkg`; a `src/` prefix is dropped. */
export function pythonModuleName(path: string): string {
  let p = path.replace(/\.pyi?$/, "");
  p = p.replace(/(^|\/)__init__$/, "");
  const parts = p.split("/").filter(Boolean);
  const src = parts.lastIndexOf("src");
  return (src >= 0 ? parts.slice(src + 1) : parts).join(".");
}

export function extractPython(path: string, text: string): FileFacts {
  const module = pythonModuleName(path);
  const facts = emptyFacts(path, "python", module);
  const tree = parseTree("python", text);
  try {
    // relative imports in a package's __init__ resolve against the package itself
    const base = /(^|\/)__init__\.pyi?$/.test(path) ? `${module}.__init__` : module;
    const ctx = createContext(tree, facts, base);
    ctx.module = module;
    runDetectors(facts, ctx, DETECTORS);
    reportSyntaxError(facts, tree.rootNode);
  } finally {
    tree.delete();
  }
  return facts;
}
