// .NET requests across services (reference §3.7, §3.13): a web front end's typed HttpClients with a
// Polly policy returned by a method (`AddPolicyHandler(GetRetryPolicy())`) call an API project
// found through its launchSettings.json (`https://localhost:7242`), whose controllers reach an EF
// Core context with EnableRetryOnFailure: one path web → API → database.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

const API = `//- src/Shop.Web.Api/Properties/launchSettings.json
{
  "profiles": {
    "Shop.Web.Api": { "commandName": "Project", "applicationUrl": "https://localhost:7242;http://localhost:5242" }
  }
}
//- src/Shop.Web.Api/Startup.cs
namespace Shop.Web.Api;
public class Startup
{
    public void ConfigureServices(IServiceCollection services)
    {
        services.AddDbContext<ShopContext>(options => options.UseSqlServer("Server=tcp:sqldb,1433;Database=shop",
            sql => sql.EnableRetryOnFailure(maxRetryCount: 5)));
// ^ layer ×6 RL001
    }
}
//- src/Shop.Web.Api/ShopContext.cs
namespace Shop.Web.Api;
public class ShopContext : DbContext
{
    public DbSet<Order> Orders { get; set; }
}
//- src/Shop.Web.Api/Controllers/OrderController.cs
namespace Shop.Web.Api.Controllers;
[ApiController]
[Route("api/[controller]")]
public class OrderController : ControllerBase
{
    private readonly ShopContext db;
    public OrderController(ShopContext db) { this.db = db; }

    [HttpGet("{id}")]
    public async Task<IActionResult> Get(int id) => Ok(await db.Orders.FindAsync(id));
}
`;

describe(".NET: front end → API → database", () => {
  test("AddPolicyHandler(GetRetryPolicy()) on typed clients, localhost URL of the API's launchSettings, EF retry behind it", async () => {
    const result = await checkFixture(`
//- src/Shop.Web/appsettings.json
{ "App": { "ShopApi": { "BaseUri": "https://localhost:7242" } } }
//- src/Shop.Web/Startup.cs
namespace Shop.Web;
public class Startup
{
    public IConfiguration Configuration { get; }
    public void ConfigureServices(IServiceCollection services)
    {
        var baseUri = Configuration["App:ShopApi:BaseUri"];
        services.AddHttpClient<IOrderService, ApiOrderService>(c => c.BaseAddress = new Uri(baseUri))
            .AddPolicyHandler(GetRetryPolicy());
    }

    private static IAsyncPolicy<HttpResponseMessage> GetRetryPolicy()
    {
        return HttpPolicyExtensions
            .HandleTransientHttpError()
            .WaitAndRetryAsync(3, n => TimeSpan.FromSeconds(n));
// ^ layer ×4 RL001
    }
}
//- src/Shop.Web/ApiOrderService.cs
namespace Shop.Web;
public interface IOrderService { Task<string> GetAsync(int id); }
public class ApiOrderService : IOrderService
{
    private readonly HttpClient httpClient;
    public ApiOrderService(HttpClient httpClient) { this.httpClient = httpClient; }
    public async Task<string> GetAsync(int id) => await httpClient.GetStringAsync($"api/Order/{id}");
}
//- src/Shop.Web/Controllers/HomeController.cs
namespace Shop.Web.Controllers;
public class HomeController : Controller
{
    private readonly IOrderService orders;
    public HomeController(IOrderService orders) { this.orders = orders; }
    [HttpGet]
    public async Task<IActionResult> Index(int id) => View(await orders.GetAsync(id));
}
${API}
//! rules RL001
//! path 24 sqldb
//! paths 1
`);
    const path = result.model.paths.find((p) => p.product === 24)!;
    assert.deepEqual(path.services, ["shop.web", "shop.web.api", "sqldb"]);
  });

  test("near miss: a method returning a policy that no AddPolicyHandler installs stays a code layer on no client", async () => {
    await checkFixture(`
//- src/Shop.Web/Startup.cs
namespace Shop.Web;
public class Startup
{
    public void ConfigureServices(IServiceCollection services)
    {
        services.AddHttpClient<IOrderService, ApiOrderService>(c => c.BaseAddress = new Uri("https://localhost:7242"));
    }

    private static IAsyncPolicy<HttpResponseMessage> GetRetryPolicy()
    {
        return HttpPolicyExtensions.HandleTransientHttpError().WaitAndRetryAsync(3, n => TimeSpan.FromSeconds(n));
// ^ layer ×4
    }
}
//- src/Shop.Web/ApiOrderService.cs
namespace Shop.Web;
public interface IOrderService { Task<string> GetAsync(int id); }
public class ApiOrderService : IOrderService
{
    private readonly HttpClient httpClient;
    public ApiOrderService(HttpClient httpClient) { this.httpClient = httpClient; }
    public async Task<string> GetAsync(int id) => await httpClient.GetStringAsync($"api/Order/{id}");
}
//- src/Shop.Web/Controllers/HomeController.cs
namespace Shop.Web.Controllers;
public class HomeController : Controller
{
    private readonly IOrderService orders;
    public HomeController(IOrderService orders) { this.orders = orders; }
    [HttpGet]
    public async Task<IActionResult> Index(int id) => View(await orders.GetAsync(id));
}
${API}
//! rules RL001
//! path 6 sqldb
//! paths 1
`);
  });
});

