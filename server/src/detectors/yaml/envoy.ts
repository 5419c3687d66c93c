/**
 * Envoy static configuration: route `retry_policy` (reference/retry-semantics.md §4.2, §0 row
 * "Envoy route retry_policy") and cluster `circuit_breakers` / `retry_budget` (§4.3).
 *
 * Also home of the Envoy retry semantics that Istio compiles into (§4.1): `retry_on` token
 * classification, the default back-off, and the condition builder, shared with istio.ts.
 *
 * Number traps (§5.1): `num_retries` counts *retries*: N → N+1 attempts; a policy without
 * `num_retries` still retries once (→ 2); no policy → no retries (no layer). The route timeout
 * (default 15 s) covers every attempt and back-off; `per_try_timeout` is unset by default.
 */
import { isMap } from "yaml";
import type { ClusterFact, LayerFact, MeshRouteFact, RetryCondition, WaitSpec } from "../../model/facts";
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
  walkMaps,
  type Node,
  type Pair,
  type YAMLMap,
  type YamlDocument,
} from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { durationSeconds, formatSeconds } from "./durations";

// ---------------------------------------------------------------------------------------------
// Shared Envoy retry semantics (Envoy route retries and Istio HTTPRetry, which compiles to them)

/**
 * retry_on tokens that fire only when the request never reached the upstream application, or
 * was refused before processing (gRPC UNAVAILABLE / CANCELLED, rate-limited by Envoy itself):
 * retrying them cannot run a write twice. §4.2 "retry_on values".
 */
export const PRE_SEND_RETRY_ON: ReadonlySet<string> = new Set([
  "connect-failure",
  "refused-stream",
  "reset-before-request",
  "envoy-ratelimited",
  "unavailable",
  "cancelled",
  "http3-post-connect-failure",
]);

/** retry_on tokens that may retry after the upstream received (and maybe applied) the request. */
export const POST_SEND_RETRY_ON: ReadonlySet<string> = new Set([
  "5xx",
  "gateway-error",
  "reset",
  "retriable-4xx",
  "retriable-status-codes",
  "retriable-headers",
  "deadline-exceeded",
  "internal",
  "resource-exhausted",
]);

/** Envoy's default back-off: full jitter from 25 ms, capped at 10× base = 250 ms (§4.2). */
export const ENVOY_DEFAULT_WAIT: WaitSpec = {
  kind: "exponential",
  jitter: true,
  initialSeconds: 0.025,
  maxSeconds: 0.25,
  source: "default",
  description: "exponential from 25 ms, max 250 ms, full jitter (Envoy default)",
};

/** Envoy's default route timeout; it bounds all attempts together (§4.2, §5.4). */
export const ENVOY_DEFAULT_ROUTE_TIMEOUT_SECONDS = 15;

/** An Envoy back-off with a configured base; the cap defaults to 10× base (§4.2). */
export function envoyWait(baseSeconds: number, maxSeconds: number | null, product: string): WaitSpec {
  const max = maxSeconds ?? baseSeconds * 10;
  const capNote = maxSeconds === null ? " (default 10× base)" : "";
  return {
    kind: "exponential",
    jitter: true,
    initialSeconds: baseSeconds,
    maxSeconds: max,
    source: "config",
    description: `exponential from ${formatSeconds(baseSeconds)}, max ${formatSeconds(max)}${capNote}, full jitter (${product})`,
  };
}

/** Splits "5xx, reset,connect-failure" into tokens. */
export function splitRetryOn(text: string | null): string[] {
  if (!text) return [];
  return text
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "");
}

/**
 * What an Envoy retry policy retries, from its retry_on tokens and retriable status codes.
 *
 * `retriable-status-codes` counts as after-send only when a status list is configured: without
 * one it only acts on requests that carry `x-envoy-retriable-status-codes` (§4.1), which is why
 * Istio's default policy (which carries the token) retries only pre-send failures in practice.
 * Unknown tokens are treated as after-send: we cannot show they are safe.
 */
