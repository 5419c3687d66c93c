/**
 * segmentio/kafka-go produce retries — docs/reference/kafka.md §kafka-go.
 * - `&kafka.Writer{…}` / `kafka.Writer{…}` literals and `kafka.NewWriter(kafka.WriterConfig{…})`
 *   → a producer layer. `MaxAttempts` counts **attempts** (writer.go `maxAttempts()`:
 *   `if w.MaxAttempts > 0 { return w.MaxAttempts }; return 10`): unset or ≤ 0 → **10 attempts**;
 *   n → n. Between attempts `backoff(attempt, WriteBackoffMin 100 ms, WriteBackoffMax 1 s)` =
 *   attempt² × min, capped, **no jitter**. Only temporary / transient network errors are retried.
 *   The count may be a package constant of another file (`MaxAttempts: writerMaxAttempts`):
 *   resolved at link time (LayerFact.countExpr).
 * - `WriteMessages(ctx, msgs…)` on the writer (bound, or a field it is stored in) is a request to
 *   the broker (`Addr: kafka.TCP("host:9092")`, `Brokers: []string{…}`), else `kafka`.
 * - `kafka.NewReader(kafka.ReaderConfig{…})`: `MaxAttempts` (default 3, `0` → 3) bounds a
 *   reader's connect / fetch / group attempts before the error is delivered: a consumer-side
 *   layer, reported off-path (it wraps no request a caller makes).
 */
import type { LayerFact, ValueExpr } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { addClient } from "./nethttp";
import { boundName, numberOf, valueOf } from "./values";
import { callArgs, calleeNode, descendants, dottedName, durationSeconds, fmtSeconds, nodeSpan } from "./syntax";
import { KAFKA_DEFAULT_TARGET, KAFKA_NOT_SENDING, kafkaProducerLayer } from "../shared/kafka";

export const KAFKA_GO = /^github\.com\/segmentio\/kafka-go$/;
const LIBRARY = "kafka-go";

export function detectKafkaGo(ctx: GoContext): void {
  const pkg = ctx.importLocal(KAFKA_GO);
  if (!pkg) return;
  const time = ctx.importLocal("time") ?? "time";
  for (const lit of descendants(ctx.tree.rootNode, "composite_literal")) {
    const type = dottedName(lit.childForFieldName("type"));
    if (type !== `${pkg}.Writer` && type !== `${pkg}.WriterConfig` && type !== `${pkg}.ReaderConfig`) continue;
    const fields = fieldsOf(lit);
    // `kafka.NewWriter(kafka.WriterConfig{…})` / `kafka.NewReader(kafka.ReaderConfig{…})`: the call is the value
    const call = lit.parent?.type === "argument_list" ? lit.parent.parent : null;
    const holder = call?.type === "call_expression" ? call : lit.parent?.type === "unary_expression" ? lit.parent : lit;
    const reader = type === `${pkg}.ReaderConfig`;
    const written = fields.get("MaxAttempts");
    const value = written?.childForFieldName("value")?.namedChildren[0] ?? null;
    const n = value ? numberOf(ctx, value) : null;
    const dflt = reader ? 3 : 10;
    const what = reader ? "ReaderConfig.MaxAttempts" : "Writer.MaxAttempts";
    let attempts: number | null;
    let note: string;
    let countExpr: LayerFact["countExpr"] | undefined;
    if (!value) {
      attempts = dflt;
      note = `default ${what} ${dflt} attempts (kafka-go; MaxAttempts counts attempts)`;
    } else if (n === null) {
      attempts = null;
      note = `${what}: ${value.text}: not a literal (kafka-go; unset or ≤ 0 → ${dflt} attempts)`;
      const expr = valueOf(ctx, value);
      if (expr && expr.kind !== "unknown") countExpr = { value: expr, scopeId: ctx.scopeId(value), offset: 0, nonPositive: dflt, note: `${what}: ${value.text} = $value → $attempts attempts (kafka-go; MaxAttempts counts attempts)` };
    } else if (n <= 0) {
      attempts = dflt;
      note = `${what}: ${value.text} means the default ${dflt} attempts (kafka-go: only a positive value is used)`;
    } else {
      attempts = n;
      note = `${what}: ${value.text === String(n) ? n : `${value.text} = ${n}`} → ${n} attempt${n === 1 ? "" : "s"} (kafka-go; MaxAttempts counts attempts)`;
    }
    const anchor = nodeSpan(written ?? holder);
    const name = boundName(ctx, holder);
    const localId = ctx.nextId("L", lit);
    if (reader) {
      ctx.facts.layers.push({
        ...kafkaProducerLayer({ localId, anchor, label: name ?? "kafka.Reader", library: LIBRARY, attempts, source: value ? "config" : "default", note, wait: { kind: "none", jitter: false, initialSeconds: null, maxSeconds: null, source: "default", description: "the reader's own connect/fetch back-off" }, errors: "connect, fetch and consumer-group errors of the reader", countExpr, unknown: attempts === null }),
        kind: "kafka-consumer",
        category: "code",
        attach: { kind: "block", functionId: ctx.scopeId(lit), callIds: [] },
        offPath: "consumer side: a kafka-go Reader's connect/fetch attempts wrap no request a caller makes",
      });
      continue;
    }
    ctx.facts.layers.push(kafkaProducerLayer({
      localId,
      anchor,
      label: name ?? "kafka.Writer",
      library: LIBRARY,
      attempts,
      source: value ? "config" : "default",
      note,
      wait: waitOf(fields, time),
      errors: "temporary and transient network errors of a produce request (leader not available, not enough replicas, timeouts, connection resets)",
      countExpr,
      unknown: attempts === null,
    }));
    if (!name) continue;
    const client = addClient(ctx, { name, at: holder, library: LIBRARY, timeoutSeconds: null, timeoutSet: false, layerIds: [localId], baseUrl: brokerOf(ctx, fields, pkg) });
    client.sdk = { target: "", notSending: [...KAFKA_NOT_SENDING, "Stats", "Topic", "Addr"], protocol: "queue" };
  }
}

