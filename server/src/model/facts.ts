/**
 * Per-file facts: the plain data one file contributes, before any linking.
 * Produced by `engine/extract.ts` (which runs the detectors of the file's language),
 * cached by content hash, consumed by `engine/link.ts`. No behaviour, no I/O, no LSP types.
 *
 * Conventions: `line` is 1-based, `column` 0-based. Every id in a FileFacts is local to its
 * file; the linker makes global ids as `${path}#${localId}`.
 */

import type { DotnetFacts } from "./dotnetFacts";
import type { CeleryFacts } from "./celeryFacts";
import type { QueueWrapperFacts } from "./queueWrapperFacts";
import type { SuppressionFact } from "./suppression";
import type { AzureSdkFacts } from "./azureSdk";

export interface SourceSpan {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** A statically known value, or how to find it at link time. */
export type ValueExpr =
  | { kind: "string"; value: string }
  | { kind: "number"; value: number }
  /** os.environ["X"], os.environ.get("X", d), os.getenv("X", d), process.env.X ?? d */
  | {
      kind: "env";
      name: string;
      fallback?: ValueExpr;
      /** Go: the variable's name is itself a value (`os.Getenv(key)` with `key` a parameter); `name` is then its text */
      nameExpr?: ValueExpr;
    }
  /** a name, resolved at link time in the file's scope (module constant or import) */
  | { kind: "ref"; name: string }
  /** f-strings, template literals, "+" concatenation */
  | { kind: "concat"; parts: ValueExpr[] }
  /**
   * an application setting, resolved at link time from the configuration files of the code's
   * project (ConfigEntryFact): Spring `@Value("${inventory.url}")` (key "inventory.url"),
   * .NET `configuration["Services:Inventory"]` (key "Services.Inventory"); the fallback is the
   * default written beside it (`${inventory.url:http://localhost}`)
   */
  | {
      kind: "setting";
      key: string;
      fallback?: ValueExpr;
      /**
       * viper (Go): the environment names the key upper-cased after the application's prefix
       * (`SetEnvPrefix("storage")` + `AutomaticEnv()` → `STORAGE_REDIS.MAXRETRIES`; with the common
       * `SetEnvKeyReplacer(".", "_")`, `STORAGE_REDIS_MAXRETRIES`)
       */
      envPrefixed?: true;
      /**
       * Python: a project settings lookup with a default (`getattr(settings, "X", d)`,
       * `get_settings_value("X", d)`, parsing/python.ts): the settings are code, not a file the
       * linker reads, so the value is the default, which the project may override
       */
      projectSetting?: true;
    }
  /**
   * a value to evaluate in another file's scope: a factory call's argument standing for the
   * factory's parameter (`conn := dial(votingHost)` → `host` in `dial`), made by the linker
   */
  | { kind: "bound"; value: ValueExpr; file: string; scopeId: string }
  /**
   * one value or another by whether an environment variable is set (Python `"d" if
   * os.environ.get("X") is None else "." + os.environ.get("X")`): the running service's
   * environment decides
   */
  | {
      kind: "envChoice";
      name: string;
      /** when given, `set` applies when the variable has this value (`os.getenv("ENV") == "prod"`), not merely a value */
      equals?: string;
      set: ValueExpr;
      unset: ValueExpr;
    }
  /** a map literal (`{"name": "http://details:9080", …}`), for `index` */
  | { kind: "map"; entries: Record<string, ValueExpr> }
  /** `details["name"]`: an entry of a map value */
  | { kind: "index"; of: ValueExpr; key: string }
  /**
   * Go: what a call returns, found at link time: a workspace function's `returnValue` with its
   * parameters bound to `args` (`config.GetLocationAddr()`, `EnvDefault("X", "d")`), or a
   * standard-library string function (`strings.ReplaceAll`); `callee` as the call is written
   */
  | { kind: "call"; callee: string; args: ValueExpr[] }
  | { kind: "unknown"; text: string };

/**
 * "proxy-config": NGINX and HAProxy configuration files (reference §4.9, §4.10);
 * "shell": shell scripts, read for the namespaces they label for sidecar injection (§4.1);
 * "properties": Spring Boot `application*.properties` (Resilience4j instances, §3.1)
 */
export type Language = "python" | "typescript" | "yaml" | "json" | "csharp" | "java" | "kotlin" | "go" | "properties" | "proxy-config" | "shell";

export type LayerKind =
  | "tenacity"
  | "backoff"
  | "urllib3-retry"
  | "requests-adapter"
  | "httpx-transport"
  | "retry-loop"
  | "axios-retry"
  /** JS/TS retry libraries (reference §2.2–§2.6, §2.8–§2.10) */
  | "got"
  | "ky"
  | "p-retry"
  | "async-retry"
  | "cockatiel"
  | "fetch-retry"
  | "undici-retry-agent"
  | "undici-retry-interceptor"
  | "grpc-service-config"
  | "polly-retry"
  | "polly-v7-retry"
  | "dotnet-standard-resilience"
  | "efcore-retry"
  /** Polly v8 hedging: extra executions of the same callable (§3.6b) */
  | "polly-hedging"
  /** JVM (reference §3.1–§3.5) */
  | "resilience4j-retry"
  | "spring-retry"
  | "spring-core-retry"
  | "microprofile-retry"
  /** Micronaut @Retryable / @CircuitBreaker (docs/reference/micronaut-retry.md) */
  | "micronaut-retry"
  /** Spring Cloud Stream consumer RetryTemplate (docs/reference/spring-cloud-stream.md) */
  | "spring-cloud-stream-retry"
  | "reactor-retry"
  | "okhttp-retry"
  | "spring-cloud-gateway-retry"
  /** JVM clients (docs/reference/apache-httpclient.md, openfeign.md, spring-ai.md, redis.md): Apache HttpClient retry handlers, Feign Retryer, Spring Cloud LoadBalancer retries, Spring AI's RetryTemplate, Lettuce's re-sent commands */
  | "apache-httpclient-retry"
  | "feign-retryer"
  | "spring-cloud-loadbalancer-retry"
  | "spring-ai-retry"
  /** the JDK HttpURLConnection's one silent re-send (docs/reference/apache-httpclient.md) */
  | "jdk-httpurlconnection"
  /** Go (reference §3.9, §3.10); grpc-go service configs are "grpc-service-config" */
  | "go-retryablehttp"
  | "cenkalti-backoff"
  /** go-grpc-middleware retry interceptors, avast/retry-go, go-resty (docs/reference/go-grpc-middleware.md, retry-go.md, resty.md) */
  | "go-grpc-middleware-retry"
  | "retry-go"
  | "resty-retry"
  /** Envoy Gateway BackendTrafficPolicy `retry` */
  | "envoy-gateway-retry"
  | "envoy-route"
  | "istio-virtualservice"
  | "istio-default"
  /** an ingress-gateway VirtualService route without `retries`: Istio's default policy in the gateway (§4.1) */
  | "istio-gateway-default"
  /** gateways and meshes beyond Istio/Envoy (reference §4.4–§4.15) */
  | "linkerd-serviceprofile"
  | "linkerd-annotation"
  | "traefik-retry"
  /** Gateway API `HTTPRoute` `rules[].retry` (GEP-1731), docs/reference/gateway-api-retry.md */
  | "gateway-api-retry"
  /** AWS App Mesh route `retryPolicy` and App Mesh's default Envoy route retry policy, docs/reference/appmesh.md */
  | "appmesh-retry"
  | "appmesh-default"
  | "kong-service"
  | "ingress-nginx"
  | "kuma-meshretry"
  | "kuma-default"
  | "consul-service-router"
  | "emissary-mapping"
  | "gloo-retries"
  | "nginx-proxy-next-upstream"
  | "haproxy-retries"
  /** AWS SDK clients: boto3/botocore (§1.6), AWS SDK for JavaScript v3 (§2.7) */
  | "aws-sdk"
  | "stamina"
  | "google-api-core"
  /** MongoDB drivers' retryable reads and writes (docs/reference/mongodb.md) */
  | "mongodb-retryable"
  /** MongoDB convenient transaction API: withTransaction re-runs its callback for up to 120 s */
  | "mongodb-with-transaction"
  /** Redis clients' command retries: go-redis MaxRetries, redis-py Retry (docs/reference/redis.md) */
  | "redis-client"
  /** Celery task retries: autoretry_for / self.retry() (docs/reference/celery.md) */
  | "celery-task"
  /** Python job queues beyond Celery: actor/task/job retries (docs/reference/job-queues-python.md) */
  | "dramatiq-actor"
  | "rq-job"
  | "huey-task"
  | "arq-job"
  | "prefect-task"
  | "prefect-flow"
  | "airflow-task"
  | "ray-task"
  /** OpenAI / Anthropic SDK clients (docs/reference/openai-sdk.md) */
  | "openai-sdk"
  | "anthropic-sdk"
  /** LangChain JS models (`new ChatOpenAI(…)`): @langchain/core AsyncCaller, `maxRetries` default 6 (docs/reference/openai-sdk.md) */
  | "langchain-js"
  /** googleapis (Node) API clients (`google.youtube({…})`): gaxios retries on by default, 3 retries of idempotent methods (docs/reference/google-sdks.md) */
  | "googleapis-node"
  /** llama-index OpenAI LLMs and embeddings: their own tenacity retry around the SDK call (docs/reference/openai-sdk.md) */
  | "llama-index"
  /** Vercel AI SDK calls (`generateText`, `streamText`, `embed`, …): `maxRetries` default 2 (docs/reference/vercel-ai-sdk.md) */
  | "vercel-ai-sdk"
  /** Azure SDK clients: Azure.Core / azure-core / core-rest-pipeline / azcore default retries (docs/reference/azure-sdk.md) */
  | "azure-sdk"
  /** Kafka producers' produce retries: kafkajs, kafka-go Writer, sarama, librdkafka (docs/reference/kafka.md) */
  | "kafka-producer"
  /** Kafka consumers: kafkajs `consumer.run` re-running a failed handler, kafka-go Reader fetch attempts (docs/reference/kafka.md) */
  | "kafka-consumer"
  /** Elasticsearch / OpenSearch clients' request retries (docs/reference/elasticsearch.md) */
  | "elasticsearch-client"
  /** Celery's publish of a task message retried on broker connection errors: task_publish_retry(_policy) (docs/reference/celery.md) */
  | "celery-publish-retry"
  /** influxdb-python `InfluxDBClient` request attempts (docs/reference/influxdb.md) */
  | "influxdb-client"
  /** neo4j drivers' managed transactions: re-run on transient errors for 30 s (docs/reference/neo4j.md) */
  | "neo4j-transaction"
  /** Stripe SDK network retries (docs/reference/stripe.md) */
  | "stripe-sdk"
  /** AWS SDK for JavaScript v2 `maxRetries` (docs/reference/retry-semantics.md §2.7b) */
  | "aws-sdk-v2"
  /** AWS SDK for Go v1 `MaxRetries` (retries) / v2 `RetryMaxAttempts` (attempts) (docs/reference/aws-sdk-go.md) */
  | "aws-sdk-go"
  /** AWS SDK for Java 2.x numRetries/maxAttempts and 1.x maxErrorRetry (docs/reference/aws-sdk-java.md) */
  | "aws-sdk-java"
  /** AWS SDK for .NET `MaxErrorRetry` (retries) / `RetryMode` (docs/reference/aws-sdk-dotnet.md) */
  | "aws-sdk-dotnet"
  /** google-api-python-client `execute(num_retries=N)` (docs/reference/google-sdks.md) */
  | "googleapiclient"
  /** Google Cloud client libraries' own retries: google-cloud-storage DEFAULT_RETRY, @google-cloud/* retryOptions (docs/reference/google-sdks.md) */
  | "google-cloud-sdk"
  /** Microsoft Graph / Kiota RetryHandler (docs/reference/msgraph.md) */
  | "msgraph-retry-handler"
  /** Twilio clients' opt-in retries: twilio-node `autoRetry` (429 only), twilio-python TwilioHttpClient(max_retries) (docs/reference/twilio.md) */
  | "twilio-retry"
  /** Firebase / Cloud Functions event-function redelivery: `retry: true`, `failurePolicy` (docs/reference/google-sdks.md) */
  | "firebase-functions-retry"
  /** Temporal activity / workflow retry policies: the activity default is unlimited attempts (docs/reference/temporal.md) */
  | "temporal-retry-policy"
  /** BullMQ / Bull job `attempts` (total attempts), Agenda ≥ 6 `backoff` strategies (docs/reference/bullmq.md) */
  | "bullmq-job"
  | "agenda-job"
  /** a retry helper declared in .retrylens.yaml (`helpers:`) that no detector recognised */
  | "declared-helper";

/**
 * code: wraps a function or a block (decorators, loops, helpers).
 * client: configured on an HTTP client/session object, wraps every request sent through it.
 * mesh: a sidecar retries the hop (explicit route or implicit default).
 * gateway: an edge proxy retries the route into a service.
 */
export type LayerCategory = "code" | "client" | "mesh" | "gateway";

export interface WaitSpec {
  /** none = no sleep between attempts (RL003); fixed/exponential/linear without jitter = RL004 */
  kind: "none" | "fixed" | "exponential" | "linear" | "random" | "custom" | "unknown";
  /** true when the delay has a random component; null when unknown */
  jitter: boolean | null;
  initialSeconds: number | null;
  maxSeconds: number | null;
  source: "config" | "default";
  /** "fixed 0.5 s", "exponential from 0.1 s (×2), max 2 s, full jitter" */
  description: string;
}

/** What makes a layer try again, as far as can be known statically. */
export interface RetryCondition {
  /** retries on every exception / every failure */
  allErrors: boolean;
  /** exception types as written (resolved to dotted names where possible) */
  exceptionTypes: string[];
  /** HTTP statuses retried explicitly */
  statuses: number[];
  /** mesh/gateway retry_on tokens */
  retryOn: string[];
  /**
   * Methods for which the layer may retry after the request may have reached the server
   * (read timeouts, resets, 5xx). "all" = any method; [] = only failures before sending.
   */
  afterSendMethods: "all" | string[];
  /**
   * the layer retries no request of a method afterSendMethods leaves out, not even a failure
   * before sending (got/ky `retry.methods`, §2.2/§2.3): a hop of another method drops the layer
   */
  onlyListedMethods?: true;
  /** retries errors that will not go away (4xx other than 408/425/429, every exception); with why */
  permanentErrors: string | null;
  /** honours Retry-After on 429/503; null = not applicable or unknown */
  honoursRetryAfter: boolean | null;
  description: string;
}

/** How a layer attaches to the code it retries. */
export type LayerAttachment =
  /** a decorator on a function: retries everything the function does */
  | { kind: "function"; functionId: string }
  /** a loop (or tenacity `for attempt in Retrying()`) inside a function: retries the listed calls */
  | {
      kind: "block";
      functionId: string;
      callIds: string[];
      /**
       * the policy is also bound to a module-level name (a FunctionFact holder, as for "object"):
       * calling one of `methods` on that name, in this file or through an import, runs the callable
       * at `paramIndex` under the layer (cockatiel `export const policy = retry(…)`, §2.6)
       */
      holder?: { objectId: string; methods: string[]; paramIndex: number };
    }
  /** a helper whose loop retries the callable passed as parameter `paramIndex`/`paramName` */
  | { kind: "helper"; functionId: string; paramIndex: number; paramName: string }
  /** a policy object configured on a client (see ClientFact.layerIds) */
  | { kind: "client" }
  /**
   * a policy object held by `objectId` (a FunctionFact for the property/field/variable holding it,
   * C# `ResiliencePipeline`): calling one of `methods` on it runs the callable argument at
   * `paramIndex` under the layer (`Pipeline.ExecuteAsync(token => …)`)
   */
  | { kind: "object"; objectId: string; methods: string[]; paramIndex: number }
  /** a mesh or gateway route: see MeshRouteFact */
  | { kind: "route" };

export interface LayerFact {
  localId: string;
  kind: LayerKind;
  category: LayerCategory;
  /** the library or product: "tenacity", "urllib3", "envoy", "istio", "hand-rolled" */
  library: string;
  /** anchor line per DESIGN.md: `@` of a decorator, first line of the policy call, YAML key */
  anchor: SourceSpan;
  /** total attempts (first try + retries); null = no count bound */
  maxAttempts: number | null;
  attemptsSource: "config" | "default";
  /** how maxAttempts was derived: "stop_after_attempt(3)", "num_retries: 2 → 3 attempts" */
  attemptsNote: string;
  /** bounded only by time (stop_after_delay, max_time): softens RL002 */
  timeBound: string | null;
  /** maxAttempts is null because the count is computed or templated, not because nothing bounds it */
  countUnknown?: boolean;
  /**
   * SDK layers the running service's environment can configure where the code did not
   * (AWS_MAX_ATTEMPTS counts attempts, AWS_RETRY_MODE picks a mode's default: §1.6, §2.7);
   * the linker applies the service's manifest values.
   */
  envConfig?: { attemptsVar?: string; modeVar?: string; modeAttempts?: Record<string, number> };
  /**
   * The layer's settings live in application configuration (ConfigEntryFact): Resilience4j
   * `@Retry(name = "inventory")` reads `resilience4j.retry.instances.inventory.*` (§3.1). The
   * fields above hold the library defaults; the linker applies the configured values.
   */
  /**
   * A retry helper whose count comes from a parameter's default (`def with_retries(op, attempts=4)`):
   * a call passing a number literal `n` for that parameter gets `n + offset` attempts there.
   */
  countParam?: { name: string; index: number; offset: number };
  /**
   * The default changed across the library's versions: the linker reads the version the nearest
   * package manifest pins (FileFacts.packageVersions) and takes that version's default; the
   * fields above hold the newest one. Only for layers whose count is the default.
   */
  versionDefaults?: VersionDefaults;
  /**
   * The count is a name the linker resolves (a Go package constant declared in another file:
   * `MaxAttempts: writerMaxAttempts`): evaluated in `scopeId`, attempts = value + `offset`
   * (`nonPositive` attempts when the value is ≤ 0, a library's "0 means the default"); `note`
   * replaces attemptsNote with `$value` and `$attempts` filled in. Used while maxAttempts is null.
   */
  /**
   * A connection a library builds from options the code imports (`new Queue(name, { connection: redisConnection })`,
   * docs/reference/redis.md "ioredis built by libraries"): the linker resolves `name` in `scopeId` — a client
   * of its own (an IORedis instance, used as given) disables the layer; `<name>.maxRetriesPerRequest`, a
   * constant, sets its count (engine/libraryConnections.ts).
   */
  connectionRef?: { name: string; scopeId: string };
  countExpr?: {
    value: ValueExpr;
    scopeId: string;
    offset: number;
    nonPositive?: number;
    /** attempts when the value is 0, where 0 means the library's default (go-redis `MaxRetries: 0` → 3 retries) */
    zero?: number;
    note: string;
    /**
     * the value is looked up even though maxAttempts is set: maxAttempts is the library's default
     * for when the value is absent (an Airflow `default_args` dict of another module without `retries`)
     */
    unresolvedKeepsCount?: boolean;
  };
  /**
   * The numbers depend on a version the build pins, whatever the count's source (engine/versionGates.ts):
   * - "go": the governing go.mod's `require` (resty v2.0–v2.2 counted `SetRetryCount(n)` as n
   *   attempts, v2.3.0+ as n retries);
   * - "maven": the nearest pom.xml / Gradle build / version catalog (FileFacts.jvmBuild; grpc-java
   *   before 1.40 left retries off unless `enableRetry()`).
   * Below `below`, `maxAttempts` and `note` (`$version` = the pin and where) replace the layer's;
   * at or above `from`, the count grows by `addAttempts` and `note` replaces the layer's (Spring AI
   * 2.0 passes the same setting to a retries count); otherwise, or without either, `assumed` in the
   * note becomes the pinned version.
   */
  versionGate?: { ecosystem: "go" | "maven"; module: string; below?: string; maxAttempts?: number | null; from?: string; addAttempts?: number; note: string; assumed: string };
  configRef?:
    | { library: "resilience4j"; instance: string }
    /** Spring AI's auto-configured RetryTemplate: `spring.ai.retry.*` of the code's project (docs/reference/spring-ai.md) */
    | { library: "spring-ai" }
    /**
     * Spring Cloud LoadBalancer retries of a client resolved by service name: `spring.cloud.loadbalancer.
     * [clients.<serviceId>.]retry.*` and spring-retry on the classpath (engine/springCloudLoadBalancerConfig.ts);
     * `otherCallIds`: the client's non-GET calls, retried only with retry-on-all-operations
     */
    | { library: "spring-cloud-loadbalancer"; serviceId: string; otherCallIds: string[] }
    /**
     * .NET: Polly `MaxRetryAttempts` (retries) read from configuration — `config.GetValue<int>("k")`,
     * or the `Retry:MaxRetryAttempts` of a section bound to the options
     * (`AddStandardResilienceHandler(config.GetSection("Inventory:Resilience"))`); `fallbackRetries`
     * applies when no settings file or environment variable sets the key.
     */
    | {
        library: "dotnet";
        retriesKey: string | null;
        fallbackRetries: number | null;
        /**
         * the count as written when it is a name: a constant (`MaxRetries`) or an options-class
         * property read through a typed variable (`RetryOptions.Count`, whose class default is
         * `= 3`), resolved at link time in `scopeId` (engine/dotnetSettings.ts)
         */
        fallbackRef?: { name: string; scopeId: string };
        /** fallbackRetries is this parameter's default (`int retryCount = 3`), not what the file's calls pass */
        defaultOf?: string;
      };
  /**
   * Helm templates: the count was templated (`retries: {{ .Values.kong.retries | default 5 }}`);
   * maxAttempts is null until the linker reads `key` from the chart's values.yaml (or `fallback`,
   * the `default` literal): attempts = value + `offset` (the detector's retries→attempts step).
   */
  helmValue?: { chartDir: string; key: string; offset: number; fallback: number | null; expression: string };
  /**
   * Spring Cloud Stream: the binding whose consumer the layer re-runs (`messageProcessor-in-0`;
   * "" = every binding, `spring.cloud.stream.default.consumer`); the linker wraps the consumer
   * function the binding names (engine/cloudStream.ts).
   */
  streamBinding?: string;
  /**
   * spring-kafka: the bean name of the listener container factory whose error handler the layer is;
   * the linker wraps the `@KafkaListener` methods that name it (`containerFactory`, else the
   * default `kafkaListenerContainerFactory`) in the same service (engine/springKafkaListeners.ts).
   * `autoFor`: a layer for the factory Spring Boot auto-configures, anchored on one listener, dropped
   * when the service declares its own `kafkaListenerContainerFactory` bean or an error-handler bean;
   * `handlerBean`: a `@Bean` error handler, which that auto-configured factory uses.
   */
  kafkaContainerFactory?: { bean: string; autoFor?: string; handlerBean?: boolean };
  wait: WaitSpec;
  condition: RetryCondition;
  /** description of a retry budget / token bucket capping this layer, or null */
  budget: string | null;
  perTryTimeoutSeconds: number | null;
  /** overall timeout covering all attempts (route timeout, deadline), when known */
  overallTimeoutSeconds: number | null;
  attach: LayerAttachment;
  /** short name used in chains: "reserve_stock", "session", "route /checkout" */
  label: string;
  /**
   * An off-path layer: a real retry on no request path (a connect-at-boot loop, a migration or
   * fixture load at startup), with why it is off the path. Reported with it, never multiplied into
   * request paths (docs/design.md vocabulary).
   */
  offPath?: string;
}

export interface ImportFact {
  /** the name bound in this file */
  local: string;
  /** module as written ("platform.http", "./ordersClient.js", ".http") */
  module: string;
  /** imported member; null for `import x` / namespace imports / default imports */
  member: string | null;
  isDefault?: boolean;
}

export interface FunctionFact {
  /** local id: qualified name within the file ("reserve_stock", "Client.get", "reserve_stock.send") */
  id: string;
  name: string;
  span: SourceSpan;
  params: string[];
  /**
   * Python: the function's bare decorators as written (`retry`, `utils.retry`), outermost first:
   * a workspace function retrying the callable it is given (a helper layer) wraps every call of it
   */
  decoratedBy?: string[];
  /**
   * TS/JS: a class method's decorators as written, the factory's name for a call (`Plug` for
   * `@Plug({ … })`, `Tool` for `@Tool`): a workspace decorator records the method under its name
   * for a lookup at run time, which a computed call `provider[name](…)` makes (engine/tsDispatch.ts)
   */
  tsDecorators?: string[];
  /** parameter defaults that are literals: max_attempts=3 */
  paramDefaults: Record<string, ValueExpr>;
  /** exported / module-level (reachable by import) */
  topLevel: boolean;
  /** framework route handler (entry point): `@app.post("/x")`, `app.get("/x", ...)` */
  handler: {
    method: string | null;
    route: string | null;
    /** a job-queue task (method "TASK"): the queue library whose worker runs it; "celery" when unset (engine/jobQueues.ts) */
    library?: string;
    /** Bull: the job name a named processor takes (`@Process({ name })`, `queue.process(name, fn)`); other jobs of the queue never reach it */
    job?: string;
  } | null;
  /**
   * TS/JS: registered to run once per message a consumer receives (`channel.consume(queue, onMessage)`,
   * detectors/typescript/messageHandlers.ts): what it sends continues no request into the service
   */
  messageHandler?: true;
  /** the function body raises on HTTP error statuses (raise_for_status) */
  raisesOnStatus: boolean;
  /** if the function returns a client built inside it: that ClientFact id (session factories) */
  returnsClientId: string | null;
  /**
   * TS/JS: the function returns an object literal whose members are functions of this file
   * (`return { async get(url) { … }, post }`): member name → function id. A method called on what
   * the function returns runs that function (engine/link.ts factory objects).
   */
  returnsMethods?: Record<string, string>;
  /**
   * TS/JS: the one named type the function returns, as written in its file (its annotation, else what all its returns have);
   * Python: its return annotation as written (`-> TantivyBackend`, `-> "WriteBatch"`; `Optional[X]` → `X`)
   */
  returnType?: string;
  /**
   * Go: the value the function returns, where its returns give one (its only non-empty return, or
   * an environment variable read with another return as its fallback: `if v := os.Getenv(k); v !=
   * "" { return v }; return def`); parameters are referenced in its scope (`EnvDefault.def`)
   */
  returnValue?: ValueExpr;
  /**
   * Go: one type per parameter, unnamed ones included, package qualifiers dropped (`*Location`, `Context`), for interface dispatch;
   * Python: the annotation of each parameter as written (`BaseWhisper`, `base.BaseWhisper`; `Optional[X]`/`X | None` → `X`), "" when none
   */
  paramTypes?: string[];
  /**
   * Python: local names the body binds only to other names (`s3 = s3_govcloud` / `s3 =
   * s3_commercial` in two branches): a call through the local is a call through each of them
   * (engine/link.ts)
   */
  localAliases?: Record<string, string[]>;
  /**
   * TS/JS: locals the body binds to a new instance of a class (`const useCase = new FindBoxUseCase()`):
   * local → the class as written, so `useCase.execute()` resolves to `FindBoxUseCase.execute` (engine/resolve.ts)
   */
  localInstances?: Record<string, string>;
}

export interface CallArg {
  /** keyword name; null for positional */
  keyword: string | null;
  /** identifier text when the argument is a plain name or dotted name */
  name: string | null;
  /** the value when the argument is a number literal (a retry helper's count at its call site) */
  number?: number;
  /** the value when the argument is a `true`/`false` literal (a C# enabling flag at its call site) */
  bool?: boolean;
  /** the value when the argument is a string literal (a C# helper's base address at its call site) */
  text?: string;
  /** C#: the argument is a lambda returning a Task (`async () => …`): a synchronous policy given it never sees its failure */
  task?: true;
  /**
   * the argument's value when it is known statically (a literal, an env read, a constant, a
   * concatenation): what the called function's parameter holds for URLs built from it (Go)
   */
  value?: ValueExpr;
}

export interface CallFact {
  id: string;
  span: SourceSpan;
  /** enclosing function id; "<module>" for top-level code */
  functionId: string;
  /** callee as written: "session.post", "reserve_stock", "requests.get", "orders.post" */
  callee: string;
  args: CallArg[];
  /**
   * Set when the call may send a request: an HTTP verb on some receiver, a library request
   * function, or a database/driver connect. The linker decides whether the receiver is a client.
   */
  request?: RequestFact;
  /** C#: the generic method's type arguments as written (`AddHttpServiceReference<CatalogClient>(…)` → CatalogClient) */
  typeArgs?: string[];
  /**
   * The call runs the callable passed as this positional argument (`Retrying(...)(fn, x)`,
   * `retryer(fn)`): the linker follows the argument as if it were called here.
   */
  invokesArg?: number;
  /**
   * Go: the call only declares its arguments for a code generator (google/wire `wire.Build(NewConn)`,
   * `wire.NewSet(…)`): no function passed to it runs from here or is handed to anyone at run time
   */
  declaresOnly?: true;
  /**
   * TS/JS: the type the call's receiver is declared with, as written in the file
   * (`DataProviderInterface` for `provider.getHistorical()` where `provider` comes from a field
   * typed `DataProviderInterface[]`; detectors/typescript/declaredTypes.ts): a call on an interface
   * or abstract class runs its implementations' method (engine/tsDispatch.ts)
   */
  receiverType?: string;
  /**
   * TS/JS: the receiver is what another call returns, a method or function of another file
   * (`const provider = this.manager.getProvider(id); provider.post()` → `this.manager.getProvider`,
   * named in the call's scope): its declared return type (FunctionFact.returnType), read at link
   * time, is the receiver's type (engine/tsDispatch.ts)
   */
  receiverFrom?: string;
  /**
   * Python: the call's result is entered as a context manager (`with get_backend().batch_update() as
   * batch:`): its class's `__enter__` and `__exit__` run there (engine/pythonDispatch.ts)
   */
  entersContext?: true;
}

export interface RequestFact {
  /** "GET", "POST", …; null when dynamic */
  method: string | null;
  /** the URL/DSN/path argument */
  url: ValueExpr | null;
  /** "http" for HTTP clients, "db" for database drivers, "queue" for a task sent to a worker (Celery) */
  protocol: "http" | "grpc" | "db" | "queue";
  /** true: an Idempotency-Key header is set; false: no such header; null: headers not literal */
  idempotencyKey: boolean | null;
  timeoutSeconds: number | null;
  /** a timeout is passed, even when its value is not a literal (then timeoutSeconds is null) */
  timeoutSet?: boolean;
  /** library that sends it when called on a module directly ("requests", "httpx", "psycopg", "fetch") */
  library: string | null;
  /**
   * the request's own `prefixUrl` option (ky, got), which replaces the instance's: `''` sends
   * the URL as written (`api.post("https://other/x", { prefixUrl: "" })`)
   */
  prefixUrl?: ValueExpr;
  /**
   * C# Refit: a call of interface `iface`'s `member` on a `RestService.For<iface>(httpClient)`
   * client; the linker takes the method and URL from the member's attribute (DotnetFacts.refitRoutes)
   */
  refit?: { iface: string; member: string };
}

/** ClientFact name prefix of a queue registered by name, found by the sends of every file (engine/queues/bullmq.ts). */
export const REGISTERED_QUEUE = "@queue:";

export interface ClientFact {
  id: string;
  /**
   * the variable the client is bound to ("session", "self.session", "orders"); "" for a returned client;
   * `${REGISTERED_QUEUE}<queue name>` for a queue a framework registers by name (NestJS BullModule.registerQueue)
   */
  name: string;
  functionId: string;
  span: SourceSpan;
  /** "requests.Session", "httpx.Client", "axios", "urllib3.PoolManager" */
  library: string;
  baseUrl: ValueExpr | null;
  /** retry layers configured on this client (local layer ids) */
  layerIds: string[];
  /** the client is built by calling a factory (resolved at link time): `make_session()` */
  fromCall: string | null;
  /**
   * the factory call's positional arguments, so a client the factory builds from its parameters
   * (`func dial(host string) *grpc.ClientConn { return grpc.Dial(host) }`) gets this call's values
   */
  fromCallArgs?: ValueExpr[];
  /**
   * a client built on another one, named in the same scope: a gRPC stub on its conn
   * (`pb.NewVotingServiceClient(conn)`), which takes the conn's target and layers
   */
  onClient?: string;
  /** built inside a function that runs per call (RL012 material) */
  perCall: boolean;
  /** the client keeps retry state across calls (token bucket / quota) */
  hasRetryQuota: boolean;
  timeoutSeconds: number | null;
  /** a default timeout is configured on the client, even when its value is not a literal */
  timeoutSet?: boolean;
  /**
   * SDK clients (AWS): every method call on the client sends a request (`dynamodb.put_item(…)`,
   * `client.send(cmd)`) except the listed local helpers; `target` names the endpoint ("aws://dynamodb").
   */
  /** `protocol`: a non-HTTP wire (Kafka "queue", a database driver "db"): no mesh HTTP retry applies to the hop */
  sdk?: { target: string; notSending: string[]; protocol?: "db" | "queue" };
  /**
   * C# HttpClient registration (`services.AddHttpClient<InventoryClient>().AddStandardResilienceHandler()`):
   * its layers and base address apply to the HttpClient injected into that class (a type name,
   * resolved at link time), or to every HttpClient of the service for "*" (`ConfigureHttpClientDefaults`).
   */
  typedClient?: string;
  /**
   * gRPC clients: the proto service the stub calls (`OrderService` for grpc-go
   * `pb.NewOrderServiceClient(conn)`, grpc-js `new proto.orders.OrderService(addr, creds)`), so a
   * service-config `.json` file naming that service can apply to it (§3.11).
   */
  grpcService?: string;
  /**
   * C#: a client the HttpClient factory builds (Grpc.Net.ClientFactory `AddGrpcClient<T>()`): the
   * service's `ConfigureHttpClientDefaults` handlers wrap its calls, outside its own handlers.
   */
  httpFactory?: boolean;
  /**
   * The client is the process-wide default of its library (undici `setGlobalDispatcher(agent)`:
   * Node's `fetch` and undici's `request` use it): its layers apply to those requests in every
   * file of the service (the linker skips the client's own file, whose calls its layer lists).
   */
  processWide?: boolean;
  /**
   * C# named HttpClient: the name of the registration it belongs to. On a registration fact
   * (`AddHttpClient("inventory", …)`, name ""; `typedClient` too for `AddHttpClient<T>("n")`) and on the HttpClient an
   * `IHttpClientFactory.CreateClient("inventory")` returns; the linker joins them by the value.
   */
  httpClientName?: ValueExpr;
  /**
   * Go: a parameter typed as a library's client (`db *mongo.Client`, `rdb redis.UniversalClient`),
   * or a field/variable that copies or derives from one: the client is built elsewhere and handed
   * in. The value is the parameter as the detector names it (`NewRepository.db`); the linker
   * follows it to what the function's callers pass (engine/resolveGo.ts parameterClients).
   */
  fromParam?: string;
  /**
   * TS/JS: a wrapper object that runs one function of this file when one of `runsOn` is called on
   * it (opossum `new CircuitBreaker(action)`: `breaker.fire(...args)` calls `action(...args)`).
   */
  runs?: { fnId: string; runsOn: string[] };
}

/** A module-level constant: NAME = "literal" / env lookup. */
export interface ConstantFact {
  name: string;
  value: ValueExpr;
  line: number;
}

/**
 * One entry of an application configuration file (Spring `application.yml`/`.properties`,
 * .NET `appsettings.json`), flattened to a dotted key: `resilience4j.retry.instances.inventory.max-attempts`,
 * `Services.Inventory.BaseAddress`. It applies to the code under `projectDir` (see engine/configEntries.ts).
 */
export interface ConfigEntryFact {
  key: string;
  /** scalar value as written (numbers and booleans as text); `${…}` placeholders kept */
  value: string;
  line: number;
  /** Spring profile (`application-prod.yml`, `spring.config.activate.on-profile`) or .NET environment (`appsettings.Production.json`); null = base file */
  profile: string | null;
  /** folder whose code the file configures, relative to the workspace ('' = root) */
  projectDir: string;
}

/**
 * A kustomization file (kubectl.docs.kubernetes.io/references/kustomize/kustomization/): the files
 * and directories it builds from, the components it applies, its patches and namespace transformer.
 * References are written relative to the file's folder; remote ones are listed apart (remoteResources).
 */
export interface KustomizationFact {
  /** `kind: Component` (kustomize.config.k8s.io/v1alpha1): applied by other kustomizations only */
  component: boolean;
  /** `namespace:`: every object of the build gets this namespace */
  namespace: string | null;
  /** `resources:` (and the deprecated `bases:`): files or directories holding another kustomization */
  resources: Array<{ ref: string; line: number }>;
  components: Array<{ ref: string; line: number }>;
  /** `patches:`, `patchesStrategicMerge:`, `patchesJson6902:` entries that name a file */
  patches: Array<{ ref: string; line: number; target: KustomizePatchTarget | null }>;
  /**
   * remote `resources:`/`bases:` (`github.com/org/repo/kustomize/base?ref=main`, URLs): objects the
   * build deploys that the workspace does not hold (engine/meshHops.ts remoteBaseDefaults)
   */
  remoteResources?: Array<{ ref: string; line: number }>;
}

/** A patch's target selector: kind, name and namespace (anchored regular expressions), group/version. */
export interface KustomizePatchTarget {
  group: string | null;
  version: string | null;
  kind: string | null;
  name: string | null;
  namespace: string | null;
  labelSelector: string | null;
}

/** One document's object: `apiVersion`, `kind`, `metadata.name`/`namespace`, lines it spans (1-based, inclusive). */
export interface K8sObjectFact {
  apiVersion: string;
  kind: string;
  name: string | null;
  namespace: string | null;
  line: number;
  endLine: number;
}

/** Kubernetes workload, Service, Namespace; compose service; package manifest. */
export interface WorkloadFact {
  kind: "k8s-workload" | "k8s-service" | "compose-service" | "package";
  name: string;
  namespace: string | null;
  span: SourceSpan;
  /** container/service environment variables with literal values */
  env: Record<string, string>;
  /** pod labels (k8s) */
  labels: Record<string, string>;
  /** sidecar injection set on the workload itself: true/false, with the line that says so */
  sidecarInjection: { enabled: boolean; line: number } | null;
  /** folder the workload's code lives in, relative to the workspace (compose build context, package dir) */
  codeDir: string | null;
  /** k8s Service selector, to tie a Service to its workload */
  selector: Record<string, string>;
  /**
   * the names of the container images it runs, without registry and tag
   * (`docker.l5d.io/buoyantio/emojivoto-web:v11` → `emojivoto-web`): the folder holding the code
   * of an image of that name belongs to this workload
   */
  images?: string[];
  /**
   * k8s: the image references whose tag names a flavour, as written (engine/services.ts adds those
   * a chart template writes, once values.yaml fills them in): `go-srv-a:2.2.0-grpc` runs the project
   * `go-srv-a-grpc` (detectors/yaml/kubernetes.ts imageFlavour)
   */
  imageRefs?: string[];
  /**
   * k8s: environment variables taken from ConfigMaps: every key of `envFrom[].configMapRef`
   * (in order), and `env[].valueFrom.configMapKeyRef` per variable (engine/services.ts fills them
   * in from the workspace's ConfigMaps; a literal `env[].value` wins, as in Kubernetes)
   */
  configMapEnv?: { from: string[]; keys: Record<string, { configMap: string; key: string }> };
  /**
   * compose: the name of the image a service runs without building it (`minghsu0107/random-chat-api:kafka`
   * → `random-chat-api`): services running one image with different commands are one program's parts
   * (engine/services.ts argumentClaims)
   */
  composeImage?: string;
  /** compose: `deploy.replicas` (or `scale`), the containers answering to the service's name */
  replicas?: number;
  /** compose: workspace files the service bind-mounts (`./nginx.conf:/etc/nginx/nginx.conf`) */
  mounts?: string[];
  /** compose: the host ports it publishes (`ports: ["8060:8060"]`, `{published: 80}`): the machine's port P is this service */
  publishedPorts?: number[];
  /**
   * the commands its containers run, one string each (compose `entrypoint` + `command`, k8s
   * `command` + `args`), when written: `celery -A proj worker -l info` makes it a Celery worker
   * (engine/jobQueues.ts, engine/queues/celery.ts)
   */
  commands?: string[];
}

export interface NamespaceFact {
  name: string;
  span: SourceSpan;
  /** istio-injection: enabled / istio.io/rev: … on the namespace, with the label's line */
  sidecarInjection: { enabled: boolean; line: number } | null;
}

/**
 * A route in a mesh or gateway config: the hop it governs and the retry layer on it.
 * Istio VirtualService http routes; Envoy static-config routes.
 */
/** One NGINX `proxy_pass` location, as detectors/config/nginx.ts read it. */
export interface NginxRouteInfo {
  /** the hosts whose addresses are the peers: the upstream's `server` hosts, or the proxy_pass host */
  hosts: string[];
  /** the upstream block proxy_pass names, null for a plain host */
  upstream: string | null;
  /** `proxy_next_upstream` arguments in force (null: the default `error timeout`) */
  nextUpstream: string[] | null;
  /** `proxy_next_upstream_tries` in force, null when unset */
  tries: number | null;
  /** a retry directive is written */
  written: boolean;
  /** the layer's anchor: the tries or next_upstream directive in force, else proxy_pass */
  anchor: SourceSpan;
  location: string | null;
  /** the proxy_pass host as written */
  target: string;
}

export interface MeshRouteFact {
  /** "istio" | "envoy" */
  product: string;
  /**
   * the requests the route is for, when its config says (a Linkerd ServiceProfile route's
   * `condition`: method and a path regex over the whole path; gRPC paths are
   * `/<package>.<Service>/<Method>`): the linker applies its layer only to calls that can match
   */
  condition?: { method: string | null; pathRegex: string | null };
  /** hosts the route applies to (Istio VirtualService hosts) */
  hosts: string[];
  /** destination hosts or upstream addresses */
  destinations: string[];
  /** edge gateway route (Envoy listener, Istio VS bound to a gateway) vs mesh-internal */
  edge: boolean;
  /** gateway identity for edge routes: "envoy:deploy/gateway/envoy.yaml" */
  gateway: string | null;
  namespace: string | null;
  match: string | null;
  span: SourceSpan;
  /** local id of the LayerFact for this route's retries (may be a disabled layer) or null when the route sets no retries */
  layerId: string | null;
  /**
   * further layers that wrap this route's layer on the same gateway, outermost first: a Spring
   * Cloud Gateway `default-filters` Retry around a route's own Retry (§3.3)
   */
  outerLayerIds?: string[];
  /**
   * The route exists only where the workspace holds this object (a class-less Ingress is an
   * ingress-nginx route only where NGINX is the default class); otherwise the linker drops it
   * and its layer.
   */
  onlyWith?: GatewayRef;
  /**
   * The destination as written, with `${NAME:default}` placeholders unresolved (Spring Cloud
   * Gateway `uri: ${CATALOG_URL:http://localhost:9001}`): the linker resolves it against the
   * gateway service's environment (its Deployment or compose env), which wins over the default.
   */
  destinationTemplate?: string;
  timeoutSeconds: number | null;
  /**
   * Gateway objects defined elsewhere (maybe another file) that give this route its retries:
   * a Traefik Middleware, the Kong Service of a backend, the ingress-nginx ConfigMap, the
   * Emissary `ambassador` Module. The first one found replaces `layerId` (engine/gatewayLinks.ts).
   */
  configRefs?: GatewayRef[];
  /** NGINX: what the route's retry count depends on, so the linker can recount it when a host's addresses are known (engine/composePeers.ts) */
  nginx?: NginxRouteInfo;
}

/** A reference by kind and name to a GatewayObjectFact ("" name = any object of the kind). */
export interface GatewayRef {
  kind: GatewayObjectKind;
  name: string;
  namespace: string | null;
  /**
   * Settings the referring route writes itself, merged over the object's `settings` instead of
   * taking its layer (an Ingress's own ingress-nginx annotations over the controller ConfigMap).
   */
  settings?: Record<string, string>;
}

export type GatewayObjectKind =
  | "traefik-middleware"
  | "kong-service"
  | "kong-ingress"
  | "ingress-nginx-configmap"
  | "emissary-module"
  | "httproute"
  | "envoy-gateway-policy"
  /** Kuma builtin gateway (`MeshGateway`) and the `MeshHTTPRoute`s that target it */
  | "kuma-gateway"
  | "kuma-gateway-route"
  /** a Gateway API Gateway of `gatewayClassName: istio`: Istio serves the routes attached to it (§4.1) */
  | "istio-gateway-api"
  /** any Gateway API Gateway (its class in settings.class) and GatewayClass (settings.controller): which controller serves a route's retry */
  | "gateway-api-gateway"
  | "gateway-api-class"
  /** one HTTPRoute rule with `retry` (GEP-1731): its layer, backends and parent Gateways */
  | "httproute-retry"
  /** a Gateway API Gateway served by the Kong Ingress Controller (class `kong`, or a GatewayClass of `konghq.com/kic-gateway-controller`) */
  | "kong-gateway"
  /** a Traefik static configuration's entry point with `http.middlewares` (refs: those middlewares), for every router on it */
  | "traefik-entrypoint"
  /** App Mesh objects (appmesh.k8s.aws): VirtualService → VirtualRouter / VirtualNode, VirtualNode → its DNS host */
  | "appmesh-virtual-service"
  | "appmesh-virtual-router"
  | "appmesh-virtual-node"
  /**
   * the NGINX controller serves Ingresses without a class: an IngressClass for
   * `k8s.io/ingress-nginx` marked `ingressclass.kubernetes.io/is-default-class`, or a controller
   * started with `--watch-ingress-without-class=true`
   */
  | "ingress-nginx-default-class";

/**
 * A gateway object other files refer to by name (Traefik Middleware, KongIngress, a Kong-annotated
 * k8s Service, the ingress-nginx ConfigMap, the Emissary Module, a Gateway API HTTPRoute/GRPCRoute,
 * an Envoy Gateway BackendTrafficPolicy); resolved at link time by engine/gatewayLinks.ts.
 */
export interface GatewayObjectFact {
  kind: GatewayObjectKind;
  name: string;
  namespace: string | null;
  span: SourceSpan;
  /** the retry layer the object carries (local id), if any */
  layerId: string | null;
  /** objects it points at: a Service's `konghq.com/override`, a policy's targetRefs */
  refs: GatewayRef[];
  /** HTTPRoute/GRPCRoute: backendRefs service names; parents: parentRefs Gateway names */
  destinations: string[];
  parents: string[];
  match: string | null;
  /** retry settings as written (ingress-nginx ConfigMap keys), for routes that merge their own over them */
  settings?: Record<string, string>;
}

/** An Envoy cluster: name → upstream addresses, and its retry budget. */
export interface ClusterFact {
  name: string;
  addresses: string[];
  span: SourceSpan;
  retryBudget: string | null;
  maxRetries: number | null;
}

/**
 * C#: a type standing for another at run time, so a call through an interface reaches the
 * implementation: a class's base list (`class InventoryClient : IInventoryClient`) or a DI
 * registration (`AddScoped<IInventoryClient, InventoryClient>()`, `AddHttpClient<I, C>()`).
 * Names as written, resolved at link time in `scopeId`.
 */
export interface CsImplementationFact {
  iface: string;
  impl: string;
  scopeId: string;
  line: number;
  source: "base-list" | "registration";
}

/**
 * tsconfig.json / jsconfig.json module resolution settings as written; paths are relative to the
 * file's folder, `extends` is followed by the linker (engine/tsPaths.ts). null = not set here.
 */
export interface TsConfigFact {
  extends: string[];
  baseUrl: string | null;
  paths: Record<string, string[]> | null;
  include: string[] | null;
  exclude: string[] | null;
  files: string[] | null;
}

export interface ProblemFact {
  line: number;
  message: string;
}

/**
 * A call that sends a job-queue task as its detector read it (Temporal `workflow.execute_activity(fn,
 * retry_policy=…)`, a name `proxyActivities(…)` returned, BullMQ `queue.add(…)`): the queue adapter
 * (engine/queues/) finds the task and adds `layerIds` to the send.
 */
export interface QueueSendFact {
  library: string;
  /** the callee as written (`workflow.execute_activity`, `greet`, `emails.add`) */
  callee: string;
  /** the call's line; null: every call of `callee` in `scopeId` (a name bound to a proxy) */
  line: number | null;
  /** where `callee` is bound or called: a function id or "<module>" */
  scopeId: string;
  /** the task by its registered name, when written as a string */
  taskName: string | null;
  /** an expression naming the task function, resolved from `scopeId` (`compose_greeting`, `activities.greet`) */
  taskRef: string | null;
  /** local ids of the layers the send adds (the call site's retry policy) */
  layerIds: string[];
  /**
   * Bull/BullMQ: the job options are (or spread) these names, resolved from `scopeId` at link time
   * to a job-options constant's layer (`{ ...GATHER_JOB_OPTIONS, jobId }`, an imported constant); the
   * last one that sets attempts applies
   */
  optionRefs?: string[];
  /** Bull/BullMQ: the job's name, when written (a literal or an imported constant as `$NAME`) */
  jobName?: string;
  /** Bull/BullMQ: the options come from a parameter of the enclosing function (`addJob({ name, data, opts })` wraps `queue.add(name, data, opts)`) */
  optionsFromParam?: true;
  /**
   * Bull/BullMQ: a call that hands job-shaped objects (`{ name, data, opts }`) to a function of the
   * workspace; the linker treats it as a send when that function sends them (`optionsFromParam`)
   */
  viaWrapper?: true;
}

/** A default that changed across a library's versions (LayerFact.versionDefaults). */
export interface VersionDefaults {
  /** the package as its manifest names it ("stripe", "aws-sdk") */
  package: string;
  /**
   * where the pin is read: npm (default) — the nearest package.json; "pypi" — the Python pins
   * (FileFacts.pythonPins: requirements*.txt, pyproject.toml, uv.lock, poetry.lock, Pipfile(.lock));
   * "nuget" — the nearest .csproj or Directory.Packages.props (detectors/csharp/projectFile.ts)
   */
  ecosystem?: "npm" | "pypi" | "nuget" | "maven";
  /**
   * the major version whose default the detector wrote, when it is not the newest (AWSSDK v3's
   * Legacy mode, most projects' pin): said in the note when nothing pins the package
   */
  assumedMajor?: number;
  /**
   * each default with the first major version it applies from (and its wait, when that changed
   * too); "maven" entries may start within a major (`fromVersion` "2.1" for kafka-clients 2.1).
   * A null count keeps the layer unbounded by count (kafka-clients ≥ 2.1: time-bounded).
   */
  byMajor: Array<{ fromMajor: number; fromVersion?: string; maxAttempts: number | null; note: string; wait?: LayerFact["wait"] }>;
  /**
   * "maven": where the version comes from when the build names no version of `package` itself —
   * a dependency-management property (Spring Boot's `kafka.version`, honoured when Spring Boot
   * manages the build), then the version another pinned package brings (`impliedBy`, first match:
   * spring-kafka 2.2 → kafka-clients 2.0.1; each table entry applies from its `from` version).
   */
  managed?: { property?: string; impliedBy?: Array<{ package: string; versions: Array<{ from: string; version: string; text?: string }> }> };
}

/**
 * pom.xml, Gradle builds (build.gradle, build.gradle.kts, gradle.properties) and version catalogs
 * (gradle/libs.versions.toml): the versions they pin, for LayerFact.versionDefaults / versionGate
 * with ecosystem "maven" (detectors/build/, engine/jvmVersions.ts).
 */
export interface JvmBuildFacts {
  /**
   * "group:artifact" → the version as written (`2.0.1`, `${kafka.version}`, `$grpcVersion`, a range
   * `[2.0,3.0)`), with 1-based line. Family keys too: "io.grpc", "software.amazon.awssdk" and "org.springframework.ai" (any
   * artifact of the group: their artifacts release together), "org.springframework.boot" (the
   * starter parent, the dependencies BOM, the Gradle plugin).
   */
  versions: Record<string, { version: string; line: number }>;
  /**
   * "group:artifact" of every dependency the build declares, versioned or not (Maven `<dependencies>`,
   * not dependencyManagement; every Gradle dependency notation): what is on the classpath
   */
  dependencies: string[];
  /** build properties: Maven `<properties>`, Gradle `ext`/`extra`/`def`/`val`, gradle.properties */
  properties: Record<string, { value: string; line: number }>;
  /** a version catalog applies to the build whose `gradle/` folder holds it: its folder's parent */
  appliesToParent?: boolean;
}

/** A Python package's pin in one manifest or lock file (FileFacts.pythonPins). */
export interface PythonPin {
  /** the PEP 440 / Poetry specifier as written (`>=4.2,<6`, `^5.0`, `*`); a lock file's version as `==8.1.0` */
  spec: string;
  /** 1-based line of the pin */
  line: number;
  /** read from a lock file (uv.lock, poetry.lock, Pipfile.lock): the version installed, transitive ones included */
  locked?: boolean;
}

/**
 * Java/Kotlin HTTP interfaces across files: a declarative client (Micronaut `@Client`, Spring
 * `@FeignClient`) extending an API interface sends the requests the API's methods declare, and a
 * controller implementing it serves them (detectors/java/httpInterfaces.ts, engine/jvmHttpInheritance.ts).
 */
export interface JvmHttpFacts {
  /** interfaces with routes on abstract methods: type id → the type's own route prefix and its routes by method name */
  routes?: Record<string, { prefix: string; methods: Record<string, JvmDeclaredRoute> }>;
  /** declarative clients with supertypes: where the methods they inherit send */
  clients?: JvmInheritingClient[];
  /** controllers with supertypes: the class's route prefix ("" when none), for methods whose route an interface declares */
  controllers?: Array<{ typeId: string; prefix: string }>;
}

export interface JvmDeclaredRoute {
  /** "GET", …; null when the mapping names no method */
  method: string | null;
  /** the method's own URI (`/{code}`; "" for none) */
  uri: string;
  /** an Idempotency-Key header parameter */
  idempotencyKey: boolean;
}

export interface JvmInheritingClient {
  typeId: string;
  name: string;
  span: SourceSpan;
  /** the request base: the `@Client` URL or `http://<service id>`, the `@FeignClient` url or `http://<name>` */
  base: ValueExpr;
  /** the client's `path` */
  prefix: string;
  /** RequestFact.library of its requests */
  library: string;
  /** methods with a verb of their own: never inherited */
  own: string[];
  /** overrides without a verb → the request call the detector made for it (method and URI unknown) */
  overrides: Record<string, string>;
}

export interface FileFacts {
  path: string;
  language: Language;
  /** dotted module name for Python ("platform.http"); null elsewhere */
  module: string | null;
  layers: LayerFact[];
  imports: ImportFact[];
  /**
   * Python: imports made inside a function's body (`def index_document(…): from documents.search
   * import get_backend`, to break an import cycle), by the function's id: names its calls resolve
   * through (engine/resolve.ts), not imports of the module (detectors keep to `imports`)
   */
  functionImports?: Record<string, ImportFact[]>;
  functions: FunctionFact[];
  calls: CallFact[];
  clients: ClientFact[];
  constants: ConstantFact[];
  /** names the file exports (TS); Python exports every top-level name */
  exports: string[];
  /** exported name → local name where they differ (`export default handler` → default: handler) */
  exportAliases?: Record<string, string>;
  /**
   * Go: struct fields → their declared types as written in this file (`Server.inv` →
   * `inventory.Client`), so `s.inv.Reserve()` in another file of the package finds the method;
   * TS/JS: fields a method sets to a new instance (`this.broker = new Broker()` → `Broker`), and fields
   * set to a name of the module (`this.registry = registryService` in a method, a property `userModel = boxModel`:
   * → that name, resolved in the module's scope like a class)
   */
  fieldTypes?: Record<string, string>;
  /** TS/JS: module-level constants bound to a new instance (`const registry = new RegistryService()`) → the class as written */
  instances?: Record<string, string>;
  /** Python: every class of the file (dotted like function ids: `Outer.Inner`) → its bases as written (`BaseWhisper`, `base.BaseWhisper`; [] for none) */
  pyClassBases?: Record<string, string[]>;
  /** Go: interface types declared in the file → their methods, with their parameter types (as FunctionFact.paramTypes) */
  goInterfaces?: Record<string, Array<{ name: string; paramTypes: string[] }>>;
  /**
   * Go: the file's build constraint (`//go:build wireinject`) when a default build leaves the file
   * out — it needs a tag nobody sets by default (a wire injector template, `ignore`, `integration`):
   * its code is not part of the program (engine/startup.ts, engine/resolveGo.ts)
   */
  goExcludedBy?: string;
  /** Dockerfile: the environment the image starts with (ENV of the last stage, literal values) */
  imageEnv?: Record<string, string>;
  workloads: WorkloadFact[];
  namespaces: NamespaceFact[];
  /** k8s ConfigMaps with their literal `data` (workloads read them through envFrom / configMapKeyRef) */
  configMaps?: Array<{ name: string; namespace: string | null; data: Record<string, string> }>;
  routes: MeshRouteFact[];
  clusters: ClusterFact[];
  /** application configuration entries (Spring, .NET settings files) */
  configEntries?: ConfigEntryFact[];
  /**
   * A YAML file that is plain data (no manifest, no retry configuration): its scalars flattened
   * (`redis.maxRetries` → "10000"), kept for the code that loads it as configuration — Go code
   * reading it through viper (FileFacts.viperConfig; engine/viperConfig.ts)
   */
  plainSettings?: Array<{ key: string; value: string; line: number }>;
  /**
   * Go: configuration files this file loads into viper, workspace-relative: `//go:embed` paths
   * (files or folders), `viper.SetConfigFile("…")`, `viper.AddConfigPath("…")` with
   * `viper.SetConfigName("…")` (`name` null: any file of the folder); `workingDir`: the path is
   * relative to the program's working folder, as written
   */
  viperConfig?: Array<{ path: string; name: string | null; workingDir?: true }>;
  /**
   * Java/Kotlin: class id → its superclass and interfaces as written (`InventoryService`,
   * `com.shop.Base`), so a call on an injected interface reaches the implementing class;
   * TS/JS: every named class and interface → what it `extends` and `implements` as written
   */
  supertypes?: Record<string, string[]>;
  /** Java/Kotlin: HTTP interfaces whose routes other types inherit (engine/jvmHttpInheritance.ts) */
  jvmHttp?: JvmHttpFacts;
  /** TS/JS: the interfaces and abstract classes the file declares (engine/tsDispatch.ts dispatches calls on them) */
  tsAbstractTypes?: string[];
  /**
   * TS/JS: module-level consts declared as a collection of a named type (`export const providers:
   * Array<SocialAbstract & SocialProvider> = [...]`): name → the element type as written, so an
   * element another file reads from it (`providers.find(…)`) has that type (engine/tsDispatch.ts)
   */
  tsCollectionConsts?: Record<string, string>;
  /** TS/JS: type-only imports (`import type { Port } from "./port"`): they name types, never values */
  typeImports?: ImportFact[];
  /** gateway objects referred to by name from other files (engine/gatewayLinks.ts) */
  gatewayObjects?: GatewayObjectFact[];
  /** a `kustomization.yaml` (Kustomization or Component): what it applies (detectors/yaml/kustomize.ts) */
  kustomization?: KustomizationFact;
  /** the Kubernetes-style objects of a YAML file, one per document: identity and line range */
  objects?: K8sObjectFact[];
  /** a Helm chart's values.yaml: scalar values by dotted key (`kong.retries`), for templated counts */
  helmValues?: { chartDir: string; entries: Record<string, { value: string; line: number }> };
  /** a gRPC service-config `.json` file: the proto services its methodConfig names, and its layer */
  grpcServiceConfig?: { services: string[]; layerId: string };
  /** C# interface → implementation bindings (base lists, DI registrations) */
  csImplementations?: CsImplementationFact[];
  /** C#: .NET host wiring (extension methods, declared types, DbContexts, Aspire AppHost; model/dotnetFacts.ts) */
  dotnet?: DotnetFacts;
  /** C#: Azure SDK clients built or registered here, and the calls made on Azure client types (model/azureSdk.ts) */
  azureSdk?: AzureSdkFacts;
  /** ASP.NET Core Properties/launchSettings.json: the URLs the project listens on when run locally */
  listenUrls?: string[];
  /** package.json: the version ranges its dependencies pin (`"stripe": "^18.1.1"`), for LayerFact.versionDefaults */
  packageVersions?: Record<string, string>;
  /** JVM builds: the versions pom.xml / Gradle files / version catalogs pin (JvmBuildFacts) */
  jvmBuild?: JvmBuildFacts;
  /** spring-kafka `@KafkaListener` methods: the container factory bean each names (null: the default), for LayerFact.kafkaContainerFactory */
  kafkaListeners?: Array<{ functionId: string; containerFactory: string | null }>;
  /**
   * Python manifests and lock files (requirements*.txt, pyproject.toml, uv.lock, poetry.lock,
   * Pipfile, Pipfile.lock): normalised package name (PEP 503: lower case, `-`) → its pin, for
   * LayerFact.versionDefaults with ecosystem "pypi" (engine/sdkVersions.ts)
   */
  pythonPins?: Record<string, PythonPin>;
  /** requirements files this one includes (`-r base.txt`, `-c constraints.txt`), workspace-relative */
  pythonPinIncludes?: string[];
  /** tsconfig.json / jsconfig.json: how non-relative imports resolve (`paths`, `baseUrl`) */
  tsConfig?: TsConfigFact;
  /** package.json of a workspace package: its name and entry module (relative to the file's folder) */
  jsPackage?: { name: string; entry: string | null };
  /** function ids referenced as values (passed as callbacks): they are not entry points */
  referencedFunctions: string[];
  /** calls a job-queue detector knows send a task, with the layers the send adds (engine/jobQueues.ts) */
  queueSends?: QueueSendFact[];
  /** Python: Celery Task classes and tasks whose `base=` is imported, resolved at link time (model/celeryFacts.ts) */
  celery?: CeleryFacts;
  /** Python: job-queue decorator wrappers (a project's `dramatiq_actor()`), resolved at link time (model/queueWrapperFacts.ts) */
  queueWrappers?: QueueWrapperFacts;
  /**
   * Loops that run for as long as the program does and are not retries (consumers, pollers,
   * heartbeats, periodic tasks; detectors/shared/loops): what they call runs once per item, not
   * once at startup (engine/startup.ts).
   */
  longRunningLoops?: Array<{ functionId: string; span: SourceSpan }>;
  /** `retry-lens: ignore …` comments */
  suppressions: SuppressionFact[];
  problems: ProblemFact[];
}

export function emptyFacts(path: string, language: Language, module: string | null = null): FileFacts {
  return {
    path,
    language,
    module,
    layers: [],
    imports: [],
    functions: [],
    calls: [],
    clients: [],
    constants: [],
    exports: [],
    workloads: [],
    namespaces: [],
    routes: [],
    clusters: [],
    referencedFunctions: [],
    suppressions: [],
    problems: [],
  };
}

/**
 * FileFacts.exportAliases key of a module whose export is an instance of one of its classes
 * (`module.exports = new OrderRepository()`, `export default new OrderRepository()`): the class
 * name, so `orderRepository.findById` resolves to the method `OrderRepository.findById`.
 */
export const INSTANCE_EXPORT = "<instance>";
