// Gateways and meshes beyond Istio/Envoy on paths (reference §4.4–§4.15): edge routes (Traefik,
// ingress-nginx, Kong, Emissary, Gloo) become hops from a gateway pseudo-service; mesh routes
// (Linkerd, Kuma, Consul) add their layer to hops from the caller to the host they name.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

const orders = `
//- orders/app.py
import requests
from tenacity import retry, stop_after_attempt, wait_random_exponential, retry_if_exception_type

@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=1), retry=retry_if_exception_type(requests.ConnectionError))
# ^ layer ×2
def reserve():
    return requests.put("http://inventory:8080/reservations")
//- k8s/orders.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  template:
    spec:
      containers: [{name: orders}]
---
apiVersion: v1
kind: Service
metadata:
  name: orders
spec:
  selector: {app: orders}
`;

describe("mesh routes on the caller's hops", () => {
  test("§4.5 Linkerd annotations on the callee's Service: limit default 1 → ×2 on orders → inventory", async () => {
    await checkFixture(`${orders}
//- k8s/inventory.yaml
apiVersion: v1
kind: Service
metadata:
  name: inventory
  annotations:
    retry.linkerd.io/http: 5xx
    # ^ layer ×2
spec:
  selector: {app: inventory}
//! rules none
//! path 4 inventory
//! paths 1
`);
  });

  test("§4.4 a Linkerd ServiceProfile route makes the path unbounded (budget-bound), reported as time-bounded", async () => {
    const result = await checkFixture(`${orders}
//- k8s/profile.yaml
apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: inventory.default.svc.cluster.local
spec:
  routes:
    - name: PUT /reservations
      isRetryable: true
      # ^ layer ×∞  RL002
//! rules RL002
//! path ∞ inventory
`);
    const rl002 = result.findings.find((f) => f.rule === "RL002")!;
    assert.equal(rl002.severity, "info", "time-bounded by the 10 s route timeout, not unbounded");
    assert.ok(result.model.paths[0]!.budgeted);
  });

  test("§4.13 Kuma: a Mesh adds mesh-retry-all (×6) to every hop; a MeshRetry for the callee wins", async () => {
    const mesh = `
//- k8s/mesh.yaml
apiVersion: kuma.io/v1alpha1
kind: Mesh
# ^ layer ×6
metadata:
  name: default
`;
    const result = await checkFixture(`${orders}${mesh.replace("# ^ layer ×6", "# ^ layer ×6  RL010")}
//! rules RL010
//! path 12 inventory
`);
    assert.match(result.findings.find((f) => f.rule === "RL010")!.message, /mesh-retry-all, .*MeshRetry/);
    await checkFixture(`${orders}${mesh}
//- k8s/retry.yaml
apiVersion: kuma.io/v1alpha1
kind: MeshRetry
metadata:
  name: inventory
  namespace: kuma-system
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: inventory}
      default:
        http:
          numRetries: 1
          # ^ layer ×2
//! rules none
//! path 4 inventory
//! paths 1
`);
  });

  test("§4.13 a Kuma builtin gateway applies mesh-retry-all too: MeshGateway ×6 → its MeshHTTPRoute's backend → the sidecar's ×6 (another file)", async () => {
    const result = await checkFixture(`${orders}
//- k8s/mesh.yaml
apiVersion: kuma.io/v1alpha1
kind: Mesh
# ^ layer ×6
metadata:
  name: default
//- k8s/gateway.yaml
apiVersion: kuma.io/v1alpha1
kind: MeshGateway
# ^ layer ×6
mesh: default
metadata:
  name: edge-gateway
  namespace: shop
spec:
  conf:
    listeners: [{port: 80, protocol: HTTP}]
//- k8s/routes/edge.yaml
apiVersion: kuma.io/v1alpha1
kind: MeshHTTPRoute
metadata:
  name: orders-edge
  namespace: kuma-system
spec:
  targetRef: {kind: MeshGateway, name: edge-gateway}
  to:
    - targetRef: {kind: Mesh}
      rules:
        - matches: [{path: {type: PathPrefix, value: /orders}}]
          default:
            backendRefs: [{kind: MeshService, name: orders, port: 8080}]
//! rules none
//! path 72 inventory
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["kuma-gateway:edge-gateway", "orders", "inventory"]);
  });

  test("§4.13 a MeshHTTPRoute that targets no gateway, or a gateway nobody routes through, makes no edge hop", async () => {
    await checkFixture(`${orders}
//- k8s/gateway.yaml
apiVersion: kuma.io/v1alpha1
kind: MeshGateway
# ^ layer ×6
metadata:
  name: idle-gateway
---
apiVersion: kuma.io/v1alpha1
kind: MeshHTTPRoute
metadata:
  name: mesh-internal
spec:
  targetRef: {kind: Mesh}
  to:
    - targetRef: {kind: MeshService, name: inventory}
      rules:
        - default:
            backendRefs: [{kind: MeshService, name: inventory-v2}]
//! rules none
//! path 2 inventory
//! paths 1
`);
  });

  test("§4.5 an HTTPRoute's annotations override its Service's (the more specific route wins)", async () => {
    await checkFixture(`${orders}
//- k8s/inventory.yaml
apiVersion: v1
kind: Service
metadata:
  name: inventory
  annotations:
    retry.linkerd.io/http: 5xx
    retry.linkerd.io/limit: "3"
    # ^ layer ×4
---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: inventory-writes
  annotations:
    retry.linkerd.io/limit: "0"
    # ^ layer disabled
spec:
  parentRefs: [{name: inventory, kind: Service}]
//! rules none
//! path 2 inventory
//! paths 1
`);
  });

  test("§4.13 a mesh-wide policy does not apply to external hosts", async () => {
    await checkFixture(`${orders.replace("http://inventory:8080/reservations", "https://api.stripe.com/v1/charges")}
//- k8s/mesh.yaml
apiVersion: kuma.io/v1alpha1
kind: Mesh
# ^ layer ×6
metadata:
  name: default
//! rules none
//! path 2 api.stripe.com
//! paths 1
`);
  });

  test("§4.12 Consul service-router: NumRetries 3 with a condition → ×4 on hops to the router's service", async () => {
    await checkFixture(`${orders}
//- consul/router.yaml
apiVersion: consul.hashicorp.com/v1alpha1
kind: ServiceRouter
metadata:
  name: inventory
spec:
  routes:
    - destination:
        numRetries: 3
        # ^ layer ×4
        retryOnConnectFailure: true
//! rules none
//! path 8 inventory
`);
  });

  test("§4.3 an Istio DestinationRule maxRetries budgets the VirtualService layer for its host", async () => {
    const result = await checkFixture(`${orders}
//- k8s/ns.yaml
apiVersion: v1
kind: Namespace
metadata:
  name: default
  labels:
    istio-injection: enabled
//- k8s/vs.yaml
apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: inventory
spec:
  hosts: [inventory]
  http:
    - route:
        - destination: {host: inventory}
      retries:
      # ^ layer ×3
        attempts: 2
        retryOn: connect-failure
---
apiVersion: networking.istio.io/v1
kind: DestinationRule
metadata:
  name: inventory
spec:
  host: inventory
  trafficPolicy:
    connectionPool:
      http:
        maxRetries: 5
//! rules none
//! path 6 inventory
`);
    assert.match(layerAt(result, "k8s/vs.yaml:10").budget!, /maxRetries 5/);
    assert.ok(result.model.paths[0]!.budgeted);
  });
});

describe("edge routes from gateways", () => {
  test("§4.6 Traefik: an IngressRoute with a retry middleware (attempts 3 = 3 tries) → traefik → orders → inventory", async () => {
    const result = await checkFixture(`${orders}
//- k8s/traefik.yaml
apiVersion: traefik.io/v1alpha1
kind: Middleware
metadata: {name: retry}
spec:
  retry:
  # ^ layer ×3
    attempts: 3
    initialInterval: 100ms
---
apiVersion: traefik.io/v1alpha1
kind: IngressRoute
metadata: {name: shop}
spec:
  routes:
    - match: PathPrefix(\`/orders\`)
      middlewares: [{name: retry}]
      services: [{name: orders, port: 80}]
//! rules none
//! path 6 inventory
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["traefik", "orders", "inventory"]);
  });

  test("§4.8 ingress-nginx: an Ingress with no annotation is 3 tries at the edge", async () => {
    await checkFixture(`${orders}
//- k8s/ingress.yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: shop}
spec:
  ingressClassName: nginx
  # ^ layer ×3
  rules:
    - http:
        paths:
          - path: /orders
            pathType: Prefix
            backend: {service: {name: orders, port: {number: 80}}}
//! rules none
//! path 6 inventory
//! paths 1
`);
  });

  test("§4.8 an Ingress without a class is NGINX's only where NGINX serves class-less Ingresses", async () => {
    const ingress = `
//- k8s/ingress.yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
# ^ layer ×3
metadata: {name: shop}
spec:
  rules:
    - http:
        paths:
          - path: /orders
            pathType: Prefix
            backend: {service: {name: orders, port: {number: 80}}}
`;
    // no class, no default: no edge route, no layer
    await checkFixture(`${orders}${ingress.replace("# ^ layer ×3\n", "")}
//! rules none
//! path 2 inventory
//! paths 1
`);
    // the controller watches class-less Ingresses
    await checkFixture(`${orders}${ingress}
//- platform/ingress-nginx.yaml
apiVersion: apps/v1
kind: Deployment
metadata: {name: ingress-nginx-controller, namespace: ingress-nginx}
spec:
  template:
    spec:
      containers:
        - name: controller
          image: registry.k8s.io/ingress-nginx/controller:v1.8.1
          args:
            - /nginx-ingress-controller
            - --watch-ingress-without-class=true
//! rules none
//! path 6 inventory
`);
    // a default IngressClass for the NGINX controller
    await checkFixture(`${orders}${ingress}
//- platform/class.yaml
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: nginx
  annotations:
    ingressclass.kubernetes.io/is-default-class: "true"
spec:
  controller: k8s.io/ingress-nginx
//! rules none
//! path 6 inventory
`);
  });

  test("§4.7 Kong declarative config: a service without retries is 6 attempts at the edge", async () => {
    await checkFixture(`${orders}
//- kong/kong.yml
_format_version: "3.0"
services:
  - name: orders
  # ^ layer ×6
    url: http://orders:8080
//! rules none
//! path 12 inventory
//! paths 1
`);
  });

  test("§4.14/§4.15 Emissary Mapping and Gloo route: num_retries unset → ×2, numRetries 0 → ×2", async () => {
    const result = await checkFixture(`${orders}
//- edge/mapping.yaml
apiVersion: getambassador.io/v3alpha1
kind: Mapping
metadata: {name: orders}
spec:
  prefix: /orders/
  service: orders:8080
  retry_policy:
  # ^ layer ×2
    retry_on: gateway-error
//- edge/gloo.yaml
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
            kube: {ref: {name: orders, namespace: default}, port: 8080}
        options:
          retries:
          # ^ layer ×2
            retryOn: connect-failure
            numRetries: 0
//! rules none
//! path 4 inventory
//! paths 2
`);
    assert.deepEqual(result.model.paths.map((p) => p.services[0]).sort(), ["emissary", "gloo:shop"]);
  });
  test("§4.9/§4.10 NGINX and HAProxy config files: proxied locations and backends are gateway hops", async () => {
    const result = await checkFixture(`${orders}
//- edge/nginx.conf
http {
  upstream orders_up {
    server orders:8080;
    server orders.default.svc.cluster.local:8080;
  }
  server {
    location /orders/ {
      proxy_pass http://orders_up;
      # ^ layer ×2
    }
  }
}
//- edge/haproxy.cfg
backend orders
  retries 1
  # ^ layer ×2
  server o1 orders:8080
//! rules none
//! path 4 inventory
//! paths 2
`);
    assert.deepEqual(result.model.paths.map((p) => p.services[0]).sort(), ["haproxy:edge/haproxy.cfg", "nginx:edge/nginx.conf"]);
  });
});
