/**
 * Reference §3.6–§3.8, §3.13–§3.14 (.NET: Polly v8 retry and hedging, Polly v7,
 * Microsoft.Extensions.Http.Resilience, EF Core execution strategies, .NET Aspire): defaults and
 * number traps, with §5's cross-cutting traps, run through the real extractors or linker (./table.ts).
 */
import { runTable, src, type Row } from "./table";

/** A Polly v8 pipeline whose AddRetry (line 7) takes `options`. */
const v8 = (options: string) => src`
  using Polly;
  using Polly.Retry;
  namespace Shop;
  public static class Pipelines
  {
      public static ResiliencePipeline Inventory { get; } = new ResiliencePipelineBuilder()
          .AddRetry(${options})
          .Build();
  }
`;

/** A Polly v7 policy built in a method (line 6). */
const v7 = (policy: string) => src`
  namespace Shop;
  class Policies
  {
      void Build()
      {
          var policy = ${policy};
      }
  }
`;

const rows: Row[] = [
  // §3.6 Polly v8
  {
    id: "§3.6", name: "Polly v8 new RetryStrategyOptions(): MaxRetryAttempts 3 counts retries → 4, 2 s constant, no jitter", covers: ["default", "§5.1"],
    file: "Shop/Pipelines.cs", kind: "polly-retry", code: v8("new RetryStrategyOptions()"),
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["fixed", false, 2], methods: "all", budget: null },
  },
  {
    id: "§3.6", name: "Polly v8 MaxRetryAttempts = 4 counts retries → 5; Exponential + UseJitter → decorrelated jitter", covers: ["§5.1", "trap"],
    file: "Shop/Pipelines.cs", kind: "polly-retry",
    code: v8("new RetryStrategyOptions { MaxRetryAttempts = 4, Delay = TimeSpan.FromSeconds(1), BackoffType = DelayBackoffType.Exponential, UseJitter = true }"),
    expect: { maxAttempts: 5, attemptsSource: "config", wait: ["exponential", true, 1] },
  },
  {
    id: "§3.6", name: "Polly v8 MaxRetryAttempts = int.MaxValue retries forever (unbounded, not an unknown count)", covers: ["trap", "§5.2"],
    file: "Shop/Pipelines.cs", kind: "polly-retry", code: v8("new RetryStrategyOptions { MaxRetryAttempts = int.MaxValue }"),
    expect: { maxAttempts: null, timeBound: null, countUnknown: false, wait: ["fixed", false] },
  },
  {
    id: "§3.6", name: "Polly v8 Linear + UseJitter: ±25 % jitter; MaxRetryAttempts = 2 → 3", covers: ["trap"],
    file: "Shop/Pipelines.cs", kind: "polly-retry",
    code: v8("new RetryStrategyOptions { MaxRetryAttempts = 2, BackoffType = DelayBackoffType.Linear, UseJitter = true }"),
    expect: { maxAttempts: 3, wait: ["linear", true, 2] },
  },
  {
    id: "§3.6", name: "Polly v8 sync Execute(async () => …) is Execute<Task>: the faulted Task is a result, nothing is retried → 1 (inert)", covers: ["trap"],
    file: "Shop/Bus.cs", kind: "polly-retry",
    code: src`
      using Polly;
      using Polly.Retry;
      namespace Shop;
      public class Bus
      {
          private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
              .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 10 })
              .Build();
          public async Task PublishAsync(byte[] body) => await _pipeline.Execute(async () => await channel.BasicPublishAsync(body));
      }
    `,
    expect: { maxAttempts: 1, wait: ["fixed", false, 2], note: /synchronous Execute over an async lambda/ },
  },
  // §3.7 Polly v7
  {
    id: "§3.7", name: "Polly v7 .Retry() with no count = 1 retry → 2, no wait", covers: ["default", "trap"],
    file: "Shop/Policies.cs", kind: "polly-v7-retry", code: v7("Policy.Handle<HttpRequestException>().Retry()"),
    expect: { maxAttempts: 2, attemptsSource: "default", wait: ["none", false], budget: null },
  },
  {
    id: "§3.7", name: "Polly v7 WaitAndRetryAsync(3, 2^i s) counts retries → 4, no jitter unless supplied", covers: ["§5.1", "trap"],
    file: "Shop/Policies.cs", kind: "polly-v7-retry",
    code: v7("Policy.Handle<HttpRequestException>().WaitAndRetryAsync(3, i => TimeSpan.FromSeconds(Math.Pow(2, i)))"),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", false] },
  },
  {
    id: "§3.7", name: "Polly v7 WaitAndRetry(list of 2 sleeps): the count is the list length → 3", covers: ["trap"],
    file: "Shop/Policies.cs", kind: "polly-v7-retry",
    code: v7("Policy.Handle<HttpRequestException>().WaitAndRetry(new[] { TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(2) })"),
    expect: { maxAttempts: 3, wait: ["exponential", false, 1, 2] },
  },
  {
    id: "§3.7", name: "Polly v7 RetryForever() → unbounded", covers: ["trap", "§5.2"],
    file: "Shop/Policies.cs", kind: "polly-v7-retry", code: v7("Policy.Handle<HttpRequestException>().RetryForever()"),
    expect: { maxAttempts: null, timeBound: null, wait: ["none", false] },
  },
  // §3.8 Microsoft.Extensions.Http.Resilience
  {
    id: "§3.8", name: "AddStandardResilienceHandler(): 3 retries → 4, exponential 2 s with jitter, POST included, 30 s total timeout", covers: ["default", "§5.1", "§5.3", "§5.4"],
    file: "Shop/Program.cs", kind: "dotnet-standard-resilience",
    code: src`
      var builder = WebApplication.CreateBuilder(args);
      builder.Services.AddHttpClient<InventoryClient>()
          .AddStandardResilienceHandler();
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true, 2], methods: "all", budget: null, overallTimeoutSeconds: 30 },
  },
  {
    id: "§3.8", name: "standard handler o.Retry.MaxRetryAttempts = 5 counts retries → 6; DisableForUnsafeHttpMethods stops POST/PUT/PATCH/DELETE", covers: ["§5.1", "trap"],
    file: "Shop/Program.cs", kind: "dotnet-standard-resilience",
    code: src`
      var builder = WebApplication.CreateBuilder(args);
      builder.Services.AddHttpClient<InventoryClient>()
          .AddStandardResilienceHandler(o =>
          {
              o.Retry.MaxRetryAttempts = 5;
              o.Retry.DisableForUnsafeHttpMethods();
          });
    `,
    expect: { maxAttempts: 6, attemptsSource: "config", wait: ["exponential", true], methods: ["GET", "HEAD", "OPTIONS", "TRACE"], overallTimeoutSeconds: 30 },
  },
  {
    id: "§3.8", name: "ConfigureHttpClientDefaults(AddStandardResilienceHandler) (Aspire ServiceDefaults): every HttpClient retries → 4", covers: ["default", "§5.3"],
    file: "Shop/Extensions.cs", kind: "dotnet-standard-resilience",
    code: src`
      var builder = WebApplication.CreateBuilder(args);
      builder.Services.ConfigureHttpClientDefaults(http => http.AddStandardResilienceHandler());
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true], methods: "all", overallTimeoutSeconds: 30 },
  },
  // §3.6b Polly v8 hedging
  {
    id: "§3.6b", name: "Polly v8 AddHedging(new HedgingStrategyOptions<T>()): MaxHedgedAttempts 1 extra → 2 executions of a failing call", covers: ["default", "§5.1"],
    file: "Shop/Pipelines.cs", kind: "polly-hedging",
    code: v8("new RetryStrategyOptions()").replace(".AddRetry(new RetryStrategyOptions())", ".AddHedging(new HedgingStrategyOptions<HttpResponseMessage>())").replace("new ResiliencePipelineBuilder()", "new ResiliencePipelineBuilder<HttpResponseMessage>()"),
    expect: { maxAttempts: 2, attemptsSource: "default", wait: ["custom", null], methods: "all", budget: null },
  },
  {
    id: "§3.6b", name: "Polly v8 MaxHedgedAttempts = 2 counts extra attempts → 3; Delay −1 ms (fallback mode) is still 3", covers: ["§5.1", "trap"],
    file: "Shop/Pipelines.cs", kind: "polly-hedging",
    code: v8("new RetryStrategyOptions()").replace(".AddRetry(new RetryStrategyOptions())", ".AddHedging(new() { MaxHedgedAttempts = 2, Delay = TimeSpan.FromMilliseconds(-1) })"),
    expect: { maxAttempts: 3, attemptsSource: "config", wait: ["custom", null], note: /2 extra attempts → 3 executions/ },
  },
  // §3.13 EF Core execution strategies
  {
    id: "§3.13", name: "EF Core EnableRetryOnFailure(): DefaultMaxRetryCount 6 retries → 7, (2^n − 1) s + 0–10 % random, max 30 s", covers: ["default", "§5.1"],
    file: "Shop/Program.cs", kind: "efcore-retry",
    code: src`
      var builder = WebApplication.CreateBuilder(args);
      builder.Services.AddDbContext<ShopDb>(o => o.UseSqlServer(cs, sql => sql.EnableRetryOnFailure()));
    `,
    expect: { maxAttempts: 7, attemptsSource: "default", wait: ["exponential", true, 0, 30], methods: "all", budget: null },
  },
  {
    id: "§3.13", name: "EF Core EnableRetryOnFailure(maxRetryCount: 3, maxRetryDelay: 5 s) counts retries → 4, max 5 s", covers: ["§5.1", "trap"],
    file: "Shop/Program.cs", kind: "efcore-retry",
    code: src`
      var builder = WebApplication.CreateBuilder(args);
      builder.Services.AddDbContext<ShopDb>(o => o.UseNpgsql(cs, n => n.EnableRetryOnFailure(maxRetryCount: 3, maxRetryDelay: TimeSpan.FromSeconds(5), errorCodesToAdd: null)));
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true, 0, 5] },
  },
  // §3.14 .NET Aspire
  {
    id: "§3.14", name: "Aspire AddNpgsqlDbContext<T>(\"db\"): the provider's retrying strategy unless DisableRetry → implicit 7 on the DbContext's queries", covers: ["default", "§5.3"],
    workspace: true, file: "api/Program.cs", kind: "efcore-retry",
    code: src`
      //- api/Program.cs
      var builder = WebApplication.CreateBuilder(args);
      builder.AddNpgsqlDbContext<ShopDb>("shopdb");
      var app = builder.Build();
      app.MapGet("/orders", (ShopDb db) => db.Orders.ToListAsync());
      //- api/ShopDb.cs
      public class ShopDb(DbContextOptions<ShopDb> o) : DbContext(o) { public DbSet<Order> Orders => Set<Order>(); }
    `,
    expect: { maxAttempts: 7, attemptsSource: "default", wait: ["exponential", true, 0, 30], implicit: true, path: { target: "shopdb", product: 7 } },
  },
  {
    id: "§3.14", name: "Aspire Aspire:Npgsql:EntityFrameworkCore:PostgreSQL:DisableRetry = true in appsettings: no retries (1 attempt)", covers: ["trap"],
    workspace: true, file: "api/Program.cs", kind: "efcore-retry",
    code: src`
      //- api/appsettings.json
      { "Aspire": { "Npgsql": { "EntityFrameworkCore": { "PostgreSQL": { "DisableRetry": true } } } } }
      //- api/Program.cs
      var builder = WebApplication.CreateBuilder(args);
      builder.AddNpgsqlDbContext<ShopDb>("shopdb");
    `,
    expect: { maxAttempts: 1, wait: ["exponential", true], note: /DisableRetry = true in the settings/ },
  },
];

runTable("§3.6–§3.14 .NET", ["§3.6", "§3.6b", "§3.7", "§3.8", "§3.13", "§3.14"], rows);
