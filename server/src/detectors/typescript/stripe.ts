/**
 * stripe-node clients — docs/reference/stripe.md (stripe-node 22.5.0 source; defaults per major
 * version from its CHANGELOG: 0 retries before 13.0.0, 1 from 13.0.0, 2 from 17.0.0).
 *
 * - `new Stripe(key, { maxNetworkRetries })`, `Stripe(key, opts)` (the CommonJS export is callable)
 *   and `require("stripe")(key, opts)`, from the "stripe" package → a ClientFact with one
 *   `client`-category layer (kind "stripe-sdk") anchored on the expression; an unconfigured client
 *   is the implicit default layer, whose count follows the version `package.json` pins
 *   (LayerFact.versionDefaults, engine/sdkVersions.ts).
 * - Counts: `maxNetworkRetries: N` counts RETRIES → N+1 attempts (0 → 1: off, except that a
 *   closed connection — ECONNRESET/EPIPE — is still retried once since 11.x).
 * - Every method on the client (`stripe.customers.create(…)`) is a request to "stripe", except
 *   the local helpers (`stripe.webhooks.constructEvent`, …).
 */
import type { FileFacts } from "../../model/facts";
import { numberValue, objectProperty, spanOf, ts, unwrap } from "../../parsing/typescript";
import { bindingName, objectArg, returnsClient } from "./awsSdk";
import { MODULE, type FileIndex, type IdAllocator } from "./module";
import { retriesNote, stripeClientFact, stripeLayer } from "../shared/stripe";

/** stripe-node ≥ 17 `getDefaultMaxNetworkRetries()` → 2 */
export const STRIPE_NODE_DEFAULT_RETRIES = 2;
export const STRIPE_NODE_VERSION_DEFAULTS = {
  package: "stripe",
  byMajor: [
    { fromMajor: 0, maxAttempts: 1, note: "default maxNetworkRetries 0 → 1 attempt: no retries (stripe-node < 13)" },
    { fromMajor: 13, maxAttempts: 2, note: "default maxNetworkRetries 1 → 2 attempts (stripe-node 13–16)" },
    { fromMajor: 17, maxAttempts: 3, note: "default maxNetworkRetries 2 → 3 attempts (stripe-node ≥ 17)" },
  ],
};
const NOT_SENDING = ["constructEvent", "constructEventAsync", "generateTestHeaderString", "generateTestHeaderStringAsync", "signature", "setAppInfo", "getApiField", "getClientUserAgent", "getConstant", "on", "off", "once", "createFetchHttpClient", "createNodeHttpClient", "createSubtleCryptoProvider", "parseThinEvent", "parseEventNotification", "errors"];

export function extractStripeFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const locals = new Set(index.imports.filter((i) => i.module === "stripe" && (i.member === null || i.member === "Stripe" || i.member === "default")).map((i) => i.local));
  const isRequireStripe = (e: ts.Expression) => {
    const u = unwrap(e);
    return ts.isCallExpression(u) && ts.isIdentifier(u.expression) && u.expression.text === "require" && u.arguments.length === 1 && ts.isStringLiteralLike(u.arguments[0]!) && u.arguments[0].text === "stripe";
  };
  const made: Array<ts.NewExpression | ts.CallExpression> = [];
  for (const node of index.newExpressions) {
    const callee = unwrap(node.expression);
    if ((ts.isIdentifier(callee) && locals.has(callee.text)) || isRequireStripe(callee)) made.push(node);
  }
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if ((ts.isIdentifier(callee) && locals.has(callee.text)) || isRequireStripe(callee)) made.push(call);
  }
  for (const node of made) {
    const { name, module: atModule } = bindingName(node);
    const fn = index.enclosingNode(node);
    const functionId = atModule ? MODULE : index.enclosingId(node);
    const options = objectArg(node.arguments?.[1], index);
    const retriesNode = options ? objectProperty(options, "maxNetworkRetries") : undefined;
    const opaque = options ? options.properties.some((p) => ts.isSpreadAssignment(p)) : node.arguments?.[1] !== undefined;
    let retries: number | null = STRIPE_NODE_DEFAULT_RETRIES;
    let note = `default maxNetworkRetries ${STRIPE_NODE_DEFAULT_RETRIES} → ${STRIPE_NODE_DEFAULT_RETRIES + 1} attempts (stripe-node ≥ 17)`;
    let source: "config" | "default" = "default";
    if (retriesNode && !ts.isMethodDeclaration(retriesNode)) {
      source = "config";
      const n = numberValue(retriesNode);
      retries = n === null || !Number.isFinite(n) ? null : Math.max(0, Math.floor(n));
      note = retries === null ? `maxNetworkRetries: ${retriesNode.getText(sf)} is not known statically` : retriesNote("maxNetworkRetries:", retries);
      if (retries === 0) note += " (a closed connection, ECONNRESET/EPIPE, is still retried once)";
    } else if (opaque) note += "; unless the options passed set maxNetworkRetries";
    const label = (name || "stripe").replace(/^this\./, "");
    const layer = stripeLayer({
      localId: ids.next("L", node, sf),
      anchor: spanOf(node, sf),
      label,
      retries,
      source,
      note,
      ...(source === "default" ? { versionDefaults: STRIPE_NODE_VERSION_DEFAULTS } : {}),
    });
    facts.layers.push(layer);
    const factory = fn !== undefined && returnsClient(fn, node, name);
    const client = stripeClientFact({ id: ids.next("K", node, sf), name, functionId, span: spanOf(node, sf), layerId: layer.localId, perCall: false, notSending: NOT_SENDING });
    if (factory) {
      const f = facts.functions.find((x) => x.id === functionId);
      if (f) f.returnsClientId = client.id;
    }
    facts.clients.push(client);
  }
}
