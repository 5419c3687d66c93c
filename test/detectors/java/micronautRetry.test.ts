// Micronaut @Retryable / @CircuitBreaker (detectors/java/micronautRetry.ts) and declarative
// @Client interfaces (detectors/java/micronautClient.ts): `attempts` counts retries (N → N + 1),
// defaults "3" → 4, the wait grows linearly (delay × multiplier × n), a type-level annotation on a
// @Client interface wraps every request the interface sends.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract, java, LANGS, only } from "./helpers";

const method = (lang: "java" | "kotlin", imp: string, annotation: string) =>
  lang === "java"
    ? `package com.shop;\nimport ${imp};\npublic class Svc {\n    ${annotation}\n    public String call() { return ""; }\n}\n`
    : `package com.shop\nimport ${imp}\nclass Svc {\n    ${annotation}\n    open fun call(): String = ""\n}\n`;

const RETRYABLE = "io.micronaut.retry.annotation.Retryable";
const CIRCUIT = "io.micronaut.retry.annotation.CircuitBreaker";

const CASES: Array<{ name: string; imp: string; ann: string; attempts: number | null; source: "config" | "default"; wait: string; initial?: number; unknown?: boolean }> = [
  { name: "bare @Retryable: 3 retries → 4, 1 s × n", imp: RETRYABLE, ann: "@Retryable", attempts: 4, source: "default", wait: "linear", initial: 1 },
  { name: "attempts counts retries: \"2\" → 3", imp: RETRYABLE, ann: '@Retryable(attempts = "2", delay = "2s")', attempts: 3, source: "config", wait: "linear", initial: 2 },
  { name: "attempts \"0\" → 1 (disabled)", imp: RETRYABLE, ann: '@Retryable(attempts = "0")', attempts: 1, source: "config", wait: "linear" },
  { name: "multiplier scales the step", imp: RETRYABLE, ann: '@Retryable(attempts = "5", delay = "500ms", multiplier = "2.0")', attempts: 6, source: "config", wait: "linear", initial: 1 },
  { name: "zero delay: no wait", imp: RETRYABLE, ann: '@Retryable(delay = "0s")', attempts: 4, source: "default", wait: "none" },
  { name: "placeholder attempts: count unknown", imp: RETRYABLE, ann: '@Retryable(attempts = "${svc.retries}")', attempts: null, source: "config", wait: "linear", unknown: true },
  { name: "@CircuitBreaker retries too: default 3 retries → 4, 500 ms × n", imp: CIRCUIT, ann: "@CircuitBreaker", attempts: 4, source: "default", wait: "linear", initial: 0.5 },
  { name: "@CircuitBreaker(attempts = \"1\") → 2", imp: CIRCUIT, ann: '@CircuitBreaker(attempts = "1", reset = "30s")', attempts: 2, source: "config", wait: "linear" },
];

describe("Micronaut @Retryable / @CircuitBreaker", () => {
  for (const lang of LANGS) {
    for (const c of CASES) {
      test(`${lang}: ${c.name}`, async () => {
        const l = only(await extract(lang, method(lang, c.imp, c.ann)));
        assert.equal(l.kind, "micronaut-retry");
        assert.equal(l.maxAttempts, c.attempts);
        assert.equal(l.attemptsSource, c.source);
        assert.equal(!!l.countUnknown, !!c.unknown);
        assert.equal(l.wait.kind, c.wait);
        if (c.initial !== undefined) assert.equal(l.wait.initialSeconds, c.initial);
        assert.equal(l.anchor.line, 4);
        assert.equal(l.attach.kind, "function");
      });
    }
  }

  test("includes / excludes narrow the condition", async () => {
    const l = only(await java(method("java", RETRYABLE, "@Retryable(includes = {IOException.class}, excludes = {IllegalStateException.class})")));
    assert.equal(l.condition.allErrors, false);
    assert.deepEqual(l.condition.exceptionTypes, ["IOException"]);
  });

  test("a star import of the Micronaut package is not spring-retry", async () => {
    const l = only(await java(method("java", "io.micronaut.retry.annotation.*", '@Retryable(attempts = "1")')));
    assert.equal(l.kind, "micronaut-retry");
    assert.equal(l.maxAttempts, 2);
  });

  test("near misses: spring-retry's @Retryable keeps its own numbers; a same-named annotation elsewhere is no layer", async () => {
    const spring = only(await java(method("java", "org.springframework.retry.annotation.Retryable", "@Retryable(maxAttempts = 2)")));
    assert.equal(spring.kind, "spring-retry");
    assert.equal(spring.maxAttempts, 2);
    const other = await java(method("java", "com.acme.retry.Retryable", '@Retryable(attempts = "2")'));
    assert.equal(other.layers.length, 0);
  });
});

