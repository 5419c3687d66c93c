// google-api-core Retry — reference/retry-semantics.md §1.7 (time-bounded 120 s, no count; 1 s ×2 up to 60 s, full jitter), §5.2.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { onlyLayer, py } from "./helpers";

const H = "from google.api_core import retry\nfrom google.api_core import exceptions\nfrom google.cloud import storage\n";

describe("google-api-core Retry attempts (§1.7: no count, time-bounded)", () => {
  test("Retry(): no count, bounded by the 120 s default timeout", async () => {
    const l = await onlyLayer(`${H}policy = retry.Retry()\n`);
    assert.equal(l.kind, "google-api-core");
    assert.equal(l.category, "code");
    assert.equal(l.maxAttempts, null);
    assert.match(l.timeBound ?? "", /120/);
    assert.equal(l.overallTimeoutSeconds, 120);
    assert.equal(l.attemptsSource, "default");
    assert.equal(l.anchor.line, 4);
  });
  test("timeout=30 and the legacy alias deadline=30", async () => {
    for (const kw of ["timeout", "deadline"]) {
      const l = await onlyLayer(`${H}policy = retry.Retry(${kw}=30)\n`);
      assert.equal(l.maxAttempts, null);
      assert.equal(l.overallTimeoutSeconds, 30);
      assert.match(l.timeBound ?? "", new RegExp(`${kw}=30`));
      assert.equal(l.attemptsSource, "config");
    }
  });
  test("timeout=None: no count and no time bound (RL002, not softened)", async () => {
    const l = await onlyLayer(`${H}policy = retry.Retry(timeout=None)\n`);
    assert.equal(l.timeBound, null);
    assert.equal(l.overallTimeoutSeconds, null);
  });
  test("from google.api_core.retry import Retry; AsyncRetry", async () => {
    const facts = await py(`from google.api_core.retry import Retry, AsyncRetry\na = Retry(timeout=10)\nb = AsyncRetry()\n`);
    assert.deepEqual(facts.layers.map((l) => [l.label, l.overallTimeoutSeconds]), [["a", 10], ["b", 120]]);
  });
});

describe("google-api-core Retry waits (§1.7: uniform(0, cap), cap 1 s ×2 up to 60 s)", () => {
  test("defaults: full jitter", async () => {
    const w = (await onlyLayer(`${H}policy = retry.Retry()\n`)).wait;
    assert.equal(w.kind, "exponential");
    assert.equal(w.jitter, true);
    assert.equal(w.initialSeconds, 1);
    assert.equal(w.maxSeconds, 60);
    assert.equal(w.source, "default");
  });
  test("initial/maximum/multiplier from the call", async () => {
    const w = (await onlyLayer(`${H}policy = retry.Retry(initial=0.1, maximum=10, multiplier=1.3)\n`)).wait;
    assert.equal(w.initialSeconds, 0.1);
    assert.equal(w.maxSeconds, 10);
    assert.equal(w.source, "config");
  });
});

describe("google-api-core Retry conditions (§1.7: if_transient_error by default)", () => {
  test("default predicate: transient errors only (500, 429, 503, connection errors)", async () => {
    const c = (await onlyLayer(`${H}policy = retry.Retry()\n`)).condition;
    assert.equal(c.allErrors, false);
    assert.equal(c.permanentErrors, null);
    assert.deepEqual(c.statuses, [429, 500, 503]);
  });
  test("predicate=if_exception_type(A, B)", async () => {
    const c = (await onlyLayer(`${H}policy = retry.Retry(predicate=retry.if_exception_type(exceptions.ServiceUnavailable, exceptions.DeadlineExceeded))\n`)).condition;
    assert.deepEqual(c.exceptionTypes, ["google.api_core.exceptions.ServiceUnavailable", "google.api_core.exceptions.DeadlineExceeded"]);
  });
  test("predicate=if_exception_type(Exception): every exception (RL006 material)", async () => {
    const c = (await onlyLayer(`${H}policy = retry.Retry(predicate=retry.if_exception_type(Exception))\n`)).condition;
    assert.equal(c.allErrors, true);
  });
});

describe("google-api-core Retry attachment", () => {
  test("retry= on a client call retries that call; a policy bound to a name is followed", async () => {
    const facts = await py(`${H}POLICY = retry.Retry(timeout=60)\nclient = storage.Client()\n\ndef load(name):\n    return client.get_bucket(name, retry=POLICY)\n`);
    // storage.Client() has its own DEFAULT_RETRY layer (google-sdks.md); the call's retry= replaces it
    const own = facts.layers.filter((x) => x.kind === "google-api-core");
    assert.equal(own.length, 1);
    const l = own[0]!;
    const call = facts.calls.find((c) => c.callee.endsWith(".get_bucket"))!;
    assert.deepEqual(l.attach, { kind: "block", functionId: "load", callIds: [call.id] });
  });
  test("an inline Retry(...) in retry=", async () => {
    const facts = await py(`${H}client = storage.Client()\n\ndef load(name):\n    return client.get_bucket(name, retry=retry.Retry(deadline=5))\n`);
    const l = facts.layers.find((x) => x.kind === "google-api-core")!;
    assert.equal(l.overallTimeoutSeconds, 5);
    assert.equal(l.attach.kind === "block" ? l.attach.callIds.length : 0, 1);
  });
  test("used as a decorator: retries the function", async () => {
    const l = await onlyLayer(`${H}\n@retry.Retry(timeout=20)\ndef load():\n    pass\n`);
    assert.deepEqual(l.attach, { kind: "function", functionId: "load" });
    assert.equal(l.anchor.line, 5);
  });
  test("not google-api-core: another Retry class", async () => {
    const facts = await py(`from mylib import Retry\nr = Retry(timeout=3)\n`);
    assert.equal(facts.layers.length, 0);
  });
});
