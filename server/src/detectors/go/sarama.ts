/**
 * IBM/sarama (Shopify/sarama) produce retries — docs/reference/kafka.md §sarama.
 * - `sarama.NewSyncProducer(addrs, cfg)`, `NewAsyncProducer(addrs, cfg)` (and the `…FromClient`
 *   forms) → a producer layer. `cfg.Producer.Retry.Max` counts **retries**: `sarama.NewConfig()`
 *   sets 3 → **4 attempts**; n → n + 1; `0` → 1 (disabled). `Producer.Retry.Backoff` default
 *   100 ms, fixed, **no jitter** (`BackoffFunc` replaces it). The config's assignments are read in
 *   the function building the producer and, when the config comes from a function of the file
 *   (`conf := getConfig(id)`), in that function.
 * - `producer.SendMessage(msg)` / `SendMessages` / `Input() <- msg` on the producer is a request to
 *   the first broker address when literal, else `kafka`.
 */
import type { LayerFact, SourceSpan, ValueExpr } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { addClient } from "./nethttp";
import { boundName, numberOf, valueOf } from "./values";
import { callArgs, calleeNode, descendants, dottedName, durationSeconds, enclosingFunction, fmtSeconds, nodeSpan, within } from "./syntax";
import { KAFKA_DEFAULT_TARGET, KAFKA_NOT_SENDING, kafkaProducerLayer } from "../shared/kafka";

export const SARAMA = /^github\.com\/(IBM|Shopify)\/sarama$/;
const LIBRARY = "sarama";
const PRODUCERS = new Set(["NewSyncProducer", "NewAsyncProducer", "NewSyncProducerFromClient", "NewAsyncProducerFromClient"]);

export interface SaramaSettings {
  max: SyntaxNode | null;
  maxAt: SyntaxNode | null;
  backoff: SyntaxNode | null;
  backoffFunc: boolean;
  idempotent: boolean;
}

export function detectSarama(ctx: GoContext): void {
  const pkg = ctx.importLocal(SARAMA);
  if (!pkg) return;
  const time = ctx.importLocal("time") ?? "time";
  const calls = descendants(ctx.tree.rootNode, "call_expression");
  for (const call of calls) {
    const callee = dottedName(calleeNode(call)) ?? "";
    const dot = callee.indexOf(".");
    const ctor = callee.slice(dot + 1);
    if (callee.slice(0, dot) !== pkg || !PRODUCERS.has(ctor)) continue;
    const args = callArgs(call);
    const fromClient = ctor.endsWith("FromClient");
    let cfgArg = fromClient ? null : (args[1] ?? null);
    let scope = enclosingFunction(call);
    // `NewSyncProducerFromClient(client)`: the config given to `sarama.NewClient(addrs, cfg)` of that client
    if (fromClient && args[0]?.type === "identifier") {
      const built = ctx.lookup(args[0].text, args[0])?.value;
      if (built?.type === "call_expression" && dottedName(calleeNode(built)) === `${pkg}.NewClient`) cfgArg = callArgs(built)[1] ?? null;
    }
    const s: SaramaSettings = { max: null, maxAt: null, backoff: null, backoffFunc: false, idempotent: false };
    if (cfgArg?.type === "identifier" && scope) {
      readProducerSettings(ctx, scope, cfgArg.text, call, s);
      // `conf := getConfig(id)`: a function of this file that builds the config
      const bound = ctx.lookup(cfgArg.text, cfgArg)?.value;
      const helper = bound?.type === "call_expression" ? functionNamed(ctx, dottedName(calleeNode(bound)) ?? "") : null;
      if (helper) {
        const local = configVar(helper, pkg);
        if (local) readProducerSettings(ctx, helper, local, null, s, true);
      }
    } else scope = null;
    const n = s.max ? numberOf(ctx, s.max) : 3;
    let attempts: number | null;
    let note: string;
    if (!s.max) {
      attempts = 4;
      note = `default Producer.Retry.Max 3 → 4 attempts (sarama NewConfig; Retry.Max counts retries)`;
    } else if (n === null) {
      attempts = null;
      note = `Producer.Retry.Max = ${s.max.text}: not a literal (sarama; counts retries, default 3)`;
    } else {
      attempts = n + 1;
      note = `Producer.Retry.Max = ${s.max.text === String(n) ? n : `${s.max.text} = ${n}`} → ${n + 1} attempt${n === 0 ? " (retries disabled)" : "s"} (sarama; Retry.Max counts retries)`;
    }
    if (!cfgArg) note += fromClient ? "; the client's config is not in this function" : "";
    const name = boundName(ctx, call);
    const localId = ctx.nextId("L", call);
    ctx.facts.layers.push(saramaProducerLayer({ localId, anchor: nodeSpan(s.maxAt ?? call), label: name ?? `sarama.${ctor}`, library: LIBRARY, attempts, note, s, time }));
    if (!name) continue;
    const client = addClient(ctx, { name, at: call, library: LIBRARY, timeoutSeconds: null, timeoutSet: false, layerIds: [localId], baseUrl: brokerOf(ctx, fromClient ? null : (args[0] ?? null)) });
    client.sdk = { target: "", notSending: [...KAFKA_NOT_SENDING, "Successes", "Errors", "IsTransactional", "TxnStatus", "BeginTxn", "AbortTxn"], protocol: "queue" };
  }
}

