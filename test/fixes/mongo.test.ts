/**
 * Fixes on MongoDB drivers' retryable reads and writes (docs/reference/mongodb.md): the only
 * knobs are retryWrites/retryReads, so the fix turns both off — Go options chains (or one more
 * options argument), PyMongo keywords, the Node driver's / Mongoose's options object. Always
 * unsafe: a failover during a write now surfaces as an error.
 */
import { fixCases } from "./fixCases";

const GO = "orders/main.go";
const go = (connect: string, extra = "") => `
//- ${GO}
package main

import (
	"context"
	"net/http"

	"go.mongodb.org/mongo-driver/mongo"
	"go.mongodb.org/mongo-driver/mongo/options"
)

func main() {
	http.HandleFunc("/orders", create)
	http.ListenAndServe(":8080", nil)
}

func create(w http.ResponseWriter, r *http.Request) {
	ctx := context.Background()
${extra}	client, _ := ${connect}
	client.Database("shop").Collection("orders").InsertOne(ctx, map[string]int{"n": 1})
}
//! threshold 1
`;
const goAfter = (connect: string, extra = "") => go(connect, extra).replace("//! threshold 1\n", "");

const PY = "orders/app.py";
const py = (client: string) => `
//- ${PY}
from fastapi import FastAPI
from pymongo import MongoClient

app = FastAPI()
client = ${client}


@app.post("/orders")
def create():
    client.shop.orders.insert_one({"n": 1})
//! threshold 1
`;
const pyAfter = (client: string) => py(client).replace("//! threshold 1\n", "");

const TS = "orders/src/app.ts";
const node = (client: string) => `
//- ${TS}
import express from "express";
import { MongoClient } from "mongodb";

const client = ${client};
const app = express();
app.post("/orders", async (req, res) => {
  await client.db("shop").collection("orders").insertOne(req.body);
  res.sendStatus(201);
});
//! threshold 1
`;
const nodeAfter = (client: string) => node(client).replace("//! threshold 1\n", "");

fixCases("MongoDB drivers", [
  {
    name: "Go: an inline options chain gets SetRetryWrites(false).SetRetryReads(false)",
    workspace: go(`mongo.Connect(ctx, options.Client().ApplyURI("mongodb://orders-db:27017"))`),
    finding: `RL001 ${GO}:18`,
    fix: "Turn off the MongoDB driver's retryable",
    safety: "unsafe",
    after: goAfter(`mongo.Connect(ctx, options.Client().ApplyURI("mongodb://orders-db:27017").SetRetryWrites(false).SetRetryReads(false))`),
  },
  {
    name: "Go: options by name get one more options argument (the last one wins)",
    workspace: go(`mongo.Connect(ctx, opts)`, `\topts := options.Client().ApplyURI("mongodb://orders-db:27017")\n`),
    finding: `RL001 ${GO}:19`,
    fix: "Turn off the MongoDB driver's retryable",
    safety: "unsafe",
    after: goAfter(`mongo.Connect(ctx, opts, options.Client().SetRetryWrites(false).SetRetryReads(false))`, `\topts := options.Client().ApplyURI("mongodb://orders-db:27017")\n`),
  },
  {
    name: "Python: MongoClient(uri) gets retryWrites=False, retryReads=False",
    workspace: py(`MongoClient("mongodb://orders-db:27017")`),
    finding: `RL001 ${PY}:5`,
    fix: "Turn off the MongoDB driver's retryable",
    safety: "unsafe",
    after: pyAfter(`MongoClient("mongodb://orders-db:27017", retryWrites=False, retryReads=False)`),
  },
  {
    name: "Python: an existing retryReads=True becomes False, retryWrites is added",
    workspace: py(`MongoClient("mongodb://orders-db:27017", retryReads=True)`),
    finding: `RL001 ${PY}:5`,
    fix: "Turn off the MongoDB driver's retryable",
    after: pyAfter(`MongoClient("mongodb://orders-db:27017", retryReads=False, retryWrites=False)`),
  },
  {
    name: "Node: new MongoClient(uri) gets an options object",
    workspace: node(`new MongoClient("mongodb://orders-db:27017")`),
    finding: `RL001 ${TS}:4`,
    fix: "Turn off the MongoDB driver's retryable",
    safety: "unsafe",
    after: nodeAfter(`new MongoClient("mongodb://orders-db:27017", { retryWrites: false, retryReads: false })`),
  },
  {
    name: "Node: an options object keeps its settings and gains the two",
    workspace: node(`new MongoClient("mongodb://orders-db:27017", { maxPoolSize: 10 })`),
    finding: `RL001 ${TS}:4`,
    fix: "Turn off the MongoDB driver's retryable",
    after: nodeAfter(`new MongoClient("mongodb://orders-db:27017", { maxPoolSize: 10, retryWrites: false, retryReads: false })`),
  },
]);
