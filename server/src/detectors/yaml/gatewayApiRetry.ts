/**
 * Gateway API `HTTPRoute` `spec.rules[].retry` (GEP-1731, experimental channel since Gateway API
 * v1.2; docs/reference/gateway-api-retry.md):
 *
 *   rules:
 *     - backendRefs: [{name: orders, port: 80}]
 *       retry:
 *         attempts: 3        # retries (GEP: "maximum number of times … should be retried") → 4
 *         backoff: 100ms     # minimum wait between attempts
 *         codes: [502, 503]  # statuses retried besides connection errors
 *
 * - `attempts: N` → N+1 attempts; `0` → 1 (off). Unset: "implementation-specific"; Istio
 *   (`ptr.OrDefault(r.Retry.Attempts, 2)`, pilot/pkg/config/kube/gateway/conversion.go) and Envoy
 *   Gateway (`retryDefaultNumRetries = 2`, internal/xds/translator/route.go) both use **2 → 3**.
 * - Retried: connection errors (connect-failure, refused-stream, gRPC unavailable/cancelled) and
 *   the `codes`, for every method (Envoy has no method gate, §4.2); Envoy Gateway keeps its
 *   default 503 when `codes` is empty.
 * - Wait: Envoy's fully jittered exponential back-off, base `backoff` (default 25 ms), cap 10× base.
 * - `timeouts.backendRequest` becomes the per-try timeout (both controllers).
 *
 * One layer per rule, anchored on its `retry:` key. For Gateway parents the rule is a
 * GatewayObjectFact ("httproute-retry"); engine/gatewayLinks.ts makes it an edge route of the
 * controller that serves the parent Gateway (Istio `istio-gateway:<name>`, Envoy Gateway
 * "envoy-gateway", which lets it win over a BackendTrafficPolicy as Envoy Gateway ≥ 1.3 does,
 * else `gateway-api:<name>`). A Service parent (GAMMA, a mesh route: Istio) puts the layer on
 * the mesh hops to that Service. Every Gateway and GatewayClass is recorded with its class and
 * controller for that choice. GRPCRoute has no `retry` field (GEP-3440 is provisional).
 */
