// Microsoft Graph — docs/reference/msgraph.md: the default RetryHandler retries 3 times → 4
// attempts (429/503/504, Retry-After); RetryHandlerOptions(delay, maxRetries) counts retries.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { extract } from "./helpers";
import { py } from "../python/helpers";
import { checkFixture } from "../../harness";

const H = `import { Client, RetryHandler, RetryHandlerOptions, HTTPMessageHandler } from "@microsoft/microsoft-graph-client";\n`;

describe("@microsoft/microsoft-graph-client", () => {
  const cases: Array<[string, string, number | null | "none", string]> = [
    ["", "Client.init({ authProvider: (done) => done(null, token) })", 4, "default chain: 3 retries → 4"],
    ["", "Client.initWithMiddleware({ authProvider })", 4, "default chain"],
    ["const retry = new RetryHandler(new RetryHandlerOptions(5, 6));\n", "Client.initWithMiddleware({ middleware: [retry, new HTTPMessageHandler()] })", 7, "RetryHandlerOptions(delay, 6) → 7"],
    ["const retry = new RetryHandler(new RetryHandlerOptions(1, 0));\n", "Client.initWithMiddleware({ middleware: retry })", 1, "maxRetries 0 → off"],
    ["const retry = new RetryHandler();\n", "Client.initWithMiddleware({ middleware: retry })", 4, "RetryHandler without options: the default"],
    ["", "Client.initWithMiddleware({ middleware: new HTTPMessageHandler() })", "none", "a chain without a RetryHandler does not retry"],
  ];
  for (const [pre, expr, expected, why] of cases) {
    test(`${expr} → ${expected} (${why})`, () => {
      const facts = extract(`${H}${pre}const graph = ${expr};\n`);
      const layers = facts.layers.filter((l) => l.kind === "msgraph-retry-handler");
      if (expected === "none") return assert.equal(layers.length, 0);
      assert.equal(layers.length, 1);
      assert.equal(layers[0]!.maxAttempts, expected);
      assert.deepEqual(layers[0]!.condition.statuses, [429, 503, 504]);
      assert.equal(layers[0]!.condition.honoursRetryAfter, true);
    });
  }
  test("a request chain is one request to graph.microsoft.com; builder steps are not", async () => {
    await checkFixture(`
//! rules RL009
//- mail/package.json
{ "name": "mail" }
//- mail/src/graph.ts
import { Client } from "@microsoft/microsoft-graph-client";

const graph = Client.initWithMiddleware({ authProvider: provider });
// ^ layer ×4

export async function inbox() {
  return graph.api("/me/messages").select("subject").top(10).get();
}
//! path 4 graph.microsoft.com
//! paths 1
`);
  });
});

describe("msgraph-sdk (Python)", () => {
  test("GraphServiceClient: default RetryHandler 3 → 4; chained request builders are one request", async () => {
    const facts = await py(`from msgraph import GraphServiceClient\n\nclient = GraphServiceClient(credentials=cred, scopes=["https://graph.microsoft.com/.default"])\n\n\nasync def me(u):\n    return await client.users.by_user_id(u).messages.get()\n`);
    assert.equal(facts.layers.length, 1);
    assert.equal(facts.layers[0]!.maxAttempts, 4);
    assert.equal(facts.layers[0]!.attemptsSource, "default");
    assert.ok(facts.calls.some((c) => c.callee === "client.get"));
  });
  test("linked: a decorator around a Graph call multiplies the handler", async () => {
    await checkFixture(`
//! rules RL009
//- mail/graph.py
from msgraph import GraphServiceClient
from tenacity import retry, stop_after_attempt, wait_random_exponential

client = GraphServiceClient(credentials=None, scopes=[])
# ^ layer ×4


@retry(stop=stop_after_attempt(2), wait=wait_random_exponential(max=5))
# ^ layer ×2 RL009
async def send(u, body):
    await client.users.by_user_id(u).send_mail.post(body)
//! path 8 graph.microsoft.com
`);
  });
});
