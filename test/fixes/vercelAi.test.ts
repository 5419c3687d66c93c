/**
 * Fixes on Vercel AI SDK calls (docs/reference/vercel-ai-sdk.md): `maxRetries` counts RETRIES, so
 * turning a call's retries off writes `maxRetries: 0` into its options and lowering it to N
 * attempts writes N − 1 (replacing a written count, or adding one after a spread).
 */
import { fixCases } from "./fixCases";

fixCases("vercel AI SDK", [
  {
    name: "generateText under p-retry: keeping p-retry turns the SDK's default retries off with maxRetries: 0",
    workspace: `
//- bot/package.json
{ "name": "bot", "dependencies": { "ai": "^5.0.0", "@ai-sdk/openai": "^2.0.0", "p-retry": "^6.2.0" } }
//- bot/src/llm.ts
import { generateText } from "ai";
import { openai } from "@ai-sdk/openai";
import pRetry from "p-retry";

export async function summarize(text: string) {
  return pRetry(() => generateText({ model: openai("gpt-4o"), prompt: text }), { retries: 2, randomize: true });
}
`,
    finding: "RL001 bot/src/llm.ts:6",
    fix: "Keep pRetry in summarize",
    after: `
//- bot/src/llm.ts
import { generateText } from "ai";
import { openai } from "@ai-sdk/openai";
import pRetry from "p-retry";

export async function summarize(text: string) {
  return pRetry(() => generateText({ model: openai("gpt-4o"), prompt: text, maxRetries: 0 }), { retries: 2, randomize: true });
}
`,
  },
  {
    name: "streamText({ maxRetries: 6 }) alone over the threshold: lowered to 3 attempts (maxRetries: 2)",
    workspace: `
//- bot/src/chat.ts
import { streamText } from "ai";
import { anthropic } from "@ai-sdk/anthropic";

export function chat(prompt: string) {
  return streamText({
    model: anthropic("claude-sonnet-4-5"),
    prompt,
    maxRetries: 6,
  });
}
`,
    finding: "RL001 bot/src/chat.ts:8",
    fix: "Lower streamText at line 8 to 3 attempts",
    after: `
//- bot/src/chat.ts
import { streamText } from "ai";
import { anthropic } from "@ai-sdk/anthropic";

export function chat(prompt: string) {
  return streamText({
    model: anthropic("claude-sonnet-4-5"),
    prompt,
    maxRetries: 2,
  });
}
`,
  },
]);
