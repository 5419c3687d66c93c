/**
 * AWS SDK for JavaScript v2 (`aws-sdk`) — reference/retry-semantics.md §2.7b and
 * docs/reference/retry-semantics.md (aws-sdk-js 2.1692.0 source: `lib/service.js`
 * `defaultRetryCount: 3`, `numRetries()`, `retryableError()`; `lib/services/dynamodb.js`
 * `defaultRetryCount: 10`, base 50 ms; `lib/util.js` `calculateRetryDelay`).
 *
 * - `new AWS.S3(opts)`, `new AWS.DynamoDB.DocumentClient(opts)` on the package namespace
 *   (`import AWS from "aws-sdk"`, `import * as AWS`, `require("aws-sdk")`), named classes
 *   (`import { S3 } from "aws-sdk"`) and per-service modules (`import S3 from "aws-sdk/clients/s3"`)
 *   → a ClientFact (target `aws://<service>`) with one `client`-category layer (kind "aws-sdk-v2")
 *   anchored on the `new` expression; an unconfigured client is the implicit default layer.
 * - Counts: **`maxRetries: N` counts retries → N+1 attempts** (v3's `maxAttempts` counts
 *   attempts); default 3 → 4, DynamoDB (and its DocumentClient) 10 → 11; `maxRetries: 0` → off.
 *   `AWS.config.update({ maxRetries: N })` / `AWS.config.maxRetries = N` in the same file sets
 *   the count of the clients that do not set their own (global config in another file is not read).
 * - Wait: `random × 2^i × base` (full jitter, no cap), base 100 ms (DynamoDB 50 ms),
 *   `retryDelayOptions: { base }`; a `customBackoff` function is custom.
 * - Retried: TimeoutError, NetworkingError, ExpiredTokenException, throttling (429 and the
 *   throttling codes) and every 5xx, for every operation; no retry quota in v2.
 */
import type { ClientFact, FileFacts, LayerFact } from "../../model/facts";
import { numberValue, objectProperty, spanOf, ts, unwrap } from "../../parsing/typescript";
import { awsRetryCondition, awsRetryLayer, awsSdkTarget, JS_V2_RETRIES, THROTTLING_AND_5XX } from "../shared/awsSdk";
import { bindingName, objectArg, returnsClient } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

/** classes of the package namespace that are not service clients */
const NOT_SERVICES = new Set(["Config", "Endpoint", "HttpRequest", "HttpResponse", "Request", "Response", "Service", "MetadataService", "EventListeners", "SequentialExecutor", "ParamValidator", "Signers", "NodeHttpClient", "XHRClient", "Token", "TokenProviderChain", "CredentialProviderChain", "SSOTokenProvider", "IniLoader", "util"]);
/** v2 class names whose v3 package name is not the lower-cased class name */
const SERVICE_NAMES: Record<string, string> = { SageMakerRuntime: "sagemaker-runtime", SecretsManager: "secrets-manager", CloudWatch: "cloudwatch", CloudWatchLogs: "cloudwatch-logs", EventBridge: "eventbridge", StepFunctions: "sfn", CognitoIdentityServiceProvider: "cognito-identity-provider", ApiGatewayManagementApi: "apigatewaymanagementapi", BedrockRuntime: "bedrock-runtime" };
const NOT_SENDING = ["promise", "on", "createReadStream", "eachPage", "eachItem", "getSignedUrl", "getSignedUrlPromise", "createPresignedPost", "config", "endpoint", "setupRequestListeners", "abort"];

export function extractAwsSdkV2Facts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const namespaces = new Set<string>();
  const classes = new Map<string, string>(); // local → v2 class name
  for (const i of index.imports) {
    if (i.module === "aws-sdk" || i.module === "aws-sdk/global") {
      if (i.member === null) namespaces.add(i.local);
      else if (/^[A-Z]/.test(i.member) && !NOT_SERVICES.has(i.member) && !i.member.endsWith("Credentials")) classes.set(i.local, i.member);
    }
    const m = /^aws-sdk\/clients\/([a-z0-9]+)$/.exec(i.module);
    if (m && (i.member === null || /^[A-Z]/.test(i.member))) classes.set(i.local, i.member ?? i.local);
  }
  if (namespaces.size === 0 && classes.size === 0) return;
  const global = globalRetries(index, namespaces);

  for (const node of index.newExpressions) {
    const cls = serviceClass(unwrap(node.expression), namespaces, classes);
    if (!cls) continue;
    const { name, module: atModule } = bindingName(node);
    const fn = index.enclosingNode(node);
    const functionId = atModule ? MODULE : index.enclosingId(node);
    const config = objectArg(node.arguments?.[0], index);
    const service = SERVICE_NAMES[cls.service] ?? cls.service.toLowerCase();
    const layer = v2Layer(node, sf, ids, cls, config, global, (name || cls.service).replace(/^this\./, ""));
    facts.layers.push(layer);
    const factory = fn !== undefined && returnsClient(fn, node, name);
    const client: ClientFact = {
      id: ids.next("K", node, sf),
      name,
      functionId,
      span: spanOf(node, sf),
      library: "aws-sdk-js-v2",
      baseUrl: null,
      layerIds: [layer.localId],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: 120,
      timeoutSet: true,
      sdk: awsSdkTarget(service, NOT_SENDING),
    };
    if (factory) {
      const f = facts.functions.find((x) => x.id === functionId);
      if (f) f.returnsClientId = client.id;
    }
    facts.clients.push(client);
  }
}

