/**
 * Traefik `retry` middleware (reference §4.6, §0 row "Traefik retry middleware") and the
 * IngressRoutes that use it (edge routes from the Traefik gateway to Kubernetes services).
 *
 * Number trap (§5.1): `attempts: N` is N *total* tries (Traefik's tests: Attempts 2 → 1 retry).
 * `initialInterval` unset/0 → the next try starts at once (RL003); > 0 → exponential back-off
 * with ±50% randomisation. By default only network errors before any byte was written are
 * retried (any method); `status` adds status retries for idempotent methods only, unless
 * `retryNonIdempotentMethod` is set.
 *
 * Linking: a Middleware is found by name in the same file (`spec.routes[].middlewares[].name`);
 * one in another file is found at link time (engine/gatewayLinks.ts): every Middleware with a
 * retry is a GatewayObjectFact, and a route whose middlewares are not in its file carries
 * `configRefs` ({name, namespace}, namespace defaulting to the IngressRoute's). A Kubernetes
 * Ingress routed by Traefik names its middlewares in the annotation
 * `traefik.ingress.kubernetes.io/router.middlewares: <namespace>-<name>@kubernetescrd, …`;
 * its backends become edge routes with those references.
 */
import { isMap } from "yaml";
import type { LayerFact, SourceSpan } from "../../model/facts";
import { bool, get, getPair, keyLine, keySpan, nodeSpan, num, seqItems, str, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { durationSeconds, formatSeconds } from "./durations";
import { annotationPair, annotations, ingressBackends, metaName, metaNamespace, noWait, NGINX_IDEMPOTENT, pushRoute, routeLayer, type RouteLayerSpec } from "./routeLayers";

const isTraefik = (apiVersion: string) => apiVersion.startsWith("traefik.io/") || apiVersion.startsWith("traefik.containo.us/");

/** Per file: Middleware name → layer, and IngressRoute routes waiting for a Middleware defined later. */
const state = new WeakMap<object, { middlewares: Map<string, LayerFact>; waiting: Array<{ names: string[]; route: { layerId: string | null } }> }>();

const MIDDLEWARES_ANNOTATION = "traefik.ingress.kubernetes.io/router.middlewares";

export function detectTraefik(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (k?.kind === "Ingress" && annotations(d)[MIDDLEWARES_ANNOTATION] !== undefined) return traefikIngress(ctx, d);
  if (!k || !isTraefik(k.apiVersion)) return;
  let s = state.get(ctx.facts);
  if (!s) state.set(ctx.facts, (s = { middlewares: new Map(), waiting: [] }));
  if (k.kind === "Middleware") {
    const name = metaName(d);
    const retryPair = getPair(d, get(d, d.root, "spec"), "retry");
    if (!name || !retryPair || !isMap(retryPair.value)) return;
    const layer = middlewareLayer(ctx, d, retryPair, name);
    s.middlewares.set(name, layer);
    (ctx.facts.gatewayObjects ??= []).push({ kind: "traefik-middleware", name, namespace: metaNamespace(d), span: keySpan(ctx.file, retryPair), layerId: layer.localId, refs: [], destinations: [], parents: [], match: null });
    for (const w of s.waiting) if (w.route.layerId === null && w.names.includes(name)) w.route.layerId = layer.localId;
    return;
  }
  if (k.kind !== "IngressRoute") return;
  const namespace = metaNamespace(d);
  for (const r of seqItems(d, get(d, get(d, d.root, "spec"), "routes"))) {
    const refs = seqItems(d, get(d, r, "middlewares"))
      .map((m) => ({ kind: "traefik-middleware" as const, name: str(d, get(d, m, "name")) ?? "", namespace: str(d, get(d, m, "namespace")) ?? namespace }))
      .filter((m) => m.name !== "");
    const names = refs.map((m) => m.name);
    const services = seqItems(d, get(d, r, "services")).map((x) => str(d, get(d, x, "name"))).filter((x): x is string => !!x);
    if (services.length === 0) continue;
    const layer = names.map((n) => s.middlewares.get(n)).find((l) => l !== undefined) ?? null;
    const match = str(d, get(d, r, "match"));
    const route = pushRoute(ctx, { product: "traefik", hosts: [], destinations: services, edge: true, gateway: "traefik", namespace, match, span: nodeSpan(ctx.file, r), layer });
    if (!layer && names.length) {
      s.waiting.push({ names, route });
      route.configRefs = refs;
    }
  }
}

/** A networking.k8s.io Ingress with Traefik middlewares: its backends, referring to them by `<ns>-<name>`. */
function traefikIngress(ctx: YamlDetectorContext, d: YamlDocument): void {
  const spec = get(d, d.root, "spec");
  const refs = (annotations(d)[MIDDLEWARES_ANNOTATION] ?? "")
    .split(",")
    .map((t) => t.trim().replace(/@[\w-]+$/, ""))
    .filter(Boolean)
    .map((name) => ({ kind: "traefik-middleware" as const, name, namespace: null }));
  const pair = annotationPair(d, MIDDLEWARES_ANNOTATION);
  const span = pair ? keySpan(ctx.file, pair) : nodeSpan(ctx.file, d.root);
  for (const b of ingressBackends(d, spec)) {
    const route = pushRoute(ctx, { product: "traefik", hosts: [], destinations: [b.service], edge: true, gateway: "traefik", namespace: metaNamespace(d), match: b.path, span, layer: null });
    if (refs.length) route.configRefs = refs;
  }
}

function middlewareLayer(ctx: YamlDetectorContext, d: YamlDocument, pair: import("../../parsing/yaml").Pair, name: string): LayerFact {
  const retry = pair.value;
  const settings: TraefikRetrySettings = {
    attempts: num(d, get(d, retry, "attempts")),
    initialIntervalSeconds: durationSeconds(d, get(d, retry, "initialInterval")),
    status: seqItems(d, get(d, retry, "status")).map((s) => str(d, s) ?? ""),
    retryNonIdempotentMethod: bool(d, get(d, retry, "retryNonIdempotentMethod")) === true,
    disableRetryOnNetworkError: bool(d, get(d, retry, "disableRetryOnNetworkError")) === true,
    timeoutSeconds: durationSeconds(d, get(d, retry, "timeout")),
  };
  return routeLayer(ctx, traefikRetrySpec(settings, keySpan(ctx.file, pair), keyLine(ctx.file, pair), `middleware ${name}`));
}

/** A `retry` middleware's settings, whichever provider wrote them (CRD, Docker labels, file provider YAML/TOML). */
export interface TraefikRetrySettings {
  attempts: number | null;
  /** `attempts` as written when it is not a number (a compose `${VAR:-3}`): its default, or an unknown count */
  attemptsWritten?: string;
  initialIntervalSeconds: number | null;
  /** `status` entries as written: "503", "500-599" */
  status: string[];
  retryNonIdempotentMethod: boolean;
  disableRetryOnNetworkError: boolean;
  timeoutSeconds: number | null;
}

/** The layer of a Traefik `retry` middleware (§4.6): `attempts: N` counts total tries. */
export function traefikRetrySpec(s: TraefikRetrySettings, anchor: SourceSpan, anchorLine: number, label: string, where = ""): RouteLayerSpec {
  const n = s.attempts === null ? null : Math.max(1, Math.floor(s.attempts));
  const interval = s.initialIntervalSeconds;
  const statuses: number[] = [];
  for (const raw of s.status) {
    for (const part of raw.split(",")) {
      const t = part.trim();
      const range = /^(\d{3})-(\d{3})$/.exec(t);
      if (/^\d{3}$/.test(t)) statuses.push(Number(t));
      else if (range) for (let c = Number(range[1]); c <= Number(range[2]) && statuses.length < 200; c++) statuses.push(c);
    }
  }
  const nonIdempotent = s.retryNonIdempotentMethod;
  const noNetwork = s.disableRetryOnNetworkError;
  const timeout = s.timeoutSeconds;
  const permanent = statuses.filter((c) => c >= 400 && c < 500 && c !== 408 && c !== 429);
  const retryOn = [...(noNetwork ? [] : ["network-error"]), ...(statuses.length ? ["status"] : [])];
  const written = s.attemptsWritten;
  return {
    kind: "traefik-retry",
    library: "traefik",
    anchor,
    anchorLine,
    // attempts is required; a middleware without it does not retry (Traefik rejects attempts <= 0);
    // one written as a variable is its default when it has one, else not known
    maxAttempts: written !== undefined && n === null ? null : (n ?? 1),
    ...(written !== undefined && n === null ? { countUnknown: true } : {}),
    attemptsSource: n === null ? "default" : "config",
    attemptsNote:
      written !== undefined
        ? n === null
          ? `attempts: ${written} → set by the environment: count not known${where}`
          : `attempts: ${written} → its default ${n} → ${n} tries in total (unless the environment sets it)${where}`
        : n === null
          ? `attempts missing (required) → no retries${where}`
          : `attempts: ${n} → ${n} tries in total (Traefik counts the first try)${where}`,
    wait:
      interval !== null && interval > 0
        ? { kind: "exponential", jitter: true, initialSeconds: interval, maxSeconds: null, source: "config", description: `exponential from ${formatSeconds(interval)}, ±50% randomisation (Traefik)` }
        : noWait("Traefik: initialInterval 0"),
    overallTimeoutSeconds: timeout !== null && timeout > 0 ? timeout : null,
    condition: {
      allErrors: false,
      exceptionTypes: [],
      statuses,
      retryOn,
      afterSendMethods: statuses.length === 0 ? [] : nonIdempotent ? "all" : NGINX_IDEMPOTENT.filter((m) => m !== "TRACE"),
      permanentErrors: permanent.length ? `retries ${permanent.join(", ")}: errors that repeat on every attempt` : null,
      honoursRetryAfter: statuses.includes(429) || statuses.includes(503) ? false : null,
      description: `Traefik retries ${noNetwork ? "" : "network errors before any byte was sent (any method)"}${statuses.length ? `${noNetwork ? "" : "; "}statuses ${statuses.length > 6 ? `${statuses[0]}–${statuses[statuses.length - 1]}` : statuses.join(", ")} for ${nonIdempotent ? "any method" : "idempotent methods"}` : ""}`,
    },
    edge: true,
    label,
  };
}
