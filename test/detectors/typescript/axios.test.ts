/**
 * axios clients and axios-retry — reference/retry-semantics.md §2.1 (and the §0 row, §5.1, §5.4).
 * Every default and number trap of §2.1 is a row below: the options written on the
 * `axiosRetry(client, …)` line, and the facts the layer must carry.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertSubset, extract, onlyLayer, src } from "./helpers";

/** A client with a 3 s timeout and axios-retry configured with `options` on line 5. */
function withOptions(options: string, extraImports = ""): string {
  return src`
    import axios from "axios";
    import axiosRetry${extraImports} from "axios-retry";
    const RETRIES = 2;
    const inventory = axios.create({ baseURL: "http://inventory:8080", timeout: 3_000 });
    axiosRetry(inventory${options ? `, ${options}` : ""});
  `;
}

const ALL = "all";
const IDEMPOTENT = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"];

const CASES: { name: string; options: string; imports?: string; expect: Record<string, unknown> }[] = [
  // attempts: N retries → N + 1 attempts (§2.1 "retries while retryCount < retries", §5.1)
  {
    name: "§2.1 no options: default retries 3 → 4 attempts",
    options: "",
    expect: { maxAttempts: 4, attemptsSource: "default", attemptsNote: "retries unset → default 3 retries → 4 attempts" },
  },
  { name: "§2.1 retries unset in an options object → 4 attempts", options: "{ shouldResetTimeout: false }", expect: { maxAttempts: 4, attemptsSource: "default" } },
  { name: "§2.1 retries: 3 → 4 attempts (not 3)", options: "{ retries: 3 }", expect: { maxAttempts: 4, attemptsSource: "config", attemptsNote: "retries: 3 → 4 attempts" } },
  { name: "§2.1 retries: 5 → 6 attempts", options: "{ retries: 5 }", expect: { maxAttempts: 6, attemptsSource: "config" } },
  { name: "§2.1 retries: 0 → 1 attempt: disabled", options: "{ retries: 0 }", expect: { maxAttempts: 1, attemptsNote: "retries: 0 → 1 attempt (disabled)" } },
  { name: "§2.1 retries: Infinity → no count bound", options: "{ retries: Infinity }", expect: { maxAttempts: null } },
  { name: "§2.1 retries from a module constant (RETRIES = 2) → 3 attempts", options: "{ retries: RETRIES }", expect: { maxAttempts: 3, attemptsSource: "config" } },
  {
    name: "§2.1 retries from env with a numeric default → default + 1 attempts",
    options: "{ retries: Number(process.env.HTTP_RETRIES ?? 2) }",
    expect: { maxAttempts: 3, attemptsSource: "config", attemptsNote: "retries from env HTTP_RETRIES, default 2 → 3 attempts" },
  },
  { name: "§2.1 retries not statically known → the default 4 is assumed, and said so", options: "{ retries: config.retries }", expect: { maxAttempts: 4, attemptsSource: "default" } },

  // wait: default noDelay (RL003 material), exponentialDelay (jitter), linearDelay (factory, no jitter)
  {
    name: "§2.1 default retryDelay is noDelay: 0 ms, no backoff (RL003)",
    options: "{ retries: 3 }",
    expect: { wait: { kind: "none", jitter: false, initialSeconds: 0, source: "default" } },
  },
  {
    name: "§2.1 axiosRetry.exponentialDelay: 200 ms first retry, 0–20 % additive jitter",
    options: "{ retryDelay: axiosRetry.exponentialDelay }",
    expect: { wait: { kind: "exponential", jitter: true, initialSeconds: 0.2, maxSeconds: null, source: "config" } },
  },
  {
    name: "§2.1 imported exponentialDelay is the same delay",
    options: "{ retryDelay: exponentialDelay }",
    imports: ", { exponentialDelay }",
    expect: { wait: { kind: "exponential", jitter: true, initialSeconds: 0.2 } },
  },
  {
    name: "§2.1 exponentialDelay with a delay factor of 500 ms → 1 s first retry",
    options: "{ retryDelay: (n, err) => axiosRetry.exponentialDelay(n, err, 500) }",
    expect: { wait: { kind: "exponential", jitter: true, initialSeconds: 1 } },
  },
  {
    name: "§2.1 linearDelay() is a factory: 100 ms per retry, no jitter",
    options: "{ retryDelay: axiosRetry.linearDelay() }",
    expect: { wait: { kind: "linear", jitter: false, initialSeconds: 0.1 } },
  },
  {
    name: "§2.1 linearDelay(250) → 0.25 s per retry, no jitter",
    options: "{ retryDelay: linearDelay(250) }",
    imports: ", { linearDelay }",
    expect: { wait: { kind: "linear", jitter: false, initialSeconds: 0.25 } },
  },
  {
    name: "§2.1 linearDelay passed uncalled returns a function, not a delay: effectively none",
    options: "{ retryDelay: axiosRetry.linearDelay }",
    expect: { wait: { kind: "none", jitter: false, source: "config" } },
  },
  {
    name: "§2.1 a constant retryDelay is a fixed wait without jitter",
    options: "{ retryDelay: () => 1_000 }",
    expect: { wait: { kind: "fixed", jitter: false, initialSeconds: 1, maxSeconds: 1 }, condition: { honoursRetryAfter: false } },
  },
  {
    name: "§2.1 any other retryDelay function is custom, jitter unknown",
    options: "{ retryDelay: (n) => n * 1000 }",
    expect: { wait: { kind: "custom", jitter: null }, condition: { honoursRetryAfter: null } },
  },

  // condition: the default retries POST on network errors; isIdempotentRequestError does not
  {
    name: "§2.1 default retryCondition retries POST on network errors (ECONNRESET): afterSendMethods all",
    options: "{ retries: 3 }",
    expect: {
      condition: {
        allErrors: false,
        afterSendMethods: ALL,
        statuses: [429, 500, 502, 503, 504],
        honoursRetryAfter: true,
        permanentErrors: null,
      },
    },
  },
  {
    name: "§2.1 isNetworkOrIdempotentRequestError written out is the default",
    options: "{ retryCondition: axiosRetry.isNetworkOrIdempotentRequestError }",
    expect: { condition: { afterSendMethods: ALL, statuses: [429, 500, 502, 503, 504] } },
  },
  {
    name: "§2.1 isIdempotentRequestError excludes POST and PATCH",
    options: "{ retryCondition: axiosRetry.isIdempotentRequestError }",
    expect: { condition: { afterSendMethods: IDEMPOTENT, statuses: [429, 500, 502, 503, 504], honoursRetryAfter: true } },
  },
  {
    name: "§2.1 imported isIdempotentRequestError, wrapped in an arrow",
    options: "{ retryCondition: (e) => isIdempotentRequestError(e) }",
    imports: ", { isIdempotentRequestError }",
    expect: { condition: { afterSendMethods: IDEMPOTENT } },
  },
  {
    name: "§2.1 isSafeRequestError: GET/HEAD/OPTIONS only",
    options: "{ retryCondition: axiosRetry.isSafeRequestError }",
    expect: { condition: { afterSendMethods: ["GET", "HEAD", "OPTIONS"] } },
  },
  {
    name: "§2.1 isNetworkError only: any method, no statuses, Retry-After not applicable",
    options: "{ retryCondition: axiosRetry.isNetworkError }",
    expect: { condition: { afterSendMethods: ALL, statuses: [], honoursRetryAfter: null } },
  },
  {
    name: "§2.1 isRetryableError: 429/5xx for any method",
    options: "{ retryCondition: axiosRetry.isRetryableError }",
    expect: { condition: { afterSendMethods: ALL, statuses: [429, 500, 502, 503, 504] } },
  },
  {
    name: "§2.1 a custom retryCondition may retry any method",
    options: "{ retryCondition: (e) => e.response?.status === 409 }",
    expect: { condition: { afterSendMethods: ALL, allErrors: false, permanentErrors: null } },
  },
  {
    name: "§2.1 retryCondition: () => true retries every error, 4xx included (RL006)",
    options: "{ retryCondition: () => true }",
    expect: { condition: { allErrors: true, afterSendMethods: ALL } },
  },

  // timeout: shared across attempts unless shouldResetTimeout (§2.1, §5.4)
  {
    name: "§2.1 shouldResetTimeout unset: the 3 s timeout is one budget for all attempts",
    options: "{ retries: 3 }",
    expect: { overallTimeoutSeconds: 3, perTryTimeoutSeconds: null },
  },
  {
    name: "§2.1 shouldResetTimeout: true: 3 s per attempt, nothing bounds the total",
    options: "{ retries: 3, shouldResetTimeout: true }",
    expect: { overallTimeoutSeconds: null, perTryTimeoutSeconds: 3 },
  },
];

