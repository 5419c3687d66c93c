/**
 * Fixes on the JS retry libraries beyond axios-retry (reference §2.2–§2.10): each library's own
 * option and unit — got/ky `retry.limit`, p-retry/async-retry/fetch-retry `retries`, undici
 * `maxRetries` and cockatiel `maxAttempts` count retries; the AWS SDK's `maxAttempts` and a gRPC
 * `retryPolicy.maxAttempts` count every attempt — and jitter only where the library has it.
 */
import { fixCases } from "./fixCases";

const PENDING = "";

fixCases("JS retry libraries", [
  {
    name: "ky instance: retry jitter: true added inside the retry object",
    workspace: `
//- web/api.ts
import ky from "ky";
export const api = ky.create({ prefixUrl: "http://inventory:8080", timeout: 2000, retry: { limit: 2 } });
export async function stock(sku: string) {
  return api.get(\`stock/\${sku}\`).json();
}
`,
    finding: "RL004 web/api.ts:2",
    fix: "preferred",
    safety: "safe",
    after: `
//- web/api.ts
import ky from "ky";
export const api = ky.create({ prefixUrl: "http://inventory:8080", timeout: 2000, retry: { limit: 2, jitter: true } });
export async function stock(sku: string) {
  return api.get(\`stock/\${sku}\`).json();
}
`,
  },
  {
    name: "ky with `retry: 4`: the limit lowered in place (retry as a number is the limit)",
    workspace: `
//- web/api.ts
import ky from "ky";
export const api = ky.create({ prefixUrl: "http://inventory:8080", timeout: 2000, retry: 4 });
export async function stock(sku: string) {
  return api.get(\`stock/\${sku}\`).json();
}
//! threshold 3
`,
    finding: "RL001 web/api.ts:2",
    fix: "Lower to 3 attempts",
    safety: "unsafe",
    after: `
//- web/api.ts
import ky from "ky";
export const api = ky.create({ prefixUrl: "http://inventory:8080", timeout: 2000, retry: 2 });
export async function stock(sku: string) {
  return api.get(\`stock/\${sku}\`).json();
}
`,
    remaining: [],
  },
  {
    name: "got request with noise: 0: got's default noise restored",
    workspace: `
//- web/orders.ts
import got from "got";
export async function order(id: string) {
  return got(\`http://orders:8080/orders/\${id}\`, {
    timeout: { request: 2000 },
    retry: { limit: 2, noise: 0 },
  });
}
`,
    finding: "RL004 web/orders.ts:3",
    fix: "preferred",
    after: `
//- web/orders.ts
import got from "got";
export async function order(id: string) {
  return got(\`http://orders:8080/orders/\${id}\`, {
    timeout: { request: 2000 },
    retry: { limit: 2, noise: 100 },
  });
}
`,
  },
  {
    name: "got POST retried after sending: only idempotent methods (unsafe: writes sent once)",
    workspace: `
//- web/orders.ts
import got from "got";
export async function order(id: string) {
  return got.post(\`http://orders:8080/orders\`, { json: { id }, timeout: { request: 2000 }, retry: { limit: 2, methods: ["GET", "POST"] } });
}
`,
    finding: "RL005 web/orders.ts:3",
    fix: "Retry only idempotent methods",
    safety: "unsafe",
    after: `
//- web/orders.ts
import got from "got";
export async function order(id: string) {
  return got.post(\`http://orders:8080/orders\`, { json: { id }, timeout: { request: 2000 }, retry: { limit: 2, methods: ["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE"] } });
}
`,
  },
  {
    name: "got request without options, over the threshold: turned off with a new options argument",
    workspace: `
//- web/stock.ts
import got from "got";
export async function stock(sku: string) {
  return got(\`http://inventory:8080/stock/\${sku}\`);
}
//! threshold 2
`,
    finding: "RL001 web/stock.ts:3",
    fix: "Turn off got retries",
    after: `
//- web/stock.ts
import got from "got";
export async function stock(sku: string) {
  return got(\`http://inventory:8080/stock/\${sku}\`, { retry: { limit: 0 } });
}
`,
  },
  {
    name: "p-retry retries: Infinity: a count of 2 retries",
    workspace: `
//- web/a.ts
import pRetry from "p-retry";
export async function stock(sku: string) {
  return pRetry(() => fetch(\`http://inventory:8080/stock/\${sku}\`, { signal: AbortSignal.timeout(2000) }), { retries: Infinity, randomize: true });
}
`,
    finding: "RL002 web/a.ts:3",
    fix: "preferred",
    safety: "unsafe",
    after: `
//- web/a.ts
import pRetry from "p-retry";
export async function stock(sku: string) {
  return pRetry(() => fetch(\`http://inventory:8080/stock/\${sku}\`, { signal: AbortSignal.timeout(2000) }), { retries: 2, randomize: true });
}
`,
  },
  {
    name: "async-retry randomize: false: randomize: true, one option per line",
    workspace: `
//- web/b.ts
import retry from "async-retry";
export async function price(sku: string) {
  return retry(async () => fetch(\`http://pricing:8080/price/\${sku}\`, { signal: AbortSignal.timeout(2000) }), {
    retries: 2,
    randomize: false,
  });
}
`,
    finding: "RL004 web/b.ts:3",
    fix: "preferred",
    safety: "safe",
    after: `
//- web/b.ts
import retry from "async-retry";
export async function price(sku: string) {
  return retry(async () => fetch(\`http://pricing:8080/price/\${sku}\`, { signal: AbortSignal.timeout(2000) }), {
    retries: 2,
    randomize: true,
  });
}
`,
  },
  {
    name: "cockatiel without backoff: new ExponentialBackoff() and its import",
    workspace: `
//- web/d.ts
import { retry, handleAll } from "cockatiel";
const policy = retry(handleAll, { maxAttempts: 2 });
export async function tax(id: string) {
  return policy.execute(() => fetch(\`http://tax:8080/tax/\${id}\`, { signal: AbortSignal.timeout(2000) }));
}
`,
    finding: "RL003 web/d.ts:2",
    fix: "preferred",
    safety: "safe",
    after: `
//- web/d.ts
import { retry, handleAll, ExponentialBackoff } from "cockatiel";
const policy = retry(handleAll, { maxAttempts: 2, backoff: new ExponentialBackoff() });
export async function tax(id: string) {
  return policy.execute(() => fetch(\`http://tax:8080/tax/\${id}\`, { signal: AbortSignal.timeout(2000) }));
}
`,
  },
  {
    name: "cockatiel ConstantBackoff(200): ExponentialBackoff at the same scale (decorrelated jitter)",
    workspace: `
//- web/c.ts
import { retry, handleAll, ConstantBackoff } from "cockatiel";
const policy = retry(handleAll, { maxAttempts: 2, backoff: new ConstantBackoff(200) });
export async function ship(id: string) {
  return policy.execute(() => fetch(\`http://shipping:8080/ship/\${id}\`, { signal: AbortSignal.timeout(2000) }));
}
`,
    finding: "RL004 web/c.ts:2",
    fix: "preferred",
    after: `
//- web/c.ts
import { retry, handleAll, ExponentialBackoff } from "cockatiel";
const policy = retry(handleAll, { maxAttempts: 2, backoff: new ExponentialBackoff({ initialDelay: 200, maxDelay: 800 }) });
export async function ship(id: string) {
  return policy.execute(() => fetch(\`http://shipping:8080/ship/\${id}\`, { signal: AbortSignal.timeout(2000) }));
}
`,
  },
  {
    name: "cockatiel without maxAttempts (Infinity): maxAttempts: 2, which counts retries",
    workspace: `
//- web/e.ts
import * as cockatiel from "cockatiel";
const policy = cockatiel.retry(cockatiel.handleAll, { backoff: new cockatiel.ExponentialBackoff() });
export async function tax(id: string) {
  return policy.execute(() => fetch(\`http://tax:8080/tax/\${id}\`, { signal: AbortSignal.timeout(2000) }));
}
`,
    finding: "RL002 web/e.ts:2",
    fix: "preferred",
    after: `
//- web/e.ts
import * as cockatiel from "cockatiel";
const policy = cockatiel.retry(cockatiel.handleAll, { backoff: new cockatiel.ExponentialBackoff(), maxAttempts: 2 });
export async function tax(id: string) {
  return policy.execute(() => fetch(\`http://tax:8080/tax/\${id}\`, { signal: AbortSignal.timeout(2000) }));
}
`,
  },
  {
    name: "fetch-retry fixed retryDelay: a full-jitter function at the same scale",
    workspace: `
//- web/a.ts
import fetchRetry from "fetch-retry";
const fetchWithRetry = fetchRetry(fetch, {
  retries: 2,
  retryDelay: 500,
});
export async function stock(sku: string) {
  return fetchWithRetry(\`http://inventory:8080/stock/\${sku}\`, { signal: AbortSignal.timeout(2000) });
}
`,
    finding: "RL004 web/a.ts:2",
    fix: "preferred",
    safety: "safe",
    after: `
//- web/a.ts
import fetchRetry from "fetch-retry";
const fetchWithRetry = fetchRetry(fetch, {
  retries: 2,
  retryDelay: (attempt) => Math.random() * Math.min(500 * 2 ** attempt, 2000),
});
export async function stock(sku: string) {
  return fetchWithRetry(\`http://inventory:8080/stock/\${sku}\`, { signal: AbortSignal.timeout(2000) });
}
`,
  },
  {
    name: "undici RetryAgent over the threshold: maxRetries lowered",
    workspace: `
//- web/b.ts
import { Agent, RetryAgent } from "undici";
const agent = new RetryAgent(new Agent(), { maxRetries: 3 });
export async function stock(sku: string) {
  return fetch(\`http://inventory:8080/stock/\${sku}\`, { dispatcher: agent, signal: AbortSignal.timeout(2000) });
}
//! threshold 2
`,
    finding: "RL001 web/b.ts:2",
    fix: "Lower to 2 attempts",
    after: `
//- web/b.ts
import { Agent, RetryAgent } from "undici";
const agent = new RetryAgent(new Agent(), { maxRetries: 1 });
export async function stock(sku: string) {
  return fetch(\`http://inventory:8080/stock/\${sku}\`, { dispatcher: agent, signal: AbortSignal.timeout(2000) });
}
`,
  },
  {
    name: "undici interceptor retrying POST: only idempotent methods",
    workspace: `
//- web/c.ts
import { Agent, interceptors } from "undici";
const agent = new Agent().compose(interceptors.retry({ maxRetries: 2, methods: ["GET", "POST"] }));
export async function order(id: string) {
  return fetch("http://orders:8080/orders", { method: "POST", body: id, dispatcher: agent, signal: AbortSignal.timeout(2000) });
}
`,
    finding: "RL005 web/c.ts:2",
    fix: "Retry only idempotent methods",
    safety: "unsafe",
    after: `
//- web/c.ts
import { Agent, interceptors } from "undici";
const agent = new Agent().compose(interceptors.retry({ maxRetries: 2, methods: ["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE"] }));
export async function order(id: string) {
  return fetch("http://orders:8080/orders", { method: "POST", body: id, dispatcher: agent, signal: AbortSignal.timeout(2000) });
}
`,
  },
  {
    name: "AWS SDK v3 client: maxAttempts counts every attempt (1 = off)",
    workspace: `
//- web/c.ts
import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";
const db = new DynamoDBClient({ region: "eu-west-1" });
export async function item(id: string) {
  return db.send(new GetItemCommand({ TableName: "t", Key: { id: { S: id } } }));
}
//! threshold 2
`,
    finding: "RL001 web/c.ts:2",
    fix: "Turn off aws-sdk-js-v3 retries",
    after: `
//- web/c.ts
import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";
const db = new DynamoDBClient({ region: "eu-west-1", maxAttempts: 1 });
export async function item(id: string) {
  return db.send(new GetItemCommand({ TableName: "t", Key: { id: { S: id } } }));
}
`,
  },
  {
    name: "gRPC service config in code: retryPolicy maxAttempts lowered; Windows line endings kept",
    crlf: true,
    workspace: `
//- web/grpc.ts
import * as grpc from "@grpc/grpc-js";
const client = new InventoryClient("inventory:50051", grpc.credentials.createInsecure(), {
  "grpc.service_config": JSON.stringify({
    methodConfig: [
      {
        name: [{ service: "inventory.Inventory" }],
        retryPolicy: { maxAttempts: 4, initialBackoff: "0.1s", maxBackoff: "1s", backoffMultiplier: 2, retryableStatusCodes: ["UNAVAILABLE"] },
      },
    ],
  }),
});
export function stock(sku: string) {
  return client.getStock({ sku }, () => {});
}
//! threshold 2
`,
    finding: "RL001 web/grpc.ts:3",
    fix: "Lower to 2 attempts",
    after: `
//- web/grpc.ts
import * as grpc from "@grpc/grpc-js";
const client = new InventoryClient("inventory:50051", grpc.credentials.createInsecure(), {
  "grpc.service_config": JSON.stringify({
    methodConfig: [
      {
        name: [{ service: "inventory.Inventory" }],
        retryPolicy: { maxAttempts: 2, initialBackoff: "0.1s", maxBackoff: "1s", backoffMultiplier: 2, retryableStatusCodes: ["UNAVAILABLE"] },
      },
    ],
  }),
});
export function stock(sku: string) {
  return client.getStock({ sku }, () => {});
}
`,
  },
  {
    name: "gRPC service config in code: turned off by removing retryPolicy (maxAttempts must be above 1)",
    workspace: `
//- web/grpc.ts
import * as grpc from "@grpc/grpc-js";
const client = new InventoryClient("inventory:50051", grpc.credentials.createInsecure(), {
  "grpc.service_config": JSON.stringify({
    methodConfig: [
      {
        name: [{ service: "inventory.Inventory" }],
        retryPolicy: { maxAttempts: 4, initialBackoff: "0.1s", maxBackoff: "1s", backoffMultiplier: 2, retryableStatusCodes: ["UNAVAILABLE"] },
        timeout: "2s",
      },
    ],
  }),
});
export function stock(sku: string) {
  return client.getStock({ sku }, () => {});
}
//! threshold 2
`,
    finding: "RL001 web/grpc.ts:3",
    fix: "Turn off gRPC retries",
    after: `
//- web/grpc.ts
import * as grpc from "@grpc/grpc-js";
const client = new InventoryClient("inventory:50051", grpc.credentials.createInsecure(), {
  "grpc.service_config": JSON.stringify({
    methodConfig: [
      {
        name: [{ service: "inventory.Inventory" }],
        timeout: "2s",
      },
    ],
  }),
});
export function stock(sku: string) {
  return client.getStock({ sku }, () => {});
}
`,
  },
  {
    name: "got POST: the Idempotency-Key header goes into the options (got takes (url, options) for every verb)",
    workspace: `
//- web/orders.ts
import got from "got";
export async function order(orderId: string) {
  return got.post("http://orders:8080/orders", { json: { orderId }, timeout: { request: 2000 }, retry: { limit: 2, methods: ["POST"] } });
}
`,
    finding: "RL005 web/orders.ts:3",
    fix: "preferred",
    safety: "safe",
    after: `
//- web/orders.ts
import got from "got";
export async function order(orderId: string) {
  return got.post("http://orders:8080/orders", { json: { orderId }, timeout: { request: 2000 }, retry: { limit: 2, methods: ["POST"] }, headers: { "Idempotency-Key": \`order-\${orderId}\` } });
}
`,
  },
]);
