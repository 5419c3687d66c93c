/**
 * Helpers shared by the JS retry-library detectors of reference §2.2–§2.9 (got.ts, ky.ts,
 * promiseRetry.ts, cockatiel.ts, fetchRetry.ts, undici.ts): option reading, counts in the
 * library's own unit (retries → N+1, §5.1), clients bound to names, and the call facts a
 * layer wraps. axios.ts keeps its own copies; these follow the same conventions.
 */
import type { CallFact, ClientFact, FileFacts, LayerFact, RequestFact, WaitSpec } from "../../model/facts";
import {
  calleeText,
  dottedName,
  isFunctionLike,
  numberValue,
  objectProperty,
  propertyNameText,
  spanOf,
  ts,
  unwrap,
  valueOf,
} from "../../parsing/typescript";
import { commonJsExportName, MODULE, prefixUrlIn, type FileIndex, type IdAllocator, type ImportBinding } from "./module";

export type Options = ts.ObjectLiteralExpression | "absent" | "unknown";

/** A module-level `const NAME = <init>`. */
function moduleInitializer(sf: ts.SourceFile, name: string): ts.Expression | undefined {
  for (const stmt of sf.statements) {
    if (!ts.isVariableStatement(stmt)) continue;
    for (const d of stmt.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return d.initializer;
    }
  }
  return undefined;
}

/** An options argument: an object literal, a module-level constant holding one, or unknown. */
export function objectArg(sf: ts.SourceFile, arg: ts.Expression | undefined): Options {
  if (!arg) return "absent";
  const a = unwrap(arg);
  if (ts.isObjectLiteralExpression(a)) return a;
  if (ts.isIdentifier(a)) {
    const init = moduleInitializer(sf, a.text);
    if (init && ts.isObjectLiteralExpression(unwrap(init))) return unwrap(init) as ts.ObjectLiteralExpression;
  }
  return "unknown";
}

/** A property of known options; methods (`retryOn() {}`) are returned as function values. */
export function option(obj: Options, key: string): ts.Expression | undefined {
  if (typeof obj === "string") return undefined;
  const v = objectProperty(obj, key);
  if (v === undefined) return undefined;
  return ts.isMethodDeclaration(v) ? (v as unknown as ts.Expression) : v;
}

/** A nested options object (`retry: { limit }`), or the value itself when it is not an object. */
export function nested(sf: ts.SourceFile, obj: Options, key: string): { node: ts.Expression | undefined; options: Options } {
  const node = option(obj, key);
  if (node === undefined) return { node, options: "absent" };
  return { node, options: objectArg(sf, node) };
}

export function short(node: ts.Node): string {
  const t = node.getText().replace(/\s+/g, " ");
  return t.length > 60 ? `${t.slice(0, 60)}…` : t;
}

/** A number written as a literal, a module constant, or `Number(process.env.X ?? 3)`. */
export function staticNumber(sf: ts.SourceFile, expr: ts.Expression): { value: number; written: string } | null {
  const literal = numberValue(expr);
  if (literal !== null) return { value: literal, written: short(expr) };
  let e = unwrap(expr);
  if (ts.isIdentifier(e)) {
    const init = moduleInitializer(sf, e.text);
    const v = init ? numberValue(init) : null;
    return v === null ? null : { value: v, written: `${e.text} (= ${v})` };
  }
  if (ts.isCallExpression(e) && ["Number", "parseInt", "parseFloat"].includes(calleeText(e.expression)) && e.arguments[0]) e = unwrap(e.arguments[0]);
  if (ts.isBinaryExpression(e) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(e.operatorToken.kind)) {
    const right = unwrap(e.right);
    const v = ts.isStringLiteralLike(right) ? Number(right.text) : numberValue(right);
    if (v === null || Number.isNaN(v)) return null;
    const left = valueOf(e.left);
    return { value: v, written: left.kind === "env" ? `env ${left.name}, default ${v}` : `${short(e)}` };
  }
  return null;
}

export interface Attempts {
  maxAttempts: number | null;
  attemptsSource: "config" | "default";
  attemptsNote: string;
  countUnknown?: boolean;
}

