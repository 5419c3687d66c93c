using MongoDB.Driver;
using Polly;
using Polly.Retry;
namespace Catalog;
public class Repository
{
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true })
        .Build();
    public async Task Save(Item item)
    {
        var client = new MongoClient(new MongoClientSettings { Server = new MongoServerAddress("catalog-db", 27017) });
        var items = client.GetDatabase("catalog").GetCollection<Item>("items");
        await _pipeline.ExecuteAsync(async ct => await items.InsertOneAsync(item, cancellationToken: ct));
    }
}
