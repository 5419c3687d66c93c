// Library defaults built in one-off scripts, seeds, migrations, tools and examples are off the
// request paths (engine/sideFiles.ts): reported with the reason, never multiplied.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, parseFixture } from "../harness";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { isExampleFile, sideFileReason } from "../../server/src/engine/sideFiles";

describe("side files", () => {
  const table: Array<[string, string | null]> = [
    ["services/inventory/scripts/seed.js", "services/inventory/scripts/"],
    ["services/inventory/scripts/migrate-products.js", "services/inventory/scripts/"],
    ["packages/outbox-pattern/examples/order-service.js", "packages/outbox-pattern/examples/"],
    ["db/seeders/20240101-users.ts", "db/seeders/"],
    ["api/migrations/0001_init.py", "api/migrations/"],
    ["api/src/seed.ts", "seed.ts"],
    ["api/src/migrate-orders.mjs", "migrate-orders.mjs"],
    ["services/order/src/app.js", null],
    ["services/order/src/seeding-policy.js", null],
    // JVM packages are not folders: com.example is a package name
    ["order-service/src/main/kotlin/com/example/order/client/CustomerClient.kt", null],
    ["app/src/main/java/com/example/tools/Retry.java", null],
    ["tools/loadgen/main.go", "tools/"],
  ];
  for (const [path, reason] of table) {
    test(`${path} → ${reason ?? "not a side file"}`, () => assert.equal(sideFileReason(path), reason));
  }

  test("a driver default in a seed script and an example app is off-path; the service's own connection and a configured script layer are not", async () => {
    const result = await checkFixture(`
//- orders/src/app.js
const express = require("express");
const mongoose = require("mongoose");
const Order = require("./models/order");

async function start() {
  await mongoose.connect("mongodb://orders-db:27017/orders");
  // ^ layer ×2
  const app = express();
  app.get("/orders/:id", async (req, res) => res.json(await Order.findById(req.params.id)));
  app.listen(3000);
}
start();
//- orders/src/models/order.js
const mongoose = require("mongoose");
const Order = mongoose.model("Order", new mongoose.Schema({ status: String }));
module.exports = Order;
//- orders/scripts/seed.js
const mongoose = require("mongoose");
const Order = require("../src/models/order");
async function seed() {
  await mongoose.connect(process.env.MONGODB_URI, { serverSelectionTimeoutMS: 5000 });
  // ^ layer ×2
  await Order.create({ status: "NEW" });
}
seed();
//- orders/examples/quiet.js
const { MongoClient } = require("mongodb");
const client = new MongoClient("mongodb://orders-db:27017", { retryReads: true });
// ^ layer ×2
client.db("x").collection("y").findOne({});
//! rules RL001
//! path 2 orders-db
`);
    const at = (file: string) => result.model.layers.find((l) => l.file === file)!;
    assert.match(at("orders/scripts/seed.js").offPath ?? "", /one-off script or example \(orders\/scripts\/\)/);
    assert.equal(at("orders/src/app.js").offPath, undefined, "the service's connection stays on its paths");
    assert.equal(at("orders/examples/quiet.js").offPath, undefined, "a configured layer is not a default");
    const seedId = at("orders/scripts/seed.js").id;
    assert.ok(result.model.paths.every((p) => !p.layers.includes(seedId)), "the off-path default is on no path");
  });

  test("sample programs in examples/ start no request paths: the library's client retries only under the services that call it", async () => {
    assert.equal(isExampleFile("packages/http/examples/demo.js"), true);
    assert.equal(isExampleFile("packages/http/scripts/demo.js"), false, "scripts are side files, not examples");
    assert.equal(isExampleFile("app/src/main/java/com/example/Api.java"), false, "a JVM package named example is no folder");
    const result = await checkFixture(`
//- packages/http/package.json
{ "name": "@shop/http", "dependencies": { "axios": "^1.7.0", "axios-retry": "^4.4.0" } }
//- packages/http/index.js
const axios = require("axios");
const axiosRetry = require("axios-retry").default;
function createClient(baseURL) {
  const client = axios.create({ baseURL });
  axiosRetry(client, { retries: 3 });
  // ^ layer ×4
  return client;
}
module.exports = { createClient };
//- packages/http/examples/demo.js
const { createClient } = require("../index");
createClient("http://inventory:3000").get("/items");
//- inventory/package.json
{ "name": "inventory", "dependencies": { "express": "^4.19.0", "p-retry": "^6.2.0" } }
//- inventory/src/app.js
const express = require("express");
const pRetry = require("p-retry");
const app = express();
app.get("/items", async (req, res) => {
  const r = await pRetry(() => fetch("http://supplier:9000/stock"), { retries: 2 });
  // ^ layer ×3
  res.json(await r.json());
});
app.listen(3000);
//! rules RL001
`);
    const axiosLayer = result.model.layers.find((l) => l.file === "packages/http/index.js")!;
    assert.ok(axiosLayer, "the library's layer is still reported");
    assert.ok(result.model.hops.every((h) => !h.calls.some((c) => c.file.startsWith("packages/http/examples/"))), "no hop is sent from the example");
    assert.ok(result.model.paths.every((p) => !p.layers.includes(axiosLayer.id)), "the example's call multiplies nothing");
  });
});

describe("python migrations", () => {
  test("a retry loop in a Django migration module (also migrations/<store>/…) is off-path; the same loop in app code is not", async () => {
    const loop = `import time

import requests


def retry_until_success(func, *args, **kwargs):
    sleep_time = 1
    while True:
        try:
            return func(*args, **kwargs)
        except Exception:
            time.sleep(sleep_time)
            sleep_time *= 2


def migrate():
    retry_until_success(requests.get, "http://influxdb:8086/query")
`;
    const { files, settings } = parseFixture(`//- app/monitoring/migrations/influxdb/alter_structure_0006.py
${loop}//- app/monitoring/retrying.py
${loop}`);
    const { model } = await analyzeWorkspace(files, settings);
    const byFile = new Map(model.layers.filter((l) => l.kind === "retry-loop").map((l) => [l.file, l]));
    assert.match(byFile.get("app/monitoring/migrations/influxdb/alter_structure_0006.py")?.offPath ?? "", /database migration \(app\/monitoring\/migrations\/\)/);
    assert.equal(byFile.get("app/monitoring/retrying.py")?.offPath ?? null, null);
  });
});
