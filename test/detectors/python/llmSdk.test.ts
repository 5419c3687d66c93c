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

// Libraries that build the OpenAI client for the code: langchain-openai ChatOpenAI passes max_retries
// to openai.OpenAI/AsyncOpenAI only when it is not None (BaseChatOpenAI.validate_environment);
// pydantic-ai's OpenAIProvider builds AsyncOpenAI without max_retries (v1.70.0). Either way the SDK
// default 2 retries → 3 attempts, unless ChatOpenAI(max_retries=N) → N+1.
describe("OpenAI clients built by langchain-openai and pydantic-ai", () => {
  const cases: Array<[string, string, number, RegExp, number]> = [
    ["ChatOpenAI() unset: the SDK default", "from langchain_openai import ChatOpenAI\nllm = ChatOpenAI(model='gpt-4o')\n", 3, /langchain-openai ChatOpenAI; default max_retries 2 → 3/, 2],
    ["ChatOpenAI(max_retries=5) → 6", "from langchain_openai import ChatOpenAI\nllm = ChatOpenAI(max_retries=5)\n", 6, /max_retries=5 counts retries/, 2],
    ["a ChatOpenAI subclass: anchored on super().__init__", "import os\nfrom langchain_openai import ChatOpenAI\n\nclass ChatLLM(ChatOpenAI):\n    def __init__(self, **kwargs):\n        kwargs.setdefault('model', os.getenv('M'))\n        super().__init__(**kwargs)\n", 3, /subclass ChatLLM; default max_retries 2/, 7],
    ["a subclass writing kwargs.setdefault('max_retries', 1)", "from langchain_openai import ChatOpenAI\n\nclass ChatLLM(ChatOpenAI):\n    def __init__(self, **kwargs):\n        kwargs.setdefault('max_retries', 1)\n        super().__init__(**kwargs)\n", 2, /max_retries=1/, 6],
    ["a subclass with a class attribute max_retries = 0, no __init__: anchored on the class", "from langchain_openai import ChatOpenAI\n\nclass Quiet(ChatOpenAI):\n    max_retries: int = 0\n", 1, /off/, 3],
    ["pydantic-ai Agent('openai:gpt-4o')", "from pydantic_ai import Agent\nagent = Agent('openai:gpt-4o', instructions='x')\n", 3, /pydantic-ai Agent on the OpenAI provider \(model 'openai:gpt-4o'\): it builds AsyncOpenAI without max_retries; default max_retries 2 → 3/, 2],
    ["Agent(model=...) through os.getenv's default, `or`, a helper's f-string and a parameter bound at the file's call site", [
      "import os",
      "from pydantic_ai import Agent",
      "DEFAULT_MODEL = 'openai:gpt-4o-mini'",
      "def normalize(name):",
      "    name = name.strip()",
      "    if ':' in name:",
      "        return name",
      "    return f'openai:{name}'",
      "async def run(prompt, *, model_name):",
      "    agent = Agent(normalize(model_name), output_type=str)",
      "    return await agent.run(prompt)",
      "async def summarize(prompt):",
      "    model_name = os.getenv('SUMMARY_MODEL') or os.getenv('CHAT_MODEL', DEFAULT_MODEL)",
      "    return await run(prompt, model_name=model_name)",
    ].join("\n") + "\n", 3, /model 'openai:gpt-4o-mini', 'openai:…'/, 10],
    ["Agent imported inside the function that builds it", "DEFAULT = 'openai:gpt-4o-mini'\ndef build():\n    from pydantic_ai import Agent as A\n    return A(DEFAULT)\n", 3, /model 'openai:gpt-4o-mini'/, 4],
    ["a recursive helper is followed within bounds", "from pydantic_ai import Agent\ndef pick(name, n):\n    if n:\n        return pick(name, n - 1)\n    return name\nagent = Agent(pick('openai:gpt-4o', 3))\n", 3, /model 'openai:gpt-4o'/, 6],
    ["pydantic-ai OpenAIChatModel with the default provider", "from pydantic_ai.models.openai import OpenAIChatModel\nm = OpenAIChatModel('gpt-4o')\n", 3, /OpenAIChatModel with the default OpenAI provider/, 2],
    ["pydantic-ai OpenAIProvider(base_url=…)", "from pydantic_ai.providers.openai import OpenAIProvider\np = OpenAIProvider(base_url='https://llm.example.com/v1')\n", 3, /OpenAIProvider/, 2],
  ];
  for (const [name, code, attempts, note, line] of cases) {
    test(`${name} → ${attempts}`, async () => {
      const { layer } = await only(code);
      assert.equal(layer.kind, "openai-sdk");
      assert.equal(layer.maxAttempts, attempts);
      assert.match(layer.attemptsNote, note);
      assert.equal(layer.anchor.line, line);
    });
  }
  test("the agent / model is an SDK client: agent.run() is a request to OpenAI; tool decorators are not", async () => {
    const facts = await py("from pydantic_ai import Agent\nagent = Agent('openai:gpt-4o')\n");
    const c = facts.clients.find((x) => x.name === "agent")!;
    assert.equal(c.sdk?.target, "sdk://openai");
    assert.ok(c.sdk?.notSending.includes("tool_plain"));
    const lc = await py("from langchain_openai import ChatOpenAI\nllm = ChatOpenAI(base_url='https://llm.example.com/v1')\n");
    assert.equal(lc.clients[0]?.sdk?.target, "https://llm.example.com/v1");
  });
});

