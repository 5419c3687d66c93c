/**
 * Micronaut `@Retryable` and `@CircuitBreaker` (io.micronaut.retry.annotation, Micronaut 1.x–4.x;
 * docs/reference/micronaut-retry.md). Both are `@Around` advice run by DefaultRetryInterceptor,
 * on a method or a type (every method of the bean, or of a declarative `@Client` interface).
 *
 * Numbers (micronaut-core runtime `Retryable`, `CircuitBreaker`, `intercept/SimpleRetry`):
 * - `attempts` is a String that counts **retries**: `SimpleRetry.canRetry` allows another call while
 *   `++attemptNumber < maxAttempts + 1`, so `attempts = "2"` → 3 executions; default "3" → 4.
 *   `attempts = "0"` → one execution (disabled). A `${…}` placeholder is resolved at run time.
 * - wait: `SimpleRetry.nextDelay` = delay × multiplier × n (multiplier ≤ 0 counts as 1): it grows
 *   linearly with the retry number, no jitter. `@Retryable` defaults: delay "1s", multiplier "1.0",
 *   maxDelay unset. `@CircuitBreaker` defaults: delay "500ms", multiplier "0", maxDelay "5s"
 *   (the overall delay after which no retry is made), reset "20s".
 * - `includes`/`value` (default: every exception), `excludes`; a `predicate` class (Micronaut 3+)
 *   decides at run time.
 */
import type { WaitSpec } from "../../model/facts";
import { fmtSeconds } from "../python/waits";
import { springDurationSeconds } from "../spring/durations";
import { importedName, type JvmContext } from "./context";
import { annotated, exceptionCondition, pushAnnotationLayer, type LayerBase } from "./layers";
import { MICRONAUT_CLIENT_CALLS, micronautClientAnnotation } from "./micronautClient";
import { classNames, exprText, stringOf, type Annotation, type Expr } from "./syntax";

const PKG = "io.micronaut.retry.annotation";
const NAMES = new Set(["Retryable", "CircuitBreaker"]);

interface Defaults {
  attempts: string;
  delay: string;
  multiplier: string;
  maxDelay: string;
}
export const MICRONAUT_DEFAULTS: Record<"Retryable" | "CircuitBreaker", Defaults> = {
  Retryable: { attempts: "3", delay: "1s", multiplier: "1.0", maxDelay: "" },
  CircuitBreaker: { attempts: "3", delay: "500ms", multiplier: "0", maxDelay: "5s" },
};

export function detectMicronautRetry(ctx: JvmContext): void {
  const accept = (a: Annotation) => NAMES.has(importedName(ctx.file, a.simple)) && ctx.packageOf(a.name, [PKG]) === PKG;
  const clientCalls = MICRONAUT_CLIENT_CALLS.get(ctx);
  // `annotated` skips interfaces; a declarative client is one, so they are added here
  const found = annotated(ctx, accept);
  const methods = found[0]?.methods ?? new Set<string>();
  for (const d of ctx.file.decls) if (d.kind === "interface") for (const a of d.annotations) if (accept(a)) found.push({ decl: d, ann: a, methods });
  for (const { decl, ann } of found) {
    const base = layerBase(ctx, ann);
    const client = micronautClientAnnotation(ctx, decl);
    const requests = client ? clientCalls?.get(decl.id) : undefined;
    if (decl.kind === "method" || !requests) {
      pushAnnotationLayer(ctx, decl, ann, base, methods);
      continue;
    }
    // a type-level annotation on a declarative client: every request its methods send, except the
    // methods with their own annotation of the family (the method's wins)
    const callIds = [...requests].filter(([methodId]) => !methods.has(methodId)).map(([, id]) => id);
    const localId = ctx.nextId("L", ann.span);
    ctx.facts.layers.push({ ...base, localId, anchor: ann.span, attach: { kind: "block", functionId: decl.id, callIds }, label: `@Client ${decl.name}` });
  }
}

