// .NET policies wired through dependency injection and options (reference §3.6–§3.8): counts from
// options classes and constants, policies registered as singletons and executed through injected
// fields, registrations behind a flag, handlers in methods nothing calls, startup-only pipelines.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

const OPTIONS = `//- src/Resilience/Options/PolicyOptions.cs
namespace Shop.Resilience.Options;
public class PolicyOptions
{
    public RetryPolicyOptions RetryPolicyOptions { get; set; } = new();
}
//- src/Resilience/Options/RetryPolicyOptions.cs
namespace Shop.Resilience.Options;
public class RetryPolicyOptions
{
    public int Count { get; set; } = 3;
}
`;

/** A policy registered as a singleton, its count read from the options object; RetryAsync is on line 10. */
const REGISTRATION = `//- src/Resilience/Registration.cs
using Shop.Resilience.Options;
namespace Shop.Resilience;
public static class Registration
{
    public static void AddResilience(this IHostApplicationBuilder builder)
    {
        var policyOptions = builder.Configuration.BindOptions<PolicyOptions>();
        builder.Services.AddSingleton<AsyncPolicyWrap>(sp =>
        {
            var retry = Policy.Handle<HttpRequestException>().RetryAsync(policyOptions.RetryPolicyOptions.Count);
// ^ layer ×4 RL001 RL003 RL006
            var breaker = Policy.Handle<HttpRequestException>().CircuitBreakerAsync(5, TimeSpan.FromSeconds(30));
            var combined = Policy.WrapAsync(retry, breaker);
            return combined.WrapAsync(Policy.TimeoutAsync(30));
        });
    }
}
`;

