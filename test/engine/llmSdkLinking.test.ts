/**
 * OpenAI / Anthropic SDK clients across the linker (docs/reference/openai-sdk.md): every method
 * call on the client (`client.chat.completions.create(…)`, `client.messages.create(…)`) is a
 * request to the vendor's API ("openai", "anthropic") through the client's default retries, so a
 * retry decorator around it multiplies them; a literal base_url names the host it talks to.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

describe("OpenAI / Anthropic SDK linking", () => {
  test("Python: tenacity ×3 around an OpenAI client's default 2 retries → 9 calls to openai", async () => {
    await checkFixture(`
//! rules RL001
//- bot/requirements.txt
openai==1.77.0
tenacity==8.2.3
//- bot/llm.py
from openai import OpenAI
from tenacity import retry, stop_after_attempt, wait_random_exponential

client = OpenAI()
# ^ layer ×3 RL001


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=10))
# ^ layer ×3 RL001
def summarize(text):
    return client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": text}])
//! path 9 openai
`);
  });

  test("an unconfigured client is an implicit default; one with max_retries written is not", async () => {
    const result = await checkFixture(`
//! rules RL001
//- bot/llm.py
from openai import OpenAI

a = OpenAI()
# ^ layer ×3
b = OpenAI(max_retries=2)
# ^ layer ×3


def ask():
    a.chat.completions.create(model="m", messages=[])
    b.chat.completions.create(model="m", messages=[])
//! path 3 openai
//! path 3 openai
`);
    assert.equal(layerAt(result, "bot/llm.py:3").implicit, true);
    assert.equal(layerAt(result, "bot/llm.py:4").implicit, false);
  });

  test("Python: Anthropic with max_retries=0 under the decorator leaves one layer (3)", async () => {
    await checkFixture(`
//! rules RL001
//- bot/llm.py
import anthropic
from tenacity import retry, stop_after_attempt, wait_random_exponential

claude = anthropic.Anthropic(max_retries=0)
# ^ layer ×1


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=10))
# ^ layer ×3
def ask(q):
    return claude.messages.create(model="claude-sonnet-4-5", max_tokens=100, messages=[])
//! path 3 anthropic
`);
  });

  test("TypeScript: p-retry (5 retries) around new Anthropic({ maxRetries: 4 }) → 30 calls to anthropic", async () => {
    await checkFixture(`
//! rules RL001
//- bot/package.json
{ "name": "bot", "dependencies": { "@anthropic-ai/sdk": "^0.30.0", "p-retry": "^6.2.0" } }
//- bot/src/ask.ts
import Anthropic from "@anthropic-ai/sdk";
import pRetry from "p-retry";

const claude = new Anthropic({ maxRetries: 4 });
// ^ layer ×5 RL001

export async function ask(q: string) {
  return pRetry(() => claude.messages.create({ model: "claude", max_tokens: 100, messages: [{ role: "user", content: q }] }), { retries: 5, randomize: true });
  // ^ layer ×6 RL001
}
//! path 30 anthropic
`);
  });
  test("Python: a literal base_url names the host the client talks to (a workspace service)", async () => {
    await checkFixture(`
//! rules RL001
//- docker-compose.yml
services:
  bot:
    build: ./bot
  llm:
    image: vllm/vllm-openai
//- bot/llm.py
from openai import OpenAI

local = OpenAI(base_url="http://llm:8000/v1", api_key="none", max_retries=5)
# ^ layer ×6 RL001


def complete(prompt):
    return local.completions.create(model="m", prompt=prompt)
//! path 6 llm
`);
  });
  test("C#: a Polly retry around a ChatClient taken from OpenAIClient's pipeline (3 retries by default) → 16", async () => {
    await checkFixture(`
//! rules RL001
//- Svc/Svc.csproj
<Project Sdk="Microsoft.NET.Sdk.Web"><ItemGroup><PackageReference Include="OpenAI" Version="2.1.0" /></ItemGroup></Project>
//- Svc/Summarizer.cs
using OpenAI;
using OpenAI.Chat;
using Polly;
using Polly.Retry;

namespace Shop;

public class Summarizer
{
    private readonly OpenAIClient _client = new OpenAIClient("key");
    // ^ layer ×4 RL001
    private static readonly ResiliencePipeline Pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 3, BackoffType = DelayBackoffType.Exponential, UseJitter = true })
        // ^ layer ×4 RL001
        .Build();

    public string Run(string text)
    {
        return Pipeline.Execute(() =>
        {
            var chat = _client.GetChatClient("gpt-4o");
            return chat.CompleteChat(text).Value.Content[0].Text;
        });
    }
}
//! path 16 openai
`);
  });
  test("Go: cenkalti/backoff (2 retries) around openai-go's client.Chat.Completions.New with WithMaxRetries(4) → 15", async () => {
    await checkFixture(`
//! rules RL001
//- bot/go.mod
module example.com/bot

go 1.22
//- bot/main.go
package main

import (
\t"context"

\t"github.com/cenkalti/backoff/v4"
\t"github.com/openai/openai-go/v3"
\t"github.com/openai/openai-go/v3/option"
)

var client = openai.NewClient(option.WithMaxRetries(4))
// ^ layer ×5 RL001

func summarize(ctx context.Context) error {
\treturn backoff.Retry(func() error {
\t// ^ layer ×3 RL001
\t\t_, err := client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: "gpt-4o"})
\t\treturn err
\t}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2))
}

func main() {
\t_ = summarize(context.Background())
}
//! path 15 openai
`);
  });
  test("Python: an inline self.client.with_options(max_retries=0) sends that request with its own count", async () => {
    await checkFixture(`
//! rules RL001
//- bot/llm.py
from openai import OpenAI
from tenacity import retry, stop_after_attempt, wait_random_exponential


class Summarizer:
    def __init__(self):
        self.client = OpenAI()
        # ^ layer ×3 RL001

    @retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=10))
    # ^ layer ×3
    def fast(self, text):
        return self.client.with_options(max_retries=0).chat.completions.create(model="m", messages=[])
        # ^ layer ×1

    @retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=10))
    # ^ layer ×3 RL001
    def slow(self, text):
        return self.client.with_options(timeout=120).chat.completions.create(model="m", messages=[])


def handler():
    s = Summarizer()
    s.fast("a")
    s.slow("b")
//! path 3 openai
//! path 9 openai
`);
  });
  test("TypeScript: per-request { maxRetries: 0 } under p-retry leaves p-retry's 6; withOptions({ maxRetries: 1 }) inline → 2 × 6", async () => {
    await checkFixture(`
//! rules RL001
//- bot/src/ask.ts
import OpenAI from "openai";
import pRetry from "p-retry";

const client = new OpenAI();
// ^ layer ×3

export async function once(q: string) {
  return pRetry(() => client.chat.completions.create({ model: "m", messages: [] }, { maxRetries: 0 }), { retries: 5, randomize: true });
  // ^ layer ×6 RL001
  // ^ layer ×1
}

export async function twice(q: string) {
  return pRetry(() => client.withOptions({ maxRetries: 1 }).chat.completions.create({ model: "m", messages: [] }), { retries: 5, randomize: true });
  // ^ layer ×6 RL001
  // ^ layer ×2 RL001
}
//! path 6 openai
//! path 12 openai
`);
  });
});
