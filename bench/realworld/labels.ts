/**
 * The label files of the ecosystem check (bench/realworld/labels/*.json, format in LABELING.md):
 * their types, the families Retry Lens models, and a validator that names every bad field.
 */

export interface LabelLocation {
  path: string;
  line: number;
}

export interface LabelLayer extends LabelLocation {
  id: string;
  anchor: string;
  family: string;
  /** attempts (first try + retries); null = unbounded by count */
  maxAttempts: number | null;
  implicit: boolean;
  alternatives?: LabelLocation[];
  note: string;
  source?: string;
  /** the count cannot be known statically: any reported count (or null) is right */
  unknownCount?: boolean;
  /** added after a review of the tool's output, with the reason in the note */
  review?: boolean;
}

export interface LabelPath {
  layers: string[];
  product: number | null;
  target: string;
  note?: string;
}

export interface LabelNearMiss extends LabelLocation {
  anchor: string;
  why: NearMissClass;
  note?: string;
}

export type NearMissClass =
  | "polling"
  | "consumer"
  | "startup"
  | "test"
  | "docs"
  | "ci"
  | "commented-out"
  | "disabled"
  | "not-retry"
  | "script";

export const NEAR_MISS_CLASSES: readonly NearMissClass[] = [
  "polling",
  "consumer",
  "startup",
  "test",
  "docs",
  "ci",
  "commented-out",
  "disabled",
  "not-retry",
  "script",
];

export interface RepoLabels {
  repo: string;
  url: string;
  commit: string;
  exhaustive: boolean;
  /**
   * The date the repository was labelled as part of a held-out set: labelled from code and docs
   * only, after the tool's last tuning, and never used to tune it. REALWORLD.md scores these apart.
   */
  heldOut?: string;
  description?: string;
  families?: string[];
  /** scan only these globs (relative to the repository root) */
  include?: string[];
  layers: LabelLayer[];
  paths: LabelPath[];
  nearMisses: LabelNearMiss[];
}

/** The families Retry Lens models (README "What it understands"); any other family is counted apart. */
export const MODELLED_FAMILIES: ReadonlySet<string> = new Set([
  "tenacity", "backoff", "urllib3", "requests-adapter", "httpx", "boto3", "stamina", "google-api-core", "python-loop",
  "axios-retry", "got", "ky", "p-retry", "async-retry", "cockatiel", "fetch-retry", "undici", "grpc-js", "aws-sdk-js", "ts-loop",
  "polly-v8", "polly-v7", "dotnet-resilience", "efcore", "csharp-loop",
  "resilience4j", "spring-retry", "spring7-retryable", "microprofile", "reactor", "okhttp", "spring-cloud-gateway", "java-loop", "kotlin-loop",
  "go-retryablehttp", "cenkalti-backoff", "grpc-go", "grpc-config", "go-loop",
  "go-grpc-middleware-retry", "avast-retry-go", "resty", "grpc-dotnet", "mongodb-dotnet",
  "grpc-python",
  "mongo-go-driver", "mongodb-driver",
  "go-redis", "redis-py", "ioredis",
  "kafkajs", "kafka-go", "sarama", "confluent-kafka", "kafka-clients", "elasticsearch", "opensearch", "neo4j",
  "influxdb-python",
  "envoy", "istio", "istio-default", "linkerd", "traefik", "kong", "ingress-nginx", "kuma", "consul", "emissary", "envoy-gateway", "gloo",
  "gateway-api-retry", "appmesh",
  "nginx", "haproxy",
  "azure-sdk", "azure-sdk-go", "aws-sdk-go", "aws-sdk-java", "aws-sdk-dotnet",
  "openai-sdk", "anthropic-sdk",
  "vercel-ai-sdk",
  "celery",
  "celery-publish-retry",
  "temporal", "bullmq", "bull", "agenda",
  "stripe-node", "stripe-python", "stripe-go", "stripe-dotnet", "stripe-java",
  "aws-sdk-js-v2", "googleapiclient", "google-cloud-storage", "google-cloud-node", "firebase-functions", "msgraph", "twilio",
  "dramatiq", "rq", "huey", "arq", "prefect", "airflow", "ray",
  "apache-httpclient", "openfeign", "spring-ai", "lettuce", "mongodb-java-driver", "grpc-java", "micronaut-retry", "spring-cloud-stream",
  "spring-cloud-loadbalancer", "spring-kafka-error-handler",
  "langchain-js", "googleapis-node", "llama-index",
]);

