// OpenAI .NET clients consumed through dependency injection (docs/reference/openai-sdk.md,
// "Targets (linking)"; engine/dotnetAi.ts): a call on an IChatClient / IEmbeddingGenerator
// (Microsoft.Extensions.AI) or on an injected OpenAI client type goes through the OpenAI client the
// services running it build or register; and SDK defaults that only a console tool runs, wrapped
// by no layer of the tool, are off the request paths (engine/dotnetTools.ts).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

const SERVICE_DEFAULTS = `//- src/ServiceDefaults/ServiceDefaults.csproj
//- src/ServiceDefaults/Extensions.cs
namespace Microsoft.Extensions.Hosting;
public static class Extensions
{
    public static IHostApplicationBuilder AddServiceDefaults(this IHostApplicationBuilder builder)
    {
        builder.Services.ConfigureHttpClientDefaults(http =>
        {
            http.AddStandardResilienceHandler();
// ^ layer ×4 RL001
        });
        return builder;
    }
}
`;

const APP_HOST = `//- src/AppHost/AppHost.csproj
//- src/AppHost/Program.cs
var builder = DistributedApplication.CreateBuilder(args);
var api = builder.AddProject<Projects.Shop_Api>("api");
builder.AddProject<Projects.Shop_Web>("web").WithReference(api);
builder.Build().Run();
`;

const WEB = `//- src/Web/Shop.Web.csproj
//- src/Web/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.Services.AddHttpClient<ApiClient>(c => c.BaseAddress = new Uri("https+http://api"));
var app = builder.Build();
app.Run();
public class ApiClient(HttpClient http)
{
    public Task<string> AskAsync(string q) => http.GetStringAsync($"/ask/{q}");
}
`;

/** an API whose /ask handler calls `Assistant`, which holds the AI abstraction `field` (declared as `type`) */
const api = (registration: string, type: string, call: string, usings = "using Microsoft.Extensions.AI;\nusing Azure.AI.OpenAI;\nusing OpenAI;\n") => `//- src/Api/Shop.Api.csproj
//- src/Api/Program.cs
${usings}var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
${registration}
builder.Services.AddSingleton<Assistant>();
var app = builder.Build();
app.MapGet("/ask/{q}", (string q, Assistant a) => a.AskAsync(q));
app.Run();
//- src/Api/Assistant.cs
${usings}namespace Shop.Api;
public class Assistant
{
    private readonly ${type} _ai;
    public Assistant(${type} ai) { _ai = ai; }
    public async Task<string> AskAsync(string q)
    {
        var r = await _ai.${call};
        return r.ToString();
    }
}
`;

