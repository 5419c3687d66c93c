// OpenAI / Anthropic JS/TS SDKs — docs/reference/openai-sdk.md: maxRetries counts retries
// (N → N+1), default 2 → 3 attempts, 0 turns retries off; every client retries by default.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";

function sdkLayers(code: string) {
  const facts = extract(code);
  return { facts, layers: facts.layers.filter((l) => l.kind === "openai-sdk" || l.kind === "anthropic-sdk") };
}

describe("OpenAI / Anthropic JS clients: attempts (maxRetries counts retries → N+1)", () => {
  const cases: Array<[string, string, number | null, "config" | "default", string, RegExp]> = [
    [`import OpenAI from "openai";`, `const client = new OpenAI();`, 3, "default", "openai-sdk", /default maxRetries 2 → 3 attempts \(openai ≥4\)/],
    [`import OpenAI from "openai";`, `const client = new OpenAI({ apiKey: process.env.KEY });`, 3, "default", "openai-sdk", /default maxRetries 2/],
    [`import OpenAI from "openai";`, `const client = new OpenAI({ maxRetries: 5 });`, 6, "config", "openai-sdk", /maxRetries: 5 counts retries .* → 6 attempts/],
    [`import OpenAI from "openai";`, `const client = new OpenAI({ maxRetries: 0 });`, 1, "config", "openai-sdk", /maxRetries: 0 turns the SDK's retries off → 1 attempt/],
    [`import { OpenAI } from "openai";`, `const client = new OpenAI({ maxRetries: 1 });`, 2, "config", "openai-sdk", /→ 2 attempts/],
    [`import { AzureOpenAI } from "openai";`, `const client = new AzureOpenAI({ endpoint: ep, apiVersion: "2024-10-21" });`, 3, "default", "openai-sdk", /default/],
    [`import Anthropic from "@anthropic-ai/sdk";`, `const client = new Anthropic();`, 3, "default", "anthropic-sdk", /default maxRetries 2 → 3 attempts \(@anthropic-ai\/sdk\)/],
    [`import Anthropic from "@anthropic-ai/sdk";`, `const client = new Anthropic({ maxRetries: 4 });`, 5, "config", "anthropic-sdk", /→ 5 attempts/],
    [`import { AnthropicBedrock } from "@anthropic-ai/bedrock-sdk";`, `const client = new AnthropicBedrock({ maxRetries: 0 });`, 1, "config", "anthropic-sdk", /off/],
    [`import { AnthropicVertex } from "@anthropic-ai/vertex-sdk";`, `const client = new AnthropicVertex();`, 3, "default", "anthropic-sdk", /default/],
    [`import OpenAI from "openai";`, `const client = new OpenAI({ maxRetries: cfg.retries });`, null, "config", "openai-sdk", /not known statically/],
    [`const OpenAI = require("openai");`, `const client = new OpenAI({ maxRetries: 3 });`, 4, "config", "openai-sdk", /→ 4 attempts/],
    [`const { OpenAI } = require("openai");`, `const client = new OpenAI();`, 3, "default", "openai-sdk", /default/],
    [`import OpenAI from "openai";`, `const client = new OpenAI({ ...opts, apiKey: k });`, 3, "default", "openai-sdk", /unless the options passed set maxRetries/],
    [`import OpenAI from "openai";`, `const client = new OpenAI(makeOptions());`, 3, "default", "openai-sdk", /unless the options passed set maxRetries/],
  ];
  for (const [imp, line, expected, source, kind, note] of cases) {
    test(`${line} → ${expected ?? "unknown"}`, () => {
      const { layers } = sdkLayers(`${imp}\n${line}\n`);
      assert.equal(layers.length, 1);
      const layer = layers[0]!;
      assert.equal(layer.maxAttempts, expected);
      assert.equal(layer.attemptsSource, source);
      assert.equal(layer.kind, kind);
      assert.equal(layer.anchor.line, 2);
      assert.match(layer.attemptsNote, note);
      assert.equal(layer.countUnknown ?? false, expected === null);
    });
  }
});

describe("OpenAI / Anthropic JS clients: waits, condition, targets, withOptions", () => {
  test("exponential 0.5 s → 8 s with jitter; 408/409/429/5xx; every request", () => {
    const { layers } = sdkLayers(`import OpenAI from "openai";\nconst client = new OpenAI();\n`);
    const l = layers[0]!;
    assert.deepEqual([l.wait.kind, l.wait.jitter, l.wait.initialSeconds, l.wait.maxSeconds], ["exponential", true, 0.5, 8]);
    assert.deepEqual(l.condition.statuses, [408, 409, 429, 500, 502, 503, 504]);
    assert.equal(l.condition.afterSendMethods, "all");
  });
  test("targets: vendor, literal baseURL, Azure endpoint", () => {
    const { facts } = sdkLayers(
      `import OpenAI, { AzureOpenAI } from "openai";\nimport Anthropic from "@anthropic-ai/sdk";\nconst a = new OpenAI();\nconst b = new Anthropic();\nconst c = new OpenAI({ baseURL: "http://vllm:8000/v1" });\nconst d = new AzureOpenAI({ endpoint: "https://acme.openai.azure.com" });\nconst e = new AzureOpenAI({ endpoint: ep });\n`,
    );
    assert.deepEqual(facts.clients.map((c) => [c.name, c.sdk?.target]), [
      ["a", "sdk://openai"], ["b", "sdk://anthropic"], ["c", "http://vllm:8000/v1"], ["d", "https://acme.openai.azure.com"], ["e", "sdk://azure-openai"],
    ]);
  });
  test("client.withOptions({ maxRetries }) is a client of its own; without maxRetries it is not a layer", () => {
    const { layers } = sdkLayers(`import OpenAI from "openai";\nconst client = new OpenAI();\nconst fast = client.withOptions({ maxRetries: 0 });\nconst slow = client.withOptions({ timeout: 30_000 });\n`);
    assert.deepEqual(layers.map((l) => [l.label, l.maxAttempts]), [["client", 3], ["fast", 1]]);
  });
  test("inline withOptions({ maxRetries }) and per-request { maxRetries } are layers of their own on that call", () => {
    const { layers, facts } = sdkLayers(
      `import OpenAI from "openai";\nconst client = new OpenAI();\nexport const a = () => client.withOptions({ maxRetries: 5 }).chat.completions.create({ model: "m", messages: [] });\nexport const b = () => client.chat.completions.create({ model: "m", messages: [] }, { maxRetries: 0 });\nexport const c = () => client.chat.completions.create({ model: "m", messages: [] }, { timeout: 1000 });\n`,
    );
    assert.deepEqual(layers.map((l) => [l.label, l.maxAttempts, l.anchor.line]), [["client", 3, 2], ["client.withOptions(…)", 6, 3], ["client request", 1, 4]]);
    assert.match(layers[2]!.attemptsNote, /^per-request maxRetries: 0/);
    // the calls are pointed at their own clients; the third goes through the client
    const callees = facts.calls.filter((c) => c.callee.endsWith(".send") || c.callee === "client.chat.completions.create").map((c) => c.callee);
    assert.equal(callees.length, 3);
    assert.ok(callees.includes("client.chat.completions.create"));
  });
  test("a class field client is this.<name>", () => {
    const { facts } = sdkLayers(`import Anthropic from "@anthropic-ai/sdk";\nclass Bot {\n  private client = new Anthropic({ maxRetries: 1 });\n}\n`);
    assert.equal(facts.clients[0]?.name, "this.client");
  });
});

describe("near misses", () => {
  const misses: Array<[string, string]> = [
    ["a local class named OpenAI", `class OpenAI {}\nconst c = new OpenAI();\n`],
    ["OpenAI imported from another package (langchain)", `import { OpenAI } from "@langchain/openai";\nconst llm = new OpenAI({ maxRetries: 6 });\n`],
    ["a type-only import", `import type OpenAI from "openai";\nlet c: OpenAI;\n`],
    ["an error class from the SDK", `import OpenAI from "openai";\nthrow new OpenAI.APIError(500, {}, "x", {});\n`],
  ];
  for (const [why, code] of misses) test(why, () => assert.deepEqual(sdkLayers(code).layers, []));
});
