/**
 * AWS SDK for Java (v2 `software.amazon.awssdk`, v1 `com.amazonaws`) client retries —
 * docs/reference/aws-sdk-java.md (layer kind and bench family "aws-sdk-java").
 *
 * v2 (read in aws/aws-sdk-java-v2: core/sdk-core `SdkDefaultRetrySetting`, `RetryMode`,
 * services/dynamodb `DynamoDbRetryPolicy`; PRs #2324, #6925, announcement issue #6987):
 * - The default retry mode is **LEGACY** on every published 2.x line: `numRetries` 3 → **4
 *   attempts**; DynamoDB `LEGACY_MAX_ERROR_RETRY = 8` → **9 attempts** (STANDARD_MAX_ERROR_RETRY
 *   = the legacy value since PR #2324, 2021: 9 in standard mode too). STANDARD / ADAPTIVE: 3 attempts.
 *   2.44.0 adds an opt-in (`AWS_NEW_RETRIES_2026=true`) switching the default to STANDARD (3,
 *   DynamoDB 4); the default rollout is announced for no sooner than November 2026 (issue #6987), so
 *   the legacy numbers are modelled; the note names the version the build pins (pom.xml, Gradle, BOM).
 * - `RetryPolicy.builder().numRetries(n)` counts **retries** (n+1 attempts); `RetryPolicy.none()`,
 *   `AwsRetryStrategy.doNotRetry()` → 1; a retry strategy's `maxAttempts(n)` counts **attempts**;
 *   `RetryMode.X` / `AwsRetryStrategy.standardRetryStrategy()` … → that mode's count.
 * - `AWS_MAX_ATTEMPTS` (attempts) and `AWS_RETRY_MODE` are read where the code sets nothing.
 * v1 (`PredefinedRetryPolicies`): `DEFAULT_MAX_ERROR_RETRY = 3` → **4 attempts**,
 * `DYNAMODB_DEFAULT_MAX_ERROR_RETRY = 10` → **11**; `ClientConfiguration.withMaxErrorRetry(n)` /
 * `setMaxErrorRetry(n)` count retries; `PredefinedRetryPolicies.NO_RETRY_POLICY` → 1.
 *
 * Every method on a client (field, local, assignment, `@Bean` factory, injected field/parameter
 * typed with the client class) is a request to `aws:<service>` (ClientFact.sdk).
 */
import type { LayerFact } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { importsFrom, simpleType, type JvmContext } from "./context";
import { attemptsInMode, awsEnvConfig, awsLayerLabel, awsRetryCondition, awsRetryLayer, awsSdkTarget, isDynamoDb, JAVA_V1_RETRIES, JAVA_V2_DYNAMODB_MODES, JAVA_V2_MODES, THROTTLING_AND_5XX } from "../shared/awsSdk";
import { BEAN_PREFIX } from "./http";
import { holderOf, outermost, valueOfName } from "./jvmHolders";
import { argAt, chainOf, exprText, numberOf, type Call, type Expr } from "./syntax";

export const AWS_SDK_JAVA = "aws-sdk-java";
/**
 * Per-read socket timeouts every attempt has: 2.x SdkHttpConfigurationOption GLOBAL_HTTP_DEFAULTS
 * (DEFAULT_SOCKET_READ_TIMEOUT 30 s, connect 2 s); 1.x ClientConfiguration DEFAULT_SOCKET_TIMEOUT
 * 50 s (connect 10 s). No overall call timeout by default (apiCallTimeout / request timeout unset).
 */
export const V2_READ_TIMEOUT_S = 30;
export const V1_SOCKET_TIMEOUT_S = 50;

const V2_SERVICE = /^software\.amazon\.awssdk\.services\.([a-z0-9]+)\.(\w+)$/;
const V1_SERVICE = /^com\.amazonaws\.services\.([a-z0-9]+)\.(\w+)$/;
const NOT_SENDING = ["close", "serviceName", "serviceClientConfiguration", "utilities", "waiter", "presigner", "toString", "hashCode", "equals", "shutdown", "getRegion", "setRegion", "setEndpoint", "getServiceName", "getUrl", "getCachedResponseMetadata", "getS3AccountOwner"];

