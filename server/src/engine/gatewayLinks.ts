/**
 * Gateway configuration split across files, joined at link time (extraction sees one file):
 * - routes with `configRefs` take their retry layer from the first object found by kind and
 *   name: a Traefik Middleware (§4.6, by name + namespace or by `<namespace>-<name>` from the
 *   Ingress annotation), the Kong Service of the backend (its `konghq.com/retries`, else the
 *   KongIngress its `konghq.com/override` names: §4.7), the ingress-nginx controller ConfigMap
 *   (§4.8), the Emissary `ambassador` Module (§4.14);
 * - Envoy Gateway BackendTrafficPolicies become edge routes of the "envoy-gateway" gateway to
 *   the backends of the HTTPRoutes/GRPCRoutes they target (directly, or through their Gateway;
 *   a policy on the route wins over one on its Gateway);
 * - Kuma builtin gateways: the MeshHTTPRoutes that target a MeshGateway are its edge routes (§4.13).
 * An Ingress that sets some ingress-nginx keys itself keeps its layer, with the ConfigMap's other
 * keys merged in (its annotations win): tries from the ConfigMap, conditions from the Ingress.
 * Returns new route records (the cached per-file facts are never changed); on the linker's
 * copies of the layers, it applies those merges and drops the layers no route uses any more
 * (a built-in default replaced by found configuration, a Kong Service annotation no Kong route
 * reaches).
 */
import { nginxRetrySpec } from "../detectors/yaml/ingressNginx";
import type { FileFacts, GatewayObjectFact, GatewayRef, MeshRouteFact } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { chartValues, withChartValues } from "./helmValues";

export interface LinkedRoute {
  /** the file whose local ids `route.layerId` refers to */
  file: FileFacts;
  route: MeshRouteFact;
}

interface Located {
  file: FileFacts;
  obj: GatewayObjectFact;
}

/** object kinds whose layer means nothing unless a route reaches it */
const ROUTE_ONLY_KINDS = new Set(["kong-service", "kong-ingress"]);

export function gatewayRoutes(files: FileFacts[], layers: Map<string, RetryLayer>): LinkedRoute[] {
  const charts = chartValues(files);
  const objects: Located[] = [];
  for (const f of files) {
    for (const written of f.gatewayObjects ?? []) {
      const fill = (t: string) => withChartValues(t, f.path, charts);
      const obj = charts.size ? { ...written, name: fill(written.name), refs: written.refs.map((r) => ({ ...r, name: fill(r.name) })), destinations: written.destinations.map(fill), parents: written.parents.map(fill) } : written;
      objects.push({ file: f, obj });
    }
  }
  const ordered = new Map<string, Located[]>();
  const byFolder = (path: string) => {
    const dir = path.slice(0, path.lastIndexOf("/") + 1);
    let list = ordered.get(dir);
    if (!list) ordered.set(dir, (list = nearestFirst(objects, path)));
    return list;
  };
  const routes: LinkedRoute[] = [];
  const replaced = new Set<string>();
  const dropped = new Set<string>();
  for (const f of files) {
    for (const written of f.routes) {
      // Helm templates: backend names written as `{{ .Values.x }}` take the chart's values
      const route = charts.size ? withValues(written, f.path, charts) : written;
      if (route.onlyWith && !objects.some((o) => matches(o.obj, route.onlyWith!))) {
        if (route.layerId) dropped.add(`${f.path}#${route.layerId}`);
        continue;
      }
      const merging = route.configRefs?.find((r) => r.settings);
      if (merging && route.layerId) mergeSettings(objects, merging, layers.get(`${f.path}#${route.layerId}`));
      const found = route.configRefs?.length && !merging ? firstLayer(byFolder(f.path), route.configRefs, 0) : null;
      // a Traefik router under a static configuration's entry-point middlewares: a route only when they retry
      if (route.onlyWith?.kind === "traefik-entrypoint" && !found && !route.layerId) continue;
      if (found && `${found.file.path}#${found.layerId}` !== `${f.path}#${route.layerId}`) {
        if (route.layerId) replaced.add(`${f.path}#${route.layerId}`);
        routes.push({ file: found.file, route: { ...route, layerId: found.layerId } });
      } else routes.push({ file: f, route });
    }
  }
  routes.push(...envoyGatewayRoutes(objects), ...kumaGatewayRoutes(objects), ...gatewayApiRetryRoutes(objects), ...appMeshRoutes(objects));

  const used = new Set(routes.filter((r) => r.route.layerId).map((r) => `${r.file.path}#${r.route.layerId}`));
  const unusedLayers = new Set([...replaced, ...dropped].filter((id) => !used.has(id)));
  for (const { file, obj } of objects) {
    const id = obj.layerId ? `${file.path}#${obj.layerId}` : null;
    if (id && ROUTE_ONLY_KINDS.has(obj.kind) && !used.has(id)) unusedLayers.add(id);
    // App Mesh's default policy exists only on the Envoy routes of virtual services
    if (id && obj.kind.startsWith("appmesh-") && layers.get(id)?.kind === "appmesh-default" && !used.has(id)) unusedLayers.add(id);
  }
  for (const id of unusedLayers) layers.delete(id);
  return routes;
}

