// Hand-rolled retry loops and retry helpers in Java and Kotlin (DESIGN.md: a loop that calls,
// sleeps and leaves on success; counted like the Python detector; a loop retrying a functional
// parameter makes its function a retry helper).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../../harness";
import { java, kotlin } from "./helpers";

/** A Java class around `members`; the first member line is line 4. */
const J = (members: string) => `package com.shop;
import java.io.IOException;
public class Inventory {
${members}
}
`;
/** A Kotlin file around `decls`; the first declaration line is line 4. */
const K = (decls: string) => `package com.shop
import java.io.IOException
const val MAX = 4
${decls}
`;

async function loops(lang: "java" | "kotlin", text: string) {
  const facts = lang === "java" ? await java(text) : await kotlin(text);
  assert.deepEqual(facts.problems, [], "no problems");
  return facts.layers.filter((l) => l.kind === "retry-loop");
}

describe("Java retry loops: attempts", () => {
  const cases: Array<[string, string, number | null]> = [
    [
      "for (i = 0; i < 3; i++) with return in try",
      `  String f() throws Exception {
    for (int i = 0; i < 3; i++) {
      try { return rest.getForObject("http://inventory/x", String.class); }
      catch (IOException e) { Thread.sleep(100); }
    }
    throw new IllegalStateException("exhausted");
  }`,
      3,
    ],
    [
      "for (attempt = 1; attempt <= MAX; …) with a static final constant",
      `  private static final int MAX_ATTEMPTS = 5;
  String f() throws Exception {
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      try { return rest.getForObject("http://inventory/x", String.class); }
      catch (IOException e) { Thread.sleep(100); }
    }
    return null;
  }`,
      5,
    ],
    [
      "while (attempts++ < max): post-increment compares the old value",
      `  String f() throws Exception {
    int attempts = 0;
    while (attempts++ < 4) {
      try { return client.fetch(); } catch (IOException e) { Thread.sleep(100); }
    }
    return null;
  }`,
      4,
    ],
    [
      "while (++attempts < max): pre-increment runs one pass fewer",
      `  String f() throws Exception {
    int attempts = 0;
    while (++attempts < 4) {
      try { return client.fetch(); } catch (IOException e) { Thread.sleep(100); }
    }
    return null;
  }`,
      3,
    ],
    [
      "while (retries-- > 0) counts down",
      `  String f() throws Exception {
    int retries = 3;
    while (retries-- > 0) {
      try { return client.fetch(); } catch (IOException e) { Thread.sleep(100); }
    }
    return null;
  }`,
      3,
    ],
    [
      "while (true) with `if (++attempt >= 5) throw e` in the catch",
      `  String f() throws Exception {
    int attempt = 0;
    while (true) {
      try { return client.fetch(); }
      catch (IOException e) {
        if (++attempt >= 5) throw e;
        Thread.sleep(100);
      }
    }
  }`,
      5,
    ],
    [
      "while (true): call, check, then increment (one more attempt)",
      `  String f() throws Exception {
    int attempt = 0;
    while (true) {
      Response r = client.fetch();
      if (r.ok()) return r.body();
      if (attempt >= 3) throw new IllegalStateException("gave up");
      attempt++;
      Thread.sleep(100);
    }
  }`,
      4,
    ],
    [
      "while (true): increment, check, then call (one fewer attempt)",
      `  String f() throws Exception {
    int attempt = 0;
    while (true) {
      attempt += 1;
      if (attempt >= 3) throw new IllegalStateException("gave up");
      try { return client.fetch(); } catch (IOException e) { Thread.sleep(100); }
    }
  }`,
      2,
    ],
    [
      "for (long d : DELAYS) over a literal array",
      `  private static final long[] DELAYS = {100, 200, 400};
  String f() throws Exception {
    for (long d : DELAYS) {
      try { return client.fetch(); } catch (IOException e) { Thread.sleep(d); }
    }
    return null;
  }`,
      3,
    ],
    [
      "success leaves with break; do … while counts like while",
      `  String f() throws Exception {
    String result = null;
    int attempt = 0;
    do {
      attempt++;
      try { result = client.fetch(); break; } catch (IOException e) { Thread.sleep(100); }
    } while (attempt < 3);
    return result;
  }`,
      3,
    ],
    [
      "do … while (++attempt < 3): the check follows the body",
      `  String f() throws Exception {
    int attempt = 0;
    do {
      try { return client.fetch(); } catch (IOException e) { Thread.sleep(100); }
    } while (++attempt < 3);
    return null;
  }`,
      3,
    ],
    [
      "while (true) without a counter is unbounded",
      `  String f() throws Exception {
    while (true) {
      try { return client.fetch(); } catch (IOException e) { Thread.sleep(1000); }
    }
  }`,
      null,
    ],
  ];
  for (const [name, members, expected] of cases) {
    test(`${name} → ${expected ?? "unbounded"}`, async () => {
      const layers = await loops("java", J(members));
      assert.equal(layers.length, 1);
      assert.equal(layers[0]!.maxAttempts, expected);
      assert.equal(layers[0]!.countUnknown, undefined);
      assert.equal(layers[0]!.library, "hand-rolled");
    });
  }

  test("a bound that is not known statically: countUnknown with the reason", async () => {
    const [l] = await loops("java", J(`  String f(int max) throws Exception {
    for (int i = 0; i < max; i++) {
      try { return client.fetch(); } catch (IOException e) { Thread.sleep(100); }
    }
    return null;
  }`));
    assert.equal(l!.maxAttempts, null);
    assert.equal(l!.countUnknown, true);
    assert.match(l!.attemptsNote, /i < max.*not known statically/);
  });

  test("anchored on the loop line, labelled with the method, block attachment over the loop's calls", async () => {
    const facts = await java(J(`  String stock() throws Exception {
    log.info("start");
    for (int i = 0; i < 3; i++) {
      try { return rest.getForObject("http://inventory/x", String.class); }
      catch (IOException e) { log.warn("retry"); Thread.sleep(100); }
    }
    return null;
  }`));
    const l = facts.layers[0]!;
    assert.equal(l.anchor.line, 6);
    assert.equal(l.label, "stock");
    assert.equal(l.attach.kind, "block");
    const call = facts.calls.find((c) => c.callee.endsWith("getForObject"))!;
    assert.deepEqual(l.attach.kind === "block" ? l.attach.callIds : null, [call.id], "only the retried call, not logging or the sleep");
  });
});

