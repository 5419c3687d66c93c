// stamina — reference/retry-semantics.md §1.8 (attempts=N → N, default 10 attempts or 45 s, jitter on), §5.1, §5.4.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { onlyLayer, py } from "./helpers";

const H = "import httpx\nimport stamina\n";
const deco = (args: string) => onlyLayer(`${H}\n@stamina.retry(${args})\ndef fetch():\n    return httpx.get("http://inventory/items")\n`);

describe("stamina attempts (§1.8: attempts=N → N total; default 10 or 45 s, whichever first)", () => {
  const cases: Array<[string, number | null, string]> = [
    ["on=httpx.HTTPError", 10, "default attempts=10"],
    ["on=httpx.HTTPError, attempts=3", 3, "attempts counts attempts"],
    ["on=httpx.HTTPError, attempts=1", 1, "one attempt: disabled"],
    ["on=httpx.HTTPError, attempts=None", null, "no count: bounded by the 45 s timeout"],
    ["on=httpx.HTTPError, attempts=None, timeout=None", null, "neither: forever"],
  ];
  for (const [args, expected, why] of cases) {
    test(`@stamina.retry(${args}) → ${expected ?? "no count"} (${why})`, async () => {
      const layer = await deco(args);
      assert.equal(layer.maxAttempts, expected);
      assert.equal(layer.kind, "stamina");
      assert.equal(layer.category, "code");
    });
  }
  test("defaults: attemptsSource default, 45 s overall timeout, anchored on the @", async () => {
    const layer = await deco("on=httpx.HTTPError");
    assert.equal(layer.attemptsSource, "default");
    assert.equal(layer.overallTimeoutSeconds, 45);
    assert.equal(layer.anchor.line, 4);
    assert.deepEqual(layer.attach, { kind: "function", functionId: "fetch" });
  });
  test("attempts=None is time-bounded by the default timeout (RL002 softened)", async () => {
    const layer = await deco("on=httpx.HTTPError, attempts=None");
    assert.match(layer.timeBound ?? "", /45/);
  });
  test("attempts=None, timeout=None: no count and no time bound", async () => {
    const layer = await deco("on=httpx.HTTPError, attempts=None, timeout=None");
    assert.equal(layer.timeBound, null);
    assert.equal(layer.overallTimeoutSeconds, null);
  });
  test("timeout as a number and as a timedelta", async () => {
    assert.equal((await deco("on=httpx.HTTPError, timeout=10")).overallTimeoutSeconds, 10);
    const facts = await py(`${H}import datetime\n\n@stamina.retry(on=httpx.HTTPError, timeout=datetime.timedelta(seconds=30))\ndef f():\n    pass\n`);
    assert.equal(facts.layers[0]!.overallTimeoutSeconds, 30);
  });
  test("attempts from a module constant; an unknown count is not unbounded", async () => {
    const facts = await py(`${H}N = 4\n\n@stamina.retry(on=httpx.HTTPError, attempts=N)\ndef f():\n    pass\n`);
    assert.equal(facts.layers[0]!.maxAttempts, 4);
    const unknown = await deco("on=httpx.HTTPError, attempts=settings.attempts");
    assert.equal(unknown.maxAttempts, null);
    assert.equal(unknown.countUnknown, true);
  });
  test("from stamina import retry", async () => {
    const layer = await onlyLayer(`from stamina import retry\nimport httpx\n\n@retry(on=httpx.HTTPError, attempts=2)\ndef f():\n    pass\n`);
    assert.equal(layer.maxAttempts, 2);
  });
});

describe("stamina waits (§1.8: 0.1 s ×2 up to 5 s, + U(0, 1 s) jitter by default)", () => {
  test("default: exponential with jitter", async () => {
    const w = (await deco("on=httpx.HTTPError")).wait;
    assert.equal(w.kind, "exponential");
    assert.equal(w.jitter, true);
    assert.equal(w.initialSeconds, 0.1);
    assert.equal(w.maxSeconds, 5);
    assert.equal(w.source, "default");
  });
  test("wait_jitter=0 turns the jitter off (RL004 material)", async () => {
    const w = (await deco("on=httpx.HTTPError, wait_jitter=0")).wait;
    assert.equal(w.jitter, false);
    assert.equal(w.source, "config");
  });
  test("wait_initial=0 and wait_jitter=0: no wait at all (RL003 material)", async () => {
    assert.equal((await deco("on=httpx.HTTPError, wait_initial=0, wait_jitter=0")).wait.kind, "none");
  });
});

describe("stamina conditions (§1.8: on= is required)", () => {
  test("on=Exception retries every exception (RL006 material)", async () => {
    const c = (await deco("on=Exception")).condition;
    assert.equal(c.allErrors, true);
    assert.ok(c.permanentErrors);
  });
  test("a tuple of exception types", async () => {
    const c = (await deco("on=(httpx.ConnectError, httpx.ConnectTimeout)")).condition;
    assert.deepEqual(c.exceptionTypes, ["httpx.ConnectError", "httpx.ConnectTimeout"]);
    assert.deepEqual(c.afterSendMethods, []);
  });
  test("a predicate function is a custom condition", async () => {
    const c = (await deco("on=should_retry")).condition;
    assert.equal(c.allErrors, false);
    assert.match(c.description, /predicate/);
  });
});

describe("stamina.retry_context", () => {
  test("`for attempt in stamina.retry_context(...)` retries the calls in the loop", async () => {
    const facts = await py(`${H}\ndef fetch():\n    for attempt in stamina.retry_context(on=httpx.HTTPError, attempts=3):\n        with attempt:\n            return httpx.get("http://inventory/items")\n`);
    assert.equal(facts.layers.length, 1);
    const l = facts.layers[0]!;
    assert.equal(l.maxAttempts, 3);
    assert.equal(l.anchor.line, 5);
    assert.equal(l.attach.kind, "block");
    const get = facts.calls.find((c) => c.callee === "httpx.get")!;
    assert.deepEqual(l.attach.kind === "block" ? l.attach.callIds : [], [get.id]);
  });
  test("RetryingCaller(...).on(exc): calls through the caller run their first argument under the retries", async () => {
    const facts = await py(`${H}\ncaller = stamina.RetryingCaller(attempts=4).on(httpx.HTTPError)\n\ndef load():\n    return httpx.get("http://inventory/items")\n\ndef main():\n    return caller(load)\n`);
    assert.equal(facts.layers.length, 1);
    const l = facts.layers[0]!;
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.label, "caller");
    assert.deepEqual(l.condition.exceptionTypes, ["httpx.HTTPError"]);
    const through = facts.calls.find((c) => c.callee === "caller")!;
    assert.equal(through.invokesArg, 0);
    assert.deepEqual(l.attach.kind === "block" ? l.attach.callIds : [], [through.id]);
  });
  test("not stamina: a retry decorator from elsewhere is not this detector's", async () => {
    const facts = await py(`import mylib\n\n@mylib.retry(on=ValueError)\ndef f():\n    pass\n`);
    assert.equal(facts.layers.length, 0);
  });
});
