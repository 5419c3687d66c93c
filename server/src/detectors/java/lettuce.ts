/**
 * Lettuce (io.lettuce:lettuce-core 5 … 7) re-sending commands after a reconnect —
 * docs/reference/redis.md ("Lettuce"). Verified in redis/lettuce `ClientOptions.java`
 * (`DEFAULT_AUTO_RECONNECT = true`, `DEFAULT_DISCONNECTED_BEHAVIOR = DEFAULT`) and
 * `protocol/DefaultEndpoint.java` (`reliability = isAutoReconnect() ? AT_LEAST_ONCE :
 * AT_MOST_ONCE`; "commands are ok to stay within the queue, reconnect will retrigger them";
 * `CommandHandler.channelInactive` drains written-but-unanswered commands into the disconnected
 * buffer, which is written again once reconnected).
 *
 * It is a retry layer: a command whose connection drops before its reply is sent again after the
 * reconnect — **at least once**, with no count: every further disconnect re-sends it again. The
 * only bound is time: the command timeout (`RedisURI.DEFAULT_TIMEOUT` 60 s, applied to every API
 * by `ClientOptions.DEFAULT_TIMEOUT_OPTIONS = TimeoutOptions.enabled()`).
 * So `maxAttempts: null` (unbounded by count) with the timeout as the time bound. Writes (INCR,
 * LPUSH) are re-sent too. Off: `ClientOptions.builder().autoReconnect(false)` (at most once) or
 * `disconnectedBehavior(REJECT_COMMANDS)` (the drained commands are cancelled) → a disabled layer.
 * - Clients: `RedisClient.create(uri)` / `RedisClusterClient.create(uri)` (held by a field, local,
 *   assignment or `@Bean`), `client.setOptions(ClientOptions…)` in the same file;
 *   `client.connect()`, `conn.sync()`/`async()`/`reactive()` derive command objects; every
 *   command on them is a request to the URI's host (ClientFact.sdk, target "").
 * - Spring Data Redis over Lettuce (`RedisTemplate`, the Spring Boot default) is not modelled.
 */
import type { LayerFact, ValueExpr } from "../../model/facts";
import { importsFrom, receiverName, type JvmContext } from "./context";
import { holderOf, outermost, valueOfName } from "./jvmHolders";
import { valueExpr } from "./module";
import { argAt, boolOf, chainOf, stringOf, type Call, type Expr } from "./syntax";

export const LETTUCE = "lettuce";
const DERIVING = new Set(["connect", "sync", "async", "reactive", "connectPubSub", "getStatefulConnection"]);
const NOT_SENDING = [...DERIVING, "setOptions", "shutdown", "shutdownAsync", "close", "closeAsync", "getOptions", "getResources", "isOpen", "setTimeout", "setAutoFlushCommands", "flushCommands", "getConnection"];

export function detectLettuce(ctx: JvmContext): void {
  if (!importsFrom(ctx.file, "io.lettuce")) return;
  const names: string[] = [];
  for (const call of ctx.file.calls) {
    const recv = call.receiver?.k === "name" ? call.receiver.path.slice(call.receiver.path.lastIndexOf(".") + 1) : null;
    if (call.name !== "create" || (recv !== "RedisClient" && recv !== "RedisClusterClient")) continue;
    if (outermost(ctx, call) !== call) continue;
    const holder = holderOf(ctx, call);
    const off = holder ? optionsOff(ctx, holder.name.slice(holder.name.lastIndexOf(".") + 1)) : null;
    const localId = ctx.nextId("L", call.span);
    ctx.facts.layers.push(lettuceLayer(localId, call, off));
    if (!holder) continue;
    const uri = uriOf(ctx, call);
    ctx.facts.clients.push({ id: ctx.nextId("K", call.span), name: holder.name, functionId: holder.functionId, span: call.span, library: LETTUCE, baseUrl: uri, layerIds: [localId], fromCall: null, perCall: holder.perCall, hasRetryQuota: false, timeoutSeconds: null, sdk: { target: "", notSending: NOT_SENDING } });
    if (holder.beanMethod) {
      const fn = ctx.facts.functions.find((f) => f.id === holder.beanMethod);
      const id = ctx.facts.clients[ctx.facts.clients.length - 1]!.id;
      if (fn) fn.returnsClientId = id;
    }
    if (holder.name) names.push(holder.name);
  }
  if (!names.length) return;
  // `StatefulRedisConnection<String, String> conn = client.connect(); RedisCommands cmds = conn.sync();`
  for (let round = 0; round < 3; round++) {
    for (const call of ctx.file.calls) {
      if (!DERIVING.has(call.name) || ctx.outerCall(call)) continue;
      const chain = chainOf(call);
      if (!chain.every((c) => DERIVING.has(c.name))) continue;
      const head = receiverName(chain[0]!);
      const from = head ? ctx.facts.clients.find((c) => c.library === LETTUCE && c.name.endsWith(`.${head}`)) : undefined;
      const holder = from ? holderOf(ctx, call) : null;
      if (!from || !holder?.name || ctx.facts.clients.some((c) => c.name === holder.name)) continue;
      ctx.facts.clients.push({ ...from, id: ctx.nextId("K", call.span), name: holder.name, functionId: holder.functionId, span: call.span, perCall: holder.perCall });
    }
  }
  // `client.connect().sync().set(k, v)`: a command on a chain from a client
  const byId = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  for (const call of ctx.file.calls) {
    if (NOT_SENDING.includes(call.name) || call.receiver?.k !== "call") continue;
    const chain = chainOf(call);
    if (!chain.slice(0, -1).every((c) => DERIVING.has(c.name))) continue;
    const head = receiverName(chain[0]!);
    if (!head || !ctx.facts.clients.some((c) => c.library === LETTUCE && c.name.endsWith(`.${head}`))) continue;
    const fact = byId.get(ctx.callIds.get(call.node.id) ?? "");
    if (fact) fact.callee = `${head}.${call.name}`;
  }
}

