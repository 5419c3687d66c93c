/**
 * Spring Cloud Gateway routes and their `Retry` filter (reference §3.3), read from Spring
 * settings (YAML or .properties): `spring.cloud.gateway.routes[]` and the newer
 * `spring.cloud.gateway.server.webflux.routes[]`, each route an edge route (MeshRouteFact) from
 * the gateway to the service its `uri` names (`lb://inventory`, `http://inventory:8080`).
 *
 * The filter, in both spellings — shortcut `- Retry=3,INTERNAL_SERVER_ERROR,GET,10ms,50ms,2,false`
 * (fields in `shortcutFieldOrder`: retries, statuses, methods, backoff.firstBackoff,
 * backoff.maxBackoff, backoff.factor, backoff.basedOnPreviousValue) and `- name: Retry` + `args:` —
 * on the route or in `default-filters` (applies to every route; with a route's own Retry as well,
 * the default one wraps it and the two multiply).
 *
 * Traps (§3.3): `retries` counts retries: default 3 → **4 attempts**; methods default to **GET
 * only** (a POST is not retried after it was sent); series SERVER_ERROR and IOException/
 * TimeoutException by default; **no back-off** unless `backoff` is configured (then firstBackoff
 * 5 ms, factor 2, basedOnPreviousValue true, no max); jitter randomFactor 0.5 when configured;
 * `retries` must be > 0 (the gateway refuses to start otherwise).
 */
import type { FileFacts, LayerFact, RetryCondition, SourceSpan, WaitSpec } from "../../model/facts";
import { formatSeconds, springDurationSeconds } from "./durations";
import { SettingsMap, type SettingEntry, type SettingsDocument } from "./settings";

export const SCG_DEFAULT_RETRIES = 3;
const ROUTE_PREFIXES = ["spring.cloud.gateway.server.webflux", "spring.cloud.gateway"];
const DEFAULT_EXCEPTIONS = ["IOException", "TimeoutException"];
const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"];
const SHORTCUT_FIELDS = ["retries", "statuses", "methods", "backoff.firstBackoff", "backoff.maxBackoff", "backoff.factor", "backoff.basedOnPreviousValue"];

/** HttpStatus names a Retry filter is usually given; numbers are accepted as well. */
const STATUS_CODES: Record<string, number> = {
  BAD_REQUEST: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, METHOD_NOT_ALLOWED: 405, REQUEST_TIMEOUT: 408,
  CONFLICT: 409, GONE: 410, UNPROCESSABLE_ENTITY: 422, TOO_EARLY: 425, TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500, NOT_IMPLEMENTED: 501, BAD_GATEWAY: 502, SERVICE_UNAVAILABLE: 503, GATEWAY_TIMEOUT: 504,
};

export interface GatewayContext {
  /** the gateway: its `spring.application.name` (the service), else `spring-cloud-gateway:<project folder>` */
  gateway: string;
  /** the always-active settings of the file, for placeholders written in another document */
  fileSettings: SettingsMap | null;
}

