/**
 * AWS SDK for Go (v1 and v2) — docs/reference/aws-sdk-go.md.
 *
 * aws-sdk-go v1 (`github.com/aws/aws-sdk-go`, read at v1.37.3):
 * - `s3.New(sess, cfgs...)`, `dynamodb.New(sess)`, any `<svc>.New(p, …)` of a package under
 *   `service/` → a client layer (kind "aws-sdk-go") anchored on the call; every method on the
 *   client (`svc.PutObjectWithContext(ctx, in)`) is a request to `aws:<svc>`.
 *   `s3manager.NewUploader(sess)` / `NewDownloader(sess)` send through an S3 client built from the
 *   session (`…WithClient(svc)`: through `svc`).
 * - aws/client/client.go `New`: `cfg.Retryer` if it implements request.Retryer, else
 *   `DefaultRetryer{NumMaxRetries: maxRetries}` with `maxRetries = DefaultRetryerMaxNumRetries` (3,
 *   aws/client/default_retryer.go) when `cfg.MaxRetries == nil || == aws.UseServiceDefaultRetries (-1)`.
 *   **MaxRetries counts retries**: unset/-1 → 3 → 4 attempts; 0 → 1 attempt (ShouldRetry false);
 *   n → n+1 (request.go `r.RetryCount < r.MaxRetries()`). DynamoDB (service/dynamodb/customizations.go
 *   `setCustomRetryer`): 10 retries → **11 attempts** when MaxRetries is unset/-1 and no Retryer is set,
 *   MinRetryDelay 50 ms. Backoff 2^n × [min, 2·min) from 30 ms (throttles 500 ms), max 300 s; Retry-After
 *   honoured on 429/503 throttles. `client.NoOpRetryer{}` → 1 attempt; `client.DefaultRetryer{NumMaxRetries: n}`
 *   → n+1. The session's `aws.Config{MaxRetries: aws.Int(n)}` (`session.NewSession`, `session.Must`,
 *   `session.NewSessionWithOptions(session.Options{Config: …})`, `session.New`, `.WithMaxRetries(n)`) is read
 *   when the session is built in the same file; a later config passed to `<svc>.New` wins (Config.MergeIn).
 *
 * aws-sdk-go-v2 (`github.com/aws/aws-sdk-go-v2`, aws/retry/standard.go, aws/retry/middleware.go,
 * config/load_options.go):
 * - `cfg, err := config.LoadDefaultConfig(ctx, opts...)` then `s3.NewFromConfig(cfg, optFns...)` → a
 *   client layer. Standard retryer: `DefaultMaxAttempts = 3` **attempts** (RetryMaxAttempts counts
 *   attempts), exponential jitter backoff max 20 s, 500-token retry quota (5 per retry, 10 per timeout).
 * - `config.WithRetryMaxAttempts(n)` / `o.RetryMaxAttempts = n`: n attempts; 0 is ignored (LoadOptions
 *   GetRetryMaxAttempts: "not 0") → default 3. `config.WithRetryer(func() aws.Retryer { … })` /
 *   `o.Retryer = …`: `aws.NopRetryer{}` → 1 attempt; `retry.AddWithMaxAttempts(r, n)` → n, and **0 means no
 *   limit** (middleware: `if maxAttempts > 0 && attemptNum >= maxAttempts` stops; only the quota and the
 *   context bound it); `retry.NewStandard()` / `retry.NewAdaptiveMode()` → 3; `NewStandard(func(o){ o.MaxAttempts = n })` → n.
 */
import type { LayerFact } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { awsEnvConfig, awsLayerLabel, awsRetryCondition, awsRetryLayer, awsSdkTarget, GO_V1_RETRIES, GO_V2_MODES, isDynamoDb, SERVER_5XX, standardModeWait, standardRetryQuota, THROTTLING_AND_5XX } from "../shared/awsSdk";
import { libraryParams } from "./mongo";
import { addClient } from "./nethttp";
import { callArgs, calleeNode, descendants, dottedName, enclosingFunction, nodeSpan } from "./syntax";
import { boundName, numberOf } from "./values";

