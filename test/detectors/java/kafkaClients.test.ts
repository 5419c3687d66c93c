// Java kafka-clients KafkaProducer (docs/reference/kafka.md §kafka-clients): retries default
// Integer.MAX_VALUE bounded by delivery.timeout.ms 120 s (no count), `retries` N → N + 1, the
// settings read from the Properties of the method, the broker, and send() as a request.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { java, kotlin } from "./helpers";

const file = (puts: string) => `package com.shop;

import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;

public class Events {
    private final KafkaProducer<String, String> producer;

    public Events() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
${puts}
        this.producer = new KafkaProducer<>(props);
    }

    public void publish(String v) {
        producer.send(new ProducerRecord<>("orders", v));
    }
}
`;

describe("kafka-clients KafkaProducer", () => {
  const cases: Array<[string, string, number | null, string | null, RegExp]> = [
    ["default: Integer.MAX_VALUE, 120 s", "", null, "120 s (delivery.timeout.ms default 120000)", /default retries Integer\.MAX_VALUE \(kafka-clients ≥ 2\.1, KIP-91\): no practical count/],
    ["RETRIES_CONFIG 3 → 4", "        props.put(ProducerConfig.RETRIES_CONFIG, 3);", 4, null, /retries 3 → 4 attempts/],
    ["\"retries\" \"0\" → 1", `        props.setProperty("retries", "0");`, 1, null, /→ 1 attempt \(/],
    ["delivery.timeout.ms 30 s", "        props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30000);", null, "30 s (delivery.timeout.ms)", /until 30 s/],
  ];
  for (const [name, puts, attempts, timeBound, note] of cases) {
    test(`${name} → ${attempts}`, async () => {
      const f = await java(file(puts));
      const l = f.layers.find((x) => x.kind === "kafka-producer")!;
      assert.ok(l, `a kafka-producer layer; problems: ${f.problems.map((p) => p.message).join("; ")}`);
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.timeBound, timeBound);
      assert.match(l.attemptsNote, note);
    });
  }

  test("anchor on the retries put; idempotent unless disabled; broker; the holder is a client", async () => {
    const f = await java(file("        props.put(ProducerConfig.RETRIES_CONFIG, 3);\n        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);"));
    const l = f.layers[0]!;
    assert.equal(l.anchor.line, 14);
    assert.equal(l.condition.afterSendMethods, "all");
    const c = f.clients.find((k) => k.library === "kafka-clients")!;
    assert.deepEqual(c.baseUrl, { kind: "string", value: "kafka://kafka:9092" });
    assert.ok(c.sdk);
    const d = await java(file(""));
    assert.deepEqual(d.layers[0]!.condition.afterSendMethods, []);
    assert.equal(d.layers[0]!.anchor.line, 15);
  });

  test("Kotlin", async () => {
    const f = await kotlin(`package com.shop

import java.util.Properties
import org.apache.kafka.clients.producer.KafkaProducer
import org.apache.kafka.clients.producer.ProducerConfig

class Events {
    fun producer(): KafkaProducer<String, String> {
        val props = Properties()
        props.put(ProducerConfig.RETRIES_CONFIG, 2)
        return KafkaProducer(props)
    }
}
`);
    const l = f.layers.find((x) => x.kind === "kafka-producer");
    assert.ok(l, `problems: ${f.problems.map((p) => p.message).join("; ")}`);
    assert.equal(l!.maxAttempts, 3);
  });
});

