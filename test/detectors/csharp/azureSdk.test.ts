// Azure SDK for .NET clients (docs/reference/azure-sdk.md § .NET): every default and number trap.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { cs } from "./helpers";

const wrap = (body: string, usings = "using Azure.Storage.Blobs;\nusing Azure.Messaging.ServiceBus;\nusing Microsoft.Azure.Cosmos;\nusing Azure.Security.KeyVault.Secrets;") =>
  `${usings}\nnamespace Shop;\npublic class Startup\n{\n    public void Configure(IServiceCollection services, WebApplicationBuilder builder, TokenCredential cred, Uri u)\n    {\n        ${body}\n    }\n}\n`;

describe("Azure SDK .NET clients: defaults and traps", () => {
  const rows: Array<{ name: string; body: string; attempts: number | null; source: "default" | "config"; note: RegExp; library?: string; line?: number }> = [
    { name: "new BlobServiceClient(uri, cred): Azure.Core default MaxRetries 3 → 4", body: `var c = new BlobServiceClient(u, cred);`, attempts: 4, source: "default", note: /default Retry\.MaxRetries 3 → 4 attempts \(Azure\.Core\)/, library: "Azure.Core" },
    { name: "Retry = { MaxRetries = 5 } in the options initializer counts retries → 6", body: `var c = new BlobServiceClient(u, cred, new BlobClientOptions { Retry = { MaxRetries = 5, Mode = RetryMode.Exponential } });`, attempts: 6, source: "config", note: /Retry\.MaxRetries = 5 → 6 attempts/ },
    { name: "MaxRetries = 0 turns retries off → 1 attempt", body: `var c = new BlobServiceClient(u, cred, new BlobClientOptions { Retry = { MaxRetries = 0 } });`, attempts: 1, source: "config", note: /retries off → 1 attempt/ },
    { name: "options held by a local and set with o.Retry.MaxRetries = 2 → 3", body: `var o = new SecretClientOptions();\n        o.Retry.MaxRetries = 2;\n        var s = new SecretClient(u, cred, o);`, attempts: 3, source: "config", note: /Retry\.MaxRetries = 2 → 3/, line: 12 },
    { name: "a count read from a field is unknown", body: `var c = new BlobServiceClient(u, cred, new BlobClientOptions { Retry = { MaxRetries = _retries } });`, attempts: null, source: "config", note: /not a literal/ },
    { name: "Service Bus (AMQP): ServiceBusRetryOptions default MaxRetries 3 → 4", body: `var sb = new ServiceBusClient("cs");`, attempts: 4, source: "default", note: /RetryOptions\.MaxRetries 3 → 4 attempts \(Azure\.Messaging\.ServiceBus\)/, library: "Azure.Messaging.ServiceBus" },
    { name: "Service Bus RetryOptions = new ServiceBusRetryOptions { MaxRetries = 6 } → 7", body: `var sb = new ServiceBusClient("cs", new ServiceBusClientOptions { RetryOptions = new ServiceBusRetryOptions { MaxRetries = 6 } });`, attempts: 7, source: "config", note: /RetryOptions\.MaxRetries = 6 → 7/ },
    { name: "Cosmos DB: MaxRetryAttemptsOnRateLimitedRequests default 9 → 10 (on 429)", body: `var cosmos = new CosmosClient("cs");`, attempts: 10, source: "default", note: /9 → 10 attempts \(Microsoft\.Azure\.Cosmos, on 429\)/, library: "Microsoft.Azure.Cosmos" },
    { name: "Cosmos DB MaxRetryAttemptsOnRateLimitedRequests = 3 → 4", body: `var cosmos = new CosmosClient("cs", new CosmosClientOptions { MaxRetryAttemptsOnRateLimitedRequests = 3 });`, attempts: 4, source: "config", note: /= 3 → 4/ },
    { name: "target-typed BlobClient c = new(uri, cred): the declared type's default", body: `BlobClient c = new(u, cred);`, attempts: 4, source: "default", note: /default Retry\.MaxRetries 3/ },
    { name: "Aspire builder.AddAzureBlobServiceClient(\"blobs\"): the integration's client, default 4", body: `builder.AddAzureBlobServiceClient("blobs");`, attempts: 4, source: "default", note: /default Retry\.MaxRetries 3 → 4/ },
    { name: "Aspire configureClientBuilder: b => b.ConfigureOptions(o => o.Retry.MaxRetries = 1) → 2", body: `builder.AddAzureQueueServiceClient("queues", configureClientBuilder: b => b.ConfigureOptions(o => o.Retry.MaxRetries = 1));`, attempts: 2, source: "config", note: /= 1 → 2/ },
    { name: "AddAzureClients: b.AddSecretClient(u) takes ConfigureDefaults(o => o.Retry.MaxRetries = 2) → 3", body: `services.AddAzureClients(b => { b.AddSecretClient(u); b.ConfigureDefaults(o => o.Retry.MaxRetries = 2); });`, attempts: 3, source: "config", note: /= 2 → 3/ },
    { name: "AddAzureClients: a chained ConfigureOptions wins over ConfigureDefaults", body: `services.AddAzureClients(b => { b.AddBlobServiceClient(u).ConfigureOptions(o => o.Retry.MaxRetries = 7); b.ConfigureDefaults(o => o.Retry.MaxRetries = 2); });`, attempts: 8, source: "config", note: /= 7 → 8/ },
  ];
  for (const r of rows) {
    test(r.name, async () => {
      const facts = await cs(wrap(r.body));
      const layers = facts.layers.filter((l) => l.kind === "azure-sdk");
      assert.equal(layers.length, 1, layers.map((l) => l.label).join(", "));
      const l = layers[0]!;
      assert.equal(l.maxAttempts, r.attempts);
      assert.equal(l.attemptsSource, r.source);
      assert.match(l.attemptsNote, r.note);
      assert.equal(l.countUnknown ?? false, r.attempts === null);
      if (r.library) assert.equal(l.library, r.library);
      assert.equal(l.anchor.line, r.line ?? 10);
    });
  }

  test("Azure.Core: exponential from 0.8 s with jitter, max 1 min; 100 s per try; POST retried; Retry-After honoured", async () => {
    const facts = await cs(wrap(`var c = new BlobServiceClient(u, cred);`));
    const l = facts.layers[0]!;
    assert.deepEqual([l.wait.kind, l.wait.jitter, l.wait.initialSeconds, l.wait.maxSeconds], ["exponential", true, 0.8, 60]);
    assert.equal(l.perTryTimeoutSeconds, 100);
    assert.equal(l.condition.afterSendMethods, "all");
    assert.equal(l.condition.honoursRetryAfter, true);
    assert.deepEqual(l.condition.statuses, [408, 429, 500, 502, 503, 504]);
  });

  test("RetryMode.Fixed: fixed 0.8 s, no jitter", async () => {
    const facts = await cs(wrap(`var c = new BlobServiceClient(u, cred, new BlobClientOptions { Retry = { Mode = RetryMode.Fixed } });`));
    assert.equal(facts.layers[0]!.wait.kind, "fixed");
  });

  test("near misses: an ambiguous QueueClient without an Azure using, AddAzureAppConfiguration, AzureOpenAIClient", async () => {
    const facts = await cs(wrap(`var q = new QueueClient("x");\n        builder.Configuration.AddAzureAppConfiguration(o => o.Connect("cs"));`, "using Acme.Queues;"));
    assert.equal(facts.layers.filter((l) => l.kind === "azure-sdk").length, 0);
  });

  test("an ambiguous QueueClient with `using Azure.Storage.Queues` is a client", async () => {
    const facts = await cs(wrap(`var q = new QueueClient("cs", "orders");`, "using Azure.Storage.Queues;"));
    assert.equal(facts.layers.filter((l) => l.kind === "azure-sdk").length, 1);
  });

  test("calls: typed receivers, `var` sub-clients from GetBlobClient/CreateSender; local builders are not calls", async () => {
    const facts = await cs(`using Azure.Storage.Blobs;
using Azure.Messaging.ServiceBus;
namespace Shop;
public class Images(BlobServiceClient blobs, ServiceBusClient bus)
{
    public async Task Save(string name, Stream s)
    {
        var container = blobs.GetBlobContainerClient("images");
        var blob = container.GetBlobClient(name);
        await blob.UploadAsync(s);
        var sender = bus.CreateSender("q");
        await sender.SendMessageAsync(new ServiceBusMessage("x"));
    }
}
`);
    const calls = facts.azureSdk?.calls ?? [];
    const callee = (id: string) => facts.calls.find((c) => c.id === id)?.callee;
    assert.deepEqual(calls.map((c) => [callee(c.callId), c.service, c.clientType]), [
      ["blob.UploadAsync", "blob", "BlobClient"],
      ["sender.SendMessageAsync", "servicebus", "ServiceBusSender"],
    ]);
  });

  test("clients record their scope, variable and whether they are registrations", async () => {
    const facts = await cs(wrap(`services.AddSingleton(sp => new BlobServiceClient(u, cred));\n        var local = new SecretClient(u, cred);`));
    const clients = facts.azureSdk?.clients ?? [];
    assert.deepEqual(clients.map((c) => [c.type, c.service, c.registration, c.variable]), [
      ["BlobServiceClient", "blob", true, null],
      ["SecretClient", "keyvault", false, "local"],
    ]);
  });
});

describe("Azure SDK .NET: Cosmos DB containers", () => {
  test("a Container field and `var c = client.GetContainer(db, name)` are Cosmos receivers (with the Cosmos using only)", async () => {
    const code = (using: string) => `${using}
namespace Shop;
public class Baskets(CosmosClient cosmos, Container items)
{
    public async Task Save(Basket b)
    {
        var c = cosmos.GetContainer("db", "baskets");
        await c.UpsertItemAsync(b);
        await items.ReadItemAsync<Basket>(b.Id, new PartitionKey(b.Id));
    }
}
`;
    const facts = await cs(code("using Microsoft.Azure.Cosmos;"));
    assert.deepEqual((facts.azureSdk?.calls ?? []).map((c) => [c.service, c.clientType]), [["cosmos", "Container"], ["cosmos", "Container"]]);
    const other = await cs(code("using Acme.Storage;"));
    assert.equal((other.azureSdk?.calls ?? []).filter((c) => c.clientType === "Container").length, 0);
  });
});
