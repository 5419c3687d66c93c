// Hand-rolled retry loops and retry helpers in C# (DESIGN.md: a loop that calls, sleeps and
// leaves on success; counted like the Python detector; a loop retrying a delegate parameter
// makes its method a retry helper).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../../harness";
import { cs } from "./helpers";

/** A class around `members`; the first member line is line 4. */
const C = (members: string) => `namespace Shop;
public class InventoryClient
{
${members}
}
`;

async function loops(text: string) {
  const facts = await cs(text);
  assert.deepEqual(facts.problems, [], "no problems");
  return facts.layers.filter((l) => l.kind === "retry-loop");
}

describe("C# retry loops: attempts", () => {
  const cases: Array<[string, string, number | null]> = [
    [
      "for (var i = 0; i < 3; i++) around HttpClient",
      `    public async Task<string> A(string u)
    {
        for (var i = 0; i < 3; i++)
        {
            try { return await _http.GetStringAsync(u); }
            catch (HttpRequestException) { await Task.Delay(200); }
        }
        throw new InvalidOperationException("exhausted");
    }`,
      3,
    ],
    [
      "for (attempt = 1; attempt <= MaxAttempts; …) with a const",
      `    private const int MaxAttempts = 5;
    public async Task<string> A(string u)
    {
        for (var attempt = 1; attempt <= MaxAttempts; attempt++)
        {
            try { return await _http.GetStringAsync(u); }
            catch (HttpRequestException) { await Task.Delay(200); }
        }
        return null;
    }`,
      5,
    ],
    [
      "while (attempt < max) with the increment in the body",
      `    public async Task<string> A(string u)
    {
        var attempt = 0;
        while (attempt < 4)
        {
            attempt++;
            try { return await _http.GetStringAsync(u); }
            catch (HttpRequestException) { Thread.Sleep(200); }
        }
        return null;
    }`,
      4,
    ],
    [
      "while (true) with `if (++attempt >= 3) throw;` in the catch",
      `    public async Task<string> A(string u)
    {
        var attempt = 0;
        while (true)
        {
            try { return await _http.GetStringAsync(u); }
            catch (HttpRequestException)
            {
                if (++attempt >= 3) throw;
                await Task.Delay(200);
            }
        }
    }`,
      3,
    ],
    [
      "catch … when (++attempt < max): retries while the filter holds",
      `    public async Task<string> A(string u)
    {
        var attempt = 0;
        while (true)
        {
            try { return await _http.GetStringAsync(u); }
            catch (HttpRequestException) when (++attempt < 4) { await Task.Delay(200); }
        }
    }`,
      4,
    ],
    [
      "do … while (attempt < 3)",
      `    public async Task<string> A(string u)
    {
        var attempt = 0;
        do
        {
            try { return await _http.GetStringAsync(u); }
            catch (HttpRequestException) { await Task.Delay(200); }
            attempt++;
        } while (attempt < 3);
        return null;
    }`,
      3,
    ],
    [
      "foreach over a literal array of delays",
      `    public async Task<string> A(string u)
    {
        foreach (var delay in new[] { 100, 200, 400 })
        {
            try { return await _http.GetStringAsync(u); }
            catch (HttpRequestException) { await Task.Delay(delay); }
        }
        return null;
    }`,
      3,
    ],
    [
      "while (true) without a counter is unbounded",
      `    public async Task<string> A(string u)
    {
        while (true)
        {
            try { return await _http.GetStringAsync(u); }
            catch (HttpRequestException) { await Task.Delay(1000); }
        }
    }`,
      null,
    ],
  ];
  for (const [name, members, expected] of cases) {
    test(`${name} → ${expected ?? "unbounded"}`, async () => {
      const text = C(members);
      const layers = await loops(text);
      assert.equal(layers.length, 1);
      assert.equal(layers[0]!.maxAttempts, expected);
      assert.equal(layers[0]!.countUnknown, undefined);
      const loopLine = text.split("\n").findIndex((l) => /^\s+(for|foreach|while|do)\b/.test(l)) + 1;
      assert.equal(layers[0]!.anchor.line, loopLine, "anchored on the loop line");
    });
  }

  test("a bound from a configuration property is not known statically: countUnknown", async () => {
    const [l] = await loops(C(`    public async Task<string> A(string u)
    {
        for (var i = 0; i < _options.MaxAttempts; i++)
        {
            try { return await _http.GetStringAsync(u); }
            catch (HttpRequestException) { await Task.Delay(200); }
        }
        return null;
    }`));
    assert.equal(l!.maxAttempts, null);
    assert.equal(l!.countUnknown, true);
    assert.match(l!.attemptsNote, /_options\.MaxAttempts.*not known statically/);
  });

  test("block attachment lists the retried HttpClient call only", async () => {
    const facts = await cs(C(`    public async Task<string> A(string u)
    {
        for (var i = 0; i < 3; i++)
        {
            try { return await _http.GetStringAsync(u); }
            catch (HttpRequestException ex) { _logger.LogWarning(ex, "retry"); await Task.Delay(200); }
        }
        return null;
    }`));
    const l = facts.layers[0]!;
    const call = facts.calls.find((c) => c.callee.endsWith("GetStringAsync"))!;
    assert.deepEqual(l.attach, { kind: "block", functionId: "Shop.InventoryClient.A", callIds: [call.id] });
    assert.equal(l.label, "A");
  });
});

