/** Spring settings files never crash extraction: odd shapes give partial facts, bad text a problem. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extractFile } from "../../../server/src/engine/extract";

const YML = "svc/src/main/resources/application.yml";
const PROPS = "svc/src/main/resources/application.properties";

test("odd YAML shapes: a scalar or a list at the root, null routes, non-scalar keys, filters as a map", () => {
  for (const text of [
    "just a string\n",
    "- a\n- b\n",
    "spring.cloud.gateway.routes:\n",
    "spring.cloud.gateway.routes: [~, 3, [x]]\n",
    "? [complex, key]\n: value\nok: 1\n",
    "spring.cloud.gateway.routes:\n  - id: a\n    uri: lb://a\n    filters: {name: Retry}\n",
    "spring.cloud.gateway.routes:\n  - filters: [\"Retry=abc,,,\"]\n    uri: lb://\n",
  ]) {
    const f = extractFile(YML, text);
    assert.equal(f.problems.length, 0, `${text}: ${JSON.stringify(f.problems)}`);
  }
  assert.deepEqual(extractFile(YML, "? [complex, key]\n: value\nok: 1\n").configEntries!.map((e) => e.key), ["ok"]);
  const unknown = extractFile(YML, "spring.cloud.gateway.routes:\n  - filters: [Retry=abc]\n    uri: lb://a\n").layers[0]!;
  assert.deepEqual([unknown.maxAttempts, unknown.countUnknown], [null, true]);
});

test("odd .properties text: lone backslashes, \\u at the end, control characters, no final newline", () => {
  for (const text of ["\\", "a=\\", "a=\\u12", "\u0000\u0001=\u0002", "=value", ":", "  \t\f\n\n", "a\\\n", "#---"]) {
    const f = extractFile(PROPS, text);
    assert.ok(f.problems.length <= 1, text);
  }
  assert.equal(extractFile(PROPS, "a=\\u12").problems.length, 1);
  assert.deepEqual(extractFile(PROPS, "=value\nb=1").configEntries!.map((e) => e.key), ["b"], "an empty key is dropped, as Spring drops it");
});
