/**
 * boto3 / botocore clients — reference/retry-semantics.md §1.6 (botocore 1.43), §5.1 (number
 * traps), §5.3 (implicit SDK retries), §5.5 (retry quota).
 *
 * - `boto3.client("svc", config=Config(retries={...}))`, `boto3.resource("svc")`,
 *   `session.client(...)` / `session.resource(...)` on a `boto3.Session()`, and botocore's
 *   `get_session().create_client(...)` → a ClientFact (library "boto3") carrying one
 *   `client`-category LayerFact (kind "aws-sdk") anchored on the call that builds the client.
 *   Every client retries, configured or not (§5.3), so an unconfigured client gets the implicit
 *   default layer (attemptsSource "default").
 * - Counts (§1.6, the trap of §5.1): `Config(retries={'max_attempts': N})` counts RETRIES → N+1
 *   attempts; `'total_max_attempts': N` counts attempts → N and wins over max_attempts.
 *   Without a count: legacy mode 5 attempts (DynamoDB 10), standard/adaptive 3.
 * - Mode not set in code: botocore's default is `legacy` (§1.6), so the worst case is the legacy
 *   count; AWS_RETRY_MODE, ~/.aws/config and AWS_DEFAULTS_MODE can switch it to standard.
 * - Retry quota (§1.6: standard/adaptive have a 500-token bucket; legacy has none):
 *   `hasRetryQuota` is false only when the code says `mode: 'legacy'`. Judgement: when the mode
 *   is not set in code it is decided by the environment (AWS_RETRY_MODE, the config file,
 *   AWS_DEFAULTS_MODE, the 2026 default switch), so a per-request client may be throwing away a
 *   quota; RL012 reports it.
 * - Every method call on the client sends a request to the service (ClientFact.sdk), except the
 *   local helpers in NOT_SENDING; the linker names the target "aws:<service>".
 * - perCall: built inside a function that is not `__init__`, not a factory that returns the
 *   client, and not cached (`@lru_cache`, `@cache`).
 */
