using Grpc.Core;
using Grpc.Net.Client;
using Grpc.Net.Client.Configuration;
using Polly;
using Polly.Retry;
namespace Checkout;
public class OrdersGateway
{
    private readonly ResiliencePipeline _pipeline = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, UseJitter = true })
        .Build();
    public async Task<string> Place(string sku)
    {
        var channel = GrpcChannel.ForAddress("http://orders:5000", new GrpcChannelOptions
        {
            ServiceConfig = new ServiceConfig
            {
                MethodConfigs = { new MethodConfig { Names = { MethodName.Default }, RetryPolicy = new RetryPolicy { MaxAttempts = 5, InitialBackoff = TimeSpan.FromSeconds(1), MaxBackoff = TimeSpan.FromSeconds(5), BackoffMultiplier = 1.5, RetryableStatusCodes = { StatusCode.Unavailable } } } }
            }
        });
        var client = new Orders.OrdersClient(channel);
        return await _pipeline.ExecuteAsync(async ct => (await client.PlaceAsync(new PlaceRequest { Sku = sku })).Id);
    }
}
