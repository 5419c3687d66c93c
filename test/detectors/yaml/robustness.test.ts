/**
 * extractYaml never throws (DESIGN.md "Robustness"), reads every document of a file, resolves
 * anchors, aliases and merge keys, and finds nothing in words that only look like retries.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseDuration } from "../../../server/src/detectors/yaml/durations";
import { extractYaml } from "../../../server/src/detectors/yaml/index";
import { extract, scenario, yaml } from "./helpers";

test("malformed YAML → one problem with its line, no throw, facts empty", () => {
  const facts = extract("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: [shop\n  labels: {istio-injection: enabled}\n");
  assert.equal(facts.problems.length, 1);
  assert.ok(facts.problems[0].line >= 4, `line ${facts.problems[0].line}`);
  assert.match(facts.problems[0].message, /YAML/);
  assert.deepEqual(facts.namespaces, []);
  assert.equal(facts.language, "yaml");
  assert.equal(facts.path, "deploy/test.yaml");
});

test("multi-document file: a broken document is reported and the good ones are still read", () => {
  const facts = extract(yaml`
    apiVersion: v1
    kind: Namespace
    metadata: { name: a, labels: { istio-injection: enabled } }
    ---
    apiVersion: v1
    kind: Namespace
    metadata: { name: b
    ---
    apiVersion: v1
    kind: Namespace
    metadata: { name: c, labels: { istio-injection: disabled } }
  `);
  assert.deepEqual(
    facts.namespaces.map((n) => [n.name, n.sidecarInjection]),
    [
      ["a", { enabled: true, line: 3 }],
      ["c", { enabled: false, line: 11 }],
    ],
  );
  assert.equal(facts.problems.length, 1);
});

test("anchors and aliases: a shared retries block counts on each route, anchored at each route's key", () => {
  const facts = extract(yaml`
    apiVersion: networking.istio.io/v1
    kind: VirtualService
    metadata: { name: shop, namespace: shop }
    spec:
      hosts: [orders, payments]
      http:
        - match: [{ uri: { prefix: /orders } }]
          route: [{ destination: { host: orders } }]
          retries: &standard
            attempts: 2
            retryOn: connect-failure
        - match: [{ uri: { prefix: /payments } }]
          route: [{ destination: { host: payments } }]
          retries: *standard
  `);
  assert.deepEqual(
    facts.layers.map((l) => [l.anchor.line, l.maxAttempts, l.condition.retryOn, l.label]),
    [
      [9, 3, ["connect-failure"], "route → orders"],
      [14, 3, ["connect-failure"], "route → payments"],
    ],
  );
  assert.deepEqual(
    facts.routes.map((r) => r.layerId),
    facts.layers.map((l) => l.localId),
  );
});

test("merge keys: `<<: *defaults` in an Envoy retry_policy; explicit keys win", () => {
  const facts = extract(yaml`
    defaults: &retry_defaults
      retry_on: connect-failure,refused-stream
      num_retries: 5
      per_try_timeout: 1s
    static_resources:
      listeners:
        - name: edge
          route_config:
            virtual_hosts:
              - name: v
                domains: ["*"]
                routes:
                  - match: { prefix: / }
                    route:
                      cluster: web
                      retry_policy:
                        <<: *retry_defaults
                        num_retries: 1
      clusters:
        - name: web
          type: LOGICAL_DNS
          load_assignment:
            endpoints: [{ lb_endpoints: [{ endpoint: { address: { socket_address: { address: web, port_value: 80 } } } }] }]
  `);
  assert.equal(facts.layers.length, 1);
  const layer = facts.layers[0];
  assert.equal(layer.anchor.line, 16);
  assert.equal(layer.maxAttempts, 2, "num_retries: 1 overrides the merged 5");
  assert.deepEqual(layer.condition.retryOn, ["connect-failure", "refused-stream"]);
  assert.equal(layer.perTryTimeoutSeconds, 1);
  assert.equal(facts.routes[0].gateway, "envoy:edge");
});

test("aliases in Kubernetes objects: a shared env list and labels", () => {
  const facts = extract(yaml`
    apiVersion: apps/v1
    kind: Deployment
    metadata: { name: api }
    spec:
      template:
        metadata:
          labels: &labels { app: api }
        spec:
          containers:
            - name: a
              env: &env
                - { name: ORDERS_URL, value: "http://orders" }
            - name: b
              env: *env
  `);
  assert.deepEqual(facts.workloads[0].env, { ORDERS_URL: "http://orders" });
  assert.deepEqual(facts.workloads[0].labels, { app: "api" });
});

test("hostile input never throws: alias cycles, alias bombs, deep nesting, binary-ish text, empty files", () => {
  const bomb = ["a: &a [x, x, x, x, x, x, x, x, x]"];
  for (let i = 1; i < 12; i++) bomb.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill("*" + String.fromCharCode(96 + i)).join(", ")}]`);
  bomb.push("static_resources: *l");
  const inputs = [
    "",
    "# only a comment\n",
    "---\n---\n",
    "a: &x { b: *x }\nvirtual_hosts: *x\n",
    bomb.join("\n"),
    "[".repeat(5000) + "]".repeat(5000),
    "\u0000\u0001\u0002 : : :\n\t- ][",
    "apiVersion: v1\nkind: Namespace\nmetadata: { name: [a, b], labels: [istio-injection] }\n",
    "apiVersion: networking.istio.io/v1\nkind: VirtualService\nspec: { http: { route: 1 } }\n",
    "apiVersion: networking.istio.io/v1\nkind: VirtualService\nspec: { http: [ { route: [ { destination: { host: [1] } } ], retries: { attempts: lots, retryOn: [5xx] } } ] }\n",
    "static_resources: { listeners: 3, clusters: [ { name: [x] } ] }\nroute_config: { virtual_hosts: [ { routes: [ { route: { retry_policy: { num_retries: -1 } } } ] } ] }\n",
    "services: { web: { build: { context: [1] }, environment: 7 } }\n",
  ];
  for (const text of inputs) {
    const facts = extractYaml("x.yaml", text);
    assert.equal(facts.language, "yaml");
    for (const p of facts.problems) assert.equal(typeof p.line, "number");
  }
});

test("a negative num_retries is clamped, not multiplied: 1 attempt", () => {
  const facts = extractYaml(
    "x.yaml",
    "route_config: { virtual_hosts: [ { domains: ['*'], routes: [ { route: { cluster: c, retry_policy: { retry_on: 5xx, num_retries: -1 } } } ] } ] }\n",
  );
  assert.equal(facts.layers[0].maxAttempts, 1);
});

test("near-misses: `retries: 3` in app config is not a retry layer", () => {
  const facts = extract(yaml`
    # Application settings for the report renderer (not a network retry policy).
    renderer:
      retries: 3
      timeout: 30s
  `);
  assert.deepEqual(facts.layers, []);
  assert.deepEqual(facts.routes, []);
  assert.deepEqual(facts.problems, []);
});

test("near-misses scenario: app-config.yaml and the CronJob yield no layers and no routes", () => {
  for (const rel of ["jobs/app-config.yaml", "jobs/nightly.yaml"]) {
    const facts = scenario("near-misses", rel);
    assert.deepEqual(facts.layers, [], rel);
    assert.deepEqual(facts.routes, [], rel);
    assert.deepEqual(facts.problems, [], rel);
  }
});

test("local layer ids are unique across documents of one file", () => {
  const vs = (name: string) =>
    `apiVersion: networking.istio.io/v1\nkind: VirtualService\nmetadata: { name: ${name} }\nspec:\n  hosts: [${name}]\n  http:\n    - route: [{ destination: { host: ${name} } }]\n      retries: { attempts: 1 }\n`;
  const facts = extractYaml("mesh/vs.yaml", [vs("a"), vs("b"), vs("c")].join("---\n"));
  assert.equal(facts.layers.length, 3);
  assert.equal(new Set(facts.layers.map((l) => l.localId)).size, 3);
  assert.deepEqual(
    facts.layers.map((l) => l.anchor.line),
    [8, 17, 26],
  );
});

const DURATIONS: [string, number | null][] = [
  ["2s", 2],
  ["0.25s", 0.25],
  ["250ms", 0.25],
  ["1.5s", 1.5],
  ["1m", 60],
  ["1m30s", 90],
  ["1h", 3600],
  ["500us", 0.0005],
  ["5", 5],
  ["soon", null],
  ["", null],
  ["5 parsecs", null],
];

for (const [text, seconds] of DURATIONS) {
  test(`durations §4.1/§4.2: "${text}" → ${seconds}`, () => {
    assert.equal(parseDuration(text), seconds);
  });
}
