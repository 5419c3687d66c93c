// Microsoft Graph Java (docs/reference/msgraph.md "Java"): the default chain's kiota-java RetryHandler
// retries 3 times → 4 attempts (429/503/504, Retry-After); RetryHandlerOption(shouldRetry, n, delay)
// counts retries and 0 turns them off; KiotaClientFactory.create(interceptors) without a RetryHandler
// does not retry, while GraphClientFactory keeps its own RetryHandler.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { java, kotlin } from "./helpers";
import { checkFixture } from "../../harness";

const file = (body: string) => `
package com.shop;

import com.microsoft.graph.core.requests.GraphClientFactory;
import com.microsoft.graph.serviceclient.GraphServiceClient;
import com.microsoft.kiota.http.KiotaClientFactory;
import com.microsoft.kiota.http.middleware.RetryHandler;
import com.microsoft.kiota.http.middleware.UserAgentHandler;
import com.microsoft.kiota.http.middleware.options.RetryHandlerOption;
import com.microsoft.kiota.RequestOption;
import okhttp3.Interceptor;
import okhttp3.OkHttpClient;

public class Mail {
${body}
}
`;

describe("microsoft-graph (Java) attempts", () => {
  const cases: Array<[string, string, number | "none", "config" | "default" | null]> = [
    ["new GraphServiceClient(credential, scopes): default 3 → 4", `  private final GraphServiceClient graph = new GraphServiceClient(credential, "https://graph.microsoft.com/.default");`, 4, "default"],
    ["KiotaClientFactory.create(interceptors) with RetryHandler(RetryHandlerOption(null, 5, 2)) → 6", `  void m() { Interceptor[] interceptors = new Interceptor[] { new RetryHandler(new RetryHandlerOption(null, 5, 2)) }; GraphServiceClient g = new GraphServiceClient(auth, KiotaClientFactory.create(interceptors).build()); }`, 6, "config"],
    ["maxRetries 0 turns retries off → 1", `  void m() { GraphServiceClient g = new GraphServiceClient(auth, KiotaClientFactory.create(new Interceptor[] { new RetryHandler(new RetryHandlerOption(null, 0, 3)) }).build()); }`, 1, "config"],
    ["maxRetries from a constant", `  static final int RETRIES = 2;\n  void m() { GraphServiceClient g = new GraphServiceClient(auth, KiotaClientFactory.create(new Interceptor[] { new RetryHandler(new RetryHandlerOption(null, RETRIES, 3)) }).build()); }`, 3, "config"],
    ["KiotaClientFactory.create(requestOptions) with a RetryHandlerOption → its count", `  void m() { GraphServiceClient g = new GraphServiceClient(auth, KiotaClientFactory.create(new RequestOption[] { new RetryHandlerOption(null, 1, 3) }).build()); }`, 2, "config"],
    // the trap: GraphClientFactory.create(interceptors…) skips a RetryHandler, its default chain has one
    ["GraphClientFactory.create(new RetryHandler(option)) keeps the default 3 → 4", `  void m() { GraphServiceClient g = new GraphServiceClient(auth, GraphClientFactory.create(new RetryHandler(new RetryHandlerOption(null, 8, 3))).build()); }`, 4, "default"],
    // the trap: a custom chain without a RetryHandler does not retry at all
    ["KiotaClientFactory.create(interceptors) without a RetryHandler: no layer", `  void m() { GraphServiceClient g = new GraphServiceClient(auth, KiotaClientFactory.create(new Interceptor[] { new UserAgentHandler() }).build()); }`, "none", null],
    ["a plain OkHttpClient has no Graph RetryHandler: no layer", `  void m() { GraphServiceClient g = new GraphServiceClient(auth, new OkHttpClient.Builder().build()); }`, "none", null],
  ];
  for (const [name, body, expected, source] of cases) {
    test(name, async () => {
      const facts = await java(file(body));
      const layers = facts.layers.filter((l) => l.kind === "msgraph-retry-handler");
      if (expected === "none") return assert.equal(layers.length, 0, layers.map((l) => l.attemptsNote).join("; "));
      assert.equal(layers.length, 1, layers.map((l) => l.attemptsNote).join("; "));
      assert.equal(layers[0]!.maxAttempts, expected, layers[0]!.attemptsNote);
      assert.equal(layers[0]!.attemptsSource, source);
      // the hover says where the number came from
      assert.match(layers[0]!.attemptsNote, source === "default" ? /default RetryHandler/ : /RetryHandlerOption maxRetries/);
      assert.deepEqual(layers[0]!.condition.statuses, [429, 503, 504]);
      assert.equal(layers[0]!.condition.honoursRetryAfter, true);
    });
  }
  test("Kotlin: GraphServiceClient(credential, scopes) is the default 3 → 4; a request chain is one request", async () => {
    const facts = await kotlin(`package com.shop

import com.microsoft.graph.serviceclient.GraphServiceClient

class Mail(private val credential: Any) {
    private val graph = GraphServiceClient(credential, "https://graph.microsoft.com/.default")
    fun inbox() = graph.me().messages().get()
}
`);
    assert.deepEqual(facts.layers.map((l) => [l.kind, l.maxAttempts]), [["msgraph-retry-handler", 4]]);
    assert.deepEqual(facts.calls.map((c) => c.callee).sort(), ["graph.get", "graph__builder.me", "graph__builder.messages"]);
  });
  test("no Graph or Kiota import: an app's own GraphServiceClient is nothing", async () => {
    const facts = await java(`package com.shop;\n\nimport com.shop.graph.GraphServiceClient;\n\npublic class Mail {\n  private final GraphServiceClient graph = new GraphServiceClient(cred);\n  void m() { graph.me().get(); }\n}\n`);
    assert.equal(facts.layers.length, 0);
  });
  test("a request chain is one request; a per-request RetryHandlerOption is a layer of its own", async () => {
    const facts = await java(file(`  private final GraphServiceClient graph = new GraphServiceClient(credential);
  void m() {
    graph.users().byUserId("u").messages().get();
    graph.me().sendMail().post(body, rc -> { rc.options.add(new RetryHandlerOption(null, 1, 3)); });
  }`));
    const callees = facts.calls.map((c) => c.callee);
    assert.ok(callees.includes("graph.get"));
    assert.ok(callees.includes("graph__builder.byUserId"));
    assert.ok(callees.some((c) => /^graph__request@\d+:\d+\.post$/.test(c)), callees.join(", "));
    assert.deepEqual(facts.layers.map((l) => l.maxAttempts).sort(), [2, 4]);
  });
});

describe("microsoft-graph (Java) linking", () => {
  test("a Spring @Retryable around a Graph call multiplies the RetryHandler: 3 × 4; one request per chain", async () => {
    const result = await checkFixture(`
//! rules RL009
//- mail/src/main/java/com/shop/Mail.java
package com.shop;

import com.microsoft.graph.serviceclient.GraphServiceClient;
import org.springframework.retry.annotation.Retryable;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class Mail {
    private final GraphServiceClient graph = new GraphServiceClient(credential, "https://graph.microsoft.com/.default");
// ^ layer ×4

    @GetMapping("/inbox")
    @Retryable(maxAttempts = 3)
// ^ layer ×3 RL009
    public Object inbox() {
        return graph.me().messages().get();
    }
}
//! path 12 graph.microsoft.com
`);
    assert.equal(result.model.paths.filter((p) => p.target === "graph.microsoft.com").length, 1);
  });
});
