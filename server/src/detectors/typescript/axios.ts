/**
 * axios clients and axios-retry — reference/retry-semantics.md §2.1 (axios-retry v4.5, read
 * from source) and the §0 row; §5.1 (N retries → N+1 attempts) and §5.4 (shared timeout).
 *
 * - `axios.create({ baseURL, timeout })` → a ClientFact (timeout is in ms).
 * - `axiosRetry(client, options)` → a client-category LayerFact anchored on the first line of
 *   the call, pushed into that client's `layerIds`. Defaults (DEFAULT_OPTIONS):
 *   `retries: 3` → 4 attempts (it retries while retryCount < retries);
 *   `retryDelay: noDelay` → 0 ms (honours Retry-After) — RL003 material;
 *   `retryCondition: isNetworkOrIdempotentRequestError` → network errors (ECONNRESET,
 *   ECONNREFUSED, ETIMEDOUT…) for ANY method including POST, plus 429/5xx for idempotent ones;
 *   `shouldResetTimeout: false` → the instance `timeout` is one budget shared by all attempts.
 * - `exponentialDelay`: 2^n × 100 ms (first retry 200 ms) plus 0–20 % additive jitter.
 *   `linearDelay(f)` is a factory: n × f ms, no jitter. Both honour Retry-After.
 */
import type { ClientFact, FileFacts, LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import {
  booleanValue,
  calleeText,
  dottedName,
  isFunctionLike,
  msToSeconds,
  numberValue,
  objectProperty,
  propertyNameText,
  requiredModule,
  spanOf,
  ts,
  unwrap,
  valueOf,
  type FunctionLikeNode,
} from "../../parsing/typescript";
import { commonJsExportName, MODULE, type FileIndex, type IdAllocator, type ImportBinding } from "./module";

const AXIOS = "axios";
const AXIOS_RETRY = "axios-retry";

/** §2.1 DEFAULT_OPTIONS.retries */
const DEFAULT_RETRIES = 3;
/** §2.1 exponentialDelay's default delayFactor, and linearDelay's */
const DEFAULT_DELAY_FACTOR_MS = 100;
/** `isRetryableError`: 429 and the 5xx range; the common 5xx statuses stand for the range */
const RETRYABLE_STATUSES = [429, 500, 502, 503, 504];
/** axios-retry's IDEMPOTENT_HTTP_METHODS and SAFE_HTTP_METHODS */
const IDEMPOTENT_METHODS = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"];
const SAFE_METHODS = ["GET", "HEAD", "OPTIONS"];

interface Names {
  /** local names of the axios default instance (`import axios from "axios"`, `require("axios")`) */
  axios: Map<string, ImportBinding>;
  /** local names of the axiosRetry function (default import, `require("axios-retry")`) */
  axiosRetry: Set<string>;
  /** named imports from axios-retry: local → exported name (`exponentialDelay`) */
  retryExports: Map<string, string>;
  /** every import, for targets that are clients built in another file */
  all: Map<string, ImportBinding>;
}

function namesOf(imports: ImportBinding[]): Names {
  const names: Names = { axios: new Map(), axiosRetry: new Set(), retryExports: new Map(), all: new Map() };
  for (const i of imports) {
    names.all.set(i.local, i);
    if (i.module === AXIOS && i.member === null) names.axios.set(i.local, i);
    if (i.module === AXIOS_RETRY) {
      if (i.member === null) names.axiosRetry.add(i.local);
      else names.retryExports.set(i.local, i.member);
    }
  }
  return names;
}

/** `axiosRetry`, `axiosRetry.default`, `require("axios-retry")`, `require("axios-retry").default` */
function isAxiosRetryFunction(expr: ts.Expression, names: Names): boolean {
  let e = unwrap(expr);
  if (ts.isPropertyAccessExpression(e) && e.name.text === "default") e = unwrap(e.expression);
  if (ts.isIdentifier(e)) return names.axiosRetry.has(e.text);
  return requiredModule(e) === AXIOS_RETRY;
}

/** The axios-retry export an expression names: `exponentialDelay`, `axiosRetry.exponentialDelay`, … */
function axiosRetryExport(expr: ts.Expression, names: Names): string | null {
  const e = unwrap(expr);
  if (ts.isIdentifier(e)) return names.retryExports.get(e.text) ?? null;
  if (ts.isPropertyAccessExpression(e) && isAxiosRetryFunction(e.expression, names)) return e.name.text;
  return null;
}

/** `axios.create` / `axios.default.create` on the default instance. */
function isAxiosCreate(call: ts.CallExpression, names: Names): boolean {
  const callee = unwrap(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== "create") return false;
  let recv = unwrap(callee.expression);
  if (ts.isPropertyAccessExpression(recv) && recv.name.text === "default") recv = unwrap(recv.expression);
  if (ts.isIdentifier(recv)) return names.axios.has(recv.text);
  return requiredModule(recv) === AXIOS;
}

/** A module-level `const NAME = { … }`, so options kept in a constant are still read. */
function moduleObject(sf: ts.SourceFile, name: string): ts.ObjectLiteralExpression | undefined {
  for (const stmt of sf.statements) {
    if (!ts.isVariableStatement(stmt)) continue;
    for (const d of stmt.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) {
        const init = unwrap(d.initializer);
        if (ts.isObjectLiteralExpression(init)) return init;
      }
    }
  }
  return undefined;
}