interface Setting {
  attempts: number | null;
  note: string;
}

export function detectAwsSdkJava(ctx: JvmContext): void {
  const v2 = importsFrom(ctx.file, "software.amazon.awssdk");
  const v1 = importsFrom(ctx.file, "com.amazonaws");
  if (!v2 && !v1) return;
  // simple type → service: `S3Client` → s3, `AmazonS3ClientBuilder` → s3
  const v2Types = new Map<string, string>();
  const v1Clients = new Map<string, string>();
  const v1Builders = new Map<string, string>();
  for (const imp of ctx.file.imports) {
    if (imp.star) continue;
    const local = imp.alias ?? imp.path.slice(imp.path.lastIndexOf(".") + 1);
    const m2 = V2_SERVICE.exec(imp.path);
    if (m2 && /(Async)?Client$/.test(m2[2]!)) v2Types.set(local, m2[1]!);
    const m1 = V1_SERVICE.exec(imp.path);
    if (m1) m1[1] = m1[1]!.replace(/v2$/, ""); // com.amazonaws.services.dynamodbv2 → dynamodb
    if (m1 && /^(Amazon|AWS)/.test(m1[2]!)) {
      if (/ClientBuilder$/.test(m1[2]!)) v1Builders.set(local, m1[1]!);
      else if (!/(Exception|Request|Result|URI|Configuration|Constants|Utils?|Builder)$/.test(m1[2]!)) v1Clients.set(local, m1[1]!);
    }
  }
  if (!v2Types.size && !v1Clients.size && !v1Builders.size) return;
  const headType = (call: Call): string | null => (call.receiver?.k === "name" ? call.receiver.path.slice(call.receiver.path.lastIndexOf(".") + 1) : null);
  for (const call of ctx.file.calls) {
    let service: string | null = null;
    let version: 1 | 2 = 2;
    const head = headType(call);
    if (!call.isNew && head && v2Types.has(head) && (call.name === "create" || call.name === "builder")) service = v2Types.get(head)!;
    else if (!call.isNew && head && v1Builders.has(head) && (call.name === "standard" || call.name === "defaultClient")) {
      service = v1Builders.get(head)!;
      version = 1;
    } else if (call.isNew && /Client$/.test(call.name) && v1Clients.has(simpleType(call.name.replace(/<.*$/, ""))!)) {
      service = v1Clients.get(simpleType(call.name.replace(/<.*$/, ""))!)!;
      version = 1;
    }
    if (!service) continue;
    const whole = call.isNew ? call : outermost(ctx, call);
    const chain = call.isNew ? [call] : chainOf(whole);
    // a builder never built is not a client
    if (call.name === "builder" || call.name === "standard") {
      if (!chain.some((c) => c.name === "build")) continue;
    }
    const dynamo = isDynamoDb(service);
    const setting = version === 2 ? v2Setting(ctx, whole, chain, dynamo) : v1Setting(ctx, whole, chain);
    const localId = ctx.nextId("L", whole.span);
    const holder = holderOf(ctx, whole);
    const label = awsLayerLabel(holder?.name ? holder.name.slice(holder.name.lastIndexOf(".") + 1) : `${head ?? call.name}`, service);
    ctx.facts.layers.push(layer(localId, whole, version, dynamo, setting, label));
    if (!holder) continue;
    const id = ctx.nextId("K", whole.span);
    ctx.facts.clients.push({ id, name: holder.name, functionId: holder.functionId, span: whole.span, library: AWS_SDK_JAVA, baseUrl: null, layerIds: [localId], fromCall: null, perCall: holder.perCall, hasRetryQuota: version === 2, timeoutSeconds: version === 2 ? V2_READ_TIMEOUT_S : V1_SOCKET_TIMEOUT_S, sdk: awsSdkTarget(service, NOT_SENDING) });
    if (holder.beanMethod) {
      const fn = ctx.facts.functions.find((f) => f.id === holder.beanMethod);
      if (fn) fn.returnsClientId = id;
    }
  }
  // fields and parameters typed with a client class and built nowhere here: an injected bean
  const typed = (t: string | null): boolean => {
    const s = simpleType(t?.replace(/[?<].*$/, "") ?? null);
    return !!s && (v2Types.has(s) || v1Clients.has(s));
  };
  const stubs: Array<{ name: string; functionId: string; span: LayerFact["anchor"] }> = [];
  for (const d of ctx.file.decls) {
    if (d.kind === "field" && typed(d.type)) stubs.push({ name: `${d.ownerId || ctx.file.pkg}.${d.name}`, functionId: d.ownerId || ctx.file.pkg, span: d.span });
    if (d.kind === "method" || d.kind === "constructor") for (const p of d.params) if (typed(p.type)) stubs.push({ name: `${d.id}.${p.name}`, functionId: d.id, span: d.span });
  }
  // `s3.putObject(req)` on a client-typed receiver: the linker must see the receiver's own name
  // (module.ts names calls on workspace-looking types after the type)
  const byId = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  for (const call of ctx.file.calls) {
    const path = call.receiver?.k === "name" ? call.receiver.path.replace(/^this\./, "") : null;
    if (!path || path.includes(".")) continue;
    if (!typed(ctx.typeOf(call.scopeId, path))) continue;
    const fact = byId.get(ctx.callIds.get(call.node.id) ?? "");
    if (fact) fact.callee = `${path}.${call.name}`;
  }
  for (const s of stubs) {
    if (ctx.facts.clients.some((c) => c.name === s.name)) continue;
    const bare = s.name.slice(s.name.lastIndexOf(".") + 1);
    ctx.facts.clients.push({ id: ctx.nextId("K", s.span), name: s.name, functionId: s.functionId, span: s.span, library: "unknown", baseUrl: null, layerIds: [], fromCall: `${BEAN_PREFIX}${AWS_SDK_JAVA}:${bare}`, perCall: false, hasRetryQuota: false, timeoutSeconds: null });
  }
}

