// Hand-rolled retry loops and retry helpers in Go (DESIGN.md "retry layer": a hand-rolled loop).
// The count follows the Python detector's semantics: attempts = calls of the operation, the
// order of call, check and increment decides ±1 (a for-clause update runs after the body).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { LayerFact } from "../../../server/src/model/facts";
import { go } from "./helpers";

const IMPORTS = ['"context"', '"errors"', '"log"', '"math"', '"math/rand"', '"net/http"', '"strconv"', '"sync/atomic"', '"time"', '"google.golang.org/grpc/codes"', '"google.golang.org/grpc/status"'];

/**
 * A file whose function `Reserve(ctx, c *http.Client, req *http.Request)` holds `body`; the body
 * starts on line 25 when `prelude` is empty.
 */
function file(body: string, prelude = ""): string {
  return `package inventory

import (
${IMPORTS.map((i) => `\t${i}`).join("\n")}
)

const maxAttempts = 4
const base = 100 * time.Millisecond

var delays = []time.Duration{100 * time.Millisecond, 500 * time.Millisecond, 2 * time.Second}

type Client struct{ maxRetries int }
${prelude}
func Reserve(ctx context.Context, c *http.Client, req *http.Request) error {
${body}
	return nil
}
`;
}
const LOOP_LINE = 25;

async function loops(body: string, prelude = ""): Promise<LayerFact[]> {
  const facts = await go(file(body, prelude));
  assert.deepEqual(facts.problems.filter((p) => !p.message.startsWith("syntax error")), [], "no detector problem");
  return facts.layers.filter((l) => l.kind === "retry-loop");
}

async function oneLoop(body: string, prelude = ""): Promise<LayerFact> {
  const ls = await loops(body, prelude);
  assert.equal(ls.length, 1, `expected one retry loop, got ${ls.length}`);
  return ls[0]!;
}

/** `resp, err := c.Do(req)` then leave on success */
const DO = "\t\tresp, err := c.Do(req)\n\t\tif err == nil && resp.StatusCode < 500 {\n\t\t\treturn nil\n\t\t}\n";
const SLEEP = "\t\ttime.Sleep(500 * time.Millisecond)\n";

