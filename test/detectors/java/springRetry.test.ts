// spring-retry @Retryable (reference §3.2), Spring Framework 7 @Retryable (§3.2b) and the
// same-simple-name number trap of §5.1, in Java and Kotlin.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { annotatedMethod, extract, LANGS, only } from "./helpers";

const SPRING_RETRY = "org.springframework.retry.annotation.Retryable";
const BACKOFF = "org.springframework.retry.annotation.Backoff";
const SPRING_CORE = "org.springframework.resilience.annotation.Retryable";

for (const lang of LANGS) {
  describe(`spring-retry @Retryable (§3.2) — ${lang}`, () => {
    test("defaults: maxAttempts 3 total, fixed 1000 ms, every exception; function attachment on the method", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, [SPRING_RETRY], "@Retryable")));
      assert.equal(l.kind, "spring-retry");
      assert.equal(l.maxAttempts, 3);
      assert.equal(l.attemptsSource, "default");
      assert.equal(l.anchor.line, 5, "anchor is the @ line");
      assert.equal(l.wait.kind, "fixed");
      assert.equal(l.wait.initialSeconds, 1);
      assert.equal(l.wait.jitter, false);
      assert.equal(l.condition.allErrors, true);
      assert.deepEqual(l.attach, { kind: "function", functionId: "com.shop.orders.InventoryClient.reserve" });
    });

    test("maxAttempts counts attempts: 4 → 4 (not 5)", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, [SPRING_RETRY], "@Retryable(maxAttempts = 4)")));
      assert.equal(l.maxAttempts, 4);
      assert.equal(l.attemptsSource, "config");
    });

    test("maxAttemptsExpression: count unknown (null + countUnknown), with the reason", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, [SPRING_RETRY], '@Retryable(maxAttemptsExpression = "${retry.max:5}")')));
      assert.equal(l.maxAttempts, null);
      assert.equal(l.countUnknown, true);
      assert.match(l.attemptsNote, /maxAttemptsExpression.*runtime/);
    });

    const backoffs: Array<[string, string, boolean, number | null, number | null]> = [
      ["@Backoff()", "fixed", false, 1, 1],
      ["@Backoff(delay = 500)", "fixed", false, 0.5, 0.5],
      ["@Backoff(delay = 500, maxDelay = 2000)", "random", true, 0.5, 2],
      ["@Backoff(delay = 500, multiplier = 2)", "exponential", false, 0.5, 30],
      ["@Backoff(delay = 500, multiplier = 2, maxDelay = 5000)", "exponential", false, 0.5, 5],
      ["@Backoff(delay = 500, multiplier = 2, maxDelay = 100)", "exponential", false, 0.5, 30],
      ["@Backoff(delay = 500, multiplier = 2, random = true)", "exponential", true, 0.5, 30],
      ["@Backoff(value = 250)", "fixed", false, 0.25, 0.25],
    ];
    for (const [backoff, kind, jitter, initial, max] of backoffs) {
      test(`${backoff} → ${kind}${jitter ? " with jitter" : ""}, ${initial} s … ${max} s (§3.2 BackOffPolicyBuilder)`, async () => {
        const l = only(await extract(lang, annotatedMethod(lang, [SPRING_RETRY, BACKOFF], `@Retryable(backoff = ${backoff})`)));
        assert.equal(l.wait.kind, kind);
        assert.equal(l.wait.jitter, jitter);
        assert.equal(l.wait.initialSeconds, initial);
        assert.equal(l.wait.maxSeconds, max);
        assert.equal(l.maxAttempts, 3);
      });
    }

    test("retryFor / include / value name the exceptions; exclude is reported", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, [SPRING_RETRY], "@Retryable(retryFor = {IOException.class, TimeoutException.class}, exclude = IllegalStateException.class)")));
      assert.deepEqual(l.condition.exceptionTypes, ["IOException", "TimeoutException"]);
      assert.equal(l.condition.allErrors, false);
      assert.match(l.condition.description, /not IllegalStateException/);
      const v = only(await extract(lang, annotatedMethod(lang, [SPRING_RETRY], "@Retryable(value = IOException.class)")));
      assert.deepEqual(v.condition.exceptionTypes, ["IOException"]);
    });

    test("wildcard import of org.springframework.retry.annotation", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, ["org.springframework.retry.annotation.*"], "@Retryable(maxAttempts = 2)")));
      assert.equal(l.kind, "spring-retry");
      assert.equal(l.maxAttempts, 2);
    });
  });

  describe(`Spring Framework 7 @Retryable (§3.2b) — ${lang}`, () => {
    test("defaults: maxRetries 3 → 4 attempts (the trap), fixed 1000 ms, no jitter", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, [SPRING_CORE], "@Retryable")));
      assert.equal(l.kind, "spring-core-retry");
      assert.equal(l.maxAttempts, 4);
      assert.equal(l.attemptsSource, "default");
      assert.equal(l.wait.kind, "fixed");
      assert.equal(l.wait.initialSeconds, 1);
      assert.equal(l.wait.jitter, false);
      assert.equal(l.condition.allErrors, true);
    });

    const counts: Array<[string, number | null]> = [
      ["maxRetries = 3", 4],
      ["maxRetries = 0", 1],
      ["maxRetries = 5", 6],
    ];
    for (const [arg, want] of counts) {
      test(`${arg} counts retries → ${want} attempts`, async () => {
        const l = only(await extract(lang, annotatedMethod(lang, [SPRING_CORE], `@Retryable(${arg})`)));
        assert.equal(l.maxAttempts, want);
      });
    }

    test("delay, multiplier, jitter, maxDelay: exponential with jitter, capped", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, [SPRING_CORE], "@Retryable(includes = IOException.class, maxRetries = 4, delay = 100, multiplier = 2, jitter = 10, maxDelay = 1000)")));
      assert.equal(l.maxAttempts, 5);
      assert.equal(l.wait.kind, "exponential");
      assert.equal(l.wait.jitter, true);
      assert.equal(l.wait.initialSeconds, 0.1);
      assert.equal(l.wait.maxSeconds, 1);
      assert.deepEqual(l.condition.exceptionTypes, ["IOException"]);
    });

    test("jitter on a fixed delay is still jitter", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, [SPRING_CORE], "@Retryable(delay = 200, jitter = 50)")));
      assert.equal(l.wait.kind, "fixed");
      assert.equal(l.wait.jitter, true);
    });
  });

  describe(`same simple name, different package (§5.1 trap) — ${lang}`, () => {
    test("the number 3 means 3 attempts for spring-retry and 4 for Spring 7", async () => {
      const old = only(await extract(lang, annotatedMethod(lang, [SPRING_RETRY], "@Retryable(maxAttempts = 3)")));
      const core = only(await extract(lang, annotatedMethod(lang, [SPRING_CORE], "@Retryable(maxRetries = 3)")));
      assert.equal(old.maxAttempts, 3);
      assert.equal(core.maxAttempts, 4);
    });

    test("a fully qualified annotation picks its package without an import", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, [], "@org.springframework.resilience.annotation.Retryable")));
      assert.equal(l.kind, "spring-core-retry");
      assert.equal(l.maxAttempts, 4);
    });

    test("near miss: a Retryable from another package is not a layer", async () => {
      const facts = await extract(lang, annotatedMethod(lang, ["com.acme.jobs.Retryable"], "@Retryable(maxAttempts = 5)"));
      assert.deepEqual(facts.layers, []);
    });

    test("package not determined, no Spring 7 hint: spring-retry, and the note says why", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, [], "@Retryable(maxAttempts = 2)")));
      assert.equal(l.kind, "spring-retry");
      assert.equal(l.maxAttempts, 2);
      assert.match(l.attemptsNote, /package not determined/);
    });

    test("package not determined, Spring 7 hint (an org.springframework.resilience import): Spring 7 semantics", async () => {
      const l = only(await extract(lang, annotatedMethod(lang, ["org.springframework.resilience.annotation.EnableResilientMethods"], "@Retryable")));
      assert.equal(l.kind, "spring-core-retry");
      assert.equal(l.maxAttempts, 4);
      assert.match(l.attemptsNote, /package not determined/);
    });
  });
}

