// Linking C# HttpClients the IHttpClientFactory way (reference §3.7, §3.8): named clients,
// typed clients registered by interface, calls through injected interfaces, DI registrations,
// and base addresses read from appsettings*.json with environment overrides.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("C# named HttpClients (IHttpClientFactory.CreateClient)", () => {
  test("AddHttpClient(\"inventory\", BaseAddress).AddStandardResilienceHandler() applies to CreateClient(\"inventory\"); another name gets nothing", async () => {
    await checkFixture(`
//- Checkout/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient("inventory", c => c.BaseAddress = new Uri("http://inventory:8080"))
    .AddStandardResilienceHandler();
// ^ layer ×4 RL001
builder.Services.AddHttpClient("pricing", c => c.BaseAddress = new Uri("http://pricing:8080"));
//- Checkout/StockService.cs
namespace Checkout;
public class StockService
{
    private readonly IHttpClientFactory _factory;
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true })
// ^ layer ×3 RL001
        .Build();
    public StockService(IHttpClientFactory factory) { _factory = factory; }
    public async Task<string> Stock(string sku)
    {
        var client = _factory.CreateClient("inventory");
        return await _pipeline.ExecuteAsync(async ct => await client.GetStringAsync($"/stock/{sku}", ct));
    }
    public async Task<string> Price(string sku)
    {
        var other = _factory.CreateClient("pricing");
        return await _pipeline.ExecuteAsync(async ct => await other.GetStringAsync($"/price/{sku}", ct));
    }
}
//! rules RL001
//! path 12 inventory
//! path 3 pricing
//! paths 2
`);
  });

  test("the name as a const on both sides, and a field assigned in the constructor", async () => {
    await checkFixture(`
//- Shop/Clients.cs
namespace Shop;
public static class Clients
{
    public const string Orders = "orders";
}
//- Shop/Program.cs
using Shop;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient(Clients.Orders)
    .ConfigureHttpClient(c => c.BaseAddress = new Uri("http://orders:8080"))
    .AddTransientHttpErrorPolicy(p => p.WaitAndRetryAsync(3, i => TimeSpan.FromSeconds(i)));
// ^ layer ×4 RL001
//- Shop/OrdersGateway.cs
namespace Shop;
public class OrdersGateway
{
    private readonly HttpClient _http;
    public OrdersGateway(IHttpClientFactory factory) { _http = factory.CreateClient(Clients.Orders); }
    public Task<string> Get(string id) => _http.GetStringAsync($"/orders/{id}");
}
//! rules RL001
//! path 4 orders
//! paths 1
`);
  });

  test("AddResilienceHandler and AddPolicyHandler on a named registration apply to that name's clients", async () => {
    await checkFixture(`
//- Shop/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient("orders", c => c.BaseAddress = new Uri("http://orders:8080"))
    .AddResilienceHandler("orders-pipeline", b => b.AddRetry(new HttpRetryStrategyOptions { MaxRetryAttempts = 2 }));
// ^ layer ×3
builder.Services.AddHttpClient("ledger", c => c.BaseAddress = new Uri("http://ledger:8080"))
    .AddPolicyHandler(Policy<HttpResponseMessage>.Handle<HttpRequestException>().RetryAsync(4));
// ^ layer ×5 RL001
//- Shop/Jobs.cs
namespace Shop;
public class Jobs(IHttpClientFactory factory)
{
    public async Task Run()
    {
        await factory.CreateClient("orders").GetAsync("/orders");
        await factory.CreateClient("ledger").GetAsync("/entries");
    }
}
//! rules RL001
//! path 3 orders
//! path 5 ledger
//! paths 2
`);
  });

  test("near miss: CreateClient with a different name, and the default CreateClient(), get no registration layers", async () => {
    await checkFixture(`
//- Shop/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient("inventory").AddStandardResilienceHandler();
// ^ layer ×4
//- Shop/Stock.cs
namespace Shop;
public class Stock(IHttpClientFactory factory)
{
    public Task<string> A() => factory.CreateClient("inventory-v2").GetStringAsync("http://inventory/a");
    public async Task<string> B()
    {
        var http = factory.CreateClient("Inventory");
        var plain = factory.CreateClient();
        await plain.GetStringAsync("http://inventory/c");
        return await http.GetStringAsync("http://inventory/b");
    }
}
//! rules RL001
//! paths 0
`);
  });
});

