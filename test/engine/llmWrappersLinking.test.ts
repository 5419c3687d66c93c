/**
 * LangChain JS models and llama-index models across the linker (docs/reference/openai-sdk.md
 * "LangChain JS and other wrappers", "llama-index"): a runnable derived from the model
 * (`model.withStructuredOutput(schema)`) sends through the model's AsyncCaller, so a retry around
 * its `invoke` multiplies the model's 7 attempts; a llama-index LLM is its own retry over the
 * SDK client it builds.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("LLM wrapper linking", () => {
  test("p-retry ×3 around a withStructuredOutput runnable of ChatOpenAI (7) → 21 calls to openai", async () => {
    await checkFixture(`
//! rules RL001
//- bot/package.json
{ "name": "bot", "dependencies": { "@langchain/openai": "1.4.3", "p-retry": "^6.2.0" } }
//- bot/src/agent.ts
import { ChatOpenAI } from "@langchain/openai";
import pRetry from "p-retry";

const model = new ChatOpenAI({ model: "gpt-4.1" });
// ^ layer ×7 RL001

export async function describe(text: string) {
  const structured = model.withStructuredOutput(schema);
  return pRetry(() => structured.invoke(text), { retries: 2 });
  // ^ layer ×3 RL001
}
//! path 21 openai
`);
  });

  test("p-retry ×3 around an LCEL sequence prompt.pipe(structured).invoke (RunnableSequence runs the model's AsyncCaller, 7) → 21 calls to openai", async () => {
    await checkFixture(`
//! rules RL001
//- bot/package.json
{ "name": "bot", "dependencies": { "@langchain/openai": "1.4.3", "@langchain/core": "1.1.39", "p-retry": "^6.2.0" } }
//- bot/src/agent.ts
import { ChatOpenAI } from "@langchain/openai";
import { ChatPromptTemplate } from "@langchain/core/prompts";
import pRetry from "p-retry";

const model = new ChatOpenAI({ model: "gpt-4.1" });
// ^ layer ×7 RL001

export async function describe(text: string) {
  const structured = model.withStructuredOutput(schema);
  return pRetry(() => ChatPromptTemplate.fromTemplate("Describe: {content}").pipe(structured).invoke({ content: text }), { retries: 2 });
  // ^ layer ×3 RL001
}
//! path 21 openai
`);
  });

  test("llama-index OpenAILike: its own 3 attempts over the SDK's 4 → 12 calls to the endpoint", async () => {
    const result = await checkFixture(`
//- svc/ai.py
from llama_index.llms.openai_like import OpenAILike

llm = OpenAILike(model="m", api_base="http://llm:8000/v1", is_chat_model=True)
# ^ layer ×3 RL001 RL007


def suggest(messages):
    return llm.chat(messages)
`);
    assert.deepEqual(result.model.layers.map((l) => [l.kind, l.maxAttempts]).sort(), [["llama-index", 3], ["openai-sdk", 4]]);
    assert.ok(result.model.paths.some((p) => p.product === 12), `paths: ${result.model.paths.map((p) => p.product).join(", ")}`);
  });
});
