// TS/JS client facades (detectors/typescript/factoryObjects.ts, engine/link.ts factoryObjectReach):
// a method called on the object literal a factory returns runs that method, with the factory's
// parameters bound to the call's arguments; `breaker.fire(...args)` on an opossum breaker runs its
// action (opossum 8.1.4 lib/circuit.js); an axios instance called as a function (`instance(config)`,
// also when handed in through a parameter) sends through the instance and its axios-retry layer.
// Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

describe("TS/JS client facades and wrappers", () => {
  test("a method of the object literal a factory returns sends through the factory's client, to the URL the factory call passes", async () => {
    await checkFixture(`
//- shop/src/client.ts
import axios from "axios";
import axiosRetry from "axios-retry";
export function createClient(baseURL: string) {
  const api = axios.create({ baseURL, timeout: 2000 });
  axiosRetry(api, { retries: 2, retryDelay: axiosRetry.exponentialDelay });
  // ^ layer ×3 RL001
  return {
    async get(url: string) {
      return (await api.get(url)).data;
    },
  };
}
//- shop/src/app.ts
import pRetry from "p-retry";
import { createClient } from "./client";
const inventory = createClient(process.env.INVENTORY_URL || "http://inventory:8080");
export function handler() {
  return pRetry(() => inventory.get("/items"), { retries: 1, randomize: true });
  // ^ layer ×2 RL001
}
//! rules RL001
//! path 6 inventory
//! paths 1
`);
  });

  test("breaker.fire(...) on an opossum CircuitBreaker runs the breaker's action", async () => {
    await checkFixture(`
//- shop/src/app.ts
import axios from "axios";
import axiosRetry from "axios-retry";
import CircuitBreaker from "opossum";
import pRetry from "p-retry";
const api = axios.create({ baseURL: "http://inventory:8080", timeout: 2000 });
axiosRetry(api, { retries: 3, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×4 RL001
async function reserve(id: string) {
  return api.get("/stock/" + id);
}
const breaker = new CircuitBreaker(reserve, { timeout: 5000 });
export function handler(id: string) {
  return pRetry(() => breaker.fire(id), { retries: 1, randomize: true });
  // ^ layer ×2 RL001
}
//! rules RL001
//! path 8 inventory
//! paths 1
`);
  });

  test("an axios instance called as a function, handed in through a parameter, sends through its axios-retry layer", async () => {
    await checkFixture(`
//- shop/src/send.js
async function send(instance, config) {
  const response = await instance(config);
  return response.data;
}
module.exports = { send };
//- shop/src/app.js
const axios = require("axios");
const axiosRetry = require("axios-retry").default;
const { send } = require("./send");
const api = axios.create({ baseURL: "http://inventory:8080", timeout: 2000 });
axiosRetry(api, { retries: 4, retryDelay: axiosRetry.exponentialDelay });
// ^ layer ×5 RL001
async function handler(id) {
  return send(api, { method: "GET", url: "/stock/" + id });
}
module.exports = { handler };
//! rules RL001
//! path 5 inventory
//! paths 1
`);
  });

  test("factory → object-literal methods → opossum breaker → the axios instance the breaker's action calls, across modules and a workspace package", async () => {
    await checkFixture(`
//- packages/resilient/package.json
{ "name": "@shop/resilient", "main": "index.js", "dependencies": { "axios": "^1.6.0", "axios-retry": "^4.0.0", "opossum": "^8.1.0" } }
//- packages/resilient/index.js
const { createResilientClient } = require("./src/resilientClient");
module.exports = { createResilientClient };
//- packages/resilient/src/axiosClient.js
const axios = require("axios");
const axiosRetry = require("axios-retry").default;
function createAxiosClient(baseURL) {
  const instance = axios.create({ baseURL, timeout: 3000 });
  axiosRetry(instance, { retries: 3, retryDelay: axiosRetry.exponentialDelay });
  // ^ layer ×4 RL001
  return instance;
}
module.exports = { createAxiosClient };
//- packages/resilient/src/circuitBreaker.js
const CircuitBreaker = require("opossum");
function createCircuitBreaker(axiosInstance) {
  const action = async (requestConfig) => axiosInstance(requestConfig);
  const breaker = new CircuitBreaker(action, { timeout: 5000 });
  return breaker;
}
module.exports = { createCircuitBreaker };
//- packages/resilient/src/resilientClient.js
const { createAxiosClient } = require("./axiosClient");
const { createCircuitBreaker } = require("./circuitBreaker");
function createResilientClient(name, baseURL) {
  const axiosInstance = createAxiosClient(baseURL);
  const breaker = createCircuitBreaker(axiosInstance);
  async function executeRequest(requestConfig) {
    const response = await breaker.fire(requestConfig);
    return response.data;
  }
  return {
    async get(url, config = {}) {
      return executeRequest({ method: "GET", url, ...config });
    },
  };
}
module.exports = { createResilientClient };
//- order/package.json
{ "name": "@shop/order", "dependencies": { "@shop/resilient": "workspace:*", "express": "^4.18.2" } }
//- order/src/productClient.js
const { createResilientClient } = require("@shop/resilient");
const productClient = createResilientClient("product", process.env.PRODUCT_URL || "http://product:3004");
module.exports = { productClient };
//- order/src/app.js
const express = require("express");
const { productClient } = require("./productClient");
const app = express();
app.post("/api/orders", async (req, res) => {
  res.json(await productClient.get("/api/products"));
});
app.listen(3002);
//- product/package.json
{ "name": "@shop/product", "dependencies": { "express": "^4.18.2", "mongoose": "^7.0.1" } }
//- product/src/app.js
const express = require("express");
const mongoose = require("mongoose");
const Product = mongoose.model("Product", new mongoose.Schema({ name: String }));
mongoose.connect(process.env.MONGO_URI || "mongodb://product-db:27017/products");
// ^ layer ×2 RL001
const app = express();
app.get("/api/products", async (req, res) => {
  res.json(await Product.find({}));
});
app.listen(3004);
//! rules RL001
//! path 8 product-db
//! paths 1
`);
  });
});
