/**
 * Fixes on stripe-java and Stripe.net layers (fixes/layers/stripeJvmDotnet.ts): the literal count
 * counts RETRIES, so turning retries off writes 0 and lowering to N attempts writes N − 1; a
 * `new StripeClient(key)` gets a SystemNetHttpClient with the count.
 */
import { fixCases } from "./fixCases";

fixCases("stripe-java and Stripe.net", [
  {
    name: "stripe-java StripeClient builder under Spring Retry: setMaxNetworkRetries(3) → 0",
    workspace: `
//- pay/src/main/java/com/shop/Pay.java
package com.shop;

import com.stripe.StripeClient;
import org.springframework.retry.annotation.Retryable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class Pay {
    private final StripeClient client = StripeClient.builder().setApiKey("sk").setMaxNetworkRetries(3).build();

    @Retryable(maxAttempts = 3)
    @PostMapping("/customer")
    public Object customer(Object p) throws Exception {
        return client.v1().customers().create(p);
    }
}
`,
    finding: "RL001 pay/src/main/java/com/shop/Pay.java:10",
    fix: "Turn off stripe retries",
    after: `
//- pay/src/main/java/com/shop/Pay.java
package com.shop;

import com.stripe.StripeClient;
import org.springframework.retry.annotation.Retryable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class Pay {
    private final StripeClient client = StripeClient.builder().setApiKey("sk").setMaxNetworkRetries(0).build();

    @Retryable(maxAttempts = 3)
    @PostMapping("/customer")
    public Object customer(Object p) throws Exception {
        return client.v1().customers().create(p);
    }
}
`,
  },
  {
    name: "Stripe.net new StripeClient(key) under a Polly retry: a SystemNetHttpClient with maxNetworkRetries: 0",
    workspace: `
//- Pay/Payments.cs
using Polly;
using Stripe;

namespace Pay;

public static class Payments
{
    private static readonly StripeClient Client = new StripeClient("sk");
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder().AddRetry(new() { MaxRetryAttempts = 2, UseJitter = true }).Build();

    public static async Task<Customer> Create(CustomerCreateOptions o)
    {
        var service = new CustomerService(Client);
        return await Retry.ExecuteAsync(async ct => await service.CreateAsync(o));
    }
}
`,
    finding: "RL001 Pay/Payments.cs:8",
    fix: "Turn off stripe retries",
    after: `
//- Pay/Payments.cs
using Polly;
using Stripe;

namespace Pay;

public static class Payments
{
    private static readonly StripeClient Client = new StripeClient("sk", httpClient: new SystemNetHttpClient(maxNetworkRetries: 0));
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder().AddRetry(new() { MaxRetryAttempts = 2, UseJitter = true }).Build();

    public static async Task<Customer> Create(CustomerCreateOptions o)
    {
        var service = new CustomerService(Client);
        return await Retry.ExecuteAsync(async ct => await service.CreateAsync(o));
    }
}
`,
  },
  {
    name: "Stripe.net StripeConfiguration.MaxNetworkRetries = 4 turned off (0)",
    workspace: `
//- Pay/Payments.cs
using Polly;
using Stripe;

namespace Pay;

public static class Payments
{
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder().AddRetry(new() { MaxRetryAttempts = 1, UseJitter = true }).Build();

    public static async Task<Customer> Create(CustomerCreateOptions o)
    {
        StripeConfiguration.MaxNetworkRetries = 4;
        var service = new CustomerService();
        return await Retry.ExecuteAsync(async ct => await service.CreateAsync(o));
    }
}
`,
    finding: "RL001 Pay/Payments.cs:12",
    fix: "Turn off stripe retries",
    after: `
//- Pay/Payments.cs
using Polly;
using Stripe;

namespace Pay;

public static class Payments
{
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder().AddRetry(new() { MaxRetryAttempts = 1, UseJitter = true }).Build();

    public static async Task<Customer> Create(CustomerCreateOptions o)
    {
        StripeConfiguration.MaxNetworkRetries = 0;
        var service = new CustomerService();
        return await Retry.ExecuteAsync(async ct => await service.CreateAsync(o));
    }
}
`,
  },
]);
