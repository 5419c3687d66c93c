/**
 * AWS SDK for JavaScript v3 clients — reference/retry-semantics.md §2.7 (@smithy/util-retry
 * 4.6), §5.1 (maxAttempts counts attempts), §5.3 (implicit SDK retries), §5.5 (retry quota).
 *
 * - `new XxxClient({ maxAttempts, retryMode, retryStrategy })` (and the aggregated `new Xxx()`)
 *   imported from `@aws-sdk/client-*` (also `new sdk.S3Client(…)` on a namespace: `import * as sdk`,
 *   `const sdk = await import("@aws-sdk/client-s3")` — an ES module namespace either way) → a ClientFact (library "@aws-sdk/client-<svc>") with one
 *   `client`-category LayerFact (kind "aws-sdk") anchored on the `new` expression. Every client
 *   retries, configured or not (§5.3): an unconfigured one gets the implicit default layer.
 * - Counts (§2.7): `maxAttempts: N` → N total (DEFAULT_MAX_ATTEMPTS 3); `retryMode` "standard"
 *   (default) or "adaptive" (same count, plus a client-side rate limiter);
 *   `retryStrategy: new ConfiguredRetryStrategy(N, …)` / `new StandardRetryStrategy(N)` /
 *   `new AdaptiveRetryStrategy(N)` → N total.
 * - Wait: `rand × min(100 ms × 2^i, 20 s)` (full jitter; 500 ms base for throttling).
 * - Retry quota: INITIAL_RETRY_TOKENS 500 per client instance, in every mode → hasRetryQuota.
 * - `client.send(new PutItemCommand(…))` and aggregated-client methods send to the service
 *   (ClientFact.sdk; the linker names the target "aws:<svc>"). `DynamoDBDocumentClient.from(c)`
 *   / `DynamoDBDocument.from(c)` (@aws-sdk/lib-dynamodb) send through `c`'s retries.
 * - perCall: constructed inside a function that is not a class constructor, not a factory that
 *   returns the client, and not a lazy assignment to a module-level variable.
 */
import type { ClientFact, FileFacts, LayerFact } from "../../model/facts";
import { numberValue, objectProperty, propertyNameText, spanOf, ts, unwrap } from "../../parsing/typescript";
import { awsEnvConfig, awsRetryCondition, awsRetryLayer, awsSdkTarget, JS_V3_MODES, standardModeWait, standardRetryQuota, THROTTLING_AND_5XX } from "../shared/awsSdk";
import { MODULE, type FileIndex, type IdAllocator, type ImportBinding } from "./module";

const CLIENT_MODULE = /^@aws-sdk\/client-([a-z0-9-]+)$/;
const LIB_DYNAMODB = "@aws-sdk/lib-dynamodb";
const STRATEGIES = new Set(["ConfiguredRetryStrategy", "StandardRetryStrategy", "AdaptiveRetryStrategy"]);
/** §2.7 DEFAULT_MAX_ATTEMPTS (standard mode, the default) */
const DEFAULT_MAX_ATTEMPTS = JS_V3_MODES.standard;
/** client members that do not call the service */
const NOT_SENDING = ["destroy", "middlewareStack", "config", "on", "off"];

