/**
 * JS/TS libraries that call an LLM API for the code — docs/reference/openai-sdk.md
 * ("LangChain JS and other wrappers").
 *
 * - LangChain JS chat models, LLMs and embeddings (`new ChatOpenAI({...})`, `AzureChatOpenAI`,
 *   `OpenAI`, `OpenAIEmbeddings`, `AzureOpenAIEmbeddings` from "@langchain/openai"; `ChatAnthropic`
 *   from "@langchain/anthropic") → a ClientFact with one layer of kind "langchain-js": every request
 *   goes through @langchain/core's AsyncCaller (`this.maxRetries = params.maxRetries ?? 6`, p-retry
 *   `retries: maxRetries, randomize: true`) → 7 attempts by default, `maxRetries: N` → N+1; the
 *   OpenAI / Anthropic client underneath is built with `maxRetries: 0`, so it adds no layer.
 *   (@langchain/core 1.1.39 src/utils/async_caller.ts, @langchain/openai 1.4.3
 *   chat_models/base.ts `_getClientOptions`, llms.ts, embeddings.ts, azure/chat_models/common.ts;
 *   @langchain/anthropic 1.5.4 chat_models.ts.)
 * - Wrappers that build a plain SDK client with its own defaults (an "openai-sdk" layer anchored
 *   on the wrapper): `new DallEAPIWrapper({...})` (@langchain/openai 1.4.3 tools/dalle.ts:
 *   `new OpenAIClient({ apiKey, organization, dangerouslyAllowBrowser, baseURL })`, no maxRetries,
 *   no AsyncCaller → 3 attempts; the wrapper's own `maxRetries` field is not passed on) and
 *   CopilotKit `new OpenAIAdapter({...})` without an `openai` client (@copilotkit/runtime
 *   `this._openai = params?.openai || new OpenAI({})` → 3 attempts). An adapter handed an `openai`
 *   client adds nothing: that client is a layer where it is built.
 */
import type { ClientFact, FileFacts, LayerFact } from "../../model/facts";
import { numberValue, objectProperty, spanOf, ts, unwrap } from "../../parsing/typescript";
import { bindingName, objectArg, returnsClient } from "./awsSdk";
import { build } from "./llmSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";
import { llmClientFact } from "../shared/llmSdk";

/** @langchain/core AsyncCaller `params.maxRetries ?? 6` */
export const LANGCHAIN_JS_DEFAULT_MAX_RETRIES = 6;

interface LangchainModel {
  target: string;
}
const LANGCHAIN: ReadonlyMap<string, ReadonlyMap<string, LangchainModel>> = new Map([
  [
    "@langchain/openai",
    new Map([
      ["ChatOpenAI", { target: "sdk://openai" }],
      ["OpenAI", { target: "sdk://openai" }],
      ["OpenAIEmbeddings", { target: "sdk://openai" }],
      ["AzureChatOpenAI", { target: "sdk://azure-openai" }],
      ["AzureOpenAI", { target: "sdk://azure-openai" }],
      ["AzureOpenAIEmbeddings", { target: "sdk://azure-openai" }],
    ]),
  ],
  ["@langchain/anthropic", new Map([["ChatAnthropic", { target: "sdk://anthropic" }]])],
]);
/** Runnable methods that return a new runnable (or count tokens locally) instead of sending */
const LANGCHAIN_NOT_SENDING = ["bind", "bindTools", "withStructuredOutput", "withConfig", "withRetry", "withFallbacks", "pipe", "getNumTokens", "getGraph", "asTool"];

/** wrapper class → how it builds the SDK client */
interface SdkWrapper {
  via: string;
  /** the option that hands the wrapper a client of the code's own (then it builds none) */
  clientProp: string | null;
  notSending: readonly string[];
}
const SDK_WRAPPERS: ReadonlyMap<string, ReadonlyMap<string, SdkWrapper>> = new Map<string, ReadonlyMap<string, SdkWrapper>>([
  ["@langchain/openai", new Map<string, SdkWrapper>([["DallEAPIWrapper", { via: "DallEAPIWrapper builds new OpenAI({ apiKey, organization, baseURL }) without maxRetries and calls images.generate directly", clientProp: null, notSending: LANGCHAIN_NOT_SENDING }]])],
  ["@copilotkit/runtime", new Map<string, SdkWrapper>([["OpenAIAdapter", { via: "CopilotKit OpenAIAdapter without an openai client builds new OpenAI({})", clientProp: "openai", notSending: [] }]])],
]);

