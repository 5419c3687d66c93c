// Microsoft Graph .NET (docs/reference/msgraph.md ".NET"): the default chain's Kiota RetryHandler
// retries 3 times → 4 attempts (429/503/504, Retry-After); RetryHandlerOption.MaxRetry counts
// retries and 0 turns them off; a handler list without a RetryHandler, or a plain HttpClient, does not retry.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { cs } from "./helpers";
import { checkFixture } from "../../harness";

const file = (body: string, usings = "") => `
using Microsoft.Graph;
using Microsoft.Kiota.Http.HttpClientLibrary.Middleware;
using Microsoft.Kiota.Http.HttpClientLibrary.Middleware.Options;
${usings}
namespace Mail;

public class Inbox
{
${body}
}
`;

describe("Microsoft.Graph (.NET) attempts", () => {
  const cases: Array<[string, string, number | null | "none", "config" | "default" | null]> = [
    ["new GraphServiceClient(credential, scopes): default 3 → 4", `    private readonly GraphServiceClient _graph = new GraphServiceClient(new DefaultAzureCredential(), new[] { "https://graph.microsoft.com/.default" });`, 4, "default"],
    ["new GraphServiceClient(authProvider): default", `    public void M(IAuthenticationProvider auth) { var graph = new GraphServiceClient(auth); }`, 4, "default"],
    ["GraphClientFactory.Create() HttpClient: the default handlers", `    public void M() { var http = GraphClientFactory.Create(); var graph = new GraphServiceClient(http); }`, 4, "default"],
    ["a handler list's RetryHandlerOption { MaxRetry = 5 } counts retries → 6", `    public void M() { var handlers = new List<DelegatingHandler> { new RetryHandler(new RetryHandlerOption { MaxRetry = 5 }) }; var graph = new GraphServiceClient(GraphClientFactory.Create(handlers)); }`, 6, "config"],
    ["MaxRetry = 0 turns retries off → 1", `    public void M() { var handlers = new List<DelegatingHandler> { new RetryHandler(new RetryHandlerOption { MaxRetry = 0 }) }; var graph = new GraphServiceClient(GraphClientFactory.Create(handlers)); }`, 1, "config"],
    ["MaxRetry from a constant of the file", `    private const int GraphRetries = 2;\n    public void M() { var option = new RetryHandlerOption { MaxRetry = GraphRetries }; var graph = new GraphServiceClient(KiotaClientFactory.Create(KiotaClientFactory.CreateDefaultHandlers(new IRequestOption[] { option }))); }`, 3, "config"],
    ["new RetryHandler() in the list: the default", `    public void M() { var graph = new GraphServiceClient(GraphClientFactory.Create(new List<DelegatingHandler> { new RetryHandler(), new RedirectHandler() })); }`, 4, "default"],
    // the trap: a custom chain without a RetryHandler does not retry at all
    ["a handler list without a RetryHandler: no layer", `    public void M() { var graph = new GraphServiceClient(GraphClientFactory.Create(new List<DelegatingHandler> { new RedirectHandler(), new UserAgentHandler() })); }`, "none", null],
    ["a plain HttpClient has no Graph RetryHandler: no layer", `    public void M() { var graph = new GraphServiceClient(new HttpClient()); }`, "none", null],
    ["MaxRetry from a setting: count resolved at link time", `    public void M(IConfiguration config) { var handlers = new List<DelegatingHandler> { new RetryHandler(new RetryHandlerOption { MaxRetry = config.GetValue<int>("Graph:Retries") }) }; var graph = new GraphServiceClient(GraphClientFactory.Create(handlers)); }`, null, "config"],
  ];
  for (const [name, body, expected, source] of cases) {
    test(name, async () => {
      const facts = await cs(file(body));
      const layers = facts.layers.filter((l) => l.kind === "msgraph-retry-handler");
      if (expected === "none") return assert.equal(layers.length, 0, layers.map((l) => l.attemptsNote).join("; "));
      assert.equal(layers.length, 1, layers.map((l) => l.attemptsNote).join("; "));
      const layer = layers[0]!;
      assert.equal(layer.maxAttempts, expected, layer.attemptsNote);
      assert.equal(layer.attemptsSource, source);
      // the hover says where the number came from
      assert.match(layer.attemptsNote, source === "default" ? /default RetryHandler|RetryHandler\(\)/ : /RetryHandlerOption\.MaxRetry/);
      assert.deepEqual(layer.condition.statuses, [429, 503, 504]);
      assert.equal(layer.condition.honoursRetryAfter, true);
      // Kiota .NET waits Delay × 2^n with no random part
      assert.equal(layer.wait.jitter, false);
      if (expected === null) assert.ok(layer.configRef, "a count read from a setting is resolved by the linker");
    });
  }
  test("no Microsoft.Graph using: an app's own GraphServiceClient is nothing", async () => {
    const facts = await cs(`using Shop.Graph;\nnamespace Mail;\npublic class P { public void M() { var g = new GraphServiceClient(cred); g.Me.GetAsync(); } }\n`);
    assert.equal(facts.layers.length, 0);
    assert.equal(facts.clients.filter((c) => c.library === "msgraph").length, 0);
  });
  test("a `client` local of another method is not the Graph client", async () => {
    const facts = await cs(file(`    public async Task A() { var client = new GraphServiceClient(new DefaultAzureCredential()); await client.Me.Messages.GetAsync(); }
    public void B() { var client = new HttpClient(); client.DefaultRequestHeaders.Add("a", "b"); }`));
    const callees = facts.calls.map((c) => c.callee);
    assert.ok(callees.includes("client.GetAsync"), callees.join(", "));
    assert.ok(!callees.some((c) => c.startsWith("client__builder.")), callees.join(", "));
  });
  test("a request chain is one request; the builder steps are not; a per-request option is a layer of its own", async () => {
    const facts = await cs(file(`    private readonly GraphServiceClient _graph;
    public Inbox(GraphServiceClient graph) { _graph = graph; }
    public async Task Run()
    {
        await _graph.Users["id"].Messages.GetAsync(r => r.QueryParameters.Top = 5);
        await _graph.Users.WithUrl("next").GetAsync();
        await _graph.Me.SendMail.PostAsync(body, rc => rc.Options.Add(new RetryHandlerOption { MaxRetry = 0 }));
    }`));
    const callees = facts.calls.map((c) => c.callee);
    assert.ok(callees.includes("_graph.GetAsync"));
    assert.ok(callees.includes("_graph__builder.WithUrl"));
    assert.ok(callees.some((c) => /^_graph__request@\d+:\d+\.PostAsync$/.test(c)));
    const attempts = facts.layers.map((l) => l.maxAttempts).sort();
    // the injected client's default, and the per-request MaxRetry 0
    assert.deepEqual(attempts, [1, 4]);
  });
});

