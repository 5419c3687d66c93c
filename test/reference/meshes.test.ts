/**
 * Reference §4 (service meshes, gateways, proxies, entries §4.1–§4.15): defaults and number traps,
 * with §5's cross-cutting traps, run through the real extractors or the linker (./table.ts).
 */
import { fill, runTable, src, type Row } from "./table";

const IDEMPOTENT = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"];


/** orders (an injected workload in namespace shop) calls inventory with a POST. */
const ISTIO_MESH = `
//- orders/app.py
import requests
def reserve():
    return requests.post("http://inventory:8080/reservations")
//- k8s/ns.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels:
    istio-injection: enabled
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
  namespace: shop
spec:
  template:
    spec:
      containers: [{name: orders}]
`;

const virtualService = (retries: string) => fill(src`
  apiVersion: networking.istio.io/v1
  kind: VirtualService
  metadata:
    name: inventory
    namespace: shop
  spec:
    hosts: [inventory]
    http:
      - route:
          - destination: {host: inventory}
        retries:
        __FILL__
`, retries);

/** An Envoy listener route to cluster `orders` (retry_policy on line 16 when given) and the cluster. */
const envoy = (policy: string, cluster = "") => `static_resources:
  listeners:
    - name: edge
      filter_chains:
        - filters:
            - name: envoy.filters.network.http_connection_manager
              typed_config:
                route_config:
                  virtual_hosts:
                    - name: all
                      domains: ["*"]
                      routes:
                        - match: { prefix: "/orders" }
                          route:
                            cluster: orders
${policy}
  clusters:
    - name: orders
${cluster}
      load_assignment:
        endpoints:
          - lb_endpoints:
              - endpoint: { address: { socket_address: { address: orders, port_value: 80 } } }
`;

const linkerdService = (annotations: string) => fill(src`
  apiVersion: v1
  kind: Service
  metadata:
    name: inventory
    annotations:
      __FILL__
  spec:
    selector: {app: inventory}
`, annotations);

const traefik = (retry: string) => fill(src`
  apiVersion: traefik.io/v1alpha1
  kind: Middleware
  metadata: {name: retry-orders}
  spec:
    retry:
      __FILL__
`, retry);

const ingress = (cls: string, annotations = "    example.com/owner: web") => fill(src`
  apiVersion: networking.k8s.io/v1
  kind: Ingress
  metadata:
    name: shop
    annotations:
      __FILL__
  spec:
    ingressClassName: ${cls}
    rules:
      - http:
          paths:
            - path: /orders
              pathType: Prefix
              backend: {service: {name: orders, port: {number: 80}}}
`, annotations);

const nginxConf = (location: string, servers = 3) => fill(src`
  http {
    upstream orders_up {
      ${Array.from({ length: servers }, (_, i) => `server orders-${i + 1}:8080;`).join("\n      ")}
    }
    server {
      listen 80;
      location /orders/ {
        proxy_pass http://orders_up;
        __FILL__
      }
    }
  }
`, location);

const consul = (destination: string) => fill(src`
  apiVersion: consul.hashicorp.com/v1alpha1
  kind: ServiceRouter
  metadata:
    name: inventory
  spec:
    routes:
      - match: {http: {pathPrefix: /stock}}
        destination:
          __FILL__
`, destination);

const mapping = (policy: string) => fill(src`
  apiVersion: getambassador.io/v3alpha1
  kind: Mapping
  metadata: {name: orders, namespace: shop}
  spec:
    hostname: "*"
    prefix: /orders/
    service: orders.shop:8080
    __FILL__
`, policy);

const gloo = (retries: string) => src`
  apiVersion: gateway.solo.io/v1
  kind: VirtualService
  metadata: {name: shop, namespace: gloo-system}
  spec:
    virtualHost:
      domains: ["*"]
      routes:
        - matchers: [{prefix: /orders}]
          routeAction:
            single:
              upstream: {name: shop-orders-8080, namespace: gloo-system}
          options:
            retries: ${retries}
`;

const KONG_CONFIGURED = src`
  _format_version: "3.0"
  services:
    - name: payments
      url: http://payments:8080
      retries: 2
    - name: ledger
      url: http://ledger
      retries: 0
`;