export function extractLlmWrapperFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const models = new Map<string, { cls: string; pkg: string; model: LangchainModel }>();
  const wrappers = new Map<string, { cls: string; via: string; clientProp: string | null; notSending: readonly string[] }>();
  for (const i of index.imports) {
    const member = i.member;
    if (!member) continue;
    const m = LANGCHAIN.get(i.module)?.get(member);
    if (m) models.set(i.local, { cls: member, pkg: i.module, model: m });
    const w = SDK_WRAPPERS.get(i.module)?.get(member);
    if (w) wrappers.set(i.local, { cls: member, ...w });
  }
  if (models.size === 0 && wrappers.size === 0) return;
  const made: ClientFact[] = [];
  for (const node of index.newExpressions) {
    const callee = unwrap(node.expression);
    if (!ts.isIdentifier(callee)) continue;
    const config = objectArg(node.arguments?.[0], index);
    const model = models.get(callee.text);
    if (model) {
      made.push(langchainClient(node, sf, index, facts, ids, model.cls, model.pkg, model.model, config));
      continue;
    }
    const w = wrappers.get(callee.text);
    if (!w) continue;
    // handed a client: that client's own layer applies
    if (w.clientProp && config && objectProperty(config, w.clientProp)) continue;
    const opaque = !config && node.arguments?.[0] !== undefined;
    build(node, sf, index, facts, ids, "openai", undefined, "sdk://openai", null, { via: `${w.via}${opaque && w.clientProp ? ` (unless the options pass ${w.clientProp})` : ""}`, notSending: w.notSending });
  }
  derivedRunnables(sf, index, facts, ids, made);
}

/** Runnable methods whose result still calls the model through its AsyncCaller */
const DERIVING = /^(withStructuredOutput|bind|bindTools|withConfig)$/;

/**
 * `const structured = model.withStructuredOutput(schema)` then `structured.invoke(m)`: the derived
 * runnable sends through the model (same layer); chained `model.bindTools(t).invoke(m)` is a
 * request on the model.
 */
function derivedRunnables(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator, made: ClientFact[]): void {
  if (made.length === 0) return;
  for (let round = 0; round < 2; round++) {
    for (const call of index.calls) {
      const callee = unwrap(call.expression);
      if (!ts.isPropertyAccessExpression(callee) || !DERIVING.test(callee.name.text)) continue;
      const base = made.find((c) => c.name !== "" && c.name === callee.expression.getText(sf));
      const { name, module: atModule } = bindingName(call);
      if (!base || !name || made.some((c) => c.name === name && c.functionId === (atModule ? MODULE : index.enclosingId(call)))) continue;
      const child: ClientFact = { ...base, id: ids.next("K", call, sf), name, functionId: atModule ? MODULE : index.enclosingId(call), span: spanOf(call, sf), sdk: { ...base.sdk!, notSending: [...base.sdk!.notSending] } };
      facts.clients.push(child);
      made.push(child);
    }
  }
  for (const c of facts.calls) {
    for (const k of made) {
      if (!k.name || !c.callee.startsWith(`${k.name}.`)) continue;
      const rest = c.callee.slice(k.name.length + 1);
      const m = /^(withStructuredOutput|bind|bindTools|withConfig)\(\)\.(\w+)$/.exec(rest);
      if (m) c.callee = `${k.name}.${m[2]}`;
    }
  }
  pipedSequences(sf, index, facts, made);
}

/** what runs a sequence's steps (RunnableSequence: each step's `invoke`/`stream`/`batch`) */
const SEQUENCE_RUNS = /^(invoke|stream|batch|streamEvents|streamLog)$/;

/**
 * `prompt.pipe(structured).invoke(x)` (LCEL): `pipe` builds a RunnableSequence whose `invoke` runs
 * every step's own `invoke` in turn, the model's through its AsyncCaller, with no retry of its
 * own around them (@langchain/core runnables/base.ts `pipe` → `new RunnableSequence({ first: this,
 * last })`, RunnableSequence.invoke). So the call is a request on the model among the steps: its
 * callee becomes `<model>.<method>` for the first step (the receiver, or a `pipe` argument) that
 * names a model or a runnable derived from one in the call's scope (or a scope around it).
 */
function pipedSequences(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, made: ClientFact[]): void {
  const bySpan = new Map(facts.calls.map((c) => [`${c.span.line}:${c.span.column}:${c.span.endLine}:${c.span.endColumn}`, c]));
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || !SEQUENCE_RUNS.test(callee.name.text)) continue;
    // the steps, last piped first: `a.pipe(b).pipe(c)` → c, b, then the receiver a
    const steps: ts.Expression[] = [];
    let e = unwrap(callee.expression);
    for (let depth = 0; depth < 16 && ts.isCallExpression(e); depth++) {
      const pipe = unwrap(e.expression);
      if (!ts.isPropertyAccessExpression(pipe) || pipe.name.text !== "pipe") break;
      steps.push(...[...e.arguments].reverse());
      e = unwrap(pipe.expression);
    }
    if (!steps.length) continue;
    steps.push(e);
    const scope = index.enclosingId(call);
    const model = steps
      .reverse()
      .map((s) => unwrap(s).getText(sf))
      .map((name) => made.find((k) => k.name === name && (k.functionId === MODULE || k.functionId === scope || scope.startsWith(`${k.functionId}.`))))
      .find((k) => k !== undefined);
    const s = spanOf(call, sf);
    const fact = bySpan.get(`${s.line}:${s.column}:${s.endLine}:${s.endColumn}`);
    if (model && fact) fact.callee = `${model.name}.${callee.name.text}`;
  }
}