const CLIENT = `package com.shop.gateway;

import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Post;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.retry.annotation.Retryable;

@Client(id = "product-service", path = "/products")
@Retryable(attempts = "2", delay = "2s")
public interface ProductClient {
    @Get("/{code}")
    Product get(String code);

    @Post
    Product create(Product p);

    @Retryable(attempts = "0")
    @Get("/count")
    int count();
}
`;

describe("Micronaut declarative @Client", () => {
  test("each verb method is a request to the service id + path; a type-level @Retryable wraps them (a method's own annotation wins)", async () => {
    const f = await java(CLIENT);
    const reqs = f.calls.filter((c) => c.request?.library === "micronaut-http-client");
    assert.deepEqual(reqs.map((c) => [c.callee, c.request!.method]), [["ProductClient.get", "GET"], ["ProductClient.create", "POST"], ["ProductClient.count", "GET"]]);
    const url = reqs[0]!.request!.url;
    assert.deepEqual(url, { kind: "concat", parts: [{ kind: "string", value: "http://product-service" }, { kind: "string", value: "/products/{code}" }] });
    const type = f.layers.find((l) => l.anchor.line === 9)!;
    assert.equal(type.maxAttempts, 3);
    assert.equal(type.attach.kind, "block");
    assert.deepEqual(type.attach.kind === "block" ? type.attach.callIds : [], [reqs[0]!.id, reqs[1]!.id]);
    const own = f.layers.find((l) => l.anchor.line === 17)!;
    assert.equal(own.maxAttempts, 1);
    assert.deepEqual(own.attach, { kind: "function", functionId: "com.shop.gateway.ProductClient.count" });
  });

  test("an override without a verb inherits it from the API interface: a request with unknown method and URI", async () => {
    const f = await java(`package com.shop;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.retry.annotation.Retryable;
@Client(id = "product-service", path = "/products")
@Retryable(attempts = "2")
public interface ProductClient extends ProductOperations {
    @Override
    Product get(String code);
}
`);
    const req = f.calls.find((c) => c.request)!;
    assert.equal(req.callee, "ProductClient.get");
    assert.equal(req.request!.method, null);
    assert.deepEqual(req.request!.url, { kind: "concat", parts: [{ kind: "string", value: "http://product-service" }, { kind: "string", value: "/products" }, { kind: "unknown", text: "URI inherited from ProductOperations" }] });
    const l = only(f);
    assert.deepEqual(l.attach.kind === "block" ? l.attach.callIds : [], [req.id]);
  });

  test("a URL value is the base; a controller's verb methods are entry points", async () => {
    const f = await java(`package com.shop;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.client.annotation.Client;
@Client("http://pricing:8080/api")
interface Pricing {
    @Get("/price")
    int price();
}
@Controller("/orders")
class Orders {
    @Get("/{id}")
    String get(String id) { return id; }
}
`);
    const req = f.calls.find((c) => c.request)!;
    assert.deepEqual(req.request!.url, { kind: "concat", parts: [{ kind: "string", value: "http://pricing:8080/api" }, { kind: "string", value: "/price" }] });
    assert.deepEqual(f.functions.find((fn) => fn.name === "get")?.handler, { method: "GET", route: "/orders/{id}" });
    assert.equal(f.layers.length, 0);
  });
});
