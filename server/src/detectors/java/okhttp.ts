/**
 * OkHttp `retryOnConnectionFailure` — reference §3.5 (PARTIAL there), §5.3 (implicit layers).
 *
 * Every OkHttpClient retries connection failures unless told not to: `new OkHttpClient()`,
 * `OkHttpClient.Builder()…build()` and `client.newBuilder()…build()` carry an implicit client
 * layer. It recovers for any method, POST included (unless the body is one-shot), without a
 * wait; the count is bounded by routes, not a number: modelled as 2 attempts (one retry of the
 * failed route) with a note that more addresses or proxies allow more.
 * `.retryOnConnectionFailure(false)` → a disabled layer (1 attempt) anchored on that call.
 */
import { simpleType, type JvmContext } from "./context";
import { fixedWait, type LayerBase } from "./layers";
import { boolOf, chainOf, exprText, argAt, type Call } from "./syntax";

export function detectOkHttp(ctx: JvmContext): void {
  for (const call of ctx.file.calls) {
    if (ctx.outerCall(call)) continue;
    const chain = chainOf(call);
    const first = chain[0]!;
    const built = first.isNew && /(^|\.)OkHttpClient(\.Builder)?$/.test(first.name);
    const derived = !first.isNew && first.name === "newBuilder" && chain.length > 1 && isOkHttpReceiver(ctx, first);
    if (!built && !derived) continue;
    if (first.name.endsWith("Builder") && call === first) continue; // a builder not built here
    const setting = chain.find((c) => c.name === "retryOnConnectionFailure");
    const value = setting ? boolOf(argAt(setting, 0)) : true;
    const disabled = value === false;
    const anchorCall = disabled ? setting! : first;
    const base = layer(disabled, value === null ? exprText(argAt(setting!, 0)) : null);
    if (setting) base.attemptsSource = "config";
    const localId = ctx.nextId("L", anchorCall.nameSpan);
    ctx.facts.layers.push({ ...base, localId, anchor: disabled ? anchorCall.nameSpan : first.span, attach: { kind: "client" }, label: "OkHttpClient" });
    for (const [id, creation] of ctx.clientCreations) {
      if (creation?.k === "call" && creation.call === call) ctx.facts.clients.find((c) => c.id === id)?.layerIds.push(localId);
    }
  }
}

function isOkHttpReceiver(ctx: JvmContext, call: Call): boolean {
  const r = call.receiver;
  if (r?.k !== "name") return false;
  const head = r.path.replace(/^this\./, "").split(".")[0]!;
  return simpleType(ctx.typeOf(call.scopeId, head)) === "OkHttpClient" || ctx.facts.clients.some((c) => c.library === "OkHttpClient" && c.name.endsWith(`.${head}`));
}

function layer(disabled: boolean, unknownValue: string | null): LayerBase {
  return {
    kind: "okhttp-retry",
    category: "client",
    library: "okhttp",
    maxAttempts: disabled ? 1 : 2,
    attemptsSource: disabled || unknownValue ? "config" : "default",
    attemptsNote: disabled
      ? "retryOnConnectionFailure(false): connection failures are not retried"
      : `≥2: one retry of the failed route, more with several addresses/proxies (§3.5, route-bounded)${unknownValue ? `; retryOnConnectionFailure(${unknownValue}) not a literal` : "; retryOnConnectionFailure defaults to true"}`,
    timeBound: null,
    wait: fixedWait(0, "default", " (OkHttp retries immediately)"),
    condition: {
      allErrors: false,
      exceptionTypes: ["IOException"],
      statuses: [],
      retryOn: ["connection failure"],
      afterSendMethods: "all",
      permanentErrors: null,
      honoursRetryAfter: null,
      description: "connection failures (recoverable IOExceptions, any method unless the body is one-shot); 408 and 503 with Retry-After: 0 once",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}
