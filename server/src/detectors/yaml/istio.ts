/**
 * Istio VirtualService `http[].retries` (reference/retry-semantics.md §4.1, §0 row "Istio
 * VirtualService"). One MeshRouteFact per `spec.http` entry; a LayerFact when it sets `retries`.
 *
 * Istio compiles `retries` into an Envoy route retry policy (istio/istio
 * pilot/pkg/networking/core/route/retry/retry.go, `ConvertPolicy`):
 * - `attempts: N` → N retries → N+1 attempts; `attempts: 0` (or absent: proto3 reads it as 0)
 *   returns no policy at all → 1 attempt, a *disabled* layer.
 * - empty `retryOn` keeps the default "connect-failure,refused-stream,unavailable,cancelled,
 *   retriable-status-codes"; integers in `retryOn` become retriable status codes.
 * - `backoff` sets Envoy's base interval (default 25 ms, cap 10× base).
 * A mesh route without `retries` gets the mesh default (2 retries); the linker adds that implicit
 * layer where sidecars are injected, so this detector leaves `layerId` null for it. A route bound to
 * an ingress gateway without `retries` gets the same default in the gateway's own Envoy, sidecars
 * or not (§4.1 "outbound sidecar and gateway routes"): an implicit layer anchored on the
 * VirtualService's `gateways:` key, shared by its routes.
 */
import { isMap } from "yaml";
import type { LayerFact, MeshRouteFact } from "../../model/facts";
import {
  asMap,
  get,
  getPair,
  keyLine,
  keySpan,
  nodeSpan,
  num,
  seqItems,
  str,
  type Node,
  type Pair,
  type YamlDocument,
} from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { durationSeconds, formatSeconds } from "./durations";
import { ENVOY_DEFAULT_WAIT, envoyRetryCondition, envoyWait, splitRetryOn } from "./envoy";

/** Istio's built-in retry_on when `retryOn` is not given (§4.1, `defaultPolicy()`). */
export const ISTIO_DEFAULT_RETRY_ON: readonly string[] = [
  "connect-failure",
  "refused-stream",
  "unavailable",
  "cancelled",
  "retriable-status-codes",
];

/** Istio's built-in retry count when a route sets no `retries` (§4.1): 2 retries → 3 attempts. */
export const ISTIO_DEFAULT_ATTEMPTS = 3;

/** Finds VirtualService http routes and their retry policies in one document. */
export function detectIstio(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (!k || k.kind !== "VirtualService" || !k.apiVersion.startsWith("networking.istio.io/")) return;
  const spec = asMap(d, get(d, d.root, "spec"));
  if (!spec) return;

  const namespace = str(d, get(d, get(d, d.root, "metadata"), "namespace"));
  const hosts = strings(d, get(d, spec, "hosts"));
  // Bound to a gateway (anything but the reserved "mesh") = an edge route.
  const gateways = strings(d, get(d, spec, "gateways"));
  const edgeGateways = gateways.filter((g) => g !== "mesh");
  const edge = edgeGateways.length > 0;
  const gateway = edge ? `istio-gateway:${edgeGateways[0]}` : null;

  const httpPair = getPair(d, spec, "http");
  const gatewaysPair = getPair(d, spec, "gateways");
  let gatewayDefault: LayerFact | null = null;
  for (const entry of seqItems(d, httpPair?.value)) {
    if (!isMap(entry)) continue;
    const routes = seqItems(d, get(d, entry, "route"));
    // redirect / direct_response / delegate entries name no destination of their own.
    if (routes.length === 0) continue;
    const destinations: string[] = [];
    for (const r of routes) {
      const host = str(d, get(d, get(d, r, "destination"), "host"));
      if (host && !destinations.includes(host)) destinations.push(host);
    }
    const timeout = durationSeconds(d, get(d, entry, "timeout"));
    // Istio's route timeout is off by default, and "0s" turns it off explicitly.
    const timeoutSeconds = timeout !== null && timeout > 0 ? timeout : null;
    const match = firstUriMatch(d, get(d, entry, "match"));

    const route: MeshRouteFact = {
      product: "istio",
      hosts,
      destinations,
      edge,
      gateway,
      namespace,
      match,
      span: nodeSpan(ctx.file, entry),
      layerId: null,
      timeoutSeconds,
    };
    const retriesPair = getPair(d, entry, "retries");
    // `retries:` with no value is a null field: the mesh default applies, as if it were absent.
    if (retriesPair && asMap(d, retriesPair.value)) {
      const layer = istioLayer(ctx, d, retriesPair, { edge, destinations, match, timeoutSeconds });
      ctx.facts.layers.push(layer);
      route.layerId = layer.localId;
    } else if (edge && gatewaysPair) {
      if (!gatewayDefault) {
        gatewayDefault = istioGatewayDefaultLayer(ctx, gatewaysPair, `this route of gateway ${edgeGateways[0]}`, shortHost(destinations[0]));
        ctx.facts.layers.push(gatewayDefault);
      }
      route.layerId = gatewayDefault.localId;
    }
    ctx.facts.routes.push(route);
  }
}