for (const c of CASES) {
  test(`axios-retry: ${c.name}`, () => {
    const facts = extract(withOptions(c.options, c.imports ?? ""));
    assert.deepEqual(facts.problems, []);
    const layer = onlyLayer(facts);
    assertSubset(layer, {
      kind: "axios-retry",
      category: "client",
      library: "axios-retry",
      attach: { kind: "client" },
      label: "inventory",
      budget: null,
      anchor: { line: 5 },
      ...c.expect,
    });
    const client = facts.clients.find((k) => k.name === "inventory");
    assert.ok(client, "the client is a fact");
    assert.deepEqual(client.layerIds, [layer.localId]);
  });
}

test("axios-retry §2.1: the anchor is the first line of a multi-line axiosRetry( call", () => {
  const facts = extract(src`
    import axios from "axios";
    import axiosRetry from "axios-retry";

    export const orders = axios.create({ baseURL: process.env.ORDERS_URL ?? "http://orders:8080", timeout: 2000 });

    axiosRetry(orders, {
      retries: 2,
      retryDelay: axiosRetry.exponentialDelay,
    });
  `);
  const layer = onlyLayer(facts);
  assert.equal(layer.anchor.line, 6);
  assert.equal(layer.anchor.endLine, 9);
  assert.equal(layer.maxAttempts, 3);
});

