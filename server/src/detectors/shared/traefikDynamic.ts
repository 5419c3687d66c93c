/**
 * Traefik's dynamic configuration, whichever provider carries it (reference §4.6 and
 * docs/reference/traefik.md): the Docker provider's labels (`traefik.http.middlewares.<m>.retry.attempts=4`
 * on compose services, yaml/traefikDocker.ts) and the file provider's YAML or TOML files
 * (`http.middlewares.<m>.retry`, `[http.middlewares.m.retry]`: yaml/traefikFile.ts,
 * toml/traefik.ts). One model for all of them:
 *
 * - a `retry` middleware is a layer (`attempts: N` → N tries in total, §4.6) and a
 *   GatewayObjectFact "traefik-middleware" other files can name (`retry@file`, `retry@docker`);
 * - a `chain` middleware passes its members' retry on;
 * - a router with middlewares is an edge route of the Traefik gateway to the workload its
 *   service points at (file provider: the hosts of `loadBalancer.servers[].url`; Docker: the
 *   container whose labels define the service, else the router's own container), under the
 *   first retry middleware among its middlewares and the middlewares of its entry points.
 *   A middleware named but not defined in the file is looked up at link time (`configRefs`,
 *   engine/gatewayLinks.ts); routers whose middlewares are all known and none retries are not
 *   routes (they add no layer).
 * Middleware names are compared without their `@provider` suffix and case-insensitively (Docker
 * labels are case-insensitive).
 */
import type { GatewayRef, LayerFact, SourceSpan } from "../../model/facts";
import { pushRoute, routeLayer } from "../yaml/routeLayers";
import type { YamlDetectorContext } from "../yaml/context";
import { traefikRetrySpec, type TraefikRetrySettings } from "../yaml/traefik";
import { parseDuration } from "../yaml/durations";
import { hostMachinePort } from "../../model/hostMachine";

export interface TraefikSpot {
  span: SourceSpan;
  line: number;
}

export interface TraefikMiddleware {
  name: string;
  /** the retry settings, when the middleware is a `retry` */
  retry?: TraefikRetrySettings;
  /** where the layer is anchored (the `retry` key, or the `…retry.attempts` label) */
  at: TraefikSpot;
  /** a `chain` middleware's members */
  chain?: string[];
}

export interface TraefikRouter {
  name: string;
  middlewares: string[];
  entryPoints: string[] | null;
  /** destination hosts or workloads */
  destinations: string[];
  rule: string | null;
  at: TraefikSpot;
}

export interface TraefikDynamicConfig {
  middlewares: TraefikMiddleware[];
  routers: TraefikRouter[];
  /** static `entryPoints.<ep>.http.middlewares` (or `--entrypoints.<ep>.http.middlewares=` flags) */
  entryPointMiddlewares?: Record<string, string[]>;
  /** the gateway the routes leave from (a compose service running Traefik), default "traefik" */
  gateway?: string;
  /** how the provider spells where the numbers came from: " (Docker label)", " (file provider)" */
  where: string;
}

/** `retry@file` → `retry`, lower-cased */
export function middlewareKey(ref: string): string {
  return ref.trim().replace(/@[\w-]+$/, "").toLowerCase();
}

