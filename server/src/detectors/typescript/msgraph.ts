/**
 * Microsoft Graph JS client (`@microsoft/microsoft-graph-client`) — docs/reference/msgraph.md
 * (msgraph-sdk-javascript 3.0.7 source: `src/middleware/RetryHandler.ts`,
 * `src/middleware/options/RetryHandlerOptions.ts`, `src/HTTPClientFactory.ts`).
 *
 * - `Client.init({ authProvider })` / `Client.initWithMiddleware({ authProvider })` build the
 *   default chain, which includes a RetryHandler: **3 retries → 4 attempts** (kind
 *   "msgraph-retry-handler", implicit). `initWithMiddleware({ middleware })` runs the chain given:
 *   the file's `new RetryHandler(new RetryHandlerOptions(delay, maxRetries))` gives the count
 *   (`new RetryHandler()` the default), and a chain without a RetryHandler does not retry.
 * - `RetryHandlerOptions(delay = 3, maxRetries = 3)` counts RETRIES (max 10); 0 → off.
 * - Retried: 429, 503, 504 only, any method whose body is buffered (not an octet-stream upload);
 *   Retry-After honoured; else `delay` s (+ ½(2^n − 1) s from the 2nd retry) + random < 1 s, ≤ 180 s.
 * - `client.api("/me/messages").select(…).get()` / `.post(body)` … is a request to
 *   graph.microsoft.com (the chain's builder steps are not).
 */
import type { FileFacts } from "../../model/facts";
import { GRAPH_DEFAULT_RETRIES, GRAPH_TARGET, graphLayer } from "../shared/msgraph";
import { numberValue, objectProperty, spanOf, ts, unwrap } from "../../parsing/typescript";
import { bindingName, objectArg, returnsClient } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

const PKG = "@microsoft/microsoft-graph-client";
const VERBS = new Set(["get", "post", "put", "patch", "delete", "del", "create", "update", "getStream", "putStream"]);
const BUILDER_STEPS = ["api", "select", "expand", "orderby", "filter", "search", "top", "skip", "skipToken", "count", "responseType", "header", "headers", "option", "options", "middlewareOptions", "query", "version", "config"];

export function extractMsGraphFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const imported = (member: string) => index.imports.filter((i) => i.module === PKG && i.member === member).map((i) => i.local);
  const clientClasses = new Set(imported("Client"));
  if (clientClasses.size === 0) return;
  const handlers = new Set(imported("RetryHandler"));
  const optionClasses = new Set(imported("RetryHandlerOptions"));
  // `new RetryHandler(new RetryHandlerOptions(delay, maxRetries))` written in the file
  const handlerNode = index.newExpressions.find((n) => ts.isIdentifier(unwrap(n.expression)) && handlers.has((unwrap(n.expression) as ts.Identifier).text));
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || !ts.isIdentifier(callee.expression) || !clientClasses.has(callee.expression.text)) continue;
    const how = callee.name.text;
    if (how !== "init" && how !== "initWithMiddleware") continue;
    const opts = objectArg(call.arguments[0], index);
    const custom = how === "initWithMiddleware" && opts !== undefined && objectProperty(opts, "middleware") !== undefined;
    const { name, module: atModule } = bindingName(call);
    const fn = index.enclosingNode(call);
    const functionId = atModule ? MODULE : index.enclosingId(call);
    const layerIds: string[] = [];
    if (!custom || handlerNode) {
      let retries: number | null = GRAPH_DEFAULT_RETRIES;
      let source: "config" | "default" = "default";
      let note = `default RetryHandler: maxRetries ${GRAPH_DEFAULT_RETRIES} → ${GRAPH_DEFAULT_RETRIES + 1} attempts (Client.${how})`;
      let delay = 3;
      if (custom && handlerNode) {
        const inner = handlerNode.arguments?.[0] ? unwrap(handlerNode.arguments[0]) : undefined;
        const options = inner && ts.isNewExpression(inner) && ts.isIdentifier(unwrap(inner.expression)) && optionClasses.has((unwrap(inner.expression) as ts.Identifier).text) ? inner : undefined;
        source = "config";
        note = `new RetryHandler() in the middleware chain: default maxRetries ${GRAPH_DEFAULT_RETRIES} → ${GRAPH_DEFAULT_RETRIES + 1} attempts`;
        const d = options?.arguments?.[0] ? numberValue(options.arguments[0]) : null;
        if (d !== null) delay = d;
        const n = options?.arguments?.[1];
        if (n) {
          const v = numberValue(n);
          retries = v === null ? null : Math.max(0, Math.floor(v));
          note = retries === null ? `RetryHandlerOptions maxRetries ${n.getText(sf)} is not known statically` : retries === 0 ? "RetryHandlerOptions maxRetries 0 turns retries off → 1 attempt" : `new RetryHandlerOptions(${delay}, ${retries}): maxRetries counts retries → ${retries + 1} attempts`;
        } else if (inner && !options) {
          retries = null;
          note = "RetryHandler options not known statically";
        }
      }
      const layer = graphLayer({
        localId: ids.next("L", call, sf),
        anchor: spanOf(call, sf),
        label: (name || "graph client").replace(/^this\./, ""),
        retries,
        source,
        note,
        wait: { jitter: true, initialSeconds: delay, description: `Retry-After, else ${delay} s (+ ½(2^n − 1) s from the 2nd retry) + random < 1 s, at most 180 s` },
        methods: "any method with a buffered body (POST included; not octet-stream uploads)",
      });
      facts.layers.push(layer);
      layerIds.push(layer.localId);
    }
    const id = ids.next("K", call, sf);
    facts.clients.push({
      id,
      name,
      functionId,
      span: spanOf(call, sf),
      library: "msgraph",
      baseUrl: null,
      layerIds,
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: GRAPH_TARGET, notSending: [...BUILDER_STEPS] },
    });
    if (fn !== undefined && returnsClient(fn, call, name)) {
      const f = facts.functions.find((x) => x.id === functionId);
      if (f) f.returnsClientId = id;
    }
    // `client.api("/me").select("x").get()`: the request is the verb at the end of the chain
    if (!name) continue;
    for (const c of facts.calls) {
      if (!c.callee.startsWith(`${name}.api().`)) continue;
      const verb = c.callee.slice(c.callee.lastIndexOf(".") + 1);
      c.callee = `${name}.${VERBS.has(verb) ? verb : "api"}`;
    }
  }
}
