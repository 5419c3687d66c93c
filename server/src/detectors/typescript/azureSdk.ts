/**
 * Azure SDK for JavaScript clients — docs/reference/azure-sdk.md (§ JavaScript).
 *
 * - @azure/core-rest-pipeline `retryPolicy` (Key Vault, App Configuration, Search, Tables, Event
 *   Grid …): `retryOptions.maxRetries` counts retries, default 3 → 4; exponential from 1 s
 *   (`retryDelayInMs`), max 64 s, with jitter; Retry-After / x-ms-retry-after-ms honoured.
 * - @azure/storage-blob / -queue / -file-share / -file-datalake `StorageRetryPolicy`:
 *   `retryOptions.maxTries` **counts attempts**, default 4 (a value < 1 or unset → 4); exponential
 *   (2^(n−1) − 1) × 4 s, max 120 s, no jitter; 500/503 and network errors.
 * - @azure/service-bus / @azure/event-hubs (AMQP): `retryOptions.maxRetries` default 3 → 4.
 * - @azure/cosmos: `connectionPolicy.retryOptions.maxRetryAttemptCount` default 9 → 10 on 429.
 *
 * `new BlobServiceClient(url, cred, { retryOptions })`, `X.fromConnectionString(cs, { retryOptions })`
 * (options as the last object argument, or a const object); every method on the client, and on
 * sub-clients from `getContainerClient(…)` / `createSender(…)`, sends to `azure:<service>`.
 */
import type { ClientFact, FileFacts, LayerFact, RetryCondition } from "../../model/facts";
import { AMQP_SERVICES, AZURE_CLIENT_SERVICES } from "../../model/azureSdk";
import { numberValue, objectProperty, spanOf, ts, unwrap } from "../../parsing/typescript";
import { bindingName, objectArg } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

const AZURE_MODULE = /^@azure\/([a-z0-9-]+)$/;
const STORAGE_MODULE = /^storage-/;
const FACTORIES = /^from(ConnectionString|Url|BlobUrl|ContainerUrl|QueueUrl|AccountUrl)$/;
const SUB_CLIENT = /^(get\w*Client|create(Sender|Receiver)|database|container)$/;
const NOT_SENDING = ["getContainerClient", "getBlobClient", "getBlockBlobClient", "getAppendBlobClient", "getPageBlobClient", "getQueueClient", "getTableClient", "getShareClient", "getDirectoryClient", "getFileClient", "createSender", "createReceiver", "database", "container", "close", "dispose", "url", "accountName"];
/** core-rest-pipeline DEFAULT_MAX_RETRIES; AMQP retryOptions.maxRetries */
export const JS_DEFAULT_RETRIES = 3;
/** storage DEFAULT_RETRY_OPTIONS.maxTries */
export const JS_STORAGE_MAX_TRIES = 4;
const COSMOS_RETRIES = 9;

const CONDITION: RetryCondition = {
  allErrors: false,
  exceptionTypes: [],
  statuses: [408, 429, 500, 502, 503, 504],
  retryOn: ["network errors"],
  afterSendMethods: "all",
  permanentErrors: null,
  honoursRetryAfter: true,
  description: "408, 429, 500, 502, 503 (not 501/505), 504 and network errors, any method; Retry-After honoured",
};

export function extractAzureSdkFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const classes = new Map<string, { type: string; pkg: string }>();
  for (const i of index.imports) {
    const m = AZURE_MODULE.exec(i.module);
    if (m && i.member && AZURE_CLIENT_SERVICES[i.member]) classes.set(i.local, { type: i.member, pkg: m[1]! });
  }
  if (classes.size === 0) return;
  const made: ClientFact[] = [];
  const build = (node: ts.NewExpression | ts.CallExpression, info: { type: string; pkg: string }, args: readonly ts.Expression[]) => {
    const service = AZURE_CLIENT_SERVICES[info.type]!;
    const { name, module: atModule } = bindingName(node);
    const options = [...args].reverse().map((a) => objectArg(a, index)).find((o) => o !== undefined);
    const layer = layerFor(node, sf, ids, info, service, options);
    facts.layers.push(layer);
    const client: ClientFact = {
      id: ids.next("K", node, sf),
      name,
      functionId: atModule ? MODULE : index.enclosingId(node),
      span: spanOf(node, sf),
      library: `@azure/${info.pkg}`,
      baseUrl: null,
      layerIds: [layer.localId],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: `azure://${service}`, notSending: [...NOT_SENDING] },
    };
    facts.clients.push(client);
    made.push(client);
  };
  for (const node of index.newExpressions) {
    const callee = unwrap(node.expression);
    const info = ts.isIdentifier(callee) ? classes.get(callee.text) : undefined;
    if (info) build(node, info, node.arguments ?? []);
  }
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || !FACTORIES.test(callee.name.text)) continue;
    const owner = unwrap(callee.expression);
    const info = ts.isIdentifier(owner) ? classes.get(owner.text) : undefined;
    if (info) build(call, info, call.arguments);
  }
  // `const container = blobs.getContainerClient("images")`: a sub-client on its parent's pipeline
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || !SUB_CLIENT.test(callee.name.text)) continue;
    const owner = callee.expression.getText(sf);
    const enclosing = index.enclosingId(call);
    const base = made.find((c) => c.name === owner && (c.functionId === enclosing || c.functionId === MODULE || owner.startsWith("this.")));
    if (!base) continue;
    const { name, module: atModule } = bindingName(call);
    if (!name) continue;
    const sub = { ...base, id: ids.next("K", call, sf), name, functionId: atModule ? MODULE : enclosing, span: spanOf(call, sf), sdk: { ...base.sdk!, notSending: [...NOT_SENDING] } };
    facts.clients.push(sub);
    made.push(sub);
  }
}

