/** Linkerd ServiceProfile retries (reference §4.4) and 2.16+ retry annotations (§4.5). */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, onlyLayer, yaml } from "./helpers";

const profile = (routes: string, extra = "") => yaml`
  apiVersion: linkerd.io/v1alpha2
  kind: ServiceProfile
  metadata:
    name: inventory.shop.svc.cluster.local
    namespace: shop
  spec:
    routes:
${routes}
${extra}
`;

test("§4.4 only routes with isRetryable: true retry; no per-request count, budget and 10 s timeout by default", () => {
  const f = extract(profile(`      - name: GET /stock
        condition: {method: GET, pathRegex: /stock}
        isRetryable: true
      - name: POST /reserve
        condition: {method: POST, pathRegex: /reserve}
        isRetryable: false
      - name: GET /other`));
  const l = onlyLayer(f);
  assert.equal(l.kind, "linkerd-serviceprofile");
  assert.equal(l.anchor.line, 10);
  assert.equal(l.maxAttempts, null, "budget-bound, no count (§4.4, §5.2)");
  assert.match(l.budget!, /20% of requests \+ 10\/s \(ttl 10s\) \(default\)/);
  assert.equal(l.timeBound, "route timeout 10 s (Linkerd default)");
  assert.equal(l.overallTimeoutSeconds, 10);
  assert.equal(l.wait.kind, "none", "no back-off: the retry is immediate");
  assert.equal(l.condition.afterSendMethods, "all");
  assert.equal(l.category, "mesh");
  assert.equal(f.routes.length, 1);
  assert.deepEqual(f.routes[0]!.hosts, ["inventory.shop.svc.cluster.local"]);
  assert.equal(f.routes[0]!.edge, false);
});

test("§4.4 a configured retryBudget and route timeout are shown as written", () => {
  const f = extract(profile(`      - name: GET /stock
        timeout: 300ms
        isRetryable: true`, `    retryBudget:
      retryRatio: 0.5
      minRetriesPerSecond: 2
      ttl: 5s`));
  const l = onlyLayer(f);
  assert.equal(l.budget, "Linkerd retryBudget 50% of requests + 2/s (ttl 5s)");
  assert.equal(l.timeBound, "route timeout 300 ms");
});

const service = (annotations: string) => yaml`
  apiVersion: v1
  kind: Service
  metadata:
    name: inventory
    annotations:
${annotations}
  spec:
    selector: {app: inventory}
`;

test("§4.5 retry.linkerd.io/limit defaults to 1 → 2 attempts when any retry annotation is present", () => {
  const l = onlyLayer(extract(service(`      retry.linkerd.io/http: 5xx`)));
  assert.equal(l.kind, "linkerd-annotation");
  assert.equal(l.maxAttempts, 2);
  assert.equal(l.attemptsSource, "default");
  assert.equal(l.anchor.line, 6);
  assert.equal(l.wait.initialSeconds, 0.025);
  assert.equal(l.wait.maxSeconds, 0.25);
  assert.equal(l.wait.jitter, true);
  assert.equal(l.condition.afterSendMethods, "all", "POST is retried if annotated");
});

test("§4.5 limit N → N+1 attempts, anchored on the limit; status ranges become statuses", () => {
  const l = onlyLayer(extract(service(`      retry.linkerd.io/http: 500-504
      retry.linkerd.io/limit: "3"
      retry.linkerd.io/timeout: 300ms`)));
  assert.equal(l.maxAttempts, 4);
  assert.equal(l.anchor.line, 7);
  assert.deepEqual(l.condition.statuses, [500, 501, 502, 503, 504]);
  assert.equal(l.perTryTimeoutSeconds, 0.3);
});

test("§4.5 a Service without retry annotations has no Linkerd layer", () => {
  const f = extract(service(`      linkerd.io/inject: enabled`));
  assert.equal(f.layers.length, 0);
  assert.equal(f.routes.filter((r) => r.product === "linkerd").length, 0);
});

test("§4.5 HTTPRoute annotations apply to the parent Service, with a match (more specific than the Service)", () => {
  const f = extract(yaml`
    apiVersion: gateway.networking.k8s.io/v1
    kind: HTTPRoute
    metadata:
      name: stock
      annotations:
        retry.linkerd.io/http: 5xx
        retry.linkerd.io/limit: "0"
    spec:
      parentRefs:
        - {name: inventory, kind: Service, group: core, port: 80}
  `);
  const l = onlyLayer(f);
  assert.equal(l.maxAttempts, 1, "limit 0 → retries off");
  assert.deepEqual(f.routes[0]!.hosts, ["inventory"]);
  assert.equal(f.routes[0]!.match, "HTTPRoute stock");
});
