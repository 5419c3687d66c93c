// spring-kafka listener container error handlers (docs/reference/kafka.md §"spring-kafka listener
// containers"): a factory without an error handler gets DefaultErrorHandler(FixedBackOff(0, 9)) →
// 10 deliveries; FixedBackOff's maxAttempts and ExponentialBackOffWithMaxRetries count retries;
// FixedBackOff() is unlimited; logging/stopping handlers do not redeliver; Micronaut's
// @KafkaListener is not spring-kafka's.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { java, kotlin } from "./helpers";

const javaFactory = (body: string, extraImports = "") => `package com.shop;

import org.springframework.context.annotation.Bean;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.listener.*;
import org.springframework.util.backoff.FixedBackOff;
${extraImports}
public class KafkaConfig {
    @Bean
    public ConcurrentKafkaListenerContainerFactory<String, String> ordersFactory() {
        ConcurrentKafkaListenerContainerFactory<String, String> factory = new ConcurrentKafkaListenerContainerFactory<>();
        factory.setConsumerFactory(consumerFactory());
${body}
        return factory;
    }
}
`;

const layerOf = async (text: string) => {
  const f = await java(text);
  const l = f.layers.filter((x) => x.library === "spring-kafka");
  assert.equal(l.length, 1, `one spring-kafka layer; got ${l.length}; problems: ${f.problems.map((p) => p.message).join("; ")}`);
  return l[0]!;
};

