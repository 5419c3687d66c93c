/**
 * Objects a function hands back whose methods send, and the calls they wrap — the facts the
 * linker needs to follow a request through a home-made client facade (engine/link.ts):
 *
 * - a function returning an object literal of functions (`return { async get(url) { … }, post }`):
 *   FunctionFact.returnsMethods, so `client.get(…)` on what it returns runs that method;
 * - an opossum circuit breaker `new CircuitBreaker(action, options)`: a ClientFact (library
 *   "opossum") that `runs` the action on `fire(...args)` / `call(this, ...args)` (opossum 8.1.4
 *   lib/circuit.js: `fire (...args) { return this.call(this.action, ...args) }`, and `call`
 *   applies `this.action` once — a breaker never re-runs the action; docs/reference/opossum.md);
 *   the function returning the breaker gets it as its returnsClientId;
 * - a name bound to what a workspace function returns (`const api = createAxiosClient(…)`) that
 *   the file hands to another call or exports: a ClientFact with `fromCall`, so the linker can
 *   follow the factory (sdkFactoryClients.ts does it for names the file calls methods on);
 * - the arguments of every such factory call (ClientFact.fromCallArgs), so a base URL the
 *   factory builds from its parameters gets this call's value.
 */
import type { ClientFact, FileFacts } from "../../model/facts";
import { calleeText, dottedName, isFunctionLike, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
import { bindingName } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

/** opossum's CircuitBreaker methods that run the wrapped action (v8.1.4 lib/circuit.js) */
const OPOSSUM_RUNS = ["fire", "call"];

export function extractFactoryObjects(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  returnedObjects(index, facts);
  opossumBreakers(sf, index, facts, ids);
  handedOnFactoryClients(sf, index, facts, ids);
  factoryArguments(sf, index, facts);
}

function returnedObjects(index: FileIndex, facts: FileFacts): void {
  for (const ret of index.returns) {
    const expr = ret.expression ? unwrap(ret.expression) : undefined;
    if (!expr || !ts.isObjectLiteralExpression(expr)) continue;
    const owner = index.enclosingNode(ret);
    const fact = owner ? facts.functions.find((f) => f.id === index.idOf(owner)) : undefined;
    if (!fact || fact.returnsClientId) continue;
    const methods: Record<string, string> = { ...(fact.returnsMethods ?? {}) };
    for (const p of expr.properties) {
      let key: string | undefined;
      let fnId: string | undefined;
      if (ts.isMethodDeclaration(p) && ts.isIdentifier(p.name)) {
        key = p.name.text;
        fnId = index.idOf(p);
      } else if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) {
        key = p.name.text;
        const init = unwrap(p.initializer);
        fnId = isFunctionLike(init) ? index.idOf(init) : ts.isIdentifier(init) ? index.resolveName(init.text, p)?.id : undefined;
      } else if (ts.isShorthandPropertyAssignment(p)) {
        key = p.name.text;
        fnId = index.resolveName(p.name.text, p)?.id;
      }
      if (key && fnId && !(key in methods)) methods[key] = fnId;
    }
    if (Object.keys(methods).length) fact.returnsMethods = methods;
  }
}

function opossumBreakers(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const classes = new Set(facts.imports.filter((i) => i.module === "opossum" && (i.member === null || i.member === "default" || i.member === "CircuitBreaker")).map((i) => i.local));
  if (!classes.size) return;
  for (const node of index.newExpressions) {
    const cls = dottedName(node.expression);
    const action = node.arguments?.[0] ? unwrap(node.arguments[0]) : undefined;
    if (cls === null || !classes.has(cls) || !action) continue;
    const fnId = isFunctionLike(action) ? index.idOf(action) : ts.isIdentifier(action) ? index.resolveName(action.text, node)?.id : undefined;
    if (!fnId) continue;
    let at: ts.Node = node;
    while (at.parent && ts.isAwaitExpression(at.parent)) at = at.parent;
    const { name, module: atModule } = bindingName(at);
    const functionId = atModule ? MODULE : index.enclosingId(node);
    const client: ClientFact = {
      id: ids.next("K", node, sf),
      name,
      functionId,
      span: spanOf(node, sf),
      library: "opossum",
      baseUrl: null,
      layerIds: [],
      fromCall: null,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
      runs: { fnId, runsOn: OPOSSUM_RUNS },
    };
    facts.clients.push(client);
    // `return new CircuitBreaker(action)` or `const breaker = new CircuitBreaker(action); … return breaker`
    const owner = index.enclosingNode(node);
    const fact = owner ? facts.functions.find((f) => f.id === index.idOf(owner)) : undefined;
    if (!fact || fact.returnsClientId) continue;
    const returned = index.returns.some((r) => {
      if (!r.expression || index.enclosingNode(r) !== owner) return false;
      const e = unwrap(r.expression);
      return e === node || (name !== "" && ts.isIdentifier(e) && e.text === name);
    });
    if (returned) fact.returnsClientId = client.id;
  }
}

/** `const api = makeClient(…)` whose name the file passes to a call or exports. */
function handedOnFactoryClients(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const handed = new Set<string>();
  for (const c of facts.calls) for (const a of c.args) if (a.name && !a.name.includes(".")) handed.add(a.name);
  for (const e of facts.exports) handed.add(e);
  if (!handed.size) return;
  const imported = new Set(facts.imports.map((i) => i.local));
  for (const decl of index.variables) {
    if (!ts.isIdentifier(decl.name) || !decl.initializer || !handed.has(decl.name.text)) continue;
    let init = unwrap(decl.initializer);
    if (ts.isAwaitExpression(init)) init = unwrap(init.expression);
    if (!ts.isCallExpression(init)) continue;
    const callee = unwrap(init.expression);
    if (!ts.isIdentifier(callee)) continue;
    // a factory of this file or an imported one (the linker resolves it; a library's stays unresolved)
    if (!index.resolveName(callee.text, decl) && !imported.has(callee.text)) continue;
    const name = decl.name.text;
    const functionId = index.enclosingId(decl);
    if (facts.clients.some((k) => k.name === name && k.functionId === functionId)) continue;
    facts.clients.push({
      id: ids.next("K", init, sf),
      name,
      functionId,
      span: spanOf(init, sf),
      library: "unknown",
      baseUrl: null,
      layerIds: [],
      fromCall: callee.text,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
    });
  }
}

/** The factory call's arguments on every client built by a workspace factory (ClientFact.fromCallArgs). */
function factoryArguments(sf: ts.SourceFile, index: FileIndex, facts: FileFacts): void {
  const pending = facts.clients.filter((c) => c.fromCall !== null && c.fromCallArgs === undefined);
  if (!pending.length) return;
  for (const call of index.calls) {
    const s = spanOf(call, sf);
    const client = pending.find((c) => c.span.line === s.line && c.span.column === s.column && c.fromCall === calleeText(call.expression));
    if (!client) continue;
    client.fromCallArgs = call.arguments.map((a) => (ts.isSpreadElement(a) ? { kind: "unknown" as const, text: "..." } : valueOf(a)));
  }
}
