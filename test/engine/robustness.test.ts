// Bad input never crashes the engine: partial facts, one problem per bad file, the rest analysed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";
import { FactsCache } from "../../server/src/engine/extract";

const good = {
  path: "svc/client.py",
  text: "from tenacity import retry, stop_after_attempt\nimport requests\n\n@retry(stop=stop_after_attempt(4))\ndef f():\n    return requests.get('http://inventory/x')\n",
};

test("half-written and malformed files yield partial results and problems, never a crash", async () => {
  const files = [
    good,
    { path: "svc/broken.py", text: "from tenacity import retry\n@retry(stop=stop_after_attempt(3)\ndef g(:\n    requests.get(\n" },
    { path: "svc/half.py", text: "@retry(" },
    { path: "deploy/bad.yaml", text: "apiVersion: v1\nkind: Namespace\nmetadata: {name: [unclosed\n---\nkind: [\n" },
    { path: "deploy/anchors.yaml", text: "base: &b {retries: {attempts: 2}}\nother: *b\nloop: &l [*l]\n" },
    { path: "web/src/x.ts", text: "import axios from 'axios'\nconst a = axios.create({ baseURL: `http://${\n" },
    { path: "web/package.json", text: "{ not json" },
    { path: "svc/pyproject.toml", text: "[project\nname = " },
    { path: "svc/empty.py", text: "" },
    { path: "svc/deep.py", text: "x = " + "(".repeat(2000) + "1" + ")".repeat(2000) + "\n" },
    { path: "svc/binaryish.py", text: "\u0000\u0001\u0002 def \uFFFD" },
  ];
  const result = await analyzeWorkspace(files, DEFAULT_SETTINGS);
  const good4 = result.model.layers.find((l) => l.file === "svc/client.py");
  assert.equal(good4?.maxAttempts, 4, "the good file is still analysed");
  assert.ok(result.problems.some((p) => p.file === "web/package.json"), "bad JSON is a problem");
  assert.ok(result.problems.some((p) => p.file === "svc/pyproject.toml"), "bad TOML is a problem");
  assert.ok(result.problems.some((p) => p.file === "deploy/bad.yaml"), "bad YAML is a problem");
  assert.ok(result.problems.some((p) => p.file === "svc/broken.py"), "a Python syntax error is a problem");
});

test("a decorator still counts in a file with a syntax error elsewhere", async () => {
  const result = await analyzeWorkspace(
    [{ path: "svc/a.py", text: "from tenacity import retry, stop_after_attempt\n\n@retry(stop=stop_after_attempt(2))\ndef ok():\n    return fetch()\n\ndef broken(:\n" }],
    DEFAULT_SETTINGS,
  );
  assert.equal(result.model.layers[0]?.maxAttempts, 2);
});

test("analysis is deterministic: the same files give the same report", async () => {
  const a = await analyzeWorkspace([good], DEFAULT_SETTINGS);
  const b = await analyzeWorkspace([good], DEFAULT_SETTINGS);
  assert.deepEqual(
    a.findings.map((f) => `${f.file}:${f.span.line} ${f.rule} ${f.message}`),
    b.findings.map((f) => `${f.file}:${f.span.line} ${f.rule} ${f.message}`),
  );
});

test("the facts cache re-extracts only changed files", async () => {
  const cache = new FactsCache();
  const first = cache.extract(good.path, good.text);
  assert.equal(cache.extract(good.path, good.text), first, "unchanged text → the same facts object");
  assert.notEqual(cache.extract(good.path, good.text + "\n"), first, "changed text → new facts");
});

test("a wide fan-out workspace stays within the path cap and terminates", async () => {
  const files = [];
  for (let i = 0; i < 40; i++) {
    files.push({
      path: `s${i}/app.py`,
      text: `import requests\nfrom requests.adapters import HTTPAdapter\ns = requests.Session()\ns.mount("http://", HTTPAdapter(max_retries=1))\n` +
        Array.from({ length: 40 }, (_, j) => `def c${j}():\n    s.get("http://s${j}/x")\n`).join(""),
    });
  }
  const result = await analyzeWorkspace(files, DEFAULT_SETTINGS);
  assert.ok(result.model.paths.length > 0);
  assert.ok(result.model.paths.length <= 5000);
});

test("test files handed to the engine are not production layers unless includeTests", async () => {
  const testFile = { path: "svc/tests/test_client.py", text: good.text };
  const without = await analyzeWorkspace([testFile], DEFAULT_SETTINGS);
  assert.equal(without.model.layers.length, 0);
  const withTests = await analyzeWorkspace([testFile], { ...DEFAULT_SETTINGS, includeTests: true });
  assert.equal(withTests.model.layers.length, 1);
});
