/**
 * The layer an Elasticsearch / OpenSearch client's transport retries make
 * (docs/reference/elasticsearch.md), shared by the Python (python/elasticsearch.ts), JS/TS
 * (typescript/elasticsearch.ts) and Go (go/elasticsearch.ts) detectors. Every API call on the
 * client (`es.search(…)`, `client.index(…)`, `es.Search(…)`) is a request to the first node.
 */
import type { LayerFact } from "../../model/facts";

/** namespaced APIs sending through the same transport: `es.indices.create(…)`, `client.cluster.health()` */
export const ES_NAMESPACES = ["indices", "cluster", "cat", "ingest", "snapshot", "tasks", "nodes", "security", "ml", "transform", "sql", "esql", "inference"];

export const ES_NOT_SENDING = ["close", "Close", "options", "child", "extend", "on", "helpers", "transport", "Transport", "connectionPool", "name", "diagnostic", "Metrics", "DiscoverNodes"];

export function elasticsearchLayer(opts: {
  localId: string;
  anchor: LayerFact["anchor"];
  label: string;
  library: string;
  /** retries after the first try; null when not a literal */
  retries: number | null;
  source: "default" | "config";
  note: string;
  wait: LayerFact["wait"];
  statuses: number[];
  retryOnTimeout: boolean;
  errors: string;
}): LayerFact {
  return {
    localId: opts.localId,
    kind: "elasticsearch-client",
    category: "client",
    library: opts.library,
    anchor: opts.anchor,
    maxAttempts: opts.retries === null ? null : Math.max(1, opts.retries + 1),
    attemptsSource: opts.source,
    attemptsNote: opts.note,
    timeBound: null,
    ...(opts.retries === null ? { countUnknown: true } : {}),
    wait: opts.wait,
    condition: {
      allErrors: false,
      exceptionTypes: [],
      statuses: opts.statuses,
      retryOn: [],
      afterSendMethods: "all",
      permanentErrors: null,
      honoursRetryAfter: false,
      description: `${opts.errors}; HTTP ${opts.statuses.join("/")}${opts.retryOnTimeout ? " and timeouts" : " (timeouts only with retry on timeout)"}, on the next node; writes (index, bulk, update) included`,
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: opts.label,
  };
}

export const NO_WAIT: LayerFact["wait"] = { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "default", description: "no wait: the next node is tried at once" };
