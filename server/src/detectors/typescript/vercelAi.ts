/**
 * Vercel AI SDK (npm `ai`) — docs/reference/vercel-ai-sdk.md (vercel/ai source, ai 3.1.0–7.0.77).
 *
 * - `generateText({ model, … })`, `streamText`, `generateObject`, `streamObject`, `embed`,
 *   `embedMany`, `generateImage`, `generateSpeech`, `transcribe`, `rerank` (also their
 *   `experimental_` names), imported from "ai" (named, renamed, namespace or `require`): every
 *   call retries its model requests by default → one `client`-category layer (kind
 *   "vercel-ai-sdk") per call, anchored on the call, or on its `maxRetries` property when written.
 * - Counts: `maxRetries: N` counts RETRIES → N+1 attempts (0 → 1, retries off); unset →
 *   `prepareRetries`' `maxRetries ?? 2` → 3 attempts, the same in every major version (3–7).
 *   A literal or a module constant is read; anything else is a count not known statically.
 * - Wait: 2 s, ×2 per retry, no cap and no jitter; from ai 5.0 a `retry-after-ms` / `Retry-After`
 *   under 60 s (or under the backoff delay) replaces the delay.
 * - Condition: `APICallError.isRetryable` (408, 409, 429, ≥ 500, and network errors the provider's
 *   fetch wrapper marks retryable), every request (they are POSTs); aborts are never retried.
 * - Target: the model's provider. `openai("gpt-4o")` / `openai.chat(…)` from `@ai-sdk/openai`,
 *   or a provider a `createOpenAI({ baseURL })` of the file builds, is a request to that
 *   provider's host (the literal `baseURL` when written); a model id string goes to the AI Gateway
 *   (ai ≥ 5); a model not known statically goes to the file's only provider package, else
 *   "sdk://ai-sdk-model". The provider packages send one `fetch` per request and retry nothing
 *   themselves, so the call's layer is the only one the SDK adds.
 * Each call is pointed at a client of its own (a name no code can write) carrying that layer, as
 * for the OpenAI SDK's per-request options (llmSdk.ts).
 */