describe("C# calls through interfaces", () => {
  test("AddHttpClient<IInventoryClient, InventoryClient>(): a controller's call through the injected interface reaches the class's request", async () => {
    await checkFixture(`
//- Shop/IInventoryClient.cs
namespace Shop;
public interface IInventoryClient
{
    Task<string> ReserveAsync(string sku);
}
//- Shop/InventoryClient.cs
namespace Shop;
public sealed class InventoryClient(HttpClient http) : IInventoryClient
{
    public Task<string> ReserveAsync(string sku) => http.GetStringAsync($"/reserve/{sku}");
}
//- Shop/Program.cs
using Shop;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient<IInventoryClient, InventoryClient>(c => c.BaseAddress = new Uri("http://inventory:8080"))
    .AddStandardResilienceHandler();
// ^ layer ×4 RL001
//- Shop/CheckoutController.cs
namespace Shop;
public class CheckoutController : ControllerBase
{
    private readonly IInventoryClient _inventory;
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true })
// ^ layer ×3 RL001
        .Build();
    public CheckoutController(IInventoryClient inventory) { _inventory = inventory; }
    [HttpPost("checkout/{sku}")]
    public async Task<string> Post(string sku) => await _pipeline.ExecuteAsync(async ct => await _inventory.ReserveAsync(sku));
}
//! rules RL001
//! path 12 inventory
//! paths 1
`);
  });

  test("AddScoped<I, C>() picks the registered implementation: the other class's request is only its own entry (4), not under the caller's pipeline", async () => {
    await checkFixture(`
//- Pay/Contracts.cs
namespace Pay;
public interface ILedger { Task Post(string id); }
public class HttpLedger(HttpClient http) : ILedger
{
    public Task Post(string id) => http.PostAsync($"http://ledger:8080/entries/{id}", null);
}
public class FakeLedger(HttpClient http) : ILedger
{
    public Task Post(string id) => http.PostAsync($"http://fake-ledger/entries/{id}", null);
}
//- Pay/Program.cs
using Pay;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddScoped<ILedger, HttpLedger>();
builder.Services.ConfigureHttpClientDefaults(b => b.AddStandardResilienceHandler());
// ^ layer ×4 RL001
//- Pay/Payments.cs
namespace Pay;
public class Payments(ILedger ledger)
{
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 1, UseJitter = true })
// ^ layer ×2 RL001
        .Build();
    [HttpPost("pay/{id}")]
    public Task Pay(string id) => Retry.ExecuteAsync(async ct => await ledger.Post(id)).AsTask();
}
//! rules RL001
//! path 8 ledger
//! path 4 fake-ledger
//! paths 2
`);
  });

  test("without a registration, every class implementing the interface is a possible target", async () => {
    await checkFixture(`
//- Pay/Contracts.cs
namespace Pay;
public interface ILedger { Task Post(string id); }
public class HttpLedger(HttpClient http) : ILedger
{
    public Task Post(string id) => http.PostAsync($"http://ledger:8080/entries/{id}", null);
}
//- Pay/Payments.cs
namespace Pay;
public class Payments(ILedger ledger)
{
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 1, UseJitter = true })
// ^ layer ×2
        .Build();
    [HttpPost("pay/{id}")]
    public Task Pay(string id) => Retry.ExecuteAsync(async ct => await ledger.Post(id)).AsTask();
}
//! rules RL001
//! path 2 ledger
//! paths 1
`);
  });
});

describe("C# calls through interfaces declared in a shared project", () => {
  test("the hop belongs to the calling service, not to the folder of the interface", async () => {
    const result = await checkFixture(`
//- Contracts/IInventory.cs
namespace Contracts;
public interface IInventory { Task Reserve(string sku); }
//- Checkout/Inventory.cs
using Contracts;
namespace Checkout;
public class Inventory(HttpClient http) : IInventory
{
    public Task Reserve(string sku) => http.PostAsync($"http://inventory:8080/reserve/{sku}", null);
}
//- Checkout/Api.cs
using Contracts;
namespace Checkout;
public class Api(IInventory inventory)
{
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true })
// ^ layer ×3
        .Build();
    [HttpPost("reserve/{sku}")]
    public Task Post(string sku) => Retry.ExecuteAsync(async ct => await inventory.Reserve(sku)).AsTask();
}
//! rules RL001
//! path 3 inventory
//! paths 1
`);
    assert.deepEqual([...new Set(result.model.hops.map((h) => h.caller))], ["checkout"]);
  });
});

