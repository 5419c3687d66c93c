/**
 * Envoy static config: route retry_policy (reference/retry-semantics.md §4.2) and cluster
 * retry_budget (§4.3). Each case is a route's `route:` block with the facts it must yield.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, onlyLayer, scenario, yaml } from "./helpers";

/** A one-route static config; `action` is the body of `route:` (indented by the helper). */
function envoyConfig(action: string, clusterExtra = ""): string {
  const body = action
    .trim()
    .split("\n")
    .map((l) => " ".repeat(28) + l)
    .join("\n");
  const extra = clusterExtra
    .trim()
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => "      " + l)
    .join("\n");
  return [
    "static_resources:", //                                  1
    "  listeners:", //                                       2
    "    - name: edge_http", //                              3
    "      filter_chains:", //                               4
    "        - filters:", //                                 5
    "            - name: envoy.filters.network.http_connection_manager", // 6
    "              typed_config:", //                        7
    "                route_config:", //                      8
    "                  virtual_hosts:", //                   9
    "                    - name: api", //                    10
    "                      domains: [\"api.example.com\"]", // 11
    "                      routes:", //                      12
    "                        - match: { prefix: \"/orders\" }", // 13
    "                          route:", //                   14
    body, //                                                 15…
    "  clusters:",
    "    - name: orders",
    "      type: STRICT_DNS",
    extra,
    "      load_assignment:",
    "        cluster_name: orders",
    "        endpoints:",
    "          - lb_endpoints:",
    "              - endpoint:",
    "                  address:",
    "                    socket_address: { address: orders.internal, port_value: 8080 }",
  ]
    .filter((l) => l !== "")
    .join("\n");
}

interface RetryCase {
  name: string;
  action: string;
  expect: {
    maxAttempts: number;
    attemptsSource?: "config" | "default";
    perTryTimeoutSeconds?: number | null;
    overallTimeoutSeconds?: number | null;
    routeTimeoutSeconds?: number | null;
    wait?: { initialSeconds: number; maxSeconds: number; source: "config" | "default" };
    statuses?: number[];
    honoursRetryAfter?: boolean | null;
    permanentErrors?: "set" | null;
  };
}

