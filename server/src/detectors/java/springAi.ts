/**
 * Spring AI's RetryTemplate around model calls — docs/reference/spring-ai.md (spring-projects/
 * spring-ai v1.0.0 and v2.0.1: `SpringAiRetryProperties`, `SpringAiRetryAutoConfiguration`).
 *
 * The auto-configured `RetryTemplate` (`spring.ai.retry.*`) wraps every call the provider chat,
 * embedding and image models make (OpenAI, Anthropic, Mistral AI, DeepSeek, Vertex AI Gemini,
 * ZhiPu, MiniMax; not Ollama or Azure OpenAI, which have their own clients): **on by default**,
 * `max-attempts` 10, backoff 2 s × 5 up to 3 min, no jitter; 4xx (429 included) are not retried
 * unless `on-client-errors` or `on-http-codes`. Spring AI 1.x builds it with spring-retry's
 * `maxAttempts(n)` (attempts: **10**); 2.0 with Spring Framework 7's `RetryPolicy.maxRetries(n)`
 * (retries: **11**). No manifest is read per file: 1.x is assumed and the note says so.
 * - A field, parameter or local typed `ChatClient`, `ChatModel`, `EmbeddingModel`, `ImageModel`
 *   or a provider model (`OpenAiChatModel` …) in a file importing `org.springframework.ai` is a
 *   client of the model provider (`sdk://openai` from the provider package the file imports, else
 *   `sdk://spring-ai`); every call on it is a request (`chatClient.prompt()…call()` counts once).
 * - A `@Bean` method building a VectorStore on an injected EmbeddingModel returns a client of that
 *   layer, and VectorStore fields/parameters elsewhere resolve to it (the store embeds on add and
 *   similaritySearch, so those calls are embedding requests).
 * - One implicit layer per file, anchored on the first such declaration (a parameter: the parameter); the project's
 *   `spring.ai.retry.*` settings are applied at link time (LayerFact.configRef "spring-ai").
 */
import type { ClientFact, LayerFact, SourceSpan } from "../../model/facts";
import { importsFrom, receiverName, simpleType, type JvmContext } from "./context";
import { BEAN_PREFIX } from "./http";
import { exponentialWait, type LayerBase } from "./layers";

export const SPRING_AI = "spring-ai";
const MODEL_TYPES = /^(ChatClient|ChatModel|StreamingChatModel|EmbeddingModel|ImageModel|(OpenAi|Anthropic|MistralAi|DeepSeek|VertexAiGemini|ZhiPuAi|MiniMax)(Chat|Embedding|Image)Model)$/;
const PROVIDERS: Array<[string, string]> = [
  ["org.springframework.ai.openai", "openai"],
  ["org.springframework.ai.anthropic", "anthropic"],
  ["org.springframework.ai.mistralai", "mistralai"],
  ["org.springframework.ai.deepseek", "deepseek"],
  ["org.springframework.ai.vertexai", "vertexai"],
  ["org.springframework.ai.zhipuai", "zhipuai"],
  ["org.springframework.ai.minimax", "minimax"],
];
/** providers whose models do not run the Spring AI RetryTemplate */
const NO_RETRY = ["org.springframework.ai.ollama", "org.springframework.ai.azure"];

export const SPRING_AI_DEFAULTS = { attempts: 10, initialMs: 2000, multiplier: 5, maxMs: 180_000 };

