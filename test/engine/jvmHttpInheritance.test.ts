// Routes inherited from an API interface of another file (detectors/java/httpInterfaces.ts,
// engine/jvmHttpInheritance.ts): a Micronaut `@Client` / Spring `@FeignClient` interface extending
// it sends the requests its abstract methods declare (the client's type-level layer wraps them),
// a controller implementing it serves them. Not: a plain interface extending the API, a default
// method with a body, an interface of another package with the same name and method names.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { java, kotlin } from "../detectors/java/helpers";
import { withInheritedHttpRoutes } from "../../server/src/engine/jvmHttpInheritance";
import type { FileFacts } from "../../server/src/model/facts";

const API = `package com.shop.product.api;

import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;

public interface ProductOperations extends BaseOperations {
    @Get
    String getAll();

    @Get("/{code}")
    String get(String code);

    @Post("/{code}/views")
    String view(String code);

    // runs its body: the introduction advice implements abstract methods only
    @Get("/{code}/summary")
    default String describe(String code) {
        return "product " + code;
    }
}
`;
const BASE = `package com.shop.product.api;

import io.micronaut.http.annotation.Get;

public interface BaseOperations {
    @Get("/health")
    String health();
}
`;
// the same simple name and method names in another package: never what the client extends
const LEGACY = `package com.shop.legacy;

import io.micronaut.http.annotation.Delete;

public interface ProductOperations {
    @Delete("/legacy")
    String getAll();

    @Delete("/legacy/{code}")
    String list(String code);
}
`;
const CLIENT = `package com.shop.gateway;

import com.shop.product.api.ProductOperations;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.retry.annotation.Retryable;

@Client(id = "product-service", path = "/products")
@Retryable(attempts = "2")
public interface ProductClient extends ProductOperations {
    @Override
    String get(String code);
}
`;
const PLAIN = `package com.shop.gateway;

import com.shop.product.api.ProductOperations;

public interface ProductView extends ProductOperations {
}
`;

async function workspace(): Promise<FileFacts[]> {
  return [
    await java(API, "product-api/src/main/java/com/shop/product/api/ProductOperations.java"),
    await java(BASE, "product-api/src/main/java/com/shop/product/api/BaseOperations.java"),
    await java(LEGACY, "legacy/src/main/java/com/shop/legacy/ProductOperations.java"),
    await java(CLIENT, "gateway/src/main/java/com/shop/gateway/ProductClient.java"),
    await java(PLAIN, "gateway/src/main/java/com/shop/gateway/ProductView.java"),
  ];
}

const requestsOf = (f: FileFacts) => Object.fromEntries(f.calls.filter((c) => c.request).map((c) => [c.callee, c.request!]));
const urlOf = (parts: unknown) => (parts as { parts: Array<{ value?: string }> }).parts.map((p) => p.value ?? "?").join("");

