/**
 * The Python value evaluator (parsing/python.ts valueExpr) on the shapes real services build
 * URLs with: env-or-default conditionals, str.format, dict constants, and arguments that are
 * locals assigned before the call (issue §2.2).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

const constant = async (src: string, name: string) => (await py(src)).constants.find((c) => c.name === name)?.value;

test("a conditional on whether an env var is set is a choice the service's environment makes", async () => {
  assert.deepEqual(await constant('import os\nh = "stock" if os.environ.get("H") is None else os.environ.get("H")\n', "h"), {
    kind: "envChoice",
    name: "H",
    set: { kind: "env", name: "H" },
    unset: { kind: "string", value: "stock" },
  });
  assert.deepEqual(await constant('import os\nh = os.getenv("H") if os.getenv("H") is not None else "x"\n', "h"), {
    kind: "envChoice",
    name: "H",
    set: { kind: "env", name: "H" },
    unset: { kind: "string", value: "x" },
  });
  assert.equal((await constant('import os\nh = "a" if not os.getenv("H") else "b"\n', "h"))?.kind, "envChoice");
  // a condition on something else is not read
  assert.equal((await constant('h = "a" if DEBUG else "b"\n', "h"))?.kind, undefined);
});

test("str.format: positional, numbered, named fields and escaped braces", async () => {
  assert.deepEqual(await constant('u = "http://{0}:{1}/{{x}}".format(host, 80)\n', "u"), {
    kind: "concat",
    parts: [
      { kind: "string", value: "http://" },
      { kind: "ref", name: "host" },
      { kind: "string", value: ":" },
      { kind: "number", value: 80 },
      { kind: "string", value: "/{x}" },
    ],
  });
  assert.deepEqual(await constant('u = "{}/{path}".format(base, path="api")\n', "u"), {
    kind: "concat",
    parts: [{ kind: "ref", name: "base" }, { kind: "string", value: "/" }, { kind: "string", value: "api" }],
  });
});

test("dict constants and their entries; an argument that is a local takes its last assignment before the call", async () => {
  const facts = await py(
    [
      'svc = {"name": "http://orders:80", "endpoint": "orders"}',
      "def go(i):",
      '    url = svc["name"] + "/" + svc["endpoint"]',
      "    send(url)",
      '    url = "http://elsewhere"',
    ].join("\n") + "\n",
  );
  assert.equal(facts.constants.find((c) => c.name === "svc")?.value.kind, "map");
  const call = facts.calls.find((c) => c.callee === "send")!;
  assert.deepEqual(call.args[0]!.value, {
    kind: "concat",
    parts: [
      { kind: "concat", parts: [{ kind: "index", of: { kind: "ref", name: "svc" }, key: "name" }, { kind: "string", value: "/" }] },
      { kind: "index", of: { kind: "ref", name: "svc" }, key: "endpoint" },
    ],
  });
});

test("module settings chosen by the environment: if/elif/else on os.getenv(…) == '…' give a choice per name", async () => {
  const v = await constant(
    [
      "import os",
      'if os.getenv("FLASK_ENV") == "development":',
      '    STOCK = os.getenv("STOCK_URL")',
      'elif os.getenv("FLASK_ENV") == "testing":',
      '    STOCK = "http://stock-test"',
      "else:",
      '    STOCK = "http://stock"',
    ].join("\n") + "\n",
    "STOCK",
  );
  assert.deepEqual(v, {
    kind: "envChoice",
    name: "FLASK_ENV",
    equals: "development",
    set: { kind: "env", name: "STOCK_URL" },
    unset: { kind: "envChoice", name: "FLASK_ENV", equals: "testing", set: { kind: "string", value: "http://stock-test" }, unset: { kind: "string", value: "http://stock" } },
  });
  // a branch on something else: not read
  assert.equal(await constant('if DEBUG:\n    STOCK = "a"\n', "STOCK"), undefined);
});
