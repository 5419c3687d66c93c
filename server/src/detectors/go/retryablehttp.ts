/**
 * hashicorp/go-retryablehttp — reference/retry-semantics.md §3.9 (client.go v0.7.8), §0 row, §5.1.
 * `c := retryablehttp.NewClient()` → a client layer anchored on the NewClient call, on the
 * ClientFact `c` and on what `c.StandardClient()` returns.
 * - `RetryMax` counts **retries**: default 4 → **5 attempts**; `c.RetryMax = n` → n+1.
 * - DefaultBackoff: `RetryWaitMin × 2^i` (1, 2, 4, 8 s …) capped at `RetryWaitMax` 30 s, **no
 *   jitter**, Retry-After honoured for 429/503. `LinearJitterBackoff` adds jitter (and ignores
 *   Retry-After); `RateLimitLinearJitterBackoff` adds jitter and honours it.
 * - DefaultRetryPolicy: transport errors, 429, status 0 and every 5xx but 501, **for every method
 *   (POST retried: there is no method check)**. A custom `CheckRetry` makes the condition unknown.
 * - The package-level `retryablehttp.Get/Post/Head/PostForm` use a default `NewClient()`: same layer.
 * - ory/x `httpx.NewResilientClient(opts...)` (reference §3.9b, ory/x v0.0.729 httpx/resilient_client.go)
 *   builds a NewClient() with its own defaults, written the same way: RetryMax 4, RetryWaitMin 1 s,
 *   RetryWaitMax 30 s, DefaultRetryPolicy, DefaultBackoff, an http.Client with `Timeout` 1 min;
 *   options `ResilientClientWithMaxRetry(n)` (retries), `…WithMinRetryWait` (`…WithMinxRetryWait` in
 *   v0.0.729), `…WithMaxRetryWait`, `…WithConnectionTimeout` (the per-attempt http.Client timeout),
 *   inline or through a `[]httpx.ResilientOptions{…}` slice passed as `opts...`.
 * - `hc.Transport = x` on the `StandardClient()` result, where `x` does not wrap `hc.Transport`,
 *   replaces the retrying RoundTripper: the layer is reported with one attempt (disabled).
 */