describe("spring-kafka container factory error handlers", () => {
  const cases: Array<[string, string, number | null, RegExp, string?]> = [
    ["no handler: DefaultErrorHandler FixedBackOff(0, 9)", "", 10, /FixedBackOff\(0, 9\) → 9 redeliveries, 10 deliveries/],
    ["DefaultErrorHandler() explicit", "        factory.setCommonErrorHandler(new DefaultErrorHandler());", 10, /default back-off FixedBackOff\(0, 9\) → 10/],
    ["FixedBackOff(1000L, 2L) counts retries → 3", "        factory.setCommonErrorHandler(new DefaultErrorHandler(new FixedBackOff(1000L, 2L)));", 3, /maxAttempts counts retries → 3 deliveries/],
    ["recoverer first, FixedBackOff(0, 0) → 1", "        factory.setCommonErrorHandler(new DefaultErrorHandler(recoverer, new FixedBackOff(0L, 0L)));", 1, /→ 1 delivery/],
    ["FixedBackOff() is unlimited", "        factory.setCommonErrorHandler(new DefaultErrorHandler(new FixedBackOff()));", null, /unlimited redeliveries \(FixedBackOff\(\) = 5000 ms/],
    ["ExponentialBackOffWithMaxRetries(4) in a local → 5", "        ExponentialBackOffWithMaxRetries backOff = new ExponentialBackOffWithMaxRetries(4);\n        backOff.setInitialInterval(500L);\n        factory.setCommonErrorHandler(new DefaultErrorHandler(backOff));", 5, /ExponentialBackOffWithMaxRetries\(4\)\): counts retries → 5/, "import org.springframework.kafka.support.ExponentialBackOffWithMaxRetries;\n"],
    ["CommonLoggingErrorHandler: no redelivery", "        factory.setCommonErrorHandler(new CommonLoggingErrorHandler());", 1, /not redelivered → 1 delivery/],
    ["legacy setErrorHandler(SeekToCurrentErrorHandler(FixedBackOff(100, 3)))", "        factory.setErrorHandler(new SeekToCurrentErrorHandler(new FixedBackOff(100L, 3L)));", 4, /→ 4 deliveries/],
    ["a handler built by a method of the class", "        factory.setCommonErrorHandler(errorHandler());\n    }\n    DefaultErrorHandler errorHandler() {\n        return new DefaultErrorHandler(new FixedBackOff(1000L, 5L));", 6, /→ 6 deliveries/],
  ];
  for (const [name, body, attempts, note, imports] of cases) {
    test(name, async () => {
      // the method-built case closes the bean method early: keep the file well-formed
      const text = body.includes("errorHandler()") ? javaFactory(body).replace("        return factory;\n    }\n}\n", "    }\n}\n").replace("return new DefaultErrorHandler(new FixedBackOff(1000L, 5L));", "return new DefaultErrorHandler(new FixedBackOff(1000L, 5L));\n    }\n    void unused() {") : javaFactory(body, imports);
      const l = await layerOf(text);
      assert.equal(l.maxAttempts, attempts);
      assert.match(l.attemptsNote, note);
      assert.equal(l.kind, "kafka-consumer");
      assert.deepEqual(l.kafkaContainerFactory, { bean: "ordersFactory" });
    });
  }

  test("anchor: the factory construction without a handler, the handler's construction with one; the default depends on the version", async () => {
    const d = await layerOf(javaFactory(""));
    assert.equal(d.anchor.line, 11);
    assert.equal(d.wait.kind, "none");
    assert.ok(d.versionDefaults, "the container default follows the spring-kafka version");
    const c = await layerOf(javaFactory("        factory.setCommonErrorHandler(new DefaultErrorHandler(new FixedBackOff(1000L, 2L)));"));
    assert.equal(c.anchor.line, 13);
    assert.equal(c.wait.kind, "fixed");
    assert.equal(c.versionDefaults, undefined);
  });

  test("Kotlin: a factory built by hand with only a consumer factory, @Bean(name = [...]) names it; the listener names it", async () => {
    const f = await kotlin(`package com.shop
import org.springframework.context.annotation.Bean
import org.springframework.kafka.annotation.KafkaListener
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory

class KafkaConsumerConfig {
    @Bean(name = ["cartFactory"])
    fun cartKafkaListenerContainerFactory(): ConcurrentKafkaListenerContainerFactory<String, String> {
        val factory = ConcurrentKafkaListenerContainerFactory<String, String>()
        factory.consumerFactory = cartConsumerFactory()
        return factory
    }

    @KafkaListener(topics = ["cart_events"], containerFactory = "cartFactory")
    fun consume(e: String) { println(e) }
}
`);
    const l = f.layers.find((x) => x.library === "spring-kafka")!;
    assert.equal(l.maxAttempts, 10);
    assert.equal(l.anchor.line, 9);
    assert.deepEqual(l.kafkaContainerFactory, { bean: "cartFactory" });
    assert.deepEqual(f.kafkaListeners, [{ functionId: "com.shop.KafkaConsumerConfig.consume", containerFactory: "cartFactory" }]);
  });

  test("Kotlin: commonErrorHandler = DefaultErrorHandler(FixedBackOff(2000L, 3))", async () => {
    const f = await kotlin(`package com.shop
import org.springframework.context.annotation.Bean
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory
import org.springframework.kafka.listener.DefaultErrorHandler
import org.springframework.util.backoff.FixedBackOff

class KafkaConsumerConfig {
    @Bean
    fun kafkaListenerContainerFactory(): ConcurrentKafkaListenerContainerFactory<String, String> {
        val factory = ConcurrentKafkaListenerContainerFactory<String, String>()
        factory.commonErrorHandler = DefaultErrorHandler(FixedBackOff(2000L, 3))
        return factory
    }
}
`);
    const l = f.layers.find((x) => x.library === "spring-kafka")!;
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.wait.initialSeconds, 2);
  });

  test("a listener on the default factory with none in the file: the auto-configured factory's layer on the annotation", async () => {
    const f = await java(`package com.shop;

import org.springframework.kafka.annotation.KafkaListener;

public class Listener {
    @KafkaListener(topics = "orders")
    public void on(String v) {}
}
`);
    const [l] = f.layers;
    assert.equal(l!.maxAttempts, 10);
    assert.equal(l!.anchor.line, 6);
    assert.deepEqual(l!.attach, { kind: "function", functionId: "com.shop.Listener.on" });
    assert.equal(l!.kafkaContainerFactory?.autoFor, "com.shop.Listener.on");
  });

  test("near misses: Micronaut's @KafkaListener, a factory outside a @Bean method, no spring-kafka import", async () => {
    const micronaut = await java(`package com.shop;

import io.micronaut.configuration.kafka.annotation.KafkaListener;
import io.micronaut.configuration.kafka.annotation.Topic;

@KafkaListener(groupId = "g")
public class Listener {
    @Topic("orders")
    public void on(String v) {}
}
`);
    assert.deepEqual(micronaut.layers.filter((l) => l.kind === "kafka-consumer"), []);
    const plain = await java(javaFactory("").replace("    @Bean\n", ""));
    assert.deepEqual(plain.layers.filter((l) => l.library === "spring-kafka"), []);
  });
});
