/**
 * elasticsearch-py / opensearch-py transport retries — docs/reference/elasticsearch.md.
 * - `Elasticsearch(…)` / `AsyncElasticsearch(…)` (elasticsearch-py 8.x/9.x over elastic-transport,
 *   assumed), `OpenSearch(…)` / `AsyncOpenSearch(…)` (opensearch-py) → a client layer on the call.
 * - `max_retries` counts **retries**: default **3 → 4 attempts**; N → N + 1; 0 → 1. Retried:
 *   connection errors, `retry_on_status` (elastic-transport default 429, 502, 503, 504;
 *   opensearch-py and elasticsearch-py 7.x 502, 503, 504), timeouts only with
 *   `retry_on_timeout=True` (default False). No wait by default (elastic-transport
 *   `retry_backoff_base`/`retry_backoff_cap` 0; opensearch-py none): the next node is tried at once.
 * - Every API call on the client (`es.search(…)`, `es.index(…)`) is a request to the first host.
 */
import type { ClientFact, ValueExpr } from "../../model/facts";
import { bindingOf, callParts, descendants, elements, enclosingFunction, nodeSpan } from "../../parsing/python";
import type { PyContext } from "./context";
import { ES_NAMESPACES as NAMESPACES, ES_NOT_SENDING, NO_WAIT, elasticsearchLayer } from "../shared/elasticsearch";

const CLIENTS: Record<string, "elasticsearch" | "opensearch"> = {
  "elasticsearch.Elasticsearch": "elasticsearch",
  "elasticsearch.AsyncElasticsearch": "elasticsearch",
  "elasticsearch.client.Elasticsearch": "elasticsearch",
  "opensearchpy.OpenSearch": "opensearch",
  "opensearchpy.AsyncOpenSearch": "opensearch",
};

export function detectElasticsearchPy(ctx: PyContext): void {
  for (const call of descendants(ctx.tree.rootNode, "call")) {
    const q = ctx.qualifiedName(call.childForFieldName("function")) ?? "";
    const family = CLIENTS[q];
    if (!family) continue;
    const { positional, keywords } = callParts(call);
    const version = family === "elasticsearch" ? "elasticsearch-py ≥ 8 (elastic-transport)" : "opensearch-py";
    const statuses = family === "elasticsearch" ? [429, 502, 503, 504] : [502, 503, 504];
    const written = keywords.get("max_retries") ?? null;
    const n = written ? ctx.number(written, call) : 3;
    let retries: number | null = n === null ? null : Math.max(0, Math.floor(n));
    let note = !written
      ? `default max_retries 3 → 4 attempts (${version})`
      : n === null
        ? `max_retries=${written.text}: not a literal (${version}; counts retries, default 3)`
        : `max_retries=${written.text} → ${retries! + 1} attempt${retries === 0 ? "" : "s"} (${version}; max_retries counts retries)`;
    const onTimeout = keywords.get("retry_on_timeout")?.text === "True";
    const statusNode = keywords.get("retry_on_status");
    const written_statuses = statusNode ? elements(statusNode).map((e) => ctx.number(e, call)).filter((x): x is number => x !== null) : null;
    if (onTimeout) note += "; retry_on_timeout=True: timeouts are retried too";
    if (statusNode) note += `; retry_on_status=${statusNode.text}`;
    if (keywords.has("retry_backoff_base") || keywords.has("retry_backoff_cap")) note += "; retry_backoff_base/cap: full-jitter backoff";
    const name = bindingOf(call);
    const localId = ctx.nextId("L", call);
    if (retries !== null && retries < 0) retries = 0;
    ctx.facts.layers.push(elasticsearchLayer({
      localId,
      anchor: nodeSpan(written ? written.parent! : call),
      label: name ?? q.split(".").pop()!,
      library: family === "elasticsearch" ? "elasticsearch-py" : "opensearch-py",
      retries,
      source: written ? "config" : "default",
      note,
      wait: keywords.has("retry_backoff_base") ? { kind: "exponential", jitter: true, initialSeconds: ctx.number(keywords.get("retry_backoff_base"), call), maxSeconds: ctx.number(keywords.get("retry_backoff_cap") ?? null, call), source: "config", description: "full jitter backoff (retry_backoff_base, retry_backoff_cap)" } : NO_WAIT,
      statuses: written_statuses ?? statuses,
      retryOnTimeout: onTimeout,
      errors: "connection errors",
    }));
    if (!name) continue;
    const fact: ClientFact = {
      id: ctx.nextId("K", call),
      name,
      functionId: ctx.functionId(enclosingFunction(call)),
      span: nodeSpan(call),
      library: family === "elasticsearch" ? "elasticsearch-py" : "opensearch-py",
      baseUrl: hostOf(ctx, keywords.get("hosts") ?? positional[0] ?? null, family),
      layerIds: [localId],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: "", notSending: ES_NOT_SENDING },
    };
    ctx.facts.clients.push(fact);
    // namespaced APIs: `es.indices.create(…)`, `es.cluster.health()` send through the same transport
    for (const ns of NAMESPACES) ctx.facts.clients.push({ ...fact, id: `${fact.id}:${ns}`, name: `${name}.${ns}`, layerIds: [...fact.layerIds] });
  }
}

function hostOf(ctx: PyContext, n: Parameters<PyContext["value"]>[0], family: string): ValueExpr {
  let node = n ?? null;
  if (node && (node.type === "list" || node.type === "tuple")) node = elements(node)[0] ?? null;
  const v = node && node.type !== "dictionary" ? ctx.value(node) : null;
  if (!v || v.kind === "unknown") return { kind: "string", value: `http://${family}` };
  if (v.kind === "string") return { kind: "string", value: /^\w+:\/\//.test(v.value) ? v.value : `http://${v.value}` };
  return v;
}
