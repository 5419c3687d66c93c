/**
 * undici RetryAgent / interceptors.retry (reference/retry-semantics.md §2.9, §0 row): maxRetries
 * 5 → 6 attempts, 0.5 s × 2 up to 30 s without jitter, idempotent methods only (no POST).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertSubset, extract, onlyLayer, src } from "./helpers";

const AGENT = (options: string) => src`
  import { Agent, RetryAgent, fetch } from "undici";
  export const agent = new RetryAgent(new Agent()${options ? `, ${options}` : ""});
`;
const INTERCEPTOR = (options: string) => src`
  import { Agent, interceptors } from "undici";
  export const dispatcher = new Agent().compose(interceptors.retry(${options}));
`;

const CASES: { name: string; text: string; expect: Record<string, unknown> }[] = [
  { name: "§2.9 RetryAgent without options: maxRetries 5 → 6 attempts", text: AGENT(""), expect: { kind: "undici-retry-agent", category: "client", maxAttempts: 6, attemptsSource: "default" } },
  { name: "§2.9 maxRetries: 2 → 3 attempts", text: AGENT("{ maxRetries: 2 }"), expect: { maxAttempts: 3, attemptsNote: "maxRetries: 2 → 3 attempts" } },
  { name: "§2.9 maxRetries: 0 → disabled", text: AGENT("{ maxRetries: 0 }"), expect: { maxAttempts: 1 } },
  { name: "§2.9 default wait 0.5 s × 2 up to 30 s, no jitter (RL004)", text: AGENT(""), expect: { wait: { kind: "exponential", jitter: false, initialSeconds: 0.5, maxSeconds: 30, source: "default" } } },
  { name: "§2.9 minTimeout / maxTimeout", text: AGENT("{ minTimeout: 100, maxTimeout: 2000 }"), expect: { wait: { initialSeconds: 0.1, maxSeconds: 2, source: "config" } } },
  {
    name: "§2.9 idempotent methods only; default statuses; Retry-After honoured",
    text: AGENT(""),
    expect: { condition: { afterSendMethods: ["GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE", "QUERY"], statuses: [500, 502, 503, 504, 429], honoursRetryAfter: true } },
  },
  { name: "§2.9 methods: ['POST'] → POST after send", text: AGENT("{ methods: [\"POST\"] }"), expect: { condition: { afterSendMethods: ["POST"] } } },
  { name: "§2.9 interceptors.retry() defaults: 6 attempts", text: INTERCEPTOR(""), expect: { kind: "undici-retry-interceptor", maxAttempts: 6, label: "dispatcher" } },
  { name: "§2.9 interceptors.retry({ maxRetries: 1 }) → 2 attempts", text: INTERCEPTOR("{ maxRetries: 1 }"), expect: { maxAttempts: 2 } },
];

for (const c of CASES) {
  test(c.name, () => assertSubset(onlyLayer(extract(c.text)), c.expect));
}

test("§2.9 the agent is a client; fetch(url, { dispatcher: agent }) is listed in the block", () => {
  const facts = extract(src`
    import { Agent, RetryAgent, fetch, request } from "undici";
    const agent = new RetryAgent(new Agent(), { maxRetries: 1 });
    export async function load() {
      await fetch("http://inventory/a", { dispatcher: agent });
      await request("http://inventory/b", { dispatcher: agent, method: "PUT" });
      await fetch("http://inventory/c");
    }
  `);
  const layer = onlyLayer(facts);
  assert.deepEqual(facts.clients.map((c) => [c.name, c.library, c.layerIds]), [["agent", "undici", [layer.localId]]]);
  const ids = facts.calls.filter((c) => c.span.line === 4 || c.span.line === 5).map((c) => c.id);
  assert.deepEqual(layer.attach, { kind: "block", functionId: "<module>", callIds: ids });
  assertSubset(facts.calls.find((c) => c.span.line === 5)!.request, { method: "PUT", library: "undici" });
});

test("§2.9 setGlobalDispatcher(agent): the file's fetch calls without a dispatcher are wrapped", () => {
  const facts = extract(src`
    import { Agent, RetryAgent, setGlobalDispatcher } from "undici";
    setGlobalDispatcher(new RetryAgent(new Agent()));
    export const load = () => fetch("http://inventory/a");
  `);
  const layer = onlyLayer(facts);
  assert.equal((layer.attach as { callIds: string[] }).callIds.length, 1);
});