describe("class-level @Retryable (§3.2)", () => {
  test("wraps the calls of every method, not calls between the class's own methods", async () => {
    const facts = await extract(
      "java",
      `package com.shop.orders;
import org.springframework.retry.annotation.Retryable;
@Retryable(maxAttempts = 2)
public class Client {
    private final RestTemplate rest;
    public String a() { return rest.getForObject("http://inventory/a", String.class); }
    public String b() { return a(); }
}
`,
    );
    const l = only(facts);
    assert.equal(l.anchor.line, 3);
    assert.equal(l.attach.kind, "block");
    const wrapped = l.attach.kind === "block" ? l.attach.callIds.map((id) => facts.calls.find((c) => c.id === id)!.callee) : [];
    assert.deepEqual(wrapped, ["rest.getForObject"]);
  });

  test("a method's own @Retryable wins over the class-level one (no double count)", async () => {
    const facts = await extract(
      "java",
      `package com.shop.orders;
import org.springframework.retry.annotation.Retryable;
@Retryable(maxAttempts = 2)
public class Client {
    private final RestTemplate rest;
    public String a() { return rest.getForObject("http://inventory/a", String.class); }
    @Retryable(maxAttempts = 5)
    public String b() { return rest.getForObject("http://inventory/b", String.class); }
}
`,
    );
    const cls = facts.layers.find((l) => l.anchor.line === 3)!;
    const wrapped = cls.attach.kind === "block" ? cls.attach.callIds.map((id) => facts.calls.find((c) => c.id === id)!.functionId) : [];
    assert.deepEqual(wrapped, ["com.shop.orders.Client.a"]);
    assert.equal(facts.layers.find((l) => l.anchor.line === 7)?.maxAttempts, 5);
  });
});