describe("C# retry loops: near misses", () => {
  const misses: Array<[string, string]> = [
    ["a background worker that keeps going", `    public async Task Run(CancellationToken ct)\n    {\n        while (!ct.IsCancellationRequested)\n        {\n            try { await HandleAsync(await _queue.ReadAsync(ct)); } catch (Exception ex) { _logger.LogError(ex, "x"); }\n            await Task.Delay(1000, ct);\n        }\n    }`],
    ["pagination with a continuation token", `    public async Task All()\n    {\n        string token = null;\n        while (true)\n        {\n            var page = await _api.ListAsync(token);\n            token = page.Next;\n            if (token == null) break;\n            await Task.Delay(100);\n        }\n    }`],
    ["iteration over items without sleeping", `    public async Task<string> First(List<string> ids)\n    {\n        foreach (var id in ids)\n        {\n            var r = await _http.GetStringAsync(id);\n            if (r != null) return r;\n        }\n        return null;\n    }`],
    ["a throttled scan passing the index to the call", `    public async Task<string> Find()\n    {\n        for (var i = 0; i < 10; i++)\n        {\n            var r = await _api.PageAsync(i);\n            if (r.Found) return r.Id;\n            await Task.Delay(50);\n        }\n        return null;\n    }`],
    ["a loop that sleeps but calls nothing", `    public async Task Pause()\n    {\n        for (var i = 0; i < 10; i++)\n        {\n            await Task.Delay(100);\n            _logger.LogInformation("waiting");\n            if (i > 5) break;\n        }\n    }`],
  ];
  for (const [name, members] of misses) {
    test(name, async () => {
      assert.equal((await loops(C(members))).length, 0);
    });
  }
  test("a return inside a lambda in the loop is not the loop's success exit", async () => {
    const text = C(`    public async Task A()\n    {\n        while (true)\n        {\n            try { await _http.GetStringAsync("http://x"); Func<int> f = () => { return 1; }; }\n            catch (HttpRequestException) { }\n            await Task.Delay(100);\n        }\n    }`);
    assert.equal((await loops(text)).length, 0);
    assert.equal((await loops(text.replace("Func<int> f = () => { return 1; };", "break;"))).length, 1);
  });
});