export function extractAwsSdkFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const classes = new Map<string, string>(); // local class name → service
  const strategies = new Set<string>();
  const docFactories = new Set<string>();
  const namespaces = new Map<string, string>(); // local namespace name → service
  for (const i of index.imports) {
    const m = CLIENT_MODULE.exec(i.module);
    if (m && i.member && !i.member.endsWith("Command") && !i.member.endsWith("Exception") && /^[A-Z]/.test(i.member)) classes.set(i.local, m[1]!);
    if (i.member && STRATEGIES.has(i.member)) strategies.add(i.local);
    if (i.module === LIB_DYNAMODB && (i.member === "DynamoDBDocumentClient" || i.member === "DynamoDBDocument")) docFactories.add(i.local);
    // a namespace of a client module (`import * as sdk from "@aws-sdk/client-s3"`, `const sdk = await import(…)`)
    if (m && i.member === null && !i.isDefault) namespaces.set(i.local, m[1]!);
  }
  if (classes.size === 0 && namespaces.size === 0) return;

  const made: Array<{ node: ts.Node; client: ClientFact }> = [];
  for (const node of index.newExpressions) {
    const callee = unwrap(node.expression);
    // `new sdk.S3Client(…)` on a namespace: the module's `…Client` export
    const nsService = ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && /^[A-Z]\w*Client$/.test(callee.name.text) ? namespaces.get(callee.expression.text) : undefined;
    if (!ts.isIdentifier(callee) && !nsService) continue;
    const service = nsService ?? (ts.isIdentifier(callee) ? classes.get(callee.text) : undefined);
    if (!service) continue;
    const { name, module: atModule } = bindingName(node);
    const fn = index.enclosingNode(node);
    const functionId = atModule ? MODULE : index.enclosingId(node);
    const config = objectArg(node.arguments?.[0], index);
    const layer = sdkLayer(node, sf, ids, service, config, strategies, name || service);
    facts.layers.push(layer);
    const factory = fn !== undefined && returnsClient(fn, node, name);
    const client: ClientFact = {
      id: ids.next("K", node, sf),
      name,
      functionId,
      span: spanOf(node, sf),
      library: `@aws-sdk/client-${service}`,
      baseUrl: null,
      layerIds: [layer.localId],
      fromCall: null,
      perCall: functionId !== MODULE && !factory && !(fn !== undefined && ts.isConstructorDeclaration(fn)),
      // §2.7: a 500-token retry quota per client instance, in every retry mode
      hasRetryQuota: true,
      ...requestTimeout(config),
      sdk: awsSdkTarget(service, NOT_SENDING),
    };
    if (factory) {
      const f = facts.functions.find((x) => x.id === functionId);
      if (f) f.returnsClientId = client.id;
    }
    facts.clients.push(client);
    made.push({ node, client });
  }

  // DynamoDBDocumentClient.from(client): the document client sends through `client`
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "from") continue;
    const owner = unwrap(callee.expression);
    if (!ts.isIdentifier(owner) || !docFactories.has(owner.text)) continue;
    const arg = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
    const base = arg && ts.isNewExpression(arg)
      ? made.find((m) => m.node === arg)?.client
      : arg
        ? facts.clients.find((c) => c.name === arg.getText(sf) && (c.functionId === index.enclosingId(call) || c.functionId === MODULE))
        : undefined;
    if (!base) continue;
    const { name, module: atModule } = bindingName(call);
    if (!name) continue;
    facts.clients.push({ ...base, id: ids.next("K", call, sf), name, functionId: atModule ? MODULE : index.enclosingId(call), span: spanOf(call, sf), perCall: false, sdk: { ...base.sdk!, notSending: [...NOT_SENDING] }, hasRetryQuota: false });
  }
}

/** The name a client is bound to, and whether that binding lives at module level. */
export function bindingName(node: ts.Node): { name: string; module: boolean } {
  let p = node.parent;
  while (p && (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p))) p = p.parent;
  if (!p) return { name: "", module: false };
  if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return { name: p.name.text, module: false };
  if (ts.isPropertyDeclaration(p)) return { name: `this.${propertyNameText(p.name) ?? "<computed>"}`, module: false };
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    const left = unwrap(p.left);
    if (left.kind === ts.SyntaxKind.ThisKeyword || (ts.isPropertyAccessExpression(left) && left.expression.kind === ts.SyntaxKind.ThisKeyword)) {
      return { name: ts.isPropertyAccessExpression(left) ? `this.${left.name.text}` : "", module: false };
    }
    // `client ??= new X()` / `client = new X()` on a variable declared outside the function: built once
    if (ts.isIdentifier(left)) return { name: left.text, module: !declaredInside(left.text, p) };
  }
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.QuestionQuestionEqualsToken && ts.isIdentifier(unwrap(p.left))) {
    const id = unwrap(p.left) as ts.Identifier;
    return { name: id.text, module: !declaredInside(id.text, p) };
  }
  return { name: "", module: false };
}

/** A `let/const name` in a function around `from`. */
function declaredInside(name: string, from: ts.Node): boolean {
  for (let p: ts.Node | undefined = from.parent; p && !ts.isSourceFile(p); p = p.parent) {
    if (ts.isBlock(p)) {
      for (const st of p.statements) {
        if (ts.isVariableStatement(st) && st.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)) return true;
      }
    }
    if (ts.isFunctionLike(p) && p.parameters.some((q) => ts.isIdentifier(q.name) && q.name.text === name)) return true;
  }
  return false;
}

export function returnsClient(fn: ts.Node, node: ts.Node, name: string): boolean {
  if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return unwrap(fn.body) === node;
  let found = false;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (n !== fn && ts.isFunctionLike(n)) return;
    if (ts.isReturnStatement(n) && n.expression) {
      const e = unwrap(n.expression);
      if (e === node || (name !== "" && ts.isIdentifier(e) && e.text === name)) found = true;
    }
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(fn, visit);
  return found;
}

