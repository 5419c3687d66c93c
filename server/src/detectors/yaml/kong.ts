/**
 * Kong Gateway Service `retries` (reference §4.7, §0 row "Kong Service"): default **5** retries →
 * 6 attempts (`set_more_tries(retries)`), N → N+1, no back-off, NGINX's default
 * `proxy_next_upstream error timeout` (a sent POST/PATCH/LOCK is not passed on; 5xx not retried).
 *
 * Two spellings, both edge routes from the Kong gateway to the upstream service:
 * - declarative `kong.yml` (`_format_version` + `services[]`): one layer per service, from its
 *   `retries` or the default, destination from `url` / `host`;
 * - Kubernetes (Kong Ingress Controller): an Ingress with class "kong" routes to its backends;
 *   the Kong Service's retries come from the `konghq.com/retries` annotation, which KIC reads on
 *   the Kubernetes Service (or from `proxy.retries` of the `KongIngress` its `konghq.com/override`
 *   annotation names; the retries annotation wins when both are set, as KIC 3 deprecates
 *   KongIngress). A Service in the same file gives the routes to it its layer at once; one in
 *   another file is found at link time (engine/gatewayLinks.ts): Services and KongIngresses are
 *   GatewayObjectFacts, and a route that fell back to the default 5 carries a `configRefs` entry
 *   naming its backend Service.
 */
