// MongoDB drivers' retryable reads and writes (docs/reference/mongodb.md): operations through the
// client, its Database and its Collection are requests to the connection string's host, under the
// client's layer (one retry → 2 attempts). Fixtures: test/harness.ts.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("linking MongoDB operations to the server (Go)", () => {
  test("retry loop around InsertOne on a collection of a default client: 3 × 2 to the mongo host", async () => {
    const result = await checkFixture(`
//- orders/go.mod
module github.com/shop/orders

go 1.22

require go.mongodb.org/mongo-driver v1.17.1
//- orders/main.go
package main

import (
	"context"
	"net/http"
	"time"

	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

const mongoURI = "mongodb://orders-db:27017/orders"

func main() {
	http.HandleFunc("/orders", createOrder)
	http.ListenAndServe(":8080", nil)
}

func createOrder(w http.ResponseWriter, r *http.Request) {
	ctx := context.Background()
	client, _ := mongo.Connect(ctx, options.Client().ApplyURI(mongoURI))
	// ^ layer ×2 RL001
	collection := client.Database("orders").Collection("orders")
	for i := 0; i < 3; i++ {
	// ^ layer ×3 RL001
		if _, err := collection.InsertOne(ctx, map[string]string{"id": "1"}); err == nil {
			return
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
}
//! rules RL001
//! path 6 orders-db
//! paths 1
`);
    const path = result.model.paths[0]!;
    const hop = result.model.hops[path.hops[path.hops.length - 1]!]!;
    assert.deepEqual(hop.calls.map((c) => c.span.line), [24], "the InsertOne line");
  });

  test("a chained client.Database(d).Collection(c).FindOne(…) reaches the server; retryWrites=false and SetRetryReads(false) turn the layer off", async () => {
    await checkFixture(`
//- catalog/main.go
package main

import (
	"context"
	"net/http"

	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

func main() {
	http.HandleFunc("/items", getItem)
	http.ListenAndServe(":8080", nil)
}

func getItem(w http.ResponseWriter, r *http.Request) {
	client, _ := mongo.Connect(options.Client().ApplyURI("mongodb://catalog-db:27017"))
	// ^ layer ×2
	client.Database("catalog").Collection("items").FindOne(r.Context(), nil)
	off, _ := mongo.Connect(options.Client().ApplyURI("mongodb://catalog-db:27017/?retryWrites=false").SetRetryReads(false))
	// ^ layer ×1
	off.Database("catalog").Collection("items").FindOne(r.Context(), nil)
}
//! rules none
//! path 2 catalog-db
//! paths 1
`);
  });
});

describe("linking MongoDB operations to the server (Python)", () => {
  test("tenacity around insert_one on client.shop.orders and on a bound collection: 3 × 2; retryWrites=False and retryReads=False: off", async () => {
    await checkFixture(`
//- orders/app.py
from fastapi import FastAPI
from pymongo import MongoClient
from tenacity import retry, stop_after_attempt, wait_random_exponential

app = FastAPI()
client = MongoClient("mongodb://orders-db:27017")
# ^ layer ×2 RL001
orders = client.shop.orders
quiet = MongoClient("mongodb://audit-db:27017", retryWrites=False, retryReads=False)
# ^ layer ×1


@app.post("/orders")
@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=0.5, max=5))
# ^ layer ×3 RL001
def create_order():
    orders.insert_one({"id": 1})
    quiet.audit.events.insert_one({"id": 1})
//! rules RL001
//! path 6 orders-db
//! path 3 audit-db
//! paths 2
`);
  });
});

describe("linking MongoDB operations to the server (Node)", () => {
  test("p-retry around insertOne on a bound collection and a chained findOne: ×11 × 2; retryWrites: false + retryReads: false turns a client off", async () => {
    await checkFixture(`
//- orders/src/db.ts
import { MongoClient } from "mongodb";
import pRetry from "p-retry";
import express from "express";

const client = new MongoClient(process.env.MONGO_URL ?? "mongodb://orders-db:27017");
// ^ layer ×2 RL001
const orders = client.db("shop").collection("orders");
const quiet = new MongoClient("mongodb://audit-db:27017", { retryWrites: false, retryReads: false });
// ^ layer ×1

const app = express();
app.post("/orders", async (req, res) => {
  await pRetry(() => orders.insertOne(req.body), { retries: 2, randomize: true });
  // ^ layer ×3 RL001
  await quiet.db("audit").collection("events").insertOne({ at: Date.now() });
  res.sendStatus(201);
});
//! rules RL001
//! path 6 orders-db
//! paths 1
`);
  });

  test("session.withTransaction(fn) is a time-bounded layer around the callback (120 s, no count); statements inside the transaction are not retried by the client", async () => {
    const result = await checkFixture(`
//- orders/src/tx.ts
import { MongoClient } from "mongodb";
import express from "express";

const client = new MongoClient("mongodb://orders-db:27017/?retryWrites=false");
// ^ layer ×2
const app = express();
app.post("/pay", async (req, res) => {
  const session = client.startSession();
  await session.withTransaction(async () => {
  // ^ layer ×∞
    await client.db("shop").collection("payments").insertOne(req.body, { session });
  });
  res.sendStatus(201);
});
//! rules RL001
//! path ∞ orders-db
//! paths 1
`);
    const tx = result.model.layers.find((l) => l.kind === "mongodb-with-transaction")!;
    assert.equal(tx.maxAttempts, null);
    // retryable-writes.md "Retryable Writes Within Transactions": drivers MUST NOT retry statements in a transaction
    assert.deepEqual(result.model.paths[0]!.layers, [tx.id], "the client's retryable layer is dropped inside the transaction");
    assert.match(tx.timeBound ?? "", /120 s/);
    const driver = result.model.layers.find((l) => l.kind === "mongodb-retryable")!;
    assert.match(driver.attemptsNote, /retryWrites=false in the connection string, retryReads true \(default\): a retryable read is retried once → 2 attempts/);
  });
});