describe("HTTP routes inherited from an API interface", () => {
  test("a Micronaut @Client sends its inherited methods (and its API's base API's), the override gets the API's verb and URI", async () => {
    const linked = withInheritedHttpRoutes(await workspace(), new Map());
    const client = linked.find((f) => f.path.endsWith("ProductClient.java"))!;
    const reqs = requestsOf(client);
    assert.deepEqual(Object.keys(reqs).sort(), ["ProductClient.get", "ProductClient.getAll", "ProductClient.health", "ProductClient.view"]);
    assert.equal(reqs["ProductClient.getAll"]!.method, "GET");
    assert.equal(urlOf(reqs["ProductClient.getAll"]!.url), "http://product-service/products");
    assert.equal(reqs["ProductClient.get"]!.method, "GET");
    assert.equal(urlOf(reqs["ProductClient.get"]!.url), "http://product-service/products/{code}");
    assert.equal(reqs["ProductClient.view"]!.method, "POST");
    assert.equal(urlOf(reqs["ProductClient.health"]!.url), "http://product-service/products/health");
    // the inherited methods are functions of the client, so `client.getAll()` resolves to them
    assert.ok(client.functions.some((f) => f.id === "com.shop.gateway.ProductClient.getAll"));
    // the type-level @Retryable wraps every request of the client, inherited ones too
    const layer = client.layers.find((l) => l.kind === "micronaut-retry")!;
    const ids = layer.attach.kind === "block" ? layer.attach.callIds : [];
    assert.deepEqual(new Set(ids), new Set(client.calls.filter((c) => c.request).map((c) => c.id)));
  });

  test("no request: a default method with a body, a plain interface extending the API, an unrelated API's methods", async () => {
    const written = await workspace();
    const linked = withInheritedHttpRoutes(written, new Map());
    const client = linked.find((f) => f.path.endsWith("ProductClient.java"))!;
    assert.equal(requestsOf(client)["ProductClient.describe"], undefined);
    assert.equal(requestsOf(client)["ProductClient.list"], undefined);
    assert.ok(!client.calls.some((c) => c.request?.method === "DELETE"));
    const plain = linked.find((f) => f.path.endsWith("ProductView.java"))!;
    assert.deepEqual(plain.calls, []);
    // facts are copied, never changed in place (the extraction cache keeps them)
    assert.ok(!written.find((f) => f.path.endsWith("ProductClient.java"))!.calls.some((c) => c.callee === "ProductClient.getAll"));
  });

  test("a controller implementing the API serves its routes under its own prefix; its other methods stay no entries", async () => {
    const controller = await java(
      `package com.shop.product;

import com.shop.product.api.ProductOperations;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

@Controller("/products")
public class ProductsController implements ProductOperations {
    @Override
    public String getAll() { return "all"; }

    @Override
    public String get(String code) { return code; }

    @Get("/count")
    public String view(String code) { return code; }

    public String health() { return "ok"; }

    public String describe(String code) { return code; }
}
`,
      "product-service/src/main/java/com/shop/product/ProductsController.java",
    );
    const linked = withInheritedHttpRoutes([...(await workspace()), controller], new Map());
    const fns = Object.fromEntries(linked.at(-1)!.functions.map((f) => [f.name, f.handler]));
    assert.deepEqual(fns["getAll"], { method: "GET", route: "/products" });
    assert.deepEqual(fns["get"], { method: "GET", route: "/products/{code}" });
    assert.deepEqual(fns["health"], { method: "GET", route: "/products/health" });
    // its own route wins over the API's
    assert.deepEqual(fns["view"], { method: "GET", route: "/products/count" });
    assert.equal(fns["describe"], null);
  });

  test("Spring: a @FeignClient extending an API interface sends its mappings (Idempotency-Key header kept); a @RestController implementing it serves them", async () => {
    const api = await java(
      `package com.shop.inventory.api;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;

public interface InventoryApi {
    @GetMapping("/inventory/{sku}")
    int stock(@PathVariable("sku") String sku);

    @PostMapping("/inventory/reserve")
    void reserve(@RequestHeader("Idempotency-Key") String key, String sku);
}
`,
      "inventory-api/src/main/java/com/shop/inventory/api/InventoryApi.java",
    );
    const client = await java(
      `package com.shop.orders;

import com.shop.inventory.api.InventoryApi;
import org.springframework.cloud.openfeign.FeignClient;

@FeignClient(name = "inventory", path = "/api")
public interface InventoryClient extends InventoryApi {
}
`,
      "orders/src/main/java/com/shop/orders/InventoryClient.java",
    );
    const controller = await java(
      `package com.shop.inventory;

import com.shop.inventory.api.InventoryApi;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api")
public class InventoryController implements InventoryApi {
    public int stock(String sku) { return 1; }
    public void reserve(String key, String sku) { }
}
`,
      "inventory/src/main/java/com/shop/inventory/InventoryController.java",
    );
    const [, linkedClient, linkedController] = withInheritedHttpRoutes([api, client, controller], new Map());
    const reqs = requestsOf(linkedClient!);
    assert.equal(reqs["InventoryClient.stock"]!.method, "GET");
    assert.equal(urlOf(reqs["InventoryClient.stock"]!.url), "http://inventory/api/inventory/{sku}");
    assert.equal(reqs["InventoryClient.stock"]!.library, "feign");
    assert.equal(reqs["InventoryClient.reserve"]!.method, "POST");
    assert.equal(reqs["InventoryClient.reserve"]!.idempotencyKey, true);
    const handlers = Object.fromEntries(linkedController!.functions.map((f) => [f.name, f.handler]));
    assert.deepEqual(handlers["stock"], { method: "GET", route: "/api/inventory/{sku}" });
  });

  test("Kotlin: a @Client interface extending a Java API interface", async () => {
    const client = await kotlin(
      `package com.shop.gateway

import com.shop.product.api.ProductOperations
import io.micronaut.http.client.annotation.Client

@Client("product-service")
interface ProductClient : ProductOperations
`,
      "gateway/src/main/kotlin/com/shop/gateway/ProductClient.kt",
    );
    const linked = withInheritedHttpRoutes([...(await workspace()), client], new Map());
    const reqs = requestsOf(linked.at(-1)!);
    assert.equal(urlOf(reqs["ProductClient.get"]!.url), "http://product-service/{code}");
    assert.equal(reqs["ProductClient.describe"], undefined);
  });
});
