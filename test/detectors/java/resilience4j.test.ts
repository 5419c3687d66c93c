// Resilience4j Retry (reference §3.1) and MicroProfile Fault Tolerance @Retry (defaults cited in
// detectors/java/microprofile.ts), told apart by import, in Java and Kotlin.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { annotatedMethod, extract, java, kotlin, LANGS, only } from "./helpers";

const R4 = "io.github.resilience4j.retry.annotation.Retry";
const MP = "org.eclipse.microprofile.faulttolerance.Retry";

for (const lang of LANGS) {
  describe(`Resilience4j @Retry (§3.1) — ${lang}`, () => {
    test("defaults: 3 total attempts, fixed 500 ms, every exception; configRef names the instance", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, [R4], '@Retry(name = "inventory")')));
      assert.equal(l.kind, "resilience4j-retry");
      assert.equal(l.maxAttempts, 3);
      assert.equal(l.attemptsSource, "default");
      assert.equal(l.wait.kind, "fixed");
      assert.equal(l.wait.initialSeconds, 0.5);
      assert.equal(l.wait.jitter, false);
      assert.equal(l.condition.allErrors, true);
      assert.deepEqual(l.configRef, { library: "resilience4j", instance: "inventory" });
      assert.equal(l.anchor.line, 5);
      assert.deepEqual(l.attach, { kind: "function", functionId: "com.shop.orders.InventoryClient.reserve" });
    });

    test("near miss: @Retry with no import of either package is not a layer", async () => {
      assert.deepEqual((await extract(lang, annotatedMethod(lang, [], '@Retry(name = "x")'))).layers, []);
    });

    test("near miss: a method named retry is not a layer", async () => {
      const text =
        lang === "java"
          ? `package com.shop;\nclass Jobs {\n  void run(JobQueue q) { q.retry(3); retry(); }\n  void retry() {}\n}\n`
          : `package com.shop\nclass Jobs {\n  fun run(q: JobQueue) { q.retry(3); retry() }\n  fun retry() {}\n}\n`;
      assert.deepEqual((await extract(lang, text)).layers, []);
    });
  });

  describe(`MicroProfile @Retry — ${lang}`, () => {
    test("defaults: maxRetries 3 → 4 attempts, delay 0 ± 200 ms jitter, maxDuration 180 s, every exception", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, [MP], "@Retry")));
      assert.equal(l.kind, "microprofile-retry");
      assert.equal(l.maxAttempts, 4);
      assert.equal(l.attemptsSource, "default");
      assert.equal(l.wait.kind, "random");
      assert.equal(l.wait.jitter, true);
      assert.equal(l.wait.maxSeconds, 0.2);
      assert.equal(l.overallTimeoutSeconds, 180);
      assert.equal(l.condition.allErrors, true);
    });

    test("maxRetries = -1: unbounded count, bounded by maxDuration", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, [MP], "@Retry(maxRetries = -1, maxDuration = 5000)")));
      assert.equal(l.maxAttempts, null);
      assert.equal(l.countUnknown, undefined);
      assert.match(l.timeBound ?? "", /5 s/);
    });

    test("retryOn / abortOn and delay with a unit", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, [MP, "java.time.temporal.ChronoUnit"], "@Retry(maxRetries = 2, delay = 1, delayUnit = ChronoUnit.SECONDS, jitter = 0, retryOn = IOException.class, abortOn = IllegalArgumentException.class)")));
      assert.equal(l.maxAttempts, 3);
      assert.equal(l.wait.kind, "fixed");
      assert.equal(l.wait.initialSeconds, 1);
      assert.deepEqual(l.condition.exceptionTypes, ["IOException"]);
    });

    test("the two @Retry annotations are told apart by import", async () => {
      assert.equal(only(await extract(lang, annotatedMethod(lang, [R4], '@Retry(name = "a")'))).kind, "resilience4j-retry");
      assert.equal(only(await extract(lang, annotatedMethod(lang, [MP], "@Retry"))).kind, "microprofile-retry");
      assert.equal(only(await extract(lang, annotatedMethod(lang, ["org.eclipse.microprofile.faulttolerance.*"], "@Retry"))).kind, "microprofile-retry");
    });
  });
}

