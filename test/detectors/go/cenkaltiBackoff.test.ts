// cenkalti/backoff v4 and v5 (reference §3.10), §5.1 (WithMaxRetries counts retries, WithMaxTries
// attempts) and §5.2 (unbounded but for MaxElapsedTime 15 min).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go, inFunc, onlyLayer } from "./helpers";

const v4 = (body: string, path = "github.com/cenkalti/backoff/v4") => inFunc(['"context"', '"net/http"', '"time"', `"${path}"`], body);
const v5 = (body: string) => v4(body, "github.com/cenkalti/backoff/v5");
const send = 'func() error { _, err := http.Post("http://inventory:8080/reserve", "application/json", nil); return err }';
/** `backoff.Retry(op, b)` on line 11 (v4) */
const retry4 = (b: string, before = "") => v4(`${before}\treturn backoff.Retry(${send}, ${b})`);
/** `backoff.Retry(ctx, op, opts…)` on line 11 (v5) */
const retry5 = (opts: string, before = "") => v5(`${before}\t_, err := backoff.Retry(ctx, func() (string, error) { _, err := http.Post("http://inventory:8080/x", "application/json", nil); return "", err }${opts ? `, ${opts}` : ""})\n\treturn err`);

describe("cenkalti/backoff v4 (§3.10)", () => {
  test("Retry(op, NewExponentialBackOff()): no try limit, bounded by MaxElapsedTime 15 min; jitter on", async () => {
    const l = await onlyLayer(retry4("backoff.NewExponentialBackOff()"));
    assert.equal(l.kind, "cenkalti-backoff");
    assert.equal(l.category, "code");
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, undefined, "unbounded by count, not unknown");
    assert.equal(l.timeBound, "15 min (MaxElapsedTime)");
    assert.equal(l.anchor.line, 11);
    assert.deepEqual([l.wait.kind, l.wait.jitter, l.wait.initialSeconds, l.wait.maxSeconds], ["exponential", true, 0.5, 60]);
    assert.match(l.wait.description, /×1\.5/);
    assert.equal(l.condition.allErrors, true);
    assert.match(l.condition.permanentErrors ?? "", /backoff\.Permanent/);
  });

  const counts: Array<[string, string, number | null, string | null]> = [
    ["WithMaxRetries(b, 2)", "backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2)", 3, "15 min (MaxElapsedTime)"],
    ["WithMaxRetries(b, 0)", "backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 0)", 1, "15 min (MaxElapsedTime)"],
    ["WithContext(WithMaxRetries(b, 4), ctx)", "backoff.WithContext(backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 4), ctx)", 5, "15 min (MaxElapsedTime)"],
    ["ConstantBackOff: no elapsed cap in v4", "backoff.NewConstantBackOff(time.Second)", null, null],
    ["WithMaxRetries(ConstantBackOff, 3)", "backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 3)", 4, null],
    ["StopBackOff never retries", "&backoff.StopBackOff{}", 1, null],
  ];
  for (const [name, b, want, bound] of counts) {
    test(`${name} → ${want ?? "unbounded"}`, async () => {
      const l = await onlyLayer(retry4(b));
      assert.equal(l.maxAttempts, want);
      assert.equal(l.timeBound, bound);
    });
  }

  test("b.MaxElapsedTime = 0 → truly unbounded; b.RandomizationFactor = 0 → no jitter", async () => {
    const l = await onlyLayer(retry4("b", "\tb := backoff.NewExponentialBackOff()\n\tb.MaxElapsedTime = 0\n\tb.RandomizationFactor = 0\n\tb.InitialInterval = 100 * time.Millisecond\n"));
    assert.equal(l.maxAttempts, null);
    assert.equal(l.timeBound, null);
    assert.equal(l.wait.jitter, false);
    assert.equal(l.wait.initialSeconds, 0.1);
    assert.equal(l.wait.source, "config");
  });

  test("b.MaxElapsedTime = 2 * time.Minute → bounded by 2 min", async () => {
    const l = await onlyLayer(retry4("b", "\tb := backoff.NewExponentialBackOff()\n\tb.MaxElapsedTime = 2 * time.Minute\n"));
    assert.equal(l.timeBound, "2 min (MaxElapsedTime)");
  });

  test("v4.2 options: NewExponentialBackOff(WithMaxElapsedTime(0), WithRandomizationFactor(0))", async () => {
    const l = await onlyLayer(retry4("backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(0), backoff.WithRandomizationFactor(0))"));
    assert.equal(l.timeBound, null);
    assert.equal(l.wait.jitter, false);
  });

  test("ZeroBackOff: no wait; ConstantBackOff: fixed, no jitter", async () => {
    const z = await onlyLayer(retry4("backoff.WithMaxRetries(&backoff.ZeroBackOff{}, 3)"));
    assert.deepEqual([z.wait.kind, z.wait.jitter, z.maxAttempts], ["none", false, 4]);
    const c = await onlyLayer(retry4("backoff.NewConstantBackOff(500 * time.Millisecond)"));
    assert.deepEqual([c.wait.kind, c.wait.jitter, c.wait.initialSeconds], ["fixed", false, 0.5]);
  });

  test("RetryNotify(op, b, notify) is a layer too", async () => {
    const l = await onlyLayer(v4(`\treturn backoff.RetryNotify(${send}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 5), func(err error, d time.Duration) {})`));
    assert.equal(l.maxAttempts, 6);
  });

  test("the unversioned path (v1–v3) behaves like v4", async () => {
    const l = await onlyLayer(v4(`\treturn backoff.Retry(${send}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2))`, "github.com/cenkalti/backoff"));
    assert.equal(l.maxAttempts, 3);
  });

  test("attachment: a block on the Retry call, which runs its operation (closure, variable or method value)", async () => {
    const f = await go(v4(`\top := ${send}\n\treturn backoff.Retry(op, backoff.NewExponentialBackOff())`));
    const call = f.calls.find((c) => c.callee === "backoff.Retry")!;
    assert.deepEqual(f.layers[0]!.attach, { kind: "block", functionId: "Reserve", callIds: [call.id] });
    assert.equal(call.invokesArg, 0);
    assert.equal(call.args[0]!.name, "Reserve.op", "the closure bound to op");
    const m = await go(v4("\treturn backoff.Retry(s.send, backoff.NewExponentialBackOff())"));
    assert.equal(m.calls.find((c) => c.callee === "backoff.Retry")!.invokesArg, 0);
  });

  test("a helper retrying its parameter: a helper attachment (the layer wraps what callers pass)", async () => {
    const f = await go(`package x

import "github.com/cenkalti/backoff/v4"

func withRetry(name string, op func() error) error {
	return backoff.Retry(op, backoff.NewExponentialBackOff())
}
`);
    assert.deepEqual(f.layers[0]!.attach, { kind: "helper", functionId: "withRetry", paramIndex: 1, paramName: "op" });
  });

  test("an operation that returns backoff.Permanent for some errors does not retry every error", async () => {
    const l = await onlyLayer(v4('\treturn backoff.Retry(func() error { return backoff.Permanent(errors.New("bad")) }, backoff.NewExponentialBackOff())'));
    assert.equal(l.condition.permanentErrors, null);
  });
});

