/**
 * confluent-kafka (librdkafka) produce retries — docs/reference/kafka.md §confluent-kafka.
 * - `confluent_kafka.Producer(conf)` / `SerializingProducer(conf)` / `confluent_kafka.avro.AvroProducer(conf)`
 *   with a dict literal (inline or a name bound to one in the file) → a producer layer on the call.
 * - librdkafka ≥ 1.6 (confluent-kafka ≥ 1.6 bundles it; assumed): `retries` / `message.send.max.retries`
 *   default **INT32_MAX** (2147483647), so the count is effectively unbounded and the bound is time:
 *   `delivery.timeout.ms` / `message.timeout.ms` default **300 000 ms** (a time of 0 is infinite).
 *   A written `retries: N` → N + 1 attempts (still within the timeout); `0` → 1. Before 1.6 the
 *   default was 2 retries → 3 attempts. `enable.idempotence: True` keeps INT32_MAX and makes re-sends
 *   safe. Wait: `retry.backoff.ms` 100 ms (exponential up to `retry.backoff.max.ms` 1 s since 2.3).
 * - `producer.produce(topic, value)` is a request to the first `bootstrap.servers` host, else `kafka`.
 */
import type { ClientFact, LayerFact, ValueExpr } from "../../model/facts";
import { bindingOf, callParts, descendants, enclosingFunction, nodeSpan, stringValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { resolveBound, type PyContext } from "./context";
import { KAFKA_DEFAULT_TARGET, KAFKA_NOT_SENDING, kafkaProducerLayer } from "../shared/kafka";

const PRODUCERS = new Set(["confluent_kafka.Producer", "confluent_kafka.SerializingProducer", "confluent_kafka.avro.AvroProducer", "confluent_kafka.experimental.aio.AIOProducer"]);
const LIBRARY = "confluent-kafka";
const VERSION = "librdkafka ≥ 1.6 assumed";
const INT32_MAX = 2147483647;

export function detectConfluentKafka(ctx: PyContext): void {
  for (const call of descendants(ctx.tree.rootNode, "call")) {
    const q = ctx.qualifiedName(call.childForFieldName("function")) ?? "";
    if (!PRODUCERS.has(q)) continue;
    const { positional, keywords } = callParts(call);
    const confNode = positional[0] ?? keywords.get("config") ?? keywords.get("conf") ?? null;
    const dict = resolveBound(ctx, confNode, call);
    const conf = dict?.type === "dictionary" ? entries(dict) : null;
    const retriesKey = conf ? (conf.has("retries") ? "retries" : conf.has("message.send.max.retries") ? "message.send.max.retries" : null) : null;
    const retriesNode = retriesKey ? conf!.get(retriesKey)!.value : null;
    const timeoutKey = conf ? (conf.has("delivery.timeout.ms") ? "delivery.timeout.ms" : conf.has("message.timeout.ms") ? "message.timeout.ms" : null) : null;
    const timeoutMs = timeoutKey ? ctx.number(conf!.get(timeoutKey)!.value, call) : 300000;
    const idempotent = conf?.get("enable.idempotence")?.value.text === "True";
    const n = retriesNode ? ctx.number(retriesNode, call) : null;
    const timeText = timeoutMs === 0 ? "no time bound (message timeout 0 = infinite)" : timeoutMs === null ? `${timeoutKey} not a literal` : `${timeoutMs / 1000} s (${timeoutKey ?? "delivery.timeout.ms default 300000"})`;
    let attempts: number | null;
    let note: string;
    let timeBound: string | null = null;
    if (!retriesNode || (n !== null && n >= INT32_MAX)) {
      attempts = null;
      timeBound = timeoutMs === 0 ? null : timeText;
      note = `${retriesNode ? `${retriesKey}: ${retriesNode.text}` : "default retries INT32_MAX"}: no practical count; each message is retried ${timeoutMs === 0 ? "without a time bound (message timeout 0 = infinite)" : `until ${timeText}`} (${VERSION}; before 1.6: 2 retries → 3 attempts)`;
    } else if (n === null) {
      attempts = null;
      note = `${retriesKey}: ${retriesNode.text}: not a literal (${VERSION}; counts retries)`;
    } else {
      attempts = Math.max(0, n) + 1;
      note = `${retriesKey}: ${n} → ${attempts} attempt${attempts === 1 ? "" : "s"} (librdkafka; retries counts retries), within ${timeText}`;
    }
    if (!conf && confNode) note += `; config ${confNode.text.slice(0, 40)} is not a dict literal of the file (the defaults are assumed)`;
    if (idempotent) note += "; enable.idempotence: True (re-sends are de-duplicated by the broker)";
    const backoffMs = conf?.get("retry.backoff.ms") ? ctx.number(conf.get("retry.backoff.ms")!.value, call) : 100;
    const wait: LayerFact["wait"] = { kind: "exponential", jitter: false, initialSeconds: backoffMs === null ? null : backoffMs / 1000, maxSeconds: 1, source: conf?.has("retry.backoff.ms") ? "config" : "default", description: `retry.backoff.ms ${backoffMs ?? "?"} ms (fixed before librdkafka 2.3; exponential up to retry.backoff.max.ms 1 s since)` };
    const name = bindingOf(call);
    const localId = ctx.nextId("L", call);
    const anchorAt = retriesKey ? conf!.get(retriesKey)!.pair : call;
    ctx.facts.layers.push(kafkaProducerLayer({
      localId,
      anchor: nodeSpan(anchorAt),
      label: name ?? q.split(".").pop()!,
      library: LIBRARY,
      attempts,
      source: retriesNode ? "config" : "default",
      note,
      wait,
      errors: "retriable produce errors (leader changes, request timeouts, broker transport failures, not enough replicas)",
      idempotent,
      timeBound,
      overallTimeoutSeconds: timeoutMs ? timeoutMs / 1000 : null,
      unknown: attempts === null && n === null && !!retriesNode,
    }));
    if (!name) continue;
    const fact: ClientFact = {
      id: ctx.nextId("K", call),
      name,
      functionId: ctx.functionId(enclosingFunction(call)),
      span: nodeSpan(call),
      library: LIBRARY,
      baseUrl: brokerOf(ctx, conf?.get("bootstrap.servers")?.value ?? null),
      layerIds: [localId],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: "", notSending: KAFKA_NOT_SENDING, protocol: "queue" },
    };
    ctx.facts.clients.push(fact);
  }
}

function entries(dict: SyntaxNode): Map<string, { pair: SyntaxNode; value: SyntaxNode }> {
  const out = new Map<string, { pair: SyntaxNode; value: SyntaxNode }>();
  for (const pair of dict.namedChildren) {
    if (pair?.type !== "pair") continue;
    const key = stringValue(pair.childForFieldName("key"));
    const value = pair.childForFieldName("value");
    if (key && value) out.set(key, { pair, value });
  }
  return out;
}

function brokerOf(ctx: PyContext, n: SyntaxNode | null): ValueExpr {
  const v = n ? ctx.value(n) : null;
  if (v?.kind === "string") {
    const first = v.value.split(",")[0]!.trim();
    return { kind: "string", value: /^\w+:\/\//.test(first) ? first : `kafka://${first}` };
  }
  return { kind: "string", value: KAFKA_DEFAULT_TARGET };
}
