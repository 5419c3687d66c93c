// Dapr Redis components (docs/reference/redis.md §Dapr): the sidecar's go-redis MaxRetries from
// `redisMaxRetries` metadata (unset → 3 → 4 attempts; 0 → go-redis default 3; -1 off).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

const component = (type: string, metadata = "") => `apiVersion: dapr.io/v1alpha1
kind: Component
metadata:
  name: statestore
spec:
  type: ${type}
  version: v1
  metadata:
  - name: redisHost
    value: redis:6379
${metadata}`;

describe("Dapr Redis components", () => {
  const cases: Array<[string, string, string, number | null, RegExp]> = [
    ["state.redis default", "state.redis", "", 4, /without redisMaxRetries: go-redis MaxRetries 3 → 4 attempts/],
    ["pubsub.redis default", "pubsub.redis", "", 4, /4 attempts/],
    ["redisMaxRetries 5 → 6", "state.redis", `  - name: redisMaxRetries\n    value: "5"\n`, 6, /redisMaxRetries: 5 → 6 attempts/],
    ["redisMaxRetries 0 is go-redis's default 3", "state.redis", `  - name: redisMaxRetries\n    value: "0"\n`, 4, /0 = 3/],
    ["redisMaxRetries -1 off", "pubsub.redis", `  - name: redisMaxRetries\n    value: "-1"\n`, 1, /→ 1 attempt per/],
  ];
  for (const [name, type, metadata, attempts, note] of cases) {
    test(`${name} → ${attempts}`, () => {
      const f = extract(component(type, metadata), "dapr/components/statestore.yaml");
      const l = f.layers.find((x) => x.kind === "redis-client")!;
      assert.ok(l, "a redis-client layer");
      assert.equal(l.maxAttempts, attempts);
      assert.match(l.attemptsNote, note);
      assert.equal(l.anchor.line, 6, "on `type:`");
    });
  }
  test("other component types: nothing", () => {
    const f = extract(component("state.mongodb"), "dapr/components/statestore.yaml");
    assert.equal(f.layers.length, 0);
  });
});
