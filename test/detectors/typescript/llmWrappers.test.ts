// LangChain JS models and wrappers that build an OpenAI client (docs/reference/openai-sdk.md
// "LangChain JS and other wrappers"): AsyncCaller maxRetries ?? 6 → 7 attempts, N → N+1, the SDK
// client underneath at maxRetries 0; DallEAPIWrapper / CopilotKit OpenAIAdapter build a plain
// OpenAI client (default 2 retries → 3 attempts) and ignore any maxRetries of their own.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";
import { layerEdit } from "../../../server/src/fixes/layers/index";

const ctx = (attempts: number) => ({ callLibraries: [], exists: () => false, namespaceOf: () => null, attempts });

describe("LangChain JS models: AsyncCaller retries", () => {
  const cases: Array<[string, string, number | null, "default" | "config", RegExp]> = [
    [`import { ChatOpenAI } from "@langchain/openai";`, `new ChatOpenAI({ apiKey: k, model: "gpt-4.1", temperature: 0.7 })`, 7, "default", /AsyncCaller default maxRetries 6 → 7 attempts/],
    [`import { ChatOpenAI } from "@langchain/openai";`, `new ChatOpenAI({ model: "gpt-4.1", maxRetries: 2 })`, 3, "config", /maxRetries: 2 counts retries .* → 3 attempts/],
    [`import { ChatOpenAI } from "@langchain/openai";`, `new ChatOpenAI({ maxRetries: 0 })`, 1, "config", /turns LangChain's AsyncCaller retries off/],
    [`import { ChatOpenAI } from "@langchain/openai";`, `new ChatOpenAI({ maxRetries: n })`, null, "config", /not known statically/],
    [`import { ChatOpenAI } from "@langchain/openai";`, `new ChatOpenAI({ ...opts })`, 7, "default", /unless the options passed set maxRetries/],
    [`import { OpenAIEmbeddings } from "@langchain/openai";`, `new OpenAIEmbeddings({ model: "text-embedding-3-small" })`, 7, "default", /OpenAIEmbeddings/],
    [`import { AzureChatOpenAI } from "@langchain/openai";`, `new AzureChatOpenAI({ azureOpenAIApiDeploymentName: d })`, 7, "default", /AzureChatOpenAI/],
    [`import { ChatAnthropic } from "@langchain/anthropic";`, `new ChatAnthropic({ model: "claude-sonnet-4-5" })`, 7, "default", /@langchain\/anthropic builds its SDK client with maxRetries 0/],
  ];
  for (const [imp, expr, attempts, source, note] of cases) {
    test(`${expr} → ${attempts}`, () => {
      const facts = extract(`${imp}\nconst model = ${expr};\n`);
      assert.equal(facts.layers.length, 1, "one layer: the SDK client underneath does not retry");
      const l = facts.layers[0]!;
      assert.equal(l.kind, "langchain-js");
      assert.equal(l.maxAttempts, attempts);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.anchor.line, 2);
    });
  }

  test("waits 1 s × 2^n randomised ×1–2 (p-retry); every error but 400–407/409; calls on the model send", () => {
    const facts = extract(`import { ChatOpenAI } from "@langchain/openai";\nconst model = new ChatOpenAI({});\nexport const run = (m: string) => model.withStructuredOutput(schema).invoke(m);\n`);
    const l = facts.layers[0]!;
    assert.deepEqual([l.wait.kind, l.wait.jitter, l.wait.initialSeconds], ["exponential", true, 1]);
    assert.equal(l.condition.afterSendMethods, "all");
    assert.match(l.condition.permanentErrors ?? "", /400–407 and 409/);
    const k = facts.clients[0]!;
    assert.equal(k.name, "model");
    assert.equal(k.sdk?.target, "sdk://openai");
    assert.ok(k.sdk?.notSending.includes("withStructuredOutput"));
  });

  test("a literal configuration.baseURL names the host", () => {
    const facts = extract(`import { ChatOpenAI } from "@langchain/openai";\nconst m = new ChatOpenAI({ configuration: { baseURL: "https://llm.internal/v1" } });\n`);
    assert.equal(facts.clients[0]?.sdk?.target, "https://llm.internal/v1");
  });

  test("near misses: ChatOpenAI from another package, a local class of the same name", () => {
    assert.equal(extract(`import { ChatOpenAI } from "./fake";\nconst m = new ChatOpenAI({});\n`).layers.length, 0);
    assert.equal(extract(`class ChatOpenAI {}\nconst m = new ChatOpenAI();\n`).layers.length, 0);
  });

  test("the cap fix writes maxRetries on the model", () => {
    const text = `import { ChatOpenAI } from "@langchain/openai";\nconst model = new ChatOpenAI({ model: "gpt-4.1" });\n`;
    const l = extract(text).layers[0]!;
    const edit = layerEdit("cap", { ...l, id: "x", file: "svc/src/client.ts", service: null, targets: [], disabled: false } as never, text, ctx(3));
    assert.ok(edit, "a fix");
    assert.match(edit!.edits[0]!.newText, /maxRetries: 2/);
  });
});

describe("wrappers that build a plain OpenAI client", () => {
  test("DallEAPIWrapper: the SDK default 3 attempts, whatever maxRetries it is given; no fix", () => {
    const text = `import { ChatOpenAI, DallEAPIWrapper } from "@langchain/openai";\nconst dalle = new DallEAPIWrapper({ apiKey: k, model: "dall-e-3", maxRetries: 9 });\n`;
    const facts = extract(text);
    assert.equal(facts.layers.length, 1);
    const l = facts.layers[0]!;
    assert.deepEqual([l.kind, l.maxAttempts, l.attemptsSource, l.anchor.line], ["openai-sdk", 3, "default", 2]);
    assert.match(l.attemptsNote, /DallEAPIWrapper builds new OpenAI/);
    assert.equal(facts.clients[0]?.sdk?.target, "sdk://openai");
    const edit = layerEdit("cap", { ...l, id: "x", file: "svc/src/client.ts", service: null, targets: [], disabled: false } as never, text, ctx(2));
    assert.equal(edit, null);
  });

  test("CopilotKit OpenAIAdapter without an openai client: 3 attempts; with one: no layer of its own", () => {
    const built = extract(`import { OpenAIAdapter } from "@copilotkit/runtime";\nconst a = { serviceAdapter: new OpenAIAdapter({ model: "gpt-4.1" }) };\n`);
    assert.deepEqual(built.layers.map((l) => [l.kind, l.maxAttempts, l.anchor.line]), [["openai-sdk", 3, 2]]);
    assert.match(built.layers[0]!.attemptsNote, /OpenAIAdapter without an openai client builds new OpenAI\(\{\}\)/);
    const bare = extract(`import { OpenAIAdapter } from "@copilotkit/runtime";\nconst a = new OpenAIAdapter();\n`);
    assert.equal(bare.layers.length, 1);
    const handed = extract(`import OpenAI from "openai";\nimport { OpenAIAdapter } from "@copilotkit/runtime";\nconst openai = new OpenAI({ maxRetries: 1 });\nconst a = new OpenAIAdapter({ openai });\n`);
    assert.deepEqual(handed.layers.map((l) => [l.anchor.line, l.maxAttempts]), [[3, 2]]);
  });
});
