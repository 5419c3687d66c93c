/**
 * got — reference/retry-semantics.md §2.2 (got 15.0.5 `options.ts`, `calculate-retry-delay.ts`,
 * `documentation/7-retry.md`, read from source) and the §0 row; §5.1 (`limit: N` → N+1).
 *
 * got retries **by default**: every request has `retry.limit: 2` → 3 attempts, for the methods
 * GET/PUT/HEAD/DELETE/OPTIONS/TRACE only (**no POST**, no PATCH), statuses 408/413/429/500/502/
 * 503/504/521/522/524 and the network error codes; delay `min(2^(n-1) × 1 s, backoffLimit)` plus
 * 0–100 ms random `noise` (jitter, small and additive); Retry-After honoured.
 *
 * - `const api = got.extend({ retry: { limit } })` → a ClientFact `api` (library "got") with a
 *   client layer on the `extend` call; `api.get(url)` and `api(url)` are requests through it.
 *   `extend()` without `retry` still carries the default layer.
 * - Requests on the default instance, `got(url, { retry })` / `got.get(url, …)`, get a `block`
 *   layer on the call itself, from the per-request `retry` or the defaults. A request whose
 *   method the layer does not retry (`got.post(url)` with the default methods) gets no layer:
 *   got sends it once.
 *
 * ky.ts reuses `extractInstanceClientFacts` with ky's numbers (§2.3).
 */
