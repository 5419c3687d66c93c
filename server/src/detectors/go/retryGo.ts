/**
 * avast/retry-go — docs/reference/retry-go.md. The major version comes from the import path:
 * `github.com/avast/retry-go` (v1–v3, `+incompatible` in go.mod), `…/retry-go/v4`, `…/retry-go/v5`.
 * - v1–v4 `retry.Do(fn, opts...)` (v4 also `retry.DoWithData(fn, opts...)`); v5
 *   `retry.New(opts...).Do(fn)` / `retry.NewWithData[T](opts...).Do(fn)` (also through a variable
 *   holding the retrier) → a code layer wrapping what `fn` calls (closure, variable, function or
 *   method value; a helper's parameter wraps what its callers pass).
 * - **`Attempts(n)` counts attempts** (the loop runs `for n < config.attempts`): n → n calls.
 *   Default **10** (every version). `Attempts(0)`: v4+ "retry until the retried function succeeds"
 *   (unbounded; also `UntilSucceeded()`); v1–v3 the loop never runs, the function is never called.
 * - Delay: default 100 ms with `CombineDelay(BackOffDelay, RandomDelay)`: 100 ms × 2^n plus a random
 *   0–100 ms (`MaxJitter`), no cap (`MaxDelay` 0). `DelayType(BackOffDelay)` exponential without
 *   jitter, `FixedDelay` fixed, `RandomDelay` random up to MaxJitter, `FullJitterBackoffDelay` full jitter.
 * - Every error is retried (`RetryIf` default `IsRecoverable`: all but `retry.Unrecoverable(err)`).
 * A package-level option slice is read where it is declared; one declared in another file of the
 * package leaves its Attempts to the linker (a constant `<slice>~retryGoAttempts`, LayerFact.countExpr).
 */
import type { LayerFact, RetryCondition, ValueExpr, WaitSpec } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { callIdAt } from "./module";
import { countOf, optionList, packageSlices, secondsOf } from "./optionLists";
import { callArgs, calleeNode, descendants, dottedName, fmtSeconds, nodeSpan } from "./syntax";

export const RETRY_GO = /^github\.com\/avast\/retry-go(\/v(\d+))?$/;
const ATTEMPTS_SUFFIX = "~retryGoAttempts";
const DEFAULT_ATTEMPTS = 10;

export function detectRetryGo(ctx: GoContext): void {
  const imp = ctx.imports.find((i) => RETRY_GO.test(i.path));
  if (!imp || imp.local === "_" || imp.local === ".") return;
  const major = Number(RETRY_GO.exec(imp.path)![2] ?? "3");
  const pkg = imp.local;
  const version = major >= 4 ? `retry-go v${major}` : "retry-go v1–v3";
  for (const call of descendants(ctx.tree.rootNode, "call_expression")) {
    const callee = calleeNode(call);
    const name = dottedName(callee) ?? "";
    let options: SyntaxNode[] | null = null;
    if (major < 5 && (name === `${pkg}.Do` || (major >= 4 && name === `${pkg}.DoWithData`))) options = callArgs(call).slice(1);
    else if (major >= 5 && callee?.type === "selector_expression" && callee.childForFieldName("field")?.text === "Do") options = retrierOptions(ctx, pkg, callee.childForFieldName("operand"));
    if (options === null) continue;
    const fn = callArgs(call)[0];
    if (!fn) continue;
    const callId = callIdAt(ctx, call);
    const fact = ctx.facts.calls.find((c) => c.id === callId);
    if (fact) fact.invokesArg = 0;
    ctx.facts.layers.push({
      ...layerCore(ctx, pkg, major, version, options, call),
      localId: ctx.nextId("L", call),
      anchor: nodeSpan(call),
      attach: helperParam(ctx, call, fn) ?? { kind: "block", functionId: ctx.scopeId(call), callIds: callId ? [callId] : [] },
      label: `${name.includes(".") && major < 5 ? name : `${pkg}.New(…).Do`}(${fn.type === "func_literal" ? "func" : fn.text})`,
    });
  }
  // package-level option slices: their Attempts for other files of the package
  for (const slice of packageSlices(ctx)) {
    const mine = slice.elements.filter((e) => (dottedName(calleeNode(e)) ?? "").startsWith(`${pkg}.`));
    if (!mine.length) continue;
    const last = [...mine].reverse().find((e) => /\.(Attempts|UntilSucceeded)$/.test(dottedName(calleeNode(e)) ?? ""));
    let value: ValueExpr | null = { kind: "number", value: DEFAULT_ATTEMPTS };
    if (last && (dottedName(calleeNode(last)) ?? "").endsWith(".UntilSucceeded")) value = null;
    else if (last) {
      const n = countOf(ctx, callArgs(last)[0]);
      value = n.value !== null ? (n.value === 0 ? null : { kind: "number", value: n.value }) : n.ref;
    }
    if (value) ctx.facts.constants.push({ name: `${slice.name}${ATTEMPTS_SUFFIX}`, value, line: slice.at.startPosition.row + 1 });
  }
}

