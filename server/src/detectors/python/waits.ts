/** Small constructors for WaitSpec so every detector describes waits the same way. */
import type { WaitSpec } from "../../model/facts";

export function noWait(source: "config" | "default", why = "no wait between attempts"): WaitSpec {
  return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source, description: why };
}

export function unknownWait(description: string): WaitSpec {
  return { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: "config", description };
}

export function fmtSeconds(s: number | null): string {
  if (s === null) return "?";
  if (s > 0 && s < 1) return `${Math.round(s * 1000)} ms`;
  return `${Number(s.toFixed(3))} s`;
}

/** Combines summed waits (tenacity `a + b`): random if any part is random, growth of the fastest-growing part. */
export function combineWaits(parts: WaitSpec[]): WaitSpec {
  const rank: Record<WaitSpec["kind"], number> = { none: 0, fixed: 1, random: 2, linear: 3, custom: 4, exponential: 5, unknown: 6 };
  const kind = parts.map((p) => p.kind).reduce((a, b) => (rank[b] > rank[a] ? b : a), "none" as WaitSpec["kind"]);
  const jitter = parts.some((p) => p.jitter === true) ? true : parts.some((p) => p.jitter === null) ? null : false;
  const initial = parts.every((p) => p.initialSeconds !== null) ? parts.reduce((a, p) => a + (p.initialSeconds ?? 0), 0) : null;
  return {
    kind: kind === "random" && parts.some((p) => p.kind === "fixed") ? "fixed" : kind,
    jitter,
    initialSeconds: initial,
    maxSeconds: null,
    source: "config",
    description: parts.map((p) => p.description).join(" + "),
  };
}