function objectArg(sf: ts.SourceFile, arg: ts.Expression | undefined): ts.ObjectLiteralExpression | "absent" | "unknown" {
  if (!arg) return "absent";
  const a = unwrap(arg);
  if (ts.isObjectLiteralExpression(a)) return a;
  if (ts.isIdentifier(a)) return moduleObject(sf, a.text) ?? "unknown";
  return "unknown";
}

function option(obj: ts.ObjectLiteralExpression | "absent" | "unknown", key: string): ts.Expression | undefined {
  if (typeof obj === "string") return undefined;
  const v = objectProperty(obj, key);
  if (v === undefined) return undefined;
  // `retryCondition(e) { … }` written as a method is still a function value; the readers below
  // only ask function-like questions of it (isFunctionLike, its body, its text)
  return ts.isMethodDeclaration(v) ? (v as unknown as ts.Expression) : v;
}

/** A module-level numeric constant (`const RETRIES = 5`). */
function moduleNumber(sf: ts.SourceFile, name: string): number | null {
  for (const stmt of sf.statements) {
    if (!ts.isVariableStatement(stmt)) continue;
    for (const d of stmt.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return numberValue(d.initializer);
    }
  }
  return null;
}

function short(node: ts.Node): string {
  const t = node.getText().replace(/\s+/g, " ");
  return t.length > 60 ? `${t.slice(0, 60)}…` : t;
}

// ---------------------------------------------------------------------------------------------
// Clients

class Clients {
  private readonly byNode = new Map<ts.Node, ClientFact>();
  constructor(
    private readonly facts: FileFacts,
    private readonly sf: ts.SourceFile,
    private readonly ids: IdAllocator,
  ) {}

  add(node: ts.Node, fields: Omit<ClientFact, "id" | "span" | "layerIds" | "hasRetryQuota" | "library">, spanNode: ts.Node = node): ClientFact {
    const client: ClientFact = {
      id: this.ids.next("K", node, this.sf),
      name: fields.name,
      functionId: fields.functionId,
      span: spanOf(spanNode, this.sf),
      library: AXIOS,
      baseUrl: fields.baseUrl,
      layerIds: [],
      fromCall: fields.fromCall,
      perCall: fields.perCall,
      // §2.1 "Budget: none": axios keeps no retry state across calls
      hasRetryQuota: false,
      timeoutSeconds: fields.timeoutSeconds,
    };
    this.facts.clients.push(client);
    this.byNode.set(node, client);
    return client;
  }

