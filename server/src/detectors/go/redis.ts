/**
 * go-redis command retries — docs/reference/redis.md.
 * - `redis.NewClient(&redis.Options{…})`, `NewClusterClient(&ClusterOptions{…})`,
 *   `NewFailoverClient(&FailoverOptions{…})`, `NewFailoverClusterClient`, `NewUniversalClient(&UniversalOptions{…})`,
 *   `NewRing(&RingOptions{…})` → a client layer. Options inline, or a variable bound to `&redis.Options{…}`
 *   (then `opt.MaxRetries = n` statements of the same function count too).
 * - v8 / v9 (`github.com/go-redis/redis/v8`, `github.com/redis/go-redis/v9`): `MaxRetries` 0 means the
 *   default **3 retries → 4 attempts**; `-1` disables (1 attempt); n > 0 → n + 1. options.go `init()`:
 *   `if opt.MaxRetries == -1 { opt.MaxRetries = 0 } else if opt.MaxRetries == 0 { opt.MaxRetries = 3 }`.
 * - v6 / v7 (`github.com/go-redis/redis`, `/v7`): "Default is to not retry failed commands": 0 → 1 attempt.
 * - Backoff: exponential with jitter between MinRetryBackoff (8 ms) and MaxRetryBackoff (512 ms); -1 disables.
 * - Every method on the client (`rdb.Get(ctx, k)`, `rdb.Set(…)`) is a request to the host `Addr` names
 *   (`Addrs[0]` for cluster/universal, the sentinel master name for failover), else `redis`.
 * - A parameter typed `*redis.Client`, `*redis.ClusterClient`, `*redis.Ring`, `redis.UniversalClient`
 *   or `redis.Cmdable` is a client handed in (ClientFact.fromParam; the linker follows the callers'
 *   arguments). v8.11/v9 `universal.go`: `type UniversalClient interface { Cmdable; …; Close() error;
 *   PoolStats() *PoolStats }` (PoolStats reads the pool's counters: no command).
 */
import type { LayerFact, ValueExpr } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { addClient } from "./nethttp";
import { libraryParams } from "./mongo";
import { boundName, numberOf, valueOf } from "./values";
import { callArgs, calleeNode, descendants, dottedName, durationSeconds, enclosingFunction, nodeSpan, numberValue, within } from "./syntax";
import { REDIS_NOT_SENDING, redisLayer } from "../shared/redis";

export const GO_REDIS = /^github\.com\/(go-redis\/redis|redis\/go-redis)(\/v(\d+))?$/;
export const GO_REDIS_LIBRARY = "go-redis";
const CONSTRUCTORS = new Set(["NewClient", "NewClusterClient", "NewFailoverClient", "NewFailoverClusterClient", "NewUniversalClient", "NewRing", "NewSentinelClient"]);
const NOT_SENDING = [...REDIS_NOT_SENDING, "AddHook", "PoolStats", "Subscribe", "PSubscribe", "SSubscribe", "ForEachShard", "ForEachMaster", "ForEachNode", "ForEachSlave"];

interface Fields {
  literal: SyntaxNode | null;
  values: Map<string, SyntaxNode>;
  anchors: Map<string, SyntaxNode>;
}

