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

// Java / Kotlin (mongodb-driver-sync, reactive streams, Kotlin drivers; MongoClientSettings r3.11.0 … r5.10.0)
const JAVA = "orders/src/main/java/com/shop/Db.java";
const javaClient = (expr: string) => src`
  package com.shop;

  import com.mongodb.ConnectionString;
  import com.mongodb.MongoClientSettings;
  import com.mongodb.client.MongoClient;
  import com.mongodb.client.MongoClients;

  public class Db {
      private final MongoClient client = ${expr};
  }
`;
rows.push(
  {
    id: ENTRY, name: "Java MongoClients.create(uri): MongoClientSettings retryWrites/retryReads default true → 2 attempts", covers: ["default", "§5.1", "§5.3"],
    file: JAVA, kind: "mongodb-retryable",
    code: javaClient(`MongoClients.create("mongodb://mongo:27017/shop")`),
    expect: { maxAttempts: 2, attemptsSource: "default", wait: CUSTOM, note: /retryWrites true \(default\), retryReads true \(default\).*2 attempts \(MongoDB Java driver/ },
  },
  {
    id: ENTRY, name: "Java settings builder retryWrites(false).retryReads(false) → 1 attempt (disabled)", covers: ["trap"],
    file: JAVA, kind: "mongodb-retryable",
    code: javaClient(`MongoClients.create(MongoClientSettings.builder().applyConnectionString(new ConnectionString("mongodb://mongo:27017")).retryWrites(false).retryReads(false).build())`),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: CUSTOM },
  },
  {
    id: ENTRY, name: "Java retryWrites(false) alone: reads still retried → 2 (one toggle off is not off)", covers: ["trap"],
    file: JAVA, kind: "mongodb-retryable",
    code: javaClient(`MongoClients.create(MongoClientSettings.builder().retryWrites(false).build())`),
    expect: { maxAttempts: 2, attemptsSource: "config", wait: CUSTOM, note: /retryWrites\(false\), retryReads true \(default\)/ },
  },
  {
    id: ENTRY, name: "Java ?retryWrites=false&retryReads=false in the literal URI → 1", covers: ["trap"],
    file: JAVA, kind: "mongodb-retryable",
    code: javaClient(`MongoClients.create("mongodb://mongo:27017/?retryWrites=false&retryReads=false")`),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: CUSTOM },
  },
  {
    id: ENTRY, name: "Spring Boot spring.data.mongodb.uri (no client in code): the auto-configured driver's default → 2", covers: ["default"],
    file: "orders/src/main/resources/application.properties", kind: "mongodb-retryable",
    code: "spring.application.name=orders\nspring.data.mongodb.uri=mongodb://mongo:27017/orders\n",
    expect: { maxAttempts: 2, attemptsSource: "default", wait: CUSTOM, note: /the client Spring Boot \(spring\.data\.mongodb\) builds from spring\.data\.mongodb\.uri/ },
  },
  {
    id: ENTRY, name: "Quarkus quarkus.mongodb.connection-string with retryWrites=false&retryReads=false → 1", covers: ["trap"],
    file: "todo/src/main/resources/application.properties", kind: "mongodb-retryable",
    code: "quarkus.mongodb.connection-string=mongodb://mongo:27017/?retryWrites=false&retryReads=false\n",
    expect: { maxAttempts: 1, attemptsSource: "config", wait: CUSTOM },
  },
  {
    id: ENTRY, name: "Micronaut mongodb.uri: the MongoClient bean's driver default → 2", covers: ["default"],
    file: "product/src/main/resources/application.yml", kind: "mongodb-retryable",
    code: "mongodb:\n  uri: mongodb://mongo:27017/demo\n",
    expect: { maxAttempts: 2, attemptsSource: "default", wait: CUSTOM },
  },
  {
    id: ENTRY, name: "Kotlin MongoClient.create(uri) (Kotlin coroutine driver) → 2", covers: ["default"],
    file: "orders/src/main/kotlin/com/shop/Db.kt", kind: "mongodb-retryable",
    code: src`
      package com.shop
      import com.mongodb.kotlin.client.coroutine.MongoClient
      class Db {
          private val client = MongoClient.create("mongodb://mongo:27017")
      }
    `,
    expect: { maxAttempts: 2, attemptsSource: "default", wait: CUSTOM },
  },
  {
    id: ENTRY, name: "Java: collection.insertOne through client.getDatabase().getCollection() is a call to the URI's host, ×2", covers: ["default"],
    file: "orders/src/main/java/com/shop/Orders.java", kind: "mongodb-retryable", workspace: true,
    code: `
//- orders/src/main/java/com/shop/Orders.java
package com.shop;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import org.bson.Document;
import org.springframework.web.bind.annotation.*;

@RestController
public class Orders {
    private final MongoClient client = MongoClients.create("mongodb://orders-db:27017");
    private final MongoCollection<Document> orders = client.getDatabase("shop").getCollection("orders");

    @PostMapping("/orders")
    public void place() {
        orders.insertOne(new Document("id", 1));
        client.getDatabase("shop").getCollection("audit").insertOne(new Document("id", 1));
    }
}
`,
    expect: { maxAttempts: 2, attemptsSource: "default", wait: CUSTOM, path: { target: "orders-db", product: 2 } },
  },
);

// MongoDB C# driver (MongoClientSettings: RetryWrites/RetryReads default true since 2.9)
const csClient = (arg: string, before = "") => src`
  using MongoDB.Driver;
  namespace Catalog;
  public class Store
  {
      public IMongoClient Open()
      {
          ${before}var client = new MongoClient(${arg});
          return client;
      }
  }
`;
rows.push(
  {
    id: ENTRY, name: ".NET new MongoClient(uri): RetryWrites/RetryReads default true (driver ≥ 2.9) → 2 attempts", covers: ["default", "§5.3"],
    file: "Catalog/Store.cs", kind: "mongodb-retryable",
    code: csClient('"mongodb://catalog-db:27017"'),
    expect: { maxAttempts: 2, attemptsSource: "default", wait: CUSTOM, note: /MongoDB \.NET driver ≥ 2\.9/ },
  },
  {
    id: ENTRY, name: ".NET MongoClientSettings { RetryWrites = false } alone: reads still retried → 2", covers: ["trap"],
    file: "Catalog/Store.cs", kind: "mongodb-retryable",
    code: csClient("new MongoClientSettings { RetryWrites = false }"),
    expect: { maxAttempts: 2, attemptsSource: "config", wait: CUSTOM },
  },
  {
    id: ENTRY, name: ".NET settings.RetryWrites = false; settings.RetryReads = false → 1 (disabled)", covers: ["trap"],
    file: "Catalog/Store.cs", kind: "mongodb-retryable",
    code: csClient("settings", 'var settings = MongoClientSettings.FromConnectionString("mongodb://catalog-db:27017");\n        settings.RetryWrites = false;\n        settings.RetryReads = false;\n        '),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: CUSTOM },
  },
  {
    id: ENTRY, name: ".NET retryWrites=false&retryReads=false in the connection string → 1", covers: ["trap"],
    file: "Catalog/Store.cs", kind: "mongodb-retryable",
    code: csClient('"mongodb://catalog-db:27017/?retryWrites=false&retryReads=false"'),
    expect: { maxAttempts: 1, attemptsSource: "config", wait: CUSTOM },
  },
);

runTable("MongoDB drivers", [ENTRY], rows);