function langchainClient(node: ts.NewExpression, sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator, cls: string, pkg: string, model: LangchainModel, config: ts.ObjectLiteralExpression | undefined): ClientFact {
  const { name, module: atModule } = bindingName(node);
  const fn = index.enclosingNode(node);
  const functionId = atModule ? MODULE : index.enclosingId(node);
  const retriesNode = config ? objectProperty(config, "maxRetries") : undefined;
  const opaque = config ? config.properties.some((p) => ts.isSpreadAssignment(p)) : node.arguments?.[0] !== undefined;
  let maxAttempts: number | null = LANGCHAIN_JS_DEFAULT_MAX_RETRIES + 1;
  let source: "config" | "default" = "default";
  let note = `${cls}: LangChain's AsyncCaller default maxRetries ${LANGCHAIN_JS_DEFAULT_MAX_RETRIES} → ${maxAttempts} attempts (${pkg} builds its SDK client with maxRetries 0)`;
  if (retriesNode && !ts.isMethodDeclaration(retriesNode)) {
    source = "config";
    const n = numberValue(retriesNode);
    if (n === null || !Number.isFinite(n)) {
      maxAttempts = null;
      note = `${cls} maxRetries: ${retriesNode.getText(sf)} is not known statically`;
    } else {
      const retries = Math.max(0, Math.floor(n));
      maxAttempts = retries + 1;
      note = retries === 0 ? `${cls} maxRetries: 0 turns LangChain's AsyncCaller retries off → 1 attempt` : `${cls} maxRetries: ${retries} counts retries (AsyncCaller/p-retry adds the first try) → ${maxAttempts} attempts`;
    }
  } else if (opaque) note += "; unless the options passed set maxRetries";
  const literalBase = config ? baseUrlOf(config) : null;
  const target = literalBase ?? model.target;
  const layer: LayerFact = {
    localId: ids.next("L", node, sf),
    kind: "langchain-js",
    category: "client",
    library: pkg,
    anchor: spanOf(node, sf),
    maxAttempts,
    attemptsSource: source,
    attemptsNote: note,
    timeBound: null,
    ...(maxAttempts === null ? { countUnknown: true } : {}),
    wait: { kind: "exponential", jitter: true, initialSeconds: 1, maxSeconds: null, source: "default", description: "p-retry: 1 s × 2^n, each wait multiplied by a random 1–2 (randomize), no cap" },
    condition: {
      allErrors: true,
      exceptionTypes: [],
      statuses: [],
      retryOn: ["connect-failure", "timeout", "5xx", "429"],
      afterSendMethods: "all",
      permanentErrors: "400–407 and 409 responses, aborts (AbortError, ECONNABORTED, Cancel…) and insufficient_quota",
      honoursRetryAfter: false,
      description: "every error except 400–407 and 409 responses, aborts and insufficient_quota (AsyncCaller's default failed-attempt handler); every request including POST",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: (name || cls).replace(/^this\./, ""),
  };
  facts.layers.push(layer);
  const client = llmClientFact({ id: ids.next("K", node, sf), name, functionId, span: spanOf(node, sf), vendor: pkg, layerId: layer.localId, target, notSending: LANGCHAIN_NOT_SENDING });
  // LangChain leaves the timeout unset unless `timeout` is passed
  client.timeoutSeconds = null;
  client.timeoutSet = false;
  if (fn !== undefined && returnsClient(fn, node, name)) {
    const f = facts.functions.find((x) => x.id === functionId);
    if (f) f.returnsClientId = client.id;
  }
  facts.clients.push(client);
  return client;
}

/** `configuration: { baseURL: "https://…" }` (ChatOpenAI) or `anthropicApiUrl` (ChatAnthropic), when literal */
function baseUrlOf(config: ts.ObjectLiteralExpression): string | null {
  const str = (o: ts.ObjectLiteralExpression, k: string) => {
    const p = objectProperty(o, k);
    const u = p && !ts.isMethodDeclaration(p) ? unwrap(p) : undefined;
    return u && ts.isStringLiteralLike(u) && /^https?:\/\//i.test(u.text) ? u.text : null;
  };
  const conf = objectProperty(config, "configuration");
  const c = conf && !ts.isMethodDeclaration(conf) ? unwrap(conf) : undefined;
  return (c && ts.isObjectLiteralExpression(c) ? str(c, "baseURL") : null) ?? str(config, "anthropicApiUrl");
}
