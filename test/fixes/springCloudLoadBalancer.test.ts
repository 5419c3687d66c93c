/**
 * Fixes on Spring Cloud LoadBalancer retries (docs/reference/spring-cloud-loadbalancer.md): the
 * count is (1 + same) × (1 + next) of the client's `spring.cloud.loadbalancer.clients.<id>.retry`
 * settings in the project's application.yml/properties; off writes next = 0. Unsafe.
 */
import { fixCases } from "./fixCases";

const YML = "orders/src/main/resources/application.yml";
const PROPS = "orders/src/main/resources/application.properties";
const ws = (settingsFile: string, settings: string, threshold: number) => `
//- orders/build.gradle.kts
dependencies {
    implementation("org.springframework.retry:spring-retry")
}
//- ${settingsFile}
${settings}//- orders/src/main/java/shop/orders/InventoryClient.java
package shop.orders;

import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.web.bind.annotation.*;

@FeignClient(name = "inventory")
public interface InventoryClient {
    @GetMapping("/stock")
    String stock();
}
//- orders/src/main/java/shop/orders/OrderController.java
package shop.orders;

import org.springframework.web.bind.annotation.*;

@RestController
public class OrderController {
    private final InventoryClient inventory;

    public OrderController(InventoryClient inventory) {
        this.inventory = inventory;
    }

    @GetMapping("/orders/stock")
    public String stock() {
        return inventory.stock();
    }
}
//! threshold ${threshold}
`;

const CLIENT = "orders/src/main/java/shop/orders/InventoryClient.java";

fixCases("Spring Cloud LoadBalancer retries", [
  {
    name: "off: the client's max-retries-on-next-service-instance: 0, added beside the other spring settings",
    workspace: ws(YML, "spring:\n  application:\n    name: orders\n", 1),
    finding: `RL001 ${CLIENT}:6`,
    fix: "Turn off Spring Cloud LoadBalancer retries for inventory",
    safety: "unsafe",
    after: `
//- ${YML}
spring:
  application:
    name: orders
  cloud:
    loadbalancer:
      clients:
        inventory:
          retry:
            max-retries-on-next-service-instance: 0
`,
  },
  {
    name: "lower: a same-instance count set globally is zeroed for the client too",
    workspace: ws(PROPS, "spring.application.name=orders\nspring.cloud.loadbalancer.retry.max-retries-on-same-service-instance=1\n", 2),
    finding: `RL001 ${CLIENT}:6`,
    fix: "Lower Spring Cloud LoadBalancer retries for inventory to 2 attempts",
    safety: "unsafe",
    after: `
//- ${PROPS}
spring.application.name=orders
spring.cloud.loadbalancer.retry.max-retries-on-same-service-instance=1
spring.cloud.loadbalancer.clients.inventory.retry.max-retries-on-next-service-instance=1
spring.cloud.loadbalancer.clients.inventory.retry.max-retries-on-same-service-instance=0
`,
  },
]);

const BEANS = "orders/src/main/java/shop/orders/Clients.java";
fixCases("Spring Cloud LoadBalancer retries: @LoadBalanced RestTemplate", [
  {
    name: "off: the global max-retries-on-next-service-instance: 0 replaces the written value",
    workspace: `
//- orders/build.gradle.kts
dependencies {
    implementation("org.springframework.retry:spring-retry")
}
//- ${YML}
spring:
  application:
    name: orders
  cloud:
    loadbalancer:
      retry:
        max-retries-on-next-service-instance: 2
//- ${BEANS}
package shop.orders;

import org.springframework.cloud.client.loadbalancer.LoadBalanced;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestTemplate;

@Configuration
public class Clients {
    @Bean
    @LoadBalanced
    public RestTemplate restTemplate() {
        return new RestTemplate();
    }
}
//- orders/src/main/java/shop/orders/OrderController.java
package shop.orders;

import org.springframework.web.bind.annotation.*;
import org.springframework.web.client.RestTemplate;

@RestController
public class OrderController {
    private final RestTemplate rest;

    public OrderController(RestTemplate rest) {
        this.rest = rest;
    }

    @GetMapping("/orders/stock")
    public String stock() {
        return rest.getForObject("http://inventory/stock", String.class);
    }
}
//! threshold 1
`,
    finding: `RL001 ${BEANS}:11`,
    fix: "Turn off Spring Cloud LoadBalancer retries for the @LoadBalanced RestTemplate",
    safety: "unsafe",
    after: `
//- ${YML}
spring:
  application:
    name: orders
  cloud:
    loadbalancer:
      retry:
        max-retries-on-next-service-instance: 0
`,
  },
]);
