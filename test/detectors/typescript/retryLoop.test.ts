/**
 * Hand-rolled retry loops and retry helpers in TypeScript/JavaScript (DESIGN.md "retry layer": a
 * hand-rolled loop): a loop that calls, sleeps and leaves on success, counted as the Python
 * detector counts (the order of call, increment and check decides ±1).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { FileFacts, LayerFact } from "../../../server/src/model/facts";
import { assertSubset, extract, src } from "./helpers";

const SLEEP = "const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\n";

function loops(facts: FileFacts): LayerFact[] {
  return facts.layers.filter((l) => l.kind === "retry-loop");
}

/** The one retry-loop layer of `body` (after the `sleep` helper line). */
function loopOf(body: string, file?: string): LayerFact {
  const facts = extract(SLEEP + body, file);
  const found = loops(facts);
  assert.equal(found.length, 1, `expected one retry loop, got ${found.length}; problems: ${JSON.stringify(facts.problems)}`);
  return found[0]!;
}

function noLoop(body: string): void {
  const facts = extract(SLEEP + body);
  assert.deepEqual(loops(facts).map((l) => l.anchor.line), [], "no retry loop expected");
  assert.deepEqual(facts.problems, []);
}

describe("retry loops (TS): attempts", () => {
  const cases: Array<[string, string, number | null]> = [
    [
      "for (let i = 0; i < 3; i++) with return in try",
      src`
        async function f() {
          for (let i = 0; i < 3; i++) {
            try { return await fetch("http://x"); } catch (e) { await sleep(100); }
          }
        }`,
      3,
    ],
    [
      "for (let attempt = 1; attempt <= 5; attempt++)",
      src`
        async function f() {
          for (let attempt = 1; attempt <= 5; attempt++) {
            try { return await fetch("http://x"); } catch (e) { await sleep(100); }
          }
        }`,
      5,
    ],
    [
      "for with a module constant bound and N + 1",
      src`
        const MAX_RETRIES = 2;
        async function f() {
          for (let i = 0; i < MAX_RETRIES + 1; i++) {
            try { return await fetch("http://x"); } catch (e) { await sleep(100); }
          }
        }`,
      3,
    ],
    [
      "while (attempt < 4) with the increment in the body",
      src`
        async function f() {
          let attempt = 0;
          while (attempt < 4) {
            attempt++;
            try { return await fetch("http://x"); } catch (e) { await sleep(100); }
          }
        }`,
      4,
    ],
    [
      "while (++attempt < 4): a prefix increment in the head is one fewer",
      src`
        async function f() {
          let attempt = 0;
          while (++attempt < 4) {
            try { return await fetch("http://x"); } catch (e) { await sleep(100); }
          }
        }`,
      3,
    ],
    [
      "while (retries-- > 0): a decrementing counter",
      src`
        async function f() {
          let retries = 3;
          while (retries-- > 0) {
            try { return await fetch("http://x"); } catch (e) { await sleep(100); }
          }
        }`,
      3,
    ],
    [
      "while (retries) with retries -= 1: a counter read as a truth value",
      src`
        async function f(db: { connect(): Promise<void> }) {
          let retries = 5;
          while (retries) {
            try { await db.connect(); break; } catch (err) {
              retries -= 1;
              await new Promise((res) => setTimeout(res, 5000));
            }
          }
        }`,
      5,
    ],
    [
      "if (!retries) throw after retries-- (C I K on a decrementing counter)",
      src`
        async function f() {
          let retries = 3;
          while (true) {
            try { return await fetch("http://x"); } catch (err) {
              retries--;
              if (!retries) throw err;
              await sleep(100);
            }
          }
        }`,
      3,
    ],
    [
      "do … while (attempt < 3) with the increment in the body",
      src`
        async function f() {
          let attempt = 0;
          do {
            attempt += 1;
            const res = await fetch("http://x");
            if (res.ok) return res;
            await sleep(200);
          } while (attempt < 3);
        }`,
      3,
    ],
    [
      "do … while (attempt++ < 3): the last comparison sees the old value, one more",
      src`
        async function f() {
          let attempt = 0;
          do {
            const res = await fetch("http://x");
            if (res.ok) return res;
            await sleep(200);
          } while (attempt++ < 3);
        }`,
      4,
    ],
    [
      "while (true): call, increment, check (C I K) → N",
      src`
        async function f() {
          let attempt = 0;
          while (true) {
            try { return await fetch("http://x"); } catch (err) {
              attempt++;
              if (attempt >= 3) throw err;
              await sleep(100);
            }
          }
        }`,
      3,
    ],
    [
      "while (true): call, check, increment (C K I) → N + 1",
      src`
        async function f() {
          let attempt = 0;
          while (true) {
            try { return await fetch("http://x"); } catch (err) {
              if (attempt >= 3) throw err;
              attempt++;
              await sleep(100);
            }
          }
        }`,
      4,
    ],
    [
      "while (true): increment, check, call (I K C) → N − 1",
      src`
        async function f() {
          let attempt = 0;
          while (true) {
            attempt++;
            if (attempt >= 3) throw new Error("gave up");
            try { return await fetch("http://x"); } catch (err) { await sleep(100); }
          }
        }`,
      2,
    ],
    [
      "while (true): check, increment, call (K I C) → N",
      src`
        async function f() {
          let attempt = 0;
          while (true) {
            if (attempt >= 3) throw new Error("gave up");
            attempt++;
            try { return await fetch("http://x"); } catch (err) { await sleep(100); }
          }
        }`,
      3,
    ],
    [
      "if (++attempt > retries) throw: retries counted as retries → retries + 1",
      src`
        async function f(retries = 2) {
          let attempt = 0;
          for (;;) {
            try { return await fetch("http://x"); } catch (err) {
              if (++attempt > retries) throw err;
              await sleep(100);
            }
          }
        }`,
      3,
    ],
    [
      "for (let attempt = 1; ; attempt++) with the check in the catch (incrementor after the body)",
      src`
        async function f() {
          for (let attempt = 1; ; attempt++) {
            try { return await fetch("http://x"); } catch (err) {
              if (attempt >= 4) throw err;
              await sleep(100);
            }
          }
        }`,
      4,
    ],
    [
      "for … of a literal delay list → one attempt per item",
      src`
        async function f() {
          for (const delay of [100, 200, 400]) {
            try { return await fetch("http://x"); } catch (e) { await sleep(delay); }
          }
        }`,
      3,
    ],
    [
      "for … of a module constant delay list",
      src`
        const BACKOFF_MS = [50, 50, 50, 50];
        async function f() {
          for (const ms of BACKOFF_MS) {
            try { return await fetch("http://x"); } catch (e) { await sleep(ms); }
          }
        }`,
      4,
    ],
    [
      "i < delays.length of a local literal array",
      src`
        async function f() {
          const delays = [100, 300];
          for (let i = 0; i < delays.length; i++) {
            try { return await fetch("http://x"); } catch (e) { await sleep(delays[i]); }
          }
        }`,
      2,
    ],
    [
      "a class field bound (this.maxAttempts = 5)",
      src`
        class Client {
          private maxAttempts = 5;
          async get() {
            for (let i = 0; i < this.maxAttempts; i++) {
              try { return await fetch("http://x"); } catch (e) { await sleep(100); }
            }
          }
        }`,
      5,
    ],
  ];
  for (const [name, body, expected] of cases) {
    test(`${name} → ${expected ?? "unbounded"}`, () => {
      assert.equal(loopOf(body).maxAttempts, expected);
    });
  }

  test("while (true) with no counter is unbounded (RL002 material), not an unknown count", () => {
    const l = loopOf(src`
      async function f() {
        while (true) {
          try { return await fetch("http://x"); } catch (e) { await sleep(1000); }
        }
      }`);
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, undefined);
    assert.equal(l.timeBound, null);
    assert.match(l.attemptsNote, /until it succeeds/);
  });

  test("a bound that is not statically known → null with countUnknown and a note", () => {
    const l = loopOf(src`
      async function f(opts: { retries: number }) {
        for (let i = 0; i < opts.retries; i++) {
          try { return await fetch("http://x"); } catch (e) { await sleep(100); }
        }
      }`);
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, true);
    assert.match(l.attemptsNote, /not known statically/);
  });

  test("an unknown bound in the body check is an unknown count too", () => {
    const l = loopOf(src`
      async function f(max: number) {
        let n = 0;
        while (true) {
          try { return await fetch("http://x"); } catch (e) {
            if (++n >= max) throw e;
            await sleep(100);
          }
        }
      }`);
    assert.equal(l.maxAttempts, null);
    assert.equal(l.countUnknown, true);
  });

  test("a deadline bounds the loop by time only", () => {
    const l = loopOf(src`
      async function f() {
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline) {
          try { return await fetch("http://x"); } catch (e) { await sleep(500); }
        }
      }`);
    assert.equal(l.maxAttempts, null);
    assert.equal(l.timeBound, "deadline");
    assert.equal(l.countUnknown, undefined);
  });

  test("opts.retries ?? 3: the written default is assumed and said so", () => {
    const l = loopOf(src`
      async function f(opts: { retries?: number }) {
        const retries = opts.retries ?? 3;
        for (let i = 0; i < retries; i++) {
          try { return await fetch("http://x"); } catch (e) { await sleep(100); }
        }
      }`);
    assert.equal(l.maxAttempts, 3);
    assert.equal(l.attemptsSource, "default");
  });
});

