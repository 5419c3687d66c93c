/**
 * gRPC service-config `.json` files (reference/retry-semantics.md §3.11, §3.12, §5.1): one client
 * layer per file from the worst method config, anchored on the `retryPolicy`/`hedgingPolicy` key;
 * maxAttempts counts the first call and is capped at 5; retryThrottling is a budget; invalid JSON
 * is one problem, never a throw.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extractFile } from "../../../server/src/engine/extract";

const FULL = `"initialBackoff": "0.1s", "maxBackoff": "1s", "backoffMultiplier": 2, "retryableStatusCodes": ["UNAVAILABLE"]`;
const config = (attempts: number, extra = "") => `{
  "methodConfig": [
    {
      "name": [{ "service": "orders.v1.OrderService" }],
      "retryPolicy": {
        "maxAttempts": ${attempts}, ${FULL}
      }
    }
  ]${extra}
}
`;

const CASES: Array<{ name: string; text: string; expect: { maxAttempts: number | null; line: number; note?: string; budget?: string | null; services?: string[] } }> = [
  { name: "§3.11 maxAttempts: 4 is a total → ×4, anchored on retryPolicy", text: config(4), expect: { maxAttempts: 4, line: 5, note: "retryPolicy.maxAttempts: 4 → 4 attempts (includes the first call)", services: ["orders.v1.OrderService"] } },
  { name: "§3.11 maxAttempts: 6 is capped at 5", text: config(6), expect: { maxAttempts: 5, line: 5, note: "retryPolicy.maxAttempts: 6 → capped at 5 attempts (the gRPC client limit)" } },
  {
    name: "§3.12 retryThrottling is a budget on the layer",
    text: config(3, `,\n  "retryThrottling": { "maxTokens": 10, "tokenRatio": 0.1 }`),
    expect: { maxAttempts: 3, line: 5, budget: "retryThrottling: maxTokens 10, tokenRatio 0.1; retries stop while tokens ≤ maxTokens/2" },
  },
  {
    name: "§3.11 the worst of several method configs, anchored on its own policy; a name without service is the default",
    text: `{"methodConfig": [
  {"name": [{"service": "a.A"}], "retryPolicy": {"maxAttempts": 2, ${FULL}}},
  {"name": [{}], "hedgingPolicy": {"maxAttempts": 3, "hedgingDelay": "0.5s", "nonFatalStatusCodes": ["UNAVAILABLE"]}}
]}`,
    expect: { maxAttempts: 3, line: 3, services: ["a.A", "*"] },
  },
];

for (const c of CASES) {
  test(c.name, () => {
    const facts = extractFile("orders/service_config.json", c.text);
    assert.deepEqual(facts.problems, []);
    assert.equal(facts.layers.length, 1);
    const l = facts.layers[0]!;
    assert.equal(l.kind, "grpc-service-config");
    assert.equal(l.category, "client");
    assert.equal(l.maxAttempts, c.expect.maxAttempts);
    assert.equal(l.anchor.line, c.expect.line);
    if (c.expect.note) assert.equal(l.attemptsNote, c.expect.note);
    if (c.expect.budget !== undefined) assert.equal(l.budget, c.expect.budget);
    if (c.expect.services) assert.deepEqual(facts.grpcServiceConfig?.services, c.expect.services);
    assert.equal(facts.grpcServiceConfig?.layerId, l.localId);
  });
}

test("invalid JSON → one problem, no layer", () => {
  const facts = extractFile("orders/service_config.json", `{"methodConfig": [ {"retryPolicy": `);
  assert.equal(facts.layers.length, 0);
  assert.equal(facts.problems.length, 1);
  assert.match(facts.problems[0]!.message, /not valid JSON/);
});

test("no retry policy (only timeouts) → no layer; appsettings with methodConfig is not a gRPC config", () => {
  assert.equal(extractFile("a/service_config.json", `{"methodConfig": [{"name": [{}], "timeout": "1s"}]}`).layers.length, 0);
  assert.equal(extractFile("a/appsettings.json", config(4)).grpcServiceConfig, undefined);
});
