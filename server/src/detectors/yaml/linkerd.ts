/**
 * Linkerd retries (reference §4.4, §4.5; §0 rows "Linkerd ServiceProfile", "Linkerd 2.16+").
 *
 * Where the retry happens: both styles are applied by the *outbound* (client-side) proxy —
 * linkerd2-proxy `app/outbound/src/http/retry.rs` (ServiceProfile) and
 * `app/outbound/.../policy/route/retry.rs` (annotations) — for requests *to* the service the
 * config names. So they are mesh routes (edge: false) whose `hosts` are that service, and the
 * linker adds the layer to every hop whose callee it is.
 *
 * - ServiceProfile `spec.routes[]` with `isRetryable: true`: no per-request count (§4.4), only the
 *   `retryBudget` (default 20% + 10/s, ttl 10 s) → maxAttempts null, `budget` described, and
 *   `timeBound` = the route timeout (default 10 s covers the request and its retries), so RL002
 *   reports it as time-bounded (info) rather than unbounded: retries are immediate, so as many fit
 *   as the timeout allows, and the budget caps them in aggregate.
 * - annotations `retry.linkerd.io/{http,grpc,limit,timeout}` on a Service, HTTPRoute or
 *   GRPCRoute: `limit` defaults to 1 → 2 attempts; N → N+1; back-off 25–250 ms full jitter.
 *   A route's annotations override the Service's (the linker prefers the more specific route).
 *   Not modelled: a ServiceProfile for the same service turns the annotations off (§4.5).
 */