const RETRY_CASES: RetryCase[] = [
  {
    name: "§4.2 policy without num_retries → 1 retry → 2 attempts (default)",
    action: `cluster: orders\nretry_policy:\n  retry_on: connect-failure`,
    expect: { maxAttempts: 2, attemptsSource: "default" },
  },
  {
    name: "§4.2 num_retries: 3 → 4 attempts",
    action: `cluster: orders\nretry_policy:\n  retry_on: 5xx\n  num_retries: 3`,
    expect: { maxAttempts: 4, attemptsSource: "config" },
  },
  {
    name: "§4.2 num_retries: 0 → 1 attempt (disabled)",
    action: `cluster: orders\nretry_policy:\n  retry_on: 5xx\n  num_retries: 0`,
    expect: { maxAttempts: 1, attemptsSource: "config" },
  },
  {
    name: "§4.2 a policy with no retry_on has no condition to retry on → 1 attempt",
    action: `cluster: orders\nretry_policy:\n  num_retries: 3`,
    expect: { maxAttempts: 1 },
  },
  {
    name: "§4.2 route timeout unset → Envoy default 15 s bounds all attempts; per_try_timeout unset",
    action: `cluster: orders\nretry_policy:\n  retry_on: 5xx\n  num_retries: 2`,
    expect: { maxAttempts: 3, overallTimeoutSeconds: 15, routeTimeoutSeconds: null, perTryTimeoutSeconds: null },
  },
  {
    name: "§4.2 route timeout 6s is the overall deadline, per_try_timeout 2s the per-attempt one",
    action: `cluster: orders\ntimeout: 6s\nretry_policy:\n  retry_on: 5xx\n  num_retries: 2\n  per_try_timeout: 2s`,
    expect: { maxAttempts: 3, overallTimeoutSeconds: 6, routeTimeoutSeconds: 6, perTryTimeoutSeconds: 2 },
  },
  {
    name: "§4.2 timeout: 0s disables the route timeout → no overall deadline",
    action: `cluster: orders\ntimeout: 0s\nretry_policy:\n  retry_on: 5xx`,
    expect: { maxAttempts: 2, overallTimeoutSeconds: null, routeTimeoutSeconds: null },
  },
  {
    name: "§4.2 per_try_timeout in protobuf message form {seconds, nanos}",
    action: `cluster: orders\nretry_policy:\n  retry_on: 5xx\n  per_try_timeout: { seconds: 1, nanos: 500000000 }`,
    expect: { maxAttempts: 2, perTryTimeoutSeconds: 1.5 },
  },
  {
    name: "§4.2 default back-off: 25 ms base, full jitter, max 250 ms",
    action: `cluster: orders\nretry_policy:\n  retry_on: 5xx`,
    expect: { maxAttempts: 2, wait: { initialSeconds: 0.025, maxSeconds: 0.25, source: "default" } },
  },
  {
    name: "§4.2 retry_back_off base 0.1s, max 1s",
    action: `cluster: orders\nretry_policy:\n  retry_on: 5xx\n  retry_back_off:\n    base_interval: 0.1s\n    max_interval: 1s`,
    expect: { maxAttempts: 2, wait: { initialSeconds: 0.1, maxSeconds: 1, source: "config" } },
  },
  {
    name: "§4.2 retry_back_off without max_interval → cap 10× base",
    action: `cluster: orders\nretry_policy:\n  retry_on: 5xx\n  retry_back_off: { base_interval: 0.05s }`,
    expect: { maxAttempts: 2, wait: { initialSeconds: 0.05, maxSeconds: 0.5, source: "config" } },
  },
  {
    name: "§4.2 retriable_status_codes: 503 retried without rate_limited_retry_back_off → ignores Retry-After",
    action: `cluster: orders\nretry_policy:\n  retry_on: retriable-status-codes\n  retriable_status_codes: [503]`,
    expect: { maxAttempts: 2, statuses: [503], honoursRetryAfter: false },
  },
  {
    name: "§4.2 rate_limited_retry_back_off honours Retry-After",
    action: [
      "cluster: orders",
      "retry_policy:",
      "  retry_on: retriable-status-codes",
      "  retriable_status_codes: [429]",
      "  rate_limited_retry_back_off:",
      "    reset_headers: [{ name: Retry-After, format: SECONDS }]",
    ].join("\n"),
    expect: { maxAttempts: 2, statuses: [429], honoursRetryAfter: true },
  },
  {
    name: "§4.2 no 429/503 retried → Retry-After not applicable (null)",
    action: `cluster: orders\nretry_policy:\n  retry_on: connect-failure`,
    expect: { maxAttempts: 2, honoursRetryAfter: null },
  },
  {
    name: "§4.2 retriable-4xx retries 409: a permanent error",
    action: `cluster: orders\nretry_policy:\n  retry_on: retriable-4xx,connect-failure`,
    expect: { maxAttempts: 2, permanentErrors: "set" },
  },
  {
    name: "§4.2 num_retries written as a wrapper {value: N} is read leniently",
    action: `cluster: orders\nretry_policy:\n  retry_on: 5xx\n  num_retries: { value: 4 }`,
    expect: { maxAttempts: 5, attemptsSource: "config" },
  },
];

