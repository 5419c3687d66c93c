/**
 * @elastic/elasticsearch and @opensearch-project/opensearch transport retries —
 * docs/reference/elasticsearch.md §JavaScript.
 * - `new Client({ node, maxRetries, retryOnTimeout })` (the `Client` of either package, ESM or
 *   CommonJS) → a client layer on the `new`.
 * - `maxRetries` counts **retries**: default **3 → 4 attempts** (@elastic/transport
 *   `this[kMaxRetries] = typeof opts.maxRetries === 'number' ? opts.maxRetries : 3`); 0 → 1.
 *   Retried: connection errors and HTTP 502/503/504; timeouts only with `retryOnTimeout: true`.
 *   Wait (@elastic/transport ≥ 8.10): none until every node was tried, then exponential with jitter
 *   up to 4 s; a streamed body is never retried.
 * - Every API call on the client (`client.search(…)`, `client.indices.create(…)`) is a request to
 *   `node` / `nodes[0]`, else `elasticsearch` / `opensearch`.
 */
import type { ClientFact, FileFacts, ValueExpr } from "../../model/facts";
import { objectProperty, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
import { bindingName } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";
import { ES_NAMESPACES, ES_NOT_SENDING, elasticsearchLayer } from "../shared/elasticsearch";

const PACKAGES: Record<string, "elasticsearch" | "opensearch"> = { "@elastic/elasticsearch": "elasticsearch", "@opensearch-project/opensearch": "opensearch" };

export function extractElasticsearchFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const classes = new Map<string, "elasticsearch" | "opensearch">();
  for (const i of index.imports) {
    const family = PACKAGES[i.module];
    if (family && (i.member === "Client" || i.isDefault || i.member === null)) classes.set(i.local, family);
  }
  for (const v of index.variables) {
    const init = v.initializer ? unwrap(v.initializer) : undefined;
    if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== "require") continue;
    const arg = init.arguments[0];
    const family = arg && ts.isStringLiteral(arg) ? PACKAGES[arg.text] : undefined;
    if (!family) continue;
    if (ts.isIdentifier(v.name)) classes.set(v.name.text, family);
    else if (ts.isObjectBindingPattern(v.name)) for (const e of v.name.elements) classes.set(e.name.getText(sf), family);
  }
  if (!classes.size) return;
  for (const node of index.newExpressions) {
    const callee = unwrap(node.expression);
    const root = ts.isPropertyAccessExpression(callee) ? unwrap(callee.expression) : callee;
    if (!ts.isIdentifier(root) || !classes.has(root.text) || (ts.isPropertyAccessExpression(callee) && callee.name.text !== "Client")) continue;
    const family = classes.get(root.text)!;
    const arg = node.arguments?.[0] ? unwrap(node.arguments[0]) : undefined;
    const options = arg && ts.isObjectLiteralExpression(arg) ? arg : undefined;
    const prop = options ? objectProperty(options, "maxRetries") : undefined;
    const value = prop && !ts.isMethodDeclaration(prop) ? unwrap(prop) : undefined;
    const v = value ? valueOf(value) : null;
    const library = family === "elasticsearch" ? "@elastic/elasticsearch" : "@opensearch-project/opensearch";
    let retries: number | null = 3;
    let note = `default maxRetries 3 → 4 attempts (${library}; maxRetries counts retries)`;
    if (value) {
      retries = v?.kind === "number" ? Math.max(0, v.value) : null;
      note = retries === null ? `maxRetries: ${value.getText(sf)}: not a literal (${library}; default 3)` : `maxRetries: ${value.getText(sf)} → ${retries + 1} attempt${retries === 0 ? "" : "s"} (${library}; maxRetries counts retries)`;
    }
    const timeoutProp = options ? objectProperty(options, "retryOnTimeout") : undefined;
    const onTimeout = !!timeoutProp && !ts.isMethodDeclaration(timeoutProp) && unwrap(timeoutProp).kind === ts.SyntaxKind.TrueKeyword;
    if (onTimeout) note += "; retryOnTimeout: true: timeouts are retried too";
    const bound = bindingName(node);
    const localId = ids.next("L", node, sf);
    facts.layers.push(elasticsearchLayer({
      localId,
      anchor: spanOf(value && prop ? (prop as ts.Node).parent : node, sf),
      label: bound.name || `new ${callee.getText(sf)}`,
      library,
      retries,
      source: value ? "config" : "default",
      note,
      wait: { kind: "exponential", jitter: true, initialSeconds: 0, maxSeconds: 4, source: "default", description: "none until every node was tried, then exponential with jitter up to 4 s (@elastic/transport ≥ 8.10; no wait before)" },
      statuses: [502, 503, 504],
      retryOnTimeout: onTimeout,
      errors: "connection errors",
    }));
    if (!bound.name) continue;
    const client: ClientFact = {
      id: ids.next("K", node, sf),
      name: bound.name,
      functionId: bound.module ? MODULE : index.enclosingId(node),
      span: spanOf(node, sf),
      library,
      baseUrl: nodeOf(options, family),
      layerIds: [localId],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: "", notSending: ES_NOT_SENDING },
    };
    facts.clients.push(client);
    for (const ns of ES_NAMESPACES) facts.clients.push({ ...client, id: `${client.id}:${ns}`, name: `${bound.name}.${ns}`, layerIds: [...client.layerIds] });
  }
}

function nodeOf(options: ts.ObjectLiteralExpression | undefined, family: string): ValueExpr {
  const prop = options ? (objectProperty(options, "node") ?? objectProperty(options, "nodes")) : undefined;
  let n = prop && !ts.isMethodDeclaration(prop) ? unwrap(prop) : undefined;
  if (n && ts.isArrayLiteralExpression(n)) n = n.elements[0] ? unwrap(n.elements[0]) : undefined;
  const v = n && !ts.isObjectLiteralExpression(n) ? valueOf(n) : null;
  if (!v || v.kind === "unknown") return { kind: "string", value: `http://${family}` };
  return v;
}
