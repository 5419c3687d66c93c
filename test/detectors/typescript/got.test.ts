/**
 * got (reference/retry-semantics.md §2.2) and ky (§2.3): both retry by default — limit 2 → 3
 * attempts — for idempotent methods only (no POST); got adds 0–100 ms noise, ky no jitter
 * (RL004 material). Instances (`got.extend`, `ky.create/extend`) are clients carrying a client
 * layer; requests on the default instance get a block layer on the call.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertSubset, extract, onlyLayer, src } from "./helpers";

const IDEMPOTENT = ["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE"];
const gotInstance = (options: string) => src`
  import got from "got";
  export const api = got.extend(${options});
`;
const kyInstance = (options: string) => src`
  import ky from "ky";
  export const api = ky.create(${options});
`;

const CASES: { name: string; text: string; expect: Record<string, unknown> }[] = [
  { name: "§2.2 got.extend() without retry keeps the default limit 2 → 3 attempts", text: gotInstance("{ prefixUrl: \"http://inventory\" }"), expect: { kind: "got", category: "client", maxAttempts: 3, attemptsSource: "default", attemptsNote: "retry.limit unset → default 2 → 3 attempts" } },
  { name: "§2.2 retry: { limit: 4 } → 5 attempts", text: gotInstance("{ retry: { limit: 4 } }"), expect: { maxAttempts: 5, attemptsSource: "config", attemptsNote: "retry.limit: 4 → 5 attempts" } },
  { name: "§2.2 retry: { limit: 0 } → disabled", text: gotInstance("{ retry: { limit: 0 } }"), expect: { maxAttempts: 1 } },
  { name: "§2.2 legacy retry: 3 → 4 attempts", text: gotInstance("{ retry: 3 }"), expect: { maxAttempts: 4 } },
  { name: "§2.2 limit from a module constant", text: src`
    import got from "got";
    const RETRIES = 5;
    export const api = got.extend({ retry: { limit: RETRIES } });
  `, expect: { maxAttempts: 6 } },
  { name: "§2.2 default delay: 1 s × 2, no cap, + 0–100 ms noise (jitter)", text: gotInstance("{}"), expect: { wait: { kind: "exponential", jitter: true, initialSeconds: 1, maxSeconds: null, source: "default" } } },
  { name: "§2.2 noise: 0 → no jitter; backoffLimit caps", text: gotInstance("{ retry: { noise: 0, backoffLimit: 4000 } }"), expect: { wait: { jitter: false, maxSeconds: 4, source: "config" } } },
  { name: "§2.2 calculateDelay → custom", text: gotInstance("{ retry: { calculateDelay: ({ computedValue }) => computedValue } }"), expect: { wait: { kind: "custom" } } },
  {
    name: "§2.2 default methods exclude POST; default statuses; Retry-After honoured",
    text: gotInstance("{}"),
    expect: { condition: { afterSendMethods: IDEMPOTENT, statuses: [408, 413, 429, 500, 502, 503, 504, 521, 522, 524], honoursRetryAfter: true, permanentErrors: null } },
  },
  { name: "§2.2 methods: ['POST'] retries POST after send (RL005 material)", text: gotInstance("{ retry: { methods: [\"GET\", \"POST\"] } }"), expect: { condition: { afterSendMethods: ["GET", "POST"] } } },
  { name: "§2.3 ky.create() without retry: limit 2 → 3 attempts", text: kyInstance("{ prefixUrl: \"http://inventory\" }"), expect: { kind: "ky", category: "client", maxAttempts: 3, attemptsSource: "default" } },
  { name: "§2.3 retry: 5 (a number) → 6 attempts", text: kyInstance("{ retry: 5 }"), expect: { maxAttempts: 6, attemptsNote: "retry: 5 → 6 attempts" } },
  { name: "§2.3 retry: { limit: 1 } → 2 attempts", text: kyInstance("{ retry: { limit: 1 } }"), expect: { maxAttempts: 2 } },
  { name: "§2.3 default delay 300 ms × 2, no jitter (RL004)", text: kyInstance("{}"), expect: { wait: { kind: "exponential", jitter: false, initialSeconds: 0.3, maxSeconds: null, source: "default" } } },
  { name: "§2.3 jitter: true", text: kyInstance("{ retry: { limit: 2, jitter: true, backoffLimit: 3000 } }"), expect: { wait: { jitter: true, maxSeconds: 3 } } },
  { name: "§2.3 default methods exclude POST; statuses", text: kyInstance("{}"), expect: { condition: { afterSendMethods: IDEMPOTENT, statuses: [408, 413, 429, 500, 502, 503, 504] } } },
];

for (const c of CASES) {
  test(c.name, () => assertSubset(onlyLayer(extract(c.text)), c.expect));
}

test("§2.2 an instance is a client; api.get(url) and api(url) are requests through it", () => {
  const facts = extract(src`
    import got from "got";
    const api = got.extend({ retry: { limit: 1 } });
    export async function load() {
      await api.get("http://inventory/a");
      await api("http://inventory/b", { method: "POST" });
    }
  `);
  const layer = onlyLayer(facts);
  assert.deepEqual(facts.clients.map((c) => [c.name, c.library, c.layerIds]), [["api", "got", [layer.localId]]]);
  const direct = facts.calls.find((c) => c.callee === "api")!;
  assertSubset(direct.request, { method: "POST", library: "got" });
});

test("§2.2 requests on the default got instance: a layer per call, none for POST (not retried)", () => {
  const facts = extract(src`
    import got from "got";
    export async function load() {
      await got("http://inventory/a");
      await got.post("http://inventory/b", { json: {} });
      await got.put("http://inventory/c", { retry: { limit: 5 } });
      await got("http://inventory/d", { method: "POST", retry: { limit: 3, methods: ["POST"] } });
    }
  `);
  assert.deepEqual(facts.layers.map((l) => [l.anchor.line, l.maxAttempts, l.attach.kind]), [[3, 3, "block"], [5, 6, "block"], [6, 4, "block"]]);
  const first = facts.calls.find((c) => c.span.line === 3)!;
  assert.deepEqual(facts.layers[0]!.attach, { kind: "block", functionId: "load", callIds: [first.id] });
  assertSubset(first.request, { method: "GET", library: "got" });
  assertSubset(facts.calls.find((c) => c.span.line === 4)!.request, { method: "POST", library: "got" });
});

test("§2.3 ky(url, { retry: 0 }) → a disabled layer; ky.post sends once", () => {
  const facts = extract(src`
    import ky from "ky";
    export async function load() {
      await ky("http://inventory/a", { retry: 0 });
      await ky.post("http://inventory/b", { json: {} });
      await ky.get("http://inventory/c");
    }
  `);
  assert.deepEqual(facts.layers.map((l) => [l.anchor.line, l.maxAttempts, l.wait.jitter]), [[3, 1, false], [5, 3, false]]);
});

test("§2.3 an instance's prefixUrl is its base URL, its timeout in ms; got/ky retry only the listed methods", () => {
  const facts = extract(src`
    import ky from "ky";
    export const api = ky.create({ prefixUrl: "http://inventory:8080", timeout: 2500 });
    export const slow = ky.create({ timeout: false });
  `);
  assert.deepEqual(facts.clients.map((c) => [c.name, c.baseUrl, c.timeoutSeconds, c.timeoutSet]), [
    ["api", { kind: "string", value: "http://inventory:8080" }, 2.5, true],
    ["slow", null, null, false],
  ]);
  assert.ok(facts.layers.every((l) => l.condition.onlyListedMethods === true));
});

test("§2.3 api.extend() in the module keeps the base's layer and prefixUrl unless it sets its own; api.create() starts afresh", () => {
  const facts = extract(src`
    import ky from "ky";
    const api = ky.create({ prefixUrl: "http://inventory:8080", retry: 4 });
    const same = api.extend({ headers: { a: "b" } });
    const orders = api.extend({ prefixUrl: "http://orders:8080", retry: { limit: 1 } });
    const fresh = api.create({});
  `);
  const [api, same, orders, fresh] = facts.clients;
  assert.deepEqual([same!.baseUrl, same!.layerIds], [api!.baseUrl, api!.layerIds]);
  assert.deepEqual(orders!.baseUrl, { kind: "string", value: "http://orders:8080" });
  assert.deepEqual(facts.layers.map((l) => [l.anchor.line, l.maxAttempts]), [[2, 5], [4, 2], [5, 3]]);
  assert.equal(fresh!.baseUrl, null);
});

test("§2.3 a request's own prefixUrl is recorded (it replaces the instance's)", () => {
  const facts = extract(src`
    import { api } from "./ky";
    export async function upload(body: FormData) {
      await api.post("https://images.example.com/upload", { prefixUrl: "", body });
    }
  `);
  assertSubset(facts.calls.find((c) => c.callee === "api.post")!.request, { method: "POST", prefixUrl: { kind: "string", value: "" } });
});
