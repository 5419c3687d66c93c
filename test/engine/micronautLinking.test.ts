// Micronaut declarative clients and retries across services (detectors/java/micronautClient.ts,
// micronautRetry.ts): `@Client(id = "pricing-service")` reaches the service whose
// `micronaut.application.name` is that id (its folder is named otherwise); its `@Controller` method is the entry the call reaches,
// and a type-level `@Retryable(attempts = "2")` (3 attempts) multiplies what that service does.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("Micronaut clients and retries", () => {
  test("gateway @Client(id) @Retryable ×3 → pricing-service controller → its @Retryable client ×4 → tariffs: 12", async () => {
    const result = await checkFixture(`
//- gateway/src/main/resources/application.yml
micronaut:
  application:
    name: gateway
//- gateway/src/main/java/com/shop/gateway/PricingClient.java
package com.shop.gateway;

import io.micronaut.http.annotation.Post;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.retry.annotation.Retryable;

@Client(id = "pricing-service")
@Retryable(attempts = "2", delay = "2s")
// ^ layer ×3 RL001
public interface PricingClient {
    @Post("/prices")
    String price(String body);
}
//- gateway/src/main/java/com/shop/gateway/OfferController.java
package com.shop.gateway;

import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;

@Controller("/api/offers")
public class OfferController {
    private final PricingClient pricing;

    public OfferController(PricingClient pricing) {
        this.pricing = pricing;
    }

    @Post
    public String offer(String body) {
        return pricing.price(body);
    }
}
//- quotes/src/main/resources/application.yml
micronaut:
  application:
    name: pricing-service
//- quotes/src/main/java/com/shop/pricing/TariffClient.java
package com.shop.pricing;

import io.micronaut.http.annotation.Get;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.retry.annotation.Retryable;

@Client("http://tariffs:8080")
public interface TariffClient {
    @Retryable
// ^ layer ×4 RL001
    @Get("/tariffs")
    String tariffs();
}
//- quotes/src/main/java/com/shop/pricing/PriceController.java
package com.shop.pricing;

import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;

@Controller("/prices")
public class PriceController {
    private final TariffClient tariffs;

    public PriceController(TariffClient tariffs) {
        this.tariffs = tariffs;
    }

    @Post
    public String price(String body) {
        return tariffs.tariffs();
    }
}
//! rules RL001
`);
    const twelve = result.model.paths.find((p) => p.product === 12);
    assert.ok(twelve, `paths: ${JSON.stringify(result.model.paths.map((p) => [p.product, p.target]))}`);
    assert.equal(twelve!.target, "tariffs");
  });
});