for (const c of RETRY_CASES) {
  test(`envoy: ${c.name}`, () => {
    const text = envoyConfig(c.action);
    const facts = extract(text);
    const layer = onlyLayer(facts);
    const policyLine = text.split("\n").findIndex((l) => l.trim().startsWith("retry_policy:")) + 1;
    assert.equal(layer.kind, "envoy-route");
    assert.equal(layer.category, "gateway");
    assert.equal(layer.library, "envoy");
    assert.equal(layer.anchor.line, policyLine, "anchor is the retry_policy: key line");
    assert.deepEqual(layer.attach, { kind: "route" });
    assert.equal(layer.maxAttempts, c.expect.maxAttempts);
    if (c.expect.attemptsSource) assert.equal(layer.attemptsSource, c.expect.attemptsSource);
    if ("perTryTimeoutSeconds" in c.expect) assert.equal(layer.perTryTimeoutSeconds, c.expect.perTryTimeoutSeconds);
    if ("overallTimeoutSeconds" in c.expect) assert.equal(layer.overallTimeoutSeconds, c.expect.overallTimeoutSeconds);
    if ("routeTimeoutSeconds" in c.expect) assert.equal(facts.routes[0].timeoutSeconds, c.expect.routeTimeoutSeconds);
    if (c.expect.wait) {
      assert.equal(layer.wait.kind, "exponential");
      assert.equal(layer.wait.jitter, true);
      assert.equal(layer.wait.initialSeconds, c.expect.wait.initialSeconds);
      assert.equal(layer.wait.maxSeconds, c.expect.wait.maxSeconds);
      assert.equal(layer.wait.source, c.expect.wait.source);
    }
    if (c.expect.statuses) assert.deepEqual(layer.condition.statuses, c.expect.statuses);
    if ("honoursRetryAfter" in c.expect) assert.equal(layer.condition.honoursRetryAfter, c.expect.honoursRetryAfter);
    if ("permanentErrors" in c.expect) {
      if (c.expect.permanentErrors === null) assert.equal(layer.condition.permanentErrors, null);
      else assert.match(layer.condition.permanentErrors ?? "", /409/);
    }
    assert.equal(layer.condition.allErrors, false);
    assert.equal(facts.routes.length, 1);
    assert.equal(facts.routes[0].layerId, layer.localId);
  });
}

/** §4.2 retry_on tokens: which may run a request twice on the upstream. */
const RETRY_ON_CASES: { retryOn: string; afterSend: "all" | [] }[] = [
  { retryOn: "connect-failure,refused-stream", afterSend: [] },
  { retryOn: "reset-before-request", afterSend: [] },
  { retryOn: "envoy-ratelimited,http3-post-connect-failure", afterSend: [] },
  { retryOn: "unavailable,cancelled", afterSend: [] },
  { retryOn: "5xx", afterSend: "all" },
  { retryOn: "gateway-error", afterSend: "all" },
  { retryOn: "connect-failure,reset", afterSend: "all" },
  { retryOn: "retriable-4xx", afterSend: "all" },
  { retryOn: "retriable-headers", afterSend: "all" },
  { retryOn: "deadline-exceeded", afterSend: "all" },
  { retryOn: "internal", afterSend: "all" },
  { retryOn: "resource-exhausted", afterSend: "all" },
  // Without a status list the token only acts on x-envoy-retriable-status-codes (§4.1).
  { retryOn: "retriable-status-codes", afterSend: [] },
];

for (const c of RETRY_ON_CASES) {
  test(`envoy §4.2 retry_on "${c.retryOn}" → afterSendMethods ${JSON.stringify(c.afterSend)}`, () => {
    const layer = onlyLayer(extract(envoyConfig(`cluster: orders\nretry_policy:\n  retry_on: "${c.retryOn}"`)));
    assert.deepEqual(layer.condition.retryOn, c.retryOn.split(","));
    assert.deepEqual(layer.condition.afterSendMethods, c.afterSend);
  });
}

test("envoy §4.2 retriable-status-codes with a status list may retry after the request was sent", () => {
  const layer = onlyLayer(
    extract(envoyConfig(`cluster: orders\nretry_policy:\n  retry_on: retriable-status-codes\n  retriable_status_codes: [502, 504]`)),
  );
  assert.equal(layer.condition.afterSendMethods, "all");
  assert.deepEqual(layer.condition.statuses, [502, 504]);
});

test("envoy §4.3 retry_budget on the referenced cluster → layer budget and ClusterFact", () => {
  const facts = extract(
    envoyConfig(
      `cluster: orders\nretry_policy:\n  retry_on: connect-failure`,
      [
        "circuit_breakers:",
        "  thresholds:",
        "    - priority: DEFAULT",
        "      max_retries: 10",
        "      retry_budget:",
        "        budget_percent: { value: 25.0 }",
        "        min_retry_concurrency: 5",
      ].join("\n"),
    ),
  );
  const layer = onlyLayer(facts);
  assert.equal(layer.budget, "Envoy retry_budget 25% (min 5 concurrent)");
  assert.equal(facts.clusters.length, 1);
  assert.deepEqual(facts.clusters[0], {
    ...facts.clusters[0],
    name: "orders",
    addresses: ["orders.internal"],
    retryBudget: "Envoy retry_budget 25% (min 5 concurrent)",
    maxRetries: 10,
  });
});