function layerBase(ctx: JvmContext, ann: Annotation): LayerBase {
  const which = importedName(ctx.file, ann.simple) === "CircuitBreaker" ? "CircuitBreaker" : "Retryable";
  const d = MICRONAUT_DEFAULTS[which];
  const text = (key: keyof Defaults): { value: string | null; written: boolean } => {
    const e = ann.args.get(key);
    if (!e) return { value: d[key], written: false };
    return { value: stringValue(ctx, e), written: true };
  };
  const attempts = text("attempts");
  let maxAttempts: number | null;
  let countUnknown = false;
  let attemptsNote: string;
  const n = attempts.value !== null && /^\s*\d+\s*$/.test(attempts.value) ? Number(attempts.value) : null;
  if (n === null) {
    maxAttempts = null;
    countUnknown = true;
    attemptsNote = `Micronaut @${which} attempts = ${exprText(ann.args.get("attempts"))}: resolved at run time, count unknown`;
  } else {
    maxAttempts = n + 1;
    attemptsNote = attempts.written
      ? `Micronaut @${which}(attempts = "${n}"): counts retries (SimpleRetry.canRetry) → ${n + 1} attempt${n === 0 ? " (disabled)" : "s"}`
      : `Micronaut @${which}: attempts defaults to "3" retries → 4 attempts (SimpleRetry.canRetry)`;
  }
  const delay = text("delay");
  const multiplier = text("multiplier");
  const maxDelay = text("maxDelay");
  const includes = [...classNames(ann.args.get("includes")), ...classNames(ann.args.get("value"))];
  const condition = exceptionCondition(includes, classNames(ann.args.get("excludes")), `@${which}`);
  if (ann.args.has("predicate")) {
    condition.allErrors = false;
    condition.permanentErrors = null;
    condition.description = `@${which} predicate = ${exprText(ann.args.get("predicate"))} (decided at run time)`;
  }
  const maxDelaySeconds = maxDelay.value ? springDurationSeconds(maxDelay.value) : null;
  return {
    kind: "micronaut-retry",
    category: "code",
    library: "micronaut",
    maxAttempts,
    attemptsSource: attempts.written ? "config" : "default",
    attemptsNote,
    ...(countUnknown ? { countUnknown } : {}),
    timeBound: maxAttempts === null && maxDelaySeconds ? `maxDelay ${fmtSeconds(maxDelaySeconds)} (overall delay)` : null,
    wait: waitOf(delay, multiplier, maxDelaySeconds, which),
    condition,
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}

/** A String attribute as written, or a constant it names (`attempts = ATTEMPTS`); null when it cannot be known. */
function stringValue(ctx: JvmContext, e: Expr): string | null {
  const s = stringOf(e);
  if (s !== null) return s.includes("${") ? null : s;
  if (e.k === "name") {
    const name = e.path.split(".").pop()!;
    const field = ctx.file.decls.find((d) => d.kind === "field" && d.name === name && d.constant);
    const v = stringOf(field?.value);
    return v !== null && !v.includes("${") ? v : null;
  }
  return null;
}

function waitOf(delay: { value: string | null; written: boolean }, multiplier: { value: string | null; written: boolean }, maxDelaySeconds: number | null, which: string): WaitSpec {
  const source = delay.written || multiplier.written ? ("config" as const) : ("default" as const);
  const seconds = delay.value !== null ? springDurationSeconds(delay.value) : null;
  const m = multiplier.value !== null && /^\s*-?\d+(\.\d+)?\s*$/.test(multiplier.value) ? Number(multiplier.value) : null;
  if (seconds === null || m === null) return { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source, description: `@${which} delay/multiplier resolved at run time` };
  const step = seconds * (m > 0 ? m : 1);
  if (step === 0) return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source, description: "no wait between attempts (delay 0)" };
  const cap = maxDelaySeconds ? `, stops retrying once ${fmtSeconds(maxDelaySeconds)} of delay has passed (maxDelay)` : "";
  return {
    kind: "linear",
    jitter: false,
    initialSeconds: step,
    maxSeconds: null,
    source,
    description: `linear: ${fmtSeconds(step)} × retry number (delay ${fmtSeconds(seconds)} × multiplier ${m > 0 ? m : 1})${cap}, no jitter${source === "default" ? ` (@${which} defaults)` : ""}`,
  };
}
