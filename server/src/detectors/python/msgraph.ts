/**
 * Microsoft Graph Python SDK (`msgraph-sdk` on msgraph-core / kiota-http-python) —
 * docs/reference/msgraph.md (kiota-http-python `RetryHandler`: DEFAULT_RETRY_STATUS_CODES
 * {429, 503, 504}, every method, Retry-After honoured; `RetryHandlerOption` max_retries 3,
 * delay 3 s; msgraph-core's default middleware includes it).
 *
 * - `GraphServiceClient(credentials, scopes)` (`msgraph`, `msgraph_beta`) → a ClientFact with the
 *   default RetryHandler layer: 3 retries → **4 attempts** (kind "msgraph-retry-handler",
 *   implicit); a request chain on it ending in a verb (`await client.users.by_user_id(u).messages.get()`,
 *   `….send_mail.post(body)`) is a request to graph.microsoft.com.
 */
import type { CallFact } from "../../model/facts";
import { bindingOf, descendants, enclosingFunction, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { GRAPH_DEFAULT_RETRIES, GRAPH_TARGET, graphLayer } from "../shared/msgraph";
import type { PyContext } from "./context";
import { returns } from "./sdkClients";

const CLIENTS = new Set(["msgraph.GraphServiceClient", "msgraph.graph_service_client.GraphServiceClient", "msgraph_beta.GraphServiceClient"]);
const VERBS = new Set(["get", "post", "put", "patch", "delete"]);

export function detectMsGraph(ctx: PyContext): void {
  if (!ctx.facts.imports.some((i) => /^msgraph(_beta)?(\.|$)/.test(i.module))) return;
  const root = ctx.tree.rootNode;
  for (const call of descendants(root, "call")) {
    if (!CLIENTS.has(ctx.qualifiedName(call.childForFieldName("function")) ?? "")) continue;
    const binding = bindingOf(call) ?? "";
    const layer = graphLayer({
      localId: ctx.nextId("L", call),
      anchor: nodeSpan(call),
      label: binding.replace(/^self\./, "") || "GraphServiceClient",
      retries: GRAPH_DEFAULT_RETRIES,
      source: "default",
      note: `default RetryHandler: max_retries ${GRAPH_DEFAULT_RETRIES} → ${GRAPH_DEFAULT_RETRIES + 1} attempts (msgraph-core / kiota-http)`,
      wait: { jitter: true, description: "Retry-After, else exponential (factor 0.5) with random jitter from the 3 s delay, at most 180 s" },
      methods: "every method (POST included)",
    });
    ctx.facts.layers.push(layer);
    const def = enclosingFunction(call);
    const functionId = ctx.functionId(def);
    const id = ctx.nextId("K", call);
    ctx.facts.clients.push({ id, name: binding, functionId, span: nodeSpan(call), library: "msgraph", baseUrl: null, layerIds: [layer.localId], fromCall: null, perCall: false, hasRetryQuota: false, timeoutSeconds: null, sdk: { target: GRAPH_TARGET, notSending: [] } });
    if (def && returns(def, call, binding)) {
      const fact = ctx.facts.functions.find((f) => f.id === functionId);
      if (fact) fact.returnsClientId = id;
    }
    if (binding) linkChains(ctx, root, binding);
  }
}

/** `client.users.by_user_id(u).messages.get()` → a call `client.get` (the module records none for such chains) */
function linkChains(ctx: PyContext, root: SyntaxNode, name: string): void {
  for (const call of descendants(root, "call")) {
    const fn = call.childForFieldName("function");
    const verb = fn?.type === "attribute" ? fn.childForFieldName("attribute")?.text : undefined;
    if (!fn || !verb || !VERBS.has(verb)) continue;
    if (!(fn.text === name || fn.text.startsWith(`${name}.`) || fn.text.startsWith(`${name}(`))) continue;
    const line = call.startPosition.row + 1;
    const column = call.startPosition.column;
    const existing = ctx.facts.calls.find((c) => c.span.line === line && c.span.column === column && c.callee.endsWith(`.${verb}`));
    if (existing) {
      existing.callee = `${name}.${verb}`;
      continue;
    }
    const fact: CallFact = { id: ctx.nextId("C", call), span: nodeSpan(call), functionId: ctx.functionId(enclosingFunction(call)), callee: `${name}.${verb}`, args: [] };
    ctx.facts.calls.push(fact);
  }
}
