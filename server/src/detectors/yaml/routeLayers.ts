/**
 * Shared pieces of the gateway / mesh detectors beyond Istio and Envoy (reference §4.4–§4.15):
 * building a LayerFact on a route, pushing the MeshRouteFact that carries it, Ingress backends,
 * annotations, and the NGINX-family retry condition (Kong, ingress-nginx: §4.7–§4.9).
 *
 * Linking (engine/link.ts): an `edge` route becomes a hop from its `gateway` pseudo-service to
 * the destination service; a non-edge route's layer is added to every hop whose callee is one
 * of its `hosts` ("*" = every in-cluster callee), for any product.
 */
import type { LayerFact, LayerKind, MeshRouteFact, RetryCondition, SourceSpan, WaitSpec } from "../../model/facts";
import { get, keySpan, mapPairs, keyName, seqItems, str, stringMap, type Node, type Pair, type YamlDocument } from "../../parsing/yaml";
import type { YamlDetectorContext } from "./context";

/** No sleep between tries (NGINX, Kong, Linkerd ServiceProfile, Traefik without initialInterval). */
export function noWait(product: string): WaitSpec {
  return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "default", description: `none: the next try starts at once (${product})` };
}

/** Methods NGINX passes to the next upstream after the request was sent (all but POST, LOCK, PATCH; §4.9). */
export const NGINX_IDEMPOTENT = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"];

/**
 * NGINX `proxy_next_upstream` conditions (§4.9): `error` and `timeout` can fire after the request
 * was sent (a read timeout, a reset), `http_5xx` after the upstream answered; a request already
 * sent is passed on only for idempotent methods unless `non_idempotent` is listed.
 */
export function nginxCondition(tokens: string[], product: string, defaultTokens: boolean): RetryCondition {
  const off = tokens.includes("off");
  const statuses = tokens.map((t) => /^http_(\d{3})$/.exec(t)).filter((m): m is RegExpExecArray => m !== null).map((m) => Number(m[1]));
  const nonIdempotent = tokens.includes("non_idempotent");
  const afterSend = !off && tokens.some((t) => t === "error" || t === "timeout" || t.startsWith("http_") || t === "invalid_header");
  const methods: "all" | string[] = !afterSend ? [] : nonIdempotent ? "all" : [...NGINX_IDEMPOTENT];
  const permanent = statuses.filter((s) => s >= 400 && s < 500 && s !== 408 && s !== 429);
  return {
    allErrors: false,
    exceptionTypes: [],
    statuses,
    retryOn: tokens,
    afterSendMethods: methods,
    permanentErrors: permanent.length ? `retries ${permanent.join(", ")}: errors that repeat on every attempt` : null,
    honoursRetryAfter: statuses.includes(429) || statuses.includes(503) ? false : null,
    description: `${product} next upstream on ${tokens.join(" ") || "(none)"}${defaultTokens ? " (default)" : ""}; ${
      methods === "all" ? "any method, even after the request was sent (non_idempotent)" : methods.length ? "after sending only for idempotent methods (POST, PATCH, LOCK are not passed on)" : "no retries"
    }`,
  };
}

export interface RouteLayerSpec {
  kind: LayerKind;
  library: string;
  anchor: SourceSpan;
  anchorLine: number;
  maxAttempts: number | null;
  attemptsSource: "config" | "default";
  attemptsNote: string;
  wait: WaitSpec;
  condition: RetryCondition;
  edge: boolean;
  label: string;
  timeBound?: string | null;
  budget?: string | null;
  perTryTimeoutSeconds?: number | null;
  overallTimeoutSeconds?: number | null;
  /** maxAttempts is null because the count cannot be read (a variable), not because nothing bounds it */
  countUnknown?: boolean;
}

/** `ctx` needs only the facts and the layer ids: TOML gateway files (Traefik) use it too. */
export function routeLayer(ctx: Pick<YamlDetectorContext, "facts" | "layerId">, s: RouteLayerSpec): LayerFact {
  const layer: LayerFact = {
    localId: ctx.layerId(s.anchorLine),
    kind: s.kind,
    category: s.edge ? "gateway" : "mesh",
    library: s.library,
    anchor: s.anchor,
    maxAttempts: s.maxAttempts,
    attemptsSource: s.attemptsSource,
    attemptsNote: s.attemptsNote,
    timeBound: s.timeBound ?? null,
    wait: s.wait,
    condition: s.condition,
    budget: s.budget ?? null,
    perTryTimeoutSeconds: s.perTryTimeoutSeconds ?? null,
    overallTimeoutSeconds: s.overallTimeoutSeconds ?? null,
    attach: { kind: "route" },
    label: s.label,
    ...(s.countUnknown ? { countUnknown: true } : {}),
  };
  ctx.facts.layers.push(layer);
  return layer;
}

export function pushRoute(ctx: Pick<YamlDetectorContext, "facts">, r: Omit<MeshRouteFact, "layerId" | "timeoutSeconds"> & { layer: LayerFact | null; timeoutSeconds?: number | null }): MeshRouteFact {
  const { layer, ...rest } = r;
  const route: MeshRouteFact = { ...rest, layerId: layer?.localId ?? null, timeoutSeconds: r.timeoutSeconds ?? null };
  ctx.facts.routes.push(route);
  return route;
}

export function annotations(d: YamlDocument): Record<string, string> {
  return stringMap(d, get(d, get(d, d.root, "metadata"), "annotations"));
}

/** The `metadata.annotations` pair named `key` (anchor of annotation-configured layers). */
export function annotationPair(d: YamlDocument, key: string): Pair | null {
  for (const p of mapPairs(d, get(d, get(d, d.root, "metadata"), "annotations"))) if (keyName(d, p) === key) return p;
  return null;
}

export function metaName(d: YamlDocument): string | null {
  return str(d, get(d, get(d, d.root, "metadata"), "name"));
}

export function metaNamespace(d: YamlDocument): string | null {
  return str(d, get(d, get(d, d.root, "metadata"), "namespace"));
}

/** networking.k8s.io Ingress backends: service name and the rule path (v1 and v1beta1 spellings). */
export function ingressBackends(d: YamlDocument, spec: Node | null): Array<{ service: string; path: string | null }> {
  const out: Array<{ service: string; path: string | null }> = [];
  const add = (backend: Node | null, path: string | null) => {
    const svc = str(d, get(d, get(d, backend, "service"), "name")) ?? str(d, get(d, backend, "serviceName"));
    if (svc && !out.some((o) => o.service === svc)) out.push({ service: svc, path });
  };
  add(get(d, spec, "defaultBackend") ?? get(d, spec, "backend"), null);
  for (const rule of seqItems(d, get(d, spec, "rules"))) {
    for (const p of seqItems(d, get(d, get(d, rule, "http"), "paths"))) add(get(d, p, "backend"), str(d, get(d, p, "path")));
  }
  return out;
}

/** The ingress class of an Ingress: spec.ingressClassName or the legacy annotation. */
export function ingressClass(d: YamlDocument, spec: Node | null): string | null {
  return str(d, get(d, spec, "ingressClassName")) ?? annotations(d)["kubernetes.io/ingress.class"] ?? null;
}

/** "quote:80", "http://quote.default:8080/" → "quote" / "quote.default": the host part. */
export function hostOnly(target: string): string {
  return target.replace(/^[a-z]+:\/\//, "").replace(/\/.*$/, "").replace(/:\d+$/, "");
}

export function spanOfKey(ctx: YamlDetectorContext, pair: Pair): SourceSpan {
  return keySpan(ctx.file, pair);
}
