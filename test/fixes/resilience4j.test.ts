/**
 * Fixes on Resilience4j `@Retry(name = "x")` (reference §3.1): the settings are edited where the
 * project writes them — application.yml (node ranges) or application.properties (one logical
 * line) — under `resilience4j.retry.instances.x`; an instance without settings gets a block.
 * `max-attempts` counts every attempt; `enable-randomized-wait` needs a `wait-duration` on the
 * same level, and keeps a max wait with exponential backoff only beside a multiplier and factor.
 */
import { fixCases } from "./fixCases";

const service = (lang: "java" | "kotlin" = "java") =>
  lang === "java"
    ? `
//- orders/src/main/java/com/shop/orders/OrderService.java
package com.shop.orders;

import io.github.resilience4j.retry.annotation.Retry;
import org.springframework.web.client.RestTemplate;

public class OrderService {
    private final RestTemplate rest = new RestTemplate();

    @Retry(name = "inventory")
    public String stock(String sku) {
        return rest.getForObject("http://inventory:8080/stock/" + sku, String.class);
    }
}
`
    : `
//- orders/src/main/kotlin/com/shop/orders/OrderService.kt
package com.shop.orders

import io.github.resilience4j.retry.annotation.Retry
import org.springframework.web.client.RestTemplate

class OrderService(private val rest: RestTemplate) {
    @Retry(name = "inventory")
    fun stock(sku: String): String? = rest.getForObject("http://inventory:8080/stock/" + sku, String::class.java)
}
`;

const JAVA = "orders/src/main/java/com/shop/orders/OrderService.java";

fixCases("Resilience4j settings", [
  {
    name: "application.yml: enable-randomized-wait beside the instance's wait-duration",
    workspace: `${service()}
//- orders/src/main/resources/application.yml
spring:
  application:
    name: orders
resilience4j:
  retry:
    instances:
      inventory:
        max-attempts: 2
        wait-duration: 200ms # fixed
`,
    finding: `RL004 ${JAVA}:9`,
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/src/main/resources/application.yml
spring:
  application:
    name: orders
resilience4j:
  retry:
    instances:
      inventory:
        max-attempts: 2
        wait-duration: 200ms # fixed
        enable-randomized-wait: true
`,
  },
  {
    name: "application.yml, nothing for the instance: a block beside configs.default, with the inherited wait",
    workspace: `${service()}
//- orders/src/main/resources/application.yml
resilience4j:
  retry:
    configs:
      default:
        wait-duration: 1s
        enable-exponential-backoff: true
        exponential-backoff-multiplier: 2
        exponential-max-wait-duration: 10s
`,
    finding: `RL004 ${JAVA}:9`,
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/src/main/resources/application.yml
resilience4j:
  retry:
    configs:
      default:
        wait-duration: 1s
        enable-exponential-backoff: true
        exponential-backoff-multiplier: 2
        exponential-max-wait-duration: 10s
    instances:
      inventory:
        wait-duration: 1s
        enable-randomized-wait: true
        randomized-wait-factor: 0.5
`,
  },
  {
    name: "no settings file: a new application.yml in the project's resources",
    workspace: service(),
    finding: `RL004 ${JAVA}:9`,
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/src/main/resources/application.yml
resilience4j:
  retry:
    instances:
      inventory:
        wait-duration: 500ms
        enable-randomized-wait: true
`,
  },
  {
    name: "application.properties: the value replaced on its line, new keys after the instance's last",
    workspace: `${service("kotlin")}
//- orders/src/main/resources/application.properties
spring.application.name=orders
resilience4j.retry.instances.inventory.max-attempts=3
resilience4j.retry.instances.inventory.enable-randomized-wait = false
resilience4j.retry.instances.inventory.wait-duration = 300ms
management.endpoints.web.exposure.include=health
`,
    finding: "RL004 orders/src/main/kotlin/com/shop/orders/OrderService.kt:7",
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/src/main/resources/application.properties
spring.application.name=orders
resilience4j.retry.instances.inventory.max-attempts=3
resilience4j.retry.instances.inventory.enable-randomized-wait = true
resilience4j.retry.instances.inventory.wait-duration = 300ms
management.endpoints.web.exposure.include=health
`,
  },
  {
    name: "RL001 (threshold 2): max-attempts lowered where it is written",
    workspace: `${service()}
//- orders/src/main/resources/application.yml
resilience4j.retry.instances.inventory:
  max-attempts: 5
  wait-duration: 100ms
  enable-randomized-wait: true
//! threshold 2
`,
    finding: `RL001 ${JAVA}:9`,
    fix: "Lower to 2 attempts",
    safety: "unsafe",
    after: `
//- orders/src/main/resources/application.yml
resilience4j.retry.instances.inventory:
  max-attempts: 2
  wait-duration: 100ms
  enable-randomized-wait: true
`,
  },
  {
    name: "RL001: turned off with max-attempts: 1 added to the instance (properties)",
    workspace: `${service()}
//- orders/src/main/resources/application.properties
resilience4j.retry.instances.inventory.wait-duration: 100ms
resilience4j.retry.instances.inventory.enable-randomized-wait: true
//! threshold 2
`,
    finding: `RL001 ${JAVA}:9`,
    fix: "Turn off Resilience4j retries",
    safety: "unsafe",
    after: `
//- orders/src/main/resources/application.properties
resilience4j.retry.instances.inventory.wait-duration: 100ms
resilience4j.retry.instances.inventory.enable-randomized-wait: true
resilience4j.retry.instances.inventory.max-attempts: 1
`,
  },
  {
    name: "RL003 wait-duration 0: exponential random backoff from 100ms; the profile document is left alone",
    workspace: `${service()}
//- orders/src/main/resources/application.yml
resilience4j:
  retry:
    instances:
      inventory:
        wait-duration: 0
---
spring:
  config:
    activate:
      on-profile: prod
resilience4j:
  retry:
    instances:
      inventory:
        max-attempts: 2
`,
    finding: `RL003 ${JAVA}:9`,
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/src/main/resources/application.yml
resilience4j:
  retry:
    instances:
      inventory:
        wait-duration: 100ms
        enable-exponential-backoff: true
        exponential-backoff-multiplier: 2
        enable-randomized-wait: true
---
spring:
  config:
    activate:
      on-profile: prod
resilience4j:
  retry:
    instances:
      inventory:
        max-attempts: 2
`,
  },
  {
    name: "legacy backends.<name>: the new key goes beside them, not into a new instances block",
    workspace: `${service()}
//- orders/src/main/resources/application.yml
resilience4j.retry:
  backends:
    inventory:
      maxAttempts: 3
      waitDuration: 250ms
`,
    finding: `RL004 ${JAVA}:9`,
    fix: "preferred",
    safety: "safe",
    after: `
//- orders/src/main/resources/application.yml
resilience4j.retry:
  backends:
    inventory:
      maxAttempts: 3
      waitDuration: 250ms
      enable-randomized-wait: true
`,
  },
]);
