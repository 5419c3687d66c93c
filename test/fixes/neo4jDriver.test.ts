/**
 * neo4j managed transactions' fix on a JS driver (docs/reference/neo4j.md): off sets the driver's
 * maxTransactionRetryTime to 0 (set, added to the config object, or a config object added). The
 * Python form runs end to end in ./kafkaSearch.test.ts.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { neo4jLayerEdit } from "../../server/src/fixes/layers/neo4j";
import type { RetryLayer } from "../../server/src/model/model";

const layer = { kind: "neo4j-transaction", file: "api/src/app.ts", label: "session.executeWrite", anchor: { line: 6, column: 2, endLine: 6, endColumn: 40 } } as unknown as RetryLayer;
const ctx = { callLibraries: [], exists: () => false, namespaceOf: () => null };
const apply = (text: string) => {
  const e = neo4jLayerEdit("disable", layer, text, ctx);
  assert.ok(e, "an edit");
  assert.equal(e.unsafe, true);
  assert.match(e.title, /every managed transaction of the driver/);
  let out = text;
  for (const x of [...e.edits].sort((a, b) => b.start - a.start)) out = out.slice(0, x.start) + x.newText + out.slice(x.end);
  return out;
};

describe("neo4j-driver: off is maxTransactionRetryTime 0 on the driver", () => {
  test("added as a config object", () => {
    assert.match(apply(`import neo4j from "neo4j-driver";\nconst driver = neo4j.driver("neo4j://g", neo4j.auth.basic("u", "p"));\n`), /neo4j\.auth\.basic\("u", "p"\), \{ maxTransactionRetryTime: 0 \}\)/);
  });
  test("set in an existing config", () => {
    assert.match(apply(`import neo4j from "neo4j-driver";\nconst driver = neo4j.driver("neo4j://g", auth, { maxTransactionRetryTime: 15000 });\n`), /\{ maxTransactionRetryTime: 0 \}/);
    assert.match(apply(`import neo4j from "neo4j-driver";\nconst driver = neo4j.driver("neo4j://g", auth, { encrypted: true });\n`), /\{ encrypted: true, maxTransactionRetryTime: 0 \}/);
  });
  test("no cap: the setting is a time", () => {
    assert.equal(neo4jLayerEdit("cap", layer, `const driver = neo4j.driver("x", a);\n`, { ...ctx, attempts: 2 }), null);
  });
});
