import { embed, generateText, streamText } from "ai";
import { anthropic } from "@ai-sdk/anthropic";
import { openai } from "@ai-sdk/openai";
import pRetry from "p-retry";

const RETRIES = 2;
const settings = { temperature: 0 };

export async function summarize(text: string) {
  return pRetry(() => generateText({ model: openai("gpt-4o"), prompt: text }), { retries: 2, randomize: true });
}

export function chat(prompt: string) {
  return streamText({
    model: anthropic("claude-sonnet-4-5"),
    prompt,
    maxRetries: 5,
  });
}

export async function vector(value: string) {
  return pRetry(() => embed({ ...settings, model: openai.embedding("text-embedding-3-small"), value, maxRetries: RETRIES }), { retries: 1, randomize: true });
}
