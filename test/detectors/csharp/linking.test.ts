// Linking C#: a pipeline held by a property/field/variable wraps the lambda passed to Execute*.
import { describe, test } from "node:test";
import { checkFixture } from "../../harness";

describe("C# pipelines link to the calls they run", () => {
  test("static property pipeline in another file wraps the lambda's request (seed-polly-defaults shape)", async () => {
    await checkFixture(`
//- Checkout/Resilience.cs
using Polly;
namespace Checkout;
public static class Resilience
{
    public static ResiliencePipeline<HttpResponseMessage> Inventory { get; } =
        new ResiliencePipelineBuilder<HttpResponseMessage>()
            .AddRetry(new RetryStrategyOptions<HttpResponseMessage>())
// ^ layer ×4 RL001 RL004
            .Build();
}
//- Checkout/InventoryClient.cs
namespace Checkout;
public sealed class InventoryClient(HttpClient http)
{
    public async Task<HttpResponseMessage> StockAsync(string sku, CancellationToken ct) =>
        await Resilience.Inventory.ExecuteAsync(async token => await http.GetAsync($"http://inventory:8080/stock/{sku}", token), ct);
}
//! rules RL001,RL004
//! path 4 inventory
//! paths 1
`);
  });

  test("field pipeline with two retries multiplies (outermost first); an unused pipeline has no path", async () => {
    await checkFixture(`
//- Orders/Client.cs
namespace Orders;
public class Client
{
    private const string Payments = "http://payments:8080";
    private readonly HttpClient _http;
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true })
// ^ layer ×3 RL001
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 1, UseJitter = true, BackoffType = DelayBackoffType.Exponential })
// ^ layer ×2 RL001
        .Build();
    private readonly ResiliencePipeline _unused = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { UseJitter = true })
// ^ layer ×4
        .Build();
    public Task Pay() => _pipeline.ExecuteAsync(async ct => await _http.GetAsync(Payments + "/pay", ct));
}
//! rules RL001
//! path 6 payments
//! paths 1
`);
  });

  test("Polly v7 policy in a local variable; the code outside ExecuteAsync is not wrapped", async () => {
    await checkFixture(`
//- Api/Stock.cs
namespace Api;
public class Stock(HttpClient http)
{
    public async Task Run()
    {
        var policy = Policy.Handle<HttpRequestException>().WaitAndRetryAsync(4, i => TimeSpan.FromSeconds(Math.Pow(2, i)));
// ^ layer ×5 RL001
        await policy.ExecuteAsync(() => http.GetAsync("http://inventory/stock"));
        await http.GetAsync("http://pricing/quote");
    }
}
//! rules RL001
//! path 5 inventory
//! paths 1
`);
  });

  test("a suppression comment silences a finding on the AddRetry line", async () => {
    await checkFixture(`
//- Checkout/Resilience.cs
namespace Checkout;
public static class Resilience
{
    public static ResiliencePipeline Inventory { get; } = new ResiliencePipelineBuilder()
        // retry-lens: ignore RL004 -- only called at startup
        .AddRetry(new RetryStrategyOptions())
// ^ layer ×4
        .Build();
}
//! rules RL004
`);
  });
});

describe("C# HttpClient registrations carry client layers to typed clients (§3.8)", () => {
  test("AddHttpClient<T>(BaseAddress).AddStandardResilienceHandler() retries T's requests", async () => {
    await checkFixture(`
//- Checkout/Program.cs
using Checkout;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient<InventoryClient>(c => c.BaseAddress = new Uri("http://inventory:8080"))
    .AddStandardResilienceHandler();
// ^ layer ×4 RL001
//- Checkout/InventoryClient.cs
namespace Checkout;
public sealed class InventoryClient(HttpClient http)
{
    public Task<string> StockAsync(string sku) => http.GetStringAsync($"/stock/{sku}");
}
//! rules RL001
//! path 4 inventory
//! paths 1
`);
  });

  test("ConfigureHttpClientDefaults applies to every HttpClient of the service, under a code pipeline", async () => {
    await checkFixture(`
//- Shop/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.ConfigureHttpClientDefaults(http => http.AddStandardResilienceHandler());
// ^ layer ×4 RL001
//- Shop/Orders.cs
namespace Shop;
public class Orders
{
    private readonly HttpClient _http;
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 1, UseJitter = true })
// ^ layer ×2 RL001
        .Build();
    public Orders(HttpClient http) { _http = http; }
    public Task Get() => Retry.ExecuteAsync(async ct => await _http.GetAsync("http://orders/1", ct));
}
//! rules RL001
//! path 8 orders
//! paths 1
`);
  });
});