test("axios.create → ClientFact with env baseUrl, timeout in seconds, module level", () => {
  const facts = extract(src`
    import axios from "axios";
    const orders = axios.create({
      baseURL: process.env.ORDERS_URL ?? "http://orders:8080",
      timeout: 2_000,
    });
    const billing = axios.create({ baseURL: \`\${process.env.BILLING_HOST}/v1\` });
  `);
  assert.equal(facts.layers.length, 0, "a client without axios-retry is not a layer");
  assert.deepEqual(
    facts.clients.map((c) => [c.name, c.library, c.functionId, c.perCall, c.timeoutSeconds, c.fromCall, c.layerIds, c.span.line]),
    [
      ["orders", "axios", "<module>", false, 2, null, [], 2],
      ["billing", "axios", "<module>", false, null, null, [], 6],
    ],
  );
  assert.deepEqual(facts.clients[0]!.baseUrl, { kind: "env", name: "ORDERS_URL", fallback: { kind: "string", value: "http://orders:8080" } });
  assert.deepEqual(facts.clients[1]!.baseUrl, {
    kind: "concat",
    parts: [{ kind: "env", name: "BILLING_HOST" }, { kind: "string", value: "/v1" }],
  });
});

test("axios.create inside a handler is built per call (RL012 material); a factory returns its client", () => {
  const facts = extract(src`
    import axios from "axios";
    import axiosRetry from "axios-retry";

    export async function checkout(order) {
      const http = axios.create({ baseURL: "http://payments" });
      axiosRetry(http, { retries: 1 });
      return http.post("/charge", order);
    }

    export function makeClient() {
      const c = axios.create({ timeout: 500 });
      axiosRetry(c);
      return c;
    }

    class Inventory {
      http = axios.create({ baseURL: "http://inventory" });
      constructor() {
        this.admin = axios.create({ baseURL: "http://inventory-admin" });
      }
    }
  `);
  const byName = Object.fromEntries(facts.clients.map((c) => [c.name, c]));
  assert.equal(byName.http!.functionId, "checkout");
  assert.equal(byName.http!.perCall, true);
  assert.equal(byName.http!.layerIds.length, 1);
  assert.equal(byName.c!.functionId, "makeClient");
  assert.equal(byName["this.http"]!.functionId, "<module>");
  assert.equal(byName["this.admin"]!.functionId, "Inventory.constructor");
  const makeClient = facts.functions.find((f) => f.id === "makeClient");
  assert.equal(makeClient?.returnsClientId, byName.c!.id);
  assert.equal(facts.functions.find((f) => f.id === "checkout")?.returnsClientId, null, "returns a response, not the client");
  assert.deepEqual(
    facts.layers.map((l) => [l.label, l.maxAttempts]),
    [
      ["http", 2],
      ["c", 4],
    ],
  );
});