/** N retries → N+1 attempts (§5.1); Infinity → no count bound. */
export function fromRetries(n: number, written: string, source: "config" | "default" = "config"): Attempts {
  if (!Number.isFinite(n)) return { maxAttempts: null, attemptsSource: source, attemptsNote: `${written}: no count bound` };
  const total = Math.max(0, Math.ceil(n)) + 1;
  return { maxAttempts: total, attemptsSource: source, attemptsNote: `${written} → ${total} attempt${total === 1 ? " (disabled)" : "s"}` };
}

/**
 * Attempts from a retries-counting option (`retries`, `limit`, `maxRetries`, cockatiel's
 * `maxAttempts`). Unset → the library default; not statically known → the default is assumed,
 * and said so (calling it unbounded would raise RL002 on a bounded layer).
 */
export function retriesOption(sf: ts.SourceFile, node: ts.Expression | undefined, key: string, defaultRetries: number, optionsUnknown = false): Attempts {
  if (node === undefined) {
    const why = optionsUnknown ? `options not statically known; assuming the default ${key}: ${defaultRetries}` : `${key} unset → default ${defaultRetries}`;
    return fromRetries(defaultRetries, why, "default");
  }
  const n = staticNumber(sf, node);
  if (n) return fromRetries(n.value, n.written.startsWith("env") ? `${key} from ${n.written}` : `${key}: ${n.written}`);
  const assumed = fromRetries(defaultRetries, `${key}: ${short(node)} not statically known; assuming the default ${defaultRetries}`, "default");
  return assumed;
}

export function fmtSeconds(s: number): string {
  return `${Number(s.toFixed(3))} s`;
}

export function noWait(source: "config" | "default", description: string): WaitSpec {
  return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source, description };
}

export function fixedWait(seconds: number, source: "config" | "default", description: string): WaitSpec {
  if (seconds <= 0) return noWait(source, description);
  return { kind: "fixed", jitter: false, initialSeconds: seconds, maxSeconds: seconds, source, description };
}

export function customWait(node: ts.Node, what: string): WaitSpec {
  return { kind: "custom", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: `custom ${what} (${short(node)})` };
}

/** The imports of `module`: default/namespace/require bindings, and named members local → member. */
export function importsFrom(imports: ImportBinding[], module: string | string[]): { whole: Set<string>; members: Map<string, string> } {
  const mods = Array.isArray(module) ? module : [module];
  const whole = new Set<string>();
  const members = new Map<string, string>();
  for (const i of imports) {
    if (!mods.includes(i.module)) continue;
    if (i.member === null) whole.add(i.local);
    else members.set(i.local, i.member);
  }
  return { whole, members };
}

/** The name a created value is bound to: `api`, `this.http`, `clients.orders`; "" if none. */
export function bindingName(node: ts.Node): string {
  let p = node.parent;
  while (p && (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p) || ts.isAwaitExpression(p) || ts.isNonNullExpression(p))) p = p.parent;
  if (!p) return "";
  if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
  if (ts.isPropertyDeclaration(p)) return `this.${propertyNameText(p.name) ?? "<computed>"}`;
  if (ts.isExportAssignment(p)) return "default";
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    return commonJsExportName(p.left) ?? dottedName(p.left) ?? "";
  }
  if (ts.isPropertyAssignment(p)) {
    const key = propertyNameText(p.name) ?? "<computed>";
    const owner = p.parent.parent;
    if (ts.isVariableDeclaration(owner) && ts.isIdentifier(owner.name)) return `${owner.name.text}.${key}`;
    return key;
  }
  return "";
}

/** A client bound where `node` is bound, carrying `layerIds`. */
export function addClient(
  facts: FileFacts,
  sf: ts.SourceFile,
  ids: IdAllocator,
  index: FileIndex,
  node: ts.Node,
  library: string,
  name = bindingName(node),
): ClientFact {
  const functionId = index.enclosingId(node);
  const client: ClientFact = {
    id: ids.next("K", node, sf),
    name,
    functionId,
    span: spanOf(node, sf),
    library,
    baseUrl: null,
    layerIds: [],
    fromCall: null,
    perCall: functionId !== MODULE,
    // none of these HTTP clients keeps retry state across calls (§5.5 "None of the HTTP client libraries have budgets")
    hasRetryQuota: false,
    timeoutSeconds: null,
  };
  facts.clients.push(client);
  return client;
}