describe("C# calls through injected instances", () => {
  test("a controller calls an injected typed client inside its own pipeline: both layers multiply", async () => {
    await checkFixture(`
//- Shop/InventoryClient.cs
namespace Shop;
public class InventoryClient(HttpClient http)
{
    public Task<string> StockAsync(string sku) => http.GetStringAsync($"http://inventory/stock/{sku}");
}
//- Shop/StockController.cs
namespace Shop;
public class StockController : ControllerBase
{
    private readonly InventoryClient _inventory;
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true })
// ^ layer ×3 RL001
        .Build();
    public StockController(InventoryClient inventory) { _inventory = inventory; }
    [HttpGet("stock/{sku}")]
    public async Task<string> Get(string sku) => await _pipeline.ExecuteAsync(async ct => await _inventory.StockAsync(sku));
}
//- Shop/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient<Shop.InventoryClient>().AddStandardResilienceHandler();
// ^ layer ×4 RL001
//! rules RL001
//! path 12 inventory
//! paths 1
`);
  });
});

describe("Microsoft.Extensions.Http.Polly (Polly v7 on HttpClient registrations)", () => {
  test("AddPolicyHandler(Policy…WaitAndRetryAsync) and AddTransientHttpErrorPolicy retry the typed client's requests", async () => {
    await checkFixture(`
//- Shop/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient<Shop.Pricing>()
    .AddPolicyHandler(Policy<HttpResponseMessage>.Handle<HttpRequestException>().WaitAndRetryAsync(2, i => TimeSpan.FromSeconds(i)))
// ^ layer ×3 RL001
    .AddTransientHttpErrorPolicy(p => p.RetryAsync(1));
// ^ layer ×2 RL001
//- Shop/Pricing.cs
namespace Shop;
public class Pricing(HttpClient http)
{
    public Task<string> Quote() => http.GetStringAsync("http://pricing/quote");
}
//! rules RL001
//! path 6 pricing
//! paths 1
`);
  });
});

describe("Polly v8 pipeline registry (AddResiliencePipeline / GetPipeline)", () => {
  test("a keyed pipeline registered in Program.cs wraps ExecuteAsync on GetPipeline(key), in a local or a field", async () => {
    await checkFixture(`
//- Shop/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddResiliencePipeline("inventory", pipeline => pipeline
    .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 4, UseJitter = true }));
// ^ layer ×5 RL001
builder.Services.AddResiliencePipeline("other", pipeline => pipeline.AddRetry(new RetryStrategyOptions { UseJitter = true }));
// ^ layer ×4
//- Shop/Stock.cs
namespace Shop;
public class Stock
{
    private readonly ResiliencePipeline _pipeline;
    private readonly HttpClient _http;
    public Stock(ResiliencePipelineProvider<string> provider, HttpClient http) { _pipeline = provider.GetPipeline("inventory"); _http = http; }
    public Task A() => _pipeline.ExecuteAsync(async ct => await _http.GetAsync("http://inventory/a", ct)).AsTask();
    public async Task B(ResiliencePipelineProvider<string> provider)
    {
        var p = provider.GetPipeline("inventory");
        await p.ExecuteAsync(async ct => await _http.GetAsync("http://inventory/b", ct));
    }
}
//! rules RL001
//! path 5 inventory
`);
  });
});
