// The JDK HttpURLConnection's one silent re-send (docs/reference/apache-httpclient.md §"JDK
// HttpURLConnection"): 2 attempts for a request whose body is not streamed; url.openConnection(),
// new RestTemplate() (SimpleClientHttpRequestFactory: GET/HEAD/OPTIONS/TRACE only) and a
// @FeignClient on Client.Default (body-less methods); traps: streaming mode, another request
// factory, another Feign client on the classpath.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { java, kotlin } from "./helpers";
import { analyzeWorkspace } from "../../../server/src/engine/analyze";
import { DEFAULT_SETTINGS } from "../../../server/src/model/model";

// RestTemplate / Feign Client.Default layers are written (detectJdkLibraryDefaults) but not registered yet
const LIBRARY_DEFAULTS = { skip: "library defaults not registered yet (docs/reference/apache-httpclient.md, JDK HttpURLConnection, Status)" };

const jdk = <T extends { kind: string }>(layers: T[]): T[] => layers.filter((l) => l.kind === "jdk-httpurlconnection");

describe("JDK HttpURLConnection re-send", () => {
  test("url.openConnection(): 2 attempts on the call; a streamed body: 1", async () => {
    const src = (extra: string) => `package com.shop;

import java.net.HttpURLConnection;
import java.net.URL;

public class Pinger {
    public int ping(String u) throws Exception {
        URL url = new URL(u);
        HttpURLConnection conn = (HttpURLConnection) url.openConnection();
${extra}        return conn.getResponseCode();
    }
}
`;
    const [l] = jdk((await java(src(""))).layers);
    assert.equal(l!.maxAttempts, 2);
    assert.equal(l!.anchor.line, 9);
    assert.match(l!.attemptsNote, /once more → 2 attempts \(failedOnce\); POST too unless -Dsun\.net\.http\.retryPost=false/);
    const [s] = jdk((await java(src("        conn.setFixedLengthStreamingMode(10);\n"))).layers);
    assert.equal(s!.maxAttempts, 1);
  });

  test("@Bean new RestTemplate(): a client layer re-sending GET/HEAD/OPTIONS/TRACE only", LIBRARY_DEFAULTS, async () => {
    const f = await java(`package com.shop;

import org.springframework.context.annotation.Bean;
import org.springframework.web.client.RestTemplate;

public class Config {
    @Bean
    public RestTemplate restTemplate() {
        return new RestTemplate();
    }
}
`);
    const [l] = jdk(f.layers);
    assert.equal(l!.maxAttempts, 2);
    assert.equal(l!.anchor.line, 9);
    assert.equal(l!.attach.kind, "client");
    assert.deepEqual(l!.condition.afterSendMethods, ["GET", "HEAD", "OPTIONS", "TRACE"]);
  });

  test("traps: a RestTemplate on another request factory (argument or set later), a RestTemplateBuilder", async () => {
    const f = await java(`package com.shop;

import org.springframework.boot.web.client.RestTemplateBuilder;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.web.client.RestTemplate;

public class Clients {
    private final RestTemplate a = new RestTemplate(new HttpComponentsClientHttpRequestFactory());
    private final RestTemplate b = new RestTemplate();
    private final RestTemplate c;

    public Clients(RestTemplateBuilder builder) {
        b.setRequestFactory(new HttpComponentsClientHttpRequestFactory());
        c = builder.build();
    }
}
`);
    assert.deepEqual(jdk(f.layers), []);
  });

  test("Kotlin @FeignClient: the body-less methods (GET, a POST with only path variables) are re-sent, a @RequestBody one is not", LIBRARY_DEFAULTS, async () => {
    const f = await kotlin(`package com.shop

import org.springframework.cloud.openfeign.FeignClient
import org.springframework.web.bind.annotation.*

@FeignClient(name = "staff", url = "\\\${staff-url}")
interface StaffClient {
    @GetMapping("/driver/{v}")
    fun driver(@PathVariable("v") v: String): String

    @PostMapping("/driver/{v}/{speed}")
    fun speed(@PathVariable("v") v: String, @PathVariable("speed") speed: Int)

    @PostMapping("/vehicles/")
    fun update(@RequestBody report: String)
}
`);
    const [l] = jdk(f.layers);
    assert.equal(l!.maxAttempts, 2);
    assert.equal(l!.anchor.line, 6);
    const methods = (l!.attach.kind === "block" ? l!.attach.callIds : []).map((id) => f.calls.find((c) => c.id === id)!.functionId.split(".").pop());
    assert.deepEqual(methods, ["driver", "speed"]);
  });
});