describe("near misses: not OpenAI / Anthropic clients", () => {
  const misses: Array<[string, string]> = [
    ["a local class named OpenAI", "class OpenAI:\n    pass\nclient = OpenAI()\n"],
    ["pydantic-ai Agent on another provider, or with no model", "from pydantic_ai import Agent\na = Agent('anthropic:claude-sonnet-4-5')\nb = Agent()\nc = Agent(os.getenv('M'))\n"],
    ["pydantic-ai OpenAIProvider given a client of the code's (that client is the layer)", "from pydantic_ai.providers.openai import OpenAIProvider\np = OpenAIProvider(openai_client=client)\n"],
    ["a class named ChatOpenAI of the code's own", "class ChatOpenAI:\n    pass\nllm = ChatOpenAI()\n"],
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

// llama-index OpenAI models (docs/reference/openai-sdk.md "llama-index"): their own tenacity retry
// outside the openai.OpenAI client they build with llama-index's max_retries.
describe("llama-index OpenAI LLMs and embeddings", () => {
  const cases: Array<[string, string, number | null, number | null]> = [
    ["from llama_index.llms.openai_like import OpenAILike", "OpenAILike(model=m, api_base=endpoint, is_chat_model=True)", 3, 4],
    ["from llama_index.llms.openai import OpenAI", "OpenAI(model='gpt-4o-mini', max_retries=5)", 5, 6],
    ["from llama_index.llms.openai import OpenAI", "OpenAI(model='gpt-4o-mini', max_retries=0)", 1, 1],
    ["from llama_index.llms.openai import OpenAI", "OpenAI(model='gpt-4o-mini', max_retries=n)", null, null],
    ["from llama_index.embeddings.openai_like import OpenAILikeEmbedding", "OpenAILikeEmbedding(model_name=m, api_base=endpoint)", 6, 11],
    ["from llama_index.embeddings.openai import OpenAIEmbedding", "OpenAIEmbedding(model='text-embedding-3-small', max_retries=2)", 6, 3],
  ];
  for (const [imp, expr, own, sdk] of cases) {
    test(`${expr} → llama-index ${own}, openai-sdk ${sdk}`, async () => {
      const facts = await py(`def make(m, endpoint, n):\n    ${imp}\n\n    return ${expr}\n`);
      const byKind = new Map(facts.layers.map((l) => [l.kind, l]));
      assert.equal(facts.layers.length, 2);
      assert.equal(byKind.get("llama-index")?.maxAttempts, own);
      assert.equal(byKind.get("openai-sdk")?.maxAttempts, sdk);
      assert.equal(byKind.get("llama-index")?.anchor.line, 4);
      assert.equal(byKind.get("openai-sdk")?.anchor.line, 4);
      // one client carrying both, llama-index's outermost
      assert.deepEqual(facts.clients[0]?.layerIds, [byKind.get("llama-index")!.localId, byKind.get("openai-sdk")!.localId]);
    });
  }

  test("the embedding retry is time-bounded (60 s) and retries only the four openai errors", async () => {
    const facts = await py(`from llama_index.embeddings.openai import OpenAIEmbedding\nemb = OpenAIEmbedding()\n`);
    const l = facts.layers.find((x) => x.kind === "llama-index")!;
    assert.equal(l.overallTimeoutSeconds, 60);
    assert.deepEqual(l.condition.exceptionTypes, ["APIConnectionError", "APITimeoutError", "RateLimitError", "InternalServerError"]);
    assert.match(l.attemptsNote, /fixed; max_retries only reaches the SDK/);
  });

  test("near misses: an LLM handed its own openai_client, a local class named OpenAILike, Ollama", async () => {
    const facts = await py(`from llama_index.llms.openai import OpenAI\nfrom llama_index.llms.ollama import Ollama\nclass OpenAILike: pass\na = OpenAI(openai_client=c)\nb = OpenAILike()\nc = Ollama(model="llama3")\n`);
    assert.equal(facts.layers.length, 0);
  });
});
