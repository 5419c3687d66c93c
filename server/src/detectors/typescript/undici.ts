/**
 * undici `RetryAgent` / `interceptors.retry` — reference/retry-semantics.md §2.9 (undici 8.10
 * `retry-handler.js`, `retry-agent.js`, `interceptor/retry.js`, read from source), the §0 row,
 * §5.1 (`maxRetries: N` → N+1).
 *
 * - `const agent = new RetryAgent(new Agent(), { maxRetries })` and
 *   `const d = new Agent().compose(interceptors.retry({ maxRetries }))` → a ClientFact bound to
 *   that name (library "undici") with a layer anchored on the RetryAgent / interceptor.
 *   `agent.request(...)` is a request through the client. `fetch(url, { dispatcher: agent })`
 *   and undici's `request(url, { dispatcher: agent })` in the same file are listed in the
 *   layer's `block` attachment; with `setGlobalDispatcher(agent)`, so are the file's fetch calls
 *   without their own dispatcher, and the client is `processWide`: the linker applies it to the
 *   fetch/undici requests of the service's other files.
 * - Defaults: `maxRetries: 5` → 6 attempts (counter incremented before the check);
 *   `minTimeout: 500` ms × `timeoutFactor: 2` up to `maxTimeout: 30 000` ms, **no jitter**
 *   (RL004); Retry-After honoured; methods GET/HEAD/OPTIONS/PUT/DELETE/TRACE/QUERY only
 *   (no POST); statuses 500/502/503/504/429 and the connection error codes.
 */
import type { FileFacts, RetryCondition, WaitSpec } from "../../model/facts";
import { calleeText, dottedName, objectProperty, spanOf, ts, unwrap } from "../../parsing/typescript";
import {
  addClient,
  bindingName,
  callFactOf,
  fetchLikeRequest,
  fmtSeconds,
  importsFrom,
  methodsOption,
  numbersOption,
  objectArg,
  option,
  retriesOption,
  staticNumber,
  type LayerCore,
  type Options,
} from "./jsRetryCommon";
import type { FileIndex, IdAllocator } from "./module";

const UNDICI = "undici";
/** §2.9 defaults */
const DEFAULT_MAX_RETRIES = 5;
const MIN_TIMEOUT_MS = 500;
const MAX_TIMEOUT_MS = 30_000;
const TIMEOUT_FACTOR = 2;
const METHODS = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE", "QUERY"];
const STATUSES = [500, 502, 503, 504, 429];

function waitOf(sf: ts.SourceFile, options: Options): WaitSpec {
  const num = (key: string, dflt: number): { v: number | null; set: boolean } => {
    const n = option(options, key);
    return n === undefined ? { v: dflt, set: false } : { v: staticNumber(sf, n)?.value ?? null, set: true };
  };
  const min = num("minTimeout", MIN_TIMEOUT_MS);
  const max = num("maxTimeout", MAX_TIMEOUT_MS);
  const factor = num("timeoutFactor", TIMEOUT_FACTOR);
  const initial = min.v === null ? null : min.v / 1000;
  const cap = max.v === null ? null : max.v / 1000;
  return {
    kind: factor.v === 1 ? "fixed" : "exponential",
    jitter: false,
    initialSeconds: initial,
    maxSeconds: factor.v === 1 ? initial : cap,
    source: min.set || max.set || factor.set ? "config" : "default",
    description: `exponential from ${initial === null ? "?" : fmtSeconds(initial)} (×${factor.v ?? "?"}), max ${cap === null ? "?" : fmtSeconds(cap)}, no jitter; Retry-After honoured`,
  };
}

function conditionOf(options: Options): RetryCondition {
  const methods = methodsOption(option(options, "methods")) ?? (option(options, "methods") ? null : METHODS);
  const statuses = numbersOption(option(options, "statusCodes")) ?? STATUSES;
  const retryAfter = option(options, "retryAfter");
  return {
    allErrors: false,
    exceptionTypes: [],
    statuses,
    retryOn: [],
    afterSendMethods: methods ?? "all",
    permanentErrors: null,
    honoursRetryAfter: retryAfter === undefined || retryAfter.kind === ts.SyntaxKind.TrueKeyword,
    description: `connection errors and statuses ${statuses.join(", ")} for ${methods ? methods.join("/") : "the configured methods"}`,
  };
}

