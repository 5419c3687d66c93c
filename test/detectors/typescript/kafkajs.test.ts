// kafkajs (docs/reference/kafka.md §kafkajs): the producer retrier is the client retry merged with
// the producer's (`retries` counts retries: default 5 → 6, 0 → 1), idempotent changes no count,
// the wait, the broker, and consumer.run handlers re-run without a count bound.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

const file = (kafka: string, producer: string) => `import { Kafka } from "kafkajs";
const kafka = ${kafka};
export const producer = kafka.producer(${producer});
export async function publish(order) {
  await producer.send({ topic: "orders", messages: [{ value: JSON.stringify(order) }] });
}
`;

describe("kafkajs producers", () => {
  const cases: Array<[string, string, string, number | null, "default" | "config", RegExp]> = [
    ["default", `new Kafka({ brokers: ["kafka:9092"] })`, "", 6, "default", /default retry\.retries 5 → 6 attempts \(kafkajs/],
    ["client retry", `new Kafka({ brokers: ["kafka:9092"], retry: { retries: 2 } })`, "", 3, "config", /new Kafka\(\{ retry: \{ retries: 2 \} \}\) → 3 attempts/],
    ["producer retry wins", `new Kafka({ brokers: ["kafka:9092"], retry: { retries: 2 } })`, "{ retry: { retries: 8 } }", 9, "config", /producer\(\{ retry: \{ retries: 8 \} \}\) → 9 attempts/],
    ["0 disables", `new Kafka({ brokers: ["kafka:9092"] })`, "{ retry: { retries: 0 } }", 1, "config", /→ 1 attempt \(/],
    ["idempotent: still 5 retries", `new Kafka({ brokers: ["kafka:9092"] })`, "{ idempotent: true }", 6, "default", /idempotent: true \(no count change/],
    ["not a literal", `new Kafka({ brokers: ["kafka:9092"] })`, "{ retry: { retries: n } }", null, "config", /not a literal/],
    ["retry without retries: the default", `new Kafka({ brokers: ["kafka:9092"], retry: { initialRetryTime: 100 } })`, "", 6, "default", /6 attempts/],
  ];
  for (const [name, kafka, producer, attempts, source, note] of cases) {
    test(`${name} → ${attempts}`, () => {
      const f = extract(file(kafka, producer));
      const l = f.layers.find((x) => x.kind === "kafka-producer")!;
      assert.ok(l, "a kafka-producer layer");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.anchor.line, 3);
    });
  }

  test("idempotent producers retry writes only before they can duplicate; others may write twice", () => {
    const idem = extract(file(`new Kafka({ brokers: ["kafka:9092"] })`, "{ idempotent: true }")).layers[0]!;
    assert.deepEqual(idem.condition.afterSendMethods, []);
    const plain = extract(file(`new Kafka({ brokers: ["kafka:9092"] })`, "")).layers[0]!;
    assert.equal(plain.condition.afterSendMethods, "all");
    assert.equal(plain.wait.kind, "exponential");
    assert.equal(plain.wait.jitter, true);
    assert.equal(plain.wait.initialSeconds, 0.3);
  });

  test("the producer sends to the first broker; a Kafka built elsewhere (injected) gets the default, said so", () => {
    const f = extract(file(`new Kafka({ brokers: ["events:9092"] })`, ""));
    const c = f.clients.find((k) => k.library === "kafkajs")!;
    assert.deepEqual(c.baseUrl, { kind: "string", value: "kafka://events:9092" });
    assert.ok(c.sdk?.notSending.includes("connect"));
    const injected = extract(`import { Kafka, Producer } from "kafkajs";
export class Publisher {
  producer: Producer;
  constructor(client: Kafka) {
    this.producer = client.producer(cfg().producerOptions);
  }
}
`);
    const l = injected.layers[0]!;
    assert.equal(l.maxAttempts, 6);
    assert.match(l.attemptsNote, /built elsewhere/);
    assert.match(l.attemptsNote, /not a literal/);
    assert.equal(injected.clients[0]!.name, "this.producer");
  });

  test("consumer.run: a handler that throws is re-run without a count bound; one that swallows every error is not a layer", () => {
    const f = extract(`import { Kafka } from "kafkajs";
const kafka = new Kafka({ brokers: ["kafka:9092"] });
export async function start() {
  const consumer = kafka.consumer({ groupId: "g" });
  await consumer.run({
    eachMessage: async ({ message }) => {
      await handle(message);
    },
  });
  const quiet = kafka.consumer({ groupId: "q" });
  await quiet.run({
    eachMessage: async ({ message }) => {
      try {
        await handle(message);
      } catch (e) {
        console.error(e);
      }
    },
  });
}
`);
    const layers = f.layers.filter((x) => x.kind === "kafka-consumer");
    assert.equal(layers.length, 1);
    assert.equal(layers[0]!.anchor.line, 5);
    assert.equal(layers[0]!.maxAttempts, null);
    assert.match(layers[0]!.attemptsNote, /no count bound/);
    assert.equal(layers[0]!.attach.kind, "function");
  });

  test("CommonJS require and a file without kafkajs", () => {
    const f = extract(`const { Kafka } = require("kafkajs");\nconst kafka = new Kafka({ brokers: ["k:9092"], retry: { retries: 1 } });\nconst p = kafka.producer();\n`);
    assert.equal(f.layers[0]!.maxAttempts, 2);
    assert.equal(extract(`const p = kafka.producer();\n`).layers.length, 0);
  });
});