import type { LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { boundName } from "./values";
import { addClient } from "./nethttp";
import { callArgs, calleeNode, descendants, dottedName, durationSeconds, enclosingFunction, fmtSeconds, nodeSpan, numberValue, within } from "./syntax";

export const RETRYABLEHTTP = "github.com/hashicorp/go-retryablehttp";
/** ory/x's wrapper around go-retryablehttp (reference §3.9b) */
export const ORY_HTTPX = "github.com/ory/x/httpx";
/** NewResilientClient's per-attempt http.Client timeout (`&http.Client{Timeout: time.Minute}`) */
const RESILIENT_TIMEOUT = 60;
const DEFAULT_RETRY_MAX = 4;
const DEFAULT_WAIT_MIN = 1;
const DEFAULT_WAIT_MAX = 30;
/** DefaultRetryPolicy: 429 and every 5xx except 501 (§3.9) */
const RETRIED_STATUSES = [429, 500, 502, 503, 504, 505, 506, 507, 508, 510, 511];
const PACKAGE_REQUESTS = new Set(["Get", "Post", "Head", "PostForm"]);

interface Settings {
  retryMax: SyntaxNode | null;
  waitMin: SyntaxNode | null;
  waitMax: SyntaxNode | null;
  backoff: SyntaxNode | null;
  checkRetry: SyntaxNode | null;
  timeout: SyntaxNode | null;
}

export function detectRetryablehttp(ctx: GoContext): void {
  const pkg = ctx.importLocal(RETRYABLEHTTP);
  const httpx = ctx.importLocal(ORY_HTTPX);
  if (!pkg && !httpx) return;
  const root = ctx.tree.rootNode;
  const calls = descendants(root, "call_expression");
  const time = ctx.importLocal("time") ?? "time";
  for (const call of calls) {
    const callee = dottedName(calleeNode(call));
    const resilient = httpx !== null && callee === `${httpx}.NewResilientClient`;
    if (!resilient && (pkg === null || callee !== `${pkg}.NewClient`)) continue;
    const name = boundName(ctx, call);
    const settings = name ? settingsOf(ctx, name) : emptySettings();
    const options = resilient ? resilientOptions(ctx, httpx!, call, calls) : null;
    const localId = ctx.nextId("L", call);
    const replaced = transportReplaced(ctx, call, name, calls);
    const layer = layerOf(ctx, pkg ?? "retryablehttp", settings, localId, call, name ?? (resilient ? "httpx resilient client" : "retryablehttp client"), options);
    if (replaced) {
      layer.maxAttempts = 1;
      layer.countUnknown = undefined;
      layer.attemptsNote = `${replaced}: the retrying RoundTripper is replaced, each request is sent once (${layer.attemptsNote})`;
    }
    ctx.facts.layers.push(layer);
    const timeoutNode = settings.timeout ?? options?.timeout ?? null;
    const timeoutSeconds = timeoutNode ? durationSeconds(timeoutNode, time) : resilient ? RESILIENT_TIMEOUT : null;
    const client = { at: call, library: "go-retryablehttp", timeoutSeconds, timeoutSet: timeoutNode !== null || resilient, layerIds: [localId] };
    if (name) addClient(ctx, { ...client, name });
    // `&http.Client{Transport: &retryablehttp.RoundTripper{Client: c}}`: an *http.Client that retries like c
    for (const rt of descendants(root, "composite_literal")) {
      if (dottedName(rt.childForFieldName("type")) !== `${pkg}.RoundTripper`) continue;
      const inner = keyed(rt, "Client");
      if (!inner || !(inner.id === call.id || (name !== null && ctx.nameOf(inner, rt) === name))) continue;
      const outer = rt.parent?.type === "unary_expression" ? rt.parent : rt;
      const httpClient = outer.parent?.parent?.parent?.parent?.type === "composite_literal" ? outer.parent.parent.parent.parent : null;
      const holder = httpClient?.parent?.type === "unary_expression" ? httpClient.parent : httpClient;
      const bound = holder ? boundName(ctx, holder) : null;
      if (bound) addClient(ctx, { ...client, at: rt, name: bound });
    }
    // `hc := c.StandardClient()` (or NewClient().StandardClient()): an *http.Client that retries the same way
    for (const std of calls) {
      const fn = calleeNode(std);
      if (fn?.type !== "selector_expression" || fn.childForFieldName("field")?.text !== "StandardClient") continue;
      const receiver = fn.childForFieldName("operand");
      const same = receiver?.id === call.id || (name !== null && ctx.nameOf(receiver, std) === name);
      const stdName = same ? boundName(ctx, std) : null;
      if (stdName) addClient(ctx, { ...client, at: std, name: stdName });
    }
  }
  // package-level helpers send through the package's default client: NewClient() defaults
  if (!pkg) return;
  const first = calls.find((c) => PACKAGE_REQUESTS.has(dottedName(calleeNode(c))?.slice(pkg.length + 1) ?? "") && dottedName(calleeNode(c))?.startsWith(`${pkg}.`));
  if (first) {
    const localId = ctx.nextId("L", first);
    ctx.facts.layers.push(layerOf(ctx, pkg, emptySettings(), localId, first, `${pkg} default client`));
    addClient(ctx, { name: pkg, at: first, library: "go-retryablehttp", timeoutSeconds: null, timeoutSet: false, layerIds: [localId] });
  }
}

/** What `httpx.NewResilientClient(…)` is given: the `ResilientClientWith…` options, inline or through a slice. */
interface ResilientSettings {
  retryMax: SyntaxNode | null;
  waitMin: SyntaxNode | null;
  waitMax: SyntaxNode | null;
  timeout: SyntaxNode | null;
}

const RESILIENT_OPTIONS: Record<string, keyof ResilientSettings> = {
  ResilientClientWithMaxRetry: "retryMax",
  ResilientClientWithMinRetryWait: "waitMin",
  // the name ory/x v0.0.729 exports (a typo fixed later)
  ResilientClientWithMinxRetryWait: "waitMin",
  ResilientClientWithMaxRetryWait: "waitMax",
  ResilientClientWithConnectionTimeout: "timeout",
};

function resilientOptions(ctx: GoContext, httpx: string, call: SyntaxNode, calls: SyntaxNode[]): ResilientSettings {
  const out: ResilientSettings = { retryMax: null, waitMin: null, waitMax: null, timeout: null };
  const args = callArgs(call);
  const optionCalls = args.filter((a) => a.type === "call_expression");
  // `NewResilientClient(clientOpts...)`: the option calls of the slice the variable is bound to
  for (const a of args) {
    if (a.type !== "identifier") continue;
    const bound = ctx.lookup(a.text, a)?.value;
    if (bound) optionCalls.push(...descendants(bound, "call_expression").filter((c) => c.parent?.type === "literal_element"));
    // `opts = append(opts, httpx.ResilientClientWithMaxRetry(3))` in the same function
    const fn = enclosingFunction(call);
    for (const c of calls) {
      if (!fn || !within(c, fn) || dottedName(calleeNode(c)) !== "append" || callArgs(c)[0]?.text !== a.text) continue;
      optionCalls.push(...callArgs(c).slice(1).filter((x) => x.type === "call_expression"));
    }
  }
  for (const o of optionCalls) {
    const name = dottedName(calleeNode(o)) ?? "";
    const key = name.startsWith(`${httpx}.`) ? RESILIENT_OPTIONS[name.slice(httpx.length + 1)] : undefined;
    if (key) out[key] = callArgs(o)[0] ?? null;
  }
  return out;
}

/**
 * `hc := c.StandardClient()` (or `….StandardClient()` on the constructor) followed by
 * `hc.Transport = otelhttp.NewTransport(rt)` where the new transport does not wrap `hc.Transport`:
 * the retrying RoundTripper is gone. The assignment's text, or null.
 */
function transportReplaced(ctx: GoContext, call: SyntaxNode, name: string | null, calls: SyntaxNode[]): string | null {
  // the retryablehttp client itself sends too: its transport is not the one replaced
  const sendsItself = calls.some((c) => {
    const fn = calleeNode(c);
    return fn?.type === "selector_expression" && fn.childForFieldName("field")?.text !== "StandardClient" && name !== null && ctx.nameOf(fn.childForFieldName("operand"), c) === name;
  });
  if (sendsItself) return null;
  for (const std of calls) {
    const fn = calleeNode(std);
    if (fn?.type !== "selector_expression" || fn.childForFieldName("field")?.text !== "StandardClient") continue;
    const receiver = fn.childForFieldName("operand");
    if (!(receiver?.id === call.id || (name !== null && ctx.nameOf(receiver, std) === name))) continue;
    const stdName = boundName(ctx, std);
    const scope = enclosingFunction(std);
    if (!stdName || !scope) continue;
    for (const a of descendants(scope, "assignment_statement")) {
      if (a.startIndex < std.endIndex) continue;
      const left = a.childForFieldName("left")?.namedChildren ?? [];
      const right = a.childForFieldName("right")?.namedChildren ?? [];
      const i = left.findIndex((l) => l?.type === "selector_expression" && ctx.nameOf(l, a) === `${stdName}.Transport`);
      if (i < 0 || !right[i]) continue;
      const wraps = descendants(right[i]!, "selector_expression").some((s) => s.text === left[i]!.text) || right[i]!.text === left[i]!.text;
      if (!wraps) return a.text.split("\n")[0]!.trim();
    }
  }
  return null;
}

/** The value of `Key: value` in a composite literal. */
function keyed(literal: SyntaxNode, key: string): SyntaxNode | null {
  for (const kv of literal.childForFieldName("body")?.namedChildren ?? []) {
    if (kv?.type === "keyed_element" && kv.childForFieldName("key")?.text === key) return kv.childForFieldName("value")?.namedChildren[0] ?? null;
  }
  return null;
}

function emptySettings(): Settings {
  return { retryMax: null, waitMin: null, waitMax: null, backoff: null, checkRetry: null, timeout: null };
}

/** `c.RetryMax = 3`, `c.Backoff = …`, `c.HTTPClient.Timeout = …` anywhere in the file, last one wins. */
function settingsOf(ctx: GoContext, name: string): Settings {
  const s = emptySettings();
  const fields: Record<string, keyof Settings> = { RetryMax: "retryMax", RetryWaitMin: "waitMin", RetryWaitMax: "waitMax", Backoff: "backoff", CheckRetry: "checkRetry", "HTTPClient.Timeout": "timeout" };
  for (const a of descendants(ctx.tree.rootNode, "assignment_statement")) {
    const left = a.childForFieldName("left")?.namedChildren ?? [];
    const right = a.childForFieldName("right")?.namedChildren ?? [];
    left.forEach((l, i) => {
      const target = l ? ctx.nameOf(l, a) : null;
      if (!target?.startsWith(`${name}.`) || !right[i]) return;
      const key = fields[target.slice(name.length + 1)];
      if (key) s[key] = right[i]!;
    });
  }
  return s;
}

function layerOf(ctx: GoContext, pkg: string, written: Settings, localId: string, anchor: SyntaxNode, label: string, options: ResilientSettings | null = null): LayerFact {
  const time = ctx.importLocal("time") ?? "time";
  // assignments on the client win over the wrapper's options (they run after NewResilientClient)
  const s: Settings = options ? { ...written, retryMax: written.retryMax ?? options.retryMax, waitMin: written.waitMin ?? options.waitMin, waitMax: written.waitMax ?? options.waitMax } : written;
  const via = options ? "httpx.NewResilientClient: " : "";
  const retryMax = s.retryMax ? numberValue(s.retryMax) : DEFAULT_RETRY_MAX;
  const maxAttempts = retryMax === null ? null : Math.max(1, retryMax + 1);
  const attemptsNote = via + (s.retryMax === null
    ? `RetryMax ${DEFAULT_RETRY_MAX} (default) counts retries → ${DEFAULT_RETRY_MAX + 1} attempts`
    : retryMax === null
      ? `RetryMax = ${s.retryMax.text}: not a literal`
      : `RetryMax = ${retryMax} counts retries → ${maxAttempts} attempts`);
  const waitMin = s.waitMin ? durationSeconds(s.waitMin, time) : DEFAULT_WAIT_MIN;
  const waitMax = s.waitMax ? durationSeconds(s.waitMax, time) : DEFAULT_WAIT_MAX;
  const backoffName = s.backoff ? dottedName(s.backoff) : null;
  const source = s.waitMin || s.waitMax || s.backoff ? "config" : "default";
  const range = `from ${waitMin === null ? "?" : fmtSeconds(waitMin)}, max ${waitMax === null ? "?" : fmtSeconds(waitMax)}`;
  let wait: WaitSpec;
  let honoursRetryAfter: boolean | null = true;
  if (!s.backoff || backoffName === `${pkg}.DefaultBackoff`) {
    const none = waitMin === 0 && waitMax === 0;
    // DefaultBackoff caps every sleep at RetryWaitMax: a min above the max is a fixed wait of the max
    const capped = waitMin !== null && waitMax !== null && waitMin > waitMax && waitMax > 0;
    wait = none
      ? { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source, description: "RetryWaitMin/Max 0: no wait" }
      : capped
        ? { kind: "fixed", jitter: false, initialSeconds: waitMax, maxSeconds: waitMax, source, description: `DefaultBackoff: fixed ${fmtSeconds(waitMax!)} (RetryWaitMin ${fmtSeconds(waitMin!)} is above RetryWaitMax, which caps each sleep), no jitter; Retry-After on 429/503` }
        : { kind: "exponential", jitter: false, initialSeconds: waitMin, maxSeconds: waitMax, source, description: `DefaultBackoff: exponential ${range} (×2), no jitter; Retry-After on 429/503` };
  } else if (backoffName === `${pkg}.LinearJitterBackoff` || backoffName === `${pkg}.RateLimitLinearJitterBackoff`) {
    const rateLimit = backoffName.endsWith("RateLimitLinearJitterBackoff");
    honoursRetryAfter = rateLimit;
    wait = { kind: "linear", jitter: true, initialSeconds: waitMin, maxSeconds: waitMax, source: "config", description: `${backoffName.slice(pkg.length + 1)}: linear ${range}, random jitter${rateLimit ? "; Retry-After on 429/503" : ""}` };
  } else {
    honoursRetryAfter = null;
    wait = { kind: "custom", jitter: null, initialSeconds: waitMin, maxSeconds: waitMax, source: "config", description: `custom Backoff ${s.backoff.text}` };
  }
  const checkName = s.checkRetry ? dottedName(s.checkRetry) : null;
  const defaultPolicy = !s.checkRetry || checkName === `${pkg}.DefaultRetryPolicy` || checkName === `${pkg}.ErrorPropagatedRetryPolicy`;
  const condition: RetryCondition = defaultPolicy
    ? {
        allErrors: false,
        exceptionTypes: [],
        statuses: RETRIED_STATUSES,
        retryOn: [],
        afterSendMethods: "all",
        permanentErrors: null,
        honoursRetryAfter,
        description: "DefaultRetryPolicy: transport errors, 429 and every 5xx but 501, for every method (POST included: no method check)",
      }
    : {
        allErrors: false,
        exceptionTypes: [],
        statuses: [],
        retryOn: [],
        // nothing in a custom policy is known; the library itself never checks the method
        afterSendMethods: "all",
        permanentErrors: null,
        honoursRetryAfter,
        description: `custom CheckRetry ${s.checkRetry!.text}: conditions not statically known`,
      };
  return {
    localId,
    kind: "go-retryablehttp",
    category: "client",
    library: "go-retryablehttp",
    anchor: nodeSpan(anchor),
    maxAttempts,
    attemptsSource: s.retryMax ? "config" : "default",
    attemptsNote,
    timeBound: null,
    ...(maxAttempts === null ? { countUnknown: true } : {}),
    wait,
    condition,
    budget: null,
    perTryTimeoutSeconds: s.timeout ? durationSeconds(s.timeout, time) : options?.timeout ? durationSeconds(options.timeout, time) : options ? RESILIENT_TIMEOUT : null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label,
  };
}