export function envoyRetryCondition(
  tokens: string[],
  statuses: number[],
  opts: { honoursRetryAfter: boolean; product: string; defaultTokens?: boolean },
): RetryCondition {
  const postSend = tokens.filter((t) => {
    if (t === "retriable-status-codes") return statuses.length > 0;
    return POST_SEND_RETRY_ON.has(t) || !PRE_SEND_RETRY_ON.has(t);
  });
  const permanent: string[] = [];
  if (tokens.includes("retriable-4xx")) permanent.push("retriable-4xx retries 409 Conflict");
  const permanentStatuses = statuses.filter((s) => s >= 400 && s < 500 && s !== 408 && s !== 425 && s !== 429);
  if (permanentStatuses.length > 0) permanent.push(`retriable status codes include ${permanentStatuses.join(", ")}`);
  const retriesThrottling = statuses.includes(429) || statuses.includes(503);
  const honoursRetryAfter = opts.honoursRetryAfter ? true : retriesThrottling ? false : null;

  const shown = tokens.length > 0 ? tokens.join(",") : "(none)";
  const parts = [`${opts.product} retry_on ${shown}${opts.defaultTokens ? ` (${opts.product} default)` : ""}`];
  if (statuses.length > 0) parts.push(`statuses ${statuses.join(", ")}`);
  parts.push(
    postSend.length > 0
      ? `may retry after the request reached the upstream (${postSend.join(", ")}), for any method`
      : "only failures where the request was not processed upstream",
  );
  return {
    allErrors: false,
    exceptionTypes: [],
    statuses,
    retryOn: tokens,
    afterSendMethods: postSend.length > 0 ? "all" : [],
    permanentErrors: permanent.length > 0 ? `${permanent.join("; ")}: errors that repeat on every attempt` : null,
    honoursRetryAfter,
    description: parts.join("; "),
  };
}

// ---------------------------------------------------------------------------------------------
// The Envoy static-config detector

/** Finds Envoy routes and clusters in one document. */
export function detectEnvoy(ctx: YamlDetectorContext, d: YamlDocument): void {
  const root = asMap(d, d.root);
  if (!root) return;
  // A Kubernetes object (EnvoyFilter, ConfigMap, Gloo/Emissary CRD) is not a static config.
  if (kubernetesKind(d)) return;

  const routeConfigs: YAMLMap[] = [];
  walkMaps(d, (map) => {
    if (isRouteConfiguration(d, map)) routeConfigs.push(map);
  });
  const hasStaticResources = getPair(d, root, "static_resources") !== null;
  if (!hasStaticResources && routeConfigs.length === 0) return;

  const clusters = collectClusters(ctx, d);
  ctx.facts.clusters.push(...clusters.values());

  // Each listener names the gateway its routes belong to; a bare route config uses the file stem.
  const listenerOf = new Map<YAMLMap, string>();
  for (const listener of listeners(d, root)) {
    const name = str(d, get(d, listener, "name"));
    if (!name) continue;
    walkMaps(
      d,
      (map) => {
        if (isRouteConfiguration(d, map) && !listenerOf.has(map)) listenerOf.set(map, name);
      },
      listener,
    );
  }
  const stem = fileStem(ctx.path);

  for (const rc of routeConfigs) {
    const gateway = `envoy:${listenerOf.get(rc) ?? stem}`;
    for (const vhost of seqItems(d, get(d, rc, "virtual_hosts"))) {
      if (!isMap(vhost)) continue;
      const vhostPolicy = getPair(d, vhost, "retry_policy");
      const domains = seqItems(d, get(d, vhost, "domains"))
        .map((x) => str(d, x))
        .filter((x): x is string => x !== null);
      for (const route of seqItems(d, get(d, vhost, "routes"))) {
        if (!isMap(route)) continue;
        const action = asMap(d, get(d, route, "route"));
        // redirect / direct_response routes never reach an upstream: nothing to retry.
        if (!action) continue;
        addRoute(ctx, d, { route, action, vhostPolicy, domains, gateway, clusters });
      }
    }
  }
}

