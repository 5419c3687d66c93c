// Vercel AI SDK (npm "ai") — docs/reference/vercel-ai-sdk.md: every generateText/streamText/…
// call retries by default; maxRetries counts retries (N → N+1), default 2 → 3 attempts, 0 turns
// retries off; the call's model names the provider it talks to.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

function aiLayers(code: string) {
  const facts = extract(code);
  return { facts, layers: facts.layers.filter((l) => l.kind === "vercel-ai-sdk") };
}

const IMPORTS = `import { generateText, streamText, generateObject, streamObject, embed, embedMany } from "ai";\nimport { openai } from "@ai-sdk/openai";\n`;

describe("AI SDK calls: attempts (maxRetries counts retries → N+1)", () => {
  // [call on line 4 (after the imports and a constant), attempts, source, note]
  const cases: Array<[string, number | null, "config" | "default", RegExp]> = [
    [`generateText({ model: openai("gpt-4o"), prompt: "hi" });`, 3, "default", /^default maxRetries 2 → 3 attempts \(ai ≥ 3: maxRetries \?\? 2\)/],
    [`streamText({ model: openai("gpt-4o"), prompt: "hi" });`, 3, "default", /default maxRetries 2/],
    [`generateObject({ model: openai("gpt-4o"), schema, prompt: "hi" });`, 3, "default", /default/],
    [`streamObject({ model: openai("gpt-4o"), schema, prompt: "hi" });`, 3, "default", /default/],
    [`embed({ model: openai.embedding("text-embedding-3-small"), value: "x" });`, 3, "default", /default/],
    [`embedMany({ model: openai.embedding("text-embedding-3-small"), values: [] });`, 3, "default", /default/],
    // the trap: maxRetries counts retries, not attempts
    [`generateText({ model: openai("gpt-4o"), prompt: "hi", maxRetries: 5 });`, 6, "config", /maxRetries: 5 counts retries \(the SDK adds the first try\) → 6 attempts/],
    [`generateText({ model: openai("gpt-4o"), prompt: "hi", maxRetries: 1 });`, 2, "config", /→ 2 attempts/],
    // 0 is off (1 attempt), not "no limit"
    [`generateText({ model: openai("gpt-4o"), prompt: "hi", maxRetries: 0 });`, 1, "config", /maxRetries: 0 turns the AI SDK's retries off → 1 attempt/],
    // a module constant is read; a variable is not known statically
    [`generateText({ model: openai("gpt-4o"), prompt: "hi", maxRetries: RETRIES });`, 4, "config", /maxRetries: RETRIES \(= 3\) counts retries .* → 4 attempts/],
    [`generateText({ model: openai("gpt-4o"), prompt: "hi", maxRetries: cfg.retries });`, null, "config", /maxRetries: cfg\.retries is not known statically/],
    [`generateText({ ...settings, prompt: "hi" });`, 3, "default", /unless the options passed set maxRetries/],
    [`generateText(options);`, 3, "default", /unless the options passed set maxRetries/],
  ];
  for (const [line, expected, source, note] of cases) {
    test(`${line} → ${expected ?? "unknown"}`, () => {
      const { layers } = aiLayers(`${IMPORTS}const RETRIES = 3;\n${line}\n`);
      assert.equal(layers.length, 1);
      const layer = layers[0]!;
      assert.equal(layer.maxAttempts, expected);
      assert.equal(layer.attemptsSource, source);
      assert.equal(layer.anchor.line, 4);
      assert.match(layer.attemptsNote, note);
      assert.equal(layer.countUnknown ?? false, expected === null);
    });
  }

  test("anchored on the call, or on its maxRetries property when written", () => {
    const { layers } = aiLayers(`${IMPORTS}export const a = () => generateText({\n  model: openai("gpt-4o"),\n  maxRetries: 4,\n});\nexport const b = () =>\n  generateText({ model: openai("gpt-4o") });\n`);
    assert.deepEqual(layers.map((l) => [l.anchor.line, l.anchor.column, l.maxAttempts]), [[5, 2, 5], [8, 2, 3]]);
  });

  test("renamed, namespace and require imports", () => {
    const { layers } = aiLayers(
      `import { generateText as gen } from "ai";\nimport * as ai from "ai";\nconst { streamText } = require("ai");\ngen({ model: m });\nai.embed({ model: m, value: "x" });\nstreamText({ model: m });\n`,
    );
    assert.deepEqual(layers.map((l) => [l.label, l.anchor.line]), [["generateText", 4], ["embed", 5], ["streamText", 6]]);
  });

  test("2 s × 2 per retry, no jitter; APICallError.isRetryable statuses; every request", () => {
    const { layers } = aiLayers(`${IMPORTS}generateText({ model: openai("gpt-4o"), maxRetries: 3 });\n`);
    const l = layers[0]!;
    assert.deepEqual([l.wait.kind, l.wait.jitter, l.wait.initialSeconds, l.wait.maxSeconds], ["exponential", false, 2, 8]);
    assert.deepEqual(l.condition.statuses, [408, 409, 429, 500, 502, 503, 504]);
    assert.equal(l.condition.afterSendMethods, "all");
    assert.equal(l.condition.honoursRetryAfter, true);
  });
});

describe("AI SDK calls: the provider each call talks to", () => {
  const targetOf = (code: string) => {
    const { facts } = aiLayers(code);
    const call = facts.calls.find((c) => c.callee.endsWith(".send"));
    return facts.clients.find((c) => call && call.callee === `${c.name}.send`)?.sdk?.target;
  };
  const cases: Array<[string, string, string]> = [
    ["a default provider instance", `import { generateText } from "ai";\nimport { openai } from "@ai-sdk/openai";\ngenerateText({ model: openai("gpt-4o") });\n`, "https://api.openai.com/v1"],
    ["a provider method (anthropic.messages)", `import { streamText } from "ai";\nimport { anthropic } from "@ai-sdk/anthropic";\nstreamText({ model: anthropic.messages("claude-sonnet-4-5") });\n`, "https://api.anthropic.com/v1"],
    ["createOpenAI({ baseURL }) held in a module constant", `import { generateText } from "ai";\nimport { createOpenAI } from "@ai-sdk/openai";\nconst local = createOpenAI({ baseURL: "http://llm:8000/v1" });\nexport const f = () => generateText({ model: local("m") });\n`, "http://llm:8000/v1"],
    ["a provider built in the function (OpenRouter)", `import { generateText } from "ai";\nimport { createOpenRouter } from "@openrouter/ai-sdk-provider";\nexport async function f(key: string, m: string) {\n  const or = createOpenRouter({ apiKey: key });\n  return generateText({ model: or.chat(m) });\n}\n`, "https://openrouter.ai/api/v1"],
    ["the model in a local variable", `import { generateText } from "ai";\nimport { google } from "@ai-sdk/google";\nexport async function f() {\n  const model = google("gemini-2.5-flash");\n  return generateText({ model, prompt: "x" });\n}\n`, "https://generativelanguage.googleapis.com/v1beta"],
    ["wrapLanguageModel around a provider model", `import { generateText, wrapLanguageModel } from "ai";\nimport { mistral } from "@ai-sdk/mistral";\ngenerateText({ model: wrapLanguageModel({ model: mistral("m"), middleware: [] }) });\n`, "https://api.mistral.ai/v1"],
    ["a model id string: the AI Gateway", `import { generateText } from "ai";\ngenerateText({ model: "openai/gpt-4o" });\n`, "https://ai-gateway.vercel.sh"],
    ["Bedrock: the AWS service", `import { generateText } from "ai";\nimport { bedrock } from "@ai-sdk/amazon-bedrock";\ngenerateText({ model: bedrock("anthropic.claude") });\n`, "aws://bedrock-runtime"],
    ["a model not known statically: the file's only provider package", `import { generateText } from "ai";\nimport { openai } from "@ai-sdk/openai";\nexport const f = (m) => generateText({ model: m });\n`, "https://api.openai.com/v1"],
    ["an unlisted provider package: named after the package", `import { generateText } from "ai";\nimport { ollama } from "ollama-ai-provider";\ngenerateText({ model: ollama("llama3") });\n`, "sdk://ollama-ai-provider"],
    ["no provider known at all", `import { generateText } from "ai";\nexport const f = (m) => generateText({ model: m });\n`, "sdk://ai-sdk-model"],
  ];
  for (const [why, code, target] of cases) test(why, () => assert.equal(targetOf(code), target));

  test("each call is pointed at a client of its own in the call's function", () => {
    const { facts } = aiLayers(`import { generateText } from "ai";\nimport { openai } from "@ai-sdk/openai";\nexport async function ask() {\n  return generateText({ model: openai("gpt-4o"), timeout: 30000 });\n}\n`);
    const call = facts.calls.find((c) => c.callee.endsWith(".send"))!;
    const client = facts.clients.find((c) => call.callee === `${c.name}.send`)!;
    assert.equal(client.functionId, "ask");
    assert.equal(call.functionId, "ask");
    assert.deepEqual([client.timeoutSeconds, client.timeoutSet], [30, true]);
    assert.equal(client.layerIds.length, 1);
  });
});

describe("near misses", () => {
  const misses: Array<[string, string]> = [
    ["generateText of another package", `import { generateText } from "./llm";\ngenerateText({ model: m });\n`],
    ["a local function named generateText", `function generateText(o: unknown) { return o; }\ngenerateText({ model: m });\n`],
    ["a type-only import", `import type { generateText } from "ai";\nlet f: typeof generateText;\n`],
    ["an \"ai\" helper that sends nothing", `import { tool, jsonSchema } from "ai";\ntool({ inputSchema: jsonSchema({}) });\n`],
  ];
  for (const [why, code] of misses) test(why, () => assert.deepEqual(aiLayers(code).layers, []));
});