describe("C# retry loops: waits and conditions", () => {
  const loop = (catchClause: string, extra = "") => C(`    public async Task<string> A(string u)
    {
${extra}        for (var i = 0; i < 3; i++)
        {
            try { return await _http.GetStringAsync(u); }
            ${catchClause}
        }
        return null;
    }`);
  test("Task.Delay(TimeSpan.FromSeconds(2)): fixed 2 s", async () => {
    const [l] = await loops(loop("catch (HttpRequestException) { await Task.Delay(TimeSpan.FromSeconds(2)); }"));
    assert.equal(l!.wait.kind, "fixed");
    assert.equal(l!.wait.initialSeconds, 2);
    assert.equal(l!.wait.jitter, false);
  });
  test("Thread.Sleep(250) is 0.25 s", async () => {
    const [l] = await loops(loop("catch (HttpRequestException) { Thread.Sleep(250); }"));
    assert.equal(l!.wait.initialSeconds, 0.25);
  });
  test("Math.Pow(2, i) is exponential; 1 << i too; Random.Shared adds jitter", async () => {
    const [a] = await loops(loop("catch (HttpRequestException) { await Task.Delay(TimeSpan.FromMilliseconds(100 * Math.Pow(2, i))); }"));
    assert.equal(a!.wait.kind, "exponential");
    assert.equal(a!.wait.jitter, false);
    const [b] = await loops(loop("catch (HttpRequestException) { await Task.Delay((1 << i) * 100 + Random.Shared.Next(50)); }"));
    assert.equal(b!.wait.kind, "exponential");
    assert.equal(b!.wait.jitter, true);
  });
  test("Task.Delay(0) does not back off", async () => {
    const [l] = await loops(loop("catch (HttpRequestException) { await Task.Delay(0); }"));
    assert.equal(l!.wait.kind, "none");
  });
  test("a bare catch and catch (Exception) retry every error", async () => {
    const [a] = await loops(loop("catch { await Task.Delay(100); }"));
    assert.equal(a!.condition.allErrors, true);
    assert.ok(a!.condition.permanentErrors);
    const [b] = await loops(loop("catch (Exception) { await Task.Delay(100); }"));
    assert.equal(b!.condition.allErrors, true);
  });
  test("catch (Exception ex) when (IsTransient(ex)) narrows the condition", async () => {
    const [l] = await loops(loop("catch (Exception ex) when (IsTransient(ex)) { await Task.Delay(100); }"));
    assert.equal(l!.condition.allErrors, false);
    assert.match(l!.condition.description, /when \(IsTransient\(ex\)\)/);
  });
  test("HttpRequestException after EnsureSuccessStatusCode includes 4xx", async () => {
    const text = C(`    public async Task<string> A(string u)
    {
        for (var i = 0; i < 3; i++)
        {
            try
            {
                var resp = await _http.GetAsync(u);
                resp.EnsureSuccessStatusCode();
                return await resp.Content.ReadAsStringAsync();
            }
            catch (HttpRequestException) { await Task.Delay(100); }
        }
        return null;
    }`);
    const [l] = await loops(text);
    assert.deepEqual(l!.condition.exceptionTypes, ["HttpRequestException"]);
    assert.match(l!.condition.permanentErrors ?? "", /HttpRequestException/);
    const [plain] = await loops(text.replace("resp.EnsureSuccessStatusCode();", ""));
    assert.equal(plain!.condition.permanentErrors, null);
  });
  test("statuses compared with HttpStatusCode names; Retry-After read → honoured", async () => {
    const text = C(`    public async Task<HttpResponseMessage> A(string u)
    {
        for (var i = 0; i < 3; i++)
        {
            var resp = await _http.GetAsync(u);
            if (resp.StatusCode != HttpStatusCode.TooManyRequests && (int)resp.StatusCode < 500) return resp;
            await Task.Delay(resp.Headers.RetryAfter?.Delta ?? TimeSpan.FromSeconds(1));
        }
        return null;
    }`);
    const [l] = await loops(text);
    assert.ok(l!.condition.statuses.includes(429) && l!.condition.statuses.includes(503));
    assert.equal(l!.condition.statuses.includes(404), false);
    assert.equal(l!.condition.honoursRetryAfter, true);
  });

  test("returning on IsSuccessStatusCode retries every other status, 4xx included", async () => {
    const [l] = await loops(C(`    public async Task<HttpResponseMessage> A(string u)
    {
        for (var i = 0; i < 3; i++)
        {
            var resp = await _http.PostAsync(u, null);
            if (resp.IsSuccessStatusCode) return resp;
            await Task.Delay(500);
        }
        return null;
    }`));
    assert.ok(l!.condition.statuses.includes(400) && l!.condition.statuses.includes(503));
    assert.match(l!.condition.permanentErrors ?? "", /400–407, 409–424/);
    assert.equal(l!.condition.afterSendMethods, "all");
  });
});

describe("C# retry helpers", () => {
  test("a loop awaiting a Func<Task<T>> parameter is a helper; its default bounds the count", async () => {
    const facts = await cs(`namespace Shop;
public static class Resilience
{
    public static async Task<T> RetryAsync<T>(Func<Task<T>> op, int maxAttempts = 3)
    {
        for (var attempt = 0; attempt < maxAttempts; attempt++)
        {
            try { return await op(); }
            catch (HttpRequestException) { await Task.Delay(100); }
        }
        throw new InvalidOperationException();
    }
}
`);
    const l = facts.layers[0]!;
    assert.deepEqual(l.attach, { kind: "helper", functionId: "Shop.Resilience.RetryAsync", paramIndex: 0, paramName: "op" });
    assert.equal(l.maxAttempts, 3);
    assert.equal(l.attemptsSource, "default");
  });
  test("op.Invoke() counts as calling the parameter", async () => {
    const facts = await cs(C(`    public T Retry<T>(Func<T> op)
    {
        for (var i = 0; i < 3; i++)
        {
            try { return op.Invoke(); } catch (IOException) { Thread.Sleep(100); }
        }
        return default;
    }`));
    assert.equal(facts.layers[0]!.attach.kind, "helper");
  });
});

