/**
 * Istio VirtualService http routes and `retries` (reference/retry-semantics.md §4.1), as Istio
 * compiles them (istio/istio pilot/pkg/networking/core/route/retry/retry.go, ConvertPolicy).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, onlyLayer, scenario, yaml } from "./helpers";

const ISTIO_DEFAULT = ["connect-failure", "refused-stream", "unavailable", "cancelled", "retriable-status-codes"];

/** One VirtualService with one http route; `entry` holds extra keys of that route (indented 4). */
function virtualService(entry: string, specExtra = ""): string {
  const lines = [
    "apiVersion: networking.istio.io/v1beta1", // 1
    "kind: VirtualService", //                    2
    "metadata:", //                               3
    "  name: orders", //                          4
    "  namespace: shop", //                       5
    "spec:", //                                   6
    "  hosts: [orders]", //                       7
    ...specExtra.split("\n").filter((l) => l.trim() !== "").map((l) => "  " + l),
    "  http:",
    "    - route:",
    "        - destination:",
    "            host: orders.shop.svc.cluster.local",
    ...entry.split("\n").filter((l) => l.trim() !== "").map((l) => "      " + l),
  ];
  return lines.join("\n") + "\n";
}

function retriesLine(text: string): number {
  return text.split("\n").findIndex((l) => l.trim().startsWith("retries:")) + 1;
}

interface IstioCase {
  name: string;
  entry: string;
  expect: {
    maxAttempts: number;
    attemptsSource: "config" | "default";
    retryOn?: string[];
    statuses?: number[];
    afterSend?: "all" | [];
    perTryTimeoutSeconds?: number | null;
    overallTimeoutSeconds?: number | null;
    honoursRetryAfter?: boolean | null;
    wait?: { initialSeconds: number; maxSeconds: number; source: "config" | "default" };
  };
}

const CASES: IstioCase[] = [
  {
    name: "§4.1 attempts: 0 → 1 attempt (disabled)",
    entry: "retries:\n  attempts: 0",
    expect: { maxAttempts: 1, attemptsSource: "config" },
  },
  {
    name: "§4.1 attempts: 3 → 4 attempts",
    entry: "retries:\n  attempts: 3\n  retryOn: gateway-error",
    expect: { maxAttempts: 4, attemptsSource: "config", retryOn: ["gateway-error"], afterSend: "all" },
  },
  {
    name: "§4.1 retries without attempts: proto3 reads 0 and ConvertPolicy drops the policy → 1 attempt",
    entry: "retries:\n  perTryTimeout: 2s",
    expect: { maxAttempts: 1, attemptsSource: "default", perTryTimeoutSeconds: 2 },
  },
  {
    name: "§4.1 empty retryOn keeps Istio's default tokens (pre-send only)",
    entry: "retries:\n  attempts: 2",
    expect: { maxAttempts: 3, attemptsSource: "config", retryOn: ISTIO_DEFAULT, statuses: [], afterSend: [] },
  },
  {
    name: "§4.1 retryOn: \"\" is empty too → default tokens",
    entry: 'retries:\n  attempts: 2\n  retryOn: ""',
    expect: { maxAttempts: 3, attemptsSource: "config", retryOn: ISTIO_DEFAULT },
  },
  {
    name: "§4.1 integers in retryOn are status codes; retriable-status-codes is added",
    entry: 'retries:\n  attempts: 2\n  retryOn: "503,connect-failure"',
    expect: {
      maxAttempts: 3,
      attemptsSource: "config",
      retryOn: ["connect-failure", "retriable-status-codes"],
      statuses: [503],
      afterSend: "all",
      honoursRetryAfter: false,
    },
  },
  {
    name: "§4.1 route timeout is the overall bound; perTryTimeout the per-attempt one",
    entry: "timeout: 1m\nretries:\n  attempts: 2\n  perTryTimeout: 250ms",
    expect: { maxAttempts: 3, attemptsSource: "config", perTryTimeoutSeconds: 0.25, overallTimeoutSeconds: 60 },
  },
  {
    name: "§4.1 no route timeout (Istio's is off by default) → no overall bound",
    entry: "retries:\n  attempts: 2\n  perTryTimeout: 1.5s",
    expect: { maxAttempts: 3, attemptsSource: "config", perTryTimeoutSeconds: 1.5, overallTimeoutSeconds: null },
  },
  {
    name: "§4.1 backoff: Envoy default 25 ms base, full jitter, max 250 ms",
    entry: "retries:\n  attempts: 2",
    expect: { maxAttempts: 3, attemptsSource: "config", wait: { initialSeconds: 0.025, maxSeconds: 0.25, source: "default" } },
  },
  {
    name: "§4.1 backoff: 50ms sets the base; the cap is 10× base",
    entry: "retries:\n  attempts: 2\n  backoff: 50ms",
    expect: { maxAttempts: 3, attemptsSource: "config", wait: { initialSeconds: 0.05, maxSeconds: 0.5, source: "config" } },
  },
  {
    name: "§4.1 no 429/503 retried explicitly → Retry-After not applicable",
    entry: "retries:\n  attempts: 2\n  retryOn: 5xx",
    expect: { maxAttempts: 3, attemptsSource: "config", honoursRetryAfter: null, afterSend: "all" },
  },
];

