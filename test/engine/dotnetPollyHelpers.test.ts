// A Polly retry helper in a shared project, run by callers in other files (docs/reference/polly.md):
// its count is a parameter default, and a synchronous policy given async lambdas retries nothing.
import { describe, test } from "node:test";
import { checkFixture } from "../harness";

const HELPER = `//- src/BuildingBlocks/Polly/Extensions.cs
using Polly;
namespace BuildingBlocks.Polly;
public static class Extensions
{
    public static T RetryOnFailure<T>(this object retrySource, Func<T> action, int retryCount = 3)
    {
        var retryPolicy = Policy
            .Handle<Exception>()
            .Retry(retryCount, (exception, retryAttempt, context) => { });
// ^ layer LAYER
        return retryPolicy.Execute(action);
    }
}
`;

describe("Polly helpers called from other files", () => {
  test("every caller passes an async lambda to the synchronous Retry: disabled (the count is the parameter default 3)", async () => {
    await checkFixture(`
${HELPER.replace("LAYER", "disabled")}//- src/BuildingBlocks/EFCore/EfTxBehavior.cs
using BuildingBlocks.Polly;
namespace BuildingBlocks.EFCore;
public class EfTxBehavior
{
    private readonly AppDbContext _db;
    public async Task Handle(CancellationToken ct)
    {
        await _db.RetryOnFailure(async () =>
        {
            await _db.SaveChangesAsync(ct);
        });
        await _db.RetryOnFailure(async () => await _db.SaveChangesAsync(ct));
    }
}
//! paths 0
`);
  });

  test("a caller passing a synchronous lambda: the parameter default 3 → 4 attempts", async () => {
    await checkFixture(`
${HELPER.replace("LAYER", "×4")}//- src/Worker/Job.cs
using BuildingBlocks.Polly;
namespace Worker;
public class Job
{
    public int Run() => this.RetryOnFailure(() => Compute());
    private int Compute() => 1;
}
//! rules RL001
`);
  });
});