describe("retry loops (TS): sleeps", () => {
  const FOR = (sleepLine: string, header = "") =>
    `${header}async function f() {\n  for (let i = 0; i < 3; i++) {\n    try { return await fetch("http://x"); } catch (e) { ${sleepLine} }\n  }\n}\n`;
  const sleeps: Array<[string, string]> = [
    ["await new Promise(r => setTimeout(r, ms))", FOR("await new Promise((resolve) => setTimeout(resolve, 250));")],
    ["setTimeout from node:timers/promises", FOR("await setTimeout(250);", 'import { setTimeout } from "node:timers/promises";\n')],
    ["an aliased timers/promises setTimeout", FOR("await pause(250);", 'import { setTimeout as pause } from "timers/promises";\n')],
    ["promisify(setTimeout)", FOR("await wait(250);", 'import { promisify } from "node:util";\nconst wait = promisify(setTimeout);\n')],
    ["the delay package", FOR("await delay(250);", 'import delay from "delay";\n')],
    ["an imported sleep helper", FOR("await sleep(250);", 'import { sleep } from "./util";\n')],
    ["a local wait() helper whose body awaits a setTimeout promise", FOR("await wait(250);", "async function wait(ms: number) { await new Promise((r) => setTimeout(r, ms)); }\n")],
    ["a this.sleep() method", `class C {\n  private sleep(ms: number) { return new Promise((r) => setTimeout(r, ms)); }\n  async f() {\n    for (let i = 0; i < 3; i++) {\n      try { return await fetch("http://x"); } catch (e) { await this.sleep(250); }\n    }\n  }\n}\n`],
  ];
  for (const [name, text] of sleeps) {
    test(`${name} sleeps: a fixed 0.25 s wait`, () => {
      const facts = extract(text);
      const [l, ...more] = loops(facts);
      assert.equal(more.length, 0);
      assert.ok(l, "a retry loop");
      assertSubset(l!.wait, { kind: "fixed", jitter: false, initialSeconds: 0.25 });
    });
  }

  test("setTimeout without await does not sleep (a callback, not a pause): the loop retries at once", () => {
    const l = loopOf(src`
      async function f() {
        for (let i = 0; i < 3; i++) {
          try { return await fetch("http://x"); } catch (e) { setTimeout(() => {}, 100); }
        }
      }`);
    assertSubset(l, { maxAttempts: 3, wait: { kind: "none", initialSeconds: 0 } });
  });

  test("a local wait() that does not build a timeout promise is not a sleep", () => {
    const facts = extract(src`
      async function wait(job: string) { return fetch("http://jobs/" + job); }
      async function f() {
        for (let i = 0; i < 3; i++) {
          try { return await fetch("http://x"); } catch (e) { await wait("j"); }
        }
      }`);
    const [l, ...more] = loops(facts);
    assert.equal(more.length, 0);
    assertSubset(l, { maxAttempts: 3, wait: { kind: "none" } });
  });
});

