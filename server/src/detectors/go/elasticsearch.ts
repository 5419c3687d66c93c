/**
 * go-elasticsearch / opensearch-go transport retries — docs/reference/elasticsearch.md §Go.
 * - `elasticsearch.NewClient(elasticsearch.Config{…})`, `NewTypedClient(cfg)`, `NewDefaultClient()`
 *   (github.com/elastic/go-elasticsearch/v7…v9) and `opensearch.NewClient(opensearch.Config{…})`
 *   (opensearch-go) → a client layer on the call (on `MaxRetries:` when written).
 * - `MaxRetries` counts **retries** (elastic-transport-go `for i := 0; i <= c.maxRetries; i++`):
 *   **0 or unset means the default 3 → 4 attempts**; N → N + 1; `DisableRetry: true` → 1.
 *   Retried: any transport error (unless `RetryOnError` says no) and `RetryOnStatus` (default
 *   502, 503, 504). No wait unless `RetryBackoff` is set.
 * - Every API call on the client (`es.Search(…)`, `es.Index(…)`, `es.Indices.Create(…)`) is a
 *   request to `Addresses[0]`, else `elasticsearch` / `opensearch`.
 */
import type { ValueExpr } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { addClient } from "./nethttp";
import { boundName, numberOf, valueOf } from "./values";
import { callArgs, calleeNode, descendants, dottedName, nodeSpan, numberValue } from "./syntax";
import { ES_NOT_SENDING, NO_WAIT, elasticsearchLayer } from "../shared/elasticsearch";

const ES = /^github\.com\/elastic\/go-elasticsearch(\/v\d+)?$/;
const OS = /^github\.com\/opensearch-project\/opensearch-go(\/v\d+)?(\/opensearchapi)?$/;
const CTORS = new Set(["NewClient", "NewTypedClient", "NewDefaultClient"]);
const GO_NAMESPACES = ["Indices", "Cluster", "Cat", "Ingest", "Snapshot", "Tasks", "Nodes", "Security", "ML"];

export function detectGoElasticsearch(ctx: GoContext): void {
  const families: Array<[string, "elasticsearch" | "opensearch"]> = [];
  const es = ctx.importLocal(ES);
  if (es) families.push([es, "elasticsearch"]);
  const os = ctx.importLocal(OS);
  if (os) families.push([os, "opensearch"]);
  if (!families.length) return;
  for (const call of descendants(ctx.tree.rootNode, "call_expression")) {
    const callee = dottedName(calleeNode(call)) ?? "";
    const dot = callee.indexOf(".");
    const family = families.find(([pkg]) => pkg === callee.slice(0, dot))?.[1];
    if (!family || !CTORS.has(callee.slice(dot + 1))) continue;
    const fields = configOf(ctx, callArgs(call)[0] ?? null);
    const library = family === "elasticsearch" ? "go-elasticsearch" : "opensearch-go";
    const max = fields.get("MaxRetries");
    const maxValue = max?.childForFieldName("value")?.namedChildren[0] ?? null;
    const disabled = fields.get("DisableRetry")?.childForFieldName("value")?.namedChildren[0]?.text === "true";
    const n = maxValue ? numberOf(ctx, maxValue) : 0;
    let retries: number | null;
    let note: string;
    if (disabled) {
      retries = 0;
      note = `DisableRetry: true → 1 attempt (${library})`;
    } else if (!maxValue) {
      retries = 3;
      note = `default MaxRetries 3 → 4 attempts (${library}; MaxRetries counts retries)`;
    } else if (n === null) {
      retries = null;
      note = `MaxRetries: ${maxValue.text}: not a literal (${library}; 0 means the default 3)`;
    } else if (n <= 0) {
      retries = 3;
      note = `MaxRetries: ${maxValue.text} means the default 3 → 4 attempts (${library}; only DisableRetry turns retries off)`;
    } else {
      retries = n;
      note = `MaxRetries: ${maxValue.text === String(n) ? n : `${maxValue.text} = ${n}`} → ${n + 1} attempts (${library}; MaxRetries counts retries)`;
    }
    const onStatus = fields.get("RetryOnStatus")?.childForFieldName("value")?.namedChildren[0];
    const statuses = onStatus?.type === "composite_literal" ? (onStatus.childForFieldName("body")?.namedChildren ?? []).map((e) => numberValue(e?.namedChildren[0])).filter((x): x is number => x !== null) : [502, 503, 504];
    const backoff = fields.has("RetryBackoff");
    const name = boundName(ctx, call);
    const localId = ctx.nextId("L", call);
    ctx.facts.layers.push(elasticsearchLayer({
      localId,
      anchor: nodeSpan(fields.get("DisableRetry") ?? max ?? call),
      label: name ?? `${family}.${callee.slice(dot + 1)}`,
      library,
      retries,
      source: maxValue || disabled ? "config" : "default",
      note,
      wait: backoff ? { kind: "custom", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: "RetryBackoff function" } : NO_WAIT,
      statuses,
      retryOnTimeout: true,
      errors: "transport errors (connection refused/reset, timeouts)",
    }));
    if (!name) continue;
    const baseUrl = addressOf(ctx, fields, family);
    const client = addClient(ctx, { name, at: call, library, timeoutSeconds: null, timeoutSet: false, layerIds: [localId], baseUrl });
    client.sdk = { target: "", notSending: ES_NOT_SENDING };
    for (const ns of GO_NAMESPACES) {
      const sub = addClient(ctx, { name: `${name}.${ns}`, at: call, library, timeoutSeconds: null, timeoutSet: false, layerIds: [localId], baseUrl });
      sub.sdk = { target: "", notSending: ES_NOT_SENDING };
    }
  }
}

/** the keyed fields of `elasticsearch.Config{…}` given inline or through a variable (`cfg := elasticsearch.Config{…}`) */
function configOf(ctx: GoContext, arg: SyntaxNode | null): Map<string, SyntaxNode> {
  let n = arg;
  for (let i = 0; i < 3 && n; i++) {
    if (n.type === "unary_expression") n = n.namedChildren[n.namedChildren.length - 1] ?? null;
    else if (n.type === "identifier") n = ctx.lookup(n.text, n)?.value ?? null;
    else break;
  }
  const out = new Map<string, SyntaxNode>();
  if (n?.type !== "composite_literal") return out;
  for (const kv of n.childForFieldName("body")?.namedChildren ?? []) {
    if (kv?.type !== "keyed_element") continue;
    const key = kv.childForFieldName("key")?.text ?? "";
    if (key) out.set(key, kv);
  }
  return out;
}

function addressOf(ctx: GoContext, fields: Map<string, SyntaxNode>, family: string): ValueExpr {
  let n = fields.get("Addresses")?.childForFieldName("value")?.namedChildren[0] ?? null;
  if (n?.type === "composite_literal") n = n.childForFieldName("body")?.namedChildren.find((c) => c?.type === "literal_element")?.namedChildren[0] ?? null;
  const v = n ? valueOf(ctx, n) : null;
  if (!v || v.kind === "unknown") return { kind: "string", value: `http://${family}` };
  return v;
}
