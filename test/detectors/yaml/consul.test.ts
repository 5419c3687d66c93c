/** Consul service-router retries (reference §4.12). */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, yaml } from "./helpers";

test("§4.12 CRD: NumRetries N with a condition → N+1; NumRetries alone → no retries (trap); a condition alone → 2", () => {
  const f = extract(yaml`
    apiVersion: consul.hashicorp.com/v1alpha1
    kind: ServiceRouter
    metadata:
      name: inventory
    spec:
      routes:
        - match: {http: {pathPrefix: /stock}}
          destination:
            numRetries: 3
            retryOnConnectFailure: true
        - match: {http: {pathPrefix: /reserve}}
          destination:
            numRetries: 4
        - destination:
            retryOnStatusCodes: [503]
        - destination:
            service: inventory-v2
  `);
  assert.deepEqual(f.layers.map((l) => [l.anchor.line, l.maxAttempts, l.attemptsSource]), [
    [9, 4, "config"],
    [13, 1, "config"],
    [14, 2, "default"],
  ]);
  assert.deepEqual(f.layers[0]!.condition.retryOn, ["connect-failure"]);
  assert.deepEqual(f.layers[0]!.condition.afterSendMethods, []);
  assert.match(f.layers[1]!.attemptsNote, /no retries/);
  assert.deepEqual(f.layers[2]!.condition.statuses, [503]);
  assert.equal(f.layers[2]!.condition.afterSendMethods, "all");
  assert.deepEqual(f.routes.map((r) => [r.product, r.hosts[0], r.edge, r.match]), [
    ["consul", "inventory", false, "/stock"],
    ["consul", "inventory", false, "/reserve"],
    ["consul", "inventory", false, null],
  ]);
});

test("§4.12 the config-entry spelling (Kind: service-router, PascalCase keys)", () => {
  const f = extract(yaml`
    Kind: service-router
    Name: payments
    Routes:
      - Match: {HTTP: {PathPrefix: /charge}}
        Destination:
          NumRetries: 2
          RetryOn: [gateway-error]
  `);
  assert.deepEqual(f.layers.map((l) => [l.anchor.line, l.maxAttempts]), [[6, 3]]);
  assert.deepEqual(f.routes[0]!.hosts, ["payments"]);
  assert.equal(f.routes[0]!.match, "/charge");
});