export function emitTraefikDynamic(ctx: Pick<YamlDetectorContext, "facts" | "layerId">, config: TraefikDynamicConfig): void {
  const layers = new Map<string, LayerFact>();
  const known = new Map<string, TraefikMiddleware>();
  for (const m of config.middlewares) known.set(middlewareKey(m.name), m);
  for (const m of config.middlewares) {
    if (!m.retry) continue;
    const layer = routeLayer(ctx, traefikRetrySpec(m.retry, m.at.span, m.at.line, `middleware ${m.name}`, config.where));
    layers.set(middlewareKey(m.name), layer);
    (ctx.facts.gatewayObjects ??= []).push({ kind: "traefik-middleware", name: m.name, namespace: null, span: m.at.span, layerId: layer.localId, refs: [], destinations: [], parents: [], match: null });
  }
  /** the retry layer a middleware name leads to here, "unknown" when it is not defined in this file */
  const retryOf = (name: string, depth = 0): LayerFact | null | "unknown" => {
    const key = middlewareKey(name);
    const direct = layers.get(key);
    if (direct) return direct;
    const m = known.get(key);
    if (!m) return "unknown";
    if (!m.chain || depth > 4) return null;
    let unknown = false;
    for (const member of m.chain) {
      const r = retryOf(member, depth + 1);
      if (r === "unknown") unknown = true;
      else if (r) return r;
    }
    return unknown ? "unknown" : null;
  };
  for (const r of config.routers) {
    if (!r.destinations.length) continue;
    const fromEntryPoints = Object.entries(config.entryPointMiddlewares ?? {})
      .filter(([ep]) => r.entryPoints === null || r.entryPoints.some((e) => e.toLowerCase() === ep.toLowerCase()))
      .flatMap(([, ms]) => ms);
    // entry-point middlewares run before the router's own
    const names = [...fromEntryPoints, ...r.middlewares];
    let layer: LayerFact | null = null;
    const unresolved: GatewayRef[] = [];
    for (const n of names) {
      const found = retryOf(n);
      if (found === "unknown") unresolved.push({ kind: "traefik-middleware", name: n.replace(/@[\w-]+$/, ""), namespace: null });
      else if (found) {
        layer = found;
        break;
      }
    }
    // the entry points' middlewares of a static configuration elsewhere (traefik.yml) may still retry:
    // such a route exists only where one is written, and only with the layer it leads to
    const entryPointRefs: GatewayRef[] = (r.entryPoints ?? [""]).map((ep) => ({ kind: "traefik-entrypoint", name: ep, namespace: null }));
    for (const destination of r.destinations) {
      const route = pushRoute(ctx, { product: "traefik", hosts: [], destinations: [destination], edge: true, gateway: config.gateway ?? "traefik", namespace: null, match: r.rule, span: r.at.span, layer });
      if (layer) continue;
      route.configRefs = [...unresolved, ...entryPointRefs];
      if (!unresolved.length) route.onlyWith = { kind: "traefik-entrypoint", name: "", namespace: null };
    }
  }
}

