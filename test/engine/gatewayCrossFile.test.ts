// Gateway configuration split across files, joined by engine/gatewayLinks.ts: Traefik
// Middlewares (§4.6), Kong Services / KongIngress (§4.7), the ingress-nginx controller ConfigMap
// (§4.8), the Emissary ambassador Module (§4.14), Envoy Gateway BackendTrafficPolicy (§4.2 +
// Envoy Gateway's own defaults). Each fixture: gateway ×N → orders ×2 → inventory.
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
metadata: {name: orders, namespace: shop}
spec:
  template:
    spec:
      containers: [{name: orders}]
`;

const nginxIngress = (annotations = "") => `
//- k8s/ingress.yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: shop
  namespace: shop${annotations}
spec:
  ingressClassName: nginx
  rules:
    - http:
        paths:
          - path: /orders
            pathType: Prefix
            backend: {service: {name: orders, port: {number: 80}}}
`;

describe("§4.6 Traefik middlewares in another file", () => {
  const middleware = `
//- k8s/middlewares.yaml
apiVersion: traefik.io/v1alpha1
kind: Middleware
metadata: {name: retry, namespace: shop}
spec:
  retry:
  # ^ layer ×4
    attempts: 4
`;
  test("IngressRoute `middlewares: [{name, namespace}]` → attempts 4 = 4 tries in total → 8", async () => {
    const result = await checkFixture(`${orders}${middleware}
//- k8s/routes.yaml
apiVersion: traefik.io/v1alpha1
kind: IngressRoute
metadata: {name: shop, namespace: shop}
spec:
  routes:
    - match: PathPrefix(\`/orders\`)
      middlewares: [{name: retry, namespace: shop}]
      services: [{name: orders, port: 80}]
//! rules none
//! path 8 inventory
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["traefik", "orders", "inventory"]);
  });

  test("Ingress annotation `router.middlewares: shop-retry@kubernetescrd` → the shop/retry Middleware", async () => {
    await checkFixture(`${orders}${middleware}${nginxIngress("\n  annotations:\n    traefik.ingress.kubernetes.io/router.middlewares: shop-retry@kubernetescrd").replace("ingressClassName: nginx", "ingressClassName: traefik")}
//! rules none
//! path 8 inventory
//! paths 1
`);
  });

  test("a middleware of another namespace does not apply (no retries at the edge)", async () => {
    await checkFixture(`${orders}${middleware}
//- k8s/routes.yaml
apiVersion: traefik.io/v1alpha1
kind: IngressRoute
metadata: {name: shop, namespace: web}
spec:
  routes:
    - match: PathPrefix(\`/orders\`)
      middlewares: [{name: retry}]
      services: [{name: orders, port: 80}]
//! rules none
//! path 2 inventory
//! paths 1
`);
  });
});

describe("§4.7 Kong: the backend's Service and KongIngress in other files", () => {
  const kongIngress = (withDefaultLayer: boolean) => `
//- k8s/ingress.yaml
apiVersion: networking.k8s.io/v1
kind: Ingress${withDefaultLayer ? "\n# ^ layer ×6" : ""}
metadata: {name: shop, namespace: shop}
spec:
  ingressClassName: kong
  rules:
    - http:
        paths:
          - path: /orders
            pathType: Prefix
            backend: {service: {name: orders, port: {number: 80}}}
`;
  test("no Service annotation anywhere → Kong default 5 retries → 6 attempts → 12", async () => {
    await checkFixture(`${orders}${kongIngress(true)}
//! rules none
//! path 12 inventory
`);
  });

  test("`konghq.com/retries: \"2\"` on the Service in another file → 3 attempts (the default layer is gone)", async () => {
    await checkFixture(`${orders}${kongIngress(false)}
//- k8s/orders-svc.yaml
apiVersion: v1
kind: Service
metadata:
  name: orders
  namespace: shop
  annotations:
    konghq.com/retries: "2"
    # ^ layer ×3
spec:
  selector: {app: orders}
//! rules none
//! path 6 inventory
//! paths 1
`);
  });

  test("`konghq.com/override` → KongIngress `proxy.retries: 1` in a third file → 2 attempts", async () => {
    await checkFixture(`${orders}${kongIngress(false)}
//- k8s/orders-svc.yaml
apiVersion: v1
kind: Service
metadata:
  name: orders
  namespace: shop
  annotations:
    konghq.com/override: orders-retries
spec:
  selector: {app: orders}
//- k8s/kongingress.yaml
apiVersion: configuration.konghq.com/v1
kind: KongIngress
metadata: {name: orders-retries, namespace: shop}
proxy:
  retries: 1
  # ^ layer ×2
//! rules none
//! path 4 inventory
//! paths 1
`);
  });

  test("a Service annotation no Kong route reaches is not a layer", async () => {
    await checkFixture(`${orders}
//- k8s/orders-svc.yaml
apiVersion: v1
kind: Service
metadata:
  name: orders
  annotations: {konghq.com/retries: "2"}
spec:
  selector: {app: orders}
//! rules none
//! path 2 inventory
`);
  });
});

