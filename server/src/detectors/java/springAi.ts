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
 * - One implicit layer per file, anchored on the first such declaration; the project's
 *   `spring.ai.retry.*` settings are applied at link time (LayerFact.configRef "spring-ai").
 */
import type { LayerFact } from "../../model/facts";
import { importsFrom, simpleType, type JvmContext } from "./context";
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
    if (d.kind === "method" || d.kind === "constructor") for (const p of d.params) if (MODEL_TYPES.test(simpleType(p.type) ?? "")) holders.push({ name: `${d.id}.${p.name}`, functionId: d.id, span: d.span, perCall: false });
  }
  for (const l of ctx.file.locals) if (MODEL_TYPES.test(simpleType(l.type) ?? "")) holders.push({ name: `${l.scopeId}.${l.name}`, functionId: l.scopeId, span: { line: l.node.startPosition.row + 1, column: l.node.startPosition.column, endLine: l.node.endPosition.row + 1, endColumn: l.node.endPosition.column }, perCall: true });
  if (!holders.length) return;
  const first = holders.reduce((a, b) => (b.span.line < a.span.line ? b : a));
  const localId = ctx.nextId("L", first.span);
  ctx.facts.layers.push({ ...springAiLayer(), localId, anchor: first.span, attach: { kind: "client" }, label: "Spring AI RetryTemplate", configRef: { library: "spring-ai" } });
  for (const h of holders) {
    if (ctx.facts.clients.some((c) => c.name === h.name)) continue;
    ctx.facts.clients.push({ id: ctx.nextId("K", h.span), name: h.name, functionId: h.functionId, span: h.span, library: SPRING_AI, baseUrl: null, layerIds: [localId], fromCall: null, perCall: h.perCall, hasRetryQuota: false, timeoutSeconds: null, sdk: { target: `sdk://${provider}`, notSending: ["mutate", "getDefaultOptions", "toString", "hashCode", "equals"] } });
  }
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
