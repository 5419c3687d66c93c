/**
 * Fixes on Polly v8 retry strategies (reference §3.6): UseJitter = true for the default constant
 * delay (RL004), MaxRetryAttempts lowered to the threshold (it counts retries: attempts − 1),
 * in the initializer's own layout, or a new initializer for `new RetryStrategyOptions()`.
 */
import { fixCases } from "./fixCases";

const client = `
//- Checkout/InventoryClient.cs
namespace Checkout;
public sealed class InventoryClient(HttpClient http)
{
    public Task<HttpResponseMessage> StockAsync(string sku) =>
        Resilience.Inventory.ExecuteAsync(async token => await http.GetAsync($"http://inventory:8080/stock/{sku}", token)).AsTask();
}`;

fixCases("polly", [
  {
    name: "target-typed new() options: MaxRetryAttempts lowered in place (it counts retries)",
    workspace: `${client}
//- Checkout/Resilience.cs
namespace Checkout;
public static class Resilience
{
    public static ResiliencePipeline Inventory { get; } = new ResiliencePipelineBuilder()
        .AddRetry(new() { MaxRetryAttempts = 5, UseJitter = true })
        .Build();
}
`,
    finding: "RL001 Checkout/Resilience.cs:5",
    fix: "Lower to 3 attempts",
    safety: "unsafe",
    after: `
//- Checkout/Resilience.cs
namespace Checkout;
public static class Resilience
{
    public static ResiliencePipeline Inventory { get; } = new ResiliencePipelineBuilder()
        .AddRetry(new() { MaxRetryAttempts = 2, UseJitter = true })
        .Build();
}
`,
  },
  {
    name: "default options: an initializer with UseJitter = true",
    workspace: `${client}
//- Checkout/Resilience.cs
namespace Checkout;
public static class Resilience
{
    public static ResiliencePipeline Inventory { get; } = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions())
        .Build();
}
`,
    finding: "RL004 Checkout/Resilience.cs:5",
    fix: "Randomise",
    safety: "safe",
    after: `
//- Checkout/Resilience.cs
namespace Checkout;
public static class Resilience
{
    public static ResiliencePipeline Inventory { get; } = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions() { UseJitter = true })
        .Build();
}
`,
  },
  {
    name: "multi-line initializer with a trailing comma: UseJitter replaced in place",
    workspace: `${client}
//- Checkout/Resilience.cs
namespace Checkout;
public static class Resilience
{
    public static ResiliencePipeline Inventory { get; } = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions
        {
            MaxRetryAttempts = 2,
            UseJitter = false,
        })
        .Build();
}
`,
    finding: "RL004 Checkout/Resilience.cs:5",
    fix: "Randomise",
    after: `
//- Checkout/Resilience.cs
namespace Checkout;
public static class Resilience
{
    public static ResiliencePipeline Inventory { get; } = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions
        {
            MaxRetryAttempts = 2,
            UseJitter = true,
        })
        .Build();
}
`,
  },
  {
    name: "amplification: MaxRetryAttempts lowered to threshold − 1 retries, appended after the last option",
    workspace: `${client}
//- Checkout/Resilience.cs
namespace Checkout;
public static class Resilience
{
    public static ResiliencePipeline Inventory { get; } = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions
        {
            UseJitter = true
        })
        .Build();
}
`,
    finding: "RL001 Checkout/Resilience.cs:5",
    fix: "Lower to 3 attempts",
    after: `
//- Checkout/Resilience.cs
namespace Checkout;
public static class Resilience
{
    public static ResiliencePipeline Inventory { get; } = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions
        {
            UseJitter = true,
            MaxRetryAttempts = 2
        })
        .Build();
}
`,
  },
  {
    name: "one retry owner: the .AddRetry(…) step removed from the builder chain",
    workspace: `${client}
//- Checkout/Resilience.cs
namespace Checkout;
public static class Resilience
{
    public static ResiliencePipeline Inventory { get; } = new ResiliencePipelineBuilder()
        .AddRetry(new RetryStrategyOptions { UseJitter = true })
        .Build();
}
`,
    finding: "RL001 Checkout/Resilience.cs:5",
    fix: "Remove the retry strategy",
    safety: "unsafe",
    after: `
//- Checkout/Resilience.cs
namespace Checkout;
public static class Resilience
{
    public static ResiliencePipeline Inventory { get; } = new ResiliencePipelineBuilder()
        .Build();
}
`,
  },
]);
