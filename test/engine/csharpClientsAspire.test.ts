// .NET Aspire wiring (reference §3.8, §3.14): a ServiceDefaults project's ConfigureHttpClientDefaults
// applies to every service calling AddServiceDefaults(); the AppHost names the services its projects
// run as; typed clients declared in a shared project run in the services that register them.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

const serviceDefaults = (note: string) => `//- src/ServiceDefaults/ServiceDefaults.csproj
//- src/ServiceDefaults/Extensions.cs
namespace Microsoft.Extensions.Hosting;
public static class Extensions
{
    public static IHostApplicationBuilder AddServiceDefaults(this IHostApplicationBuilder builder)
    {
        builder.Services.AddServiceDiscovery();
        builder.Services.ConfigureHttpClientDefaults(http =>
        {
            http.AddStandardResilienceHandler();
// ^ layer ×4 ${note}
            http.AddServiceDiscovery();
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

describe("Aspire ServiceDefaults: ConfigureHttpClientDefaults in a shared project", () => {
  test("applies to the HttpClients of every service calling AddServiceDefaults(): the same layer on both hops", async () => {
    const result = await checkFixture(`
${serviceDefaults("RL001")}${APP_HOST}//- src/Web/Shop.Web.csproj
//- src/Web/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.Services.AddHttpClient<ApiClient>(c => c.BaseAddress = new Uri("https+http://api"));
var app = builder.Build();
app.Run();
public class ApiClient(HttpClient http)
{
    public Task<string> ItemsAsync() => http.GetStringAsync("/items");
}
//- src/Api/Shop.Api.csproj
//- src/Api/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
var app = builder.Build();
app.MapGet("/items", async (HttpClient http) => await http.GetStringAsync("http://inventory/stock"));
app.Run();
//! rules RL001
//! path 16 inventory
//! paths 1
`);
    const path = result.model.paths[0]!;
    assert.deepEqual(path.services, ["web", "api", "inventory"], "service names from the AppHost, https+http://api resolved by service discovery");
    assert.equal(path.layers.length, 2);
    assert.equal(path.layers[0], path.layers[1], "one source line, two services: the layer appears twice");
  });

  test("through another extension method (AddServiceDefaults → AddAppDefaults), and for an HttpClient resolved from the container", async () => {
    await checkFixture(`
//- src/AppDefaults/AppDefaults.csproj
//- src/AppDefaults/AppDefaultsExtensions.cs
namespace Microsoft.Extensions.Hosting;
public static class AppDefaultsExtensions
{
    public static IHostApplicationBuilder AddAppDefaults(this IHostApplicationBuilder builder)
    {
        builder.Services.ConfigureHttpClientDefaults(http => http.AddStandardResilienceHandler());
// ^ layer ×4 RL001
        return builder;
    }
}
//- src/ServiceDefaults/ServiceDefaults.csproj
//- src/ServiceDefaults/Extensions.cs
namespace Microsoft.Extensions.Hosting;
public static class Extensions
{
    public static IHostApplicationBuilder AddServiceDefaults(this IHostApplicationBuilder builder)
    {
        builder.AddAppDefaults();
        return builder;
    }
}
${APP_HOST}//- src/Web/Shop.Web.csproj
//- src/Web/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
var app = builder.Build();
app.MapGet("/", async (IServiceProvider sp) =>
{
    var http = sp.GetRequiredService<HttpClient>();
    return await http.GetStringAsync("http://api/items");
});
app.Run();
//- src/Api/Shop.Api.csproj
//- src/Api/Program.cs
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
app.MapGet("/items", () => "[]");
app.Run();
//! rules RL001
//! path 4 api
//! paths 1
`);
  });

  test("a service that does not call AddServiceDefaults() gets no defaults; a defaults method nobody calls applies to its own project only", async () => {
    await checkFixture(`
${serviceDefaults("")}${APP_HOST}//- src/Web/Shop.Web.csproj
//- src/Web/Program.cs
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
app.MapGet("/", async (HttpClient http) => await http.GetStringAsync("http://api/items"));
app.Run();
//- src/Api/Shop.Api.csproj
//- src/Api/Program.cs
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
app.Run();
//! rules RL001
//! paths 0
`);
  });

  test("a typed client declared in the shared project runs in the service that registers it", async () => {
    const result = await checkFixture(`
${serviceDefaults("RL001")}//- src/ServiceDefaults/Clients/BackendClient.cs
namespace Shop.Clients;
public class BackendClient(HttpClient http)
{
    public Task<HttpResponseMessage> CreateAsync(string body) => http.PostAsync("/tickets", new StringContent(body));
}
//- src/AppHost/AppHost.csproj
//- src/AppHost/Program.cs
var builder = DistributedApplication.CreateBuilder(args);
var backend = builder.AddProject<Projects.Backend>("backend");
builder.AddProject<Projects.Web>("web").WithReference(backend);
//- src/Web/Web.csproj
//- src/Web/Program.cs
using Shop.Clients;
var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.Services.AddHttpClient<BackendClient>(c => c.BaseAddress = new Uri("http://backend/"));
//- src/Backend/Backend.csproj
//- src/Backend/Program.cs
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
app.MapPost("/tickets", () => Results.Ok());
//! rules RL001
//! path 4 backend
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["web", "backend"], "the caller is the registering service, not the shared project");
  });
});