const V1_SERVICE = /^github\.com\/aws\/aws-sdk-go\/service\/([a-z0-9]+)$/;
const V1_SESSION = "github.com/aws/aws-sdk-go/aws/session";
const V1_S3MANAGER = "github.com/aws/aws-sdk-go/service/s3/s3manager";
const V2_SERVICE = /^github\.com\/aws\/aws-sdk-go-v2\/service\/([a-z0-9]+)$/;
const V2_CONFIG = "github.com/aws/aws-sdk-go-v2/config";
/** aws-sdk-go-v2 aws/retry/standard.go DefaultMaxAttempts */
const V2_DEFAULT_ATTEMPTS = GO_V2_MODES.standard;
const NOT_SENDING = ["NewRequest", "Handlers", "Config", "ClientInfo", "AddDebugHandlers"];
const V2_NOT_SENDING = [...NOT_SENDING, "Options"];

/** What a config says about retries. retries: v1 (counts retries); attempts: v2 (counts attempts). */
interface Setting {
  /** v1: retries (null unknown); v2: attempts (null unknown or unlimited) */
  count: number | null;
  note: string;
  anchor: SyntaxNode;
  /** v1: the service's own default applies (MaxRetries unset or -1, no Retryer) */
  serviceDefault?: boolean;
  unlimited?: boolean;
}

export function detectAwsSdkGo(ctx: GoContext): void {
  detectV1(ctx);
  detectV2(ctx);
}

function keyedValue(kv: SyntaxNode): SyntaxNode | null {
  const v = kv.childForFieldName("value") ?? kv.namedChildren[1] ?? null;
  return v?.type === "literal_element" ? (v.namedChildren[0] ?? null) : v;
}
function keyOf(kv: SyntaxNode): string {
  const k = kv.childForFieldName("key") ?? kv.namedChildren[0] ?? null;
  return (k?.type === "literal_element" ? k.namedChildren[0]?.text : k?.text) ?? "";
}
/** `aws.Int(3)` → 3, `3` → 3, a constant → its value */
function intArg(ctx: GoContext, n: SyntaxNode | null): number | null {
  if (!n) return null;
  if (n.type === "call_expression") return intArg(ctx, callArgs(n)[0] ?? null);
  if (n.type === "unary_expression" && n.text.startsWith("-")) {
    const inner = intArg(ctx, n.namedChildren[n.namedChildren.length - 1] ?? null);
    return inner === null ? null : -inner;
  }
  if (n.type === "selector_expression" && n.childForFieldName("field")?.text === "UseServiceDefaultRetries") return -1;
  return numberOf(ctx, n);
}

// ---------------------------------------------------------------- v1

/** MaxRetries / Retryer written anywhere under `nodes` (aws.Config literals, `.WithMaxRetries(n)`); the last wins. */
function v1Setting(ctx: GoContext, nodes: SyntaxNode[]): Setting | null {
  let found: Setting | null = null;
  const all = nodes.flatMap((n) => [n, ...descendants(n, ["keyed_element", "call_expression"])]).sort((a, b) => a.startIndex - b.startIndex);
  for (const n of all) {
    if (n.type === "keyed_element" && keyOf(n) === "MaxRetries") found = retriesSetting(ctx, keyedValue(n), n, "MaxRetries");
    else if (n.type === "keyed_element" && keyOf(n) === "Retryer") found = retryerSetting(ctx, keyedValue(n), n);
    else if (n.type === "call_expression") {
      const fn = calleeNode(n);
      const field = fn?.type === "selector_expression" ? fn.childForFieldName("field")?.text : null;
      if (field === "WithMaxRetries") found = retriesSetting(ctx, callArgs(n)[0] ?? null, n, "WithMaxRetries");
      else if (field === "WithRetryer" && /request$/.test(fn?.childForFieldName("operand")?.text ?? "")) found = retryerSetting(ctx, callArgs(n)[1] ?? null, n);
    }
  }
  return found;
}

