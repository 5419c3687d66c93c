// ioredis clients libraries build (docs/reference/redis.md "ioredis built by libraries"):
// @nest-lab/throttler-storage-redis 1.2.0 `new Redis(options)`, Bull 4.x's 'client' connection
// (`new Redis(opts.redis)`) through @nestjs/bull `BullModule.forRoot(Async)`.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

const redisLayers = (src: string) => extract(src).layers.filter((l) => l.kind === "redis-client").map((l) => [l.anchor.line, l.maxAttempts, l.attemptsSource]);

describe("ioredis built by libraries", () => {
  test("ThrottlerStorageRedisService: options literal (maxRetriesPerRequest 1 → 2), none (default 21), URL + options; a client passed in is no layer", () => {
    assert.deepEqual(
      redisLayers(`import { ThrottlerStorageRedisService } from "@nest-lab/throttler-storage-redis";
const a = new ThrottlerStorageRedisService({ ...base(), enableOfflineQueue: false, maxRetriesPerRequest: 1 });
const b = new ThrottlerStorageRedisService();
const c = new ThrottlerStorageRedisService("redis://cache:6379", { maxRetriesPerRequest: 3 });
const d = new ThrottlerStorageRedisService(existingRedis);
`),
      [[2, 2, "config"], [3, 21, "default"], [4, 4, "config"]],
    );
  });

  test("@nestjs/bull forRootAsync's factory result and forRoot: Bull's client connection has ioredis's default 21; createClient builds its own", () => {
    const f = extract(`import { BullModule } from "@nestjs/bull";
export const modules = [
  BullModule.forRootAsync({
    inject: [ConfigService],
    useFactory: (config: ConfigService) => {
      return { redis: { host: config.get("REDIS_HOST"), port: 6379 } };
    }
  }),
  BullModule.forRoot({ redis: { host: "cache", maxRetriesPerRequest: 5 } }),
  BullModule.forRoot({ createClient: (type) => makeClient(type) }),
  BullModule.registerQueue({ name: "mail" }),
];
`);
    const layers = f.layers.filter((l) => l.kind === "redis-client");
    assert.deepEqual(layers.map((l) => [l.anchor.line, l.maxAttempts, l.library]), [[3, 21, "ioredis"], [9, 6, "ioredis"]]);
    assert.match(layers[0]!.attemptsNote, /Bull's own 'client' connection.*default maxRetriesPerRequest 20 → 21/);
    assert.equal(f.clients.filter((c) => c.library === "ioredis").length, 0);
  });

  test("bullmq's BullModule and a types-only bull import build no Bull connection", () => {
    assert.deepEqual(redisLayers(`import { BullModule } from "@nestjs/bullmq";\nBullModule.forRoot({ connection: { host: "redis" } });\n`), []);
    assert.deepEqual(redisLayers(`import { Queue, JobOptions } from "bull";\nexport class S { constructor(private readonly q: Queue) {} }\n`), []);
  });
});
