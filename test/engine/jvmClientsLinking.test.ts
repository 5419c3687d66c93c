// Linking the JVM client families (docs/reference/apache-httpclient.md, openfeign.md): layers
// configured apart from the calls — a @Bean RestTemplate over Apache HttpClient injected into a
// service, a @Configuration Retryer bean under every @FeignClient — multiplied with a @Retryable.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("JVM client families: linking", () => {
  test("@Retryable (3) → @FeignClient under a @Configuration Retryer bean (5) → 15 calls reach inventory", async () => {
    const result = await checkFixture(`
//- orders/src/main/java/com/shop/orders/InventoryClient.java
package com.shop.orders;

import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.web.bind.annotation.*;

@FeignClient(name = "inventory", url = "http://inventory:8080")
public interface InventoryClient {
    @GetMapping("/stock")
    String stock();
}
//- orders/src/main/java/com/shop/orders/OrderService.java
package com.shop.orders;

import org.springframework.retry.annotation.Retryable;
import org.springframework.web.bind.annotation.*;

@RestController
public class OrderService {
    private final InventoryClient inventory;

    public OrderService(InventoryClient inventory) {
        this.inventory = inventory;
    }

    @Retryable(maxAttempts = 3)
// ^ layer ×3
    @GetMapping("/orders")
    public String check() {
        return inventory.stock();
    }
}
//- orders/src/main/java/com/shop/orders/FeignConfig.java
package com.shop.orders;

import feign.Retryer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
public class FeignConfig {
    @Bean
    public Retryer retryer() {
        return new Retryer.Default(100, 1000, 5);
// ^ layer ×5
    }
}
//! rules none
//! path 15 inventory
//! paths 1
`);
    assert.equal(result.model.paths[0]!.product, 15);
  });

  test("a @Bean RestTemplate over new HttpComponentsClientHttpRequestFactory() injected into a service: the Apache default (2, HttpClient 5) on its requests", async () => {
    const result = await checkFixture(`
//- web/src/main/java/com/shop/web/HttpConfig.java
package com.shop.web;

import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.web.client.RestTemplate;

@Configuration
public class HttpConfig {
    @Bean
    public RestTemplate restTemplate() {
        return new RestTemplate(new HttpComponentsClientHttpRequestFactory(HttpClients.createDefault()));
// ^ layer ×2
    }
}
//- web/src/main/java/com/shop/web/CatalogController.java
package com.shop.web;

import org.springframework.web.bind.annotation.*;
import org.springframework.web.client.RestTemplate;

@RestController
public class CatalogController {
    private final RestTemplate rest;

    public CatalogController(RestTemplate rest) {
        this.rest = rest;
    }

    @GetMapping("/catalog")
    public String catalog() {
        return rest.getForObject("http://catalog:8080/items", String.class);
    }
}
//! rules none
//! path 2 catalog
//! paths 1
`);
    assert.equal(result.model.paths[0]!.target, "catalog");
  });
});