/** The options object literal: written inline, or a `const` bound to one. */
export function objectArg(arg: ts.Expression | undefined, index: FileIndex): ts.ObjectLiteralExpression | undefined {
  if (!arg) return undefined;
  const e = unwrap(arg);
  if (ts.isObjectLiteralExpression(e)) return e;
  if (ts.isIdentifier(e)) {
    const decl = index.variables.find((v) => ts.isIdentifier(v.name) && v.name.text === e.text && v.initializer);
    const init = decl?.initializer ? unwrap(decl.initializer) : undefined;
    if (init && ts.isObjectLiteralExpression(init)) return init;
  }
  return undefined;
}

/** `requestHandler: { requestTimeout: ms }` (NodeHttpHandler options); none by default. */
function requestTimeout(config: ts.ObjectLiteralExpression | undefined): { timeoutSeconds: number | null; timeoutSet?: boolean } {
  const handler = config ? objectProperty(config, "requestHandler") : undefined;
  const h = handler && !ts.isMethodDeclaration(handler) ? unwrap(handler) : undefined;
  const t = h && ts.isObjectLiteralExpression(h) ? objectProperty(h, "requestTimeout") : undefined;
  if (!t || ts.isMethodDeclaration(t)) return { timeoutSeconds: null };
  const ms = numberValue(t);
  return { timeoutSeconds: ms === null ? null : ms / 1000, timeoutSet: true };
}

function stringOf(e: ts.Expression | ts.MethodDeclaration | undefined): string | null {
  if (!e || ts.isMethodDeclaration(e)) return null;
  const u = unwrap(e);
  return ts.isStringLiteralLike(u) ? u.text : null;
}

function sdkLayer(
  node: ts.NewExpression,
  sf: ts.SourceFile,
  ids: IdAllocator,
  service: string,
  config: ts.ObjectLiteralExpression | undefined,
  strategies: Set<string>,
  label: string,
): LayerFact {
  const maxNode = config ? objectProperty(config, "maxAttempts") : undefined;
  const modeNode = config ? objectProperty(config, "retryMode") : undefined;
  const strategyNode = config ? objectProperty(config, "retryStrategy") : undefined;
  const mode = stringOf(modeNode);
  let maxAttempts: number | null = DEFAULT_MAX_ATTEMPTS;
  let note = `no maxAttempts: ${DEFAULT_MAX_ATTEMPTS} attempts by default (standard mode)`;
  let source: "config" | "default" = "default";
  if (strategyNode && !ts.isMethodDeclaration(strategyNode)) {
    const s = unwrap(strategyNode);
    const created = ts.isNewExpression(s) ? s : undefined;
    const ctor = created ? unwrap(created.expression) : undefined;
    const cls = ctor && ts.isIdentifier(ctor) ? ctor.text : null;
    const first = created?.arguments?.[0];
    const n = cls && strategies.has(cls) && first ? numberValue(first) : null;
    source = "config";
    maxAttempts = n === null ? null : Math.max(1, Math.floor(n));
    note = n === null ? "retryStrategy: count not known statically" : `retryStrategy: new ${cls}(${n}) → ${maxAttempts} attempts`;
  } else if (maxNode && !ts.isMethodDeclaration(maxNode)) {
    const n = numberValue(maxNode);
    source = "config";
    maxAttempts = n === null ? null : Math.max(1, Math.floor(n));
    note = n === null ? `maxAttempts: ${maxNode.getText(sf)}: count not known statically` : `maxAttempts: ${n} counts attempts → ${maxAttempts} attempts`;
  }
  if (mode === "adaptive") note += "; adaptive mode adds a client-side rate limiter";
  return awsRetryLayer({
    localId: ids.next("L", node, sf),
    kind: "aws-sdk",
    library: "aws-sdk-js-v3",
    anchor: spanOf(node, sf),
    label: label.replace(/^this\./, ""),
    maxAttempts,
    source,
    note,
    // §2.7: AWS_MAX_ATTEMPTS (total attempts) applies when the code sets neither maxAttempts nor a strategy
    ...(source === "default" ? { envConfig: awsEnvConfig() } : {}),
    wait: standardModeWait("rand × min(100 ms × 2^i, 20 s): full jitter (500 ms base for throttling)"),
    condition: awsRetryCondition({
      exceptionTypes: ["TimeoutError", "ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT"],
      statuses: THROTTLING_AND_5XX,
      honoursRetryAfter: true,
      description: "throttling (429 and throttling codes), 500/502/503/504, timeouts and connection errors, for every operation",
    }),
    budget: standardRetryQuota("transient error", mode ?? "standard"),
  });
}
