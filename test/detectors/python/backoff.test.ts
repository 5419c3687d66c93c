// backoff (litl) — reference §1.2: max_tries=N → N, no max_tries → unbounded, jitter on by default.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { onlyLayer } from "./helpers";

const H = "import backoff\nimport requests\nfrom backoff import on_exception, expo\n";

describe("backoff attempts (§1.2)", () => {
  const cases: Array<[string, number | null]> = [
    ["@backoff.on_exception(backoff.expo, requests.RequestException, max_tries=5)", 5],
    ["@backoff.on_exception(backoff.expo, requests.RequestException)", null],
    ["@backoff.on_exception(backoff.expo, requests.RequestException, max_time=60)", null],
    ["@on_exception(expo, requests.RequestException, max_tries=3)", 3],
    ["@backoff.on_predicate(backoff.constant, interval=2, max_tries=4)", 4],
    ["@backoff.on_exception(backoff.expo, Exception, max_tries=TRIES)", 6],
  ];
  for (const [dec, expected] of cases) {
    test(`${dec} → ${expected ?? "unbounded"}`, async () => {
      const layer = await onlyLayer(`${H}TRIES = 6\n${dec}\ndef f(): pass\n`);
      assert.equal(layer.kind, "backoff");
      assert.equal(layer.maxAttempts, expected);
      assert.equal(layer.anchor.line, 5);
    });
  }
  test("max_time alone is a time bound (RL002 softened)", async () => {
    const layer = await onlyLayer(`${H}@backoff.on_exception(backoff.expo, Exception, max_time=30)\ndef f(): pass\n`);
    assert.equal(layer.timeBound, "max_time=30");
  });
});

describe("backoff waits (§1.2: full_jitter is the default)", () => {
  test("expo has full jitter unless jitter=None", async () => {
    const withJitter = await onlyLayer(`${H}@backoff.on_exception(backoff.expo, Exception, max_tries=3)\ndef f(): pass\n`);
    assert.equal(withJitter.wait.kind, "exponential");
    assert.equal(withJitter.wait.jitter, true);
    const without = await onlyLayer(`${H}@backoff.on_exception(backoff.expo, Exception, max_tries=3, jitter=None)\ndef f(): pass\n`);
    assert.equal(without.wait.jitter, false);
  });
  test("constant(interval) is a fixed wait", async () => {
    const layer = await onlyLayer(`${H}@backoff.on_exception(backoff.constant, Exception, interval=2, max_tries=3, jitter=None)\ndef f(): pass\n`);
    assert.equal(layer.wait.kind, "fixed");
    assert.equal(layer.wait.initialSeconds, 2);
  });
});

describe("backoff retry condition", () => {
  test("Exception retries permanent errors", async () => {
    const layer = await onlyLayer(`${H}@backoff.on_exception(backoff.expo, Exception, max_tries=3)\ndef f(): pass\n`);
    assert.ok(layer.condition.permanentErrors);
  });
  test("a giveup predicate (e.g. on 4xx) removes the permanent-error concern", async () => {
    const layer = await onlyLayer(`${H}@backoff.on_exception(backoff.expo, requests.RequestException, max_tries=3, giveup=lambda e: e.response is not None and e.response.status_code < 500)\ndef f():\n    requests.get("http://x").raise_for_status()\n`);
    assert.equal(layer.condition.permanentErrors, null);
  });
  test("a tuple of exception types is read", async () => {
    const layer = await onlyLayer(`${H}@backoff.on_exception(backoff.expo, (requests.ConnectionError, requests.Timeout), max_tries=3)\ndef f(): pass\n`);
    assert.deepEqual(layer.condition.exceptionTypes, ["requests.ConnectionError", "requests.Timeout"]);
  });
});
