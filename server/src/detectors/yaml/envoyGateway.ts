/**
 * Envoy Gateway `BackendTrafficPolicy` (gateway.envoyproxy.io/v1alpha1) `spec.retry`, and the
 * Gateway API routes it targets. Envoy Gateway compiles `retry` to an Envoy route retry policy
 * (reference §4.2), so Envoy's semantics apply; what Envoy Gateway adds was verified from
 * `envoyproxy/gateway` `api/v1alpha1/retry_types.go` and the docs task "Retry"
 * (gateway.envoyproxy.io/docs/tasks/traffic/retry, v1.1–v1.9):
 * - `numRetries` **defaults to 2** (`+kubebuilder:default=2`) → 3 attempts; N → N+1; 0 → 1 attempt.
 * - `retryOn` unset → `connect-failure,refused-stream,unavailable,cancelled,retriable-status-codes`
 *   with status 503; `retryOn.triggers` / `retryOn.httpStatusCodes` replace that.
 * - `perRetry.backOff.baseInterval` / `maxInterval`: "fully jittered exponential back-off", Envoy's
 *   defaults 25 ms and 10× base (§4.2); `perRetry.timeout` is the per-try timeout.
 * - Not method-gated (Envoy, §4.2).
 * The policy is a GatewayObjectFact with its layer; `targetRefs` (or the older `targetRef`) to an
 * HTTPRoute/GRPCRoute become refs, to a Gateway `parents`. Every HTTPRoute/GRPCRoute
 * (gateway.networking.k8s.io) is a GatewayObjectFact with its `backendRefs` Services and
 * `parentRefs` Gateways, so the linker (engine/gatewayLinks.ts) turns each targeted route into
 * an edge route of the "envoy-gateway" gateway, wherever the manifests are. A policy on a route
 * wins over one on its Gateway. A Gateway API `rules[].retry` (GEP-1731, gatewayApiRetry.ts)
 * takes precedence over the policy for that rule's backends (Envoy Gateway ≥ 1.3).
 */
