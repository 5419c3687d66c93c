/**
 * Clients a factory returns, bound to a name: `const s3 = makeS3()`, `const s3 = await getClient()`,
 * `this.stripe = createStripe()` — a ClientFact with `fromCall` for every such name the file then
 * calls a method on, so the linker follows the factory (this file's, or one imported from another
 * module) to the SDK client it builds (`FunctionFact.returnsClientId`) and the calls on the name
 * are requests through that client's retry layer. A factory that returns no client leaves the
 * name unresolved, as before.
 */
import type { FileFacts, ValueExpr } from "../../model/facts";
import { objectProperty, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
import { bindingName } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

export function extractSdkFactoryClients(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  // the receivers the file calls methods on (`s3.send`, `this.stripe.customers.create`)
  const receivers = new Set<string>();
  for (const c of facts.calls) {
    const parts = c.callee.split(".");
    if (parts.length < 2) continue;
    receivers.add(parts[0] === "this" ? `this.${parts[1]}` : parts[0]!);
  }
  if (receivers.size === 0) return;
  for (const call of index.calls) {
    let node: ts.Node = call;
    while (node.parent && ts.isAwaitExpression(node.parent)) node = node.parent;
    const callee = unwrap(call.expression);
    // `makeS3()`, `clients.makeS3()`, `Factory.create()`: a plain or dotted name, not a chain of calls
    if (!ts.isIdentifier(callee) && !(ts.isPropertyAccessExpression(callee) && (ts.isIdentifier(callee.expression) || callee.expression.kind === ts.SyntaxKind.ThisKeyword))) continue;
    // a dotted factory is a module's or class's (`clients.makeS3()`, `Factory.create()` on an
    // import) or this object's: a method on a local value (`app.get(OrdersService)`, a DI
    // container's lookup) hands back whatever that value holds, not a client its code builds
    if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && !facts.imports.some((i) => i.local === (callee.expression as ts.Identifier).text)) continue;
    const fromCall = callee.getText(sf);
    if (fromCall === "require" || /^(Promise|Object|Array|JSON|Math|Number|String|Date|console|process)\b/.test(fromCall)) continue;
    const { name, module: atModule } = bindingName(node);
    if (!name || !receivers.has(name)) continue;
    const functionId = atModule ? MODULE : index.enclosingId(node);
    if (facts.clients.some((k) => k.name === name && (k.functionId === functionId || k.functionId === MODULE))) continue;
    facts.clients.push({
      id: ids.next("K", call, sf),
      name,
      functionId,
      span: spanOf(call, sf),
      library: "unknown",
      baseUrl: extensionPrefixUrl(call),
      layerIds: [],
      fromCall,
      perCall: false,
      hasRetryQuota: false,
      timeoutSeconds: null,
    });
  }
}

/**
 * `api.extend({ prefixUrl })` on an imported instance: its own base URL, which the linker puts in
 * place of the base instance's when `api` is a got/ky instance (engine/resolve.ts extendedInstance).
 */
function extensionPrefixUrl(call: ts.CallExpression): ValueExpr | null {
  const callee = unwrap(call.expression);
  const options = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "extend" || !options || !ts.isObjectLiteralExpression(options)) return null;
  const prefix = objectProperty(options, "prefixUrl");
  return prefix === undefined || ts.isMethodDeclaration(prefix) ? null : valueOf(prefix);
}
