/**
 * The generic per-file facts of TS/JS (DESIGN.md "Data flow"): imports, exports, functions and
 * handlers, module constants, calls and the requests they send. The Idempotency-Key rows are
 * RL005 material: §2.1 says axios-retry's default condition retries POST on network errors, so
 * whether a POST carries the header decides whether that retry is safe.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { RequestFact } from "../../../server/src/model/facts";
import { assertSubset, extract, src } from "./helpers";

// ---------------------------------------------------------------------------------------------
// imports

const IMPORTS: { code: string; expect: unknown[] }[] = [
  { code: `import axios from "axios";`, expect: [{ local: "axios", module: "axios", member: null, isDefault: true }] },
  { code: `import { orders } from "./ordersClient.js";`, expect: [{ local: "orders", module: "./ordersClient.js", member: "orders" }] },
  { code: `import { orders as api } from "./ordersClient.js";`, expect: [{ local: "api", module: "./ordersClient.js", member: "orders" }] },
  { code: `import * as http from "./http";`, expect: [{ local: "http", module: "./http", member: null }] },
  {
    code: `import axiosRetry, { exponentialDelay } from "axios-retry";`,
    expect: [
      { local: "axiosRetry", module: "axios-retry", member: null, isDefault: true },
      { local: "exponentialDelay", module: "axios-retry", member: "exponentialDelay" },
    ],
  },
  { code: `import { default as retry } from "axios-retry";`, expect: [{ local: "retry", module: "axios-retry", member: null, isDefault: true }] },
  { code: `import type { AxiosInstance } from "axios";`, expect: [] },
  { code: `import "./polyfills";`, expect: [] },
  { code: `import http = require("./http");`, expect: [{ local: "http", module: "./http", member: null }] },
  { code: `const axios = require("axios");`, expect: [{ local: "axios", module: "axios", member: null }] },
  { code: `const axios = require("axios").default;`, expect: [{ local: "axios", module: "axios", member: null, isDefault: true }] },
  { code: `const { orders } = require("./ordersClient");`, expect: [{ local: "orders", module: "./ordersClient", member: "orders" }] },
  { code: `const { orders: api } = require("./ordersClient");`, expect: [{ local: "api", module: "./ordersClient", member: "orders" }] },
  { code: `const get = require("./http").get;`, expect: [{ local: "get", module: "./http", member: "get" }] },
  { code: `function lazy() { const pg = require("pg"); }`, expect: [{ local: "pg", module: "pg", member: null }] },
  { code: `export { orders } from "./ordersClient";`, expect: [{ local: "orders", module: "./ordersClient", member: "orders" }] },
];

for (const c of IMPORTS) {
  test(`imports: ${c.code}`, () => {
    assert.deepEqual(extract(c.code).imports, c.expect);
  });
}

// ---------------------------------------------------------------------------------------------
// exports

const EXPORTS: { code: string; expect: string[] }[] = [
  { code: `export const orders = 1, billing = 2;`, expect: ["orders", "billing"] },
  { code: `export function reserve() {}`, expect: ["reserve"] },
  { code: `export async function reserve() {}`, expect: ["reserve"] },
  { code: `export class Client {}`, expect: ["Client"] },
  { code: `export default function () {}`, expect: ["default"] },
  { code: `const x = 1; export default x;`, expect: ["default"] },
  { code: `const a = 1, b = 2; export { a, b as c };`, expect: ["a", "c"] },
  { code: `export { orders } from "./ordersClient";`, expect: ["orders"] },
  { code: `module.exports = { reserve, release: free, check() {} };`, expect: ["reserve", "release", "check"] },
  { code: `module.exports = makeClient();`, expect: ["default"] },
  { code: `exports.reserve = reserve; module.exports.release = release;`, expect: ["reserve", "release"] },
  { code: `export type T = string; const hidden = 1;`, expect: [] },
];

for (const c of EXPORTS) {
  test(`exports: ${c.code}`, () => {
    assert.deepEqual(extract(c.code).exports, c.expect);
  });
}

// ---------------------------------------------------------------------------------------------
// functions

test("functions: declarations, methods, arrows named by their variable, nested, inline callbacks", () => {
  const facts = extract(src`
    export async function reserve(sku, qty = 1, url = "http://inventory") {
      const send = async () => fetch(url);
      return send();
    }
    const release = function (sku) {};
    class Inventory {
      constructor(http) {}
      async check(sku) {}
      refresh = () => {};
    }
    const api = { ping() {}, pong: () => {} };
    exports.handler = async (event) => {};
    [1, 2].map((n) => n * 2);
    export default () => {};
  `);
  assert.deepEqual(
    facts.functions.map((f) => [f.id, f.name, f.span.line, f.topLevel]),
    [
      ["reserve", "reserve", 1, true],
      ["reserve.send", "send", 2, false],
      ["release", "release", 5, true],
      ["Inventory.constructor", "constructor", 7, true],
      ["Inventory.check", "check", 8, true],
      ["Inventory.refresh", "refresh", 9, true],
      ["api.ping", "ping", 11, true],
      ["api.pong", "pong", 11, true],
      ["handler", "handler", 12, true],
      ["<anon@L13>", "<anon@L13>", 13, true],
      ["default", "default", 14, true],
    ],
  );
  const reserve = facts.functions[0]!;
  assert.deepEqual(reserve.params, ["sku", "qty", "url"]);
  assert.deepEqual(reserve.paramDefaults, { qty: { kind: "number", value: 1 }, url: { kind: "string", value: "http://inventory" } });
  const fetchCall = facts.calls.find((c) => c.callee === "fetch")!;
  assert.equal(fetchCall.functionId, "reserve.send");
  assert.deepEqual(facts.referencedFunctions, ["<anon@L13>"], "the map callback is called by map, not an entry point");
});

test("functions: two inline callbacks on one line get distinct ids", () => {
  const facts = extract(`setTimeout(() => a(), 1); setTimeout(() => b(), 2);\n`);
  assert.deepEqual(
    facts.functions.map((f) => f.id),
    ["<anon@L1>", "<anon@L1>#2"],
  );
  assert.deepEqual(
    facts.calls.filter((c) => c.callee === "a" || c.callee === "b").map((c) => c.functionId),
    ["<anon@L1>", "<anon@L1>#2"],
  );
});

test("handlers: app/router verbs with inline and named callbacks; route chains; middleware", () => {
  const facts = extract(src`
    import express from "express";
    const app = express();
    const r = express.Router();
    async function listOrders(req, res) {}
    app.post("/api/checkout", async (req, res) => {});
    r.get("/orders", authenticate, listOrders);
    app.route("/items").put((req, res) => {});
    app.use((req, res, next) => next());
    app.delete("/orders/:id", function remove(req, res) {});
    cache.get("user:1", () => compute());
  `);
  const handlers = facts.functions.filter((f) => f.handler).map((f) => [f.id, f.handler]);
  assert.deepEqual(handlers, [
    ["listOrders", { method: "GET", route: "/orders" }],
    ["<anon@L5>", { method: "POST", route: "/api/checkout" }],
    ["<anon@L7>", { method: "PUT", route: "/items" }],
    ["<anon@L8>", { method: null, route: null }],
    ["remove", { method: "DELETE", route: "/orders/:id" }],
  ]);
  assert.ok(!facts.referencedFunctions.includes("listOrders"), "a handler is an entry point, not a callback");
  assert.ok(facts.referencedFunctions.includes("<anon@L10>"), "the cache loader is a callback");
  assert.equal(facts.calls.filter((c) => c.request).length, 1, "route registrations send nothing; cache.get is left to the linker");
});

test("raisesOnStatus: a throw guarded by res.ok / status", () => {
  const facts = extract(src`
    async function strict(url) {
      const res = await fetch(url);
      if (!res.ok) throw new Error(String(res.status));
      return res.json();
    }
    async function lenient(url) {
      const res = await fetch(url);
      if (!url) throw new Error("no url");
      return res;
    }
  `);
  assert.deepEqual(
    facts.functions.map((f) => [f.id, f.raisesOnStatus]),
    [
      ["strict", true],
      ["lenient", false],
    ],
  );
});

// ---------------------------------------------------------------------------------------------
// constants

test("constants: literals, env with ?? and || fallbacks, templates, concatenation, config objects", () => {
  const facts = extract(src`
    const ORDERS_URL = process.env.ORDERS_URL ?? "http://orders:8080";
    const INVENTORY_URL = process.env["INVENTORY_URL"] || "http://inventory";
    const TIMEOUT_MS = 2_000;
    const PAYMENTS = \`http://\${process.env.PAYMENTS_HOST}:8080/v1\`;
    const ORDERS_API = ORDERS_URL + "/api";
    const config = { billing: { url: process.env.BILLING_URL } };
    const { LEDGER_URL = "http://ledger" } = process.env;
    let mutable = "x";
    const app = express();
    function inner() { const LOCAL = "no"; }
  `);
  assert.deepEqual(facts.constants, [
    { name: "ORDERS_URL", value: { kind: "env", name: "ORDERS_URL", fallback: { kind: "string", value: "http://orders:8080" } }, line: 1 },
    { name: "INVENTORY_URL", value: { kind: "env", name: "INVENTORY_URL", fallback: { kind: "string", value: "http://inventory" } }, line: 2 },
    { name: "TIMEOUT_MS", value: { kind: "number", value: 2000 }, line: 3 },
    {
      name: "PAYMENTS",
      value: {
        kind: "concat",
        parts: [{ kind: "string", value: "http://" }, { kind: "env", name: "PAYMENTS_HOST" }, { kind: "string", value: ":8080/v1" }],
      },
      line: 4,
    },
    { name: "ORDERS_API", value: { kind: "concat", parts: [{ kind: "ref", name: "ORDERS_URL" }, { kind: "string", value: "/api" }] }, line: 5 },
    { name: "config.billing.url", value: { kind: "env", name: "BILLING_URL" }, line: 6 },
    { name: "LEDGER_URL", value: { kind: "env", name: "LEDGER_URL", fallback: { kind: "string", value: "http://ledger" } }, line: 7 },
  ]);
});

// ---------------------------------------------------------------------------------------------
// calls and requests

test("calls: every call with its enclosing function, callee text and argument names", () => {
  const facts = extract(src`
    import { orders } from "./ordersClient";
    export async function place(order) {
      const client = getClient();
      await client.http.post("/orders", order.body, { timeout: 1500 });
      await getClient().get(\`/orders/\${order.id}\`);
    }
    main();
  `);
  assert.deepEqual(
    facts.calls.map((c) => [c.callee, c.functionId, c.span.line, c.args.map((a) => a.name)]),
    [
      ["getClient", "place", 3, []],
      ["client.http.post", "place", 4, [null, "order.body", null]],
      ["getClient().get", "place", 5, [null]],
      ["getClient", "place", 5, []],
      ["main", "<module>", 7, []],
    ],
  );
  assertSubset(facts.calls[1]!.request, { method: "POST", timeoutSeconds: 1.5, library: null, idempotencyKey: false });
  assert.deepEqual(facts.calls[2]!.request?.url, { kind: "concat", parts: [{ kind: "string", value: "/orders/" }, { kind: "ref", name: "order.id" }] });
});

const IMPORTS_PRELUDE = `import axios from "axios";\n`;

const REQUESTS: { name: string; call: string; expect: Partial<RequestFact> | undefined }[] = [
  { name: "axios-style post without config: no Idempotency-Key", call: `orders.post("/orders", body)`, expect: { method: "POST", idempotencyKey: false, library: null, url: { kind: "string", value: "/orders" } } },
  {
    name: "post with a literal Idempotency-Key header in the config",
    call: `orders.post("/orders", body, { headers: { "Idempotency-Key": key } })`,
    expect: { method: "POST", idempotencyKey: true },
  },
  { name: "header name is case-insensitive", call: `orders.post("/orders", body, { headers: { "idempotency-key": key } })`, expect: { idempotencyKey: true } },
  { name: "X-Idempotency-Key counts", call: `orders.patch("/orders/1", body, { headers: { "X-Idempotency-Key": key } })`, expect: { method: "PATCH", idempotencyKey: true } },
  { name: "literal headers without the key → false", call: `orders.post("/orders", body, { headers: { Authorization: token } })`, expect: { idempotencyKey: false } },
  { name: "headers not literal → unknown", call: `orders.post("/orders", body, { headers: buildHeaders() })`, expect: { idempotencyKey: null } },
  { name: "config not literal → unknown", call: `orders.post("/orders", body, config)`, expect: { idempotencyKey: null } },
  { name: "spread headers with the key still count", call: `orders.post("/orders", body, { headers: { ...base, "Idempotency-Key": k } })`, expect: { idempotencyKey: true } },
  { name: "spread headers without the key → unknown", call: `orders.post("/orders", body, { headers: { ...base } })`, expect: { idempotencyKey: null } },
  { name: "headers nested deeper in the config", call: `orders.post("/orders", body, { ...defaults, headers: { "Idempotency-Key": k } })`, expect: { idempotencyKey: true } },
  { name: "got/ky-style options as the second argument", call: `api.post("/orders", { json: body, headers: { "Idempotency-Key": k } })`, expect: { idempotencyKey: true } },
  { name: "get: config is the second argument; timeout ms → s", call: `orders.get("/orders", { timeout: 2500 })`, expect: { method: "GET", timeoutSeconds: 2.5, idempotencyKey: false } },
  { name: "axios.get is the axios library", call: `axios.get("http://orders/orders")`, expect: { method: "GET", library: "axios" } },
  {
    name: "axios(config) reads method and url",
    call: `axios({ method: "post", url: process.env.ORDERS_URL + "/orders", headers: { "Idempotency-Key": k } })`,
    expect: { method: "POST", library: "axios", idempotencyKey: true, url: { kind: "concat", parts: [{ kind: "env", name: "ORDERS_URL" }, { kind: "string", value: "/orders" }] } },
  },
  { name: "axios(url, config)", call: `axios("/orders", { method: "DELETE" })`, expect: { method: "DELETE", library: "axios", url: { kind: "string", value: "/orders" } } },
  { name: "client.request({ method, url })", call: `client.request({ method: "put", url: "/orders/1" })`, expect: { method: "PUT", library: null, url: { kind: "string", value: "/orders/1" } } },
  { name: "fetch defaults to GET", call: `fetch("http://inventory/items")`, expect: { method: "GET", library: "fetch", idempotencyKey: false } },
  {
    name: "fetch with method and a literal Idempotency-Key header",
    call: `fetch(url, { method: "POST", headers: { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() }, body })`,
    expect: { method: "POST", library: "fetch", idempotencyKey: true, url: { kind: "ref", name: "url" } },
  },
  { name: "fetch POST without the header", call: `fetch(url, { method: "POST", headers: { "Content-Type": "application/json" } })`, expect: { method: "POST", idempotencyKey: false } },
  { name: "fetch with new Headers({...})", call: `fetch(url, { method: "POST", headers: new Headers({ "Idempotency-Key": k }) })`, expect: { idempotencyKey: true } },
  { name: "fetch with a non-literal init: method unknown", call: `fetch(url, init)`, expect: { method: null, idempotencyKey: null } },
  { name: "fetch with AbortSignal.timeout", call: `fetch(url, { signal: AbortSignal.timeout(5000) })`, expect: { timeoutSeconds: 5 } },
  { name: "a non-HTTP call sends nothing", call: `orders.create(body)`, expect: undefined },
  { name: "a verb call without arguments sends nothing", call: `queue.get()`, expect: undefined },
  { name: "axios.create is not a request", call: `axios.create({ baseURL: "http://x" })`, expect: undefined },
];

for (const c of REQUESTS) {
  test(`requests: ${c.name}`, () => {
    const facts = extract(`${IMPORTS_PRELUDE}async function f() {\n  await ${c.call};\n}\n`);
    const call = facts.calls.find((k) => k.span.line === 3 && k.span.column === 8);
    assert.ok(call, `call on line 3 (calls: ${JSON.stringify(facts.calls.map((k) => [k.callee, k.span]))})`);
    if (c.expect === undefined) assert.equal(call.request, undefined);
    else {
      assert.ok(call.request, "a request");
      assertSubset(call.request, { protocol: "http", ...c.expect });
    }
  });
}

test("fetch from node-fetch under another name is fetch", () => {
  const facts = extract(`import nodeFetch from "node-fetch";\nnodeFetch("http://x", { method: "PUT" });\n`);
  assertSubset(facts.calls[0]!.request, { method: "PUT", library: "fetch" });
});

// ---------------------------------------------------------------------------------------------
// robustness

const BROKEN: { name: string; file: string; code: string }[] = [
  { name: "unclosed call", file: "svc/a.ts", code: `import axios from "axios";\nimport axiosRetry from "axios-retry";\nconst c = axios.create({ timeout: 1000 });\naxiosRetry(c, { retries: 2 });\nfunction broken() {\n  c.post("/x", { a: 1 ;\n` },
  { name: "stray tokens", file: "svc/b.js", code: `const x = ;;; }}} )) export import\nfetch("http://a");\n` },
  { name: "binary-ish noise", file: "svc/c.ts", code: "\u0000\u0001\uFFFD@@@ \\\\ `${\n" },
  { name: "empty file", file: "svc/d.tsx", code: "" },
];

for (const c of BROKEN) {
  test(`syntax errors never throw and leave partial facts: ${c.name}`, () => {
    const facts = extract(c.code, c.file);
    assert.equal(facts.path, c.file);
    assert.equal(facts.language, "typescript");
    if (c.code.trim()) assert.ok(facts.problems.length >= 1, "a syntax problem is recorded");
    assert.ok(facts.problems.every((p) => !/detector failed/.test(p.message)), JSON.stringify(facts.problems));
  });
}

test("a syntax error further down keeps the layer and client above it", () => {
  const facts = extract(BROKEN[0]!.code, BROKEN[0]!.file);
  assert.equal(facts.layers.length, 1);
  assert.equal(facts.layers[0]!.maxAttempts, 3);
  assert.equal(facts.clients[0]!.name, "c");
  assert.equal(facts.problems[0]!.line >= 5, true);
  assert.match(facts.problems[0]!.message, /syntax error/);
  assert.ok(facts.calls.some((c) => c.callee === "c.post"), "the recovered tree still yields the call");
});

test("JSX in .tsx and .jsx files parses", () => {
  for (const file of ["ui/App.tsx", "ui/App.jsx"]) {
    const facts = extract(`export function App() {\n  const load = () => fetch("/api/items");\n  return <button onClick={load}>Load</button>;\n}\n`, file);
    assert.deepEqual(facts.problems, [], file);
    assert.equal(facts.calls[0]?.request?.method, "GET", file);
    assert.equal(facts.calls[0]?.functionId, "App.load", file);
  }
});

test("functions: a callback inside a handler is qualified by it, so the linker knows whose call it is", () => {
  const facts = extract(src`
    app.post("/api/bulk", async (req, res) => {
      await Promise.all(req.body.items.map((item) => orders.post("/orders", item)));
    });
  `);
  const post = facts.calls.find((c) => c.callee === "orders.post")!;
  assert.equal(post.functionId, "<anon@L1>.<anon@L2>");
  assert.deepEqual(facts.functions.find((f) => f.id === "<anon@L1>")?.handler, { method: "POST", route: "/api/bulk" });
  assert.deepEqual(facts.referencedFunctions, ["<anon@L1>.<anon@L2>"]);
});

test("handlers: a route path held in a module constant", () => {
  const facts = extract(src`
    const ROUTES = { checkout: "/api/checkout" };
    const HEALTH = "/healthz";
    app.post(ROUTES.checkout, async (req, res) => {});
    router.get(HEALTH, (req, res) => res.send("ok"));
  `);
  assert.deepEqual(
    facts.functions.map((f) => [f.id, f.handler]),
    [
      ["<anon@L3>", { method: "POST", route: "/api/checkout" }],
      ["<anon@L4>", { method: "GET", route: "/healthz" }],
    ],
  );
});

const FILE_ROUTES: { file: string; code: string; expect: [string, { method: string | null; route: string | null } | null][] }[] = [
  {
    file: "web/app/api/checkout/route.ts",
    code: `export async function POST(req) { return fetch(process.env.ORDERS_URL + "/orders", { method: "POST" }); }\nexport const GET = async () => new Response("ok");\nfunction helper() {}\n`,
    expect: [
      ["POST", { method: "POST", route: "/api/checkout" }],
      ["GET", { method: "GET", route: "/api/checkout" }],
      ["helper", null],
    ],
  },
  {
    file: "web/app/(shop)/orders/[id]/route.js",
    code: `export function DELETE(req, { params }) {}\n`,
    expect: [["DELETE", { method: "DELETE", route: "/orders/[id]" }]],
  },
  {
    file: "web/pages/api/orders/index.ts",
    code: `export default async function handler(req, res) {}\n`,
    expect: [["handler", { method: null, route: "/api/orders" }]],
  },
  {
    file: "web/pages/api/pay.js",
    code: `async function pay(req, res) {}\nexport default pay;\n`,
    expect: [["pay", { method: null, route: "/api/pay" }]],
  },
  {
    file: "web/src/lib/route.ts",
    code: `export function POST() {}\n`,
    expect: [["POST", null]],
  },
];

for (const c of FILE_ROUTES) {
  test(`handlers: file-system route ${c.file}`, () => {
    const facts = extract(c.code, c.file);
    assert.deepEqual(
      facts.functions.map((f) => [f.id, f.handler]),
      c.expect,
    );
  });
}
