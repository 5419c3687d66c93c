// go-elasticsearch / opensearch-go and neo4j-go-driver (docs/reference/elasticsearch.md, neo4j.md):
// MaxRetries 0 means the default 3 → 4, DisableRetry → 1; managed transactions are time-bounded.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go } from "./helpers";

const es = (cfg: string, imp = "github.com/elastic/go-elasticsearch/v8") => `package search

import (
	"${imp}"
)

func New() {
	es, _ := elasticsearch.NewClient(elasticsearch.Config{${cfg}})
	es.Search()
}
`;

describe("go-elasticsearch clients", () => {
  const cases: Array<[string, string, number | null, RegExp]> = [
    ["default", `Addresses: []string{"http://search:9200"}`, 4, /default MaxRetries 3 → 4 attempts \(go-elasticsearch/],
    ["MaxRetries 0 is the default", `MaxRetries: 0`, 4, /means the default 3 → 4 attempts/],
    ["MaxRetries 5 → 6", `MaxRetries: 5`, 6, /MaxRetries: 5 → 6 attempts/],
    ["DisableRetry → 1", `DisableRetry: true, MaxRetries: 5`, 1, /DisableRetry: true → 1 attempt/],
  ];
  for (const [name, cfg, attempts, note] of cases) {
    test(`${name} → ${attempts}`, async () => {
      const f = await go(es(cfg));
      const l = f.layers.find((x) => x.kind === "elasticsearch-client")!;
      assert.ok(l);
      assert.equal(l.maxAttempts, attempts);
      assert.match(l.attemptsNote, note);
    });
  }

  test("the address is the target; NewDefaultClient; opensearch-go", async () => {
    const f = await go(es(`Addresses: []string{"http://search:9200"}`));
    assert.deepEqual(f.clients.find((c) => c.name === "New.es")!.baseUrl, { kind: "string", value: "http://search:9200" });
    assert.ok(f.clients.some((c) => c.name === "New.es.Indices"));
    const d = await go(`package search\n\nimport "github.com/elastic/go-elasticsearch/v7"\n\nfunc New() {\n\tes, _ := elasticsearch.NewDefaultClient()\n\t_ = es\n}\n`);
    assert.equal(d.layers[0]!.maxAttempts, 4);
    const os = await go(`package search\n\nimport "github.com/opensearch-project/opensearch-go/v2"\n\nfunc New() {\n\tc, _ := opensearch.NewClient(opensearch.Config{MaxRetries: 2})\n\t_ = c\n}\n`);
    assert.equal(os.layers[0]!.maxAttempts, 3);
    assert.equal(os.layers[0]!.library, "opensearch-go");
  });
});

describe("neo4j-go-driver managed transactions", () => {
  test("ExecuteWrite: 30 s by default; MaxTransactionRetryTime in the config function; ExecuteQuery", async () => {
    const f = await go(`package graph

import (
	"context"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j/config"
)

func Create(ctx context.Context) error {
	driver, _ := neo4j.NewDriverWithContext("neo4j://graph:7687", neo4j.BasicAuth("u", "p", ""), func(c *config.Config) {
		c.MaxTransactionRetryTime = 10 * time.Second
	})
	session := driver.NewSession(ctx, neo4j.SessionConfig{})
	_, err := session.ExecuteWrite(ctx, func(tx neo4j.ManagedTransaction) (any, error) {
		return tx.Run(ctx, "CREATE (:P)", nil)
	})
	neo4j.ExecuteQuery(ctx, driver, "MATCH (n) RETURN n", nil, neo4j.EagerResultTransformer)
	return err
}
`);
    const [a, b] = f.layers;
    assert.equal(a!.kind, "neo4j-transaction");
    assert.equal(a!.maxAttempts, null);
    assert.equal(a!.timeBound, "10 s (max transaction retry time)");
    assert.equal(a!.anchor.line, 16);
    assert.equal(b!.label, "neo4j.ExecuteQuery");
    assert.deepEqual(f.clients.find((c) => c.name === "Create.session")!.baseUrl, { kind: "string", value: "neo4j://graph:7687" });
  });

  test("default 30 s", async () => {
    const f = await go(`package graph\n\nimport "github.com/neo4j/neo4j-go-driver/v5/neo4j"\n\nfunc Read(s neo4j.SessionWithContext) {\n\ts.ExecuteRead(ctx, work)\n}\n`);
    assert.equal(f.layers[0]!.timeBound, "30 s (max transaction retry time)");
  });
});
