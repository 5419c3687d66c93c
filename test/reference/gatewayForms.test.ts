/**
 * The gateway forms of issue #10, each default and number trap through the real extractors or
 * the linker (./table.ts): docs/reference/traefik.md (Docker labels, file provider YAML/TOML),
 * docs/reference/kong.md (declarative / decK), docs/reference/gateway-api-retry.md (GEP-1731)
 * and docs/reference/appmesh.md.
 */
import { runTable, src, type Row } from "./table";

const TRAEFIK = "traefik";
const KONG = "kong";
const GEP = "gateway-api-retry";
const APPMESH = "appmesh";
const ENVOY_DEFAULT: ["exponential", true, number, number] = ["exponential", true, 0.025, 0.25];

const labels = (lines: string) => `services:\n  traefik:\n    image: traefik:v3.1\n  orders:\n    image: shop/orders\n    labels:\n${lines}\n`;

const httpRoute = (retry: string) =>
  `apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata: {name: orders}\nspec:\n  parentRefs: [{name: edge}]\n  rules:\n    - backendRefs: [{name: orders, port: 80}]\n      retry:\n${retry}\n`;

const router = (route: string) =>
  `apiVersion: appmesh.k8s.aws/v1beta2\nkind: VirtualRouter\nmetadata: {name: color-router, namespace: shop}\nspec:\n  routes:\n    - name: color\n      httpRoute:\n        match: {prefix: /}\n        action: {weightedTargets: [{virtualNodeRef: {name: color}, weight: 1}]}\n${route}`;

