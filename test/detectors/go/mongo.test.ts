// MongoDB Go driver (docs/reference/mongodb.md): the client layer, the options the detector reads
// (inline chains, an options variable and its statements, URI toggles) and the clients derived
// from it; the convenient transaction API.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go } from "./helpers";

const file = (body: string, imp = "go.mongodb.org/mongo-driver") => `package store

import (
	"context"

	"${imp}/mongo"
	"${imp}/mongo/options"
)

type Repo struct {
	coll *mongo.Collection
}

func Open(ctx context.Context, uri string) *Repo {
${body}
}
`;

describe("mongo-go-driver clients", () => {
  const cases: Array<[string, string, number, "default" | "config", RegExp]> = [
    ["defaults", "\tclient, _ := mongo.Connect(ctx, options.Client().ApplyURI(uri))\n\treturn &Repo{coll: client.Database(\"d\").Collection(\"c\")}", 2, "default", /retryWrites true \(default\), retryReads true \(default\)/],
    ["options variable with statements", "\topts := options.Client().ApplyURI(uri)\n\topts.SetRetryWrites(false)\n\topts.SetRetryReads(false)\n\tclient, _ := mongo.Connect(ctx, opts)\n\treturn &Repo{coll: client.Database(\"d\").Collection(\"c\")}", 1, "config", /SetRetryWrites\(false\), SetRetryReads\(false\): each operation runs once/],
    ["SetRetryReads(false) only: writes still retried", "\tclient, _ := mongo.NewClient(options.Client().ApplyURI(uri).SetRetryReads(false))\n\treturn &Repo{coll: client.Database(\"d\").Collection(\"c\")}", 2, "config", /a retryable write is retried once → 2 attempts/],
    ["a non-literal toggle is taken as on", "\tclient, _ := mongo.Connect(ctx, options.Client().ApplyURI(uri).SetRetryWrites(cfgRetry).SetRetryReads(false))\n\treturn &Repo{coll: client.Database(\"d\").Collection(\"c\")}", 2, "config", /SetRetryWrites\(cfgRetry\): not a literal, taken as on/],
    ["retryWrites=False in the URI (keys and values are case-insensitive)", "\tclient, _ := mongo.Connect(ctx, options.Client().ApplyURI(\"mongodb://db/?RetryWrites=False&retryreads=false\"))\n\treturn &Repo{coll: client.Database(\"d\").Collection(\"c\")}", 1, "config", /each operation runs once/],
  ];
  for (const [name, body, attempts, source, note] of cases) {
    test(`${name} → ${attempts}`, async () => {
      const f = await go(file(body));
      const layers = f.layers.filter((l) => l.kind === "mongodb-retryable");
      assert.equal(layers.length, 1);
      assert.equal(layers[0]!.maxAttempts, attempts);
      assert.equal(layers[0]!.attemptsSource, source);
      assert.match(layers[0]!.attemptsNote, note);
      assert.deepEqual(layers[0]!.attach, { kind: "client" });
    });
  }

  test("the client, a struct field holding its collection and a bound database carry the layer and the connection string", async () => {
    const f = await go(file("\tclient, _ := mongo.Connect(ctx, options.Client().ApplyURI(uri))\n\tdb := client.Database(\"d\")\n\tother := db.Collection(\"o\")\n\tother.Drop(ctx)\n\treturn &Repo{coll: client.Database(\"d\").Collection(\"c\")}"));
    const layer = f.layers.find((l) => l.kind === "mongodb-retryable")!;
    const names = f.clients.filter((c) => c.library === "mongo-go-driver").map((c) => c.name).sort();
    assert.deepEqual(names, ["Open.client", "Open.db", "Open.other", "Repo.coll"]);
    for (const c of f.clients.filter((k) => k.library === "mongo-go-driver")) {
      assert.deepEqual(c.layerIds, [layer.localId]);
      assert.equal(c.sdk?.target, "", "the endpoint is the client's connection string");
      assert.deepEqual(c.baseUrl, { kind: "ref", name: "Open.uri" });
    }
  });

  test("a file that does not import the driver has no layer; a `Connect` of another package is none", async () => {
    const f = await go(`package store

import "example.com/other/mongo"

func Open() { mongo.Connect(nil) }
`);
    assert.equal(f.layers.length, 0);
  });

  test("session.WithTransaction(ctx, fn): no count, time-bounded 120 s, around the call", async () => {
    const f = await go(file("\tclient, _ := mongo.Connect(ctx, options.Client().ApplyURI(uri))\n\tsess, _ := client.StartSession()\n\tsess.WithTransaction(ctx, func(sc mongo.SessionContext) (interface{}, error) {\n\t\treturn client.Database(\"d\").Collection(\"c\").InsertOne(sc, nil)\n\t})\n\treturn nil"));
    const tx = f.layers.find((l) => l.kind === "mongodb-with-transaction")!;
    assert.equal(tx.maxAttempts, null);
    assert.match(tx.timeBound ?? "", /120 s/);
    assert.equal(tx.overallTimeoutSeconds, 120);
    assert.equal(tx.attach.kind, "block");
  });
});
