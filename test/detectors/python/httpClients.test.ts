// urllib3 Retry (§1.3), requests HTTPAdapter (§1.4), httpx HTTPTransport (§1.5).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const H = "import requests\nimport httpx\nimport urllib3\nfrom requests.adapters import HTTPAdapter\nfrom urllib3.util.retry import Retry\n";

async function retryLayer(expr: string) {
  const facts = await py(`${H}s = requests.Session()\ns.mount("https://", HTTPAdapter(max_retries=${expr}))\n`);
  assert.equal(facts.layers.length, 1, `layers: ${facts.layers.map((l) => l.kind).join(",")}`);
  return { layer: facts.layers[0]!, facts };
}

describe("urllib3 Retry attempts (§1.3: total=N → N+1)", () => {
  const cases: Array<[string, number | null, string]> = [
    ["Retry(total=2)", 3, "total=2"],
    ["Retry(3)", 4, "positional total"],
    ["Retry()", 11, "default total=10"],
    ["Retry(total=0)", 1, "disabled"],
    ["Retry(total=False)", 1, "False disables"],
    ["Retry(total=5, connect=1, read=1, status=1, other=0)", 4, "capped categories sum to 3"],
    ["Retry(total=5, connect=1)", 6, "an uncapped category keeps total as the bound"],
    ["Retry(total=None, connect=2, read=2, status=2, other=0)", 7, "no total: the categories bound it"],
    ["Retry(total=None)", null, "nothing bounds it"],
    ["3", 4, "HTTPAdapter(max_retries=3) → Retry.from_int(3)"],
    ["0", 1, "max_retries=0 is no retry"],
  ];
  for (const [expr, expected, why] of cases) {
    test(`${expr} → ${expected ?? "unbounded"} (${why})`, async () => {
      const { layer } = await retryLayer(expr);
      assert.equal(layer.maxAttempts, expected);
    });
  }
  test("Retry.DEFAULT: a bare PoolManager retries 3 times (4 attempts), from the library default", async () => {
    const facts = await py(`${H}http = urllib3.PoolManager()\n`);
    assert.equal(facts.layers[0]!.maxAttempts, 4);
    assert.equal(facts.layers[0]!.attemptsSource, "default");
  });
  test("PoolManager(retries=False) is disabled", async () => {
    const facts = await py(`${H}http = urllib3.PoolManager(retries=False)\n`);
    assert.equal(facts.layers[0]!.maxAttempts, 1);
  });
});

describe("urllib3 waits (§1.3: backoff_factor 0 → no wait; backoff_jitter 0 → no jitter)", () => {
  test("default backoff_factor is 0: immediate retries", async () => {
    const { layer } = await retryLayer("Retry(total=2)");
    assert.equal(layer.wait.kind, "none");
  });
  test("backoff_factor without backoff_jitter: exponential, no jitter", async () => {
    const { layer } = await retryLayer("Retry(total=2, backoff_factor=0.2)");
    assert.equal(layer.wait.kind, "exponential");
    assert.equal(layer.wait.jitter, false);
  });
  test("backoff_jitter adds randomness", async () => {
    const { layer } = await retryLayer("Retry(total=2, backoff_factor=0.2, backoff_jitter=0.5)");
    assert.equal(layer.wait.jitter, true);
  });
  test("an int max_retries has no backoff (from_int)", async () => {
    const { layer } = await retryLayer("2");
    assert.equal(layer.kind, "requests-adapter");
    assert.equal(layer.wait.kind, "none");
  });
});

describe("urllib3 methods and statuses (§1.3)", () => {
  test("default allowed_methods exclude POST and PATCH", async () => {
    const { layer } = await retryLayer("Retry(total=2)");
    assert.deepEqual(layer.condition.afterSendMethods, ["HEAD", "GET", "PUT", "DELETE", "OPTIONS", "TRACE"]);
  });
  test("allowed_methods=None retries every method", async () => {
    const { layer } = await retryLayer("Retry(total=2, allowed_methods=None)");
    assert.equal(layer.condition.afterSendMethods, "all");
  });
  test("allowed_methods list and frozenset", async () => {
    assert.deepEqual((await retryLayer('Retry(total=2, allowed_methods=["GET", "POST"])')).layer.condition.afterSendMethods, ["GET", "POST"]);
    assert.deepEqual((await retryLayer('Retry(total=2, allowed_methods=frozenset(["GET"]))')).layer.condition.afterSendMethods, ["GET"]);
  });
  test("Retry.DEFAULT_ALLOWED_METHODS is the default set, not every method; unions add to it", async () => {
    const defaults = ["HEAD", "GET", "PUT", "DELETE", "OPTIONS", "TRACE"];
    assert.deepEqual((await retryLayer("Retry(total=2, allowed_methods=Retry.DEFAULT_ALLOWED_METHODS)")).layer.condition.afterSendMethods, defaults);
    assert.deepEqual((await retryLayer("Retry(total=2, method_whitelist=Retry.DEFAULT_METHOD_WHITELIST)")).layer.condition.afterSendMethods, defaults);
    assert.deepEqual((await retryLayer('Retry(total=2, allowed_methods=Retry.DEFAULT_ALLOWED_METHODS | {"POST"})')).layer.condition.afterSendMethods, [...defaults, "POST"]);
    assert.deepEqual((await retryLayer('Retry(total=2, allowed_methods=Retry.DEFAULT_ALLOWED_METHODS.union(["PATCH"]))')).layer.condition.afterSendMethods, [...defaults, "PATCH"]);
  });
  test("an allowed_methods value that cannot be read counts as every method (worst case)", async () => {
    assert.equal((await retryLayer("Retry(total=2, allowed_methods=settings.METHODS)")).layer.condition.afterSendMethods, "all");
  });
  test("status_forcelist with 404 retries a permanent error; 429/503 do not", async () => {
    assert.ok((await retryLayer("Retry(total=2, status_forcelist=[404, 503])")).layer.condition.permanentErrors);
    assert.equal((await retryLayer("Retry(total=2, status_forcelist=[429, 503])")).layer.condition.permanentErrors, null);
  });
  test("respect_retry_after_header defaults to True", async () => {
    assert.equal((await retryLayer("Retry(total=2)")).layer.condition.honoursRetryAfter, true);
    assert.equal((await retryLayer("Retry(total=2, respect_retry_after_header=False)")).layer.condition.honoursRetryAfter, false);
  });
});

