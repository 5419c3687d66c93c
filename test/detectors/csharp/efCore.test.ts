// EF Core execution strategies (reference §3.13) and the .NET Aspire EF Core integrations (§3.14).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { cs, onlyLayer } from "./helpers";

const program = (body: string) => `var builder = WebApplication.CreateBuilder(args);\n${body}\n`;

describe("Aspire EF Core integrations turn the provider's retrying strategy on (§3.14)", () => {
  const integrations: Array<[string, string]> = [
    ["AddNpgsqlDbContext", "Npgsql"],
    ["AddSqlServerDbContext", "SqlServer"],
    ["AddMySqlDbContext", "MySql"],
    ["AddOracleDatabaseDbContext", "Oracle"],
    ["AddAzureNpgsqlDbContext", "Npgsql"],
  ];
  for (const [method, provider] of integrations) {
    test(`builder.${method}<ShopDb>("shopdb"): an implicit 6 retries → 7 attempts on the call line`, async () => {
      const facts = await cs(program(`builder.${method}<ShopDb>("shopdb");`));
      assert.equal(facts.layers.length, 1);
      const l = facts.layers[0]!;
      assert.equal(l.kind, "efcore-retry");
      assert.equal(l.maxAttempts, 7);
      assert.equal(l.attemptsSource, "default");
      assert.equal(l.anchor.line, 2);
      assert.match(l.attemptsNote, new RegExp(`${method} turns on the ${provider} retrying execution strategy unless DisableRetry`));
      assert.equal(l.wait.kind, "exponential");
      const reg = facts.dotnet?.dbContexts?.[0];
      assert.equal(reg?.contextType, "ShopDb");
      assert.deepEqual(reg?.connection, { kind: "string", value: "shopdb" });
      assert.deepEqual(reg?.layerIds, [l.localId]);
      assert.ok(reg?.aspireRetry?.disableRetryKeys.some((k) => k.endsWith(":shopdb:DisableRetry")), "per-connection settings key");
    });
  }

  test("settings => settings.DisableRetry = true: no retries (the registration is still recorded)", async () => {
    const facts = await cs(program(`builder.AddNpgsqlDbContext<ShopDb>("shopdb", settings => settings.DisableRetry = true);`));
    assert.equal(facts.layers.length, 0);
    assert.equal(facts.dotnet?.dbContexts?.length, 1);
  });

  test("an EnableRetryOnFailure(2) in the options delegate is the layer: 3 attempts, not the default too", async () => {
    const l = await onlyLayer(program(`builder.AddNpgsqlDbContext<ShopDb>("shopdb", null, o => o.UseNpgsql(n => n.EnableRetryOnFailure(2)));`));
    assert.equal(l.maxAttempts, 3);
    assert.equal(l.attemptsSource, "config");
  });

  test("EnrichSqlServerDbContext<T>() keeps a retrying strategy the registration configured; without one it adds the default", async () => {
    const kept = await onlyLayer(
      program(`builder.Services.AddDbContextPool<ShopDb>(o => o.UseSqlServer(cs, sql => sql.EnableRetryOnFailure(3)));
builder.EnrichSqlServerDbContext<ShopDb>();`),
    );
    assert.equal(kept.maxAttempts, 4);
    assert.equal(kept.anchor.line, 2);
    const added = await onlyLayer(
      program(`builder.Services.AddDbContextPool<ShopDb>(o => o.UseSqlServer(cs, sql => sql.MigrationsAssembly("x")));
builder.EnrichSqlServerDbContext<ShopDb>();`),
    );
    assert.equal(added.maxAttempts, 7);
    assert.equal(added.anchor.line, 3);
  });

  test("a method of another name (AddCosmosDbContext: no execution strategy) is not a layer", async () => {
    const facts = await cs(program(`builder.AddCosmosDbContext<ShopDb>("cosmos", "db");`));
    assert.equal(facts.layers.length, 0);
  });
});

describe("DbContext registrations and design-time factories (§3.13)", () => {
  test("AddDbContext<T> with EnableRetryOnFailure records T, its connection string and its layer", async () => {
    const facts = await cs(program(`builder.Services.AddDbContext<OrdersDb>(o => o.UseNpgsql(builder.Configuration.GetConnectionString("orders"), n => n.EnableRetryOnFailure(5, TimeSpan.FromSeconds(10), null)));`));
    const reg = facts.dotnet?.dbContexts?.[0];
    assert.equal(reg?.contextType, "OrdersDb");
    assert.equal(reg?.generic, false);
    assert.deepEqual(reg?.connection, { kind: "setting", key: "ConnectionStrings.orders" });
    assert.equal(facts.layers[0]?.maxAttempts, 6);
    assert.deepEqual(reg?.layerIds, [facts.layers[0]!.localId]);
  });

  test("a generic AddDbContext<TContext> in a shared helper is marked generic; a context's OnConfiguring registers the context itself", async () => {
    const generic = await cs(`public static class Db
{
    public static void AddPostgres<TContext>(this IServiceCollection services, string cs) where TContext : DbContext
        => services.AddDbContext<TContext>(o => o.UseNpgsql(cs, n => n.EnableRetryOnFailure()));
}
`);
    assert.equal(generic.dotnet?.dbContexts?.[0]?.generic, true);
    const own = await cs(`public class ShopDb : DbContext
{
    protected override void OnConfiguring(DbContextOptionsBuilder b) => b.UseSqlServer("Server=sql;Database=shop", s => s.EnableRetryOnFailure());
}
`);
    assert.equal(own.dotnet?.dbContexts?.[0]?.contextType, "ShopDb");
    assert.equal(own.layers[0]?.maxAttempts, 7);
  });

  test("EnableRetryOnFailure in an IDesignTimeDbContextFactory is off-path (dotnet ef tooling)", async () => {
    const l = await onlyLayer(`public class ShopDbFactory : IDesignTimeDbContextFactory<ShopDb>
{
    public ShopDb CreateDbContext(string[] args) =>
        new ShopDb(new DbContextOptionsBuilder<ShopDb>().UseNpgsql("Host=db", n => n.EnableRetryOnFailure(5)).Options);
}
`);
    assert.equal(l.maxAttempts, 6);
    assert.match(l.offPath ?? "", /design-time DbContext factory ShopDbFactory/);
  });
});