describe("Kotlin retry loops: attempts", () => {
  const cases: Array<[string, string, number | null]> = [
    ["for (attempt in 1..MAX)", `fun f(): String {\n    for (attempt in 1..MAX) {\n        try { return client.fetch() } catch (e: IOException) { Thread.sleep(100) }\n    }\n    error("exhausted")\n}`, 4],
    ["for (i in 0 until 3)", `fun f(): String? {\n    for (i in 0 until 3) {\n        try { return client.fetch() } catch (e: IOException) { Thread.sleep(100) }\n    }\n    return null\n}`, 3],
    ["repeat(3) { … } with a non-local return", `suspend fun f(): String? {\n    repeat(3) {\n        try { return client.fetch() } catch (e: IOException) { delay(100) }\n    }\n    return null\n}`, 3],
    [
      "var attempt with while (true) and attempt++ before the check in the catch",
      `fun f(): String {\n    var attempt = 0\n    while (true) {\n        attempt++\n        try { return client.fetch() } catch (e: IOException) { if (attempt >= 3) throw e }\n        Thread.sleep(100)\n    }\n}`,
      3,
    ],
    [
      "repeat(times - 1) plus a final attempt after the loop (parameter default)",
      `suspend fun <T> retryIO(times: Int = 3, block: suspend () -> T): T {\n    repeat(times - 1) {\n        try { return block() } catch (e: IOException) { }\n        delay(100)\n    }\n    return block()\n}`,
      3,
    ],
    [
      "success leaves with break (a bare identifier in this grammar)",
      `fun f(): String? {\n    var result: String? = null\n    for (i in 1..2) {\n        try { result = client.fetch(); break } catch (e: IOException) { Thread.sleep(100) }\n    }\n    return result\n}`,
      2,
    ],
    ["while (true) without a counter is unbounded", `fun f(): String {\n    while (true) {\n        try { return client.fetch() } catch (e: IOException) { Thread.sleep(1000) }\n    }\n}`, null],
  ];
  for (const [name, decls, expected] of cases) {
    test(`${name} → ${expected ?? "unbounded"}`, async () => {
      const layers = await loops("kotlin", K(decls));
      assert.equal(layers.length, 1);
      assert.equal(layers[0]!.maxAttempts, expected);
      const loopLine = K(decls).split("\n").findIndex((l) => /^\s+(for|while|repeat)\b/.test(l)) + 1;
      assert.equal(layers[0]!.anchor.line, loopLine, "anchored on the loop line");
    });
  }

  test("a parameter default bounds the count: attemptsSource default", async () => {
    const [l] = await loops("kotlin", K(`fun f(max: Int = 5): String? {\n    for (i in 1..max) {\n        try { return client.fetch() } catch (e: IOException) { Thread.sleep(100) }\n    }\n    return null\n}`));
    assert.equal(l!.maxAttempts, 5);
    assert.equal(l!.attemptsSource, "default");
  });
});

