/** Istio DestinationRule connectionPool.http.maxRetries (reference §4.3, §5.5): a concurrency cap. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, yaml } from "./helpers";

test("an explicit maxRetries becomes a retry budget for the host; none without it", () => {
  const f = extract(yaml`
    apiVersion: networking.istio.io/v1
    kind: DestinationRule
    metadata: {name: inventory}
    spec:
      host: inventory.shop.svc.cluster.local
      trafficPolicy:
        connectionPool:
          http:
            maxRetries: 10
  `);
  assert.equal(f.layers.length, 0);
  assert.equal(f.clusters.length, 1);
  assert.equal(f.clusters[0]!.maxRetries, 10);
  assert.match(f.clusters[0]!.retryBudget!, /maxRetries 10 .*concurrent retries to inventory/);
  assert.equal(f.clusters[0]!.span.line, 9);
  const none = extract(yaml`
    apiVersion: networking.istio.io/v1
    kind: DestinationRule
    metadata: {name: inventory}
    spec:
      host: inventory
      trafficPolicy: {tls: {mode: ISTIO_MUTUAL}}
  `);
  assert.equal(none.clusters.length, 0);
});
