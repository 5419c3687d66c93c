/**
 * spring-kafka listener containers (docs/reference/kafka.md §"spring-kafka listener containers"):
 * a factory's error handler redelivers to the @KafkaListener methods that name it (another file of
 * the service), so it multiplies what the listener calls; a listener on the default name uses the
 * service's own kafkaListenerContainerFactory bean, else Spring Boot's auto-configured factory
 * (DefaultErrorHandler, or the service's CommonErrorHandler bean); a bean of another service is not it.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";

const CONFIG = "orders/src/main/kotlin/shop/orders/KafkaConsumerConfig.kt";
const LISTENER = "orders/src/main/kotlin/shop/orders/CartConsumer.kt";

const config = (bean: string, handler = "") => `package shop.orders

import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory
import org.springframework.kafka.listener.DefaultErrorHandler
import org.springframework.util.backoff.FixedBackOff

@Configuration
class KafkaConsumerConfig {
    @Bean
    fun ${bean}(): ConcurrentKafkaListenerContainerFactory<String, String> {
        val factory = ConcurrentKafkaListenerContainerFactory<String, String>()
        factory.consumerFactory = consumerFactory()
${handler}        return factory
    }
}
`;

const listener = (factory: string | null) => `package shop.orders

import org.springframework.kafka.annotation.KafkaListener
import org.springframework.stereotype.Service
import org.springframework.web.client.RestTemplate

@Service
class CartConsumer(private val rest: RestTemplate) {
    @KafkaListener(topics = ["cart_events"]${factory ? `, containerFactory = "${factory}"` : ""})
    fun consume(event: String) {
        rest.postForObject("http://inventory:8080/reserve", event, String::class.java)
    }
}
`;

async function model(files: Array<{ path: string; text: string }>) {
  return (await analyzeWorkspace(files, DEFAULT_SETTINGS)).model;
}

describe("spring-kafka error handlers wrap the listeners on their factory", () => {
  test("a hand-built factory without a handler: 10 deliveries of the listener, on its path to what it calls", async () => {
    const m = await model([
      { path: CONFIG, text: config("cartKafkaListenerContainerFactory") },
      { path: LISTENER, text: listener("cartKafkaListenerContainerFactory") },
    ]);
    const layer = m.layers.find((l) => l.kind === "kafka-consumer")!;
    assert.equal(layer.file, CONFIG);
    assert.equal(layer.anchor.line, 13);
    assert.equal(layer.maxAttempts, 10);
    const path = m.paths.find((p) => p.layers.includes(layer.id));
    assert.ok(path, `no path through the listener: ${JSON.stringify(m.paths.map((p) => [p.layers, p.target]))}`);
    assert.equal(path!.target, "inventory");
    assert.equal(path!.product, 10);
  });

  test("the factory's configured FixedBackOff(1000, 2): 3; a listener naming another factory is not wrapped", async () => {
    const m = await model([
      { path: CONFIG, text: config("cartKafkaListenerContainerFactory", "        factory.setCommonErrorHandler(DefaultErrorHandler(FixedBackOff(1000L, 2L)))\n") },
      { path: LISTENER, text: listener("cartKafkaListenerContainerFactory") },
      { path: "orders/src/main/kotlin/shop/orders/Other.kt", text: listener("otherFactory").replace("class CartConsumer", "class OtherConsumer").replace("inventory:8080", "billing:8080") },
    ]);
    const layer = m.layers.find((l) => l.kind === "kafka-consumer" && l.file === CONFIG)!;
    assert.equal(layer.maxAttempts, 3);
    const targets = m.paths.filter((p) => p.layers.includes(layer.id)).map((p) => p.target);
    assert.deepEqual(targets, ["inventory"]);
  });

  test("no factory bean in the service: Boot's auto-configured factory, a layer on the listener's annotation", async () => {
    const m = await model([{ path: LISTENER, text: listener(null) }]);
    const layer = m.layers.find((l) => l.kind === "kafka-consumer")!;
    assert.equal(layer.file, LISTENER);
    assert.equal(layer.anchor.line, 9);
    assert.equal(m.paths.find((p) => p.layers.includes(layer.id))?.product, 10);
  });

  test("the service's own kafkaListenerContainerFactory bean replaces the auto-configured one", async () => {
    const m = await model([
      { path: CONFIG, text: config("kafkaListenerContainerFactory", "        factory.setCommonErrorHandler(DefaultErrorHandler(FixedBackOff(0L, 1L)))\n") },
      { path: LISTENER, text: listener(null) },
    ]);
    const layers = m.layers.filter((l) => l.kind === "kafka-consumer");
    assert.deepEqual(layers.map((l) => [l.file, l.maxAttempts]), [[CONFIG, 2]]);
    assert.equal(m.paths.find((p) => p.layers.includes(layers[0]!.id))?.product, 2);
  });

  test("with the auto-configured factory, a CommonErrorHandler bean of the service is the handler", async () => {
    const m = await model([
      {
        path: CONFIG,
        text: `package shop.orders

import org.springframework.context.annotation.Bean
import org.springframework.kafka.listener.DefaultErrorHandler
import org.springframework.util.backoff.FixedBackOff

class ErrorConfig {
    @Bean
    fun errorHandler(): DefaultErrorHandler {
        return DefaultErrorHandler(FixedBackOff(500L, 4L))
    }
}
`,
      },
      { path: LISTENER, text: listener(null) },
    ]);
    const layers = m.layers.filter((l) => l.kind === "kafka-consumer");
    assert.deepEqual(layers.map((l) => [l.file, l.anchor.line, l.maxAttempts]), [[CONFIG, 10, 5]]);
    assert.equal(m.paths.find((p) => p.layers.includes(layers[0]!.id))?.product, 5);
  });

  test("a default factory of another service does not replace this one's auto-configured factory", async () => {
    const m = await model([
      { path: "billing/src/main/kotlin/shop/billing/KafkaConsumerConfig.kt", text: config("kafkaListenerContainerFactory", "        factory.setCommonErrorHandler(DefaultErrorHandler(FixedBackOff(0L, 1L)))\n").replace("package shop.orders", "package shop.billing") },
      { path: LISTENER, text: listener(null) },
    ]);
    const onListener = m.layers.filter((l) => l.kind === "kafka-consumer" && l.file === LISTENER);
    assert.equal(onListener.length, 1);
    assert.equal(m.paths.find((p) => p.layers.includes(onListener[0]!.id))?.product, 10);
  });
});

describe("KafkaTemplate sends through its producer factory", () => {
  test("listener → service → injected @Qualifier KafkaTemplate.send: the listener's 10 over the producer's time-bounded layer to kafka", async () => {
    const m = await model([
      { path: CONFIG, text: config("cartKafkaListenerContainerFactory") },
      {
        path: "orders/src/main/kotlin/shop/orders/KafkaProducerConfig.kt",
        text: `package shop.orders

import org.apache.kafka.clients.producer.ProducerConfig
import org.springframework.context.annotation.Bean
import org.springframework.kafka.core.DefaultKafkaProducerFactory
import org.springframework.kafka.core.KafkaTemplate
import org.springframework.kafka.core.ProducerFactory

class KafkaProducerConfig {
    @Bean
    fun orderEventProducerFactory(): ProducerFactory<String, String> {
        val configProps: MutableMap<String, Any> = HashMap()
        configProps[ProducerConfig.BOOTSTRAP_SERVERS_CONFIG] = "kafka:9092"
        return DefaultKafkaProducerFactory(configProps)
    }

    @Bean(name = ["orderEventTemplate"])
    fun orderEventTemplate(): KafkaTemplate<String, String> {
        return KafkaTemplate(orderEventProducerFactory())
    }
}
`,
      },
      {
        path: "orders/src/main/kotlin/shop/orders/OrderService.kt",
        text: `package shop.orders

import org.springframework.beans.factory.annotation.Qualifier
import org.springframework.kafka.core.KafkaTemplate
import org.springframework.stereotype.Service

@Service
class OrderService(@Qualifier("orderEventTemplate") private val orderEventTemplate: KafkaTemplate<String, String>) {
    fun create(e: String) {
        orderEventTemplate.send("order_events", e)
    }
}
`,
      },
      {
        path: LISTENER,
        text: `package shop.orders

import org.springframework.kafka.annotation.KafkaListener
import org.springframework.stereotype.Service

@Service
class CartConsumer(private val orderService: OrderService) {
    @KafkaListener(topics = ["cart_events"], containerFactory = "cartKafkaListenerContainerFactory")
    fun consume(event: String) {
        orderService.create(event)
    }
}
`,
      },
    ]);
    const listenerLayer = m.layers.find((l) => l.kind === "kafka-consumer")!;
    const producer = m.layers.find((l) => l.kind === "kafka-producer")!;
    assert.ok(producer, "the producer factory's layer");
    const path = m.paths.find((p) => p.layers.includes(listenerLayer.id) && p.layers.includes(producer.id));
    assert.ok(path, `no path listener → producer: ${JSON.stringify(m.paths.map((p) => [p.layers, p.target]))}`);
    assert.deepEqual(path!.layers, [listenerLayer.id, producer.id]);
    assert.equal(path!.product, null);
  });
});
