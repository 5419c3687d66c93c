/**
 * p-retry (reference/retry-semantics.md §2.4) and async-retry (§2.5): defaults and the number
 * traps of §0/§5.1 — `retries: N` → N+1 attempts, default 10 → 11; p-retry does not randomize
 * (RL004 material), async-retry does; both wrap the callback they are given (invokesArg 0).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertSubset, extract, onlyLayer, src } from "./helpers";

const P = (options: string) => src`
  import pRetry from "p-retry";
  export async function load() {
    return pRetry(async () => fetch("http://inventory/x")${options ? `, ${options}` : ""});
  }
`;
const A = (options: string, cb = "async (bail) => fetch(\"http://inventory/x\")") => src`
  import retry from "async-retry";
  export async function load() {
    return retry(${cb}${options ? `, ${options}` : ""});
  }
`;

const CASES: { name: string; text: string; expect: Record<string, unknown> }[] = [
  { name: "§2.4 no options: retries 10 → 11 attempts", text: P(""), expect: { kind: "p-retry", category: "code", maxAttempts: 11, attemptsSource: "default", attemptsNote: "retries unset → default 10 → 11 attempts" } },
  { name: "§2.4 retries: 3 → 4 attempts (not 3)", text: P("{ retries: 3 }"), expect: { maxAttempts: 4, attemptsSource: "config", attemptsNote: "retries: 3 → 4 attempts" } },
  { name: "§2.4 retries: 0 → disabled", text: P("{ retries: 0 }"), expect: { maxAttempts: 1 } },
  { name: "§2.4 retries: Infinity (the old `forever`) → no count bound", text: P("{ retries: Infinity }"), expect: { maxAttempts: null } },
  { name: "§2.4 retries from env with a default", text: P("{ retries: Number(process.env.RETRIES ?? 4) }"), expect: { maxAttempts: 5, attemptsSource: "config" } },
  { name: "§2.4 options not statically known → default assumed", text: P("opts"), expect: { maxAttempts: 11, attemptsSource: "default" } },
  {
    name: "§2.4 default wait: 1 s × 2, no cap, randomize false → no jitter (RL004)",
    text: P(""),
    expect: { wait: { kind: "exponential", jitter: false, initialSeconds: 1, maxSeconds: null, source: "default" } },
  },
  { name: "§2.4 randomize: true → jitter", text: P("{ randomize: true }"), expect: { wait: { kind: "exponential", jitter: true } } },
  { name: "§2.4 minTimeout/maxTimeout", text: P("{ minTimeout: 200, maxTimeout: 5_000 }"), expect: { wait: { initialSeconds: 0.2, maxSeconds: 5, source: "config" } } },
  { name: "§2.4 factor 1 without randomize → fixed", text: P("{ factor: 1, minTimeout: 500 }"), expect: { wait: { kind: "fixed", jitter: false, initialSeconds: 0.5 } } },
  { name: "§2.4 shouldRetry default retries every thrown error (RL006 material), any method", text: P(""), expect: { condition: { allErrors: true, afterSendMethods: "all" } } },
  { name: "§2.4 a shouldRetry predicate is the user's choice", text: P("{ shouldRetry: (e) => e.status >= 500 }"), expect: { condition: { allErrors: false, permanentErrors: null } } },
  { name: "§2.5 async-retry: retries 10 → 11 attempts", text: A(""), expect: { kind: "async-retry", maxAttempts: 11, attemptsSource: "default" } },
  { name: "§2.5 async-retry retries: 5 → 6", text: A("{ retries: 5 }"), expect: { maxAttempts: 6, attemptsNote: "retries: 5 → 6 attempts" } },
  { name: "§2.5 async-retry randomizes by default (×[1,2))", text: A(""), expect: { wait: { kind: "exponential", jitter: true, initialSeconds: 1 } } },
  { name: "§2.5 randomize: false turns the jitter off", text: A("{ randomize: false }"), expect: { wait: { jitter: false } } },
  { name: "§2.5 without bail every error is retried", text: A("", "async () => fetch(\"http://x\")"), expect: { condition: { allErrors: true } } },
  {
    name: "§2.5 a callback that calls bail(err) stops on some errors",
    text: A("", "async (bail) => { const r = await fetch(\"http://x\"); if (r.status === 400) bail(new Error(\"bad\")); return r; }"),
    expect: { condition: { allErrors: false, permanentErrors: null } },
  },
];

for (const c of CASES) {
  test(c.name, () => assertSubset(onlyLayer(extract(c.text)), c.expect));
}

test("§2.4 the pRetry call runs its inline callback: invokesArg 0, named by the callback's id, listed in the block", () => {
  const facts = extract(P("{ retries: 2 }"));
  const layer = onlyLayer(facts);
  const call = facts.calls.find((c) => c.callee === "pRetry")!;
  assert.equal(call.invokesArg, 0);
  assert.equal(call.args[0]!.name, "<anon@L3>");
  assert.ok(facts.functions.some((f) => f.id === "load.<anon@L3>"));
  assert.deepEqual(layer.attach, { kind: "block", functionId: "load", callIds: [call.id] });
});

test("§2.4 require and named callbacks", () => {
  const facts = extract(src`
    const pRetry = require("p-retry");
    async function send() { return fetch("http://x"); }
    pRetry(send, { retries: 1 });
  `);
  const call = facts.calls.find((c) => c.callee === "pRetry")!;
  assert.equal(call.invokesArg, 0);
  assert.equal(call.args[0]!.name, "send");
  assert.equal(onlyLayer(facts).maxAttempts, 2);
});

test("a local function called retry is not async-retry", () => {
  const facts = extract(src`
    function retry(fn) { return fn(); }
    retry(() => fetch("http://x"));
  `);
  assert.equal(facts.layers.length, 0);
});
