// confluent-kafka, elasticsearch-py / opensearch-py and the neo4j driver (docs/reference/kafka.md,
// elasticsearch.md, neo4j.md): every default and number trap, anchors, and what each call sends to.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

describe("confluent-kafka producers (librdkafka)", () => {
  const cases: Array<[string, string, number | null, string | null, RegExp]> = [
    ["default: INT32_MAX retries, bounded by delivery.timeout.ms 300 s", `{"bootstrap.servers": "kafka:9092"}`, null, "300 s (delivery.timeout.ms default 300000)", /default retries INT32_MAX: no practical count/],
    ["retries 3 → 4", `{"bootstrap.servers": "kafka:9092", "retries": 3}`, 4, null, /retries: 3 → 4 attempts/],
    ["message.send.max.retries 0 → 1", `{"bootstrap.servers": "kafka:9092", "message.send.max.retries": 0}`, 1, null, /→ 1 attempt \(/],
    ["delivery.timeout.ms 30 s", `{"bootstrap.servers": "kafka:9092", "delivery.timeout.ms": 30000}`, null, "30 s (delivery.timeout.ms)", /until 30 s/],
    ["message.timeout.ms 0 is infinite", `{"bootstrap.servers": "kafka:9092", "message.timeout.ms": 0}`, null, null, /infinite/],
  ];
  for (const [name, conf, attempts, timeBound, note] of cases) {
    test(`${name} → ${attempts}`, async () => {
      const f = await py(`from confluent_kafka import Producer\n\nproducer = Producer(${conf})\n\n\ndef publish(order):\n    producer.produce("orders", value=order)\n`);
      const l = f.layers.find((x) => x.kind === "kafka-producer")!;
      assert.ok(l, "a kafka-producer layer");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.timeBound, timeBound);
      assert.match(l.attemptsNote, note);
      assert.match(l.attemptsNote, attempts === null ? /librdkafka ≥ 1\.6 assumed/ : /librdkafka/);
    });
  }

  test("a conf dict bound to a name; the anchor on the retries entry; idempotence; the broker", async () => {
    const f = await py(`import confluent_kafka\n\nconf = {\n    "bootstrap.servers": "events:9092,events2:9092",\n    "retries": 5,\n    "enable.idempotence": True,\n}\np = confluent_kafka.Producer(conf)\n`);
    const l = f.layers[0]!;
    assert.equal(l.maxAttempts, 6);
    assert.equal(l.anchor.line, 5);
    assert.deepEqual(l.condition.afterSendMethods, []);
    assert.match(l.attemptsNote, /enable\.idempotence/);
    assert.deepEqual(f.clients.find((c) => c.library === "confluent-kafka")!.baseUrl, { kind: "string", value: "kafka://events:9092" });
  });
});

describe("elasticsearch-py / opensearch-py clients", () => {
  const cases: Array<[string, string, number | null, "default" | "config", RegExp]> = [
    ["default", `from elasticsearch import Elasticsearch\nes = Elasticsearch("http://search:9200")`, 4, "default", /default max_retries 3 → 4 attempts \(elasticsearch-py ≥ 8/],
    ["max_retries=5 → 6", `from elasticsearch import Elasticsearch\nes = Elasticsearch("http://search:9200", max_retries=5)`, 6, "config", /max_retries=5 → 6 attempts/],
    ["max_retries=0 → 1", `from elasticsearch import Elasticsearch\nes = Elasticsearch("http://search:9200", max_retries=0)`, 1, "config", /→ 1 attempt \(/],
    ["async client", `from elasticsearch import AsyncElasticsearch\nes = AsyncElasticsearch(hosts=["http://search:9200"], retry_on_timeout=True)`, 4, "default", /retry_on_timeout=True/],
    ["opensearch-py", `from opensearchpy import OpenSearch\nes = OpenSearch(hosts=[{"host": "os", "port": 9200}], max_retries=2)`, 3, "config", /opensearch-py/],
  ];
  for (const [name, code, attempts, source, note] of cases) {
    test(`${name} → ${attempts}`, async () => {
      const f = await py(`${code}\n\n\ndef find(q):\n    return es.search(index="orders", query=q)\n`);
      const l = f.layers.find((x) => x.kind === "elasticsearch-client")!;
      assert.ok(l);
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
    });
  }

  test("statuses per library, no wait, the host, namespaced APIs send too", async () => {
    const es = await py(`from elasticsearch import Elasticsearch\nes = Elasticsearch("http://search:9200")\n`);
    assert.deepEqual(es.layers[0]!.condition.statuses, [429, 502, 503, 504]);
    assert.equal(es.layers[0]!.wait.kind, "none");
    assert.deepEqual(es.clients.find((c) => c.name === "es")!.baseUrl, { kind: "string", value: "http://search:9200" });
    assert.ok(es.clients.some((c) => c.name === "es.indices"));
    const os = await py(`from opensearchpy import OpenSearch\nclient = OpenSearch()\n`);
    assert.deepEqual(os.layers[0]!.condition.statuses, [502, 503, 504]);
    assert.deepEqual(os.clients.find((c) => c.name === "client")!.baseUrl, { kind: "string", value: "http://opensearch" });
  });
});

describe("neo4j managed transactions (Python)", () => {
  test("execute_write re-runs the function for 30 s by default: time-bounded, no count", async () => {
    const f = await py(`from neo4j import GraphDatabase

driver = GraphDatabase.driver("neo4j://graph:7687", auth=("neo4j", "pw"))


def create(name):
    with driver.session() as session:
        session.execute_write(lambda tx: tx.run("CREATE (:P {n: $n})", n=name))
`);
    const l = f.layers.find((x) => x.kind === "neo4j-transaction")!;
    assert.equal(l.maxAttempts, null);
    assert.equal(l.timeBound, "30 s (max transaction retry time)");
    assert.equal(l.overallTimeoutSeconds, 30);
    assert.equal(l.attemptsSource, "default");
    assert.match(l.attemptsNote, /time-bounded, no count bound/);
    assert.equal(l.anchor.line, 8);
    assert.deepEqual(f.clients.find((c) => c.name === "session")!.baseUrl, { kind: "string", value: "neo4j://graph:7687" });
  });

  test("max_transaction_retry_time on the driver; 0 disables; legacy write_transaction and execute_query", async () => {
    const f = await py(`import neo4j

driver = neo4j.GraphDatabase.driver("bolt://graph:7687", max_transaction_retry_time=5)


def read(s):
    s.read_transaction(get_all)
    driver.execute_query("MATCH (n) RETURN n")
`);
    const [a, b] = f.layers;
    assert.equal(a!.timeBound, "5 s (max transaction retry time)");
    assert.match(a!.attemptsNote, /max_transaction_retry_time=5/);
    assert.equal(b!.label, "driver.execute_query");
    const off = await py(`from neo4j import GraphDatabase\ndriver = GraphDatabase.driver("bolt://g", max_transaction_retry_time=0)\ndriver.session().execute_write(work)\n`);
    assert.equal(off.layers[0]!.maxAttempts, 1);
  });

  test("no neo4j import: nothing", async () => {
    const f = await py(`def f(session):\n    session.execute_write(work)\n`);
    assert.equal(f.layers.length, 0);
  });
});
