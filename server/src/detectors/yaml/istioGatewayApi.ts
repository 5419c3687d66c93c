/**
 * Gateway API routes served by Istio (reference §4.1 "outbound sidecar and gateway routes"):
 * Istio implements Gateways of `gatewayClassName: istio` by translating every HTTPRoute/GRPCRoute
 * attached to them into a VirtualService bound to the generated gateway deployment
 * (istio/istio pilot/pkg/config/kube/gateway/conversion.go: `vs.Retries` is only set when the
 * rule has a `retry` field). A rule without `retry` therefore gets the same default retry policy
 * as a gateway VirtualService without `retries`: 2 retries → 3 attempts on connect-failure,
 * refused-stream, unavailable, cancelled, retriable-status-codes.
 *
 * - A Gateway with `gatewayClassName: istio` is a GatewayObjectFact ("istio-gateway-api").
 * - An HTTPRoute/GRPCRoute with Gateway parentRefs gets one implicit layer anchored on its
 *   `rules:` key (shared by its rules, as the VirtualService default is shared on `gateways:`), and
 *   one edge route per rule and backend Service that only counts when one of its parents is an
 *   Istio Gateway (`onlyWith`, joined across files by engine/gatewayLinks.ts). Rules that set
 *   `retry` (GEP-1731) get their own layer instead (gatewayApiRetry.ts: attempts unset → 2).
 */
import { isMap } from "yaml";
import type { LayerFact } from "../../model/facts";
import { get, getPair, nodeSpan, seqItems, str, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { istioGatewayDefaultLayer } from "./istio";
import { metaName, metaNamespace } from "./routeLayers";

const GATEWAY_API = "gateway.networking.k8s.io/";
/** the GatewayClass names Istio installs for ingress gateways (the waypoint class serves mesh traffic) */
const ISTIO_CLASSES = new Set(["istio"]);

export function detectIstioGatewayApi(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (!k || !k.apiVersion.startsWith(GATEWAY_API)) return;
  const name = metaName(d);
  if (!name) return;
  const spec = get(d, d.root, "spec");
  if (k.kind === "Gateway") {
    const cls = str(d, get(d, spec, "gatewayClassName"));
    if (!cls || !ISTIO_CLASSES.has(cls)) return;
    (ctx.facts.gatewayObjects ??= []).push({ kind: "istio-gateway-api", name, namespace: metaNamespace(d), span: nodeSpan(ctx.file, d.root), layerId: null, refs: [], destinations: [], parents: [], match: null });
    return;
  }
  if (k.kind !== "HTTPRoute" && k.kind !== "GRPCRoute") return;
  const namespace = metaNamespace(d);
  const parents: Array<{ name: string; namespace: string | null }> = [];
  for (const p of seqItems(d, get(d, spec, "parentRefs"))) {
    if ((str(d, get(d, p, "kind")) ?? "Gateway") !== "Gateway") continue; // a Service parent (GAMMA) is a mesh route
    const parent = str(d, get(d, p, "name"));
    if (parent) parents.push({ name: parent, namespace: str(d, get(d, p, "namespace")) ?? namespace });
  }
  const rulesPair = getPair(d, spec, "rules");
  if (!parents.length || !rulesPair) return;
  let layer: LayerFact | null = null;
  for (const rule of seqItems(d, rulesPair.value)) {
    if (!isMap(rule) || getPair(d, rule, "retry")) continue;
    const destinations: string[] = [];
    for (const b of seqItems(d, get(d, rule, "backendRefs"))) {
      const kind = str(d, get(d, b, "kind")) ?? "Service";
      const svc = str(d, get(d, b, "name"));
      if (kind === "Service" && svc && !destinations.includes(svc)) destinations.push(svc);
    }
    if (!destinations.length) continue;
    if (!layer) {
      layer = istioGatewayDefaultLayer(ctx, rulesPair, `this rule of ${name} (Gateway API route on an Istio gateway)`, destinations[0]!);
      ctx.facts.layers.push(layer);
    }
    const firstMatch = seqItems(d, get(d, rule, "matches"))[0];
    const match = str(d, get(d, get(d, firstMatch, "path"), "value"));
    for (const parent of parents) {
      for (const destination of destinations) {
        ctx.facts.routes.push({
          product: "istio",
          hosts: [],
          destinations: [destination],
          edge: true,
          gateway: `istio-gateway:${parent.name}`,
          namespace,
          match,
          span: nodeSpan(ctx.file, rule),
          layerId: layer.localId,
          timeoutSeconds: null,
          onlyWith: { kind: "istio-gateway-api", name: parent.name, namespace: parent.namespace },
        });
      }
    }
  }
}
