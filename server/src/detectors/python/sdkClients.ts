/**
 * The client an SDK constructor call makes (`Client(sid, token)`, `FileLock(path)`,
 * `GraphServiceClient(…)`): one ClientFact bound where the call's value goes, whose calls reach the
 * SDK's target unless `notSending` names them; a function returning it is a client factory.
 */
import type { SyntaxNode } from "../../parsing/treeSitter";
import { bindingOf, descendants, enclosingFunction, nodeSpan } from "../../parsing/python";
import type { PyContext } from "./context";

export function recordSdkClient(ctx: PyContext, call: SyntaxNode, client: { library: string; target: string; notSending: readonly string[]; layerIds: string[] }): void {
  const binding = bindingOf(call) ?? "";
  const def = enclosingFunction(call);
  const functionId = ctx.functionId(def);
  const id = ctx.nextId("K", call);
  ctx.facts.clients.push({
    id,
    name: binding,
    functionId,
    span: nodeSpan(call),
    library: client.library,
    baseUrl: null,
    layerIds: client.layerIds,
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    timeoutSeconds: null,
    sdk: { target: client.target, notSending: [...client.notSending] },
  });
  if (def && returns(def, call, binding)) {
    const fact = ctx.facts.functions.find((f) => f.id === functionId);
    if (fact) fact.returnsClientId = id;
  }
}

/** `def` returns the value of `call` (directly, or through the name it was bound to). */
export function returns(def: SyntaxNode, call: SyntaxNode, binding: string): boolean {
  for (const ret of descendants(def, "return_statement", { skipNestedDefs: true })) {
    const v = ret.namedChildren[0];
    if (v && (v.id === call.id || (binding && v.text === binding))) return true;
  }
  return false;
}