import type { ClientFact, FileFacts, LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import { calledMember, dottedName, isFunctionLike, objectProperty, spanOf, ts, unwrap, valueOf } from "../../parsing/typescript";
import {
  addClient,
  callFactOf,
  customWait,
  fetchLikeRequest,
  fmtSeconds,
  importsFrom,
  markCallableClient,
  methodsOption,
  nested,
  numbersOption,
  objectArg,
  option,
  retriesOption,
  staticNumber,
  type Attempts,
  type LayerCore,
  type Options,
} from "./jsRetryCommon";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

export interface ClientSpec {
  module: string;
  kind: LayerFact["kind"];
  /** instance factories on the default export: got.extend; ky.create / ky.extend */
  factories: string[];
  verbs: string[];
  defaultLimit: number;
  methods: string[];
  statuses: number[];
  /** builds the wait from the (nested) retry options */
  wait: (sf: ts.SourceFile, retry: Options) => WaitSpec;
  /** extra words for the attempts note */
  section: string;
  /** the instance's `timeout` option in seconds (ky: ms per attempt), when the library reads one as a number */
  timeoutSeconds?: (sf: ts.SourceFile, options: Options) => { seconds: number | null; set: boolean };
}

/** `retry: N` or `retry: { limit: N }` → attempts. */
function attemptsOf(sf: ts.SourceFile, spec: ClientSpec, options: Options): { attempts: Attempts; retry: Options } {
  const { node, options: retry } = nested(sf, options, "retry");
  if (node !== undefined && staticNumber(sf, node)) {
    return { attempts: retriesOption(sf, node, "retry", spec.defaultLimit), retry: "absent" };
  }
  const limit = option(retry, "limit");
  const unknown = options === "unknown" || retry === "unknown";
  return { attempts: retriesOption(sf, limit, "retry.limit", spec.defaultLimit, unknown), retry };
}

function conditionOf(spec: ClientSpec, retry: Options): RetryCondition {
  const methods = methodsOption(option(retry, "methods")) ?? (option(retry, "methods") ? null : spec.methods);
  const statuses = numbersOption(option(retry, "statusCodes")) ?? spec.statuses;
  const permanent = statuses.filter((s) => s >= 400 && s < 500 && ![408, 413, 425, 429].includes(s));
  return {
    allErrors: false,
    exceptionTypes: [],
    statuses,
    retryOn: [],
    // network errors are retried too, but only for the listed methods (§2.2/§2.3)
    afterSendMethods: methods ?? "all",
    // got and ky never retry a method outside `retry.methods`, whatever the error (§2.2/§2.3)
    onlyListedMethods: true,
    permanentErrors: permanent.length ? `statusCodes lists ${permanent.join(", ")}` : null,
    honoursRetryAfter: true,
    description: `network errors and statuses ${statuses.join(", ")} for ${methods ? methods.join("/") : "the configured methods"}`,
  };
}

function layerCore(sf: ts.SourceFile, spec: ClientSpec, options: Options): LayerCore {
  const { attempts, retry } = attemptsOf(sf, spec, options);
  return {
    kind: spec.kind,
    category: "client",
    library: spec.module,
    ...attempts,
    timeBound: null,
    wait: spec.wait(sf, retry),
    condition: conditionOf(spec, retry),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}

/**
 * An instance's `prefixUrl` (got and ky prepend it to every string URL, §2.2/§2.3; the linker
 * joins it, engine/baseUrls.ts) and its timeout.
 */
function instanceSettings(sf: ts.SourceFile, spec: ClientSpec, options: Options, client: ClientFact): void {
  const prefix = option(options, "prefixUrl");
  if (prefix && !isFunctionLike(prefix)) client.baseUrl = valueOf(prefix);
  const timeout = spec.timeoutSeconds?.(sf, options);
  if (timeout) {
    client.timeoutSeconds = timeout.seconds;
    client.timeoutSet = timeout.set;
  }
}

/** The instance of this file a receiver names (`api` in `api.extend(…)`). */
function instanceNamed(clients: readonly ClientFact[], receiver: ts.Expression): ClientFact | undefined {
  const r = unwrap(receiver);
  return ts.isIdentifier(r) ? clients.find((c) => c.name === r.text) : undefined;
}

/** `got.extend` / `ky.create` on the default export (`got`, `got.default`). */
function defaultReceiver(expr: ts.Expression, names: Set<string>): boolean {
  let e = unwrap(expr);
  if (ts.isPropertyAccessExpression(e) && e.name.text === "default") e = unwrap(e.expression);
  return ts.isIdentifier(e) && names.has(e.text);
}

export function extractInstanceClientFacts(spec: ClientSpec, sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const { whole, members } = importsFrom(index.imports, spec.module);
  const names = new Set(whole);
  for (const [local, member] of members) if (member === spec.module || member === "default") names.add(local);
  if (names.size === 0) return;

  const clients: ClientFact[] = [];
  for (const call of index.calls) {
    const callee = unwrap(call.expression);
    const member = calledMember(call);
    const onDefault = ts.isPropertyAccessExpression(callee) && defaultReceiver(callee.expression, names);
    const direct = defaultReceiver(callee, names);
    // `api.extend(opts)` on an instance of this file: the base's options with these merged over
    // them; `api.create(opts)` (ky) starts from the library defaults (ky source/index.ts)
    const base = !onDefault && ts.isPropertyAccessExpression(callee) && member && spec.factories.includes(member) ? instanceNamed(clients, callee.expression) : undefined;
    if (base && member === "extend") {
      const options = objectArg(sf, call.arguments[0]);
      const client = addClient(facts, sf, ids, index, call, spec.module);
      instanceSettings(sf, spec, options, client);
      client.baseUrl ??= base.baseUrl;
      if (!client.timeoutSet) {
        client.timeoutSeconds = base.timeoutSeconds;
        client.timeoutSet = base.timeoutSet;
      }
      if (options === "unknown" || option(options, "retry") !== undefined) {
        const localId = ids.next("L", call, sf);
        facts.layers.push({ ...layerCore(sf, spec, options), localId, anchor: spanOf(call, sf), attach: { kind: "client" }, label: client.name || `${spec.module}.${member}()` });
        client.layerIds.push(localId);
      } else client.layerIds.push(...base.layerIds);
      clients.push(client);
      continue;
    }

    if ((onDefault || base) && member && spec.factories.includes(member)) {
      // an instance: its retry options (or the defaults) apply to every request through it
      const options = objectArg(sf, call.arguments.find((a) => ts.isObjectLiteralExpression(unwrap(a))) ?? call.arguments[0]);
      const client = addClient(facts, sf, ids, index, call, spec.module);
      instanceSettings(sf, spec, options, client);
      const localId = ids.next("L", call, sf);
      facts.layers.push({ ...layerCore(sf, spec, options), localId, anchor: spanOf(call, sf), attach: { kind: "client" }, label: client.name || `${spec.module}.${member}()` });
      client.layerIds.push(localId);
      clients.push(client);
      continue;
    }

    // a request on the default instance: `got(url, opts)`, `got.post(url, opts)`
    const verb = direct ? null : onDefault && member && spec.verbs.includes(member) ? member : undefined;
    if (verb === undefined || !call.arguments[0]) continue;
    const fact = callFactOf(facts, call, sf);
    if (!fact) continue;
    if (!fact.request) fact.request = fetchLikeRequest(call, spec.module);
    fact.request.library = spec.module;
    if (verb !== null) fact.request.method = verb === "stream" ? "GET" : verb.toUpperCase();
    const optArg = call.arguments[1] ? unwrap(call.arguments[1]) : undefined;
    const options = optArg ? objectArg(sf, optArg) : "absent";
    if (verb === null && typeof options !== "string") {
      const m = objectProperty(options, "method");
      fact.request.method = m && !ts.isMethodDeclaration(m) && ts.isStringLiteralLike(unwrap(m)) ? (unwrap(m) as ts.StringLiteral).text.toUpperCase() : m ? null : "GET";
    }
    const core = layerCore(sf, spec, options);
    const methods = core.condition.afterSendMethods;
    const method = fact.request.method;
    if (method !== null && methods !== "all" && !methods.includes(method) && core.maxAttempts !== 1) continue; // sent once (§2.2/§2.3 methods)
    const functionId = index.enclosingId(call);
    facts.layers.push({
      ...core,
      localId: ids.next("L", call, sf),
      anchor: spanOf(call, sf),
      attach: { kind: "block", functionId, callIds: [fact.id] },
      label: `${dottedName(call.expression) ?? spec.module} in ${functionId === MODULE ? "module" : functionId}`,
    });
  }
  // `api(url, opts)`: calling an instance sends a request
  for (const c of clients) markCallableClient(facts, sf, index, c, spec.module);
}

// ---------------------------------------------------------------------------------------------

/** §2.2 defaults */
const GOT_STATUSES = [408, 413, 429, 500, 502, 503, 504, 521, 522, 524];
const GOT_METHODS = ["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE"];
const GOT_NOISE_MS = 100;

function gotWait(sf: ts.SourceFile, retry: Options): WaitSpec {
  const calc = option(retry, "calculateDelay");
  if (calc) return customWait(calc, "calculateDelay");
  const limitNode = option(retry, "backoffLimit");
  const limit = limitNode ? staticNumber(sf, limitNode)?.value ?? null : Infinity;
  const noiseNode = option(retry, "noise");
  const noise = noiseNode ? staticNumber(sf, noiseNode)?.value ?? null : GOT_NOISE_MS;
  const max = limit === null || !Number.isFinite(limit) ? null : limit / 1000;
  const jitter = noise === null ? null : noise !== 0;
  return {
    kind: "exponential",
    jitter,
    initialSeconds: 1,
    maxSeconds: max,
    source: limitNode || noiseNode ? "config" : "default",
    description: `exponential from 1 s (×2), ${max === null ? "no cap" : `max ${fmtSeconds(max)}`}, ${jitter ? `+0–${noise} ms noise` : jitter === false ? "no jitter (noise: 0)" : "noise not statically known"}`,
  };
}

export const GOT: ClientSpec = {
  module: "got",
  kind: "got",
  factories: ["extend"],
  verbs: ["get", "post", "put", "patch", "delete", "head", "options", "stream"],
  defaultLimit: 2,
  methods: GOT_METHODS,
  statuses: GOT_STATUSES,
  wait: gotWait,
  section: "§2.2",
};

export function extractGotFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  extractInstanceClientFacts(GOT, sf, index, facts, ids);
}
