// MediatR registers pipeline behaviors through its configuration (MediatRServiceConfiguration:
// `AddOpenBehavior(typeof(TxBehavior<,>))` → IPipelineBehavior<,>, `AddBehavior<TService, TImpl>()`,
// `AddBehavior(typeof(TService), typeof(TImpl))`): the framework calls the behavior's Handle for every
// request, so an execution strategy inside it runs (with the context's retrying strategy), not dead code.
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

const shop = (registration: string) => `//- src/Shop/Shop.csproj
//- src/Shop/Program.cs
using Shop;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddDbContext<ShopContext>(o => o.UseNpgsql("Host=shopdb;Database=shop", n => n.EnableRetryOnFailure(5)));
// ^ layer ×6
builder.Services.AddMediatR(cfg =>
{
    cfg.RegisterServicesFromAssemblyContaining<Program>();
    ${registration}
});
var app = builder.Build();
app.Run();
//- src/Shop/ShopContext.cs
namespace Shop;
public class ShopContext : DbContext
{
    public DbSet<Order> Orders { get; set; }
}
//- src/Shop/TxBehavior.cs
namespace Shop;
public class TxBehavior<TRequest, TResponse>(ShopContext db) : IPipelineBehavior<TRequest, TResponse>
{
    public async Task<TResponse> Handle(TRequest request, RequestHandlerDelegate<TResponse> next, CancellationToken ct)
    {
        var strategy = db.Database.CreateExecutionStrategy();
        return await strategy.ExecuteAsync(async () =>
// ^ layer ${registration ? "×6 RL001" : "disabled"}
        {
            var response = await next();
            await db.SaveChangesAsync(ct);
            return response;
        });
    }
}
//! rules RL001
`;

describe("MediatR pipeline behaviors registered through its configuration", () => {
  const registrations = [
    "cfg.AddOpenBehavior(typeof(TxBehavior<,>));",
    "cfg.AddBehavior<IPipelineBehavior<PlaceOrder, bool>, TxBehavior<PlaceOrder, bool>>();",
    "cfg.AddBehavior(typeof(IPipelineBehavior<,>), typeof(TxBehavior<,>));",
  ];
  for (const r of registrations) {
    test(`${r}: the behavior's execution strategy runs with the context's 6 attempts`, async () => {
      await checkFixture(shop(r));
    });
  }
  test("near miss: a behavior nobody registers runs nothing", async () => {
    await checkFixture(shop(""));
  });
});