describe("Resilience4j programmatic (§3.1)", () => {
  const javaSource = (config: string) => `package com.shop.orders;
import io.github.resilience4j.retry.Retry;
import io.github.resilience4j.retry.RetryConfig;
import io.github.resilience4j.core.IntervalFunction;
public class Client {
    private final RetryConfig config = ${config};
    private final Retry retry = Retry.of("inventory", config);
    public String get() { return retry.executeSupplier(() -> fetch()); }
    public String decorated() { return Retry.decorateSupplier(retry, () -> fetch()).get(); }
    String fetch() { return ""; }
}
`;
  const cases: Array<[string, number | null, string, boolean | null, number | null]> = [
    ["RetryConfig.custom().maxAttempts(5).waitDuration(Duration.ofMillis(200)).build()", 5, "fixed", false, 0.2],
    ["RetryConfig.custom().build()", 3, "fixed", false, 0.5],
    ["RetryConfig.ofDefaults()", 3, "fixed", false, 0.5],
    ["RetryConfig.custom().maxAttempts(4).intervalFunction(IntervalFunction.ofExponentialRandomBackoff(Duration.ofMillis(100), 2, 0.5)).build()", 4, "exponential", true, 0.1],
    ["RetryConfig.custom().intervalFunction(IntervalFunction.ofExponentialBackoff()).build()", 3, "exponential", false, 0.5],
    ["RetryConfig.custom().maxAttempts(1).build()", 1, "fixed", false, 0.5],
  ];
  for (const [config, attempts, kind, jitter, initial] of cases) {
    test(`${config} → ×${attempts}, ${kind}`, async () => {
      const l = only(await java(javaSource(config)));
      assert.equal(l.kind, "resilience4j-retry");
      assert.equal(l.maxAttempts, attempts, "maxAttempts counts attempts");
      assert.equal(l.wait.kind, kind);
      assert.equal(l.wait.jitter, jitter);
      assert.equal(l.wait.initialSeconds, initial);
      assert.equal(l.anchor.line, 7, "anchor is the Retry.of( line");
      assert.equal(l.attach.kind === "object" ? l.attach.objectId : null, "com.shop.orders.Client.retry");
    });
  }

  test("retry.executeSupplier and Retry.decorateSupplier(retry, …) both reach the lambda through the holder", async () => {
    const facts = await java(javaSource("RetryConfig.custom().maxAttempts(5).build()"));
    const l = only(facts);
    const methods = l.attach.kind === "object" ? l.attach.methods : [];
    const exec = facts.calls.find((c) => c.callee === "retry.executeSupplier")!;
    const decorate = facts.calls.find((c) => c.callee === "retry.decorateSupplier")!;
    assert.ok(methods.includes("executeSupplier") && methods.includes("decorateSupplier"));
    assert.ok(exec.args[0]?.name?.startsWith("lambda@"));
    assert.ok(decorate.args[0]?.name?.startsWith("lambda@"), "the holder argument is dropped so the lambda is argument 0");
  });

  test("retryExceptions names the exceptions", async () => {
    const l = only(await java(javaSource("RetryConfig.custom().retryExceptions(IOException.class).ignoreExceptions(BusinessException.class).build()")));
    assert.deepEqual(l.condition.exceptionTypes, ["IOException"]);
  });

  test("a config built elsewhere is an unknown count, not unbounded", async () => {
    const l = only(await java(javaSource("loadConfig()")));
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, true);
  });

  test("Kotlin: local holder, trailing lambda", async () => {
    const facts = await kotlin(`package com.shop.orders
import io.github.resilience4j.retry.Retry
import io.github.resilience4j.retry.RetryConfig
class Client {
    fun get(): String {
        val retry = Retry.of("inventory", RetryConfig.custom<Any>().maxAttempts(6).build())
        return Retry.decorateSupplier(retry) { fetch() }.get()
    }
    fun fetch() = ""
}
`);
    const l = only(facts);
    assert.equal(l.maxAttempts, 6);
    assert.equal(l.anchor.line, 6);
    assert.equal(l.attach.kind === "object" ? l.attach.objectId : null, "com.shop.orders.Client.get.retry");
    assert.ok(facts.functions.some((f) => f.id === "com.shop.orders.Client.get.retry"), "the local holder is a FunctionFact the linker resolves");
  });

  test("near miss: Reactor's Retry.max in a Resilience4j-free file is not Resilience4j", async () => {
    const facts = await java(`package com.shop;
import reactor.util.retry.Retry;
class A { Object r = Retry.of("x", null); }
`);
    assert.deepEqual(facts.layers, []);
  });

  test("RetryRegistry.of(config).retry(name): the registry's config", async () => {
    const l = only(await java(`package com.shop;
import io.github.resilience4j.retry.*;
public class Reg {
    private final RetryRegistry registry = RetryRegistry.of(RetryConfig.custom().maxAttempts(7).build());
    public String get() {
        Retry retry = registry.retry("inventory");
        return retry.executeSupplier(() -> "");
    }
}
`));
    assert.equal(l.maxAttempts, 7);
    assert.equal(l.anchor.line, 6);
    assert.equal(l.attach.kind === "object" ? l.attach.objectId : null, "com.shop.Reg.get.retry");
  });

  test("a policy used where it is built wraps the lambda's calls (block attachment)", async () => {
    const facts = await java(`package com.shop;
import io.github.resilience4j.retry.Retry;
public class Inline {
    public String get() {
        return Retry.decorateSupplier(Retry.ofDefaults("x"), () -> rest.getForObject("http://inventory/x", String.class)).get();
    }
}
`);
    const l = only(facts);
    assert.equal(l.maxAttempts, 3);
    const wrapped = l.attach.kind === "block" ? l.attach.callIds.map((id) => facts.calls.find((c) => c.id === id)?.callee) : [];
    assert.deepEqual(wrapped, ["rest.getForObject"]);
  });

  test("Kotlin import aliases: `Retry as R4` beside Reactor's Retry", async () => {
    const facts = await kotlin(`package com.shop
import io.github.resilience4j.retry.annotation.Retry as R4
import reactor.util.retry.Retry
class C {
    @R4(name = "inventory")
    fun get(): Mono<String> = web.get().retrieve().bodyToMono(String::class.java).retryWhen(Retry.max(1))
}
`);
    assert.deepEqual(facts.layers.map((l) => [l.kind, l.maxAttempts]), [["resilience4j-retry", 3], ["reactor-retry", 2]]);
  });

  test("retry from an injected RetryRegistry reads its instance from application settings (configRef)", async () => {
    const l = only(await java(`package com.shop;
import io.github.resilience4j.retry.*;
public class Reg {
    private final RetryRegistry registry;
    public Reg(RetryRegistry registry) { this.registry = registry; }
    public String get() { return registry.retry("inventory").executeSupplier(() -> ""); }
}
`));
    assert.deepEqual(l.configRef, { library: "resilience4j", instance: "inventory" });
    assert.equal(l.maxAttempts, 3);
    assert.equal(l.attach.kind, "block", "used where it is built: the lambda's calls");
  });

  test("a registry look-up that only reads the instance's events or metrics is not a layer", async () => {
    const facts = await java(`package com.shop;
import io.github.resilience4j.retry.*;
public class Reg {
    private final RetryRegistry registry;
    public Reg(RetryRegistry registry) { this.registry = registry; }
    public void watch() {
        registry.retry("inventory").getEventPublisher().onRetry(System.out::println);
        long failed = registry.retry("inventory").getMetrics().getNumberOfFailedCallsWithRetryAttempt();
    }
}
`);
    assert.deepEqual(facts.layers, []);
  });
});