/** `redis://host:port` of `RedisClient.create("redis://cache:6379")`, `RedisURI.create(…)`, `RedisURI.builder().withHost(h).withPort(p).build()`. */
function uriOf(ctx: JvmContext, call: Call): ValueExpr | null {
  let e: Expr | null = argAt(call, call.args.length > 1 ? 1 : 0);
  if (e?.k === "name") e = valueOfName(ctx, call.scopeId, e.path) ?? e;
  if (!e) return null;
  if (e.k === "call") {
    const chain = chainOf(e.call);
    if (chain[0]!.name === "create" && chain.length === 1) return valueExpr(argAt(chain[0]!, 0));
    const host = chain.find((c) => c.name === "withHost" || c.name === "redis");
    return host ? { kind: "concat", parts: [{ kind: "string", value: "redis://" }, valueExpr(argAt(host, 0))] } : null;
  }
  return valueExpr(e);
}

/** `client.setOptions(ClientOptions.builder().autoReconnect(false)….build())` (or the options inline in a name of the file). */
function optionsOff(ctx: JvmContext, clientName: string): string | null {
  for (const c of ctx.file.calls) {
    if (c.name !== "setOptions" || receiverName(c) !== clientName) continue;
    let opts = argAt(c, 0);
    if (opts?.k === "name") opts = valueOfName(ctx, c.scopeId, opts.path);
    if (opts?.k !== "call") continue;
    for (const link of chainOf(opts.call)) {
      if (link.name === "autoReconnect" && boolOf(argAt(link, 0)) === false) return "autoReconnect(false): at most once, nothing is re-sent";
      const b = argAt(link, 0);
      if (link.name === "disconnectedBehavior" && ((b?.k === "name" && /REJECT_COMMANDS$/.test(b.path)) || /REJECT_COMMANDS/.test(stringOf(b) ?? ""))) return "disconnectedBehavior(REJECT_COMMANDS): commands pending at a disconnect are cancelled, not re-sent";
    }
  }
  return null;
}

function lettuceLayer(localId: string, call: Call, off: string | null): LayerFact {
  return {
    localId,
    kind: "redis-client",
    category: "client",
    library: LETTUCE,
    anchor: call.span,
    maxAttempts: off ? 1 : null,
    attemptsSource: off ? "config" : "default",
    attemptsNote: off
      ? off
      : "autoReconnect true (default): commands written but unanswered when the connection drops are re-sent after each reconnect (at least once, no count; lettuce-core 5–7)",
    timeBound: off ? null : "the command timeout: RedisURI.DEFAULT_TIMEOUT 60 s (ClientOptions.DEFAULT_TIMEOUT_OPTIONS = TimeoutOptions.enabled())",
    wait: { kind: "custom", jitter: null, initialSeconds: null, maxSeconds: null, source: "default", description: "re-sent once the connection is back: reconnects back off exponentially (Delay.exponential: 2ⁿ ms up to 30 s, no jitter)" },
    condition: {
      allErrors: false,
      exceptionTypes: [],
      statuses: [],
      retryOn: ["connection lost"],
      afterSendMethods: "all",
      permanentErrors: null,
      honoursRetryAfter: null,
      description: "commands in flight or queued while the connection is lost; every command is re-sent, writes (INCR, LPUSH, …) included, so a write whose reply was lost can be applied twice",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: off ? null : 60,
    attach: { kind: "client" },
    label: call.receiver?.k === "name" ? `${call.receiver.path}.create` : "RedisClient",
  };
}