describe("Go retry loops: attempts", () => {
  const cases: Array<[string, string, number]> = [
    ["for i := 0; i < 3; i++", `\tfor i := 0; i < 3; i++ {\n${DO}${SLEEP}\t}`, 3],
    ["for attempt := 1; attempt <= maxAttempts (package const 4)", `\tfor attempt := 1; attempt <= maxAttempts; attempt++ {\n${DO}${SLEEP}\t}`, 4],
    ["for i := range 3 (Go 1.22)", `\tfor i := range 3 {\n\t\t_ = i\n${DO}${SLEEP}\t}`, 3],
    ["for range n with a local const", `\tconst n = 2\n\tfor range n {\n${DO}${SLEEP}\t}`, 2],
    ["for _, d := range []time.Duration{…}", `\tfor _, d := range []time.Duration{time.Second, 2 * time.Second} {\n${DO}\t\ttime.Sleep(d)\n\t}`, 2],
    ["for _, d := range delays (package var, 3 items)", `\tfor _, d := range delays {\n${DO}\t\ttime.Sleep(d)\n\t}`, 3],
    ["i < maxAttempts+1 (arithmetic on a constant)", `\tfor i := 0; i < maxAttempts+1; i++ {\n${DO}${SLEEP}\t}`, 5],
    ["i < len(delays)", `\tfor i := 0; i < len(delays); i++ {\n${DO}\t\ttime.Sleep(delays[i])\n\t}`, 3],
    ["counting down: for retries := 3; retries > 0; retries--", `\tfor retries := 3; retries > 0; retries-- {\n${DO}${SLEEP}\t}`, 3],
    ["while-style: for attempts < 3 { attempts++ … }", `\tattempts := 0\n\tfor attempts < 3 {\n\t\tattempts++\n${DO}${SLEEP}\t}`, 3],
    [
      "for {}: call, increment, check (attempts >= 5 after the increment)",
      `\tattempts := 0\n\tfor {\n\t\terr := ping(ctx)\n\t\tif err == nil {\n\t\t\treturn nil\n\t\t}\n\t\tattempts++\n\t\tif attempts >= 5 {\n\t\t\treturn err\n\t\t}\n${SLEEP}\t}`,
      5,
    ],
    [
      "for {}: check, increment, call",
      `\tattempt := 0\n\tfor {\n\t\tif attempt >= 5 {\n\t\t\treturn errors.New("gave up")\n\t\t}\n\t\tattempt++\n\t\tif err := ping(ctx); err == nil {\n\t\t\treturn nil\n\t\t}\n${SLEEP}\t}`,
      5,
    ],
    [
      "for {}: increment, check, call (−1)",
      `\tattempt := 0\n\tfor {\n\t\tattempt++\n\t\tif attempt >= 3 {\n\t\t\treturn errors.New("gave up")\n\t\t}\n\t\tif err := ping(ctx); err == nil {\n\t\t\treturn nil\n\t\t}\n${SLEEP}\t}`,
      2,
    ],
    [
      "for {}: call, check, increment (the counter counts retries: +1)",
      `\tretries := 0\n\tfor {\n\t\terr := ping(ctx)\n\t\tif err == nil {\n\t\t\treturn nil\n\t\t}\n\t\tif retries >= 3 {\n\t\t\treturn err\n\t\t}\n\t\tretries++\n${SLEEP}\t}`,
      4,
    ],
    [
      "for attempt := 0; ; attempt++ with the check in the body (update runs after the body)",
      `\tfor attempt := 0; ; attempt++ {\n\t\terr := ping(ctx)\n\t\tif err == nil {\n\t\t\treturn nil\n\t\t}\n\t\tif attempt >= 4 {\n\t\t\treturn err\n\t\t}\n${SLEEP}\t}`,
      5,
    ],
    [
      "a tagless switch: case attempt == max: return",
      `\tfor attempt := 1; ; attempt++ {\n\t\terr := ping(ctx)\n\t\tswitch {\n\t\tcase err == nil:\n\t\t\treturn nil\n\t\tcase attempt == 3:\n\t\t\treturn err\n\t\t}\n${SLEEP}\t}`,
      3,
    ],
  ];
  for (const [name, body, expected] of cases) {
    test(`${name} → ${expected}`, async () => {
      const l = await oneLoop(body);
      assert.equal(l.maxAttempts, expected, l.attemptsNote);
      assert.equal(l.countUnknown, undefined);
      assert.equal(l.kind, "retry-loop");
      assert.equal(l.library, "hand-rolled");
      assert.equal(l.category, "code");
    });
  }

  test("the anchor is the loop line", async () => {
    const l = await oneLoop(`\tfor i := 0; i < 3; i++ {\n${DO}${SLEEP}\t}`);
    assert.equal(l.anchor.line, LOOP_LINE);
    assert.equal(l.label, "Reserve");
  });

  test("a bound that is a parameter: count unknown, with the reason", async () => {
    const facts = await go(file("", `\nfunc Send(ctx context.Context, c *http.Client, req *http.Request, attempts int) error {\n\tfor i := 0; i < attempts; i++ {\n${DO}${SLEEP}\t}\n\treturn nil\n}\n`));
    const l = facts.layers.find((x) => x.kind === "retry-loop")!;
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, true);
    assert.match(l.attemptsNote, /attempts is a parameter/);
  });

  test("a bound that is a struct field: count unknown, naming the field", async () => {
    const facts = await go(file("", `\nfunc (cl *Client) Send(ctx context.Context, c *http.Client, req *http.Request) error {\n\tfor i := 0; i < cl.maxRetries; i++ {\n${DO}${SLEEP}\t}\n\treturn nil\n}\n`));
    const l = facts.layers.find((x) => x.kind === "retry-loop")!;
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, true);
    assert.match(l.attemptsNote, /cl\.maxRetries is not known statically/);
    assert.equal(l.label, "Client.Send");
  });

  test("a range over items of unknown length: count unknown", async () => {
    const facts = await go(file("", `\nfunc Any(ctx context.Context, hosts []string) error {\n\tfor _, h := range hosts {\n\t\tif err := pingHost(ctx, h); err == nil {\n\t\t\treturn nil\n\t\t}\n${SLEEP}\t}\n\treturn nil\n}\n`));
    const l = facts.layers.find((x) => x.kind === "retry-loop")!;
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, true);
  });

  test("for {} with no counter is unbounded (RL002), not unknown; a ctx.Done() case is noted", async () => {
    const l = await oneLoop(`\tfor {\n\t\tif err := ping(ctx); err == nil {\n\t\t\treturn nil\n\t\t}\n\t\tselect {\n\t\tcase <-ctx.Done():\n\t\t\treturn ctx.Err()\n\t\tcase <-time.After(time.Second):\n\t\t}\n\t}`);
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, undefined);
    assert.equal(l.timeBound, null);
    assert.match(l.attemptsNote, /retries until it succeeds or its context is cancelled/);
  });

  test("a loop bounded by elapsed time only: unbounded by count, with a time bound", async () => {
    const l = await oneLoop(`\tstart := time.Now()\n\tfor time.Since(start) < 30*time.Second {\n\t\tif err := ping(ctx); err == nil {\n\t\t\treturn nil\n\t\t}\n${SLEEP}\t}`);
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, undefined);
    assert.equal(l.timeBound, "time.Since(start) < 30*time.Second");
  });
});