describe("Spring Kafka DefaultKafkaProducerFactory", () => {
  const config = (puts: string) => `package com.shop;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.ProducerFactory;

public class KafkaConfig {
    @Bean
    public ProducerFactory<String, String> producerFactory() {
        Map<String, Object> configProps = new HashMap<>();
        configProps.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "kafka:9092");
${puts}
        return new DefaultKafkaProducerFactory<>(configProps);
    }
}
`;
  test("default: Integer.MAX_VALUE bounded by 120 s, on the factory line", async () => {
    const f = await java(config(""));
    const l = f.layers.find((x) => x.kind === "kafka-producer");
    assert.ok(l, `problems: ${f.problems.map((p) => p.message).join("; ")}`);
    assert.equal(l!.maxAttempts, null);
    assert.equal(l!.attemptsSource, "default");
    assert.equal(l!.timeBound, "120 s (delivery.timeout.ms default 120000)");
    assert.equal(l!.anchor.line, 16);
    assert.equal(l!.label, "DefaultKafkaProducerFactory");
  });
  test("RETRIES_CONFIG 3 → 4 on the put", async () => {
    const f = await java(config("        configProps.put(ProducerConfig.RETRIES_CONFIG, 3);"));
    const l = f.layers.find((x) => x.kind === "kafka-producer")!;
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.attemptsSource, "config");
    assert.equal(l.anchor.line, 15);
  });
  test("Kotlin HashMap + put", async () => {
    const f = await kotlin(`package com.shop

import org.apache.kafka.clients.producer.ProducerConfig
import org.springframework.kafka.core.DefaultKafkaProducerFactory

class KafkaConfig {
    fun producerFactory(): DefaultKafkaProducerFactory<String, String> {
        val props = HashMap<String, Any>()
        props.put(ProducerConfig.RETRIES_CONFIG, 1)
        return DefaultKafkaProducerFactory(props)
    }
}
`);
    const l = f.layers.find((x) => x.kind === "kafka-producer");
    assert.ok(l, `problems: ${f.problems.map((p) => p.message).join("; ")}`);
    assert.equal(l!.maxAttempts, 2);
  });
  test("near miss: a factory class of another library is not a producer", async () => {
    const f = await java(`package com.shop;

import org.springframework.kafka.core.KafkaTemplate;

public class Other {
    Object f = new DefaultConsumerFactory<>(null);
}
`);
    assert.equal(f.layers.filter((x) => x.kind === "kafka-producer").length, 0);
  });
});

describe("Micronaut @KafkaClient", () => {
  const client = (annotation: string) => `package com.shop;

import io.micronaut.configuration.kafka.annotation.KafkaClient;
import io.micronaut.configuration.kafka.annotation.KafkaKey;
import io.micronaut.configuration.kafka.annotation.Topic;
import io.micronaut.context.annotation.Property;
import org.apache.kafka.clients.producer.ProducerConfig;

${annotation}
public interface Events {
    @Topic("orders")
    void orderPlaced(@KafkaKey String id, Order order);

    default void twice(String id, Order o) { orderPlaced(id, o); orderPlaced(id, o); }
}
`;
  const cases: Array<[string, string, number | null, RegExp]> = [
    ["no properties: the kafka-clients default (no count, 120 s)", "@KafkaClient", null, /default retries Integer\.MAX_VALUE.*120 s/],
    ["properties RETRIES_CONFIG \"3\" → 4", `@KafkaClient(id = "events", properties = @Property(name = ProducerConfig.RETRIES_CONFIG, value = "3"))`, 4, /retries 3 → 4 attempts/],
    ["properties array with \"retries\" \"0\" → 1", `@KafkaClient(properties = {@Property(name = "acks", value = "all"), @Property(name = "retries", value = "0")})`, 1, /retries 0 → 1 attempt/],
  ];
  for (const [name, ann, attempts, note] of cases) {
    test(name, async () => {
      const f = await java(client(ann));
      const l = f.layers.find((x) => x.kind === "kafka-producer")!;
      assert.ok(l, `a layer; problems: ${f.problems.map((p) => p.message).join("; ")}`);
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.anchor.line, 9);
      assert.match(l.attemptsNote, note);
      // the abstract method is a send; the default method is code, not a send
      const sends = f.calls.filter((c) => c.request?.protocol === "queue");
      assert.deepEqual(sends.map((c) => c.callee), ["Events.orderPlaced"]);
      assert.deepEqual(l.attach.kind === "block" ? l.attach.callIds : null, sends.map((c) => c.id));
    });
  }

  test("a Micronaut HTTP @Client is not a Kafka client; @KafkaClient from elsewhere is not Micronaut's", async () => {
    const f = await java(`package com.shop;

import io.micronaut.http.client.annotation.Client;
import io.micronaut.configuration.kafka.annotation.Topic;
import com.acme.KafkaClient;

@KafkaClient
@Client("orders")
public interface Orders {
    void place(Order o);
}
`);
    assert.equal(f.layers.length, 0);
  });
});