export function detectSpringAi(ctx: JvmContext): void {
  if (!importsFrom(ctx.file, "org.springframework.ai") || NO_RETRY.some((p) => importsFrom(ctx.file, p))) return;
  const provider = PROVIDERS.find(([p]) => importsFrom(ctx.file, p))?.[1] ?? "spring-ai";
  const holders: Array<{ name: string; functionId: string; span: LayerFact["anchor"]; perCall: boolean }> = [];
  for (const d of ctx.file.decls) {
    if (d.kind === "field" && MODEL_TYPES.test(simpleType(d.type) ?? "")) holders.push({ name: `${d.ownerId || ctx.file.pkg}.${d.name}`, functionId: d.value ? d.id : d.ownerId, span: d.span, perCall: false });
    if (d.kind === "method" || d.kind === "constructor") for (const p of d.params) if (MODEL_TYPES.test(simpleType(p.type) ?? "")) holders.push({ name: `${d.id}.${p.name}`, functionId: d.id, span: p.span ?? d.span, perCall: false });
  }
  const injectedStores = vectorStoreStubs(ctx);
  for (const l of ctx.file.locals) if (MODEL_TYPES.test(simpleType(l.type) ?? "")) holders.push({ name: `${l.scopeId}.${l.name}`, functionId: l.scopeId, span: { line: l.node.startPosition.row + 1, column: l.node.startPosition.column, endLine: l.node.endPosition.row + 1, endColumn: l.node.endPosition.column }, perCall: true });
  if (!holders.length) {
    ctx.facts.clients.push(...injectedStores);
    return;
  }
  const first = holders.reduce((a, b) => (b.span.line < a.span.line ? b : a));
  const localId = ctx.nextId("L", first.span);
  ctx.facts.layers.push({ ...springAiLayer(), localId, anchor: first.span, attach: { kind: "client" }, label: "Spring AI RetryTemplate", configRef: { library: "spring-ai" } });
  for (const h of holders) {
    if (ctx.facts.clients.some((c) => c.name === h.name)) continue;
    ctx.facts.clients.push({ id: ctx.nextId("K", h.span), name: h.name, functionId: h.functionId, span: h.span, library: SPRING_AI, baseUrl: null, layerIds: [localId], fromCall: null, perCall: h.perCall, hasRetryQuota: false, timeoutSeconds: null, sdk: { target: `sdk://${provider}`, notSending: ["mutate", "getDefaultOptions", "toString", "hashCode", "equals"] } });
  }
  vectorStoreBeans(ctx, localId, provider);
  ctx.facts.clients.push(...injectedStores.filter((s) => !ctx.facts.clients.some((c) => c.name === s.name)));
}

/**
 * A VectorStore embeds through its EmbeddingModel: `add`/`accept`/`write` embed each document and
 * `similaritySearch` the query (spring-ai `SimpleVectorStore.doAdd`/`doSimilaritySearch` call
 * `embeddingModel.embed`, as every AbstractObservationVectorStore does); `delete` embeds nothing.
 * So a `@Bean` method building a VectorStore from a model parameter returns a client of that
 * model's RetryTemplate, and a VectorStore injected elsewhere resolves to it (`@bean:`).
 */
const VECTOR_STORE = /VectorStore$/;
const VECTOR_STORE_NOT_SENDING = ["delete", "getName", "getNativeClient", "save", "load", "toString", "hashCode", "equals"];

function vectorStoreBeans(ctx: JvmContext, layerId: string, provider: string): void {
  for (const d of ctx.file.decls) {
    if (d.kind !== "method" || !VECTOR_STORE.test(simpleType(d.type) ?? "") || !d.annotations.some((a) => a.simple === "Bean")) continue;
    if (!d.params.some((p) => MODEL_TYPES.test(simpleType(p.type) ?? ""))) continue;
    const fn = ctx.facts.functions.find((f) => f.id === d.id);
    if (!fn || fn.returnsClientId) continue;
    const id = ctx.nextId("K", d.span);
    ctx.facts.clients.push({ id, name: "", functionId: d.id, span: d.span, library: SPRING_AI, baseUrl: null, layerIds: [layerId], fromCall: null, perCall: false, hasRetryQuota: false, timeoutSeconds: null, sdk: { target: `sdk://${provider}`, notSending: VECTOR_STORE_NOT_SENDING } });
    fn.returnsClientId = id;
  }
}

