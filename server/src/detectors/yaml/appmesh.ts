/**
 * AWS App Mesh (docs/reference/appmesh.md): the Envoy route retry policy of a virtual service,
 * in the caller's sidecar. Two spellings:
 * - the App Mesh controller's CRDs (appmesh.k8s.aws/v1beta2): `VirtualRouter.spec.routes[]`
 *   (`httpRoute` / `http2Route` / `grpcRoute` with `retryPolicy: {maxRetries, perRetryTimeout:
 *   {unit, value}, httpRetryEvents, tcpRetryEvents, grpcRetryEvents}`), `VirtualService.spec`
 *   (`awsName`, default `<name>.<namespace>`; `provider.virtualRouter.virtualRouterRef` or
 *   `provider.virtualNode.virtualNodeRef`), `VirtualNode.spec.serviceDiscovery.dns.hostname`;
 * - CloudFormation `AWS::AppMesh::Route` (`Spec.HttpRoute.RetryPolicy.MaxRetries`, …,
 *   `VirtualRouterName`) and `AWS::AppMesh::VirtualService` (`VirtualServiceName`,
 *   `Spec.Provider.VirtualRouter.VirtualRouterName`) resources of a template.
 *
 * Numbers (AWS App Mesh API reference, HttpRetryPolicy; "Envoy defaults set by App Mesh"):
 * - `maxRetries: N` ("the maximum number of retry attempts") → N+1 attempts; 0 → 1 (off).
 * - no `retryPolicy`: App Mesh's **default Envoy route retry policy** (meshes in accounts created
 *   since 2020-07-29): 2 retries → **3 attempts** on HTTP 503, gRPC UNAVAILABLE, connect-failure and
 *   refused-stream — for every route, and for a virtual service whose provider is a virtual node.
 *   It is not visible in the App Mesh API: an implicit layer ("appmesh-default").
 * - events: `server-error` (500–511), `gateway-error` (502–504), `client-error` (409),
 *   `stream-error` (refused stream), TCP `connection-error`; gRPC events by name. Envoy has no
 *   method gate: POST is retried too. Wait: Envoy's default 25 ms full-jitter back-off.
 * - `perRetryTimeout` is the per-try timeout.
 * A route's layer goes on every mesh hop to the virtual service (its `awsName` or name), joined
 * across files at link time (engine/gatewayLinks.ts) through GatewayObjectFacts.
 */