test("envoy §4.3 an empty retry_budget takes the defaults (20%, min 3)", () => {
  const facts = extract(
    envoyConfig(`cluster: orders\nretry_policy:\n  retry_on: 5xx`, "circuit_breakers:\n  thresholds:\n    - retry_budget: {}"),
  );
  assert.match(onlyLayer(facts).budget ?? "", /20%.*min 3/);
});

test("envoy §4.3 no circuit_breakers → no budget; max_retries alone is a concurrency cap, not a budget", () => {
  const facts = extract(envoyConfig(`cluster: orders\nretry_policy:\n  retry_on: 5xx`, "circuit_breakers:\n  thresholds:\n    - max_retries: 3"));
  assert.equal(onlyLayer(facts).budget, null);
  assert.equal(facts.clusters[0].retryBudget, null);
  assert.equal(facts.clusters[0].maxRetries, 3);
  // the cap is noted where the route's retries are described
  const written = extract(envoyConfig(`cluster: orders\nretry_policy:\n  retry_on: 5xx`, "circuit_breakers:\n  thresholds:\n    - max_retries: 8"));
  assert.match(onlyLayer(written).condition.description, /cluster max_retries caps concurrent retries at 8$/);
});

test("envoy: a route without retry_policy is a route with no layer", () => {
  const facts = extract(envoyConfig(`cluster: orders\ntimeout: 2s`));
  assert.equal(facts.layers.length, 0);
  assert.equal(facts.routes.length, 1);
  const route = facts.routes[0];
  assert.equal(route.layerId, null);
  assert.equal(route.product, "envoy");
  assert.equal(route.edge, true);
  assert.equal(route.gateway, "envoy:edge_http");
  assert.equal(route.match, "/orders");
  assert.deepEqual(route.hosts, ["api.example.com"]);
  assert.deepEqual(route.destinations, ["orders.internal", "orders"]);
  assert.equal(route.timeoutSeconds, 2);
  assert.equal(route.span.line, 13);
});

test("envoy §4.2 a virtual-host retry_policy applies to its routes; a route-level policy replaces it", () => {
  const text = yaml`
    route_config:
      virtual_hosts:
        - name: shop
          domains: ["*"]
          retry_policy:
            retry_on: 5xx
            num_retries: 4
          routes:
            - match: { prefix: "/a" }
              route: { cluster: a }
            - match: { path: "/b" }
              route: { cluster: b }
            - match: { prefix: "/c" }
              route:
                cluster: c
                retry_policy:
                  retry_on: connect-failure
                  num_retries: 1
            - match: { prefix: "/old" }
              redirect: { path_redirect: "/a" }
  `;
  const facts = extract(text, "gateway/edge-routes.yaml");
  assert.deepEqual(
    facts.routes.map((r) => [r.match, r.gateway]),
    [
      ["/a", "envoy:edge-routes"],
      ["/b", "envoy:edge-routes"],
      ["/c", "envoy:edge-routes"],
    ],
    "bare route_config → gateway named after the file stem; redirect routes are skipped",
  );
  const byId = new Map(facts.layers.map((l) => [l.localId, l]));
  const [a, b, c] = facts.routes.map((r) => byId.get(r.layerId ?? "")!);
  assert.equal(a.anchor.line, 5);
  assert.equal(b.anchor.line, 5);
  assert.equal(a.maxAttempts, 5);
  assert.notEqual(a.localId, b.localId, "local ids stay unique when two layers share an anchor line");
  assert.equal(a.label, "route /a");
  assert.equal(c.anchor.line, 16);
  assert.equal(c.maxAttempts, 2);
  assert.equal(new Set(facts.layers.map((l) => l.localId)).size, facts.layers.length);
});