/** The CallFact module.ts recorded for a call expression. */
export function callFactOf(facts: FileFacts, node: ts.CallExpression, sf: ts.SourceFile): CallFact | undefined {
  const s = spanOf(node, sf);
  return facts.calls.find((c) => c.span.line === s.line && c.span.column === s.column && c.span.endLine === s.endLine && c.span.endColumn === s.endColumn);
}

/**
 * The call runs the callable passed as argument `argIndex` (`pRetry(fn)`, `policy.execute(fn)`):
 * sets `invokesArg` so the linker follows it. An inline callback has no name in the call's
 * args; it gets its function's local id, which the resolver finds in the caller's scope.
 */
export function markInvokes(facts: FileFacts, node: ts.CallExpression, sf: ts.SourceFile, index: FileIndex, argIndex = 0): CallFact | undefined {
  const fact = callFactOf(facts, node, sf);
  const arg = node.arguments[argIndex];
  if (!fact || !arg) return fact;
  fact.invokesArg = argIndex;
  const u = unwrap(arg);
  if (isFunctionLike(u) && fact.args[argIndex] && fact.args[argIndex]!.name === null) {
    const id = index.idOf(u);
    const scope = index.enclosingId(node);
    if (id) fact.args[argIndex]!.name = scope === MODULE ? id : id.slice(scope.length + 1);
  }
  return fact;
}

/** A fetch-style request fact for `send(url, init)`. */
export function fetchLikeRequest(node: ts.CallExpression, library: string, methodKey = "method"): RequestFact {
  const init = node.arguments[1] ? unwrap(node.arguments[1]) : undefined;
  let method: string | null = "GET";
  if (init) {
    if (ts.isObjectLiteralExpression(init)) {
      const m = objectProperty(init, methodKey);
      method = m === undefined ? "GET" : !ts.isMethodDeclaration(m) && ts.isStringLiteralLike(unwrap(m)) ? (unwrap(m) as ts.StringLiteral).text.toUpperCase() : null;
    } else method = null;
  }
  const first = node.arguments[0];
  return {
    method,
    url: first ? valueOf(first) : null,
    protocol: "http",
    idempotencyKey: init && ts.isObjectLiteralExpression(init) ? headersHaveIdempotencyKey(init) : init ? null : false,
    timeoutSeconds: null,
    timeoutSet: init !== undefined && (!ts.isObjectLiteralExpression(init) || objectProperty(init, "timeout") !== undefined || objectProperty(init, "signal") !== undefined),
    library,
    ...prefixUrlIn(node.arguments),
  };
}

function headersHaveIdempotencyKey(init: ts.ObjectLiteralExpression): boolean | null {
  const h = objectProperty(init, "headers");
  if (h === undefined) return false;
  if (ts.isMethodDeclaration(h)) return null;
  const u = unwrap(h);
  if (!ts.isObjectLiteralExpression(u)) return null;
  for (const p of u.properties) {
    const key = p.name ? propertyNameText(p.name) : null;
    if (key === null) return null;
    if (key.toLowerCase().endsWith("idempotency-key")) return true;
  }
  return false;
}

/** Calls of a bound name as a function (`api(url)`, `fetchWithRetry(url)`) in scopes that see it. */
export function callsOfName(index: FileIndex, name: string, boundIn: string): ts.CallExpression[] {
  return index.calls.filter((c) => {
    if (dottedName(c.expression) !== name) return false;
    if (boundIn === MODULE) return true;
    const at = index.enclosingId(c);
    return at === boundIn || at.startsWith(`${boundIn}.`);
  });
}

