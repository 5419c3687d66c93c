/**
 * Azure SDK clients (docs/reference/azure-sdk.md): the defaults each language's core library
 * retries with, the Azure services the client types talk to, and the C# facts the linker needs.
 *
 * Verified defaults (sources and versions in docs/reference/azure-sdk.md):
 * - .NET Azure.Core `RetryOptions`: MaxRetries 3 (→ 4 attempts), Exponential, Delay 0.8 s, MaxDelay 1 min.
 *   Service Bus / Event Hubs (AMQP) `ServiceBusRetryOptions` / `EventHubsRetryOptions`: MaxRetries 3,
 *   Delay 0.8 s, MaxDelay 1 min. Cosmos DB (its own pipeline): MaxRetryAttemptsOnRateLimitedRequests 9
 *   (→ 10 attempts on 429).
 * - Python azure-core `RetryPolicy`: retry_total 10, but retry_connect/retry_read/retry_status 3 each,
 *   and the policy stops when any counter goes below 0: one kind of failure gets 3 retries → 4
 *   attempts. azure-storage-* `ExponentialRetry`: retry_total 3 → 4.
 * - JS @azure/core-rest-pipeline `retryPolicy`: maxRetries 3 → 4. @azure/storage-* `StorageRetryPolicy`:
 *   `maxTries` 4 counts attempts.
 * - Go azcore `policy.RetryOptions`: MaxRetries 0 means the default 3 → 4; a value < 0 means one try.
 */

/** A C# Azure SDK client built (`new BlobServiceClient(…)`) or registered (Aspire, `AddAzureClients`). */
export interface AzureSdkClient {
  /** the client type (`BlobServiceClient`) */
  type: string;
  /** the Azure service key (`blob`, `keyvault`, `servicebus`, `cosmos` …): the target is `azure:<service>` */
  service: string;
  /** the layer this client's retry policy is (local id), or null when retries are off */
  layerId: string | null;
  /** where it is built: the scope (method, lambda, constructor) */
  scopeId: string;
  /** the variable or field it is assigned to, when written (`blobClient`, `this.searchClient` → `searchClient`) */
  variable: string | null;
  /** a dependency-injection registration (Aspire `AddAzureBlobServiceClient`, `AddAzureClients`, `AddSingleton(sp => new …)`) */
  registration: boolean;
  line: number;
}

/** A call whose receiver is an Azure SDK client type (`blobClient.UploadAsync(…)`). */
export interface AzureSdkCall {
  callId: string;
  service: string;
  clientType: string;
}

export interface AzureSdkFacts {
  clients: AzureSdkClient[];
  calls: AzureSdkCall[];
}

/** Azure service of a client type, by language-neutral type name. */
export const AZURE_CLIENT_SERVICES: Record<string, string> = {
  BlobServiceClient: "blob",
  BlobContainerClient: "blob",
  BlobClient: "blob",
  BlockBlobClient: "blob",
  AppendBlobClient: "blob",
  PageBlobClient: "blob",
  BlobBaseClient: "blob",
  ContainerClient: "blob",
  DataLakeServiceClient: "datalake",
  DataLakeFileSystemClient: "datalake",
  DataLakeFileClient: "datalake",
  DataLakeDirectoryClient: "datalake",
  QueueServiceClient: "queue",
  QueueClient: "queue",
  ShareServiceClient: "fileshare",
  ShareClient: "fileshare",
  ShareFileClient: "fileshare",
  ShareDirectoryClient: "fileshare",
  TableServiceClient: "tables",
  TableClient: "tables",
  SecretClient: "keyvault",
  KeyClient: "keyvault",
  CertificateClient: "keyvault",
  CryptographyClient: "keyvault",
  SearchClient: "search",
  SearchIndexClient: "search",
  SearchIndexerClient: "search",
  ConfigurationClient: "appconfig",
  AzureAppConfigurationClient: "appconfig",
  EventGridPublisherClient: "eventgrid",
  EventGridPublisherClientAsync: "eventgrid",
  DocumentAnalysisClient: "formrecognizer",
  DocumentIntelligenceClient: "documentintelligence",
  TextAnalyticsClient: "textanalytics",
  ServiceBusClient: "servicebus",
  ServiceBusSender: "servicebus",
  ServiceBusReceiver: "servicebus",
  ServiceBusSessionReceiver: "servicebus",
  ServiceBusAdministrationClient: "servicebus",
  EventHubProducerClient: "eventhubs",
  EventHubConsumerClient: "eventhubs",
  CosmosClient: "cosmos",
};

/** Client types whose name is common outside the Azure SDK: recognised only with an Azure import. */
export const AMBIGUOUS_CLIENT_TYPES: ReadonlySet<string> = new Set(["QueueClient", "TableClient", "ShareClient", "KeyClient", "ContainerClient", "ConfigurationClient", "SearchClient", "CertificateClient"]);

/** Services that retry over AMQP with their own options type (`ServiceBusRetryOptions`, `EventHubsRetryOptions`). */
export const AMQP_SERVICES: ReadonlySet<string> = new Set(["servicebus", "eventhubs"]);

/** Methods that derive a sub-client or read local state: no request. `GetBlobClient`, `CreateSender`, `Name`. */
export const AZURE_LOCAL_MEMBERS = /^(Get\w*Client|get_\w*_client|get\w*Client|Create(Sender|Receiver|Processor|SessionProcessor|RuleManager|Batch)(Async)?|GetContainer|GetDatabase|get_container_client|get_database_client|GetParentBlobContainerClient|GenerateSasUri|GenerateSas\w*|WithSnapshot|WithVersion|Dispose|DisposeAsync|close|Close|CloseAsync|ToString|GetHashCode|Equals)$/;

/** The service of a type name (`Azure.Storage.Blobs.BlobServiceClient` → blob), or null. */
export function azureServiceOf(type: string): string | null {
  const last = type.slice(type.lastIndexOf(".") + 1);
  return AZURE_CLIENT_SERVICES[last] ?? null;
}
