/**
 * ingress-nginx (reference §4.8, §0 row "ingress-nginx"): every Ingress served by the NGINX
 * controller is an edge route from the `ingress-nginx` gateway to its backends, with a retry
 * layer even when nothing is configured (§5.3 implicit layers).
 *
 * Number trap (§5.1): `nginx.ingress.kubernetes.io/proxy-next-upstream-tries: N` is N *total*
 * tries (NGINX `peer.tries` includes the first); default 3 → 2 retries. Conditions from
 * `proxy-next-upstream` (default "error timeout"): a request already sent is passed on only for
 * idempotent methods (`retry-non-idempotent` is false by default and is a ConfigMap-only key).
 * `"off"` turns retries off. No back-off (RL003 applies).
 *
 * Which Ingresses: ingressClassName / kubernetes.io/ingress.class "nginx", or any Ingress that
 * carries an nginx.ingress.kubernetes.io annotation. Not read: the controller ConfigMap's
 * cluster-wide `proxy-next-upstream(-tries)` keys (another file; the defaults are assumed).
 */
import { get, getPair, keySpan, nodeSpan, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { annotationPair, annotations, ingressBackends, ingressClass, metaName, metaNamespace, noWait, nginxCondition, pushRoute, routeLayer } from "./routeLayers";

const PREFIX = "nginx.ingress.kubernetes.io/";
export const INGRESS_NGINX_DEFAULT_TRIES = 3;

export function detectIngressNginx(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (!k || k.kind !== "Ingress" || !(k.apiVersion.startsWith("networking.k8s.io/") || k.apiVersion.startsWith("extensions/"))) return;
  const spec = get(d, d.root, "spec");
  const a = annotations(d);
  const cls = ingressClass(d, spec);
  if (!(cls === "nginx" || (cls === null && Object.keys(a).some((key) => key.startsWith(PREFIX))))) return;
  const backends = ingressBackends(d, spec);
  if (backends.length === 0) return;

  const triesPair = annotationPair(d, `${PREFIX}proxy-next-upstream-tries`);
  const condPair = annotationPair(d, `${PREFIX}proxy-next-upstream`);
  const triesText = a[`${PREFIX}proxy-next-upstream-tries`];
  const tries = triesText !== undefined && /^\s*\d+\s*$/.test(triesText) ? Number(triesText) : null;
  const condText = a[`${PREFIX}proxy-next-upstream`];
  const tokens = condText ? condText.split(/\s+/).filter(Boolean) : ["error", "timeout"];
  const off = tokens.includes("off");
  // tries 0 = no limit in NGINX (one try per upstream server); ingress-nginx balances over one
  // Lua upstream, so 0 is read as "no explicit cap" and shown as the default.
  const total = off ? 1 : tries !== null && tries > 0 ? tries : INGRESS_NGINX_DEFAULT_TRIES;
  const anchorPair = triesPair ?? condPair;
  const kindPair = getPair(d, d.root, "kind");
  const anchor = anchorPair ? keySpan(ctx.file, anchorPair) : kindPair ? keySpan(ctx.file, kindPair) : nodeSpan(ctx.file, d.root);
  const anchorLine = anchor.line;
  const name = metaName(d) ?? "ingress";
  const layer = routeLayer(ctx, {
    kind: "ingress-nginx",
    library: "ingress-nginx",
    anchor,
    anchorLine,
    maxAttempts: total,
    attemptsSource: tries !== null || off ? "config" : "default",
    attemptsNote: off
      ? "proxy-next-upstream: off → no retries"
      : tries !== null && tries > 0
        ? `proxy-next-upstream-tries: ${tries} → ${tries} tries in total (NGINX counts the first)`
        : tries === 0
          ? `proxy-next-upstream-tries: 0 → no explicit limit (one try per endpoint); counted as the default ${INGRESS_NGINX_DEFAULT_TRIES}`
          : `proxy-next-upstream-tries unset → ${INGRESS_NGINX_DEFAULT_TRIES} tries in total (ingress-nginx default)`,
    wait: noWait("ingress-nginx"),
    condition: nginxCondition(tokens, "ingress-nginx", !condText),
    edge: true,
    label: `ingress ${name}`,
  });
  for (const b of backends) {
    pushRoute(ctx, { product: "ingress-nginx", hosts: [], destinations: [b.service], edge: true, gateway: "ingress-nginx", namespace: metaNamespace(d), match: b.path, span: anchor, layer });
  }
}