export function detectCloudGateway(facts: FileFacts, documents: readonly SettingsDocument[], g: GatewayContext): void {
  const used = new Set(facts.layers.map((l) => l.localId));
  const layerId = (line: number) => {
    let id = `L${line}`;
    for (let n = 2; used.has(id); n++) id = `L${line}.${n}`;
    used.add(id);
    return id;
  };
  // a profile document's route list replaces the base one when active: the base list is what always applies
  const baseHasRoutes = documents.some((doc) => doc.profile === null && ROUTE_PREFIXES.some((p) => new SettingsMap(doc.entries).indexes(`${p}.routes`).length > 0));
  for (const doc of documents) {
    const settings = new SettingsMap(doc.entries, g.fileSettings);
    const own = new SettingsMap(doc.entries);
    for (const prefix of ROUTE_PREFIXES) {
      const routes = own.indexes(`${prefix}.routes`);
      if (!routes.length || (doc.profile !== null && baseHasRoutes)) continue;
      // each attempt is a new upstream request, bounded by the HTTP client's response timeout
      const globalTimeout = durationSetting(settings, `${prefix}.httpclient.response-timeout`);
      let defaultLayer: LayerFact | null | undefined;
      const defaults = () => {
        if (defaultLayer === undefined) {
          defaultLayer = retryFilterLayer(settings, `${prefix}.default-filters`, "default-filters", layerId);
          if (defaultLayer) defaultLayer.perTryTimeoutSeconds = globalTimeout;
        }
        return defaultLayer;
      };
      for (const i of routes) {
        const route = `${prefix}.routes[${i}]`;
        const id = settings.get(`${route}.id`)?.value ?? `#${i}`;
        const uri = settings.get(`${route}.uri`);
        const dest = uri ? destinationOf(settings.resolve(uri.value)) : null;
        const label = `route ${id}${dest ? ` → ${dest}` : ""}`;
        const own = retryFilterLayer(settings, `${route}.filters`, label, layerId);
        // route metadata `response-timeout` is in milliseconds; a negative value turns it off
        const routeTimeout = settings.get(`${route}.metadata.response-timeout`);
        const ms = routeTimeout ? Number(settings.resolve(routeTimeout.value)) : NaN;
        if (own) own.perTryTimeoutSeconds = Number.isFinite(ms) ? (ms >= 0 ? ms / 1000 : null) : globalTimeout;
        // a route's own Retry and a default-filters Retry are both in its filter chain, the
        // default one first: each of its attempts runs the route's retries again (they multiply)
        const shared = defaults();
        const layer = own ?? shared;
        if (layer) facts.layers.push(layer);
        const outer = own && shared ? shared : null;
        if (outer) facts.layers.push(outer);
        facts.routes.push({
          product: "spring-cloud-gateway",
          hosts: [],
          destinations: dest ? [dest] : [],
          edge: true,
          gateway: g.gateway,
          namespace: null,
          match: pathPredicate(settings, `${route}.predicates`),
          span: firstSpan(doc.entries, route) ?? uri?.span ?? { line: 1, column: 0, endLine: 1, endColumn: 0 },
          layerId: layer?.localId ?? null,
          ...(outer ? { outerLayerIds: [outer.localId] } : {}),
          ...(uri && uri.value.includes("${") ? { destinationTemplate: uri.value } : {}),
          timeoutSeconds: null,
        });
      }
    }
  }
  // the default-filters layer is shared: pushed once
  const seen = new Set<string>();
  facts.layers = facts.layers.filter((l) => (seen.has(l.localId) ? false : (seen.add(l.localId), true)));
}

function durationSetting(settings: SettingsMap, key: string): number | null {
  const e = settings.get(key);
  const v = e ? settings.resolve(e.value) : null;
  return v === null ? null : springDurationSeconds(v);
}

