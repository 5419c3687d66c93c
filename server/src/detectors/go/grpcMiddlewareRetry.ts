/**
 * go-grpc-middleware retry interceptors — docs/reference/go-grpc-middleware.md.
 * v1 `github.com/grpc-ecosystem/go-grpc-middleware/retry` (package grpc_retry) and v2
 * `github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/retry` (package retry):
 * `UnaryClientInterceptor(opts...)` / `StreamClientInterceptor(opts...)` installed on a conn with
 * `grpc.WithUnaryInterceptor`, `grpc.WithChainUnaryInterceptor`, `grpc.WithStreamInterceptor`,
 * `grpc.WithChainStreamInterceptor` (also inside `grpc_middleware.ChainUnaryClient(…)`, or bound
 * to a variable first) → a client layer on that conn and the stubs built on it (./grpc.ts).
 * - **`WithMax(n)` is the number of attempts, not retries**, whatever its doc comment says:
 *   retry.go runs `for attempt := uint(0); attempt < callOpts.max; attempt++` (v1.3.0, v1.4.0,
 *   v2.3.3). `WithMax(3)` → 3 calls; `WithMax(0)`/`Disable()` → 1.
 * - Default `max: 0 // disabled`: without WithMax the interceptor never retries (1 attempt); a
 *   call option `grpc_retry.WithMax(n)` on one RPC turns it on for that call only (not modelled:
 *   see the reference page).
 * - Default backoff `BackoffLinearWithJitter(50ms, 0.10)` (fixed 50 ms ±10 %); BackoffLinear(d)
 *   fixed, no jitter; BackoffExponential(s) s×2^n, no jitter; BackoffExponentialWithJitter(s, f);
 *   v2 BackoffExponentialWithJitterBounded(s, f, max).
 * - Default codes ResourceExhausted and Unavailable (`DefaultRetriableCodes`); `WithCodes(…)`
 *   replaces them. Status-code based, so any RPC (writes included) is re-sent.
 * - grpc-go keeps only the last `grpc.WithUnaryInterceptor` (and WithStreamInterceptor) of a dial:
 *   an earlier one is replaced; chained interceptors all run.
 */
import type { LayerFact, RetryCondition, ValueExpr, WaitSpec } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { countOf, optionList, packageSlices, secondsOf } from "./optionLists";
import { callArgs, calleeNode, dottedName, fmtSeconds, nodeSpan, numberValue } from "./syntax";

export const GRPC_MIDDLEWARE_RETRY = /^github\.com\/grpc-ecosystem\/go-grpc-middleware(\/v2\/interceptors)?\/retry$/;
const LIBRARY = "go-grpc-middleware";
/** the ConstantFact a package-level option slice leaves for other files of its package: its WithMax count */
const MAX_SUFFIX = "~grpcRetryMax";
const INSTALLERS = new Set(["WithUnaryInterceptor", "WithChainUnaryInterceptor", "WithStreamInterceptor", "WithChainStreamInterceptor"]);
const PERMANENT = new Set(["InvalidArgument", "NotFound", "AlreadyExists", "PermissionDenied", "Unauthenticated", "FailedPrecondition", "Unimplemented", "OutOfRange"]);

/**
 * The retry interceptors installed by the dial options `options` (grpc.With… calls) of one dial:
 * one layer each, pushed to the file's facts; their local ids are returned for the conn's client.
 */
export function grpcRetryInterceptorLayers(ctx: GoContext, grpc: string, options: SyntaxNode[], conn: string | null): string[] {
  const imp = ctx.imports.find((i) => GRPC_MIDDLEWARE_RETRY.test(i.path));
  if (!imp || imp.local === "_" || imp.local === ".") return [];
  const pkg = imp.local;
  const v2 = imp.path.includes("/v2/");
  const ids: string[] = [];
  // grpc-go: the last WithUnaryInterceptor / WithStreamInterceptor replaces earlier ones
  const lastSingle = new Map<string, number>();
  for (const o of options) {
    const member = (dottedName(calleeNode(o)) ?? "").slice(grpc.length + 1);
    if (member === "WithUnaryInterceptor" || member === "WithStreamInterceptor") lastSingle.set(member, o.id);
  }
  for (const o of options) {
    const name = dottedName(calleeNode(o)) ?? "";
    if (!name.startsWith(`${grpc}.`)) continue;
    const member = name.slice(grpc.length + 1);
    if (!INSTALLERS.has(member)) continue;
    const replaced = lastSingle.has(member) && lastSingle.get(member) !== o.id;
    for (const interceptor of interceptorsIn(ctx, pkg, callArgs(o), 0)) {
      const layer = layerOf(ctx, pkg, v2, interceptor, conn, replaced);
      ctx.facts.layers.push(layer);
      ids.push(layer.localId);
    }
  }
  return ids;
}

