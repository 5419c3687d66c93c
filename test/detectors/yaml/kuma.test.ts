/** Kuma / Kong Mesh MeshRetry and the default mesh-retry-all policy (reference §4.13). */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, onlyLayer, yaml } from "./helpers";

const meshRetry = (to: string, http: string) => yaml`
  apiVersion: kuma.io/v1alpha1
  kind: MeshRetry
  metadata:
    name: inventory-retries
    namespace: kuma-system
  spec:
    targetRef: {kind: Mesh}
    to:
      - targetRef: ${to}
        default:
          http:
${http}
`;

test("§4.13 numRetries N → N+1, on hops to the named MeshService, Kuma's default retryOn", () => {
  const f = extract(meshRetry("{kind: MeshService, name: inventory}", "            numRetries: 3"));
  const l = onlyLayer(f);
  assert.equal(l.kind, "kuma-meshretry");
  assert.equal(l.maxAttempts, 4);
  assert.equal(l.anchor.line, 12);
  assert.deepEqual(l.condition.retryOn, ["gateway-error", "connect-failure", "refused-stream"]);
  assert.equal(l.condition.afterSendMethods, "all", "POST retried on 502/503/504");
  assert.equal(l.wait.initialSeconds, 0.025);
  assert.deepEqual(f.routes[0]!.hosts, ["inventory"]);
  assert.equal(f.routes[0]!.edge, false);
});

test("§4.13 numRetries: 0 disables; a Mesh targetRef applies to every hop (hosts *)", () => {
  const f = extract(meshRetry("{kind: Mesh}", "            numRetries: 0"));
  assert.equal(onlyLayer(f).maxAttempts, 1);
  assert.deepEqual(f.routes[0]!.hosts, ["*"]);
});

test("§4.13 backOff and retryOn as written; status codes become retriable-status-codes", () => {
  const l = onlyLayer(extract(meshRetry("{kind: MeshService, name: inventory}", `            numRetries: 2
            retryOn: ["5xx", "503"]
            backOff: {baseInterval: 100ms, maxInterval: 1s}`)));
  assert.equal(l.maxAttempts, 3);
  assert.deepEqual(l.condition.retryOn, ["5xx", "retriable-status-codes"]);
  assert.deepEqual(l.condition.statuses, [503]);
  assert.equal(l.wait.initialSeconds, 0.1);
  assert.equal(l.wait.maxSeconds, 1);
});

test("§4.13 a Mesh gets mesh-retry-all: 5 retries → 6 attempts on every hop, unless skipped", () => {
  const f = extract(yaml`
    apiVersion: kuma.io/v1alpha1
    kind: Mesh
    metadata:
      name: default
  `);
  const l = onlyLayer(f);
  assert.equal(l.kind, "kuma-default");
  assert.equal(l.maxAttempts, 6);
  assert.equal(l.attemptsSource, "default");
  assert.equal(l.anchor.line, 2);
  assert.equal(l.perTryTimeoutSeconds, 16);
  assert.deepEqual(f.routes[0]!.hosts, ["*"]);
  const skipped = extract(yaml`
    apiVersion: kuma.io/v1alpha1
    kind: Mesh
    metadata:
      name: default
    spec:
      skipCreatingInitialPolicies: ["*"]
  `);
  assert.equal(skipped.layers.length, 0);
});