/** v5: the options of `retry.New(opts...)` / `retry.NewWithData[T](opts...)`, inline or through a variable. */
function retrierOptions(ctx: GoContext, pkg: string, n: SyntaxNode | null, depth = 0): SyntaxNode[] | null {
  if (!n || depth > 3) return null;
  if (n.type === "identifier") return retrierOptions(ctx, pkg, ctx.lookup(n.text, n)?.value ?? null, depth + 1);
  if (n.type !== "call_expression") return null;
  const name = dottedName(calleeNode(n));
  return name === `${pkg}.New` || name === `${pkg}.NewWithData` ? callArgs(n) : null;
}

type Core = Omit<LayerFact, "localId" | "anchor" | "attach" | "label">;

function layerCore(ctx: GoContext, pkg: string, major: number, version: string, args: SyntaxNode[], at: SyntaxNode): Core {
  const opts = optionList(ctx, args);
  const time = ctx.importLocal("time") ?? "time";
  let attempts: SyntaxNode | null = null;
  let until = false;
  let delay: number | null | undefined;
  let maxDelay: number | null | undefined;
  let maxJitter: number | null | undefined;
  let delayType: SyntaxNode | null = null;
  let retryIf: SyntaxNode | null = null;
  let perError = false;
  for (const c of opts.calls) {
    const name = dottedName(calleeNode(c)) ?? "";
    if (!name.startsWith(`${pkg}.`)) continue;
    const arg = callArgs(c)[0] ?? null;
    switch (name.slice(pkg.length + 1)) {
      case "Attempts":
        attempts = c;
        until = false;
        break;
      case "UntilSucceeded":
        until = true;
        attempts = null;
        break;
      case "Delay":
        delay = secondsOf(ctx, arg, time);
        break;
      case "MaxDelay":
        maxDelay = secondsOf(ctx, arg, time);
        break;
      case "MaxJitter":
        maxJitter = secondsOf(ctx, arg, time);
        break;
      case "DelayType":
        delayType = arg;
        break;
      case "RetryIf":
        retryIf = arg;
        break;
      case "AttemptsForError":
        perError = true;
        break;
    }
  }
  let maxAttempts: number | null = DEFAULT_ATTEMPTS;
  let source: "config" | "default" = "default";
  let note = `default Attempts 10 → 10 attempts (${version}; Attempts counts every call, the first included)`;
  let countUnknown = false;
  let countExpr: LayerFact["countExpr"];
  if (until) {
    maxAttempts = null;
    source = "config";
    note = `UntilSucceeded(): retries until the function succeeds (${version})`;
  } else if (attempts) {
    source = "config";
    const n = countOf(ctx, callArgs(attempts)[0]);
    if (n.value === 0) {
      maxAttempts = major >= 4 ? null : 1;
      note = major >= 4 ? `Attempts(${n.text}): 0 retries until the function succeeds (${version})` : `Attempts(${n.text}): the loop never runs, so the function is never called (${version}; 0 means "until success" only from v4)`;
    } else if (n.value !== null) {
      maxAttempts = n.value;
      note = `Attempts(${n.text}) → ${n.value} attempt${n.value === 1 ? "" : "s"}: Attempts counts every call, the first included (${version})`;
    } else {
      maxAttempts = null;
      countUnknown = true;
      note = `Attempts(${n.text}): not a literal (${version}; Attempts counts every call)`;
      if (n.ref) countExpr = { value: n.ref, scopeId: ctx.scopeId(attempts), offset: 0, ...(major < 4 ? { nonPositive: 1 } : {}), note: `Attempts(${n.text} = $value) → $attempts attempts (${version}; Attempts counts every call)` };
    }
  } else if (opts.foreign) {
    maxAttempts = null;
    countUnknown = true;
    source = "config";
    note = `options ${opts.foreign}: declared in another file (${version}; default Attempts 10)`;
    countExpr = { value: { kind: "ref", name: `${opts.foreign}${ATTEMPTS_SUFFIX}` }, scopeId: ctx.scopeId(at), offset: 0, note: `Attempts in ${opts.foreign} (another file of the package) → $attempts attempts (${version}; Attempts counts every call)` };
  }
  if (perError) note += "; AttemptsForError caps some errors lower";
  const optionsElsewhere = opts.foreign !== null && !opts.calls.some((c) => /\.(Delay|DelayType)$/.test(dottedName(calleeNode(c)) ?? ""));
  return {
    kind: "retry-go",
    category: "code",
    library: "avast/retry-go",
    maxAttempts,
    attemptsSource: source,
    attemptsNote: note,
    timeBound: null,
    ...(countUnknown ? { countUnknown: true } : {}),
    ...(countExpr ? { countExpr } : {}),
    wait: optionsElsewhere ? { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: `set by ${opts.foreign} (another file of the package)` } : waitOf(pkg, delay, maxDelay, maxJitter, delayType),
    condition: conditionOf(pkg, retryIf),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}

function waitOf(pkg: string, delay: number | null | undefined, maxDelay: number | null | undefined, maxJitter: number | null | undefined, delayType: SyntaxNode | null): WaitSpec {
  const d = delay === undefined ? 0.1 : delay;
  const cap = maxDelay === undefined || maxDelay === 0 ? null : maxDelay;
  const jit = maxJitter === undefined ? 0.1 : maxJitter;
  const show = (s: number | null) => (s === null ? "?" : fmtSeconds(s));
  const source = delay !== undefined || delayType || maxDelay !== undefined || maxJitter !== undefined ? "config" : "default";
  const capText = cap === null ? "no cap" : `max ${show(cap)}`;
  const kinds = delayType ? delayKinds(pkg, delayType) : ["BackOffDelay", "RandomDelay"];
  if (kinds === null) return { kind: "custom", jitter: null, initialSeconds: d, maxSeconds: cap, source, description: `DelayType(${delayType!.text})` };
  const backoff = kinds.includes("BackOffDelay");
  const full = kinds.includes("FullJitterBackoffDelay");
  const random = kinds.includes("RandomDelay");
  const fixed = kinds.includes("FixedDelay");
  const jitter = full || (random && (jit === null || jit > 0));
  if (backoff || full) {
    return { kind: "exponential", jitter, initialSeconds: d, maxSeconds: cap, source, description: `${full ? "full-jitter exponential" : "exponential"} from ${show(d)} ×2, ${capText}${random ? ` + random 0–${show(jit)} (RandomDelay)` : full ? "" : ", no jitter"}${delayType ? "" : " (default CombineDelay(BackOffDelay, RandomDelay))"}` };
  }
  if (fixed) return { kind: "fixed", jitter, initialSeconds: d, maxSeconds: d, source, description: `fixed ${show(d)}${random ? ` + random 0–${show(jit)}` : ", no jitter"} (FixedDelay)` };
  if (random) return { kind: "random", jitter: true, initialSeconds: 0, maxSeconds: jit, source, description: `random 0–${show(jit)} (RandomDelay, MaxJitter)` };
  return { kind: "custom", jitter: null, initialSeconds: d, maxSeconds: cap, source, description: `DelayType(${delayType?.text ?? "?"})` };
}

/** the library delay functions a DelayType argument names (CombineDelay flattened); null for a custom one */
function delayKinds(pkg: string, n: SyntaxNode): string[] | null {
  const name = dottedName(n);
  const known = ["BackOffDelay", "FixedDelay", "RandomDelay", "FullJitterBackoffDelay"];
  if (name?.startsWith(`${pkg}.`) && known.includes(name.slice(pkg.length + 1))) return [name.slice(pkg.length + 1)];
  if (n.type === "call_expression" && dottedName(calleeNode(n)) === `${pkg}.CombineDelay`) {
    const out: string[] = [];
    for (const a of callArgs(n)) {
      const k = delayKinds(pkg, a);
      if (!k) return null;
      out.push(...k);
    }
    return out;
  }
  return null;
}

function conditionOf(pkg: string, retryIf: SyntaxNode | null): RetryCondition {
  void pkg;
  return {
    allErrors: !retryIf,
    exceptionTypes: [],
    statuses: [],
    retryOn: [],
    afterSendMethods: "all",
    permanentErrors: retryIf ? null : "it retries every error the function returns (only errors wrapped in retry.Unrecoverable stop it), including ones that will fail the same way again",
    honoursRetryAfter: null,
    description: retryIf ? `errors RetryIf(${retryIf.type === "func_literal" ? "func" : retryIf.text}) accepts` : "every error the function returns, except retry.Unrecoverable errors",
  };
}

/** `func withRetry(op func() error) error { return retry.Do(op) }`: wraps what its callers pass. */
function helperParam(ctx: GoContext, call: SyntaxNode, op: SyntaxNode): LayerFact["attach"] | null {
  if (op.type !== "identifier") return null;
  const local = ctx.lookup(op.text, op);
  const scope = ctx.scopeId(call);
  const fn = ctx.facts.functions.find((f) => f.id === scope);
  const paramIndex = fn?.params.indexOf(op.text) ?? -1;
  if (!fn || paramIndex < 0 || local?.id !== `${scope}.${op.text}` || local.value) return null;
  return { kind: "helper", functionId: scope, paramIndex, paramName: op.text };
}