  at(node: ts.Node): ClientFact | undefined {
    return this.byNode.get(node);
  }

  /** The client bound to `name` as seen from `functionId`: same function first, then module level. */
  named(name: string, functionId: string): ClientFact | undefined {
    const candidates = this.facts.clients.filter((c) => c.name === name);
    return (
      candidates.find((c) => c.functionId === functionId) ??
      candidates.find((c) => c.functionId === MODULE) ??
      (name.startsWith("this.") ? candidates[0] : undefined)
    );
  }
}

/** The name a created client is bound to: `orders`, `this.http`, `clients.orders`; "" if none. */
function clientBindingName(call: ts.Node): { name: string; declaration: ts.Node } {
  let p = call.parent;
  while (p && (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p) || ts.isAwaitExpression(p))) p = p.parent;
  if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return { name: p.name.text, declaration: p };
  if (ts.isPropertyDeclaration(p)) return { name: `this.${propertyNameText(p.name) ?? "<computed>"}`, declaration: p };
  // `export default axios.create()` / `module.exports = axios.create()`: named as exported, so
  // a default import of this module matches it
  if (ts.isExportAssignment(p)) return { name: "default", declaration: p };
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    const cjs = commonJsExportName(p.left);
    if (cjs !== null) return { name: cjs, declaration: p };
    const d = dottedName(p.left);
    if (d) return { name: d, declaration: p };
  }
  if (ts.isPropertyAssignment(p)) {
    const key = propertyNameText(p.name) ?? "<computed>";
    const owner = p.parent.parent;
    if (ts.isVariableDeclaration(owner) && ts.isIdentifier(owner.name)) return { name: `${owner.name.text}.${key}`, declaration: p };
    return { name: key, declaration: p };
  }
  return { name: "", declaration: call };
}

function collectCreatedClients(sf: ts.SourceFile, names: Names, index: FileIndex, clients: Clients): void {
  for (const node of index.calls) {
    if (!isAxiosCreate(node, names)) continue;
    const config = objectArg(sf, node.arguments[0]);
    const baseURL = option(config, "baseURL");
    const timeout = option(config, "timeout");
    const { name, declaration } = clientBindingName(node);
    const functionId = index.enclosingId(node);
    clients.add(
      node,
      {
        name,
        functionId,
        baseUrl: baseURL && !isFunctionLike(baseURL) ? valueOf(baseURL) : null,
        fromCall: null,
        perCall: functionId !== MODULE,
        timeoutSeconds: timeout ? msToSeconds(numberValue(timeout)) : null,
        timeoutSet: timeout !== undefined && timeout !== null,
      },
      declaration,
    );
  }
}

/** Function ids from the innermost function around `from` out to the module: the scopes it sees. */
function scopeChain(from: ts.Node, index: FileIndex): string[] {
  const chain: string[] = [];
  for (let fn: ts.Node | undefined = index.enclosingNode(from); fn; fn = index.enclosingNode(fn)) chain.push(index.idOf(fn)!);
  chain.push(MODULE);
  return chain;
}

/** The declaration of a local variable visible from the scopes in `chain`, innermost first. */
function localVariable(name: string, chain: string[], index: FileIndex): { decl: ts.VariableDeclaration; rank: number } | undefined {
  let best: { decl: ts.VariableDeclaration; rank: number } | undefined;
  for (const node of index.variables) {
    if (!ts.isIdentifier(node.name) || node.name.text !== name) continue;
    const rank = chain.indexOf(index.enclosingId(node));
    if (rank >= 0 && (!best || rank < best.rank)) best = { decl: node, rank };
  }
  return best;
}

/** The innermost enclosing function that has a parameter called `name`. */
function parameterOwner(name: string, from: ts.Node, index: FileIndex): { fn: FunctionLikeNode; rank: number } | undefined {
  let rank = 0;
  for (let fn = index.enclosingNode(from); fn; fn = index.enclosingNode(fn), rank++) {
    if (fn.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === name)) return { fn, rank };
  }
  return undefined;
}