function istioLayer(
  ctx: YamlDetectorContext,
  d: YamlDocument,
  retriesPair: Pair,
  route: { edge: boolean; destinations: string[]; match: string | null; timeoutSeconds: number | null },
): LayerFact {
  const retries = retriesPair.value;
  const line = keyLine(ctx.file, retriesPair);

  const attempts = num(d, get(d, retries, "attempts"));
  let maxAttempts: number;
  let attemptsSource: "config" | "default";
  let attemptsNote: string;
  if (attempts === null) {
    // proto3: an absent int32 is 0, and ConvertPolicy drops the policy when attempts <= 0.
    maxAttempts = 1;
    attemptsSource = "default";
    attemptsNote = "retries without attempts → attempts 0 → 1 attempt (Istio drops the retry policy)";
  } else if (attempts <= 0) {
    maxAttempts = 1;
    attemptsSource = "config";
    attemptsNote = `attempts: ${attempts} → 1 attempt (retries off)`;
  } else {
    const n = Math.floor(attempts);
    maxAttempts = n + 1;
    attemptsSource = "config";
    attemptsNote = `attempts: ${n} → ${n + 1} attempts`;
  }

  // Integers in retryOn are status codes (Istio adds retriable-status-codes for them).
  const written = splitRetryOn(str(d, get(d, retries, "retryOn")));
  const statuses: number[] = [];
  let tokens: string[] = [];
  for (const t of written) {
    if (/^[1-5][0-9][0-9]$/.test(t)) statuses.push(Number(t));
    else tokens.push(t);
  }
  const defaultTokens = written.length === 0;
  if (defaultTokens) tokens = [...ISTIO_DEFAULT_RETRY_ON];
  else if (statuses.length > 0 && !tokens.includes("retriable-status-codes")) tokens.push("retriable-status-codes");

  const backoff = durationSeconds(d, get(d, retries, "backoff"));
  const wait = backoff !== null && backoff > 0 ? envoyWait(backoff, null, "Istio backoff") : ENVOY_DEFAULT_WAIT;
  const perTry = durationSeconds(d, get(d, retries, "perTryTimeout"));

  const target = shortHost(route.destinations[0]);
  const kind = route.edge ? "gateway route" : "route";
  const where = route.edge && route.match ? ` ${route.match}` : "";
  // Istio exposes no rate_limited_retry_back_off: Retry-After is never honoured (false when
  // 429/503 are retried explicitly, null otherwise).
  const condition = envoyRetryCondition(tokens, statuses, { honoursRetryAfter: false, product: "Istio", defaultTokens });
  if (perTry !== null && route.timeoutSeconds !== null) {
    condition.description += `; per-try ${formatSeconds(perTry)} under a ${formatSeconds(route.timeoutSeconds)} route timeout`;
  }

  return {
    localId: ctx.layerId(line),
    kind: "istio-virtualservice",
    category: route.edge ? "gateway" : "mesh",
    library: "istio",
    anchor: keySpan(ctx.file, retriesPair),
    maxAttempts,
    attemptsSource,
    attemptsNote,
    timeBound: null,
    wait,
    condition,
    budget: null,
    perTryTimeoutSeconds: perTry,
    overallTimeoutSeconds: route.timeoutSeconds,
    attach: { kind: "route" },
    label: target ? `${kind}${where} → ${target}` : `${kind}${where}`,
  };
}

/**
 * The default retry policy of an ingress-gateway route with no `retries` (§4.1): Istio's built-in
 * 2 retries → 3 attempts on connect-failure, refused-stream, unavailable, cancelled — for every
 * method, since none of them means the upstream processed the request.
 */
export function istioGatewayDefaultLayer(ctx: YamlDetectorContext, anchorPair: Pair, where: string, target: string | null): LayerFact {
  return {
    localId: ctx.layerId(keyLine(ctx.file, anchorPair)),
    kind: "istio-gateway-default",
    category: "gateway",
    library: "istio",
    anchor: keySpan(ctx.file, anchorPair),
    maxAttempts: ISTIO_DEFAULT_ATTEMPTS,
    attemptsSource: "default",
    attemptsNote: `no retries on ${where}: Istio's default policy, 2 retries → 3 attempts`,
    timeBound: null,
    wait: ENVOY_DEFAULT_WAIT,
    condition: envoyRetryCondition([...ISTIO_DEFAULT_RETRY_ON], [], { honoursRetryAfter: false, product: "Istio", defaultTokens: true }),
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "route" },
    label: target ? `gateway default → ${target}` : "gateway default",
  };
}

function strings(d: YamlDocument, node: Node | null): string[] {
  return seqItems(d, node)
    .map((x) => str(d, x))
    .filter((x): x is string => x !== null);
}

/** The first `match[].uri` prefix/exact (regex shown with a leading "~"). */
function firstUriMatch(d: YamlDocument, match: Node | null): string | null {
  for (const m of seqItems(d, match)) {
    const uri = get(d, m, "uri");
    const prefix = str(d, get(d, uri, "prefix"));
    if (prefix !== null) return prefix;
    const exact = str(d, get(d, uri, "exact"));
    if (exact !== null) return exact;
    const regex = str(d, get(d, uri, "regex"));
    if (regex !== null) return `~${regex}`;
  }
  return null;
}

/** "payments.shop.svc.cluster.local" → "payments": the name people use in chains. */
function shortHost(host: string | undefined): string | null {
  if (!host) return null;
  return host.split(".")[0] || host;
}
