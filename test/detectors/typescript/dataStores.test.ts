// @elastic/elasticsearch, @opensearch-project/opensearch and neo4j-driver (docs/reference/elasticsearch.md,
// neo4j.md): maxRetries counts retries (default 3 → 4, 0 → 1), the node, and managed transactions
// bounded by maxTransactionRetryTime (30 s) with no count.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

describe("Elasticsearch / OpenSearch JS clients", () => {
  const cases: Array<[string, string, number | null, "default" | "config", RegExp]> = [
    ["default", `import { Client } from "@elastic/elasticsearch";\nexport const es = new Client({ node: "http://search:9200" });`, 4, "default", /default maxRetries 3 → 4 attempts \(@elastic\/elasticsearch/],
    ["maxRetries 5 → 6", `import { Client } from "@elastic/elasticsearch";\nexport const es = new Client({ node: "http://search:9200", maxRetries: 5 });`, 6, "config", /maxRetries: 5 → 6 attempts/],
    ["maxRetries 0 → 1", `import { Client } from "@elastic/elasticsearch";\nexport const es = new Client({ node: "http://search:9200", maxRetries: 0 });`, 1, "config", /→ 1 attempt \(/],
    ["OpenSearch, CommonJS", `const { Client } = require("@opensearch-project/opensearch");\nconst es = new Client({ node: "https://os:9200", retryOnTimeout: true });`, 4, "default", /retryOnTimeout: true/],
  ];
  for (const [name, code, attempts, source, note] of cases) {
    test(`${name} → ${attempts}`, () => {
      const f = extract(`${code}\n`);
      const l = f.layers.find((x) => x.kind === "elasticsearch-client")!;
      assert.ok(l);
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
    });
  }

  test("the node is the target; namespaced APIs send through the client; anchor on maxRetries", () => {
    const f = extract(`import { Client } from "@elastic/elasticsearch";\nconst es = new Client({\n  node: "http://search:9200",\n  maxRetries: 2,\n});\n`);
    assert.equal(f.layers[0]!.anchor.line, 4);
    assert.deepEqual(f.clients.find((c) => c.name === "es")!.baseUrl, { kind: "string", value: "http://search:9200" });
    assert.ok(f.clients.some((c) => c.name === "es.indices"));
    assert.deepEqual(f.layers[0]!.condition.statuses, [502, 503, 504]);
  });
});

describe("neo4j-driver managed transactions", () => {
  test("executeWrite: 30 s by default, no count; the session sends to the driver's host", () => {
    const f = extract(`import neo4j from "neo4j-driver";
const driver = neo4j.driver("neo4j://graph:7687", neo4j.auth.basic("neo4j", "pw"));
export async function create(name: string) {
  const session = driver.session();
  await session.executeWrite((tx) => tx.run("CREATE (:P {n: $n})", { n: name }));
}
`);
    const l = f.layers.find((x) => x.kind === "neo4j-transaction")!;
    assert.equal(l.maxAttempts, null);
    assert.equal(l.timeBound, "30 s (max transaction retry time)");
    assert.equal(l.anchor.line, 5);
    assert.deepEqual(f.clients.find((c) => c.name === "session")!.baseUrl, { kind: "string", value: "neo4j://graph:7687" });
  });

  test("maxTransactionRetryTime in ms; legacy writeTransaction; executeQuery", () => {
    const f = extract(`const neo4j = require("neo4j-driver");
const driver = neo4j.driver("bolt://graph", auth, { maxTransactionRetryTime: 5000 });
async function f(session) {
  await session.writeTransaction(work);
  await driver.executeQuery("MATCH (n) RETURN n");
}
`);
    const [a, b] = f.layers;
    assert.equal(a!.timeBound, "5 s (max transaction retry time)");
    assert.match(a!.attemptsNote, /maxTransactionRetryTime: 5000 ms/);
    assert.equal(b!.label, "driver.executeQuery");
  });
});