/** The client `axiosRetry(target, …)` configures; created when it is not an `axios.create` in this file. */
function retryTarget(call: ts.CallExpression, target: ts.Expression, names: Names, index: FileIndex, clients: Clients): ClientFact {
  const t = unwrap(target);
  const here = index.enclosingId(call);

  if (ts.isCallExpression(t)) {
    // `axiosRetry(axios.create({...}))` or `axiosRetry(makeClient())`
    return clients.at(t) ?? clients.add(t, { name: "", functionId: here, baseUrl: null, fromCall: calleeText(t.expression), perCall: here !== MODULE, timeoutSeconds: null });
  }
  const name = dottedName(t);
  if (name === null) {
    return clients.add(t, { name: "", functionId: here, baseUrl: null, fromCall: null, perCall: false, timeoutSeconds: null });
  }
  // the default instance: every `axios.get(...)` in the process now retries
  const defaultImport = names.axios.get(name);
  if (defaultImport) {
    return (
      clients.named(name, MODULE) ??
      clients.add(defaultImport.node, { name, functionId: MODULE, baseUrl: null, fromCall: null, perCall: false, timeoutSeconds: null })
    );
  }
  const known = clients.named(name, here);
  if (known) return known;

  if (ts.isIdentifier(t)) {
    const variable = localVariable(name, scopeChain(call, index), index);
    const param = parameterOwner(name, call, index);
    if (param && (!variable || param.rank <= variable.rank)) {
      // a client handed in by the caller: not built here, so not per call
      return clients.add(t, { name, functionId: index.idOf(param.fn) ?? here, baseUrl: null, fromCall: null, perCall: false, timeoutSeconds: null });
    }
    if (variable) {
      // `const c = makeClient(); axiosRetry(c)`: a client from a factory the linker resolves
      const { decl } = variable;
      let init = decl.initializer ? unwrap(decl.initializer) : undefined;
      if (init && ts.isAwaitExpression(init)) init = unwrap(init.expression);
      const functionId = index.enclosingId(decl);
      const fromCall = init && ts.isCallExpression(init) ? calleeText(init.expression) : null;
      return clients.add(decl, { name, functionId, baseUrl: null, fromCall, perCall: fromCall !== null && functionId !== MODULE, timeoutSeconds: null });
    }
  }
  // imported from another module (`import { orders } from "./ordersClient"`): the linker
  // matches this client to the exporting file's by the import
  const head = name.split(".")[0]!;
  const imported = names.all.get(head);
  if (imported) {
    return clients.add(imported.node, { name, functionId: MODULE, baseUrl: null, fromCall: null, perCall: false, timeoutSeconds: null }, imported.node);
  }
  return clients.add(t, { name, functionId: here, baseUrl: null, fromCall: null, perCall: false, timeoutSeconds: null });
}

// ---------------------------------------------------------------------------------------------
// axios-retry options → attempts, wait, condition (§2.1)

interface Attempts {
  maxAttempts: number | null;
  source: "config" | "default";
  note: string;
}

function attemptsFromRetries(n: number, written: string): Attempts {
  if (!Number.isFinite(n)) return { maxAttempts: null, source: "config", note: `${written} → no count bound` };
  // it retries while retryCount < retries: ⌈N⌉ retries, so N + 1 attempts; 0 or less disables it
  const retries = Math.max(0, Math.ceil(n));
  const total = retries + 1;
  return { maxAttempts: total, source: "config", note: `${written} → ${total} attempt${total === 1 ? " (disabled)" : "s"}` };
}