import { isMap } from "yaml";
import type { LayerFact, MeshRouteFact } from "../../model/facts";
import { get, getPair, keyLine, keySpan, nodeSpan, num, seqItems, str, type Pair, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { annotationPair, hostOnly, ingressBackends, ingressClass, metaName, metaNamespace, noWait, nginxCondition, pushRoute, routeLayer } from "./routeLayers";

export const KONG_DEFAULT_RETRIES = 5;
const ANNOTATION = "konghq.com/retries";
const OVERRIDE = "konghq.com/override";

/** Per file: k8s Service name → its retries layer, and Ingress routes by backend. */
const state = new WeakMap<object, { services: Map<string, LayerFact>; routes: Array<{ service: string; route: MeshRouteFact; fromDefault: boolean }> }>();

export function detectKong(ctx: YamlDetectorContext, d: YamlDocument): void {
  const root = d.root;
  if (isMap(root) && get(d, root, "_format_version") !== null) return declarative(ctx, d);
  const k = kubernetesKind(d);
  if (!k) return;
  let s = state.get(ctx.facts);
  if (!s) state.set(ctx.facts, (s = { services: new Map(), routes: [] }));
  if (k.kind === "KongIngress" && k.apiVersion.startsWith("configuration.konghq.com/")) return kongIngress(ctx, d);
  if (k.kind === "Service" && k.apiVersion === "v1") {
    const pair = annotationPair(d, ANNOTATION);
    const name = metaName(d);
    const retries = pair ? num(d, pair.value) : null;
    const override = annotationPair(d, OVERRIDE);
    const overrideName = override ? str(d, override.value) : null;
    if (!name || (retries === null && !overrideName)) return;
    const layer = pair && retries !== null ? kongLayer(ctx, pair, retries, `service ${name}`) : null;
    const refs = overrideName && !layer ? [{ kind: "kong-ingress" as const, name: overrideName, namespace: metaNamespace(d) }] : [];
    (ctx.facts.gatewayObjects ??= []).push({ kind: "kong-service", name, namespace: metaNamespace(d), span: keySpan(ctx.file, (pair ?? override)!), layerId: layer?.localId ?? null, refs, destinations: [], parents: [], match: null });
    if (!layer) return;
    s.services.set(name, layer);
    // an Ingress earlier in the file that routes here with the default: give it this Service's layer
    for (const r of s.routes) {
      if (r.service !== name || !r.fromDefault) continue;
      const orphan = r.route.layerId;
      r.route.layerId = layer.localId;
      delete r.route.configRefs;
      r.fromDefault = false;
      // drop the default layer when no route uses it any more
      if (orphan && !ctx.facts.routes.some((x) => x.layerId === orphan)) ctx.facts.layers = ctx.facts.layers.filter((l) => l.localId !== orphan);
    }
    return;
  }
  if (k.kind !== "Ingress" || !(k.apiVersion.startsWith("networking.k8s.io/") || k.apiVersion.startsWith("extensions/"))) return;
  const spec = get(d, root, "spec");
  if (ingressClass(d, spec) !== "kong") return;
  const kindPair = getPair(d, root, "kind")!;
  let defaultLayer: LayerFact | null = null;
  for (const b of ingressBackends(d, spec)) {
    const svc = s.services.get(b.service);
    const layer = svc ?? (defaultLayer ??= kongLayer(ctx, kindPair, null, `ingress ${metaName(d) ?? ""}`));
    const route = pushRoute(ctx, { product: "kong", hosts: [], destinations: [b.service], edge: true, gateway: "kong", namespace: metaNamespace(d), match: b.path, span: keySpan(ctx.file, kindPair), layer });
    // the backend's Service may be in another file: the linker looks it up by name
    if (!svc) route.configRefs = [{ kind: "kong-service", name: b.service, namespace: metaNamespace(d) }];
    s.routes.push({ service: b.service, route, fromDefault: !svc });
  }
}

/** KongIngress `proxy.retries` (configuration.konghq.com/v1): applies to Services that name it in `konghq.com/override`. */
function kongIngress(ctx: YamlDetectorContext, d: YamlDocument): void {
  const name = metaName(d);
  const pair = getPair(d, get(d, d.root, "proxy"), "retries");
  const retries = pair ? num(d, pair.value) : null;
  if (!name || !pair || retries === null) return;
  const layer = kongLayer(ctx, pair, retries, `KongIngress ${name}`);
  (ctx.facts.gatewayObjects ??= []).push({ kind: "kong-ingress", name, namespace: metaNamespace(d), span: keySpan(ctx.file, pair), layerId: layer.localId, refs: [], destinations: [], parents: [], match: null });
}

function declarative(ctx: YamlDetectorContext, d: YamlDocument): void {
  for (const service of seqItems(d, get(d, d.root, "services"))) {
    if (!isMap(service)) continue;
    const url = str(d, get(d, service, "url"));
    const host = str(d, get(d, service, "host")) ?? (url ? hostOnly(url) : null);
    if (!host) continue;
    const name = str(d, get(d, service, "name")) ?? host;
    const retriesPair = getPair(d, service, "retries");
    const retries = retriesPair ? num(d, retriesPair.value) : null;
    const anchorPair = retriesPair ?? getPair(d, service, "name") ?? getPair(d, service, "url") ?? getPair(d, service, "host")!;
    const layer = kongLayer(ctx, anchorPair, retries, `service ${name}`);
    const firstRoute = seqItems(d, get(d, service, "routes"))[0];
    const match = firstRoute ? str(d, seqItems(d, get(d, firstRoute, "paths"))[0]) : null;
    pushRoute(ctx, { product: "kong", hosts: [], destinations: [host], edge: true, gateway: "kong", namespace: null, match, span: nodeSpan(ctx.file, service), layer });
  }
}

function kongLayer(ctx: YamlDetectorContext, pair: Pair, retries: number | null, label: string): LayerFact {
  const n = retries === null ? KONG_DEFAULT_RETRIES : Math.max(0, Math.floor(retries));
  return routeLayer(ctx, {
    kind: "kong-service",
    library: "kong",
    anchor: keySpan(ctx.file, pair),
    anchorLine: keyLine(ctx.file, pair),
    maxAttempts: n + 1,
    attemptsSource: retries === null ? "default" : "config",
    attemptsNote: retries === null ? `retries unset → ${KONG_DEFAULT_RETRIES} retries → ${KONG_DEFAULT_RETRIES + 1} attempts (Kong default)` : n === 0 ? "retries: 0 → 1 attempt (retries off)" : `retries: ${n} → ${n + 1} attempts`,
    wait: noWait("Kong"),
    condition: nginxCondition(["error", "timeout"], "Kong (NGINX)", true),
    edge: true,
    label,
  });
}