/** The calls written inside a node (an argument, a lambda body), in source order. */
function callsWithin(ctx: JvmContext, node: SyntaxNode): Call[] {
  return ctx.file.calls.filter((c) => c.node.startIndex >= node.startIndex && c.node.endIndex <= node.endIndex).sort((a, b) => a.node.startIndex - b.node.startIndex);
}

/** The nodes an argument stands for: itself, and what a name is bound to in the file. */
function argNodes(ctx: JvmContext, scopeId: string, arg: { value: Expr; node: SyntaxNode }): SyntaxNode[] {
  const out = [arg.node];
  if (arg.value.k === "name") {
    const v = valueOfName(ctx, scopeId, arg.value.path);
    if (v?.k === "call") out.push(outermost(ctx, v.call).node);
    // `cfg.setMaxErrorRetry(n)` on the named configuration
    const bare = arg.value.path.replace(/^this\./, "");
    for (const c of ctx.file.calls) if (c.receiver?.k === "name" && c.receiver.path.replace(/^this\./, "") === bare && /^set(MaxErrorRetry|RetryPolicy)$/.test(c.name)) out.push(c.node);
  }
  return out;
}

/** `RetryMode.X` → its default count (ADAPTIVE_V2 counts like ADAPTIVE) */
function modeAttempts(mode: string, dynamo: boolean): number | null {
  const m = mode.toLowerCase();
  return attemptsInMode(dynamo ? JAVA_V2_DYNAMODB_MODES : JAVA_V2_MODES, m === "adaptive_v2" ? "adaptive" : m);
}

function countOf(ctx: JvmContext, call: Call, e: Expr | null): number | null {
  const n = numberOf(e);
  if (n !== null) return n;
  if (e?.k === "name") return numberOf(valueOfName(ctx, call.scopeId, e.path));
  return null;
}

