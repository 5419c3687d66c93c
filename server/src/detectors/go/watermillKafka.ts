/**
 * ThreeDotsLabs/watermill-kafka publishers — docs/reference/kafka.md §watermill-kafka.
 * `kafka.NewPublisher(kafka.PublisherConfig{Brokers, Marshaler, OverwriteSaramaConfig}, logger)`
 * (v2, v3; v1: `NewPublisher(brokers, marshaler, overwriteSaramaConfig, logger)`) builds a sarama
 * SyncProducer. With no OverwriteSaramaConfig (or nil) the publisher's `setDefaults` uses
 * `DefaultSaramaSyncPublisherConfig()`, which sets `Producer.Retry.Max = 10` (not sarama's 3):
 * **11 attempts** per Publish. A config given is read like sarama's (./sarama.ts): its
 * `cfg.Producer.Retry.Max = n` assignments in the function, on top of the default of the function
 * that built it (`kafka.DefaultSaramaSyncPublisherConfig()` 10, `sarama.NewConfig()` 3).
 * `publisher.Publish(topic, msgs...)` on the publisher is a request to the first broker. A parameter
 * typed `message.Publisher` (watermill's interface) holds a publisher built elsewhere: the linker
 * follows what the callers pass (ClientFact.fromParam); a non-Kafka publisher passed is no client
 * of this library, so nothing is sent through the stub.
 */
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { addClient } from "./nethttp";
import { boundName, numberOf } from "./values";
import { libraryParams } from "./mongo";
import { brokerOf, readProducerSettings, SARAMA, saramaProducerLayer, type SaramaSettings } from "./sarama";
import { callArgs, calleeNode, descendants, dottedName, enclosingFunction, nodeSpan } from "./syntax";
import { KAFKA_NOT_SENDING } from "../shared/kafka";

const WATERMILL_KAFKA = /^github\.com\/ThreeDotsLabs\/watermill-kafka(\/v\d+)?\/pkg\/kafka$/;
const WATERMILL_MESSAGE = "github.com/ThreeDotsLabs/watermill/message";
/** the client library of watermill publishers (the layer is sarama's) */
const LIBRARY = "watermill";
const PUBLISHER_TYPES = new Set(["Publisher"]);
/** watermill-kafka publisher.go DefaultSaramaSyncPublisherConfig (v1.0.0 … v3.1.x) */
const WATERMILL_RETRY_MAX = 10;
/** sarama config.go NewConfig */
const SARAMA_RETRY_MAX = 3;