test("envoy: weighted_clusters destinations and a regex match", () => {
  const text = yaml`
    static_resources:
      listeners:
        - name: l0
          filter_chains:
            - filters:
                - typed_config:
                    route_config:
                      virtual_hosts:
                        - name: v
                          domains: ["*"]
                          routes:
                            - match: { safe_regex: { regex: "^/v[12]/.*" } }
                              route:
                                weighted_clusters:
                                  clusters:
                                    - { name: blue, weight: 90 }
                                    - { name: green, weight: 10 }
      clusters:
        - name: blue
          type: STRICT_DNS
          load_assignment:
            endpoints:
              - lb_endpoints:
                  - endpoint: { address: { socket_address: { address: blue.svc, port_value: 80 } } }
        - name: green
          connect_timeout: 1s
          load_assignment:
            endpoints:
              - lb_endpoints:
                  - endpoint: { address: { socket_address: { address: green.svc, port_value: 80 } } }
  `;
  const facts = extract(text);
  assert.deepEqual(facts.routes[0].destinations, ["blue.svc", "blue", "green.svc", "green"]);
  assert.equal(facts.routes[0].match, "~^/v[12]/.*");
  assert.deepEqual(
    facts.clusters.map((c) => c.name),
    ["blue", "green"],
    "weighted_clusters entries are not clusters",
  );
});

test("envoy: a document that is not Envoy config yields nothing (a `clusters:` list alone is not enough)", () => {
  const facts = extract(yaml`
    clusters:
      - name: analytics
        type: warehouse
    routes:
      - match: /reports
        route: { cluster: analytics, retry_policy: { num_retries: 3 } }
  `);
  assert.equal(facts.layers.length, 0);
  assert.equal(facts.routes.length, 0);
  assert.equal(facts.clusters.length, 0);
});

test("envoy: a Kubernetes object that embeds Envoy-like keys is left to its own detector", () => {
  const facts = extract(yaml`
    apiVersion: networking.istio.io/v1alpha3
    kind: EnvoyFilter
    metadata: { name: f }
    spec:
      configPatches:
        - patch:
            value:
              route_config:
                virtual_hosts:
                  - name: x
                    routes:
                      - route: { cluster: x, retry_policy: { retry_on: 5xx } }
  `);
  assert.equal(facts.layers.length, 0);
  assert.equal(facts.routes.length, 0);
});

test("envoy scenario seed-checkout-pr: retry_policy at line 23, num_retries 2 → 3, post-send 5xx (§4.2)", () => {
  const facts = scenario("seed-checkout-pr", "deploy/gateway/envoy.yaml");
  const layer = onlyLayer(facts);
  assert.equal(layer.anchor.line, 23);
  assert.equal(layer.maxAttempts, 3);
  assert.equal(layer.attemptsNote, "num_retries: 2 → 3 attempts");
  assert.deepEqual(layer.condition.retryOn, ["5xx", "reset", "connect-failure"]);
  assert.equal(layer.condition.afterSendMethods, "all");
  assert.equal(layer.perTryTimeoutSeconds, 2);
  assert.equal(layer.overallTimeoutSeconds, 6);
  assert.equal(layer.budget, null);
  assert.equal(layer.wait.source, "default");
  assert.deepEqual(facts.routes.map((r) => ({ gateway: r.gateway, destinations: r.destinations, match: r.match, layerId: r.layerId })), [
    { gateway: "envoy:public_http", destinations: ["checkout"], match: "/checkout", layerId: layer.localId },
  ]);
  assert.deepEqual(facts.problems, []);
});

test("envoy scenario seed-checkout-safe: connect-failure once under a 10% retry budget (§4.2, §4.3)", () => {
  const facts = scenario("seed-checkout-safe", "deploy/gateway/envoy.yaml");
  const layer = onlyLayer(facts);
  assert.equal(layer.anchor.line, 23);
  assert.equal(layer.maxAttempts, 2);
  assert.deepEqual(layer.condition.afterSendMethods, []);
  assert.equal(layer.budget, "Envoy retry_budget 10% (min 3 concurrent)");
  assert.equal(layer.perTryTimeoutSeconds, null);
  assert.equal(layer.overallTimeoutSeconds, 3);
  assert.equal(facts.clusters[0].retryBudget, "Envoy retry_budget 10% (min 3 concurrent)");
});