describe("retry loops (TS): waits", () => {
  const W = (sleepArg: string, pre = "") =>
    loopOf(`async function f() {\n  ${pre}\n  for (let attempt = 0; attempt < 3; attempt++) {\n    try { return await fetch("http://x"); } catch (e) { await sleep(${sleepArg}); }\n  }\n}\n`).wait;

  test("literal ms → fixed, in seconds, no jitter (RL004 material)", () => assertSubset(W("500"), { kind: "fixed", jitter: false, initialSeconds: 0.5, maxSeconds: 0.5 }));
  test("base * 2 ** attempt → exponential from base, no jitter", () => assertSubset(W("100 * 2 ** attempt"), { kind: "exponential", jitter: false, initialSeconds: 0.1 }));
  test("Math.pow(2, attempt) * 100 → exponential", () => assertSubset(W("Math.pow(2, attempt) * 100"), { kind: "exponential", jitter: false }));
  test("Math.random() in the expression → jitter", () => assertSubset(W("Math.random() * 100 * 2 ** attempt"), { kind: "exponential", jitter: true, initialSeconds: null }));
  test("Math.min(cap, …) gives the cap", () => assertSubset(W("Math.min(2000, 100 * 2 ** attempt)"), { kind: "exponential", maxSeconds: 2 }));
  test("a delay variable doubled in the loop → exponential", () => {
    const l = loopOf(src`
      async function f() {
        let delay = 100;
        for (let i = 0; i < 3; i++) {
          try { return await fetch("http://x"); } catch (e) { await sleep(delay); delay *= 2; }
        }
      }`);
    assertSubset(l.wait, { kind: "exponential", jitter: false });
  });
  test("jitter computed in a local variable", () => {
    const l = loopOf(src`
      async function f() {
        for (let i = 0; i < 3; i++) {
          try { return await fetch("http://x"); } catch (e) {
            const backoff = 100 * 2 ** i + Math.random() * 50;
            await sleep(backoff);
          }
        }
      }`);
    assertSubset(l.wait, { kind: "exponential", jitter: true });
  });
  test("attempt * 200 → linear", () => assertSubset(W("attempt * 200"), { kind: "linear", jitter: false }));
  test("sleep(0) → no wait (RL003 material)", () => assertSubset(W("0"), { kind: "none", initialSeconds: 0 }));
  test("a delay list of equal values is fixed", () => {
    const l = loopOf(src`
      async function f() {
        for (const d of [300, 300, 300]) {
          try { return await fetch("http://x"); } catch (e) { await sleep(d); }
        }
      }`);
    assertSubset(l.wait, { kind: "fixed", jitter: false, initialSeconds: 0.3 });
  });
  test("a sleep helper that computes its own jittered delay", () => {
    const facts = extract(src`
      function backoff(attempt: number) {
        return new Promise((r) => setTimeout(r, Math.random() * 100 * 2 ** attempt));
      }
      async function f() {
        for (let i = 0; i < 3; i++) {
          try { return await fetch("http://x"); } catch (e) { await backoff(i); }
        }
      }`);
    const [l] = loops(facts);
    assertSubset(l!.wait, { kind: "exponential", jitter: true });
  });
});

