// MongoDB clients that serve no request (docs/reference/mongodb.md): one built for a health check's
// probe (AspNetCore.HealthChecks.MongoDb AddMongoDb), and one in a .NET test helper project.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";
import { isTestPath } from "../../server/src/model/languages";

describe("MongoDB clients off the request paths", () => {
  test("a MongoClient built in AddMongoDb's clientFactory is a health probe: off-path; the app's own client stays", async () => {
    const result = await checkFixture(`
//- src/BuildingBlocks/HealthCheck/Extensions.cs
using MongoDB.Driver;
namespace BuildingBlocks.HealthCheck;
public static class Extensions
{
    public static IServiceCollection AddCustomHealthCheck(this IServiceCollection services, string cs)
    {
        var healthChecksBuilder = services.AddHealthChecks();
        healthChecksBuilder.AddMongoDb(clientFactory: _ => new MongoClient(cs), name: "MongoDB-Health");
// ^ layer ×2
        services.AddHealthChecks().AddMongoDb(_ => new MongoClient(cs));
// ^ layer ×2
        services.AddSingleton<IMongoClient>(_ => new MongoClient(cs));
// ^ layer ×2
        return services;
    }
}
//! paths 0
`);
    const offPath = result.model.layers.filter((l) => l.offPath).map((l) => l.anchor.line).sort();
    assert.deepEqual(offPath, [8, 9]);
  });

  test(".NET test helper projects are test code: TestBase, *.Tests, *.IntegrationTests, Shared.TestUtilities", () => {
    for (const p of ["src/BuildingBlocks/TestBase/TestBase.cs", "src/Booking.Tests/X.cs", "tests/Ordering.IntegrationTests/Y.cs", "src/Shared.TestUtilities/Z.cs", "src/Tests/A.cs"]) assert.ok(isTestPath(p), p);
    for (const p of ["src/Integration/Events.cs", "src/Testimonials/T.cs", "src/TestsApi/Program.cs", "src/Contest/C.cs"]) assert.ok(!isTestPath(p), p);
  });

  test("a MongoClient in a TestBase folder is not analysed", async () => {
    await checkFixture(`
//- src/BuildingBlocks/TestBase/TestBase.cs
using MongoDB.Driver;
namespace BuildingBlocks.TestBase;
public class TestFixture
{
    public IMongoClient Client() => new MongoClient("mongodb://localhost:27017");
}
//! paths 0
`);
  });
});