function numberAt(obj: ts.ObjectLiteralExpression | undefined, path: string[]): { value: number | null; text: string } | undefined {
  let cur: ts.ObjectLiteralExpression | undefined = obj;
  for (let i = 0; i < path.length; i++) {
    if (!cur) return undefined;
    const v = objectProperty(cur, path[i]!);
    if (!v || ts.isMethodDeclaration(v)) return undefined;
    const e = unwrap(v);
    if (i === path.length - 1) return { value: numberValue(e), text: e.getText() };
    cur = ts.isObjectLiteralExpression(e) ? e : undefined;
  }
  return undefined;
}

function layerFor(node: ts.Node, sf: ts.SourceFile, ids: IdAllocator, info: { type: string; pkg: string }, service: string, options: ts.ObjectLiteralExpression | undefined): LayerFact {
  const storage = STORAGE_MODULE.test(info.pkg);
  const amqp = AMQP_SERVICES.has(service);
  const cosmos = service === "cosmos";
  const lib = `@azure/${info.pkg}`;
  const base = {
    kind: "azure-sdk" as const,
    category: "client" as const,
    library: lib,
    timeBound: null,
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    localId: ids.next("L", node, sf),
    anchor: spanOf(node, sf),
    attach: { kind: "client" as const },
    label: `${info.type} → azure:${service}`,
    condition: cosmos ? { ...CONDITION, statuses: [429], description: "429 (request rate too large), honouring the service's retry-after" } : storage ? { ...CONDITION, statuses: [500, 503], description: "500, 503 and network errors (ETIMEDOUT, ECONNRESET …), any method" } : CONDITION,
    wait: cosmos
      ? { kind: "custom" as const, jitter: null, initialSeconds: null, maxSeconds: 30, source: "default" as const, description: "the service's retry-after on each 429, at most 30 s in all" }
      : storage
        ? { kind: "exponential" as const, jitter: false, initialSeconds: 4, maxSeconds: 120, source: "default" as const, description: "(2^(n−1) − 1) × 4 s: 0, 4, 12 s …, max 120 s, no jitter" }
        : { kind: "exponential" as const, jitter: true, initialSeconds: amqp ? 30 : 1, maxSeconds: amqp ? 90 : 64, source: "default" as const, description: amqp ? "exponential from 30 s, max 90 s" : "exponential from 1 s with jitter, max 64 s; Retry-After wins" },
  };
  const path = cosmos ? ["connectionPolicy", "retryOptions", "maxRetryAttemptCount"] : storage ? ["retryOptions", "maxTries"] : ["retryOptions", "maxRetries"];
  const got = numberAt(options, path);
  const key = path.slice(-2).join(".");
  if (got && got.value === null) return { ...base, maxAttempts: null, countUnknown: true, attemptsSource: "config", attemptsNote: `${key}: ${got.text} (not a literal)` };
  if (storage) {
    const n = got?.value ?? null;
    const tries = n !== null && n >= 1 ? Math.floor(n) : JS_STORAGE_MAX_TRIES;
    const note = n === null ? `default ${key} ${JS_STORAGE_MAX_TRIES} counts attempts → ${JS_STORAGE_MAX_TRIES} (${lib})` : n >= 1 ? `${key}: ${n} counts attempts → ${tries}` : `${key}: ${n} is below 1: the default ${JS_STORAGE_MAX_TRIES} applies → ${tries}`;
    return { ...base, maxAttempts: tries, attemptsSource: got ? "config" : "default", attemptsNote: note };
  }
  const def = cosmos ? COSMOS_RETRIES : JS_DEFAULT_RETRIES;
  const n = got?.value ?? def;
  const attempts = Math.max(0, Math.floor(n)) + 1;
  const note = got ? `${key}: ${n} → ${attempts} attempts` : `default ${key} ${def} → ${def + 1} attempts (${lib}${cosmos ? ", on 429" : ""})`;
  return { ...base, maxAttempts: attempts, attemptsSource: got ? "config" : "default", attemptsNote: note };
}
