/**
 * Kubernetes objects: namespaces and workloads with sidecar injection (the switch for Istio's
 * implicit default, reference/retry-semantics.md §4.1 and §5.3), env vars, labels, selectors.
 * No layer ever comes from here (a CronJob's backoffLimit restarts pods, it does not retry requests).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, scenario, yaml } from "./helpers";
import { imageFlavour } from "../../../server/src/detectors/yaml/kubernetes";

const NAMESPACE_CASES: { name: string; labels: string; expect: { enabled: boolean; line: number } | null }[] = [
  { name: "istio-injection: enabled", labels: "istio-injection: enabled", expect: { enabled: true, line: 5 } },
  { name: "istio-injection: disabled", labels: "istio-injection: disabled", expect: { enabled: false, line: 5 } },
  { name: "istio.io/rev: <revision> = enabled", labels: "istio.io/rev: canary", expect: { enabled: true, line: 5 } },
  {
    name: "istio-injection wins over istio.io/rev",
    labels: "istio.io/rev: stable\n    istio-injection: disabled",
    expect: { enabled: false, line: 6 },
  },
  { name: "other labels only → not stated", labels: "team: payments", expect: null },
];

for (const c of NAMESPACE_CASES) {
  test(`k8s §4.1 Namespace ${c.name}`, () => {
    const facts = extract(`apiVersion: v1\nkind: Namespace\nmetadata:\n  labels:\n    ${c.labels}\n  name: shop\n`);
    assert.equal(facts.namespaces.length, 1);
    assert.equal(facts.namespaces[0].name, "shop");
    assert.deepEqual(facts.namespaces[0].sidecarInjection, c.expect);
    assert.equal(facts.layers.length, 0);
  });
}

test("k8s Deployment: name, namespace, pod labels, literal env (valueFrom skipped), annotation injection line", () => {
  const facts = extract(yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata:
      name: checkout
      namespace: shop
      labels: { tier: web }
    spec:
      template:
        metadata:
          labels:
            app: checkout
            version: "2"
          annotations:
            sidecar.istio.io/inject: "false"
        spec:
          initContainers:
            - name: migrate
              env:
                - { name: DATABASE_URL, value: "postgres://init" }
                - { name: ONLY_INIT, value: "1" }
          containers:
            - name: app
              env:
                - name: INVENTORY_URL
                  value: http://inventory:8080
                - name: PORT
                  value: 8080
                - name: API_TOKEN
                  valueFrom: { secretKeyRef: { name: s, key: k } }
                - name: DATABASE_URL
                  value: postgres://app
  `);
  assert.equal(facts.workloads.length, 1);
  const w = facts.workloads[0];
  assert.equal(w.kind, "k8s-workload");
  assert.equal(w.name, "checkout");
  assert.equal(w.namespace, "shop");
  assert.deepEqual(w.labels, { app: "checkout", version: "2" }, "pod-template labels, not the Deployment's own");
  assert.deepEqual(w.env, {
    INVENTORY_URL: "http://inventory:8080",
    PORT: "8080",
    DATABASE_URL: "postgres://app",
    ONLY_INIT: "1",
  });
  assert.deepEqual(w.sidecarInjection, { enabled: false, line: 14 });
  assert.equal(w.codeDir, null);
  assert.equal(w.span.line, 1);
});

test("k8s: the sidecar.istio.io/inject pod label takes precedence over the annotation", () => {
  const facts = extract(yaml`
    apiVersion: apps/v1
    kind: StatefulSet
    metadata: { name: db-proxy }
    spec:
      template:
        metadata:
          annotations: { sidecar.istio.io/inject: "false" }
          labels:
            sidecar.istio.io/inject: "true"
        spec:
          containers: [{ name: p }]
  `);
  assert.deepEqual(facts.workloads[0].sidecarInjection, { enabled: true, line: 9 });
  assert.equal(facts.workloads[0].namespace, null);
});

test("k8s: the sidecar.istio.io/inject annotation only opts out — \"true\" there injects nothing (the webhooks select pods by label)", () => {
  const pod = (value: string) => extract(yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: service-a, namespace: dev }
    spec:
      template:
        metadata:
          annotations:
            sidecar.istio.io/inject: ${value}
        spec:
          containers: [{ name: a }]
  `).workloads[0].sidecarInjection;
  assert.equal(pod('"true"'), null);
  assert.deepEqual(pod('"false"'), { enabled: false, line: 8 });
});

test("k8s: a CronJob reads its jobTemplate pod; its backoffLimit is not a retry layer", () => {
  const facts = extract(yaml`
    apiVersion: batch/v1
    kind: CronJob
    metadata: { name: nightly, namespace: jobs }
    spec:
      schedule: "0 2 * * *"
      jobTemplate:
        spec:
          backoffLimit: 6
          template:
            metadata: { labels: { app: nightly } }
            spec:
              restartPolicy: OnFailure
              containers:
                - name: run
                  env: [{ name: REPORTS_URL, value: "http://reports" }]
  `);
  assert.equal(facts.layers.length, 0);
  assert.equal(facts.routes.length, 0);
  assert.deepEqual(
    facts.workloads.map((w) => [w.kind, w.name, w.namespace, w.labels, w.env]),
    [["k8s-workload", "nightly", "jobs", { app: "nightly" }, { REPORTS_URL: "http://reports" }]],
  );
});

test("k8s: a bare Pod uses its own metadata and spec", () => {
  const facts = extract(yaml`
    apiVersion: v1
    kind: Pod
    metadata:
      name: debug
      labels: { app: debug, sidecar.istio.io/inject: "false" }
    spec:
      containers: [{ name: c, env: [{ name: A, value: b }] }]
  `);
  assert.deepEqual(facts.workloads[0].labels, { app: "debug", "sidecar.istio.io/inject": "false" });
  assert.deepEqual(facts.workloads[0].sidecarInjection, { enabled: false, line: 5 });
  assert.deepEqual(facts.workloads[0].env, { A: "b" });
});

test("k8s Service: selector ties it to its workload", () => {
  const facts = extract(yaml`
    apiVersion: v1
    kind: Service
    metadata: { name: inventory, namespace: shop }
    spec:
      selector:
        app: inventory
      ports: [{ port: 8080 }]
  `);
  assert.deepEqual(
    facts.workloads.map((w) => [w.kind, w.name, w.namespace, w.selector]),
    [["k8s-service", "inventory", "shop", { app: "inventory" }]],
  );
});

test("k8s: objects that are not workloads (ConfigMap, kind without apiVersion) yield nothing", () => {
  const facts = extract(yaml`
    apiVersion: v1
    kind: ConfigMap
    metadata: { name: settings }
    data: { retries: "3" }
    ---
    kind: Deployment
    metadata: { name: not-k8s }
  `);
  assert.deepEqual(facts.workloads, []);
  assert.deepEqual(facts.layers, []);
});

test("k8s scenario seed-failover-mesh namespaces.yaml: shop injection label at line 11, edge unstated (§4.1)", () => {
  const facts = scenario("seed-failover-mesh", "k8s/namespaces.yaml");
  assert.deepEqual(
    facts.namespaces.map((n) => [n.name, n.sidecarInjection]),
    [
      ["edge", null],
      ["shop", { enabled: true, line: 11 }],
    ],
  );
  assert.equal(facts.layers.length, 0, "the implicit default layer is the linker's to create");
});

test("k8s scenario seed-failover-mesh orders.yaml: Deployment env and its Service", () => {
  const facts = scenario("seed-failover-mesh", "k8s/orders.yaml");
  assert.deepEqual(
    facts.workloads.map((w) => ({ kind: w.kind, name: w.name, namespace: w.namespace, env: w.env, labels: w.labels, selector: w.selector })),
    [
      { kind: "k8s-workload", name: "orders", namespace: "shop", env: { INVENTORY_URL: "http://inventory:8080" }, labels: { app: "orders" }, selector: {} },
      { kind: "k8s-service", name: "orders", namespace: "shop", env: {}, labels: {}, selector: { app: "orders" } },
    ],
  );
});

// an image tag that is a version and a word names the flavour of the program it was built from
// (engine/services.ts: the workload runs the project `<image>-<word>`); plain tags, digests and
// unfilled templates name none
const FLAVOUR_CASES: Array<[string, string | null]> = [
  ["docker.io/garystafford/go-srv-a:2.2.0-grpc", "go-srv-a-grpc"],
  ["registry.example.com/shop/orders:v3-worker", "orders-worker"],
  ["orders:latest-grpc", "orders-grpc"],
  ["docker.io/garystafford/go-srv-a:2.2.0", null],
  ["orders:latest", null],
  ["orders", null],
  ["orders@sha256:0123abcd", null],
  ['{{ printf "%s/go-srv-a:%s" .Values.image.repository .Values.image.tag }}', null],
];
for (const [image, flavour] of FLAVOUR_CASES) {
  test(`image flavour: ${image} → ${flavour ?? "none"}`, () => {
    assert.equal(imageFlavour(image), flavour);
  });
}
