/**
 * MicroProfile Fault Tolerance `@Retry` (org.eclipse.microprofile.faulttolerance.Retry). Not in
 * the reference; defaults read from the annotation's documented signature:
 *   `@Retry(maxRetries=3, delay=0, delayUnit=ChronoUnit.MILLIS, maxDuration=180000,
 *    durationUnit=ChronoUnit.MILLIS, jitter=200, jitterDelayUnit=ChronoUnit.MILLIS,
 *    retryOn={Exception.class}, abortOn={})`
 * (Helidon MP fault-tolerance guide, https://helidon.io/docs/latest/mp/fault-tolerance.html, and
 * the MicroProfile Retry Javadoc, https://tomee.apache.org/microprofile-2.0/javadoc/org/eclipse/microprofile/faulttolerance/Retry.html).
 * `maxRetries` counts retries: 3 → 4 attempts; `-1` retries without a count bound, until
 * `maxDuration` (180 s by default) runs out. The wait is `delay` ± `jitter` (a 0 ms delay with
 * 200 ms jitter waits 0–200 ms). Told apart from Resilience4j's `@Retry` by import.
 */
import { fmtSeconds } from "../python/waits";
import { annotationFrom, type JvmContext } from "./context";
import { annotated, exceptionCondition, pushAnnotationLayer, type LayerBase } from "./layers";
import { classNames, exprText, numberOf, type Expr } from "./syntax";

const PKG = "org.eclipse.microprofile.faulttolerance";
const RESILIENCE4J = "io.github.resilience4j.retry.annotation";
const UNIT_MS: Record<string, number> = { NANOS: 1e-6, MICROS: 1e-3, MILLIS: 1, SECONDS: 1000, MINUTES: 60_000, HOURS: 3_600_000 };

export function detectMicroProfile(ctx: JvmContext): void {
  for (const { decl, ann, methods } of annotated(ctx, (a) => annotationFrom(ctx, a, "Retry", PKG, [RESILIENCE4J]))) {
    const a = ann.args;
    const ms = (key: string, unitKey: string, fallback: number): number | null => {
      const v = a.get(key);
      if (!v) return fallback;
      const n = numberOf(v);
      return n === null ? null : n * unitOf(a.get(unitKey));
    };
    const maxRetries = a.has("maxRetries") ? numberOf(a.get("maxRetries")) : 3;
    const maxDuration = ms("maxDuration", "durationUnit", 180_000);
    const delay = ms("delay", "delayUnit", 0);
    const jitter = ms("jitter", "jitterDelayUnit", 200);
    let maxAttempts: number | null;
    let attemptsNote: string;
    let countUnknown = false;
    if (maxRetries === null) {
      maxAttempts = null;
      countUnknown = true;
      attemptsNote = `maxRetries = ${exprText(a.get("maxRetries"))} (not a literal)`;
    } else if (maxRetries < 0) {
      maxAttempts = null;
      attemptsNote = `maxRetries = ${maxRetries}: no count bound, only maxDuration`;
    } else {
      maxAttempts = maxRetries + 1;
      attemptsNote = a.has("maxRetries") ? `maxRetries = ${maxRetries} (counts retries) → ${maxRetries + 1} attempts` : "MicroProfile @Retry: maxRetries defaults to 3 retries → 4 attempts";
    }
    const timeBound = maxDuration !== null && maxDuration > 0 ? `maxDuration ${fmtSeconds(maxDuration / 1000)}` : null;
    const base: LayerBase = {
      kind: "microprofile-retry",
      category: "code",
      library: "microprofile-fault-tolerance",
      maxAttempts,
      attemptsSource: a.has("maxRetries") ? "config" : "default",
      attemptsNote,
      ...(countUnknown ? { countUnknown } : {}),
      timeBound: maxAttempts === null ? timeBound : null,
      wait: wait(delay, jitter, a.has("delay") || a.has("jitter")),
      condition: exceptionCondition(classNames(a.get("retryOn")), classNames(a.get("abortOn")), "@Retry retryOn"),
      budget: null,
      perTryTimeoutSeconds: null,
      overallTimeoutSeconds: maxDuration !== null && maxDuration > 0 ? maxDuration / 1000 : null,
    };
    pushAnnotationLayer(ctx, decl, ann, base, methods);
  }
}

function unitOf(e: Expr | undefined): number {
  const name = e?.k === "name" ? e.path.split(".").pop()! : "MILLIS";
  return UNIT_MS[name] ?? 1;
}

function wait(delay: number | null, jitter: number | null, configured: boolean) {
  const source = configured ? ("config" as const) : ("default" as const);
  if (delay === null || jitter === null) return { kind: "unknown" as const, jitter: null, initialSeconds: null, maxSeconds: null, source, description: "delay or jitter not a literal" };
  if (delay === 0 && jitter === 0) return { kind: "none" as const, jitter: false, initialSeconds: 0, maxSeconds: 0, source, description: "no wait between attempts (delay 0, jitter 0)" };
  return {
    kind: jitter > 0 ? ("random" as const) : ("fixed" as const),
    jitter: jitter > 0,
    initialSeconds: Math.max(0, delay - jitter) / 1000,
    maxSeconds: (delay + jitter) / 1000,
    source,
    description: `${fmtSeconds(delay / 1000)} delay${jitter > 0 ? ` ± ${fmtSeconds(jitter / 1000)} jitter` : ""}${configured ? "" : " (MicroProfile defaults)"}`,
  };
}