export function detectGoRedis(ctx: GoContext): void {
  const pkg = ctx.importLocal(GO_REDIS);
  if (!pkg) return;
  const major = Number(GO_REDIS.exec(ctx.importPath(pkg) ?? "")?.[3] ?? (/redis\/go-redis/.test(ctx.importPath(pkg) ?? "") ? 9 : 6));
  const version = major >= 8 ? `go-redis v${major}` : `go-redis v${major} (before v8: no retries by default)`;
  const calls = descendants(ctx.tree.rootNode, "call_expression");
  for (const call of calls) {
    const callee = dottedName(calleeNode(call)) ?? "";
    const dot = callee.indexOf(".");
    if (callee.slice(0, dot) !== pkg || !CONSTRUCTORS.has(callee.slice(dot + 1))) continue;
    const f = fieldsOf(ctx, callArgs(call)[0] ?? null, call, calls);
    const written = f.values.get("MaxRetries") ?? null;
    const n = written ? numberOf(ctx, written) : 0;
    const unit = major >= 8 ? 3 : 0;
    let retries: number | null;
    let note: string;
    let countExpr: LayerFact["countExpr"];
    if (written === null) {
      retries = unit;
      note = major >= 8 ? `default MaxRetries 3 → 4 attempts (${version})` : `MaxRetries unset: no retries by default → 1 attempt (${version})`;
    } else if (n === null) {
      retries = null;
      note = `MaxRetries: ${written.text}: not a literal (${version}; 0 means 3, -1 disables)`;
      // a constant of another file, a viper setting, an env variable: resolved at link time
      const value = valueOf(ctx, written);
      if (value && value.kind !== "unknown") {
        countExpr = major >= 8
          ? { value, scopeId: ctx.scopeId(written), offset: 1, zero: 4, nonPositive: 1, note: `MaxRetries: ${written.text} = $value → $attempts attempts (${version}; 0 means 3, -1 disables)` }
          : { value, scopeId: ctx.scopeId(written), offset: 1, nonPositive: 1, note: `MaxRetries: ${written.text} = $value → $attempts attempts (${version})` };
      }
    } else if (n < 0) {
      retries = 0;
      note = `MaxRetries: ${written.text} → ${major >= 8 ? "retries disabled" : "no retries"} → 1 attempt (${version})`;
    } else if (n === 0) {
      retries = unit;
      note = major >= 8 ? `MaxRetries: ${written.text} means the default 3 → 4 attempts (${version}; -1 disables)` : `MaxRetries: ${written.text} → 1 attempt (${version})`;
    } else {
      retries = n;
      note = `MaxRetries: ${written.text === String(n) ? n : `${written.text} = ${n}`} → ${n + 1} attempts (${version})`;
    }
    const anchorNode = f.anchors.get("MaxRetries") ?? call;
    const name = boundName(ctx, call);
    const localId = ctx.nextId("L", call);
    ctx.facts.layers.push(redisLayer({
      localId,
      anchor: nodeSpan(anchorNode),
      label: name ?? `redis.${callee.slice(dot + 1)}`,
      library: GO_REDIS_LIBRARY,
      retries,
      source: written === null ? "default" : "config",
      note,
      wait: waitOf(ctx, f),
      errors: "network errors (io.EOF, connection refused/reset), timeouts of non-blocking commands, LOADING / READONLY / CLUSTERDOWN / TRYAGAIN / MASTERDOWN replies",
    }));
    if (countExpr) Object.assign(ctx.facts.layers[ctx.facts.layers.length - 1]!, { countExpr, countUnknown: true });
    if (!name) continue;
    // ReadTimeout: default 3 s (options.go init: `case 0: opt.ReadTimeout = 3 * time.Second`), -1 none
    const rt = f.values.get("ReadTimeout");
    const rtSeconds = rt ? (numberValue(rt) === -1 ? null : durationSeconds(rt, ctx.importLocal("time") ?? "time")) : 3;
    const client = addClient(ctx, { name, at: call, library: GO_REDIS_LIBRARY, timeoutSeconds: rtSeconds, timeoutSet: !!rt, layerIds: [localId], baseUrl: addressOf(ctx, f) });
    client.sdk = { target: "", notSending: NOT_SENDING };
  }
  // parameters typed as a client (`func NewRepo(rdb redis.UniversalClient)`): built elsewhere and handed
  // in; the linker follows the callers' arguments (ClientFact.fromParam)
  for (const p of libraryParams(ctx, pkg, CLIENT_TYPES)) {
    const stub = addClient(ctx, { name: p.id, at: p.node, library: GO_REDIS_LIBRARY, timeoutSeconds: null, timeoutSet: false, layerIds: [], baseUrl: null });
    stub.sdk = { target: "", notSending: NOT_SENDING };
    stub.fromParam ??= p.id;
  }
}

