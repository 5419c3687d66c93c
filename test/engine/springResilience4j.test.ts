/**
 * Resilience4j `@Retry(name = …)` layers configured in Spring settings (reference §3.1): the
 * instance, then its base-config or configs.default, then the built-ins (3 attempts, fixed 500 ms).
 * The layers here are built by hand, as the Java detector emits them (built-in defaults + configRef).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { applyResilience4jConfig } from "../../server/src/engine/resilience4jConfig";
import { ConfigIndex } from "../../server/src/engine/configEntries";
import { extractFile } from "../../server/src/engine/extract";
import { link } from "../../server/src/engine/link";
import { emptyFacts, type FileFacts, type LayerFact } from "../../server/src/model/facts";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";
import { checkFixture, layerAt } from "../harness";

const CODE = "orders/src/main/java/shop/orders/InventoryClient.java";
const YML = "orders/src/main/resources/application.yml";

/** What the Java detector emits for `@Retry(name = instance)` on line 12: Resilience4j's built-ins. */
function r4jLayer(instance: string): LayerFact {
  return {
    localId: "L12",
    kind: "resilience4j-retry",
    category: "code",
    library: "resilience4j",
    anchor: { line: 12, column: 2, endLine: 12, endColumn: 30 },
    maxAttempts: 3,
    attemptsSource: "default",
    attemptsNote: "maxAttempts default 3 (total)",
    timeBound: null,
    configRef: { library: "resilience4j", instance },
    wait: { kind: "fixed", jitter: false, initialSeconds: 0.5, maxSeconds: 0.5, source: "default", description: "fixed 500 ms (Resilience4j default)" },
    condition: { allErrors: true, exceptionTypes: [], statuses: [], retryOn: [], afterSendMethods: "all", permanentErrors: "it retries every exception", honoursRetryAfter: null, description: "every exception" },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach: { kind: "function", functionId: "InventoryClient.reserve" },
    label: "reserve",
  };
}

const configured = (files: Array<[path: string, text: string]>, instance = "inventory") =>
  applyResilience4jConfig(r4jLayer(instance), CODE, new ConfigIndex(files.map(([p, t]) => extractFile(p, t))));

