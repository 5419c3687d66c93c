// PyMongo / Motor (docs/reference/mongodb.md): the client layer's toggles, the databases and
// collections that send like the client, and the convenient transaction API.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

describe("PyMongo clients", () => {
  const cases: Array<[string, number, RegExp]> = [
    ['MongoClient("mongodb://db:27017")', 2, /retryWrites true \(default\), retryReads true \(default\): a retryable read or write is retried once → 2 attempts \(PyMongo ≥ 3\.9\)/],
    ['MongoClient(host="mongodb://db:27017", retryReads=False)', 2, /retryReads=False: a retryable write is retried once/],
    ['MongoClient("mongodb://db:27017/?retryWrites=false", retryReads=False)', 1, /each operation runs once/],
    ['MongoClient("mongodb://db:27017", retryWrites=flag, retryReads=False)', 2, /retryWrites=flag: not a literal, taken as on/],
    ['pymongo.MongoClient("mongodb://db:27017", retry_writes=False, retry_reads=False)', 1, /each operation runs once/],
  ];
  for (const [client, attempts, note] of cases) {
    test(`${client} → ${attempts}`, async () => {
      const f = await py(`import pymongo\nfrom pymongo import MongoClient\nclient = ${client}\n`);
      const l = f.layers.find((x) => x.kind === "mongodb-retryable")!;
      assert.equal(l.maxAttempts, attempts);
      assert.match(l.attemptsNote, note);
      assert.equal(l.anchor.line, 3);
    });
  }

  test("databases and collections bound from the client (attribute, subscript, get_database/get_collection, self.) send like it", async () => {
    const f = await py(`from pymongo import MongoClient

class Repo:
    def __init__(self):
        self.client = MongoClient("mongodb://orders-db:27017")
        self.db = self.client["shop"]
        self.orders = self.db.get_collection("orders")

client = MongoClient("mongodb://orders-db:27017")
db = client.get_database("shop")
events = db.events
`);
    const names = f.clients.filter((c) => c.library === "pymongo").map((c) => c.name).sort();
    assert.deepEqual(names, ["client", "db", "events", "self.client", "self.db", "self.orders"]);
    for (const c of f.clients.filter((k) => k.library === "pymongo")) assert.equal(c.sdk?.target, "");
  });

  test("session.with_transaction(callback) in a PyMongo file: no count, 120 s; in a file without the driver: nothing", async () => {
    const f = await py(`from pymongo import MongoClient\nclient = MongoClient("mongodb://db")\n\ndef pay(doc):\n    with client.start_session() as s:\n        s.with_transaction(lambda sess: client.shop.payments.insert_one(doc, session=sess))\n`);
    const tx = f.layers.find((l) => l.kind === "mongodb-with-transaction")!;
    assert.equal(tx.maxAttempts, null);
    assert.match(tx.timeBound ?? "", /120 s/);
    assert.equal(tx.anchor.line, 6);
    const none = await py(`def pay(s, cb):\n    s.with_transaction(cb)\n`);
    assert.equal(none.layers.length, 0);
  });
});