/** the client types and interfaces whose methods send commands (v8/v9: Client, ClusterClient, Ring, UniversalClient, Cmdable) */
const CLIENT_TYPES = new Set(["Client", "ClusterClient", "Ring", "UniversalClient", "Cmdable"]);

/** The options literal `&redis.Options{…}` given inline or through a variable, and `opt.Field = v` statements before the call. */
function fieldsOf(ctx: GoContext, arg: SyntaxNode | null, call: SyntaxNode, calls: SyntaxNode[]): Fields {
  const f: Fields = { literal: null, values: new Map(), anchors: new Map() };
  let n: SyntaxNode | null = arg;
  let variable: string | null = null;
  for (let i = 0; i < 4 && n; i++) {
    if (n.type === "unary_expression" || n.type === "parenthesized_expression") n = n.namedChildren[n.namedChildren.length - 1] ?? null;
    else if (n.type === "identifier") {
      variable = n.text;
      n = ctx.lookup(n.text, n)?.value ?? null;
    } else break;
  }
  if (n?.type === "composite_literal") {
    f.literal = n;
    for (const kv of n.childForFieldName("body")?.namedChildren ?? []) {
      if (kv?.type !== "keyed_element") continue;
      const key = kv.childForFieldName("key")?.text ?? "";
      const value = kv.childForFieldName("value")?.namedChildren[0] ?? null;
      if (key && value) {
        f.values.set(key, value);
        f.anchors.set(key, kv);
      }
    }
  }
  if (variable) {
    const scope = enclosingFunction(call);
    for (const a of descendants(scope ?? ctx.tree.rootNode, "assignment_statement")) {
      if (a.startIndex > call.startIndex || (scope && !within(a, scope))) continue;
      const left = a.childForFieldName("left")?.namedChildren ?? [];
      const right = a.childForFieldName("right")?.namedChildren ?? [];
      left.forEach((l, i) => {
        if (l?.type !== "selector_expression" || l.childForFieldName("operand")?.text !== variable || !right[i]) return;
        const key = l.childForFieldName("field")?.text ?? "";
        f.values.set(key, right[i]!);
        f.anchors.set(key, a);
      });
    }
  }
  void calls;
  return f;
}

function addressOf(ctx: GoContext, f: Fields): ValueExpr {
  let addr: SyntaxNode | null = f.values.get("Addr") ?? null;
  const addrs = f.values.get("Addrs");
  if (!addr && addrs?.type === "composite_literal") addr = addrs.childForFieldName("body")?.namedChildren.find((c) => c?.type === "literal_element")?.namedChildren[0] ?? null;
  const v = addr ? valueOf(ctx, addr) : null;
  if (!v || v.kind === "unknown") return { kind: "string", value: "redis://redis" };
  if (v.kind === "string") return { kind: "string", value: /^\w+:\/\//.test(v.value) ? v.value : `redis://${v.value}` };
  return { kind: "concat", parts: [{ kind: "string", value: "redis://" }, v] };
}

function waitOf(ctx: GoContext, f: Fields): LayerFact["wait"] {
  const time = ctx.importLocal("time") ?? "time";
  const min = f.values.get("MinRetryBackoff");
  const max = f.values.get("MaxRetryBackoff");
  const minS = min ? (numberValue(min) === -1 ? 0 : durationSeconds(min, time)) : 0.008;
  const maxS = max ? (numberValue(max) === -1 ? 0 : durationSeconds(max, time)) : 0.512;
  if (minS === 0 && maxS === 0) return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "config", description: "MinRetryBackoff/MaxRetryBackoff -1: no wait" };
  return {
    kind: "exponential",
    jitter: true,
    initialSeconds: minS,
    maxSeconds: maxS,
    source: min || max ? "config" : "default",
    description: `exponential with jitter from ${minS ?? "?"} s, max ${maxS ?? "?"} s (MinRetryBackoff/MaxRetryBackoff${min || max ? "" : " defaults 8 ms / 512 ms"})`,
  };
}
