/**
 * fetch-retry (reference/retry-semantics.md §2.8, §0 row, §5.2): retries 3 → 4 attempts,
 * constant 1000 ms without jitter, network errors for any method; a function `retryOn` makes
 * `retries` ignored → no count bound. `fetchWithRetry(url, init)` is a request through the client.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertSubset, extract, onlyLayer, src } from "./helpers";

const F = (options: string) => src`
  import fetchRetry from "fetch-retry";
  export const fetchWithRetry = fetchRetry(fetch${options ? `, ${options}` : ""});
`;

const CASES: { name: string; text: string; expect: Record<string, unknown> }[] = [
  { name: "§2.8 no options: retries 3 → 4 attempts", text: F(""), expect: { kind: "fetch-retry", category: "client", maxAttempts: 4, attemptsSource: "default" } },
  { name: "§2.8 retries: 2 → 3 attempts", text: F("{ retries: 2 }"), expect: { maxAttempts: 3, attemptsNote: "retries: 2 → 3 attempts" } },
  { name: "§2.8 retries: 0 → disabled", text: F("{ retries: 0 }"), expect: { maxAttempts: 1 } },
  { name: "§2.8 trap: a function retryOn ignores retries → no count bound", text: F("{ retries: 3, retryOn: (attempt, error, response) => attempt < 3 && !!error }"), expect: { maxAttempts: null, attemptsSource: "config" } },
  { name: "§2.8 retryOn as a method is a function too", text: F("{ retries: 3, retryOn(attempt) { return true; } }"), expect: { maxAttempts: null } },
  { name: "§2.8 retryOn: [503] keeps the count", text: F("{ retries: 1, retryOn: [503] }"), expect: { maxAttempts: 2, condition: { statuses: [503], honoursRetryAfter: false } } },
  { name: "§2.8 default retryDelay: constant 1 s, no jitter (RL004)", text: F(""), expect: { wait: { kind: "fixed", jitter: false, initialSeconds: 1, source: "default" } } },
  { name: "§2.8 retryDelay: 250 → fixed 0.25 s", text: F("{ retryDelay: 250 }"), expect: { wait: { kind: "fixed", initialSeconds: 0.25, source: "config" } } },
  { name: "§2.8 retryDelay function → custom", text: F("{ retryDelay: (n) => 2 ** n * 100 }"), expect: { wait: { kind: "custom" } } },
  { name: "§2.8 network errors for any method, POST included (RL005 material)", text: F(""), expect: { condition: { afterSendMethods: "all", statuses: [], allErrors: false } } },
  { name: "§2.8 a 4xx status in retryOn is a permanent error (RL006)", text: F("{ retryOn: [400, 503] }"), expect: { condition: { permanentErrors: "retryOn lists 400" } } },
];

for (const c of CASES) {
  test(c.name, () => assertSubset(onlyLayer(extract(c.text)), c.expect));
}

test("§2.8 fetchWithRetry(url, init) is a request through the fetch-retry client", () => {
  const facts = extract(src`
    const fetch = require("fetch-retry")(global.fetch, { retries: 1 });
    export async function pay() {
      return fetch("http://payments/charge", { method: "POST" });
    }
  `);
  const layer = onlyLayer(facts);
  assert.deepEqual(facts.clients.map((c) => [c.name, c.library, c.layerIds]), [["fetch", "fetch-retry", [layer.localId]]]);
  assertSubset(facts.calls.find((c) => c.callee === "fetch")!.request, { method: "POST", library: "fetch-retry" });
});

test("§2.8 calling an imported callable with a URL is a request without a library (the linker decides if it is a client)", () => {
  const facts = extract(src`
    import { fetchWithRetry, format } from "./http";
    export const a = () => fetchWithRetry("http://payments/charge", { method: "POST" });
    export const b = () => format("hello");
  `);
  assertSubset(facts.calls.find((c) => c.callee === "fetchWithRetry")!.request, { method: "POST", library: null });
  assert.equal(facts.calls.find((c) => c.callee === "format")!.request, undefined);
});
