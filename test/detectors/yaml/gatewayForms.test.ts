/** Detector-level checks of the gateway forms (issue #10): anchors, number traps and near misses. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, yaml } from "./helpers";

test("Traefik labels: the layer is anchored on the attempts label; routes go to the router's container", () => {
  const f = extract(yaml`
    services:
      proxy:
        image: traefik:v2.11
      api:
        image: shop/api
        labels:
          - "traefik.http.middlewares.r.retry.initialinterval=50ms"
          - "traefik.http.middlewares.r.retry.attempts=3"
          - "traefik.http.routers.api.middlewares=r@docker,auth@file"
  `, "docker-compose.yml");
  assert.deepEqual(f.layers.map((l) => [l.kind, l.anchor.line, l.maxAttempts]), [["traefik-retry", 8, 3]]);
  assert.deepEqual(f.routes.map((r) => [r.gateway, r.destinations[0], r.layerId]), [["proxy", "api", f.layers[0]!.localId]]);
});

test("Traefik labels near misses: circuit breakers, routers without middlewares, `retry` elsewhere in a label", () => {
  const f = extract(yaml`
    services:
      traefik:
        image: traefik:v2.11
      shop:
        image: shop/web
        labels:
          - "traefik.enable=true"
          - "traefik.http.middlewares.cb.circuitbreaker.expression=NetworkErrorRatio() > 0.5"
          - "traefik.http.routers.shop.rule=Host(\`shop\`)"
          - "traefik.http.routers.shop.middlewares=cb"
          - "traefik.http.middlewares.buf.buffering.retryexpression=IsNetworkError() && Attempts() < 2"
  `, "docker-compose.yml");
  assert.equal(f.layers.length, 0);
  // a router whose middlewares are all known and none retries is a route only under a static
  // configuration's entry-point middlewares (kept at link time only where one exists and retries)
  assert.deepEqual(f.routes.map((r) => [r.layerId, r.onlyWith?.kind, r.configRefs]), [[null, "traefik-entrypoint", [{ kind: "traefik-entrypoint", name: "", namespace: null }]]]);
});

test("a router naming a middleware of another provider is a route waiting for it (configRefs)", () => {
  const f = extract(yaml`
    services:
      web:
        image: shop/web
        labels: {traefik.http.routers.web.middlewares: "retry@file"}
  `, "docker-compose.yml");
  assert.equal(f.layers.length, 0);
  assert.deepEqual(f.routes[0]!.configRefs, [{ kind: "traefik-middleware", name: "retry", namespace: null }, { kind: "traefik-entrypoint", name: "", namespace: null }]);
  assert.equal(f.routes[0]!.onlyWith, undefined);
});

test("a YAML file without http.routers/middlewares/services is not Traefik configuration", () => {
  const f = extract(yaml`
    http:
      port: 8080
      retry:
        attempts: 3
  `, "config/app.yaml");
  assert.equal(f.layers.length, 0);
});

test("GEP-1731: one layer per rule with retry, on its retry key; rules without retry add none", () => {
  const f = extract(yaml`
    apiVersion: gateway.networking.k8s.io/v1
    kind: HTTPRoute
    metadata: {name: shop}
    spec:
      parentRefs: [{name: edge}]
      rules:
        - backendRefs: [{name: web, port: 80}]
        - backendRefs: [{name: orders, port: 80}]
          retry:
            attempts: 4
          timeouts: {backendRequest: 500ms}
  `);
  // (the rule without retry keeps the Istio gateway default, kept at link time only on an Istio Gateway)
  assert.deepEqual(f.layers.filter((l) => l.kind === "gateway-api-retry").map((l) => [l.anchor.line, l.maxAttempts, l.perTryTimeoutSeconds]), [[9, 5, 0.5]]);
  assert.deepEqual(f.gatewayObjects?.filter((o) => o.kind === "httproute-retry").map((o) => [o.destinations, o.parents]), [[["orders"], ["edge"]]]);
});

test("App Mesh: a VirtualService with a virtual node provider gets the default on its provider key; a router route with a policy its own layer", () => {
  const f = extract(yaml`
    apiVersion: appmesh.k8s.aws/v1beta2
    kind: VirtualService
    metadata: {name: color, namespace: shop}
    spec:
      provider:
        virtualNode:
          virtualNodeRef: {name: color-v1}
    ---
    apiVersion: appmesh.k8s.aws/v1beta2
    kind: VirtualRouter
    metadata: {name: r, namespace: shop}
    spec:
      routes:
        - name: grpc
          grpcRoute:
            action: {weightedTargets: [{virtualNodeRef: {name: color-v1}, weight: 1}]}
            retryPolicy:
              maxRetries: 1
              perRetryTimeout: {unit: s, value: 2}
              grpcRetryEvents: [unavailable]
  `);
  assert.deepEqual(f.layers.map((l) => [l.kind, l.anchor.line, l.maxAttempts]), [["appmesh-default", 5, 3], ["appmesh-retry", 17, 2]]);
  assert.equal(f.layers[1]!.perTryTimeoutSeconds, 2);
  assert.equal(f.gatewayObjects?.find((o) => o.kind === "appmesh-virtual-service")?.settings?.awsName, "color.shop");
});

test("Traefik labels: a compose variable `${RETRIES:-3}` is its default 3; `${RETRIES}` an unknown count", () => {
  const f = (v: string) => extract(`services:\n  api:\n    image: shop/api\n    labels:\n      - "traefik.http.middlewares.r.retry.attempts=${v}"\n      - "traefik.http.routers.api.middlewares=r"\n`, "docker-compose.yml").layers[0]!;
  const withDefault = f("${RETRIES:-3}");
  assert.equal(withDefault.maxAttempts, 3);
  assert.match(withDefault.attemptsNote, /default 3/);
  const unknown = f("${RETRIES}");
  assert.equal(unknown.maxAttempts, null);
  assert.equal(unknown.countUnknown, true);
});
