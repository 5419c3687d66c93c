/**
 * go-resty — docs/reference/resty.md. The major version comes from the import path:
 * `gopkg.in/resty.v1` / `github.com/go-resty/resty` (v1), `github.com/go-resty/resty/v2`,
 * `resty.dev/v3`.
 * - `resty.New()` / `NewWithClient(hc)` (v3 also `NewWithTransportSettings`, `NewWithDialer…`)
 *   with `SetRetryCount(n)` in its chain or on the variable holding it → a client layer anchored on
 *   `SetRetryCount`. **Default RetryCount 0: no retries, no layer.**
 * - **v2 ≥ v2.3.0 and v3: `SetRetryCount(n)` counts retries → n + 1 attempts** (retry.go
 *   `for attempt := 0; attempt <= opts.maxRetries; attempt++`, "fix retry count" #322, v2.3.0).
 *   v1 and v2.0–v2.2 loop `attempt < maxRetries`: n → n attempts. The v2 minor version is not
 *   known per file: v2 is read as ≥ v2.3.0 (the note says so).
 * - Wait: capped exponential backoff with jitter between `RetryWaitTime` (100 ms) and
 *   `RetryMaxWaitTime` (2 s) (`jitterBackoff`: random in [base·2^n / 2, base·2^n)).
 * - What is retried: v1/v2 only errors (`err != nil`: connection errors, timeouts) unless
 *   `AddRetryCondition(fn)` decides (then the conditions decide); any method, POST included. v3
 *   default conditions 429, 5xx but 501, status 0 and temporary URL errors, and only idempotent
 *   methods (GET, HEAD, OPTIONS, PUT, DELETE, TRACE) unless `SetAllowNonIdempotentRetry(true)`;
 *   v3 honours Retry-After.
 * - Requests: `client.R()…Get(url)` (Post, Put, Patch, Delete, Head, Options; `Execute(method, url)`),
 *   chained or through a variable holding `client.R()`, are HTTP requests through the client;
 *   a relative URL is joined to `SetBaseURL`/`SetHostURL`.
 */
