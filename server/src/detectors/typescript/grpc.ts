/**
 * @grpc/grpc-js service-config retries — reference/retry-semantics.md §2.10 (grpc-js 1.13.4
 * `retrying-call.ts`, `service-config.ts`, read from source), §3.11 (`retryPolicy`, all
 * languages), §3.12 (`retryThrottling`), the §0 row and §5.1 (gRPC `maxAttempts` is a total).
 *
 * `new pkg.OrdersClient(address, credentials, { 'grpc.service_config': JSON.stringify({
 *   methodConfig: [{ name: […], retryPolicy: { maxAttempts, initialBackoff, maxBackoff,
 *   backoffMultiplier, retryableStatusCodes } }], retryThrottling: { maxTokens, tokenRatio } }) })`
 * → a client layer anchored on the `'grpc.service_config'` key, on a ClientFact bound where the
 * client is constructed (options written inline or in a module constant; the config as
 * `JSON.stringify(<object>)`, a JSON string literal, or a module constant holding either).
 * - `maxAttempts` **includes the first call** and is **capped at 5** (grpc-js
 *   `grpc-node.retry_max_attempts_limit`); a `hedgingPolicy` is capped the same way. With
 *   several methodConfig entries the largest count is taken (the worst case of the client).
 * - Backoff `initialBackoff × multiplier^(n-1)` up to `maxBackoff`, ×U(0.8, 1.2) jitter.
 * - `retryThrottling` is a budget: retries stop while tokens ≤ maxTokens/2 (§3.12).
 * - No retry policy → no layer (only transparent retries, §2.10).
 * Method calls on the client in the same file (`client.getOrder(req, cb)`) become gRPC requests
 * to `grpc://<address>`. Stubs built without a service config (`new proto.orders.v1.OrderService
 * (address, grpc.credentials…)`, `new OrderServiceClient(…)`) are clients too, with
 * `grpcService` set, so a service-config `.json` file can apply to them (engine/grpcConfigLinks.ts).
 */