function isRouteConfiguration(d: YamlDocument, map: YAMLMap): boolean {
  const vhosts = seqItems(d, get(d, map, "virtual_hosts"));
  return vhosts.some((v) => isMap(v) && (getPair(d, v, "routes") !== null || getPair(d, v, "domains") !== null));
}

function listeners(d: YamlDocument, root: YAMLMap): Node[] {
  return [
    ...seqItems(d, get(d, get(d, root, "static_resources"), "listeners")),
    ...seqItems(d, get(d, root, "listeners")),
  ];
}

function fileStem(path: string): string {
  const base = path.split("/").pop() ?? path;
  return base.replace(/\.(ya?ml)$/i, "");
}

/** Clusters: items of a `clusters:` list (not `weighted_clusters`), or CDS resources by @type. */
function collectClusters(ctx: YamlDetectorContext, d: YamlDocument): Map<string, ClusterFact> {
  const out = new Map<string, ClusterFact>();
  walkMaps(d, (map, keyPath) => {
    const n = keyPath.length;
    const inClusterList = n >= 2 && keyPath[n - 1] === "[]" && keyPath[n - 2] === "clusters" && keyPath[n - 3] !== "weighted_clusters";
    const type = str(d, get(d, map, "@type")) ?? "";
    const isCdsResource = type.endsWith("config.cluster.v3.Cluster");
    if (!inClusterList && !isCdsResource) return;
    const name = str(d, get(d, map, "name"));
    if (!name || out.has(name)) return;
    // A weighted-cluster entry has name + weight only; a real cluster says how to reach hosts.
    const looksLikeCluster = ["load_assignment", "hosts", "type", "connect_timeout", "circuit_breakers", "lb_policy", "cluster_type"].some(
      (k) => getPair(d, map, k) !== null,
    );
    if (!looksLikeCluster && !isCdsResource) return;
    out.set(name, clusterFact(ctx, d, map, name));
  });
  return out;
}

function clusterFact(ctx: YamlDetectorContext, d: YamlDocument, cluster: YAMLMap, name: string): ClusterFact {
  const addresses: string[] = [];
  const addAddress = (endpointAddress: Node | null) => {
    const a = str(d, get(d, get(d, endpointAddress, "socket_address"), "address"));
    if (a && !addresses.includes(a)) addresses.push(a);
  };
  for (const ep of seqItems(d, get(d, get(d, cluster, "load_assignment"), "endpoints"))) {
    for (const lb of seqItems(d, get(d, ep, "lb_endpoints"))) addAddress(get(d, get(d, lb, "endpoint"), "address"));
  }
  // v2-era `hosts: [{socket_address: …}]`
  for (const h of seqItems(d, get(d, cluster, "hosts"))) addAddress(h);

  let retryBudget: string | null = null;
  let maxRetries: number | null = null;
  const thresholds = seqItems(d, get(d, get(d, cluster, "circuit_breakers"), "thresholds"));
  // The DEFAULT priority governs ordinary traffic; HIGH only applies to high-priority routes.
  const ordered = [
    ...thresholds.filter((t) => (str(d, get(d, t, "priority")) ?? "DEFAULT") === "DEFAULT"),
    ...thresholds.filter((t) => (str(d, get(d, t, "priority")) ?? "DEFAULT") !== "DEFAULT"),
  ];
  for (const t of ordered) {
    if (maxRetries === null) maxRetries = num(d, get(d, t, "max_retries"));
    const budgetPair = getPair(d, t, "retry_budget");
    if (retryBudget === null && budgetPair) retryBudget = describeBudget(d, budgetPair.value);
  }
  return { name, addresses, span: nodeSpan(ctx.file, cluster), retryBudget, maxRetries };
}

