// RestTemplate over Spring's HttpComponentsClientHttpRequestFactory() set after the RestTemplate is
// built (`setRequestFactory(…)`, Kotlin `requestFactory = …`), in files without Apache imports:
// Spring 5 (javax.*, Spring Cloud Netflix) builds HttpClient 4 (×4), Spring 6 (jakarta.*) HttpClient 5 (×2).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { java, kotlin } from "./helpers";

describe("RestTemplate request factory set later", () => {
  test("Kotlin `restTemplate.requestFactory = HttpComponentsClientHttpRequestFactory()` with Zuul imported → ×4 on the factory", async () => {
    const f = await kotlin(`package com.shop

import org.springframework.cloud.netflix.zuul.EnableZuulProxy
import org.springframework.context.annotation.Bean
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory
import org.springframework.web.client.RestTemplate

class Config {
    @Bean
    fun restTemplate(): RestTemplate {
        val restTemplate = RestTemplate()
        restTemplate.requestFactory = HttpComponentsClientHttpRequestFactory()
        return restTemplate
    }
}
`);
    const l = f.layers.find((x) => x.kind === "apache-httpclient-retry")!;
    assert.ok(l, "a layer");
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.anchor.line, 12);
    assert.match(l.attemptsNote, /HttpClient 4 for Spring 5 \(Spring Cloud Netflix/);
    // every client standing for that RestTemplate (the local and the bean method's value) carries it
    const withLayer = f.clients.filter((c) => c.library === "RestTemplate" && c.layerIds.includes(l.localId));
    assert.ok(withLayer.length >= 1);
    assert.ok(f.clients.filter((c) => c.library === "RestTemplate").every((c) => c.layerIds.includes(l.localId)));
  });

  test("Java setRequestFactory with jakarta imports → ×2 (HttpClient 5)", async () => {
    const f = await java(`package com.shop;

import jakarta.annotation.PostConstruct;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.web.client.RestTemplate;

public class Client {
    private final RestTemplate rest = new RestTemplate();

    @PostConstruct
    void init() {
        rest.setRequestFactory(new HttpComponentsClientHttpRequestFactory());
    }
}
`);
    const l = f.layers.find((x) => x.kind === "apache-httpclient-retry")!;
    assert.ok(l, "a layer");
    assert.equal(l.maxAttempts, 2);
    assert.match(l.attemptsNote, /HttpClient 5 for Spring 6/);
  });

  test("another request factory set later → no layer", async () => {
    const f = await java(`package com.shop;

import org.springframework.http.client.SimpleClientHttpRequestFactory;
import org.springframework.web.client.RestTemplate;

public class Client {
    private final RestTemplate rest = new RestTemplate();

    void init() {
        rest.setRequestFactory(new SimpleClientHttpRequestFactory());
    }
}
`);
    assert.equal(f.layers.length, 0);
  });
});
