/** Kong Gateway Service retries (reference §4.7): default 5 → 6 attempts, N → N+1. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, yaml } from "./helpers";

test("§4.7 declarative kong.yml: retries unset → 6 attempts; retries N → N+1; 0 → off", () => {
  const f = extract(yaml`
    _format_version: "3.0"
    services:
      - name: orders
        url: http://orders.shop:8080/api
        routes:
          - {name: orders, paths: [/orders]}
      - name: payments
        host: payments
        retries: 2
      - name: ledger
        url: http://ledger
        retries: 0
  `, "kong/kong.yml");
  assert.deepEqual(f.layers.map((l) => [l.kind, l.anchor.line, l.maxAttempts, l.attemptsSource]), [
    ["kong-service", 3, 6, "default"],
    ["kong-service", 9, 3, "config"],
    ["kong-service", 12, 1, "config"],
  ]);
  assert.equal(f.layers[0]!.wait.kind, "none");
  assert.ok(Array.isArray(f.layers[0]!.condition.afterSendMethods) && !f.layers[0]!.condition.afterSendMethods.includes("POST"));
  assert.deepEqual(f.routes.map((r) => [r.destinations[0], r.edge, r.gateway, r.match]), [
    ["orders.shop", true, "kong", "/orders"],
    ["payments", true, "kong", null],
    ["ledger", true, "kong", null],
  ]);
});

const kongIngress = yaml`
  apiVersion: networking.k8s.io/v1
  kind: Ingress
  metadata: {name: shop}
  spec:
    ingressClassName: kong
    rules:
      - http:
          paths:
            - path: /orders
              pathType: Prefix
              backend: {service: {name: orders, port: {number: 80}}}
`;
const annotatedService = yaml`
  apiVersion: v1
  kind: Service
  metadata:
    name: orders
    annotations:
      konghq.com/retries: "1"
  spec:
    selector: {app: orders}
`;

test("§4.7 a kong Ingress routes to its backends with Kong's default 5 retries", () => {
  const f = extract(kongIngress);
  assert.deepEqual(f.layers.map((l) => [l.anchor.line, l.maxAttempts]), [[2, 6]]);
  assert.deepEqual(f.routes.map((r) => [r.destinations[0], r.gateway, r.layerId]), [["orders", "kong", f.layers[0]!.localId]]);
});

test("§4.7 konghq.com/retries on the Service (same file, either order) replaces the default", () => {
  for (const text of [`${kongIngress}---\n${annotatedService}`, `${annotatedService}---\n${kongIngress}`]) {
    const f = extract(text);
    assert.equal(f.layers.length, 1, "the default layer is dropped");
    assert.equal(f.layers[0]!.maxAttempts, 2);
    assert.equal(f.routes[0]!.layerId, f.layers[0]!.localId);
  }
});

test("decK: _info.defaults.service.retries fills services without retries; a host naming an upstream routes to its targets", () => {
  const f = extract(yaml`
    _format_version: "3.0"
    _info:
      defaults:
        service: {retries: 1}
    services:
      - name: orders
        host: orders-upstream
        routes: [{name: orders, paths: [/orders]}]
      - name: ledger
        url: http://ledger
        retries: 3
    upstreams:
      - name: orders-upstream
        targets: [{target: "orders-a:8080"}, {target: "orders-b:8080"}]
  `, "kong/kong.yaml");
  assert.deepEqual(f.layers.map((l) => [l.anchor.line, l.maxAttempts, l.attemptsSource]), [
    [6, 2, "config"],
    [11, 4, "config"],
  ]);
  assert.match(f.layers[0]!.attemptsNote, /decK _info.defaults/);
  assert.deepEqual(f.routes.map((r) => r.destinations[0]), ["orders-a", "orders-b", "ledger"]);
});
