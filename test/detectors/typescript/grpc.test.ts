/**
 * @grpc/grpc-js service config (reference/retry-semantics.md §2.10, §3.11, §3.12): maxAttempts
 * counts the first call and is capped at 5; ±20 % jitter; retryThrottling is a budget; no
 * retryPolicy → no layer.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertSubset, extract, onlyLayer, src } from "./helpers";

const G = (config: string) => src`
  import * as grpc from "@grpc/grpc-js";
  import { OrdersClient } from "./gen/orders_grpc_pb";
  export const orders = new OrdersClient("orders:50051", grpc.credentials.createInsecure(), {
    "grpc.service_config": JSON.stringify(${config}),
  });
`;
const policy = (fields: string) => `{ methodConfig: [{ name: [{ service: "shop.Orders" }], retryPolicy: { ${fields} } }] }`;
const FULL = `maxAttempts: 4, initialBackoff: "0.1s", maxBackoff: "1s", backoffMultiplier: 2, retryableStatusCodes: ["UNAVAILABLE"]`;

const CASES: { name: string; config: string; expect: Record<string, unknown> }[] = [
  {
    name: "§2.10/§3.11 maxAttempts: 4 is a total (includes the first call) → 4",
    config: policy(FULL),
    expect: { kind: "grpc-service-config", category: "client", maxAttempts: 4, attemptsSource: "config", anchor: { line: 4 } },
  },
  { name: "§2.10 maxAttempts above 5 is capped at 5", config: policy(FULL.replace("maxAttempts: 4", "maxAttempts: 10")), expect: { maxAttempts: 5, attemptsNote: "retryPolicy.maxAttempts: 10 → capped at 5 attempts (grpc-node.retry_max_attempts_limit)" } },
  {
    name: "§3.11 backoff initialBackoff × multiplier up to maxBackoff, ±20 % jitter",
    config: policy(FULL),
    expect: { wait: { kind: "exponential", jitter: true, initialSeconds: 0.1, maxSeconds: 1 }, condition: { retryOn: ["UNAVAILABLE"], permanentErrors: null } },
  },
  { name: "§3.12 retryThrottling is a budget", config: `{ methodConfig: [{ retryPolicy: { ${FULL} } }], retryThrottling: { maxTokens: 10, tokenRatio: 0.1 } }`, expect: { budget: "retryThrottling: maxTokens 10, tokenRatio 0.1; retries stop while tokens ≤ maxTokens/2" } },
  { name: "§3.11 the largest of several method configs", config: `{ methodConfig: [{ retryPolicy: { ${FULL} } }, { retryPolicy: { ${FULL.replace("maxAttempts: 4", "maxAttempts: 2")} } }] }`, expect: { maxAttempts: 4 } },
  { name: "§3.11 hedgingPolicy is capped the same way", config: `{ methodConfig: [{ hedgingPolicy: { maxAttempts: 7, hedgingDelay: "0.5s", nonFatalStatusCodes: ["UNAVAILABLE"] } }] }`, expect: { maxAttempts: 5 } },
];

for (const c of CASES) {
  test(c.name, () => assertSubset(onlyLayer(extract(G(c.config))), c.expect));
}

test("§2.10 no retryPolicy → no layer (transparent retries only)", () => {
  assert.equal(extract(G(`{ loadBalancingConfig: [{ round_robin: {} }] }`)).layers.length, 0);
});

test("§2.10 a JSON string in a module constant, options in a constant; RPCs on the client are gRPC requests", () => {
  const facts = extract(src`
    import * as grpc from "@grpc/grpc-js";
    const SERVICE_CONFIG = '{"methodConfig":[{"name":[{"service":"shop.Orders"}],"retryPolicy":{"maxAttempts":3,"initialBackoff":"0.2s","maxBackoff":"2s","backoffMultiplier":2,"retryableStatusCodes":["UNAVAILABLE"]}}]}';
    const options = { "grpc.service_config": SERVICE_CONFIG };
    const client = new grpc.Client("orders:50051", grpc.credentials.createInsecure(), options);
    export function get(req) { return client.getOrder(req, () => {}); }
  `);
  const layer = onlyLayer(facts);
  assert.equal(layer.maxAttempts, 3);
  assert.deepEqual(facts.clients.map((c) => [c.name, c.layerIds]), [["client", [layer.localId]]]);
  assertSubset(facts.calls.find((c) => c.callee === "client.getOrder")!.request, { protocol: "grpc", method: null });
});