import type { ClientFact, FileFacts, ValueExpr } from "../../model/facts";
import { calledMember, dottedName, propertyNameText, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
import { addClient, bindingName, callFactOf } from "./jsRetryCommon";
import { grpcLayerCore, grpcPolicies, type Json } from "../shared/grpcServiceConfig";
import type { FileIndex, IdAllocator } from "./module";

const GRPC_MODULES = ["@grpc/grpc-js", "grpc"];
const SERVICE_CONFIG_KEY = "grpc.service_config";
/** client methods that are not RPCs */
const NOT_RPCS = new Set(["close", "getChannel", "waitForReady", "makeUnaryRequest", "makeClientStreamRequest", "makeServerStreamRequest", "makeBidiStreamRequest", "on", "then"]);

function moduleInitializer(sf: ts.SourceFile, name: string): ts.Expression | undefined {
  for (const stmt of sf.statements) {
    if (!ts.isVariableStatement(stmt)) continue;
    for (const d of stmt.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return d.initializer;
  }
  return undefined;
}

/** A literal value: object/array/string/number/boolean literals, module constants; undefined otherwise. */
function literal(sf: ts.SourceFile, expr: ts.Expression, depth = 0): Json {
  if (depth > 8) return undefined;
  const e = unwrap(expr);
  if (ts.isStringLiteralLike(e)) return e.text;
  if (ts.isNumericLiteral(e)) return Number(e.text);
  if (e.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (e.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (ts.isIdentifier(e)) {
    const init = moduleInitializer(sf, e.text);
    return init ? literal(sf, init, depth + 1) : undefined;
  }
  if (ts.isArrayLiteralExpression(e)) return e.elements.map((el) => literal(sf, el as ts.Expression, depth + 1));
  if (ts.isObjectLiteralExpression(e)) {
    const out: { [k: string]: Json } = {};
    for (const p of e.properties) {
      if (ts.isPropertyAssignment(p)) {
        const k = propertyNameText(p.name);
        if (k !== null) out[k] = literal(sf, p.initializer, depth + 1);
      } else if (ts.isShorthandPropertyAssignment(p)) out[p.name.text] = literal(sf, p.name, depth + 1);
    }
    return out;
  }
  return undefined;
}

/** The service config a `'grpc.service_config'` value holds: JSON.stringify(obj) or a JSON string. */
function serviceConfig(sf: ts.SourceFile, value: ts.Expression): { [k: string]: Json } | null {
  let e = unwrap(value);
  if (ts.isIdentifier(e)) {
    const init = moduleInitializer(sf, e.text);
    if (init) e = unwrap(init);
  }
  let v: Json;
  if (ts.isCallExpression(e) && dottedName(e.expression) === "JSON.stringify" && e.arguments[0]) v = literal(sf, e.arguments[0]);
  else if (ts.isStringLiteralLike(e)) {
    try {
      v = JSON.parse(e.text) as Json;
    } catch {
      return null;
    }
  } else v = literal(sf, e);
  return v && typeof v === "object" && !Array.isArray(v) ? v : null;
}

/** The `new Client(address, creds, options)` expressions that receive the options object `obj`. */
function constructorsOf(obj: ts.ObjectLiteralExpression, index: FileIndex): ts.NewExpression[] {
  let p: ts.Node = obj;
  while (p.parent && (ts.isParenthesizedExpression(p.parent) || ts.isAsExpression(p.parent) || ts.isSatisfiesExpression(p.parent))) p = p.parent;
  if (p.parent && ts.isNewExpression(p.parent)) return [p.parent];
  if (p.parent && ts.isVariableDeclaration(p.parent) && ts.isIdentifier(p.parent.name)) {
    const name = p.parent.name.text;
    return index.newExpressions.filter((n) => n.arguments?.some((a) => dottedName(a) === name));
  }
  return [];
}

function addressOf(n: ts.NewExpression): ValueExpr | null {
  const a = n.arguments?.[0];
  if (!a) return null;
  const v = valueOf(a);
  return { kind: "concat", parts: [{ kind: "string", value: "grpc://" }, v] };
}

export function extractGrpcFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  if (!index.imports.some((i) => GRPC_MODULES.includes(i.module)) && !sf.text.includes(SERVICE_CONFIG_KEY)) return;
  const props: ts.PropertyAssignment[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAssignment(n) && propertyNameText(n.name) === SERVICE_CONFIG_KEY) props.push(n);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const configured = new Set<ts.NewExpression>();
  for (const prop of props) {
    const config = serviceConfig(sf, prop.initializer);
    if (!config) continue;
    const policies = grpcPolicies(config);
    if (!policies.length) continue; // no retryPolicy: one attempt plus transparent retries
    const core = grpcLayerCore(config, policies, "@grpc/grpc-js");
    const localId = ids.next("L", prop, sf);
    const ctors = constructorsOf(prop.parent as ts.ObjectLiteralExpression, index);
    const clients: ClientFact[] = ctors.map((n) => addStub(facts, sf, ids, index, n));
    for (const c of clients) c.layerIds.push(localId);
    ctors.forEach((n) => configured.add(n));
    facts.layers.push({ ...core, localId, anchor: spanOf(prop, sf), attach: { kind: "client" }, label: clients[0]?.name || "gRPC channel" });
  }
  // stubs built without an in-code service config: a `.json` service config may apply (§3.11,
  // engine/grpcConfigLinks.ts), so they are clients too, named by their proto service
  if (!index.imports.some((i) => GRPC_MODULES.includes(i.module))) return;
  for (const n of index.newExpressions) if (!configured.has(n) && stubService(n) !== null && sendsWithCredentials(n)) addStub(facts, sf, ids, index, n);
}

/** A ClientFact for `new <pkg>.OrderService(address, creds, …)`, with its RPCs in this file as gRPC requests. */
function addStub(facts: FileFacts, sf: ts.SourceFile, ids: IdAllocator, index: FileIndex, n: ts.NewExpression): ClientFact {
  const client = addClient(facts, sf, ids, index, n, "@grpc/grpc-js");
  const service = stubService(n);
  if (service) client.grpcService = service;
  // every RPC on the stub sends to its address, in whichever module imports it (an SDK-style
  // client, ClientFact.sdk); only a literal address can be named that way
  const address = n.arguments?.[0] ? valueOf(n.arguments[0]) : null;
  if (address?.kind === "string") client.sdk = { target: `grpc://${address.value}`, notSending: [...NOT_RPCS] };
  const name = bindingName(n);
  if (!name) return client;
  const url = addressOf(n);
  // RPCs on the client in this file: requests to grpc://<address>
  for (const call of index.calls) {
    const recv = ts.isPropertyAccessExpression(unwrap(call.expression)) ? (unwrap(call.expression) as ts.PropertyAccessExpression).expression : undefined;
    const member = calledMember(call);
    if (!recv || !member || NOT_RPCS.has(member) || dottedName(recv) !== name) continue;
    const fact = callFactOf(facts, call, sf);
    if (fact && !fact.request) fact.request = { method: null, url, protocol: "grpc", idempotencyKey: null, timeoutSeconds: null, library: client.library };
  }
  return client;
}

/**
 * The proto service a stub constructor names: `new proto.orders.v1.OrderService(…)` (dynamic
 * proto-loader) → "OrderService"; `new OrderServiceClient(…)` (static codegen appends "Client")
 * → "OrderService". Only names that end in Service or Client count.
 */
function stubService(n: ts.NewExpression): string | null {
  const callee = dottedName(n.expression);
  const last = callee?.split(".").pop() ?? "";
  if (/^[A-Z]\w*Service$/.test(last)) return last;
  if (/^[A-Z]\w*Client$/.test(last) && last !== "Client") return last.slice(0, -"Client".length);
  return null;
}

/** grpc-js stubs take (address, credentials[, options]): the second argument names credentials. */
function sendsWithCredentials(n: ts.NewExpression): boolean {
  const creds = n.arguments?.[1];
  return creds !== undefined && /credentials/i.test(creds.getText());
}
