/**
 * Spring AI's `spring.ai.retry.*` settings (docs/reference/spring-ai.md) applied at link time to
 * the layer detectors/java/springAi.ts emits with the defaults and `configRef` "spring-ai":
 * `max-attempts` (1.x: attempts), `backoff.initial-interval`, `backoff.multiplier`,
 * `backoff.max-interval`, `on-client-errors`. A value that is not a number leaves the count
 * unknown, with why.
 */
import type { LayerFact } from "../model/facts";
import { springDurationSeconds } from "../detectors/spring/durations";
import { springAiLayer, SPRING_AI_DEFAULTS } from "../detectors/java/springAi";
import type { ConfigIndex } from "./configEntries";

export function applySpringAiConfig(layer: LayerFact, codePath: string, config: ConfigIndex): LayerFact {
  const get = (k: string) => config.lookup(codePath, `spring.ai.retry.${k}`);
  const max = get("max-attempts");
  const initial = get("backoff.initial-interval");
  const mult = get("backoff.multiplier");
  const maxInterval = get("backoff.max-interval");
  const clientErrors = get("on-client-errors");
  if (!max && !initial && !mult && !maxInterval && !clientErrors) return layer;
  const n = max ? Number(max.value.trim()) : SPRING_AI_DEFAULTS.attempts;
  const ms = (v: typeof initial, fallback: number) => {
    const s = v ? springDurationSeconds(v.value) : null;
    return s === null ? fallback : s * 1000;
  };
  const where = max ? `spring.ai.retry.max-attempts ${max.value.trim()} (${max.file}:${max.line})` : "spring.ai.retry.max-attempts unset, default 10";
  const known = Number.isInteger(n) && n >= 0;
  const attempts = known ? Math.max(1, n) : SPRING_AI_DEFAULTS.attempts;
  const base = springAiLayer({
    attempts,
    initialMs: ms(initial, SPRING_AI_DEFAULTS.initialMs),
    multiplier: mult && Number.isFinite(Number(mult.value)) ? Number(mult.value) : SPRING_AI_DEFAULTS.multiplier,
    maxMs: ms(maxInterval, SPRING_AI_DEFAULTS.maxMs),
    source: "config",
    clientErrors: clientErrors?.value.trim().toLowerCase() === "true",
    setting: where,
    note: known ? `${where} → ${attempts} attempt${attempts === 1 ? "" : "s"} (Spring AI 1.x assumed: counts attempts; 2.0 counts retries → ${n === 0 ? 1 : attempts + 1})` : `${where}: not a number`,
  });
  // maxRetries(0) is 1 attempt in 2.x too; a count that is not a number has no version-dependent number
  const gate = !known ? undefined : n === 0 && base.versionGate ? { ...base.versionGate, addAttempts: 0, note: `${where} → 1 attempt (Spring AI 2.x: maxRetries 0; $version)` } : base.versionGate;
  return { ...layer, ...base, versionGate: gate, ...(known ? {} : { maxAttempts: null, countUnknown: true }) };
}
