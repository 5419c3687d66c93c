// ioredis (docs/reference/redis.md §ioredis): maxRetriesPerRequest (default 20 → 21, 0 → 1,
// null → unbounded), retryStrategy changes no count, ESM and CommonJS, and the host.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

describe("ioredis clients", () => {
  const cases: Array<[string, number | null, "default" | "config", RegExp]> = [
    ['new Redis({ host: "cache" })', 21, "default", /default maxRetriesPerRequest 20 → 21 attempts/],
    ['new Redis({ host: "cache", maxRetriesPerRequest: 3 })', 4, "config", /maxRetriesPerRequest: 3 → 4 attempts/],
    ['new Redis({ host: "cache", maxRetriesPerRequest: 0 })', 1, "config", /→ 1 attempt \(/],
    ['new Redis({ host: "cache", maxRetriesPerRequest: null })', null, "config", /without bound/],
    ['new Redis({ host: "cache", retryStrategy: (t) => Math.min(t * 50, 2000) })', 21, "default", /retryStrategy bounds reconnects, not commands/],
    ['new Redis.Cluster([{ host: "cache" }])', 21, "default", /21 attempts/],
  ];
  for (const [client, attempts, source, note] of cases) {
    test(`${client} → ${attempts}`, () => {
      const f = extract(`import Redis from "ioredis";\nexport const redis = ${client};\n`);
      const l = f.layers.find((x) => x.kind === "redis-client")!;
      assert.ok(l, "a redis-client layer");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
    });
  }

  test("CommonJS and the host: URL, host option, (port, host), else redis", () => {
    const f = extract(`const Redis = require("ioredis");\nconst a = new Redis("redis://sessions:6379");\nconst b = new Redis({ host: "cache" });\nconst c = new Redis(6379, "queue");\nconst d = new Redis();\nmodule.exports = { a, b, c, d };\n`, "svc/src/redis.js");
    const by = (n: string) => f.clients.find((k) => k.name === n && k.library === "ioredis")!;
    assert.deepEqual(by("a").baseUrl, { kind: "string", value: "redis://sessions:6379" });
    assert.deepEqual(by("b").baseUrl, { kind: "string", value: "redis://cache" });
    assert.deepEqual(by("c").baseUrl, { kind: "string", value: "redis://queue" });
    assert.deepEqual(by("d").baseUrl, { kind: "string", value: "redis://redis" });
    assert.equal(f.layers.filter((l) => l.kind === "redis-client").length, 4);
  });

  test("a Redis class of another module: nothing", () => {
    const f = extract(`import Redis from "./myredis";\nconst r = new Redis();\n`);
    assert.equal(f.layers.length, 0);
  });
});
