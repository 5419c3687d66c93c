// watermill-kafka publishers (docs/reference/kafka.md §watermill-kafka): kafka.NewPublisher builds a
// sarama SyncProducer; with no OverwriteSaramaConfig it uses DefaultSaramaSyncPublisherConfig
// (Producer.Retry.Max = 10 → 11 attempts), else the given config's Retry.Max (+ 1).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go } from "./helpers";

const publisher = (body: string, version = "/v3") => `package infra

import (
	"github.com/IBM/sarama"
	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill-kafka${version}/pkg/kafka"
	"github.com/ThreeDotsLabs/watermill/message"
)

func NewKafkaPublisher(addrs []string) (message.Publisher, error) {
${body}
	return pub, err
}

var _ = sarama.NewConfig
var _ = watermill.NopLogger{}
`;

describe("watermill-kafka publishers", () => {
  const cases: Array<[string, string, string, number | null, "default" | "config", RegExp]> = [
    ["no OverwriteSaramaConfig: watermill's Retry.Max 10", `\tpub, err := kafka.NewPublisher(kafka.PublisherConfig{Brokers: []string{"kafka:9092"}, Marshaler: kafka.DefaultMarshaler{}}, nil)`, "/v3", 11, "default", /DefaultSaramaSyncPublisherConfig sets Producer\.Retry\.Max = 10.* → 11 attempts/],
    ["OverwriteSaramaConfig: nil", `\tpub, err := kafka.NewPublisher(kafka.PublisherConfig{Brokers: addrs, OverwriteSaramaConfig: nil}, nil)`, "/v2", 11, "default", /→ 11 attempts/],
    ["a config variable bound to the literal", `\tcfg := kafka.PublisherConfig{Brokers: addrs}\n\tpub, err := kafka.NewPublisher(cfg, nil)`, "/v3", 11, "default", /→ 11 attempts/],
    ["a sarama.NewConfig() given: sarama's 3", `\tsc := sarama.NewConfig()\n\tpub, err := kafka.NewPublisher(kafka.PublisherConfig{Brokers: addrs, OverwriteSaramaConfig: sc}, nil)`, "/v3", 4, "default", /sarama\.NewConfig: Producer\.Retry\.Max = 3 → 4 attempts/],
    ["DefaultSaramaSyncPublisherConfig() with Retry.Max set", `\tsc := kafka.DefaultSaramaSyncPublisherConfig()\n\tsc.Producer.Retry.Max = 2\n\tpub, err := kafka.NewPublisher(kafka.PublisherConfig{Brokers: addrs, OverwriteSaramaConfig: sc}, nil)`, "/v3", 3, "config", /Retry\.Max = 2 → 3 attempts/],
    ["DefaultSaramaSyncPublisherConfig() unchanged", `\tsc := kafka.DefaultSaramaSyncPublisherConfig()\n\tpub, err := kafka.NewPublisher(kafka.PublisherConfig{Brokers: addrs, OverwriteSaramaConfig: sc}, nil)`, "/v3", 11, "default", /from DefaultSaramaSyncPublisherConfig: Producer\.Retry\.Max = 10 → 11/],
    ["Retry.Max 0 → 1", `\tsc := sarama.NewConfig()\n\tsc.Producer.Retry.Max = 0\n\tpub, err := kafka.NewPublisher(kafka.PublisherConfig{Brokers: addrs, OverwriteSaramaConfig: sc}, nil)`, "/v3", 1, "config", /retries disabled/],
    ["v1 positional config nil", `\tpub, err := kafka.NewPublisher(addrs, kafka.DefaultMarshaler{}, nil, nil)`, "", 11, "default", /→ 11 attempts/],
  ];
  for (const [name, body, version, attempts, source, note] of cases) {
    test(`${name} → ${attempts}`, async () => {
      const f = await go(publisher(body, version));
      const l = f.layers.find((x) => x.kind === "kafka-producer");
      assert.ok(l, "a kafka-producer layer");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
    });
  }

  test("anchor on NewPublisher (or the Retry.Max assignment); fixed 100 ms; the publisher is a Kafka client at the first broker, returned by the factory", async () => {
    const f = await go(publisher(`\tpub, err := kafka.NewPublisher(\n\t\tkafka.PublisherConfig{\n\t\t\tBrokers: []string{"kafka:9092"},\n\t\t},\n\t\tnil,\n\t)`));
    const l = f.layers[0]!;
    assert.equal(f.layers.length, 1);
    assert.equal(l.anchor.line, 11);
    assert.equal(l.wait.kind, "fixed");
    assert.equal(l.wait.initialSeconds, 0.1);
    assert.equal(l.condition.afterSendMethods, "all");
    const client = f.clients.find((k) => k.name.endsWith("pub"))!;
    assert.deepEqual(client.baseUrl, { kind: "string", value: "kafka://kafka:9092" });
    assert.ok(client.sdk && client.sdk.notSending.includes("Close"));
    assert.ok(f.functions.find((fn) => fn.id === "NewKafkaPublisher")?.returnsClientId, "the factory returns the publisher");
  });

  test("near misses: a subscriber, and NewPublisher of another package", async () => {
    const sub = await go(publisher(`\tsub, err := kafka.NewSubscriber(kafka.SubscriberConfig{Brokers: addrs}, nil)\n\tvar pub message.Publisher\n\t_ = sub`));
    assert.equal(sub.layers.length, 0);
    const other = await go(`package infra

import "example.com/events/kafka"

func New() { pub := kafka.NewPublisher(kafka.PublisherConfig{}, nil); _ = pub }
`);
    assert.equal(other.layers.length, 0);
  });
});
