/**
 * Spring Boot `Duration` properties (`DurationStyle`), in seconds: the simple form `500ms`,
 * `1s`, `2m` (an integer and an optional unit ns/us/ms/s/m/h/d; no unit = milliseconds, the
 * default unit of Resilience4j's and Spring Cloud Gateway's durations) and ISO-8601 `PT0.5S`,
 * `P1DT2H`. Anything else is not a duration (null): Spring would refuse to start.
 */

const SIMPLE_UNITS: Record<string, number> = { ns: 1e-9, us: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600, d: 86400 };
const ISO_UNITS: Record<string, number> = { D: 86400, H: 3600, M: 60, S: 1 };

export function springDurationSeconds(text: string): number | null {
  const t = text.trim();
  if (t === "") return null;
  if (t[0] === "P" || t[0] === "p" || ((t[0] === "-" || t[0] === "+") && /[pP]/.test(t[1] ?? ""))) return isoSeconds(t);
  return simpleSeconds(t);
}

function simpleSeconds(t: string): number | null {
  let i = t[0] === "-" || t[0] === "+" ? 1 : 0;
  const digitsStart = i;
  while (i < t.length && t[i]! >= "0" && t[i]! <= "9") i++;
  if (i === digitsStart) return null;
  const unit = t.slice(i).toLowerCase();
  const factor = unit === "" ? SIMPLE_UNITS.ms : SIMPLE_UNITS[unit];
  if (factor === undefined) return null;
  return round(Number(t.slice(0, i)) * factor!);
}

/** `PnDTnHnMn.nS` (java.time.Duration.parse): days before `T`, hours/minutes/seconds after it. */
function isoSeconds(t: string): number | null {
  const sign = t[0] === "-" ? -1 : 1;
  const body = t.replace(/^[+-]/, "").slice(1).toUpperCase();
  if (body === "") return null;
  let total = 0;
  let parts = 0;
  let inTime = false;
  let i = 0;
  while (i < body.length) {
    if (body[i] === "T") {
      if (inTime) return null;
      inTime = true;
      i++;
      continue;
    }
    let j = i;
    if (body[j] === "-" || body[j] === "+") j++;
    while (j < body.length && /[0-9.,]/.test(body[j]!)) j++;
    const value = Number(body.slice(i, j).replace(",", "."));
    const unit = body[j];
    if (j === i || !Number.isFinite(value) || unit === undefined) return null;
    // D only before T; H, M, S only after it
    if ((unit === "D") === inTime || ISO_UNITS[unit] === undefined) return null;
    total += value * ISO_UNITS[unit]!;
    parts++;
    i = j + 1;
  }
  return parts > 0 ? round(sign * total) : null;
}

/** "0.5 s", "5 ms": durations in notes and descriptions. */
export function formatSeconds(seconds: number): string {
  if (seconds > 0 && seconds < 1) return `${round(seconds * 1000)} ms`;
  return `${round(seconds)} s`;
}

function round(x: number): number {
  return Math.round(x * 1e9) / 1e9;
}
