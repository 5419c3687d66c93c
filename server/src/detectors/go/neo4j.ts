/**
 * neo4j-go-driver managed transactions — docs/reference/neo4j.md.
 * - `neo4j.NewDriverWithContext(uri, auth, func(c *config.Config) { c.MaxTransactionRetryTime = d })`
 *   / `neo4j.NewDriver` (github.com/neo4j/neo4j-go-driver/v4, v5): a client sending to the URI's
 *   host; `driver.NewSession(ctx, cfg)` sends like it.
 * - `session.ExecuteWrite(ctx, fn)` / `ExecuteRead` / v4 `WriteTransaction` / `ReadTransaction` and
 *   `neo4j.ExecuteQuery(ctx, driver, …)`: a layer on the call re-running the transaction function
 *   until `MaxTransactionRetryTime` (default 30 s, neo4j/config.go) has passed — time-bounded, no count.
 */
import type { ValueExpr } from "../../model/facts";
import type { GoContext } from "./context";
import { addClient } from "./nethttp";
import { boundName, valueOf } from "./values";
import { callArgs, calleeNode, descendants, dottedName, durationSeconds, nodeSpan } from "./syntax";
import { NEO4J_DEFAULT_TARGET, NEO4J_MANAGED, NEO4J_NOT_SENDING, neo4jTransactionLayer, neo4jUrl } from "../shared/neo4j";

const NEO4J = /^github\.com\/neo4j\/neo4j-go-driver(\/v\d+)?\/neo4j$/;
const LIBRARY = "neo4j-go-driver";

export function detectNeo4jGo(ctx: GoContext): void {
  const pkg = ctx.importLocal(NEO4J);
  if (!pkg) return;
  const time = ctx.importLocal("time") ?? "time";
  const calls = descendants(ctx.tree.rootNode, "call_expression");
  let retry: { seconds: number | null; text: string } | null = null;
  const urls: ValueExpr[] = [];
  for (const call of calls) {
    const callee = dottedName(calleeNode(call));
    if (callee !== `${pkg}.NewDriverWithContext` && callee !== `${pkg}.NewDriver`) continue;
    const args = callArgs(call);
    const v = args[0] ? valueOf(ctx, args[0]) : null;
    const url: ValueExpr = v?.kind === "string" ? { kind: "string", value: neo4jUrl(v.value) } : v && v.kind !== "unknown" ? v : { kind: "string", value: NEO4J_DEFAULT_TARGET };
    urls.push(url);
    // `func(c *config.Config) { c.MaxTransactionRetryTime = 15 * time.Second }`
    for (const a of args.slice(2)) {
      for (const st of descendants(a, "assignment_statement")) {
        const left = st.childForFieldName("left")?.namedChildren[0];
        if (left?.type !== "selector_expression" || left.childForFieldName("field")?.text !== "MaxTransactionRetryTime") continue;
        const right = st.childForFieldName("right")?.namedChildren[0] ?? null;
        retry = { seconds: durationSeconds(right, time), text: `MaxTransactionRetryTime = ${right?.text ?? "?"}` };
      }
    }
    const name = boundName(ctx, call);
    if (!name) continue;
    const c = addClient(ctx, { name, at: call, library: LIBRARY, timeoutSeconds: null, timeoutSet: false, layerIds: [], baseUrl: url });
    c.sdk = { target: "", notSending: NEO4J_NOT_SENDING, protocol: "db" };
  }
  const url = urls.length === 1 ? urls[0]! : { kind: "string" as const, value: NEO4J_DEFAULT_TARGET };
  for (const call of calls) {
    const fn = calleeNode(call);
    if (fn?.type !== "selector_expression") continue;
    const method = fn.childForFieldName("field")?.text ?? "";
    if (method === "NewSession") {
      const name = boundName(ctx, call);
      if (!name || ctx.facts.clients.some((c) => c.name === name)) continue;
      const c = addClient(ctx, { name, at: call, library: LIBRARY, timeoutSeconds: null, timeoutSet: false, layerIds: [], baseUrl: url });
      c.sdk = { target: "", notSending: NEO4J_NOT_SENDING, protocol: "db" };
      continue;
    }
    const query = dottedName(fn) === `${pkg}.ExecuteQuery`;
    if (!NEO4J_MANAGED.has(method) && !query) continue;
    const args = callArgs(call);
    if (!query && args.length < 2) continue;
    const callId = ctx.callIds.get(call.id);
    const fact = ctx.facts.calls.find((c) => c.id === callId);
    if (fact && !query) fact.invokesArg = 1;
    ctx.facts.layers.push(neo4jTransactionLayer({
      localId: ctx.nextId("L", call),
      anchor: nodeSpan(call),
      attach: { kind: "block", functionId: ctx.scopeId(call), callIds: callId ? [callId] : [] },
      label: `${fn.childForFieldName("operand")?.text ?? "session"}.${method}`,
      library: LIBRARY,
      method,
      retrySeconds: retry?.seconds ?? null,
      retryText: retry?.text ?? null,
    }));
  }
}
