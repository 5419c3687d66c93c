// MongoDB driver objects the framework injects (detectors/java/mongoJava.ts): operations on a field
// or parameter typed MongoClient / MongoDatabase / MongoCollection of com.mongodb that the file
// does not build, and through a helper method returning a collection, are named after the driver
// type (`MongoCollection.find`) for engine/jvmDb.ts. Not: a workspace class of the same name, a
// client the file builds itself (its own ClientFact), the derive steps (getDatabase, getCollection).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { java, kotlin } from "./helpers";

const callees = (f: { calls: Array<{ callee: string }> }) => f.calls.map((c) => c.callee);

describe("MongoDB driver objects injected by the framework", () => {
  test("Java: an injected reactive client, a helper returning a collection, an injected collection", async () => {
    const f = await java(`package com.shop;
import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoCollection;
import org.bson.Document;
public class Repo {
    private final MongoClient mongoClient;
    private final MongoCollection<Document> orders;
    public Repo(MongoClient mongoClient, MongoCollection<Document> orders) { this.mongoClient = mongoClient; this.orders = orders; }
    public Object all() { return getCollection().find(); }
    public Object one() { return mongoClient.getDatabase("d").getCollection("c").find().limit(1); }
    public Object save(Document d) { return orders.insertOne(d); }
    private MongoCollection<Document> getCollection() { return mongoClient.getDatabase("d").getCollection("c"); }
}
`);
    const names = callees(f);
    assert.ok(names.filter((n) => n === "MongoCollection.find").length === 2, names.join(", "));
    assert.ok(names.includes("MongoCollection.insertOne"), names.join(", "));
    // derive steps and what follows an operation are no operations of their own
    assert.ok(!names.some((n) => /^Mongo\w+\.(getDatabase|getCollection|limit)$/.test(n)), names.join(", "));
  });

  test("Kotlin: a constructor property typed MongoDatabase", async () => {
    const f = await kotlin(`package com.shop
import com.mongodb.client.MongoDatabase
class Repo(private val db: MongoDatabase) {
    fun count(): Long = db.getCollection("orders").countDocuments()
}
`);
    assert.ok(callees(f).includes("MongoCollection.countDocuments"), callees(f).join(", "));
  });

  test("not: a workspace class named MongoCollection, a client the file builds", async () => {
    const own = await java(`package com.shop;
import com.mongodb.client.MongoClients;
import com.example.db.MongoCollection;
public class Repo {
    private final MongoCollection items;
    private final com.mongodb.client.MongoClient client = MongoClients.create("mongodb://db");
    public Repo(MongoCollection items) { this.items = items; }
    public Object all() { return items.find(); }
    public Object names() { return client.listDatabaseNames(); }
}
`);
    const names = callees(own);
    assert.ok(!names.some((n) => n.startsWith("MongoCollection.") || n.startsWith("MongoClient.")), names.join(", "));
  });
});
