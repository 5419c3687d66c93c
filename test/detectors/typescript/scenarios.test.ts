/**
 * The TS files of the shared scenarios, read from disk as the analyzer sees them.
 * seed-failover-mesh: axios-retry with only `retries: 3` in the BFF (§2.1: 4 attempts, no delay,
 * and the default condition retries the checkout POST on network errors), and the handler that
 * POSTs through that client without an Idempotency-Key (RL005 on ordersClient.ts:9 + server.ts:8).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertSubset, onlyLayer, scenario } from "./helpers";

test("seed-failover-mesh bff/src/ordersClient.ts: §2.1 layer on line 9, 4 attempts, on client orders", () => {
  const facts = scenario("seed-failover-mesh", "bff/src/ordersClient.ts");
  assert.deepEqual(facts.problems, []);
  const layer = onlyLayer(facts);
  assertSubset(layer, {
    kind: "axios-retry",
    category: "client",
    anchor: { line: 9 },
    maxAttempts: 4,
    attemptsSource: "config",
    label: "orders",
    attach: { kind: "client" },
    // RL003: the default noDelay
    wait: { kind: "none", source: "default" },
    // RL005: network errors are retried for POST too
    condition: { afterSendMethods: "all", honoursRetryAfter: true },
    // timeout: 2_000 is shared by the 4 attempts (shouldResetTimeout unset)
    overallTimeoutSeconds: 2,
  });
  assert.equal(facts.clients.length, 1);
  assertSubset(facts.clients[0], {
    name: "orders",
    library: "axios",
    functionId: "<module>",
    perCall: false,
    timeoutSeconds: 2,
    layerIds: [layer.localId],
    baseUrl: { kind: "env", name: "ORDERS_URL", fallback: { kind: "string", value: "http://orders:8080" } },
  });
  assert.deepEqual(facts.exports, ["orders"]);
});

test("seed-failover-mesh bff/src/server.ts: the orders.post on line 8, POST without Idempotency-Key, in the POST /api/checkout handler", () => {
  const facts = scenario("seed-failover-mesh", "bff/src/server.ts");
  assert.deepEqual(facts.problems, []);
  assert.deepEqual(facts.imports, [
    { local: "express", module: "express", member: null, isDefault: true },
    { local: "orders", module: "./ordersClient.js", member: "orders" },
  ]);
  const post = facts.calls.find((c) => c.callee === "orders.post");
  assert.ok(post);
  assert.equal(post.span.line, 8);
  assertSubset(post.request, { method: "POST", idempotencyKey: false, protocol: "http", library: null, url: { kind: "string", value: "/orders" } });
  const handler = facts.functions.find((f) => f.id === post.functionId);
  assert.deepEqual(handler?.handler, { method: "POST", route: "/api/checkout" });
  assert.equal(facts.layers.length, 0);
  assert.equal(facts.calls.filter((c) => c.request).length, 1, "app.use/app.post/app.listen send nothing");
});

test("seed-aws-sdk ledger/src/handler.ts: generic facts, and the AWS SDK clients (awsSdk.ts, §2.7)", () => {
  const facts = scenario("seed-aws-sdk", "ledger/src/handler.ts");
  assert.deepEqual(facts.problems, []);
  assert.deepEqual(facts.exports, ["record", "handler"]);
  assert.deepEqual(
    facts.functions.map((f) => [f.id, f.topLevel, f.span.line]),
    [
      ["record", true, 6],
      ["handler", true, 15],
    ],
  );
  assert.deepEqual(
    facts.calls.filter((c) => c.callee.endsWith(".send")).map((c) => [c.callee, c.functionId, c.span.line, c.request]),
    [
      ["shared.send", "record", 7, undefined],
      ["client.send", "handler", 17, undefined],
    ],
  );
  assert.deepEqual(facts.imports.map((i) => [i.local, i.member]), [
    ["DynamoDBClient", "DynamoDBClient"],
    ["PutItemCommand", "PutItemCommand"],
  ]);
  assert.deepEqual(
    facts.layers.map((l) => [l.kind, l.category, l.anchor.line, l.maxAttempts, l.attemptsSource]),
    [
      ["aws-sdk", "client", 4, 4, "config"],
      ["aws-sdk", "client", 16, 3, "default"],
    ],
  );
  assert.deepEqual(
    facts.clients.map((c) => [c.name, c.functionId, c.span.line, c.perCall, c.hasRetryQuota]),
    [
      ["shared", "<module>", 4, false, true],
      ["client", "handler", 16, true, true],
    ],
  );
});