test("axios-retry §2.1 on the default instance: a client named after the axios import", () => {
  const facts = extract(src`
    import http from "axios";
    import retry from "axios-retry";
    retry(http, { retries: 2 });
  `);
  const layer = onlyLayer(facts);
  assert.equal(layer.maxAttempts, 3);
  assert.equal(layer.label, "http");
  assert.equal(facts.clients.length, 1);
  assertSubset(facts.clients[0], { name: "http", library: "axios", functionId: "<module>", fromCall: null, perCall: false, layerIds: [layer.localId] });
  // the default instance has no timeout (axios default 0), so nothing bounds the retries in time
  assert.equal(layer.overallTimeoutSeconds, null);
});

test("axios-retry §2.1 on an imported client: a ClientFact named by the local binding, for the linker", () => {
  const facts = extract(src`
    import axiosRetry from "axios-retry";
    import { orders as ordersApi } from "./ordersClient.js";
    axiosRetry(ordersApi, { retries: 1 });
  `);
  const layer = onlyLayer(facts);
  assert.equal(layer.maxAttempts, 2);
  assertSubset(facts.clients[0], { name: "ordersApi", library: "axios", fromCall: null, functionId: "<module>", layerIds: [layer.localId] });
  assert.deepEqual(facts.imports[1], { local: "ordersApi", module: "./ordersClient.js", member: "orders" });
});

test("axios-retry §2.1 on a client from a factory: fromCall names the factory", () => {
  const facts = extract(src`
    import axiosRetry from "axios-retry";
    import { makeClient } from "./http";
    const payments = makeClient("http://payments");
    axiosRetry(payments);
  `);
  const layer = onlyLayer(facts);
  assertSubset(facts.clients[0], { name: "payments", fromCall: "makeClient", functionId: "<module>", perCall: false, layerIds: [layer.localId] });
});

test("axios-retry §2.1 on a parameter: the client handed in, not built here", () => {
  const facts = extract(src`
    import axiosRetry from "axios-retry";
    export function withRetries(client) {
      axiosRetry(client, { retries: 4 });
      return client;
    }
  `);
  const layer = onlyLayer(facts);
  assert.equal(layer.maxAttempts, 5);
  assertSubset(facts.clients[0], { name: "client", functionId: "withRetries", perCall: false, fromCall: null });
});

