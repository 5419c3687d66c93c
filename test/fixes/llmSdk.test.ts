/**
 * Fixes on OpenAI / Anthropic SDK clients (docs/reference/openai-sdk.md): the SDKs' only retry
 * option is the count, which counts RETRIES (max_retries / maxRetries / ClientRetryPolicy(N)),
 * so turning a client's retries off writes 0 and lowering to N attempts writes N − 1.
 */
import { fixCases } from "./fixCases";

fixCases("openai / anthropic SDKs", [
  {
    name: "Python OpenAI() under a tenacity retry: turn the SDK's retries off with max_retries=0",
    workspace: `
//- bot/llm.py
from openai import OpenAI
from tenacity import retry, stop_after_attempt, wait_random_exponential

client = OpenAI()


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=10))
def summarize(text):
    return client.chat.completions.create(model="gpt-4o", messages=[])
`,
    finding: "RL001 bot/llm.py:4",
    fix: "Turn off openai SDK retries",
    after: `
//- bot/llm.py
from openai import OpenAI
from tenacity import retry, stop_after_attempt, wait_random_exponential

client = OpenAI(max_retries=0)


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=10))
def summarize(text):
    return client.chat.completions.create(model="gpt-4o", messages=[])
`,
  },
  {
    name: "Python Anthropic(max_retries=5) alone over the threshold: lowered to 3 attempts (max_retries=2)",
    workspace: `
//- bot/llm.py
import anthropic

claude = anthropic.Anthropic(max_retries=5)


def ask(q):
    return claude.messages.create(model="claude", max_tokens=10, messages=[])
`,
    finding: "RL001 bot/llm.py:3",
    fix: "Lower to 3 attempts",
    after: `
//- bot/llm.py
import anthropic

claude = anthropic.Anthropic(max_retries=2)


def ask(q):
    return claude.messages.create(model="claude", max_tokens=10, messages=[])
`,
  },
  {
    name: "TypeScript new OpenAI() under p-retry: maxRetries: 0 passed as options",
    workspace: `
//- bot/package.json
{ "name": "bot", "dependencies": { "openai": "^4.77.0", "p-retry": "^6.2.0" } }
//- bot/src/llm.ts
import OpenAI from "openai";
import pRetry from "p-retry";

const client = new OpenAI();

export async function summarize(text: string) {
  return pRetry(() => client.chat.completions.create({ model: "gpt-4o", messages: [] }), { retries: 2, randomize: true });
}
`,
    finding: "RL001 bot/src/llm.ts:4",
    fix: "Turn off openai SDK retries",
    after: `
//- bot/src/llm.ts
import OpenAI from "openai";
import pRetry from "p-retry";

const client = new OpenAI({ maxRetries: 0 });

export async function summarize(text: string) {
  return pRetry(() => client.chat.completions.create({ model: "gpt-4o", messages: [] }), { retries: 2, randomize: true });
}
`,
  },
  {
    name: "TypeScript new Anthropic({ maxRetries: 6 }): lowered to 3 attempts (maxRetries: 2)",
    workspace: `
//- bot/src/ask.ts
import Anthropic from "@anthropic-ai/sdk";

const claude = new Anthropic({ apiKey: process.env.KEY, maxRetries: 6 });

export async function ask(q: string) {
  return claude.messages.create({ model: "claude", max_tokens: 10, messages: [] });
}
`,
    finding: "RL001 bot/src/ask.ts:3",
    fix: "Lower to 3 attempts",
    after: `
//- bot/src/ask.ts
import Anthropic from "@anthropic-ai/sdk";

const claude = new Anthropic({ apiKey: process.env.KEY, maxRetries: 2 });

export async function ask(q: string) {
  return claude.messages.create({ model: "claude", max_tokens: 10, messages: [] });
}
`,
  },
  {
    name: "C# OpenAIClientOptions RetryPolicy = new ClientRetryPolicy(6): lowered to 3 attempts (ClientRetryPolicy(2))",
    workspace: `
//- Svc/Summarizer.cs
using OpenAI;
using System.ClientModel;
using System.ClientModel.Primitives;

namespace Shop;

public class Summarizer
{
    private readonly OpenAIClient _client = new OpenAIClient(new ApiKeyCredential("k"), new OpenAIClientOptions { RetryPolicy = new ClientRetryPolicy(6) });

    public string Run(string text)
    {
        var chat = _client.GetChatClient("gpt-4o");
        return chat.CompleteChat(text).Value.Content[0].Text;
    }
}
`,
    finding: "RL001 Svc/Summarizer.cs:9",
    fix: "Lower to 3 attempts",
    after: `
//- Svc/Summarizer.cs
using OpenAI;
using System.ClientModel;
using System.ClientModel.Primitives;

namespace Shop;

public class Summarizer
{
    private readonly OpenAIClient _client = new OpenAIClient(new ApiKeyCredential("k"), new OpenAIClientOptions { RetryPolicy = new ClientRetryPolicy(2) });

    public string Run(string text)
    {
        var chat = _client.GetChatClient("gpt-4o");
        return chat.CompleteChat(text).Value.Content[0].Text;
    }
}
`,
  },
  {
    name: "Go openai.NewClient(option.WithMaxRetries(4)) under backoff.Retry: turned off with WithMaxRetries(0)",
    workspace: `
//- bot/go.mod
module example.com/bot

go 1.22
//- bot/main.go
package main

import (
	"context"

	"github.com/cenkalti/backoff/v4"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

var client = openai.NewClient(option.WithAPIKey("k"), option.WithMaxRetries(4))

func summarize(ctx context.Context) error {
	return backoff.Retry(func() error {
		_, err := client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: "gpt-4o"})
		return err
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2))
}

func main() {
	_ = summarize(context.Background())
}
`,
    finding: "RL001 bot/main.go:11",
    fix: "Turn off openai SDK retries",
    after: `
//- bot/main.go
package main

import (
	"context"

	"github.com/cenkalti/backoff/v4"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

var client = openai.NewClient(option.WithAPIKey("k"), option.WithMaxRetries(0))

func summarize(ctx context.Context) error {
	return backoff.Retry(func() error {
		_, err := client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{Model: "gpt-4o"})
		return err
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 2))
}

func main() {
	_ = summarize(context.Background())
}
`,
  },
]);