/** The route's own settings over the referred object's (ingress-nginx annotations over the ConfigMap). */
function mergeSettings(objects: Located[], ref: GatewayRef, layer: RetryLayer | undefined): void {
  const base = objects.find((o) => matches(o.obj, ref) && o.obj.settings)?.obj.settings;
  if (!layer || !base || !ref.settings || ref.kind !== "ingress-nginx-configmap") return;
  const merged = { ...base, ...ref.settings };
  if (Object.keys(merged).every((k) => ref.settings![k] === merged[k])) return; // nothing comes from the ConfigMap
  const spec = nginxRetrySpec(merged, "with the controller ConfigMap");
  Object.assign(layer, spec, { disabled: spec.maxAttempts === 1 });
}

function withValues(r: MeshRouteFact, path: string, charts: ReturnType<typeof chartValues>): MeshRouteFact {
  const fill = (t: string) => withChartValues(t, path, charts);
  const configRefs = r.configRefs?.map((ref) => ({ ...ref, name: fill(ref.name) }));
  return { ...r, destinations: r.destinations.map(fill), hosts: r.hosts.map(fill), ...(configRefs ? { configRefs } : {}) };
}

function matches(o: GatewayObjectFact, ref: GatewayRef): boolean {
  if (o.kind !== ref.kind) return false;
  const nsOk = ref.namespace === null || o.namespace === null || ref.namespace === o.namespace;
  if (ref.name === "") return true;
  if (o.name === ref.name && nsOk) return true;
  // Traefik's Ingress annotation names a CRD middleware as `<namespace>-<name>`
  return o.kind === "traefik-middleware" && `${o.namespace ?? "default"}-${o.name}` === ref.name;
}

/**
 * The objects ordered by how many folders their file shares with `path`, nearest first (stable):
 * a name defined in several configurations (a development `docker/traefik/dynamic.yml` and the
 * production templates' `common_middlewares.yml.j2`, each with its `retry@file`) is the one
 * written beside the file naming it.
 */
function nearestFirst(objects: Located[], path: string): Located[] {
  const folders = path.split("/").slice(0, -1);
  const shared = (other: string) => {
    const theirs = other.split("/").slice(0, -1);
    let n = 0;
    while (n < folders.length && n < theirs.length && folders[n] === theirs[n]) n++;
    return n;
  };
  return objects.map((o, i) => ({ o, i, n: shared(o.file.path) })).sort((a, b) => b.n - a.n || a.i - b.i).map((x) => x.o);
}

/** The first ref that leads to a layer, following an object's own refs (Service → KongIngress). */
function firstLayer(objects: Located[], refs: GatewayRef[], depth: number): { file: FileFacts; layerId: string } | null {
  if (depth > 3) return null;
  for (const ref of refs) {
    for (const { file, obj } of objects) {
      if (!matches(obj, ref)) continue;
      if (obj.layerId) return { file, layerId: obj.layerId };
      const via = obj.refs.length ? firstLayer(objects, obj.refs, depth + 1) : null;
      if (via) return via;
    }
  }
  return null;
}