function retriesSetting(ctx: GoContext, value: SyntaxNode | null, anchor: SyntaxNode, via: string): Setting {
  const n = intArg(ctx, value);
  const text = value?.text ?? "?";
  if (n === null) return { count: null, note: `${via}: ${text} is not known statically (counts retries; -1 = service default)`, anchor };
  if (n === -1) return { count: null, serviceDefault: true, note: `${via}: ${text} = aws.UseServiceDefaultRetries (-1): the service default`, anchor };
  if (n <= 0) return { count: 0, note: `${via}: ${text} → no retries → 1 attempt`, anchor };
  return { count: n, note: `${via}: ${text} counts retries → ${n + 1} attempts`, anchor };
}

function retryerSetting(ctx: GoContext, value: SyntaxNode | null, anchor: SyntaxNode): Setting {
  const text = value?.text ?? "";
  if (/NoOpRetryer\s*\{/.test(text)) return { count: 0, note: "Retryer: client.NoOpRetryer{} → 1 attempt", anchor };
  const kv = value ? descendants(value, "keyed_element").find((k) => keyOf(k) === "NumMaxRetries") : undefined;
  if (/DefaultRetryer\s*\{/.test(text)) {
    if (!kv) return { count: 0, note: "Retryer: client.DefaultRetryer{} without NumMaxRetries (0) → 1 attempt", anchor };
    const s = retriesSetting(ctx, keyedValue(kv), anchor, "DefaultRetryer NumMaxRetries");
    return s.serviceDefault ? { count: 0, note: "DefaultRetryer NumMaxRetries -1 → no retries → 1 attempt", anchor } : s;
  }
  return { count: null, note: `Retryer: ${text.length > 40 ? `${text.slice(0, 40)}…` : text}: a custom retryer, count not known`, anchor };
}

function detectV1(ctx: GoContext): void {
  const services = new Map<string, string>();
  for (const imp of ctx.imports) {
    const m = V1_SERVICE.exec(imp.path);
    if (m) services.set(ctx.importLocal(imp.path) ?? m[1]!, m[1]!);
  }
  const sessionPkg = ctx.importLocal(V1_SESSION);
  const managerPkg = ctx.importLocal(V1_S3MANAGER);
  if (!services.size && !managerPkg) return;
  const root = ctx.tree.rootNode;
  const calls = descendants(root, "call_expression");
  // sessions built in this file: bound name → their retry setting (null: none written)
  const sessions = new Map<string, Setting | null>();
  if (sessionPkg) {
    for (const call of calls) {
      const callee = dottedName(calleeNode(call)) ?? "";
      if (!/^(NewSession|NewSessionWithOptions|Must|New)$/.test(callee.slice(sessionPkg.length + 1)) || !callee.startsWith(`${sessionPkg}.`)) continue;
      // the outermost session call (`session.Must(session.NewSession(…))`)
      if (call.parent?.parent?.type === "call_expression" && (dottedName(calleeNode(call.parent.parent)) ?? "") === `${sessionPkg}.Must`) continue;
      const name = boundName(ctx, call);
      if (name) sessions.set(name, v1Setting(ctx, callArgs(call)));
    }
  }
  const sessionSetting = (arg: SyntaxNode | null): { setting: Setting | null; known: boolean } => {
    if (!arg) return { setting: null, known: false };
    if (arg.type === "call_expression") return { setting: v1Setting(ctx, [arg]), known: true };
    const name = ctx.nameOf(arg, arg);
    if (name && sessions.has(name)) return { setting: sessions.get(name) ?? null, known: true };
    return { setting: null, known: false };
  };
  const clients = new Map<string, string>();
  for (const call of calls) {
    const callee = dottedName(calleeNode(call)) ?? "";
    const dot = callee.indexOf(".");
    const pkg = dot > 0 ? callee.slice(0, dot) : "";
    const member = callee.slice(dot + 1);
    let service: string | null = null;
    let through: string | null = null;
    if (services.has(pkg) && member === "New") service = services.get(pkg)!;
    else if (managerPkg && pkg === managerPkg && /^New(Uploader|Downloader)(WithClient)?$/.test(member)) {
      service = "s3";
      through = member;
    }
    if (!service) continue;
    const name = boundName(ctx, call) ?? returnName(ctx, call);
    const args = callArgs(call);
    // `s3manager.NewUploaderWithClient(svc)`: the uploader sends through svc's retries
    if (through?.endsWith("WithClient")) {
      const from = ctx.facts.clients.find((c) => c.name === ctx.nameOf(args[0] ?? null, call) && c.library === "aws-sdk-go");
      if (name && from) {
        const fact = addClient(ctx, { name, at: call, library: "aws-sdk-go", timeoutSeconds: null, timeoutSet: false, layerIds: from.layerIds });
        fact.sdk = awsSdkTarget(service, NOT_SENDING);
        clients.set(name, service);
      }
      continue;
    }
    const sess = sessionSetting(args[0] ?? null);
    const own = v1Setting(ctx, through ? [] : args.slice(1));
    const setting = own ?? sess.setting;
    const layer = v1Layer(ctx, call, service, setting, sess.known || own !== null, name, through);
    ctx.facts.layers.push(layer);
    if (!name) continue;
    const fact = addClient(ctx, { name, at: call, library: "aws-sdk-go", timeoutSeconds: null, timeoutSet: false, layerIds: [layer.localId] });
    fact.sdk = awsSdkTarget(service, NOT_SENDING);
    markReturned(ctx, fact);
    clients.set(name, service);
  }
  // parameters typed `*s3.S3`, `*dynamodb.DynamoDB`, `s3iface.S3API`: a client handed in
  for (const [pkg, service] of services) {
    for (const p of libraryParams(ctx, pkg, new Set([typeName(service)]))) stub(ctx, p.id, p.node, service);
    const iface = ctx.importLocal(`github.com/aws/aws-sdk-go/service/${service}/${service}iface`);
    if (iface) for (const p of libraryParams(ctx, iface, new Set([`${typeName(service)}API`]))) stub(ctx, p.id, p.node, service);
  }
}

function stub(ctx: GoContext, id: string, at: SyntaxNode, service: string): void {
  if (ctx.facts.clients.some((c) => c.name === id && c.library !== "unknown")) return;
  const fact = addClient(ctx, { name: id, at, library: "aws-sdk-go", timeoutSeconds: null, timeoutSet: false, layerIds: [] });
  fact.sdk = awsSdkTarget(service, NOT_SENDING);
  fact.fromParam ??= id;
}

/** the v1 client type of a service package: s3 → S3, dynamodb → DynamoDB, sqs → SQS */
function typeName(service: string): string {
  const known: Record<string, string> = { dynamodb: "DynamoDB", cloudwatch: "CloudWatch", cloudwatchlogs: "CloudWatchLogs", secretsmanager: "SecretsManager", eventbridge: "EventBridge", kinesis: "Kinesis", lambda: "Lambda", firehose: "Firehose", ssm: "SSM" };
  return known[service] ?? service.toUpperCase();
}

/** `return s3.New(sess)` in `func NewS3() *s3.S3`: the function returns the client (its result is named `<fn>.<return>`). */
function returnName(ctx: GoContext, call: SyntaxNode): string | null {
  if (call.parent?.type !== "expression_list" || call.parent.parent?.type !== "return_statement") return null;
  const fn = enclosingFunction(call);
  if (!fn || fn.type === "func_literal") return null;
  const id = ctx.idOf(fn);
  const fact = ctx.facts.functions.find((f) => f.id === id);
  if (!fact || fact.returnsClientId) return null;
  return `${id}.<return>`;
}
/** `NewS3.<return>` → `NewS3()` for labels */
function labelName(name: string | null): string | null {
  return name?.endsWith(".<return>") ? `${name.slice(0, -".<return>".length)}()` : name;
}
/** the function a `<fn>.<return>` client is the result of returns it */
function markReturned(ctx: GoContext, client: { id: string; name: string }): void {
  if (!client.name.endsWith(".<return>")) return;
  const id = client.name.slice(0, -".<return>".length);
  const fact = ctx.facts.functions.find((f) => f.id === id);
  if (fact && !fact.returnsClientId) fact.returnsClientId = client.id;
}

function v1Layer(ctx: GoContext, call: SyntaxNode, service: string, setting: Setting | null, sessionKnown: boolean, name: string | null, through: string | null): LayerFact {
  const dynamo = isDynamoDb(service);
  const def = dynamo ? GO_V1_RETRIES.dynamoDbRetries : GO_V1_RETRIES.retries;
  const defNote = dynamo
    ? `default ${def} retries for DynamoDB → ${def + 1} attempts (aws-sdk-go v1 service/dynamodb/customizations.go setCustomRetryer)`
    : `default DefaultRetryerMaxNumRetries ${def} → ${def + 1} attempts (aws-sdk-go v1 aws/client/default_retryer.go)`;
  let retries: number | null;
  let note: string;
  if (!setting || setting.serviceDefault) {
    retries = def;
    note = setting ? `${setting.note}: ${defNote}` : sessionKnown ? `no MaxRetries/Retryer: ${defNote}` : `${defNote}; the session is built elsewhere (its MaxRetries is not read)`;
  } else {
    retries = setting.count;
    note = `${setting.note} (aws-sdk-go v1: MaxRetries counts retries)`;
  }
  if (through) note = `${note}; ${through} sends through an S3 client built from the session`;
  const attempts = retries === null ? null : retries + 1;
  const configured = !!setting && !setting.serviceDefault;
  return awsRetryLayer({
    localId: ctx.nextId("L", call),
    kind: "aws-sdk-go",
    library: "aws-sdk-go",
    anchor: nodeSpan(call),
    label: awsLayerLabel(labelName(name) ?? dottedName(calleeNode(call)) ?? "aws client", service),
    maxAttempts: attempts,
    source: configured ? "config" : "default",
    note,
    wait: { kind: "exponential", jitter: true, initialSeconds: dynamo ? 0.05 : 0.03, maxSeconds: 300, source: "default", description: `2^n × [${dynamo ? 50 : 30} ms, ${dynamo ? 100 : 60} ms) (throttles from 500 ms), max 300 s; Retry-After on throttles` },
    condition: awsRetryCondition({
      exceptionTypes: ["RequestError", "RequestTimeout", "ExpiredToken"],
      statuses: THROTTLING_AND_5XX,
      honoursRetryAfter: true,
      description: "connection errors, timeouts, throttling codes (429, SlowDown, Throttling…) and 5xx, every operation",
    }),
    // v1 has no retry quota
    budget: null,
  });
}

// ---------------------------------------------------------------- v2

/** `aws.NopRetryer{}`, `retry.AddWithMaxAttempts(r, n)`, `retry.NewStandard(...)` under a node */
function v2Retryer(ctx: GoContext, value: SyntaxNode, anchor: SyntaxNode): Setting {
  const text = value.text;
  if (/NopRetryer\s*\{/.test(text)) return { count: 1, note: "Retryer: aws.NopRetryer{} → 1 attempt", anchor };
  const calls = descendants(value, "call_expression");
  const add = calls.find((c) => /(^|\.)AddWithMaxAttempts$/.test(dottedName(calleeNode(c)) ?? ""));
  if (add) {
    const arg = callArgs(add)[1] ?? null;
    const n = intArg(ctx, arg);
    if (n === null) return { count: null, note: `retry.AddWithMaxAttempts(…, ${arg?.text ?? "?"}): not known statically`, anchor };
    if (n <= 0) return { count: null, unlimited: true, note: `retry.AddWithMaxAttempts(…, ${arg?.text}): 0 means no attempt limit (only the retry quota and the context stop it)`, anchor };
    return { count: n, note: `retry.AddWithMaxAttempts(…, ${arg?.text}) → ${n} attempts`, anchor };
  }
  const std = calls.find((c) => /(^|\.)(NewStandard|NewAdaptiveMode)$/.test(dottedName(calleeNode(c)) ?? ""));
  if (std) {
    const kv = descendants(std, "assignment_statement").find((a) => /\.MaxAttempts$/.test(a.childForFieldName("left")?.text ?? ""));
    if (!kv) return { count: V2_DEFAULT_ATTEMPTS, note: `${dottedName(calleeNode(std))}(): DefaultMaxAttempts ${V2_DEFAULT_ATTEMPTS}`, anchor };
    const v = kv.childForFieldName("right")?.namedChildren[0] ?? null;
    const n = intArg(ctx, v);
    if (n === null) return { count: null, note: `StandardOptions.MaxAttempts = ${v?.text ?? "?"}: not known statically`, anchor };
    if (n <= 0) return { count: null, unlimited: true, note: `StandardOptions.MaxAttempts = ${v?.text}: 0 means no attempt limit`, anchor };
    return { count: n, note: `StandardOptions.MaxAttempts = ${v?.text} → ${n} attempts`, anchor };
  }
  return { count: null, note: `Retryer: a custom retryer, count not known`, anchor };
}

/** `config.WithRetryMaxAttempts(n)` / `config.WithRetryer(f)` among LoadDefaultConfig's options */
function v2ConfigSetting(ctx: GoContext, call: SyntaxNode, cfgPkg: string): Setting | null {
  let found: Setting | null = null;
  for (const c of descendants(call, "call_expression")) {
    const callee = dottedName(calleeNode(c)) ?? "";
    if (callee === `${cfgPkg}.WithRetryMaxAttempts`) {
      const arg = callArgs(c)[0] ?? null;
      const n = intArg(ctx, arg);
      found = n === null ? { count: null, note: `config.WithRetryMaxAttempts(${arg?.text ?? "?"}): not known statically`, anchor: c }
        : n <= 0 ? null
        : { count: n, note: `config.WithRetryMaxAttempts(${arg?.text}) counts attempts → ${n}`, anchor: c };
    } else if (callee === `${cfgPkg}.WithRetryer`) found = v2Retryer(ctx, c, c);
  }
  return found;
}

/** `func(o *s3.Options) { o.RetryMaxAttempts = n }` / `o.Retryer = …` among NewFromConfig's option functions */
function v2ClientSetting(ctx: GoContext, args: SyntaxNode[]): Setting | null {
  let found: Setting | null = null;
  for (const a of args) {
    for (const s of descendants(a, "assignment_statement")) {
      const left = s.childForFieldName("left")?.text ?? "";
      const right = s.childForFieldName("right")?.namedChildren[0] ?? null;
      if (!right) continue;
      if (/\.RetryMaxAttempts$/.test(left)) {
        const n = intArg(ctx, right);
        if (n === null) found = { count: null, note: `Options.RetryMaxAttempts = ${right.text}: not known statically`, anchor: s };
        else if (n > 0) found = { count: n, note: `Options.RetryMaxAttempts = ${right.text} counts attempts → ${n}`, anchor: s };
      } else if (/\.Retryer$/.test(left)) found = v2Retryer(ctx, right, s);
    }
  }
  return found;
}

function detectV2(ctx: GoContext): void {
  const services = new Map<string, string>();
  for (const imp of ctx.imports) {
    const m = V2_SERVICE.exec(imp.path);
    if (m) services.set(ctx.importLocal(imp.path) ?? m[1]!, m[1]!);
  }
  if (!services.size) return;
  const cfgPkg = ctx.importLocal(V2_CONFIG);
  const calls = descendants(ctx.tree.rootNode, "call_expression");
  const configs = new Map<string, Setting | null>();
  if (cfgPkg) {
    for (const call of calls) {
      if ((dottedName(calleeNode(call)) ?? "") !== `${cfgPkg}.LoadDefaultConfig`) continue;
      const name = boundName(ctx, call);
      if (name) configs.set(name, v2ConfigSetting(ctx, call, cfgPkg));
    }
  }
  for (const call of calls) {
    const callee = dottedName(calleeNode(call)) ?? "";
    const dot = callee.indexOf(".");
    const service = services.get(dot > 0 ? callee.slice(0, dot) : "");
    if (!service || callee.slice(dot + 1) !== "NewFromConfig") continue;
    const args = callArgs(call);
    const cfgName = args[0] ? ctx.nameOf(args[0], call) : null;
    const cfgKnown = !!cfgName && configs.has(cfgName);
    const setting = v2ClientSetting(ctx, args.slice(1)) ?? (cfgKnown ? configs.get(cfgName!)! : null);
    const name = boundName(ctx, call) ?? returnName(ctx, call);
    const attempts = setting ? setting.count : V2_DEFAULT_ATTEMPTS;
    const def = `default ${V2_DEFAULT_ATTEMPTS} attempts (aws-sdk-go-v2 aws/retry/standard.go DefaultMaxAttempts; RetryMaxAttempts counts attempts)`;
    const note = setting ? `${setting.note} (aws-sdk-go-v2)` : cfgKnown ? `no retry option: ${def}` : `${def}; the aws.Config is loaded elsewhere (its retry options are not read)`;
    const localId = ctx.nextId("L", call);
    ctx.facts.layers.push(awsRetryLayer({
      localId,
      kind: "aws-sdk-go",
      library: "aws-sdk-go-v2",
      anchor: nodeSpan(call),
      label: awsLayerLabel(labelName(name) ?? callee, service),
      maxAttempts: attempts,
      // AddWithMaxAttempts(r, 0): no count bound (null, not unknown)
      unbounded: setting?.unlimited,
      source: setting ? "config" : "default",
      note,
      // config/env_config.go: AWS_MAX_ATTEMPTS → RetryMaxAttempts (attempts) where the code sets none
      ...(setting ? {} : { envConfig: awsEnvConfig() }),
      wait: standardModeWait(),
      condition: awsRetryCondition({
        exceptionTypes: ["connection errors", "RequestTimeout"],
        statuses: SERVER_5XX,
        honoursRetryAfter: false,
        description: "connection errors, 500/502/503/504, RequestTimeout and throttling codes, every operation",
      }),
      budget: standardRetryQuota("timeout"),
    }));
    if (!name) continue;
    const fact = addClient(ctx, { name, at: call, library: "aws-sdk-go-v2", timeoutSeconds: null, timeoutSet: false, layerIds: [localId] });
    fact.sdk = awsSdkTarget(service, V2_NOT_SENDING);
    fact.hasRetryQuota = true;
    markReturned(ctx, fact);
  }
  for (const [pkg, service] of services) {
    for (const p of libraryParams(ctx, pkg, new Set(["Client"]))) {
      if (ctx.facts.clients.some((c) => c.name === p.id && c.library !== "unknown")) continue;
      const fact = addClient(ctx, { name: p.id, at: p.node, library: "aws-sdk-go-v2", timeoutSeconds: null, timeoutSet: false, layerIds: [] });
      fact.sdk = awsSdkTarget(service, V2_NOT_SENDING);
      fact.fromParam ??= p.id;
    }
  }
}
