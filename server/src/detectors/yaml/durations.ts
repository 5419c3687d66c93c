/**
 * Durations as written in mesh and gateway YAML, in seconds.
 * - Envoy (protobuf JSON `Duration`): "2s", "0.25s", or the message form {seconds, nanos}
 *   (reference/retry-semantics.md §4.2).
 * - Istio (Go-style durations): "250ms", "1.5s", "1m", "1h", "1m30s" (§4.1).
 * A bare number is read as seconds, which is how both products' examples use unit-less values.
 */
import { isMap } from "yaml";
import { get, num, resolve, str, type YamlDocument } from "../../parsing/yaml";

const UNIT_SECONDS: Record<string, number> = {
  h: 3600,
  m: 60,
  s: 1,
  ms: 1e-3,
  us: 1e-6,
  "µs": 1e-6,
  "μs": 1e-6,
  ns: 1e-9,
};

/** Parses "1m30s", "250ms", "0.25s", "5" (seconds); null when it is not a duration. */
export function parseDuration(text: string): number | null {
  const t = text.trim();
  if (t === "") return null;
  if (/^[0-9]+(\.[0-9]+)?$/.test(t)) return Number(t);
  // A duration is a sequence of <number><unit> parts; read them one at a time.
  let i = 0;
  let total = 0;
  let parts = 0;
  while (i < t.length) {
    let j = i;
    while (j < t.length && /[0-9.]/.test(t[j])) j++;
    if (j === i) return null;
    const value = Number(t.slice(i, j));
    if (!Number.isFinite(value)) return null;
    let k = j;
    while (k < t.length && !/[0-9.]/.test(t[k])) k++;
    const factor = UNIT_SECONDS[t.slice(j, k)];
    if (factor === undefined) return null;
    total += value * factor;
    parts++;
    i = k;
  }
  return parts > 0 ? round(total) : null;
}

/** Reads a duration node: a string/number scalar, or a protobuf {seconds, nanos} map. */
export function durationSeconds(d: YamlDocument, node: unknown): number | null {
  const n = resolve(d, node);
  if (!n) return null;
  if (isMap(n)) {
    const seconds = num(d, get(d, n, "seconds")) ?? 0;
    const nanos = num(d, get(d, n, "nanos")) ?? 0;
    return round(seconds + nanos / 1e9);
  }
  const s = str(d, n);
  return s === null ? null : parseDuration(s);
}

/** "2 s", "250 ms": how durations appear in notes and descriptions. */
export function formatSeconds(seconds: number): string {
  if (seconds > 0 && seconds < 1) return `${round(seconds * 1000)} ms`;
  return `${round(seconds)} s`;
}

/** Drops floating-point noise (0.1 + 0.2) so tests and messages see 0.3. */
function round(x: number): number {
  return Math.round(x * 1e9) / 1e9;
}
