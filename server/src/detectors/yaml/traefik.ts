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
import type { LayerFact } from "../../model/facts";
import { bool, get, getPair, keyLine, keySpan, nodeSpan, num, seqItems, str, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { durationSeconds, formatSeconds } from "./durations";
import { annotationPair, annotations, ingressBackends, metaName, metaNamespace, noWait, NGINX_IDEMPOTENT, pushRoute, routeLayer } from "./routeLayers";

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
  const attempts = num(d, get(d, retry, "attempts"));
  const n = attempts === null ? null : Math.max(1, Math.floor(attempts));
  const interval = durationSeconds(d, get(d, retry, "initialInterval"));
  const statuses: number[] = [];
  for (const s of seqItems(d, get(d, retry, "status"))) {
    const t = str(d, s) ?? "";
    const range = /^(\d{3})-(\d{3})$/.exec(t.trim());
    if (/^\d{3}$/.test(t.trim())) statuses.push(Number(t));
    else if (range) for (let c = Number(range[1]); c <= Number(range[2]) && statuses.length < 200; c++) statuses.push(c);
  }
  const nonIdempotent = bool(d, get(d, retry, "retryNonIdempotentMethod")) === true;
  const noNetwork = bool(d, get(d, retry, "disableRetryOnNetworkError")) === true;
  const timeout = durationSeconds(d, get(d, retry, "timeout"));
  const permanent = statuses.filter((c) => c >= 400 && c < 500 && c !== 408 && c !== 429);
  const retryOn = [...(noNetwork ? [] : ["network-error"]), ...(statuses.length ? ["status"] : [])];
  return routeLayer(ctx, {
    kind: "traefik-retry",
    library: "traefik",
    anchor: keySpan(ctx.file, pair),
    anchorLine: keyLine(ctx.file, pair),
    // attempts is required; a middleware without it does not retry (Traefik rejects attempts <= 0)
    maxAttempts: n ?? 1,
    attemptsSource: n === null ? "default" : "config",
    attemptsNote: n === null ? "attempts missing (required) → no retries" : `attempts: ${n} → ${n} tries in total (Traefik counts the first try)`,
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
    label: `middleware ${name}`,
  });
}
