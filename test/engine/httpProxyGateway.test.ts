// A gateway written with http-proxy (detectors/typescript/httpProxy.ts): `proxy.web(req, res, { target })`
// forwards the incoming request to `target` with no retry of its own, so the gateway is the entry of the
// paths through the service it proxies to; the target is read through a CommonJS config module
// (`module.exports = { ordersUrl: process.env.ORDERS_URL || … }`) and a compose default
// (`${ORDERS_URL:-http://orders:3002}`).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("http-proxy gateways in code", () => {
  test("proxy.web to a configured target: a hop with no layer, the incoming method and path left open", async () => {
    const result = await checkFixture(`
//- docker-compose.yml
services:
  gateway:
    build: ./gateway
    environment:
      - ORDERS_URL=\${ORDERS_URL:-http://orders:3002}
  orders:
    build: ./orders
//- gateway/config.js
module.exports = {
  ordersUrl: process.env.ORDERS_URL || "http://localhost:3002",
  proxy: { timeout: 5000 },
};
//- gateway/index.js
const express = require("express");
const httpProxy = require("http-proxy");
const config = require("./config");
const proxy = httpProxy.createProxyServer({ xfwd: true });
const app = express();
app.use("/orders", (req, res) => {
  req.url = "/api/orders" + req.url;
  proxy.web(req, res, { target: config.ordersUrl, proxyTimeout: 3000 });
});
app.listen(3000);
//- orders/app.js
const express = require("express");
const axios = require("axios");
const axiosRetry = require("axios-retry");
const stock = axios.create({ baseURL: "http://stock:8080", timeout: 2000 });
axiosRetry(stock, { retries: 3 });
// ^ layer ×4 RL001
const app = express();
app.post("/api/orders", async (req, res) => {
  res.json((await stock.get("/items")).data);
});
app.listen(3002);
//! rules RL001
//! path 4 stock
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["gateway", "orders", "stock"]);
    const hop = result.model.hops.find((h) => h.caller === "gateway" && h.callee === "orders")!;
    assert.deepEqual(hop.layerIds, [], "http-proxy retries nothing");
    assert.equal(hop.calls[0]!.method, null, "the incoming request's method");
    assert.equal(hop.calls[0]!.timeoutSeconds, 3, "the web call's proxyTimeout");
  });
});
