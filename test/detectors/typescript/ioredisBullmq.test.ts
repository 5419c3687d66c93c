// The ioredis connections BullMQ builds itself (docs/reference/redis.md "ioredis built by libraries"; bullmq
// 5.49.0 queue-base.ts / flow-producer.ts / redis-connection.ts): a Queue's and a FlowProducer's connection is
// not blocking, so connection options keep ioredis's default maxRetriesPerRequest 20 → 21 attempts; an IORedis
// instance handed in is used as given (its own `new Redis` is the layer); Workers are not modelled.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

const redisLayers = (src: string) => extract(src).layers.filter((l) => l.kind === "redis-client").map((l) => [l.anchor.line, l.maxAttempts, l.attemptsSource, l.connectionRef?.name ?? null]);

describe("ioredis built by BullMQ", () => {
  test("Queue / FlowProducer with options (literal, local constant, none, imported) → a layer; an instance or a Worker → none here", () => {
    assert.deepEqual(
      redisLayers(`import { Queue, FlowProducer, Worker } from "bullmq";
import IORedis from "ioredis";
import { redisConnection } from "./redis";
const opts = { host: "redis", port: 6379, maxRetriesPerRequest: 3 };
const shared = new IORedis({ host: "redis", maxRetriesPerRequest: null });
const a = new Queue("a", { connection: { host: "redis" } });
const b = new Queue("b", { connection: opts });
const c = new Queue("c");
const d = new FlowProducer({ connection: redisConnection });
const e = new Queue("e", { connection: shared });
const f = new Queue("f", { connection: shared.duplicate() });
const w = new Worker("a", async () => {}, { connection: { host: "redis" } });
`),
      [
        [5, null, "config", null],
        [6, 21, "default", null],
        [7, 4, "config", null],
        [8, 21, "default", null],
        [9, 21, "default", "redisConnection"],
      ],
    );
  });

  test("an options constant setting maxRetriesPerRequest to a non-number is recorded for importing files", () => {
    const f = extract(`import { RedisOptions } from "bullmq";
export const connection: RedisOptions = { host: "redis", maxRetriesPerRequest: null };
`);
    assert.deepEqual(f.constants.filter((c) => c.name.endsWith("maxRetriesPerRequest")).map((c) => [c.name, c.value]), [["connection.maxRetriesPerRequest", { kind: "unknown", text: "null" }]]);
  });
});
