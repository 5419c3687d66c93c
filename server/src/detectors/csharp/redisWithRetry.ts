/**
 * StackExchange.Redis `WithRetry` (3.1.0+, experimental `GeoRedundantFailover`, opt-in) —
 * docs/reference/redis.md "StackExchange.Redis". The only setting of the library that re-sends a
 * command on the request path: `db.WithRetry(policy?)` wraps a database so that a command failed by a
 * connection or transient fault is issued again. Verified in StackExchange/StackExchange.Redis 3.1.31
 * and main (2026-08) `src/StackExchange.Redis/Availability/RetryPolicy.cs`: `DefaultMaxAttempts = 3`
 * (MaxAttempts counts **attempts**), `DefaultRetryDelay` 1 s + `DefaultJitterMax` 0.5 s,
 * `DefaultMaxCommandRetryCategory = CommandRetryWriteLastWins` (reads and last-write-wins writes such
 * as SET; INCR-like writes only when known not applied), `RetryPolicy.None` never retries;
 * `DatabaseExtensions.WithRetry(retryPolicy = null)`: null → `ConfigurationOptions.RetryPolicy`, else
 * `RetryPolicy.Default`.
 *
 * - `var db = mux.GetDatabase().WithRetry()` / `db.WithRetry(policy)` → a `redis-client` layer on the
 *   `WithRetry` call; its commands are requests to the multiplexer's host under it.
 * - Policy: none → `RetryPolicy = …` of a ConfigurationOptions in the file, else 3; `RetryPolicy.None`
 *   → 1 (disabled); `RetryPolicy.Default` → 3; `new RetryPolicy.Builder { MaxAttempts = n }` (with or
 *   without `.Create()`, inline or a variable of the file) → n; anything else → count not known.
 * ConnectRetry, ReconnectRetryPolicy, abortConnect and BacklogPolicy re-send nothing: no layer.
 */
import type { ClientFact, LayerFact } from "../../model/facts";
import { callParts, createdType, descendants, dottedName, initializerValues, nodeSpan, numberValue } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { CsContext } from "./context";

/** Availability.RetryPolicy.DefaultMaxAttempts */
export const SE_REDIS_WITH_RETRY_ATTEMPTS = 3;

/** Layers for `….WithRetry(…)` on a database of `clients`; returns the wrapped databases to add as clients. */
export function withRetryLayers(ctx: CsContext, clients: ClientFact[], library: string): Array<{ name: string; at: SyntaxNode; from: ClientFact; layerId: string }> {
  const out: Array<{ name: string; at: SyntaxNode; from: ClientFact; layerId: string }> = [];
  for (const call of descendants(ctx.tree.rootNode, "invocation_expression")) {
    const fn = callParts(call).fn;
    if (fn?.type !== "member_access_expression" || fn.childForFieldName("name")?.text !== "WithRetry") continue;
    // the receiver's root: `mux.GetDatabase().WithRetry()`, `db.WithRetry()`
    let expr = fn.childForFieldName("expression");
    while (expr?.type === "invocation_expression") {
      const inner = callParts(expr).fn;
      expr = inner?.type === "member_access_expression" ? inner.childForFieldName("expression") : null;
    }
    const receiver = (expr?.text ?? "").replace(/^this\./, "");
    const from = clients.find((c) => c.name.replace(/^this\./, "") === receiver);
    if (!from) continue;
    const count = countOf(ctx, callParts(call).positional[0] ?? callParts(call).keywords.get("retryPolicy") ?? null);
    const layer = withRetryLayer(ctx.nextId("L", call), call, count, library);
    ctx.facts.layers.push(layer);
    const bound = call.parent?.type === "equals_value_clause" ? call.parent.parent : call.parent;
    const name = bound?.type === "variable_declarator" ? bound.childForFieldName("name")?.text : bound?.type === "assignment_expression" ? dottedName(bound.childForFieldName("left")) : null;
    if (name) out.push({ name, at: call, from, layerId: layer.localId });
  }
  return out;
}

interface Count {
  attempts: number | null;
  source: "config" | "default";
  note: string;
}

function countOf(ctx: CsContext, arg: SyntaxNode | null): Count {
  if (!arg || arg.text === "null") {
    const configured = configuredPolicy(ctx);
    if (configured) return policyCount(ctx, configured, "ConfigurationOptions.RetryPolicy");
    return { attempts: SE_REDIS_WITH_RETRY_ATTEMPTS, source: "default", note: `WithRetry(): RetryPolicy.Default, MaxAttempts ${SE_REDIS_WITH_RETRY_ATTEMPTS} (counts attempts)` };
  }
  return policyCount(ctx, arg, "WithRetry");
}

