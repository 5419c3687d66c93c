// redis-py (docs/reference/redis.md): the default Retry of the newest version (≥ 8.0: 10 retries → 11
// attempts; the pinned version's default is applied at link time, test/engine/pythonPins.test.ts), Retry(backoff, n),
// retry=None, negative retries, connection_pool, the deprecated retry_on_timeout, and the host.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

describe("redis-py clients", () => {
  const cases: Array<[string, number | null, "default" | "config", RegExp]> = [
    ['redis.Redis(host="cache")', 11, "default", /default Retry\(ExponentialWithJitterBackoff\(base=0\.01, cap=1\), 10\) → 11 attempts \(redis-py ≥ 8\.0\)/],
    // from_url builds a ConnectionPool: the Redis() default Retry never reaches its connections
    ['redis.Redis.from_url("redis://cache:6379/0")', 1, "default", /from_url without retry=: the pool's connections get Retry\(NoBackoff\(\), 0\).* → 1 attempt/],
    ['redis.from_url("redis://cache:6379/0", retry_on_timeout=True)', 2, "config", /Retry\(NoBackoff\(\), 1\) → 2 attempts/],
    ['redis.from_url("redis://cache:6379/0", retry=Retry(ExponentialBackoff(), 5))', 6, "config", /Retry\(…, 5\) → 6 attempts/],
    ['redis.Redis(host="cache", retry=Retry(ExponentialBackoff(), 5))', 6, "config", /Retry\(…, 5\) → 6 attempts/],
    ['redis.Redis(host="cache", retry=Retry(backoff=NoBackoff(), retries=0))', 1, "config", /retries=0\) → 1 attempt \(/],
    ['redis.Redis(host="cache", retry=None)', 1, "config", /retry=None → no retries → 1 attempt/],
    ['redis.Redis(host="cache", retry=Retry(ExponentialBackoff(), -1))', null, "config", /negative retries retry forever/],
    ['redis.Redis(host="cache", retry_on_timeout=True)', 11, "default", /retry_on_timeout=True is deprecated since 6\.0 and changes no count/],
    ['redis.Redis(connection_pool=pool)', null, "config", /the pool's connections carry the retry/],
    ['redis.StrictRedis(host="cache", retry=policy)', 3, "config", /Retry\(…, 2\) → 3 attempts/],
  ];
  for (const [client, attempts, source, note] of cases) {
    test(`${client} → ${attempts}`, async () => {
      const f = await py(`import redis\nfrom redis.retry import Retry\nfrom redis.backoff import ExponentialBackoff, NoBackoff\npolicy = Retry(ExponentialBackoff(), 2)\nr = ${client}\n`);
      const l = f.layers.find((x) => x.kind === "redis-client")!;
      assert.ok(l, "a redis-client layer");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.anchor.line, 5);
    });
  }

  test("wait: the (≥ 8.0) default jittered exponential 10 ms … 1 s; NoBackoff none", async () => {
    const d = await py(`import redis\nr = redis.Redis(host="cache")\n`);
    const w = d.layers[0]!.wait;
    assert.equal(w.kind, "exponential");
    assert.equal(w.jitter, true);
    assert.equal(w.maxSeconds, 1);
    assert.equal(w.initialSeconds, 0.01);
    const n = await py(`from redis import Redis\nfrom redis.retry import Retry\nfrom redis.backoff import NoBackoff\nr = Redis(retry=Retry(NoBackoff(), 2))\n`);
    assert.equal(n.layers[0]!.wait.kind, "none");
    assert.equal(n.layers[0]!.maxAttempts, 3);
  });

  test("the client sends to its host or URL (else redis); asyncio clients too", async () => {
    const f = await py(`import redis\nimport redis.asyncio as aioredis\nr = redis.Redis(host="cache", port=6379)\nu = redis.from_url("redis://sessions:6379")\na = aioredis.Redis()\n`);
    const by = (n: string) => f.clients.find((c) => c.name === n && c.library === "redis-py")!;
    assert.deepEqual(by("r").baseUrl, { kind: "string", value: "redis://cache" });
    assert.deepEqual(by("u").baseUrl, { kind: "string", value: "redis://sessions:6379" });
    assert.deepEqual(by("a").baseUrl, { kind: "string", value: "redis://redis" });
    assert.equal(by("r").sdk?.target, "");
    assert.ok(by("r").sdk?.notSending.includes("pipeline"));
  });

  test("a Redis class of another library: nothing", async () => {
    const f = await py(`from mylib import Redis\nr = Redis(host="cache")\n`);
    assert.equal(f.layers.filter((l) => l.kind === "redis-client").length, 0);
  });
});