describe("JDK HttpURLConnection linking", () => {
  const files = (extraBuild: string | null) => [
    {
      path: "orders/src/main/java/shop/orders/Config.java",
      text: `package shop.orders;

import org.springframework.context.annotation.Bean;
import org.springframework.web.client.RestTemplate;

public class Config {
    @Bean
    public RestTemplate restTemplate() {
        return new RestTemplate();
    }
}
`,
    },
    {
      path: "orders/src/main/java/shop/orders/OrderController.java",
      text: `package shop.orders;

import org.springframework.web.bind.annotation.*;
import org.springframework.web.client.RestTemplate;

@RestController
public class OrderController {
    private final RestTemplate rest;
    private final StockClient stock;

    public OrderController(RestTemplate rest, StockClient stock) {
        this.rest = rest;
        this.stock = stock;
    }

    @GetMapping("/orders/customer")
    public String customer() {
        return rest.getForObject("http://users:8080/customers/1", String.class);
    }

    @PostMapping("/orders/pay")
    public String pay() {
        return rest.postForObject("http://payment:8080/pay", "x", String.class);
    }

    @GetMapping("/orders/stock")
    public String stock() {
        return stock.level();
    }
}
`,
    },
    {
      path: "orders/src/main/java/shop/orders/StockClient.java",
      text: `package shop.orders;

import org.springframework.cloud.openfeign.FeignClient;
import org.springframework.web.bind.annotation.GetMapping;

@FeignClient(name = "stock", url = "http://stock:8080")
public interface StockClient {
    @GetMapping("/level")
    String level();
}
`,
    },
    ...(extraBuild ? [{ path: "orders/pom.xml", text: `<project><dependencies><dependency><groupId>io.github.openfeign</groupId><artifactId>${extraBuild}</artifactId></dependency></dependencies></project>\n` }] : []),
  ];

  test("RestTemplate: the GET is re-sent (2), the POST streams its body (no JDK layer on its hop); Feign GET: 2", LIBRARY_DEFAULTS, async () => {
    const m = (await analyzeWorkspace(files(null), DEFAULT_SETTINGS)).model;
    const product = (target: string) => m.paths.find((p) => p.target === target)?.product;
    assert.equal(product("users"), 2);
    assert.equal(m.paths.find((p) => p.target === "payment"), undefined, `paths: ${JSON.stringify(m.paths.map((p) => [p.target, p.product]))}`);
    assert.equal(product("stock"), 2);
  });

  test("feign-okhttp on the module's classpath: the Feign client is not Client.Default (off)", LIBRARY_DEFAULTS, async () => {
    const m = (await analyzeWorkspace(files("feign-okhttp"), DEFAULT_SETTINGS)).model;
    const feign = m.layers.find((l) => l.kind === "jdk-httpurlconnection" && l.file.endsWith("StockClient.java"))!;
    assert.equal(feign.maxAttempts, 1);
    assert.match(feign.attemptsNote, /feign-okhttp in orders\/pom\.xml/);
  });
});

describe("JDK HttpURLConnection: a Kotlin @Bean RestTemplate given another factory in the method", () => {
  test("val rest = RestTemplate(); rest.requestFactory = HttpComponentsClientHttpRequestFactory(); return rest → no JDK layer", async () => {
    const f = await kotlin(`package com.shop

import org.springframework.context.annotation.Bean
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory
import org.springframework.web.client.RestTemplate

class RestTemplateConfiguration {
    @Bean
    fun restTemplate(): RestTemplate {
        val restTemplate = RestTemplate()
        restTemplate.requestFactory = HttpComponentsClientHttpRequestFactory()
        return restTemplate
    }
}
`);
    assert.deepEqual(jdk(f.layers), []);
  });
});
