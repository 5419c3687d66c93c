/**
 * Resilience4j Retry — reference §3.1.
 *
 * - `@Retry(name = "x")` (io.github.resilience4j.retry.annotation.Retry) on a method or class.
 *   The layer holds the built-in defaults (3 total attempts, fixed 500 ms, every exception) and
 *   `configRef {resilience4j, x}`: the linker applies `resilience4j.retry.instances.x.*` from
 *   application settings.
 * - Programmatic: `RetryConfig.custom().maxAttempts(5).waitDuration(Duration.ofMillis(200))
 *   .intervalFunction(IntervalFunction.ofExponentialRandomBackoff(…)).retryExceptions(…).build()`,
 *   `Retry.of("n", config)` / `Retry.ofDefaults("n")` / `registry.retry("n"[, config])`. The policy
 *   is held by a field or local (anchor: the `Retry.of(` line); `retry.executeSupplier(() -> …)`
 *   and `Retry.decorateSupplier(retry, () -> …)` run the lambda under it (object attachment; the
 *   decorate call is recorded on the holder so the linker finds it).
 *   IntervalFunction defaults: 500 ms, multiplier 1.5, randomization factor 0.5.
 */
import type { LayerFact, WaitSpec } from "../../model/facts";
import { fmtSeconds } from "../python/waits";
import { annotationFrom, importedName, importsFrom, receiverName, simpleType, type JvmContext } from "./context";
import { annotated, exceptionCondition, exponentialWait, fixedWait, pushAnnotationLayer, type LayerBase } from "./layers";
import { argAt, chainOf, classNames, durationMs, exprText, numberOf, stringOf, type Call, type Expr } from "./syntax";

const ANNOTATION_PKG = "io.github.resilience4j.retry.annotation";
const RETRY_PKG = "io.github.resilience4j.retry";
const MICROPROFILE = "org.eclipse.microprofile.faulttolerance";
const EXECUTE = ["executeSupplier", "executeCallable", "executeRunnable", "executeCheckedSupplier", "executeCompletionStage", "executeTrySupplier", "executeEitherSupplier"];
const DECORATE = /^decorate(Supplier|Callable|Runnable|CheckedSupplier|CheckedRunnable|CheckedFunction|Function|CompletionStage|Future|EitherSupplier|TrySupplier)$/;

export function detectResilience4j(ctx: JvmContext): void {
  for (const { decl, ann, methods } of annotated(ctx, (a) => annotationFrom(ctx, a, "Retry", ANNOTATION_PKG, [MICROPROFILE]))) {
    const name = stringOf(ann.args.get("name"));
    const base = defaults();
    if (name !== null) base.configRef = { library: "resilience4j", instance: name };
    else base.attemptsNote += `; instance name ${exprText(ann.args.get("name"))} is not a literal`;
    pushAnnotationLayer(ctx, decl, ann, base, methods);
  }
  if (!importsFrom(ctx.file, RETRY_PKG)) return;
  for (const call of ctx.file.calls) {
    const created = creation(ctx, call);
    if (!created) continue;
    const holder = holderOf(ctx, call);
    const localId = ctx.nextId("L", call.nameSpan);
    const inline = holder ? null : inlineUse(ctx, call);
    ctx.facts.layers.push({
      ...created,
      localId,
      anchor: call.span,
      attach: inline ?? { kind: "object", objectId: holder?.id ?? "", methods: [...EXECUTE, "decorateSupplier", "decorateCallable", "decorateRunnable", "decorateCheckedSupplier", "decorateCheckedRunnable", "decorateFunction", "decorateCompletionStage"], paramIndex: 0 },
      label: holder?.label ?? `Retry in ${call.scopeId}`,
    });
  }
  // `Retry.decorateSupplier(retry, lambda)`: recorded as `retry.decorateSupplier(lambda)`
  for (const call of ctx.file.calls) {
    const recv = receiverName(call);
    if (!DECORATE.test(call.name) || !recv || importedName(ctx.file, simpleType(recv)!) !== "Retry") continue;
    const holder = argAt(call, 0);
    const fact = ctx.facts.calls.find((c) => c.id === ctx.callIds.get(call.node.id));
    if (!fact || holder?.k !== "name") continue;
    fact.callee = `${holder.path}.${call.name}`;
    const positional = fact.args.filter((a) => a.keyword === null);
    fact.args = [...positional.slice(1), ...fact.args.filter((a) => a.keyword !== null)];
    if (fact.invokesArg !== undefined) fact.invokesArg = Math.max(0, fact.invokesArg - 1);
  }
}