describe("Go retry loops: what is not a retry loop (near misses)", () => {
  const misses: Array<[string, string]> = [
    ["a worker loop reading a channel", "\tch := make(chan string)\n\tfor {\n\t\tmsg := <-ch\n\t\thandle(msg)\n\t}"],
    ["a ticker loop that keeps going after success", "\tt := time.NewTicker(time.Second)\n\tfor range t.C {\n\t\tif err := ping(ctx); err != nil {\n\t\t\tlog.Printf(\"ping: %v\", err)\n\t\t}\n\t}"],
    ["a poll loop that sleeps and never leaves on success", "\tfor {\n\t\tif err := ping(ctx); err != nil {\n\t\t\tlog.Printf(\"ping: %v\", err)\n\t\t}\n\t\ttime.Sleep(5 * time.Second)\n\t}"],
    ["pagination (leaves only on error), even with a pause", "\ttoken := \"first\"\n\tfor token != \"\" {\n\t\tnext, err := list(ctx, token)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n\t\ttoken = next\n\t\ttime.Sleep(100 * time.Millisecond)\n\t}"],
    ["a loop that sleeps but calls only bookkeeping", "\tvar ready int32\n\tfor i := 0; i < 10; i++ {\n\t\tif atomic.LoadInt32(&ready) == 1 {\n\t\t\treturn nil\n\t\t}\n\t\tlog.Printf(\"waiting\")\n\t\ttime.Sleep(time.Second)\n\t}"],
    ["a range over items without a sleep", "\tfor _, sku := range []string{\"a\", \"b\"} {\n\t\tif err := reserveOne(ctx, sku); err == nil {\n\t\t\treturn nil\n\t\t}\n\t}"],
    ["polling until ready (leaves on a state, not on success)", "\tfor i := 0; i < 30; i++ {\n\t\tst, err := status(ctx)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n\t\tif st == \"ready\" {\n\t\t\treturn nil\n\t\t}\n\t\ttime.Sleep(time.Second)\n\t}"],
    ["a poll loop whose only exit is ctx.Done()", "\tfor {\n\t\tif err := ping(ctx); err != nil {\n\t\t\tlog.Printf(\"ping: %v\", err)\n\t\t}\n\t\tselect {\n\t\tcase <-ctx.Done():\n\t\t\treturn ctx.Err()\n\t\tcase <-time.After(time.Second):\n\t\t}\n\t}"],
    ["a break inside select leaves the select, not the loop", "\tfor {\n\t\terr := ping(ctx)\n\t\tselect {\n\t\tdefault:\n\t\t\tif err == nil {\n\t\t\t\tbreak\n\t\t\t}\n\t\t}\n\t\ttime.Sleep(time.Second)\n\t}"],
  ];
  for (const [name, body] of misses) {
    test(name, async () => {
      assert.equal((await loops(body)).length, 0);
    });
  }

  test("a labeled break from a switch does leave the loop (the counterpart)", async () => {
    const l = await oneLoop("retry:\n\tfor i := 0; i < 3; i++ {\n\t\terr := ping(ctx)\n\t\tswitch {\n\t\tcase err == nil:\n\t\t\tbreak retry\n\t\t}\n\t\ttime.Sleep(time.Second)\n\t}");
    assert.equal(l.maxAttempts, 3);
  });

  test("`if err != nil { sleep; continue }; return` leaves on success", async () => {
    const l = await oneLoop("\tfor i := 0; i < 2; i++ {\n\t\tif err := ping(ctx); err != nil {\n\t\t\ttime.Sleep(time.Second)\n\t\t\tcontinue\n\t\t}\n\t\treturn nil\n\t}");
    assert.equal(l.maxAttempts, 2);
  });

  test("a select waiting for a reply with a time.After timeout, leaving when reply.Err == nil", async () => {
    const l = await oneLoop("\treplies := make(chan reply)\n\tfor i := 0; i < 3; i++ {\n\t\tsend(ctx, replies)\n\t\tselect {\n\t\tcase r := <-replies:\n\t\t\tif r.Err == nil {\n\t\t\t\treturn nil\n\t\t\t}\n\t\tcase <-time.After(2 * time.Second):\n\t\t}\n\t}");
    assert.equal(l.maxAttempts, 3);
  });

  test("an outer loop over items around an inner retry loop: only the inner one is a layer", async () => {
    const ls = await loops(`\tfor _, sku := range []string{"a", "b"} {\n\t\tfor i := 0; i < 3; i++ {\n\t\t\tif err := reserveOne(ctx, sku); err == nil {\n\t\t\t\tbreak\n\t\t\t}\n\t\t\ttime.Sleep(time.Second)\n\t\t}\n\t}`);
    assert.deepEqual(ls.map((l) => [l.anchor.line, l.maxAttempts]), [[LOOP_LINE + 1, 3]]);
  });

  test("broken code never throws and yields no layer", async () => {
    const facts = await go("package x\n\nimport \"time\"\n\nfunc f( {\n\tfor i := 0; i < 3; i++ {\n\t\tif err := ping(); err == nil {\n\t\t\treturn\n\t\t}\n\t\ttime.Sleep(\n\t}\n}\n");
    assert.equal(facts.layers.length, 0);
    assert.ok(facts.problems.some((p) => p.message.startsWith("syntax error")));
  });
});

