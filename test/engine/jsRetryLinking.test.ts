// Linking the JS retry libraries of reference §2.2–§2.9 along call paths: client-style layers
// (fetch-retry, got/ky instances, undici RetryAgent) through ClientFact.layerIds and callable
// clients, and wrapper-style layers (p-retry, async-retry, cockatiel execute) through
// `invokesArg` on the wrapping call plus a `block` attachment.
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

describe("JS retry wrappers (invokesArg)", () => {
  test("p-retry around an inline callback calling an imported function that sends through fetch-retry: 11 × 4", async () => {
    await checkFixture(`
//- orders/src/http.ts
import fetchRetry from "fetch-retry";
const fetchWithRetry = fetchRetry(fetch, { retries: 3, retryDelay: 200 });
// ^ layer ×4
export async function getStock(sku: string) {
  return fetchWithRetry("http://inventory:8080/stock/" + sku);
}
//- orders/src/app.ts
import pRetry from "p-retry";
import { getStock } from "./http";
export async function handler(sku: string) {
  return pRetry(async () => getStock(sku));
  // ^ layer ×11
}
//! rules RL005
//! path 44 inventory
//! paths 1
`);
  });

  test("cockatiel policy.execute(named fn) and async-retry with bail: 3 × 3 and 6", async () => {
    await checkFixture(`
//- billing/src/app.ts
import { retry as policyRetry, handleAll, ExponentialBackoff } from "cockatiel";
import retry from "async-retry";
import got from "got";
const policy = policyRetry(handleAll, { maxAttempts: 2, backoff: new ExponentialBackoff() });
// ^ layer ×3
async function charge() {
  return got("http://payments:8080/charges");
  // ^ layer ×3
}
export async function pay() {
  return policy.execute(charge);
}
export async function refund() {
  return retry(async (bail) => {
  // ^ layer ×6 RL005
    const r = await fetch("http://ledger:8080/refunds", { method: "POST" });
    if (r.status === 400) bail(new Error("bad request"));
    return r;
  }, { retries: 5 });
}
//! rules RL005
//! path 9 payments
//! path 6 ledger
//! paths 2
`);
  });
});

describe("JS retry clients", () => {
  test("a got instance and an undici RetryAgent dispatcher: their layers multiply with a p-retry wrapper", async () => {
    await checkFixture(`
//- shop/src/clients.ts
import got from "got";
import { Agent, RetryAgent } from "undici";
export const inventory = got.extend({ prefixUrl: "http://inventory:8080", retry: { limit: 4 } });
// ^ layer ×5
export const agent = new RetryAgent(new Agent(), { maxRetries: 2 });
// ^ layer ×3
//- shop/src/app.ts
import pRetry from "p-retry";
import { inventory, agent } from "./clients";
async function load() {
  return inventory.get("http://inventory:8080/items");
}
export async function handler() {
  await pRetry(load, { retries: 1, randomize: true });
  // ^ layer ×2
  return agent.request({ origin: "http://catalog:8080", path: "/items", method: "GET" });
}
//! rules RL005
//! path 10 inventory
`);
  });

  test("a grpc-js client with a service-config retryPolicy under p-retry: 3 × 5 (maxAttempts 8 capped)", async () => {
    await checkFixture(`
//- web/src/orders.ts
import * as grpc from "@grpc/grpc-js";
import pRetry from "p-retry";
const orders = new grpc.Client("orders:50051", grpc.credentials.createInsecure(), {
  "grpc.service_config": JSON.stringify({ methodConfig: [{ name: [{ service: "shop.Orders" }], retryPolicy: { maxAttempts: 8, initialBackoff: "0.1s", maxBackoff: "1s", backoffMultiplier: 2, retryableStatusCodes: ["UNAVAILABLE"] } }] }),
  // ^ layer ×5
});
export function handler(id: string) {
  return pRetry(() => orders.getOrder({ id }), { retries: 2, randomize: true });
  // ^ layer ×3
}
//! rules RL005
//! path 15 orders
//! paths 1
`);
  });

  test("a fetch-retry client imported from another module: calling it is a request through it; an imported helper taking a URL is still followed", async () => {
    await checkFixture(`
//- orders/src/http.ts
import fetchRetry from "fetch-retry";
export const fetchWithRetry = fetchRetry(fetch, { retries: 2, retryDelay: 100 });
// ^ layer ×3
export async function getJson(url: string) {
  const r = await fetch(url);
  return r.json();
}
//- orders/src/app.ts
import { fetchWithRetry, getJson } from "./http";
export async function handler(sku: string) {
  await fetchWithRetry("http://inventory:8080/stock/" + sku, { method: "GET" });
  return getJson("http://pricing:8080/prices/" + sku);
}
//! rules RL005
//! path 3 inventory
//! paths 1
`);
  });
});
