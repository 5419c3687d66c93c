/**
 * `@Retryable` from two packages with the same simple name and different numbers (reference §5.1):
 *
 * - spring-retry (`org.springframework.retry.annotation`, §3.2): `maxAttempts` counts attempts
 *   (default 3 → 3); `maxAttemptsExpression` is evaluated at runtime (count unknown).
 *   `@Backoff`: nothing set → fixed 1000 ms; `delay`+`maxDelay` (> delay) without multiplier →
 *   uniform random in [delay, maxDelay]; `multiplier > 0` → exponential, maxDelay 30 s when
 *   ≤ delay; `random = true` → ExponentialRandomBackOffPolicy (×U[1, multiplier)). Exceptions:
 *   `retryFor`/`include`/`value` (empty = all), `exclude`/`noRetryFor`.
 * - Spring Framework 7 core (`org.springframework.resilience.annotation`, §3.2b): `maxRetries`
 *   counts retries (default 3 → 4 attempts); `delay` 1000 ms, `multiplier` 1.0 (fixed),
 *   `jitter` 0, `maxDelay` unbounded; `includes`/`value`, `excludes`.
 *
 * The package is read from the imports (single-type, wildcard, or a qualified annotation). An
 * annotation whose package cannot be determined (no matching import: same package or an unknown
 * wildcard) is reported as spring-retry unless the file shows a Spring 7 hint (a
 * `org.springframework.resilience` import, `@EnableResilientMethods`, or Spring 7 attribute
 * names), and the note says the package was not determined. A `Retryable` imported from any other
 * package, or declared in the same file, is not a layer.
 */
import { fmtSeconds } from "../python/waits";
import { importedName, importsFrom, type JvmContext } from "./context";
import { annotated, exceptionCondition, exponentialWait, fixedWait, pushAnnotationLayer, type LayerBase } from "./layers";
import { boolOf, classNames, exprText, numberOf, type Annotation, type Expr } from "./syntax";

const SPRING_RETRY = "org.springframework.retry.annotation";
const SPRING_CORE = "org.springframework.resilience.annotation";
const SPRING_7_ATTRIBUTES = ["maxRetries", "maxRetriesString", "jitter", "jitterString", "includes", "excludes", "delayString", "multiplierString", "maxDelayString", "timeout"];
const SPRING_RETRY_ATTRIBUTES = ["maxAttempts", "maxAttemptsExpression", "backoff", "retryFor", "noRetryFor", "include", "exclude", "recover", "stateful", "listeners", "exceptionExpression", "notRecoverable", "label"];

export function detectSpringRetry(ctx: JvmContext): void {
  const ownDeclaration = ctx.file.decls.some((d) => d.kind === "annotation-type" && d.name === "Retryable");
  for (const { decl, ann, methods } of annotated(ctx, (a) => importedName(ctx.file, a.simple) === "Retryable")) {
    const pkg = ctx.packageOf(ann.name, [SPRING_RETRY, SPRING_CORE]);
    let core: boolean;
    let undetermined = false;
    if (pkg === SPRING_RETRY) core = false;
    else if (pkg === SPRING_CORE) core = true;
    else if (pkg !== null || ownDeclaration) continue;
    // a Micronaut file (`import io.micronaut.retry.annotation.*`): micronautRetry.ts
    else if (importsFrom(ctx.file, "io.micronaut.retry")) continue;
    else {
      undetermined = true;
      core = spring7Hint(ctx, ann);
    }
    const base = core ? springCore(ann) : springRetry(ann);
    if (undetermined) base.attemptsNote += `; package not determined (no import of ${core ? SPRING_CORE : SPRING_RETRY}.Retryable): read as ${core ? "Spring Framework 7 (Spring 7 hints in the file)" : "spring-retry"}`;
    pushAnnotationLayer(ctx, decl, ann, base, methods);
  }
}

function spring7Hint(ctx: JvmContext, ann: Annotation): boolean {
  if (importsFrom(ctx.file, "org.springframework.resilience")) return true;
  if (ctx.file.decls.some((d) => d.annotations.some((a) => importedName(ctx.file, a.simple) === "EnableResilientMethods"))) return true;
  const keys = [...ann.args.keys()];
  return keys.some((k) => SPRING_7_ATTRIBUTES.includes(k)) && !keys.some((k) => SPRING_RETRY_ATTRIBUTES.includes(k));
}

