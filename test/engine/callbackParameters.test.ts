// TS/JS: a function that runs the callable passed for one of its parameters — directly, or inside
// an inline callback it hands to another call (`session.withTransaction(async () => { await fn(session) })`)
// — runs the caller's callback under the layers around that call (engine/link.ts parameterCallSites).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("callbacks passed for a parameter the called function runs", () => {
  test("a retry loop around session.withTransaction(() => fn(session)): the caller's callback is under both layers", async () => {
    const result = await checkFixture(`
//- orders/src/service.js
const mongoose = require("mongoose");
const express = require("express");
const Order = require("./order");

async function withRetryTransaction(transactionFn, options = {}) {
  const { maxRetries = 3 } = options;
  for (let attempt = 1; attempt <= maxRetries; attempt++) {
  // ^ layer ×3 RL001
    const session = await mongoose.startSession();
    try {
      await session.withTransaction(async () => {
      // ^ layer ×∞ RL001
        await transactionFn(session);
      });
      return;
    } catch (error) {
      if (attempt < maxRetries) continue;
      throw error;
    }
  }
}

const app = express();
app.post("/orders/:id/pay", async (req, res) => {
  await withRetryTransaction(async (session) => {
    await Order.updateOne({ _id: req.params.id }, { status: "PAID" }, { session });
  });
  res.sendStatus(204);
});
async function start() {
  await mongoose.connect("mongodb://orders-db:27017/orders?retryWrites=false&retryReads=false");
  // ^ layer disabled
  app.listen(3000);
}
start();
//- orders/src/order.js
const mongoose = require("mongoose");
const Order = mongoose.model("Order", new mongoose.Schema({ status: String }));
module.exports = Order;
//! rules RL001
//! path ∞ orders-db
//! paths 1
`);
    const kinds = result.model.paths[0]!.layers.map((id) => result.model.layerById.get(id)!.kind);
    assert.deepEqual(kinds, ["retry-loop", "mongodb-with-transaction"], "the loop encloses the transaction: outermost first");
  });

  test("a plain runner that calls its parameter directly; a callback's own parameter of the same name shadows it", async () => {
    await checkFixture(`
//- shop/src/app.ts
import axios from "axios";
import express from "express";

async function withTrace(op: () => Promise<unknown>) {
  return op();
}
async function ignoring(op: () => Promise<unknown>) {
  return [1].map((op) => op);
}
const app = express();
app.get("/stock", async (req, res) => {
  for (let i = 0; i < 3; i++) {
  // ^ layer ×3
    try {
      await withTrace(() => axios.get("http://inventory:8080/stock"));
      await ignoring(() => axios.get("http://billing:8080/x"));
      break;
    } catch {}
  }
  res.sendStatus(200);
});
//! rules RL001
//! path 3 inventory
`);
  });
});

describe("a module whose export is an instance of its class", () => {
  for (const [name, exportLine, importLine] of [
    ["CommonJS module.exports = new Repo()", "module.exports = new OrderRepository();", 'const orderRepository = require("./orderRepository");'],
    ["ES export default new Repo()", "export default new OrderRepository();", 'import orderRepository from "./orderRepository";'],
  ] as const) {
    test(`${name}: repo.method() is the class's method`, async () => {
      await checkFixture(`
//- orders/src/orderRepository.js
const axios = require("axios");
class OrderRepository {
  async findById(id) {
    return axios.get("http://inventory:8080/orders/" + id);
  }
}
${exportLine}
//- orders/src/app.js
const express = require("express");
${importLine}
const app = express();
app.get("/orders/:id", async (req, res) => {
  for (let i = 0; i < 3; i++) {
  // ^ layer ×3
    try {
      return res.json(await orderRepository.findById(req.params.id));
    } catch {}
  }
});
//! rules RL001
//! path 3 inventory
//! paths 1
`);
    });
  }
});
