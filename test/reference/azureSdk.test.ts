/**
 * docs/reference/azure-sdk.md (Azure SDK default retries in .NET, Python, JavaScript and Go):
 * each library's defaults and number traps, run through the real extractors or the linker (./table.ts).
 */
import { runTable, src, type Row } from "./table";

const rows: Row[] = [
  // .NET
  {
    id: "azure-dotnet", name: "Azure.Core: new BlobServiceClient(uri, cred) → default MaxRetries 3 → 4, exponential 0.8 s … 1 min with jitter, POST retried", covers: ["default", "§5.3"],
    file: "Svc/Store.cs", kind: "azure-sdk",
    code: src`
      using Azure.Storage.Blobs;
      class Store { BlobServiceClient C = new BlobServiceClient(new Uri("https://a.blob.core.windows.net"), cred); }
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true, 0.8, 60], methods: "all", budget: null, note: /default Retry\.MaxRetries 3 → 4/ },
  },
  {
    id: "azure-dotnet", name: "Azure.Core Retry = { MaxRetries = 0 } turns retries off → 1 (MaxRetries counts retries)", covers: ["trap", "§5.1"],
    file: "Svc/Store.cs", kind: "azure-sdk",
    code: src`
      using Azure.Security.KeyVault.Secrets;
      class Store { SecretClient C = new SecretClient(u, cred, new SecretClientOptions { Retry = { MaxRetries = 0 } }); }
    `,
    expect: { maxAttempts: 1, attemptsSource: "config", wait: ["exponential", true] },
  },
  {
    id: "azure-dotnet", name: "Service Bus ServiceBusRetryOptions default MaxRetries 3 → 4; Cosmos DB 9 throttle retries → 10", covers: ["default"],
    file: "Svc/Bus.cs", kind: "azure-sdk",
    code: src`
      using Azure.Messaging.ServiceBus;
      class Bus { ServiceBusClient C = new ServiceBusClient("cs"); }
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true, 0.8, 60], note: /Azure\.Messaging\.ServiceBus/ },
  },
  {
    id: "azure-dotnet", name: "Cosmos DB CosmosClient: MaxRetryAttemptsOnRateLimitedRequests 9 → 10 on 429", covers: ["trap"],
    file: "Svc/Db.cs", kind: "azure-sdk",
    code: src`
      using Microsoft.Azure.Cosmos;
      class Db { CosmosClient C = new CosmosClient("cs"); }
    `,
    expect: { maxAttempts: 10, attemptsSource: "default", wait: ["custom", null], conditionNote: /429/ },
  },
  {
    id: "azure-dotnet", name: "Aspire AddAzureBlobServiceClient: the integration's client with the Azure.Core default, linked to azure:blob (implicit)", covers: ["trap", "§5.3"],
    workspace: true, file: "api/Program.cs", kind: "azure-sdk",
    code: src`
      //- api/Api.csproj
      //- api/Program.cs
      using Azure.Storage.Blobs;
      var builder = WebApplication.CreateBuilder(args);
      builder.AddAzureBlobServiceClient("blobs");
      var app = builder.Build();
      app.MapGet("/x", async (BlobServiceClient blobs) => await blobs.GetBlobContainerClient("c").ExistsAsync());
      app.MapGet("/y", async (BlobServiceClient blobs) => await blobs.GetPropertiesAsync());
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true], implicit: true, path: { target: "azure:blob", product: 4 } },
  },
  // Python
  {
    id: "azure-python", name: "azure-core SecretClient: retry_total 10 but retry_connect/read/status 3 each → 4 per failure kind, no jitter", covers: ["default", "trap"],
    file: "svc/kv.py", kind: "azure-sdk",
    code: src`
      from azure.keyvault.secrets import SecretClient
      kv = SecretClient(vault_url=u, credential=c)
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", false, 0, 120], note: /retry_total 10, but/ },
  },
  {
    id: "azure-python", name: "azure-core retry_total=5 alone still stops at 3 retries of one kind → 4 (the per-kind trap)", covers: ["trap", "§5.1"],
    file: "svc/kv.py", kind: "azure-sdk",
    code: src`
      from azure.keyvault.secrets import SecretClient
      kv = SecretClient(vault_url=u, credential=c, retry_total=5)
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", false] },
  },
  {
    id: "azure-python", name: "azure-storage ExponentialRetry retry_total 3 → 4; 15 s + 3^n with ±3 s jitter; retry_total=0 → 1", covers: ["default"],
    file: "svc/blob.py", kind: "azure-sdk",
    code: src`
      from azure.storage.blob import BlobServiceClient
      blobs = BlobServiceClient.from_connection_string(cs)
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true, 15] },
  },
  {
    id: "azure-python", name: "Service Bus retry_total counts retries: 6 → 7", covers: ["trap"],
    file: "svc/bus.py", kind: "azure-sdk",
    code: src`
      from azure.servicebus import ServiceBusClient
      bus = ServiceBusClient.from_connection_string(cs, retry_total=6)
    `,
    expect: { maxAttempts: 7, attemptsSource: "config", wait: ["exponential", false, 0.8, 120] },
  },
  // JavaScript
  {
    id: "azure-js", name: "core-rest-pipeline: new SecretClient(url, cred) → maxRetries 3 → 4, from 1 s with jitter, max 64 s", covers: ["default"],
    file: "svc/kv.ts", kind: "azure-sdk",
    code: src`
      import { SecretClient } from "@azure/keyvault-secrets";
      export const kv = new SecretClient(url, cred);
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true, 1, 64], methods: "all" },
  },
  {
    id: "azure-js", name: "storage retryOptions.maxTries counts ATTEMPTS: default 4; maxTries: 2 → 2", covers: ["default", "trap", "§5.1"],
    file: "svc/blob.ts", kind: "azure-sdk",
    code: src`
      import { BlobServiceClient } from "@azure/storage-blob";
      export const blobs = new BlobServiceClient(url, cred, { retryOptions: { maxTries: 2 } });
    `,
    expect: { maxAttempts: 2, attemptsSource: "config", wait: ["exponential", false, 4, 120] },
  },
  {
    id: "azure-js", name: "storage maxTries: 0 is below 1: the default 4 applies", covers: ["trap"],
    file: "svc/blob.ts", kind: "azure-sdk",
    code: src`
      import { BlobServiceClient } from "@azure/storage-blob";
      export const blobs = new BlobServiceClient(url, cred, { retryOptions: { maxTries: 0 } });
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", false] },
  },
  // Go
  {
    id: "azure-go", name: "azcore: azblob.NewClient(url, cred, nil) → MaxRetries 3 → 4, 800 ms × (2^n − 1) jittered, max 60 s", covers: ["default"],
    file: "svc/store.go", kind: "azure-sdk",
    code: src`
      package svc

      import "github.com/Azure/azure-sdk-for-go/sdk/storage/azblob"

      func New() (*azblob.Client, error) { return azblob.NewClient("https://a.blob.core.windows.net", cred, nil) }
    `,
    expect: { maxAttempts: 4, attemptsSource: "default", wait: ["exponential", true, 0.8, 60] },
  },
  {
    id: "azure-go", name: "azcore MaxRetries: 0 is the default 3 → 4, not off", covers: ["trap", "§5.1"],
    file: "svc/store.go", kind: "azure-sdk",
    code: src`
      package svc

      import "github.com/Azure/azure-sdk-for-go/sdk/storage/azblob"

      func New() (*azblob.Client, error) { return azblob.NewClient("u", cred, &azblob.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: 0}}}) }
    `,
    expect: { maxAttempts: 4, attemptsSource: "config", wait: ["exponential", true] },
  },
  {
    id: "azure-go", name: "azcore MaxRetries: -1 → one try", covers: ["trap"],
    file: "svc/store.go", kind: "azure-sdk",
    code: src`
      package svc

      import "github.com/Azure/azure-sdk-for-go/sdk/storage/azblob"

      func New() (*azblob.Client, error) { return azblob.NewClient("u", cred, &azblob.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}}}) }
    `,
    expect: { maxAttempts: 1, attemptsSource: "config", wait: ["exponential", true] },
  },
];

runTable("Azure SDKs (azure-sdk.md)", ["azure-dotnet", "azure-python", "azure-js", "azure-go"], rows);
