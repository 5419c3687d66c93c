// Gateway API HTTPRoute `rules[].retry` (GEP-1731): docs/reference/gateway-api-retry.md. Each
// fixture: gateway ×N → orders ×2 (tenacity) → inventory.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

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
metadata: {name: orders, namespace: shop}
spec:
  template:
    spec:
      containers: [{name: orders}]
`;

const gateway = (cls: string) => `
//- k8s/gateway.yaml
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: {name: edge, namespace: shop}
spec:
  gatewayClassName: ${cls}
  listeners: [{name: http, port: 80, protocol: HTTP}]
`;

const route = (retry: string) => `
//- k8s/route.yaml
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: orders, namespace: shop}
spec:
  parentRefs: [{name: edge}]
  rules:
    - matches: [{path: {type: PathPrefix, value: /orders}}]
      backendRefs: [{name: orders, port: 80}]
${retry}`;

describe("GEP-1731 HTTPRoute retry", () => {
  test("Istio gateway: attempts: 3 counts retries → 4 → 8, on the Istio gateway (no Istio default beside it)", async () => {
    const result = await checkFixture(`${orders}${gateway("istio")}${route(`      retry:
      # ^ layer ×4
        attempts: 3
        codes: [503]`)}
//! rules none
//! path 8 inventory
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["istio-gateway:edge", "orders", "inventory"]);
    const l = result.model.layers.find((x) => x.kind === "gateway-api-retry")!;
    assert.match(l.attemptsNote, /attempts: 3 → 4 attempts/);
    assert.deepEqual(l.condition.statuses, [503]);
  });

  test("attempts unset → 2 retries → 3 (Istio and Envoy Gateway); backoff → Envoy base interval", async () => {
    const result = await checkFixture(`${orders}${gateway("istio")}${route(`      retry:
      # ^ layer ×3
        backoff: 100ms`)}
//! rules none
//! path 6 inventory
//! paths 1
`);
    const l = result.model.layers.find((x) => x.kind === "gateway-api-retry")!;
    assert.equal(l.attemptsSource, "default");
    assert.equal(l.wait.initialSeconds, 0.1);
    assert.equal(l.wait.jitter, true);
  });

  test("attempts: 0 → 1 attempt (off)", async () => {
    await checkFixture(`${orders}${gateway("istio")}${route(`      retry:
      # ^ layer disabled
        attempts: 0`)}
//! rules none
//! path 2 inventory
//! paths 1
`);
  });

  test("Envoy Gateway: the rule's retry wins over a BackendTrafficPolicy on the route", async () => {
    const result = await checkFixture(`${orders}${gateway("eg")}${route(`      retry:
      # ^ layer ×2
        attempts: 1`)}
//- k8s/policy.yaml
apiVersion: gateway.envoyproxy.io/v1alpha1
kind: BackendTrafficPolicy
metadata: {name: retries, namespace: shop}
spec:
  targetRefs: [{group: gateway.networking.k8s.io, kind: HTTPRoute, name: orders}]
  retry:
  # ^ layer ×6
    numRetries: 5
//! rules none
//! path 4 inventory
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["envoy-gateway", "orders", "inventory"]);
  });

  test("another controller: an edge route of the Gateway itself", async () => {
    const result = await checkFixture(`${orders}${gateway("cilium")}${route(`      retry:
      # ^ layer ×3
        attempts: 2`)}
//! rules none
//! path 6 inventory
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["gateway-api:edge", "orders", "inventory"]);
  });

  test("a Service parent (GAMMA): the layer is on the mesh hop to that Service", async () => {
    await checkFixture(`${orders}
//- k8s/mesh-route.yaml
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: inventory, namespace: shop}
spec:
  parentRefs: [{group: "", kind: Service, name: inventory, port: 8080}]
  rules:
    - backendRefs: [{name: inventory, port: 8080}]
      retry:
      # ^ layer ×4
        attempts: 3
//! rules none
//! path 8 inventory
//! paths 1
`);
  });
});

describe("Kong Ingress Controller Gateway API routes (docs/reference/kong.md)", () => {
  test("an HTTPRoute on a kong-class Gateway: the Kong Service default 5 retries → 6 → 12", async () => {
    await checkFixture(`${orders}${gateway("kong")}
//- k8s/route.yaml
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: orders, namespace: shop}
spec:
  parentRefs: [{name: edge}]
  rules:
  # ^ layer ×6
    - backendRefs: [{name: orders, port: 80}]
//! rules none
//! path 12 inventory
//! paths 1
`);
  });

  test("konghq.com/retries on the backend Service (another file) wins: 1 → 2 → 4", async () => {
    await checkFixture(`${orders}${gateway("kong")}
//- k8s/route.yaml
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: orders, namespace: shop}
spec:
  parentRefs: [{name: edge}]
  rules:
    - backendRefs: [{name: orders, port: 80}]
//- k8s/svc.yaml
apiVersion: v1
kind: Service
metadata:
  name: orders
  namespace: shop
  annotations:
    konghq.com/retries: "1"
    # ^ layer ×2
//! rules none
//! path 4 inventory
//! paths 1
`);
  });

  test("an HTTPRoute on another class gets no Kong layer", async () => {
    await checkFixture(`${orders}${gateway("cilium")}
//- k8s/route.yaml
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: orders, namespace: shop}
spec:
  parentRefs: [{name: edge}]
  rules:
    - backendRefs: [{name: orders, port: 80}]
//! rules none
//! path 2 inventory
//! paths 1
`);
  });
});
