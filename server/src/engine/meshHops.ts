/**
 * The mesh and gateway step of linking: caller-side proxies add their retry layers to service hops
 * (Istio VirtualService retries or the implicit sidecar default for injected callers — reference
 * §4.1; Linkerd, Kuma and Consul layers for the hosts they name — §4.4, §4.5, §4.12, §4.13), an
 * Istio DestinationRule `maxRetries` becomes the budget of its host's routes (§4.3), and every edge
 * route becomes a hop from its gateway to the service it routes to.
 */
import type { FileFacts, MeshRouteFact } from "../model/facts";
import type { Hop, LinkedCall, Location, RetryLayer } from "../model/model";
import { routeMatchesCall } from "./meshRouteMatch";
import { gatewayRoutes } from "./gatewayLinks";
import { layerKey } from "./keys";
import { fileVariant, type KustomizeView } from "./kustomize";
import { istioDefaultLayer } from "./meshDefaults";
import { localService, normalizeServiceName, serviceForHost, type ServiceIndex } from "./services";
import { hostMachinePort } from "../model/hostMachine";
import { destinationOf } from "../detectors/spring/cloudGateway";

/** at most this many combinations of alternative mesh layers on one hop */
const MAX_ALTERNATIVES = 16;

export function meshAndGatewayHops(files: FileFacts[], hops: Hop[], layers: Map<string, RetryLayer>, index: ServiceIndex): Hop[] {
  // mesh: caller-side sidecars retry HTTP hops to in-cluster services
  // routes with their layers joined across files (Traefik, Kong, ingress-nginx, Emissary, Envoy Gateway)
  const routes: Array<{ file: FileFacts; route: MeshRouteFact }> = gatewayRoutes(files, layers);
  const meshRoutes = routes.filter((r) => r.route.product === "istio" && !r.route.edge);
  // other meshes (Linkerd, Kuma, Consul: §4.4–§4.5, §4.12–§4.13) retry in the caller's proxy too;
  // their config is the evidence of the mesh, so their layers apply to every hop to a host they
  // name ("*" = any in-cluster callee), without an injection check. One layer per product: the
  // most specific route (host+match > host > "*"), then the most attempts — per file: equally
  // specific routes of one product in different files are alternative manifests (three variants
  // of one ServiceProfile, a Mesh written in each of several deployment files), only one of which
  // is applied at a time, so each is a candidate and the hop is linked once through each of them.
  const otherMesh = routes.filter((r) => r.route.product !== "istio" && !r.route.edge && r.route.layerId);
  // a route with a request condition applies to the calls it can match (meshRouteMatch.ts): one
  // hop's calls may go through different routes of the callee's profile
  // every candidate set of extra layers (one empty set when none applies), with the alternative
  // files each set chose from
  const otherMeshLayers = (callee: string, call: LinkedCall | null): Candidate[] => {
    // per product: the most specific rank, and per deployment variant (a kustomize build, or a
    // manifest in no build: engine/kustomize.ts) the layer it applies
    const best = new Map<string, { rank: number; byVariant: Map<string, { id: string; attempts: number }> }>();
    // variants with a route for this very host, per product, whether or not it matches the call
    const hostVariants = new Map<string, Set<string>>();
    for (const { file, route } of otherMesh) {
      const exact = route.hosts.some((h) => h !== "*" && serviceForHost(index, h) === callee);
      // "*": in-cluster services only, not external hosts, cloud APIs (aws:…) or unresolved targets
      const inCluster = !callee.includes(".") && !callee.includes(":") && !callee.startsWith("unresolved");
      if (!exact && !(route.hosts.includes("*") && inCluster)) continue;
      const id = layerKey(file, route.layerId!);
      const variants = layers.get(id)?.variants ?? [fileVariant(file.path)];
      if (exact) for (const v of variants) hostVariants.set(route.product, (hostVariants.get(route.product) ?? new Set()).add(v));
      if (call && route.condition && !routeMatchesCall(route.condition, call)) continue;
      const rank = exact ? (route.match ? 2 : 1) : 0;
      const attempts = layers.get(id)?.maxAttempts ?? Infinity;
      let seen = best.get(route.product);
      if (!seen || rank > seen.rank) best.set(route.product, (seen = { rank, byVariant: new Map() }));
      if (rank < seen.rank) continue;
      for (const v of variants) {
        const inVariant = seen.byVariant.get(v);
        if (!inVariant || attempts > inVariant.attempts) seen.byVariant.set(v, { id, attempts });
      }
    }
    // one layer per product, every combination of the products' candidates (capped); variants
    // that apply the same layer are one candidate
    let sets: Candidate[] = [{ ids: [], choices: [] }];
    for (const [product, { rank, byVariant }] of best) {
      const among = [...byVariant.keys()];
      const byLayer = new Map<string, string[]>();
      for (const [v, c] of byVariant) byLayer.set(c.id, [...(byLayer.get(c.id) ?? []), v]);
      // a variant whose routes for the host do not match the call: the call is not retried there
      const unmatched = rank > 0 && [...(hostVariants.get(product) ?? [])].some((v) => !byVariant.has(v));
      sets = sets
        .flatMap((set) => [
          ...[...byLayer].map(([id, chosen]) => ({ ids: [...set.ids, id], choices: among.length > chosen.length ? [...set.choices, { chosen, among }] : set.choices })),
          ...(unmatched ? [set] : []),
        ])
        .slice(0, MAX_ALTERNATIVES);
    }
    return sets;
  };
  // a gateway hop to a host a mesh route names (a meshed ingress whose proxy applies the callee's
  // ServiceProfile: Linkerd §4.4) goes through each of those routes, each for the requests its
  // condition matches. Not added: "*" routes (a mesh-wide default) and routes of the gateway's own
  // product (a mesh's builtin gateway already applies its policy as the gateway's layer)
  const gatewayMeshRoutes = (callee: string, gatewayProduct: string) =>
    otherMesh.filter(({ route }) => route.product !== gatewayProduct && route.hosts.some((h) => h !== "*" && serviceForHost(index, h) === callee));
  // Istio DestinationRule maxRetries caps concurrent retries to a host: a budget on its routes' layers
  for (const f of files) {
    for (const c of f.clusters) {
      if (!c.name.startsWith("istio-destinationrule:") || !c.retryBudget) continue;
      const svc = serviceForHost(index, c.addresses[0] ?? "");
      for (const { file, route } of routes) {
        if (route.product !== "istio" || !route.layerId || !route.destinations.some((d) => serviceForHost(index, d) === svc)) continue;
        const l = layers.get(layerKey(file, route.layerId));
        if (l && l.budget === null) l.budget = c.retryBudget;
      }
    }
  }
  const finalHops: Hop[] = [];
  // database and queue hops (a Celery task goes through the broker) carry no mesh layers
  for (const rawHop of hops.flatMap((h) => (h.protocol === "db" || h.protocol === "queue" ? [h] : byOtherMeshRoute(h, otherMeshLayers)))) {
    const hop = rawHop;
    const info = index.services.get(hop.caller);
    if (hop.protocol === "db" || hop.protocol === "queue") {
      finalHops.push(hop);
      continue;
    }
    const route = meshRoutes.find((r) => r.route.hosts.some((h) => serviceForHost(index, h) === hop.callee));
    // a VirtualService's own retries apply in the caller's sidecar: where the workspace does not
    // say whether the caller is injected (its namespace is labelled elsewhere), the route is the
    // evidence of the mesh, as for Linkerd and Kuma; the implicit default needs injection itself
    if (route?.route.layerId && (info?.injection || !info?.injectionOff)) {
      finalHops.push({ ...hop, layerIds: [...hop.layerIds, layerKey(route.file, route.route.layerId)] });
      continue;
    }
    // kustomize builds that move the caller into other namespaces: one hop per injection candidate
    const candidates = info?.injectionVariants ?? (info?.injection ? [{ injection: info.injection, variants: [] as string[] }] : []);
    if (!candidates.some((c) => c.injection)) {
      finalHops.push(hop);
      continue;
    }
    if (!route && (hop.callee.includes(".") || hop.callee.includes(":"))) {
      // an external host or a cloud API (`aws:s3`, `azure:blob`): outbound passthrough, not a mesh route with the default policy
      finalHops.push(hop);
      continue;
    }
    const among = [...new Set(candidates.flatMap((c) => c.variants))];
    for (const c of candidates) {
      const alternatives = c.variants.length && among.length > c.variants.length ? [...(hop.alternatives ?? []), { chosen: c.variants, among }] : hop.alternatives;
      const variantHop = alternatives ? { ...hop, alternatives } : hop;
      if (!c.injection) {
        finalHops.push(variantHop);
        continue;
      }
      const implicit = istioDefaultLayer(c.injection, route ? `${route.file.path}:${route.route.span.line}` : null);
      if (!layers.has(implicit.id)) layers.set(implicit.id, implicit);
      finalHops.push({ ...variantHop, layerIds: [...hop.layerIds, implicit.id] });
    }
  }

  unseenCallerDefaults(index, layers);

  // gateways: an edge route is a hop from the gateway to the service it routes to
  for (const { file, route } of routes) {
    if (!route.edge) continue;
    // a gateway that is one of the workspace's services (a Spring Cloud Gateway application) is
    // that service: what routes to it and what it routes to make one path
    const written = route.gateway ?? `gateway:${file.path}`;
    const known = index.byNormalName.get(normalizeServiceName(written));
    const gateway = known && index.services.has(known) ? known : written;
    if (!index.services.has(gateway)) index.services.set(gateway, { name: gateway, gateway: true, namespace: route.namespace, injection: null, env: {} });
    const destinations = route.destinationTemplate ? templatedDestinations(route.destinationTemplate, index.services.get(gateway)!.env, route.destinations) : route.destinations;
    // `host.docker.internal:1236`: the program serving (or the compose service publishing) that port of the machine
    const toService = (d: string) => localService(index, `http://${d}`) ?? serviceForHost(index, hostMachinePort(d) !== null ? d.replace(/:\d+$/, "") : d);
    const dest = destinations.map(toService).find((d) => index.services.has(d)) ??
      (destinations[0] ? toService(destinations[0]) : null);
    if (!dest) continue;
    const layerIds = [...(route.outerLayerIds ?? []), ...(route.layerId ? [route.layerId] : [])].map((id) => layerKey(file, id));
    for (const id of layerIds) {
      const l = layers.get(id);
      if (l) l.service = gateway;
    }
    finalHops.push({ caller: gateway, callee: dest, layerIds, calls: [], fromGateway: true, protocol: "http" });
    for (const mesh of gatewayMeshRoutes(dest, route.product)) {
      const condition = mesh.route.condition ?? null;
      finalHops.push({
        caller: gateway,
        callee: dest,
        layerIds: [...layerIds, layerKey(mesh.file, mesh.route.layerId!)],
        calls: [],
        fromGateway: true,
        protocol: "http",
        ...(condition && (condition.method || condition.pathRegex) ? { requestCondition: condition } : {}),
      });
    }
  }
  return finalHops;
}