function layerCore(sf: ts.SourceFile, options: Options, kind: "undici-retry-agent" | "undici-retry-interceptor"): LayerCore {
  return {
    kind,
    category: "client",
    library: UNDICI,
    ...retriesOption(sf, option(options, "maxRetries"), "maxRetries", DEFAULT_MAX_RETRIES, options === "unknown"),
    timeBound: null,
    wait: waitOf(sf, options),
    condition: conditionOf(options),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}

/** `new Agent().compose(a, b)`, chained: the outermost expression of the chain the interceptor is in. */
function composeChainTop(node: ts.Node): ts.Node {
  let n: ts.Node = node;
  for (;;) {
    const p = n.parent;
    if (p && ts.isCallExpression(p) && p.arguments.includes(n as ts.Expression) && ts.isPropertyAccessExpression(p.expression) && p.expression.name.text === "compose") {
      n = p;
      continue;
    }
    // `.compose(x).compose(y)`: climb through the receiver position too
    if (p && ts.isPropertyAccessExpression(p) && p.expression === n && p.name.text === "compose" && p.parent && ts.isCallExpression(p.parent)) {
      n = p.parent;
      continue;
    }
    return n;
  }
}

export function extractUndiciFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const { whole, members } = importsFrom(index.imports, UNDICI);
  if (whole.size === 0 && members.size === 0) return;
  const memberOf = (e: ts.Expression): string | null => {
    const u = unwrap(e);
    if (ts.isIdentifier(u)) return members.get(u.text) ?? null;
    const d = dottedName(u);
    if (d && d.includes(".") && whole.has(d.split(".")[0]!)) return d.split(".").slice(1).join(".");
    return null;
  };
  const found: Array<{ node: ts.Node; bound: ts.Node; options: Options; kind: "undici-retry-agent" | "undici-retry-interceptor" }> = [];
  for (const n of index.newExpressions) {
    if (memberOf(n.expression) === "RetryAgent") found.push({ node: n, bound: n, options: objectArg(sf, n.arguments?.[1]), kind: "undici-retry-agent" });
  }
  for (const c of index.calls) {
    const callee = unwrap(c.expression);
    const isRetry =
      (ts.isPropertyAccessExpression(callee) && callee.name.text === "retry" && memberOf(callee.expression) === "interceptors") ||
      memberOf(callee) === "interceptors.retry";
    if (isRetry) found.push({ node: c, bound: composeChainTop(c), options: objectArg(sf, c.arguments[0]), kind: "undici-retry-interceptor" });
  }
  if (!found.length) return;

  const requestNames = new Set<string>();
  for (const [local, member] of members) if (member === "request" || member === "fetch") requestNames.add(local);
  requestNames.add("fetch");

  for (const f of found) {
    const name = bindingName(f.bound);
    const client = addClient(facts, sf, ids, index, f.bound, UNDICI, name);
    const localId = ids.next("L", f.node, sf);
    client.layerIds.push(localId);
    // calls that pass this dispatcher, or every fetch in the file when it is the global one
    const global = index.calls.some(
      (c) => memberOf(c.expression) === "setGlobalDispatcher" && c.arguments[0] && (unwrap(c.arguments[0]) === f.bound || (name !== "" && dottedName(c.arguments[0]) === name)),
    );
    if (global) client.processWide = true;
    const callIds: string[] = [];
    for (const c of index.calls) {
      if (!requestNames.has(calleeText(c.expression)) || !c.arguments[0]) continue;
      const init = c.arguments[1] ? unwrap(c.arguments[1]) : undefined;
      const dispatcher = init && ts.isObjectLiteralExpression(init) ? objectProperty(init, "dispatcher") : undefined;
      const passes = dispatcher !== undefined && !ts.isMethodDeclaration(dispatcher) && name !== "" && dottedName(dispatcher) === name;
      if (!passes && !(global && dispatcher === undefined)) continue;
      const fact = callFactOf(facts, c, sf);
      if (!fact) continue;
      if (!fact.request) fact.request = fetchLikeRequest(c, UNDICI);
      callIds.push(fact.id);
    }
    facts.layers.push({
      ...layerCore(sf, f.options, f.kind),
      localId,
      anchor: spanOf(f.node, sf),
      attach: { kind: "block", functionId: index.enclosingId(f.node), callIds },
      label: name || (f.kind === "undici-retry-agent" ? "RetryAgent" : "interceptors.retry"),
    });
  }
}
