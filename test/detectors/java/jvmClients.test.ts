// JVM client families of docs/reference/apache-httpclient.md, openfeign.md, spring-ai.md,
// grpc-java.md, mongodb.md (Java) and redis.md (Lettuce): near misses that must not be layers,
// and the facts the linker needs (clients, requests, derived clients).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { java, kotlin } from "./helpers";

describe("JVM client families: near misses", () => {
  const cases: Array<[string, string]> = [
    ["HttpClients.createDefault() without an Apache import (a workspace class of that name)", `
package com.shop;
public class Http {
    private final Object client = HttpClients.createDefault();
}
`],
    ["HttpClients.custom() never built", `
package com.shop;
import org.apache.http.impl.client.HttpClients;
public class Http {
    private final Object builder = HttpClients.custom().setMaxConnTotal(5);
}
`],
    ["RedisClient.create without io.lettuce (another library's RedisClient)", `
package com.shop;
import com.example.cache.RedisClient;
public class Cache {
    private final RedisClient client = RedisClient.create("redis://cache:6379");
}
`],
    ["MongoClients.create outside com.mongodb", `
package com.shop;
import com.example.db.MongoClients;
public class Db {
    private final Object client = MongoClients.create("mongodb://db");
}
`],
    ["a Feign-named builder outside the feign package", `
package com.shop;
import com.example.Feign;
public class Clients {
    private final Object api = Feign.builder().target(Api.class, "http://x");
}
`],
    ["a ManagedChannel without defaultServiceConfig: no retry policy", `
package com.shop;
import io.grpc.ManagedChannelBuilder;
public class Orders {
    private final Object channel = ManagedChannelBuilder.forAddress("orders", 9090).usePlaintext().build();
}
`],
    ["Spring AI types in a file without org.springframework.ai imports", `
package com.shop;
public class Assistant {
    private final ChatClient chat;
    public Assistant(ChatClient chat) { this.chat = chat; }
}
`],
  ];
  for (const [name, code] of cases) {
    test(name, async () => {
      const f = await java(code);
      assert.deepEqual(f.layers.map((l) => `${l.kind}@${l.anchor.line}`), []);
    });
  }
});

describe("JVM client families: facts for the linker", () => {
  test("Apache: a @Bean method returning the client is its factory; execute(host, request) is a request", async () => {
    const f = await java(`
package com.shop;
import org.apache.http.HttpHost;
import org.apache.http.client.methods.HttpPut;
import org.apache.http.impl.client.CloseableHttpClient;
import org.apache.http.impl.client.HttpClients;
import org.springframework.context.annotation.Bean;
public class Config {
    @Bean
    public CloseableHttpClient http() {
        return HttpClients.custom().build();
    }
    public void put(CloseableHttpClient c) throws Exception {
        c.execute(new HttpHost("stock", 8080), new HttpPut("/stock/1"));
    }
}
`);
    assert.equal(f.layers.length, 1);
    assert.equal(f.functions.find((fn) => fn.id === "com.shop.Config.http")?.returnsClientId, f.clients.find((c) => c.library === "apache-httpclient")?.id);
    const req = f.calls.find((c) => c.callee === "c.execute")?.request;
    assert.equal(req?.method, "PUT");
  });

  test("Lettuce (Kotlin): derived connection and commands are clients of the same host", async () => {
    const f = await kotlin(`
package com.shop
import io.lettuce.core.RedisClient
class Cache {
    private val client = RedisClient.create("redis://sessions:6379")
    private val conn = client.connect()
    private val commands = conn.sync()
}
`);
    assert.deepEqual(f.clients.map((c) => c.name.split(".").pop()), ["client", "conn", "commands"]);
    assert.ok(f.clients.every((c) => c.baseUrl?.kind === "string" && c.baseUrl.value === "redis://sessions:6379"));
    assert.equal(f.layers[0]?.maxAttempts, null);
  });

  test("gRPC: a stub on an inline channel takes its target and layer; withDeadlineAfter(…).rpc is a call on the stub", async () => {
    const f = await java(`
package com.shop;
import io.grpc.ManagedChannelBuilder;
import java.util.*;
public class Orders {
    private final OrdersGrpc.OrdersBlockingStub stub = OrdersGrpc.newBlockingStub(ManagedChannelBuilder.forTarget("orders:9090").defaultServiceConfig(Map.of("methodConfig", List.of(Map.of("retryPolicy", Map.of("maxAttempts", 3.0))))).build());
    public void place() { stub.withDeadlineAfter(1, java.util.concurrent.TimeUnit.SECONDS).place(null); }
}
`);
    const stub = f.clients.find((c) => c.grpcService === "Orders");
    assert.equal(stub?.layerIds.length, 1);
    assert.deepEqual(stub?.baseUrl, { kind: "string", value: "grpc://orders:9090" });
    assert.ok(f.calls.some((c) => c.callee === "stub.place"));
  });

  test("Feign: a @Bean Retryer returning NEVER_RETRY is a disabled layer; outside @Configuration it is not linked", async () => {
    const f = await java(`
package com.shop;
import feign.Retryer;
import org.springframework.context.annotation.Bean;
public class InventoryFeignConfig {
    @Bean
    public Retryer retryer() {
        return Retryer.NEVER_RETRY;
    }
}
`);
    assert.equal(f.layers.length, 1);
    assert.equal(f.layers[0]!.maxAttempts, 1);
    assert.match(f.layers[0]!.attemptsNote, /not linked/);
    assert.equal(f.clients.filter((c) => c.processWide).length, 0);
  });
});