const REFIT_WEB = `//- src/WebApp/GlobalUsings.cs
global using Shop.WebApp.RESTClients;
global using Polly;
global using Refit;
//- src/WebApp/appsettings.Development.json
{ "APIServiceLocations": { "OrdersAPI": "localhost:5100" } }
//- src/WebApp/appsettings.Production.json
{ "APIServiceLocations": { "OrdersAPI": "ordersapi:5100" } }
//- src/WebApp/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient<IOrdersAPI, OrdersAPI>();
var app = builder.Build();
app.Run();
//- src/WebApp/Controllers/ResiliencyHelper.cs
namespace Shop.WebApp.Controllers;
public class ResiliencyHelper
{
    public async Task<IActionResult> ExecuteResilient(Func<Task<IActionResult>> action, IActionResult fallbackResult)
    {
        var retryPolicy = Policy
            .Handle<Exception>()
            .RetryAsync(5);
// ^ layer ×6 RL001
        var fallbackPolicy = Policy<IActionResult>.Handle<Exception>().FallbackAsync(fallbackResult);
        return await fallbackPolicy.WrapAsync(retryPolicy).ExecuteAsync(action);
    }
}
//- src/WebApp/Controllers/OrdersController.cs
namespace Shop.WebApp.Controllers;
public class OrdersController : Controller
{
    private IOrdersAPI _ordersAPI;
    private ResiliencyHelper _resiliencyHelper;
    public OrdersController(IOrdersAPI ordersAPI)
    {
        _ordersAPI = ordersAPI;
        _resiliencyHelper = new ResiliencyHelper();
    }

    [HttpGet]
    public async Task<IActionResult> Index(string id)
    {
        return await _resiliencyHelper.ExecuteResilient(async () =>
        {
            var order = await _ordersAPI.GetOrder(id);
            return View(order);
        }, View("Offline"));
    }
}
//- src/WebApp/RESTClients/IOrdersAPI.cs
namespace Shop.WebApp.RESTClients;
public interface IOrdersAPI
{
    [Get("/orders/{id}")]
    Task<Order> GetOrder(string id);
}
//- src/WebApp/RESTClients/OrdersAPI.cs
namespace Shop.WebApp.RESTClients;
public class OrdersAPI : IOrdersAPI
{
    private IOrdersAPI _restClient;
    public OrdersAPI(IConfiguration config, HttpClient httpClient)
    {
        string apiHostAndPort = config.GetSection("APIServiceLocations").GetValue<string>("OrdersAPI");
        httpClient.BaseAddress = new Uri($"http://{apiHostAndPort}/api");
        _restClient = RestService.For<IOrdersAPI>(httpClient);
    }
    public async Task<Order> GetOrder(string id) => await _restClient.GetOrder(id);
}
`;