describe("retry loops (TS): conditions", () => {
  test("a catch-all catch retries every error (RL006 material)", () => {
    const l = loopOf(src`
      async function f() {
        for (let i = 0; i < 3; i++) {
          try { return await fetch("http://x"); } catch (e) { await sleep(100); }
        }
      }`);
    assertSubset(l.condition, { allErrors: true, afterSendMethods: "all", statuses: [] });
    assert.ok(l.condition.permanentErrors);
  });

  test("if (!isRetryable(e)) throw e → a custom condition, not every error", () => {
    const l = loopOf(src`
      async function f() {
        for (let i = 0; i < 3; i++) {
          try { return await fetch("http://x"); } catch (e) {
            if (!isRetryable(e)) throw e;
            await sleep(100);
          }
        }
      }`);
    assertSubset(l.condition, { allErrors: false, permanentErrors: null, afterSendMethods: "all" });
    assert.match(l.condition.description, /isRetryable/);
  });

  test("an error status check in the catch: 429 and 500–599", () => {
    const l = loopOf(src`
      async function f() {
        for (let attempt = 0; attempt < 3; attempt++) {
          try { const { data } = await axios.get("http://x"); return data; } catch (err: any) {
            const status = err.response?.status;
            if (status && status < 500 && status !== 429) throw err;
            await sleep(100);
          }
        }
      }`);
    assertSubset(l.condition, { allErrors: false, honoursRetryAfter: false });
    assert.equal(l.condition.statuses.length, 101);
    assert.deepEqual(l.condition.statuses.slice(0, 2), [429, 500]);
    assert.match(l.condition.description, /statuses 429, 500–599/);
  });

  test("a predicate that also receives the attempt number is still a filter", () => {
    const l = loopOf(src`
      async function f() {
        for (let attempt = 1; attempt <= 2; attempt++) {
          try { return await fetch("http://x", { method: "POST" }); } catch (e) {
            if (!shouldRetryPostError(e, attempt)) throw e;
            await sleep(100);
          }
        }
      }`);
    assertSubset(l, { maxAttempts: 2, condition: { allErrors: false } });
  });

  test("res.ok || attempt >= max: the exit that gives up also leaves on success", () => {
    const l = loopOf(src`
      async function f() {
        for (let attempt = 1; ; attempt++) {
          const res = await fetch("http://x");
          if (res.ok || attempt >= 3) return res;
          await sleep(100);
        }
      }`);
    assert.equal(l.maxAttempts, 3);
  });

  test("the exhausted-attempts check in the catch is not a filter", () => {
    const l = loopOf(src`
      async function f() {
        let n = 0;
        while (true) {
          try { return await fetch("http://x"); } catch (e) {
            if (++n >= 3) throw e;
            await sleep(100);
          }
        }
      }`);
    assert.equal(l.condition.allErrors, true);
  });

  test("only connection-refused errors are retried: never after the request was sent", () => {
    const l = loopOf(src`
      async function f() {
        for (let i = 0; i < 3; i++) {
          try { return await fetch("http://x", { method: "POST" }); } catch (e: any) {
            if (e.code !== "ECONNREFUSED") throw e;
            await sleep(100);
          }
        }
      }`);
    assertSubset(l.condition, { allErrors: false, afterSendMethods: [] });
  });

  test("res.status >= 500 → statuses 500–599, errors thrown by fetch are not retried", () => {
    const l = loopOf(src`
      async function f() {
        for (let i = 0; i < 3; i++) {
          const res = await fetch("http://x");
          if (res.status >= 500) { await sleep(100); continue; }
          return res;
        }
      }`);
    assert.equal(l.condition.allErrors, false);
    assert.equal(l.condition.statuses.length, 100);
    assert.equal(l.condition.statuses[0], 500);
    assert.equal(l.condition.permanentErrors, null);
  });

  test("if (res.ok) return res → every error status, 4xx included (RL006), 429 without Retry-After (RL007)", () => {
    const l = loopOf(src`
      async function f() {
        for (let i = 0; i < 3; i++) {
          const res = await fetch("http://x");
          if (res.ok) return res;
          await sleep(100);
        }
      }`);
    assert.equal(l.condition.statuses[0], 400);
    assert.match(l.condition.permanentErrors ?? "", /400/);
    assert.equal(l.condition.honoursRetryAfter, false);
  });

  test("statuses from a constant Set; reading Retry-After honours it", () => {
    const l = loopOf(src`
      const RETRYABLE = new Set([429, 503]);
      async function f() {
        for (let i = 0; i < 3; i++) {
          const res = await fetch("http://x");
          if (!RETRYABLE.has(res.status)) return res;
          await sleep(Number(res.headers.get("Retry-After") ?? 1) * 1000);
        }
      }`);
    assert.deepEqual(l.condition.statuses, [429, 503]);
    assert.equal(l.condition.honoursRetryAfter, true);
    assert.equal(l.attach.kind === "block" && l.attach.callIds.length, 1, "headers.get is not the operation");
  });

  test("[502, 503].includes(res.status)", () => {
    const l = loopOf(src`
      async function f() {
        for (let i = 0; i < 3; i++) {
          const res = await fetch("http://x");
          if (![502, 503].includes(res.status)) return res;
          await sleep(100);
        }
      }`);
    assert.deepEqual(l.condition.statuses, [502, 503]);
  });

  test("a token bucket consulted in the loop is a budget", () => {
    const l = loopOf(src`
      async function f(budget: { tryAcquire(): boolean }) {
        for (let i = 0; i < 3; i++) {
          try { return await fetch("http://x"); } catch (e) {
            if (!budget.tryAcquire()) throw e;
            await sleep(100);
          }
        }
      }`);
    assert.match(l.budget ?? "", /budget\.tryAcquire/);
  });
});

