// gRPC clients built by the HttpClient factory (Grpc.Net.ClientFactory `AddGrpcClient<T>`,
// docs/reference/grpc-dotnet.md): the handlers chained on the registration and the process-wide
// ConfigureHttpClientDefaults handler wrap every call of T, and a call reaches the workspace service
// that implements the generated `…Base` class when the address is not a literal.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture } from "../harness";

describe("AddGrpcClient<T> registrations: factory handlers, defaults and the implementing server", () => {
  test("defaults (4) outside the client's AddResilienceHandler retry (4), to the server implementing FlightService.FlightServiceBase, then its Mongo read (2): 32", async () => {
    const result = await checkFixture(`
//- src/ServiceDefaults/ServiceDefaults.csproj
//- src/ServiceDefaults/Extensions.cs
namespace Microsoft.Extensions.Hosting;
public static class Extensions
{
    public static IHostApplicationBuilder AddServiceDefaults(this IHostApplicationBuilder builder)
    {
        builder.Services.ConfigureHttpClientDefaults(http => http.AddStandardResilienceHandler());
// ^ layer ×4 RL001
        return builder;
    }
}
//- src/Booking/Booking.csproj
//- src/Booking/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
var grpcOptions = builder.Configuration.GetSection("Grpc").Get<GrpcOptions>();
builder.Services.AddGrpcClient<FlightService.FlightServiceClient>(o => o.Address = new Uri(grpcOptions.FlightAddress))
    .AddResilienceHandler("flight", options =>
    {
        options.AddRetry(new HttpRetryStrategyOptions { MaxRetryAttempts = 3 });
// ^ layer ×4 RL001
    });
var app = builder.Build();
app.MapPost("/booking", async (BookingHandler h) => await h.Create("1"));
app.Run();
//- src/Booking/BookingHandler.cs
namespace Booking;
public class BookingHandler
{
    private readonly FlightService.FlightServiceClient _flights;
    public BookingHandler(FlightService.FlightServiceClient flights) { _flights = flights; }
    public async Task<string> Create(string id)
    {
        var flight = await _flights.GetByIdAsync(new GetByIdRequest { Id = id });
        return flight.Id;
    }
}
//- src/Flight/Flight.csproj
//- src/Flight/Program.cs
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddGrpc();
var app = builder.Build();
app.MapGrpcService<FlightGrpcServices>();
app.Run();
//- src/Flight/FlightGrpcServices.cs
using MongoDB.Driver;
namespace Flight;
public class FlightGrpcServices : FlightService.FlightServiceBase
{
    public override async Task<FlightResponse> GetById(GetByIdRequest request, ServerCallContext context)
    {
        var client = new MongoClient("mongodb://mongo:27017");
// ^ layer ×2 RL001
        var flights = client.GetDatabase("flight").GetCollection<FlightDoc>("flights");
        var doc = await flights.FindAsync(f => f.Id == request.Id);
        return new FlightResponse { Id = doc.Id };
    }
}
//! rules RL001
//! path 32 mongo
`);
    const path = result.model.paths.find((p) => p.product === 32)!;
    assert.deepEqual(path.services.slice(0, 2), ["booking", "flight"]);
  });
});
