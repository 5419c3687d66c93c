// stripe-dotnet (Stripe.net) — docs/reference/stripe.md "stripe-dotnet": MaxNetworkRetries counts
// retries, default 2 from v38.0.0 (0 before, read from the .csproj pin); a StripeClient has its own
// SystemNetHttpClient (not StripeConfiguration.MaxNetworkRetries); services built without a client
// use the global one.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { cs } from "./helpers";
import { checkFixture } from "../../harness";

const file = (body: string) => `
using Stripe;
using Stripe.Checkout;

namespace Pay;

public class Payments
{
${body}
}
`;

describe("stripe-dotnet attempts", () => {
  const cases: Array<[string, string, number | null, "config" | "default"] | [string, string, "none"]> = [
    ["new CustomerService() on the global client: default 2 → 3", `    public Customer C(CustomerCreateOptions o) { var s = new CustomerService(); return s.Create(o); }`, 3, "default"],
    ["StripeConfiguration.MaxNetworkRetries = 4 counts retries → 5", `    public Customer C(CustomerCreateOptions o) { StripeConfiguration.MaxNetworkRetries = 4; var s = new CustomerService(); return s.Create(o); }`, 5, "config"],
    ["StripeConfiguration.MaxNetworkRetries = 0 → 1", `    public Session C(SessionCreateOptions o) { StripeConfiguration.MaxNetworkRetries = 0; var s = new SessionService(); return s.Create(o); }`, 1, "config"],
    ["new StripeClient(key): its own SystemNetHttpClient, default 2 → 3", `    private readonly StripeClient _client = new StripeClient("sk");`, 3, "default"],
    ["httpClient: new SystemNetHttpClient(maxNetworkRetries: 1) → 2", `    private readonly StripeClient _client = new StripeClient("sk", httpClient: new SystemNetHttpClient(maxNetworkRetries: 1));`, 2, "config"],
    ["a SystemNetHttpClient variable with maxNetworkRetries: 0 → 1", `    public void M() { var http = new SystemNetHttpClient(maxNetworkRetries: 0); var client = new StripeClient("sk", httpClient: http); }`, 1, "config"],
    ["httpClient of another type: count not known", `    public void M(IHttpClient mine) { var client = new StripeClient("sk", httpClient: mine); }`, null, "default"],
    // a global setting does not reach a StripeClient: it keeps its own default
    ["StripeConfiguration.MaxNetworkRetries = 0 does not change new StripeClient(key)", `    public void M() { StripeConfiguration.MaxNetworkRetries = 0; var client = new StripeClient("sk"); }`, 3, "default"],
    ["an app's own PaymentService is not a Stripe service", `    public void M() { var s = new PaymentProcessorService(); s.Run(); }`, "none"],
  ];
  for (const [name, body, expected, source] of cases) {
    test(name, async () => {
      const facts = await cs(file(body));
      const layers = facts.layers.filter((l) => l.kind === "stripe-sdk");
      if (expected === "none") return assert.equal(layers.length, 0);
      assert.equal(layers.length, 1, layers.map((l) => l.attemptsNote).join("; "));
      assert.equal(layers[0]!.maxAttempts, expected);
      if (expected !== null) assert.equal(layers[0]!.attemptsSource, source);
      else assert.equal(layers[0]!.countUnknown, true);
    });
  }
  test("no Stripe using: a CustomerService of the app is nothing", async () => {
    const facts = await cs(`using Shop.Services;\nnamespace Pay;\npublic class P { public void M() { var s = new CustomerService(); s.Create(1); } }\n`);
    assert.equal(facts.layers.length, 0);
  });
});

describe("stripe-dotnet versions and linking", () => {
  test("the .csproj pin decides the default: Stripe.net 37 → no retries, 45 → 3 attempts", async () => {
    await checkFixture(`
//! rules RL009
//- Old/Old.csproj
<Project Sdk="Microsoft.NET.Sdk.Web">
  <ItemGroup>
    <PackageReference Include="Stripe.net" Version="37.35.0" />
  </ItemGroup>
</Project>
//- Old/Pay.cs
using Stripe;
// ^ layer disabled
namespace Old;
public class Pay
{
    public Customer C(CustomerCreateOptions o) { var s = new CustomerService(); return s.Create(o); }
}
//- New/New.csproj
<Project Sdk="Microsoft.NET.Sdk.Web">
  <ItemGroup>
    <PackageReference Include="Stripe.net" Version="45.0.0" />
  </ItemGroup>
</Project>
//- New/Pay.cs
using Stripe;
// ^ layer ×3
namespace New;
public class Pay
{
    public Customer C(CustomerCreateOptions o) { var s = new CustomerService(); return s.Create(o); }
}
`);
  });

  test("an injected IStripeClient's V1 services and a service on it are requests to api.stripe.com", async () => {
    await checkFixture(`
//! rules RL009
//- Pay/Pay.csproj
<Project Sdk="Microsoft.NET.Sdk.Web">
  <ItemGroup>
    <PackageReference Include="Stripe.net" Version="48.0.0" />
  </ItemGroup>
</Project>
//- Pay/Program.cs
var app = WebApplication.CreateBuilder(args).Build();
app.MapPost("/checkout", async (Pay.Payments p) => await p.Checkout(new Stripe.Checkout.SessionCreateOptions()));
app.MapPost("/refund", async (Pay.Payments p) => await p.Refund(new Stripe.RefundCreateOptions()));
app.Run();
//- Pay/Payments.cs
using Stripe;
using Stripe.Checkout;

namespace Pay;

public class Payments
{
    private readonly IStripeClient _stripe;
    public Payments(IStripeClient stripeClient)
// ^ layer ×3
    {
        _stripe = stripeClient;
    }

    public Task<Session> Checkout(SessionCreateOptions o) => _stripe.V1.Checkout.Sessions.CreateAsync(o);

    public Task<Refund> Refund(RefundCreateOptions o)
    {
        var refunds = new RefundService(_stripe);
        return refunds.CreateAsync(o);
    }
}
//! path 3 api.stripe.com
`);
  });
});
