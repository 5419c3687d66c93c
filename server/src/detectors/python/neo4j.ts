/**
 * neo4j Python driver managed transactions — docs/reference/neo4j.md.
 * - `GraphDatabase.driver(uri, …, max_transaction_retry_time=s)` / `AsyncGraphDatabase.driver` /
 *   `neo4j_driver`: a client sending to the URI's host; `driver.session(…)` (assigned, or
 *   `with driver.session() as s`) sends like it.
 * - `session.execute_write(fn, …)` / `execute_read` / legacy `write_transaction` / `read_transaction`
 *   and `driver.execute_query(…)` (a file importing neo4j): a layer on the call that re-runs the
 *   transaction function until `max_transaction_retry_time` (default 30.0 s, neo4j/_conf.py) has
 *   passed — time-bounded, no count.
 */
import type { ClientFact, ValueExpr } from "../../model/facts";
import { bindingOf, callParts, descendants, enclosingFunction, nodeSpan } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { NEO4J_DEFAULT_TARGET, NEO4J_MANAGED, NEO4J_NOT_SENDING, neo4jTransactionLayer, neo4jUrl } from "../shared/neo4j";

const DRIVERS = new Set(["neo4j.GraphDatabase.driver", "neo4j.AsyncGraphDatabase.driver", "neo4j.GraphDatabase.neo4j_driver", "neo4j.GraphDatabase.bolt_driver", "neo4j.AsyncGraphDatabase.neo4j_driver", "neo4j.AsyncGraphDatabase.bolt_driver"]);
const LIBRARY = "neo4j-python";

export function detectNeo4jPy(ctx: PyContext): void {
  if (!ctx.facts.imports.some((i) => /^neo4j(\.|$)/.test(i.module))) return;
  const calls = descendants(ctx.tree.rootNode, "call");
  const drivers = new Map<string, { url: ValueExpr; seconds: number | null; text: string | null }>();
  for (const call of calls) {
    const q = ctx.qualifiedName(call.childForFieldName("function")) ?? "";
    if (!DRIVERS.has(q)) continue;
    const { positional, keywords } = callParts(call);
    const uriNode = keywords.get("uri") ?? positional[0] ?? null;
    const v = uriNode ? ctx.value(uriNode) : null;
    const url: ValueExpr = v?.kind === "string" ? { kind: "string", value: neo4jUrl(v.value) } : v && v.kind !== "unknown" ? v : { kind: "string", value: NEO4J_DEFAULT_TARGET };
    const retry = keywords.get("max_transaction_retry_time") ?? null;
    const entry = { url, seconds: retry ? ctx.number(retry, call) : null, text: retry ? `max_transaction_retry_time=${retry.text}` : null };
    const name = bindingOf(call) ?? withTarget(call);
    if (!name) continue;
    drivers.set(name, entry);
    ctx.facts.clients.push(clientFact(ctx, call, name, url));
  }
  const one = drivers.size === 1 ? [...drivers.values()][0]! : undefined;
  // sessions: `s = driver.session()`, `with driver.session(database="x") as s:`
  for (const call of calls) {
    const fn = call.childForFieldName("function");
    if (fn?.type !== "attribute" || fn.childForFieldName("attribute")?.text !== "session") continue;
    const driver = drivers.get(fn.childForFieldName("object")?.text ?? "") ?? one;
    const name = bindingOf(call) ?? withTarget(call);
    if (!name || ctx.facts.clients.some((c) => c.name === name)) continue;
    ctx.facts.clients.push(clientFact(ctx, call, name, driver?.url ?? { kind: "string", value: NEO4J_DEFAULT_TARGET }));
  }
  for (const call of calls) {
    const fn = call.childForFieldName("function");
    const method = fn?.type === "attribute" ? (fn.childForFieldName("attribute")?.text ?? "") : "";
    if (!NEO4J_MANAGED.has(method) && method !== "execute_query") continue;
    if (method !== "execute_query" && !callParts(call).positional[0]) continue;
    const receiver = fn!.childForFieldName("object")?.text ?? "session";
    const driver = drivers.get(receiver) ?? one;
    const fact = ctx.facts.calls.find((c) => c.span.line === call.startPosition.row + 1 && c.span.column === call.startPosition.column);
    if (fact && method !== "execute_query") fact.invokesArg = 0;
    ctx.facts.layers.push(neo4jTransactionLayer({
      localId: ctx.nextId("L", call),
      anchor: nodeSpan(call),
      attach: { kind: "block", functionId: ctx.functionId(enclosingFunction(call)), callIds: fact ? [fact.id] : [] },
      label: `${receiver}.${method}`,
      library: LIBRARY,
      method,
      retrySeconds: driver?.seconds ?? null,
      retryText: driver?.text ?? null,
    }));
  }
}

/** `with driver.session() as session:` → "session" */
function withTarget(call: SyntaxNode): string | null {
  const p = call.parent;
  if (p?.type !== "as_pattern") return null;
  const target = p.childForFieldName("alias") ?? p.namedChildren[1] ?? null;
  const id = target?.type === "as_pattern_target" ? target.namedChildren[0] : target;
  return id?.type === "identifier" ? id.text : null;
}

function clientFact(ctx: PyContext, call: SyntaxNode, name: string, url: ValueExpr): ClientFact {
  return {
    id: ctx.nextId("K", call),
    name,
    functionId: ctx.functionId(enclosingFunction(call)),
    span: nodeSpan(call),
    library: LIBRARY,
    baseUrl: url,
    layerIds: [],
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    timeoutSeconds: null,
    sdk: { target: "", notSending: NEO4J_NOT_SENDING, protocol: "db" },
  };
}