for (const c of CASES) {
  test(`istio: ${c.name}`, () => {
    const text = virtualService(c.entry);
    const facts = extract(text);
    const layer = onlyLayer(facts);
    assert.equal(layer.kind, "istio-virtualservice");
    assert.equal(layer.category, "mesh");
    assert.equal(layer.library, "istio");
    assert.equal(layer.anchor.line, retriesLine(text), "anchor is the retries: key line");
    assert.deepEqual(layer.attach, { kind: "route" });
    assert.equal(layer.maxAttempts, c.expect.maxAttempts);
    assert.equal(layer.attemptsSource, c.expect.attemptsSource);
    if (c.expect.retryOn) assert.deepEqual(layer.condition.retryOn, c.expect.retryOn);
    if (c.expect.statuses) assert.deepEqual(layer.condition.statuses, c.expect.statuses);
    if (c.expect.afterSend) assert.deepEqual(layer.condition.afterSendMethods, c.expect.afterSend);
    if ("perTryTimeoutSeconds" in c.expect) assert.equal(layer.perTryTimeoutSeconds, c.expect.perTryTimeoutSeconds);
    if ("overallTimeoutSeconds" in c.expect) assert.equal(layer.overallTimeoutSeconds, c.expect.overallTimeoutSeconds);
    if ("honoursRetryAfter" in c.expect) assert.equal(layer.condition.honoursRetryAfter, c.expect.honoursRetryAfter);
    if (c.expect.wait) {
      assert.equal(layer.wait.jitter, true);
      assert.equal(layer.wait.initialSeconds, c.expect.wait.initialSeconds);
      assert.equal(layer.wait.maxSeconds, c.expect.wait.maxSeconds);
      assert.equal(layer.wait.source, c.expect.wait.source);
    }
    assert.equal(layer.budget, null);
    assert.equal(layer.label, "route → orders");
    assert.equal(facts.routes.length, 1);
    assert.equal(facts.routes[0].layerId, layer.localId);
  });
}

test("istio §4.1 a route without retries: a route fact with layerId null (the linker adds the implicit default)", () => {
  const facts = extract(virtualService("timeout: 5s"));
  assert.equal(facts.layers.length, 0);
  assert.deepEqual(facts.routes, [
    {
      product: "istio",
      hosts: ["orders"],
      destinations: ["orders.shop.svc.cluster.local"],
      edge: false,
      gateway: null,
      namespace: "shop",
      match: null,
      span: facts.routes[0].span,
      layerId: null,
      timeoutSeconds: 5,
    },
  ]);
  assert.equal(facts.routes[0].span.line, 9);
});

test("istio §4.1 `retries:` with no value is an unset field → mesh default, no explicit layer", () => {
  const facts = extract(virtualService("retries:"));
  assert.equal(facts.layers.length, 0);
  assert.equal(facts.routes[0].layerId, null);
});

test("istio: a VirtualService bound to a gateway is an edge route with a gateway-category layer", () => {
  const text = virtualService(
    ["match:", "  - uri: { prefix: /api }", "retries:", "  attempts: 2", "  retryOn: 5xx"].join("\n"),
    "gateways: [istio-system/public-gw, mesh]",
  );
  const facts = extract(text);
  const layer = onlyLayer(facts);
  assert.equal(layer.category, "gateway");
  assert.equal(layer.label, "gateway route /api → orders");
  const route = facts.routes[0];
  assert.equal(route.edge, true);
  assert.equal(route.gateway, "istio-gateway:istio-system/public-gw");
  assert.equal(route.match, "/api");
});

test("istio §4.1 a gateway-bound route without retries gets the default policy in the gateway: an implicit ×3 on the gateways: key", () => {
  const text = virtualService("match:\n  - uri: { prefix: /api }", "gateways: [istio-system/public-gw]");
  const facts = extract(text);
  const layer = onlyLayer(facts);
  assert.equal(layer.kind, "istio-gateway-default");
  assert.equal(layer.category, "gateway");
  assert.equal(layer.maxAttempts, 3);
  assert.equal(layer.attemptsSource, "default");
  assert.equal(layer.anchor.line, text.split("\n").findIndex((l) => l.includes("gateways:")) + 1);
  assert.deepEqual(layer.condition.retryOn, ISTIO_DEFAULT);
  assert.equal(layer.condition.afterSendMethods.length, 0, "the default retries only failures where the upstream never saw the request");
  assert.equal(facts.routes[0].layerId, layer.localId);
  // a mesh-internal route without retries gets no layer here (the linker adds the sidecar default where injected)
  assert.equal(extract(virtualService("timeout: 5s", "gateways: [mesh]")).layers.length, 0);
  // retries on the route replace the default
  assert.equal(onlyLayer(extract(virtualService("retries:\n  attempts: 1", "gateways: [public-gw]"))).kind, "istio-virtualservice");
});

