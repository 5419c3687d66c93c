/**
 * Spring Cloud Stream consumer retries (detectors/spring/cloudStream.ts, engine/cloudStream.ts):
 * `consumer.max-attempts` counts attempts including the first (default 3, 1 disables), back-off
 * 1000 ms ×2.0 up to 10 s by default; the default consumer level applies to every binding; the layer
 * wraps the consumer bean the binding names.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extractFile } from "../../../server/src/engine/extract";
import { link } from "../../../server/src/engine/link";
import { DEFAULT_SETTINGS } from "../../../server/src/model/model";
import { initTreeSitter } from "../../../server/src/parsing/treeSitter";
import { worthParsing } from "../../../server/src/host/workspace";

const YML = "products/src/main/resources/application.yml";
const layers = (text: string, path = YML) => extractFile(path, text).layers.filter((l) => l.kind === "spring-cloud-stream-retry");

const CASES: Array<{ name: string; yml: string; path?: string; expect: Array<[line: number, attempts: number | null, source: "config" | "default", wait: string, initial: number | null]> }> = [
  {
    name: "binding max-attempts counts attempts: 3 → 3, back-off settings read",
    yml: "spring.cloud.stream.bindings.messageProcessor-in-0.consumer:\n  maxAttempts: 3\n  backOffInitialInterval: 500\n  backOffMaxInterval: 1000\n  backOffMultiplier: 2.0\n",
    expect: [[2, 3, "config", "exponential", 0.5]],
  },
  {
    name: "kebab-case nested keys (Kafka binder app), default back-off 1 s ×2",
    yml: "spring:\n  cloud:\n    stream:\n      bindings:\n        consumeTransaction-in-0:\n          destination: transactions\n          consumer:\n            max-attempts: 5\n",
    expect: [[8, 5, "config", "exponential", 1]],
  },
  { name: "max-attempts 1 disables (one attempt)", yml: "spring.cloud.stream.bindings.in-in-0.consumer.max-attempts: 1\n", expect: [[1, 1, "config", "exponential", 1]] },
  { name: "a placeholder with a default takes the default", yml: "spring.cloud.stream.bindings.in-in-0.consumer.max-attempts: ${ATTEMPTS:4}\n", expect: [[1, 4, "config", "exponential", 1]] },
  { name: "an open placeholder: count unknown", yml: "spring.cloud.stream.bindings.in-in-0.consumer.max-attempts: ${ATTEMPTS}\n", expect: [[1, null, "config", "exponential", 1]] },
  { name: "retry configured without a count: the default 3", yml: "spring.cloud.stream.bindings.in-in-0.consumer.back-off-initial-interval: 200\n", expect: [[1, 3, "default", "exponential", 0.2]] },
  {
    name: "default consumer level: one layer there; a binding with its own count gets its own",
    yml: "spring.cloud.stream:\n  default.consumer.max-attempts: 4\n  bindings:\n    a-in-0.consumer.back-off-multiplier: 1.0\n    b-in-0.consumer.max-attempts: 2\n",
    expect: [[2, 4, "config", "exponential", 1], [5, 2, "config", "exponential", 1]],
  },
  { name: "multiplier 1: a fixed wait", yml: "spring.cloud.stream.bindings.in-in-0.consumer:\n  max-attempts: 2\n  back-off-multiplier: 1\n", expect: [[2, 2, "config", "fixed", 1]] },
  { name: "a Spring Cloud Config repository file (config-repo/product.yml)", path: "config-repo/product.yml", yml: "spring.cloud.stream.bindings.messageProcessor-in-0.consumer:\n  maxAttempts: 3\n", expect: [[2, 3, "config", "exponential", 1]] },
  { name: "properties format", path: "products/src/main/resources/application.properties", yml: "spring.cloud.stream.bindings.input.consumer.maxAttempts=6\n", expect: [[1, 6, "config", "exponential", 1]] },
];

describe("Spring Cloud Stream consumer retry settings", () => {
  for (const c of CASES) {
    test(c.name, () => {
      const got = layers(c.yml, c.path).map((l) => [l.anchor.line, l.maxAttempts, l.attemptsSource, l.wait.kind, l.wait.initialSeconds]);
      assert.deepEqual(got, c.expect);
    });
  }

  test("near misses: a binding with no retry setting, producer settings, another prefix", () => {
    assert.deepEqual(layers("spring.cloud.stream.bindings.in-in-0:\n  destination: products\n  group: g\n"), []);
    assert.deepEqual(layers("spring.cloud.stream.bindings.out-out-0.producer.partition-count: 2\n"), []);
    assert.deepEqual(layers("spring.rabbitmq.listener.simple.retry.max-attempts: 3\n").length, 0);
    assert.deepEqual(layers("stream:\n  maxAttempts: 3\n", "config-repo/other.yml"), []);
  });

  test("a config-repository file with Stream settings is read by the workspace walker", () => {
    assert.equal(worthParsing("config-repo/product.yml", "spring.cloud.stream.bindings.messageProcessor-in-0.consumer:\n  maxAttempts: 3\n"), true);
    assert.equal(worthParsing("config-repo/product.yml", "spring:\n  cloud:\n    stream:\n      bindings: {}\n"), true);
  });

  test("default-retryable false: only the listed exceptions", () => {
    const [l] = layers("spring.cloud.stream.bindings.in-in-0.consumer:\n  max-attempts: 3\n  default-retryable: false\n  retryable-exceptions:\n    java.io.IOException: true\n");
    assert.equal(l!.condition.allErrors, false);
    assert.deepEqual(l!.condition.exceptionTypes, ["java.io.IOException"]);
  });
});

describe("Spring Cloud Stream consumer linking", () => {
  test("the binding's layer wraps the consumer bean's lambda and what it calls", async () => {
    await initTreeSitter();
    const java = `package shop;
import java.util.function.Consumer;
import org.springframework.context.annotation.Bean;
import org.springframework.web.client.RestTemplate;
public class Processor {
    private final RestTemplate rest = new RestTemplate();
    @Bean
    public Consumer<String> messageProcessor() {
        return event -> {
            rest.postForObject("http://inventory/reserve", event, String.class);
        };
    }
}
`;
    const model = link(
      [
        extractFile("products/src/main/resources/application.yml", "spring.application.name: products\nspring.cloud.stream.bindings.messageProcessor-in-0.consumer.max-attempts: 4\n"),
        extractFile("products/src/main/java/shop/Processor.java", java),
      ],
      DEFAULT_SETTINGS,
    );
    const layer = model.layers.find((l) => l.kind === "spring-cloud-stream-retry")!;
    assert.equal(layer.maxAttempts, 4);
    const path = model.paths.find((p) => p.layers.includes(layer.id));
    assert.ok(path, `no path through the stream layer: ${JSON.stringify(model.paths.map((p) => p.layers))}`);
    assert.equal(path!.target, "inventory");
  });

  test("a request into the consumer's service does not continue through the consumer (a message starts it)", async () => {
    await initTreeSitter();
    const consumer = `package shop;
import java.util.function.Consumer;
import org.springframework.context.annotation.Bean;
import org.springframework.web.client.RestTemplate;
public class Processor {
    private final RestTemplate rest = new RestTemplate();
    @Bean
    public Consumer<String> messageProcessor() {
        return event -> rest.postForObject("http://inventory/reserve", event, String.class);
    }
}
`;
    const caller = `package web;
import org.springframework.retry.annotation.Retryable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;
@RestController
public class Front {
    private final RestTemplate rest = new RestTemplate();
    @Retryable(maxAttempts = 3)
    @GetMapping("/front")
    public String front() { return rest.getForObject("http://products/items", String.class); }
}
`;
    const model = link(
      [
        extractFile("products/src/main/resources/application.yml", "spring.application.name: products\nspring.cloud.stream.bindings.messageProcessor-in-0.consumer.max-attempts: 4\n"),
        extractFile("products/src/main/java/shop/Processor.java", consumer),
        extractFile("front/src/main/resources/application.yml", "spring.application.name: front\n"),
        extractFile("front/src/main/java/web/Front.java", caller),
      ],
      DEFAULT_SETTINGS,
    );
    const stream = model.layers.find((l) => l.kind === "spring-cloud-stream-retry")!;
    const retry = model.layers.find((l) => l.kind === "spring-retry")!;
    assert.ok(model.paths.some((p) => p.layers.includes(stream.id)));
    assert.deepEqual(model.paths.filter((p) => p.layers.includes(stream.id) && p.layers.includes(retry.id)), []);
  });

  test("a config-repository file configures the service named like it; a bean with injected parameters; a legacy channel is not followed", async () => {
    await initTreeSitter();
    const java = `package shop;
import java.util.function.Consumer;
import org.springframework.context.annotation.Bean;
import org.springframework.web.client.RestTemplate;
public class Processor {
    @Bean
    public Consumer<String> messageProcessor(RestTemplate rest) {
        return event -> {
            rest.postForObject("http://inventory/reserve", event, String.class);
        };
    }
    @Bean
    public Consumer<String> input(RestTemplate rest) {
        return event -> rest.postForObject("http://billing/charge", event, String.class);
    }
}
`;
    const model = link(
      [
        extractFile("config-repo/product.yml", "spring.cloud.stream.bindings:\n  messageProcessor-in-0.consumer.max-attempts: 4\n  input.consumer.max-attempts: 5\n"),
        extractFile("docker-compose.yml", "services:\n  product:\n    build: microservices/product-service\n"),
        extractFile("microservices/product-service/src/main/java/shop/Processor.java", java),
      ],
      DEFAULT_SETTINGS,
    );
    const layers = model.layers.filter((l) => l.kind === "spring-cloud-stream-retry");
    assert.deepEqual(layers.map((l) => l.maxAttempts), [4, 5]);
    const targets = (id: string) => model.paths.filter((p) => p.layers.includes(id)).map((p) => p.target);
    assert.deepEqual(targets(layers[0]!.id), ["inventory"]);
    assert.deepEqual(targets(layers[1]!.id).filter((t) => t === "billing"), []);
  });
});