function envoyGatewayRoutes(objects: Located[]): LinkedRoute[] {
  const policies = objects.filter((o) => o.obj.kind === "envoy-gateway-policy" && o.obj.layerId);
  if (!policies.length) return [];
  const out: LinkedRoute[] = [];
  for (const { obj: httpRoute } of objects) {
    if (httpRoute.kind !== "httproute") continue;
    const sameNs = (p: GatewayObjectFact) => p.namespace === null || httpRoute.namespace === null || p.namespace === httpRoute.namespace;
    const onRoute = policies.find((p) => p.obj.refs.some((r) => r.name === httpRoute.name) && sameNs(p.obj));
    // a route in another namespace may attach to the Gateway: no namespace check there
    const onGateway = policies.find((p) => p.obj.parents.some((g) => httpRoute.parents.includes(g)));
    const policy = onRoute ?? onGateway;
    if (!policy) continue;
    // a rule's own `retry` (GEP-1731) wins over the policy (Envoy Gateway ≥ 1.3: HTTPRoute.GetRetry)
    const ownRetry = new Set(objects.filter((o) => o.obj.kind === "httproute-retry" && o.obj.name === httpRoute.name && sameNs(o.obj)).flatMap((o) => o.obj.destinations));
    // one route per backend: the linker makes one gateway hop per route
    for (const destination of httpRoute.destinations) {
      if (ownRetry.has(destination)) continue;
      const route: MeshRouteFact = {
        product: "envoy-gateway",
        hosts: [],
        destinations: [destination],
        edge: true,
        gateway: "envoy-gateway",
        namespace: httpRoute.namespace,
        match: httpRoute.match,
        span: httpRoute.span,
        layerId: policy.obj.layerId,
        timeoutSeconds: null,
      };
      out.push({ file: policy.file, route });
    }
  }
  return out;
}

/** Kuma builtin gateways: each MeshHTTPRoute attached to one is an edge route to its backends, under the gateway's layer. */
function kumaGatewayRoutes(objects: Located[]): LinkedRoute[] {
  const out: LinkedRoute[] = [];
  for (const { file: routeFile, obj: route } of objects) {
    if (route.kind !== "kuma-gateway-route") continue;
    // alternative manifests may each define the gateway (a plain manifest and a kustomize overlay):
    // the definition nearest the route's file is the one deployed with it
    const gateway = nearest(routeFile.path, objects.filter((o) => o.obj.kind === "kuma-gateway" && route.parents.includes(o.obj.name)));
    if (!gateway) continue;
    for (const destination of route.destinations) {
      out.push({
        file: gateway.file,
        route: {
          product: "kuma",
          hosts: [],
          destinations: [destination],
          edge: true,
          gateway: `kuma-gateway:${gateway.obj.name}`,
          namespace: gateway.obj.namespace,
          match: route.match,
          span: route.span,
          layerId: gateway.obj.layerId,
          timeoutSeconds: null,
        },
      });
    }
  }
  return out;
}

/** The object whose file shares the longest folder prefix with `path` (the same file first). */
function nearest(path: string, candidates: Located[]): Located | undefined {
  const shared = (other: string) => {
    if (other === path) return Infinity;
    const a = path.split("/");
    const b = other.split("/");
    let i = 0;
    while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
    return i;
  };
  let best: Located | undefined;
  for (const c of candidates) if (!best || shared(c.file.path) > shared(best.file.path)) best = c;
  return best;
}

/**
 * Gateway API `rules[].retry` (GEP-1731, docs/reference/gateway-api-retry.md): each rule with a
 * retry is an edge route of the controller serving its parent Gateway — Istio (class `istio` or
 * controller `istio.io/gateway-controller`: the `istio-gateway:<name>` gateway of §4.1), Envoy
 * Gateway (controller `gateway.envoyproxy.io/gatewayclass-controller`, class `eg`), else a
 * `gateway-api:<name>` gateway of its own.
 */