describe("retry loops (TS): attachment", () => {
  test("a loop retrying a callable parameter is a helper; the default parameter gives the count", () => {
    const facts = extract(src`
      export async function withRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
        let lastError: unknown;
        for (let i = 0; i < attempts; i++) {
          try {
            return await fn();
          } catch (err) {
            lastError = err;
            await new Promise((r) => setTimeout(r, 100 * 2 ** i));
          }
        }
        throw lastError;
      }`);
    const l = loops(facts)[0]!;
    assert.deepEqual(l.attach, { kind: "helper", functionId: "withRetry", paramIndex: 0, paramName: "fn" });
    assert.equal(l.maxAttempts, 3);
    assert.equal(l.attemptsSource, "default", "the bound is a parameter default");
    assert.equal(l.anchor.line, 3, "anchored on the loop line");
    assert.equal(l.library, "hand-rolled");
    assert.equal(l.category, "code");
  });

  test("a destructured options default gives the count; the callable is the second parameter", () => {
    const facts = extract(src`
      export const retrying = async (label: string, op: () => Promise<Response>, { retries = 4 } = {}) => {
        for (let attempt = 1; attempt <= retries; attempt++) {
          try { return await op(); } catch (e) { await new Promise((r) => setTimeout(r, 50)); }
        }
      };`);
    const l = loops(facts)[0]!;
    assert.deepEqual(l.attach, { kind: "helper", functionId: "retrying", paramIndex: 1, paramName: "op" });
    assert.equal(l.maxAttempts, 4);
  });

  test("otherwise a block over the loop's calls (not the logging, nor the calls in the catch)", () => {
    const facts = extract(SLEEP + src`
      async function load(id: string) {
        for (let i = 0; i < 3; i++) {
          try {
            console.log("attempt", i);
            const res = await fetch("http://inventory/items/" + id);
            return await res.json();
          } catch (e) {
            if (!shouldRetry(e)) throw e;
            await report(e);
            await sleep(100);
          }
        }
      }`);
    const l = loops(facts)[0]!;
    const fetchCall = facts.calls.find((c) => c.callee === "fetch")!;
    assert.deepEqual(l.attach, { kind: "block", functionId: "load", callIds: [fetchCall.id] });
    assert.equal(l.anchor.line, 3);
  });

  test("an inline callback passed to a call gets its function id as the argument name (for helpers)", () => {
    const facts = extract(src`
      import { withRetry } from "./retry";
      export async function handler() {
        return withRetry(() => fetch("http://x"));
      }`);
    const call = facts.calls.find((c) => c.callee === "withRetry")!;
    assert.equal(call.args[0]!.name, "<anon@L3>");
    assert.ok(facts.functions.some((f) => f.id === "handler.<anon@L3>"));
  });

  test("loops at module level attach to the module", () => {
    const facts = extract(SLEEP + src`
      for (let i = 0; i < 2; i++) {
        try { await fetch("http://x"); break; } catch (e) { await sleep(10); }
      }`, "svc/src/boot.mts");
    const l = loops(facts)[0]!;
    assert.equal(l.attach.kind === "block" && l.attach.functionId, "<module>");
    assert.equal(l.maxAttempts, 2);
  });

  test("nested retry loops are two layers; the outer retries the inner loop's calls too", () => {
    const facts = extract(SLEEP + src`
      async function inner() {
        return fetch("http://x");
      }
      async function f() {
        for (let i = 0; i < 2; i++) {
          try {
            for (let j = 0; j < 3; j++) {
              try { return await inner(); } catch (e) { await sleep(10); }
            }
            return await fetch("http://y");
          } catch (e) { await sleep(100); }
        }
      }`);
    const ls = loops(facts).sort((a, b) => a.anchor.line - b.anchor.line);
    assert.deepEqual(ls.map((l) => [l.anchor.line, l.maxAttempts]), [[6, 2], [8, 3]]);
    // the outer loop runs the inner one again when fetch(y) fails: inner() is retried by both (2 × 3)
    const innerCall = facts.calls.find((c) => c.callee === "inner")!;
    const y = facts.calls.find((c) => c.callee === "fetch" && c.span.line === 11)!;
    assert.deepEqual(ls[0]!.attach.kind === "block" && ls[0]!.attach.callIds, [innerCall.id, y.id]);
    assert.deepEqual(ls[1]!.attach.kind === "block" && ls[1]!.attach.callIds, [innerCall.id]);
  });
});