const ORDERS_API = `//- src/OrdersAPI/Program.cs
var builder = WebApplication.CreateBuilder(args);
var cs = builder.Configuration.GetConnectionString("OrdersCN");
builder.Services.AddTransient<IOrderRepository>((sp) => new SqlOrderRepository(cs));
builder.Services.AddControllers();
var app = builder.Build();
app.MapControllers();
app.Run();
//- src/OrdersAPI/Controllers/OrdersController.cs
namespace Shop.OrdersAPI.Controllers;
using Shop.OrdersAPI.Repositories;
[Route("/api/[controller]")]
public class OrdersController : Controller
{
    private readonly IOrderRepository _repo;
    public OrdersController(IOrderRepository repo) { _repo = repo; }

    [HttpGet("{id}")]
    public async Task<IActionResult> Get(string id) => Ok(await _repo.GetAsync(id));
}
//- src/OrdersAPI/Repositories/SqlOrderRepository.cs
namespace Shop.OrdersAPI.Repositories;
public interface IOrderRepository { Task<Order> GetAsync(string id); }
public class SqlOrderRepository : IOrderRepository
{
    private string _connectionString;
    public SqlOrderRepository(string connectionString) { _connectionString = connectionString; }

    public async Task<Order> GetAsync(string id)
    {
        using (SqlConnection conn = new SqlConnection(_connectionString))
        {
            await Policy
                .Handle<Exception>()
                .WaitAndRetryAsync(3, r => TimeSpan.FromSeconds(2))
// ^ layer ×4 RL001
                .ExecuteAsync(() => conn.OpenAsync());
            return await conn.QuerySingleOrDefaultAsync<Order>("select * from Orders where Id = @Id", new { Id = id });
        }
    }
}
`;

describe(".NET: Refit clients, policy helpers, ADO.NET and constructors", () => {
  test("a retry helper's policy (WrapAsync around a parameter) → Refit client (Production settings, global usings) → API → inline Polly chain over SqlConnection.OpenAsync", async () => {
    const result = await checkFixture(`
${REFIT_WEB}
${ORDERS_API}
//! rules RL001
//! path 24 sqlserver
//! path 6 sqlserver
//! paths 2
`);
    const path = result.model.paths.find((p) => p.product === 24)!;
    assert.deepEqual(path.services, ["webapp", "ordersapi", "sqlserver"]);
    const hop = result.model.hops.find((h) => h.caller === "webapp" && h.callee === "ordersapi")!;
    assert.deepEqual(hop.calls.map((c) => [c.method, c.path]), [["GET", "/api/orders/{id}"]]);
  });

  test("a retry in a constructor: off-path when only a hosted service takes the class, on the path when a controller does", async () => {
    const result = await checkFixture(`
//- src/Billing/Program.cs
using Billing;
IHost host = Host.CreateDefaultBuilder(args).ConfigureServices((ctx, services) =>
{
    services.AddTransient<IInvoiceRepository>((svc) => new SqlInvoiceRepository(ctx.Configuration.GetConnectionString("cn")));
    services.AddHostedService<InvoiceWorker>();
}).Build();
await host.RunAsync();
//- src/Billing/InvoiceWorker.cs
namespace Billing;
public class InvoiceWorker : IHostedService
{
    private IInvoiceRepository _repo;
    public InvoiceWorker(IInvoiceRepository repo) { _repo = repo; }
    public Task StartAsync(CancellationToken ct) => _repo.SaveAsync();
    public Task StopAsync(CancellationToken ct) => Task.CompletedTask;
}
//- src/Billing/SqlInvoiceRepository.cs
namespace Billing;
public interface IInvoiceRepository { Task SaveAsync(); }
public class SqlInvoiceRepository : IInvoiceRepository
{
    private string _cs;
    public SqlInvoiceRepository(string cs)
    {
        _cs = cs;
        Policy
        .Handle<Exception>()
        .WaitAndRetryAsync(10, r => TimeSpan.FromSeconds(10))
// ^ layer ×11
        .ExecuteAsync(InitializeAsync)
        .Wait();
    }
    private async Task InitializeAsync()
    {
        using var conn = new SqlConnection(_cs);
        await conn.OpenAsync();
    }
    public async Task SaveAsync()
    {
        using var conn = new SqlConnection(_cs);
        await conn.ExecuteAsync("insert into Invoice values (1)");
    }
}
//- src/Planning/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddTransient<IPlanRepository>((sp) => new SqlPlanRepository("Server=plandb;Database=plans"));
var app = builder.Build();
app.MapControllers();
app.Run();
//- src/Planning/PlanController.cs
namespace Planning;
[Route("/api/plans")]
public class PlanController : Controller
{
    private readonly IPlanRepository _repo;
    public PlanController(IPlanRepository repo) { _repo = repo; }
    [HttpGet]
    public async Task<IActionResult> Get() => Ok(await _repo.AllAsync());
}
//- src/Planning/SqlPlanRepository.cs
namespace Planning;
public interface IPlanRepository { Task<int> AllAsync(); }
public class SqlPlanRepository : IPlanRepository
{
    private string _cs;
    public SqlPlanRepository(string cs)
    {
        _cs = cs;
        Policy
        .Handle<Exception>()
        .WaitAndRetryAsync(10, r => TimeSpan.FromSeconds(10))
// ^ layer ×11 RL001
        .ExecuteAsync(InitializeAsync)
        .Wait();
    }
    private async Task InitializeAsync()
    {
        using var conn = new SqlConnection(_cs);
        await conn.OpenAsync();
    }
    public async Task<int> AllAsync()
    {
        using var conn = new SqlConnection(_cs);
        return await conn.ExecuteScalarAsync<int>("select count(*) from Plan");
    }
}
//! rules RL001
//! path 11 sqlserver
//! paths 1
`);
    assert.match(layerAt(result, "src/Billing/SqlInvoiceRepository.cs:11").offPath ?? "", /constructor of SqlInvoiceRepository, built once for the hosted service InvoiceWorker/);
    assert.equal(layerAt(result, "src/Planning/SqlPlanRepository.cs:11").offPath, undefined);
  });
});

