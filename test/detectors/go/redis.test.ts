// go-redis (docs/reference/redis.md): MaxRetries per major version (0 = default 3 in v8/v9, -1
// disables; v6/v7 do not retry by default), options inline / through a variable / constants,
// the anchor, the wait, and the client's commands as requests to Addr.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go } from "./helpers";

const file = (body: string, imp = "github.com/redis/go-redis/v9") => `package cache

import (
	"context"
	"time"

	"${imp}"
)

const maxRetries = 5

func Open(ctx context.Context) string {
${body}
	v, _ := rdb.Get(ctx, "k").Result()
	return v
}
`;

describe("go-redis clients", () => {
  const cases: Array<[string, string, string, number | null, "default" | "config", RegExp]> = [
    ["v9 default", "github.com/redis/go-redis/v9", `\trdb := redis.NewClient(&redis.Options{Addr: "cache:6379"})`, 4, "default", /default MaxRetries 3 → 4 attempts \(go-redis v9\)/],
    ["v8 default", "github.com/go-redis/redis/v8", `\trdb := redis.NewClient(&redis.Options{Addr: "cache:6379"})`, 4, "default", /default MaxRetries 3 → 4 attempts \(go-redis v8\)/],
    ["v8 MaxRetries 0 is the default", "github.com/go-redis/redis/v8", `\trdb := redis.NewClient(&redis.Options{Addr: "cache:6379", MaxRetries: 0})`, 4, "config", /MaxRetries: 0 means the default 3 → 4 attempts/],
    ["v9 -1 disables", "github.com/redis/go-redis/v9", `\trdb := redis.NewClient(&redis.Options{Addr: "cache:6379", MaxRetries: -1})`, 1, "config", /retries disabled → 1 attempt/],
    ["v9 MaxRetries 5 → 6", "github.com/redis/go-redis/v9", `\trdb := redis.NewClusterClient(&redis.ClusterOptions{Addrs: []string{"cache:6379"}, MaxRetries: 5})`, 6, "config", /MaxRetries: 5 → 6 attempts/],
    ["const", "github.com/go-redis/redis/v8", `\trdb := redis.NewUniversalClient(&redis.UniversalOptions{\n\t\tAddrs:      []string{"cache:6379"},\n\t\tMaxRetries: maxRetries,\n\t})`, 6, "config", /MaxRetries: maxRetries = 5 → 6 attempts/],
    ["v7 default: no retries", "github.com/go-redis/redis/v7", `\trdb := redis.NewClient(&redis.Options{Addr: "cache:6379"})`, 1, "default", /no retries by default → 1 attempt \(go-redis v7/],
    ["v6 MaxRetries 2 → 3", "github.com/go-redis/redis", `\trdb := redis.NewClient(&redis.Options{Addr: "cache:6379", MaxRetries: 2})`, 3, "config", /→ 3 attempts \(go-redis v6/],
    ["options variable and a statement", "github.com/redis/go-redis/v9", `\topt := &redis.Options{Addr: "cache:6379"}\n\topt.MaxRetries = 1\n\trdb := redis.NewFailoverClient(opt)`, 2, "config", /MaxRetries: 1 → 2 attempts/],
    ["not a literal", "github.com/redis/go-redis/v9", `\tn := lookup()\n\trdb := redis.NewClient(&redis.Options{Addr: "cache:6379", MaxRetries: n})`, null, "config", /not a literal/],
  ];
  for (const [name, imp, body, attempts, source, note] of cases) {
    test(`${name} → ${attempts}`, async () => {
      const f = await go(file(body, imp));
      const l = f.layers.find((x) => x.kind === "redis-client")!;
      assert.ok(l, "a redis-client layer");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
    });
  }

  test("anchored on the MaxRetries field when written, else on the constructor; default wait 8 ms … 512 ms with jitter", async () => {
    const set = await go(file(`\trdb := redis.NewUniversalClient(&redis.UniversalOptions{\n\t\tAddrs:      []string{"cache:6379"},\n\t\tMaxRetries: maxRetries,\n\t})`));
    assert.equal(set.layers[0]!.anchor.line, 15);
    const unset = await go(file(`\trdb := redis.NewClient(&redis.Options{Addr: "cache:6379"})`));
    const l = unset.layers[0]!;
    assert.equal(l.anchor.line, 13);
    assert.equal(l.wait.kind, "exponential");
    assert.equal(l.wait.jitter, true);
    assert.equal(l.wait.initialSeconds, 0.008);
    assert.equal(l.wait.maxSeconds, 0.512);
    const none = await go(file(`\trdb := redis.NewClient(&redis.Options{Addr: "cache:6379", MinRetryBackoff: -1, MaxRetryBackoff: -1})`));
    assert.equal(none.layers[0]!.wait.kind, "none");
  });

  test("the client sends to Addr (redis:// added), else to redis; Close is not a command", async () => {
    const f = await go(file(`\trdb := redis.NewClient(&redis.Options{Addr: "cache:6379"})`));
    const c = f.clients.find((k) => k.library === "go-redis")!;
    assert.deepEqual(c.baseUrl, { kind: "string", value: "redis://cache:6379" });
    assert.equal(c.sdk?.target, "");
    assert.ok(c.sdk?.notSending.includes("Close"));
    const bare = await go(file(`\trdb := redis.NewClient(&redis.Options{})`));
    assert.deepEqual(bare.clients.find((k) => k.library === "go-redis")!.baseUrl, { kind: "string", value: "redis://redis" });
  });

  test("a file without go-redis: nothing", async () => {
    const f = await go(`package x\n\nimport "example.com/redis"\n\nfunc f() { redis.NewClient(&redis.Options{}) }\n`);
    assert.equal(f.layers.length, 0);
  });
});
