/**
 * Fixes on Polly v7 policies, AddStandardResilienceHandler and EF Core EnableRetryOnFailure
 * (reference §3.7, §3.8): counts are retries (Polly v7 and EF Core accept 0 = off; the standard
 * handler's MaxRetryAttempts must stay ≥ 1), overloads are only swapped where the meaning is kept.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { analyzeWorkspace } from "../../server/src/engine/analyze";
import { layerEdit } from "../../server/src/fixes/layers/index";
import { applyEdits } from "../../server/src/fixes/types";
import { DEFAULT_SETTINGS } from "../../server/src/model/model";
import { fixCases } from "./fixCases";

const PENDING = "";

const v7 = (policy: string) => `
//- Checkout/InventoryClient.cs
namespace Checkout;
public sealed class InventoryClient(HttpClient http)
{
    private static readonly AsyncRetryPolicy Policy1 = ${policy};

    public Task<HttpResponseMessage> StockAsync(string sku) =>
        Policy1.ExecuteAsync(() => http.GetAsync($"http://inventory:8080/stock/{sku}"));
}
`;

fixCases("Polly v7, standard resilience handler", [
  {
    name: "Polly v7 exponential sleep without jitter: the sleep duration scaled by Random.Shared.NextDouble()",
    workspace: v7("Policy.Handle<HttpRequestException>().WaitAndRetryAsync(3, i => TimeSpan.FromSeconds(Math.Pow(2, i)))"),
    finding: "RL004 Checkout/InventoryClient.cs:4",
    fix: "preferred",
    safety: "safe",
    after: `
//- Checkout/InventoryClient.cs
namespace Checkout;
public sealed class InventoryClient(HttpClient http)
{
    private static readonly AsyncRetryPolicy Policy1 = Policy.Handle<HttpRequestException>().WaitAndRetryAsync(3, i => TimeSpan.FromSeconds(Math.Pow(2, i)) * Random.Shared.NextDouble());

    public Task<HttpResponseMessage> StockAsync(string sku) =>
        Policy1.ExecuteAsync(() => http.GetAsync($"http://inventory:8080/stock/{sku}"));
}
`,
  },
  {
    name: "Polly v7 RetryAsync(2) without a wait: WaitAndRetryAsync with jittered exponential backoff",
    workspace: v7("Policy.Handle<HttpRequestException>().RetryAsync(2)"),
    finding: "RL003 Checkout/InventoryClient.cs:4",
    fix: "preferred",
    safety: "safe",
    after: `
//- Checkout/InventoryClient.cs
namespace Checkout;
public sealed class InventoryClient(HttpClient http)
{
    private static readonly AsyncRetryPolicy Policy1 = Policy.Handle<HttpRequestException>().WaitAndRetryAsync(2, attempt => TimeSpan.FromMilliseconds(Random.Shared.NextDouble() * Math.Min(10_000, 100 * Math.Pow(2, attempt))));

    public Task<HttpResponseMessage> StockAsync(string sku) =>
        Policy1.ExecuteAsync(() => http.GetAsync($"http://inventory:8080/stock/{sku}"));
}
`,
  },
  {
    name: "Polly v7 RetryForeverAsync(): RetryAsync(2)",
    workspace: v7("Policy.Handle<HttpRequestException>().RetryForeverAsync()"),
    finding: "RL002 Checkout/InventoryClient.cs:4",
    fix: "preferred",
    safety: "unsafe",
    after: `
//- Checkout/InventoryClient.cs
namespace Checkout;
public sealed class InventoryClient(HttpClient http)
{
    private static readonly AsyncRetryPolicy Policy1 = Policy.Handle<HttpRequestException>().RetryAsync(2);

    public Task<HttpResponseMessage> StockAsync(string sku) =>
        Policy1.ExecuteAsync(() => http.GetAsync($"http://inventory:8080/stock/{sku}"));
}
`,
  },
  {
    name: "Polly v7 WaitAndRetryForeverAsync(provider): WaitAndRetryAsync(2, provider)",
    workspace: v7("Policy.Handle<HttpRequestException>().WaitAndRetryForeverAsync(i => TimeSpan.FromMilliseconds(Random.Shared.Next(100, 500)))"),
    finding: "RL002 Checkout/InventoryClient.cs:4",
    fix: "preferred",
    after: `
//- Checkout/InventoryClient.cs
namespace Checkout;
public sealed class InventoryClient(HttpClient http)
{
    private static readonly AsyncRetryPolicy Policy1 = Policy.Handle<HttpRequestException>().WaitAndRetryAsync(2, i => TimeSpan.FromMilliseconds(Random.Shared.Next(100, 500)));

    public Task<HttpResponseMessage> StockAsync(string sku) =>
        Policy1.ExecuteAsync(() => http.GetAsync($"http://inventory:8080/stock/{sku}"));
}
`,
  },
  {
    name: "Polly v7 over the threshold: the count lowered (it counts retries)",
    workspace: `${v7("Policy.Handle<HttpRequestException>().WaitAndRetryAsync(5, i => TimeSpan.FromMilliseconds(Random.Shared.Next(100, 500)))")}//! threshold 3
`,
    finding: "RL001 Checkout/InventoryClient.cs:4",
    fix: "Lower to 3 attempts",
    after: `
//- Checkout/InventoryClient.cs
namespace Checkout;
public sealed class InventoryClient(HttpClient http)
{
    private static readonly AsyncRetryPolicy Policy1 = Policy.Handle<HttpRequestException>().WaitAndRetryAsync(2, i => TimeSpan.FromMilliseconds(Random.Shared.Next(100, 500)));

    public Task<HttpResponseMessage> StockAsync(string sku) =>
        Policy1.ExecuteAsync(() => http.GetAsync($"http://inventory:8080/stock/{sku}"));
}
`,
  },
  {
    name: "Polly v7 .Retry() (1 retry) turned off: Retry(0); CRLF kept",
    crlf: true,
    workspace: `
//- Checkout/InventoryClient.cs
namespace Checkout;
public sealed class InventoryClient(HttpClient http)
{
    private static readonly RetryPolicy Policy1 = Policy.Handle<HttpRequestException>().Retry();

    public HttpResponseMessage Stock(string sku) =>
        Policy1.Execute(() => http.Send(new HttpRequestMessage(HttpMethod.Get, $"http://inventory:8080/stock/{sku}")));
}
//! threshold 1
`,
    finding: "RL001 Checkout/InventoryClient.cs:4",
    fix: "Turn off polly retries",
    after: `
//- Checkout/InventoryClient.cs
namespace Checkout;
public sealed class InventoryClient(HttpClient http)
{
    private static readonly RetryPolicy Policy1 = Policy.Handle<HttpRequestException>().Retry(0);

    public HttpResponseMessage Stock(string sku) =>
        Policy1.Execute(() => http.Send(new HttpRequestMessage(HttpMethod.Get, $"http://inventory:8080/stock/{sku}")));
}
`,
  },
  {
    name: "standard handler without options: an options lambda lowering MaxRetryAttempts",
    workspace: `
//- Checkout/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient("inventory", c => c.BaseAddress = new Uri("http://inventory:8080"))
    .AddStandardResilienceHandler();
//- Checkout/StockService.cs
namespace Checkout;
public class StockService(IHttpClientFactory factory)
{
    public Task<string> Stock(string sku) => factory.CreateClient("inventory").GetStringAsync($"/stock/{sku}");
}
//! threshold 2
`,
    finding: "RL001 Checkout/Program.cs:3",
    fix: "Lower to 2 attempts",
    after: `
//- Checkout/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient("inventory", c => c.BaseAddress = new Uri("http://inventory:8080"))
    .AddStandardResilienceHandler(options => options.Retry.MaxRetryAttempts = 1);
`,
  },
  {
    name: "standard handler re-sending a POST: Retry.DisableForUnsafeHttpMethods() added to the block lambda",
    workspace: `
//- Checkout/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient("orders", c => c.BaseAddress = new Uri("http://orders:8080"))
    .AddStandardResilienceHandler(o =>
    {
        o.AttemptTimeout.Timeout = TimeSpan.FromSeconds(5);
    });
//- Checkout/OrderService.cs
namespace Checkout;
public class OrderService(IHttpClientFactory factory)
{
    public Task<HttpResponseMessage> Order(string id) => factory.CreateClient("orders").PostAsync($"/orders/{id}", null);
}
`,
    finding: "RL005 Checkout/Program.cs:3",
    fix: "Retry only safe methods",
    safety: "unsafe",
    after: `
//- Checkout/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient("orders", c => c.BaseAddress = new Uri("http://orders:8080"))
    .AddStandardResilienceHandler(o =>
    {
        o.AttemptTimeout.Timeout = TimeSpan.FromSeconds(5);
        o.Retry.DisableForUnsafeHttpMethods();
    });
`,
  },
  {
    name: "standard handler with MaxRetryAttempts set: replaced in place",
    workspace: `
//- Checkout/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient("inventory", c => c.BaseAddress = new Uri("http://inventory:8080"))
    .AddStandardResilienceHandler(o => { o.Retry.MaxRetryAttempts = 6; });
//- Checkout/StockService.cs
namespace Checkout;
public class StockService(IHttpClientFactory factory)
{
    public Task<string> Stock(string sku) => factory.CreateClient("inventory").GetStringAsync($"/stock/{sku}");
}
//! threshold 3
`,
    finding: "RL001 Checkout/Program.cs:3",
    fix: "Lower to 3 attempts",
    after: `
//- Checkout/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient("inventory", c => c.BaseAddress = new Uri("http://inventory:8080"))
    .AddStandardResilienceHandler(o => { o.Retry.MaxRetryAttempts = 2; });
`,
  },
]);

async function csEdit(text: string, kind: string, op: "disable" | "cap", attempts?: number): Promise<string | null> {
  const result = await analyzeWorkspace([{ path: "Shop/Program.cs", text }], DEFAULT_SETTINGS);
  const layer = result.model.layers.find((l) => l.kind === kind);
  assert.ok(layer, `a ${kind} layer`);
  const e = layerEdit(op, layer, text, { callLibraries: [], exists: () => false, namespaceOf: () => null, attempts });
  return e ? applyEdits(text, e.edits) : null;
}

test("EF Core EnableRetryOnFailure counts retries: () gets a count, a literal count is replaced, 0 turns it off", async () => {
  const none = 'builder.Services.AddDbContext<ShopDb>(o => o.UseSqlServer("cs", sql => sql.EnableRetryOnFailure()));\n';
  assert.equal(await csEdit(none, "efcore-retry", "cap", 3), none.replace("EnableRetryOnFailure()", "EnableRetryOnFailure(2)"));
  assert.equal(await csEdit(none, "efcore-retry", "disable"), none.replace("EnableRetryOnFailure()", "EnableRetryOnFailure(0)"));
  const named = 'builder.Services.AddDbContext<ShopDb>(o => o.UseNpgsql("cs", sql => sql.EnableRetryOnFailure(maxRetryCount: 8, maxRetryDelay: TimeSpan.FromSeconds(5), errorCodesToAdd: null)));\n';
  assert.equal(await csEdit(named, "efcore-retry", "cap", 2), named.replace("maxRetryCount: 8", "maxRetryCount: 1"));
});

test("the standard handler cannot be turned off by its count (MaxRetryAttempts ≥ 1): no edit", async () => {
  const text = 'builder.Services.AddHttpClient("inventory").AddStandardResilienceHandler();\n';
  assert.equal(await csEdit(text, "dotnet-standard-resilience", "disable"), null);
  assert.equal(await csEdit(text, "dotnet-standard-resilience", "cap", 1), null);
});
