/**
 * docs/reference/mongodb.md (MongoDB retryable-reads/-writes specifications at
 * mongodb/specifications 92b3c0b, 2026-08; mongo-go-driver v1/v2, PyMongo ≥ 3.9, Node.js driver
 * ≥ 4, Mongoose ≥ 6): each default and number trap, run through the real extractors and linker
 * (see ./table.ts). The layer is one retry (2 attempts) unless both toggles are off.
 */
import { runTable, src, type Row } from "./table";

const ENTRY = "mongodb";
const CUSTOM: ["custom", null] = ["custom", null];

const goConnect = (args: string, imp = "go.mongodb.org/mongo-driver") => src`
  package orders

  import (
  	"context"

  	"${imp}/mongo"
  	"${imp}/mongo/options"
  )

  func Open(ctx context.Context, uri string) (*mongo.Client, error) {
  	return mongo.Connect(${args})
  }
`;

const rows: Row[] = [
  // Go
  {
    id: ENTRY, name: "Go v1 mongo.Connect: retryWrites and retryReads default true → one retry → 2 attempts (not 3: the count is of attempts)", covers: ["default", "§5.1", "§5.3"],
    file: "orders/db.go", kind: "mongodb-retryable",
    code: goConnect("ctx, options.Client().ApplyURI(uri)"),
    expect: { maxAttempts: 2, attemptsSource: "default", wait: CUSTOM, note: /retryWrites true \(default\), retryReads true \(default\).*2 attempts \(mongo-go-driver v1\)/ },
  },
  {
    id: ENTRY, name: "Go v2 mongo.Connect(opts): the same default, 2 attempts", covers: ["default"],
    file: "orders/db.go", kind: "mongodb-retryable",
    code: goConnect("options.Client().ApplyURI(uri)", "go.mongodb.org/mongo-driver/v2"),
    expect: { maxAttempts: 2, attemptsSource: "default", wait: CUSTOM, note: /mongo-go-driver v2/ },
  },
  {
    id: ENTRY, name: "Go SetRetryWrites(false) alone: reads still retried once → 2", covers: ["trap"],
    file: "orders/db.go", kind: "mongodb-retryable",
    code: goConnect("ctx, options.Client().ApplyURI(uri).SetRetryWrites(false)"),
    expect: { maxAttempts: 2, attemptsSource: "config", wait: CUSTOM, note: /SetRetryWrites\(false\), retryReads true \(default\): a retryable read is retried once/ },
  },
  {
    id: ENTRY, name: "Go SetRetryWrites(false).SetRetryReads(false) → 1 attempt (disabled)", covers: ["trap"],
    file: "orders/db.go", kind: "mongodb-retryable",
    code: goConnect("ctx, options.Client().ApplyURI(uri).SetRetryWrites(false).SetRetryReads(false)"),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: CUSTOM, note: /each operation runs once/ },
  },
  {
    id: ENTRY, name: "Go retryWrites=false&retryReads=false in a literal connection string → 1 attempt", covers: ["trap"],
    file: "orders/db.go", kind: "mongodb-retryable",
    code: goConnect(`ctx, options.Client().ApplyURI("mongodb://db:27017/?retryWrites=false&retryReads=false")`),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: CUSTOM },
  },
  {
    id: ENTRY, name: "Go: a SetRetryWrites(true) after a URI's retryWrites=false wins (later options override) → 2", covers: ["trap"],
    file: "orders/db.go", kind: "mongodb-retryable",
    code: goConnect(`ctx, options.Client().ApplyURI("mongodb://db:27017/?retryWrites=false&retryReads=false").SetRetryWrites(true)`),
    expect: { maxAttempts: 2, attemptsSource: "config", wait: CUSTOM },
  },
  // Python
  {
    id: ENTRY, name: "PyMongo MongoClient(uri): retryWrites/retryReads default True (≥ 3.9) → 2 attempts", covers: ["default", "§5.3"],
    file: "orders/db.py", kind: "mongodb-retryable",
    code: src`
      from pymongo import MongoClient
      client = MongoClient("mongodb://orders-db:27017")
    `,
    expect: { maxAttempts: 2, attemptsSource: "default", wait: CUSTOM, note: /PyMongo ≥ 3\.9/ },
  },
  {
    id: ENTRY, name: "PyMongo retryWrites=False, retryReads=False → 1 attempt; retryWrites=False alone → 2", covers: ["trap"],
    file: "orders/db.py", kind: "mongodb-retryable", line: 2,
    code: src`
      from pymongo import MongoClient
      client = MongoClient("mongodb://orders-db:27017", retryWrites=False, retryReads=False)
      other = MongoClient("mongodb://orders-db:27017", retryWrites=False)
    `,
    expect: { maxAttempts: 1, attemptsSource: "config", wait: CUSTOM },
  },
  {
    id: ENTRY, name: "Motor AsyncIOMotorClient: the same default → 2", covers: ["default"],
    file: "orders/db.py", kind: "mongodb-retryable",
    code: src`
      from motor.motor_asyncio import AsyncIOMotorClient
      client = AsyncIOMotorClient("mongodb://orders-db:27017")
    `,
    expect: { maxAttempts: 2, attemptsSource: "default", wait: CUSTOM, note: /Motor/ },
  },
  // Node
  {
    id: ENTRY, name: "Node new MongoClient(uri): retryWrites/retryReads default true → 2 attempts", covers: ["default", "§5.3"],
    file: "orders/src/db.ts", kind: "mongodb-retryable",
    code: src`
      import { MongoClient } from "mongodb";
      export const client = new MongoClient("mongodb://orders-db:27017");
    `,
    expect: { maxAttempts: 2, attemptsSource: "default", wait: CUSTOM, methods: "all" },
  },
  {
    id: ENTRY, name: "Node { retryWrites: false, retryReads: false } → 1 attempt", covers: ["trap"],
    file: "orders/src/db.ts", kind: "mongodb-retryable",
    code: src`
      import { MongoClient } from "mongodb";
      export const client = new MongoClient("mongodb://orders-db:27017", { retryWrites: false, retryReads: false });
    `,
    expect: { maxAttempts: 1, attemptsSource: "config", wait: CUSTOM },
  },
  {
    id: ENTRY, name: "mongoose.connect(uri) (CommonJS require): the bundled driver's default → 2", covers: ["default"],
    file: "orders/src/db.js", kind: "mongodb-retryable",
    code: src`
      const mongoose = require("mongoose");
      mongoose.connect(process.env.MONGO_URI);
    `,
    expect: { maxAttempts: 2, attemptsSource: "default", wait: CUSTOM, note: /Mongoose/ },
  },
  {
    id: ENTRY, name: "session.withTransaction(fn): re-runs fn on TransientTransactionError until 120 s → no count, time-bounded", covers: ["default", "trap"],
    file: "orders/src/tx.js", kind: "mongodb-with-transaction",
    code: src`
      const mongoose = require("mongoose");
      async function pay(doc) {
        const session = await mongoose.startSession();
        await session.withTransaction(async () => {
          await doc.save({ session });
        });
      }
      module.exports = { pay };
    `,
    expect: { maxAttempts: null, timeBound: /120 s/, wait: ["none", false], overallTimeoutSeconds: 120 },
  },
];

runTable("MongoDB drivers", [ENTRY], rows);
