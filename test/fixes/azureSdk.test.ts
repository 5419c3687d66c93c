/**
 * Fixes on Azure SDK clients (docs/reference/azure-sdk.md): the count in each library's own unit —
 * Python retry_total (retries), JS retryOptions.maxRetries (retries) / storage maxTries (attempts),
 * .NET Retry.MaxRetries (retries), Go MaxRetries (retries; off is -1, since 0 is the default 3).
 */
import { fixCases } from "./fixCases";

fixCases("Azure SDK clients", [
  {
    name: "Python SecretClient under a tenacity retry: turn the SDK's retries off with retry_total=0",
    workspace: `
//- svc/secrets.py
from azure.keyvault.secrets import SecretClient
from tenacity import retry, stop_after_attempt, wait_random_exponential

kv = SecretClient(vault_url="https://v.vault.azure.net", credential=cred)


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=10))
def read(name):
    return kv.get_secret(name)
`,
    finding: "RL001 svc/secrets.py:4",
    fix: "Turn off Azure SDK retries",
    after: `
//- svc/secrets.py
from azure.keyvault.secrets import SecretClient
from tenacity import retry, stop_after_attempt, wait_random_exponential

kv = SecretClient(vault_url="https://v.vault.azure.net", credential=cred, retry_total=0)


@retry(stop=stop_after_attempt(3), wait=wait_random_exponential(max=10))
def read(name):
    return kv.get_secret(name)
`,
  },
  {
    name: "JS storage BlobServiceClient under p-retry: retryOptions.maxTries: 1 (maxTries counts attempts)",
    workspace: `
//- svc/package.json
{ "name": "svc", "dependencies": { "@azure/storage-blob": "^12.26.0", "p-retry": "^6.2.0" } }
//- svc/src/store.ts
import { BlobServiceClient } from "@azure/storage-blob";
import pRetry from "p-retry";

const blobs = new BlobServiceClient("https://acct.blob.core.windows.net", cred);
const container = blobs.getContainerClient("images");

export async function list() {
  return pRetry(() => container.getProperties(), { retries: 2, randomize: true });
}
`,
    finding: "RL001 svc/src/store.ts:4",
    fix: "Turn off Azure SDK retries",
    after: `
//- svc/src/store.ts
import { BlobServiceClient } from "@azure/storage-blob";
import pRetry from "p-retry";

const blobs = new BlobServiceClient("https://acct.blob.core.windows.net", cred, { retryOptions: { maxTries: 1 } });
const container = blobs.getContainerClient("images");

export async function list() {
  return pRetry(() => container.getProperties(), { retries: 2, randomize: true });
}
`,
  },
  {
    name: "JS SecretClient with options: retryOptions merged in (maxRetries: 0)",
    workspace: `
//- svc/package.json
{ "name": "svc", "dependencies": { "@azure/keyvault-secrets": "^4.9.0", "p-retry": "^6.2.0" } }
//- svc/src/kv.ts
import { SecretClient } from "@azure/keyvault-secrets";
import pRetry from "p-retry";

const kv = new SecretClient("https://v.vault.azure.net", cred, { serviceVersion: "7.5" });

export async function read(n: string) {
  return pRetry(() => kv.getSecret(n), { retries: 2, randomize: true });
}
`,
    finding: "RL001 svc/src/kv.ts:4",
    fix: "Turn off Azure SDK retries",
    after: `
//- svc/src/kv.ts
import { SecretClient } from "@azure/keyvault-secrets";
import pRetry from "p-retry";

const kv = new SecretClient("https://v.vault.azure.net", cred, { serviceVersion: "7.5", retryOptions: { maxRetries: 0 } });

export async function read(n: string) {
  return pRetry(() => kv.getSecret(n), { retries: 2, randomize: true });
}
`,
  },
  {
    name: "Go azblob MaxRetries: 5 under a loop: turned off with -1 (0 would mean the default 3)",
    workspace: `
//- svc/store.go
package svc

import (
	"context"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob"
)

func Save(ctx context.Context, name string, data []byte) error {
	client, err := azblob.NewClient("https://acct.blob.core.windows.net", cred, &azblob.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: 5}}})
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if _, err = client.UploadBuffer(ctx, "c", name, data, nil); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}
`,
    finding: "RL001 svc/store.go:13",
    fix: "Turn off Azure SDK retries",
    after: `
//- svc/store.go
package svc

import (
	"context"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob"
)

func Save(ctx context.Context, name string, data []byte) error {
	client, err := azblob.NewClient("https://acct.blob.core.windows.net", cred, &azblob.ClientOptions{ClientOptions: azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: -1}}})
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if _, err = client.UploadBuffer(ctx, "c", name, data, nil); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return err
}
`,
  },
  {
    name: ".NET BlobClient built without options under Polly: new BlobClientOptions { Retry = { MaxRetries = 0 } } passed",
    workspace: `
//- src/Api/Api.csproj
//- src/Api/Program.cs
using Shop.Api;
var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
app.MapPost("/tickets", (Tickets t, Uri u) => t.SaveAsync(u));
//- src/Api/Tickets.cs
using Azure.Storage.Blobs;
using Polly;
using Polly.Retry;
namespace Shop.Api;
public class Tickets
{
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder().AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, BackoffType = DelayBackoffType.Exponential, UseJitter = true }).Build();
    public async Task SaveAsync(Uri u)
    {
        BlobClient blobClient = new BlobClient(u, new DefaultAzureCredential());
        await Retry.ExecuteAsync(async ct => await blobClient.UploadAsync(Stream.Null, overwrite: true));
    }
}
`,
    finding: "RL001 src/Api/Tickets.cs:10",
    fix: "Turn off Azure SDK retries",
    after: `
//- src/Api/Tickets.cs
using Azure.Storage.Blobs;
using Polly;
using Polly.Retry;
namespace Shop.Api;
public class Tickets
{
    private static readonly ResiliencePipeline Retry = new ResiliencePipelineBuilder().AddRetry(new RetryStrategyOptions { MaxRetryAttempts = 2, BackoffType = DelayBackoffType.Exponential, UseJitter = true }).Build();
    public async Task SaveAsync(Uri u)
    {
        BlobClient blobClient = new BlobClient(u, new DefaultAzureCredential(), new BlobClientOptions { Retry = { MaxRetries = 0 } });
        await Retry.ExecuteAsync(async ct => await blobClient.UploadAsync(Stream.Null, overwrite: true));
    }
}
`,
  },
]);