/** VectorStore fields and parameters with no initializer: the `@Bean` that builds one (engine/resolveJvm.ts). */
function vectorStoreStubs(ctx: JvmContext): ClientFact[] {
  const out: ClientFact[] = [];
  const stub = (name: string, functionId: string, span: SourceSpan) => {
    if (out.some((c) => c.name === name)) return;
    out.push({ id: ctx.nextId("K", span), name, functionId, span, library: "unknown", baseUrl: null, layerIds: [], fromCall: `${BEAN_PREFIX}${SPRING_AI}:${name.slice(name.lastIndexOf(".") + 1)}`, perCall: false, hasRetryQuota: false, timeoutSeconds: null });
  };
  for (const d of ctx.file.decls) {
    if (d.kind === "field" && !d.value && VECTOR_STORE.test(simpleType(d.type) ?? "")) stub(`${d.ownerId || ctx.file.pkg}.${d.name}`, d.ownerId || ctx.file.pkg, d.span);
    if (d.kind === "constructor" || (d.kind === "method" && !d.annotations.some((a) => a.simple === "Bean")))
      for (const p of d.params) if (VECTOR_STORE.test(simpleType(p.type) ?? "")) stub(`${d.id}.${p.name}`, d.id, p.span ?? d.span);
  }
  if (!out.length) return out;
  // calls on a typed field arrive named after the type (`VectorStore.similaritySearch`, module.ts
  // calleeOf); the linker must see the holder's own name to reach the bean's client
  const bare = new Set(out.map((c) => c.name.slice(c.name.lastIndexOf(".") + 1)));
  const byId = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  for (const call of ctx.file.calls) {
    const head = receiverName(call);
    if (!head || !bare.has(head) || !VECTOR_STORE.test(simpleType(ctx.typeOf(call.scopeId, head)) ?? "")) continue;
    const fact = byId.get(ctx.callIds.get(call.node.id) ?? "");
    if (fact) fact.callee = `${head}.${call.name}`;
  }
  return out;
}

/** replaced by the build's Spring AI version when it pins one (engine/versionGates.ts) */
const SPRING_AI_ASSUMED = "Spring AI 1.x assumed";

export function springAiLayer(o: { attempts?: number; initialMs?: number; multiplier?: number; maxMs?: number; source?: "default" | "config"; note?: string; clientErrors?: boolean; setting?: string } = {}): LayerBase {
  const d = SPRING_AI_DEFAULTS;
  const attempts = o.attempts ?? d.attempts;
  const source = o.source ?? "default";
  const setting = o.setting ?? `default spring.ai.retry.max-attempts ${d.attempts}`;
  // 2.0 passes the same number to Spring Framework 7's RetryPolicy.maxRetries: one attempt more (0 → 1 either way)
  const versionGate: LayerFact["versionGate"] = { ecosystem: "maven", module: "org.springframework.ai", from: "2.0.0-M1", addAttempts: 1, note: `${setting} → ${attempts + 1} attempts (Spring AI 2.x: Spring Framework 7's RetryPolicy.maxRetries counts retries; $version)`, assumed: SPRING_AI_ASSUMED };
  return {
    versionGate,
    kind: "spring-ai-retry",
    category: "client",
    library: SPRING_AI,
    maxAttempts: Math.max(1, attempts),
    attemptsSource: source,
    attemptsNote: o.note ?? `${setting} → ${attempts} attempts (${SPRING_AI_ASSUMED}: spring-retry maxAttempts counts attempts; Spring AI 2.0 passes it to maxRetries → ${attempts + 1})`,
    timeBound: null,
    wait: exponentialWait(o.initialMs ?? d.initialMs, o.multiplier ?? d.multiplier, o.maxMs ?? d.maxMs, false, source, ""),
    condition: {
      allErrors: false,
      exceptionTypes: ["TransientAiException"],
      statuses: [500, 502, 503, 504],
      retryOn: ["5xx"],
      afterSendMethods: "all",
      permanentErrors: o.clientErrors ? "on-client-errors: 4xx responses (400, 401, 404 …) are retried too" : null,
      honoursRetryAfter: false,
      description: o.clientErrors
        ? "every error response of the model API, 4xx included (on-client-errors), the POST re-sent"
        : "5xx responses of the model API (TransientAiException), the POST re-sent; 4xx, 429 included, are not retried unless on-client-errors / on-http-codes",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}