describe("retry loops (TS): near misses", () => {
  test("a polling loop that keeps going after success", () => {
    noLoop(src`
      async function poll() {
        while (true) {
          try { await fetch("http://jobs/next"); } catch (e) { console.error(e); }
          await sleep(5000);
        }
      }`);
  });
  test("a worker that returns only when stopped (the return precedes the work)", () => {
    noLoop(src`
      class Worker {
        stopped = false;
        async run() {
          while (true) {
            if (this.stopped) return;
            await this.tick();
            await sleep(1000);
          }
        }
        async tick() { await fetch("http://jobs/next"); }
      }`);
  });
  test("a pagination loop (while (next)) that sleeps between pages", () => {
    noLoop(src`
      async function all() {
        const items = [];
        let next: string | null = "http://api/items";
        while (next) {
          const res = await fetch(next);
          const page = await res.json();
          items.push(...page.items);
          next = page.next;
          await sleep(100);
        }
        return items;
      }`);
  });
  test("a cursor loop that breaks on the last page", () => {
    noLoop(src`
      async function all(api: { list(o: object): Promise<{ next?: string }> }) {
        let cursor: string | undefined;
        while (true) {
          const page = await api.list({ cursor });
          if (!page.next) break;
          cursor = page.next;
          await sleep(100);
        }
      }`);
  });
  test("a loop over items without sleeping", () => {
    noLoop(src`
      async function sendAll(urls: string[]) {
        for (const url of urls) {
          const res = await fetch(url);
          if (res.ok) return res;
        }
      }`);
  });
  test("a rate-limited loop over items that sleeps between them", () => {
    noLoop(src`
      async function notify(users: string[]) {
        for (const user of users) {
          try { await fetch("http://mail/send", { method: "POST", body: user }); } catch (e) { break; }
          await sleep(50);
        }
      }`);
  });
  test("a loop that sleeps but never calls anything", () => {
    noLoop(src`
      async function waitFor(flag: { done: boolean }) {
        for (let i = 0; i < 10; i++) {
          if (flag.done) return true;
          console.log("waiting");
          await sleep(100);
        }
        return false;
      }`);
  });
  test("a setInterval worker", () => {
    noLoop(src`
      export function start() {
        return setInterval(async () => {
          try { await fetch("http://jobs/heartbeat"); } catch (e) { console.error(e); }
        }, 1000);
      }`);
  });
  test("a counter named retries in a loop that does not sleep", () => {
    noLoop(src`
      async function render(pages: string[]) {
        let retries = 0;
        for (let i = 0; i < pages.length; i++) {
          retries++;
          await fetch("http://render/" + pages[i]);
        }
        return retries;
      }`);
  });
  test("a loop whose only exit is in the catch", () => {
    noLoop(src`
      async function run() {
        for (let i = 0; i < 3; i++) {
          try { await fetch("http://x"); } catch (e) { return; }
          await sleep(100);
        }
      }`);
  });
});