describe("JVM retry loops: near misses", () => {
  const misses: Array<[string, "java" | "kotlin", string]> = [
    ["a worker loop that keeps going after success", "java", J(`  void run() throws Exception {\n    while (true) {\n      try { handle(queue.take()); } catch (Exception e) { log.warn("x"); }\n      Thread.sleep(5000);\n    }\n  }`)],
    ["pagination: each answer feeds the next call", "java", J(`  void all() throws Exception {\n    String token = null;\n    while (true) {\n      Page p = api.list(token);\n      token = p.next();\n      if (token == null) break;\n      Thread.sleep(100);\n    }\n  }`)],
    ["iteration over items without sleeping", "java", J(`  String first(List<String> ids) {\n    for (String id : ids) {\n      String r = api.get(id);\n      if (r != null) return r;\n    }\n    return null;\n  }`)],
    ["a loop that sleeps but calls nothing", "java", J(`  void pause() throws Exception {\n    for (int i = 0; i < 10; i++) {\n      Thread.sleep(100);\n      log.info("waiting");\n      if (i > 5) break;\n    }\n  }`)],
    ["a rate-limited scan handing each item to the call", "java", J(`  String find(List<String> skus) throws Exception {\n    for (String sku : skus) {\n      if (api.exists(sku)) return sku;\n      Thread.sleep(50);\n    }\n    return null;\n  }`)],
    ["a Kotlin scan over page indices", "kotlin", K(`fun find(): String? {\n    for (page in 0 until 10) {\n        val r = api.page(page)\n        if (r.found) return r.id\n        Thread.sleep(50)\n    }\n    return null\n}`)],
    ["a Kotlin polling loop that keeps going", "kotlin", K(`suspend fun poll() {\n    while (true) {\n        try { handle(queue.poll()) } catch (e: Exception) { }\n        delay(1000)\n    }\n}`)],
    ["a Kotlin repeat that only goes round again (return@repeat)", "kotlin", K(`suspend fun ping() {\n    repeat(5) {\n        client.ping()\n        delay(1000)\n        return@repeat\n    }\n}`)],
  ];
  for (const [name, lang, text] of misses) {
    test(name, async () => {
      assert.equal((await loops(lang, text)).length, 0);
    });
  }

  test("the success exit must not be in a catch", async () => {
    const text = J(`  String f() throws Exception {\n    for (int i = 0; i < 3; i++) {\n      try { client.fetch(); } catch (IOException e) { return null; }\n      Thread.sleep(100);\n    }\n    return null;\n  }`);
    assert.equal((await loops("java", text)).length, 0);
    // the same loop with the return moved into the try is a retry
    assert.equal((await loops("java", text.replace("client.fetch(); } catch (IOException e) { return null; }", "return client.fetch(); } catch (IOException e) { }"))).length, 1);
  });

  test("nested retry loops that both leave on success are two layers (3 × 2 attempts), outer first", async () => {
    const layers = await loops("java", J(`  String f() throws Exception {\n    for (int i = 0; i < 3; i++) {\n      for (int j = 0; j < 2; j++) {\n        try { return client.fetch(); } catch (IOException e) { Thread.sleep(100); }\n      }\n    }\n    return null;\n  }`));
    assert.deepEqual(layers.map((l) => [l.anchor.line, l.maxAttempts]), [[5, 3], [6, 2]]);
  });

  test("a break of an inner loop does not make the outer loop a retry", async () => {
    const layers = await loops("java", J(`  void f(List<String> ids) throws Exception {\n    while (true) {\n      for (String id : ids) { if (id.isEmpty()) break; }\n      client.push();\n      Thread.sleep(1000);\n    }\n  }`));
    assert.equal(layers.length, 0);
  });
});