import { isMap } from "yaml";
import { bool, get, getPair, keyLine, keySpan, num, seqItems, str, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { durationSeconds, formatSeconds, parseDuration } from "./durations";
import { annotationPair, annotations, metaName, metaNamespace, pushRoute, routeLayer } from "./routeLayers";

const BUDGET_DEFAULT = { ratio: 0.2, minPerSecond: 10, ttl: "10s" };
const ROUTE_TIMEOUT_DEFAULT = 10;

export function detectLinkerd(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (!k) return;
  if (k.kind === "ServiceProfile" && k.apiVersion.startsWith("linkerd.io/")) return serviceProfile(ctx, d);
  if (k.kind === "Service" && k.apiVersion === "v1") return annotated(ctx, d, [metaName(d)].filter((x): x is string => !!x), null);
  if ((k.kind === "HTTPRoute" || k.kind === "GRPCRoute") && (k.apiVersion.startsWith("gateway.networking.k8s.io/") || k.apiVersion.startsWith("policy.linkerd.io/"))) {
    const spec = get(d, d.root, "spec");
    const parents = seqItems(d, get(d, spec, "parentRefs"))
      .filter((p) => (str(d, get(d, p, "kind")) ?? "") === "Service")
      .map((p) => str(d, get(d, p, "name")))
      .filter((x): x is string => !!x);
    annotated(ctx, d, parents, `${k.kind} ${metaName(d) ?? ""}`.trim());
  }
}

function serviceProfile(ctx: YamlDetectorContext, d: YamlDocument): void {
  const name = metaName(d);
  const spec = get(d, d.root, "spec");
  if (!name || !spec) return;
  const budgetNode = get(d, spec, "retryBudget");
  const ratio = num(d, get(d, budgetNode, "retryRatio")) ?? BUDGET_DEFAULT.ratio;
  const minPerSecond = num(d, get(d, budgetNode, "minRetriesPerSecond")) ?? BUDGET_DEFAULT.minPerSecond;
  const ttl = str(d, get(d, budgetNode, "ttl")) ?? BUDGET_DEFAULT.ttl;
  const budget = `Linkerd retryBudget ${Math.round(ratio * 100)}% of requests + ${minPerSecond}/s (ttl ${ttl})${budgetNode ? "" : " (default)"}`;
  for (const route of seqItems(d, get(d, spec, "routes"))) {
    if (!isMap(route)) continue;
    const pair = getPair(d, route, "isRetryable");
    if (!pair || bool(d, pair.value) !== true) continue;
    const routeName = str(d, get(d, route, "name"));
    const t = durationSeconds(d, get(d, route, "timeout"));
    const timeout = t !== null && t > 0 ? t : ROUTE_TIMEOUT_DEFAULT;
    const layer = routeLayer(ctx, {
      kind: "linkerd-serviceprofile",
      library: "linkerd",
      anchor: keySpan(ctx.file, pair),
      anchorLine: keyLine(ctx.file, pair),
      maxAttempts: null,
      attemptsSource: "default",
      attemptsNote: "isRetryable: true → no per-request retry count, only the retry budget",
      timeBound: `route timeout ${formatSeconds(timeout)}${t === null ? " (Linkerd default)" : ""}`,
      budget,
      overallTimeoutSeconds: timeout,
      wait: { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "default", description: "none: Linkerd retries at once (ServiceProfile)" },
      condition: {
        allErrors: false,
        exceptionTypes: [],
        statuses: [],
        retryOn: ["5xx"],
        afterSendMethods: "all",
        permanentErrors: null,
        honoursRetryAfter: false,
        description: "responses classified as failures (5xx by default), any method; transport errors and bodies over 64 KiB are not retried",
      },
      edge: false,
      label: `route ${routeName ?? ""} → ${name.split(".")[0]}`.replace("route  →", "route →"),
    });
    const fact = pushRoute(ctx, { product: "linkerd", hosts: [name], destinations: [name], edge: false, gateway: null, namespace: metaNamespace(d), match: routeName, span: keySpan(ctx.file, pair), layer, timeoutSeconds: timeout });
    // a plain condition (method, pathRegex) says which requests the route is for; a condition
    // combining others (all/any/not) is not read: the route may be for any request
    const condition = get(d, route, "condition");
    if (condition && !["all", "any", "not"].some((k) => get(d, condition, k) !== null)) {
      const method = str(d, get(d, condition, "method"))?.toUpperCase() ?? null;
      const pathRegex = str(d, get(d, condition, "pathRegex"));
      if (method !== null || pathRegex !== null) fact.condition = { method, pathRegex };
    }
  }
}

const KEYS = ["retry.linkerd.io/http", "retry.linkerd.io/grpc", "retry.linkerd.io/limit", "retry.linkerd.io/timeout"];

function annotated(ctx: YamlDetectorContext, d: YamlDocument, hosts: string[], routeName: string | null): void {
  const a = annotations(d);
  const present = KEYS.filter((key) => a[key] !== undefined);
  if (present.length === 0 || hosts.length === 0) return;
  const pair = annotationPair(d, present.includes("retry.linkerd.io/limit") ? "retry.linkerd.io/limit" : present[0]!)!;
  const limitText = a["retry.linkerd.io/limit"];
  const limit = limitText !== undefined && /^\d+$/.test(limitText.trim()) ? Number(limitText.trim()) : null;
  const maxAttempts = limit === null ? 2 : limit + 1;
  const http = (a["retry.linkerd.io/http"] ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const grpc = (a["retry.linkerd.io/grpc"] ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const statuses: number[] = [];
  for (const c of http) {
    const range = /^(\d{3})-(\d{3})$/.exec(c);
    if (/^\d{3}$/.test(c)) statuses.push(Number(c));
    else if (range) for (let s = Number(range[1]); s <= Number(range[2]) && statuses.length < 100; s++) statuses.push(s);
  }
  const perTry = a["retry.linkerd.io/timeout"] ? parseDuration(a["retry.linkerd.io/timeout"]) : null;
  const afterSend = http.length > 0 || grpc.length > 0 || perTry !== null;
  const permanent = statuses.filter((s) => s >= 400 && s < 500 && s !== 408 && s !== 429);
  const layer = routeLayer(ctx, {
    kind: "linkerd-annotation",
    library: "linkerd",
    anchor: keySpan(ctx.file, pair),
    anchorLine: keyLine(ctx.file, pair),
    maxAttempts,
    attemptsSource: limit === null ? "default" : "config",
    attemptsNote: limit === null ? "retry.linkerd.io/limit unset → 1 retry → 2 attempts (Linkerd default)" : `retry.linkerd.io/limit: ${limit} → ${limit + 1} attempts`,
    perTryTimeoutSeconds: perTry,
    wait: { kind: "exponential", jitter: true, initialSeconds: 0.025, maxSeconds: 0.25, source: "default", description: "exponential from 25 ms, max 250 ms, full jitter (Linkerd)" },
    condition: {
      allErrors: false,
      exceptionTypes: [],
      statuses,
      retryOn: [...http, ...grpc],
      afterSendMethods: afterSend ? "all" : [],
      permanentErrors: permanent.length ? `retries ${permanent.join(", ")}: errors that repeat on every attempt` : null,
      honoursRetryAfter: statuses.includes(429) || statuses.includes(503) ? false : null,
      description: `Linkerd retries ${[...http, ...grpc].join(", ") || "only refused streams and fail-fast errors"}${afterSend ? ", any method (POST included)" : ""}; bodies over 64 KiB are not retried`,
    },
    edge: false,
    label: `${routeName ?? "service"} → ${hosts[0]}`,
  });
  pushRoute(ctx, { product: "linkerd", hosts, destinations: hosts, edge: false, gateway: null, namespace: metaNamespace(d), match: routeName, span: keySpan(ctx.file, pair), layer });
}
