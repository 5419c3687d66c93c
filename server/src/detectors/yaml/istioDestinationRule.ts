/**
 * Istio DestinationRule `trafficPolicy.connectionPool.http.maxRetries` (reference §4.3, §5.5): the
 * Envoy cluster `max_retries` for the host — a cap on *concurrent* retries to it, which Istio
 * otherwise raises to MaxUint32 (no cap). It does not change the per-request worst case, but it
 * damps retry storms like a budget, so it is reported as a ClusterFact and the linker copies it
 * into the `budget` of the Istio route layers whose destination is that host (RL001 then reports
 * the product as a worst case, RL011 stays quiet). Only an explicit value counts.
 */
import { get, getIn, nodeSpan, num, str, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";

export const ISTIO_DR_CLUSTER_PREFIX = "istio-destinationrule:";

export function detectIstioDestinationRule(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (!k || k.kind !== "DestinationRule" || !k.apiVersion.startsWith("networking.istio.io/")) return;
  const spec = get(d, d.root, "spec");
  const host = str(d, get(d, spec, "host"));
  const node = getIn(d, spec, "trafficPolicy", "connectionPool", "http", "maxRetries");
  const maxRetries = num(d, node);
  if (!host || maxRetries === null) return;
  ctx.facts.clusters.push({
    name: `${ISTIO_DR_CLUSTER_PREFIX}${host}`,
    addresses: [host],
    span: nodeSpan(ctx.file, node),
    retryBudget: `Istio DestinationRule maxRetries ${maxRetries} (at most ${maxRetries} concurrent retries to ${host.split(".")[0]})`,
    maxRetries,
  });
}