function policyCount(ctx: CsContext, n: SyntaxNode, where: string): Count {
  let v: SyntaxNode | null = n;
  if (v.type === "identifier") v = declarationOf(ctx, v.text) ?? v;
  // `new RetryPolicy.Builder { … }.Create()`
  if (v.type === "invocation_expression" && /\.Create$/.test(dottedName(callParts(v).fn) ?? callParts(v).fn?.text ?? "")) v = callParts(v).fn?.childForFieldName("expression") ?? v;
  if (v.type === "parenthesized_expression") v = v.namedChildren[0] ?? v;
  const text = dottedName(v) ?? "";
  if (/(^|\.)RetryPolicy\.None$/.test(text)) return { attempts: 1, source: "config", note: `${where}: RetryPolicy.None never retries → 1 attempt` };
  if (/(^|\.)RetryPolicy\.Default$/.test(text)) return { attempts: SE_REDIS_WITH_RETRY_ATTEMPTS, source: "config", note: `${where}: RetryPolicy.Default, MaxAttempts ${SE_REDIS_WITH_RETRY_ATTEMPTS} (counts attempts)` };
  if (v.type === "object_creation_expression" && createdType(v) === "Builder") {
    const max = initializerValues(v).get("MaxAttempts");
    if (!max) return { attempts: SE_REDIS_WITH_RETRY_ATTEMPTS, source: "config", note: `${where}: RetryPolicy.Builder default MaxAttempts ${SE_REDIS_WITH_RETRY_ATTEMPTS}` };
    const m = numberValue(max);
    return m === null ? { attempts: null, source: "config", note: `${where}: MaxAttempts = ${max.text} is not known statically` } : { attempts: Math.max(1, Math.floor(m)), source: "config", note: `${where}: MaxAttempts = ${m} counts attempts → ${Math.max(1, Math.floor(m))}` };
  }
  return { attempts: null, source: "config", note: `${where}(${n.text.slice(0, 40)}): a retry policy not read statically` };
}

/** `RetryPolicy = …` in a `new ConfigurationOptions { … }` of the file, or `options.RetryPolicy = …`. */
function configuredPolicy(ctx: CsContext): SyntaxNode | null {
  for (const creation of descendants(ctx.tree.rootNode, "object_creation_expression")) {
    if (createdType(creation) !== "ConfigurationOptions") continue;
    const p = initializerValues(creation).get("RetryPolicy");
    if (p) return p;
  }
  for (const a of descendants(ctx.tree.rootNode, "assignment_expression")) {
    if (/\.RetryPolicy$/.test(dottedName(a.childForFieldName("left")) ?? "")) return a.childForFieldName("right");
  }
  return null;
}

function declarationOf(ctx: CsContext, name: string): SyntaxNode | null {
  for (const d of descendants(ctx.tree.rootNode, "variable_declarator")) {
    if (d.childForFieldName("name")?.text !== name) continue;
    const value = d.namedChildren.filter((c) => c && c.type !== "identifier").pop();
    return (value?.type === "equals_value_clause" ? value.namedChildren[0] : value) ?? null;
  }
  return null;
}

function withRetryLayer(localId: string, call: SyntaxNode, count: Count, library: string): LayerFact {
  return {
    localId,
    kind: "redis-client",
    category: "client",
    library,
    anchor: nodeSpan(call),
    maxAttempts: count.attempts,
    attemptsSource: count.source,
    attemptsNote: count.note,
    timeBound: null,
    ...(count.attempts === null ? { countUnknown: true } : {}),
    wait: { kind: "fixed", jitter: true, initialSeconds: 1, maxSeconds: 1.5, source: "default", description: "RetryDelay 1 s + up to JitterMax 0.5 s between attempts (after MaxAttemptsBeforeFailover in a connection group: FailoverDelay 5 s)" },
    condition: {
      allErrors: false,
      exceptionTypes: ["RedisConnectionException", "RedisTimeoutException"],
      statuses: [],
      retryOn: ["connection lost", "transient"],
      afterSendMethods: "all",
      permanentErrors: null,
      honoursRetryAfter: null,
      description: "connection and transient faults (CircuitBreaker.DefaultIsFailure), for commands up to MaxCommandRetryCategory CommandRetryWriteLastWins: reads and last-write-wins writes (SET); accumulating writes (INCR) only when known not applied",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: call.text.length > 60 ? "WithRetry" : call.text,
  };
}