/** `Number(process.env.RETRIES ?? 3)`, `parseInt(process.env.X || "2")`: the fallback is the number we can know. */
function numericFallback(expr: ts.Expression): { value: number; env: string | null } | null {
  let e = unwrap(expr);
  if (ts.isCallExpression(e) && ["Number", "parseInt", "parseFloat"].includes(calleeText(e.expression)) && e.arguments[0]) {
    e = unwrap(e.arguments[0]);
  }
  if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.PlusToken) e = unwrap(e.operand);
  if (!ts.isBinaryExpression(e)) return null;
  const op = e.operatorToken.kind;
  if (op !== ts.SyntaxKind.QuestionQuestionToken && op !== ts.SyntaxKind.BarBarToken) return null;
  const right = unwrap(e.right);
  const value = ts.isStringLiteralLike(right) ? Number(right.text) : numberValue(right);
  if (value === null || Number.isNaN(value)) return null;
  const left = valueOf(numericFallbackLeft(e.left));
  return { value, env: left.kind === "env" ? left.name : null };
}

function numericFallbackLeft(e: ts.Expression): ts.Expression {
  const u = unwrap(e);
  if (ts.isCallExpression(u) && ["Number", "parseInt", "parseFloat"].includes(calleeText(u.expression)) && u.arguments[0]) return u.arguments[0];
  if (ts.isPrefixUnaryExpression(u) && u.operator === ts.SyntaxKind.PlusToken) return u.operand;
  return u;
}

function attemptsOf(sf: ts.SourceFile, options: ts.ObjectLiteralExpression | "absent" | "unknown"): Attempts {
  const defaultTotal = DEFAULT_RETRIES + 1;
  if (options === "unknown") {
    return { maxAttempts: defaultTotal, source: "default", note: `options not statically known; assuming the default retries: ${DEFAULT_RETRIES} → ${defaultTotal} attempts` };
  }
  const retries = option(options, "retries");
  if (retries === undefined) {
    return { maxAttempts: defaultTotal, source: "default", note: `retries unset → default ${DEFAULT_RETRIES} retries → ${defaultTotal} attempts` };
  }
  const literal = numberValue(retries);
  if (literal !== null) return attemptsFromRetries(literal, `retries: ${short(retries)}`);
  const u = unwrap(retries);
  if (ts.isIdentifier(u)) {
    const constant = moduleNumber(sf, u.text);
    if (constant !== null) return attemptsFromRetries(constant, `retries: ${u.text} (= ${constant})`);
  }
  const fallback = numericFallback(retries);
  if (fallback) {
    const from = fallback.env ? `env ${fallback.env}` : short(retries);
    return attemptsFromRetries(fallback.value, `retries from ${from}, default ${fallback.value}`);
  }
  // Not knowable here; the library default is the most likely order of magnitude, and calling
  // it unbounded (null) would raise RL002 on a bounded layer.
  return { maxAttempts: defaultTotal, source: "default", note: `retries: ${short(retries)} not statically known; assuming the default ${DEFAULT_RETRIES} → ${defaultTotal} attempts` };
}

/** The single expression a function returns: `(n) => expr` or `{ return expr; }`. */
function returnedExpression(fn: ts.Expression): ts.Expression | undefined {
  const f = unwrap(fn);
  if (!isFunctionLike(f) || !f.body) return undefined;
  if (!ts.isBlock(f.body)) return f.body;
  const stmts = f.body.statements;
  if (stmts.length === 1 && ts.isReturnStatement(stmts[0]!) && stmts[0].expression) return stmts[0].expression;
  return undefined;
}

interface Wait {
  wait: WaitSpec;
  /** the delay function maxes with Retry-After (noDelay, exponentialDelay, linearDelay) */
  honoursRetryAfter: boolean | null;
}

function fmtSeconds(s: number): string {
  return `${Number(s.toFixed(3))} s`;
}