describe("Go retry loops: waits", () => {
  const waits: Array<[string, string, WaitExpect]> = [
    ["time.Sleep(500 * time.Millisecond) → fixed", SLEEP, { kind: "fixed", jitter: false, initialSeconds: 0.5 }],
    ["base << i → exponential from the constant base", "\t\ttime.Sleep(base << i)\n", { kind: "exponential", jitter: false, initialSeconds: 0.1 }],
    ["time.Duration(1<<i) * base → exponential", "\t\ttime.Sleep(time.Duration(1<<i) * base)\n", { kind: "exponential", jitter: false, initialSeconds: 0.1 }],
    ["math.Pow(2, float64(i)) → exponential", "\t\ttime.Sleep(time.Duration(math.Pow(2, float64(i))) * time.Second)\n", { kind: "exponential", jitter: false, initialSeconds: 1 }],
    ["time.Duration(i+1) * time.Second → linear", "\t\ttime.Sleep(time.Duration(i+1) * time.Second)\n", { kind: "linear", jitter: false, initialSeconds: 1 }],
    ["rand in the expression → jitter", "\t\ttime.Sleep(base<<i + time.Duration(rand.Int63n(int64(base))))\n", { kind: "exponential", jitter: true }],
    ["a jitter variable computed with rand → jitter", "\t\tj := time.Duration(rand.Int63n(100)) * time.Millisecond\n\t\ttime.Sleep(time.Second + j)\n", { kind: "random", jitter: true }],
    ["<-time.After(d) in a select with ctx.Done()", "\t\tselect {\n\t\tcase <-ctx.Done():\n\t\t\treturn ctx.Err()\n\t\tcase <-time.After(2 * time.Second):\n\t\t}\n", { kind: "fixed", jitter: false, initialSeconds: 2 }],
    ["a bare <-time.After(d)", "\t\t<-time.After(time.Second)\n", { kind: "fixed", jitter: false, initialSeconds: 1 }],
    ["timer := time.NewTimer(d)", "\t\ttimer := time.NewTimer(300 * time.Millisecond)\n\t\tselect {\n\t\tcase <-ctx.Done():\n\t\t\ttimer.Stop()\n\t\t\treturn ctx.Err()\n\t\tcase <-timer.C:\n\t\t}\n", { kind: "fixed", jitter: false, initialSeconds: 0.3 }],
    ["time.Sleep(0) → no wait", "\t\ttime.Sleep(0)\n", { kind: "none", jitter: false, initialSeconds: 0 }],
  ];
  for (const [name, wait, want] of waits) {
    test(name, async () => {
      const l = await oneLoop(`\tfor i := 0; i < 3; i++ {\n${DO}${wait}\t}`);
      assertWait(l, want);
    });
  }

  test("delay *= 2 after each attempt → exponential from the first value", async () => {
    const l = await oneLoop(`\tdelay := 200 * time.Millisecond\n\tfor i := 0; i < 3; i++ {\n${DO}\t\ttime.Sleep(delay)\n\t\tdelay *= 2\n\t}`);
    assertWait(l, { kind: "exponential", jitter: false, initialSeconds: 0.2 });
  });

  test("a list of delays: its shape, first and largest value", async () => {
    const l = await oneLoop(`\tfor _, d := range delays {\n${DO}\t\ttime.Sleep(d)\n\t}`);
    assertWait(l, { kind: "exponential", jitter: false, initialSeconds: 0.1 });
    assert.equal(l.wait.maxSeconds, 2);
    const fixed = await oneLoop(`\tfor _, d := range []time.Duration{time.Second, time.Second} {\n${DO}\t\ttime.Sleep(d)\n\t}`);
    assertWait(fixed, { kind: "fixed", jitter: false, initialSeconds: 1 });
  });

  test("a same-file sleep helper (select on ctx.Done and time.After) is a wait, with the delay its caller passes", async () => {
    const prelude = "\nfunc sleepCtx(ctx context.Context, d time.Duration) error {\n\tselect {\n\tcase <-ctx.Done():\n\t\treturn ctx.Err()\n\tcase <-time.After(d):\n\t\treturn nil\n\t}\n}\n";
    const l = await oneLoop(`\tfor i := 0; i < 3; i++ {\n${DO}\t\tif err := sleepCtx(ctx, 750*time.Millisecond); err != nil {\n\t\t\treturn err\n\t\t}\n\t}`, prelude);
    assertWait(l, { kind: "fixed", jitter: false, initialSeconds: 0.75 });
    assert.equal(l.condition.allErrors, true, "the sleep helper's `err != nil → return` is not the operation's error");
  });

  test("a same-file delay function returning base << attempt → exponential", async () => {
    const prelude = "\nfunc backoff(attempt int) time.Duration {\n\treturn base << attempt\n}\n";
    const l = await oneLoop(`\tfor i := 0; i < 3; i++ {\n${DO}\t\ttime.Sleep(backoff(i))\n\t}`, prelude);
    assertWait(l, { kind: "exponential", jitter: false });
  });

  test("a delay from an unknown call: custom, jitter unknown", async () => {
    const l = await oneLoop(`\tfor i := 0; i < 3; i++ {\n${DO}\t\ttime.Sleep(policy.Next())\n\t}`);
    assertWait(l, { kind: "custom", jitter: null, initialSeconds: null });
  });
});