describe("JVM retry loops: waits and conditions", () => {
  test("Thread.sleep of a literal: fixed, no jitter, in seconds", async () => {
    const [l] = await loops("java", J(`  String f() throws Exception {\n    for (int i = 0; i < 3; i++) {\n      try { return client.fetch(); } catch (IOException e) { Thread.sleep(250); }\n    }\n    return null;\n  }`));
    assert.equal(l!.wait.kind, "fixed");
    assert.equal(l!.wait.initialSeconds, 0.25);
    assert.equal(l!.wait.jitter, false);
  });
  test("TimeUnit.SECONDS.sleep(2) is 2 s", async () => {
    const [l] = await loops("java", J(`  String f() throws Exception {\n    for (int i = 0; i < 3; i++) {\n      try { return client.fetch(); } catch (IOException e) { TimeUnit.SECONDS.sleep(2); }\n    }\n    return null;\n  }`));
    assert.equal(l!.wait.initialSeconds, 2);
  });
  test("Math.pow(2, i) growth is exponential without jitter", async () => {
    const [l] = await loops("java", J(`  String f() throws Exception {\n    for (int i = 0; i < 3; i++) {\n      try { return client.fetch(); } catch (IOException e) { Thread.sleep((long) (100 * Math.pow(2, i))); }\n    }\n    return null;\n  }`));
    assert.equal(l!.wait.kind, "exponential");
    assert.equal(l!.wait.jitter, false);
  });
  test("a doubled delay variable (`delay *= 2`) is exponential; ThreadLocalRandom adds jitter", async () => {
    const [l] = await loops("java", J(`  String f() throws Exception {\n    long delay = 100;\n    for (int i = 0; i < 3; i++) {\n      try { return client.fetch(); }\n      catch (IOException e) {\n        Thread.sleep(delay + ThreadLocalRandom.current().nextLong(50));\n        delay *= 2;\n      }\n    }\n    return null;\n  }`));
    assert.equal(l!.wait.kind, "exponential");
    assert.equal(l!.wait.jitter, true);
  });
  test("Kotlin delay((1L shl it) * 100 + Random.nextLong(50)): exponential with jitter", async () => {
    const [l] = await loops("kotlin", K(`suspend fun f(): String? {\n    repeat(3) {\n        try { return client.fetch() } catch (e: IOException) { delay((1L shl it) * 100 + Random.nextLong(50)) }\n    }\n    return null\n}`));
    assert.equal(l!.wait.kind, "exponential");
    assert.equal(l!.wait.jitter, true);
  });
  test("Kotlin growing delay variable from a parameter default: exponential from 0.1 s", async () => {
    const [l] = await loops("kotlin", K(`suspend fun <T> retryIO(initialDelay: Long = 100, factor: Double = 2.0, block: suspend () -> T): T {\n    var currentDelay = initialDelay\n    repeat(2) {\n        try { return block() } catch (e: IOException) { }\n        delay(currentDelay)\n        currentDelay = (currentDelay * factor).toLong().coerceAtMost(1000)\n    }\n    return block()\n}`));
    assert.equal(l!.wait.kind, "exponential");
    assert.equal(l!.wait.initialSeconds, 0.1);
  });
  test("catch (Exception e) retries every error (permanent errors)", async () => {
    const [l] = await loops("java", J(`  String f() throws Exception {\n    for (int i = 0; i < 3; i++) {\n      try { return client.fetch(); } catch (Exception e) { Thread.sleep(100); }\n    }\n    return null;\n  }`));
    assert.equal(l!.condition.allErrors, true);
    assert.ok(l!.condition.permanentErrors);
  });
  test("catch (IOException | TimeoutException e): the listed types, not every error", async () => {
    const [l] = await loops("java", J(`  String f() throws Exception {\n    for (int i = 0; i < 3; i++) {\n      try { return client.fetch(); } catch (IOException | TimeoutException e) { Thread.sleep(100); }\n    }\n    return null;\n  }`));
    assert.deepEqual(l!.condition.exceptionTypes, ["IOException", "TimeoutException"]);
    assert.equal(l!.condition.allErrors, false);
    assert.equal(l!.condition.permanentErrors, null);
  });
  test("RestClientException includes 4xx responses; a catch that rethrows retries nothing", async () => {
    const [l] = await loops("java", J(`  String f() throws Exception {\n    for (int i = 0; i < 3; i++) {\n      try { return rest.getForObject("http://x", String.class); }\n      catch (IllegalArgumentException e) { throw e; }\n      catch (RestClientException e) { Thread.sleep(100); }\n    }\n    return null;\n  }`));
    assert.deepEqual(l!.condition.exceptionTypes, ["RestClientException"]);
    assert.match(l!.condition.permanentErrors ?? "", /RestClientException/);
  });
  test("Kotlin catch (e: Exception) retries every error", async () => {
    const [l] = await loops("kotlin", K(`fun f(): String? {\n    for (i in 1..3) {\n        try { return client.fetch() } catch (e: Exception) { Thread.sleep(100) }\n    }\n    return null\n}`));
    assert.equal(l!.condition.allErrors, true);
  });
  test("a status check: statuses from the comparison, 429 without Retry-After", async () => {
    const [l] = await loops("java", J(`  Response f() throws Exception {\n    for (int i = 0; i < 3; i++) {\n      Response r = client.send(req);\n      if (r.statusCode() != 429) return r;\n      Thread.sleep(100);\n    }\n    return null;\n  }`));
    assert.deepEqual(l!.condition.statuses, [429]);
    assert.equal(l!.condition.honoursRetryAfter, false);
  });
});

