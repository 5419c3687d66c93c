/**
 * cenkalti/backoff — reference/retry-semantics.md §3.10 (v4.3.0 `exponential.go`, `retry.go`;
 * v5 `retry.go`), the §0 row, §5.1 and §5.2 (cenkalti: unbounded but for 15 min).
 * The major version comes from the import path: `…/backoff/v4`, `…/backoff/v5`; the unversioned
 * path (v1–v3) behaves like v4.
 * - v4 `backoff.Retry(op, b)` (also RetryNotify, RetryWithData, RetryNotifyWithData): unlimited
 *   tries until `MaxElapsedTime` (15 min by default) → maxAttempts null, timeBound 15 min;
 *   `backoff.WithMaxRetries(b, n)` → n+1 attempts; `b.MaxElapsedTime = 0` → no bound at all.
 *   A ConstantBackOff/ZeroBackOff has no elapsed-time cap in v4.
 * - v5+ `backoff.Retry(ctx, op, backoff.WithBackOff(b), backoff.WithMaxTries(n),
 *   backoff.WithMaxElapsedTime(d))`: `WithMaxTries(n)` → n **total**; defaults MaxTries 0
 *   (unlimited) and MaxElapsedTime 15 min, whatever the backoff.
 * - ExponentialBackOff: 500 ms initial, ×1.5, max interval 60 s, **RandomizationFactor 0.5
 *   (±50 % jitter, on by default)**; `RandomizationFactor = 0` → no jitter. `NewConstantBackOff(d)`
 *   waits d without jitter; `&backoff.ZeroBackOff{}` does not wait; `&backoff.StopBackOff{}` never retries.
 * - Every error `op` returns is retried unless wrapped in `backoff.Permanent`.
 * The layer wraps what the Retry call runs: a block attachment on that call, which runs `op` (a
 * closure, a closure variable, or a function/method value).
 */
import type { LayerFact, WaitSpec } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { callIdAt } from "./module";
import { callArgs, calleeNode, descendants, dottedName, durationSeconds, fmtSeconds, nodeSpan, numberValue } from "./syntax";

const CENKALTI = /^github\.com\/cenkalti\/backoff(\/v(\d+))?$/;
const V4_RETRY = new Set(["Retry", "RetryNotify", "RetryNotifyWithTimer", "RetryWithData", "RetryNotifyWithData", "RetryNotifyWithTimerAndData"]);
const DEFAULT_ELAPSED = 15 * 60;

interface Policy {
  kind: "exponential" | "constant" | "zero" | "stop" | "unknown";
  initial: number | null;
  multiplier: number | null;
  maxInterval: number | null;
  randomization: number | null;
  /** undefined = the default; null = not a literal */
  maxElapsed?: number | null;
  /** WithMaxRetries(b, n): retries; undefined = none */
  maxRetries?: number | null;
  configured: boolean;
  text: string;
}

const EXPONENTIAL_DEFAULTS = { initial: 0.5, multiplier: 1.5, maxInterval: 60, randomization: 0.5 };

export function detectCenkaltiBackoff(ctx: GoContext): void {
  const imp = ctx.imports.find((i) => CENKALTI.test(i.path));
  if (!imp || imp.local === "_" || imp.local === ".") return;
  const version = Number(CENKALTI.exec(imp.path)![2] ?? "4");
  const pkg = imp.local;
  for (const call of descendants(ctx.tree.rootNode, "call_expression")) {
    const name = dottedName(calleeNode(call));
    if (!name?.startsWith(`${pkg}.`)) continue;
    const member = name.slice(pkg.length + 1);
    const args = callArgs(call);
    if (version >= 5 ? member !== "Retry" : !V4_RETRY.has(member)) continue;
    const opIndex = version >= 5 ? 1 : 0;
    const op = args[opIndex];
    if (!op) continue;
    const layer = version >= 5 ? v5Layer(ctx, pkg, args.slice(2)) : v4Layer(ctx, pkg, args[1] ?? null, version);
    const callId = callIdAt(ctx, call);
    const fact = ctx.facts.calls.find((c) => c.id === callId);
    if (fact) fact.invokesArg = opIndex;
    const localId = ctx.nextId("L", call);
    ctx.facts.layers.push({
      ...layer,
      localId,
      anchor: nodeSpan(call),
      condition: condition(ctx, pkg, op),
      attach: helperParam(ctx, call, op) ?? { kind: "block", functionId: ctx.scopeId(call), callIds: callId ? [callId] : [] },
      label: `${name}(${op.type === "func_literal" ? "func" : op.text})`,
    });
  }
}