import { isMap } from "yaml";
import type { LayerFact } from "../../model/facts";
import { get, getPair, keyLine, keySpan, nodeSpan, num, seqItems, str, type Pair, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { durationSeconds } from "./durations";
import { ENVOY_DEFAULT_WAIT, envoyRetryCondition, envoyWait } from "./envoy";
import { metaName, metaNamespace, pushRoute, routeLayer } from "./routeLayers";

const GATEWAY_API = "gateway.networking.k8s.io/";
/** attempts unset: Istio and Envoy Gateway both retry twice */
export const GATEWAY_API_DEFAULT_RETRIES = 2;
const CONNECTION_ERRORS = ["connect-failure", "refused-stream", "unavailable", "cancelled"];

export function detectGatewayApiRetry(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (!k || !k.apiVersion.startsWith(GATEWAY_API)) return;
  const name = metaName(d);
  if (!name) return;
  const namespace = metaNamespace(d);
  const spec = get(d, d.root, "spec");
  if (k.kind === "Gateway" || k.kind === "GatewayClass") {
    const setting = k.kind === "Gateway" ? str(d, get(d, spec, "gatewayClassName")) : str(d, get(d, spec, "controllerName"));
    if (!setting) return;
    (ctx.facts.gatewayObjects ??= []).push({
      kind: k.kind === "Gateway" ? "gateway-api-gateway" : "gateway-api-class",
      name,
      namespace: k.kind === "Gateway" ? namespace : null,
      span: nodeSpan(ctx.file, d.root),
      layerId: null,
      refs: [],
      destinations: [],
      parents: [],
      match: null,
      settings: k.kind === "Gateway" ? { class: setting } : { controller: setting },
    });
    return;
  }
  if (k.kind !== "HTTPRoute") return;
  const gateways: string[] = [];
  const services: string[] = [];
  for (const p of seqItems(d, get(d, spec, "parentRefs"))) {
    const kind = str(d, get(d, p, "kind")) ?? "Gateway";
    const parent = str(d, get(d, p, "name"));
    if (!parent) continue;
    if (kind === "Gateway") gateways.push(parent);
    else if (kind === "Service") services.push(parent);
  }
  for (const rule of seqItems(d, get(d, spec, "rules"))) {
    const pair = isMap(rule) ? getPair(d, rule, "retry") : null;
    if (!pair || !isMap(pair.value)) continue;
    const destinations: string[] = [];
    for (const b of seqItems(d, get(d, rule, "backendRefs"))) {
      const kind = str(d, get(d, b, "kind")) ?? "Service";
      const svc = str(d, get(d, b, "name"));
      if (kind === "Service" && svc && !destinations.includes(svc)) destinations.push(svc);
    }
    const perTry = durationSeconds(d, get(d, get(d, rule, "timeouts"), "backendRequest"));
    const layer = retryLayer(ctx, d, pair, name, perTry, gateways.length > 0 || services.length === 0);
    const match = str(d, get(d, get(d, seqItems(d, get(d, rule, "matches"))[0], "path"), "value"));
    if (gateways.length && destinations.length) {
      (ctx.facts.gatewayObjects ??= []).push({ kind: "httproute-retry", name, namespace, span: nodeSpan(ctx.file, rule), layerId: layer.localId, refs: [], destinations, parents: gateways, match });
    }
    // GAMMA: the route configures the mesh's hops to its parent Service
    if (services.length) pushRoute(ctx, { product: "gateway-api", hosts: services, destinations: destinations.length ? destinations : services, edge: false, gateway: null, namespace, match, span: nodeSpan(ctx.file, rule), layer });
  }
}

function retryLayer(ctx: YamlDetectorContext, d: YamlDocument, pair: Pair, route: string, perTry: number | null, edge: boolean): LayerFact {
  const retry = pair.value;
  const written = num(d, get(d, retry, "attempts"));
  const retries = written === null ? GATEWAY_API_DEFAULT_RETRIES : Math.max(0, Math.floor(written));
  const codes = seqItems(d, get(d, retry, "codes")).map((c) => num(d, c)).filter((c): c is number => c !== null && Number.isInteger(c));
  const backoff = durationSeconds(d, get(d, retry, "backoff"));
  const tokens = codes.length ? [...CONNECTION_ERRORS, "retriable-status-codes"] : CONNECTION_ERRORS;
  const condition = envoyRetryCondition(tokens, codes, { honoursRetryAfter: false, product: "Gateway API retry (Envoy)" });
  if (!codes.length) condition.description += "; Envoy Gateway also retries 503 when codes is empty";
  return routeLayer(ctx, {
    kind: "gateway-api-retry",
    library: "gateway-api",
    anchor: keySpan(ctx.file, pair),
    anchorLine: keyLine(ctx.file, pair),
    maxAttempts: retries + 1,
    attemptsSource: written === null ? "default" : "config",
    attemptsNote:
      written === null
        ? `attempts unset → ${GATEWAY_API_DEFAULT_RETRIES} retries → ${GATEWAY_API_DEFAULT_RETRIES + 1} attempts (implementation-specific: Istio and Envoy Gateway use ${GATEWAY_API_DEFAULT_RETRIES})`
        : retries === 0
          ? "attempts: 0 → 1 attempt (retries off)"
          : `attempts: ${retries} → ${retries + 1} attempts (GEP-1731 counts retries)`,
    wait: backoff !== null && backoff > 0 ? envoyWait(backoff, null, "Gateway API retry backoff") : ENVOY_DEFAULT_WAIT,
    condition,
    perTryTimeoutSeconds: perTry !== null && perTry > 0 ? perTry : null,
    edge,
    label: `HTTPRoute ${route} retry`,
  });
}
