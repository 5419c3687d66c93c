/**
 * BullMQ connections built from imported options (docs/reference/redis.md "ioredis built by libraries",
 * engine/libraryConnections.ts): `new Queue(name, { connection: redisConnection })` with `redisConnection`
 * an options object of another module keeps ioredis's default (21 attempts); with `maxRetriesPerRequest`
 * set there, that count (null → unbounded); an IORedis instance handed in keeps its own settings, so the
 * Queue's layer is disabled and the instance's own `new Redis` is the layer (bullmq 5.49.0 redis-connection.ts).
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";

const queueLayers = async (redisTs: string) => {
  const files = [
    { path: "api/package.json", text: `{ "name": "api", "dependencies": { "bullmq": "5.49.0", "ioredis": "5.6.1" } }` },
    { path: "api/src/redis.ts", text: redisTs },
    {
      path: "api/src/service.ts",
      text: `import { Queue, FlowProducer } from "bullmq";
import { redisConnection } from "./redis";

export async function sync(id: string) {
  const queue = new Queue("loading", { connection: redisConnection });
  await queue.add("x", { id });
  const flow = new FlowProducer({ connection: redisConnection });
  await flow.add({ name: "root", queueName: "root", data: {} });
}
`,
    },
  ];
  const result = await analyzeWorkspace(files, { ...DEFAULT_SETTINGS, rules: {}, services: {}, helpers: [] });
  return result.model.layers.filter((l) => l.kind === "redis-client").map((l) => [`${l.file}:${l.anchor.line}`, l.maxAttempts, l.disabled]);
};

describe("BullMQ connections from imported options", () => {
  test("options without maxRetriesPerRequest → ioredis's default 21 on the Queue and the FlowProducer", async () => {
    assert.deepEqual(await queueLayers(`import { RedisOptions } from "bullmq";\nexport const redisConnection: RedisOptions = { host: "redis", port: 6379 };\n`), [
      ["api/src/service.ts:5", 21, false],
      ["api/src/service.ts:7", 21, false],
    ]);
  });

  test("options setting maxRetriesPerRequest: 2 → 3 attempts; null → unbounded", async () => {
    assert.deepEqual((await queueLayers(`export const redisConnection = { host: "redis", maxRetriesPerRequest: 2 };\n`)).map((l) => l[1]), [3, 3]);
    assert.deepEqual((await queueLayers(`export const redisConnection = { host: "redis", maxRetriesPerRequest: null };\n`)).map((l) => l[1]), [null, null]);
  });

  test("an IORedis instance handed in keeps its own settings: the Queue's layer is disabled, the instance is the layer", async () => {
    assert.deepEqual(await queueLayers(`import IORedis from "ioredis";\nexport const redisConnection = new IORedis({ host: "redis", maxRetriesPerRequest: null });\n`), [
      ["api/src/redis.ts:2", null, false],
      ["api/src/service.ts:5", 1, true],
      ["api/src/service.ts:7", 1, true],
    ]);
  });
});