const rows: Row[] = [
  // Traefik Docker labels and file provider
  {
    id: TRAEFIK, name: "Docker label retry.attempts=4 counts total tries → 4; no initialinterval → immediate; network errors before sending only", covers: ["default", "§5.1"],
    file: "docker-compose.yml", kind: "traefik-retry",
    code: labels('      - "traefik.http.routers.o.middlewares=r"\n      - "traefik.http.middlewares.r.retry.attempts=4"'),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["none", false], methods: [], budget: null, note: /Docker label/ },
  },
  {
    id: TRAEFIK, name: "Docker labels are case-insensitive: Retry.Attempts=3, initialInterval=100ms → exponential ±50 %", covers: ["trap"],
    file: "docker-compose.yml", kind: "traefik-retry",
    code: labels('      - "traefik.http.middlewares.R.retry.Attempts=3"\n      - "traefik.http.middlewares.R.retry.InitialInterval=100ms"'),
    expect: { maxAttempts: 3, wait: ["exponential", true, 0.1] },
  },
  {
    id: TRAEFIK, name: "Docker label without attempts (required): no retries → 1", covers: ["trap"],
    file: "docker-compose.yml", kind: "traefik-retry",
    code: labels('      - "traefik.http.middlewares.r.retry.initialinterval=100ms"'),
    expect: { maxAttempts: 1, attemptsSource: "default", wait: ["exponential", true] },
  },
  {
    id: TRAEFIK, name: "file provider YAML http.middlewares.<m>.retry attempts: 2 → 2", covers: ["default"],
    file: "traefik/dynamic.yml", kind: "traefik-retry",
    code: src`
      http:
        middlewares:
          retry:
            retry:
              attempts: 2
    `,
    expect: { maxAttempts: 2, attemptsSource: "config", wait: ["none", false], note: /file provider/ },
  },
  {
    id: TRAEFIK, name: "file provider TOML [http.middlewares.m.retry] attempts = 3 → 3; status 500-599 only idempotent methods", covers: ["default", "trap"],
    file: "traefik/dynamic.toml", kind: "traefik-retry",
    code: src`
      [http.middlewares.m.retry]
        attempts = 3
        status = ["500-599"]
    `,
    expect: { maxAttempts: 3, wait: ["none", false], methods: ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"] },
  },
  // Kong declarative / decK
  {
    id: KONG, name: "kong.yml service without retries: 5 retries → 6 attempts", covers: ["default", "§5.3"],
    file: "kong/kong.yml", kind: "kong-service",
    code: src`
      _format_version: "3.0"
      services:
        - name: orders
          url: http://orders:8080
    `,
    expect: { maxAttempts: 6, attemptsSource: "default", wait: ["none", false] },
  },
  {
    id: KONG, name: "decK _info.defaults.service.retries: 1 → 2 attempts for services that set none", covers: ["trap", "§5.1"],
    file: "kong/kong.yaml", kind: "kong-service",
    code: src`
      _format_version: "3.0"
      _info:
        defaults:
          service: {retries: 1}
      services:
        - name: orders
          url: http://orders:8080
    `,
    expect: { maxAttempts: 2, attemptsSource: "config", wait: ["none", false], note: /_info.defaults/ },
  },
  {
    id: KONG, name: "Gateway API HTTPRoute on a kong-class Gateway (KIC): the Kong Service default 5 retries → 6 on the backend", covers: ["default", "§5.3"],
    file: "k8s/route.yaml", kind: "kong-service", workspace: true,
    code: `
//- k8s/gateway.yaml
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: {name: edge}
spec:
  gatewayClassName: kong
//- k8s/route.yaml
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: orders}
spec:
  parentRefs: [{name: edge}]
  rules:
    - backendRefs: [{name: orders, port: 80}]
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata: {name: orders}
spec:
  template:
    spec:
      containers: [{name: orders}]
`,
    expect: { maxAttempts: 6, attemptsSource: "default", wait: ["none", false] },
  },
  // Gateway API HTTPRoute retry (GEP-1731)
  {
    id: GEP, name: "retry without attempts: implementation default 2 retries → 3 (Istio, Envoy Gateway); Envoy 25 ms full jitter; any method", covers: ["default"],
    file: "k8s/route.yaml", kind: "gateway-api-retry", code: httpRoute("        codes: [503]"),
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ENVOY_DEFAULT, methods: "all" },
  },
  {
    id: GEP, name: "attempts: 3 counts retries → 4", covers: ["§5.1"],
    file: "k8s/route.yaml", kind: "gateway-api-retry", code: httpRoute("        attempts: 3"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ENVOY_DEFAULT },
  },
  {
    id: GEP, name: "attempts: 0 → 1 (off); backoff: 200ms → Envoy base 0.2 s, cap 2 s", covers: ["trap"],
    file: "k8s/route.yaml", kind: "gateway-api-retry", code: httpRoute("        attempts: 0\n        backoff: 200ms"),
    expect: { maxAttempts: 1, wait: ["exponential", true, 0.2, 2] },
  },
  // App Mesh
  {
    id: APPMESH, name: "route without retryPolicy: App Mesh default Envoy policy 2 retries → 3 (implicit), 503/UNAVAILABLE/connect-failure", covers: ["default", "§5.3"],
    file: "k8s/router.yaml", kind: "appmesh-default", code: router(""),
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ENVOY_DEFAULT, note: /App Mesh default/ },
  },
  {
    id: APPMESH, name: "retryPolicy maxRetries: 3 counts retries → 4; perRetryTimeout 500 ms; POST retried (no method gate)", covers: ["default", "§5.1"],
    file: "k8s/router.yaml", kind: "appmesh-retry",
    code: router("        retryPolicy:\n          maxRetries: 3\n          perRetryTimeout: {unit: ms, value: 500}\n          httpRetryEvents: [server-error]"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ENVOY_DEFAULT, methods: "all" },
  },
  {
    id: APPMESH, name: "maxRetries: 0 → 1 (off)", covers: ["trap"],
    file: "k8s/router.yaml", kind: "appmesh-retry",
    code: router("        retryPolicy:\n          maxRetries: 0\n          perRetryTimeout: {unit: s, value: 1}\n          tcpRetryEvents: [connection-error]"),
    expect: { maxAttempts: 1, wait: ENVOY_DEFAULT },
  },
];

runTable("Gateway forms (issue #10)", [TRAEFIK, KONG, GEP, APPMESH], rows);