describe("C# retry loops: robustness", () => {
  test("half-typed loops never throw", async () => {
    for (const text of [
      C(`    public async Task A()\n    {\n        for (var i = 0; i < ; i++)\n        {\n            try { return await _http.GetStringAsync(); } catch { await Task.Delay(); }\n    }`),
      C(`    public void B()\n    {\n        while (\n            Thread.Sleep(100)\n    }`),
    ]) {
      const facts = await cs(text);
      assert.ok(facts.problems.every((p) => !/retry-loop detector/.test(p.message)), facts.problems.map((p) => p.message).join("; "));
    }
  });
});

describe("C# retry loops in the engine", () => {
  test("ASP.NET controller → typed client method with a loop around HttpClient → inventory ×4", async () => {
    const result = await checkFixture(`
//- Checkout/Controllers/CheckoutController.cs
using Microsoft.AspNetCore.Mvc;
namespace Checkout.Controllers;

[ApiController]
public class CheckoutController : ControllerBase
{
    private readonly Checkout.InventoryClient _inventory;
    public CheckoutController(Checkout.InventoryClient inventory) { _inventory = inventory; }

    [HttpGet("stock/{sku}")]
    public async Task<string> Stock(string sku) => await _inventory.StockAsync(sku);
}
//- Checkout/InventoryClient.cs
namespace Checkout;

public class InventoryClient
{
    private const int MaxAttempts = 4;
    private readonly HttpClient _http = new HttpClient();

    public async Task<string> StockAsync(string sku)
    {
        for (var attempt = 1; attempt <= MaxAttempts; attempt++)
// ^ layer ×4 RL001 RL004
        {
            try
            {
                return await _http.GetStringAsync($"http://inventory/stock/{sku}");
            }
            catch (HttpRequestException)
            {
                await Task.Delay(TimeSpan.FromMilliseconds(100 * Math.Pow(2, attempt)));
            }
        }
        throw new InvalidOperationException("inventory unavailable");
    }
}
//! rules RL001,RL002,RL004
//! path 4 inventory
//! paths 1
`);
    assert.equal(layerAt(result, "Checkout/InventoryClient.cs:10").kind, "retry-loop");
  });

  test("minimal API handler → retry helper with a lambda → pricing ×3", async () => {
    await checkFixture(`
//- Checkout/Program.cs
using Checkout;
var app = WebApplication.CreateBuilder(args).Build();
var http = new HttpClient();
app.MapGet("/price/{sku}", (string sku) => Resilience.RetryAsync(() => http.GetStringAsync($"http://pricing/price/{sku}")));
app.Run();
//- Checkout/Resilience.cs
namespace Checkout;

public static class Resilience
{
    public static async Task<T> RetryAsync<T>(Func<Task<T>> op, int maxAttempts = 3)
    {
        var attempt = 0;
        while (true)
// ^ layer ×3
        {
            try
            {
                return await op();
            }
            catch (HttpRequestException) when (++attempt < maxAttempts)
            {
                await Task.Delay(Random.Shared.Next(100, 400));
            }
        }
    }
}
//! rules RL001,RL002,RL004
//! path 3 pricing
//! paths 1
`);
  });
});

describe("C# retry loops: the loop condition and recursion", () => {
  test("a flag the loop condition reads, set after the call, is the success exit", async () => {
    const [l] = await loops(C(`    public async Task A(string u)\n    {\n        var done = false;\n        var attempt = 0;\n        while (!done && attempt < 4)\n        {\n            attempt++;\n            try { await _http.GetStringAsync(u); done = true; }\n            catch (HttpRequestException) { await Task.Delay(200); }\n        }\n    }`));
    assert.equal(l?.maxAttempts, 4);
  });
  test("a method calling itself with attempt + 1 after a failure is a retry anchored on the method", async () => {
    const layers = await loops(C(`    public async Task<string> Get(string u, int attempt = 1)\n    {\n        try { return await _http.GetStringAsync(u); }\n        catch (HttpRequestException)\n        {\n            if (attempt >= 3) throw;\n            await Task.Delay(100 * attempt);\n            return await Get(u, attempt + 1);\n        }\n    }`));
    assert.deepEqual(layers.map((l) => [l.anchor.line, l.maxAttempts]), [[4, 3]]);
  });
});