function exponentialWait(factorMs: number | null, written: string): Wait {
  // retryCount starts at 1 for the first retry: 2^1 × factor
  const initial = factorMs === null ? null : (2 * factorMs) / 1000;
  return {
    wait: {
      kind: "exponential",
      jitter: true,
      initialSeconds: initial,
      maxSeconds: null,
      source: "config",
      description: `exponential from ${initial === null ? "?" : fmtSeconds(initial)} (×2), no cap, 0–20 % additive jitter (${written})`,
    },
    honoursRetryAfter: true,
  };
}

function linearWait(factorMs: number | null, written: string): Wait {
  const initial = factorMs === null ? null : factorMs / 1000;
  return {
    wait: {
      kind: "linear",
      jitter: false,
      initialSeconds: initial,
      maxSeconds: null,
      source: "config",
      description: `linear, +${initial === null ? "?" : fmtSeconds(initial)} per retry, no cap, no jitter (${written})`,
    },
    honoursRetryAfter: true,
  };
}

function noWait(source: "config" | "default", description: string, honoursRetryAfter: boolean): Wait {
  return { wait: { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source, description }, honoursRetryAfter };
}

function waitOf(options: ts.ObjectLiteralExpression | "absent" | "unknown", names: Names): Wait {
  const delay = option(options, "retryDelay");
  if (delay === undefined) {
    const why = options === "unknown" ? "options not statically known; assuming the default: " : "";
    return noWait("default", `${why}no delay (noDelay, 0 ms; only a Retry-After header delays)`, true);
  }
  const u = unwrap(delay);
  const named = axiosRetryExport(u, names);
  if (named === "exponentialDelay") return exponentialWait(DEFAULT_DELAY_FACTOR_MS, short(u));
  if (named === "linearDelay") {
    // linearDelay is a factory: passed uncalled it returns a function, which setTimeout reads
    // as 0 ms — effectively no delay.
    return noWait("config", `${short(u)} passed uncalled (linearDelay is a factory: write linearDelay(ms)); effectively no delay`, true);
  }
  if (ts.isCallExpression(u) && axiosRetryExport(u.expression, names) === "linearDelay") {
    const arg = u.arguments[0];
    return linearWait(arg ? numberValue(arg) : DEFAULT_DELAY_FACTOR_MS, short(u));
  }
  const returned = returnedExpression(u);
  if (returned) {
    const r = unwrap(returned);
    if (ts.isCallExpression(r) && axiosRetryExport(r.expression, names) === "exponentialDelay") {
      // `(n, e) => axiosRetry.exponentialDelay(n, e, 500)`: the usual way to change the factor
      const factor = r.arguments[2];
      return exponentialWait(factor ? numberValue(factor) : DEFAULT_DELAY_FACTOR_MS, short(u));
    }
    const ms = numberValue(r);
    if (ms !== null) {
      if (ms <= 0) return noWait("config", `retryDelay returns 0 (${short(u)})`, false);
      return {
        wait: { kind: "fixed", jitter: false, initialSeconds: ms / 1000, maxSeconds: ms / 1000, source: "config", description: `fixed ${fmtSeconds(ms / 1000)} (${short(u)})` },
        // a constant replaces the library delay, so Retry-After is no longer read
        honoursRetryAfter: false,
      };
    }
  }
  return {
    wait: { kind: "custom", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: `custom retryDelay (${short(u)})` },
    honoursRetryAfter: null,
  };
}

type ConditionCore = Omit<RetryCondition, "honoursRetryAfter">;