describe("generic registration helpers", () => {
  test("AddHttpServiceReference<TClient>(baseAddress): each call registers its type argument with the address it passes", async () => {
    await checkFixture(`
${serviceDefaults("RL001")}//- src/ServiceDefaults/ServiceReferenceExtensions.cs
namespace System.Net.Http;
public static class ServiceReferenceExtensions
{
    public static IHttpClientBuilder AddHttpServiceReference<TClient>(this IServiceCollection services, string baseAddress) where TClient : class
    {
        var uri = new Uri(baseAddress);
        return services.AddHttpClient<TClient>(c => c.BaseAddress = uri);
    }
}
${APP_HOST}//- src/Web/Shop.Web.csproj
//- src/Web/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.Services.AddHttpServiceReference<ApiClient>("https+http://api");
public class ApiClient(HttpClient client)
{
    public Task<string> ItemsAsync() => client.GetStringAsync("api/v1/items");
}
//- src/Api/Shop.Api.csproj
//- src/Api/Program.cs
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
app.MapGet("/api/v1/items", () => "[]");
//! rules RL001
//! path 4 api
//! paths 1
`);
  });
});

describe("Aspire AppHost as a source of service names", () => {
  test("AddProject<Projects.X>(name) names the project folder (X from the .csproj file name); an app folder by its path", async () => {
    const result = await checkFixture(`
//- deploy/AppHost/AppHost.csproj
//- deploy/AppHost/Program.cs
var builder = DistributedApplication.CreateBuilder(args);
var ml = builder.AddPythonUvicornApp("inference", Path.Combine("..", "..", "python", "inference"), "main:app");
builder.AddProject<Projects.Orders_Service>("orders").WithReference(ml);
//- code/Orders.Service/Orders.Service.csproj
//- code/Orders.Service/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient("ml", c => c.BaseAddress = new Uri("http://inference"))
    .AddStandardResilienceHandler();
// ^ layer ×4 RL001
var app = builder.Build();
app.MapPost("/orders", async (IHttpClientFactory f) => await f.CreateClient("ml").PostAsync("/score", null));
//- python/inference/main.py
from fastapi import FastAPI
app = FastAPI()
@app.post("/score")
def score():
    return {}
//! rules RL001
//! path 4 inference
//! paths 1
`);
    assert.deepEqual(result.model.paths[0]!.services, ["orders", "inference"]);
  });

  test("a name two AppHosts both use is qualified by its sample folder, so unrelated samples do not merge", async () => {
    const result = await checkFixture(`
//- samples/a/A.AppHost/A.AppHost.csproj
//- samples/a/A.AppHost/Program.cs
var builder = DistributedApplication.CreateBuilder(args);
builder.AddProject<Projects.A_Api>("api");
//- samples/a/A.Api/A.Api.csproj
//- samples/a/A.Api/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddHttpClient("x").AddStandardResilienceHandler();
// ^ layer ×4
//- samples/b/B.AppHost/B.AppHost.csproj
//- samples/b/B.AppHost/Program.cs
var builder = DistributedApplication.CreateBuilder(args);
builder.AddProject<Projects.B_Api>("api");
//- samples/b/B.Api/B.Api.csproj
//- samples/b/B.Api/Program.cs
var builder = WebApplication.CreateBuilder(args);
//! rules RL001
//! paths 0
`);
    assert.deepEqual([...new Set(result.model.layers.map((l) => l.service))], ["api@a"]);
  });
});

describe("a shared client used by several services", () => {
  test("the ServiceDefaults layer counts once on its hop, however many services run the client", async () => {
    await checkFixture(`
${serviceDefaults("RL001")}//- src/ServiceDefaults/Clients/CatalogClient.cs
namespace Shop.Clients;
public class CatalogClient(HttpClient http)
{
    public Task<string> ItemsAsync() => http.GetStringAsync("/items");
}
//- src/AppHost/AppHost.csproj
//- src/AppHost/Program.cs
var builder = DistributedApplication.CreateBuilder(args);
builder.AddProject<Projects.Web>("web");
builder.AddProject<Projects.Admin>("admin");
//- src/Web/Web.csproj
//- src/Web/Program.cs
using Shop.Clients;
var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.Services.AddHttpClient<CatalogClient>(c => c.BaseAddress = new Uri("http://catalog"));
//- src/Admin/Admin.csproj
//- src/Admin/Program.cs
using Shop.Clients;
var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.Services.AddHttpClient<CatalogClient>(c => c.BaseAddress = new Uri("http://catalog"));
//! rules RL001
//! path 4 catalog
//! paths 2
`);
  });
});