import type { ClientFact, FileFacts, LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import { isFunctionLike, numberValue, objectProperty, spanOf, ts, unwrap } from "../../parsing/typescript";
import { objectArg } from "./awsSdk";
import { staticNumber } from "./jsRetryCommon";
import type { FileIndex, IdAllocator } from "./module";

const AI_PACKAGE = "ai";
/** The "ai" functions whose options take `maxRetries` (ai 7.0.77 callers of prepareRetries; older names kept). */
export const AI_SDK_CALLS: ReadonlySet<string> = new Set([
  "generateText", "streamText", "generateObject", "streamObject", "embed", "embedMany",
  "generateImage", "experimental_generateImage", "generateSpeech", "experimental_generateSpeech",
  "transcribe", "experimental_transcribe", "rerank", "experimental_generateVideo",
]);
/** `prepareRetries`: `maxRetries ?? 2` (ai 5–7; ai 3.1–4.x `prepareCallSettings` the same) */
export const AI_SDK_DEFAULT_MAX_RETRIES = 2;
/** retryWithExponentialBackoff(RespectingRetryHeaders): `initialDelayInMs = 2000`, `backoffFactor = 2` */
const INITIAL_DELAY_SECONDS = 2;
const BACKOFF_FACTOR = 2;

/** Provider packages and the API their default instance talks to (each package's `*-provider.ts` default baseURL). */
const PROVIDER_HOSTS: ReadonlyMap<string, string> = new Map([
  ["@ai-sdk/openai", "https://api.openai.com/v1"],
  ["@ai-sdk/anthropic", "https://api.anthropic.com/v1"],
  ["@ai-sdk/google", "https://generativelanguage.googleapis.com/v1beta"],
  ["@ai-sdk/mistral", "https://api.mistral.ai/v1"],
  ["@ai-sdk/groq", "https://api.groq.com/openai/v1"],
  ["@ai-sdk/xai", "https://api.x.ai/v1"],
  ["@ai-sdk/deepseek", "https://api.deepseek.com"],
  ["@ai-sdk/cohere", "https://api.cohere.com/v2"],
  ["@ai-sdk/togetherai", "https://api.together.xyz/v1"],
  ["@ai-sdk/perplexity", "https://api.perplexity.ai"],
  ["@ai-sdk/cerebras", "https://api.cerebras.ai/v1"],
  ["@ai-sdk/gateway", "https://ai-gateway.vercel.sh"],
  ["@openrouter/ai-sdk-provider", "https://openrouter.ai/api/v1"],
  // hosts named after the customer's resource or region: the cloud service, as for the vendors' own SDKs
  ["@ai-sdk/azure", "sdk://azure-openai"],
  ["@ai-sdk/amazon-bedrock", "aws://bedrock-runtime"],
  ["@ai-sdk/google-vertex", "sdk://vertex-ai"],
]);
/** A model id string (`model: "openai/gpt-4o"`) is resolved by the global default provider: the AI Gateway (ai ≥ 5). */
const GATEWAY = "https://ai-gateway.vercel.sh";
const UNKNOWN_MODEL = "sdk://ai-sdk-model";

/** Another package than "ai" that provides models: the table's, or one named like a provider (`ollama-ai-provider`). */
function isProviderPackage(module: string): boolean {
  return PROVIDER_HOSTS.has(module) || (module !== AI_PACKAGE && /(^|[/@-])ai-(sdk|provider)\b|ai-sdk-provider|^@ai-sdk\//.test(module));
}

/** The package's default API, or a name made from the package when it has none statically ("sdk://ollama-ai-provider"). */
function packageTarget(module: string): string {
  return PROVIDER_HOSTS.get(module) ?? `sdk://${module.replace(/^@/, "").replace(/[^a-z0-9.-]+/gi, "-")}`;
}

interface Provider {
  module: string;
  /** a literal `baseURL` the file's `createX({ baseURL })` wrote */
  baseUrl: string | null;
}

interface ModelTarget {
  target: string;
  /** how the target was found, for the layer's note */
  via: string;
}

export function extractVercelAiFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  // the SDK's functions as this file names them: `generateText` / `gen` (renamed) / `ai.generateText`
  const functions = new Map<string, string>();
  const namespaces = new Set<string>();
  const providers = new Map<string, Provider>();
  for (const i of index.imports) {
    if (i.module === AI_PACKAGE) {
      if (i.member === null) namespaces.add(i.local);
      else if (AI_SDK_CALLS.has(i.member)) functions.set(i.local, i.member);
    } else if (isProviderPackage(i.module)) providers.set(i.local, { module: i.module, baseUrl: null });
  }
  if (functions.size === 0 && namespaces.size === 0) return;
  // `const openai = createOpenAI({ baseURL: "http://llm:8000/v1" })`: a provider of the imported package
  for (const v of index.variables) {
    if (!ts.isIdentifier(v.name) || !v.initializer) continue;
    const made = providerBuiltBy(unwrap(v.initializer), providers);
    if (made) providers.set(v.name.text, made);
  }
  const packages = new Set([...providers.values()].map((p) => p.module));
  for (const call of index.calls) {
    const name = sdkFunction(call, functions, namespaces);
    if (!name) continue;
    const span = spanOf(call, sf);
    const fact = facts.calls.find((c) => c.span.line === span.line && c.span.column === span.column);
    if (!fact) continue;
    const options = objectArg(call.arguments[0], index);
    const modelNode = options ? objectProperty(options, "model") : undefined;
    const model = (modelNode && !ts.isMethodDeclaration(modelNode) ? modelTarget(modelNode, providers, 0) : null) ?? fallbackTarget(packages);
    const layer = aiSdkLayer(call, sf, ids, name, options, model);
    facts.layers.push(layer);
    const synthetic = `${name}@L${span.line}:${span.column}`;
    facts.clients.push({ ...aiSdkClient(ids.next("K", call, sf), synthetic, fact.functionId, span, layer.localId, model.target), ...callTimeout(options) });
    fact.callee = `${synthetic}.send`;
  }
}

/**
 * `timeout: ms` (ai ≥ 6: a number is the total time of the call, retries included) or an
 * `abortSignal`: the call is bounded; a literal number is its deadline in seconds.
 */
function callTimeout(options: ts.ObjectLiteralExpression | undefined): Pick<ClientFact, "timeoutSeconds" | "timeoutSet"> {
  const t = options ? objectProperty(options, "timeout") : undefined;
  const ms = t && !ts.isMethodDeclaration(t) ? numberValue(t) : null;
  if (ms !== null && ms > 0) return { timeoutSeconds: ms / 1000, timeoutSet: true };
  return { timeoutSeconds: null, timeoutSet: t !== undefined || (options !== undefined && objectProperty(options, "abortSignal") !== undefined) };
}

function sdkFunction(call: ts.CallExpression, functions: Map<string, string>, namespaces: Set<string>): string | null {
  const callee = unwrap(call.expression);
  if (ts.isIdentifier(callee)) return functions.get(callee.text) ?? null;
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && namespaces.has(callee.expression.text) && AI_SDK_CALLS.has(callee.name.text)) return callee.name.text;
  return null;
}