/**
 * Injected workloads whose code is not in the workspace (images built elsewhere, deployed by these
 * manifests): their calls cannot be seen, so no hop carries their sidecar's default, yet the
 * injection turns it on for every HTTP request they send (reference §4.1). Each injection
 * candidate becomes a layer on its own, on no path. A workload with code here that makes no HTTP
 * call has no such layer, and neither has an Istio gateway Deployment (its routes are its layers).
 */
function unseenCallerDefaults(index: ServiceIndex, layers: Map<string, RetryLayer>): void {
  const withCode = new Set<string>();
  for (const s of index.fileService.values()) if (s) withCode.add(s);
  const unseen = new Map<string, { at: Location; services: string[] }>();
  for (const info of index.services.values()) {
    if (info.gateway || info.istioProxy || withCode.has(info.name)) continue;
    const candidates = info.injectionVariants?.map((c) => c.injection) ?? [info.injection];
    for (const at of candidates) {
      if (!at) continue;
      const key = `${at.file}:${at.span.line}`;
      const entry = unseen.get(key) ?? { at, services: [] };
      if (!entry.services.includes(info.name)) entry.services.push(info.name);
      unseen.set(key, entry);
    }
  }
  for (const { at, services } of unseen.values()) {
    const layer = istioDefaultLayer(at, null);
    if (layers.has(layer.id)) continue;
    const names = services.length > 4 ? `${services.slice(0, 4).join(", ")} and ${services.length - 4} more` : services.join(", ");
    layer.attemptsNote = `Istio sidecar default: 2 retries → 3 attempts on every outbound HTTP request of ${names} (injected here; their code is not in the workspace, so no call is linked)`;
    layers.set(layer.id, layer);
  }
}

