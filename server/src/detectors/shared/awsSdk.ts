/**
 * What the AWS SDKs retry, how often and within which budget, shared by the boto3 (Python), JS v3 /
 * v2, Go, Java and .NET detectors, which keep only the recognition of their language's syntax.
 * Every number cites the SDK source it was read in; docs/reference/retry-semantics.md §1.6
 * (botocore), §2.7 (JS v3), §2.7b (JS v2), docs/reference/aws-sdk-go.md, aws-sdk-java.md and
 * aws-sdk-dotnet.md hold the versions and the rest of each SDK's table.
 *
 * The SDKs share one design, so one builder writes their layers:
 * - every client retries, configured or not (§5.3): an unconfigured one is the implicit default layer;
 * - an AWS API call is retried after it may have reached the service, whatever the operation;
 * - where the code sets no count, the environment can: `AWS_MAX_ATTEMPTS` counts attempts, and
 *   `AWS_RETRY_MODE` picks a mode whose default count the linker then applies;
 * - the current SDKs implement the cross-SDK "standard" retry mode (3 attempts by default,
 *   exponential backoff with full jitter capped at 20 s, a 500-token retry quota); older "legacy"
 *   modes and the first-generation SDKs (JS v2, Go v1, Java 1.x: 3 retries) have their own counts;
 * - the settings' units differ: JS v3 `maxAttempts`, Go v2 `RetryMaxAttempts` and Java 2.x strategies'
 *   `maxAttempts` count attempts; JS v2 `maxRetries`, Go v1 `MaxRetries`, Java `numRetries` /
 *   `maxErrorRetry`, .NET `MaxErrorRetry` and botocore `max_attempts` count retries;
 * - DynamoDB is the service whose defaults differ (more retries, a shorter base delay) in the SDKs
 *   that special-case one.
 */
import type { ClientFact, LayerFact, LayerKind, RetryCondition, SourceSpan, VersionDefaults, WaitSpec } from "../../model/facts";

// ---------------------------------------------------------------- counts

/** A retry mode's default count in attempts (first try included), as `envConfig.modeAttempts` takes it. */
export interface AwsModeAttempts {
  legacy?: number;
  standard: number;
  adaptive: number;
}

/** The standard retry mode's default max attempts in every SDK implementing it (and the adaptive mode's) */
export const STANDARD_MODE_ATTEMPTS = 3;

/** @smithy/util-retry DEFAULT_MAX_ATTEMPTS (§2.7); JS v3 has no legacy mode and no DynamoDB override */
export const JS_V3_MODES: Readonly<AwsModeAttempts> = { standard: STANDARD_MODE_ATTEMPTS, adaptive: STANDARD_MODE_ATTEMPTS };
/** aws-sdk-go-v2 aws/retry/standard.go DefaultMaxAttempts (NewStandard and NewAdaptiveMode alike) */
export const GO_V2_MODES: Readonly<AwsModeAttempts> = { standard: STANDARD_MODE_ATTEMPTS, adaptive: STANDARD_MODE_ATTEMPTS };
/** aws-sdk-java-v2 SdkDefaultRetrySetting: Legacy.MAX_ATTEMPTS 4 (numRetries 3 + 1), Standard.MAX_ATTEMPTS 3 */
export const JAVA_V2_MODES: Readonly<Required<AwsModeAttempts>> = { legacy: 4, standard: STANDARD_MODE_ATTEMPTS, adaptive: STANDARD_MODE_ATTEMPTS };
/** DynamoDbRetryPolicy LEGACY_MAX_ERROR_RETRY 8 (= STANDARD_MAX_ERROR_RETRY since PR #2324) → 9 attempts in every mode */
export const JAVA_V2_DYNAMODB_MODES: Readonly<Required<AwsModeAttempts>> = { legacy: 9, standard: 9, adaptive: 9 };
/**
 * AWSSDK v3 ClientConfig: Legacy's default MaxErrorRetry 4 → 5 attempts; MaxRetriesDefault 2 → 3
 * (Standard / Adaptive, v3 and v4). The AmazonDynamoDBConfig constructor sets MaxErrorRetry = 10
 * (11 attempts) whatever the mode: DOTNET_DYNAMODB_ATTEMPTS.
 */
export const DOTNET_V3_MODES: Readonly<Required<AwsModeAttempts>> = { legacy: 5, standard: STANDARD_MODE_ATTEMPTS, adaptive: STANDARD_MODE_ATTEMPTS };
export const DOTNET_DYNAMODB_ATTEMPTS = 11;
/** §1.6 botocore legacy `_retry.json` `__default__` 5 attempts (DynamoDB 10); standard/adaptive DEFAULT_MAX_ATTEMPTS 3 */
export const BOTO3_MODES: Readonly<Required<AwsModeAttempts>> = { legacy: 5, standard: STANDARD_MODE_ATTEMPTS, adaptive: STANDARD_MODE_ATTEMPTS };
export const BOTO3_DYNAMODB_MODES: Readonly<Required<AwsModeAttempts>> = { legacy: 10, standard: STANDARD_MODE_ATTEMPTS, adaptive: STANDARD_MODE_ATTEMPTS };

/** A first-generation SDK's default count, in **retries** (the unit its setting counts). */
export interface AwsDefaultRetries {
  retries: number;
  dynamoDbRetries: number;
}
/** aws-sdk-js 2.x lib/service.js defaultRetryCount 3; lib/services/dynamodb.js defaultRetryCount 10 */
export const JS_V2_RETRIES: Readonly<AwsDefaultRetries> = { retries: 3, dynamoDbRetries: 10 };
/** aws-sdk-go v1 aws/client/default_retryer.go DefaultRetryerMaxNumRetries 3; service/dynamodb/customizations.go setCustomRetryer 10 */
export const GO_V1_RETRIES: Readonly<AwsDefaultRetries> = { retries: 3, dynamoDbRetries: 10 };
/** aws-java-sdk 1.x PredefinedRetryPolicies DEFAULT_MAX_ERROR_RETRY 3 / DYNAMODB_DEFAULT_MAX_ERROR_RETRY 10 */
export const JAVA_V1_RETRIES: Readonly<AwsDefaultRetries> = { retries: 3, dynamoDbRetries: 10 };