describe("counts read through options classes and constants", () => {
  test("an options class's default (Count = 3) through a nested options property: 3 retries → 4; the policy is injected and executed", async () => {
    const result = await checkFixture(`
${OPTIONS}${REGISTRATION}//- src/Orders/Program.cs
using Shop.Orders;
using Shop.Resilience;
var builder = WebApplication.CreateBuilder(args);
builder.AddResilience();
builder.Services.AddHttpClient<CatalogClient>(c => c.BaseAddress = new Uri("http://catalog"));
//- src/Orders/CatalogClient.cs
namespace Shop.Orders;
public class CatalogClient(HttpClient http, AsyncPolicyWrap policy)
{
    public Task<string> ProductAsync(long id) => policy.ExecuteAsync(async () => await http.GetStringAsync($"/products/{id}"));
}
//! rules RL001
//! path 4 catalog
//! paths 1
`);
    assert.match(layerAt(result, "src/Resilience/Registration.cs:10").attemptsNote, /PolicyOptions\.RetryPolicyOptions\.Count = 3 \(the default in RetryPolicyOptions/);
  });

  test("a settings section named after the options type overrides the class default", async () => {
    const result = await checkFixture(`
${OPTIONS.replace("Count { get; set; } = 3;", "Count { get; set; } = 3;\n    public int Unused { get; set; } = 9;")}//- src/Resilience/appsettings.json
{ "PolicyOptions": { "RetryPolicyOptions": { "Count": 5 } } }
//- src/Resilience/Registration.cs
using Shop.Resilience.Options;
namespace Shop.Resilience;
public static class Registration
{
    public static ResiliencePipeline Build(IOptions<PolicyOptions> options) => new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = options.Value.RetryPolicyOptions.Count })
// ^ layer ×6
        .Build();
}
//! rules RL001
//! paths 0
`);
    assert.match(layerAt(result, "src/Resilience/Registration.cs:6").attemptsNote, /PolicyOptions\.RetryPolicyOptions\.Count = 5 in the settings/);
  });

  test("a hedging count held in a constant: MaxHedgedAttempts = MaxRetries (2) → 3 executions", async () => {
    await checkFixture(`
//- src/Catalog/Hedging.cs
namespace Shop;
public class Hedging
{
    private const int MaxRetries = 2;
    private readonly HttpClient _http = new();
    private readonly ResiliencePipeline<HttpResponseMessage> _pipeline = new ResiliencePipelineBuilder<HttpResponseMessage>()
        .AddHedging(new() { MaxHedgedAttempts = MaxRetries, Delay = TimeSpan.FromMilliseconds(-1) })
// ^ layer ×3
        .Build();
    public Task<HttpResponseMessage> GetAsync() => _pipeline.ExecuteAsync(async ct => await _http.GetAsync("http://stock/items", ct));
}
//! rules RL001
//! path 3 stock
//! paths 1
`);
  });
});

describe("registrations the code shows to be off", () => {
  const HANDLER = (flagLine: string) => `//- src/Resilience/Resilience.cs
namespace Shop.Resilience;
public static class Resilience
{
    public static IHostApplicationBuilder AddCustomResiliency(this IHostApplicationBuilder builder, bool globalHandler = true)
    {
        if (globalHandler)
        {
            builder.Services.ConfigureHttpClientDefaults(http => http.AddStandardResilienceHandler());
${flagLine}
        }
        return builder;
    }
}
`;
  const CALLER = (args: string) => `//- src/Orders/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.AddCustomResiliency(${args});
var app = builder.Build();
app.MapGet("/", async (HttpClient http) => await http.GetStringAsync("http://catalog/items"));
`;

  test("a handler registered only under a bool parameter every caller passes false is disabled", async () => {
    const result = await checkFixture(`
${HANDLER("// ^ layer disabled")}${CALLER("false")}//! rules RL001
//! paths 0
`);
    assert.match(layerAt(result, "src/Resilience/Resilience.cs:8").attemptsNote, /registered only when globalHandler is true; every call passes false \(src\/Orders\/Program\.cs:2\)/);
  });

  test("the parameter's default (true) or a true argument keeps it", async () => {
    await checkFixture(`
${HANDLER("// ^ layer ×4 RL001")}${CALLER("")}//! rules RL001
//! path 4 catalog
`);
    await checkFixture(`
${HANDLER("// ^ layer ×4 RL001")}${CALLER("globalHandler: true")}//! rules RL001
//! path 4 catalog
`);
  });

  test("a handler added to the IHttpClientBuilder of a method nothing calls is on no client; once called (chained), it stays", async () => {
    const EXTENSION = (note: string) => `//- src/Resilience/HttpExtensions.cs
namespace Shop.Resilience;
public static class HttpExtensions
{
    public static IHttpClientBuilder AddShopResilience(this IHttpClientBuilder httpClientBuilder)
    {
        httpClientBuilder.AddStandardResilienceHandler();
${note}
        return httpClientBuilder;
    }
}
`;
    const uncalled = await checkFixture(`
${EXTENSION("// ^ layer disabled")}//! rules RL001
`);
    assert.match(layerAt(uncalled, "src/Resilience/HttpExtensions.cs:6").attemptsNote, /nothing in the workspace calls AddShopResilience/);
    await checkFixture(`
${EXTENSION("// ^ layer ×4")}//- src/Orders/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient<CatalogClient>().AddShopResilience();
//! rules RL001
`);
  });
});

describe("off-path pipelines", () => {
  test("a pipeline that only waits for the database schema at startup is off-path; the queries still reach the database", async () => {
    const result = await checkFixture(`
//- src/Backend/AppDb.cs
using Microsoft.EntityFrameworkCore;
namespace Shop;
public class AppDb(DbContextOptions<AppDb> o) : DbContext(o)
{
    public static async Task EnsureCreatedAsync(IServiceProvider services)
    {
        using var scope = services.CreateScope();
        using var db = scope.ServiceProvider.GetRequiredService<AppDb>();
        var pipeline = new ResiliencePipelineBuilder().AddRetry(new RetryStrategyOptions { Delay = TimeSpan.FromSeconds(3) }).Build();
// ^ layer ×4
        await pipeline.ExecuteAsync(async ct => await db.Database.EnsureCreatedAsync(ct));
    }
}
//- src/Backend/Program.cs
using Shop;
var builder = WebApplication.CreateBuilder(args);
builder.AddNpgsqlDbContext<AppDb>("appdb");
// ^ layer ×7 RL001
var app = builder.Build();
await AppDb.EnsureCreatedAsync(app.Services);
//! rules RL001
//! path 7 appdb
//! paths 1
`);
    assert.match(layerAt(result, "src/Backend/AppDb.cs:9").offPath ?? "", /startup: waits for the database \(EnsureCreatedAsync\)/);
  });

  test("a factory-returned policy held by a local: Execute(context.Database.Migrate) waits for the schema, a seeding lambda run from Program.cs is startup, a controller's use stays on the path", async () => {
    const result = await checkFixture(`
//- src/Catalog/ProgramExtensions.cs
using Polly;
public static class ProgramExtensions
{
    public static void ApplyDatabaseMigration(this WebApplication app)
    {
        using var scope = app.Services.CreateScope();
        var retryPolicy = CreateRetryPolicy(app.Configuration);
        var context = scope.ServiceProvider.GetRequiredService<CatalogDbContext>();
        retryPolicy.Execute(context.Database.Migrate);
    }

    private static Policy CreateRetryPolicy(IConfiguration configuration)
    {
        if (bool.TryParse(configuration["RetryMigrations"], out bool _))
        {
            return Policy.Handle<Exception>().WaitAndRetryForever(_ => TimeSpan.FromSeconds(5));
// ^ layer ×∞
        }
        return Policy.NoOp();
    }
}
//- src/Identity/SeedData.cs
using Polly;
public class SeedData
{
    public static async Task EnsureSeedData(IServiceScope scope, IConfiguration configuration)
    {
        var retryPolicy = CreateRetryPolicy(configuration);
        var context = scope.ServiceProvider.GetRequiredService<ApplicationDbContext>();
        await retryPolicy.ExecuteAsync(async () =>
        {
            await context.Database.MigrateAsync();
            var users = scope.ServiceProvider.GetRequiredService<UserManager<ApplicationUser>>();
            await users.CreateAsync(new ApplicationUser { UserName = "alice" }, "Pass123$");
        });
    }

    private static AsyncPolicy CreateRetryPolicy(IConfiguration configuration)
    {
        return Policy.Handle<Exception>().WaitAndRetryForeverAsync(_ => TimeSpan.FromSeconds(5));
// ^ layer ×∞
    }
}
//- src/Identity/Program.cs
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
using (var scope = app.Services.CreateScope())
{
    await SeedData.EnsureSeedData(scope, app.Configuration);
}
app.Run();
//- src/Basket/BasketController.cs
using Polly;
[ApiController]
[Route("api/basket")]
public class BasketController : ControllerBase
{
    [HttpGet]
    public async Task<string> Get()
    {
        var retry = MakePolicy();
        return await retry.ExecuteAsync(() => new HttpClient().GetStringAsync("http://catalog/api/items"));
    }

    private static AsyncPolicy MakePolicy() => Policy.Handle<HttpRequestException>().RetryAsync(2);
// ^ layer ×3
}
//! rules RL001
//! paths 0
`);
    assert.match(layerAt(result, "src/Catalog/ProgramExtensions.cs:16").offPath ?? "", /startup: waits for the database \(Migrate\)/);
    assert.match(layerAt(result, "src/Identity/SeedData.cs:18").offPath ?? "", /runs at startup/);
    const onPath = layerAt(result, "src/Basket/BasketController.cs:13");
    assert.equal(onPath.offPath, undefined);
    assert.equal(onPath.label, "retry");
  });
});