const rows: Row[] = [
  // §4.1 Istio
  {
    id: "§4.1", name: "Istio sidecar default with no VirtualService retries: 2 retries → 3 (implicit), pre-send conditions for any method, 25–250 ms jitter", covers: ["default", "§5.3"],
    workspace: true, file: "k8s/ns.yaml", kind: "istio-default", code: ISTIO_MESH,
    expect: { maxAttempts: 3, attemptsSource: "default", implicit: true, wait: ["exponential", true, 0.025, 0.25], methods: [], budget: null, path: { target: "inventory", product: 3 } },
  },
  {
    id: "§4.1", name: "Istio inbound default since 1.24 (reset-before-request ×2 at the callee's sidecar): noted on the default, not multiplied — those re-sends never reached the application (hop stays ×3)", covers: ["trap", "§5.3"],
    workspace: true, file: "k8s/ns.yaml", kind: "istio-default",
    code: `${ISTIO_MESH}
//- k8s/inventory.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: inventory
  namespace: shop
spec:
  template:
    spec:
      containers: [{name: inventory}]
`,
    expect: { maxAttempts: 3, implicit: true, wait: ["exponential", true], conditionNote: /inbound sidecar \(Istio ≥ 1\.24\) also retries reset-before-request twice, not counted/, path: { target: "inventory", product: 3 } },
  },
  {
    id: "§4.1", name: "Istio VirtualService attempts: 3 → 4 (N+1); backoff 50ms with a 10× cap; no budget (Istio lifts Envoy's max_retries to MaxUint32)", covers: ["§5.1", "§5.5"],
    file: "k8s/vs.yaml", kind: "istio-virtualservice",
    code: virtualService("        attempts: 3\n        perTryTimeout: 2s\n        retryOn: gateway-error,connect-failure,refused-stream\n        backoff: 50ms"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true, 0.05, 0.5], methods: "all", budget: null },
  },
  {
    id: "§4.1", name: "Istio retries with empty retryOn keep the default (pre-send) tokens; only attempts changes → 3", covers: ["trap"],
    file: "k8s/vs.yaml", kind: "istio-virtualservice", code: virtualService("        attempts: 2"),
    expect: { maxAttempts: 3, wait: ["exponential", true, 0.025, 0.25], methods: [] },
  },
  {
    id: "§4.1", name: "Istio attempts: 0 disables retries → 1", covers: ["trap"],
    file: "k8s/vs.yaml", kind: "istio-virtualservice", code: virtualService("        attempts: 0"),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: ["exponential", true] },
  },
  // §4.2 Envoy route retry_policy
  {
    id: "§4.2", name: "Envoy route without retry_policy: no retries → no layer", covers: ["default"],
    file: "edge/envoy.yaml", kind: "envoy-route", code: envoy(""),
    expect: "none",
  },
  {
    id: "§4.2", name: "Envoy retry_policy without num_retries → 1 retry → 2; 25 ms full jitter capped 250 ms; route timeout 15 s covers all attempts", covers: ["default", "§5.4"],
    file: "edge/envoy.yaml", kind: "envoy-route",
    code: envoy(`                            retry_policy:\n                              retry_on: "5xx,reset,connect-failure"`),
    expect: { maxAttempts: 2, attemptsSource: "default", wait: ["exponential", true, 0.025, 0.25], methods: "all", overallTimeoutSeconds: 15 },
  },
  {
    id: "§4.2", name: "Envoy num_retries: 3 → 4; retry_back_off as written; 5xx re-sends any method (no method gate)", covers: ["§5.1", "trap"],
    file: "edge/envoy.yaml", kind: "envoy-route",
    code: envoy(`                            retry_policy:
                              retry_on: "5xx,reset,connect-failure"
                              num_retries: 3
                              per_try_timeout: 1s
                              retry_back_off: { base_interval: 0.1s, max_interval: 1s }`),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true, 0.1, 1], methods: "all", overallTimeoutSeconds: 15 },
  },
  {
    id: "§4.2", name: "Envoy route timeout: 3s replaces the 15 s default as the cap over all attempts", covers: ["§5.4"],
    file: "edge/envoy.yaml", kind: "envoy-route",
    code: envoy(`                            timeout: 3s
                            retry_policy:
                              retry_on: connect-failure
                              num_retries: 2`),
    expect: { maxAttempts: 3, wait: ["exponential", true], overallTimeoutSeconds: 3 },
  },
  // §4.3 Envoy cluster circuit breakers / retry_budget
  {
    id: "§4.3", name: "Envoy cluster retry_budget {budget_percent 20, min_retry_concurrency 3} → a budget on the route's layer (count stays N+1)", covers: ["default", "§5.5"],
    file: "edge/envoy.yaml", kind: "envoy-route",
    code: envoy(
      `                            retry_policy:\n                              retry_on: 5xx\n                              num_retries: 2`,
      `      circuit_breakers:\n        thresholds:\n          - max_retries: 10\n            retry_budget: { budget_percent: { value: 20 }, min_retry_concurrency: 3 }`,
    ),
    expect: { maxAttempts: 3, wait: ["exponential", true], budget: /retry_budget 20% \(min 3 concurrent/ },
  },
  {
    id: "§4.3", name: "Envoy empty retry_budget {} takes the defaults 20 % / min 3", covers: ["default", "§5.5"],
    file: "edge/envoy.yaml", kind: "envoy-route",
    code: envoy(`                            retry_policy:\n                              retry_on: 5xx`, `      circuit_breakers:\n        thresholds:\n          - retry_budget: {}`),
    expect: { maxAttempts: 2, wait: ["exponential", true], budget: /20%.*min 3/ },
  },
  {
    id: "§4.3", name: "Envoy cluster without circuit_breakers: max_retries caps concurrent retries at 3 (default) — noted on the route, not a share-of-traffic budget (per-request worst case unchanged)", covers: ["default", "§5.5"],
    file: "edge/envoy.yaml", kind: "envoy-route",
    code: envoy(`                            retry_policy:\n                              retry_on: 5xx`),
    expect: { maxAttempts: 2, wait: ["exponential", true], budget: null, conditionNote: /cluster max_retries caps concurrent retries at 3 \(Envoy default\)/ },
  },
  // §4.4 Linkerd ServiceProfile
  {
    id: "§4.4", name: "Linkerd ServiceProfile isRetryable: true: no per-request count, budget 20 % + 10/s, 10 s route timeout, no backoff", covers: ["default", "§5.2", "§5.5"],
    file: "k8s/profile.yaml", kind: "linkerd-serviceprofile",
    code: src`
      apiVersion: linkerd.io/v1alpha2
      kind: ServiceProfile
      metadata:
        name: inventory.shop.svc.cluster.local
        namespace: shop
      spec:
        routes:
          - name: GET /x
            condition: {method: GET, pathRegex: /x}
            isRetryable: true
    `,
    expect: { maxAttempts: null, attemptsSource: "default", timeBound: /10 s/, wait: ["none", false], methods: "all", budget: /20% of requests \+ 10\/s/, overallTimeoutSeconds: 10 },
  },
  {
    id: "§4.4", name: "Linkerd ServiceProfile routes are not retried unless isRetryable: true → no layer", covers: ["trap"],
    file: "k8s/profile.yaml", kind: "linkerd-serviceprofile",
    code: src`
      apiVersion: linkerd.io/v1alpha2
      kind: ServiceProfile
      metadata:
        name: inventory.shop.svc.cluster.local
        namespace: shop
      spec:
        routes:
          - name: POST /reserve
            condition: {method: POST, pathRegex: /reserve}
    `,
    expect: "none",
  },
  // §4.5 Linkerd 2.16+ annotations
  {
    id: "§4.5", name: "Linkerd retry.linkerd.io/http without limit: limit defaults to 1 → 2; 25–250 ms full jitter; POST retried; no budget", covers: ["default"],
    file: "k8s/inventory.yaml", kind: "linkerd-annotation", code: linkerdService("    retry.linkerd.io/http: 5xx"),
    expect: { maxAttempts: 2, attemptsSource: "default", wait: ["exponential", true, 0.025, 0.25], methods: "all", budget: null },
  },
  {
    id: "§4.5", name: "Linkerd retry.linkerd.io/limit: \"2\" counts retries → 3", covers: ["§5.1"],
    file: "k8s/inventory.yaml", kind: "linkerd-annotation", code: linkerdService("    retry.linkerd.io/http: 5xx\n    retry.linkerd.io/limit: \"2\""),
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["exponential", true] },
  },
  // §4.6 Traefik
  {
    id: "§4.6", name: "Traefik retry attempts: 4 counts total tries → 4 (not 5); initialInterval 0 → immediate; network errors before sending only", covers: ["default", "§5.1"],
    file: "k8s/traefik.yaml", kind: "traefik-retry", code: traefik("    attempts: 4"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["none", false], methods: [], budget: null },
  },
  {
    id: "§4.6", name: "Traefik initialInterval: 100ms → exponential with ±50 % randomisation", covers: ["trap"],
    file: "k8s/traefik.yaml", kind: "traefik-retry", code: traefik("    attempts: 3\n    initialInterval: 100ms"),
    expect: { maxAttempts: 3, wait: ["exponential", true, 0.1] },
  },
  {
    id: "§4.6", name: "Traefik status retries only idempotent methods unless retryNonIdempotentMethod: true (then POST too)", covers: ["trap"],
    file: "k8s/traefik.yaml", kind: "traefik-retry", code: traefik("    attempts: 2\n    status: [\"500-599\"]\n    retryNonIdempotentMethod: true"),
    expect: { maxAttempts: 2, wait: ["none", false], methods: "all" },
  },
  // §4.7 Kong
  {
    id: "§4.7", name: "Kong Service without retries: 5 retries → 6 (implicit), no backoff, POST not passed on once sent", covers: ["default", "§5.3"],
    file: "kong/kong.yml", kind: "kong-service",
    code: src`
      _format_version: "3.0"
      services:
        - name: orders
          url: http://orders.shop:8080/api
    `,
    expect: { maxAttempts: 6, attemptsSource: "default", wait: ["none", false], methods: IDEMPOTENT, budget: null },
  },
  {
    id: "§4.7", name: "Kong Ingress with no retry annotation: the Service default 5 retries → 6", covers: ["default", "§5.3"],
    file: "k8s/ingress.yaml", kind: "kong-service", code: ingress("kong"),
    expect: { maxAttempts: 6, attemptsSource: "default", wait: ["none", false] },
  },
  {
    id: "§4.7", name: "Kong retries: 2 counts retries → 3", covers: ["§5.1"],
    file: "kong/kong.yml", kind: "kong-service", line: 5, code: KONG_CONFIGURED,
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["none", false] },
  },
  {
    id: "§4.7", name: "Kong retries: 0 → 1 attempt (off)", covers: ["trap"],
    file: "kong/kong.yml", kind: "kong-service", line: 8, code: KONG_CONFIGURED,
    expect: { maxAttempts: 1, attemptsSource: "config", wait: ["none", false] },
  },
  // §4.8 ingress-nginx
  {
    id: "§4.8", name: "ingress-nginx Ingress without annotations: proxy-next-upstream-tries 3 is the total → 3 (implicit); POST not re-sent", covers: ["default", "§5.1", "§5.3"],
    file: "k8s/ingress.yaml", kind: "ingress-nginx", code: ingress("nginx"),
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["none", false], methods: IDEMPOTENT, budget: null },
  },
  {
    id: "§4.8", name: "ingress-nginx proxy-next-upstream-tries: \"2\" → 2 tries in total; non_idempotent re-sends POST", covers: ["§5.1", "trap"],
    file: "k8s/ingress.yaml", kind: "ingress-nginx",
    code: ingress("nginx", `    nginx.ingress.kubernetes.io/proxy-next-upstream-tries: "2"\n    nginx.ingress.kubernetes.io/proxy-next-upstream: "error timeout http_502 non_idempotent"`),
    expect: { maxAttempts: 2, attemptsSource: "config", wait: ["none", false], methods: "all" },
  },
  // §4.9 NGINX
  {
    id: "§4.9", name: "NGINX proxy_next_upstream_tries 0 (default): one try per server (3 servers → 3), error timeout, POST not passed on", covers: ["default"],
    file: "nginx/nginx.conf", kind: "nginx-proxy-next-upstream", code: nginxConf(""),
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["none", false], methods: IDEMPOTENT, budget: null },
  },
  {
    id: "§4.9", name: "NGINX single-server upstream never retries by default → no layer", covers: ["default", "trap"],
    file: "nginx/nginx.conf", kind: "nginx-proxy-next-upstream", code: nginxConf("", 1),
    expect: "none",
  },
  {
    id: "§4.9", name: "NGINX proxy_next_upstream_tries 2 counts tries in total → 2; non_idempotent re-sends POST", covers: ["§5.1", "trap"],
    file: "nginx/nginx.conf", kind: "nginx-proxy-next-upstream",
    code: nginxConf("      proxy_next_upstream error timeout http_503 non_idempotent;\n      proxy_next_upstream_tries 2;"),
    expect: { maxAttempts: 2, attemptsSource: "config", wait: ["none", false], methods: "all" },
  },
  // §4.10 HAProxy
  {
    id: "§4.10", name: "HAProxy defaults: retries 3 → 4, retry-on conn-failure (request not sent), turn-around min(timeout connect, 1 s)", covers: ["default"],
    file: "lb/haproxy.cfg", kind: "haproxy-retries",
    code: src`
      defaults
        mode http
      backend orders
        server o1 orders-1:8080 check
        server o2 orders-2:8080 check
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["fixed", false, 1], methods: [], budget: null },
  },
  {
    id: "§4.10", name: "HAProxy retries 2 → 3; L7 retry-on conditions re-send after sending; turn-around capped at 1 s", covers: ["§5.1", "trap"],
    file: "lb/haproxy.cfg", kind: "haproxy-retries",
    code: src`
      defaults
        mode http
        timeout connect 5s
      backend orders
        retries 2
        retry-on conn-failure empty-response response-timeout 503
        server o1 orders-1:8080 check
    `,
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["fixed", false, 1], methods: "all" },
  },
  // §4.11 AWS ALB
  {
    id: "§4.11", name: "AWS ALB Ingress: nothing configurable, treated as 1 attempt → no retry layer of any kind", covers: ["default"],
    file: "k8s/ingress.yaml", kind: "any",
    code: ingress("alb", "    alb.ingress.kubernetes.io/scheme: internet-facing"),
    expect: "none",
  },
  // §4.12 Consul
  {
    id: "§4.12", name: "Consul service-router without retry features: no retries → no layer", covers: ["default"],
    file: "k8s/router.yaml", kind: "consul-service-router", code: consul("        service: inventory-v2"),
    expect: "none",
  },
  {
    id: "§4.12", name: "Consul NumRetries 3 with RetryOn → 4; Envoy default backoff", covers: ["§5.1"],
    file: "k8s/router.yaml", kind: "consul-service-router", code: consul("        numRetries: 3\n        retryOn: [gateway-error]"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true, 0.025, 0.25], methods: "all" },
  },
  {
    id: "§4.12", name: "Consul NumRetries 3 alone: empty retry_on → no retries at all → 1", covers: ["trap"],
    file: "k8s/router.yaml", kind: "consul-service-router", code: consul("        numRetries: 3"),
    expect: { maxAttempts: 1, wait: ["exponential", true] },
  },
  {
    id: "§4.12", name: "Consul RetryOnConnectFailure alone: NumRetries 0 is unset → Envoy default 1 retry → 2", covers: ["trap"],
    file: "k8s/router.yaml", kind: "consul-service-router", code: consul("        retryOnConnectFailure: true"),
    expect: { maxAttempts: 2, attemptsSource: "default", wait: ["exponential", true], methods: [] },
  },
  // §4.13 Kuma
  {
    id: "§4.13", name: "Kuma Mesh gets mesh-retry-all: HTTP 5 retries → 6 (implicit), 25–250 ms, POST retried on gateway-error", covers: ["default", "§5.3"],
    workspace: true, file: "k8s/mesh.yaml", kind: "kuma-default",
    code: `
//- k8s/mesh.yaml
apiVersion: kuma.io/v1alpha1
kind: Mesh
metadata:
  name: default
`,
    expect: { maxAttempts: 6, attemptsSource: "default", implicit: true, wait: ["exponential", true, 0.025, 0.25], methods: "all", budget: null },
  },
  {
    id: "§4.13", name: "Kuma skipCreatingInitialPolicies: no default policy → no layer", covers: ["trap"],
    file: "k8s/mesh.yaml", kind: "kuma-default",
    code: src`
      apiVersion: kuma.io/v1alpha1
      kind: Mesh
      metadata:
        name: default
      spec:
        skipCreatingInitialPolicies: ["*"]
    `,
    expect: "none",
  },
  {
    id: "§4.13", name: "Kuma MeshRetry numRetries: 3 counts retries → 4; POST re-sent on the default retryOn", covers: ["§5.1"],
    file: "k8s/meshretry.yaml", kind: "kuma-meshretry", line: 12,
    code: src`
      apiVersion: kuma.io/v1alpha1
      kind: MeshRetry
      metadata:
        name: inventory-retries
        namespace: kuma-system
      spec:
        targetRef: {kind: Mesh}
        to:
          - targetRef: {kind: MeshService, name: inventory}
            default:
              http:
                numRetries: 3
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true, 0.025, 0.25], methods: "all" },
  },
  {
    id: "§4.13", name: "Kuma MeshRetry numRetries: 0 disables retries → 1", covers: ["trap"],
    file: "k8s/meshretry.yaml", kind: "kuma-meshretry",
    code: src`
      apiVersion: kuma.io/v1alpha1
      kind: MeshRetry
      metadata:
        name: inventory-retries
        namespace: kuma-system
      spec:
        targetRef: {kind: Mesh}
        to:
          - targetRef: {kind: Mesh}
            default:
              http:
                numRetries: 0
    `,
    expect: { maxAttempts: 1, attemptsSource: "config", wait: ["exponential", true] },
  },
  // §4.14 Emissary
  {
    id: "§4.14", name: "Emissary Mapping without retry_policy: no retries → no layer", covers: ["default"],
    file: "k8s/mapping.yaml", kind: "emissary-mapping", code: mapping(""),
    expect: "none",
  },
  {
    id: "§4.14", name: "Emissary retry_policy without num_retries → Envoy default 1 → 2; no method gate", covers: ["default"],
    file: "k8s/mapping.yaml", kind: "emissary-mapping", code: mapping("  retry_policy:\n    retry_on: 5xx"),
    expect: { maxAttempts: 2, attemptsSource: "default", wait: ["exponential", true, 0.025, 0.25], methods: "all", budget: null },
  },
  {
    id: "§4.14", name: "Emissary num_retries: 3 → 4", covers: ["§5.1"],
    file: "k8s/mapping.yaml", kind: "emissary-mapping", code: mapping("  retry_policy:\n    retry_on: 5xx\n    num_retries: 3"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true] },
  },
  // §4.15 Gloo
  {
    id: "§4.15", name: "Gloo retries without numRetries: coerced to 1 → 2; Envoy default backoff, no method gate", covers: ["default"],
    file: "k8s/gloo.yaml", kind: "gloo-retries", code: gloo("{retryOn: 5xx}"),
    expect: { maxAttempts: 2, wait: ["exponential", true, 0.025, 0.25], methods: "all", budget: null },
  },
  {
    id: "§4.15", name: "Gloo numRetries: 0 cannot disable retries: still → 2", covers: ["trap"],
    file: "k8s/gloo.yaml", kind: "gloo-retries", code: gloo("{retryOn: 5xx, numRetries: 0}"),
    expect: { maxAttempts: 2, wait: ["exponential", true] },
  },
  {
    id: "§4.15", name: "Gloo numRetries: 3 → 4", covers: ["§5.1"],
    file: "k8s/gloo.yaml", kind: "gloo-retries", code: gloo("{retryOn: 5xx, numRetries: 3}"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true] },
  },
];

runTable(
  "§4 Meshes, gateways and proxies",
  ["§4.1", "§4.2", "§4.3", "§4.4", "§4.5", "§4.6", "§4.7", "§4.8", "§4.9", "§4.10", "§4.11", "§4.12", "§4.13", "§4.14", "§4.15"],
  rows,
);
