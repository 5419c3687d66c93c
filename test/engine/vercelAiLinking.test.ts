/**
 * Vercel AI SDK calls across the linker (docs/reference/vercel-ai-sdk.md): a `generateText(…)`
 * call is a request to its model's provider through the call's own retries (default 2 → 3
 * attempts), so a retry around it multiplies them; `createOpenAI({ baseURL })` to a workspace
 * service names that service; `maxRetries: 0` leaves the outer layer alone.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

describe("Vercel AI SDK linking", () => {
  test("p-retry (2 retries) around generateText's default 2 retries → 9 calls to api.openai.com", async () => {
    const result = await checkFixture(`
//! rules RL001
//- bot/package.json
{ "name": "bot", "dependencies": { "ai": "^5.0.0", "@ai-sdk/openai": "^2.0.0", "p-retry": "^6.2.0" } }
//- bot/src/llm.ts
import { generateText } from "ai";
import { openai } from "@ai-sdk/openai";
import pRetry from "p-retry";

export async function summarize(text: string) {
  return pRetry(
  // ^ layer ×3 RL001
    () =>
      generateText({ model: openai("gpt-4o"), prompt: text }),
      // ^ layer ×3 RL001
    { retries: 2, randomize: true },
  );
}
//! path 9 api.openai.com
`);
    assert.equal(layerAt(result, "bot/src/llm.ts:8").implicit, true);
  });

  test("a provider built with a literal baseURL of a compose service: the path ends at that service", async () => {
    await checkFixture(`
//! rules RL001
//- docker-compose.yml
services:
  bot:
    build: ./bot
  llm:
    image: vllm/vllm-openai
//- bot/src/llm.ts
import { streamText } from "ai";
import { createOpenAI } from "@ai-sdk/openai";

const local = createOpenAI({ baseURL: "http://llm:8000/v1", apiKey: "none" });

export function chat(prompt: string) {
  return streamText({ model: local.chat("m"), prompt, maxRetries: 4 });
  // ^ layer ×5 RL001
}
//! path 5 llm
`);
  });

  test("maxRetries: 0 is off: only the caller's loop multiplies", async () => {
    const result = await checkFixture(`
//! rules RL001
//- bot/src/embed.ts
import { embed } from "ai";
import { openai } from "@ai-sdk/openai";
import pRetry from "p-retry";

export async function vector(value: string) {
  return pRetry(
  // ^ layer ×4 RL001
    () =>
      embed({ model: openai.embedding("text-embedding-3-small"), value, maxRetries: 0 }),
      // ^ layer ×1
    { retries: 3, randomize: true },
  );
}
//! path 4 api.openai.com
`);
    assert.equal(layerAt(result, "bot/src/embed.ts:8").disabled, true);
  });
});