function springRetry(ann: Annotation): LayerBase {
  const max = ann.args.get("maxAttempts");
  const expression = ann.args.get("maxAttemptsExpression");
  let maxAttempts: number | null = 3;
  let countUnknown = false;
  let attemptsNote = "spring-retry @Retryable: maxAttempts defaults to 3 (counts attempts, §3.2)";
  if (expression) {
    maxAttempts = null;
    countUnknown = true;
    attemptsNote = `maxAttemptsExpression = ${exprText(expression)}: evaluated at runtime, count unknown`;
  } else if (max) {
    const n = numberOf(max);
    maxAttempts = n;
    countUnknown = n === null;
    attemptsNote = n === null ? `maxAttempts = ${exprText(max)} (not a literal)` : `maxAttempts = ${n} (counts attempts) → ${n} attempts`;
  }
  const included = [...classNames(ann.args.get("retryFor")), ...classNames(ann.args.get("include")), ...classNames(ann.args.get("value"))];
  const excluded = [...classNames(ann.args.get("exclude")), ...classNames(ann.args.get("noRetryFor"))];
  return {
    kind: "spring-retry",
    category: "code",
    library: "spring-retry",
    maxAttempts,
    attemptsSource: max || expression ? "config" : "default",
    attemptsNote,
    ...(countUnknown ? { countUnknown } : {}),
    timeBound: null,
    wait: backoffWait(ann.args.get("backoff")),
    condition: exceptionCondition(included, excluded, "@Retryable"),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}

/** spring-retry `@Backoff` → the BackOffPolicy BackOffPolicyBuilder picks (§3.2). */
export function backoffWait(backoff: Expr | undefined): ReturnType<typeof fixedWait> {
  if (!backoff) return fixedWait(1000, "default", " (@Backoff default)");
  if (backoff.k !== "annotation") return { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: `backoff = ${exprText(backoff)}` };
  const a = backoff.ann.args;
  if (a.has("delayExpression") || a.has("maxDelayExpression") || a.has("multiplierExpression")) {
    return { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description: "@Backoff with expressions (evaluated at runtime)" };
  }
  const delay = numberOf(a.get("delay") ?? a.get("value")) ?? 1000;
  const maxDelay = numberOf(a.get("maxDelay")) ?? 0;
  const multiplier = numberOf(a.get("multiplier")) ?? 0;
  const random = boolOf(a.get("random")) ?? false;
  const source = a.size ? "config" : "default";
  if (multiplier > 0) {
    const cap = maxDelay > delay ? maxDelay : 30_000;
    return exponentialWait(delay, multiplier, cap, random, source, `random ×U[1, ${multiplier})`);
  }
  if (maxDelay > delay) {
    return { kind: "random", jitter: true, initialSeconds: delay / 1000, maxSeconds: maxDelay / 1000, source, description: `uniform random between ${fmtSeconds(delay / 1000)} and ${fmtSeconds(maxDelay / 1000)}` };
  }
  return fixedWait(delay, source);
}

function springCore(ann: Annotation): LayerBase {
  const max = ann.args.get("maxRetries");
  const text = ann.args.get("maxRetriesString");
  let maxAttempts: number | null = 4;
  let countUnknown = false;
  let attemptsNote = "Spring 7 @Retryable: maxRetries defaults to 3 retries → 4 attempts (§3.2b)";
  if (text) {
    maxAttempts = null;
    countUnknown = true;
    attemptsNote = `maxRetriesString = ${exprText(text)}: resolved at runtime, count unknown`;
  } else if (max) {
    const n = numberOf(max);
    maxAttempts = n === null ? null : n + 1;
    countUnknown = n === null;
    attemptsNote = n === null ? `maxRetries = ${exprText(max)} (not a literal)` : `maxRetries = ${n} (counts retries) → ${n + 1} attempts`;
  }
  const a = ann.args;
  const delay = numberOf(a.get("delay")) ?? 1000;
  const multiplier = numberOf(a.get("multiplier")) ?? 1;
  const jitterMs = numberOf(a.get("jitter")) ?? 0;
  const maxDelay = numberOf(a.get("maxDelay"));
  const source = a.has("delay") || a.has("multiplier") || a.has("jitter") || a.has("maxDelay") ? "config" : "default";
  const unknownWait = a.has("delayString") || a.has("multiplierString") || a.has("jitterString");
  const jitterText = `±${fmtSeconds(jitterMs / 1000)} jitter`;
  const wait = unknownWait
    ? { kind: "unknown" as const, jitter: null, initialSeconds: null, maxSeconds: null, source: "config" as const, description: "delay settings resolved at runtime" }
    : multiplier > 1
      ? exponentialWait(delay, multiplier, maxDelay, jitterMs > 0, source, jitterText)
      : jitterMs > 0
        ? { ...fixedWait(delay, source), jitter: true, description: `fixed ${fmtSeconds(delay / 1000)}, ${jitterText}` }
        : fixedWait(delay, source);
  const included = [...classNames(a.get("includes")), ...classNames(a.get("value"))];
  return {
    kind: "spring-core-retry",
    category: "code",
    library: "spring-framework",
    maxAttempts,
    attemptsSource: max || text ? "config" : "default",
    attemptsNote,
    ...(countUnknown ? { countUnknown } : {}),
    timeBound: null,
    wait,
    condition: exceptionCondition(included, classNames(a.get("excludes")), "@Retryable"),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}