function namedCondition(name: string): ConditionCore | null {
  const base = { allErrors: false, exceptionTypes: [], retryOn: [], permanentErrors: null };
  const network = "network errors (ECONNRESET, ECONNREFUSED, ETIMEDOUT…; not ECONNABORTED timeouts) for any method, POST included";
  switch (name) {
    case "isNetworkOrIdempotentRequestError":
      return {
        ...base,
        statuses: RETRYABLE_STATUSES,
        afterSendMethods: "all",
        description: `${name}: ${network}; 429/5xx and no-response errors for GET/HEAD/OPTIONS/PUT/DELETE`,
      };
    case "isIdempotentRequestError":
      return { ...base, statuses: RETRYABLE_STATUSES, afterSendMethods: IDEMPOTENT_METHODS, description: `${name}: 429/5xx and no-response errors for GET/HEAD/OPTIONS/PUT/DELETE only` };
    case "isSafeRequestError":
      return { ...base, statuses: RETRYABLE_STATUSES, afterSendMethods: SAFE_METHODS, description: `${name}: 429/5xx and no-response errors for GET/HEAD/OPTIONS only` };
    case "isNetworkError":
      return { ...base, statuses: [], afterSendMethods: "all", description: `${name}: ${network}` };
    case "isRetryableError":
      return { ...base, statuses: RETRYABLE_STATUSES, afterSendMethods: "all", description: `${name}: no-response errors, 429 and 5xx for any method, POST included` };
    default:
      return null;
  }
}

/** error codes axios reports when the connection was never made: the request was not sent */
const PRE_SEND_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

function orParts(e: ts.Expression): ts.Expression[] {
  const u = unwrap(e);
  if (ts.isBinaryExpression(u) && u.operatorToken.kind === ts.SyntaxKind.BarBarToken) return [...orParts(u.left), ...orParts(u.right)];
  return [u];
}

/** One operand of a custom condition: a named axios-retry predicate call, or `err.code === "ECONNREFUSED"`. */
function conditionPart(e: ts.Expression, names: Names): ConditionCore | null {
  if (ts.isCallExpression(e)) {
    const inner = axiosRetryExport(e.expression, names);
    return inner ? namedCondition(inner) : null;
  }
  if (
    ts.isBinaryExpression(e) &&
    (e.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken || e.operatorToken.kind === ts.SyntaxKind.EqualsEqualsToken)
  ) {
    const [code, literal] = ts.isStringLiteral(e.right) ? [e.left, e.right] : ts.isStringLiteral(e.left) ? [e.right, e.left] : [null, null];
    if (code && literal && ts.isPropertyAccessExpression(code) && code.name.text === "code" && PRE_SEND_CODES.has(literal.text)) {
      return { allErrors: false, exceptionTypes: [], statuses: [], retryOn: [], afterSendMethods: [], permanentErrors: null, description: `${literal.text} (the request was never sent)` };
    }
  }
  return null;
}

function conditionOf(options: ts.ObjectLiteralExpression | "absent" | "unknown", names: Names): ConditionCore {
  const cond = option(options, "retryCondition");
  if (cond === undefined) {
    const c = namedCondition("isNetworkOrIdempotentRequestError")!;
    return { ...c, description: `default ${c.description}` };
  }
  const u = unwrap(cond);
  const named = axiosRetryExport(u, names);
  const known = named ? namedCondition(named) : null;
  if (known) return known;
  const returned = returnedExpression(u);
  if (returned) {
    const r = unwrap(returned);
    if (booleanValue(r) === true) {
      return {
        allErrors: true,
        exceptionTypes: [],
        statuses: [],
        retryOn: [],
        afterSendMethods: "all",
        permanentErrors: "retryCondition always returns true: every error is retried, 4xx included",
        description: `retryCondition: ${short(u)} (every error)`,
      };
    }
    // `(e) => axiosRetry.isNetworkError(e)` is the named condition with extra steps; an `||` of
    // named conditions and pre-send error codes is their union
    const parts = orParts(r).map((p) => conditionPart(p, names));
    if (parts.length && parts.every((p) => p !== null)) {
      const known = parts as ConditionCore[];
      return {
        allErrors: false,
        exceptionTypes: [],
        statuses: [...new Set(known.flatMap((c) => c.statuses))],
        retryOn: [],
        afterSendMethods: known.some((c) => c.afterSendMethods === "all") ? "all" : [...new Set(known.flatMap((c) => c.afterSendMethods as string[]))],
        permanentErrors: null,
        description: known.map((c) => c.description).join(" or "),
      };
    }
  }
  return {
    allErrors: false,
    exceptionTypes: [],
    statuses: [],
    retryOn: [],
    // a custom predicate sees every method; assume the worst for RL005
    afterSendMethods: "all",
    permanentErrors: null,
    description: `custom retryCondition (${short(u)}); may retry any method`,
  };
}