/** `AWS.S3` / `AWS.DynamoDB.DocumentClient` / `S3` / `DynamoDB.DocumentClient` → the service class */
function serviceClass(e: ts.Expression, namespaces: Set<string>, classes: Map<string, string>): { service: string; documentClient: boolean } | null {
  let documentClient = false;
  if (ts.isPropertyAccessExpression(e) && e.name.text === "DocumentClient") {
    documentClient = true;
    e = unwrap(e.expression);
  }
  let service: string | null = null;
  if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && namespaces.has(e.expression.text)) service = e.name.text;
  else if (ts.isIdentifier(e)) service = classes.get(e.text) ?? null;
  if (!service || !/^[A-Z]/.test(service) || NOT_SERVICES.has(service) || service.endsWith("Credentials")) return null;
  if (documentClient && service !== "DynamoDB") return null;
  return { service, documentClient };
}

/** `AWS.config.update({ maxRetries: N })` or `AWS.config.maxRetries = N` in this file */
function globalRetries(index: FileIndex, namespaces: Set<string>): { retries: number | null; text: string } | null {
  const isConfig = (e: ts.Expression) => ts.isPropertyAccessExpression(e) && e.name.text === "config" && ts.isIdentifier(e.expression) && namespaces.has(e.expression.text);
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "update" || !isConfig(unwrap(callee.expression))) continue;
    const obj = objectArg(call.arguments[0], index);
    const p = obj ? objectProperty(obj, "maxRetries") : undefined;
    if (p && !ts.isMethodDeclaration(p)) return { retries: numberValue(p), text: "AWS.config.update({ maxRetries })" };
  }
  let found: { retries: number | null; text: string } | null = null;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = unwrap(n.left);
      if (ts.isPropertyAccessExpression(left) && left.name.text === "maxRetries" && isConfig(unwrap(left.expression))) found = { retries: numberValue(n.right), text: "AWS.config.maxRetries" };
    }
    ts.forEachChild(n, visit);
  };
  const sf = index.calls[0]?.getSourceFile() ?? index.newExpressions[0]?.getSourceFile();
  if (sf) visit(sf);
  return found;
}

function v2Layer(
  node: ts.NewExpression,
  sf: ts.SourceFile,
  ids: IdAllocator,
  cls: { service: string; documentClient: boolean },
  config: ts.ObjectLiteralExpression | undefined,
  global: { retries: number | null; text: string } | null,
  label: string,
): LayerFact {
  // the v2 class as written (a default import of aws-sdk/clients/dynamodb takes its local name)
  const dynamo = cls.service === "DynamoDB";
  const fallback = dynamo ? JS_V2_RETRIES.dynamoDbRetries : JS_V2_RETRIES.retries;
  const maxNode = config ? objectProperty(config, "maxRetries") : undefined;
  let retries: number | null = fallback;
  let source: "config" | "default" = "default";
  let note = `no maxRetries: ${dynamo ? "DynamoDB's" : "the service's"} default ${fallback} retries → ${fallback + 1} attempts (aws-sdk v2 counts retries)`;
  let via = "maxRetries:";
  if (maxNode && !ts.isMethodDeclaration(maxNode)) {
    source = "config";
    retries = numberValue(maxNode);
    if (retries === null) note = `maxRetries: ${maxNode.getText(sf)} is not known statically`;
  } else if (global) {
    source = "config";
    retries = global.retries;
    via = `${global.text}:`;
    if (retries === null) note = `${global.text}: count not known statically`;
  }
  if (source === "config" && retries !== null) {
    retries = Math.max(0, Math.floor(retries));
    note = retries === 0 ? `${via} 0 turns retries off → 1 attempt` : `${via} ${retries} counts retries (aws-sdk v2; v3's maxAttempts counts attempts) → ${retries + 1} attempts`;
  }
  const maxAttempts = retries === null ? null : retries + 1;
  const delay = config ? objectProperty(config, "retryDelayOptions") : undefined;
  const delayObj = delay && !ts.isMethodDeclaration(delay) ? unwrap(delay) : undefined;
  const baseNode = delayObj && ts.isObjectLiteralExpression(delayObj) ? objectProperty(delayObj, "base") : undefined;
  const custom = delayObj && ts.isObjectLiteralExpression(delayObj) ? objectProperty(delayObj, "customBackoff") : undefined;
  const baseMs = baseNode && !ts.isMethodDeclaration(baseNode) ? (numberValue(baseNode) ?? (dynamo ? 50 : 100)) : dynamo ? 50 : 100;
  return awsRetryLayer({
    localId: ids.next("L", node, sf),
    kind: "aws-sdk-v2",
    library: "aws-sdk-js-v2",
    anchor: spanOf(node, sf),
    label,
    maxAttempts,
    source,
    note: cls.documentClient ? `${note}; DocumentClient sends through its DynamoDB client` : note,
    wait: custom
      ? { kind: "custom", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: "retryDelayOptions.customBackoff: a function of the retry count" }
      : { kind: "exponential", jitter: true, initialSeconds: 0, maxSeconds: null, source: baseNode ? "config" : "default", description: `random × 2^i × ${baseMs} ms: full jitter, no cap` },
    condition: awsRetryCondition({
      exceptionTypes: ["TimeoutError", "NetworkingError", "ExpiredTokenException"],
      statuses: THROTTLING_AND_5XX,
      honoursRetryAfter: false,
      description: "timeouts, networking errors, expired tokens, throttling (429 and throttling codes) and every 5xx, for every operation",
    }),
    // v2 has no retry quota
    budget: null,
    // lib/config.js: httpOptions {timeout: 120000} per attempt by default
    perTryTimeoutSeconds: 120,
  });
}