import { isMap } from "yaml";
import type { GatewayRef } from "../../model/facts";
import { get, getPair, keyLine, keySpan, nodeSpan, num, seqItems, str, type Pair, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { durationSeconds } from "./durations";
import { ENVOY_DEFAULT_WAIT, envoyRetryCondition, envoyWait } from "./envoy";
import { metaName, metaNamespace, routeLayer } from "./routeLayers";

export const ENVOY_GATEWAY_DEFAULT_RETRIES = 2;
const DEFAULT_TRIGGERS = ["connect-failure", "refused-stream", "unavailable", "cancelled", "retriable-status-codes"];
const DEFAULT_STATUSES = [503];

export function detectEnvoyGateway(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (!k) return;
  if ((k.kind === "HTTPRoute" || k.kind === "GRPCRoute") && k.apiVersion.startsWith("gateway.networking.k8s.io/")) return gatewayApiRoute(ctx, d);
  if (k.kind !== "BackendTrafficPolicy" || !k.apiVersion.startsWith("gateway.envoyproxy.io/")) return;
  const spec = get(d, d.root, "spec");
  const pair = getPair(d, spec, "retry");
  const name = metaName(d);
  if (!pair || !isMap(pair.value) || !name) return;
  const namespace = metaNamespace(d);
  const layerId = retryLayer(ctx, d, pair, name);
  const refs: GatewayRef[] = [];
  const parents: string[] = [];
  const targets = [...seqItems(d, get(d, spec, "targetRefs")), ...(isMap(get(d, spec, "targetRef")) ? [get(d, spec, "targetRef")!] : [])];
  for (const t of targets) {
    const kind = str(d, get(d, t, "kind"));
    const target = str(d, get(d, t, "name"));
    if (!target) continue;
    if (kind === "HTTPRoute" || kind === "GRPCRoute") refs.push({ kind: "httproute", name: target, namespace });
    else if (kind === "Gateway") parents.push(target);
  }
  (ctx.facts.gatewayObjects ??= []).push({ kind: "envoy-gateway-policy", name, namespace, span: keySpan(ctx.file, pair), layerId, refs, destinations: [], parents, match: null });
}

function retryLayer(ctx: YamlDetectorContext, d: YamlDocument, pair: Pair, name: string): string {
  const retry = pair.value;
  const n = num(d, get(d, retry, "numRetries"));
  const retries = n === null ? ENVOY_GATEWAY_DEFAULT_RETRIES : Math.max(0, Math.floor(n));
  const retryOn = get(d, retry, "retryOn");
  const triggers = seqItems(d, get(d, retryOn, "triggers")).map((t) => str(d, t) ?? "").filter(Boolean);
  const codes = seqItems(d, get(d, retryOn, "httpStatusCodes")).map((c) => num(d, c)).filter((c): c is number => c !== null);
  const defaultTriggers = retryOn === null;
  const perRetry = get(d, retry, "perRetry");
  const backOff = get(d, perRetry, "backOff");
  const base = durationSeconds(d, get(d, backOff, "baseInterval"));
  const max = durationSeconds(d, get(d, backOff, "maxInterval"));
  return routeLayer(ctx, {
    kind: "envoy-gateway-retry",
    library: "envoy-gateway",
    anchor: keySpan(ctx.file, pair),
    anchorLine: keyLine(ctx.file, pair),
    maxAttempts: retries + 1,
    attemptsSource: n === null ? "default" : "config",
    attemptsNote: n === null ? `numRetries unset → Envoy Gateway default ${ENVOY_GATEWAY_DEFAULT_RETRIES} retries → ${ENVOY_GATEWAY_DEFAULT_RETRIES + 1} attempts` : retries === 0 ? "numRetries: 0 → 1 attempt (retries off)" : `numRetries: ${retries} → ${retries + 1} attempts`,
    wait: base !== null && base > 0 ? envoyWait(base, max, "Envoy Gateway") : max !== null ? { ...ENVOY_DEFAULT_WAIT, maxSeconds: max, source: "config" } : ENVOY_DEFAULT_WAIT,
    condition: envoyRetryCondition(defaultTriggers ? DEFAULT_TRIGGERS : triggers, defaultTriggers ? DEFAULT_STATUSES : codes, {
      honoursRetryAfter: false,
      product: "Envoy Gateway",
      defaultTokens: defaultTriggers,
    }),
    perTryTimeoutSeconds: durationSeconds(d, get(d, perRetry, "timeout")),
    edge: true,
    label: `BackendTrafficPolicy ${name}`,
  }).localId;
}

/** An HTTPRoute/GRPCRoute: its backend Services and parent Gateways, for policies that target it. */
function gatewayApiRoute(ctx: YamlDetectorContext, d: YamlDocument): void {
  const name = metaName(d);
  if (!name) return;
  const spec = get(d, d.root, "spec");
  const destinations: string[] = [];
  let match: string | null = null;
  for (const rule of seqItems(d, get(d, spec, "rules"))) {
    for (const b of seqItems(d, get(d, rule, "backendRefs"))) {
      const kind = str(d, get(d, b, "kind")) ?? "Service";
      const svc = str(d, get(d, b, "name"));
      if (kind === "Service" && svc && !destinations.includes(svc)) destinations.push(svc);
    }
    match ??= str(d, get(d, get(d, seqItems(d, get(d, rule, "matches"))[0], "path"), "value"));
  }
  const parents = seqItems(d, get(d, spec, "parentRefs"))
    .filter((p) => (str(d, get(d, p, "kind")) ?? "Gateway") === "Gateway")
    .map((p) => str(d, get(d, p, "name")))
    .filter((p): p is string => !!p);
  if (!destinations.length) return;
  (ctx.facts.gatewayObjects ??= []).push({ kind: "httproute", name, namespace: metaNamespace(d), span: nodeSpan(ctx.file, d.root), layerId: null, refs: [], destinations, parents, match });
}