/** `createOpenAI({ baseURL })` / `createOpenRouter(…)` called on an import of a provider package. */
function providerBuiltBy(e: ts.Expression, providers: Map<string, Provider>): Provider | null {
  if (!ts.isCallExpression(e)) return null;
  const callee = unwrap(e.expression);
  const base = ts.isIdentifier(callee) ? providers.get(callee.text) : undefined;
  if (!base || !/^create/.test(callee.getText())) return null;
  const first = e.arguments[0] ? unwrap(e.arguments[0]) : undefined;
  const url = first && ts.isObjectLiteralExpression(first) ? objectProperty(first, "baseURL") ?? objectProperty(first, "baseUrl") : undefined;
  const literal = url && !ts.isMethodDeclaration(url) && ts.isStringLiteralLike(unwrap(url)) ? (unwrap(url) as ts.StringLiteralLike).text : null;
  return { module: base.module, baseUrl: literal && /^https?:\/\//i.test(literal) ? literal : null };
}

/**
 * The provider a `model:` value calls: `openai("gpt-4o")`, `openai.chat("gpt-4o")`,
 * `createOpenAI({…})("m")`, a local or module variable holding one, `wrapLanguageModel({ model })`,
 * or a model id string (the AI Gateway). Null when it is not known statically.
 */
function modelTarget(node: ts.Expression, providers: Map<string, Provider>, depth: number): ModelTarget | null {
  if (depth > 3) return null;
  const e = unwrap(node);
  if (ts.isStringLiteralLike(e)) return { target: GATEWAY, via: `the model id "${e.text}" goes through the AI Gateway (ai ≥ 5 default provider)` };
  if (ts.isIdentifier(e)) {
    const init = initializerOf(e);
    return init ? modelTarget(init, providers, depth + 1) : null;
  }
  if (!ts.isCallExpression(e)) return null;
  const callee = unwrap(e.expression);
  // `wrapLanguageModel({ model: openai("m"), middleware })`: the wrapped model's provider
  if (ts.isIdentifier(callee) && callee.text === "wrapLanguageModel") {
    const opts = e.arguments[0] ? unwrap(e.arguments[0]) : undefined;
    const inner = opts && ts.isObjectLiteralExpression(opts) ? objectProperty(opts, "model") : undefined;
    return inner && !ts.isMethodDeclaration(inner) ? modelTarget(inner, providers, depth + 1) : null;
  }
  const base = ts.isPropertyAccessExpression(callee) ? unwrap(callee.expression) : callee;
  const provider = ts.isIdentifier(base) ? providers.get(base.text) : ts.isCallExpression(base) ? providerBuiltBy(base, providers) : null;
  if (!provider) return null;
  const target = provider.baseUrl ?? packageTarget(provider.module);
  return { target, via: provider.baseUrl ? `the model's provider (${provider.module}) has baseURL ${provider.baseUrl}` : `the model comes from ${provider.module}` };
}

/** The initializer of the nearest `const/let name = …` before `at`: in an enclosing function, else at module level. */
function initializerOf(at: ts.Identifier): ts.Expression | null {
  for (let p: ts.Node | undefined = at.parent; p; p = p.parent) {
    const body = isFunctionLike(p) ? p.body : ts.isSourceFile(p) ? p : undefined;
    if (!body) continue;
    let found: ts.Expression | null = null;
    const visit = (n: ts.Node): void => {
      if (found || (n !== body && isFunctionLike(n))) return;
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === at.text && n.initializer && n.getStart() < at.getStart()) found = n.initializer;
      else ts.forEachChild(n, visit);
    };
    visit(body);
    if (found) return found;
  }
  return null;
}

