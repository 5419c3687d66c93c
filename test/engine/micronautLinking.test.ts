// Micronaut declarative clients and retries across services (detectors/java/micronautClient.ts,
// micronautRetry.ts): `@Client(id = "pricing-service")` reaches the service whose
// `micronaut.application.name` is that id (its folder is named otherwise); its `@Controller` method is the entry the call reaches,
// and a type-level `@Retryable(attempts = "2")` (3 attempts) multiplies what that service does.
// The client and the controller may take their routes from one API interface of a shared module
// (engine/jvmHttpInheritance.ts); the service's framework-built MongoClient (mongodb.uri) is the
// driver's retryable-reads layer of the operations on the injected client (engine/jvmDb.ts).
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

  test("an API interface shared by client and controller: inherited @Get methods ×3 → the controller → an injected reactive MongoClient (mongodb.uri) ×2: 6", async () => {
    const result = await checkFixture(`
//- gateway/src/main/resources/application.yml
micronaut:
  application:
    name: gateway
//- product-api/src/main/java/com/shop/product/api/ProductOperations.java
package com.shop.product.api;

import io.micronaut.http.annotation.Get;

public interface ProductOperations {
    @Get
    String getAll();

    @Get("/{code}")
    String get(String code);
}
//- gateway/src/main/java/com/shop/gateway/ProductClient.java
package com.shop.gateway;

import com.shop.product.api.ProductOperations;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.retry.annotation.Retryable;

@Client(id = "product-service", path = "/products")
@Retryable(attempts = "2")
// ^ layer ×3 RL001
public interface ProductClient extends ProductOperations {
}
//- gateway/src/main/java/com/shop/gateway/ProductGatewayController.java
package com.shop.gateway;

import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import javax.inject.Inject;

@Controller("/api/products")
public class ProductGatewayController {
    @Inject
    private ProductClient client;

    @Get
    public String getAll() {
        return client.getAll();
    }
}
//- product-service/src/main/resources/application.yml
micronaut:
  application:
    name: product-service
---
mongodb:
    uri: "mongodb://mongo:27017/demo"
# ^ layer ×2 RL001
//- product-service/src/main/java/com/shop/product/ProductsController.java
package com.shop.product;

import com.shop.product.api.ProductOperations;
import io.micronaut.http.annotation.Controller;

@Controller("/products")
public class ProductsController implements ProductOperations {
    private final ProductsRepository products;

    public ProductsController(ProductsRepository products) {
        this.products = products;
    }

    @Override
    public String getAll() {
        return products.findAll();
    }

    @Override
    public String get(String code) {
        return code;
    }
}
//- product-service/src/main/java/com/shop/product/ProductsRepository.java
package com.shop.product;

import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoCollection;
import javax.inject.Singleton;
import org.bson.Document;

@Singleton
public class ProductsRepository {
    private final MongoClient mongoClient;

    public ProductsRepository(MongoClient mongoClient) {
        this.mongoClient = mongoClient;
    }

    public String findAll() {
        return String.valueOf(getCollection().find());
    }

    private MongoCollection<Document> getCollection() {
        return mongoClient.getDatabase("demo").getCollection("product");
    }
}
//! rules RL001
//! path 6 mongo
`);
    assert.ok(result.model.paths.some((p) => p.product === 6));
  });
});
