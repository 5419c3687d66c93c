/**
 * neo4j-driver (JavaScript) managed transactions — docs/reference/neo4j.md.
 * - `neo4j.driver(uri, auth, { maxTransactionRetryTime })` (from "neo4j-driver", ESM or CommonJS):
 *   a client sending to the URI's host; `driver.session(…)` sends like it.
 * - `session.executeWrite(fn)` / `executeRead` / legacy `writeTransaction` / `readTransaction` and
 *   `driver.executeQuery(…)`: a layer on the call re-running the transaction function until
 *   `maxTransactionRetryTime` (default 30 000 ms, core/src/internal/transaction-executor.ts) has
 *   passed — time-bounded, no count.
 */
import type { ClientFact, FileFacts, ValueExpr } from "../../model/facts";
import { objectProperty, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
import { bindingName } from "./awsSdk";
import { markInvokes } from "./jsRetryCommon";
import { MODULE, type FileIndex, type IdAllocator } from "./module";
import { NEO4J_DEFAULT_TARGET, NEO4J_MANAGED, NEO4J_NOT_SENDING, neo4jTransactionLayer, neo4jUrl } from "../shared/neo4j";

const LIBRARY = "neo4j-driver";

export function extractNeo4jFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const namespaces = new Set(index.imports.filter((i) => i.module === "neo4j-driver" || i.module === "neo4j-driver-lite").map((i) => i.local));
  for (const v of index.variables) {
    const init = v.initializer ? unwrap(v.initializer) : undefined;
    if (!init || !ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== "require") continue;
    const arg = init.arguments[0];
    if (!arg || !ts.isStringLiteral(arg) || !/^neo4j-driver(-lite)?$/.test(arg.text)) continue;
    if (ts.isIdentifier(v.name)) namespaces.add(v.name.text);
    else if (ts.isObjectBindingPattern(v.name)) for (const e of v.name.elements) namespaces.add(e.name.getText(sf));
  }
  if (!namespaces.size) return;
  const drivers = new Map<string, { url: ValueExpr; seconds: number | null; text: string | null }>();
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    const isDriver = ts.isPropertyAccessExpression(callee) ? callee.name.text === "driver" && ts.isIdentifier(unwrap(callee.expression)) && namespaces.has((unwrap(callee.expression) as ts.Identifier).text) : ts.isIdentifier(callee) && callee.text === "driver" && namespaces.has("driver");
    if (!isDriver) continue;
    const v = call.arguments[0] ? valueOf(call.arguments[0]) : null;
    const url: ValueExpr = v?.kind === "string" ? { kind: "string", value: neo4jUrl(v.value) } : v && v.kind !== "unknown" ? v : { kind: "string", value: NEO4J_DEFAULT_TARGET };
    const config = call.arguments[2] ? unwrap(call.arguments[2]) : undefined;
    const prop = config && ts.isObjectLiteralExpression(config) ? objectProperty(config, "maxTransactionRetryTime") : undefined;
    const ms = prop && !ts.isMethodDeclaration(prop) ? valueOf(prop) : null;
    const bound = bindingName(call);
    const entry = { url, seconds: ms?.kind === "number" ? ms.value / 1000 : null, text: prop ? `maxTransactionRetryTime: ${prop.getText(sf)} ms` : null };
    drivers.set(bound.name || "driver", entry);
    if (bound.name) facts.clients.push(clientFact(index, ids, sf, call, bound.name, bound.module, url));
  }
  const one = drivers.size === 1 ? [...drivers.values()][0]! : undefined;
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee)) continue;
    const method = callee.name.text;
    const receiver = callee.expression.getText(sf);
    if (method === "session") {
      const bound = bindingName(call);
      if (bound.name && !facts.clients.some((c) => c.name === bound.name)) facts.clients.push(clientFact(index, ids, sf, call, bound.name, bound.module, (drivers.get(receiver) ?? one)?.url ?? { kind: "string", value: NEO4J_DEFAULT_TARGET }));
      continue;
    }
    if (!NEO4J_MANAGED.has(method) && method !== "executeQuery") continue;
    if (method !== "executeQuery" && !call.arguments[0]) continue;
    const driver = drivers.get(receiver) ?? one;
    const fact = method === "executeQuery" ? facts.calls.find((c) => c.span.line === spanOf(call, sf).line && c.span.column === spanOf(call, sf).column) : markInvokes(facts, call, sf, index, 0);
    facts.layers.push(neo4jTransactionLayer({
      localId: ids.next("L", call, sf),
      anchor: spanOf(call, sf),
      attach: { kind: "block", functionId: index.enclosingId(call), callIds: fact ? [fact.id] : [] },
      label: `${receiver}.${method}`,
      library: LIBRARY,
      method,
      retrySeconds: driver?.seconds ?? null,
      retryText: driver?.text ?? null,
    }));
  }
}

function clientFact(index: FileIndex, ids: IdAllocator, sf: ts.SourceFile, call: ts.CallExpression, name: string, module: boolean, url: ValueExpr): ClientFact {
  return {
    id: ids.next("K", call, sf),
    name,
    functionId: module ? MODULE : index.enclosingId(call),
    span: spanOf(call, sf),
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