/** `cfg.Producer.Retry.Max = n` (and Backoff, BackoffFunc, Idempotent) in `scope`, before `before` when given */
export function readProducerSettings(ctx: GoContext, scope: SyntaxNode, name: string, before: SyntaxNode | null, s: SaramaSettings, fallbackOnly = false): void {
  for (const a of descendants(scope, "assignment_statement")) {
    if (!within(a, scope) || (before && a.startIndex > before.startIndex)) continue;
    const left = a.childForFieldName("left")?.namedChildren ?? [];
    const right = a.childForFieldName("right")?.namedChildren ?? [];
    left.forEach((l, i) => {
      const path = (l?.text ?? "").replace(/\s+/g, "");
      const v = right[i] ?? null;
      if (!v || !path.startsWith(`${name}.Producer.`)) return;
      const key = path.slice(name.length + ".Producer.".length);
      if (key === "Retry.Max" && !(fallbackOnly && s.max)) {
        s.max = v;
        s.maxAt = a;
      } else if (key === "Retry.Backoff" && !(fallbackOnly && s.backoff)) s.backoff = v;
      else if (key === "Retry.BackoffFunc") s.backoffFunc = true;
      else if (key === "Idempotent") s.idempotent = v.text === "true";
    });
  }
  void ctx;
}

/** the variable a helper binds `sarama.NewConfig()` to */
function configVar(fn: SyntaxNode, pkg: string): string | null {
  for (const call of descendants(fn, "call_expression")) {
    if (dottedName(calleeNode(call)) !== `${pkg}.NewConfig`) continue;
    const stmt = call.parent?.parent;
    if (stmt?.type === "short_var_declaration" || stmt?.type === "assignment_statement") return stmt.childForFieldName("left")?.namedChildren[0]?.text ?? null;
    if (stmt?.type === "var_spec") return stmt.childrenForFieldName("name")[0]?.text ?? null;
  }
  return null;
}

function functionNamed(ctx: GoContext, name: string): SyntaxNode | null {
  if (!name || name.includes(".")) return null;
  return ctx.functionNodes.find((f) => f.type === "function_declaration" && f.childForFieldName("name")?.text === name) ?? null;
}

/** The layer of a sarama producer (also one a watermill-kafka publisher builds) from its read settings. */
export function saramaProducerLayer(o: { localId: string; anchor: SourceSpan; label: string; library: string; attempts: number | null; note: string; s: SaramaSettings; time: string }): LayerFact {
  return kafkaProducerLayer({
    localId: o.localId,
    anchor: o.anchor,
    label: o.label,
    library: o.library,
    attempts: o.attempts,
    source: o.s.max ? "config" : "default",
    note: o.s.idempotent ? `${o.note}; Producer.Idempotent = true` : o.note,
    wait: producerWait(o.s, o.time),
    errors: "retriable produce errors (leader not available, not leader for partition, request timed out, not enough replicas, broken connections)",
    idempotent: o.s.idempotent,
    unknown: o.attempts === null,
  });
}

export function producerWait(s: SaramaSettings, time: string): LayerFact["wait"] {
  if (s.backoffFunc) return { kind: "custom", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: "Producer.Retry.BackoffFunc" };
  const seconds = s.backoff ? durationSeconds(s.backoff, time) : 0.1;
  if (seconds === 0) return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "config", description: "Producer.Retry.Backoff = 0: no wait" };
  return { kind: "fixed", jitter: false, initialSeconds: seconds, maxSeconds: seconds, source: s.backoff ? "config" : "default", description: `fixed ${seconds === null ? s.backoff?.text : fmtSeconds(seconds)}, no jitter (Producer.Retry.Backoff${s.backoff ? "" : " default 100 ms"})` };
}

export function brokerOf(ctx: GoContext, addrs: SyntaxNode | null): ValueExpr {
  let n = addrs;
  if (n?.type === "composite_literal") n = n.childForFieldName("body")?.namedChildren.find((c) => c?.type === "literal_element")?.namedChildren[0] ?? null;
  const v = n ? valueOf(ctx, n) : null;
  if (!v || v.kind !== "string") return { kind: "string", value: KAFKA_DEFAULT_TARGET };
  return { kind: "string", value: /^\w+:\/\//.test(v.value) ? v.value : `kafka://${v.value}` };
}