describe("cenkalti/backoff v5 (§3.10)", () => {
  test("Retry(ctx, op) defaults: MaxTries 0 (unlimited), MaxElapsedTime 15 min, exponential with jitter", async () => {
    const l = await onlyLayer(retry5(""));
    assert.equal(l.maxAttempts, null);
    assert.equal(l.timeBound, "15 min (MaxElapsedTime)");
    assert.equal(l.wait.jitter, true);
    assert.equal(l.attemptsSource, "default");
  });

  const counts: Array<[string, number | null, string | null]> = [
    ["backoff.WithMaxTries(3)", 3, "15 min (MaxElapsedTime)"],
    ["backoff.WithMaxTries(1)", 1, "15 min (MaxElapsedTime)"],
    ["backoff.WithBackOff(backoff.NewExponentialBackOff()), backoff.WithMaxTries(5), backoff.WithMaxElapsedTime(time.Minute)", 5, "60 s (MaxElapsedTime)"],
    ["backoff.WithMaxElapsedTime(0)", null, null],
    ["backoff.WithBackOff(backoff.NewConstantBackOff(time.Second))", null, "15 min (MaxElapsedTime)"],
  ];
  for (const [opts, want, bound] of counts) {
    test(`${opts} → ${want ?? "unbounded"} (WithMaxTries counts attempts)`, async () => {
      const l = await onlyLayer(retry5(opts));
      assert.equal(l.maxAttempts, want);
      assert.equal(l.timeBound, bound);
    });
  }

  test("WithBackOff(b) with b.RandomizationFactor = 0 → no jitter; the op is the second argument", async () => {
    const f = await go(retry5("backoff.WithBackOff(b), backoff.WithMaxTries(4)", "\tb := backoff.NewExponentialBackOff()\n\tb.RandomizationFactor = 0\n"));
    assert.equal(f.layers[0]!.wait.jitter, false);
    assert.equal(f.layers[0]!.maxAttempts, 4);
    assert.equal(f.calls.find((c) => c.callee === "backoff.Retry")!.invokesArg, 1);
  });
});

describe("cenkalti/backoff near misses", () => {
  test("a local function named Retry is not a layer", async () => {
    const f = await go(inFunc(['"net/http"'], `\treturn Retry(${send}, 3)`));
    assert.equal(f.layers.length, 0);
  });

  test("an unrelated backoff package is not a layer", async () => {
    const f = await go(retry4("backoff.NewExponentialBackOff()", "").replace("github.com/cenkalti/backoff/v4", "github.com/acme/backoff"));
    assert.equal(f.layers.length, 0);
  });

  test("building a BackOff without Retry is not a layer", async () => {
    const f = await go(v4("\tb := backoff.NewExponentialBackOff()\n\t_ = b.NextBackOff()\n\treturn nil"));
    assert.equal(f.layers.length, 0);
  });
});
