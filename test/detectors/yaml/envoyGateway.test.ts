/**
 * Envoy Gateway BackendTrafficPolicy `retry` (Envoy route semantics, reference §4.2; Envoy
 * Gateway's own defaults verified from envoyproxy/gateway api/v1alpha1/retry_types.go):
 * numRetries default 2 → 3 attempts, N → N+1; default retryOn connect-failure, refused-stream,
 * unavailable, cancelled, retriable-status-codes (503); back-off 25 ms / 10× base, full jitter.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, onlyLayer, yaml } from "./helpers";

const policy = (retry: string, target = "targetRefs: [{group: gateway.networking.k8s.io, kind: HTTPRoute, name: orders}]") => yaml`
  apiVersion: gateway.envoyproxy.io/v1alpha1
  kind: BackendTrafficPolicy
  metadata: {name: p, namespace: shop}
  spec:
    ${target}
    retry:
${retry}
`;

const CASES: Array<{ name: string; retry: string; expect: Record<string, unknown> }> = [
  {
    name: "numRetries unset → default 2 retries → 3 attempts, default triggers with 503, Envoy default back-off",
    retry: "      perRetry: {timeout: 250ms}",
    expect: { maxAttempts: 3, attemptsSource: "default", perTryTimeoutSeconds: 0.25, retryOn: ["connect-failure", "refused-stream", "unavailable", "cancelled", "retriable-status-codes"], statuses: [503], initial: 0.025, max: 0.25 },
  },
  { name: "numRetries: 5 → 6 attempts", retry: "      numRetries: 5", expect: { maxAttempts: 6, attemptsSource: "config", attemptsNote: "numRetries: 5 → 6 attempts" } },
  { name: "numRetries: 0 → 1 attempt (disabled)", retry: "      numRetries: 0", expect: { maxAttempts: 1 } },
  {
    name: "baseInterval without maxInterval → cap 10× base (§4.2)",
    retry: "      perRetry:\n        backOff: {baseInterval: 100ms}",
    expect: { initial: 0.1, max: 1 },
  },
  {
    name: "retryOn.triggers and httpStatusCodes replace the default",
    retry: "      retryOn:\n        triggers: [retriable-status-codes, reset]\n        httpStatusCodes: [502, 504]",
    expect: { retryOn: ["retriable-status-codes", "reset"], statuses: [502, 504], afterSendMethods: "all" },
  },
];

for (const c of CASES) {
  test(c.name, () => {
    const facts = extract(policy(c.retry));
    const l = onlyLayer(facts);
    assert.equal(l.kind, "envoy-gateway-retry");
    assert.equal(l.category, "gateway");
    assert.equal(l.anchor.line, 6, "anchored on `retry:`");
    const e = c.expect;
    if ("maxAttempts" in e) assert.equal(l.maxAttempts, e.maxAttempts);
    if ("attemptsSource" in e) assert.equal(l.attemptsSource, e.attemptsSource);
    if ("attemptsNote" in e) assert.equal(l.attemptsNote, e.attemptsNote);
    if ("perTryTimeoutSeconds" in e) assert.equal(l.perTryTimeoutSeconds, e.perTryTimeoutSeconds);
    if ("retryOn" in e) assert.deepEqual(l.condition.retryOn, e.retryOn);
    if ("statuses" in e) assert.deepEqual(l.condition.statuses, e.statuses);
    if ("afterSendMethods" in e) assert.deepEqual(l.condition.afterSendMethods, e.afterSendMethods);
    if ("initial" in e) assert.equal(l.wait.initialSeconds, e.initial);
    if ("max" in e) assert.equal(l.wait.maxSeconds, e.max);
    assert.equal(l.wait.jitter, true);
    assert.deepEqual(facts.gatewayObjects?.[0]?.refs, [{ kind: "httproute", name: "orders", namespace: "shop" }]);
  });
}

test("the older singular targetRef to a Gateway is a parent", () => {
  const facts = extract(policy("      numRetries: 1", "targetRef: {kind: Gateway, name: eg}"));
  assert.deepEqual(facts.gatewayObjects?.[0]?.parents, ["eg"]);
});

test("HTTPRoute / GRPCRoute: backend Services and parent Gateways are recorded; the only layer is Istio's conditional gateway default", () => {
  const facts = extract(yaml`
    apiVersion: gateway.networking.k8s.io/v1
    kind: GRPCRoute
    metadata: {name: orders}
    spec:
      parentRefs: [{name: eg}, {kind: Service, name: mesh}]
      rules:
        - backendRefs: [{name: orders, port: 50051}, {kind: Backend, name: ext}]
  `);
  // the Istio gateway default (detectors/yaml/istioGatewayApi.ts) is a candidate whose routes
  // count only under a Gateway of class istio (`onlyWith`); engine/gatewayLinks.ts drops it otherwise
  assert.deepEqual(facts.layers.map((l) => l.kind), ["istio-gateway-default"]);
  assert.ok(facts.routes.filter((r) => r.layerId === facts.layers[0]!.localId).every((r) => r.onlyWith?.kind === "istio-gateway-api"));
  assert.deepEqual(
    facts.gatewayObjects?.map((o) => [o.kind, o.name, o.destinations, o.parents]),
    [["httproute", "orders", ["orders"], ["eg"]]],
  );
});

test("near misses: a policy without retry, a BackendTrafficPolicy of another API group", () => {
  assert.equal(extract(policy("", "targetRef: {kind: Gateway, name: eg}").replace("    retry:\n", "    timeout: {}\n")).layers.length, 0);
  assert.equal(extract(policy("      numRetries: 2").replace("gateway.envoyproxy.io", "gateway.networking.x-k8s.io")).layers.length, 0);
});
