/**
 * HTTP clients and the retry policies mounted on them:
 * - urllib3 `Retry` — reference §1.3 (total=N → N+1 attempts, default total 10, Retry.DEFAULT = 3
 *   for a bare PoolManager, backoff_factor 0 → no wait, backoff_jitter 0 → no jitter, POST/PATCH not
 *   in the default allowed_methods, connect errors retried for any method);
 * - requests `HTTPAdapter(max_retries=…)` mounted on a Session — §1.4 (default 0 retries; an int N
 *   → Retry.from_int(N): N+1 attempts, no backoff);
 * - httpx `HTTPTransport(retries=N)` — §1.5 (connect phase only, N+1, 0/0.5/1/2 s backoff, no jitter).
 * Clients built in factories (`def make_session(): …; return s`) are recorded so the linker can
 * follow `session = make_session()` across modules.
 */
import type { ClientFact, LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import { argument, bindingOf, callParts, descendants, elements, enclosingFunction, nodeSpan, numberValue, stringValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { resolveBound, type PyContext } from "./context";
import { linkedCount } from "./linkedCount";
import { timeoutOf } from "./module";
import { fmtSeconds, noWait } from "./waits";

const CLIENT_CONSTRUCTORS: Record<string, string> = {
  "requests.Session": "requests.Session",
  "requests.session": "requests.Session",
  "requests.sessions.Session": "requests.Session",
  "httpx.Client": "httpx.Client",
  "httpx.AsyncClient": "httpx.AsyncClient",
  "urllib3.PoolManager": "urllib3.PoolManager",
  "urllib3.poolmanager.PoolManager": "urllib3.PoolManager",
  "aiohttp.ClientSession": "aiohttp.ClientSession",
};

/** `x = something.post(...)` is a response, not a client from a factory */
const NOT_FACTORIES = new Set(["get", "post", "put", "patch", "delete", "head", "options", "request", "json", "send", "Retry", "HTTPAdapter"]);

/** standard-library modules and builtins never build an HTTP client */
const STDLIB = new Set(["os", "sys", "random", "math", "time", "threading", "json", "re", "logging", "datetime", "uuid", "hashlib", "collections", "itertools", "functools", "dataclasses", "typing", "pathlib", "min", "max", "len", "int", "float", "str", "dict", "list", "set", "tuple", "sorted", "super", "open", "print", "range", "getattr"]);

const RETRY_CLASSES = new Set([
  "urllib3.Retry",
  "urllib3.util.Retry",
  "urllib3.util.retry.Retry",
  "requests.packages.urllib3.util.retry.Retry",
  "requests.adapters.Retry",
]);
const ADAPTER_CLASSES = new Set(["requests.adapters.HTTPAdapter", "requests.HTTPAdapter"]);
const TRANSPORT_CLASSES = new Set(["httpx.HTTPTransport", "httpx.AsyncHTTPTransport"]);

/** urllib3 DEFAULT_ALLOWED_METHODS (§1.3): POST and PATCH are not retried after sending */
const DEFAULT_ALLOWED_METHODS = ["HEAD", "GET", "PUT", "DELETE", "OPTIONS", "TRACE"];

/**
 * The methods an `allowed_methods=` value lets retry after sending: `None`/`False` = all;
 * `Retry.DEFAULT_ALLOWED_METHODS` (urllib3 < 1.26: `DEFAULT_METHOD_WHITELIST`) = the defaults;
 * literals, `frozenset([...])`, `a | b` and `a.union(b)` combine; anything else is not known,
 * so every method is assumed (the worst case).
 */
function allowedMethods(ctx: PyContext, node: SyntaxNode, at: SyntaxNode, depth = 0): "all" | string[] {
  if (depth > 6) return "all";
  const union = (a: "all" | string[], b: "all" | string[]): "all" | string[] => (a === "all" || b === "all" ? "all" : [...new Set([...a, ...b])]);
  switch (node.type) {
    case "none":
    case "false":
      return "all";
    case "parenthesized_expression":
      return node.namedChildren[0] ? allowedMethods(ctx, node.namedChildren[0], at, depth + 1) : "all";
    case "attribute":
      return /\.(DEFAULT_ALLOWED_METHODS|DEFAULT_METHOD_WHITELIST)$/.test(node.text) ? DEFAULT_ALLOWED_METHODS : "all";
    case "identifier": {
      const bound = resolveBound(ctx, node, at);
      return bound && bound !== node ? allowedMethods(ctx, bound, at, depth + 1) : "all";
    }
    case "binary_operator": {
      const left = node.childForFieldName("left");
      const right = node.childForFieldName("right");
      if (node.childForFieldName("operator")?.text !== "|" || !left || !right) return "all";
      return union(allowedMethods(ctx, left, at, depth + 1), allowedMethods(ctx, right, at, depth + 1));
    }
    case "call": {
      const fn = node.childForFieldName("function");
      const parts = callParts(node);
      if (fn?.type === "attribute" && fn.childForFieldName("attribute")?.text === "union") {
        const base = fn.childForFieldName("object");
        let out = base ? allowedMethods(ctx, base, at, depth + 1) : "all";
        for (const arg of parts.positional) out = union(out, allowedMethods(ctx, arg, at, depth + 1));
        return out;
      }
      if (fn && ["frozenset", "set", "list", "tuple"].includes(fn.text)) {
        const inner = parts.positional[0];
        return inner ? allowedMethods(ctx, inner, at, depth + 1) : [];
      }
      return "all";
    }
    case "list":
    case "set":
    case "tuple": {
      const listed = elements(node).map((e) => stringValue(e)?.toUpperCase());
      return listed.every((m): m is string => !!m) ? listed : "all";
    }
    default:
      return "all";
  }
}
const TRANSIENT_4XX = new Set([408, 425, 429]);

export function detectHttpClients(ctx: PyContext): void {
  const layerByNode = new Map<number, LayerFact>();
  const root = ctx.tree.rootNode;

  // Every Retry(...) / HTTPTransport(retries=N) is a policy, mounted or not.
  for (const call of descendants(root, "call")) {
    const q = ctx.qualifiedName(call.childForFieldName("function"));
    if (q && RETRY_CLASSES.has(q)) layerByNode.set(call.id, urllib3Layer(ctx, call));
    else if (q && TRANSPORT_CLASSES.has(q)) {
      const l = httpxTransportLayer(ctx, call);
      if (l) layerByNode.set(call.id, l);
    }
  }

  const clients: ClientFact[] = [];
  for (const call of descendants(root, "call")) {
    const q = ctx.qualifiedName(call.childForFieldName("function"));
    const library = q ? CLIENT_CONSTRUCTORS[q] : undefined;
    const binding = bindingOf(call);
    // a client another detector already recorded (boto3.client(...))
    if (ctx.facts.clients.some((c) => c.span.line === call.startPosition.row + 1 && c.span.column === call.startPosition.column)) continue;
    if (!library) {
      // `session = make_session()` — a client if the factory returns one (decided when linking)
      const member = q?.slice(q.lastIndexOf(".") + 1) ?? "";
      const head = q?.split(".")[0] ?? "";
      // boto3/botocore objects (sessions, Config) are boto3.ts's: never an unknown HTTP client
      const awsSdk = /^(boto3|botocore|aioboto3|aiobotocore)(\.|$)/.test(q ?? "");
      if (binding && call.parent?.type === "assignment" && q && !STDLIB.has(head) && !NOT_FACTORIES.has(member) && !awsSdk) {
        // keep the callee as written: the linker resolves it through this file's imports
        clients.push(clientFact(ctx, call, binding, "unknown", call.childForFieldName("function")!.text));
      } else if (binding && call.parent?.type === "assignment" && !q && dynamicClass(call)) {
        // `db = load_backend(…).DatabaseClient()`: an instance of a class a dynamic import returns;
        // the linker finds the class by name (engine/resolve.ts pyInstanceMethod)
        clients.push(clientFact(ctx, call, binding, "unknown", call.childForFieldName("function")!.text));
      }
      continue;
    }
    const client = clientFact(ctx, call, binding ?? "", library, null);
    const parts = callParts(call);
    if (library.startsWith("httpx")) {
      client.baseUrl = ctx.value(parts.keywords.get("base_url"));
      client.timeoutSeconds = timeoutOf(parts.keywords.get("timeout"));
      client.timeoutSet = parts.keywords.has("timeout");
      const transport = resolveBound(ctx, parts.keywords.get("transport"), call);
      const l = transport ? layerByNode.get(transport.id) : undefined;
      if (l) client.layerIds.push(l.localId);
    } else if (library === "urllib3.PoolManager") {
      const retries = parts.keywords.get("retries");
      let l = retries ? policyFromRetries(ctx, retries, call, layerByNode) : null;
      if (!retries) {
        l = defaultPoolManagerLayer(ctx, call);
        layerByNode.set(call.id, l);
      }
      if (l) client.layerIds.push(l.localId);
    }
    clients.push(client);
  }

  // session.mount(prefix, HTTPAdapter(max_retries=…))
  for (const call of descendants(root, "call")) {
    const fn = call.childForFieldName("function");
    if (fn?.type !== "attribute" || fn.childForFieldName("attribute")?.text !== "mount") continue;
    const receiver = fn.childForFieldName("object")?.text ?? "";
    const client = findClient(ctx, clients, receiver, call);
    if (!client) continue;
    const adapter = resolveBound(ctx, callParts(call).positional[1] ?? null, call);
    if (adapter?.type !== "call" || !ADAPTER_CLASSES.has(ctx.qualifiedName(adapter.childForFieldName("function")) ?? "")) continue;
    const maxRetries = callParts(adapter).keywords.get("max_retries") ?? callParts(adapter).positional[3];
    if (!maxRetries) continue;
    const l = policyFromRetries(ctx, maxRetries, adapter, layerByNode);
    if (l && !client.layerIds.includes(l.localId)) client.layerIds.push(l.localId);
  }

  // `session.request = functools.partial(session.request, timeout=30)`: every method of a requests
  // Session sends through `self.request` (requests 2.x sessions.py: `get`/`post`/… return
  // `self.request(…)`), so the instance attribute gives all of them that timeout
  for (const a of descendants(root, "assignment")) {
    const left = a.childForFieldName("left");
    const right = a.childForFieldName("right");
    if (left?.type !== "attribute" || left.childForFieldName("attribute")?.text !== "request" || right?.type !== "call") continue;
    if (ctx.qualifiedName(right.childForFieldName("function")) !== "functools.partial") continue;
    const parts = callParts(right);
    const receiver = left.childForFieldName("object")?.text ?? "";
    if (parts.positional[0]?.text !== `${receiver}.request` || !parts.keywords.has("timeout")) continue;
    const client = findClient(ctx, clients, receiver, a);
    if (!client || !client.library.startsWith("requests")) continue;
    client.timeoutSeconds = timeoutOf(parts.keywords.get("timeout"));
    client.timeoutSet = true;
  }

  // label each policy by the client it is mounted on (reads better in chains: "session ×3")
  for (const c of clients) {
    for (const id of c.layerIds) {
      const l = [...layerByNode.values()].find((x) => x.localId === id);
      if (l && c.name) l.label = c.name.replace(/^self\./, "");
    }
  }
  for (const l of layerByNode.values()) ctx.facts.layers.push(l);

  // factories: `return session` inside the function that built it
  for (const ret of descendants(root, "return_statement")) {
    const value = ret.namedChildren[0];
    const fnNode = enclosingFunction(ret);
    if (!value || !fnNode) continue;
    const fid = ctx.functionId(fnNode);
    const client =
      value.type === "call"
        ? clients.find((c) => c.span.line === value.startPosition.row + 1 && c.span.column === value.startPosition.column)
        : clients.find((c) => c.name === value.text && c.functionId === fid);
    const fact = ctx.facts.functions.find((f) => f.id === fid);
    if (client && fact) {
      // a factory returning other clients in other branches (`match backend: case …: return OpenAI(…)`):
      // the one that retries is kept (worst case), never replaced by a plain value of unknown library
      const kept = fact.returnsClientId ? [...ctx.facts.clients, ...clients].find((c) => c.id === fact.returnsClientId) : undefined;
      const weaker = (c: ClientFact) => c.library === "unknown" && c.layerIds.length === 0;
      if (!kept || !weaker(client) || weaker(kept)) fact.returnsClientId = client.id;
      client.perCall = false;
    }
  }
  ctx.facts.clients.push(...clients);
}

function clientFact(ctx: PyContext, call: SyntaxNode, name: string, library: string, fromCall: string | null): ClientFact {
  const fnNode = enclosingFunction(call);
  const functionId = ctx.functionId(fnNode);
  const inInit = functionId.endsWith(".__init__");
  return {
    id: ctx.nextId("K", call),
    name,
    functionId,
    span: nodeSpan(call),
    library,
    baseUrl: null,
    layerIds: [],
    fromCall,
    perCall: functionId !== "<module>" && !inInit,
    hasRetryQuota: false,
    timeoutSeconds: null,
  };
}



function findClient(ctx: PyContext, clients: ClientFact[], receiver: string, at: SyntaxNode): ClientFact | undefined {
  const fid = ctx.functionId(enclosingFunction(at));
  return (
    clients.find((c) => c.name === receiver && c.functionId === fid) ??
    clients.find((c) => c.name === receiver && c.functionId === "<module>") ??
    (receiver.startsWith("self.") ? clients.find((c) => c.name === receiver) : undefined)
  );
}


/** `max_retries=` / `retries=`: a Retry object, a name bound to one, an int, or False. */
function policyFromRetries(ctx: PyContext, value: SyntaxNode, owner: SyntaxNode, layers: Map<number, LayerFact>): LayerFact | null {
  const resolved = resolveBound(ctx, value, owner);
  if (resolved && layers.has(resolved.id)) return layers.get(resolved.id)!;
  const n = resolved ? numberValue(resolved) ?? ctx.number(value, owner) : ctx.number(value, owner);
  const isFalse = resolved?.type === "false";
  if (n === null && !isFalse) return null;
  const retries = isFalse ? 0 : Math.max(0, Math.floor(n!));
  const q = ctx.qualifiedName(owner.childForFieldName("function")) ?? "";
  const kind = ADAPTER_CLASSES.has(q) ? "requests-adapter" : "urllib3-retry";
  const layer = fromIntLayer(ctx, owner, retries, kind, isFalse ? "retries=False: retries disabled" : `${kind === "requests-adapter" ? "max_retries" : "retries"}=${retries} → Retry.from_int(${retries}): ${retries + 1} attempts`, "config");
  layers.set(owner.id, layer);
  return layer;
}

/** A bare PoolManager uses Retry.DEFAULT = Retry(3): 4 attempts (§1.3). */
export function defaultPoolManagerLayer(ctx: PyContext, call: SyntaxNode): LayerFact {
  return fromIntLayer(ctx, call, 3, "urllib3-retry", "PoolManager without retries= uses Retry.DEFAULT = Retry(3): 4 attempts", "default");
}

function fromIntLayer(ctx: PyContext, call: SyntaxNode, retries: number, kind: "urllib3-retry" | "requests-adapter", note: string, source: "config" | "default"): LayerFact {
  return {
    localId: ctx.nextId("L", call),
    kind,
    category: "client",
    library: kind === "requests-adapter" ? "requests" : "urllib3",
    anchor: nodeSpan(call),
    maxAttempts: retries + 1,
    attemptsSource: source,
    attemptsNote: note,
    timeBound: null,
    wait: noWait("default", "no backoff (backoff_factor 0): retries immediately"),
    condition: urllib3Condition(DEFAULT_ALLOWED_METHODS, [], true),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: bindingOf(call) ?? "PoolManager",
  };
}

function urllib3Layer(ctx: PyContext, call: SyntaxNode): LayerFact {
  const parts = callParts(call);
  const totalNode = argument(parts, "total", 0);
  let total: number | null;
  let totalText: string;
  let disabled = false;
  if (!totalNode) {
    total = 10;
    totalText = "total=10 (default)";
  } else if (totalNode.type === "false") {
    total = 0;
    disabled = true;
    totalText = "total=False: retries disabled";
  } else if (totalNode.type === "none") {
    total = null;
    totalText = "total=None";
  } else {
    total = ctx.number(totalNode, call);
    totalText = total === null ? `total=${totalNode.text}` : `total=${total}`;
  }
  // Each failure also spends its category counter; the worst case is bounded by total and,
  // when every failure category is capped, by their sum.
  const categories = ["connect", "read", "status", "other"].map((k) => {
    const v = parts.keywords.get(k);
    return v && v.type !== "none" ? ctx.number(v, call) : null;
  });
  const categorySum = categories.every((c) => c !== null) ? (categories as number[]).reduce((a, b) => a + b, 0) : null;
  const bounds = [total, categorySum].filter((b): b is number => b !== null);
  const retries = disabled ? 0 : bounds.length ? Math.max(0, Math.min(...bounds)) : null;
  const unknownTotal = totalNode && total === null && totalNode.type !== "none";
  // total=MAX_RETRIES from a constants module, with no category capped: read at link time (attempts = total + 1)
  const countExpr = unknownTotal && categories.every((c) => c === null) ? linkedCount(ctx, totalNode, call, 1, `total=${totalNode!.text.slice(0, 60)} = $value$origin → $attempts attempts`) : undefined;
  const maxAttempts = unknownTotal ? null : retries === null ? null : retries + 1;
  const attemptsNote = unknownTotal
    ? `${totalText}: count not known statically`
    : retries === null
      ? "no total and uncapped categories: retries without a count bound"
      : `${totalText}${categorySum !== null && categorySum < (total ?? Infinity) ? `, categories sum to ${categorySum}` : ""} → ${retries + 1} attempts`;

  const factor = ctx.number(parts.keywords.get("backoff_factor"), call) ?? 0;
  const jitter = ctx.number(parts.keywords.get("backoff_jitter"), call) ?? 0;
  const max = ctx.number(parts.keywords.get("backoff_max"), call) ?? 120;
  const wait: WaitSpec =
    factor === 0
      ? noWait(parts.keywords.has("backoff_factor") ? "config" : "default", "backoff_factor 0: retries immediately")
      : {
          kind: "exponential",
          jitter: jitter > 0,
          initialSeconds: 0,
          maxSeconds: max,
          source: "config",
          description: `0 s, then ${fmtSeconds(factor * 2)}, ${fmtSeconds(factor * 4)}… (backoff_factor ${factor}, max ${fmtSeconds(max)})${jitter > 0 ? `, + up to ${fmtSeconds(jitter)} jitter` : ", no jitter (backoff_jitter 0)"}`,
        };

  const methodsNode = parts.keywords.get("allowed_methods") ?? parts.keywords.get("method_whitelist");
  const methods = methodsNode ? allowedMethods(ctx, methodsNode, call) : DEFAULT_ALLOWED_METHODS;
  const statuses = numbersIn(ctx, parts.keywords.get("status_forcelist"), call);
  const respect = parts.keywords.get("respect_retry_after_header");
  return {
    localId: ctx.nextId("L", call),
    kind: "urllib3-retry",
    category: "client",
    library: "urllib3",
    anchor: nodeSpan(call),
    maxAttempts,
    attemptsSource: totalNode ? "config" : "default",
    attemptsNote,
    ...(countExpr ? { countExpr } : {}),
    timeBound: null,
    wait,
    condition: urllib3Condition(methods, statuses, respect?.type !== "false"),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: bindingOf(call) ?? "Retry",
  };
}

function numbersIn(ctx: PyContext, n: SyntaxNode | null | undefined, at: SyntaxNode): number[] {
  if (!n) return [];
  const target = n.type === "identifier" ? resolveBound(ctx, n, at) : n;
  if (!target) return [];
  const inner = target.type === "call" ? callParts(target).positional[0] : target;
  return elements(inner)
    .map((e) => numberValue(e))
    .filter((v): v is number => v !== null);
}

function urllib3Condition(methods: "all" | string[], statuses: number[], honoursRetryAfter: boolean): RetryCondition {
  const permanent = statuses.filter((s) => s >= 400 && s < 500 && !TRANSIENT_4XX.has(s));
  const methodText = methods === "all" ? "every method, POST included (allowed_methods=None)" : methods.join("/");
  return {
    allErrors: false,
    exceptionTypes: [],
    statuses,
    retryOn: [],
    afterSendMethods: methods,
    permanentErrors: permanent.length ? `status_forcelist retries ${permanent.join(", ")}, which will fail the same way again` : null,
    honoursRetryAfter,
    description: `connect errors for any method; read errors${statuses.length ? ` and statuses ${statuses.join(", ")}` : ""} for ${methodText}`,
  };
}

function httpxTransportLayer(ctx: PyContext, call: SyntaxNode): LayerFact | null {
  const parts = callParts(call);
  const retriesNode = parts.keywords.get("retries");
  if (!retriesNode) return null;
  const retries = ctx.number(retriesNode, call);
  return {
    localId: ctx.nextId("L", call),
    kind: "httpx-transport",
    category: "client",
    library: "httpx",
    anchor: nodeSpan(call),
    maxAttempts: retries === null ? null : Math.max(0, Math.floor(retries)) + 1,
    attemptsSource: "config",
    attemptsNote: retries === null ? `retries=${retriesNode.text}: count not known statically` : `retries=${retries} → ${retries + 1} connection attempts`,
    timeBound: null,
    wait: { kind: "exponential", jitter: false, initialSeconds: 0, maxSeconds: null, source: "default", description: "0 s, 0.5 s, 1 s, 2 s… (httpx RETRIES_BACKOFF_FACTOR 0.5), no jitter" },
    condition: {
      allErrors: false,
      exceptionTypes: ["httpx.ConnectError", "httpx.ConnectTimeout"],
      statuses: [],
      retryOn: [],
      afterSendMethods: [],
      permanentErrors: null,
      honoursRetryAfter: null,
      description: "connection failures only (the request was never sent)",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: bindingOf(call) ?? "transport",
  };
}

/** `f(…).ClassName(…)`: a class taken off a call's result (a module `import_module` returned) */
function dynamicClass(call: SyntaxNode): boolean {
  const fn = call.childForFieldName("function");
  return fn?.type === "attribute" && fn.childForFieldName("object")?.type === "call" && /^[A-Z]\w*$/.test(fn.childForFieldName("attribute")?.text ?? "");
}
