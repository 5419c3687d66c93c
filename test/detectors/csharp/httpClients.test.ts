// IHttpClientFactory registrations, CreateClient names, interface bindings and configuration reads.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { cs } from "./helpers";

describe("AddHttpClient registrations", () => {
  test("typed, typed by interface, named (string, const, nameof); base address from the lambda or a chained ConfigureHttpClient", async () => {
    const facts = await cs(`
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient<InventoryClient>(c => c.BaseAddress = new Uri("http://inventory:8080"));
builder.Services.AddHttpClient<IPricing, Pricing>((sp, c) => { c.BaseAddress = new Uri("http://pricing"); });
builder.Services.AddHttpClient("orders").ConfigureHttpClient(c => c.BaseAddress = new Uri("http://orders"));
builder.Services.AddHttpClient(Names.Ledger);
builder.Services.AddHttpClient(nameof(Shop.Payments));
builder.Services.AddHttpClient();
`);
    const regs = facts.clients.filter((c) => c.name === "").map((c) => ({ typed: c.typedClient ?? null, name: c.httpClientName ?? null, base: c.baseUrl, line: c.span.line }));
    assert.deepEqual(regs, [
      { typed: "InventoryClient", name: null, base: { kind: "string", value: "http://inventory:8080" }, line: 2 },
      { typed: "Pricing", name: null, base: { kind: "string", value: "http://pricing" }, line: 3 },
      { typed: null, name: { kind: "string", value: "orders" }, base: { kind: "string", value: "http://orders" }, line: 4 },
      { typed: null, name: { kind: "ref", name: "Names.Ledger" }, base: null, line: 5 },
      { typed: null, name: { kind: "string", value: "Payments" }, base: null, line: 6 },
    ]);
  });

  test("handlers chained on a registration add their layer to it (one fact per registration)", async () => {
    const facts = await cs(`
builder.Services.AddHttpClient("inventory").AddStandardResilienceHandler().AddPolicyHandler(Policy<HttpResponseMessage>.Handle<HttpRequestException>().RetryAsync(2));
`);
    const regs = facts.clients.filter((c) => c.name === "");
    assert.equal(regs.length, 1);
    assert.equal(regs[0]!.layerIds.length, 2);
    assert.match(facts.layers[0]!.label, /"inventory"/);
  });
});

describe("CreateClient", () => {
  test("locals, fields assigned in a constructor and inline chains carry the name; CreateClient() is the default name", async () => {
    const facts = await cs(`
namespace Shop;
public class Stock
{
    private readonly HttpClient _http;
    public Stock(IHttpClientFactory factory) { _http = factory.CreateClient("orders"); }
    public async Task Run(IHttpClientFactory factory)
    {
        var a = factory.CreateClient("inventory");
        var b = factory.CreateClient();
        await factory.CreateClient(Names.Pricing).GetStringAsync("/p");
    }
}
`);
    const named = Object.fromEntries(facts.clients.map((c) => [c.name, c.httpClientName]));
    assert.deepEqual(named["Shop.Stock._http"], { kind: "string", value: "orders" });
    assert.deepEqual(named["Shop.Stock.Run.a"], { kind: "string", value: "inventory" });
    assert.deepEqual(named["Shop.Stock.Run.b"], { kind: "string", value: "" });
    assert.deepEqual(named["Shop.Stock.Run.CreateClient(Names_Pricing)"], { kind: "ref", name: "Names.Pricing" });
    const call = facts.calls.find((c) => c.callee === "CreateClient(Names_Pricing).GetStringAsync");
    assert.equal(call?.request?.method, "GET");
  });
});

describe("interface bindings", () => {
  test("base lists and DI registrations (AddScoped/AddSingleton/TryAddTransient/AddHttpClient<I, C>)", async () => {
    const facts = await cs(`
namespace Shop;
public sealed class InventoryClient(HttpClient http) : IInventoryClient, IDisposable { }
public static class Setup
{
    public static void Add(IServiceCollection services)
    {
        services.AddScoped<IInventoryClient, InventoryClient>();
        services.AddSingleton<ILedger, Ledger>();
        services.TryAddTransient<IClock, Clock>();
        services.AddHttpClient<IPricing, Pricing>();
        services.AddScoped<Worker>();
    }
}
`);
    const got = (facts.csImplementations ?? []).map((b) => `${b.source}: ${b.iface} → ${b.impl} @${b.scopeId}`);
    assert.deepEqual(got.sort(), [
      "base-list: IDisposable → Shop.InventoryClient @Shop.InventoryClient",
      "base-list: IInventoryClient → Shop.InventoryClient @Shop.InventoryClient",
      "registration: IClock → Clock @Shop.Setup.Add",
      "registration: IInventoryClient → InventoryClient @Shop.Setup.Add",
      "registration: ILedger → Ledger @Shop.Setup.Add",
      "registration: IPricing → Pricing @Shop.Setup.Add",
    ]);
  });
});

describe("configuration reads (Microsoft.Extensions.Configuration) as settings", () => {
  const valueOf = async (expr: string) => {
    const facts = await cs(`
namespace Shop;
public class C
{
    public void M(IConfiguration configuration) { var v = ${expr}; }
}
`);
    return facts.constants.find((c) => c.name === "Shop.C.M.v")?.value;
  };
  const cases: Array<[string, unknown]> = [
    [`configuration["Services:Inventory"]`, { kind: "setting", key: "Services.Inventory" }],
    [`builder.Configuration["Services:Inventory"]!`, { kind: "setting", key: "Services.Inventory" }],
    [`configuration.GetSection("Services")["Inventory"]`, { kind: "setting", key: "Services.Inventory" }],
    [`_config.GetSection("Services").GetSection("Inventory").Value`, { kind: "setting", key: "Services.Inventory" }],
    [`configuration.GetValue<string>("Services:Inventory")`, { kind: "setting", key: "Services.Inventory" }],
    [`configuration.GetValue<string>("Services:Inventory", "http://localhost")`, { kind: "setting", key: "Services.Inventory", fallback: { kind: "string", value: "http://localhost" } }],
    [`configuration["Services:Inventory"] ?? "http://fallback"`, { kind: "setting", key: "Services.Inventory", fallback: { kind: "string", value: "http://fallback" } }],
    [`configuration.GetConnectionString("Orders")`, { kind: "setting", key: "ConnectionStrings.Orders" }],
    [`$"{configuration["Services:Inventory"]}/api"`, { kind: "concat", parts: [{ kind: "setting", key: "Services.Inventory" }, { kind: "string", value: "/api" }] }],
  ];
  for (const [expr, expected] of cases) test(expr, async () => assert.deepEqual(await valueOf(expr), expected));

  test("near misses: an indexer on something that is not a configuration, GetValue without a key", async () => {
    // not statically known: no local constant is recorded
    assert.equal(await valueOf(`headers["Services:Inventory"]`), undefined);
    assert.equal(await valueOf(`configuration.GetValue<string>(key)`), undefined);
  });
});