describe("retry loops (TS): robustness", () => {
  test("broken source yields no exception and no retry loop from half a loop", () => {
    const facts = extract("async function f() {\n  for (let i = 0; i < ; i++) {\n    try { return await fetch(\"http://x\") } catch (e) { await sleep(\n");
    assert.ok(Array.isArray(facts.layers));
    assert.ok(!facts.problems.some((p) => /retry-loop detector/.test(p.message)), JSON.stringify(facts.problems));
  });
  test("a JavaScript file (CommonJS) is read the same way", () => {
    const facts = extract(src`
      const { setTimeout: sleep } = require("node:timers/promises");
      async function get(url) {
        let attempt = 0;
        do {
          try { return await fetch(url); } catch (e) { attempt++; await sleep(100 * attempt); }
        } while (attempt < 3);
      }
      module.exports = { get };`, "svc/src/http.js");
    const l = loops(facts)[0]!;
    assert.equal(l.maxAttempts, 3);
    assertSubset(l.wait, { kind: "linear", jitter: false });
  });
});

describe("retry loops (TS): counts read through options, fields and results", () => {
  test("a destructured options default bounds the loop (`const { maxRetries = 3 } = options`)", () => {
    const l = loopOf(src`
      async function withRetryTransaction(fn: (s: unknown) => Promise<void>, options: { maxRetries?: number } = {}) {
        const { maxRetries = 3, delayMs = 100 } = options;
        for (let attempt = 1; attempt <= maxRetries; attempt++) {
          const session = await db.startSession();
          try {
            await session.withTransaction(() => fn(session));
            return;
          } catch (error) {
            if (isWriteConflict(error) && attempt < maxRetries) {
              await sleep(delayMs * 2 ** (attempt - 1));
              continue;
            }
            throw error;
          }
        }
      }`);
    assertSubset(l, { maxAttempts: 3, attemptsSource: "default", condition: { allErrors: false, permanentErrors: null } });
    assert.match(l.condition.description, /isWriteConflict/);
  });

  test("a field the constructor sets from a destructured default: `while (attempt <= this.maxRetries)` from 0 → 4", () => {
    const l = loopOf(src`
      class Processor {
        constructor({ maxRetries = 3 } = {}) {
          this.maxRetries = maxRetries;
        }
        async process(cmd) {
          let attempt = 0;
          while (attempt <= this.maxRetries) {
            const result = await this.gateway.charge(cmd);
            if (result.status === "SUCCEEDED") return result;
            if (!this._isTransientError(result)) return result;
            await sleep(1000 * 2 ** attempt);
            attempt++;
          }
        }
      }`, "svc/src/processor.js");
    assertSubset(l, { maxAttempts: 4, attemptsSource: "default" });
  });

  test("an awaited call is the operation even when its name looks like bookkeeping (`await redis.set(…)`); `result === 'OK'` is success when errors are retried", () => {
    const l = loopOf(src`
      async function acquire(key: string, retries = 3) {
        for (let attempt = 1; attempt <= retries; attempt++) {
          try {
            const result = await redis.set(key, "1", { NX: true, PX: 5000 });
            if (result === "OK") return true;
            if (attempt < retries) await sleep(100 * attempt);
          } catch (error) {
            if (attempt === retries) throw error;
          }
        }
        return false;
      }`);
    assertSubset(l, { maxAttempts: 3, attach: { kind: "block" } });
    assert.equal(l.attach.kind === "block" && l.attach.callIds.length, 1);
  });

  test("a poll for a job state that leaves on errors is not a retry", () => {
    noLoop(src`
      async function waitForJob(id: string) {
        for (let i = 0; i < 100; i++) {
          const job = await getJob(id);
          if (job.status === "MINED") return job;
          await sleep(1000);
        }
      }`);
  });

  test("the loop condition is the success exit: a flag set after the operation (`while (!done && attempt < 3)`)", () => {
    const l = loopOf(src`
      async function f() {
        let done = false;
        let attempt = 0;
        while (!done && attempt < 3) {
          attempt++;
          try { await fetch("http://x"); done = true; } catch (e) { await sleep(100); }
        }
      }`);
    assert.equal(l.maxAttempts, 3);
  });
});

