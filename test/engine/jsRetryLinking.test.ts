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

describe("JS retry policies and clients shared across modules", () => {
  test("a cockatiel policy exported from one module wraps `policy.execute(fn)` in another (inline and named callbacks), 4 × 4", async () => {
    await checkFixture(`
//- shop/src/policy.ts
import { retry, handleAll, ExponentialBackoff } from "cockatiel";
export const policy = retry(handleAll, { maxAttempts: 3, backoff: new ExponentialBackoff() });
// ^ layer ×4 RL001
//- shop/src/app.ts
import { policy } from "./policy";
import fetchRetry from "fetch-retry";
const fetchWithRetry = fetchRetry(fetch, { retries: 3, retryDelay: 100 });
// ^ layer ×4 RL001
async function prices() {
  return fetch("http://pricing:8080/prices");
}
export async function handler(url: string) {
  await policy.execute(prices);
  return policy.execute(() => fetchWithRetry("http://inventory:8080/items"));
}
//! rules RL001
//! path 16 inventory
//! path 4 pricing
//! paths 2
`);
  });

  test("the same policy through a tsconfig alias, used in its own module too (no double count there)", async () => {
    await checkFixture(`
//- web/src/resilience/policy.ts
import { retry, handleType, ConstantBackoff } from "cockatiel";
export const policy = retry(handleType(Error), { maxAttempts: 2, backoff: new ConstantBackoff(50) });
// ^ layer ×3
export const warm = () => policy.execute(() => fetch("http://catalog:8080/warm"));
//- web/src/app.ts
import { policy } from "@/resilience/policy";
export const handler = () => policy.execute(({ signal }) => fetch("http://inventory:8080/items", { signal }));
//- web/tsconfig.json
{ "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["src/*"] } } }
//! rules RL001
//! path 3 inventory
//! path 3 catalog
//! paths 2
`);
  });

  test("setGlobalDispatcher(new RetryAgent(…)) in a bootstrap module retries every fetch of the service (6 attempts by default)", async () => {
    await checkFixture(`
//- orders/src/bootstrap.ts
import { Agent, RetryAgent, setGlobalDispatcher } from "undici";
setGlobalDispatcher(new RetryAgent(new Agent()));
// ^ layer ×6 RL001
//- orders/src/service.ts
export async function handler() {
  return fetch("http://inventory:8080/items");
}
//- billing/src/service.ts
export async function handler() {
  return fetch("http://ledger:8080/items");
}
//! rules RL001
//! path 6 inventory
//! paths 1
`);
  });

  test("an axios instance with axios-retry exported from one module sends the requests of another", async () => {
    await checkFixture(`
//- shop/src/api.ts
import axios from "axios";
import axiosRetry from "axios-retry";
export const api = axios.create({ baseURL: "http://inventory:8080" });
axiosRetry(api, { retries: 3, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×4 RL001
//- shop/src/app.ts
import { api } from "./api";
export async function handler() {
  return api.get("/items");
}
//! rules RL001
//! path 4 inventory
//! paths 1
`);
  });
});

describe("grpc-js stubs shared across modules", () => {
  test("a stub with a service-config retryPolicy exported from one module: its RPCs in another module are gRPC requests under the policy", async () => {
    await checkFixture(`
//- web/src/clients.ts
import * as grpc from "@grpc/grpc-js";
export const orders = new grpc.Client("orders:50051", grpc.credentials.createInsecure(), {
  "grpc.service_config": JSON.stringify({ methodConfig: [{ name: [{ service: "shop.Orders" }], retryPolicy: { maxAttempts: 4, initialBackoff: "0.1s", maxBackoff: "1s", backoffMultiplier: 2, retryableStatusCodes: ["UNAVAILABLE"] } }] }),
  // ^ layer ×4 RL001
});
//- web/src/app.ts
import pRetry from "p-retry";
import { orders } from "./clients";
export function handler(id: string) {
  orders.close();
  return pRetry(() => orders.getOrder({ id }), { retries: 1, randomize: true });
  // ^ layer ×2 RL001
}
//! rules RL001
//! path 8 orders
//! paths 1
`);
  });
});