/** Gives calls of a client name a request fact when module.ts did not (the client is callable). */
export function markCallableClient(facts: FileFacts, sf: ts.SourceFile, index: FileIndex, client: ClientFact, library: string): void {
  if (!client.name || client.name.includes(".")) return;
  for (const c of callsOfName(index, client.name, client.functionId)) {
    const fact = callFactOf(facts, c, sf);
    if (fact && !fact.request) fact.request = fetchLikeRequest(c, library);
    else if (fact?.request && fact.request.library === "fetch") fact.request.library = library;
  }
}

export type LayerCore = Omit<LayerFact, "localId" | "anchor" | "attach" | "label">;

export const IDEMPOTENT_METHODS = ["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE"];

/** Method names from a literal `methods: ['get', 'put']` option, upper-cased; null when not literal. */
export function methodsOption(node: ts.Expression | undefined): string[] | null {
  if (node === undefined) return null;
  const u = unwrap(node);
  if (!ts.isArrayLiteralExpression(u)) return null;
  const out: string[] = [];
  for (const el of u.elements) {
    const e = unwrap(el as ts.Expression);
    if (!ts.isStringLiteralLike(e)) return null;
    out.push(e.text.toUpperCase());
  }
  return out;
}

/** Numbers from a literal array option (`statusCodes: [503]`); null when not literal. */
export function numbersOption(node: ts.Expression | undefined): number[] | null {
  if (node === undefined) return null;
  const u = unwrap(node);
  if (!ts.isArrayLiteralExpression(u)) return null;
  const out: number[] = [];
  for (const el of u.elements) {
    const v = numberValue(el as ts.Expression);
    if (v === null) return null;
    out.push(v);
  }
  return out;
}

/** A first argument that reads as a URL: a literal/template with "://" or a leading "/", or a url-ish name. */
function looksLikeUrl(arg: ts.Expression): boolean {
  const u = unwrap(arg);
  if (ts.isIdentifier(u) || ts.isPropertyAccessExpression(u)) return /(url|uri|endpoint|href)$/i.test(ts.isIdentifier(u) ? u.text : u.name.text);
  const v = valueOf(u);
  const first = v.kind === "concat" ? v.parts[0] : v;
  return first !== undefined && first.kind === "string" && (first.value.includes("://") || first.value.startsWith("/"));
}

/**
 * `import { fetchWithRetry } from "./http"; fetchWithRetry(url, init)`: a callable client
 * (fetch-retry, a got/ky instance) built in another module. The call gets a fetch-style request
 * with no library; the linker treats it as a request only when the callee resolves to a client,
 * and otherwise follows it as the function call it is (link.ts reachOfCall).
 */
export function extractImportedCallableRequests(sf: ts.SourceFile, index: FileIndex, facts: FileFacts): void {
  // relative imports, and non-relative ones a tsconfig alias or a workspace package may resolve
  // (`@/lib/http`, `@shop/http`); an npm package's binding simply never resolves to a client
  const relative = new Set(index.imports.filter((i) => !i.module.startsWith("node:")).map((i) => i.local));
  if (relative.size === 0) return;
  for (const c of index.calls) {
    const callee = unwrap(c.expression);
    // `policy.execute(fn)` on a policy imported from another module (cockatiel §2.6): the
    // callback runs there, so it is followed; the layer itself is not linked across files
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === "execute" && ts.isIdentifier(unwrap(callee.expression)) && relative.has((unwrap(callee.expression) as ts.Identifier).text)) {
      const arg = c.arguments[0] ? unwrap(c.arguments[0]) : undefined;
      if (arg && (isFunctionLike(arg) || (ts.isIdentifier(arg) && index.resolveName(arg.text, arg)))) markInvokes(facts, c, sf, index, 0);
      continue;
    }
    if (!ts.isIdentifier(callee) || !relative.has(callee.text) || !c.arguments[0] || !looksLikeUrl(c.arguments[0])) continue;
    const init = c.arguments[1] ? unwrap(c.arguments[1]) : undefined;
    if (init && !ts.isObjectLiteralExpression(init)) continue;
    const fact = callFactOf(facts, c, sf);
    if (fact && !fact.request) fact.request = { ...fetchLikeRequest(c, "fetch"), library: null };
  }
}