function gatewayApiRetryRoutes(objects: Located[]): LinkedRoute[] {
  const out: LinkedRoute[] = [];
  const controllers = new Map<string, string>();
  for (const { obj } of objects) if (obj.kind === "gateway-api-class" && obj.settings?.controller) controllers.set(obj.name, obj.settings.controller);
  const controllerOf = (parent: string, namespace: string | null): "istio" | "envoy-gateway" | null => {
    const gw = objects.find((o) => o.obj.kind === "gateway-api-gateway" && o.obj.name === parent && (namespace === null || o.obj.namespace === null || o.obj.namespace === namespace))?.obj;
    const cls = gw?.settings?.class ?? null;
    const controller = cls ? controllers.get(cls) ?? null : null;
    if (cls === "istio" || controller === "istio.io/gateway-controller" || objects.some((o) => o.obj.kind === "istio-gateway-api" && o.obj.name === parent)) return "istio";
    if (cls === "eg" || cls === "envoy-gateway" || controller === "gateway.envoyproxy.io/gatewayclass-controller") return "envoy-gateway";
    return null;
  };
  for (const { file, obj } of objects) {
    if (obj.kind !== "httproute-retry" || !obj.layerId) continue;
    for (const parent of obj.parents) {
      // a Kong Gateway's routes carry the Kong Service's retries (kong.ts); KIC's reading of `retry` is not modelled
      if (objects.some((o) => o.obj.kind === "kong-gateway" && o.obj.name === parent)) continue;
      const controller = controllerOf(parent, obj.namespace);
      const gateway = controller === "istio" ? `istio-gateway:${parent}` : controller === "envoy-gateway" ? "envoy-gateway" : `gateway-api:${parent}`;
      for (const destination of obj.destinations) {
        out.push({
          file,
          route: { product: controller ?? "gateway-api", hosts: [], destinations: [destination], edge: true, gateway, namespace: obj.namespace, match: obj.match, span: obj.span, layerId: obj.layerId, timeoutSeconds: null },
        });
      }
    }
  }
  return out;
}

/**
 * AWS App Mesh (docs/reference/appmesh.md): each virtual service routes, in the caller's Envoy,
 * through its virtual router's routes (their `retryPolicy`, else App Mesh's default) or to its
 * virtual node (the default): mesh routes for the hosts callers use (`awsName`, the name), to the
 * virtual nodes' DNS hosts.
 */
function appMeshRoutes(objects: Located[]): LinkedRoute[] {
  const out: LinkedRoute[] = [];
  const nsOk = (a: string | null, b: string | null) => a === null || b === null || a === b;
  const nodeHosts = (refs: GatewayRef[]) =>
    refs.flatMap((r) => objects.filter((o) => o.obj.kind === "appmesh-virtual-node" && o.obj.name === r.name && nsOk(o.obj.namespace, r.namespace)).flatMap((o) => o.obj.destinations));
  for (const { file, obj: vs } of objects) {
    if (vs.kind !== "appmesh-virtual-service") continue;
    const hosts = [...new Set([vs.settings?.awsName, vs.name].filter((h): h is string => !!h))];
    const ref = vs.refs[0];
    if (!ref) continue;
    const route = (layerFile: FileFacts, layerId: string, destinations: string[], span: GatewayObjectFact["span"]): LinkedRoute => ({
      file: layerFile,
      route: { product: "appmesh", hosts, destinations: destinations.length ? destinations : hosts, edge: false, gateway: null, namespace: vs.namespace, match: null, span, layerId, timeoutSeconds: null },
    });
    if (ref.kind === "appmesh-virtual-node") {
      if (vs.layerId) out.push(route(file, vs.layerId, nodeHosts([ref]), vs.span));
      continue;
    }
    for (const { file: rf, obj: r } of objects) {
      if (r.kind !== "appmesh-virtual-router" || r.name !== ref.name || !nsOk(r.namespace, ref.namespace) || !r.layerId) continue;
      out.push(route(rf, r.layerId, nodeHosts(r.refs), r.span));
    }
  }
  return out;
}