describe("Microsoft.Graph (.NET) linking", () => {
  test("MaxRetry read from appsettings.json: the setting's value counts retries (1 → 2)", async () => {
    await checkFixture(`
//- Mail/Mail.csproj
//- Mail/appsettings.json
{ "Graph": { "Retries": 1 } }
//- Mail/Inbox.cs
using Microsoft.Graph;
using Microsoft.Kiota.Http.HttpClientLibrary.Middleware;
using Microsoft.Kiota.Http.HttpClientLibrary.Middleware.Options;

namespace Mail;

public class Inbox
{
    public GraphServiceClient Build(IConfiguration config) =>
        new GraphServiceClient(GraphClientFactory.Create(new List<DelegatingHandler> { new RetryHandler(new RetryHandlerOption { MaxRetry = config.GetValue<int>("Graph:Retries") }) }));
    // ^ layer ×2
}
//! rules RL009
`);
  });
  test("a Polly retry around a Graph call multiplies the RetryHandler: 2 × 4", async () => {
    await checkFixture(`
//! rules RL009
//- Mail/Mail.csproj
<Project Sdk="Microsoft.NET.Sdk.Web">
  <ItemGroup>
    <PackageReference Include="Microsoft.Graph" Version="5.56.0" />
    <PackageReference Include="Polly" Version="8.4.0" />
  </ItemGroup>
</Project>
//- Mail/Program.cs
using Mail;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddSingleton<Inbox>();
var app = builder.Build();
app.MapGet("/inbox", (Inbox inbox) => inbox.Latest());
app.Run();
//- Mail/Inbox.cs
using Microsoft.Graph;
using Polly;
using Polly.Retry;

namespace Mail;

public class Inbox
{
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder().AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 1, UseJitter = true }).Build();
    // ^ layer ×2 RL009
    private readonly GraphServiceClient _graph = new GraphServiceClient(new Azure.Identity.DefaultAzureCredential());
    // ^ layer ×4

    public async Task<object?> Latest() => await Retry.ExecuteAsync(async ct => await _graph.Me.Messages.GetAsync(cancellationToken: ct));
}
//! path 8 graph.microsoft.com
`);
  });
});