/** "4", 4 → 4; anything else null */
export function traefikNumber(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

export function traefikBool(v: unknown): boolean {
  return v === true || (typeof v === "string" && v.trim().toLowerCase() === "true");
}

/** `status` as a list or one comma-separated string */
export function traefikStatus(v: unknown): string[] {
  if (Array.isArray(v)) return v.map((x) => String(x));
  if (typeof v === "string" || typeof v === "number") return [String(v)];
  return [];
}

/** A comma-separated list (labels) or a list (files) of names. */
export function traefikList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map((x) => String(x).trim()).filter(Boolean);
  if (typeof v === "string") return v.split(",").map((x) => x.trim()).filter(Boolean);
  return [];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Keys of a file-provider map, case-insensitively (Traefik's file loader ignores key case). */
function field(o: unknown, key: string): unknown {
  if (!isObj(o)) return undefined;
  if (key in o) return o[key];
  const k = Object.keys(o).find((x) => x.toLowerCase() === key.toLowerCase());
  return k === undefined ? undefined : o[k];
}

function fieldKey(o: unknown, key: string): string {
  if (!isObj(o)) return key;
  return Object.keys(o).find((x) => x.toLowerCase() === key.toLowerCase()) ?? key;
}

/** Does a parsed YAML/TOML document look like Traefik dynamic configuration (`http.routers|middlewares|services`)? */
export function isTraefikDynamic(root: unknown): boolean {
  const http = field(root, "http");
  return isObj(http) && ["routers", "middlewares", "services"].some((k) => isObj(field(http, k)));
}

/** Where a key path is written: `locate(["http", "middlewares", "m", "retry"])`. */
export type Locate = (path: string[]) => TraefikSpot | null;

/**
 * A file-provider dynamic configuration (YAML or TOML, already parsed into plain values) as the
 * routers and middlewares of `emitTraefikDynamic`; `locate` gives key positions in the file.
 */
export function traefikFileConfig(root: unknown, locate: Locate, fallback: TraefikSpot): TraefikDynamicConfig {
  const http = field(root, "http");
  const config: TraefikDynamicConfig = { middlewares: [], routers: [], where: " (file provider)" };
  const httpKey = fieldKey(root, "http");
  const mwKey = fieldKey(http, "middlewares");
  for (const [name, m] of Object.entries(isObj(field(http, "middlewares")) ? (field(http, "middlewares") as Obj) : {})) {
    const retry = field(m, "retry");
    const chain = field(m, "chain");
    // every middleware of the file is known here, whatever its type: a router naming it needs no lookup elsewhere
    if (!isObj(retry)) {
      config.middlewares.push({ name, ...(isObj(chain) ? { chain: traefikList(field(chain, "middlewares")) } : {}), at: locate([httpKey, mwKey, name]) ?? fallback });
      continue;
    }
    const interval = field(retry, "initialInterval");
    const timeout = field(retry, "timeout");
    config.middlewares.push({
      name,
      at: locate([httpKey, mwKey, name, fieldKey(m, "retry")]) ?? fallback,
      retry: {
        attempts: traefikNumber(field(retry, "attempts")),
        initialIntervalSeconds: duration(interval),
        status: traefikStatus(field(retry, "status")),
        retryNonIdempotentMethod: traefikBool(field(retry, "retryNonIdempotentMethod")),
        disableRetryOnNetworkError: traefikBool(field(retry, "disableRetryOnNetworkError")),
        timeoutSeconds: duration(timeout),
      },
    });
  }
  const services = isObj(field(http, "services")) ? (field(http, "services") as Obj) : {};
  const hostsOf = (ref: string, depth = 0): string[] => {
    const [name, provider] = ref.split("@") as [string, string | undefined];
    // a service of the Docker provider is named after its container (compose service)
    if (provider && provider !== "file") return provider === "docker" ? [name] : [];
    const s = services[name] ?? (Object.entries(services).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] as unknown);
    const lb = field(s, "loadBalancer");
    const out: string[] = [];
    const servers = field(lb, "servers");
    for (const server of Array.isArray(servers) ? servers : []) {
      const url = field(server, "url");
      if (typeof url !== "string") continue;
      const hostPort = url.replace(/^[a-z]+:\/\//i, "").replace(/\/.*$/, "");
      // `http://host.docker.internal:1236`: the port says which program of the machine (engine/hostPorts.ts)
      out.push(hostMachinePort(hostPort) !== null ? hostPort : hostPort.replace(/:\d+$/, ""));
    }
    const weighted = field(field(s, "weighted"), "services");
    if (depth < 4) for (const w of Array.isArray(weighted) ? weighted : []) {
      const n = field(w, "name");
      if (typeof n === "string") out.push(...hostsOf(n, depth + 1));
    }
    return [...new Set(out.filter(Boolean))];
  };
  const rtKey = fieldKey(http, "routers");
  for (const [name, r] of Object.entries(isObj(field(http, "routers")) ? (field(http, "routers") as Obj) : {})) {
    const service = field(r, "service");
    const eps = field(r, "entryPoints");
    config.routers.push({
      name,
      middlewares: traefikList(field(r, "middlewares")),
      entryPoints: eps === undefined ? null : traefikList(eps),
      destinations: typeof service === "string" ? hostsOf(service) : [],
      rule: typeof field(r, "rule") === "string" ? (field(r, "rule") as string) : null,
      at: locate([httpKey, rtKey, name]) ?? fallback,
    });
  }
  return config;
}

function duration(v: unknown): number | null {
  if (typeof v === "number") return v;
  if (typeof v !== "string") return null;
  return parseDuration(v);
}

/**
 * A static configuration (`traefik.yml` / `traefik.toml`, any name): `entryPoints.<ep>.http.middlewares`
 * apply to every router on `<ep>` (and to routers that name no entry point), whichever provider
 * defines the router: GatewayObjectFacts "traefik-entrypoint" the routers' routes refer to.
 */
export function emitTraefikEntryPoints(ctx: Pick<YamlDetectorContext, "facts">, root: unknown, locate: Locate, fallback: TraefikSpot): void {
  const eps = field(root, "entryPoints");
  if (!isObj(eps)) return;
  for (const [name, ep] of Object.entries(eps)) {
    const middlewares = traefikList(field(field(ep, "http"), "middlewares"));
    if (!middlewares.length) continue;
    const at = locate([fieldKey(root, "entryPoints"), name]) ?? fallback;
    (ctx.facts.gatewayObjects ??= []).push({
      kind: "traefik-entrypoint",
      name,
      namespace: null,
      span: at.span,
      layerId: null,
      refs: middlewares.map((m) => ({ kind: "traefik-middleware", name: m.replace(/@[\w-]+$/, ""), namespace: null })),
      destinations: [],
      parents: [],
      match: null,
    });
  }
}