describe("retry loops (TS): a function calling itself with attempt + 1", () => {
  test("`if (attempt > 3) return … if (!ok) return this.create(…, attempt + 1)` is a retry of 3 attempts, anchored on the method", () => {
    const facts = extract(src`
      export class Stage {
        private async create(name: string, attempt = 1) {
          if (attempt > 3) {
            return;
          }
          const action = await this.client.actions.create({ name });
          const deployed = await this.deploy(action);
          if (!deployed) {
            return await this.create(name, attempt + 1);
          }
        }
      }`);
    const [l, ...more] = loops(facts);
    assert.equal(more.length, 0);
    assertSubset(l, { maxAttempts: 3, anchor: { line: 2 }, wait: { kind: "none" } });
  });

  test("recursion over data is not a retry", () => {
    const facts = extract(src`
      function walk(node: { children: unknown[] }, depth = 0) {
        if (depth > 10) return;
        visit(node);
        for (const c of node.children) walk(c as never, depth + 1);
      }
      function fib(n: number, depth = 0): number {
        return n < 2 ? n : fib(n - 1, depth + 1) + fib(n - 2, depth + 1);
      }`);
    assert.deepEqual(loops(facts), []);
  });
});

test("retry loops (TS): a function calling itself whatever the outcome is not a retry", () => {
  const facts = extract(src`
    async function poll(id: string, attempt = 0) {
      const state = await fetch("http://jobs/" + id);
      if (attempt > 5) return state;
      await new Promise((r) => setTimeout(r, 1000));
      return poll(id, attempt + 1);
    }`);
  assert.deepEqual(loops(facts), []);
});

describe("retry loops (TS): what is not the loop handing each pass a new value", () => {
  test("a delay computed from the attempt number by a method is part of the wait, not an operation given the counter", () => {
    const l = loopOf(src`
      class Processor {
        calculateDelay(attempt: number) { return 1000 * 2 ** attempt * (0.75 + Math.random() / 2); }
        private sleep(ms: number) { return new Promise((r) => setTimeout(r, ms)); }
        async process(cmd: object) {
          let attempt = 0;
          while (attempt <= 3) {
            const result = await this.gateway.charge(cmd);
            if (result.status === "SUCCEEDED") return result;
            if (!this.isTransientError(result)) return result;
            const delay = this.calculateDelay(attempt);
            await this.sleep(delay);
            attempt++;
          }
        }
      }`);
    assert.equal(l.maxAttempts, 4);
    assert.equal(l.attach.kind === "block" && l.attach.callIds.length, 1, "only the charge call");
  });

  test("a name declared in the body and set again before it is used is fresh on each pass, not a cursor", () => {
    const facts = extract(src`
      export class Stage {
        private async create(existing: Array<{ name: string; id: string }>, name: string, attempt = 1) {
          if (attempt > 3) return;
          let action = existing.find((a) => a.name === name);
          if (!action) action = await this.client.actions.create({ name });
          else await this.client.actions.update({ id: action.id }, { name });
          const deployed = await this.deploy(action);
          if (!deployed) return await this.create(existing, name, attempt + 1);
        }
      }`);
    const [l, ...more] = loops(facts);
    assert.equal(more.length, 0);
    assertSubset(l, { maxAttempts: 3 });
  });
});