/** §4.3: circuit_breakers.thresholds.max_retries default */
const ENVOY_DEFAULT_MAX_RETRIES = 3;

/** "Envoy retry_budget 10% (min 3 concurrent)"; unset fields take §4.3's defaults (20%, 3). */
function describeBudget(d: YamlDocument, node: unknown): string {
  const pctNode = get(d, node, "budget_percent");
  const pct = asMap(d, pctNode) ? num(d, get(d, pctNode, "value")) : num(d, pctNode);
  const min = num(d, get(d, node, "min_retry_concurrency"));
  const defaults = pct === null || min === null ? ", Envoy defaults" : "";
  return `Envoy retry_budget ${pct ?? 20}% (min ${min ?? 3} concurrent${defaults})`;
}

interface RouteInput {
  route: YAMLMap;
  action: YAMLMap;
  vhostPolicy: Pair | null;
  /** the virtual host's domains: the hosts this route answers for */
  domains: string[];
  gateway: string;
  clusters: Map<string, ClusterFact>;
}

function addRoute(ctx: YamlDetectorContext, d: YamlDocument, r: RouteInput): void {
  const { route, action } = r;
  const clusterNames = referencedClusters(d, action);
  const destinations: string[] = [];
  for (const name of clusterNames) {
    for (const a of r.clusters.get(name)?.addresses ?? []) if (!destinations.includes(a)) destinations.push(a);
    if (!destinations.includes(name)) destinations.push(name);
  }
  const match = routeMatch(d, get(d, route, "match"));

  // `timeout: 0s` disables the route timeout; unset means Envoy's 15 s.
  const timeoutPair = getPair(d, action, "timeout");
  const written = timeoutPair ? durationSeconds(d, timeoutPair.value) : null;
  const timeoutSeconds = written !== null && written > 0 ? written : null;

  const routeFact: MeshRouteFact = {
    product: "envoy",
    hosts: r.domains,
    destinations,
    edge: true,
    gateway: r.gateway,
    namespace: null,
    match,
    span: nodeSpan(ctx.file, route),
    layerId: null,
    timeoutSeconds,
  };

  // A route-level policy replaces the virtual host's default entirely.
  const policyPair = getPair(d, action, "retry_policy") ?? r.vhostPolicy;
  if (policyPair && asMap(d, policyPair.value)) {
    let overall: number | null;
    let timeoutNote: string;
    if (!timeoutPair) {
      overall = ENVOY_DEFAULT_ROUTE_TIMEOUT_SECONDS;
      timeoutNote = `; route timeout unset → Envoy default ${ENVOY_DEFAULT_ROUTE_TIMEOUT_SECONDS} s covers all attempts`;
    } else if (written === 0) {
      overall = null;
      timeoutNote = "; route timeout 0s → no overall deadline";
    } else {
      overall = timeoutSeconds;
      timeoutNote = "";
    }
    const budgets = clusterNames.map((c) => r.clusters.get(c)?.retryBudget ?? null).filter((b): b is string => b !== null);
    const layer = envoyLayer(ctx, d, policyPair, {
      label: match ? `route ${match}` : `route → ${clusterNames[0] ?? "upstream"}`,
      overall,
      timeoutNote,
      budget: budgets.length > 0 ? [...new Set(budgets)].join("; ") : null,
    });
    if (budgets.length === 0) {
      // §4.3/§5.5: the clusters' max_retries caps concurrent retries (Envoy default 3). A fixed
      // concurrency cap, not a share of traffic: noted, not counted as a retry budget
      const caps = [...new Set(clusterNames.map((c) => r.clusters.get(c)?.maxRetries ?? null).map((n) => (n === null ? `${ENVOY_DEFAULT_MAX_RETRIES} (Envoy default)` : String(n))))];
      if (caps.length) layer.condition = { ...layer.condition, description: `${layer.condition.description}; cluster max_retries caps concurrent retries at ${caps.join(", ")}` };
    }
    ctx.facts.layers.push(layer);
    routeFact.layerId = layer.localId;
  }
  ctx.facts.routes.push(routeFact);
}

