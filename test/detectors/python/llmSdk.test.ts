// OpenAI / Anthropic Python SDKs — docs/reference/openai-sdk.md: max_retries counts retries
// (N → N+1 attempts), the default 2 → 3, 0 turns retries off; every client retries, configured or not.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { py } from "./helpers";

async function only(code: string) {
  const facts = await py(code);
  const layers = facts.layers.filter((l) => l.kind === "openai-sdk" || l.kind === "anthropic-sdk");
  assert.equal(layers.length, 1, `layers: ${facts.layers.map((l) => `${l.kind}@${l.anchor.line}`).join(",")}; problems: ${JSON.stringify(facts.problems)}`);
  return { layer: layers[0]!, facts };
}

describe("OpenAI / Anthropic Python clients: attempts (max_retries counts retries → N+1)", () => {
  const cases: Array<[string, string, number | null, "config" | "default", string, RegExp]> = [
    ["from openai import OpenAI", "client = OpenAI()", 3, "default", "openai-sdk", /default max_retries 2 → 3 attempts \(openai ≥1\.0/],
    ["from openai import OpenAI", "client = OpenAI(api_key=KEY)", 3, "default", "openai-sdk", /default max_retries 2/],
    ["import openai", "client = openai.OpenAI(max_retries=5)", 6, "config", "openai-sdk", /max_retries=5 counts retries .* → 6 attempts/],
    ["from openai import AsyncOpenAI", "client = AsyncOpenAI(max_retries=1)", 2, "config", "openai-sdk", /→ 2 attempts/],
    ["from openai import OpenAI", "client = OpenAI(max_retries=0)", 1, "config", "openai-sdk", /max_retries=0 turns the SDK's retries off → 1 attempt/],
    ["from openai import AzureOpenAI", "client = AzureOpenAI(azure_endpoint=EP, api_version='2024-06-01')", 3, "default", "openai-sdk", /default max_retries 2/],
    ["from openai import AsyncAzureOpenAI", "client = AsyncAzureOpenAI(max_retries=4)", 5, "config", "openai-sdk", /→ 5 attempts/],
    ["import anthropic", "client = anthropic.Anthropic()", 3, "default", "anthropic-sdk", /default max_retries 2 → 3 attempts \(anthropic/],
    ["from anthropic import AsyncAnthropic", "client = AsyncAnthropic(max_retries=3)", 4, "config", "anthropic-sdk", /→ 4 attempts/],
    ["from anthropic import AnthropicBedrock", "client = AnthropicBedrock()", 3, "default", "anthropic-sdk", /default/],
    ["from anthropic import AnthropicVertex", "client = AnthropicVertex(max_retries=0)", 1, "config", "anthropic-sdk", /off/],
    ["from openai import OpenAI", "client = OpenAI(max_retries=RETRIES)", 8, "config", "openai-sdk", /max_retries=7/],
    ["from openai import OpenAI", "client = OpenAI(max_retries=settings.retries)", null, "config", "openai-sdk", /not known statically/],
    ["from openai import OpenAI", "client = OpenAI(**kwargs)", 3, "default", "openai-sdk", /unless the \*\* arguments set max_retries/],
  ];
  for (const [imp, line, expected, source, kind, note] of cases) {
    test(`${line} → ${expected ?? "unknown"}`, async () => {
      const { layer } = await only(`${imp}\nKEY = "k"\nEP = "https://x.openai.azure.com"\nRETRIES = 7\n${line}\n`);
      assert.equal(layer.maxAttempts, expected);
      assert.equal(layer.attemptsSource, source);
      assert.equal(layer.kind, kind);
      assert.equal(layer.category, "client");
      assert.match(layer.attemptsNote, note);
      assert.equal(layer.countUnknown ?? false, expected === null);
    });
  }
});

describe("OpenAI / Anthropic Python clients: waits, condition, targets", () => {
  test("exponential 0.5 s → 8 s cap with jitter; 408/409/429/5xx and connection errors; POST retried; Retry-After honoured", async () => {
    const { layer } = await only(`from openai import OpenAI\nclient = OpenAI()\n`);
    assert.deepEqual([layer.wait.kind, layer.wait.jitter, layer.wait.initialSeconds, layer.wait.maxSeconds], ["exponential", true, 0.5, 8]);
    for (const s of [408, 409, 429, 500, 503]) assert.ok(layer.condition.statuses.includes(s), `${s}`);
    assert.ok(!layer.condition.statuses.includes(400));
    assert.equal(layer.condition.afterSendMethods, "all");
    assert.equal(layer.condition.honoursRetryAfter, true);
    assert.match(layer.condition.description, /x-should-retry/);
  });
  test("the client is an SDK client: its target names the vendor, or a literal base_url / azure_endpoint", async () => {
    const facts = await py(`import openai, anthropic\na = openai.OpenAI()\nb = anthropic.Anthropic()\nc = openai.OpenAI(base_url="http://llm:8000/v1")\nd = openai.AzureOpenAI(azure_endpoint="https://acme.openai.azure.com")\ne = openai.AzureOpenAI(azure_endpoint=EP)\n`);
    assert.deepEqual(facts.clients.map((c) => [c.name, c.sdk?.target]), [
      ["a", "sdk://openai"], ["b", "sdk://anthropic"], ["c", "http://llm:8000/v1"], ["d", "https://acme.openai.azure.com"], ["e", "sdk://azure-openai"],
    ]);
  });
  test("Claude on Bedrock and Vertex AI talks to the cloud's endpoint", async () => {
    const facts = await py(`from anthropic import AnthropicBedrock, AsyncAnthropicVertex\nb = AnthropicBedrock(aws_region="us-east-1")\nv = AsyncAnthropicVertex(region="us-east5", project_id="p")\n`);
    assert.deepEqual(facts.clients.map((c) => [c.name, c.sdk?.target]), [["b", "aws://bedrock-runtime"], ["v", "sdk://vertex-ai"]]);
  });
  test("client.with_options(max_retries=N) bound to a name is a client with its own count", async () => {
    const facts = await py(`from openai import OpenAI\nclient = OpenAI()\nfast = client.with_options(max_retries=0)\nslow = client.with_options(timeout=30)\n`);
    const layers = facts.layers.map((l) => [l.label, l.maxAttempts]);
    assert.deepEqual(layers, [["client", 3], ["fast", 1]]);
    assert.equal(facts.clients.find((c) => c.name === "fast")?.sdk?.target, "sdk://openai");
  });
  test("a client in __init__ is a self attribute; one built in a factory marks the factory", async () => {
    const facts = await py(`from anthropic import Anthropic\nclass P:\n    def __init__(self):\n        self.client = Anthropic()\ndef make():\n    return Anthropic(max_retries=1)\n`);
    assert.deepEqual(facts.clients.map((c) => c.name), ["self.client", ""]);
    assert.ok(facts.functions.find((f) => f.id === "make")?.returnsClientId);
  });
});

describe("near misses: not OpenAI / Anthropic clients", () => {
  const misses: Array<[string, string]> = [
    ["a local class named OpenAI", "class OpenAI:\n    pass\nclient = OpenAI()\n"],
    ["langchain's ChatOpenAI (its own max_retries, not this family)", "from langchain_openai import ChatOpenAI\nllm = ChatOpenAI(max_retries=2)\n"],
    ["openai 0.x module-level API (no client object)", "import openai\nopenai.ChatCompletion.create(model='x', messages=[])\n"],
    ["a module attribute read, not a constructor", "import openai\nkey = openai.api_key\n"],
  ];
  for (const [why, code] of misses) {
    test(why, async () => {
      const facts = await py(code);
      assert.deepEqual(facts.layers.filter((l) => l.kind === "openai-sdk" || l.kind === "anthropic-sdk"), []);
    });
  }
});