interface WaitExpect {
  kind: LayerFact["wait"]["kind"];
  jitter: boolean | null;
  initialSeconds?: number | null;
}
function assertWait(l: LayerFact, want: WaitExpect): void {
  assert.equal(l.wait.kind, want.kind, l.wait.description);
  assert.equal(l.wait.jitter, want.jitter, l.wait.description);
  if (want.initialSeconds !== undefined) assert.equal(l.wait.initialSeconds, want.initialSeconds, l.wait.description);
}

describe("Go retry loops: attachment", () => {
  test("a loop in a function: a block over the loop's calls (not the sleep, logging or cleanup)", async () => {
    const facts = await go(file(`\tfor i := 0; i < 3; i++ {\n\t\treq, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://inventory:8080/stock", nil)\n\t\treq.Header.Set("Accept", "application/json")\n\t\tresp, err := c.Do(req)\n\t\tif err == nil && resp.StatusCode < 500 {\n\t\t\treturn nil\n\t\t}\n\t\tif resp != nil {\n\t\t\tresp.Body.Close()\n\t\t}\n\t\tlog.Printf("attempt %d: %v", i, err)\n\t\ttime.Sleep(time.Second)\n\t}`));
    const l = facts.layers.find((x) => x.kind === "retry-loop")!;
    assert.equal(l.attach.kind, "block");
    if (l.attach.kind !== "block") return;
    assert.equal(l.attach.functionId, "Reserve");
    assert.deepEqual(l.attach.callIds.map((id) => facts.calls.find((c) => c.id === id)?.callee), ["c.Do"]);
  });

  test("a loop calling a func parameter: a retry helper (its callers' closures are retried)", async () => {
    const facts = await go(file("", "\nfunc withRetry(ctx context.Context, op func() error) error {\n\tvar err error\n\tfor i := 0; i < 3; i++ {\n\t\tif err = op(); err == nil {\n\t\t\treturn nil\n\t\t}\n\t\ttime.Sleep(base << i)\n\t}\n\treturn err\n}\n"));
    const l = facts.layers.find((x) => x.kind === "retry-loop")!;
    assert.deepEqual(l.attach, { kind: "helper", functionId: "withRetry", paramIndex: 1, paramName: "op" });
    assert.equal(l.maxAttempts, 3);
  });

  test("a generic helper with the count as a parameter: helper attachment, count unknown", async () => {
    const facts = await go(file("", "\nfunc Do[T any](ctx context.Context, attempts int, fn func(context.Context) (T, error)) (T, error) {\n\tvar zero T\n\tfor i := 0; i < attempts; i++ {\n\t\tif v, err := fn(ctx); err == nil {\n\t\t\treturn v, nil\n\t\t}\n\t\ttime.Sleep(time.Second)\n\t}\n\treturn zero, errors.New(\"gave up\")\n}\n"));
    const l = facts.layers.find((x) => x.kind === "retry-loop")!;
    assert.deepEqual(l.attach, { kind: "helper", functionId: "Do", paramIndex: 2, paramName: "fn" });
    assert.equal(l.countUnknown, true);
  });

  test("a local closure that shadows nothing is retried as a block, not a helper", async () => {
    const facts = await go(file("\top := func() error { _, err := c.Do(req); return err }\n\tfor i := 0; i < 3; i++ {\n\t\tif err := op(); err == nil {\n\t\t\treturn nil\n\t\t}\n\t\ttime.Sleep(time.Second)\n\t}"));
    const l = facts.layers.find((x) => x.kind === "retry-loop")!;
    assert.equal(l.attach.kind, "block");
  });
});

