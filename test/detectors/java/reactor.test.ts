// Reactor retries (reference §3.4) and OkHttp's implicit retryOnConnectionFailure (§3.5, §5.3),
// in Java and Kotlin.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract, LANGS, only, type Lang } from "./helpers";

/** A WebClient call with `retry` appended to its chain; the retry operator sits on line 9. */
function webClientChain(lang: Lang, retry: string): string {
  if (lang === "java") {
    return `package com.shop.orders;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.util.retry.Retry;
import java.time.Duration;
public class Stock {
    private final WebClient web = WebClient.builder().baseUrl("http://inventory:8080").build();
    public Mono<String> get(String sku) {
        return web.get().uri("/stock/" + sku).retrieve().bodyToMono(String.class)
            ${retry};
    }
}
`;
  }
  return `package com.shop.orders
import org.springframework.web.reactive.function.client.WebClient
import reactor.util.retry.Retry
import java.time.Duration
class Stock {
    private val web = WebClient.builder().baseUrl("http://inventory:8080").build()
    fun get(sku: String): Mono<String> {
        return web.get().uri("/stock/" + sku).retrieve().bodyToMono(String::class.java)
            ${retry}
    }
}
`;
}

for (const lang of LANGS) {
  describe(`Reactor (§3.4) — ${lang}`, () => {
    const cases: Array<[string, number | null, string, boolean | null]> = [
      [".retryWhen(Retry.backoff(3, Duration.ofMillis(100)))", 4, "exponential", true],
      [".retryWhen(Retry.backoff(3, Duration.ofMillis(100)).jitter(0))", 4, "exponential", false],
      [".retryWhen(Retry.fixedDelay(2, Duration.ofSeconds(1)))", 3, "fixed", false],
      [".retryWhen(Retry.max(5))", 6, "none", false],
      [".retryWhen(Retry.indefinitely())", null, "none", false],
      [".retry(2)", 3, "none", false],
      [".retry()", null, "none", false],
    ];
    for (const [retry, attempts, kind, jitter] of cases) {
      test(`${retry} → ${attempts === null ? "unbounded" : `×${attempts}`} (the argument counts retries)`, async () => {
        const facts = await extract(lang, webClientChain(lang, retry));
        const l = only(facts);
        assert.equal(l.kind, "reactor-retry");
        assert.equal(l.maxAttempts, attempts);
        assert.equal(l.wait.kind, kind);
        assert.equal(l.wait.jitter, jitter);
        assert.equal(l.anchor.line, 9);
        // the layer wraps the request of the chain it is applied to
        const wrapped = l.attach.kind === "block" ? l.attach.callIds.map((id) => facts.calls.find((c) => c.id === id)) : [];
        const request = wrapped.find((c) => c?.request);
        assert.equal(request?.request?.method, "GET");
        assert.equal(request?.callee, "web.get");
      });
    }

    test("backoff details: min backoff, maxBackoff cap, filter narrows the errors", async () => {
      const l = only(await extract(lang, webClientChain(lang, ".retryWhen(Retry.backoff(3, Duration.ofMillis(100)).maxBackoff(Duration.ofSeconds(5)).filter(e -> e instanceof IOException))".replace("e -> e instanceof IOException", lang === "java" ? "e -> e instanceof IOException" : "{ it is IOException }"))));
      assert.equal(l.wait.initialSeconds, 0.1);
      assert.equal(l.wait.maxSeconds, 5);
      assert.equal(l.condition.allErrors, false);
    });

    test("near miss: Resilience4j's Retry inside retryWhen-like code is not Reactor", async () => {
      const facts = await extract(lang, webClientChain(lang, ".retryWhen(Retry.backoff(3, Duration.ofMillis(100)))").replace("reactor.util.retry.Retry", "io.github.resilience4j.retry.Retry"));
      assert.deepEqual(facts.layers.filter((l) => l.kind === "reactor-retry"), []);
    });
  });

  describe(`OkHttp retryOnConnectionFailure (§3.5) — ${lang}`, () => {
    const source = (builder: string) =>
      lang === "java"
        ? `package com.shop;
import okhttp3.*;
public class Pay {
    private final OkHttpClient client = ${builder};
    public void pay(String body) throws Exception {
        Request req = new Request.Builder().url("http://payments:8080/pay").post(RequestBody.create(body, null)).build();
        client.newCall(req).execute();
    }
}
`
        : `package com.shop
import okhttp3.*
class Pay {
    private val client = ${builder.replace(/^new /, "").replace("new OkHttpClient", "OkHttpClient")}
    fun pay(body: String) {
        val req = Request.Builder().url("http://payments:8080/pay").post(body.toRequestBody()).build()
        client.newCall(req).execute()
    }
}
`;
    test("new OkHttpClient(): implicit client layer, ≥2 attempts (route-bounded), any method, no wait", async () => {
      const facts = await extract(lang, source("new OkHttpClient()"));
      const l = only(facts);
      assert.equal(l.kind, "okhttp-retry");
      assert.equal(l.category, "client");
      assert.equal(l.maxAttempts, 2);
      assert.equal(l.attemptsSource, "default");
      assert.match(l.attemptsNote, /≥2.*route-bounded/);
      assert.equal(l.condition.afterSendMethods, "all", "POST included");
      assert.equal(l.wait.kind, "none");
      assert.equal(l.anchor.line, 4);
      const client = facts.clients.find((c) => c.library === "OkHttpClient")!;
      assert.deepEqual(client.layerIds, [l.localId]);
      const send = facts.calls.find((c) => c.request)!;
      assert.equal(send.callee, "client.newCall");
      assert.equal(send.request?.method, "POST");
      assert.deepEqual(send.request?.url, { kind: "string", value: "http://payments:8080/pay" });
    });

    test("OkHttpClient.Builder()…build() is on by default too", async () => {
      assert.equal(only(await extract(lang, source("new OkHttpClient.Builder().build()"))).maxAttempts, 2);
    });

    test(".retryOnConnectionFailure(false): a disabled layer (1 attempt)", async () => {
      const l = only(await extract(lang, source("new OkHttpClient.Builder().retryOnConnectionFailure(false).build()")));
      assert.equal(l.maxAttempts, 1);
      assert.equal(l.attemptsSource, "config");
    });
  });
}
