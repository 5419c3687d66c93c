// C# module facts: ids, usings, HttpClient requests and their URLs, entry points, suppressions.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { commentLeader } from "../../../server/src/lsp/handlers/codeActions";
import { cs } from "./helpers";

describe("C# module facts", () => {
  test("qualified ids for types, members and lambdas; usings as imports", async () => {
    const f = await cs(`using System.Net.Http;
using Json = System.Text.Json;
namespace Checkout;
public sealed class InventoryClient(HttpClient http)
{
    public async Task<string> StockAsync(string sku, CancellationToken ct) =>
        await Resilience.Inventory.ExecuteAsync(async token => await http.GetAsync($"http://inventory:8080/stock/{sku}", token), ct);
}
`);
    const ids = f.functions.map((fn) => fn.id);
    assert.ok(ids.includes("Checkout.InventoryClient"));
    assert.ok(ids.includes("Checkout.InventoryClient.StockAsync"));
    assert.ok(ids.includes("Checkout.InventoryClient.StockAsync.lambda@7:48"), ids.join(", "));
    assert.deepEqual(f.imports, [
      { local: "System.Net.Http", module: "System.Net.Http", member: null },
      { local: "Json", module: "System.Text.Json", member: null },
    ]);
    assert.ok(f.clients.some((c) => c.name === "Checkout.InventoryClient.http" && c.library === "HttpClient"), "primary-constructor HttpClient");
    const get = f.calls.find((c) => c.callee === "http.GetAsync")!;
    assert.equal(get.functionId, "Checkout.InventoryClient.StockAsync.lambda@7:48");
    assert.equal(get.request?.method, "GET");
    assert.deepEqual(get.request?.url, { kind: "concat", parts: [{ kind: "string", value: "http://inventory:8080/stock/" }, { kind: "ref", name: "sku" }] });
    const exec = f.calls.find((c) => c.callee === "Resilience.Inventory.ExecuteAsync")!;
    assert.equal(exec.args[0]?.name, "lambda@7:48");
    assert.equal(exec.invokesArg, 0);
  });

  test("HttpClient verbs, SendAsync with a request message, constants and Idempotency-Key", async () => {
    const f = await cs(`namespace Shop.Api
{
    public class Orders
    {
        private const string Base = "http://orders:80";
        private readonly HttpClient _http = new HttpClient { BaseAddress = new Uri("http://payments") };
        public async Task Pay()
        {
            var req = new HttpRequestMessage(HttpMethod.Post, Base + "/pay");
            req.Headers.Add("Idempotency-Key", Guid.NewGuid().ToString());
            await _http.SendAsync(req);
            await _http.PutAsJsonAsync("/x", body);
            await this._http.DeleteAsync(@"http://orders/1");
        }
    }
}
`);
    const send = f.calls.find((c) => c.callee === "_http.SendAsync")!;
    assert.equal(send.request?.method, "POST");
    assert.deepEqual(send.request?.url, { kind: "concat", parts: [{ kind: "ref", name: "Base" }, { kind: "string", value: "/pay" }] });
    assert.equal(send.request?.idempotencyKey, true);
    assert.equal(f.calls.find((c) => c.callee === "_http.PutAsJsonAsync")?.request?.method, "PUT");
    assert.equal(f.calls.find((c) => c.callee === "_http.DeleteAsync")?.request?.method, "DELETE");
    assert.deepEqual(f.constants.find((c) => c.name === "Shop.Api.Orders.Base")?.value, { kind: "string", value: "http://orders:80" });
    const client = f.clients.find((c) => c.name === "Shop.Api.Orders._http")!;
    assert.deepEqual(client.baseUrl, { kind: "string", value: "http://payments" });
  });

  test("entry points: [HttpPost] actions and minimal-API handlers", async () => {
    const f = await cs(`var app = WebApplication.Create();
app.MapGet("/stock/{sku}", async (string sku) => await Lookup(sku));
class C
{
    [HttpPost("orders")]
    public void Create() { }
}
`);
    assert.deepEqual(f.functions.find((fn) => fn.id === "C.Create")?.handler, { method: "POST", route: "/orders" });
    assert.deepEqual(f.functions.find((fn) => fn.id.startsWith("lambda@2"))?.handler, { method: "GET", route: "/stock/{sku}" });
  });

  test("suppression comments are collected", async () => {
    const f = await cs("// retry-lens: ignore RL004 -- jitter added by the gateway\nclass C { }\n");
    assert.deepEqual(f.suppressions, [{ line: 1, rules: ["RL004"], reason: "jitter added by the gateway" }]);
  });

  test("a syntax error yields partial facts and a problem, never a throw", async () => {
    const f = await cs("class C { void M() { http.GetAsync(\"http://a/b\"); \n");
    assert.ok(f.problems.some((p) => /syntax error/.test(p.message)));
    assert.ok(f.calls.some((c) => c.request?.method === "GET"));
  });
});

describe("C# in the editor", () => {
  test("the ignore code action writes // comments in .cs files", () => {
    assert.equal(commentLeader("Checkout/Resilience.cs"), "//");
  });
});
