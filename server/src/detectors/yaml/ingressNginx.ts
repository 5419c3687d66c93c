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
 * Which Ingresses: ingressClassName / kubernetes.io/ingress.class "nginx" (or the AKS application
 * routing add-on's "webapprouting.kubernetes.azure.com", a managed ingress-nginx), any Ingress that
 * carries an nginx.ingress.kubernetes.io annotation, and Ingresses without a class where the
 * workspace makes NGINX the default (a default IngressClass, `--watch-ingress-without-class`).
 *
 * The controller ConfigMap (`data.proxy-next-upstream-tries`, `proxy-next-upstream`,
 * `proxy-next-upstream-timeout`, `retry-non-idempotent`) sets the cluster-wide default: it is a
 * GatewayObjectFact with its own layer (anchored on the first of those keys) and its settings.
 * Every nginx Ingress route carries a `configRefs` entry for it: without retry annotations the
 * linker (engine/gatewayLinks.ts) gives it the ConfigMap's layer instead of the built-in
 * default; with some, the Ingress keeps its layer and the ConfigMap fills in the keys it leaves
 * unset (annotations win, as in ingress-nginx).
 */
import type { SourceSpan } from "../../model/facts";
import { get, getIn, getPair, keySpan, mapPairs, keyName, nodeSpan, seqItems, str, type Pair, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { parseDuration } from "./durations";
import { annotationPair, annotations, ingressBackends, ingressClass, metaName, metaNamespace, noWait, nginxCondition, pushRoute, routeLayer } from "./routeLayers";

const PREFIX = "nginx.ingress.kubernetes.io/";
/**
 * Ingress classes served by an ingress-nginx controller: the project's own default class name,
 * and the class the AKS application routing add-on creates for its managed NGINX controller
 * ("webapprouting.kubernetes.azure.com": Microsoft Learn, "Managed NGINX ingress with the
 * application routing add-on" — "based on Kubernetes NGINX Ingress controller", with the
 * ingress-nginx ConfigMap in app-routing-system; its defaults are ingress-nginx's).
 */
const NGINX_CLASSES: ReadonlySet<string> = new Set(["nginx", "webapprouting.kubernetes.azure.com"]);
export const INGRESS_NGINX_DEFAULT_TRIES = 3;
const CONFIGMAP_KEYS = ["proxy-next-upstream-tries", "proxy-next-upstream", "proxy-next-upstream-timeout"];

export function detectIngressNginx(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (k?.kind === "ConfigMap" && k.apiVersion === "v1") return controllerConfigMap(ctx, d);
  if (k && (k.kind === "IngressClass" || k.kind in CONTROLLER_KINDS)) return defaultClass(ctx, d, k.kind);
  if (!k || k.kind !== "Ingress" || !(k.apiVersion.startsWith("networking.k8s.io/") || k.apiVersion.startsWith("extensions/"))) return;
  const spec = get(d, d.root, "spec");
  const a = annotations(d);
  const cls = ingressClass(d, spec);
  // no class and no NGINX annotation: NGINX's only where it serves class-less Ingresses (linker)
  const classless = cls === null && !Object.keys(a).some((key) => key.startsWith(PREFIX));
  if (cls !== null && !NGINX_CLASSES.has(cls)) return;
  // another controller's annotations say whose Ingress it is
  if (classless && Object.keys(a).some((key) => OTHER_CONTROLLERS.some((p) => key.startsWith(p)))) return;
  const backends = ingressBackends(d, spec);
  if (backends.length === 0) return;

  const triesPair = annotationPair(d, `${PREFIX}proxy-next-upstream-tries`);
  const condPair = annotationPair(d, `${PREFIX}proxy-next-upstream`);
  const anchorPair = triesPair ?? condPair;
  // the implicit default (nothing configured) is anchored on the line that puts the Ingress behind
  // the NGINX controller (docs/design.md anchor lines): its class, else its kind
  const classPair = getPair(d, spec, "ingressClassName") ?? annotationPair(d, "kubernetes.io/ingress.class");
  const kindPair = getPair(d, d.root, "kind");
  const defaultPair = classPair ?? kindPair;
  const anchor = anchorPair ? keySpan(ctx.file, anchorPair) : defaultPair ? keySpan(ctx.file, defaultPair) : nodeSpan(ctx.file, d.root);
  const name = metaName(d) ?? "ingress";
  const own: Record<string, string> = {};
  for (const key of ["proxy-next-upstream-tries", "proxy-next-upstream"]) if (a[`${PREFIX}${key}`] !== undefined) own[key] = a[`${PREFIX}${key}`]!;
  const layer = nginxLayer(ctx, anchor, own, { label: `ingress ${name}` });
  for (const b of backends) {
    const route = pushRoute(ctx, { product: "ingress-nginx", hosts: [], destinations: [b.service], edge: true, gateway: "ingress-nginx", namespace: metaNamespace(d), match: b.path, span: anchor, layer });
    // the controller ConfigMap, wherever it is, sets what the Ingress does not: nothing set → its
    // layer; some keys set → they are merged over the ConfigMap's (engine/gatewayLinks.ts)
    route.configRefs = [{ kind: "ingress-nginx-configmap", name: "", namespace: null, ...(anchorPair ? { settings: own } : {}) }];
    if (classless) route.onlyWith = { kind: "ingress-nginx-default-class", name: "", namespace: null };
  }
}

const OTHER_CONTROLLERS = ["traefik.ingress.kubernetes.io/", "konghq.com/", "haproxy.org/", "haproxy.router.openshift.io/", "alb.ingress.kubernetes.io/", "getambassador.io/", "projectcontour.io/", "appgw.ingress.kubernetes.io/"];

const CONTROLLER_KINDS: Record<string, string[]> = { Deployment: ["spec", "template", "spec"], DaemonSet: ["spec", "template", "spec"] };

/**
 * NGINX as the default for Ingresses without a class (ingress-nginx docs, "IngressClass" and the
 * `--watch-ingress-without-class` flag): an IngressClass for its controller marked default, or
 * the controller's container started with the flag.
 */
function defaultClass(ctx: YamlDetectorContext, d: YamlDocument, kind: string): void {
  let span: SourceSpan | null = null;
  if (kind === "IngressClass") {
    const isDefault = annotations(d)["ingressclass.kubernetes.io/is-default-class"]?.trim() === "true";
    if (isDefault && str(d, getIn(d, d.root, "spec", "controller")) === "k8s.io/ingress-nginx") span = keySpan(ctx.file, annotationPair(d, "ingressclass.kubernetes.io/is-default-class")!);
  } else {
    for (const c of seqItems(d, getIn(d, d.root, ...CONTROLLER_KINDS[kind]!, "containers"))) {
      for (const arg of [...seqItems(d, get(d, c, "args")), ...seqItems(d, get(d, c, "command"))]) {
        const text = str(d, arg)?.trim();
        if (text === "--watch-ingress-without-class=true" || text === "--watch-ingress-without-class") span ??= nodeSpan(ctx.file, arg);
      }
    }
  }
  if (!span) return;
  (ctx.facts.gatewayObjects ??= []).push({ kind: "ingress-nginx-default-class", name: metaName(d) ?? "", namespace: metaNamespace(d), span, layerId: null, refs: [], destinations: [], parents: [], match: null });
}

/** The controller ConfigMap: recognised by its retry keys (no other ConfigMap uses these names). */
function controllerConfigMap(ctx: YamlDetectorContext, d: YamlDocument): void {
  const data = get(d, d.root, "data");
  const pairs = new Map<string, Pair>();
  for (const p of mapPairs(d, data)) {
    const key = keyName(d, p);
    if (key && (CONFIGMAP_KEYS.includes(key) || key === "retry-non-idempotent")) pairs.set(key, p);
  }
  const anchorPair = CONFIGMAP_KEYS.map((key) => pairs.get(key)).find((p) => p !== undefined);
  const name = metaName(d);
  if (!anchorPair || !name) return;
  const settings: Record<string, string> = {};
  for (const [key, p] of pairs) {
    const value = str(d, p.value);
    if (value !== null) settings[key] = value;
  }
  const layer = nginxLayer(ctx, keySpan(ctx.file, anchorPair), settings, { label: `ConfigMap ${name}`, where: "ConfigMap" });
  (ctx.facts.gatewayObjects ??= []).push({ kind: "ingress-nginx-configmap", name, namespace: metaNamespace(d), span: layer.anchor, layerId: layer.localId, refs: [], destinations: [], parents: [], match: null, settings });
}

/** The layer for ingress-nginx retry settings as written (keys without the annotation prefix). */
function nginxLayer(ctx: YamlDetectorContext, anchor: SourceSpan, settings: Record<string, string>, opts: { label: string; where?: string }) {
  return routeLayer(ctx, { kind: "ingress-nginx", library: "ingress-nginx", anchor, anchorLine: anchor.line, wait: noWait("ingress-nginx"), edge: true, label: opts.label, ...nginxRetrySpec(settings, opts.where) });
}

/**
 * Count, condition and time bound from `proxy-next-upstream-tries`, `proxy-next-upstream`,
 * `retry-non-idempotent` and `proxy-next-upstream-timeout` (unset keys take the defaults); also
 * used by the linker to merge an Ingress's annotations over the controller ConfigMap.
 */
export function nginxRetrySpec(settings: Record<string, string>, where?: string) {
  const triesText = settings["proxy-next-upstream-tries"];
  const condText = settings["proxy-next-upstream"];
  const tries = triesText !== undefined && /^\s*\d+\s*$/.test(triesText) ? Number(triesText) : null;
  const written = condText ? condText.split(/\s+/).filter(Boolean) : ["error", "timeout"];
  // retry-non-idempotent: true (ConfigMap only) passes a sent POST/PATCH on, like NGINX's non_idempotent
  const nonIdempotent = settings["retry-non-idempotent"]?.trim() === "true";
  const tokens = nonIdempotent && !written.includes("non_idempotent") ? [...written, "non_idempotent"] : written;
  const off = tokens.includes("off");
  const timeout = settings["proxy-next-upstream-timeout"] !== undefined ? parseDuration(settings["proxy-next-upstream-timeout"]) : null;
  // tries 0 = no limit in NGINX (one try per upstream server); ingress-nginx balances over one
  // Lua upstream, so 0 is read as "no explicit cap" and shown as the default.
  const total = off ? 1 : tries !== null && tries > 0 ? tries : INGRESS_NGINX_DEFAULT_TRIES;
  const at = where ? ` (${where})` : "";
  return {
    maxAttempts: total,
    attemptsSource: tries !== null || off ? ("config" as const) : ("default" as const),
    attemptsNote: off
      ? `proxy-next-upstream: off${at} → no retries`
      : tries !== null && tries > 0
        ? `proxy-next-upstream-tries: ${tries}${at} → ${tries} tries in total (NGINX counts the first)`
        : tries === 0
          ? `proxy-next-upstream-tries: 0${at} → no explicit limit (one try per endpoint); counted as the default ${INGRESS_NGINX_DEFAULT_TRIES}`
          : `proxy-next-upstream-tries unset${at} → ${INGRESS_NGINX_DEFAULT_TRIES} tries in total (ingress-nginx default)`,
    condition: nginxCondition(tokens, "ingress-nginx", !condText),
    timeBound: timeout !== null && timeout > 0 ? `proxy-next-upstream-timeout: ${timeout} s` : null,
  };
}
