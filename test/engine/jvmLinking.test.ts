// Linking Java and Kotlin: Spring controllers → injected services across files and packages →
// HTTP clients, with the retry layers of §3.1 (Resilience4j), §3.2/§3.2b (@Retryable),
// §3.4 (Reactor) and §3.5 (OkHttp) multiplied along the path.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

describe("JVM linking", () => {
  test("Spring controller → @Retryable service → RestTemplate POST to inventory (§3.2: maxAttempts 3 → ×3)", async () => {
    const result = await checkFixture(`
//- orders/src/main/java/com/shop/orders/web/OrderController.java
package com.shop.orders.web;

import com.shop.orders.service.OrderService;
import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping("/orders")
public class OrderController {
    private final OrderService orders;

    public OrderController(OrderService orders) {
        this.orders = orders;
    }

    @PostMapping("/{id}")
    public String place(@PathVariable String id) {
        return orders.place(id);
    }
}
//- orders/src/main/java/com/shop/orders/service/OrderService.java
package com.shop.orders.service;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.retry.annotation.Retryable;
import org.springframework.web.client.RestTemplate;

@Service
public class OrderService {
    private final RestTemplate rest;
    @Value("\${inventory.url:http://inventory:8080}")
    private String inventoryUrl;

    public OrderService(RestTemplate rest) {
        this.rest = rest;
    }

    @Retryable(maxAttempts = 3)
// ^ layer ×3
    public String place(String id) {
        return rest.postForObject(inventoryUrl + "/reserve/" + id, null, String.class);
    }
}
//! rules none
//! path 3 inventory
//! paths 1
`);
    const path = result.model.paths[0]!;
    assert.equal(path.target, "inventory");
    assert.equal(layerAt(result, "orders/src/main/java/com/shop/orders/service/OrderService.java:17").kind, "spring-retry");
    const hop = result.model.hops.find((h) => h.callee === "inventory")!;
    assert.equal(hop.calls[0]?.method, "POST");
  });

  test("the URL comes from application.yml through the @Value setting (ConfigEntry lookup)", async () => {
    await checkFixture(`
//- orders/src/main/resources/application.yml
inventory:
  url: http://inventory:8080
//- orders/src/main/java/com/shop/orders/Client.java
package com.shop.orders;

public class Client {
    private final RestTemplate rest = new RestTemplate();
    @Value("\${inventory.url}")
    private String url;

    @org.springframework.resilience.annotation.Retryable(maxRetries = 2)
// ^ layer ×3
    public String stock() {
        return rest.getForObject(url + "/stock", String.class);
    }
}
//! rules none
//! path 3 inventory
`);
  });

  test("Kotlin: controller → @Retry service → WebClient with Reactor backoff(3): 3 × 4 = 12 (wildcard import, same package)", async () => {
    await checkFixture(`
//- orders/src/main/kotlin/com/shop/orders/OrderController.kt
package com.shop.orders

import com.shop.orders.clients.*

@RestController
@RequestMapping("/orders")
class OrderController(private val stock: StockClient) {
    @GetMapping("/{sku}")
    fun check(@PathVariable sku: String) = stock.available(sku)
}
//- orders/src/main/kotlin/com/shop/orders/clients/StockClient.kt
package com.shop.orders.clients

import io.github.resilience4j.retry.annotation.Retry
import reactor.util.retry.Retry as ReactorRetry
import java.time.Duration

@Service
class StockClient(builder: WebClient.Builder) {
    private val web = builder.baseUrl(Endpoints.INVENTORY).build()

    @Retry(name = "stock")
// ^ layer ×3
    fun available(sku: String): Mono<String> =
        web.get().uri("/stock/{sku}", sku).retrieve().bodyToMono(String::class.java)
            .retryWhen(ReactorRetry.backoff(3, Duration.ofMillis(100)))
// ^ layer ×4
}
//- orders/src/main/kotlin/com/shop/orders/clients/Endpoints.kt
package com.shop.orders.clients

object Endpoints {
    const val INVENTORY = "http://inventory:8080"
}
//! rules none
//! path 12 inventory
//! paths 1
`);
  });

  test("Java OkHttp client under a Spring 7 @Retryable: 4 × 2 (implicit route retry) = 8; disabled client ×4", async () => {
    await checkFixture(`
//- billing/src/main/java/com/shop/billing/PaymentsClient.java
package com.shop.billing;

import okhttp3.OkHttpClient;
import okhttp3.Request;
import org.springframework.resilience.annotation.Retryable;

public class PaymentsClient {
    private final OkHttpClient http = new OkHttpClient.Builder().build();
// ^ layer ×2
    private final OkHttpClient quiet = new OkHttpClient.Builder()
        .retryOnConnectionFailure(false)
// ^ layer disabled
        .build();

    @Retryable
// ^ layer ×4
    public void charge(String body) throws Exception {
        Request req = new Request.Builder().url("http://payments:8080/charge").post(null).build();
        http.newCall(req).execute();
    }

    @Retryable
// ^ layer ×4
    public void refund() throws Exception {
        quiet.newCall(new Request.Builder().url("http://refunds:8080/refund").build()).execute();
    }
}
//! rules none
//! path 8 payments
//! path 4 refunds
`);
  });

  test("Kotlin calls a Java class across packages by import; Resilience4j programmatic retry wraps the lambda", async () => {
    await checkFixture(`
//- shop/src/main/kotlin/com/shop/api/Api.kt
package com.shop.api

import com.shop.core.Inventory

@RestController
class Api(private val inventory: Inventory) {
    @PostMapping("/reserve")
    fun reserve() = inventory.reserve()
}
//- shop/src/main/java/com/shop/core/Inventory.java
package com.shop.core;

import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;

public class Inventory {
    private final RestTemplate rest = new RestTemplate();
    private final Retry retry = Retry.of("inventory", RetryConfig.custom().maxAttempts(5).build());
// ^ layer ×5

    public String reserve() {
        return retry.executeSupplier(() -> rest.postForObject("http://inventory:8080/reserve", null, String.class));
    }
}
//! rules none
//! path 5 inventory
//! paths 1
`);
  });

  test("a call on an injected interface reaches the implementing class (Spring beans are implementations)", async () => {
    await checkFixture(`
//- orders/src/main/java/com/shop/orders/api/Api.java
package com.shop.orders.api;

import com.shop.orders.service.StockService;

@RestController
public class Api {
    private final StockService stock;
    public Api(StockService stock) { this.stock = stock; }
    @GetMapping("/stock")
    public String stock() { return stock.check(); }
}
//- orders/src/main/java/com/shop/orders/service/StockService.java
package com.shop.orders.service;

public interface StockService {
    String check();
}
//- orders/src/main/kotlin/com/shop/orders/service/StockServiceImpl.kt
package com.shop.orders.service

import org.springframework.retry.annotation.Retryable

@Service
class StockServiceImpl(private val rest: RestTemplate) : StockService {
    @Retryable(maxAttempts = 5)
// ^ layer ×5
    override fun check(): String = rest.getForObject("http://inventory:8080/stock", String::class.java)!!
}
//! rules none
//! path 5 inventory
//! paths 1
`);
  });

  test("an OpenFeign client interface sends its mapped request; its methods are not entry points", async () => {
    const result = await checkFixture(`
//- checkout/src/main/java/com/shop/checkout/InventoryApi.java
package com.shop.checkout;

import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.web.bind.annotation.*;

@FeignClient(name = "inventory", path = "/api")
// ^ layer disabled
public interface InventoryApi {
    @PostMapping("/reserve/{sku}")
    String reserve(@PathVariable String sku);
}
//- checkout/src/main/java/com/shop/checkout/Checkout.java
package com.shop.checkout;

import io.github.resilience4j.retry.annotation.Retry;

@RestController
public class Checkout {
    private final InventoryApi inventory;
    public Checkout(InventoryApi inventory) { this.inventory = inventory; }

    @Retry(name = "inventory")
// ^ layer ×3
    @PostMapping("/checkout")
    public String checkout() { return inventory.reserve("sku-1"); }
}
//! rules none
//! path 3 inventory
//! paths 1
`);
    const hop = result.model.hops.find((h) => h.callee === "inventory")!;
    assert.equal(hop.calls[0]?.method, "POST");
    assert.equal(hop.caller, "checkout");
  });

  test("injected clients come from @Bean factories: the OkHttp default layer and a WebClient base URL", async () => {
    await checkFixture(`
//- billing/src/main/java/com/shop/billing/Clients.java
package com.shop.billing;

@Configuration
public class Clients {
    @Bean
    public OkHttpClient okHttp() {
        return new OkHttpClient.Builder().build();
// ^ layer ×2
    }

    @Bean
    public WebClient ledger(WebClient.Builder builder, @Value("\${ledger.url:http://ledger:8080}") String url) {
        return builder.baseUrl(url).build();
    }
}
//- billing/src/main/java/com/shop/billing/Billing.java
package com.shop.billing;

import org.springframework.retry.annotation.Retryable;

@Service
public class Billing {
    private final OkHttpClient http;
    private final WebClient ledger;

    public Billing(OkHttpClient http, WebClient ledger) {
        this.http = http;
        this.ledger = ledger;
    }

    @Retryable(maxAttempts = 3)
// ^ layer ×3
    public void charge() throws Exception {
        http.newCall(new Request.Builder().url("http://payments:8080/charge").post(null).build()).execute();
        ledger.post().uri("/entries").retrieve().toBodilessEntity();
    }
}
//! rules none
//! path 6 payments
//! path 3 ledger
`);
  });

  test("@Retryable on an interface method wraps the implementation's calls", async () => {
    await checkFixture(`
//- orders/src/main/java/com/shop/orders/Api.java
package com.shop.orders;

@RestController
public class Api {
    private final Stock stock;
    public Api(Stock stock) { this.stock = stock; }
    @GetMapping("/stock")
    public String get() { return stock.check(); }
}
//- orders/src/main/java/com/shop/orders/Stock.java
package com.shop.orders;

import org.springframework.retry.annotation.Retryable;

public interface Stock {
    @Retryable(maxAttempts = 4)
// ^ layer ×4
    String check();
}
//- orders/src/main/java/com/shop/orders/HttpStock.java
package com.shop.orders;

@Service
public class HttpStock implements Stock {
    private final RestTemplate rest = new RestTemplate();
    @Override
    public String check() { return rest.getForObject("http://inventory:8080/stock", String.class); }
}
//! rules none
//! path 4 inventory
//! paths 1
`);
  });
});