/** v2: `overrideConfiguration(…)` (a builder chain, a lambda, a name) with retryPolicy / retryStrategy; the last wins. */
function v2Setting(ctx: JvmContext, whole: Call, chain: Call[], dynamo: boolean): Setting | null {
  let found: Setting | null = null;
  for (const link of chain) {
    if (link.name !== "overrideConfiguration") continue;
    for (const a of link.args) {
      for (const n of argNodes(ctx, whole.scopeId, a)) {
        for (const c of callsWithin(ctx, n)) {
          const recv = c.receiver?.k === "name" ? c.receiver.path.slice(c.receiver.path.lastIndexOf(".") + 1) : "";
          const arg0 = argAt(c, 0);
          const modeArg = arg0?.k === "name" && /(^|\.)RetryMode\.\w+$/.test(arg0.path) ? arg0.path.slice(arg0.path.lastIndexOf(".") + 1) : null;
          if (c.name === "numRetries") {
            const n = countOf(ctx, c, arg0);
            found = n === null ? { attempts: null, note: `RetryPolicy numRetries(${exprText(arg0)}): not known statically (counts retries)` } : { attempts: Math.max(0, n) + 1, note: `RetryPolicy numRetries(${exprText(arg0)}) counts retries → ${Math.max(0, n) + 1} attempts` };
          } else if (c.name === "maxAttempts") {
            const n = countOf(ctx, c, arg0);
            found = n === null ? { attempts: null, note: `retry strategy maxAttempts(${exprText(arg0)}): not known statically` } : { attempts: Math.max(1, n), note: `retry strategy maxAttempts(${exprText(arg0)}) counts attempts → ${Math.max(1, n)}` };
          } else if ((c.name === "none" && recv === "RetryPolicy") || c.name === "doNotRetry") {
            found = { attempts: 1, note: `${recv ? `${recv}.` : ""}${c.name}() → 1 attempt` };
          } else if (modeArg && /^(retryPolicy|retryStrategy|forRetryMode|builder|defaultRetryStrategy)$/.test(c.name)) {
            const n = modeAttempts(modeArg, dynamo);
            if (n !== null && !(found && /numRetries|maxAttempts/.test(found.note))) found = { attempts: n, note: `RetryMode.${modeArg}: ${n} attempts${dynamo ? " (DynamoDB: 8 retries)" : ""}` };
          } else if (/^(standard|legacy|adaptive)RetryStrategy$/.test(c.name) && recv === "AwsRetryStrategy") {
            const mode = c.name.replace(/RetryStrategy$/, "");
            const n = modeAttempts(mode, dynamo)!;
            if (!(found && /numRetries|maxAttempts/.test(found.note))) found = { attempts: n, note: `AwsRetryStrategy.${c.name}(): ${mode.toUpperCase()} mode, ${n} attempts` };
          } else if (c.name === "retryPolicy" || c.name === "retryStrategy") {
            if (!arg0 || arg0.k === "lambda" || arg0.k === "call") continue;
            if (!found) found = { attempts: null, note: `${c.name}(${exprText(arg0).slice(0, 40)}): a custom retry policy, count not known` };
          }
        }
      }
    }
  }
  return found;
}

/** v1: `withClientConfiguration(cfg)` / `new AmazonS3Client(creds, cfg)` with withMaxErrorRetry / setMaxErrorRetry / a retry policy. */
function v1Setting(ctx: JvmContext, whole: Call, chain: Call[]): Setting | null {
  let found: Setting | null = null;
  const args = chain.flatMap((c) => (c.isNew || /^with(ClientConfiguration|RetryPolicy)$/.test(c.name) ? c.args : []));
  for (const a of args) {
    for (const n of argNodes(ctx, whole.scopeId, a)) {
      const nodeName = n.type === "identifier" && a.value.k === "name" ? a.value.path : null;
      if (nodeName && /(^|\.)NO_RETRY_POLICY$/.test(nodeName)) found = { attempts: 1, note: "PredefinedRetryPolicies.NO_RETRY_POLICY → 1 attempt" };
      for (const c of callsWithin(ctx, n)) {
        const arg0 = argAt(c, 0);
        if (c.name === "withMaxErrorRetry" || c.name === "setMaxErrorRetry" || /^get(DynamoDB)?DefaultRetryPolicyWithCustomMaxRetries$/.test(c.name)) {
          const k = countOf(ctx, c, arg0);
          if (k === null) found = { attempts: null, note: `${c.name}(${exprText(arg0)}): not known statically (counts retries)` };
          else if (k < 0) found = null; // -1: the retry policy's default
          else found = { attempts: k + 1, note: `${c.name}(${exprText(arg0)}) counts retries → ${k + 1} attempts` };
        } else if ((c.name === "withRetryPolicy" || c.name === "setRetryPolicy") && arg0?.k === "name" && /(^|\.)NO_RETRY_POLICY$/.test(arg0.path)) {
          found = { attempts: 1, note: "PredefinedRetryPolicies.NO_RETRY_POLICY → 1 attempt" };
        }
      }
    }
  }
  return found;
}

