/**
 * redis-py command retries — docs/reference/redis.md.
 * - `redis.Redis(…)` / `redis.StrictRedis(…)` / `redis.asyncio.Redis(…)` and `Redis.from_url(url, …)` /
 *   `redis.from_url(url, …)` → a client layer on the call.
 * - The default of `Redis.__init__` (no `retry=`) changed across versions; the count follows the
 *   version the project pins (LayerFact.versionDefaults, ecosystem "pypi": requirements*.txt,
 *   pyproject.toml, uv.lock / poetry.lock / Pipfile.lock, where redis-py often comes in through rq
 *   or celery; engine/sdkVersions.ts). Verified in redis/redis-py at the tags:
 *   - **≥ 8.0** (v8.0.0, v8.0.1, v8.1.0; PR #4082, commit 733f80ec): `retry: Retry = Retry(backoff=
 *     ExponentialWithJitterBackoff(base=DEFAULT_RETRY_BASE, cap=DEFAULT_RETRY_CAP), retries=
 *     DEFAULT_RETRY_COUNT)` with `redis/_defaults.py` `DEFAULT_RETRY_COUNT = 10`, base 0.01 s, cap
 *     1 s → **10 retries → 11 attempts** (the same in `redis/asyncio/client.py`). 8.0.0b1/b2 kept 3.
 *     Without a pin this newest default is assumed and the note says so.
 *   - **6.0–7.x** (v6.0.0 … v7.4.1): `Retry(backoff=ExponentialWithJitterBackoff(base=1, cap=10),
 *     retries=3)` → **3 retries → 4 attempts**.
 *   - **< 6.0** (v5.3.1): `retry: Optional[Retry] = None`: the connection's `Retry(NoBackoff(), 0)`
 *     → 1 attempt, or `Retry(NoBackoff(), 1)` → 2 with `retry_on_timeout=True` / `retry_on_error`.
 *   `redis/retry.py` `call_with_retry` gives up when `failures > retries`: n retries → n + 1
 *   attempts, on ConnectionError / TimeoutError. `retry=Retry(backoff, n)` → n + 1 (any version);
 *   `retries` < 0 retries forever; `retry=None` → 1 attempt (the connection then falls back to
 *   `Retry(NoBackoff(), 0)`). `retry_on_timeout` is deprecated since 6.0 (TimeoutError is retried
 *   anyway): it changes no count there.
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
const VERSION = "any redis-py version";
/** redis-py ≥ 8.0 `Redis.__init__` default (redis/_defaults.py, #4082) */
const WAIT_8: LayerFact["wait"] = { kind: "exponential", jitter: true, initialSeconds: 0.01, maxSeconds: 1, source: "default", description: "ExponentialWithJitterBackoff(base=0.01, cap=1): a random wait up to min(1 s, 10 ms × 2^n)" };
/** redis-py 6.0–7.x */
const WAIT_6: LayerFact["wait"] = { kind: "exponential", jitter: true, initialSeconds: 1, maxSeconds: 10, source: "default", description: "ExponentialWithJitterBackoff(base=1, cap=10): a random wait up to min(10 s, 1 s × 2^n)" };
const NO_WAIT: LayerFact["wait"] = { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "default", description: "NoBackoff" };
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
    let retries: number | null = 10;
    let note = "default Retry(ExponentialWithJitterBackoff(base=0.01, cap=1), 10) → 11 attempts (redis-py ≥ 8.0)";
    let source: "default" | "config" = "default";
    let wait: LayerFact["wait"] = WAIT_8;
    let versionDefaults: LayerFact["versionDefaults"];
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
      // AbstractConnection.__init__, the same at v5.3.1, v7.4.1 and v8.0.0)
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
    } else {
      // the Redis.__init__ default: per version (engine/sdkVersions.ts reads the pin)
      const timeoutText = keywords.get("retry_on_timeout")?.text;
      const before6 = timeoutText === "True" || keywords.has("retry_on_error");
      const deprecated = timeoutText ? `; retry_on_timeout=${timeoutText} is deprecated since 6.0 and changes no count` : "";
      versionDefaults = {
        package: "redis",
        ecosystem: "pypi",
        byMajor: [
          before6
            ? { fromMajor: 0, maxAttempts: 2, note: `no default retry, ${keywords.has("retry_on_error") ? "retry_on_error" : "retry_on_timeout=True"} → Retry(NoBackoff(), 1) → 2 attempts (redis-py < 6.0)`, wait: NO_WAIT }
            : { fromMajor: 0, maxAttempts: 1, note: "no default retry: the connection's Retry(NoBackoff(), 0) → 1 attempt (redis-py < 6.0)", wait: NO_WAIT },
          { fromMajor: 6, maxAttempts: 4, note: `default Retry(ExponentialWithJitterBackoff(base=1, cap=10), 3) → 4 attempts (redis-py 6.0–7.x)${deprecated}`, wait: WAIT_6 },
          { fromMajor: 8, maxAttempts: 11, note: `${note}${deprecated}`, wait: WAIT_8 },
        ],
      };
    }
    const timeout = keywords.get("retry_on_timeout");
    if (timeout) note += `; retry_on_timeout=${timeout.text} is deprecated since 6.0 and changes no count`;
    const name = bindingOf(call);
    const localId = ctx.nextId("L", call);
    const layer = redisLayer({ localId, anchor: nodeSpan(call), label: name ?? q, library: "redis-py", retries, source, note, wait, errors: ERRORS });
    if (versionDefaults) layer.versionDefaults = versionDefaults;
    ctx.facts.layers.push(layer);
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
