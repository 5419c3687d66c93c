/**
 * Kong Gateway Service `retries` (reference §4.7, §0 row "Kong Service"): default **5** retries →
 * 6 attempts (`set_more_tries(retries)`), N → N+1, no back-off, NGINX's default
 * `proxy_next_upstream error timeout` (a sent POST/PATCH/LOCK is not passed on; 5xx not retried).
 *
 * Two spellings, both edge routes from the Kong gateway to the upstream service:
 * - declarative `kong.yml` / decK state files (`_format_version` + `services[]`): one layer per
 *   service, from its `retries`, else decK's `_info.defaults.service.retries`, else the default;
 *   destination from `url` / `host`, or the `targets` of the `upstreams[]` entry `host` names;
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
  if (k.apiVersion.startsWith("gateway.networking.k8s.io/")) return gatewayApi(ctx, d, k.kind);
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

const KIC_CONTROLLER = "konghq.com/kic-gateway-controller";
/** Per file: GatewayClass names whose controller is KIC. */
const kicClasses = new WeakMap<object, Set<string>>();

/**
 * Gateway API on the Kong Ingress Controller: a Gateway of class `kong` (or of a GatewayClass of
 * the KIC controller in the same file) is a "kong-gateway"; each HTTPRoute backend is an edge route
 * of the kong gateway that exists only where such a Gateway is its parent (`onlyWith`), under the
 * backend Service's `konghq.com/retries` (any file, `configRefs`) or else the Kong default 5 → 6.
 */
function gatewayApi(ctx: YamlDetectorContext, d: YamlDocument, kind: string): void {
  const name = metaName(d);
  const spec = get(d, d.root, "spec");
  if (!name) return;
  let classes = kicClasses.get(ctx.facts);
  if (!classes) kicClasses.set(ctx.facts, (classes = new Set(["kong"])));
  if (kind === "GatewayClass") {
    if (str(d, get(d, spec, "controllerName")) === KIC_CONTROLLER) classes.add(name);
    return;
  }
  if (kind === "Gateway") {
    const cls = str(d, get(d, spec, "gatewayClassName"));
    if (cls && classes.has(cls)) (ctx.facts.gatewayObjects ??= []).push({ kind: "kong-gateway", name, namespace: metaNamespace(d), span: nodeSpan(ctx.file, d.root), layerId: null, refs: [], destinations: [], parents: [], match: null });
    return;
  }
  if (kind !== "HTTPRoute") return;
  const namespace = metaNamespace(d);
  const parents = seqItems(d, get(d, spec, "parentRefs"))
    .filter((p) => (str(d, get(d, p, "kind")) ?? "Gateway") === "Gateway")
    .map((p) => ({ name: str(d, get(d, p, "name")), namespace: str(d, get(d, p, "namespace")) ?? namespace }))
    .filter((p): p is { name: string; namespace: string | null } => !!p.name);
  const rulesPair = getPair(d, spec, "rules");
  if (!parents.length || !rulesPair) return;
  let layer: LayerFact | null = null;
  for (const rule of seqItems(d, rulesPair.value)) {
    const match = str(d, get(d, get(d, seqItems(d, get(d, rule, "matches"))[0], "path"), "value"));
    for (const b of seqItems(d, get(d, rule, "backendRefs"))) {
      const svc = str(d, get(d, b, "name"));
      if ((str(d, get(d, b, "kind")) ?? "Service") !== "Service" || !svc) continue;
      layer ??= kongLayer(ctx, rulesPair, null, `HTTPRoute ${name}`);
      for (const parent of parents) {
        const route = pushRoute(ctx, { product: "kong", hosts: [], destinations: [svc], edge: true, gateway: "kong", namespace, match, span: nodeSpan(ctx.file, rule), layer });
        route.onlyWith = { kind: "kong-gateway", name: parent.name, namespace: parent.namespace };
        route.configRefs = [{ kind: "kong-service", name: svc, namespace }];
      }
    }
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
  // decK `_info.defaults.service.retries`: the value of every service that sets none (decK "Object defaults")
  const infoPair = getPair(d, get(d, get(d, get(d, d.root, "_info"), "defaults"), "service"), "retries");
  const infoRetries = infoPair ? num(d, infoPair.value) : null;
  // `host` naming an upstream: NGINX's next tries go to its targets (`targets[].target` "host:port")
  const upstreams = new Map<string, string[]>();
  for (const u of seqItems(d, get(d, d.root, "upstreams"))) {
    const name = str(d, get(d, u, "name"));
    const targets = seqItems(d, get(d, u, "targets")).map((t) => str(d, get(d, t, "target"))).filter((t): t is string => !!t).map(hostOnly);
    if (name && targets.length) upstreams.set(name, [...new Set(targets)]);
  }
  for (const service of seqItems(d, get(d, d.root, "services"))) {
    if (!isMap(service)) continue;
    const url = str(d, get(d, service, "url"));
    const host = str(d, get(d, service, "host")) ?? (url ? hostOnly(url) : null);
    if (!host) continue;
    const name = str(d, get(d, service, "name")) ?? host;
    const retriesPair = getPair(d, service, "retries");
    const own = retriesPair ? num(d, retriesPair.value) : null;
    const fromInfo = own === null && infoRetries !== null;
    const retries = own ?? infoRetries;
    const anchorPair = retriesPair ?? getPair(d, service, "name") ?? getPair(d, service, "url") ?? getPair(d, service, "host")!;
    const layer = kongLayer(ctx, anchorPair, retries, `service ${name}`);
    if (fromInfo) {
      layer.attemptsSource = "config";
      layer.attemptsNote = `retries from decK _info.defaults.service: ${retries} → ${Math.max(0, Math.floor(retries!)) + 1} attempts`;
    }
    const firstRoute = seqItems(d, get(d, service, "routes"))[0];
    const match = firstRoute ? str(d, seqItems(d, get(d, firstRoute, "paths"))[0]) : null;
    for (const destination of upstreams.get(host) ?? [host]) {
      pushRoute(ctx, { product: "kong", hosts: [], destinations: [destination], edge: true, gateway: "kong", namespace: null, match, span: nodeSpan(ctx.file, service), layer });
    }
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
