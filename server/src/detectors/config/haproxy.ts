/**
 * HAProxy `retries` / `retry-on` (reference §4.10, §0 row "HAProxy").
 *
 * HAProxy configuration is line-oriented: a section keyword (`global`, `defaults`, `frontend`,
 * `backend`, `listen`, …) at any indentation opens a section, every other line is
 * `keyword args…` belonging to it; `#` starts a comment outside quotes, `\` escapes. Parsed into
 * sections of directives (no regex guessing), then:
 * - every `backend` / `listen` with `server` lines is an edge route from the `haproxy:<file>`
 *   gateway to the servers' hosts;
 * - `retries N` → N+1 attempts, default 3 → 4; `retries 0` disables; values come from the
 *   section, else from the last `defaults` section before it;
 * - `retry-on` default `conn-failure` (only when the request could not be sent); any other
 *   condition (empty-response, response-timeout, 5xx codes, all-retryable-errors…) may resend a
 *   request the server received, for any method; `none` disables;
 * - wait: the turn-around delay min(`timeout connect`, 1 s), fixed, no jitter.
 */
import type { LayerFact, SourceSpan } from "../../model/facts";
import { parseDuration } from "../yaml/durations";
import { hostOf, type ConfigContext, type Directive } from "./common";

const SECTIONS = new Set(["global", "defaults", "frontend", "backend", "listen", "peers", "resolvers", "userlist", "mailers", "program", "http-errors", "ring", "cache", "traces", "crt-store"]);

export interface HaproxySection {
  kind: string;
  name: string | null;
  span: SourceSpan;
  directives: Directive[];
}

/** Splits one line into words: quotes group, `\` escapes, `#` outside quotes ends the line. */
function words(line: string): Array<{ text: string; column: number }> {
  const out: Array<{ text: string; column: number }> = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i]!)) i++;
    if (i >= line.length || line[i] === "#") break;
    const start = i;
    let w = "";
    let quote: string | null = null;
    while (i < line.length && (quote !== null || !/\s/.test(line[i]!))) {
      const c = line[i]!;
      if (quote === null && c === "#") break;
      if (c === "\\" && i + 1 < line.length) {
        w += line[i + 1];
        i += 2;
        continue;
      }
      if (quote === null && (c === '"' || c === "'")) quote = c;
      else if (c === quote) quote = null;
      else w += c;
      i++;
    }
    out.push({ text: w, column: start });
    if (line[i] === "#") break;
  }
  return out;
}

export function parseHaproxy(text: string): HaproxySection[] {
  const sections: HaproxySection[] = [];
  let current: HaproxySection | null = null;
  text.split("\n").forEach((raw, i) => {
    const ws = words(raw.replace(/\r$/, ""));
    if (ws.length === 0) return;
    const first = ws[0]!;
    const span: SourceSpan = { line: i + 1, column: first.column, endLine: i + 1, endColumn: first.column + first.text.length };
    if (SECTIONS.has(first.text)) {
      current = { kind: first.text, name: ws[1]?.text ?? null, span, directives: [] };
      sections.push(current);
      return;
    }
    if (!current) return; // directives before any section: not valid HAProxy, ignored
    current.directives.push({ name: first.text, args: ws.slice(1).map((w) => w.text), span, children: null });
  });
  return sections;
}

export function looksLikeHaproxy(text: string): boolean {
  return /^\s*(backend|listen|frontend|defaults)\b/m.test(text) && /^\s*server\s/m.test(text);
}

const PRE_SEND = new Set(["conn-failure", "none"]);

export function detectHaproxy(ctx: ConfigContext, sections: HaproxySection[]): void {
  let defaults: HaproxySection | null = null;
  for (const s of sections) {
    if (s.kind === "defaults") {
      defaults = s;
      continue;
    }
    if (s.kind !== "backend" && s.kind !== "listen") continue;
    const servers = s.directives.filter((d) => d.name === "server" && d.args[1]).map((d) => hostOf(d.args[1]!));
    if (servers.length === 0) continue;
    const find = (name: string) => s.directives.find((d) => d.name === name) ?? defaults?.directives.find((d) => d.name === name) ?? null;
    const retries = find("retries");
    const retryOn = find("retry-on");
    const connect = [s, defaults].flatMap((x) => x?.directives ?? []).find((d) => d.name === "timeout" && d.args[0] === "connect");
    const layer = haproxyLayer(ctx, s, retries, retryOn, connect ? parseDuration(connect.args[1] ?? "") : null);
    ctx.facts.routes.push({
      product: "haproxy",
      hosts: [],
      destinations: [...new Set(servers)],
      edge: true,
      gateway: `haproxy:${ctx.path}`,
      namespace: null,
      match: s.name,
      span: s.span,
      layerId: layer.localId,
      timeoutSeconds: null,
    });
  }
}

function haproxyLayer(ctx: ConfigContext, s: HaproxySection, retries: Directive | null, retryOn: Directive | null, connectTimeout: number | null): LayerFact {
  const n = retries && /^\d+$/.test(retries.args[0] ?? "") ? Number(retries.args[0]) : null;
  const tokens = retryOn ? retryOn.args : ["conn-failure"];
  const none = tokens.includes("none");
  const total = none ? 1 : (n ?? 3) + 1;
  const statuses = tokens.filter((t) => /^\d{3}$/.test(t)).map(Number);
  const afterSend = tokens.some((t) => !PRE_SEND.has(t));
  const wait = Math.min(connectTimeout ?? 1, 1);
  const anchor = (retries ?? retryOn)?.span ?? s.span;
  const where = retries && !s.directives.includes(retries) ? " (from defaults)" : "";
  const layer: LayerFact = {
    localId: ctx.layerId(anchor.line),
    kind: "haproxy-retries",
    category: "gateway",
    library: "haproxy",
    anchor,
    maxAttempts: total,
    attemptsSource: n === null && !none ? "default" : "config",
    attemptsNote: none ? "retry-on none → no retries" : n === null ? "retries unset → 3 retries → 4 attempts (HAProxy default)" : `retries ${n}${where} → ${n + 1} attempts`,
    timeBound: null,
    wait: { kind: "fixed", jitter: false, initialSeconds: wait, maxSeconds: wait, source: connectTimeout === null ? "default" : "config", description: `fixed ${wait * 1000} ms turn-around: min(timeout connect, 1 s) (HAProxy)` },
    condition: {
      allErrors: false,
      exceptionTypes: [],
      statuses,
      retryOn: tokens,
      afterSendMethods: afterSend && !none ? "all" : [],
      permanentErrors: statuses.some((c) => c >= 400 && c < 500 && c !== 408 && c !== 425 && c !== 429) ? "retries 4xx statuses that repeat on every attempt" : null,
      honoursRetryAfter: statuses.includes(429) || statuses.includes(503) ? false : null,
      description: `HAProxy retry-on ${tokens.join(" ")}${retryOn ? "" : " (default)"}; ${afterSend && !none ? "may resend a request the server received, for any method" : "only when the request could not be sent"}`,
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "route" },
    label: `${s.kind} ${s.name ?? ""}`.trim(),
  };
  ctx.facts.layers.push(layer);
  return layer;
}
