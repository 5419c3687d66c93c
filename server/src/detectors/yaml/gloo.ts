/**
 * Gloo Edge / Gloo Gateway `VirtualService` routes (reference §4.15, §0 row "Gloo retries"): each
 * `spec.virtualHost.routes[]` is an edge route from the Gloo gateway to its upstream.
 * `options.retries` (on the route, else on the virtual host) compiles to an Envoy policy.
 * Number trap: **`numRetries` 0 or unset is coerced to 1** (`convertPolicy`), so a `retries`
 * block always retries at least once: → 2 attempts; N → N+1. Envoy's default back-off unless
 * `retryBackOff`; not method-gated.
 *
 * Destination: `routeAction.single.kube.ref.name`, else the Upstream name, where Gloo's
 * discovered upstreams are named `<namespace>-<service>-<port>`; that form is read as the service.
 */
import { isMap } from "yaml";
import { get, getIn, getPair, keyLine, keySpan, nodeSpan, num, seqItems, str, type Node, type Pair, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { durationSeconds } from "./durations";
import { ENVOY_DEFAULT_WAIT, envoyRetryCondition, envoyWait, splitRetryOn } from "./envoy";
import { metaName, metaNamespace, pushRoute, routeLayer } from "./routeLayers";

export function detectGloo(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (!k || k.kind !== "VirtualService" || !k.apiVersion.startsWith("gateway.solo.io/")) return;
  const vhost = getIn(d, d.root, "spec", "virtualHost");
  const hostRetries = getPair(d, get(d, vhost, "options"), "retries");
  const gateway = `gloo:${metaName(d) ?? ctx.path}`;
  let hostLayer: ReturnType<typeof routeLayer> | null = null;
  for (const r of seqItems(d, get(d, vhost, "routes"))) {
    if (!isMap(r)) continue;
    const dest = destination(d, get(d, r, "routeAction"));
    if (!dest) continue;
    const match = seqItems(d, get(d, r, "matchers")).map((m) => str(d, get(d, m, "prefix")) ?? str(d, get(d, m, "exact"))).find((x) => x) ?? null;
    const own = getPair(d, get(d, r, "options"), "retries");
    let layer = null;
    if (own && isMap(own.value)) layer = glooLayer(ctx, d, own, `route${match ? ` ${match}` : ""} → ${dest}`);
    else if (hostRetries && isMap(hostRetries.value)) layer = hostLayer ??= glooLayer(ctx, d, hostRetries, `virtual host ${metaName(d) ?? ""}`.trim());
    const t = durationSeconds(d, getIn(d, r, "options", "timeout"));
    pushRoute(ctx, { product: "gloo", hosts: [], destinations: [dest], edge: true, gateway, namespace: metaNamespace(d), match, span: nodeSpan(ctx.file, r), layer, timeoutSeconds: t !== null && t > 0 ? t : null });
  }
}

function destination(d: YamlDocument, action: Node | null): string | null {
  const single = get(d, action, "single");
  const kube = str(d, getIn(d, single, "kube", "ref", "name"));
  if (kube) return kube;
  const upstream = str(d, getIn(d, single, "upstream", "name"));
  if (!upstream) return null;
  const m = /^([a-z0-9-]+?)-([a-z0-9-]+)-(\d+)$/.exec(upstream);
  return m ? `${m[2]}.${m[1]}` : upstream;
}

function glooLayer(ctx: YamlDetectorContext, d: YamlDocument, pair: Pair, label: string) {
  const p = pair.value;
  const n = num(d, get(d, p, "numRetries"));
  const retries = n === null || n <= 0 ? 1 : Math.floor(n);
  const base = durationSeconds(d, getIn(d, p, "retryBackOff", "baseInterval"));
  const max = durationSeconds(d, getIn(d, p, "retryBackOff", "maxInterval"));
  return routeLayer(ctx, {
    kind: "gloo-retries",
    library: "gloo",
    anchor: keySpan(ctx.file, pair),
    anchorLine: keyLine(ctx.file, pair),
    maxAttempts: retries + 1,
    attemptsSource: n === null ? "default" : "config",
    attemptsNote:
      n === null ? "numRetries unset → coerced to 1 retry → 2 attempts (Gloo)" : n <= 0 ? `numRetries: ${n} → coerced to 1 retry → 2 attempts (Gloo cannot turn retries off this way)` : `numRetries: ${retries} → ${retries + 1} attempts`,
    wait: base !== null && base > 0 ? envoyWait(base, max, "Gloo retryBackOff") : ENVOY_DEFAULT_WAIT,
    condition: envoyRetryCondition(splitRetryOn(str(d, get(d, p, "retryOn"))), [], { honoursRetryAfter: false, product: "Gloo" }),
    perTryTimeoutSeconds: durationSeconds(d, get(d, p, "perTryTimeout")),
    edge: true,
    label,
  });
}
