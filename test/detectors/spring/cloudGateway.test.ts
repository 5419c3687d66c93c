/** Spring Cloud Gateway routes and the Retry filter (reference §3.3), in application.yml and .properties. */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { FileFacts, LayerFact } from "../../../server/src/model/facts";
import { extractFile } from "../../../server/src/engine/extract";
import { destinationOf } from "../../../server/src/detectors/spring/cloudGateway";
import { yaml } from "../yaml/helpers";

const PATH = "gateway/src/main/resources/application.yml";

/** One route to inventory with the given `filters:` items (indented as list items under filters). */
const route = (filters: string, method = "") => yaml`
  spring:
    application:
      name: edge
    cloud:
      gateway:
        routes:
          - id: inventory
            uri: lb://inventory
            predicates:
              - Path=/inventory/**${method}
            filters:
${filters}
`;

function only(f: FileFacts): LayerFact {
  assert.equal(f.layers.length, 1, JSON.stringify(f.layers.map((l) => l.anchor.line)));
  return f.layers[0]!;
}

describe("§3.3 Retry filter defaults and traps", () => {
  const cases: Array<{ name: string; filters: string; attempts: number | null; methods: string[] | "all"; wait: string; line: number }> = [
    { name: "shortcut `- Retry` alone: retries 3 → 4 attempts, GET only, no backoff", filters: "              - Retry", attempts: 4, methods: ["GET"], wait: "none", line: 12 },
    { name: "`- name: Retry` without args: the same defaults", filters: "              - name: Retry", attempts: 4, methods: ["GET"], wait: "none", line: 12 },
    { name: "shortcut retries 2 → 3 attempts; fields in shortcutFieldOrder", filters: "              - Retry=2,BAD_GATEWAY,POST", attempts: 3, methods: ["POST"], wait: "none", line: 12 },
    { name: "args retries 5 → 6 attempts, methods as a comma list", filters: "              - name: Retry\n                args:\n                  retries: 5\n                  methods: GET,PUT", attempts: 6, methods: ["GET", "PUT"], wait: "none", line: 12 },
    { name: "methods as a YAML list", filters: "              - name: Retry\n                args:\n                  methods: [get, post]", attempts: 4, methods: ["GET", "POST"], wait: "none", line: 12 },
    { name: "backoff configured: exponential from firstBackoff 5 ms ×2 by default", filters: "              - name: Retry\n                args:\n                  backoff:\n                    maxBackoff: 50ms", attempts: 4, methods: ["GET"], wait: "exponential", line: 12 },
    { name: "shortcut backoff fields: 10ms,50ms,2,false", filters: "              - Retry=3,INTERNAL_SERVER_ERROR,GET,10ms,50ms,2,false", attempts: 4, methods: ["GET"], wait: "exponential", line: 12 },
    { name: "retries 0 is rejected at start-up: one attempt", filters: "              - Retry=0", attempts: 1, methods: ["GET"], wait: "none", line: 12 },
    { name: "every method listed → any method", filters: "              - name: Retry\n                args:\n                  methods: GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS,TRACE", attempts: 4, methods: "all", wait: "none", line: 12 },
    { name: "an unresolved placeholder: count unknown", filters: "              - Retry=${GATEWAY_RETRIES}", attempts: null, methods: ["GET"], wait: "none", line: 12 },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const l = only(extractFile(PATH, route(c.filters)));
      assert.equal(l.kind, "spring-cloud-gateway-retry");
      assert.equal(l.category, "gateway");
      assert.equal(l.maxAttempts, c.attempts);
      assert.deepEqual(l.condition.afterSendMethods, c.methods);
      assert.equal(l.wait.kind, c.wait);
      assert.equal(l.anchor.line, c.line);
      if (c.attempts === null) assert.equal(l.countUnknown, true);
    });
  }

  test("defaults: series SERVER_ERROR, IOException/TimeoutException, attempts from the default", () => {
    const l = only(extractFile(PATH, route("              - Retry")));
    assert.equal(l.attemptsSource, "default");
    assert.match(l.attemptsNote, /3 retries → 4 attempts/);
    assert.deepEqual(l.condition.exceptionTypes, ["IOException", "TimeoutException"]);
    assert.ok(l.condition.retryOn.includes("SERVER_ERROR"));
    assert.equal(l.condition.honoursRetryAfter, false, "the gateway retries 503 without reading Retry-After");
    assert.equal(l.condition.permanentErrors, null);
  });

  test("backoff values: firstBackoff 10ms, maxBackoff 50ms, factor 2; jitter adds randomness", () => {
    const l = only(extractFile(PATH, route("              - name: Retry\n                args:\n                  backoff:\n                    firstBackoff: 10ms\n                    maxBackoff: PT0.05S\n                    factor: 3\n                  jitter:\n                    randomFactor: 0.3")));
    assert.deepEqual([l.wait.initialSeconds, l.wait.maxSeconds, l.wait.jitter], [0.01, 0.05, true]);
    assert.match(l.wait.description, /×3/);
    const defaults = only(extractFile(PATH, route("              - name: Retry\n                args:\n                  backoff:\n                    basedOnPreviousValue: true")));
    assert.deepEqual([defaults.wait.initialSeconds, defaults.wait.maxSeconds, defaults.wait.jitter], [0.005, null, false]);
  });

  test("statuses by name or number; series CLIENT_ERROR retries permanent errors", () => {
    const l = only(extractFile(PATH, route("              - name: Retry\n                args:\n                  statuses: BAD_GATEWAY, 503, NOT_FOUND\n                  series: CLIENT_ERROR")));
    assert.deepEqual(l.condition.statuses, [502, 503, 404]);
    assert.match(l.condition.permanentErrors!, /CLIENT_ERROR/);
    assert.ok(!l.condition.retryOn.includes("SERVER_ERROR"), "series replaced");
  });

  test("other filters and near misses are not retry layers", () => {
    const f = extractFile(PATH, route("              - StripPrefix=1\n              - name: CircuitBreaker\n                args:\n                  name: retry\n              - RetryLater=3"));
    assert.equal(f.layers.length, 0);
    assert.equal(f.routes.length, 1);
    assert.equal(f.routes[0]!.layerId, null);
  });
});