describe(".NET: explicit EF Core execution strategies", () => {
  test("CreateExecutionStrategy().ExecuteAsync(…) in a registered pipeline behavior retries with the context's strategy; one in a method nothing calls runs nothing", async () => {
    const result = await checkFixture(`
//- deploy/docker-compose.yml
services:
  shop:
    build:
      context: ../
      dockerfile: src/Shop/Dockerfile
  billing:
    build:
      context: ../
      dockerfile: src/Billing/Dockerfile
//- src/Shop/Program.cs
using Shop;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddDbContext<ShopContext>(o => o.UseNpgsql("Host=shopdb;Database=shop", n => n.EnableRetryOnFailure(5)));
// ^ layer ×6
builder.Services.AddTransient(typeof(IPipelineBehavior<,>), typeof(TxBehavior<,>));
builder.Services.AddHttpClient<LedgerClient>(c => c.BaseAddress = new Uri("http://ledger:8080"))
    .AddStandardResilienceHandler();
// ^ layer ×4 RL001
var app = builder.Build();
app.Run();
//- src/Shop/ShopContext.cs
namespace Shop;
public class ShopContext : DbContext
{
    public DbSet<Order> Orders { get; set; }
    public Task RetryOnExceptionAsync(Func<Task> operation)
    {
        return Database.CreateExecutionStrategy().ExecuteAsync(operation);
// ^ layer disabled
    }
}
//- src/Shop/LedgerClient.cs
namespace Shop;
public class LedgerClient(HttpClient http)
{
    public Task RecordAsync() => http.PostAsync("/entries", null);
}
//- src/Shop/TxBehavior.cs
namespace Shop;
public class TxBehavior<TRequest, TResponse>(ShopContext db, LedgerClient ledger) : IPipelineBehavior<TRequest, TResponse>
{
    public async ValueTask<TResponse> Handle(TRequest message, CancellationToken ct, MessageHandlerDelegate<TRequest, TResponse> next)
    {
        var strategy = db.Database.CreateExecutionStrategy();
        return await strategy.ExecuteAsync(async () =>
// ^ layer ×6 RL001
        {
            await using var tx = await db.Database.BeginTransactionAsync(ct);
            var response = await next(message, ct);
            await ledger.RecordAsync();
            await db.SaveChangesAsync(ct);
            await tx.CommitAsync(ct);
            return response;
        });
    }
}
//- src/Billing/Worker.cs
namespace Billing;
public class Worker
{
    public void Run() { }
}
//! rules RL001
//! path 24 ledger
//! path 6 shopdb
//! paths 2
`);
    // inside the explicit strategy the context's own strategy is suspended: the commands are not retried again
    const db = result.model.paths.find((p) => p.target === "shopdb")!;
    assert.deepEqual(db.layers, ["src/Shop/TxBehavior.cs#L7:30"]);
    assert.match(layerAt(result, "src/Shop/TxBehavior.cs:7").attemptsNote, /execution strategy of the ShopContext registration/);
    assert.equal(result.model.fileService.get("src/Shop/TxBehavior.cs"), "shop");
  });
});