test("istio §4.1 one gateway default per VirtualService, shared by its routes without retries", () => {
  const facts = extract(yaml`
    apiVersion: networking.istio.io/v1
    kind: VirtualService
    metadata: { name: edge }
    spec:
      hosts: ["*"]
      gateways: [edge-gw]
      http:
        - match: [{ uri: { prefix: /a } }]
          route: [{ destination: { host: a } }]
        - match: [{ uri: { prefix: /b } }]
          route: [{ destination: { host: b } }]
          retries: { attempts: 4 }
        - route: [{ destination: { host: c } }]
  `);
  assert.deepEqual(facts.layers.map((l) => [l.kind, l.anchor.line, l.maxAttempts]), [
    ["istio-gateway-default", 6, 3],
    ["istio-virtualservice", 12, 5],
  ]);
  assert.deepEqual(facts.routes.map((r) => r.layerId), [facts.layers[0].localId, facts.layers[1].localId, facts.layers[0].localId]);
});

test("istio: gateways: [mesh] only is mesh-internal; exact uri match is reported", () => {
  const facts = extract(virtualService("match:\n  - uri: { exact: /health }", "gateways: [mesh]"));
  assert.equal(facts.routes[0].edge, false);
  assert.equal(facts.routes[0].gateway, null);
  assert.equal(facts.routes[0].match, "/health");
});

test("istio: several http entries → one route each, layers only where retries are set", () => {
  const facts = extract(yaml`
    apiVersion: networking.istio.io/v1
    kind: VirtualService
    metadata: { name: reviews }
    spec:
      hosts: [reviews]
      http:
        - match: [{ headers: { end-user: { exact: jason } } }]
          route:
            - destination: { host: reviews, subset: v2 }
          retries: { attempts: 1, retryOn: connect-failure }
        - route:
            - destination: { host: reviews, subset: v1 }
              weight: 50
            - destination: { host: reviews-canary }
              weight: 50
        - redirect: { uri: /elsewhere }
  `);
  assert.equal(facts.routes.length, 2, "the redirect entry names no destination");
  assert.equal(facts.routes[0].namespace, null);
  assert.deepEqual(facts.routes[1].destinations, ["reviews", "reviews-canary"]);
  const layer = onlyLayer(facts);
  assert.equal(layer.anchor.line, 10);
  assert.equal(layer.maxAttempts, 2);
  assert.equal(facts.routes[0].layerId, layer.localId);
  assert.equal(facts.routes[1].layerId, null);
});

test("istio: a VirtualService of another API group is not Istio's", () => {
  const facts = extract(virtualService("retries:\n  attempts: 3").replace("networking.istio.io/v1beta1", "example.com/v1"));
  assert.equal(facts.layers.length, 0);
  assert.equal(facts.routes.length, 0);
});

test("istio scenario istio-explicit: payments retries at line 30 → 5 attempts; inventory line 14 attempts 0 → disabled (§4.1)", () => {
  const facts = scenario("istio-explicit", "mesh/virtual-services.yaml");
  const byLine = new Map(facts.layers.map((l) => [l.anchor.line, l]));
  assert.deepEqual([...byLine.keys()].sort((a, b) => a - b), [14, 30]);

  const inventory = byLine.get(14)!;
  assert.equal(inventory.maxAttempts, 1);
  assert.equal(inventory.attemptsNote, "attempts: 0 → 1 attempt (retries off)");

  const payments = byLine.get(30)!;
  assert.equal(payments.maxAttempts, 5);
  assert.equal(payments.attemptsNote, "attempts: 4 → 5 attempts");
  assert.equal(payments.perTryTimeoutSeconds, 2);
  assert.equal(payments.overallTimeoutSeconds, 5);
  assert.deepEqual(payments.condition.retryOn, ["5xx", "connect-failure"]);
  assert.equal(payments.condition.afterSendMethods, "all");
  assert.equal(payments.label, "route → payments");

  assert.deepEqual(
    facts.routes.map((r) => [r.hosts, r.destinations, r.namespace, r.layerId]),
    [
      [["inventory"], ["inventory"], "shop", inventory.localId],
      [["payments.shop.svc.cluster.local"], ["payments.shop.svc.cluster.local"], "shop", payments.localId],
    ],
  );
});
