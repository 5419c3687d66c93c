/**
 * redis-py command retries — docs/reference/redis.md.
 * - `redis.Redis(…)` / `redis.StrictRedis(…)` / `redis.asyncio.Redis(…)` and `Redis.from_url(url, …)` /
 *   `redis.from_url(url, …)` → a client layer on the call.
 * - redis-py 6.x–7.x (assumed: requirements*.txt / pyproject.toml / lock pins are not read per file; 8.0 raised the default to 10 retries, 10 ms–1 s backoff):
 *   `retry: Retry = Retry(backoff=ExponentialWithJitterBackoff(base=1, cap=10), retries=3)` in
 *   `Redis.__init__` → **3 retries → 4 attempts** of a command on ConnectionError / TimeoutError.
 *   `retry=Retry(backoff, n)` → n + 1; `retries` < 0 retries forever; `retry=None` → 1 attempt
 *   (the connection then falls back to `Retry(NoBackoff(), 0)`). `retry_on_timeout` is deprecated
 *   since 6.0 (TimeoutError is retried anyway): it changes no count. Before 6.0 the default was no
 *   retry (`retry_on_timeout=True` → `Retry(NoBackoff(), 1)`: 2 attempts) — see the reference page.
 * - A `connection_pool=` given: the pool's connections carry the retry, not the client's keywords.
 * - Every command on the client (`r.get(k)`, `await r.set(…)`) is a request to the host / URL, else `redis`.
 */
import type { ClientFact, LayerFact, ValueExpr } from "../../model/facts";
import { bindingOf, callParts, enclosingFunction, descendants, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { REDIS_NOT_SENDING, redisLayer } from "../shared/redis";

const CLIENTS: Record<string, "init" | "url"> = {
  "redis.Redis": "init",
  "redis.StrictRedis": "init",
  "redis.client.Redis": "init",
  "redis.asyncio.Redis": "init",
  "redis.asyncio.StrictRedis": "init",
  "redis.asyncio.client.Redis": "init",
  "redis.Redis.from_url": "url",
  "redis.StrictRedis.from_url": "url",
  "redis.from_url": "url",
  "redis.asyncio.from_url": "url",
  "redis.asyncio.Redis.from_url": "url",
};
const RETRY_CLASSES = new Set(["redis.retry.Retry", "redis.Retry", "redis.asyncio.retry.Retry", "redis.asyncio.Retry"]);
const VERSION = "redis-py 6.x–7.x assumed: pins are not read yet; 8.x retries 10 times → 11";
const ERRORS = "ConnectionError and TimeoutError (socket timeouts) only, plus retry_on_error types; not ResponseError replies";
const NOT_SENDING = [...REDIS_NOT_SENDING, "pubsub", "lock", "aclose", "register_script", "monitor"];

export function detectRedisPy(ctx: PyContext): void {
  for (const call of descendants(ctx.tree.rootNode, "call")) {
    const q = ctx.qualifiedName(call.childForFieldName("function")) ?? "";
    const kind = CLIENTS[q];
    if (!kind) continue;
    const { positional, keywords } = callParts(call);
    const retry = keywords.get("retry") ?? null;
    const pool = keywords.get("connection_pool") ?? null;
    let retries: number | null = 3;
    let note = `default Retry(ExponentialWithJitterBackoff(base=1, cap=10), 3) → 4 attempts (${VERSION})`;
    let source: "default" | "config" = "default";
    let wait: LayerFact["wait"] = { kind: "exponential", jitter: true, initialSeconds: 1, maxSeconds: 10, source: "default", description: "ExponentialWithJitterBackoff(base=1, cap=10): a random wait up to min(10 s, 1 s × 2^n)" };
    if (retry) {
      source = "config";
      const r = retryOf(ctx, retry);
      if (r === "none") {
        retries = 0;
        note = `retry=None → no retries → 1 attempt (${VERSION})`;
        wait = { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "config", description: "no retry" };
      } else if (!r || r.retries === null) {
        retries = null;
        note = `retry=${retry.text}: not a literal Retry(…) (${VERSION})`;
        wait = { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: "the Retry's backoff" };
      } else {
        retries = r.retries < 0 ? Infinity : r.retries;
        note = r.retries < 0 ? `Retry(…, ${r.text}): negative retries retry forever (${VERSION})` : `Retry(…, ${r.text}) → ${r.retries + 1} attempt${r.retries === 0 ? "" : "s"} (${VERSION})`;
        wait = r.wait;
      }
    } else if (kind === "url") {
      // `from_url` builds a ConnectionPool from the URL and keywords, and the Redis() default
      // Retry(…, 3) never reaches it: its connections get Retry(NoBackoff(), 0), or
      // Retry(NoBackoff(), 1) with retry_on_timeout=True / retry_on_error (redis/connection.py
      // AbstractConnection.__init__, 6.x–7.x)
      const onTimeout = keywords.get("retry_on_timeout")?.text === "True" || keywords.has("retry_on_error");
      retries = onTimeout ? 1 : 0;
      source = onTimeout ? "config" : "default";
      note = onTimeout
        ? `from_url(…, ${keywords.has("retry_on_error") ? "retry_on_error" : "retry_on_timeout=True"}) without retry=: the pool's connections get Retry(NoBackoff(), 1) → 2 attempts (${VERSION})`
        : `from_url without retry=: the pool's connections get Retry(NoBackoff(), 0), the Redis() default does not apply → 1 attempt (${VERSION})`;
      wait = { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "default", description: "NoBackoff" };
    } else if (pool) {
      retries = null;
      source = "config";
      note = `connection_pool=${pool.text}: the pool's connections carry the retry (the client's retry is ignored; ${VERSION})`;
      wait = { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: "the pool's Retry" };
    }
    const timeout = keywords.get("retry_on_timeout");
    if (timeout) note += `; retry_on_timeout=${timeout.text} is deprecated since 6.0 and changes no count`;
    const name = bindingOf(call);
    const localId = ctx.nextId("L", call);
    ctx.facts.layers.push(redisLayer({ localId, anchor: nodeSpan(call), label: name ?? q, library: "redis-py", retries, source, note, wait, errors: ERRORS }));
    if (!name) continue;
    const fact: ClientFact = {
      id: ctx.nextId("K", call),
      name,
      functionId: ctx.functionId(enclosingFunction(call)),
      span: nodeSpan(call),
      library: "redis-py",
      baseUrl: addressOf(ctx, kind === "url" ? (keywords.get("url") ?? positional[0] ?? null) : (keywords.get("host") ?? positional[0] ?? null), kind),
      layerIds: [localId],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: "", notSending: NOT_SENDING },
    };
    ctx.facts.clients.push(fact);
  }
}