import type { ClientFact, LayerFact, WaitSpec } from "../../model/facts";
import { argument, bindingOf, callParts, descendants, enclosingFunction, nodeSpan, stringValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { awsEnvConfig, awsRetryCondition, awsRetryLayer, awsSdkTarget, BOTO3_DYNAMODB_MODES, BOTO3_MODES, isDynamoDb, standardModeWait, standardRetryQuota, THROTTLING_AND_5XX } from "../shared/awsSdk";
import { resolveBound, type PyContext } from "./context";

const CLIENT_FUNCTIONS = new Set(["boto3.client", "boto3.resource"]);
const SESSION_CLASSES = new Set(["boto3.Session", "boto3.session.Session", "botocore.session.get_session", "botocore.session.Session", "aiobotocore.session.get_session", "aioboto3.Session"]);
const SESSION_METHODS = new Set(["client", "resource", "create_client"]);
const CONFIG_CLASSES = new Set(["botocore.config.Config", "botocore.client.Config", "boto3.session.Config", "aiobotocore.config.AioConfig"]);
const CACHE_DECORATORS = /(^|\.)(lru_cache|cache|cached_property|cached)$/;

/** client methods that do not call the service */
const NOT_SENDING = ["get_paginator", "get_waiter", "can_paginate", "close", "generate_presigned_url", "generate_presigned_post", "meta", "exceptions"];

/** §1.6 standard/adaptive DEFAULT_MAX_ATTEMPTS */
const STANDARD_DEFAULT = BOTO3_MODES.standard;
/** botocore.config.Config defaults: connect_timeout 60 s, read_timeout 60 s */
const DEFAULT_READ_TIMEOUT = 60;

export interface RetriesConfig {
  mode: string | null;
  maxAttempts: number | null;
  totalMaxAttempts: number | null;
  /** a retries value was given but could not be read */
  unreadable: boolean;
  given: boolean;
}

export function detectBoto3(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  const sessions = new Set<string>();
  for (const call of descendants(root, "call")) {
    const q = ctx.qualifiedName(call.childForFieldName("function"));
    const name = q && SESSION_CLASSES.has(q) ? bindingOf(call) : null;
    if (name) sessions.add(name);
  }
  const clients: ClientFact[] = [];
  for (const call of descendants(root, "call")) {
    const fn = call.childForFieldName("function");
    const q = ctx.qualifiedName(fn);
    let isClient = q !== null && CLIENT_FUNCTIONS.has(q);
    if (!isClient && fn?.type === "attribute" && SESSION_METHODS.has(fn.childForFieldName("attribute")?.text ?? "")) {
      const obj = fn.childForFieldName("object");
      const objQ = obj?.type === "call" ? ctx.qualifiedName(obj.childForFieldName("function")) : null;
      isClient = (obj !== null && obj !== undefined && sessions.has(obj.text)) || (objQ !== null && SESSION_CLASSES.has(objQ));
    }
    if (!isClient) continue;
    const resource = (fn?.type === "attribute" ? fn.childForFieldName("attribute")?.text : q?.slice(q.lastIndexOf(".") + 1)) === "resource";
    clients.push(buildClient(ctx, call, resource));
  }
  // `table = dynamodb.Table("orders")`: a sub-resource sends through its resource's client
  // also `return ddb.Table(name)` / `return boto3.resource("dynamodb").Table(name)` in a helper: the helper returns the table
  for (const client of clients.filter((c) => c.library === "boto3.resource")) {
    for (const call of descendants(root, "call")) {
      const fn = call.childForFieldName("function");
      const obj = fn?.type === "attribute" ? fn.childForFieldName("object") : null;
      const chained = !client.name && obj?.type === "call" && obj.startPosition.row + 1 === client.span.line && obj.startPosition.column === client.span.column;
      if (!obj || (!chained && (!client.name || obj.text !== client.name))) continue;
      const member = fn!.childForFieldName("attribute")?.text ?? "";
      if (!/^[A-Z]/.test(member)) continue;
      client.sdk!.notSending.push(member);
      const name = bindingOf(call);
      const def = enclosingFunction(call);
      const functionId = ctx.functionId(def);
      const returned = def ? returnsIt(def, call, name ?? "") : false;
      if (!name && !returned) continue;
      const id = ctx.nextId("K", call);
      clients.push({ ...client, id, name: name ?? "", functionId, span: nodeSpan(call), perCall: false, hasRetryQuota: false, sdk: { ...client.sdk!, notSending: [...NOT_SENDING] } });
      const fact = returned ? ctx.facts.functions.find((f) => f.id === functionId) : undefined;
      if (fact) fact.returnsClientId = id;
    }
  }
  ctx.facts.clients.push(...clients);
}

function buildClient(ctx: PyContext, call: SyntaxNode, resource: boolean): ClientFact {
  const parts = callParts(call);
  const service = stringValue(argument(parts, "service_name", 0));
  const configNode = resolveBound(ctx, parts.keywords.get("config") ?? null, call);
  const retries = configNode ? readRetries(ctx, configNode, call) : { mode: null, maxAttempts: null, totalMaxAttempts: null, unreadable: false, given: false };
  if (!configNode && parts.keywords.has("config")) retries.unreadable = true;
  const binding = bindingOf(call) ?? "";
  const label = binding.replace(/^self\./, "") || service || "boto3 client";
  const layer = sdkLayer(ctx, call, service, retries, label);
  ctx.facts.layers.push(layer);

  const def = enclosingFunction(call);
  const functionId = ctx.functionId(def);
  const returned = def ? returnsIt(def, call, binding) : false;
  const cached = def ? isCached(ctx, def) : false;
  const id = ctx.nextId("K", call);
  const fact = returned ? ctx.facts.functions.find((f) => f.id === functionId) : undefined;
  if (fact) fact.returnsClientId = id;
  return {
    id,
    name: binding,
    functionId,
    span: nodeSpan(call),
    library: resource ? "boto3.resource" : "boto3",
    baseUrl: null,
    layerIds: [layer.localId],
    fromCall: null,
    perCall: functionId !== "<module>" && !functionId.endsWith(".__init__") && !returned && !cached,
    // §1.6: only legacy mode has no quota; an unset mode is decided outside the code
    hasRetryQuota: retries.mode !== "legacy",
    timeoutSeconds: configTimeout(ctx, configNode, call),
    timeoutSet: true,
    sdk: awsSdkTarget((service ?? "unknown").toLowerCase(), NOT_SENDING),
  };
}

/** `Config(retries={...})`, or a name bound to one / to a dict. */
export function readRetries(ctx: PyContext, config: SyntaxNode, at: SyntaxNode): RetriesConfig {
  const out: RetriesConfig = { mode: null, maxAttempts: null, totalMaxAttempts: null, unreadable: false, given: false };
  if (config.type !== "call" || !CONFIG_CLASSES.has(ctx.qualifiedName(config.childForFieldName("function")) ?? "")) {
    out.unreadable = true;
    return out;
  }
  const retriesNode = callParts(config).keywords.get("retries");
  if (!retriesNode) return out;
  out.given = true;
  const dict = resolveBound(ctx, retriesNode, at);
  if (dict?.type !== "dictionary") {
    out.unreadable = true;
    return out;
  }
  for (const pair of dict.namedChildren) {
    if (pair?.type !== "pair") {
      if (pair?.type === "dictionary_splat") out.unreadable = true;
      continue;
    }
    const key = stringValue(pair.childForFieldName("key"));
    const value = pair.childForFieldName("value");
    if (key === "mode") {
      out.mode = stringValue(value);
      if (out.mode === null) out.unreadable = true;
    } else if (key === "max_attempts" || key === "total_max_attempts") {
      const n = ctx.number(value, at);
      if (n === null) out.unreadable = true;
      else if (key === "max_attempts") out.maxAttempts = Math.max(0, Math.floor(n));
      else out.totalMaxAttempts = Math.max(1, Math.floor(n));
    }
  }
  return out;
}

/** botocore's per-attempt read timeout: `Config(read_timeout=…)`, 60 s by default (botocore.config.Config). */
function configTimeout(ctx: PyContext, config: SyntaxNode | null, at: SyntaxNode): number {
  const read = config?.type === "call" ? ctx.number(callParts(config).keywords.get("read_timeout"), at) : null;
  return read ?? DEFAULT_READ_TIMEOUT;
}

export function sdkLayer(ctx: PyContext, call: SyntaxNode, service: string | null, r: RetriesConfig, label: string): LayerFact {
  const svc = service ?? "the service";
  const mode = r.mode ?? "legacy";
  const standard = mode === "standard" || mode === "adaptive";
  const dynamo = isDynamoDb(service);
  const modes = dynamo ? BOTO3_DYNAMODB_MODES : BOTO3_MODES;
  const legacyDefault = modes.legacy;
  const modeText = r.mode ? `mode '${r.mode}'` : "no retry mode in code: botocore's default is legacy (AWS_RETRY_MODE / ~/.aws/config can change it)";
  let maxAttempts: number | null;
  let note: string;
  let source: "config" | "default" = "config";
  if (r.totalMaxAttempts !== null) {
    maxAttempts = r.totalMaxAttempts;
    note = `retries={'total_max_attempts': ${r.totalMaxAttempts}} counts attempts → ${maxAttempts} attempts`;
  } else if (r.maxAttempts !== null) {
    maxAttempts = r.maxAttempts + 1;
    note = `retries={'max_attempts': ${r.maxAttempts}} counts retries (botocore adds the first try) → ${maxAttempts} attempts`;
  } else if (r.unreadable) {
    maxAttempts = null;
    note = "the client's retries config is not known statically";
  } else {
    source = r.given ? "config" : "default";
    maxAttempts = standard ? STANDARD_DEFAULT : legacyDefault;
    note = standard
      ? `${modeText}: ${STANDARD_DEFAULT} attempts by default`
      : `${modeText}: ${legacyDefault} attempts by default for ${svc}${dynamo ? " (DynamoDB's legacy default)" : ""}`;
  }
  if (r.mode === null && (r.maxAttempts !== null || r.totalMaxAttempts !== null)) note += "; legacy mode unless the environment sets another";
  const wait: WaitSpec = standard
    ? standardModeWait("rand × min(2^(n-1), 20) s: full jitter, capped at 20 s (standard mode)")
    : { kind: "exponential", jitter: true, initialSeconds: 0, maxSeconds: null, source: "default", description: `rand × 2^(n-1) s${dynamo ? " (base 0.05 s for DynamoDB)" : ""}: random base, no cap (legacy mode)` };
  return awsRetryLayer({
    localId: ctx.nextId("L", call),
    kind: "aws-sdk",
    library: "boto3",
    anchor: nodeSpan(call),
    label,
    maxAttempts,
    source,
    note,
    // §1.6: env/config-file max_attempts counts attempts and applies when the code sets no count;
    // AWS_RETRY_MODE applies when the code sets no mode
    ...(r.totalMaxAttempts === null && r.maxAttempts === null && !r.unreadable ? { envConfig: awsEnvConfig(r.mode === null ? modes : undefined) } : {}),
    wait,
    condition: awsRetryCondition({
      exceptionTypes: ["botocore.exceptions.ConnectionError", "botocore.exceptions.HTTPClientError"],
      statuses: THROTTLING_AND_5XX,
      honoursRetryAfter: null,
      description: "connection errors, 5xx (500/502/503/504), 429 and throttling error codes, for every operation",
    }),
    // §1.6: legacy mode has no quota; an unset mode is legacy unless the environment says otherwise
    budget: r.mode === "legacy" || r.mode === null ? null : standardRetryQuota("timeout", mode),
  });
}

/** `return boto3.client(...)` or `return name` where name holds the client: a factory. */
function returnsIt(def: SyntaxNode, call: SyntaxNode, binding: string): boolean {
  for (const ret of descendants(def, "return_statement", { skipNestedDefs: true })) {
    const v = ret.namedChildren[0];
    if (!v) continue;
    if (v.id === call.id || (binding && v.text === binding)) return true;
  }
  return false;
}

function isCached(ctx: PyContext, def: SyntaxNode): boolean {
  const wrapper = def.parent?.type === "decorated_definition" ? def.parent : null;
  for (const dec of wrapper?.namedChildren ?? []) {
    if (dec?.type !== "decorator") continue;
    const expr = dec.namedChildren[0];
    const q = ctx.qualifiedName(expr?.type === "call" ? expr.childForFieldName("function") : expr) ?? "";
    if (CACHE_DECORATORS.test(q)) return true;
  }
  return false;
}