/**
 * A kustomize build that applies a remote base (`github.com/…/kustomize/base?ref=main`) beside a
 * Namespace of its own labelled for injection: the base's workloads, whose manifests and code are
 * not in the workspace, run there with a sidecar whose default retries every outbound HTTP request
 * (reference §4.1). With a namespace transformer every object of the build, the Namespace renamed
 * too, lands in one namespace (kustomize's NamespaceTransformer fieldSpecs include
 * `metadata/name` of kind Namespace); without one, a build creating exactly one namespace is taken
 * to create it for what it deploys (the tutorial's `kustomize edit set namespace`). One layer at the
 * label, on no path: the calls cannot be seen. A build creating several namespaces says nothing.
 */
export function remoteBaseDefaults(files: FileFacts[], builds: KustomizeView["remoteBuilds"], layers: Map<string, RetryLayer>): void {
  if (!builds?.length) return;
  const byPath = new Map(files.map((f) => [f.path, f]));
  for (const build of builds) {
    const created = build.files.flatMap((path) => (byPath.get(path)?.namespaces ?? []).map((ns) => ({ path, ns })));
    const names = new Set(created.map((c) => c.ns.name));
    if (names.size !== 1) continue;
    const labelled = created.find((c) => c.ns.sidecarInjection?.enabled);
    if (!labelled) continue;
    const line = labelled.ns.sidecarInjection!.line;
    const layer = istioDefaultLayer({ file: labelled.path, span: { line, column: 0, endLine: line, endColumn: 0 } }, null);
    if (layers.has(layer.id)) continue;
    layer.attemptsNote = `Istio sidecar default: 2 retries → 3 attempts on every outbound HTTP request of the workloads of ${build.remotes.join(", ")} (a remote base the kustomize build ${build.variant.replace(/^kustomize:/, "")} applies into namespace ${labelled.ns.name}; their code is not in the workspace, so no call is linked)`;
    layers.set(layer.id, layer);
  }
}

