// EF Core DbContexts at link time (reference §3.13, §3.14): calls on a DbContext reach its database
// through the execution strategy its registration configured, explicit or Aspire's implicit one.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

const CONTEXT = `//- src/Data/Data.csproj
//- src/Data/CatalogDb.cs
using Microsoft.EntityFrameworkCore;
namespace Shop.Data;
public class CatalogDb(DbContextOptions<CatalogDb> options) : DbContext(options)
{
    private static readonly Func<CatalogDb, int, IAsyncEnumerable<Item>> ByBrand =
        EF.CompileAsyncQuery((CatalogDb db, int brand) => db.Items.Where(i => i.Brand == brand));
    public DbSet<Item> Items => Set<Item>();
    public Task<List<Item>> ItemsOfBrandAsync(int brand) => ByBrand(this, brand).ToListAsync();
}
`;

describe("EF Core: a DbContext's queries reach its database", () => {
  test("Aspire AddNpgsqlDbContext: a handler's queries go through the implicit 7 attempts to the connection's database", async () => {
    const result = await checkFixture(`
${CONTEXT}//- src/Catalog/Catalog.csproj
//- src/Catalog/Program.cs
using Shop.Data;
var builder = WebApplication.CreateBuilder(args);
builder.AddNpgsqlDbContext<CatalogDb>("catalogdb");
// ^ layer ×7 RL001
var app = builder.Build();
app.MapGet("/items/{brand}", (CatalogDb db, int brand) => db.ItemsOfBrandAsync(brand));
app.MapPost("/items", async (CatalogDb db, Item item) => { db.Items.Add(item); await db.SaveChangesAsync(); });
//! rules RL001
//! path 7 catalogdb
//! paths 1
`);
    const layer = layerAt(result, "src/Catalog/Program.cs:3");
    assert.equal(layer.implicit, true, "nobody wrote EnableRetryOnFailure");
    assert.deepEqual(layer.targets, ["catalogdb"]);
    assert.ok(!result.findings.some((f) => f.rule === "RL010"), "an integration's implicit retries are not a mesh default (RL010)");
    const hop = result.model.hops.find((h) => h.callee === "catalogdb")!;
    assert.equal(hop.layerIds.length, 1, "the context's own compiled query runs inside the call that entered it: one layer, not two");
  });

  test("two services registering one context each get their own registration's layer", async () => {
    const result = await checkFixture(`
${CONTEXT}//- src/AppHost/AppHost.csproj
//- src/AppHost/Program.cs
var builder = DistributedApplication.CreateBuilder(args);
builder.AddProject<Projects.Catalog>("catalog");
builder.AddProject<Projects.Migrator>("migrator");
//- src/Catalog/Catalog.csproj
//- src/Catalog/Program.cs
using Shop.Data;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddDbContext<CatalogDb>(o => o.UseNpgsql("Host=pg;Database=catalog", n => n.EnableRetryOnFailure(3)));
// ^ layer ×4 RL001
var app = builder.Build();
app.MapGet("/items", (CatalogDb db) => db.Items.ToListAsync());
//- src/Migrator/Migrator.csproj
//- src/Migrator/Program.cs
using Shop.Data;
var builder = Host.CreateApplicationBuilder(args);
builder.AddNpgsqlDbContext<CatalogDb>("catalogdb");
// ^ layer ×7 RL001
var host = builder.Build();
using var scope = host.Services.CreateScope();
var db = scope.ServiceProvider.GetRequiredService<CatalogDb>();
await db.Database.MigrateAsync();
//! rules RL001
//! path 4 pg
//! path 7 catalogdb
//! paths 2
`);
    const byService = Object.fromEntries(result.model.paths.map((p) => [p.services[0], p.target]));
    assert.deepEqual(byService, { catalog: "pg", migrator: "catalogdb" }, "the connection string's host; the Aspire connection name");
  });

  test("outer layers multiply with the database's: a web → api call, then the api's queries (4 × 7)", async () => {
    await checkFixture(`
${CONTEXT}//- src/AppHost/AppHost.csproj
//- src/AppHost/Program.cs
var builder = DistributedApplication.CreateBuilder(args);
var api = builder.AddProject<Projects.Catalog>("catalog");
builder.AddProject<Projects.Web>("web").WithReference(api);
//- src/Web/Web.csproj
//- src/Web/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient<CatalogClient>(c => c.BaseAddress = new Uri("https+http://catalog"))
    .AddStandardResilienceHandler();
// ^ layer ×4 RL001
public class CatalogClient(HttpClient http)
{
    public Task<string> ItemsAsync() => http.GetStringAsync("api/items");
}
//- src/Catalog/Catalog.csproj
//- src/Catalog/Program.cs
using Shop.Data;
var builder = WebApplication.CreateBuilder(args);
builder.AddSqlServerDbContext<CatalogDb>("catalogdb");
// ^ layer ×7 RL001
var app = builder.Build();
var group = app.MapGroup("/api");
group.MapGet("items", GetItems);
static Task<List<Item>> GetItems(CatalogDb db) => db.Items.ToListAsync();
//! rules RL001
//! path 28 catalogdb
//! paths 1
`);
  });

  test("DisableRetry in the settings turns the implicit retries off (appsettings, per connection)", async () => {
    const result = await checkFixture(`
${CONTEXT}//- src/Catalog/Catalog.csproj
//- src/Catalog/appsettings.json
{ "Aspire": { "Npgsql": { "EntityFrameworkCore": { "PostgreSQL": { "catalogdb": { "DisableRetry": true } } } } } }
//- src/Catalog/Program.cs
using Shop.Data;
var builder = WebApplication.CreateBuilder(args);
builder.AddNpgsqlDbContext<CatalogDb>("catalogdb");
// ^ layer disabled
var app = builder.Build();
app.MapGet("/items", (CatalogDb db) => db.Items.ToListAsync());
//! rules RL001
//! paths 0
`);
    assert.match(layerAt(result, "src/Catalog/Program.cs:3").attemptsNote, /catalogdb:DisableRetry = true/);
  });

  test("a class that is not a DbContext is not a database", async () => {
    await checkFixture(`
//- src/Catalog/Program.cs
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
app.MapGet("/items", (ItemCache cache) => cache.Items.ToList());
public class ItemCache : CacheBase { public List<string> Items { get; } = new(); }
//! paths 0
`);
  });
});