describe("§4.8 ingress-nginx controller ConfigMap", () => {
  const configMap = (data: string) => `
//- deploy/ingress-nginx/configmap.yaml
apiVersion: v1
kind: ConfigMap
metadata: {name: ingress-nginx-controller, namespace: ingress-nginx}
data:
${data}
`;
  test("`proxy-next-upstream-tries: \"5\"` is the default for Ingresses without annotations: 5 tries in total → 10", async () => {
    const result = await checkFixture(`${orders}${nginxIngress()}${configMap(`  proxy-next-upstream-tries: "5"\n  # ^ layer ×5\n  proxy-next-upstream: "error timeout http_502"`)}
//! rules none
//! path 10 inventory
//! paths 1
`);
    const l = layerAt(result, "deploy/ingress-nginx/configmap.yaml:5");
    assert.deepEqual(l.condition.statuses, [502]);
    assert.equal(l.attemptsNote, "proxy-next-upstream-tries: 5 (ConfigMap) → 5 tries in total (NGINX counts the first)");
  });

  test("ConfigMap with only `proxy-next-upstream` → default 3 tries; `retry-non-idempotent` passes POST on", async () => {
    const result = await checkFixture(`${orders}${nginxIngress()}${configMap(`  proxy-next-upstream: "error timeout"\n  # ^ layer ×3\n  retry-non-idempotent: "true"`)}
//! rules none
//! path 6 inventory
`);
    assert.equal(layerAt(result, "deploy/ingress-nginx/configmap.yaml:5").condition.afterSendMethods, "all");
  });

  test("an Ingress that sets only `proxy-next-upstream` takes the tries from the ConfigMap: 5 tries, its own conditions", async () => {
    const result = await checkFixture(`${orders}${nginxIngress(`\n  annotations:\n    nginx.ingress.kubernetes.io/proxy-next-upstream: "error timeout http_503"\n    # ^ layer ×5`)}${configMap(`  proxy-next-upstream-tries: "5"\n  # ^ layer ×5`)}
//! rules none
//! path 10 inventory
//! paths 1
`);
    const l = layerAt(result, "k8s/ingress.yaml:7");
    assert.deepEqual(l.condition.statuses, [503]);
    assert.equal(l.attemptsNote, "proxy-next-upstream-tries: 5 (with the controller ConfigMap) → 5 tries in total (NGINX counts the first)");
  });

  test("an Ingress's tries with the ConfigMap's `proxy-next-upstream: off` → no retries at the edge", async () => {
    await checkFixture(`${orders}${nginxIngress(`\n  annotations:\n    nginx.ingress.kubernetes.io/proxy-next-upstream-tries: "4"\n    # ^ layer disabled`)}${configMap(`  proxy-next-upstream: "off"\n  # ^ layer disabled`)}
//! rules none
//! path 2 inventory
`);
  });

  test("an Ingress with its own tries annotation keeps it", async () => {
    await checkFixture(`${orders}${nginxIngress(`\n  annotations:\n    nginx.ingress.kubernetes.io/proxy-next-upstream-tries: "2"\n    # ^ layer ×2`)}${configMap(`  proxy-next-upstream-tries: "5"\n  # ^ layer ×5`)}
//! rules none
//! path 4 inventory
//! paths 1
`);
  });
});

describe("§4.14 Emissary ambassador Module", () => {
  const mapping = (policy = "") => `
//- k8s/mapping.yaml
apiVersion: getambassador.io/v3alpha1
kind: Mapping
metadata: {name: orders}
spec:
  prefix: /orders/
  service: orders:80${policy}
`;
  const module = `
//- k8s/module.yaml
apiVersion: getambassador.io/v3alpha1
kind: Module
metadata: {name: ambassador}
spec:
  config:
    retry_policy:
    # ^ layer ×4
      retry_on: 5xx
      num_retries: 3
`;
  test("a Mapping without retry_policy takes the Module's: num_retries 3 → 4 attempts → 8", async () => {
    await checkFixture(`${orders}${mapping()}${module}
//! rules none
//! path 8 inventory
//! paths 1
`);
  });
  test("the Mapping's own retry_policy wins (num_retries unset → Envoy default 1 → 2)", async () => {
    await checkFixture(`${orders}${mapping("\n  retry_policy:\n  # ^ layer ×2\n    retry_on: 5xx")}${module}
//! rules none
//! path 4 inventory
//! paths 1
`);
  });
});

describe("Envoy Gateway BackendTrafficPolicy → HTTPRoute backends", () => {
  const httpRoute = `
//- k8s/routes.yaml
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: {name: orders, namespace: shop}
spec:
  parentRefs: [{name: eg}]
  rules:
    - matches: [{path: {type: PathPrefix, value: /orders}}]
      backendRefs: [{name: orders, port: 80}]
`;
  const policy = (target: string, retry: string) => `
//- k8s/policy.yaml
apiVersion: gateway.envoyproxy.io/v1alpha1
kind: BackendTrafficPolicy
metadata: {name: orders-retry, namespace: shop}
spec:
  targetRefs:
    - {group: gateway.networking.k8s.io, kind: ${target}}
  retry:
${retry}
`;
  test("numRetries unset → Envoy Gateway default 2 retries → 3 attempts → 6", async () => {
    const result = await checkFixture(`${orders}${httpRoute}${policy("HTTPRoute, name: orders", "  # ^ layer ×3\n    perRetry:\n      backOff: {baseInterval: 100ms}")}
//! rules none
//! path 6 inventory
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["envoy-gateway", "orders", "inventory"]);
    const l = layerAt(result, "k8s/policy.yaml:7");
    assert.equal(l.wait.initialSeconds, 0.1);
    assert.equal(l.wait.maxSeconds, 1);
    assert.deepEqual(l.condition.statuses, [503]);
  });
  test("a policy on the Gateway applies to its routes; numRetries 4 → 5 attempts", async () => {
    await checkFixture(`${orders}${httpRoute}${policy("Gateway, name: eg", "  # ^ layer ×5\n    numRetries: 4")}
//! rules none
//! path 10 inventory
//! paths 1
`);
  });
  test("numRetries 0 disables it; a policy on an unknown route adds no hop", async () => {
    await checkFixture(`${orders}${httpRoute}${policy("HTTPRoute, name: orders", "  # ^ layer disabled\n    numRetries: 0")}
//- k8s/other-policy.yaml
apiVersion: gateway.envoyproxy.io/v1alpha1
kind: BackendTrafficPolicy
metadata: {name: other}
spec:
  targetRef: {kind: HTTPRoute, name: missing}
  retry: {numRetries: 3}
  # ^ layer ×4
//! rules none
//! path 2 inventory
//! paths 1
`);
  });
});