describe("routes", () => {
  test("each route is an edge route from the gateway to its uri's service, matched by its Path predicate", () => {
    const f = extractFile(PATH, route("              - Retry"));
    assert.deepEqual(f.routes.map((r) => [r.product, r.edge, r.gateway, r.destinations, r.match, r.layerId, r.span.line]), [
      ["spring-cloud-gateway", true, "edge", ["inventory"], "/inventory/**", "L12", 7],
    ]);
  });

  test("uri forms: lb://, http(s)://host:port/path, placeholders with defaults; forward: has no destination", () => {
    assert.equal(destinationOf("lb://inventory"), "inventory");
    assert.equal(destinationOf("http://Inventory.shop.svc.cluster.local:8080/api"), "inventory.shop.svc.cluster.local");
    assert.equal(destinationOf("https://payments"), "payments");
    assert.equal(destinationOf("forward:/local"), null);
    assert.equal(destinationOf("no://op"), null);
    const f = extractFile(PATH, "inventory.host: stock\nspring.cloud.gateway.routes:\n  - id: a\n    uri: http://${inventory.host}:8080\n  - id: b\n    uri: ${ORDERS_URL:lb://orders}\n");
    assert.deepEqual(f.routes.map((r) => r.destinations), [["stock"], ["orders"]]);
  });

  test("default-filters apply to every route without its own Retry: one shared layer", () => {
    const f = extractFile(PATH, yaml`
      spring.cloud.gateway:
        default-filters:
          - name: Retry
            args: {retries: 1}
        routes:
          - id: a
            uri: lb://a
          - id: b
            uri: lb://b
            filters: [Retry=4]
    `);
    assert.deepEqual(f.layers.map((l) => [l.anchor.line, l.maxAttempts]), [[3, 2], [10, 5]]);
    assert.deepEqual(f.routes.map((r) => r.layerId), ["L3", "L10"]);
    // route b has its own Retry and the default one: the default wraps it (both are in its chain)
    assert.deepEqual(f.routes.map((r) => r.outerLayerIds ?? []), [[], ["L3"]]);
  });

  test("the newer spring.cloud.gateway.server.webflux prefix", () => {
    const f = extractFile(PATH, "spring.cloud.gateway.server.webflux:\n  routes:\n    - id: a\n      uri: lb://a\n      filters:\n        - Retry=2\n");
    assert.deepEqual(f.layers.map((l) => l.maxAttempts), [3]);
    assert.deepEqual(f.routes.map((r) => r.destinations), [["a"]]);
  });

  test("application.properties spelling: indexed keys, shortcut and args forms", () => {
    const f = extractFile(
      "gateway/src/main/resources/application.properties",
      [
        "spring.application.name=edge",
        "spring.cloud.gateway.routes[0].id=inventory",
        "spring.cloud.gateway.routes[0].uri=lb://inventory",
        "spring.cloud.gateway.routes[0].predicates[0]=Path=/inventory/**",
        "spring.cloud.gateway.routes[0].filters[0]=Retry=2,SERVICE_UNAVAILABLE,GET",
        "spring.cloud.gateway.routes[1].id=orders",
        "spring.cloud.gateway.routes[1].uri=http://orders:8080",
        "spring.cloud.gateway.routes[1].filters[0].name=Retry",
        "spring.cloud.gateway.routes[1].filters[0].args.retries=5",
        "spring.cloud.gateway.routes[1].filters[0].args.methods=GET,POST",
        "",
      ].join("\n"),
    );
    assert.deepEqual(f.layers.map((l) => [l.anchor.line, l.maxAttempts, l.condition.afterSendMethods]), [[5, 3, ["GET"]], [8, 6, ["GET", "POST"]]]);
    assert.deepEqual(f.routes.map((r) => [r.destinations[0], r.match, r.gateway]), [["inventory", "/inventory/**", "edge"], ["orders", null, "edge"]]);
    assert.deepEqual(f.layers[0]!.condition.statuses, [503]);
  });

  test("a profile document's routes are read only when no always-active document has routes", () => {
    const both = extractFile(PATH, "spring.cloud.gateway.routes:\n  - {id: a, uri: lb://a}\n---\nspring.config.activate.on-profile: prod\nspring.cloud.gateway.routes:\n  - {id: b, uri: lb://b}\n");
    assert.deepEqual(both.routes.map((r) => r.destinations[0]), ["a"]);
    const prodOnly = extractFile("gateway/src/main/resources/application-prod.yml", "spring.cloud.gateway.routes:\n  - {id: b, uri: lb://b, filters: [Retry]}\n");
    assert.deepEqual(prodOnly.routes.map((r) => r.destinations[0]), ["b"]);
  });
});

describe("per-attempt timeouts", () => {
  test("httpclient.response-timeout bounds every attempt; a route's metadata response-timeout (ms) wins", () => {
    const f = extractFile(PATH, yaml`
      spring.cloud.gateway:
        httpclient:
          response-timeout: 2s
        default-filters: [Retry]
        routes:
          - id: a
            uri: lb://a
          - id: b
            uri: lb://b
            metadata: {response-timeout: 500}
            filters: [Retry=1]
          - id: c
            uri: lb://c
            filters: [Retry=1]
    `);
    assert.deepEqual(f.layers.map((l) => [l.label, l.perTryTimeoutSeconds]), [["default-filters", 2], ["route b → b", 0.5], ["route c → c", 2]]);
  });
});