function referencedClusters(d: YamlDocument, action: YAMLMap): string[] {
  const single = str(d, get(d, action, "cluster"));
  if (single) return [single];
  const out: string[] = [];
  for (const w of seqItems(d, get(d, get(d, action, "weighted_clusters"), "clusters"))) {
    const name = str(d, get(d, w, "name"));
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

function routeMatch(d: YamlDocument, match: Node | null): string | null {
  if (!match) return null;
  for (const key of ["prefix", "path", "path_separated_prefix"]) {
    const v = str(d, get(d, match, key));
    if (v !== null) return v;
  }
  const regex = str(d, get(d, get(d, match, "safe_regex"), "regex"));
  return regex !== null ? `~${regex}` : null;
}

function envoyLayer(
  ctx: YamlDetectorContext,
  d: YamlDocument,
  policyPair: Pair,
  opts: { label: string; overall: number | null; timeoutNote: string; budget: string | null },
): LayerFact {
  const policy = policyPair.value;
  const line = keyLine(ctx.file, policyPair);
  const tokens = splitRetryOn(str(d, get(d, policy, "retry_on")));
  const statuses = seqItems(d, get(d, policy, "retriable_status_codes"))
    .map((s) => num(d, s))
    .filter((s): s is number => s !== null);

  // num_retries is a UInt32Value: written as a number (or, leniently, {value: N}).
  const numNode = get(d, policy, "num_retries");
  const numRetries = asMap(d, numNode) ? num(d, get(d, numNode, "value")) : num(d, numNode);
  let maxAttempts: number;
  let attemptsSource: "config" | "default";
  let attemptsNote: string;
  if (numRetries === null) {
    maxAttempts = 2;
    attemptsSource = "default";
    attemptsNote = "num_retries unset → Envoy default 1 retry → 2 attempts";
  } else {
    const n = Math.max(0, Math.floor(numRetries));
    maxAttempts = n + 1;
    attemptsSource = "config";
    attemptsNote = n === 0 ? "num_retries: 0 → 1 attempt (retries off)" : `num_retries: ${n} → ${n + 1} attempts`;
  }
  if (tokens.length === 0 && statuses.length === 0) {
    // Envoy only retries on a condition; with none configured (and no x-envoy-retry-on header
    // from the client) the policy never fires.
    maxAttempts = 1;
    attemptsNote += "; no retry_on → Envoy never retries (unless the request sets x-envoy-retry-on)";
  }
  attemptsNote += opts.timeoutNote;

  const backOff = get(d, policy, "retry_back_off");
  const base = durationSeconds(d, get(d, backOff, "base_interval"));
  const wait = base !== null && base > 0 ? envoyWait(base, durationSeconds(d, get(d, backOff, "max_interval")), "Envoy") : ENVOY_DEFAULT_WAIT;

  const rateLimited = getPair(d, policy, "rate_limited_retry_back_off") !== null;
  return {
    localId: ctx.layerId(line),
    kind: "envoy-route",
    category: "gateway",
    library: "envoy",
    anchor: keySpan(ctx.file, policyPair),
    maxAttempts,
    attemptsSource,
    attemptsNote,
    timeBound: null,
    wait,
    condition: envoyRetryCondition(tokens, statuses, { honoursRetryAfter: rateLimited, product: "Envoy" }),
    budget: opts.budget,
    perTryTimeoutSeconds: durationSeconds(d, get(d, policy, "per_try_timeout")),
    overallTimeoutSeconds: opts.overall,
    attach: { kind: "route" },
    label: opts.label,
  };
}