/** `pkg.UnaryClientInterceptor(…)` calls among the arguments, through chains and variables. */
function interceptorsIn(ctx: GoContext, pkg: string, args: SyntaxNode[], depth: number): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  if (depth > 4) return out;
  for (const a of args) {
    if (a.type === "identifier") {
      const v = ctx.lookup(a.text, a)?.value;
      if (v) out.push(...interceptorsIn(ctx, pkg, [v], depth + 1));
      continue;
    }
    if (a.type !== "call_expression") continue;
    const callee = dottedName(calleeNode(a)) ?? "";
    if (callee === `${pkg}.UnaryClientInterceptor` || callee === `${pkg}.StreamClientInterceptor`) out.push(a);
    // grpc_middleware.ChainUnaryClient(a, b), or any wrapper holding interceptors
    else out.push(...interceptorsIn(ctx, pkg, callArgs(a), depth + 1));
  }
  return out;
}

function layerOf(ctx: GoContext, pkg: string, v2: boolean, interceptor: SyntaxNode, conn: string | null, replaced: boolean): LayerFact {
  const version = v2 ? "go-grpc-middleware v2" : "go-grpc-middleware v1";
  const stream = (dottedName(calleeNode(interceptor)) ?? "").endsWith("StreamClientInterceptor");
  const opts = optionList(ctx, callArgs(interceptor));
  let maxCall: SyntaxNode | null = null;
  let disabled = false;
  let codesCall: SyntaxNode | null = null;
  let backoffCall: SyntaxNode | null = null;
  let perRetryTimeout: number | null = null;
  for (const c of opts.calls) {
    const member = (dottedName(calleeNode(c)) ?? "").slice(pkg.length + 1);
    if (!(dottedName(calleeNode(c)) ?? "").startsWith(`${pkg}.`)) continue;
    if (member === "WithMax") {
      maxCall = c;
      disabled = false;
    } else if (member === "Disable") {
      disabled = true;
      maxCall = null;
    } else if (member === "WithCodes") codesCall = c;
    else if (member === "WithBackoff" || member === "WithBackoffContext") backoffCall = c;
    else if (member === "WithPerRetryTimeout") perRetryTimeout = secondsOf(ctx, callArgs(c)[0], ctx.importLocal("time") ?? "time");
  }
  const localId = ctx.nextId("L", interceptor);
  let maxAttempts: number | null = 1;
  let source: "config" | "default" = "config";
  let note: string;
  let countExpr: LayerFact["countExpr"];
  if (replaced) {
    note = "replaced by a later grpc.WithUnaryInterceptor/WithStreamInterceptor of the same dial (grpc-go keeps the last one): never runs";
  } else if (disabled) {
    note = `${pkg}.Disable() = WithMax(0): no retries → 1 attempt (${version})`;
  } else if (maxCall) {
    const n = countOf(ctx, callArgs(maxCall)[0]);
    if (n.value !== null) {
      maxAttempts = Math.max(1, n.value);
      note = `WithMax(${n.text}) → ${maxAttempts} attempt${maxAttempts === 1 ? "" : "s"}: the interceptor's loop runs \`attempt < max\`, so max counts the first call too (${version}; not max retries + 1)`;
    } else {
      maxAttempts = null;
      note = `WithMax(${n.text}): not a literal (${version}; max counts attempts, the first call included)`;
      if (n.ref) countExpr = { value: n.ref, scopeId: ctx.scopeId(maxCall), offset: 0, nonPositive: 1, note: `WithMax(${n.text} = $value) → $attempts attempts: max counts the first call too (${version})` };
    }
  } else if (opts.foreign) {
    maxAttempts = null;
    note = `options ${opts.foreign}: declared in another file (${version}; WithMax counts attempts, default 0 = no retries)`;
    countExpr = { value: { kind: "ref", name: `${opts.foreign}${MAX_SUFFIX}` }, scopeId: ctx.scopeId(interceptor), offset: 0, nonPositive: 1, note: `WithMax in ${opts.foreign} = $value → $attempts attempts (${version}; max counts the first call too)` };
  } else {
    source = "default";
    note = `default max 0: the interceptor does not retry unless a call passes ${pkg}.WithMax(n) → 1 attempt (${version})`;
  }
  return {
    localId,
    kind: "go-grpc-middleware-retry",
    category: "client",
    library: LIBRARY,
    anchor: nodeSpan(interceptor),
    maxAttempts,
    attemptsSource: source,
    attemptsNote: note,
    timeBound: null,
    ...(maxAttempts === null && !countExpr ? { countUnknown: true } : {}),
    ...(maxAttempts === null && countExpr ? { countUnknown: true, countExpr } : {}),
    wait: waitOf(ctx, pkg, backoffCall),
    condition: conditionOf(ctx, codesCall, stream),
    budget: null,
    perTryTimeoutSeconds: perRetryTimeout,
    overallTimeoutSeconds: null,
    attach: { kind: "client" },
    label: conn ? `${conn} retry interceptor` : `${pkg}.${stream ? "StreamClientInterceptor" : "UnaryClientInterceptor"}`,
  };
}

