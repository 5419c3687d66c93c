/**
 * Azure SDK clients at link time (docs/reference/azure-sdk.md): a C# call on a receiver typed as
 * an Azure client (FileFacts.azureSdk.calls, found by detectors/csharp/azureSdk.ts) is a request to
 * `azure:<service>` through the retry policy of the client it was made on. Which client that is,
 * nearest first: one built in the same scope, one held by the same class (a field set in its
 * constructor), one registered or built in the same service (dependency injection, Aspire,
 * `AddAzureClients`), then one registered anywhere in the workspace for that Azure service. A
 * sub-client (`GetBlobContainerClient`, `GetBlobClient`, `CreateSender`) shares its parent's
 * pipeline, so any client of the same service stands for it. No client found: no request.
 */
import type { CallFact, FileFacts, RequestFact } from "../model/facts";
import { AMQP_SERVICES, type AzureSdkClient } from "../model/azureSdk";
import { layerKey } from "./keys";
import type { ServiceIndex } from "./services";

export interface AzureReach {
  request: RequestFact;
  layers: string[];
  via: { library: string; timeoutSeconds: number | null; timeoutSet: boolean };
}

interface Entry {
  file: FileFacts;
  client: AzureSdkClient;
  service: string;
}

export class AzureSdkLinks {
  private readonly byService = new Map<string, Entry[]>();
  private readonly callIndex = new Map<string, { service: string; clientType: string }>();

  constructor(
    files: FileFacts[],
    private readonly index: ServiceIndex,
  ) {
    for (const f of files) {
      if (!f.azureSdk) continue;
      const svc = index.fileService.get(f.path) ?? "";
      for (const c of f.azureSdk.clients) this.byService.set(c.service, [...(this.byService.get(c.service) ?? []), { file: f, client: c, service: svc }]);
      for (const c of f.azureSdk.calls) this.callIndex.set(`${f.path}#${c.callId}`, c);
    }
  }

  reach(file: FileFacts, scopeId: string, call: CallFact): AzureReach | null {
    const hit = this.callIndex.get(`${file.path}#${call.id}`);
    if (!hit) return null;
    const candidates = this.byService.get(hit.service) ?? [];
    const svc = this.index.fileService.get(file.path) ?? "";
    const sameFile = candidates.filter((e) => e.file.path === file.path);
    const cls = scopeId.includes(".") ? scopeId.slice(0, scopeId.lastIndexOf(".")) : scopeId;
    const chosen =
      // built right here (`BlobClient c = new(…); await c.UploadAsync(…)`)
      sameFile.find((e) => e.client.scopeId === scopeId && !e.client.registration) ??
      // held by this class: a field set in its constructor
      sameFile.find((e) => e.client.variable !== null && !e.client.registration && (e.client.scopeId === cls || e.client.scopeId === `${cls}.${cls.slice(cls.lastIndexOf(".") + 1)}`)) ??
      // registered for injection in this service, then built anywhere in it
      candidates.find((e) => e.client.registration && e.service === svc) ??
      candidates.find((e) => e.service === svc && e.client.type === hit.clientType) ??
      candidates.find((e) => e.client.registration) ??
      null;
    if (!chosen) return null;
    const library = `Azure SDK (${chosen.client.type})`;
    // Azure.Core RetryOptions.NetworkTimeout 100 s per try; ServiceBus/EventHubs TryTimeout 1 min; Cosmos: its own
    const timeoutSeconds = hit.service === "cosmos" ? null : AMQP_SERVICES.has(hit.service) ? 60 : 100;
    return {
      request: { method: null, url: { kind: "string", value: `azure://${hit.service}` }, protocol: "http", idempotencyKey: null, timeoutSeconds: null, library },
      layers: chosen.client.layerId ? [layerKey(chosen.file, chosen.client.layerId)] : [],
      via: { library, timeoutSeconds, timeoutSet: timeoutSeconds !== null },
    };
  }
}
