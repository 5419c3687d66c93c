/**
 * cockatiel (reference/retry-semantics.md §2.6, §0 row, §5.1/§5.2): the number trap —
 * `maxAttempts: N` counts retries → N+1 calls; unset is Infinity → no count bound; backoff
 * unset is ConstantBackoff(0) (RL003); ExponentialBackoff jitters by default. `policy.execute(fn)`
 * runs fn under the layer.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertSubset, extract, onlyLayer, src } from "./helpers";

const C = (args: string) => src`
  import { retry, handleAll, handleType, ExponentialBackoff, ConstantBackoff, noJitterGenerator } from "cockatiel";
  export const policy = retry(${args});
  export async function load() {
    return policy.execute(() => fetch("http://inventory/x"));
  }
`;

const CASES: { name: string; args: string; expect: Record<string, unknown> }[] = [
  { name: "§2.6 maxAttempts unset → Infinity: no count bound (RL002)", args: "handleAll, {}", expect: { kind: "cockatiel", maxAttempts: null, attemptsSource: "default" } },
  { name: "§2.6 no options at all → Infinity", args: "handleAll", expect: { maxAttempts: null } },
  { name: "§2.6 maxAttempts: 3 counts retries → 4 calls", args: "handleAll, { maxAttempts: 3 }", expect: { maxAttempts: 4, attemptsSource: "config", attemptsNote: "maxAttempts: 3 (counts retries) → 4 attempts" } },
  { name: "§2.6 maxAttempts: 0 → disabled", args: "handleAll, { maxAttempts: 0 }", expect: { maxAttempts: 1 } },
  { name: "§2.6 maxAttempts not statically known → count unknown, not unbounded", args: "handleAll, { maxAttempts: cfg.n }", expect: { maxAttempts: null, countUnknown: true } },
  { name: "§2.6 default backoff ConstantBackoff(0) → no wait (RL003)", args: "handleAll, { maxAttempts: 2 }", expect: { wait: { kind: "none", source: "default" } } },
  {
    name: "§2.6 ExponentialBackoff defaults: 128 ms ×2 up to 30 s, decorrelated jitter",
    args: "handleAll, { maxAttempts: 2, backoff: new ExponentialBackoff() }",
    expect: { wait: { kind: "exponential", jitter: true, initialSeconds: 0.128, maxSeconds: 30, source: "default" } },
  },
  {
    name: "§2.6 ExponentialBackoff with noJitterGenerator → no jitter (RL004)",
    args: "handleAll, { maxAttempts: 2, backoff: new ExponentialBackoff({ generator: noJitterGenerator, initialDelay: 500, maxDelay: 5000 }) }",
    expect: { wait: { kind: "exponential", jitter: false, initialSeconds: 0.5, maxSeconds: 5, source: "config" } },
  },
  { name: "§2.6 ConstantBackoff(250) → fixed 0.25 s", args: "handleAll, { maxAttempts: 2, backoff: new ConstantBackoff(250) }", expect: { wait: { kind: "fixed", jitter: false, initialSeconds: 0.25 } } },
  { name: "§2.6 handleAll retries every error (RL006 material), any method", args: "handleAll, { maxAttempts: 2 }", expect: { condition: { allErrors: true, afterSendMethods: "all" } } },
  { name: "§2.6 handleType(E) retries that type only", args: "handleType(NetworkError), { maxAttempts: 2 }", expect: { condition: { allErrors: false, exceptionTypes: ["NetworkError"], permanentErrors: null } } },
];

for (const c of CASES) {
  test(c.name, () => assertSubset(onlyLayer(extract(C(c.args))), c.expect));
}

test("§2.6 policy.execute(fn) runs fn under the layer (invokesArg 0, listed in the block)", () => {
  const facts = extract(C("handleAll, { maxAttempts: 2 }"));
  const layer = onlyLayer(facts);
  const exec = facts.calls.find((c) => c.callee === "policy.execute")!;
  assert.equal(exec.invokesArg, 0);
  assert.equal(exec.args[0]!.name, "<anon@L4>");
  // the module-level binding holds the policy: the linker applies it to `policy.execute` in any module
  assert.deepEqual(layer.attach, { kind: "block", functionId: "<module>", callIds: [], holder: { objectId: "policy", methods: ["execute"], paramIndex: 0 } });
  assert.ok(facts.functions.some((f) => f.id === "policy"));
  assert.equal(layer.label, "policy");
});

test("§2.6 executions through wrap(policy, breaker) and retry(...).execute(fn) are wrapped too", () => {
  const facts = extract(src`
    import { retry, wrap, circuitBreaker, handleAll, ConsecutiveBreaker } from "cockatiel";
    const retryPolicy = retry(handleAll, { maxAttempts: 1 });
    const breaker = circuitBreaker(handleAll, { halfOpenAfter: 10_000, breaker: new ConsecutiveBreaker(5) });
    const resilient = wrap(retryPolicy, breaker);
    export const a = () => resilient.execute(send);
    export const b = () => retry(handleAll, { maxAttempts: 4 }).execute(send);
    async function send() { return fetch("http://x"); }
  `);
  assert.equal(facts.layers.length, 2);
  const [first, second] = facts.layers;
  const wrapped = facts.calls.find((c) => c.callee === "resilient.execute")!;
  assert.deepEqual(first!.attach, { kind: "block", functionId: "<module>", callIds: [wrapped.id], holder: { objectId: "retryPolicy", methods: ["execute"], paramIndex: 0 } });
  assert.equal(first!.maxAttempts, 2);
  assert.equal(second!.maxAttempts, 5);
  assert.equal((second!.attach as { callIds: string[] }).callIds.length, 1);
});

test("§2.6 a policy imported from another module: execute(fn) still runs fn (the callback is followed)", () => {
  const facts = extract(src`
    import { policy } from "./resilience";
    export const load = () => policy.execute(async () => fetch("http://inventory/x"));
    export const run = () => other.execute(async () => 1);
  `);
  assert.equal(facts.calls.find((c) => c.callee === "policy.execute")!.invokesArg, 0);
  assert.equal(facts.calls.find((c) => c.callee === "other.execute")!.invokesArg, undefined);
});