describe("Go retry loops: what is retried", () => {
  test("leaving on err == nil: every error is retried (permanent ones too), no status", async () => {
    const l = await oneLoop(`\tfor i := 0; i < 3; i++ {\n\t\tif err := ping(ctx); err == nil {\n\t\t\treturn nil\n\t\t}\n${SLEEP}\t}`);
    assert.equal(l.condition.allErrors, true);
    assert.deepEqual(l.condition.statuses, []);
    assert.match(l.condition.permanentErrors ?? "", /every error/);
    assert.equal(l.condition.afterSendMethods, "all");
  });

  test("errors returned at once, 5xx retried: statuses 500–599 only", async () => {
    const l = await oneLoop("\tfor i := 0; i < 3; i++ {\n\t\tresp, err := c.Do(req)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n\t\tif resp.StatusCode < 500 {\n\t\t\treturn nil\n\t\t}\n\t\ttime.Sleep(time.Second)\n\t}");
    assert.equal(l.condition.allErrors, false);
    assert.equal(l.condition.statuses.length, 100);
    assert.deepEqual([l.condition.statuses[0], l.condition.statuses[99]], [500, 599]);
    assert.equal(l.condition.permanentErrors, null);
  });

  test("a switch on StatusCode retrying 429 and 503, reading Retry-After", async () => {
    const body = (header: string) =>
      `\tfor i := 0; i < 3; i++ {\n\t\tresp, err := c.Do(req)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n\t\tswitch resp.StatusCode {\n\t\tcase http.StatusTooManyRequests, http.StatusServiceUnavailable:\n\t\t\tn, _ := strconv.Atoi(resp.Header.Get("${header}"))\n\t\t\ttime.Sleep(time.Duration(n) * time.Second)\n\t\t\tcontinue\n\t\t}\n\t\treturn nil\n\t}`;
    const l = await oneLoop(body("Retry-After"));
    assert.deepEqual(l.condition.statuses, [429, 503]);
    assert.equal(l.condition.honoursRetryAfter, true);
    assert.equal(l.wait.kind, "custom", "the wait comes from the header");
    const ignoring = await oneLoop(body("X-Backoff"));
    assert.equal(ignoring.condition.honoursRetryAfter, false);
  });

  test("only 200 accepted: 4xx retried too (permanent errors)", async () => {
    const l = await oneLoop("\tfor i := 0; i < 3; i++ {\n\t\tresp, err := c.Do(req)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n\t\tif resp.StatusCode == http.StatusOK {\n\t\t\treturn nil\n\t\t}\n\t\ttime.Sleep(time.Second)\n\t}");
    assert.ok(l.condition.statuses.includes(404));
    assert.match(l.condition.permanentErrors ?? "", /status 400/);
  });

  test("an error filter (errors.Is / a retryable predicate) means not every error is retried blindly", async () => {
    const l = await oneLoop(`\tfor i := 0; i < 3; i++ {\n\t\terr := ping(ctx)\n\t\tif err == nil {\n\t\t\treturn nil\n\t\t}\n\t\tif errors.Is(err, context.Canceled) {\n\t\t\treturn err\n\t\t}\n${SLEEP}\t}`);
    assert.equal(l.condition.allErrors, false, "cancellation stops the loop: not every error is retried");
    assert.match(l.condition.description, /errors the loop judges retryable/);
    assert.equal(l.condition.permanentErrors, null);
  });

  test("gRPC: leaving unless status.Code(err) == codes.Unavailable retries Unavailable only", async () => {
    const l = await oneLoop("\tfor i := 0; i < 3; i++ {\n\t\t_, err := stub.Reserve(ctx, nil)\n\t\tif status.Code(err) != codes.Unavailable {\n\t\t\treturn err\n\t\t}\n\t\ttime.Sleep(time.Second)\n\t}");
    assert.equal(l.maxAttempts, 3);
    assert.equal(l.condition.permanentErrors, null);
    assert.equal(l.attach.kind === "block" && l.attach.callIds.length, 1, "stub.Reserve only, not status.Code");
  });

  test("a retry budget checked in the loop is recorded (and is not the operation)", async () => {
    const l = await oneLoop(`\tfor i := 0; i < 3; i++ {\n${DO}\t\tif !retryBudget.TryAcquire() {\n\t\t\treturn errors.New("budget exhausted")\n\t\t}\n${SLEEP}\t}`);
    assert.match(l.budget ?? "", /retryBudget\.TryAcquire/);
    assert.equal(l.attach.kind === "block" && l.attach.callIds.length, 1);
  });

  test("`if !shouldRetry(err) { return err }` then continue on failure", async () => {
    const l = await oneLoop("\tfor i := 0; i < 4; i++ {\n\t\terr := ping(ctx)\n\t\tif !shouldRetry(err) {\n\t\t\treturn err\n\t\t}\n\t\ttime.Sleep(time.Second)\n\t}");
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.condition.permanentErrors, null);
  });
});

