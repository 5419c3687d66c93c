/**
 * Reference §2 (JavaScript / TypeScript, entries §2.1–§2.10): each library's defaults and number
 * traps, with §5's cross-cutting traps, run through the real extractors (see ./table.ts).
 */
import { runTable, src, type Row } from "./table";

const GOT_METHODS = ["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE"];
const UNDICI_METHODS = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE", "QUERY"];

const rows: Row[] = [
  // §2.1 axios-retry
  {
    id: "§2.1", name: "axios-retry defaults: retries 3 → 4, noDelay (0 ms), network errors re-sent for any method incl. POST", covers: ["default", "§5.1"],
    file: "svc/src/api.ts", kind: "axios-retry",
    code: src`
      import axios from "axios";
      import axiosRetry from "axios-retry";
      const api = axios.create({ baseURL: "http://inventory:8080" });
      axiosRetry(api);
      export const reserve = () => api.post("/reservations");
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["none", false, 0], methods: "all", budget: null, overallTimeoutSeconds: null },
  },
  {
    id: "§2.1", name: "axios-retry retries: 5 → 6; exponentialDelay 200 ms first + 0–20 % jitter; instance timeout shared by all attempts", covers: ["§5.1", "§5.4"],
    file: "svc/src/api.ts", kind: "axios-retry",
    code: src`
      import axios from "axios";
      import axiosRetry from "axios-retry";
      const api = axios.create({ baseURL: "http://inventory:8080", timeout: 2000 });
      axiosRetry(api, { retries: 5, retryDelay: axiosRetry.exponentialDelay });
      export const list = () => api.get("/items");
    `,
    expect: { maxAttempts: 6, attemptsSource: "config", wait: ["exponential", true, 0.2], overallTimeoutSeconds: 2 },
  },
  {
    id: "§2.1", name: "axios-retry shouldResetTimeout: true → each attempt gets its own timeout; isIdempotentRequestError → idempotent only", covers: ["trap", "§5.4"],
    file: "svc/src/api.ts", kind: "axios-retry",
    code: src`
      import axios from "axios";
      import axiosRetry from "axios-retry";
      const api = axios.create({ baseURL: "http://inventory:8080", timeout: 2000 });
      axiosRetry(api, { retries: 2, shouldResetTimeout: true, retryCondition: axiosRetry.isIdempotentRequestError });
      export const list = () => api.get("/items");
    `,
    expect: { maxAttempts: 3, wait: ["none", false], methods: ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"], overallTimeoutSeconds: null },
  },
  // §2.2 got
  {
    id: "§2.2", name: "got default instance: limit 2 → 3, 1 s ×2 + 0–100 ms noise, no POST", covers: ["default", "§5.1"],
    file: "svc/src/items.ts", kind: "got",
    code: src`
      import got from "got";
      export const items = () => got("http://inventory:8080/items");
    `,
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["exponential", true, 1], methods: GOT_METHODS, budget: null },
  },
  {
    id: "§2.2", name: "got.post with the default methods: POST is never retried → no layer", covers: ["trap"],
    file: "svc/src/items.ts", kind: "got",
    code: src`
      import got from "got";
      export const create = () => got.post("http://inventory:8080/items");
    `,
    expect: "none",
  },
  {
    id: "§2.2", name: "got.extend retry { limit: 4, methods: [GET, POST] } → 5, POST re-sent", covers: ["§5.1", "trap"],
    file: "svc/src/items.ts", kind: "got",
    code: src`
      import got from "got";
      const api = got.extend({ prefixUrl: "http://inventory:8080", retry: { limit: 4, methods: ["GET", "POST"] } });
      export const create = () => api.post("items");
    `,
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", true], methods: ["GET", "POST"] },
  },
  // §2.3 ky
  {
    id: "§2.3", name: "ky defaults: limit 2 → 3, 300 ms ×2, jitter off, no POST", covers: ["default", "§5.1"],
    file: "svc/src/items.ts", kind: "ky",
    code: src`
      import ky from "ky";
      export const items = () => ky.get("http://inventory:8080/items");
    `,
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["exponential", false, 0.3], methods: GOT_METHODS, budget: null },
  },
  {
    id: "§2.3", name: "ky retry: 5 shorthand counts retries → 6", covers: ["§5.1"],
    file: "svc/src/items.ts", kind: "ky",
    code: src`
      import ky from "ky";
      const api = ky.create({ prefixUrl: "http://inventory:8080", retry: 5 });
      export const items = () => api.get("items");
    `,
    expect: { maxAttempts: 6, attemptsSource: "config", wait: ["exponential", false] },
  },
  {
    id: "§2.3", name: "ky retry { limit: 5, jitter: true } → 6 with jitter", covers: ["trap"],
    file: "svc/src/items.ts", kind: "ky",
    code: src`
      import ky from "ky";
      const api = ky.create({ prefixUrl: "http://inventory:8080", retry: { limit: 5, jitter: true } });
      export const items = () => api.get("items");
    `,
    expect: { maxAttempts: 6, wait: ["exponential", true] },
  },
  // §2.4 p-retry
  {
    id: "§2.4", name: "p-retry defaults: retries 10 → 11, 1 s ×2 uncapped, randomize false (no jitter), any method", covers: ["default", "§5.1"],
    file: "svc/src/job.ts", kind: "p-retry",
    code: src`
      import pRetry from "p-retry";
      export const run = () => pRetry(() => fetch("http://inventory:8080/x", { method: "POST" }));
    `,
    expect: { maxAttempts: 11, attemptsSource: "default", wait: ["exponential", false, 1, null], methods: "all", budget: null },
  },
  {
    id: "§2.4", name: "p-retry retries: 3, randomize: true, maxTimeout 5000 → 4, jitter, max 5 s", covers: ["§5.1", "trap"],
    file: "svc/src/job.ts", kind: "p-retry",
    code: src`
      import pRetry from "p-retry";
      export const run = () => pRetry(() => fetch("http://inventory:8080/x"), { retries: 3, randomize: true, maxTimeout: 5000 });
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true, 1, 5] },
  },
  {
    id: "§2.4", name: "p-retry retries: Infinity (the old `forever`) → unbounded", covers: ["trap", "§5.2"],
    file: "svc/src/job.ts", kind: "p-retry",
    code: src`
      import pRetry from "p-retry";
      export const run = () => pRetry(() => fetch("http://inventory:8080/x"), { retries: Infinity });
    `,
    expect: { maxAttempts: null, timeBound: null, wait: ["exponential", false] },
  },
  // §2.5 async-retry
  {
    id: "§2.5", name: "async-retry defaults: retries 10 → 11, 1 s ×2, randomize overridden to true (×[1,2))", covers: ["default", "§5.1", "trap"],
    file: "svc/src/job.ts", kind: "async-retry",
    code: src`
      import retry from "async-retry";
      export const run = () => retry(async (bail) => fetch("http://inventory:8080/x"));
    `,
    expect: { maxAttempts: 11, attemptsSource: "default", wait: ["exponential", true, 1, null], methods: "all", budget: null },
  },
  {
    id: "§2.5", name: "async-retry retries: 5, randomize: false → 6, no jitter", covers: ["§5.1"],
    file: "svc/src/job.ts", kind: "async-retry",
    code: src`
      import retry from "async-retry";
      export const run = () => retry(async () => fetch("http://inventory:8080/x"), { retries: 5, randomize: false });
    `,
    expect: { maxAttempts: 6, attemptsSource: "config", wait: ["exponential", false] },
  },
  // §2.6 cockatiel
  {
    id: "§2.6", name: "cockatiel retry(handleAll, {}): maxAttempts defaults to Infinity, ConstantBackoff(0)", covers: ["default", "§5.2"],
    file: "svc/src/policy.ts", kind: "cockatiel",
    code: src`
      import { retry, handleAll } from "cockatiel";
      export const policy = retry(handleAll, {});
    `,
    expect: { maxAttempts: null, attemptsSource: "default", timeBound: null, wait: ["none", false], methods: "all", budget: null },
  },
  {
    id: "§2.6", name: "cockatiel maxAttempts: 3 counts retries → 4", covers: ["§5.1"],
    file: "svc/src/policy.ts", kind: "cockatiel",
    code: src`
      import { retry, handleAll } from "cockatiel";
      export const policy = retry(handleAll, { maxAttempts: 3 });
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["none", false] },
  },
  {
    id: "§2.6", name: "cockatiel new ExponentialBackoff(): 128 ms ×2 up to 30 s, decorrelated jitter on by default", covers: ["trap"],
    file: "svc/src/policy.ts", kind: "cockatiel",
    code: src`
      import { retry, handleAll, ExponentialBackoff } from "cockatiel";
      export const policy = retry(handleAll, { maxAttempts: 3, backoff: new ExponentialBackoff() });
    `,
    expect: { maxAttempts: 4, wait: ["exponential", true, 0.128, 30] },
  },
  {
    id: "§2.6", name: "cockatiel ExponentialBackoff({ generator: noJitterGenerator }): jitter off; maxAttempts: 2 → 3", covers: ["trap", "§5.1"],
    file: "svc/src/policy.ts", kind: "cockatiel",
    code: src`
      import { retry, handleAll, ExponentialBackoff, noJitterGenerator } from "cockatiel";
      export const policy = retry(handleAll, { maxAttempts: 2, backoff: new ExponentialBackoff({ generator: noJitterGenerator }) });
    `,
    expect: { maxAttempts: 3, wait: ["exponential", false] },
  },
  // §2.7 AWS SDK for JavaScript v3
  {
    id: "§2.7", name: "AWS SDK JS v3 client, no config: standard, 3 attempts, full jitter ≤ 20 s, 500-token bucket (implicit layer)", covers: ["default", "§5.3", "§5.5"],
    file: "svc/src/db.ts", kind: "aws-sdk",
    code: src`
      import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
      export const ddb = new DynamoDBClient({});
    `,
    expect: { maxAttempts: 3, attemptsSource: "default", wait: ["exponential", true, 0, 20], methods: "all", budget: /500-token/ },
  },
  {
    id: "§2.7", name: "AWS SDK JS v3 maxAttempts: 5 counts attempts → 5 (adaptive keeps the count and the bucket)", covers: ["§5.1", "§5.5"],
    file: "svc/src/db.ts", kind: "aws-sdk",
    code: src`
      import { S3Client } from "@aws-sdk/client-s3";
      export const s3 = new S3Client({ maxAttempts: 5, retryMode: "adaptive" });
    `,
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", true], budget: /500-token/ },
  },
  {
    id: "§2.7", name: "AWS SDK JS v3 ConfiguredRetryStrategy(4, …) → 4 total", covers: ["§5.1"],
    file: "svc/src/db.ts", kind: "aws-sdk",
    code: src`
      import { S3Client } from "@aws-sdk/client-s3";
      import { ConfiguredRetryStrategy } from "@smithy/util-retry";
      export const s3 = new S3Client({ retryStrategy: new ConfiguredRetryStrategy(4, (attempt) => 100 + attempt * 1000) });
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true] },
  },
  // §2.8 fetch-retry
  {
    id: "§2.8", name: "fetch-retry defaults: retries 3 → 4, 1000 ms constant, network errors for any method (POST too)", covers: ["default", "§5.1"],
    file: "svc/src/fetch.ts", kind: "fetch-retry",
    code: src`
      import fetchRetry from "fetch-retry";
      const fetchWithRetry = fetchRetry(fetch);
      export const reserve = () => fetchWithRetry("http://inventory:8080/x", { method: "POST" });
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["fixed", false, 1, 1], methods: "all", budget: null },
  },
  {
    id: "§2.8", name: "fetch-retry retryOn as a function: retries is ignored → unbounded", covers: ["trap", "§5.2"],
    file: "svc/src/fetch.ts", kind: "fetch-retry",
    code: src`
      import fetchRetry from "fetch-retry";
      const fetchWithRetry = fetchRetry(fetch, { retries: 5, retryOn: (attempt, error, response) => attempt < 3 && response?.status === 503 });
      export const reserve = () => fetchWithRetry("http://inventory:8080/x");
    `,
    expect: { maxAttempts: null, timeBound: null, wait: ["fixed", false] },
  },
  {
    id: "§2.8", name: "fetch-retry require form, retries: 2 → 3, retryDelay function", covers: ["§5.1"],
    file: "svc/src/fetch.js", kind: "fetch-retry",
    code: src`
      const fetchWithRetry = require("fetch-retry")(global.fetch, { retries: 2, retryDelay: (attempt) => 2 ** attempt * 1000, retryOn: [503] });
      module.exports.reserve = () => fetchWithRetry("http://inventory:8080/x");
    `,
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["custom", null] },
  },
  // §2.9 undici
  {
    id: "§2.9", name: "undici RetryAgent defaults: maxRetries 5 → 6, 0.5 s ×2 up to 30 s, no jitter, idempotent methods", covers: ["default", "§5.1"],
    file: "svc/src/http.ts", kind: "undici-retry-agent",
    code: src`
      import { Agent, RetryAgent } from "undici";
      const agent = new RetryAgent(new Agent());
      export const items = () => agent.request({ origin: "http://inventory:8080", path: "/x", method: "GET" });
    `,
    expect: { maxAttempts: 6, attemptsSource: "default", wait: ["exponential", false, 0.5, 30], methods: UNDICI_METHODS, budget: null },
  },
  {
    id: "§2.9", name: "undici interceptors.retry({ maxRetries: 2 }) → 3", covers: ["§5.1"],
    file: "svc/src/http.ts", kind: "undici-retry-interceptor",
    code: src`
      import { Agent, interceptors } from "undici";
      export const dispatcher = new Agent().compose(interceptors.retry({ maxRetries: 2 }));
    `,
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["exponential", false] },
  },
  // §2.10 @grpc/grpc-js
  {
    id: "§2.10", name: "grpc-js client without a service config: no retry policy → no layer (transparent retries only)", covers: ["default", "§5.3"],
    file: "svc/src/orders.ts", kind: "grpc-service-config",
    code: src`
      import * as grpc from "@grpc/grpc-js";
      export const client = new proto.orders.OrderService("orders:50051", grpc.credentials.createInsecure());
    `,
    expect: "none",
  },
  {
    id: "§2.10", name: "grpc-js retryPolicy maxAttempts: 8 includes the first call, clamped to 5; ±20 % jitter; retryThrottling budget", covers: ["default", "§5.1", "§5.5", "trap"],
    file: "svc/src/orders.ts", kind: "grpc-service-config",
    code: src`
      import * as grpc from "@grpc/grpc-js";
      export const client = new proto.orders.OrderService("orders:50051", grpc.credentials.createInsecure(), {
        "grpc.service_config": JSON.stringify({
          methodConfig: [{ name: [{ service: "orders.OrderService" }], retryPolicy: { maxAttempts: 8, initialBackoff: "0.1s", maxBackoff: "1s", backoffMultiplier: 2, retryableStatusCodes: ["UNAVAILABLE"] } }],
          retryThrottling: { maxTokens: 10, tokenRatio: 0.1 },
        }),
      });
    `,
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", true, 0.1, 1], budget: /retryThrottling: maxTokens 10/ },
  },
  {
    id: "§2.10", name: "grpc-js retryPolicy maxAttempts: 3 → 3 total; no retryThrottling → no budget", covers: ["§5.1", "§5.5"],
    file: "svc/src/orders.ts", kind: "grpc-service-config",
    code: src`
      import * as grpc from "@grpc/grpc-js";
      export const client = new proto.orders.OrderService("orders:50051", grpc.credentials.createInsecure(), {
        "grpc.service_config": JSON.stringify({
          methodConfig: [{ name: [{ service: "orders.OrderService" }], retryPolicy: { maxAttempts: 3, initialBackoff: "0.1s", maxBackoff: "1s", backoffMultiplier: 2, retryableStatusCodes: ["UNAVAILABLE"] } }],
        }),
      });
    `,
    expect: { maxAttempts: 3, wait: ["exponential", true], budget: null },
  },
];

runTable("§2 JavaScript / TypeScript", ["§2.1", "§2.2", "§2.3", "§2.4", "§2.5", "§2.6", "§2.7", "§2.8", "§2.9", "§2.10"], rows);