import type { CallFact, LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { addClient } from "./nethttp";
import { countOf, secondsOf } from "./optionLists";
import { boundName, valueOf } from "./values";
import { callArgs, calleeNode, descendants, dottedName, durationSeconds, enclosingFunction, fmtSeconds, nodeSpan, within } from "./syntax";

export const RESTY = /^(gopkg\.in\/resty\.v1|github\.com\/go-resty\/resty(\/v2)?|resty\.dev\/v3)$/;
const CONSTRUCTORS = new Set(["New", "NewWithClient", "NewWithLocalAddr", "NewWithTransportSettings", "NewWithDialer", "NewWithDialerAndTransportSettings"]);
const VERBS = new Set(["Get", "Post", "Put", "Patch", "Delete", "Head", "Options"]);
const IDEMPOTENT = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"];

function majorOf(path: string): number {
  return path === "resty.dev/v3" ? 3 : path.endsWith("/v2") ? 2 : 1;
}

interface Settings {
  retryCount: SyntaxNode | null;
  wait: SyntaxNode | null;
  maxWait: SyntaxNode | null;
  conditions: SyntaxNode[];
  retryAfter: boolean;
  allowNonIdempotent: boolean | null;
  defaultConditions: boolean | null;
  baseUrl: SyntaxNode | null;
  timeout: SyntaxNode | null;
}

export function detectResty(ctx: GoContext): void {
  const imp = ctx.imports.find((i) => RESTY.test(i.path));
  if (imp && imp.local !== "_" && imp.local !== ".") detectClients(ctx, imp.local, majorOf(imp.path));
  detectRequests(ctx, !!imp);
}

function detectClients(ctx: GoContext, pkg: string, major: number): void {
  const calls = descendants(ctx.tree.rootNode, "call_expression");
  for (const ctor of calls) {
    const name = dottedName(calleeNode(ctor)) ?? "";
    if (!name.startsWith(`${pkg}.`) || !CONSTRUCTORS.has(name.slice(pkg.length + 1))) continue;
    const s: Settings = { retryCount: null, wait: null, maxWait: null, conditions: [], retryAfter: false, allowNonIdempotent: null, defaultConditions: null, baseUrl: null, timeout: null };
    // the chain on the constructor: resty.New().SetRetryCount(3).SetRetryWaitTime(…)
    let top = ctor;
    for (let n = ctor; ; ) {
      const sel = n.parent;
      const call = sel?.type === "selector_expression" && sel.parent?.type === "call_expression" && sel.parent.childForFieldName("function")?.id === sel.id ? sel.parent : null;
      if (!call) break;
      apply(s, sel!.childForFieldName("field")?.text ?? "", call);
      top = call;
      n = call;
    }
    const bound = boundName(ctx, top);
    // `client.SetRetryCount(3)` statements on the variable (in its function, or anywhere for a package var or field)
    if (bound) {
      const scope = enclosingFunction(top);
      const local = scope ? bound.startsWith(`${ctx.idOf(scope)}.`) : false;
      for (const c of calls) {
        if (local && scope && !within(c, scope)) continue;
        const fn = calleeNode(c);
        if (fn?.type !== "selector_expression") continue;
        let root: SyntaxNode | null = fn.childForFieldName("operand");
        while (root?.type === "call_expression" && calleeNode(root)?.type === "selector_expression") root = calleeNode(root)!.childForFieldName("operand");
        if (!root || root.type === "call_expression" || ctx.nameOf(root, c) !== bound) continue;
        apply(s, fn.childForFieldName("field")?.text ?? "", c);
      }
    }
    const layerIds: string[] = [];
    if (s.retryCount) {
      const layer = layerOf(ctx, major, s, bound);
      ctx.facts.layers.push(layer);
      layerIds.push(layer.localId);
    }
    if (!bound) continue;
    const base = s.baseUrl ? valueOf(ctx, callArgs(s.baseUrl)[0]) : null;
    const timeout = s.timeout ? secondsOf(ctx, callArgs(s.timeout)[0], ctx.importLocal("time") ?? "time") : null;
    addClient(ctx, { name: bound, at: top, library: "resty", timeoutSeconds: timeout, timeoutSet: !!s.timeout, layerIds, baseUrl: base });
  }
}

function apply(s: Settings, member: string, call: SyntaxNode): void {
  const arg = callArgs(call)[0] ?? null;
  switch (member) {
    case "SetRetryCount":
      s.retryCount = call;
      break;
    case "SetRetryWaitTime":
      s.wait = arg;
      break;
    case "SetRetryMaxWaitTime":
      s.maxWait = arg;
      break;
    case "AddRetryCondition":
    case "SetRetryConditions":
    case "AddRetryConditions":
      if (arg) s.conditions.push(arg);
      break;
    case "SetRetryAfter":
      s.retryAfter = true;
      break;
    case "SetAllowNonIdempotentRetry":
      s.allowNonIdempotent = arg?.text === "true" ? true : arg?.text === "false" ? false : null;
      break;
    case "SetRetryDefaultConditions":
      s.defaultConditions = arg?.text === "false" ? false : true;
      break;
    case "SetBaseURL":
    case "SetHostURL":
      s.baseUrl = call;
      break;
    case "SetTimeout":
      s.timeout = call;
      break;
  }
}

function layerOf(ctx: GoContext, major: number, s: Settings, bound: string | null): LayerFact {
  const call = s.retryCount!;
  const version = major === 3 ? "resty v3" : major === 2 ? "resty v2 (≥ v2.3.0 assumed)" : "resty v1";
  const retriesCount = major >= 2;
  const n = countOf(ctx, callArgs(call)[0]);
  let maxAttempts: number | null;
  let note: string;
  let countExpr: LayerFact["countExpr"];
  if (n.value !== null) {
    const retries = Math.max(0, n.value);
    maxAttempts = retriesCount ? retries + 1 : Math.max(1, retries);
    note = retries === 0
      ? `SetRetryCount(${n.text}): no retries → 1 attempt (${version})`
      : retriesCount
        ? `SetRetryCount(${n.text}) counts retries → ${maxAttempts} attempts: the first + ${retries} (${version})`
        : `SetRetryCount(${n.text}) → ${maxAttempts} attempts in total (${version}: the loop runs attempt < count; from v2.3.0 it is count + 1)`;
  } else {
    maxAttempts = null;
    note = `SetRetryCount(${n.text}): not a literal (${version}; ${retriesCount ? "counts retries: n → n+1" : "n attempts in total"})`;
    if (n.ref) countExpr = { value: n.ref, scopeId: ctx.scopeId(call), offset: retriesCount ? 1 : 0, nonPositive: 1, note: `SetRetryCount(${n.text} = $value) → $attempts attempts (${version}${retriesCount ? ": counts retries" : ""})` };
  }
  // v2.0–v2.2 counted attempts: the go.mod decides (engine/versionGates.ts)
  const versionGate: LayerFact["versionGate"] | undefined = major === 2 && n.value !== null && n.value > 1
    ? { ecosystem: "go", module: "github.com/go-resty/resty/v2", below: "v2.3.0", maxAttempts: n.value, note: `SetRetryCount(${n.text}) → ${n.value} attempts in total ($version: before v2.3.0 the loop ran attempt < count)`, assumed: "resty v2 (≥ v2.3.0 assumed)" }
    : undefined;
  const field = calleeNode(call)?.childForFieldName("field") ?? call;
  return {
    localId: ctx.nextId("L", call),
    kind: "resty-retry",
    category: "client",
    library: "resty",
    anchor: nodeSpan(field),
    maxAttempts,
    attemptsSource: "config",
    attemptsNote: note,
    timeBound: null,
    ...(maxAttempts === null ? { countUnknown: true } : {}),
    ...(countExpr ? { countExpr } : {}),
    ...(versionGate ? { versionGate } : {}),
    wait: waitOf(ctx, s),
    condition: conditionOf(major, s),
    budget: null,
    perTryTimeoutSeconds: s.timeout ? secondsOf(ctx, callArgs(s.timeout)[0], ctx.importLocal("time") ?? "time") : null,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: bound ?? "resty client",
  };
}

function waitOf(ctx: GoContext, s: Settings): WaitSpec {
  const time = ctx.importLocal("time") ?? "time";
  const min = s.wait ? secondsOf(ctx, s.wait, time) : 0.1;
  const max = s.maxWait ? secondsOf(ctx, s.maxWait, time) : 2;
  const show = (v: number | null) => (v === null ? "?" : fmtSeconds(v));
  return {
    kind: "exponential",
    jitter: true,
    initialSeconds: min,
    maxSeconds: max,
    source: s.wait || s.maxWait ? "config" : "default",
    description: `exponential from ${show(min)} ×2 with jitter, max ${show(max)} (RetryWaitTime/RetryMaxWaitTime${s.wait || s.maxWait ? "" : " defaults 100 ms / 2 s"})${s.retryAfter ? "; SetRetryAfter decides the wait" : ""}`,
  };
}

function conditionOf(major: number, s: Settings): RetryCondition {
  const custom = s.conditions.length > 0;
  if (major === 3) {
    const all = s.allowNonIdempotent === true;
    const defaults = s.defaultConditions !== false;
    return {
      allErrors: false,
      exceptionTypes: [],
      statuses: defaults ? [429, 500, 502, 503, 504] : [],
      retryOn: defaults ? ["temporary network errors"] : [],
      afterSendMethods: all ? "all" : IDEMPOTENT,
      permanentErrors: null,
      honoursRetryAfter: true,
      description: `${defaults ? "429, 5xx (not 501), no status and temporary URL errors" : "no default conditions"}${custom ? ` plus ${s.conditions.length} AddRetryCondition` : ""}; ${all ? "every method (SetAllowNonIdempotentRetry(true))" : "idempotent methods only (GET, HEAD, OPTIONS, PUT, DELETE, TRACE)"}; Retry-After honoured`,
    };
  }
  return {
    allErrors: !custom,
    exceptionTypes: [],
    statuses: [],
    retryOn: custom ? [] : ["request errors (connection, timeout)"],
    afterSendMethods: "all",
    permanentErrors: null,
    honoursRetryAfter: s.retryAfter ? null : false,
    description: custom ? `what ${s.conditions.length} AddRetryCondition function${s.conditions.length > 1 ? "s" : ""} accept (any method, POST included)` : "request errors only (err != nil: connection errors, timeouts), not statuses; any method, POST included",
  };
}

/** `client.R()….Get(url)` and `req := client.R(); req.Post(url)`: requests through the client the chain starts from. */
function detectRequests(ctx: GoContext, imported: boolean): void {
  for (const call of descendants(ctx.tree.rootNode, "call_expression")) {
    const fn = calleeNode(call);
    if (fn?.type !== "selector_expression") continue;
    const member = fn.childForFieldName("field")?.text ?? "";
    if (!VERBS.has(member) && member !== "Execute") continue;
    const root = requestRoot(ctx, fn.childForFieldName("operand"), 0);
    if (!root) continue;
    const args = callArgs(call);
    const method = member === "Execute" ? methodOf(ctx, args[0]) : member.toUpperCase();
    const url = valueOf(ctx, member === "Execute" ? args[1] : args[0]);
    const written = ctx.linkName(root, call);
    if (!written) continue;
    const request = { protocol: "http" as const, method, url, library: imported ? "resty" : null, idempotencyKey: idempotencyHeader(call), timeoutSeconds: null };
    const existing = ctx.callIds.get(call.id);
    const fact = existing ? ctx.facts.calls.find((c) => c.id === existing) : undefined;
    if (fact) {
      fact.callee = `${written}.${member}`;
      fact.request = request;
    } else {
      const id = ctx.nextId("C", call);
      ctx.callIds.set(call.id, id);
      const added: CallFact = { id, span: nodeSpan(call), functionId: ctx.scopeId(call), callee: `${written}.${member}`, args: [], request };
      ctx.facts.calls.push(added);
    }
  }
}

/** The client a request chain starts from: `c` in `c.R().SetBody(b)` (or a variable bound to such a chain). */
function requestRoot(ctx: GoContext, n: SyntaxNode | null, depth: number): SyntaxNode | null {
  if (!n || depth > 3) return null;
  let sawR = false;
  while (n?.type === "call_expression") {
    const fn = calleeNode(n);
    if (fn?.type !== "selector_expression") return null;
    const field = fn.childForFieldName("field")?.text ?? "";
    if (field === "R" || field === "NewRequest") {
      sawR = true;
      return fn.childForFieldName("operand");
    }
    n = fn.childForFieldName("operand");
  }
  if (!sawR && n?.type === "identifier") {
    const v = ctx.lookup(n.text, n)?.value;
    return v ? requestRoot(ctx, v, depth + 1) : null;
  }
  return null;
}

function methodOf(ctx: GoContext, n: SyntaxNode | undefined): string | null {
  const v = valueOf(ctx, n);
  if (v?.kind === "string") return v.value.toUpperCase();
  const field = n?.type === "selector_expression" ? n.childForFieldName("field")?.text : null;
  const m = field ? /^Method(Get|Post|Put|Patch|Delete|Head|Options)$/.exec(field) : null;
  return m ? m[1]!.toUpperCase() : null;
}

function idempotencyHeader(call: SyntaxNode): boolean {
  return /"Idempotency-Key"/i.test(call.text);
}