/** `Retry(ExponentialBackoff(), 3)` / `Retry(backoff=…, retries=3)`, inline or bound to a name in the file */
function retryOf(ctx: PyContext, n: SyntaxNode, depth = 0): "none" | { retries: number | null; text: string; wait: LayerFact["wait"] } | null {
  if (n.type === "none") return "none";
  if (n.type === "identifier" && depth < 3) {
    for (const a of descendants(ctx.tree.rootNode, "assignment")) {
      const right = a.childForFieldName("right");
      if (a.childForFieldName("left")?.text === n.text && right && right.startIndex < n.startIndex) return retryOf(ctx, right, depth + 1);
    }
    return null;
  }
  if (n.type !== "call" || !RETRY_CLASSES.has(ctx.qualifiedName(n.childForFieldName("function")) ?? "")) return null;
  const { positional, keywords } = callParts(n);
  const count = keywords.get("retries") ?? positional[1] ?? null;
  const backoff = keywords.get("backoff") ?? positional[0] ?? null;
  const negative = count?.type === "unary_operator" && count.text.startsWith("-");
  const inner = negative ? count!.namedChildren[count!.namedChildren.length - 1] ?? null : count;
  const v = inner ? ctx.value(inner) : null;
  const retries = v?.kind === "number" ? (negative ? -v.value : v.value) : null;
  return { retries, text: count ? (keywords.has("retries") ? `retries=${count.text}` : count.text) : "?", wait: waitOf(ctx, backoff) };
}

function waitOf(ctx: PyContext, backoff: SyntaxNode | null): LayerFact["wait"] {
  const q = backoff?.type === "call" ? (ctx.qualifiedName(backoff.childForFieldName("function")) ?? "") : "";
  const cls = q.split(".").pop() ?? "";
  const text = backoff?.text ?? "?";
  if (cls === "NoBackoff") return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "config", description: "NoBackoff(): no wait" };
  if (cls === "ConstantBackoff") return { kind: "fixed", jitter: false, initialSeconds: null, maxSeconds: null, source: "config", description: text };
  if (/^Exponential/.test(cls) || cls === "DecorrelatedJitterBackoff" || cls === "EqualJitterBackoff" || cls === "FullJitterBackoff")
    return { kind: "exponential", jitter: /Jitter/.test(cls), initialSeconds: null, maxSeconds: null, source: "config", description: text };
  return { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: text };
}

function addressOf(ctx: PyContext, n: SyntaxNode | null, kind: "init" | "url"): ValueExpr {
  const v = n ? ctx.value(n) : null;
  if (!v || v.kind === "unknown") return { kind: "string", value: "redis://redis" };
  if (kind === "url") return v;
  if (v.kind === "string") return { kind: "string", value: `redis://${v.value}` };
  return { kind: "concat", parts: [{ kind: "string", value: "redis://" }, v] };
}