describe("Go retry loops: the bound comes from a check that leaves the loop", () => {
  test("for i := 0; ; i++ with `if i == 5 { return err }` after the call: i = 0..5 → 6 attempts", async () => {
    const l = await oneLoop(`\tfor i := 0; ; i++ {\n\t\terr := ping(ctx)\n\t\tif err == nil {\n\t\t\treturn nil\n\t\t}\n\t\tif i == 5 {\n\t\t\treturn err\n\t\t}\n${SLEEP}\t}`);
    assert.equal(l.maxAttempts, 6, l.attemptsNote);
  });

  test("the operation's own boolean result is its success (`if tryIncrement(…) { return }`), and only the 409 path goes round", async () => {
    const prelude = "\nfunc tryIncrement(ctx context.Context, c *http.Client) bool {\n\treturn true\n}\n";
    const l = await oneLoop(`\tfor i := 0; ; i++ {\n\t\tif tryIncrement(ctx, c) {\n\t\t\treturn nil\n\t\t}\n\t\tif i == 5 {\n\t\t\treturn errors.New("out of retries")\n\t\t}\n\t\ttime.Sleep(time.Duration(rand.Intn(50)+50) * time.Millisecond)\n\t}`, prelude);
    assert.equal(l.maxAttempts, 6, l.attemptsNote);
    assert.equal(l.wait.jitter, true);
  });

  test("a check that only logs is not a bound: the loop stays unbounded", async () => {
    const l = await oneLoop(`\tfor i := 0; ; i++ {\n\t\terr := ping(ctx)\n\t\tif err == nil {\n\t\t\treturn nil\n\t\t}\n\t\tif i >= 3 {\n\t\t\tlog.Printf("slow: %v", err)\n\t\t}\n${SLEEP}\t}`);
    assert.equal(l.maxAttempts, null, l.attemptsNote);
    assert.equal(l.countUnknown, undefined);
  });
});