import { isMap } from "yaml";
import type { GatewayRef, LayerFact, RetryCondition } from "../../model/facts";
import { get, getPair, keyLine, keySpan, mapPairs, keyName, num, seqItems, str, type Node, type Pair, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { ENVOY_DEFAULT_WAIT, envoyRetryCondition } from "./envoy";
import { metaName, metaNamespace, routeLayer } from "./routeLayers";

export const APPMESH_DEFAULT_RETRIES = 2;
const HTTP_EVENTS: Record<string, { token: string; statuses: number[] }> = {
  "server-error": { token: "5xx", statuses: [500, 501, 502, 503, 504, 505, 506, 507, 508, 510, 511] },
  "gateway-error": { token: "gateway-error", statuses: [502, 503, 504] },
  "client-error": { token: "retriable-4xx", statuses: [409] },
  "stream-error": { token: "refused-stream", statuses: [] },
};
const ROUTE_KINDS = ["httpRoute", "http2Route", "grpcRoute"];

export function detectAppMesh(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (k?.apiVersion.startsWith("appmesh.k8s.aws/")) return crd(ctx, d, k.kind);
  // CloudFormation: Resources.<id>.Type AWS::AppMesh::*
  const resources = get(d, d.root, "Resources");
  if (!isMap(resources)) return;
  for (const pair of mapPairs(d, resources)) cfnResource(ctx, d, pair);
}

function push(ctx: YamlDetectorContext, o: { kind: "appmesh-virtual-service" | "appmesh-virtual-router" | "appmesh-virtual-node"; name: string; namespace: string | null; pair: Pair; layerId: string | null; refs?: GatewayRef[]; destinations?: string[]; match?: string | null; awsName?: string }): void {
  (ctx.facts.gatewayObjects ??= []).push({
    kind: o.kind,
    name: o.name,
    namespace: o.namespace,
    span: keySpan(ctx.file, o.pair),
    layerId: o.layerId,
    refs: o.refs ?? [],
    destinations: o.destinations ?? [],
    parents: [],
    match: o.match ?? null,
    ...(o.awsName ? { settings: { awsName: o.awsName } } : {}),
  });
}

function crd(ctx: YamlDetectorContext, d: YamlDocument, kind: string): void {
  const name = metaName(d);
  if (!name) return;
  const namespace = metaNamespace(d);
  const spec = get(d, d.root, "spec");
  const kindPair = getPair(d, d.root, "kind")!;
  if (kind === "VirtualService") {
    const provider = get(d, spec, "provider");
    const router = str(d, get(d, get(d, get(d, provider, "virtualRouter"), "virtualRouterRef"), "name"));
    const node = str(d, get(d, get(d, get(d, provider, "virtualNode"), "virtualNodeRef"), "name"));
    const awsName = str(d, get(d, spec, "awsName")) ?? (namespace ? `${name}.${namespace}` : name);
    // a virtual node provider: App Mesh builds an Envoy route for it, with the default policy
    const providerPair = getPair(d, spec, "provider") ?? kindPair;
    const layer = !router && node ? defaultLayer(ctx, providerPair, `virtual service ${name}`) : null;
    const refs: GatewayRef[] = router ? [{ kind: "appmesh-virtual-router", name: router, namespace }] : node ? [{ kind: "appmesh-virtual-node", name: node, namespace }] : [];
    if (refs.length) push(ctx, { kind: "appmesh-virtual-service", name, namespace, pair: providerPair, layerId: layer?.localId ?? null, refs, awsName });
    return;
  }
  if (kind === "VirtualNode") {
    const host = str(d, get(d, get(d, get(d, spec, "serviceDiscovery"), "dns"), "hostname"));
    const cloudMap = get(d, get(d, spec, "serviceDiscovery"), "awsCloudMap");
    const target = host ?? (cloudMap ? str(d, get(d, cloudMap, "serviceName")) : null);
    if (target) push(ctx, { kind: "appmesh-virtual-node", name, namespace, pair: kindPair, layerId: null, destinations: [target] });
    return;
  }
  if (kind !== "VirtualRouter") return;
  for (const route of seqItems(d, get(d, spec, "routes"))) {
    const routeName = str(d, get(d, route, "name")) ?? name;
    for (const rk of ROUTE_KINDS) {
      const rp = getPair(d, route, rk);
      if (!rp || !isMap(rp.value)) continue;
      const retryPair = getPair(d, rp.value, "retryPolicy");
      const layer = retryPair && isMap(retryPair.value) ? retryLayer(ctx, d, retryPair, rk === "grpcRoute", `route ${routeName} of ${name}`) : defaultLayer(ctx, rp, `route ${routeName} of ${name}`);
      const nodes = seqItems(d, get(d, get(d, rp.value, "action"), "weightedTargets"))
        .map((t) => str(d, get(d, get(d, t, "virtualNodeRef"), "name")))
        .filter((t): t is string => !!t);
      const match = str(d, get(d, get(d, rp.value, "match"), "prefix"));
      push(ctx, { kind: "appmesh-virtual-router", name, namespace, pair: retryPair ?? rp, layerId: layer.localId, refs: nodes.map((n) => ({ kind: "appmesh-virtual-node", name: n, namespace })), match });
    }
  }
}

/** CloudFormation AWS::AppMesh::Route / VirtualService / VirtualNode resources. */
function cfnResource(ctx: YamlDetectorContext, d: YamlDocument, pair: Pair): void {
  const res = pair.value;
  const type = str(d, get(d, res, "Type"));
  if (!type?.startsWith("AWS::AppMesh::")) return;
  const props = get(d, res, "Properties");
  const spec = get(d, props, "Spec");
  const id = keyName(d, pair) ?? "route";
  if (type === "AWS::AppMesh::VirtualService") {
    const name = str(d, get(d, props, "VirtualServiceName"));
    const provider = get(d, spec, "Provider");
    const router = str(d, get(d, get(d, provider, "VirtualRouter"), "VirtualRouterName"));
    const node = str(d, get(d, get(d, provider, "VirtualNode"), "VirtualNodeName"));
    if (!name || (!router && !node)) return;
    const providerPair = getPair(d, spec, "Provider") ?? pair;
    const layer = !router && node ? defaultLayer(ctx, providerPair, `virtual service ${name}`) : null;
    push(ctx, { kind: "appmesh-virtual-service", name, namespace: null, pair: providerPair, layerId: layer?.localId ?? null, refs: [router ? { kind: "appmesh-virtual-router", name: router, namespace: null } : { kind: "appmesh-virtual-node", name: node!, namespace: null }], awsName: name });
    return;
  }
  if (type === "AWS::AppMesh::VirtualNode") {
    const name = str(d, get(d, props, "VirtualNodeName"));
    const host = str(d, get(d, get(d, get(d, spec, "ServiceDiscovery"), "DNS"), "Hostname"));
    if (name && host) push(ctx, { kind: "appmesh-virtual-node", name, namespace: null, pair, layerId: null, destinations: [host] });
    return;
  }
  if (type !== "AWS::AppMesh::Route") return;
  const router = str(d, get(d, props, "VirtualRouterName"));
  if (!router) return;
  const routeName = str(d, get(d, props, "RouteName")) ?? id;
  for (const rk of ["HttpRoute", "Http2Route", "GrpcRoute"]) {
    const rp = getPair(d, spec, rk);
    if (!rp || !isMap(rp.value)) continue;
    const retryPair = getPair(d, rp.value, "RetryPolicy");
    const layer = retryPair && isMap(retryPair.value) ? retryLayer(ctx, d, retryPair, rk === "GrpcRoute", `route ${routeName} of ${router}`) : defaultLayer(ctx, rp, `route ${routeName} of ${router}`);
    const nodes = seqItems(d, get(d, get(d, rp.value, "Action"), "WeightedTargets"))
      .map((t) => str(d, get(d, t, "VirtualNode")))
      .filter((t): t is string => !!t);
    push(ctx, { kind: "appmesh-virtual-router", name: router, namespace: null, pair: retryPair ?? rp, layerId: layer.localId, refs: nodes.map((n) => ({ kind: "appmesh-virtual-node", name: n, namespace: null })), match: str(d, get(d, get(d, rp.value, "Match"), "Prefix")) });
  }
}

/** A key of either spelling: `maxRetries` (CRD) / `MaxRetries` (CloudFormation). */
function field(d: YamlDocument, node: Node | null, key: string): Node | null {
  return get(d, node, key) ?? get(d, node, key[0]!.toUpperCase() + key.slice(1));
}

function retryLayer(ctx: YamlDetectorContext, d: YamlDocument, pair: Pair, grpc: boolean, label: string): LayerFact {
  const policy = pair.value as Node;
  const written = num(d, field(d, policy, "maxRetries"));
  const retries = written === null ? 0 : Math.max(0, Math.floor(written));
  const perRetry = field(d, policy, "perRetryTimeout");
  const value = num(d, field(d, perRetry, "value"));
  const unit = str(d, field(d, perRetry, "unit"));
  const perTry = value === null ? null : unit === "ms" ? value / 1000 : value;
  const tokens: string[] = [];
  const statuses: number[] = [];
  for (const e of seqItems(d, field(d, policy, "httpRetryEvents")).map((x) => str(d, x) ?? "")) {
    const ev = HTTP_EVENTS[e];
    if (!ev) continue;
    tokens.push(ev.token);
    statuses.push(...ev.statuses.filter((s) => !statuses.includes(s)));
  }
  for (const e of seqItems(d, field(d, policy, "tcpRetryEvents")).map((x) => str(d, x) ?? "")) if (e === "connection-error") tokens.push("connect-failure");
  if (grpc) for (const e of seqItems(d, field(d, policy, "grpcRetryEvents")).map((x) => str(d, x) ?? "")) if (e) tokens.push(e);
  const condition = envoyRetryCondition(tokens, statuses, { honoursRetryAfter: false, product: "App Mesh (Envoy)" });
  return routeLayer(ctx, {
    kind: "appmesh-retry",
    library: "appmesh",
    anchor: keySpan(ctx.file, pair),
    anchorLine: keyLine(ctx.file, pair),
    // maxRetries is required; a policy without it is rejected by the API
    maxAttempts: retries + 1,
    attemptsSource: written === null ? "default" : "config",
    attemptsNote: written === null ? "maxRetries missing (required) → no retries" : retries === 0 ? "maxRetries: 0 → 1 attempt (retries off)" : `maxRetries: ${retries} → ${retries + 1} attempts (App Mesh counts retries)`,
    wait: ENVOY_DEFAULT_WAIT,
    condition,
    perTryTimeoutSeconds: perTry !== null && perTry > 0 ? perTry : null,
    edge: false,
    label,
  });
}

function defaultCondition(): RetryCondition {
  const c = envoyRetryCondition(["connect-failure", "refused-stream", "unavailable", "retriable-status-codes"], [503], { honoursRetryAfter: false, product: "App Mesh default (Envoy)", defaultTokens: true });
  c.description += " — App Mesh's default route retry policy (not visible in the App Mesh API)";
  return c;
}

function defaultLayer(ctx: YamlDetectorContext, anchor: Pair, label: string): LayerFact {
  return routeLayer(ctx, {
    kind: "appmesh-default",
    library: "appmesh",
    anchor: keySpan(ctx.file, anchor),
    anchorLine: keyLine(ctx.file, anchor),
    maxAttempts: APPMESH_DEFAULT_RETRIES + 1,
    attemptsSource: "default",
    attemptsNote: `no retryPolicy → App Mesh default Envoy route retry policy: ${APPMESH_DEFAULT_RETRIES} retries → ${APPMESH_DEFAULT_RETRIES + 1} attempts (meshes created since 2020-07-29)`,
    wait: ENVOY_DEFAULT_WAIT,
    condition: defaultCondition(),
    edge: false,
    label,
  });
}