describe("§3.1 Resilience4j instance settings", () => {
  const cases: Array<{ name: string; yml: string; attempts: number | null; source: "config" | "default"; wait: [kind: string, initial: number | null, jitter: boolean | null] }> = [
    { name: "no settings: the built-ins stay (3 attempts, fixed 500 ms)", yml: "other: 1\n", attempts: 3, source: "default", wait: ["fixed", 0.5, false] },
    { name: "instance max-attempts 5 counts attempts → 5", yml: "resilience4j.retry.instances.inventory.max-attempts: 5\n", attempts: 5, source: "config", wait: ["fixed", 0.5, false] },
    { name: "relaxed keys: maxAttempts / waitDuration", yml: "resilience4j:\n  retry:\n    instances:\n      inventory:\n        maxAttempts: 2\n        waitDuration: 1s\n", attempts: 2, source: "config", wait: ["fixed", 1, false] },
    { name: "configs.default applies to an instance with no settings", yml: "resilience4j.retry.configs.default:\n  max-attempts: 4\n  wait-duration: PT0.2S\n", attempts: 4, source: "config", wait: ["fixed", 0.2, false] },
    { name: "the instance wins over configs.default", yml: "resilience4j.retry:\n  configs.default.max-attempts: 4\n  instances.inventory.max-attempts: 6\n", attempts: 6, source: "config", wait: ["fixed", 0.5, false] },
    { name: "base-config instead of default", yml: "resilience4j.retry:\n  configs:\n    default: {max-attempts: 4}\n    slow: {max-attempts: 8, wait-duration: 2s}\n  instances.inventory.base-config: slow\n", attempts: 8, source: "config", wait: ["fixed", 2, false] },
    { name: "a bare number of wait-duration is milliseconds", yml: "resilience4j.retry.instances.inventory.wait-duration: 250\n", attempts: 3, source: "default", wait: ["fixed", 0.25, false] },
    { name: "exponential backoff: multiplier defaults to 1.5", yml: "resilience4j.retry.instances.inventory:\n  wait-duration: 100ms\n  enable-exponential-backoff: true\n", attempts: 3, source: "default", wait: ["exponential", 0.1, false] },
    { name: "exponential + randomized: jitter", yml: "resilience4j.retry.instances.inventory:\n  wait-duration: 100ms\n  enable-exponential-backoff: true\n  enable-randomized-wait: true\n", attempts: 3, source: "default", wait: ["exponential", 0.1, true] },
    { name: "randomized only: ±50% around the wait", yml: "resilience4j.retry.instances.inventory:\n  wait-duration: 1s\n  enable-randomized-wait: true\n", attempts: 3, source: "default", wait: ["random", 0.5, true] },
    { name: "trap: exponential without wait-duration keeps the fixed 500 ms", yml: "resilience4j.retry.instances.inventory.enable-exponential-backoff: true\n", attempts: 3, source: "default", wait: ["fixed", 0.5, false] },
    { name: "max-attempts 0 means unset", yml: "resilience4j.retry.instances.inventory.max-attempts: 0\n", attempts: 3, source: "default", wait: ["fixed", 0.5, false] },
    { name: "an unresolved placeholder: count unknown", yml: "resilience4j.retry.instances.inventory.max-attempts: ${RETRIES}\n", attempts: null, source: "config", wait: ["fixed", 0.5, false] },
    { name: "a placeholder with a default", yml: "resilience4j.retry.instances.inventory.max-attempts: ${RETRIES:7}\n", attempts: 7, source: "config", wait: ["fixed", 0.5, false] },
    { name: "a placeholder resolved from another setting", yml: "retries: 2\nresilience4j.retry.instances.inventory.max-attempts: ${retries}\n", attempts: 2, source: "config", wait: ["fixed", 0.5, false] },
    { name: "1.x's deprecated maxRetryAttempts also counts attempts (6 → 6)", yml: "resilience4j.retry.instances.inventory.maxRetryAttempts: 6\n", attempts: 6, source: "config", wait: ["fixed", 0.5, false] },
    { name: "max-attempts wins over the deprecated max-retry-attempts", yml: "resilience4j.retry.instances.inventory:\n  max-retry-attempts: 6\n  max-attempts: 2\n", attempts: 2, source: "config", wait: ["fixed", 0.5, false] },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const l = configured([[YML, c.yml]]);
      assert.equal(l.maxAttempts, c.attempts);
      assert.equal(l.attemptsSource, c.source);
      assert.deepEqual([l.wait.kind, l.wait.initialSeconds, l.wait.jitter], c.wait);
      assert.deepEqual(l.anchor, r4jLayer("inventory").anchor, "the anchor stays at the annotation");
      if (c.attempts === null) {
        assert.equal(l.countUnknown, true);
        assert.match(l.attemptsNote, /cannot be known/);
      }
    });
  }

  test("the note names the file and line of the setting", () => {
    const l = configured([[YML, "spring.application.name: orders\nresilience4j:\n  retry:\n    instances:\n      inventory:\n        max-attempts: 5\n"]]);
    assert.match(l.attemptsNote, /^application\.yml:6 max-attempts: 5 \(instance inventory\) → 5 attempts/);
  });

  test("a .properties file and a profile file: the base file wins, a profile-only value is marked", () => {
    const props = configured([
      ["orders/src/main/resources/application.properties", "resilience4j.retry.instances.inventory.max-attempts=4\n"],
      ["orders/src/main/resources/application-prod.yml", "resilience4j.retry.instances.inventory.max-attempts: 9\n"],
    ]);
    assert.equal(props.maxAttempts, 4);
    const prodOnly = configured([["orders/src/main/resources/application-prod.yml", "resilience4j.retry.instances.inventory.max-attempts: 9\n"]]);
    assert.equal(prodOnly.maxAttempts, 9);
    assert.match(prodOnly.attemptsNote, /profile prod/);
  });

  test("application.properties wins over application.yml, both over bootstrap.yml (Spring Boot precedence)", () => {
    const l = configured([
      ["orders/src/main/resources/bootstrap.yml", "resilience4j.retry.instances.inventory.max-attempts: 2\n"],
      [YML, "resilience4j.retry.instances.inventory.max-attempts: 7\n"],
      ["orders/src/main/resources/application.properties", "resilience4j.retry.instances.inventory.max-attempts=4\n"],
    ]);
    assert.equal(l.maxAttempts, 4);
    assert.equal(configured([["orders/src/main/resources/bootstrap.yml", "resilience4j.retry.instances.inventory.max-attempts: 2\n"], [YML, "resilience4j.retry.instances.inventory.max-attempts: 7\n"]]).maxAttempts, 7);
  });

  test("another project's settings do not apply", () => {
    const l = configured([["billing/src/main/resources/application.yml", "resilience4j.retry.instances.inventory.max-attempts: 9\n"]]);
    assert.equal(l.maxAttempts, 3);
  });

  test("exponential settings: multiplier, max wait; the switch is inherited from the base config", () => {
    const l = configured([[YML, "resilience4j.retry:\n  configs.default:\n    enable-exponential-backoff: true\n    exponential-backoff-multiplier: 2\n    exponential-max-wait-duration: 2s\n  instances.inventory.wait-duration: 200ms\n"]]);
    assert.deepEqual([l.wait.kind, l.wait.initialSeconds, l.wait.maxSeconds], ["exponential", 0.2, 2]);
    assert.match(l.wait.description, /×2/);
  });

  test("retry-exceptions narrows the condition; ignore-exceptions alone keeps every other exception", () => {
    const narrowed = configured([[YML, "resilience4j.retry.instances.inventory.retry-exceptions:\n  - java.io.IOException\n  - java.util.concurrent.TimeoutException\n"]]);
    assert.equal(narrowed.condition.allErrors, false);
    assert.deepEqual(narrowed.condition.exceptionTypes, ["java.io.IOException", "java.util.concurrent.TimeoutException"]);
    assert.equal(narrowed.condition.permanentErrors, null);
    const ignoring = configured([["orders/src/main/resources/application.properties", "resilience4j.retry.instances.inventory.ignore-exceptions=shop.BadRequest,shop.NotFound\n"]]);
    assert.equal(ignoring.condition.allErrors, true);
    assert.match(ignoring.condition.permanentErrors!, /except BadRequest, NotFound/);
  });

  test("a missing base-config is noted", () => {
    const l = configured([[YML, "resilience4j.retry.instances.inventory.base-config: nope\n"]]);
    assert.equal(l.maxAttempts, 3);
    assert.match(l.attemptsNote, /base-config nope is not defined/);
  });
});

