/** Emissary Mapping retry_policy (reference §4.14) and Gloo VirtualService retries (§4.15). */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, onlyLayer, yaml } from "./helpers";

const mapping = (policy: string) => yaml`
  apiVersion: getambassador.io/v3alpha1
  kind: Mapping
  metadata: {name: orders, namespace: shop}
  spec:
    hostname: "*"
    prefix: /orders/
    service: orders.shop:8080
${policy}
`;

test("§4.14 Emissary: num_retries unset → Envoy default 1 → 2 attempts; an edge route to the service", () => {
  const f = extract(mapping(`    retry_policy:
      retry_on: 5xx`));
  const l = onlyLayer(f);
  assert.equal(l.kind, "emissary-mapping");
  assert.equal(l.maxAttempts, 2);
  assert.equal(l.attemptsSource, "default");
  assert.equal(l.anchor.line, 8);
  assert.equal(l.condition.afterSendMethods, "all");
  assert.deepEqual(f.routes.map((r) => [r.destinations[0], r.edge, r.gateway, r.match]), [["orders.shop", true, "emissary", "/orders/"]]);
});

test("§4.14 Emissary: num_retries N → N+1; no retry_policy → a route without retries", () => {
  assert.equal(onlyLayer(extract(mapping(`    retry_policy: {retry_on: connect-failure, num_retries: 3, per_try_timeout: 1s}`))).maxAttempts, 4);
  const none = extract(mapping(""));
  assert.equal(none.layers.length, 0);
  assert.equal(none.routes[0]!.layerId, null);
});

const gloo = (retries: string, hostOptions = "") => yaml`
  apiVersion: gateway.solo.io/v1
  kind: VirtualService
  metadata: {name: shop, namespace: gloo-system}
  spec:
    virtualHost:
      domains: ["*"]
${hostOptions}
      routes:
        - matchers: [{prefix: /orders}]
          routeAction:
            single:
              upstream: {name: shop-orders-8080, namespace: gloo-system}
${retries}
        - matchers: [{prefix: /pay}]
          routeAction:
            single:
              kube: {ref: {name: payments, namespace: shop}, port: 80}
`;

test("§4.15 Gloo: numRetries 0 or unset is coerced to 1 → 2 attempts; N → N+1", () => {
  const cases: Array<[string, number]> = [
    ["          options:\n            retries: {retryOn: 5xx}", 2],
    ["          options:\n            retries: {retryOn: 5xx, numRetries: 0}", 2],
    ["          options:\n            retries: {retryOn: 5xx, numRetries: 3}", 4],
  ];
  for (const [retries, attempts] of cases) {
    const l = onlyLayer(extract(gloo(retries)));
    assert.equal(l.kind, "gloo-retries");
    assert.equal(l.maxAttempts, attempts, retries);
    assert.equal(l.anchor.line, 14);
  }
});

test("§4.15 Gloo: routes are edge hops; the upstream <ns>-<svc>-<port> names the service; virtual-host retries cover routes without their own", () => {
  const f = extract(gloo("", "      options:\n        retries: {retryOn: connect-failure, numRetries: 2, retryBackOff: {baseInterval: 50ms}}"));
  const l = onlyLayer(f);
  assert.equal(l.maxAttempts, 3);
  assert.equal(l.wait.initialSeconds, 0.05);
  assert.equal(l.wait.maxSeconds, 0.5);
  assert.deepEqual(f.routes.map((r) => [r.destinations[0], r.edge, r.gateway, r.layerId]), [
    ["orders.shop", true, "gloo:shop", l.localId],
    ["payments", true, "gloo:shop", l.localId],
  ]);
});

test("Gloo's VirtualService is not Istio's: no Istio route from gateway.solo.io", () => {
  const f = extract(gloo(""));
  assert.ok(f.routes.every((r) => r.product === "gloo"));
  assert.equal(f.layers.length, 0);
});
