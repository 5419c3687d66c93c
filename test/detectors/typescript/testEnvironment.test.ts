/**
 * Layers built only in the test environment are test code (detectors/typescript/testEnvironment.ts):
 * off the request paths with the reason; the same client built for every other environment stays live.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { FileFacts } from "../../../server/src/model/facts";
import { extract, src } from "./helpers";

const layers = (f: FileFacts) => f.layers.map((l) => [l.anchor.line, l.offPath ? "test" : "live"]);

describe("layers guarded by a test-environment check", () => {
  test("`const ENV = \\`${process.env.NODE_ENV}\\`; if (ENV === 'dev-test' || ENV === 'test') { new Redis() }`: the test client is off the paths, the other live", () => {
    const f = extract(src`
      import Redis from "ioredis";
      export const createRedisClient = () => {
        const ENV = \`\${process.env.NODE_ENV}\`;
        if (ENV === "dev-test" || ENV === "test") {
          const client = new Redis();
          return client;
        }
        return new Redis({ host: process.env.REDIS_HOST, maxRetriesPerRequest: null });
      };`);
    assert.deepEqual(layers(f), [[5, "test"], [8, "live"]]);
    assert.match(f.layers[0]!.offPath!, /test environment \(ENV === "dev-test" \|\| ENV === "test"\)/);
  });

  test("the else branch of a negated check, a `?:`, a flag const and `[…].includes(NODE_ENV)`", () => {
    const f = extract(src`
      import OpenAI from "openai";
      const isTest = process.env.NODE_ENV === "test";
      export const a = process.env.NODE_ENV !== "test" ? new OpenAI({ apiKey: "k" }) : new OpenAI({ apiKey: "k", baseURL: "http://mock" });
      export const b = isTest ? new OpenAI({ apiKey: "t" }) : null;
      export const c = ["test", "e2e"].includes(process.env.APP_ENV ?? "") ? new OpenAI({ apiKey: "t" }) : null;`);
    assert.deepEqual(layers(f), [[3, "live"], [3, "test"], [4, "test"], [5, "test"]]);
  });

  test("near misses: production and development checks, a check mixed with another condition by ||, and other variables", () => {
    const f = extract(src`
      import OpenAI from "openai";
      export const a = process.env.NODE_ENV === "production" ? new OpenAI({ apiKey: "p" }) : null;
      export const b = process.env.NODE_ENV === "development" ? new OpenAI({ apiKey: "d" }) : null;
      export const c = process.env.NODE_ENV === "test" || process.env.USE_AI ? new OpenAI({ apiKey: "x" }) : null;
      export const d = process.env.MODE_NAME === "test" ? new OpenAI({ apiKey: "y" }) : null;`);
    assert.deepEqual(layers(f), [[2, "live"], [3, "live"], [4, "live"], [5, "live"]]);
  });
});