const COMMONJS: { name: string; code: string }[] = [
  {
    name: "require both",
    code: `const axios = require("axios");\nconst axiosRetry = require("axios-retry");\nconst api = axios.create({ timeout: 1000 });\naxiosRetry(api, { retries: 2 });\n`,
  },
  {
    name: "require(...).default",
    code: `const axios = require("axios").default;\nconst axiosRetry = require("axios-retry").default;\nconst api = axios.create({ timeout: 1000 });\naxiosRetry(api, { retries: 2 });\n`,
  },
  {
    name: "axiosRetry.default(...)",
    code: `const axios = require("axios");\nconst axiosRetry = require("axios-retry");\nconst api = axios.create({ timeout: 1000 });\naxiosRetry.default(api, { retries: 2 });\n`,
  },
  {
    name: "destructured default",
    code: `const axios = require("axios");\nconst { default: axiosRetry, exponentialDelay } = require("axios-retry");\nconst api = axios.create({ timeout: 1000 });\naxiosRetry(api, { retries: 2, retryDelay: exponentialDelay });\n`,
  },
  {
    name: "inline require",
    code: `const axios = require("axios");\nconst api = axios.create({ timeout: 1000 });\nrequire("axios-retry")(api, { retries: 2 });\n`,
  },
];

for (const c of COMMONJS) {
  test(`axios-retry §2.1 CommonJS (${c.name}): layer on line 4 or 3, 3 attempts, on client api`, () => {
    const facts = extract(c.code, "svc/lib/client.js");
    const layer = onlyLayer(facts);
    assert.equal(layer.maxAttempts, 3);
    assert.equal(layer.label, "api");
    assert.equal(layer.anchor.line, c.code.split("\n").findIndex((l) => l.includes("(api")) + 1);
    assert.equal(facts.clients.length, 1);
    assert.equal(facts.clients[0]!.timeoutSeconds, 1);
    assert.deepEqual(facts.clients[0]!.layerIds, [layer.localId]);
  });
}

test("axios-retry §2.1: options kept in a module constant are read", () => {
  const facts = extract(src`
    import axios from "axios";
    import axiosRetry from "axios-retry";
    const RETRY_OPTIONS = { retries: 6, retryCondition: axiosRetry.isIdempotentRequestError };
    const api = axios.create();
    axiosRetry(api, RETRY_OPTIONS);
  `);
  assertSubset(onlyLayer(facts), { maxAttempts: 7, condition: { afterSendMethods: IDEMPOTENT } });
});

test("axios-retry §2.1: options that cannot be read fall back to the defaults, and say so", () => {
  const facts = extract(src`
    import axios from "axios";
    import axiosRetry from "axios-retry";
    import { retryOptions } from "./config";
    const api = axios.create();
    axiosRetry(api, retryOptions);
  `);
  const layer = onlyLayer(facts);
  assert.equal(layer.maxAttempts, 4);
  assert.equal(layer.attemptsSource, "default");
  assert.match(layer.attemptsNote, /not statically known/);
});

test("axios-retry §2.1: two layers in one file get distinct ids; a second call on the same client adds to it", () => {
  const facts = extract(src`
    import axios from "axios";
    import axiosRetry from "axios-retry";
    const a = axios.create();
    const b = axios.create();
    axiosRetry(a, { retries: 1 }); axiosRetry(b, { retries: 2 });
    axiosRetry(a, { retries: 5 });
  `);
  assert.equal(facts.layers.length, 3);
  assert.equal(new Set(facts.layers.map((l) => l.localId)).size, 3);
  const a = facts.clients.find((c) => c.name === "a")!;
  assert.equal(a.layerIds.length, 2);
  assert.equal(facts.clients.length, 2);
});

test("no axios in the file: no clients and no layers, even for look-alike names", () => {
  const facts = extract(src`
    import got from "got";
    const create = { create: () => null };
    function axiosRetry(x, y) { return x; }
    axiosRetry(create.create(), { retries: 3 });
  `);
  assert.deepEqual(facts.layers, []);
  assert.deepEqual(facts.clients, []);
});

test("axios.create exported as default is the client named default (matches a default import)", () => {
  for (const code of [
    `import axios from "axios";\nexport default axios.create({ timeout: 800 });\n`,
    `const axios = require("axios");\nmodule.exports = axios.create({ timeout: 800 });\n`,
  ]) {
    const facts = extract(code);
    assert.deepEqual(
      facts.clients.map((c) => [c.name, c.timeoutSeconds]),
      [["default", 0.8]],
      code,
    );
  }
});