describe("OpenAI clients reached through dependency injection", () => {
  const cases: Array<{ name: string; registration: string; type: string; call: string; target: string; usings?: string }> = [
    {
      name: "IChatClient registered with AddChatClient over a module-level AzureOpenAIClient",
      registration: `var aoai = new AzureOpenAIClient(new Uri(builder.Configuration["Endpoint"]!), new ApiKeyCredential(builder.Configuration["Key"]!));
// ^ layer ×4 RL001
builder.Services.AddChatClient(aoai.GetChatClient("gpt-4o").AsIChatClient());`,
      type: "IChatClient",
      call: "GetResponseAsync(q)",
      target: "azure-openai",
    },
    {
      name: "IEmbeddingGenerator<string, Embedding<float>> over an OpenAIClient registered by a factory lambda",
      registration: `builder.Services.AddSingleton<OpenAIClient>(_ => new OpenAIClient(builder.Configuration["Key"]!));
// ^ layer ×4 RL001
builder.Services.AddEmbeddingGenerator(sp => sp.GetRequiredService<OpenAIClient>().GetEmbeddingClient("e3").AsIEmbeddingGenerator());`,
      type: "IEmbeddingGenerator<string, Embedding<float>>",
      call: "GenerateVectorAsync(q)",
      target: "openai",
    },
    {
      name: "an injected OpenAI ChatClient (OpenAI.Chat) registered for injection",
      registration: `builder.Services.AddSingleton(new ChatClient("gpt-4o", builder.Configuration["Key"]!));
// ^ layer ×4 RL001`,
      type: "ChatClient",
      call: "CompleteChatAsync(q)",
      target: "openai",
      usings: "using OpenAI;\nusing OpenAI.Chat;\n",
    },
    {
      // Aspire.Azure.AI.OpenAI: OpenAIClient or AzureOpenAIClient as the connection string says, SDK default retries
      name: "IChatClient from Aspire's AddOpenAIClientFromConfiguration(…).AddChatClient()",
      registration: `builder.AddOpenAIClientFromConfiguration("chatModel")
// ^ layer ×4 RL001
    .AddChatClient();`,
      type: "IChatClient",
      call: "GetResponseAsync(q)",
      target: "openai",
      usings: "using Microsoft.Extensions.AI;\n",
    },
    {
      name: "IChatClient from Aspire's AddOpenAIClient(…).AddChatClient(…)",
      registration: `builder.AddOpenAIClient("openai")
// ^ layer ×4 RL001
    .AddChatClient("gpt-4o");`,
      type: "IChatClient",
      call: "GetResponseAsync(q)",
      target: "openai",
      usings: "using Microsoft.Extensions.AI;\n",
    },
    {
      name: "IEmbeddingGenerator from Aspire's AddAzureOpenAIClient with a RetryPolicy set in its client builder",
      registration: `builder.AddAzureOpenAIClient("aoai", configureClientBuilder: b => b.ConfigureOptions(o => o.RetryPolicy = new ClientRetryPolicy(2)))
// ^ layer ×3 RL001
    .AddEmbeddingGenerator();`,
      type: "IEmbeddingGenerator<string, Embedding<float>>",
      call: "GenerateVectorAsync(q)",
      target: "azure-openai",
      usings: "using Microsoft.Extensions.AI;\nusing System.ClientModel.Primitives;\n",
    },
  ];
  for (const c of cases) {
    const sdk = Number(/layer ×(\d+)/.exec(c.registration)![1]);
    test(`${c.name}: web's standard handler ×4 → the SDK pipeline ×${sdk}`, async () => {
      await checkFixture(`${SERVICE_DEFAULTS}${APP_HOST}${WEB}${api(c.registration, c.type, c.call, c.usings)}//! rules RL001
//! path ${4 * sdk} ${c.target}
`);
    });
  }

  test("a registration in a shared project counts for the services calling it", async () => {
    await checkFixture(`${SERVICE_DEFAULTS}${APP_HOST}${WEB}//- src/AiDefaults/AiDefaults.csproj
//- src/AiDefaults/AiExtensions.cs
using Azure.AI.OpenAI;
using Microsoft.Extensions.AI;
namespace Microsoft.Extensions.Hosting;
public static class AiExtensions
{
    public static void AddAssistantChat(this IHostApplicationBuilder builder, Uri endpoint, string key)
    {
        builder.Services.AddSingleton(_ => new AzureOpenAIClient(endpoint, new ApiKeyCredential(key)));
// ^ layer ×4 RL001
        builder.Services.AddChatClient(sp => sp.GetRequiredService<AzureOpenAIClient>().GetChatClient("gpt-4o").AsIChatClient());
    }
}
${api(`builder.AddAssistantChat(new Uri("https://x.openai.azure.com"), "k");`, "IChatClient", "GetResponseAsync(q)")}//! rules RL001
//! path 16 azure-openai
`);
  });

  test("near miss: an IChatClient of a service that builds no OpenAI client is not sent to another service's", async () => {
    const result = await checkFixture(`${SERVICE_DEFAULTS}${APP_HOST}${WEB}${api(`builder.Services.AddChatClient(new OllamaChatClient(new Uri("http://ollama:11434"), "llama3"));`, "IChatClient", "GetResponseAsync(q)")}//- src/Other/Other.csproj
//- src/Other/Program.cs
using Azure.AI.OpenAI;
var builder = WebApplication.CreateBuilder(args);
var client = new AzureOpenAIClient(new Uri("https://x.openai.azure.com"), new ApiKeyCredential("k"));
// ^ layer ×4
var app = builder.Build();
app.MapGet("/summary", async () => await client.GetChatClient("gpt-4o").CompleteChatAsync("x"));
app.Run();
//! rules RL001
`);
    assert.deepEqual(result.model.paths.filter((p) => /openai/.test(p.target)).map((p) => p.target), []);
  });

  test("near miss: a workspace class named like an SDK client is not the SDK", async () => {
    const result = await checkFixture(`${SERVICE_DEFAULTS}${APP_HOST}${WEB}${api(`var aoai = new AzureOpenAIClient(new Uri("https://x.openai.azure.com"), new ApiKeyCredential("k"));
// ^ layer ×4`, "ChatClient", "CompleteChatAsync(q)", "using OpenAI;\nusing Azure.AI.OpenAI;\n")}//- src/Api/ChatClient.cs
namespace Shop.Api;
public class ChatClient { public Task<string> CompleteChatAsync(string q) => Task.FromResult(q); }
//! rules RL001
`);
    assert.deepEqual(result.model.paths.filter((p) => /openai/.test(p.target)).map((p) => p.target), []);
  });
});

describe("SDK defaults of .NET console tools", () => {
  const tool = (body: string) => `//- src/Evaluator/Evaluator.csproj
//- src/Evaluator/Program.cs
using Azure.AI.OpenAI;
using Microsoft.Extensions.AI;
var chat = GetChat();
foreach (var q in new[] { "a", "b" })
{
${body}
}
static IChatClient GetChat()
{
    return new AzureOpenAIClient(new Uri("https://x.openai.azure.com"), new ApiKeyCredential("k")).GetChatClient("gpt-4o").AsIChatClient();
// ^ layer ×4
}
`;

  test("a lone SDK default that only a console tool runs is off-path", async () => {
    const result = await checkFixture(`${tool("    Console.WriteLine(await chat.GetResponseAsync(q));")}//! rules RL001
//! paths 0
`);
    assert.match(layerAt(result, "src/Evaluator/Program.cs:10").offPath ?? "", /console tool/);
  });

  test("wrapped by the tool's own retry loop it stays on the tool's path (5 × 4)", async () => {
    const result = await checkFixture(`//- src/DataGen/DataGen.csproj
//- src/DataGen/Program.cs
using Microsoft.Extensions.AI;
using Microsoft.Extensions.Hosting;
using Azure.AI.OpenAI;
var builder = Host.CreateApplicationBuilder(args);
builder.Services.AddSingleton(_ => new AzureOpenAIClient(new Uri("https://x.openai.azure.com"), new ApiKeyCredential("k")));
// ^ layer ×4 RL001
builder.Services.AddChatClient(sp => sp.GetRequiredService<AzureOpenAIClient>().GetChatClient("gpt-4o").AsIChatClient());
var services = builder.Build().Services;
await new Generator(services.GetRequiredService<IChatClient>()).RunAsync();
//- src/DataGen/Generator.cs
using Microsoft.Extensions.AI;
namespace Seeder;
public class Generator(IChatClient chat)
{
    public async Task RunAsync()
    {
        for (var attempt = 1; ; attempt++)
// ^ layer ×5 RL001
        {
            try
            {
                await chat.GetResponseAsync("make data");
                return;
            }
            catch (Exception) when (attempt < 5)
            {
                await Task.Delay(1000);
            }
        }
    }
}
//! rules RL001
//! path 20 azure-openai
`);
    assert.equal(layerAt(result, "src/DataGen/Program.cs:5").offPath, undefined);
  });

  const served: Array<[string, string, string?]> = [
    ["a web app", "var builder = WebApplication.CreateBuilder(args);\nvar app = builder.Build();\napp.MapGet(\"/ask\", async () => await GetChat().GetResponseAsync(\"x\"));\napp.Run();"],
    ["a worker host", "var builder = Host.CreateApplicationBuilder(args);\nbuilder.Services.AddHostedService<Worker>();\nbuilder.Build().Run();"],
    ["a console program built into an image (its own Dockerfile)", "Console.WriteLine(await GetChat().GetResponseAsync(\"x\"));", "//- src/Svc/Dockerfile\nFROM mcr.microsoft.com/dotnet/runtime:8.0\n"],
  ];
  for (const [name, program, extra] of served) {
    test(`near miss: in ${name} the same default stays active`, async () => {
      const result = await checkFixture(`//- src/Svc/Svc.csproj
//- src/Svc/Program.cs
using Azure.AI.OpenAI;
using Microsoft.Extensions.AI;
${program}
static IChatClient GetChat()
{
    return new AzureOpenAIClient(new Uri("https://x.openai.azure.com"), new ApiKeyCredential("k")).GetChatClient("gpt-4o").AsIChatClient();
}
${extra ?? ""}//! rules RL001
`.replace("GetChatClient(\"gpt-4o\").AsIChatClient();\n}", "GetChatClient(\"gpt-4o\").AsIChatClient();\n// ^ layer ×4\n}"));
      const layer = result.model.layers.find((l) => l.kind === "openai-sdk");
      assert.ok(layer);
      assert.equal(layer.offPath, undefined);
    });
  }
});