type Core = Omit<LayerFact, "localId" | "anchor" | "condition" | "attach" | "label">;

/**
 * `func withRetry(ctx context.Context, op func() error) error { return backoff.Retry(op, b) }`:
 * the operation is the helper's parameter, so the layer wraps what its callers pass there.
 */
function helperParam(ctx: GoContext, call: SyntaxNode, op: SyntaxNode): LayerFact["attach"] | null {
  if (op.type !== "identifier") return null;
  const local = ctx.lookup(op.text, op);
  const scope = ctx.scopeId(call);
  const fn = ctx.facts.functions.find((f) => f.id === scope);
  const paramIndex = fn?.params.indexOf(op.text) ?? -1;
  if (!fn || paramIndex < 0 || local?.id !== `${scope}.${op.text}` || local.value) return null;
  return { kind: "helper", functionId: scope, paramIndex, paramName: op.text };
}

function v4Layer(ctx: GoContext, pkg: string, b: SyntaxNode | null, version: number): Core {
  const p = b ? policyOf(ctx, pkg, b, 0) : unknownPolicy("no backoff");
  // only an ExponentialBackOff stops on elapsed time in v4
  const elapsed = p.kind === "exponential" ? (p.maxElapsed === undefined ? DEFAULT_ELAPSED : p.maxElapsed) : 0;
  const label = `v${version < 4 ? "1–3" : version}`;
  let maxAttempts: number | null = null;
  let note: string;
  if (p.kind === "stop") {
    maxAttempts = 1;
    note = "StopBackOff: never retries";
  } else if (p.maxRetries !== undefined) {
    maxAttempts = p.maxRetries === null ? null : Math.max(1, p.maxRetries + 1);
    note = p.maxRetries === null ? "WithMaxRetries(b, n): n not a literal" : `WithMaxRetries(b, ${p.maxRetries}) counts retries → ${maxAttempts} attempts (${label})`;
  } else note = elapsed ? `${label}: no try limit; stops after MaxElapsedTime ${fmtSeconds(elapsed)}` : `${label}: no try limit and no MaxElapsedTime: retries forever`;
  return core(p, maxAttempts, note, elapsed ?? 0, p.maxRetries === null);
}

function v5Layer(ctx: GoContext, pkg: string, options: SyntaxNode[]): Core {
  let p: Policy = { kind: "exponential", ...EXPONENTIAL_DEFAULTS, configured: false, text: "default ExponentialBackOff" };
  let tries: number | null | undefined;
  let elapsed: number | null = DEFAULT_ELAPSED;
  let elapsedSet = false;
  for (const o of options) {
    const name = o.type === "call_expression" ? dottedName(calleeNode(o)) : null;
    const arg = o.type === "call_expression" ? callArgs(o)[0] : undefined;
    if (name === `${pkg}.WithBackOff` && arg) p = policyOf(ctx, pkg, arg, 0);
    else if (name === `${pkg}.WithMaxTries`) tries = numberValue(arg);
    else if (name === `${pkg}.WithMaxElapsedTime`) {
      elapsed = durationSeconds(arg, ctx.importLocal("time") ?? "time");
      elapsedSet = true;
    }
  }
  let maxAttempts: number | null = null;
  let note: string;
  if (p.kind === "stop") {
    maxAttempts = 1;
    note = "StopBackOff: never retries";
  } else if (tries !== undefined && tries !== 0) {
    maxAttempts = tries === null ? null : Math.max(1, tries);
    note = tries === null ? "WithMaxTries(n): n not a literal" : `WithMaxTries(${tries}) counts attempts → ${maxAttempts} attempts (v5)`;
  } else if (p.maxRetries !== undefined && p.maxRetries !== null) {
    maxAttempts = Math.max(1, p.maxRetries + 1);
    note = `WithMaxRetries(b, ${p.maxRetries}) counts retries → ${maxAttempts} attempts`;
  } else {
    note = elapsed ? `v5: MaxTries 0 (unlimited); stops after MaxElapsedTime ${fmtSeconds(elapsed)}${elapsedSet ? "" : " (default)"}` : "v5: MaxTries 0 and no MaxElapsedTime: retries forever";
  }
  return core(p, maxAttempts, note, elapsed ?? 0, tries === null, tries !== undefined || elapsedSet);
}