function defaults(): LayerBase {
  return {
    kind: "resilience4j-retry",
    category: "code",
    library: "resilience4j",
    maxAttempts: 3,
    attemptsSource: "default",
    attemptsNote: "Resilience4j maxAttempts defaults to 3 (counts attempts, §3.1)",
    timeBound: null,
    wait: fixedWait(500, "default", " (Resilience4j default)"),
    condition: exceptionCondition([], [], "Resilience4j default predicate"),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}

/** `Retry.of("n", cfg)`, `Retry.ofDefaults("n")`, `registry.retry("n"[, cfg])` → the layer's settings. */
function creation(ctx: JvmContext, call: Call): LayerBase | null {
  const recv = receiverName(call);
  const isRetryType = recv !== null && importedName(ctx.file, simpleType(recv)!) === "Retry" && ctx.packageOf(recv, [RETRY_PKG, "reactor.util.retry"]) !== "reactor.util.retry";
  if (isRetryType && call.name === "ofDefaults") return defaults();
  if (isRetryType && call.name === "of") return fromConfig(ctx, call, argAt(call, 1));
  if (call.name === "retry" && recv !== null) {
    const head = recv.split(".")[0]!;
    const type = simpleType(ctx.typeOf(call.scopeId, head));
    const built = ctx.valueOf(call.scopeId, head);
    const registry = built?.k === "call" && receiverName(chainOf(built.call)[0]!) === "RetryRegistry" ? chainOf(built.call)[0]! : null;
    if (type !== "RetryRegistry" && !registry) return null;
    // `registry.retry("n").getEventPublisher()…`: a look-up to observe the instance, not a retry of anything
    if (inspectedOnly(call)) return null;
    // an injected registry is Spring Boot's: its instances come from application settings
    const instance = stringOf(argAt(call, 0));
    if (!registry && !argAt(call, 1) && instance !== null) return { ...defaults(), configRef: { library: "resilience4j", instance } };
    return fromConfig(ctx, call, argAt(call, 1) ?? (registry?.name === "of" ? argAt(registry, 0) : null));
  }
  return null;
}

/** Retry methods that read an instance (events, metrics, config) without running anything through it. */
const INSPECTING = new Set(["getEventPublisher", "getMetrics", "getRetryConfig", "getName", "getTags"]);

/** The call's result is only read by an inspecting method chained on it (Java or Kotlin). */
function inspectedOnly(call: Call): boolean {
  const parent = call.node.parent;
  if (!parent) return false;
  if (parent.type === "method_invocation" && parent.childForFieldName("object")?.id === call.node.id) return INSPECTING.has(parent.childForFieldName("name")?.text ?? "");
  // Kotlin: `registry.retry("n").eventPublisher` / `.getEventPublisher()` (a navigation on the call)
  if (parent.type === "navigation_expression" && parent.namedChildren[0]?.id === call.node.id) {
    const member = (parent.namedChildren[1]?.text ?? "").replace(/^\./, "");
    return INSPECTING.has(member) || INSPECTING.has(`get${member.charAt(0).toUpperCase()}${member.slice(1)}`);
  }
  return false;
}

function fromConfig(ctx: JvmContext, call: Call, config: Expr | null): LayerBase {
  const base = defaults();
  let e = config;
  if (e?.k === "name") e = ctx.valueOf(call.scopeId, e.path) ?? e;
  if (!e) return base;
  if (e.k !== "call") {
    return { ...base, maxAttempts: null, countUnknown: true, attemptsSource: "config", attemptsNote: `RetryConfig ${exprText(config)}: not visible statically` };
  }
  const chain = chainOf(e.call);
  if (receiverName(chain[0]!) !== "RetryConfig" || (chain[0]!.name !== "custom" && chain[0]!.name !== "ofDefaults" && chain[0]!.name !== "from")) {
    return { ...base, maxAttempts: null, countUnknown: true, attemptsSource: "config", attemptsNote: `RetryConfig from ${exprText(e)}: not visible statically` };
  }
  const included: string[] = [];
  const excluded: string[] = [];
  let predicate: string | null = null;
  for (const c of chain.slice(1)) {
    if (c.name === "maxAttempts") {
      const n = numberOf(argAt(c, 0));
      base.attemptsSource = "config";
      base.maxAttempts = n;
      if (n === null) base.countUnknown = true;
      base.attemptsNote = n === null ? `maxAttempts(${exprText(argAt(c, 0))}) (not a literal)` : `RetryConfig maxAttempts(${n}) counts attempts → ${n} attempts`;
    }
    if (c.name === "waitDuration") {
      const ms = durationMs(argAt(c, 0));
      base.wait = ms === null ? unknown(`waitDuration(${exprText(argAt(c, 0))})`) : fixedWait(ms, "config");
    }
    if (c.name === "intervalFunction" || c.name === "intervalBiFunction") base.wait = intervalWait(argAt(c, 0));
    if (c.name === "retryExceptions") included.push(...c.args.flatMap((a) => classNames(a.value)));
    if (c.name === "ignoreExceptions") excluded.push(...c.args.flatMap((a) => classNames(a.value)));
    if (c.name === "retryOnException") predicate = exprText(argAt(c, 0));
  }
  base.condition = exceptionCondition(included, excluded, "RetryConfig");
  if (predicate !== null) base.condition = { ...base.condition, allErrors: false, permanentErrors: null, description: `retryOnException predicate (${predicate.slice(0, 50)})` };
  return base;
}

/** IntervalFunction.of / ofExponentialBackoff / ofExponentialRandomBackoff / ofRandomized (§3.1 defaults: 500 ms, ×1.5, factor 0.5). */
function intervalWait(e: Expr | null): WaitSpec {
  if (e?.k !== "call" || !/IntervalB?i?Function$/.test(receiverName(e.call) ?? "")) return unknown(`intervalFunction(${exprText(e)})`);
  const c = e.call;
  const initial = c.args.length ? durationMs(argAt(c, 0)) : 500;
  if (initial === null) return unknown(`${c.name}(${exprText(argAt(c, 0))})`);
  switch (c.name) {
    case "of":
      return fixedWait(initial, "config");
    case "ofExponentialBackoff": {
      const mult = numberOf(argAt(c, 1)) ?? 1.5;
      return exponentialWait(initial, mult, durationMs(argAt(c, 2)), false, "config", "");
    }
    case "ofExponentialRandomBackoff": {
      const mult = numberOf(argAt(c, 1)) ?? 1.5;
      const factor = numberOf(argAt(c, 2)) ?? 0.5;
      return exponentialWait(initial, mult, durationMs(argAt(c, 3)), true, "config", `±${factor * 100}% random`);
    }
    case "ofRandomized": {
      const factor = numberOf(argAt(c, 1)) ?? 0.5;
      return { kind: "random", jitter: true, initialSeconds: initial / 1000, maxSeconds: null, source: "config", description: `${fmtSeconds(initial / 1000)} ±${factor * 100}% random` };
    }
  }
  return unknown(`IntervalFunction.${c.name}`);
}

function unknown(description: string): WaitSpec {
  return { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description };
}

/**
 * A policy used where it is built: `Retry.decorateSupplier(Retry.of(…), () -> …)` or
 * `Retry.of(…).executeSupplier(() -> …)`: a block over the calls of the lambda.
 */
function inlineUse(ctx: JvmContext, created: Call): LayerFact["attach"] | null {
  for (const c of ctx.file.calls) {
    const viaDecorate = DECORATE.test(c.name) && argAt(c, 0)?.k === "call" && (argAt(c, 0) as { call: Call }).call === created;
    const viaExecute = EXECUTE.includes(c.name) && c.receiver?.k === "call" && c.receiver.call === created;
    const lambda = viaDecorate ? argAt(c, 1) : viaExecute ? argAt(c, 0) : null;
    if (lambda?.k !== "lambda") continue;
    const callIds = ctx.file.calls
      .filter((x) => x.scopeId === lambda.id || x.scopeId.startsWith(`${lambda.id}.`))
      .map((x) => ctx.callIds.get(x.node.id))
      .filter((id): id is string => !!id);
    return { kind: "block", functionId: created.scopeId, callIds };
  }
  return null;
}

/** The field or local the `Retry.of(…)` result is stored in (a FunctionFact id the linker resolves). */
function holderOf(ctx: JvmContext, call: Call): { id: string; label: string } | null {
  const field = ctx.file.decls.find((d) => d.kind === "field" && d.value?.k === "call" && d.value.call === call);
  if (field) return { id: field.id, label: field.name };
  const local = ctx.file.locals.find((l) => l.value?.k === "call" && l.value.call === call);
  if (!local) return null;
  const id = `${local.scopeId}.${local.name}`;
  if (!ctx.facts.functions.some((f) => f.id === id)) {
    const span = { line: local.node.startPosition.row + 1, column: local.node.startPosition.column, endLine: local.node.endPosition.row + 1, endColumn: local.node.endPosition.column };
    ctx.facts.functions.push({ id, name: local.name, span, params: [], paramDefaults: {}, topLevel: false, handler: null, raisesOnStatus: false, returnsClientId: null });
  }
  return { id, label: local.name };
}