describe("mounting and clients", () => {
  test("a named Retry mounted on two prefixes is one layer on the session", async () => {
    const facts = await py(`${H}_retry = Retry(total=2)\nsession = requests.Session()\nsession.mount("http://", HTTPAdapter(max_retries=_retry))\nsession.mount("https://", HTTPAdapter(max_retries=_retry))\n`);
    assert.equal(facts.layers.length, 1);
    const client = facts.clients.find((c) => c.name === "session")!;
    assert.deepEqual(client.layerIds, [facts.layers[0]!.localId]);
    assert.equal(facts.layers[0]!.label, "session", "the layer is labelled by its client");
    assert.equal(facts.layers[0]!.anchor.line, 6, "anchor: the Retry( line");
  });
  test("an adapter held in a variable", async () => {
    const facts = await py(`${H}adapter = HTTPAdapter(max_retries=Retry(total=4))\ns = requests.Session()\ns.mount("https://", adapter)\n`);
    assert.equal(facts.clients.find((c) => c.name === "s")!.layerIds.length, 1);
  });
  test("a session factory returns its client", async () => {
    const facts = await py(`${H}def make_session():\n    s = requests.Session()\n    s.mount("https://", HTTPAdapter(max_retries=Retry(total=2)))\n    return s\n`);
    const fn = facts.functions.find((f) => f.id === "make_session")!;
    const client = facts.clients.find((c) => c.id === fn.returnsClientId)!;
    assert.equal(client.layerIds.length, 1);
  });
  test("`with requests.Session() as s` binds a client", async () => {
    const facts = await py(`${H}def f():\n    with requests.Session() as s:\n        s.get("http://x")\n`);
    assert.ok(facts.clients.some((c) => c.name === "s" && c.library === "requests.Session"));
  });
  test("httpx transport retries: connect phase only, N+1, no jitter (§1.5)", async () => {
    const facts = await py(`${H}client = httpx.Client(base_url="http://inventory:8080", transport=httpx.HTTPTransport(retries=2))\n`);
    const layer = facts.layers[0]!;
    assert.equal(layer.kind, "httpx-transport");
    assert.equal(layer.maxAttempts, 3);
    assert.deepEqual(layer.condition.afterSendMethods, []);
    assert.equal(layer.wait.jitter, false);
    assert.deepEqual(facts.clients[0]!.baseUrl, { kind: "string", value: "http://inventory:8080" });
  });
  test("httpx Client without a transport does not retry", async () => {
    const facts = await py(`${H}client = httpx.Client(base_url="http://inventory:8080")\n`);
    assert.equal(facts.layers.length, 0);
  });
});

describe("requests sent", () => {
  test("method, URL expression, timeout and idempotency key of a call", async () => {
    const facts = await py(`${H}import os\nURL = os.environ.get("INVENTORY_URL", "http://inventory:8000")\ndef f(order_id):\n    return requests.post(f"{URL}/reservations", json={}, timeout=(3, 27), headers={"Idempotency-Key": order_id})\n`);
    const call = facts.calls.find((c) => c.callee === "requests.post")!;
    assert.equal(call.request?.method, "POST");
    assert.equal(call.request?.timeoutSeconds, 30);
    assert.equal(call.request?.idempotencyKey, true);
    assert.deepEqual(call.request?.url, { kind: "concat", parts: [{ kind: "ref", name: "URL" }, { kind: "string", value: "/reservations" }] });
    assert.deepEqual(facts.constants.find((c) => c.name === "URL")?.value, { kind: "env", name: "INVENTORY_URL", fallback: { kind: "string", value: "http://inventory:8000" } });
  });
  test("headers from a variable are unknown (null), not missing", async () => {
    const facts = await py(`${H}def f(h):\n    requests.post("http://x", headers=h)\n`);
    assert.equal(facts.calls[0]!.request?.idempotencyKey, null);
  });
  test("database drivers are dependencies with a DSN", async () => {
    const facts = await py(`import psycopg\nimport os\ndef f():\n    psycopg.connect(os.environ["DATABASE_URL"])\n`);
    const call = facts.calls.find((c) => c.callee === "psycopg.connect")!;
    assert.equal(call.request?.protocol, "db");
    assert.deepEqual(call.request?.url, { kind: "env", name: "DATABASE_URL" });
  });
  test("os.environ.get is never a request", async () => {
    const facts = await py(`import os\nx = os.environ.get("A")\n`);
    assert.equal(facts.calls.filter((c) => c.request).length, 0);
  });
  test("framework handlers are entry points with method and route", async () => {
    const facts = await py(`from flask import Flask\napp = Flask(__name__)\n@app.post("/checkout")\ndef checkout(): pass\n@app.route("/x", methods=["PUT"])\ndef x(): pass\n`);
    assert.deepEqual(facts.functions.find((f) => f.id === "checkout")?.handler, { method: "POST", route: "/checkout" });
    assert.deepEqual(facts.functions.find((f) => f.id === "x")?.handler, { method: "PUT", route: "/x" });
  });
});