describe("C# base addresses from appsettings*.json", () => {
  const program = `
//- Checkout/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient("inventory", c => c.BaseAddress = new Uri(builder.Configuration["Services:Inventory:BaseAddress"]!))
    .AddStandardResilienceHandler();
// ^ layer ×4 RL001
builder.Services.AddHttpClient("pricing", c => c.BaseAddress = new Uri(builder.Configuration.GetValue<string>("Services:Pricing") ?? "http://pricing-fallback"))
    .AddStandardResilienceHandler();
// ^ layer ×4 RL001
//- Checkout/Stock.cs
namespace Checkout;
public class Stock(IHttpClientFactory factory)
{
    public Task<string> A() => factory.CreateClient("inventory").GetStringAsync("/a");
    public async Task<string> B()
    {
        var inventory = factory.CreateClient("inventory");
        var pricing = factory.CreateClient("pricing");
        await pricing.GetStringAsync("/p");
        return await inventory.GetStringAsync("/b");
    }
}
//- Checkout/appsettings.json
{
  // comments and trailing commas are fine, as in .NET
  "Services": {
    "Inventory": { "BaseAddress": "http://inventory:8080", },
  },
}
//- Checkout/appsettings.Development.json
{ "Services": { "Inventory": { "BaseAddress": "http://localhost:5001" } } }
`;

  test("the setting's value in appsettings.json names the target (the environment file does not override the base file)", async () => {
    await checkFixture(`${program}
//! rules RL001
//! path 4 inventory
//! path 4 pricing-fallback
//! paths 2
`);
  });

  test("a typed client setting its own BaseAddress from configuration in its constructor", async () => {
    await checkFixture(`
//- Checkout/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient<Checkout.PricingClient>().AddStandardResilienceHandler();
// ^ layer ×4 RL001
//- Checkout/PricingClient.cs
namespace Checkout;
public class PricingClient
{
    private readonly HttpClient _http;
    public PricingClient(HttpClient http, IConfiguration config)
    {
        _http = http;
        _http.BaseAddress = new Uri(config.GetConnectionString("Pricing")!);
    }
    public Task<string> Quote(string sku) => _http.GetStringAsync($"/quote/{sku}");
}
//- Checkout/appsettings.json
{ "ConnectionStrings": { "Pricing": "http://pricing:8080" } }
//! rules RL001
//! path 4 pricing
//! paths 1
`);
  });

  test("the service's environment overrides the setting (.NET `Services__Inventory__BaseAddress`)", async () => {
    await checkFixture(`${program}
//! rules RL001
//- docker-compose.yml
services:
  checkout:
    build: ./Checkout
    environment:
      Services__Inventory__BaseAddress: http://inventory-v2:8080
      SERVICES__PRICING: http://pricing:8080
//! path 4 inventory-v2
//! path 4 pricing
//! paths 2
`);
  });
});

describe("C# retry counts from settings (§3.6, §3.8)", () => {
  test("a section bound to the standard handler and GetValue<int> for MaxRetryAttempts read appsettings.json; the environment overrides", async () => {
    await checkFixture(`
//- Shop/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient("inventory", c => c.BaseAddress = new Uri("http://inventory:8080"))
    .AddStandardResilienceHandler(builder.Configuration.GetSection("Inventory:Resilience"));
// ^ layer ×6
builder.Services.AddHttpClient("pricing", c => c.BaseAddress = new Uri("http://pricing:8080"))
    .AddStandardResilienceHandler(o => builder.Configuration.GetSection("Pricing:Resilience").Bind(o));
// ^ layer ×4
builder.Services.AddResiliencePipeline("orders", p => p.AddRetry(new RetryStrategyOptions
// ^ layer ×3
{
    MaxRetryAttempts = builder.Configuration.GetValue<int>("Orders:Retries", 1),
    UseJitter = true,
}));
builder.Services.AddResiliencePipeline("ledger", p => p.AddRetry(new RetryStrategyOptions { MaxRetryAttempts = builder.Configuration.GetValue<int>("Ledger:Retries"), UseJitter = true }));
// ^ layer ×8
//- Shop/appsettings.json
{
  "Inventory": { "Resilience": { "Retry": { "MaxRetryAttempts": 5 } } },
  "Ledger": { "Retries": 4 }
}
//- docker-compose.yml
services:
  shop:
    build: ./Shop
    environment:
      Orders__Retries: "2"
      LEDGER__RETRIES: "7"
//! rules RL001
`);
  });
});