function core(p: Policy, maxAttempts: number | null, note: string, elapsed: number, countUnknown: boolean, optionsSet = false): Core {
  return {
    kind: "cenkalti-backoff",
    category: "code",
    library: "cenkalti/backoff",
    maxAttempts,
    attemptsSource: p.configured || optionsSet || p.maxRetries !== undefined ? "config" : "default",
    attemptsNote: note,
    timeBound: elapsed > 0 ? `${fmtSeconds(elapsed)} (MaxElapsedTime)` : null,
    ...(countUnknown ? { countUnknown: true } : {}),
    wait: waitOf(p),
    budget: null,
    perTryTimeoutSeconds: null,
    // MaxElapsedTime stops retrying; it does not cut an attempt short (not a deadline)
    overallTimeoutSeconds: null,
  };
}

function unknownPolicy(text: string): Policy {
  return { kind: "unknown", initial: null, multiplier: null, maxInterval: null, randomization: null, configured: true, text };
}

/** What a BackOff expression builds, following a variable to its value and its field assignments. */
function policyOf(ctx: GoContext, pkg: string, n: SyntaxNode, depth: number): Policy {
  if (depth > 6) return unknownPolicy(n.text);
  const time = ctx.importLocal("time") ?? "time";
  if (n.type === "identifier") {
    const local = ctx.lookup(n.text, n);
    const base = local?.value ? policyOf(ctx, pkg, local.value, depth + 1) : unknownPolicy(n.text);
    return applyAssignments(ctx, base, local?.id ?? n.text, time);
  }
  if (n.type === "unary_expression" || n.type === "parenthesized_expression") {
    const inner = n.childForFieldName("operand") ?? n.namedChildren[0];
    return inner ? policyOf(ctx, pkg, inner, depth + 1) : unknownPolicy(n.text);
  }
  if (n.type === "composite_literal") {
    const type = dottedName(n.childForFieldName("type"));
    if (type === `${pkg}.ZeroBackOff`) return { ...unknownPolicy(n.text), kind: "zero", configured: true };
    if (type === `${pkg}.StopBackOff`) return { ...unknownPolicy(n.text), kind: "stop", configured: true };
    if (type === `${pkg}.ExponentialBackOff`) {
      // a literal leaves unset fields at their zero value: no jitter, no elapsed cap
      const p: Policy = { kind: "exponential", initial: 0, multiplier: 0, maxInterval: 0, randomization: 0, maxElapsed: 0, configured: true, text: n.text };
      for (const kv of n.childForFieldName("body")?.namedChildren ?? []) {
        if (kv?.type === "keyed_element") setField(p, kv.childForFieldName("key")?.text ?? "", kv.childForFieldName("value")?.namedChildren[0] ?? null, time);
      }
      return p;
    }
    return unknownPolicy(n.text);
  }
  if (n.type !== "call_expression") return unknownPolicy(n.text);
  const name = dottedName(calleeNode(n)) ?? "";
  const args = callArgs(n);
  if (name === `${pkg}.NewExponentialBackOff`) {
    const p: Policy = { kind: "exponential", ...EXPONENTIAL_DEFAULTS, configured: args.length > 0, text: n.text };
    // v4.2+ functional options: WithInitialInterval(d), WithRandomizationFactor(f), …
    for (const o of args) {
      const opt = dottedName(calleeNode(o))?.slice(pkg.length + 1) ?? "";
      if (opt.startsWith("With")) setField(p, opt.slice(4), callArgs(o)[0] ?? null, time);
    }
    return p;
  }
  if (name === `${pkg}.NewConstantBackOff`) {
    const d = durationSeconds(args[0], time);
    return { kind: "constant", initial: d, multiplier: 1, maxInterval: d, randomization: 0, configured: true, text: n.text };
  }
  if (name === `${pkg}.WithMaxRetries` && args[0]) {
    return { ...policyOf(ctx, pkg, args[0], depth + 1), maxRetries: numberValue(args[1]) };
  }
  if (name === `${pkg}.WithContext` && args[0]) return policyOf(ctx, pkg, args[0], depth + 1);
  return unknownPolicy(n.text);
}