export function detectWatermillKafka(ctx: GoContext): void {
  const message = ctx.importLocal(WATERMILL_MESSAGE);
  // `func NewRepo(p message.Publisher)`: a publisher handed in
  if (message) {
    for (const p of libraryParams(ctx, message, PUBLISHER_TYPES)) {
      const stub = addClient(ctx, { name: p.id, at: p.node, library: LIBRARY, timeoutSeconds: null, timeoutSet: false, layerIds: [], baseUrl: null });
      stub.fromParam ??= p.id;
    }
  }
  const pkg = ctx.importLocal(WATERMILL_KAFKA);
  if (!pkg) return;
  const sarama = ctx.importLocal(SARAMA);
  const time = ctx.importLocal("time") ?? "time";
  for (const call of descendants(ctx.tree.rootNode, "call_expression")) {
    if (dottedName(calleeNode(call)) !== `${pkg}.NewPublisher`) continue;
    const args = callArgs(call);
    // v2+: one PublisherConfig literal (or a variable bound to one); v1: positional arguments
    const literal = configLiteral(ctx, args[0] ?? null);
    const v1 = !literal && args.length === 4;
    const brokers = literal ? field(literal, "Brokers") : v1 ? args[0]! : null;
    const overwrite = literal ? field(literal, "OverwriteSaramaConfig") : v1 ? args[2]! : null;
    const scope = enclosingFunction(call);
    const s: SaramaSettings = { max: null, maxAt: null, backoff: null, backoffFunc: false, idempotent: false };
    let base = WATERMILL_RETRY_MAX;
    let baseNote = "watermill-kafka DefaultSaramaSyncPublisherConfig sets Producer.Retry.Max = 10 (no OverwriteSaramaConfig)";
    if (overwrite && overwrite.text !== "nil" && !isDefaultConfigCall(overwrite, pkg)) {
      const origin = overwrite.type === "identifier" ? ctx.lookup(overwrite.text, overwrite)?.value ?? null : null;
      if (origin && isDefaultConfigCall(origin, pkg)) {
        baseNote = "OverwriteSaramaConfig from DefaultSaramaSyncPublisherConfig: Producer.Retry.Max = 10";
      } else {
        base = SARAMA_RETRY_MAX;
        baseNote = origin && sarama && dottedName(calleeNode(origin)) === `${sarama}.NewConfig`
          ? "OverwriteSaramaConfig from sarama.NewConfig: Producer.Retry.Max = 3"
          : `OverwriteSaramaConfig ${overwrite.text} built elsewhere: sarama's default Producer.Retry.Max 3 assumed`;
      }
      if (overwrite.type === "identifier" && scope) readProducerSettings(ctx, scope, overwrite.text, call, s);
    }
    const n = s.max ? numberOf(ctx, s.max) : base;
    const attempts = n === null ? null : n + 1;
    const note = !s.max
      ? `${baseNote} → ${base + 1} attempts (sarama SyncProducer; Retry.Max counts retries)`
      : n === null
        ? `Producer.Retry.Max = ${s.max.text}: not a literal (sarama SyncProducer of a watermill-kafka publisher; counts retries)`
        : `Producer.Retry.Max = ${s.max.text} → ${n + 1} attempt${n === 0 ? " (retries disabled)" : "s"} (sarama SyncProducer of a watermill-kafka publisher; Retry.Max counts retries)`;
    const name = boundName(ctx, call);
    const localId = ctx.nextId("L", call);
    ctx.facts.layers.push(saramaProducerLayer({ localId, anchor: nodeSpan(s.maxAt ?? call), label: name ?? "watermill kafka.NewPublisher", library: "sarama", attempts, note, s, time }));
    if (!name) continue;
    const client = addClient(ctx, { name, at: call, library: LIBRARY, timeoutSeconds: null, timeoutSet: false, layerIds: [localId], baseUrl: brokerOf(ctx, brokers) });
    client.sdk = { target: "", notSending: [...KAFKA_NOT_SENDING], protocol: "queue" };
  }
}

/** `kafka.PublisherConfig{…}` (also `&…`), inline or bound to the variable passed */
function configLiteral(ctx: GoContext, n: SyntaxNode | null): SyntaxNode | null {
  let v = n;
  if (v?.type === "identifier") v = ctx.lookup(v.text, v)?.value ?? null;
  if (v?.type === "unary_expression") v = v.namedChildren[0] ?? null;
  return v?.type === "composite_literal" && /PublisherConfig$/.test(v.childForFieldName("type")?.text ?? "") ? v : null;
}

function field(literal: SyntaxNode, key: string): SyntaxNode | null {
  for (const kv of literal.childForFieldName("body")?.namedChildren ?? []) {
    if (kv?.type !== "keyed_element") continue;
    const k = kv.childForFieldName("key") ?? kv.namedChildren[0] ?? null;
    const name = k?.type === "literal_element" ? k.namedChildren[0]?.text : k?.text;
    if (name !== key) continue;
    const v = kv.childForFieldName("value") ?? kv.namedChildren[1] ?? null;
    return v?.type === "literal_element" ? (v.namedChildren[0] ?? null) : v;
  }
  return null;
}

function isDefaultConfigCall(n: SyntaxNode, pkg: string): boolean {
  return n.type === "call_expression" && dottedName(calleeNode(n)) === `${pkg}.DefaultSaramaSyncPublisherConfig`;
}
