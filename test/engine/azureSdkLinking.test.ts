// Azure SDK clients at link time (docs/reference/azure-sdk.md): calls on Azure client types are
// requests to azure:<service> through the retry policy of the client built or registered for them.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { checkFixture, layerAt } from "../harness";

describe("Azure SDK linking (.NET)", () => {
  test("an injected BlobServiceClient registered with AddSingleton: a sub-client's call goes through its 4 attempts, under a Polly retry", async () => {
    const result = await checkFixture(`
//- src/Api/Api.csproj
//- src/Api/Program.cs
using Azure.Storage.Blobs;
using Shop.Api;
var builder = WebApplication.CreateBuilder(args);
builder.Services.AddSingleton(sp => new BlobServiceClient(new Uri("https://acct.blob.core.windows.net"), new DefaultAzureCredential()));
// ^ layer ×4 RL001
builder.Services.AddSingleton<Images>();
var app = builder.Build();
app.MapGet("/images/{name}", (Images images, string name) => images.OpenAsync(name));
//- src/Api/Images.cs
using Azure.Storage.Blobs;
using Polly;
using Polly.Retry;
namespace Shop.Api;
public class Images
{
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder().AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, BackoffType = DelayBackoffType.Exponential, UseJitter = true }).Build();
    // ^ layer ×3 RL001
    private readonly BlobContainerClient container;
    public Images(BlobServiceClient blobs) { this.container = blobs.GetBlobContainerClient("images"); }
    public async Task<Stream> OpenAsync(string name)
    {
        var blob = container.GetBlobClient(name);
        return await Retry.ExecuteAsync(async ct => await blob.OpenReadAsync(cancellationToken: ct));
    }
}
//! rules RL001
//! path 12 azure:blob
`);
    const layer = layerAt(result, "src/Api/Program.cs:4");
    assert.match(layer.attemptsNote, /default Retry\.MaxRetries 3 → 4 attempts \(Azure\.Core\)/);
    assert.deepEqual(layer.targets, ["azure:blob"]);
  });

  test("a client built in the method (BlobClient c = new(…)) and a field set in the constructor: each call takes its own client's count", async () => {
    await checkFixture(`
//- src/Api/Api.csproj
//- src/Api/Program.cs
using Shop.Api;
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
app.MapPost("/tickets", (Tickets t, Uri u) => t.SaveAsync(u));
app.MapGet("/search", (Tickets t) => t.FindAsync());
//- src/Api/Tickets.cs
using Azure.Storage.Blobs;
using Azure.Search.Documents;
namespace Shop.Api;
public class Tickets
{
    private readonly SearchClient search;
    public Tickets()
    {
        this.search = new SearchClient(new Uri("https://s.search.windows.net"), "idx", new DefaultAzureCredential(), new SearchClientOptions { Retry = { MaxRetries = 5 } });
        // ^ layer ×6
    }
    public async Task SaveAsync(Uri u)
    {
        BlobClient blobClient = new(u, new DefaultAzureCredential());
        // ^ layer ×4
        await blobClient.UploadAsync(Stream.Null, overwrite: true);
    }
    public Task FindAsync() => search.SearchAsync<Doc>("*");
}
//! rules none
//! path 4 azure:blob
//! path 6 azure:search
`);
  });

  test("Aspire AddAzureServiceBusClient: a sender from CreateSender goes through the AMQP default 4 attempts", async () => {
    await checkFixture(`
//- src/Orders/Orders.csproj
//- src/Orders/Program.cs
using Azure.Messaging.ServiceBus;
var builder = WebApplication.CreateBuilder(args);
builder.AddAzureServiceBusClient("bus");
// ^ layer ×4
var app = builder.Build();
app.MapPost("/orders", async (ServiceBusClient bus) =>
{
    var sender = bus.CreateSender("orders");
    await sender.SendMessageAsync(new ServiceBusMessage("o"));
});
//! rules none
//! path 4 azure:servicebus
`);
  });
});

describe("Azure SDK linking (Python)", () => {
  test("a tenacity retry around a container client's upload: 3 × 4 = 12 calls reach azure:blob", async () => {
    await checkFixture(`
//- svc/store.py
from azure.storage.blob import BlobServiceClient
from tenacity import retry, stop_after_attempt, wait_random_exponential

blobs = BlobServiceClient(account_url="https://acct.blob.core.windows.net", credential=cred)
# ^ layer ×4 RL001
container = blobs.get_container_client("images")


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(multiplier=0.5, max=5))
# ^ layer ×3 RL001
def save(name, data):
    container.upload_blob(name, data, overwrite=True)
//! rules RL001
//! path 12 azure:blob
`);
  });
});

describe("Azure SDK linking (Go and JS)", () => {
  test("Go: a hand-rolled loop of 3 around an azblob upload: 3 × 4 = 12 calls reach azure:blob", async () => {
    await checkFixture(`
//- svc/store.go
package svc

import (
	"context"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob"
)

func Save(ctx context.Context, name string, data []byte) error {
	client, err := azblob.NewClient("https://acct.blob.core.windows.net", cred, nil)
	// ^ layer ×4 RL001
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
	// ^ layer ×3 RL001
		if _, err = client.UploadBuffer(ctx, "c", name, data, nil); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}
//! rules RL001
//! path 12 azure:blob
`);
  });

  test("JS: p-retry around a Key Vault getSecret: 11 × 4 = 44 calls reach azure:keyvault", async () => {
    await checkFixture(`
//- svc/secrets.ts
import pRetry from "p-retry";
import { SecretClient } from "@azure/keyvault-secrets";

const kv = new SecretClient("https://v.vault.azure.net", cred);
// ^ layer ×4 RL001

export async function read(name: string) {
  return pRetry(() => kv.getSecret(name), { retries: 10, randomize: true });
  // ^ layer ×11 RL001
}
//! rules RL001
//! path 44 azure:keyvault
`);
  });
});

describe("Azure SDK linking (Go sub-clients)", () => {
  test("azservicebus: a sender from client.NewSender sends through the client's 4 attempts, inside a loop of 2", async () => {
    await checkFixture(`
//- svc/publish.go
package svc

import (
	"context"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus"
)

func Publish(ctx context.Context, body []byte) error {
	client, err := azservicebus.NewClientFromConnectionString(cs, nil)
	// ^ layer ×4 RL001
	if err != nil {
		return err
	}
	sender, err := client.NewSender("orders", nil)
	if err != nil {
		return err
	}
	for i := 0; i < 2; i++ {
	// ^ layer ×2 RL001
		if err = sender.SendMessage(ctx, &azservicebus.Message{Body: body}, nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
//! rules RL001
//! path 8 azure:servicebus
`);
  });
});