describe("JVM retry helpers", () => {
  test("Java: a loop calling op.get() of a Supplier parameter is a helper", async () => {
    const facts = await java(J(`  <T> T withRetries(int max, Supplier<T> op) throws Exception {\n    for (int i = 0; i < 3; i++) {\n      try { return op.get(); } catch (IOException e) { Thread.sleep(100); }\n    }\n    throw new IllegalStateException();\n  }`));
    assert.deepEqual(facts.layers[0]!.attach, { kind: "helper", functionId: "com.shop.Inventory.withRetries", paramIndex: 1, paramName: "op" });
  });
  test("Java: Callable.call() is a helper too; a loop calling a field is a block", async () => {
    const helper = await java(J(`  <T> T r(Callable<T> task) throws Exception {\n    for (int i = 0; i < 3; i++) {\n      try { return task.call(); } catch (IOException e) { Thread.sleep(100); }\n    }\n    return null;\n  }`));
    assert.equal(helper.layers[0]!.attach.kind, "helper");
    const block = await java(J(`  <T> T r() throws Exception {\n    for (int i = 0; i < 3; i++) {\n      try { return task.call(); } catch (IOException e) { Thread.sleep(100); }\n    }\n    return null;\n  }`));
    assert.equal(block.layers[0]!.attach.kind, "block");
  });
  test("Kotlin: block() of a function-typed parameter is a helper", async () => {
    const facts = await kotlin(K(`fun <T> withRetries(times: Int = 3, block: () -> T): T {\n    for (i in 1..times) {\n        try { return block() } catch (e: IOException) { Thread.sleep(100) }\n    }\n    error("exhausted")\n}`));
    assert.deepEqual(facts.layers[0]!.attach, { kind: "helper", functionId: "com.shop.withRetries", paramIndex: 1, paramName: "block" });
    assert.equal(facts.layers[0]!.maxAttempts, 3);
  });
});

describe("JVM retry loops: robustness", () => {
  test("half-typed loops never throw and report nothing odd", async () => {
    for (const text of [
      J(`  String f() {\n    for (int i = 0; i < ; i++) {\n      try { return client.fetch(); } catch (IOException e) { Thread.sleep(); }\n  }`),
      J(`  String f() {\n    while ( {\n      Thread.sleep(100)\n  }`),
    ]) {
      const facts = await java(text);
      assert.ok(facts.problems.every((p) => !/retry-loop detector/.test(p.message)), facts.problems.map((p) => p.message).join("; "));
    }
    const facts = await kotlin(K(`fun f() {\n    repeat( {\n        delay(\n`));
    assert.ok(facts.problems.every((p) => !/retry-loop detector/.test(p.message)));
  });
});