/** replaced by the build's software.amazon.awssdk version when it is pinned (engine/versionGates.ts) */
const V2_VERSION_UNKNOWN = "SDK version not pinned in the build as far as the workspace shows";

function layer(localId: string, whole: Call, version: 1 | 2, dynamo: boolean, setting: Setting | null, label: string): LayerFact {
  let attempts: number | null;
  let note: string;
  if (setting) {
    attempts = setting.attempts;
    note = `${setting.note} (AWS SDK for Java ${version === 2 ? "2.x" : "1.x"})`;
  } else if (version === 2) {
    attempts = dynamo ? JAVA_V2_DYNAMODB_MODES.legacy : JAVA_V2_MODES.legacy;
    note = dynamo
      ? `default LEGACY retry mode: DynamoDB 8 retries → 9 attempts (aws-sdk-java-v2 DynamoDbRetryPolicy; ${V2_VERSION_UNKNOWN}: every 2.x release defaults to LEGACY unless AWS_NEW_RETRIES_2026 is set)`
      : `default LEGACY retry mode: 3 retries → 4 attempts (aws-sdk-java-v2 SdkDefaultRetrySetting; ${V2_VERSION_UNKNOWN}: every 2.x release defaults to LEGACY unless AWS_NEW_RETRIES_2026 is set)`;
  } else {
    const retries = dynamo ? JAVA_V1_RETRIES.dynamoDbRetries : JAVA_V1_RETRIES.retries;
    attempts = retries + 1;
    note = `default ${dynamo ? "DYNAMODB_DEFAULT_MAX_ERROR_RETRY" : "DEFAULT_MAX_ERROR_RETRY"} ${retries} retries → ${attempts} attempts (aws-java-sdk 1.x PredefinedRetryPolicies)`;
  }
  return awsRetryLayer({
    localId,
    kind: "aws-sdk-java",
    library: version === 2 ? "aws-sdk-java-v2" : "aws-java-sdk",
    anchor: whole.span,
    label,
    maxAttempts: attempts,
    source: setting ? "config" : "default",
    note,
    ...(!setting && version === 2
      ? {
          // 1.x reads no AWS_MAX_ATTEMPTS; DynamoDB's count is the same in every mode, so AWS_RETRY_MODE does not change it
          envConfig: awsEnvConfig(dynamo ? undefined : JAVA_V2_MODES),
          // the note names the build's SDK version (no published 2.x release changed the default yet: issue #6987)
          versionGate: { ecosystem: "maven" as const, module: "software.amazon.awssdk", maxAttempts: attempts, note: "", assumed: V2_VERSION_UNKNOWN },
        }
      : {}),
    wait: { kind: "exponential", jitter: true, initialSeconds: dynamo ? 0.025 : 0.1, maxSeconds: 20, source: "default", description: `exponential with jitter from ${dynamo ? 25 : 100} ms (throttles 500 ms), max 20 s` },
    condition: awsRetryCondition({
      exceptionTypes: ["IOException", "SdkClientException"],
      statuses: THROTTLING_AND_5XX,
      // not verified: PR #6925 (2.44) "x-amz-retry-after replaces Retry-After" implies some earlier use
      honoursRetryAfter: null,
      description: "I/O errors, 5xx, throttling and clock-skew errors, every operation",
    }),
    budget: version === 2 ? "retry quota per client (token bucket; issue #6987: legacy proprietary, standard 500 tokens)" : null,
  });
}