describe("Mongoose models send through the service's default connection", () => {
  test("mongoose.connect in app.js, a model in models/order.js, a retried Order.findByIdAndUpdate in a repository: 3 × 2", async () => {
    await checkFixture(`
//- orders/src/app.js
const express = require("express");
const mongoose = require("mongoose");
const repo = require("./repositories/orderRepository");

async function start() {
  await mongoose.connect("mongodb://orders-db:27017/orders");
  // ^ layer ×2 RL001
  const app = express();
  app.post("/orders/:id/pay", async (req, res) => {
    await repo.markPaid(req.params.id);
    res.sendStatus(204);
  });
  app.listen(3000);
}
start();
//- orders/src/models/order.js
const mongoose = require("mongoose");
const orderSchema = new mongoose.Schema({ status: String });
const Order = mongoose.model("Order", orderSchema);
module.exports = Order;
//- orders/src/repositories/orderRepository.js
const Order = require("../models/order");

async function markPaid(id) {
  for (let attempt = 1; attempt <= 3; attempt++) {
  // ^ layer ×3 RL001
    try {
      return await Order.findByIdAndUpdate(id, { status: "PAID" });
    } catch (err) {
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}
module.exports = { markPaid };
//- orders/scripts/seed.js
const mongoose = require("mongoose");
mongoose.connect("mongodb://localhost:27017/orders");
// ^ layer ×2
//! rules RL001
//! path 6 orders-db
//! paths 1
`);
  });
});

// The client a connect call hands on (MongoDB Node.js driver 3.x–4.x: `MongoClient.connect(url[, options], cb)`
// calls `cb(error, client)`, and returns a Promise of the client when no callback is passed), and
// databases/collections assigned to variables declared outside the callback: express handlers that
// use them send through the client's layer.
describe("MongoDB Node driver: clients handed to callbacks and collections held in module variables", () => {
  const cases: Array<{ name: string; connect: string }> = [
    {
      name: "callback (error, client), collection assigned to a module var",
      connect: `function mongoConnect() {
  var mongoURL = process.env.MONGO_URL || "mongodb://catalogue-db:27017/catalogue";
  mongoClient.connect(mongoURL, (error, client) => {
  // ^ layer ×2 RL001
    if (!error) {
      db = client.db("catalogue");
      collection = db.collection("products");
    }
  });
}`,
    },
    {
      name: "callback after options, function expression",
      connect: `function mongoConnect() {
  mongoClient.connect("mongodb://catalogue-db:27017", { useUnifiedTopology: true }, function (err, client) {
  // ^ layer ×2 RL001
    collection = client.db("catalogue").collection("products");
  });
}`,
    },
    {
      name: "promise: .then((client) => …)",
      connect: `function mongoConnect() {
  return mongoClient.connect("mongodb://catalogue-db:27017").then((client) => {
  // ^ layer ×2 RL001
    db = client.db("catalogue");
    collection = db.collection("products");
  });
}`,
    },
    {
      name: "await MongoClient.connect(…) bound to a local",
      connect: `async function mongoConnect() {
  const client = await mongoClient.connect("mongodb://catalogue-db:27017");
  // ^ layer ×2 RL001
  db = client.db("catalogue");
  collection = db.collection("products");
}`,
    },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      await checkFixture(`
//- catalogue/server.js
const mongoClient = require("mongodb").MongoClient;
const express = require("express");
const pRetry = require("p-retry");

var db;
var collection;
const app = express();

app.get("/products", (req, res) => {
  pRetry(() => collection.find({}).toArray(), { retries: 2 }).then((products) => res.json(products));
  // ^ layer ×3 RL001
});

${c.connect}
mongoConnect();
app.listen(8080);
//! rules RL001
//! path 6 catalogue-db
//! paths 1
`);
    });
  }

  test("a client local to the callback of a per-request connect (db.collection(…).find chained)", async () => {
    const result = await checkFixture(`
//- ratings/ratings.js
var MongoClient = require("mongodb").MongoClient;
var express = require("express");
var url = process.env.MONGO_DB_URL || "mongodb://ratings-db:27017/test";
var app = express();
app.get("/ratings/:id", function (req, res) {
  MongoClient.connect(url, function (err, client) {
  // ^ layer ×2
    const db = client.db("test");
    db.collection("ratings").find({}).toArray(function (err, data) { res.json(data); client.close(); });
  });
});
app.listen(9080);
//! rules RL001
//! path 2 ratings-db
//! paths 1
`);
    const hop = result.model.hops.find((h) => h.callee === "ratings-db")!;
    assert.deepEqual(hop.calls.map((c) => c.span.line), [8], "the find on the chained collection (line 8 once the annotation line is dropped)");
  });
});
