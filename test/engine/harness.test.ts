import { test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, parseFixture } from "../harness";

test("fixture parser: annotations speak about the line above and are removed", () => {
  const { files, expected } = parseFixture(`
//- svc/a.py
x = 1
# ^ layer ×3 RL004
y = 2
//! path 27 inventory
`);
  assert.equal(files[0]!.text, "x = 1\ny = 2\n");
  assert.equal(expected.layers.get("svc/a.py:1"), 3);
  assert.ok(expected.findings.has("svc/a.py:1 RL004"));
  assert.deepEqual(expected.paths, [{ product: 27, target: "inventory" }]);
});

test("harness fails when a reported layer is not annotated", async () => {
  await assert.rejects(
    checkFixture(`
//- svc/a.py
from tenacity import retry, stop_after_attempt
@retry(stop=stop_after_attempt(2))
def f(): pass
`),
    /layers/,
  );
});