/** `lb://inventory` → inventory; `http://inventory:8080/api` → inventory; `forward:/x`, `no://op` → null. */
export function destinationOf(uri: string | null): string | null {
  if (!uri) return null;
  const m = /^(lb|https?|wss?|lb:ws|lb:wss):\/\/([^/:?#]+)/i.exec(uri.trim());
  return m ? m[2]!.toLowerCase() : null;
}

function pathPredicate(settings: SettingsMap, key: string): string | null {
  for (const j of settings.indexes(key)) {
    const p = `${key}[${j}]`;
    const shortcut = settings.get(p)?.value;
    if (shortcut !== undefined) {
      const eq = shortcut.indexOf("=");
      if (eq > 0 && shortcut.slice(0, eq).trim() === "Path") return shortcut.slice(eq + 1).trim();
      continue;
    }
    if (settings.get(`${p}.name`)?.value.trim() !== "Path") continue;
    const arg = settings.list(`${p}.args.patterns`) ?? settings.list(`${p}.args.pattern`) ?? settings.list(`${p}.args._genkey_0`);
    if (arg?.values.length) return arg.values.join(",");
  }
  return null;
}

/** Earliest entry of a route: where the route is written. */
function firstSpan(entries: readonly SettingEntry[], route: string): SourceSpan | null {
  const p = route.toLowerCase();
  let best: SourceSpan | null = null;
  for (const e of entries) {
    const k = e.key.toLowerCase();
    if ((k.startsWith(`${p}.`) || k === p) && (!best || e.span.line < best.line)) best = e.span;
  }
  return best;
}

/** The first `Retry` filter of a filter list as a layer, or null. */
function retryFilterLayer(settings: SettingsMap, filtersKey: string, label: string, layerId: (line: number) => string): LayerFact | null {
  for (const j of settings.indexes(filtersKey)) {
    const f = `${filtersKey}[${j}]`;
    const shortcut = settings.get(f);
    if (shortcut) {
      const eq = shortcut.value.indexOf("=");
      const name = (eq >= 0 ? shortcut.value.slice(0, eq) : shortcut.value).trim();
      if (name !== "Retry") continue;
      const args = eq >= 0 ? shortcut.value.slice(eq + 1).split(",") : [];
      const entries: SettingEntry[] = args.map((v, i) => ({ key: SHORTCUT_FIELDS[i] ?? `_genkey_${i}`, value: v.trim(), span: shortcut.span })).filter((e) => e.value !== "");
      return retryLayer(new SettingsMap(entries), settings, shortcut.span, label, layerId);
    }
    const name = settings.get(`${f}.name`);
    if (name?.value.trim() !== "Retry") continue;
    return retryLayer(new ArgsView(settings, `${f}.args`), settings, name.span, label, layerId);
  }
  return null;
}

/** The `args.` settings of a filter, read with the filter's own keys (`retries`, `backoff.factor`). */
class ArgsView extends SettingsMap {
  constructor(private readonly all: SettingsMap, private readonly prefix: string) {
    super([]);
  }
  override get(key: string) {
    return this.all.get(`${this.prefix}.${key}`);
  }
  override indexes(listKey: string) {
    return this.all.indexes(`${this.prefix}.${listKey}`);
  }
  override hasUnder(prefix: string) {
    return this.all.hasUnder(`${this.prefix}.${prefix}`);
  }
}

interface Read<T> {
  value: T;
  entry: SettingEntry | null;
  /** written but not readable (unresolved placeholder, not a number) */
  unknown?: boolean;
}

function retryLayer(args: SettingsMap, settings: SettingsMap, anchor: SourceSpan, label: string, layerId: (line: number) => string): LayerFact {
  const text = (key: string) => {
    const e = args.get(key);
    return e ? { raw: e.value, value: settings.resolve(e.value), entry: e } : null;
  };
  const list = (key: string, fallback: string[]): Read<string[]> => {
    const l = args.list(key);
    if (!l) return { value: fallback, entry: null };
    const resolved = l.values.map((v) => settings.resolve(v));
    return { value: resolved.filter((v): v is string => v !== null).flatMap((v) => v.split(",").map((s) => s.trim()).filter(Boolean)), entry: l.entry, unknown: resolved.includes(null) };
  };

  const retriesText = text("retries");
  const retries = retriesText === null ? SCG_DEFAULT_RETRIES : retriesText.value !== null && /^\s*-?\d+\s*$/.test(retriesText.value) ? Number(retriesText.value) : null;
  let maxAttempts: number | null;
  let attemptsNote: string;
  if (retries === null) {
    maxAttempts = null;
    attemptsNote = `retries: ${retriesText!.raw} cannot be known statically`;
  } else if (retries <= 0) {
    maxAttempts = 1;
    attemptsNote = `retries: ${retries} is rejected (retries must be > 0): the gateway does not start with this route`;
  } else {
    maxAttempts = retries + 1;
    attemptsNote = retriesText ? `retries: ${retries} → ${retries + 1} attempts` : `retries unset → ${SCG_DEFAULT_RETRIES} retries → ${SCG_DEFAULT_RETRIES + 1} attempts (Spring Cloud Gateway default)`;
  }

  const methods = list("methods", ["GET"]);
  const series = list("series", ["SERVER_ERROR"]);
  const statuses = list("statuses", []);
  const exceptions = list("exceptions", DEFAULT_EXCEPTIONS);
  const condition = retryCondition(methods, series, statuses, exceptions);

  const layer: LayerFact = {
    localId: layerId(anchor.line),
    kind: "spring-cloud-gateway-retry",
    category: "gateway",
    library: "spring-cloud-gateway",
    anchor,
    maxAttempts,
    attemptsSource: retriesText ? "config" : "default",
    attemptsNote,
    timeBound: null,
    ...(retries === null ? { countUnknown: true } : {}),
    wait: backoffWait(args, settings),
    condition,
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "route" },
    label,
  };
  return layer;
}

function retryCondition(methods: Read<string[]>, series: Read<string[]>, statuses: Read<string[]>, exceptions: Read<string[]>): RetryCondition {
  const methodList = [...new Set(methods.value.map((m) => m.toUpperCase()))];
  const codes = statuses.value.map((s) => STATUS_CODES[s.toUpperCase()] ?? (/^\d{3}$/.test(s) ? Number(s) : null)).filter((c): c is number => c !== null);
  const seriesList = series.value.map((s) => s.toUpperCase());
  const permanent: string[] = [];
  if (seriesList.includes("CLIENT_ERROR")) permanent.push("series CLIENT_ERROR retries every 4xx (400, 404, 409, …)");
  const permanentCodes = codes.filter((c) => c >= 400 && c < 500 && c !== 408 && c !== 425 && c !== 429);
  if (permanentCodes.length) permanent.push(`statuses include ${permanentCodes.join(", ")}`);
  const throttling = codes.includes(429) || codes.includes(503) || seriesList.includes("SERVER_ERROR") || seriesList.includes("CLIENT_ERROR");
  // unknown methods (a placeholder): assume any
  const afterSend: "all" | string[] = methods.unknown || ALL_METHODS.every((m) => methodList.includes(m)) ? "all" : methodList;
  const on = [...seriesList, ...statuses.value.map((s) => s.toUpperCase()), ...exceptions.value];
  return {
    allErrors: false,
    exceptionTypes: exceptions.value,
    statuses: codes,
    retryOn: on,
    afterSendMethods: afterSend,
    permanentErrors: permanent.length ? `${permanent.join("; ")}: errors that repeat on every attempt` : null,
    honoursRetryAfter: throttling ? false : null,
    description: `Spring Cloud Gateway Retry on ${on.join(", ") || "(nothing)"}${series.entry || statuses.entry || exceptions.entry ? "" : " (default)"}; ${
      afterSend === "all" ? "any method" : `only ${methodList.join(", ")}${methods.entry ? "" : " (default: a POST is not retried)"}`
    }, also after the request reached the upstream`,
  };
}

/** No back-off unless `backoff` is configured (§3.3); then exponential from firstBackoff (5 ms) ×factor (2). */
function backoffWait(args: SettingsMap, settings: SettingsMap): WaitSpec {
  const jittered = args.hasUnder("jitter");
  if (!args.hasUnder("backoff")) {
    return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "default", description: "none: no backoff configured, the next attempt starts at once (Spring Cloud Gateway default)" };
  }
  const duration = (key: string, fallback: number | null): { seconds: number | null; known: boolean } => {
    const e = args.get(key);
    if (!e) return { seconds: fallback, known: true };
    const v = settings.resolve(e.value);
    const s = v === null ? null : springDurationSeconds(v);
    return { seconds: s, known: s !== null };
  };
  const first = duration("backoff.firstBackoff", 0.005);
  const max = duration("backoff.maxBackoff", null);
  const factorText = args.get("backoff.factor");
  const factorValue = factorText ? settings.resolve(factorText.value) : "2";
  const factor = factorValue !== null && /^\s*\d+\s*$/.test(factorValue) ? Number(factorValue) : null;
  const basedOnPrevious = args.get("backoff.basedOnPreviousValue")?.value.trim().toLowerCase() !== "false";
  if (!first.known || factor === null) {
    return { kind: "unknown", jitter: jittered ? true : false, initialSeconds: first.seconds, maxSeconds: max.seconds, source: "config", description: "backoff configured with values that cannot be known statically" };
  }
  const randomFactor = args.get("jitter.randomFactor")?.value.trim() ?? "0.5";
  const kind = factor <= 1 ? "fixed" : "exponential";
  const parts = [
    kind === "fixed" ? `fixed ${formatSeconds(first.seconds!)}` : `exponential from ${formatSeconds(first.seconds!)} (×${factor}${basedOnPrevious ? "" : " of firstBackoff"})`,
  ];
  if (max.seconds !== null) parts.push(`max ${formatSeconds(max.seconds)}`);
  if (jittered) parts.push(`jitter ±${randomFactor}`);
  return {
    kind,
    jitter: jittered,
    initialSeconds: first.seconds,
    maxSeconds: kind === "fixed" ? first.seconds : max.seconds,
    source: "config",
    description: parts.join(", "),
  };
}