// ---------------------------------------------------------------------------------------------

function axiosRetryLayer(
  sf: ts.SourceFile,
  call: ts.CallExpression,
  client: ClientFact,
  names: Names,
  ids: IdAllocator,
): LayerFact {
  const options = objectArg(sf, call.arguments[1]);
  const attempts = attemptsOf(sf, options);
  const { wait, honoursRetryAfter } = waitOf(options, names);
  const core = conditionOf(options, names);
  const retriesStatuses = core.statuses.includes(429) || core.statuses.includes(503);
  const resetNode = option(options, "shouldResetTimeout");
  const shouldResetTimeout = resetNode ? booleanValue(resetNode) === true : false;
  const timeout = client.timeoutSeconds;
  return {
    localId: ids.next("L", call, sf),
    kind: "axios-retry",
    category: "client",
    library: "axios-retry",
    anchor: spanOf(call, sf),
    maxAttempts: attempts.maxAttempts,
    attemptsSource: attempts.source,
    attemptsNote: attempts.note,
    timeBound: null,
    wait,
    condition: { ...core, honoursRetryAfter: retriesStatuses ? honoursRetryAfter : null },
    budget: null,
    // shouldResetTimeout: false (default) → `timeout` is one budget for all attempts (§5.4);
    // true → each attempt gets the full timeout and nothing bounds the total.
    perTryTimeoutSeconds: shouldResetTimeout ? timeout : null,
    overallTimeoutSeconds: shouldResetTimeout ? null : timeout,
    attach: { kind: "client" },
    label: client.name || (client.fromCall ? `${client.fromCall}()` : "axios client"),
  };
}

/** `function makeClient() { const c = axios.create(); axiosRetry(c); return c; }` → returnsClientId. */
function markClientFactories(facts: FileFacts, index: FileIndex, clients: Clients): void {
  const factsById = new Map(facts.functions.map((f) => [f.id, f]));
  const returnsClient = (fnId: string | undefined, returned: ts.Expression): void => {
    const fact = fnId === undefined ? undefined : factsById.get(fnId);
    if (!fact || fact.returnsClientId !== null) return;
    let e = unwrap(returned);
    if (ts.isAwaitExpression(e)) e = unwrap(e.expression);
    const client = ts.isCallExpression(e) ? clients.at(e) : ts.isIdentifier(e) ? clients.named(e.text, fact.id) : undefined;
    if (client && client.functionId === fact.id) fact.returnsClientId = client.id;
  };
  for (const r of index.returns) {
    const fn = index.enclosingNode(r);
    if (fn && r.expression) returnsClient(index.idOf(fn), r.expression);
  }
  // `const make = () => axios.create(…)`
  for (const f of index.functions) if (f.node.body && !ts.isBlock(f.node.body)) returnsClient(f.id, f.node.body);
}

export function extractAxiosFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const names = namesOf(index.imports);
  if (names.axios.size === 0 && names.axiosRetry.size === 0) return; // neither library in this file
  const clients = new Clients(facts, sf, ids);
  collectCreatedClients(sf, names, index, clients);

  for (const node of index.calls) {
    if (!isAxiosRetryFunction(node.expression, names)) continue;
    const target = node.arguments[0];
    if (!target) continue; // axiosRetry() without an instance throws at startup; nothing to retry
    const client = retryTarget(node, target, names, index, clients);
    const layer = axiosRetryLayer(sf, node, client, names, ids);
    facts.layers.push(layer);
    client.layerIds.push(layer.localId);
  }

  markClientFactories(facts, index, clients);
}

