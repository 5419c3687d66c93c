// kafka-go and sarama (docs/reference/kafka.md): kafka-go Writer.MaxAttempts counts attempts
// (unset or ≤ 0 → 10), ReaderConfig.MaxAttempts (default 3) is an off-path consumer layer;
// sarama Producer.Retry.Max counts retries (NewConfig 3 → 4, 0 → 1), read where the config is built.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go } from "./helpers";

const kafkaGo = (body: string) => `package events

import (
	"context"
	"time"

	"github.com/segmentio/kafka-go"
)

const attempts = 4

func Publish(ctx context.Context) error {
${body}
	return w.WriteMessages(ctx, kafka.Message{Value: []byte("x")})
}
`;

describe("kafka-go writers and readers", () => {
  const cases: Array<[string, string, number | null, "default" | "config", RegExp]> = [
    ["default", `\tw := &kafka.Writer{Addr: kafka.TCP("kafka:9092"), Topic: "orders"}`, 10, "default", /default Writer\.MaxAttempts 10 attempts/],
    ["MaxAttempts 3 → 3 (attempts, not retries)", `\tw := &kafka.Writer{Addr: kafka.TCP("kafka:9092"), MaxAttempts: 3}`, 3, "config", /MaxAttempts: 3 → 3 attempts/],
    ["0 means the default", `\tw := &kafka.Writer{Addr: kafka.TCP("kafka:9092"), MaxAttempts: 0}`, 10, "config", /means the default 10/],
    ["1 disables", `\tw := &kafka.Writer{Addr: kafka.TCP("kafka:9092"), MaxAttempts: 1}`, 1, "config", /→ 1 attempt /],
    ["a constant of the file", `\tw := &kafka.Writer{Addr: kafka.TCP("kafka:9092"), MaxAttempts: attempts}`, 4, "config", /attempts = 4 → 4 attempts/],
    ["NewWriter(WriterConfig)", `\tw := kafka.NewWriter(kafka.WriterConfig{Brokers: []string{"kafka:9092"}, Topic: "t", MaxAttempts: 2})`, 2, "config", /→ 2 attempts/],
  ];
  for (const [name, body, attempts, source, note] of cases) {
    test(`${name} → ${attempts}`, async () => {
      const f = await go(kafkaGo(body));
      const l = f.layers.find((x) => x.kind === "kafka-producer")!;
      assert.ok(l, "a kafka-producer layer");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
    });
  }

  test("a constant of another file: resolved by the linker (countExpr)", async () => {
    const f = await go(kafkaGo(`\tw := &kafka.Writer{Addr: kafka.TCP("kafka:9092"), MaxAttempts: writerMaxAttempts}`));
    const l = f.layers[0]!;
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countExpr?.nonPositive, 10);
    assert.equal(l.countExpr?.offset, 0);
  });

  test("anchor on MaxAttempts when written; wait attempt² × 100 ms up to 1 s, no jitter; the broker", async () => {
    const f = await go(kafkaGo(`\tw := &kafka.Writer{\n\t\tAddr:        kafka.TCP("events:9092"),\n\t\tMaxAttempts: 3,\n\t}`));
    const l = f.layers[0]!;
    assert.equal(l.anchor.line, 15);
    assert.equal(l.wait.jitter, false);
    assert.equal(l.wait.initialSeconds, 0.1);
    assert.equal(l.wait.maxSeconds, 1);
    const c = f.clients.find((k) => k.library === "kafka-go")!;
    assert.deepEqual(c.baseUrl, { kind: "string", value: "kafka://events:9092" });
    const unset = await go(kafkaGo(`\tw := &kafka.Writer{Addr: kafka.TCP(brokers...), WriteBackoffMin: 50 * time.Millisecond}`));
    assert.equal(unset.layers[0]!.anchor.line, 13);
    assert.equal(unset.layers[0]!.wait.initialSeconds, 0.05);
    assert.deepEqual(unset.clients.find((k) => k.library === "kafka-go")!.baseUrl, { kind: "string", value: "kafka://kafka" });
  });

  test("a Reader's MaxAttempts (default 3) is a consumer-side layer, off-path", async () => {
    const f = await go(`package events

import "github.com/segmentio/kafka-go"

func Reader() *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{
		Brokers: []string{"kafka:9092"},
		MaxAttempts: 5,
	})
}

func Other() *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"kafka:9092"}})
}
`);
    const [a, b] = f.layers;
    assert.equal(a!.kind, "kafka-consumer");
    assert.equal(a!.maxAttempts, 5);
    assert.equal(a!.anchor.line, 8);
    assert.ok(a!.offPath);
    assert.equal(b!.maxAttempts, 3);
    assert.equal(b!.anchor.line, 13);
  });
});