function fieldsOf(lit: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const kv of lit.childForFieldName("body")?.namedChildren ?? []) {
    if (kv?.type !== "keyed_element") continue;
    const key = kv.childForFieldName("key")?.text ?? "";
    if (key) out.set(key, kv);
  }
  return out;
}

function waitOf(fields: Map<string, SyntaxNode>, time: string): LayerFact["wait"] {
  const get = (k: string) => fields.get(k)?.childForFieldName("value")?.namedChildren[0] ?? null;
  const min = get("WriteBackoffMin");
  const max = get("WriteBackoffMax");
  const minS = (min ? durationSeconds(min, time) : null) ?? 0.1;
  const maxS = (max ? durationSeconds(max, time) : null) ?? 1;
  return {
    kind: "exponential",
    jitter: false,
    initialSeconds: minS,
    maxSeconds: maxS,
    source: min || max ? "config" : "default",
    description: `attempt² × ${fmtSeconds(minS)}, max ${fmtSeconds(maxS)}, no jitter (WriteBackoffMin/WriteBackoffMax${min || max ? "" : " defaults 100 ms / 1 s"})`,
  };
}

/** `Addr: kafka.TCP("kafka:9092")`, `Brokers: []string{"kafka:9092"}` → `kafka://kafka:9092`; else `kafka` */
function brokerOf(ctx: GoContext, fields: Map<string, SyntaxNode>, pkg: string): ValueExpr {
  let n = fields.get("Addr")?.childForFieldName("value")?.namedChildren[0] ?? fields.get("Brokers")?.childForFieldName("value")?.namedChildren[0] ?? null;
  if (n?.type === "call_expression" && dottedName(calleeNode(n)) === `${pkg}.TCP`) n = callArgs(n)[0] ?? null;
  if (n?.type === "composite_literal") n = n.childForFieldName("body")?.namedChildren.find((c) => c?.type === "literal_element")?.namedChildren[0] ?? null;
  const v = n && n.type !== "variadic_argument" ? valueOf(ctx, n) : null;
  if (!v || v.kind !== "string") return { kind: "string", value: KAFKA_DEFAULT_TARGET };
  return { kind: "string", value: /^\w+:\/\//.test(v.value) ? v.value : `kafka://${v.value}` };
}