describe(".NET: Mediator pipeline behaviors and options-bound clients", () => {
  test("a guarded transaction behavior wraps the command handlers it is for; a generic helper's options type names the base address section; inherited interface members dispatch", async () => {
    const result = await checkFixture(`
//- src/Shared/Abstractions.cs
namespace Shop.Shared;
public interface ITxRequest;
public interface ITxCommand<out T> : ICommand<T>, ITxRequest;
//- src/Shared/HttpClientExtensions.cs
namespace Shop.Shared;
public static class HttpClientExtensions
{
    public static IServiceCollection AddCustomHttpClient<TClient, TImplementation, TClientOptions>(this IServiceCollection services)
        where TClient : class
        where TImplementation : class, TClient
        where TClientOptions : HttpClientOptions, new()
    {
        services.AddHttpClient<TClient, TImplementation>()
            .ConfigureHttpClient((sp, httpClient) =>
            {
                var options = sp.GetRequiredService<IOptions<TClientOptions>>().Value;
                httpClient.BaseAddress = new Uri(options.BaseAddress);
            });
        return services;
    }
}
//- src/Shared/TxBehavior.cs
namespace Shop.Shared;
public class TxBehavior<TRequest, TResponse>(IDbFacadeResolver dbFacadeResolver) : IPipelineBehavior<TRequest, TResponse>
{
    public async ValueTask<TResponse> Handle(TRequest message, CancellationToken ct, MessageHandlerDelegate<TRequest, TResponse> next)
    {
        if (message is not ITxRequest)
            return await next(message, ct);
        var strategy = dbFacadeResolver.Database.CreateExecutionStrategy();
        return await strategy.ExecuteAsync(async () =>
// ^ layer ×6 RL001
        {
            var response = await next(message, ct);
            return response;
        });
    }
}
//- src/Customers/Customers.Api/appsettings.json
{ "IdentityClientOptions": { "BaseAddress": "http://localhost:7000" } }
//- src/Customers/Customers.Api/Program.cs
using Shop.Shared;
using Shop.Customers;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddDbContext<CustomersContext>(o => o.UseNpgsql("Host=customersdb", n => n.EnableRetryOnFailure(5)));
// ^ layer ×6
builder.Services.AddTransient(typeof(IPipelineBehavior<,>), typeof(TxBehavior<,>));
builder.Services.AddCustomHttpClient<IIdentityClient, IdentityClient, IdentityClientOptions>();
var app = builder.Build();
app.Run();
//- src/Customers/Customers/CustomersContext.cs
namespace Shop.Customers;
public class CustomersContext : DbContext, IDbFacadeResolver { }
//- src/Customers/Customers/IdentityClient.cs
namespace Shop.Customers;
public class IdentityClientOptions : HttpClientOptions { }
public interface IClientBase { Task<string> GetUserAsync(string email); }
public interface IIdentityClient : IClientBase;
public class IdentityClient(HttpClient httpClient) : IIdentityClient
{
    private readonly AsyncRetryPolicy _retry = Policy.Handle<HttpRequestException>().RetryAsync(3);
// ^ layer ×4 RL001
    public Task<string> GetUserAsync(string email) => _retry.ExecuteAsync(() => httpClient.GetStringAsync($"api/users/{email}"));
}
//- src/Customers/Customers/CreateCustomer.cs
namespace Shop.Customers;
using Shop.Shared;
public record CreateCustomer(string Email) : ITxCommand<string>;
public class CreateCustomerHandler(IIdentityClient identity) : ICommandHandler<CreateCustomer, string>
{
    public async ValueTask<string> Handle(CreateCustomer command, CancellationToken ct) => await identity.GetUserAsync(command.Email);
}
public record GetCustomer(string Email) : IQuery<string>;
public class GetCustomerHandler(IIdentityClient identity) : IQueryHandler<GetCustomer, string>
{
    public async ValueTask<string> Handle(GetCustomer query, CancellationToken ct) => await identity.GetUserAsync(query.Email);
}
//- src/Identity/Identity.Api/Properties/launchSettings.json
{ "profiles": { "Identity.Api": { "commandName": "Project", "applicationUrl": "https://localhost:7001;http://localhost:7000" } } }
//- src/Identity/Identity.Api/Program.cs
using Shop.Identity;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddDbContext<IdentityContext>(o => o.UseNpgsql("Host=identitydb", n => n.EnableRetryOnFailure(2)));
// ^ layer ×3 RL001
var app = builder.Build();
app.MapGet("/api/users/{email}", async (IdentityContext db, string email) => await db.Users.FirstOrDefaultAsync(u => u.Email == email));
app.Run();
//- src/Identity/Identity/IdentityContext.cs
namespace Shop.Identity;
public class IdentityContext : DbContext
{
    public DbSet<User> Users { get; set; }
}
//! rules RL001
//! path 72 identitydb
//! path 12 identitydb
//! paths 2
`);
    const services = result.model.paths.map((p) => p.services.join(">"));
    assert.deepEqual([...new Set(services)], ["customers>identity>identitydb"]);
  });
});