const sarama = (body: string, extra = "") => `package events

import (
	"time"

	"github.com/IBM/sarama"
)
${extra}
func Producer() (sarama.SyncProducer, error) {
${body}
	producer, err := sarama.NewSyncProducer([]string{"kafka:9092"}, conf)
	return producer, err
}
`;

describe("sarama producers", () => {
  const cases: Array<[string, string, string, number | null, "default" | "config", RegExp]> = [
    ["NewConfig default 3 retries → 4", `\tconf := sarama.NewConfig()`, "", 4, "default", /default Producer\.Retry\.Max 3 → 4 attempts/],
    ["Retry.Max 10 → 11", `\tconf := sarama.NewConfig()\n\tconf.Producer.Retry.Max = 10`, "", 11, "config", /Retry\.Max = 10 → 11 attempts/],
    ["Retry.Max 0 → 1", `\tconf := sarama.NewConfig()\n\tconf.Producer.Retry.Max = 0`, "", 1, "config", /→ 1 attempt \(retries disabled\)/],
    ["a helper builds the config", `\tconf := getConfig()`, `\nfunc getConfig() *sarama.Config {\n\tc := sarama.NewConfig()\n\tc.Producer.Retry.Max = 2\n\treturn c\n}\n`, 3, "config", /→ 3 attempts/],
    ["the caller's setting wins over the helper's", `\tconf := getConfig()\n\tconf.Producer.Retry.Max = 5`, `\nfunc getConfig() *sarama.Config {\n\tc := sarama.NewConfig()\n\tc.Producer.Retry.Max = 2\n\treturn c\n}\n`, 6, "config", /= 5 → 6 attempts/],
    ["not a literal", `\tconf := sarama.NewConfig()\n\tconf.Producer.Retry.Max = n()`, "", null, "config", /not a literal/],
  ];
  for (const [name, body, extra, attempts, source, note] of cases) {
    test(`${name} → ${attempts}`, async () => {
      const f = await go(sarama(body, extra));
      const l = f.layers.find((x) => x.kind === "kafka-producer")!;
      assert.ok(l, "a kafka-producer layer");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
    });
  }

  test("anchor on the Retry.Max assignment, else the constructor; fixed 100 ms, no jitter; idempotent; broker", async () => {
    const set = await go(sarama(`\tconf := sarama.NewConfig()\n\tconf.Producer.Retry.Max = 10\n\tconf.Producer.Idempotent = true\n\tconf.Producer.Retry.Backoff = 250 * time.Millisecond`));
    const l = set.layers[0]!;
    assert.equal(l.anchor.line, 11);
    assert.equal(l.wait.kind, "fixed");
    assert.equal(l.wait.initialSeconds, 0.25);
    assert.deepEqual(l.condition.afterSendMethods, []);
    const unset = await go(sarama(`\tconf := sarama.NewConfig()`));
    assert.equal(unset.layers[0]!.anchor.line, 11);
    assert.equal(unset.layers[0]!.wait.initialSeconds, 0.1);
    assert.equal(unset.layers[0]!.wait.jitter, false);
    assert.deepEqual(unset.clients.find((k) => k.library === "sarama")!.baseUrl, { kind: "string", value: "kafka://kafka:9092" });
  });
});
