/**
 * The layer a Kafka producer's own produce retries make (docs/reference/kafka.md), shared by the
 * kafkajs (typescript/kafkajs.ts), segmentio/kafka-go (go/kafkaGo.ts), sarama (go/sarama.ts) and
 * confluent-kafka / librdkafka (python/confluentKafka.ts) detectors. Every produce call is a
 * request to the broker (`kafka://<broker>`, else `kafka`): a message whose ack was lost is
 * written again unless the producer is idempotent.
 */
import type { LayerFact } from "../../model/facts";

export const KAFKA_DEFAULT_TARGET = "kafka://kafka";

export function kafkaProducerLayer(opts: {
  localId: string;
  anchor: LayerFact["anchor"];
  label: string;
  library: string;
  /** total attempts; null when unknown (not a literal) */
  attempts: number | null;
  source: "default" | "config";
  note: string;
  wait: LayerFact["wait"];
  errors: string;
  /** the producer is idempotent (the broker drops duplicates of a retried batch) */
  idempotent?: boolean;
  timeBound?: string | null;
  overallTimeoutSeconds?: number | null;
  countExpr?: LayerFact["countExpr"];
  /** the count is not a literal (null attempts for a reason other than no bound) */
  unknown?: boolean;
}): LayerFact {
  return {
    localId: opts.localId,
    kind: "kafka-producer",
    category: "client",
    library: opts.library,
    anchor: opts.anchor,
    maxAttempts: opts.attempts === null ? null : Math.max(1, opts.attempts),
    attemptsSource: opts.source,
    attemptsNote: opts.note,
    timeBound: opts.timeBound ?? null,
    ...(opts.attempts === null && opts.unknown ? { countUnknown: true } : {}),
    ...(opts.countExpr ? { countExpr: opts.countExpr } : {}),
    wait: opts.wait,
    condition: {
      allErrors: false,
      exceptionTypes: [],
      statuses: [],
      retryOn: [],
      afterSendMethods: opts.idempotent ? [] : "all",
      permanentErrors: null,
      honoursRetryAfter: null,
      description: `${opts.errors}; ${opts.idempotent ? "idempotent producer: the broker drops duplicates of a retried batch" : "a batch whose acknowledgement was lost is written again (duplicates) unless the producer is idempotent"}`,
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: opts.overallTimeoutSeconds ?? null,
    attach: { kind: "client" },
    label: opts.label,
  };
}

/** Methods on a producer/writer object that send nothing to the broker. */
export const KAFKA_NOT_SENDING = ["Close", "close", "connect", "disconnect", "on", "events", "logger", "Stats", "Successes", "Errors", "flush", "poll", "list_topics", "init_transactions", "AsyncClose", "transaction", "isIdempotent"];