describe("JVM retry loops in the engine", () => {
  test("Spring controller → service method with a loop around RestTemplate → inventory ×4", async () => {
    const result = await checkFixture(`
//- orders/src/main/java/com/shop/orders/web/OrderController.java
package com.shop.orders.web;

import com.shop.orders.service.InventoryGateway;
import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping("/orders")
public class OrderController {
    private final InventoryGateway inventory;

    public OrderController(InventoryGateway inventory) {
        this.inventory = inventory;
    }

    @GetMapping("/{sku}")
    public String stock(@PathVariable String sku) {
        return inventory.stock(sku);
    }
}
//- orders/src/main/java/com/shop/orders/service/InventoryGateway.java
package com.shop.orders.service;

import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestTemplate;

@Service
public class InventoryGateway {
    private static final int MAX_ATTEMPTS = 4;
    private final RestTemplate rest;

    public InventoryGateway(RestTemplate rest) {
        this.rest = rest;
    }

    public String stock(String sku) throws InterruptedException {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
// ^ layer ×4 RL001 RL004
            try {
                return rest.getForObject("http://inventory:8080/stock/" + sku, String.class);
            } catch (ResourceAccessException e) {
                Thread.sleep(200);
            }
        }
        throw new IllegalStateException("inventory unavailable");
    }
}
//! rules RL001,RL002,RL004
//! path 4 inventory
//! paths 1
`);
    const layer = layerAt(result, "orders/src/main/java/com/shop/orders/service/InventoryGateway.java:16");
    assert.equal(layer.kind, "retry-loop");
    assert.equal(result.model.paths[0]!.target, "inventory");
  });

  test("Kotlin helper called with a trailing lambda and with a lambda argument: both paths ×3", async () => {
    await checkFixture(`
//- orders/src/main/kotlin/com/shop/orders/Retry.kt
package com.shop.orders

import java.io.IOException

fun <T> withRetries(times: Int = 3, block: () -> T): T {
    repeat(times - 1) {
// ^ layer ×3 RL004
        try {
            return block()
        } catch (e: IOException) {
            Thread.sleep(100L * (it + 1))
        }
    }
    return block()
}
//- orders/src/main/kotlin/com/shop/orders/StockController.kt
package com.shop.orders

import org.springframework.web.bind.annotation.*
import org.springframework.web.client.RestTemplate

@RestController
class StockController(private val rest: RestTemplate) {
    @GetMapping("/stock/{sku}")
    fun stock(@PathVariable sku: String): String? = withRetries { rest.getForObject("http://inventory:8080/stock/$sku", String::class.java) }

    @GetMapping("/price/{sku}")
    fun price(@PathVariable sku: String): String? = withRetries(3, { rest.getForObject("http://pricing:8080/price/$sku", String::class.java) })
}
//! rules RL001,RL002,RL004
//! path 3 inventory
//! path 3 pricing
//! paths 2
`);
  });
});

describe("JVM retry loops: bounds, waits and states in the shared analysis", () => {
  test("a counter check that only logs is not the bound", async () => {
    const [l] = await loops("java", J(`  String f() throws Exception {\n    int attempt = 0;\n    while (true) {\n      attempt++;\n      try { return client.fetch(); }\n      catch (IOException e) {\n        if (attempt >= 3) log.warn("still failing");\n        Thread.sleep(100);\n      }\n    }\n  }`));
    assert.equal(l!.maxAttempts, null);
  });
  test("Kotlin: a fixed number of tries without a wait is a retry with no wait", async () => {
    const [l] = await loops("kotlin", K(`fun f(): String? {\n    for (i in 1..3) {\n        try { return client.fetch() } catch (e: IOException) { log.warn("retry") }\n    }\n    return null\n}`));
    assert.equal(l!.maxAttempts, 3);
    assert.equal(l!.wait.kind, "none");
  });
  test("a poll comparing a status field with a state is not a retry", async () => {
    assert.equal((await loops("java", J(`  Job f(String id) throws Exception {\n    for (int i = 0; i < 30; i++) {\n      Job job = api.job(id);\n      if (job.getState() == "DONE") return job;\n      Thread.sleep(1000);\n    }\n    return null;\n  }`))).length, 0);
  });
});
