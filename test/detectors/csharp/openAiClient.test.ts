// OpenAI .NET / Azure.AI.OpenAI clients — docs/reference/openai-sdk.md: System.ClientModel
// ClientRetryPolicy(maxRetries = 3) counts retries → 4 attempts by default; ClientRetryPolicy(0) → 1.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { cs } from "./helpers";

const H = "using OpenAI;\nusing Azure.AI.OpenAI;\nusing System.ClientModel;\nusing System.ClientModel.Primitives;\nnamespace Shop;\npublic class S\n{\n    public void M(string key, Uri ep)\n    {\n";
const F = "    }\n}\n";

async function layersOf(body: string) {
  const facts = await cs(`${H}${body}${F}`);
  return { facts, layers: facts.layers.filter((l) => l.kind === "openai-sdk") };
}

describe("OpenAI .NET clients: attempts (ClientRetryPolicy maxRetries counts retries → N+1)", () => {
  const cases: Array<[string, number | null, "config" | "default", RegExp]> = [
    ["var c = new OpenAIClient(key);", 4, "default", /default ClientRetryPolicy: maxRetries 3 → 4 attempts/],
    ["var c = new AzureOpenAIClient(ep, new ApiKeyCredential(key));", 4, "default", /AzureOpenAIClient/],
    ["var c = new OpenAIClient(new ApiKeyCredential(key), new OpenAIClientOptions { Endpoint = ep });", 4, "default", /default/],
    ["var c = new OpenAIClient(new ApiKeyCredential(key), new OpenAIClientOptions { RetryPolicy = new ClientRetryPolicy(0) });", 1, "config", /ClientRetryPolicy\(0\) turns retries off → 1 attempt/],
    ["var c = new AzureOpenAIClient(ep, new ApiKeyCredential(key), new AzureOpenAIClientOptions { RetryPolicy = new ClientRetryPolicy(maxRetries: 5) });", 6, "config", /ClientRetryPolicy\(5\) counts retries → 6 attempts/],
    ["var c = new OpenAIClient(new ApiKeyCredential(key), new OpenAIClientOptions { RetryPolicy = new ClientRetryPolicy() });", 4, "config", /ClientRetryPolicy\(3\)/],
    ["var o = new AzureOpenAIClientOptions();\n        o.RetryPolicy = new ClientRetryPolicy(2);\n        var c = new AzureOpenAIClient(ep, new ApiKeyCredential(key), o);", 3, "config", /→ 3 attempts/],
    ["var p = new ClientRetryPolicy(maxRetries: 10);\n        var o = new OpenAIClientOptions { RetryPolicy = p };\n        var c = new OpenAIClient(new ApiKeyCredential(key), o);", 11, "config", /→ 11 attempts/],
    ["var c = new OpenAIClient(new ApiKeyCredential(key), new OpenAIClientOptions { RetryPolicy = new MyPolicy() });", null, "config", /not a ClientRetryPolicy/],
    ["var c = new ChatClient(\"gpt-4o\", new ApiKeyCredential(key), new OpenAIClientOptions { RetryPolicy = new ClientRetryPolicy(1) });", 2, "config", /→ 2 attempts/],
  ];
  for (const [line, expected, source, note] of cases) {
    test(`${line.split("\n").pop()!.trim()} → ${expected ?? "unknown"}`, async () => {
      const { layers } = await layersOf(`        ${line}\n`);
      assert.equal(layers.length, 1, JSON.stringify(layers.map((l) => l.anchor.line)));
      const l = layers[0]!;
      assert.equal(l.maxAttempts, expected);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.countUnknown ?? false, expected === null);
    });
  }
  test("0.8 s exponential, no jitter; 408/429/5xx; target openai / azure-openai", async () => {
    const { layers, facts } = await layersOf("        var a = new OpenAIClient(key);\n        var b = new AzureOpenAIClient(ep, new ApiKeyCredential(key));\n");
    assert.deepEqual([layers[0]!.wait.kind, layers[0]!.wait.jitter, layers[0]!.wait.initialSeconds], ["exponential", false, 0.8]);
    assert.deepEqual(layers[0]!.condition.statuses, [408, 429, 500, 502, 503, 504]);
    assert.deepEqual(facts.clients.map((c) => [c.name, c.sdk?.target]), [["a", "sdk://openai"], ["b", "sdk://azure-openai"]]);
  });
  test("a client built inside a DI factory lambda is still a layer (anchored on `new`)", async () => {
    const { layers } = await layersOf("        services.AddSingleton<OpenAIClient>(_ => new AzureOpenAIClient(\n            ep, new ApiKeyCredential(key)));\n");
    assert.equal(layers.length, 1);
    assert.equal(layers[0]!.anchor.line, 10);
  });
});

describe("near misses", () => {
  test("a ChatClient in a file that does not use OpenAI is not this family", async () => {
    const facts = await cs("namespace Shop;\npublic class S { public void M() { var c = new ChatClient(\"x\"); } }\n");
    assert.deepEqual(facts.layers.filter((l) => l.kind === "openai-sdk"), []);
  });
  test("an options object alone is not a client", async () => {
    const { layers } = await layersOf("        var o = new OpenAIClientOptions { RetryPolicy = new ClientRetryPolicy(2) };\n");
    assert.deepEqual(layers, []);
  });
});

describe("Aspire client integrations register an OpenAI client (docs/reference/openai-sdk.md, Aspire)", () => {
  const aspire = (line: string) => cs(`public static class Extensions
{
    public static void AddAi(this IHostApplicationBuilder builder)
    {
        ${line}
    }
}
`);
  const cases: Array<[string, number, string, string | null]> = [
    [`builder.AddOpenAIClientFromConfiguration("chatModel").AddChatClient();`, 4, "sdk://openai", "OpenAI / Azure.AI.OpenAI"],
    [`builder.AddOpenAIClient("openai");`, 4, "sdk://openai", "OpenAI"],
    [`builder.AddKeyedAzureOpenAIClient("aoai");`, 4, "sdk://azure-openai", "Azure.AI.OpenAI"],
    [`builder.AddOpenAIClient("openai", configureOptions: o => o.RetryPolicy = new ClientRetryPolicy(0));`, 1, "sdk://openai", "OpenAI"],
    [`builder.AddAzureOpenAIClient("aoai", configureClientBuilder: b => b.ConfigureOptions(o => o.RetryPolicy = new ClientRetryPolicy(maxRetries: 5)));`, 6, "sdk://azure-openai", "Azure.AI.OpenAI"],
  ];
  for (const [line, attempts, target, library] of cases) {
    test(`${line} → ${attempts}`, async () => {
      const facts = await aspire(line);
      const layers = facts.layers.filter((l) => l.kind === "openai-sdk");
      assert.equal(layers.length, 1);
      assert.equal(layers[0]!.maxAttempts, attempts);
      assert.equal(layers[0]!.attemptsSource, attempts === 4 ? "default" : "config");
      assert.equal(layers[0]!.library, library);
      assert.equal(layers[0]!.anchor.line, 5);
      assert.deepEqual(facts.clients.map((c) => c.sdk?.target), [target]);
    });
  }
  test("near miss: the AppHost's AddOpenAI resource and a call without a connection name are not clients", async () => {
    const facts = await aspire(`var openai = builder.AddOpenAI("openai"); other.AddOpenAIClient();`);
    assert.deepEqual(facts.layers.filter((l) => l.kind === "openai-sdk"), []);
  });
});