describe("Go retry loops without a wait", () => {
  test("a fixed number of tries leaving on `err == nil` is a retry with no wait", async () => {
    const l = await oneLoop(`\tvar err error\n\tfor i := 0; i < 3; i++ {\n\t\terr = ping(ctx)\n\t\tif err == nil {\n\t\t\tbreak\n\t\t}\n\t\tlog.Printf("retry %d: %v", i+1, err)\n\t}\n\tif err != nil {\n\t\treturn err\n\t}`);
    assert.equal(l.maxAttempts, 3);
    assert.equal(l.wait.kind, "none");
  });

  test("an unbounded loop going round only on one error (a deadlock) is a retry", async () => {
    const prelude = "\ntype dbError struct{ Number int }\n\nfunc (e *dbError) Error() string { return \"db\" }\n";
    const l = await oneLoop(`\tfor {\n\t\terr := update(ctx)\n\t\tif val, ok := err.(*dbError); ok && val.Number == 1213 {\n\t\t\tcontinue\n\t\t}\n\t\treturn err\n\t}`, prelude);
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, undefined);
    assert.equal(l.condition.allErrors, false);
  });

  test("an unbounded loop without a wait going round on every failure is a spin, not a layer", async () => {
    assert.equal((await loops(`\tfor {\n\t\tif err := ping(ctx); err == nil {\n\t\t\treturn nil\n\t\t}\n\t}`)).length, 0);
  });

  test("items handed to the call without a wait are a scan", async () => {
    assert.equal((await loops(`\tfor _, h := range hosts(ctx) {\n\t\tif err := pingHost(ctx, h); err == nil {\n\t\t\treturn nil\n\t\t}\n\t}`)).length, 0);
  });
});

describe("Go loops waiting for a lock", () => {
  // the shape of google/exposure-notifications-server internal/export/worker.go retryingCreateIndex
  const LOCK_WAIT = (check: string, tail = "\t\t\treturn err\n") =>
    `\tfor {\n\t\tunlock, err := db.Lock(ctx, "index", time.Minute)\n\t\tif err != nil {\n\t\t\tif ${check} {\n\t\t\t\ttime.Sleep(10 * time.Second)\n\t\t\t\tcontinue\n\t\t\t}\n${tail}\t\t}\n\t\tif err := write(ctx); err != nil {\n\t\t\treturn err\n\t\t}\n\t\tunlock()\n\t\tbreak\n\t}`;
  const waits: Array<[string, string]> = [
    ["errors.Is(err, coredb.ErrAlreadyLocked)", "errors.Is(err, coredb.ErrAlreadyLocked)"],
    ["err == ErrLocked", "err == ErrLocked"],
    // bsm/redislock: Obtain returns ErrNotObtained while another client holds the key
    ["errors.Is(err, redislock.ErrNotObtained)", "errors.Is(err, redislock.ErrNotObtained)"],
  ];
  for (const [name, check] of waits) {
    test(`going round only on ${name} waits for the holder: no layer`, async () => {
      assert.equal((await loops(LOCK_WAIT(check))).length, 0);
    });
  }

  test("the counterpart: going round on a timeout sentinel retries a failure", async () => {
    const l = await oneLoop(LOCK_WAIT("errors.Is(err, context.DeadlineExceeded)"));
    assert.equal(l.maxAttempts, null);
  });

  test("the counterpart: lock contention and every other error going round is a retry", async () => {
    const l = await oneLoop(LOCK_WAIT("errors.Is(err, coredb.ErrAlreadyLocked)", "\t\t\ttime.Sleep(time.Second)\n\t\t\tcontinue\n"));
    assert.equal(l.maxAttempts, null);
  });
});

describe("Go polling and consumer loops", () => {
  test("a loop counting elapsed time by its interval waits for a state: polling", async () => {
    assert.equal((await loops(`\tinterval := time.Second\n\tfor waited := time.Duration(0); waited < 30*time.Second; waited += interval {\n\t\tif err := ping(ctx); err == nil {\n\t\t\treturn nil\n\t\t}\n\t\ttime.Sleep(interval)\n\t}`)).length, 0);
  });

  test("a consumer loop is no layer, and is recorded as running for as long as the program", async () => {
    const facts = await go(file(`\tch := make(chan string)\n\tfor {\n\t\tmsg := <-ch\n\t\tif err := handle(msg); err != nil {\n\t\t\tlog.Printf("handle: %v", err)\n\t\t}\n\t}`));
    assert.equal(facts.layers.filter((l) => l.kind === "retry-loop").length, 0);
    assert.deepEqual(facts.longRunningLoops?.map((l) => [l.functionId, l.span.line]), [["Reserve", LOOP_LINE + 1]]);
  });
});
