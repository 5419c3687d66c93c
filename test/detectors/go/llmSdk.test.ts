// openai-go / anthropic-sdk-go — docs/reference/openai-sdk.md (§ Go): every request config starts
// from MaxRetries 2 → 3 attempts; option.WithMaxRetries(N) counts retries → N+1; 0 → 1.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { go } from "./helpers";

const file = (imports: string[], body: string) => `package bot

import (
${imports.map((i) => `\t"${i}"`).join("\n")}
)

func run() {
\t${body}
\t_ = c
}
`;

describe("openai-go / anthropic-sdk-go clients: attempts", () => {
  const cases: Array<[string[], string, number | null, "config" | "default", string, RegExp]> = [
    [["github.com/openai/openai-go"], `c := openai.NewClient()`, 3, "default", "openai-sdk", /default MaxRetries 2 → 3 attempts \(openai-go\)/],
    [["github.com/openai/openai-go/v3", "github.com/openai/openai-go/v3/option"], `c := openai.NewClient(option.WithMaxRetries(5))`, 6, "config", "openai-sdk", /WithMaxRetries\(5\) counts retries → 6 attempts/],
    [["github.com/openai/openai-go/v2", "github.com/openai/openai-go/v2/option"], `c := openai.NewClient(option.WithAPIKey("k"), option.WithMaxRetries(0))`, 1, "config", "openai-sdk", /turns the SDK's retries off → 1 attempt/],
    [["github.com/anthropics/anthropic-sdk-go"], `c := anthropic.NewClient()`, 3, "default", "anthropic-sdk", /anthropic-sdk-go/],
    [["github.com/anthropics/anthropic-sdk-go", "github.com/anthropics/anthropic-sdk-go/option"], `c := anthropic.NewClient(option.WithMaxRetries(n))`, null, "config", "anthropic-sdk", /not known statically/],
  ];
  for (const [imports, line, expected, source, kind, note] of cases) {
    test(`${line} → ${expected ?? "unknown"}`, async () => {
      const facts = await go(file(imports, line));
      const layers = facts.layers.filter((l) => l.kind === kind);
      assert.equal(layers.length, 1, JSON.stringify(facts.layers.map((l) => l.kind)));
      const l = layers[0]!;
      assert.equal(l.maxAttempts, expected);
      assert.equal(l.attemptsSource, source);
      assert.match(l.attemptsNote, note);
      assert.equal(l.countUnknown ?? false, expected === null);
      assert.deepEqual([l.wait.kind, l.wait.jitter, l.wait.maxSeconds], ["exponential", true, 8]);
      assert.ok(l.condition.statuses.includes(409));
    });
  }
  test("a call on a service field of the client is written as a call on the client (for the linker)", async () => {
    const facts = await go(`package bot

import (
\t"context"
\t"github.com/openai/openai-go/v3"
)

func run(ctx context.Context) {
\tc := openai.NewClient()
\t_, _ = c.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{})
}
`);
    assert.ok(facts.calls.some((c) => c.callee === "c.New"), JSON.stringify(facts.calls.map((c) => c.callee)));
    assert.equal(facts.clients[0]?.sdk?.target, "sdk://openai");
  });
  test("near miss: sashabaranov/go-openai (no retries of its own) is not this family", async () => {
    const facts = await go(file(["github.com/sashabaranov/go-openai"], `c := openai.NewClient("key")`));
    assert.deepEqual(facts.layers, []);
  });
});