function setField(p: Policy, field: string, value: SyntaxNode | null, time: string): void {
  const seconds = durationSeconds(value, time);
  const num = numberValue(value);
  p.configured = true;
  if (field === "InitialInterval") p.initial = seconds;
  else if (field === "MaxInterval") p.maxInterval = seconds;
  else if (field === "Multiplier") p.multiplier = num;
  else if (field === "RandomizationFactor") p.randomization = num;
  else if (field === "MaxElapsedTime") p.maxElapsed = seconds;
}

/** `b.MaxElapsedTime = 0`, `b.RandomizationFactor = 0`, … on the variable holding the policy. */
function applyAssignments(ctx: GoContext, p: Policy, name: string, time: string): Policy {
  if (p.kind !== "exponential") return p;
  const out = { ...p };
  for (const a of descendants(ctx.tree.rootNode, "assignment_statement")) {
    const left = a.childForFieldName("left")?.namedChildren ?? [];
    const right = a.childForFieldName("right")?.namedChildren ?? [];
    left.forEach((l, i) => {
      const target = l ? ctx.nameOf(l, a) : null;
      if (target?.startsWith(`${name}.`) && right[i]) setField(out, target.slice(name.length + 1), right[i]!, time);
    });
  }
  return out;
}

function waitOf(p: Policy): WaitSpec {
  const source = p.configured ? "config" : "default";
  if (p.kind === "zero") return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source, description: "ZeroBackOff: no wait" };
  if (p.kind === "stop") return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source, description: "StopBackOff: no retry" };
  if (p.kind === "constant") return { kind: "fixed", jitter: false, initialSeconds: p.initial, maxSeconds: p.initial, source, description: `ConstantBackOff ${p.initial === null ? "?" : fmtSeconds(p.initial)}, no jitter` };
  if (p.kind === "unknown") return { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: `BackOff ${p.text}` };
  const jitter = p.randomization === null ? null : p.randomization > 0;
  const show = (s: number | null) => (s === null ? "?" : fmtSeconds(s));
  const jitterText = jitter === null ? "jitter unknown" : jitter ? `±${Math.round(p.randomization! * 100)}% jitter (RandomizationFactor ${p.randomization})` : "no jitter (RandomizationFactor 0)";
  return {
    kind: "exponential",
    jitter,
    initialSeconds: p.initial,
    maxSeconds: p.maxInterval,
    source,
    description: `exponential from ${show(p.initial)} (×${p.multiplier ?? "?"}), max ${show(p.maxInterval)}, ${jitterText}`,
  };
}

function condition(ctx: GoContext, pkg: string, op: SyntaxNode): LayerFact["condition"] {
  // a closure (or closure variable) that wraps some errors in backoff.Permanent stops on them
  const body = op.type === "func_literal" ? op : op.type === "identifier" ? ctx.lookup(op.text, op)?.value : null;
  const stops = body ? descendants(body, "call_expression").some((c) => dottedName(calleeNode(c)) === `${pkg}.Permanent`) : false;
  return {
    allErrors: true,
    exceptionTypes: [],
    statuses: [],
    retryOn: [],
    afterSendMethods: "all",
    permanentErrors: stops ? null : "it retries every error the operation returns (only errors wrapped in backoff.Permanent stop it), including ones that will fail the same way again",
    honoursRetryAfter: null,
    description: stops ? "every error the operation returns, except backoff.Permanent errors" : "every error the operation returns",
  };
}
