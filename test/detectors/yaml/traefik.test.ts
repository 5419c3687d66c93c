/** Traefik retry middleware (reference §4.6): attempts N = N total tries. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, onlyLayer, yaml } from "./helpers";

const route = yaml`
  apiVersion: traefik.io/v1alpha1
  kind: IngressRoute
  metadata: {name: shop}
  spec:
    entryPoints: [web]
    routes:
      - match: PathPrefix(\`/orders\`)
        kind: Rule
        middlewares: [{name: retry-orders}]
        services: [{name: orders, port: 80}]
`;
const middleware = (retry: string) => yaml`
  apiVersion: traefik.io/v1alpha1
  kind: Middleware
  metadata: {name: retry-orders}
  spec:
    retry:
${retry}
`;

test("§4.6 attempts: 4 → 4 tries in total (not 5), no back-off by default", () => {
  const l = onlyLayer(extract(middleware("      attempts: 4")));
  assert.equal(l.kind, "traefik-retry");
  assert.equal(l.maxAttempts, 4);
  assert.equal(l.anchor.line, 5);
  assert.equal(l.wait.kind, "none", "initialInterval 0 → immediate");
  assert.deepEqual(l.condition.afterSendMethods, [], "network errors before sending only");
  assert.equal(l.category, "gateway");
});

test("§4.6 initialInterval → exponential with ±50% jitter; status retries only idempotent methods", () => {
  const l = onlyLayer(extract(middleware(`      attempts: 3
      initialInterval: 100ms
      status: ["502", "503-504"]`)));
  assert.equal(l.maxAttempts, 3);
  assert.equal(l.wait.kind, "exponential");
  assert.equal(l.wait.jitter, true);
  assert.equal(l.wait.initialSeconds, 0.1);
  assert.deepEqual(l.condition.statuses, [502, 503, 504]);
  assert.ok(Array.isArray(l.condition.afterSendMethods) && !l.condition.afterSendMethods.includes("POST"));
});

test("§4.6 retryNonIdempotentMethod: true → POST retried on statuses", () => {
  const l = onlyLayer(extract(middleware(`      attempts: 2
      status: ["500-599"]
      retryNonIdempotentMethod: true`)));
  assert.equal(l.condition.afterSendMethods, "all");
});

test("an IngressRoute is an edge route to its services, linked to a Middleware in the same file (either order)", () => {
  for (const text of [`${route}---\n${middleware("      attempts: 4")}`, `${middleware("      attempts: 4")}---\n${route}`]) {
    const f = extract(text);
    const l = onlyLayer(f);
    assert.equal(f.routes.length, 1);
    const r = f.routes[0]!;
    assert.equal(r.edge, true);
    assert.equal(r.gateway, "traefik");
    assert.deepEqual(r.destinations, ["orders"]);
    assert.equal(r.layerId, l.localId);
  }
});

test("an IngressRoute without a retry middleware is a route without a layer", () => {
  const f = extract(route);
  assert.equal(f.layers.length, 0);
  assert.equal(f.routes[0]!.layerId, null);
});