function waitOf(ctx: GoContext, pkg: string, call: SyntaxNode | null): WaitSpec {
  if (!call) return { kind: "fixed", jitter: true, initialSeconds: 0.05, maxSeconds: 0.055, source: "default", description: "fixed 50 ms ±10 % jitter (default BackoffLinearWithJitter(50ms, 0.10))" };
  const fn = callArgs(call)[0];
  const time = ctx.importLocal("time") ?? "time";
  const name = fn?.type === "call_expression" ? (dottedName(calleeNode(fn)) ?? "") : "";
  const args = fn?.type === "call_expression" ? callArgs(fn) : [];
  const d = secondsOf(ctx, args[0], time);
  const frac = numberValue(args[1]);
  const show = (s: number | null) => (s === null ? "?" : fmtSeconds(s));
  switch (name.slice(pkg.length + 1)) {
    case "BackoffLinear":
      return { kind: "fixed", jitter: false, initialSeconds: d, maxSeconds: d, source: "config", description: `fixed ${show(d)}, no jitter (BackoffLinear)` };
    case "BackoffLinearWithJitter":
      return { kind: "fixed", jitter: frac === null ? null : frac > 0, initialSeconds: d, maxSeconds: d, source: "config", description: `fixed ${show(d)} ±${frac === null ? "?" : Math.round(frac * 100)} % (BackoffLinearWithJitter)` };
    case "BackoffExponential":
      return { kind: "exponential", jitter: false, initialSeconds: d, maxSeconds: null, source: "config", description: `exponential ${show(d)} × 2^attempt, no cap, no jitter (BackoffExponential)` };
    case "BackoffExponentialWithJitter":
      return { kind: "exponential", jitter: frac === null ? null : frac > 0, initialSeconds: d, maxSeconds: null, source: "config", description: `exponential ${show(d)} × 2^attempt ±${frac === null ? "?" : Math.round(frac * 100)} %, no cap (BackoffExponentialWithJitter)` };
    case "BackoffExponentialWithJitterBounded": {
      const max = secondsOf(ctx, args[2], time);
      return { kind: "exponential", jitter: frac === null ? null : frac > 0, initialSeconds: d, maxSeconds: max, source: "config", description: `exponential ${show(d)} × 2^attempt ±${frac === null ? "?" : Math.round(frac * 100)} %, max ${show(max)}` };
    }
  }
  return { kind: "custom", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: `WithBackoff(${fn?.text ?? "?"})` };
}

function conditionOf(ctx: GoContext, call: SyntaxNode | null, stream: boolean): RetryCondition {
  const codes = call ? callArgs(call).map((a) => (a.type === "selector_expression" ? (a.childForFieldName("field")?.text ?? a.text) : a.text)) : ["ResourceExhausted", "Unavailable"];
  const permanent = codes.filter((c) => PERMANENT.has(c));
  void ctx;
  return {
    allErrors: false,
    exceptionTypes: [],
    statuses: [],
    retryOn: codes,
    afterSendMethods: "all",
    permanentErrors: permanent.length ? `WithCodes lists ${permanent.join(", ")}, which the same request will hit again` : null,
    honoursRetryAfter: null,
    description: `${call ? "status codes" : "default codes"} ${codes.join(", ") || "(none)"}${stream ? " (server streams only: re-established on a failed Recv)" : ""}; every RPC, writes included`,
  };
}

/**
 * Package-level option slices of this file (`var retryOpts = []grpc_retry.CallOption{…}`): their
 * WithMax count as a constant named `<slice>~grpcRetryMax`, for interceptors in other files of the
 * package that spread the slice (LayerFact.countExpr). No WithMax → 0 (the default: no retries).
 */
export function detectGrpcRetryOptionSlices(ctx: GoContext): void {
  const imp = ctx.imports.find((i) => GRPC_MIDDLEWARE_RETRY.test(i.path));
  if (!imp || imp.local === "_" || imp.local === ".") return;
  const pkg = imp.local;
  for (const slice of packageSlices(ctx)) {
    const mine = slice.elements.filter((e) => (dottedName(calleeNode(e)) ?? "").startsWith(`${pkg}.`));
    if (!mine.length) continue;
    const max = [...mine].reverse().find((e) => /\.(WithMax|Disable)$/.test(dottedName(calleeNode(e)) ?? ""));
    const isMax = max && (dottedName(calleeNode(max)) ?? "").endsWith(".WithMax");
    const n = isMax ? countOf(ctx, callArgs(max)[0]) : null;
    const value: ValueExpr | null = !isMax ? { kind: "number", value: 0 } : n!.value !== null ? { kind: "number", value: n!.value } : n!.ref;
    if (value) ctx.facts.constants.push({ name: `${slice.name}${MAX_SUFFIX}`, value, line: slice.at.startPosition.row + 1 });
  }
}
