/**
 * docs/reference/grpc-dotnet.md (Grpc.Net.Client 2.36+: GrpcChannel.DefaultMaxRetryAttempts 5,
 * RetryPolicy.MaxAttempts > 1, RetryCall full-jitter backoff): defaults and traps through the real
 * extractors (see ./table.ts).
 */
import { runTable, src, type Row } from "./table";

const ENTRY = "grpc-dotnet";
const channel = (policy: string, options = "") => src`
  using Grpc.Core;
  using Grpc.Net.Client;
  using Grpc.Net.Client.Configuration;
  var channel = GrpcChannel.ForAddress("https://orders:5001", new GrpcChannelOptions
  {
      ${options}ServiceConfig = new ServiceConfig { MethodConfigs = { new MethodConfig { Names = { MethodName.Default }, ${policy} } } }
  });
  var client = new Orders.OrdersClient(channel);
`;
const policy = (n: string) => `RetryPolicy = new RetryPolicy { MaxAttempts = ${n}, InitialBackoff = TimeSpan.FromSeconds(1), MaxBackoff = TimeSpan.FromSeconds(5), BackoffMultiplier = 1.5, RetryableStatusCodes = { StatusCode.Unavailable } }`;

const rows: Row[] = [
  {
    id: ENTRY, name: "GrpcChannel.ForAddress without ServiceConfig: no retries, no layer", covers: ["default", "§5.3"],
    file: "Shop/Program.cs", kind: "grpc-service-config",
    code: src`
      using Grpc.Net.Client;
      var channel = GrpcChannel.ForAddress("https://orders:5001");
      var client = new Orders.OrdersClient(channel);
    `,
    expect: "none",
  },
  {
    id: ENTRY, name: "RetryPolicy MaxAttempts = 4 → 4 (a total); 1 s ×1.5 to 5 s, full jitter", covers: ["default", "§5.1"],
    file: "Shop/Program.cs", kind: "grpc-service-config",
    code: channel(policy("4")),
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true, 1, 5], methods: "all", budget: null },
  },
  {
    id: ENTRY, name: "MaxAttempts = 10 → capped at 5 (MaxRetryAttempts default 5)", covers: ["default", "trap"],
    file: "Shop/Program.cs", kind: "grpc-service-config",
    code: channel(policy("10")),
    expect: { maxAttempts: 5, wait: ["exponential", true], note: /capped at 5/ },
  },
  {
    id: ENTRY, name: "MaxRetryAttempts = null removes the cap: MaxAttempts = 10 → 10", covers: ["trap"],
    file: "Shop/Program.cs", kind: "grpc-service-config",
    code: channel(policy("10"), "MaxRetryAttempts = null,\n    "),
    expect: { maxAttempts: 10, wait: ["exponential", true] },
  },
  {
    id: ENTRY, name: "RetryThrottling is a budget", covers: ["§5.5"],
    file: "Shop/Program.cs", kind: "grpc-service-config",
    code: channel(`${policy("3")} } }, RetryThrottling = new RetryThrottlingPolicy { MaxTokens = 10, TokenRatio = 0.1`).replace("} } }\n});", "}\n});"),
    expect: { maxAttempts: 3, wait: ["exponential", true], budget: /maxTokens 10/ },
  },
];

runTable("gRPC for .NET", [ENTRY], rows);