/** A mode's default count in a table; null for a mode the SDK does not have. */
export function attemptsInMode(modes: Readonly<AwsModeAttempts>, mode: string): number | null {
  return mode === "legacy" || mode === "standard" || mode === "adaptive" ? (modes[mode] ?? null) : null;
}

/** DynamoDB is the one service whose client the SDKs give their own defaults (the name as each SDK spells it: `dynamodb`, `DynamoDB`). */
export function isDynamoDb(service: string | null | undefined): boolean {
  return service?.toLowerCase() === "dynamodb";
}

/** The environment's say where the code sets no count: always AWS_MAX_ATTEMPTS (attempts), and AWS_RETRY_MODE where the code sets no mode either. */
export function awsEnvConfig(modes?: Readonly<AwsModeAttempts>): NonNullable<LayerFact["envConfig"]> {
  return { attemptsVar: "AWS_MAX_ATTEMPTS", ...(modes ? { modeVar: "AWS_RETRY_MODE", modeAttempts: { ...modes } } : {}) };
}

// ---------------------------------------------------------------- waits, conditions, budgets

/** The standard mode's backoff as the SDKs without a more precise description say it (aws-sdk-go-v2, AWSSDK .NET). */
export function standardModeWait(description = "exponential with full jitter, max 20 s"): WaitSpec {
  return { kind: "exponential", jitter: true, initialSeconds: 0, maxSeconds: 20, source: "default", description };
}

/** What an AWS SDK retries: throttling and transient errors, after sending too, on every operation. */
export function awsRetryCondition(c: { exceptionTypes: readonly string[]; statuses: readonly number[]; honoursRetryAfter: boolean | null; description: string }): RetryCondition {
  return {
    allErrors: false,
    exceptionTypes: [...c.exceptionTypes],
    statuses: [...c.statuses],
    retryOn: ["throttling", "transient"],
    // AWS operations are retried after sending, whatever the operation (§1.6, §2.7)
    afterSendMethods: "all",
    permanentErrors: null,
    honoursRetryAfter: c.honoursRetryAfter,
    description: c.description,
  };
}

/** The statuses retried by JS v3 / v2, Go v1, Java and boto3: 429 and 500/502/503/504 */
export const THROTTLING_AND_5XX: readonly number[] = [429, 500, 502, 503, 504];
/** The statuses the aws-sdk-go-v2 and .NET layers list; their throttling is matched by error code */
export const SERVER_5XX: readonly number[] = [500, 502, 503, 504];

/**
 * The standard mode's retry quota: 500 tokens per client, 5 per retry, 10 per retry of the errors
 * each SDK charges more for (`expensive`: botocore and aws-sdk-go-v2 say timeouts, @smithy/util-retry
 * transient errors); `mode` names the mode where the code chose one.
 */
export function standardRetryQuota(expensive: "timeout" | "transient error", mode?: string): string {
  return `retry quota: 500-token bucket per client, 5 per retry, 10 per ${expensive}${mode === undefined ? "" : ` (${mode} mode)`}`;
}

// ---------------------------------------------------------------- layers and clients

/** The SDK's endpoint for ClientFact.sdk: the linker names it "aws:<service>" (engine/link.ts). */
export function awsSdkTarget(service: string, notSending: readonly string[]): NonNullable<ClientFact["sdk"]> {
  return { target: `aws://${service}`, notSending: [...notSending] };
}

/** The service of an `aws://<service>` target. */
export function awsServiceOf(target: string): string {
  return target.slice("aws://".length);
}

/** A layer label naming the service the client sends to: "orders → aws:dynamodb". */
export function awsLayerLabel(name: string, service: string): string {
  return `${name} → aws:${service}`;
}

/** An AWS SDK client's retry layer. `maxAttempts` null: unknown, or unbounded when `unbounded` (aws-sdk-go-v2 `AddWithMaxAttempts(r, 0)`). */
export function awsRetryLayer(l: {
  localId: string;
  kind: LayerKind;
  library: string;
  anchor: SourceSpan;
  label: string;
  maxAttempts: number | null;
  unbounded?: boolean;
  source: "config" | "default";
  note: string;
  envConfig?: LayerFact["envConfig"];
  versionGate?: LayerFact["versionGate"];
  versionDefaults?: VersionDefaults;
  wait: WaitSpec;
  condition: RetryCondition;
  budget: string | null;
  perTryTimeoutSeconds?: number | null;
}): LayerFact {
  return {
    localId: l.localId,
    kind: l.kind,
    category: "client",
    library: l.library,
    anchor: l.anchor,
    maxAttempts: l.maxAttempts,
    ...(l.maxAttempts === null && !l.unbounded ? { countUnknown: true } : {}),
    ...(l.envConfig ? { envConfig: l.envConfig } : {}),
    ...(l.versionGate ? { versionGate: l.versionGate } : {}),
    ...(l.versionDefaults ? { versionDefaults: l.versionDefaults } : {}),
    attemptsSource: l.source,
    attemptsNote: l.note,
    timeBound: null,
    wait: l.wait,
    condition: l.condition,
    budget: l.budget,
    perTryTimeoutSeconds: l.perTryTimeoutSeconds ?? null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: l.label,
  };
}