/**
 * A hop with the other meshes' layers for its callee added: when the calls of the hop go through
 * different routes (one route per RPC in a Linkerd profile), one hop per set of routes.
 */
interface Candidate {
  ids: string[];
  choices: NonNullable<Hop["alternatives"]>;
}

function withCandidate(hop: Hop, c: Candidate, calls: LinkedCall[]): Hop {
  if (!c.ids.length) return calls === hop.calls ? hop : { ...hop, calls };
  return { ...hop, calls, layerIds: [...hop.layerIds, ...c.ids], ...(c.choices.length ? { alternatives: c.choices } : {}) };
}

function byOtherMeshRoute(hop: Hop, layersFor: (callee: string, call: LinkedCall | null) => Candidate[]): Hop[] {
  if (hop.calls.length === 0) return layersFor(hop.callee, null).map((c) => withCandidate(hop, c, hop.calls));
  const groups = new Map<string, { candidate: Candidate; calls: LinkedCall[] }>();
  for (const call of hop.calls) {
    // alternative manifests: the call goes through each candidate's set of layers
    for (const candidate of layersFor(hop.callee, call)) {
      const key = candidate.ids.join("\u0000");
      const g = groups.get(key) ?? { candidate, calls: [] };
      g.calls.push(call);
      groups.set(key, g);
    }
  }
  return [...groups.values()].map((g) => withCandidate(hop, g.candidate, g.calls));
}

/**
 * A destination written with `${NAME:default}` placeholders, resolved against the gateway's
 * environment first (a variable of that name, or its relaxed form: catalog.url ← CATALOG_URL), as
 * Spring resolves placeholders; without a value there, the destinations the detector resolved
 * from the settings files and defaults.
 */
function templatedDestinations(template: string, env: Record<string, string>, resolved: string[]): string[] {
  let fromEnv = false;
  const text = template.replace(/\$\{([^}:]+)(?::([^}]*))?\}/g, (whole, name: string, fallback: string | undefined) => {
    const value = env[name] ?? env[name.replace(/[.-]/g, "_").toUpperCase()];
    if (value !== undefined) {
      fromEnv = true;
      return value;
    }
    return fallback ?? whole;
  });
  const dest = fromEnv ? destinationOf(text) : null;
  return dest ? [dest] : resolved;
}
