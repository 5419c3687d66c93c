/**
 * How clients travel in Go code, once the library detectors have found where they are built:
 * - copies: `return &Svc{http: c}`, `s.http = c`, `hc := c` carry the client (and its layers) to
 *   the field or variable (`Svc.http`);
 * - factories: a function returning a client it built (`func newClient() *http.Client { c :=
 *   retryablehttp.NewClient(); …; return c.StandardClient() }`) sets `returnsClientId`, and
 *   `client := newClient()` / `inventory.NewHTTPClient()` records the call (with its arguments,
 *   for a client built from the factory's parameters) so the linker follows it. Factories are
 *   recognised by name (`…Client`, `…Conn`, `Dial…`, `…Producer`, `…Publisher`, `…Writer`: Kafka producers) or
 *   because a function of the file returns a client.
 */
import type { ClientFact } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { boundName, valueOf } from "./values";
import { addClient } from "./nethttp";
import { callArgs, calleeNode, descendants, enclosingFunction, nodeSpan } from "./syntax";

export function detectClientFlow(ctx: GoContext): void {
  const root = ctx.tree.rootNode;
  const byName = (name: string | null) => (name ? ctx.facts.clients.find((c) => c.name === name && c.library !== "unknown") : undefined);
  const copy = (from: ClientFact, name: string, at: SyntaxNode) => {
    const to = addClient(ctx, { name, at, library: from.library, timeoutSeconds: from.timeoutSeconds, timeoutSet: from.timeoutSet ?? false, layerIds: from.layerIds, baseUrl: from.baseUrl, ...(from.grpcService ? { grpcService: from.grpcService } : {}) });
    // a copy of an SDK client sends like it; a copy of a handed-in client is handed in too
    if (from.sdk && !to.sdk && to.library === from.library) to.sdk = from.sdk;
    if (from.fromParam && !to.fromParam && to.library === from.library) to.fromParam = from.fromParam;
    return to;
  };
  // names and selectors listed in an expression list or a literal element, in document order
  // (read from the lists, not by asking every identifier of the file for its parent)
  const values = descendants(root, ["expression_list", "literal_element"])
    .flatMap((list) => list.namedChildren.filter((v): v is SyntaxNode => v?.type === "identifier" || v?.type === "selector_expression"))
    .sort((a, b) => a.startIndex - b.startIndex);
  // two rounds: a copy of a copy (`c` → `Svc.http` → `Handler.http`)
  for (let round = 0; round < 2; round++) {
    for (const v of values) {
      const from = byName(ctx.nameOf(v));
      const to = from ? boundName(ctx, v) : null;
      if (from && to && to !== from.name && !byName(to)) copy(from, to, v);
    }
  }
  for (const ret of descendants(root, "return_statement")) {
    const fn = enclosingFunction(ret);
    if (!fn || fn.type === "func_literal") continue;
    const value = ret.namedChildren[0]?.namedChildren[0] ?? null;
    const fact = ctx.facts.functions.find((f) => f.id === ctx.idOf(fn));
    if (!value || !fact || fact.returnsClientId) continue;
    let client = byName(ctx.nameOf(value));
    // `return c.StandardClient()`: an *http.Client retrying like c
    if (!client && value.type === "call_expression") {
      const callee = calleeNode(value);
      const receiver = callee?.type === "selector_expression" && callee.childForFieldName("field")?.text === "StandardClient" ? callee.childForFieldName("operand") : null;
      const from = byName(ctx.nameOf(receiver));
      if (from) client = copy(from, `${fact.id}.StandardClient`, value);
    }
    if (client) fact.returnsClientId = client.id;
  }
  // calls through typed values (`s.inv.Reserve` → `inventory.Client.Reserve`), unless the
  // receiver is a client found by name (`s.http.Do` on a retryablehttp client field)
  for (const call of ctx.facts.calls) {
    const typed = ctx.typedCallees.get(call.id);
    if (typed && !ctx.facts.clients.some((c) => c.name === typed.receiver)) call.callee = typed.typed;
  }
  // `client := newClient()`, `conn := openConnection(host)`: a client if the factory returns one
  // (resolved at link time); a factory of this file is known to return one
  const returning = new Set(ctx.facts.functions.filter((f) => f.returnsClientId).map((f) => f.id));
  for (const call of descendants(root, "call_expression")) {
    const callee = ctx.nameOf(calleeNode(call), call);
    const member = callee?.slice(callee.lastIndexOf(".") + 1) ?? "";
    // (or any call whose result goes into a field declared with a library client type: `s.rdb = cache.New(addr)`)
    const target = callee ? boundName(ctx, call) : null;
    const bound = callee && (/client|conn|dial|producer|publisher|writer/i.test(member) || returning.has(callee) || (target !== null && ctx.clientFields.has(target))) ? target : null;
    // `err = pb.RegisterXHandlerClient(…)`: an error, not a client
    const name = bound && !/(^|\.)(err|_)$/.test(bound) ? bound : null;
    if (!name || ctx.facts.clients.some((c) => c.name === name)) continue;
    ctx.facts.clients.push({
      id: ctx.nextId("K", call),
      name,
      functionId: ctx.scopeId(call),
      span: nodeSpan(call),
      library: "unknown",
      baseUrl: null,
      layerIds: [],
      fromCall: callee,
      fromCallArgs: callArgs(call).map((a) => valueOf(ctx, a) ?? { kind: "unknown", text: a.text }),
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
    });
  }
  // a factory's client stored in a struct field (`producer, _ = kafka.GetSyncProducer(…)`, then
  // `&dispatcher{producer: producer}`): the field resolves through the same factory call
  // (`s.mongoClient = conn` with `conn, err := mongodb.NewConn(…)` too)
  for (const v of values) {
    if (v.parent?.type !== "literal_element" && v.parent?.parent?.type !== "assignment_statement") continue;
    const name = ctx.nameOf(v);
    const from = name ? ctx.facts.clients.find((c) => c.name === name && c.library === "unknown" && c.fromCall) : undefined;
    const to = from ? boundName(ctx, v) : null;
    if (!from || !to || to === from.name || ctx.facts.clients.some((c) => c.name === to)) continue;
    ctx.facts.clients.push({ ...from, id: ctx.nextId("K", v), name: to, span: nodeSpan(v) });
  }
}