function fallbackTarget(packages: Set<string>): ModelTarget {
  if (packages.size === 1) {
    const only = [...packages][0]!;
    return { target: packageTarget(only), via: `the model is not known statically; ${only} is the file's only provider package` };
  }
  return { target: UNKNOWN_MODEL, via: "the model's provider is not known statically" };
}

function aiSdkLayer(call: ts.CallExpression, sf: ts.SourceFile, ids: IdAllocator, name: string, options: ts.ObjectLiteralExpression | undefined, model: ModelTarget): LayerFact {
  const retriesNode = options ? objectProperty(options, "maxRetries") : undefined;
  const written = retriesNode && !ts.isMethodDeclaration(retriesNode) ? retriesNode : undefined;
  // `generateText({ ...settings })` / `generateText(opts)` with opts not a literal: the default unless they set maxRetries
  const opaque = options ? options.properties.some((p) => ts.isSpreadAssignment(p)) : call.arguments[0] !== undefined;
  let retries: number | null = AI_SDK_DEFAULT_MAX_RETRIES;
  let note = `default maxRetries ${AI_SDK_DEFAULT_MAX_RETRIES} → ${AI_SDK_DEFAULT_MAX_RETRIES + 1} attempts (ai ≥ 3: maxRetries ?? 2)`;
  if (written) {
    const n = staticNumber(sf, written);
    if (n === null || !Number.isFinite(n.value)) {
      retries = null;
      note = `maxRetries: ${written.getText(sf).slice(0, 60)} is not known statically`;
    } else {
      retries = Math.max(0, Math.floor(n.value));
      note = retries === 0 ? `maxRetries: ${n.written} turns the AI SDK's retries off → 1 attempt` : `maxRetries: ${n.written} counts retries (the SDK adds the first try) → ${retries + 1} attempts`;
    }
  } else if (opaque) note += "; unless the options passed set maxRetries";
  note += `; ${model.via}`;
  const prop = written ? options!.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === "maxRetries") : undefined;
  return {
    localId: ids.next("L", call, sf),
    kind: "vercel-ai-sdk",
    category: "client",
    library: "ai",
    anchor: spanOf(prop ?? call, sf),
    maxAttempts: retries === null ? null : retries + 1,
    attemptsSource: written ? "config" : "default",
    attemptsNote: note,
    timeBound: null,
    ...(retries === null ? { countUnknown: true } : {}),
    wait: aiSdkWait(retries),
    condition: aiSdkCondition(),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: name,
  };
}

export function aiSdkWait(retries: number | null): WaitSpec {
  return {
    kind: "exponential",
    jitter: false,
    initialSeconds: INITIAL_DELAY_SECONDS,
    // no cap: the last wait is 2 s × 2^(retries − 1)
    maxSeconds: retries !== null && retries > 0 ? INITIAL_DELAY_SECONDS * BACKOFF_FACTOR ** (retries - 1) : null,
    source: "default",
    description: "2 s × 2 per retry, no cap, no jitter; from ai 5.0 a retry-after-ms / Retry-After under 60 s replaces the delay",
  };
}

export function aiSdkCondition(): RetryCondition {
  return {
    allErrors: false,
    exceptionTypes: ["APICallError"],
    statuses: [408, 409, 429, 500, 502, 503, 504],
    retryOn: ["connect-failure", "5xx"],
    afterSendMethods: "all",
    permanentErrors: null,
    honoursRetryAfter: true,
    description: "APICallError.isRetryable: 408, 409, 429, every 5xx and network errors (GatewayError too from ai 6.0.180 / 7.0); every request (POST); aborts and timeouts are not retried",
  };
}

function aiSdkClient(id: string, name: string, functionId: string, span: ClientFact["span"], layerId: string, target: string): ClientFact {
  return {
    id,
    name,
    functionId,
    span,
    library: "ai",
    baseUrl: null,
    layerIds: [layerId],
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    // no request timeout by default (the provider's fetch has none; `abortSignal` / `timeout` are the caller's)
    timeoutSeconds: null,
    timeoutSet: false,
    sdk: { target, notSending: [] },
  };
}
