/**
 * Consul `service-router` config entries (reference §4.12, §0 row "Consul service-router"), as the
 * Kubernetes CRD `ServiceRouter` (consul.hashicorp.com, camelCase keys) or a YAML config entry
 * (`Kind: service-router`, PascalCase keys). The router's name is the service being called; its
 * routes are mesh-internal (the caller's Envoy sidecar retries), so each becomes a non-edge route
 * whose hosts are that service.
 *
 * - `NumRetries: N` → Envoy `num_retries` → N+1 attempts; 0/unset with a condition → Envoy's 1 → 2.
 * - Trap: a retry policy exists only with a condition (`RetryOnConnectFailure`,
 *   `RetryOnStatusCodes`, `RetryOn`). `NumRetries` alone yields an empty retry_on: no retries, a
 *   disabled layer (so the number is visibly not in effect).
 * - retry_on = RetryOn + connect-failure + retriable-status-codes; Envoy's default back-off.
 */
import { isMap } from "yaml";
import { bool, get, getPair, keyLine, keySpan, num, seqItems, str, type Node, type Pair, type YamlDocument } from "../../parsing/yaml";
import type { YamlDetectorContext } from "./context";
import { ENVOY_DEFAULT_WAIT, envoyRetryCondition } from "./envoy";
import { pushRoute, routeLayer } from "./routeLayers";

export function detectConsul(ctx: YamlDetectorContext, d: YamlDocument): void {
  const root = d.root;
  if (!isMap(root)) return;
  const apiVersion = str(d, get(d, root, "apiVersion"));
  let name: string | null;
  let routes: Node | null;
  let pascal: boolean;
  let namespace: string | null = null;
  if (apiVersion?.startsWith("consul.hashicorp.com/") && str(d, get(d, root, "kind")) === "ServiceRouter") {
    name = str(d, get(d, get(d, root, "metadata"), "name"));
    namespace = str(d, get(d, get(d, root, "metadata"), "namespace"));
    routes = get(d, get(d, root, "spec"), "routes");
    pascal = false;
  } else if ((str(d, get(d, root, "Kind")) ?? "").toLowerCase() === "service-router") {
    name = str(d, get(d, root, "Name"));
    routes = get(d, root, "Routes");
    pascal = true;
  } else return;
  if (!name) return;
  const key = (k: string) => (pascal ? k : k[0]!.toLowerCase() + k.slice(1));
  for (const route of seqItems(d, routes)) {
    const destPair = getPair(d, route, key("Destination"));
    if (!destPair || !isMap(destPair.value)) continue;
    const dest = destPair.value;
    const service = str(d, get(d, dest, key("Service"))) ?? name;
    const n = num(d, get(d, dest, key("NumRetries")));
    const onConnect = bool(d, get(d, dest, key("RetryOnConnectFailure"))) === true;
    const codes = seqItems(d, get(d, dest, key("RetryOnStatusCodes"))).map((c) => num(d, c)).filter((c): c is number => c !== null);
    const retryOn = seqItems(d, get(d, dest, key("RetryOn"))).map((c) => str(d, c)).filter((c): c is string => !!c);
    if (!(n !== null && n > 0) && !onConnect && codes.length === 0 && retryOn.length === 0) continue;
    const tokens = [...retryOn, ...(onConnect ? ["connect-failure"] : []), ...(codes.length ? ["retriable-status-codes"] : [])];
    const anchorPair: Pair = getPair(d, dest, key("NumRetries")) ?? destPair;
    const retries = n === null || n <= 0 ? 1 : Math.floor(n);
    const noCondition = tokens.length === 0;
    const match = str(d, get(d, get(d, get(d, route, key("Match")), pascal ? "HTTP" : "http"), key("PathPrefix")));
    const layer = routeLayer(ctx, {
      kind: "consul-service-router",
      library: "consul",
      anchor: keySpan(ctx.file, anchorPair),
      anchorLine: keyLine(ctx.file, anchorPair),
      maxAttempts: noCondition ? 1 : retries + 1,
      attemptsSource: n === null ? "default" : "config",
      attemptsNote: noCondition
        ? `NumRetries: ${n} without RetryOn/RetryOnConnectFailure/RetryOnStatusCodes → empty retry_on → no retries`
        : n === null || n <= 0
          ? "NumRetries unset → Envoy default 1 retry → 2 attempts"
          : `NumRetries: ${retries} → ${retries + 1} attempts`,
      wait: ENVOY_DEFAULT_WAIT,
      condition: envoyRetryCondition(tokens, codes, { honoursRetryAfter: false, product: "Consul" }),
      edge: false,
      label: `router ${name}${match ? ` ${match}` : ""} → ${service}`,
    });
    pushRoute(ctx, { product: "consul", hosts: [name], destinations: [service], edge: false, gateway: null, namespace, match, span: keySpan(ctx.file, destPair), layer });
  }
}