describe("linking: the settings reach the layer where link.ts builds it", () => {
  test("a configured instance multiplies the hop with its configured attempts", () => {
    const java: FileFacts = { ...emptyFacts(CODE, "java"), layers: [r4jLayer("inventory")] };
    java.functions.push({ id: "InventoryClient.reserve", name: "reserve", span: { line: 13, column: 2, endLine: 16, endColumn: 3 }, params: [], paramDefaults: {}, topLevel: true, handler: { method: "POST", route: "/orders" }, raisesOnStatus: false, returnsClientId: null });
    java.calls.push({ id: "c1", span: { line: 14, column: 4, endLine: 14, endColumn: 40 }, functionId: "InventoryClient.reserve", callee: "rest.postForObject", args: [], request: { method: "POST", url: { kind: "setting", key: "inventory.baseUrl" }, protocol: "http", idempotencyKey: false, timeoutSeconds: null, library: "RestTemplate" } });
    // relaxed binding (baseUrl ≈ base-url) and a placeholder naming another setting
    const yml = extractFile(YML, "spring.application.name: orders\ninventory:\n  base-url: http://${inventory.host}:8080/reserve\n  host: inventory\nresilience4j.retry.instances.inventory.max-attempts: 5\n");
    const model = link([java, yml], { ...DEFAULT_SETTINGS, rules: {}, services: {}, helpers: [] });
    const layer = model.layerById.get(`${CODE}#L12`)!;
    assert.equal(layer.maxAttempts, 5);
    assert.equal(layer.service, "orders", "spring.application.name names the project's service");
    assert.deepEqual(model.paths.map((p) => [p.product, p.target, p.services]), [[5, "inventory", ["orders", "inventory"]]]);
  });
});

describe("the service's environment (Spring reads it before the files)", () => {
  const withEnv = (yml: string, env: Record<string, string>) =>
    applyResilience4jConfig(r4jLayer("inventory"), CODE, new ConfigIndex([extractFile(YML, yml)]), env);

  test("RESILIENCE4J_RETRY_INSTANCES_INVENTORY_MAXATTEMPTS overrides application.yml", () => {
    const l = withEnv("resilience4j.retry.instances.inventory.max-attempts: 3\n", { RESILIENCE4J_RETRY_INSTANCES_INVENTORY_MAXATTEMPTS: "6" });
    assert.equal(l.maxAttempts, 6);
    assert.match(l.attemptsNote, /^environment variable RESILIENCE4J_RETRY_INSTANCES_INVENTORY_MAXATTEMPTS max-attempts: 6/);
  });

  test("a ${RETRIES} placeholder takes the manifest's value", () => {
    assert.equal(withEnv("resilience4j.retry.instances.inventory.max-attempts: ${RETRIES}\n", { RETRIES: "4" }).maxAttempts, 4);
  });
});

describe("end to end with the Java detector (inline fixture)", () => {
  test("@Retry(name = \"inventory\") takes max-attempts 5 from application.yml; the gateway's ×4 multiplies it", async () => {
    const result = await checkFixture(`
//- orders/src/main/java/shop/orders/InventoryClient.java
package shop.orders;

import io.github.resilience4j.retry.annotation.Retry;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;

@RestController
public class InventoryClient {
    private final RestTemplate rest = new RestTemplate();

    @Retry(name = "inventory")
    // ^ layer ×5
    @PostMapping("/orders")
    public String reserve() {
        return rest.postForObject("http://inventory:8080/reservations", null, String.class);
    }
}
//- orders/src/main/resources/application.yml
spring:
  application:
    name: orders
resilience4j:
  retry:
    instances:
      inventory:
        max-attempts: 5
        wait-duration: 200ms
//- gateway/src/main/resources/application.yml
spring.cloud.gateway.routes:
  - id: orders
    uri: lb://orders
    filters:
      - Retry
      # ^ layer ×4
//! rules none
//! path 20 inventory
//! paths 1
`);
    const layer = layerAt(result, "orders/src/main/java/shop/orders/InventoryClient.java:12");
    assert.equal(layer.attemptsNote, "application.yml:8 max-attempts: 5 (instance inventory) → 5 attempts");
    assert.equal(layer.wait.description, "fixed 200 ms");
    assert.equal(layer.service, "orders");
  });
});