/** Every problem with a parsed label file, as "field: what is wrong"; empty when it is well-formed. */
export function validateLabels(value: unknown, fileName: string): string[] {
  const errors: string[] = [];
  const bad = (where: string, what: string) => errors.push(`${fileName}: ${where}: ${what}`);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [`${fileName}: not a JSON object`];
  const v = value as Record<string, unknown>;
  if (typeof v.repo !== "string" || !/^[^/\s]+\/[^/\s]+$/.test(v.repo)) bad("repo", "owner/name expected");
  if (typeof v.url !== "string") bad("url", "a string expected");
  if (typeof v.commit !== "string" || !/^[0-9a-f]{40}$/.test(v.commit)) bad("commit", "40 lower-case hex digits expected");
  if (typeof v.exhaustive !== "boolean") bad("exhaustive", "true or false expected");
  if (v.heldOut !== undefined && !(typeof v.heldOut === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v.heldOut))) bad("heldOut", "a date (YYYY-MM-DD) expected");
  if (v.include !== undefined && !(Array.isArray(v.include) && v.include.every((g) => typeof g === "string"))) bad("include", "a list of globs expected");
  const location = (where: string, o: Record<string, unknown>) => {
    if (typeof o.path !== "string" || o.path.length === 0 || o.path.startsWith("/") || o.path.includes("\\")) bad(where, "path: a relative '/' path expected");
    if (!Number.isInteger(o.line) || (o.line as number) < 1) bad(where, "line: a 1-based line expected");
  };
  const ids = new Set<string>();
  const layers = Array.isArray(v.layers) ? v.layers : (bad("layers", "a list expected"), []);
  layers.forEach((l: unknown, i: number) => {
    const where = `layers[${i}]`;
    if (typeof l !== "object" || l === null) return bad(where, "an object expected");
    const o = l as Record<string, unknown>;
    location(where, o);
    if (typeof o.id !== "string" || o.id.length === 0) bad(where, "id: a string expected");
    else if (ids.has(o.id)) bad(where, `id: ${o.id} is used twice`);
    else ids.add(o.id);
    if (typeof o.anchor !== "string" || o.anchor.trim().length === 0) bad(where, "anchor: a non-empty string expected");
    if (typeof o.family !== "string" || o.family.length === 0) bad(where, "family: a string expected");
    if (!(o.maxAttempts === null || (Number.isInteger(o.maxAttempts) && (o.maxAttempts as number) >= 2)))
      bad(where, "maxAttempts: an integer ≥ 2 or null expected (a layer of one attempt is a near miss, why: disabled)");
    if (typeof o.implicit !== "boolean") bad(where, "implicit: true or false expected");
    if (typeof o.note !== "string" || o.note.length === 0) bad(where, "note: how the count was derived");
    if (o.alternatives !== undefined) {
      if (!Array.isArray(o.alternatives)) bad(where, "alternatives: a list expected");
      else o.alternatives.forEach((a: unknown, j: number) => (typeof a === "object" && a !== null ? location(`${where}.alternatives[${j}]`, a as Record<string, unknown>) : bad(`${where}.alternatives[${j}]`, "an object expected")));
    }
  });
  const paths = Array.isArray(v.paths) ? v.paths : (bad("paths", "a list expected"), []);
  paths.forEach((p: unknown, i: number) => {
    const where = `paths[${i}]`;
    if (typeof p !== "object" || p === null) return bad(where, "an object expected");
    const o = p as Record<string, unknown>;
    if (!Array.isArray(o.layers) || o.layers.length < 2) bad(where, "layers: at least two layer ids expected");
    else for (const id of o.layers) if (typeof id !== "string" || !ids.has(id)) bad(where, `layers: ${String(id)} is not a layer id`);
    if (!(o.product === null || (Number.isInteger(o.product) && (o.product as number) >= 4))) bad(where, "product: an integer ≥ 4 or null expected");
    if (Array.isArray(o.layers) && o.product !== null && o.layers.every((id) => typeof id === "string" && ids.has(id))) {
      const counts = (o.layers as string[]).map((id) => (layers as Array<Record<string, unknown>>).find((l) => l.id === id)?.maxAttempts);
      if (counts.every((c) => typeof c === "number")) {
        const product = (counts as number[]).reduce((a, b) => a * b, 1);
        if (product !== o.product) bad(where, `product: ${String(o.product)} is not the product of its layers' maxAttempts (${product})`);
      } else if (counts.includes(null)) bad(where, "product: null expected, since one of its layers is unbounded");
    }
    if (typeof o.target !== "string" || o.target.length === 0) bad(where, "target: a string expected");
  });
  const nearMisses = Array.isArray(v.nearMisses) ? v.nearMisses : (bad("nearMisses", "a list expected"), []);
  nearMisses.forEach((n: unknown, i: number) => {
    const where = `nearMisses[${i}]`;
    if (typeof n !== "object" || n === null) return bad(where, "an object expected");
    const o = n as Record<string, unknown>;
    location(where, o);
    if (typeof o.anchor !== "string" || o.anchor.trim().length === 0) bad(where, "anchor: a non-empty string expected");
    if (!NEAR_MISS_CLASSES.includes(o.why as NearMissClass)) bad(where, `why: one of ${NEAR_MISS_CLASSES.join(", ")} expected`);
  });
  return errors;
}
