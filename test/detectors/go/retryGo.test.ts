// avast/retry-go (docs/reference/retry-go.md): Attempts counts attempts, default 10, Attempts(0)
// is "until success" from v4 and "never runs" before; default delay 100 ms BackOff + Random.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go, inFunc, onlyLayer } from "./helpers";

const PATHS: Record<string, string> = { v3: "github.com/avast/retry-go", v4: "github.com/avast/retry-go/v4", v5: "github.com/avast/retry-go/v5" };
const send = 'func() error { _, err := http.Post("http://inventory:8080/reserve", "application/json", nil); return err }';
/** `retry.Do(op, opts)` on line 11 */
const doCall = (opts: string, v = "v4", before = "") => inFunc(['"context"', '"net/http"', '"time"', `"${PATHS[v]}"`], `${before}\treturn retry.Do(${send}${opts ? `, ${opts}` : ""})`);

describe("avast/retry-go counts", () => {
  const rows: Array<[string, string, string, number | null, RegExp]> = [
    ["no options: default Attempts 10 → 10", "", "v4", 10, /default Attempts 10 → 10 attempts \(retry-go v4/],
    ["Attempts(3) counts attempts → 3 (not 3 retries + 1)", "retry.Attempts(3)", "v4", 3, /Attempts\(3\) → 3 attempts/],
    ["Attempts(1) → 1 (no retry)", "retry.Attempts(1)", "v4", 1, /→ 1 attempt:/],
    ["v4 Attempts(0) retries until success: no bound", "retry.Attempts(0)", "v4", null, /until the function succeeds/],
    ["v4 UntilSucceeded(): no bound", "retry.UntilSucceeded()", "v4", null, /UntilSucceeded/],
    ["v3 Attempts(0): the function is never called", "retry.Attempts(0)", "v3", 1, /never called/],
    ["v3 default 10", "retry.Delay(time.Second)", "v3", 10, /retry-go v1–v3/],
    ["the last Attempts wins", "retry.Attempts(5), retry.Attempts(2)", "v4", 2, /Attempts\(2\)/],
  ];
  for (const [name, opts, v, want, note] of rows) {
    test(name, async () => {
      const l = await onlyLayer(doCall(opts, v));
      assert.equal(l.kind, "retry-go");
      assert.equal(l.category, "code");
      assert.equal(l.maxAttempts, want, l.attemptsNote);
      assert.match(l.attemptsNote, note);
      assert.equal(l.anchor.line, 11);
      if (want === null) {
        assert.equal(l.countUnknown, undefined, "unbounded, not unknown");
        assert.equal(l.timeBound, null);
      }
    });
  }

  test("a non-literal Attempts → unknown count", async () => {
    const l = await onlyLayer(doCall("retry.Attempts(cfg.Attempts)"));
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, true);
  });

  test("options in a package-level slice of the file, appended to (`append(opts, retry.Context(ctx))...`)", async () => {
    const text = doCall("append(retryOptions, retry.Context(ctx))...").replace("func Reserve", "const attempts = 3\n\nvar retryOptions = []retry.Option{retry.Attempts(attempts), retry.Delay(300 * time.Millisecond), retry.DelayType(retry.BackOffDelay)}\n\nfunc Reserve");
    const f = await go(text);
    const l = f.layers.find((x) => x.kind === "retry-go")!;
    assert.equal(l.maxAttempts, 3);
    assert.match(l.attemptsNote, /Attempts\(attempts = 3\)/);
    assert.deepEqual([l.wait.kind, l.wait.jitter, l.wait.initialSeconds], ["exponential", false, 0.3]);
    // the slice's count is also left for other files of the package
    assert.deepEqual(f.constants.find((c) => c.name === "retryOptions~retryGoAttempts")?.value, { kind: "number", value: 3 });
  });

  test("a slice from another file: the count is left to the linker (countExpr)", async () => {
    const l = await onlyLayer(doCall("retryOptions..."));
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, true);
    assert.deepEqual(l.countExpr?.value, { kind: "ref", name: "retryOptions~retryGoAttempts" });
    assert.equal(l.wait.kind, "unknown");
  });

  test("v5: retry.New(opts...).Do(fn), also through a variable", async () => {
    const inline = await onlyLayer(inFunc(['"net/http"', `"${PATHS.v5}"`], `\treturn retry.New(retry.Attempts(4)).Do(${send})`));
    assert.equal(inline.maxAttempts, 4);
    assert.match(inline.attemptsNote, /retry-go v5/);
    const viaVar = await onlyLayer(inFunc(['"net/http"', `"${PATHS.v5}"`], `\tr := retry.New(retry.Attempts(2))\n\treturn r.Do(${send})`));
    assert.equal(viaVar.maxAttempts, 2);
  });

  test("v4 DoWithData", async () => {
    const l = await onlyLayer(inFunc(['"net/http"', `"${PATHS.v4}"`], `\t_, err := retry.DoWithData(func() (int, error) { return 1, nil }, retry.Attempts(6))\n\treturn err`));
    assert.equal(l.maxAttempts, 6);
  });
});

describe("avast/retry-go waits and conditions", () => {
  const waits: Array<[string, string, string, boolean | null, number | null, number | null]> = [
    ["default CombineDelay(BackOffDelay, RandomDelay): 100 ms ×2 + random 0–100 ms, no cap", "", "exponential", true, 0.1, null],
    ["DelayType(BackOffDelay): exponential, no jitter", "retry.DelayType(retry.BackOffDelay)", "exponential", false, 0.1, null],
    ["DelayType(FixedDelay) + Delay(1s): fixed, no jitter", "retry.Delay(time.Second), retry.DelayType(retry.FixedDelay)", "fixed", false, 1, 1],
    ["DelayType(RandomDelay), MaxJitter(500ms): random", "retry.MaxJitter(500 * time.Millisecond), retry.DelayType(retry.RandomDelay)", "random", true, 0, 0.5],
    ["MaxDelay caps the backoff", "retry.MaxDelay(5 * time.Second)", "exponential", true, 0.1, 5],
    ["a custom DelayType", "retry.DelayType(myDelay)", "custom", null, 0.1, null],
  ];
  for (const [name, opts, kind, jitter, initial, max] of waits) {
    test(name, async () => {
      const l = await onlyLayer(doCall(opts));
      assert.deepEqual([l.wait.kind, l.wait.jitter, l.wait.initialSeconds, l.wait.maxSeconds], [kind, jitter, initial, max], l.wait.description);
    });
  }

  test("every error is retried unless RetryIf narrows it", async () => {
    const all = await onlyLayer(doCall("retry.Attempts(3)"));
    assert.equal(all.condition.allErrors, true);
    assert.match(all.condition.permanentErrors ?? "", /Unrecoverable/);
    const narrowed = await onlyLayer(doCall("retry.Attempts(3), retry.RetryIf(isTransient)"));
    assert.equal(narrowed.condition.allErrors, false);
    assert.equal(narrowed.condition.permanentErrors, null);
  });

  test("a helper retrying its parameter wraps what its callers pass", async () => {
    const l = await onlyLayer(`package inventory

import "github.com/avast/retry-go/v4"

func withRetry(op func() error) error {
	return retry.Do(op, retry.Attempts(3))
}
`);
    assert.deepEqual(l.attach, { kind: "helper", functionId: "withRetry", paramIndex: 0, paramName: "op" });
  });

  test("near miss: another package's Do is no layer", async () => {
    const f = await go(inFunc(['"net/http"', '"github.com/shop/retry"'], `\treturn retry.Do(${send})`));
    assert.deepEqual(f.layers, []);
  });
});
