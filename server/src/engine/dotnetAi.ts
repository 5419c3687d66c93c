/**
 * OpenAI .NET clients reached through dependency injection (docs/reference/openai-sdk.md,
 * "Targets (linking)"): a C# call on a receiver declared as a Microsoft.Extensions.AI abstraction
 * (`IChatClient`, `IEmbeddingGenerator<…>`) or as an OpenAI client type (`ChatClient`,
 * `OpenAIClient`, … in a file using `OpenAI` / `Azure.AI.OpenAI`) that nothing in scope binds is a
 * request through the OpenAI client the services running the call build or register
 * (`builder.Services.AddChatClient(aoai.GetChatClient(d).AsIChatClient())`,
 * `AddSingleton<OpenAIClient>(_ => new AzureOpenAIClient(…))`), nearest first: built in the same
 * scope or an enclosing one of the same file, held by the same class, then built anywhere in code
 * the same services run (a shared ServiceDefaults project counts for each service calling it).
 * No such client: no request (an Ollama or other IChatClient is not an OpenAI pipeline).
 *
 * Verified (dotnet/extensions, src/Libraries/Microsoft.Extensions.AI.OpenAI, Microsoft.Extensions.AI
 * 9.4–10.x): `OpenAIChatClient.GetResponseAsync` makes one `ChatClient.CompleteChatAsync` call
 * (`GetStreamingResponseAsync` one `CompleteChatStreamingAsync`) and `OpenAIEmbeddingGenerator.GenerateAsync`
 * one `EmbeddingClient.GenerateEmbeddingsAsync`: the adapters add no retry of their own, the
 * System.ClientModel pipeline of the wrapped client retries.
 */
import type { CallFact, ClientFact, FileFacts } from "../model/facts";
import type { Resolver, ResolvedClient } from "./resolve";

/** Microsoft.Extensions.AI abstractions (as declared, generic arguments dropped) */
const AI_ABSTRACTIONS: ReadonlySet<string> = new Set(["IChatClient", "IEmbeddingGenerator"]);
/** OpenAI .NET / Azure.AI.OpenAI client types: recognised only in a file that uses their namespaces */
const OPENAI_TYPES: ReadonlySet<string> = new Set(["OpenAIClient", "AzureOpenAIClient", "ChatClient", "EmbeddingClient", "ResponsesClient", "OpenAIResponseClient", "AudioClient", "ImageClient", "AssistantClient"]);
const OPENAI_NAMESPACE = /^(global::)?(OpenAI|Azure\.AI\.OpenAI)(\.|$)/;
/** members that derive a client or read local state: no request */
const LOCAL_MEMBERS = /^(Get\w*Client|As\w+|GetService|GetRequiredService|Dispose|DisposeAsync|ToString|Equals|GetHashCode|GetType)$/;
const OPENAI_TARGETS: ReadonlySet<string> = new Set(["sdk://openai", "sdk://azure-openai"]);

interface Candidate {
  file: FileFacts;
  client: ClientFact;
  services: Set<string> | null;
}

export class DotnetAiClients {
  private candidates: Candidate[] | null = null;

  constructor(
    private readonly files: FileFacts[],
    private readonly resolver: Resolver,
    private readonly running: (file: FileFacts, scopeId: string) => Set<string>,
  ) {}

  /** The OpenAI client a call through an AI abstraction or an injected OpenAI client goes through, or null. */
  client(file: FileFacts, scopeId: string, call: CallFact): ResolvedClient | null {
    if (file.language !== "csharp" || call.request) return null;
    const parts = call.callee.split(".");
    if (parts.length !== 2) return null;
    const [head, member] = parts as [string, string];
    if (LOCAL_MEMBERS.test(member)) return null;
    if (!AI_ABSTRACTIONS.has(head) && !(OPENAI_TYPES.has(head) && file.imports.some((i) => OPENAI_NAMESPACE.test(i.module)))) return null;
    // a name the scope binds (a variable, a class of the workspace) is not a declared type
    if (this.resolver.resolve(file, scopeId, head)) return null;
    const all = this.all();
    if (!all.length) return null;
    const cls = scopeId.includes(".") ? scopeId.slice(0, scopeId.lastIndexOf(".")) : null;
    const chosen =
      all.find((c) => c.file === file && (c.client.functionId === "<module>" || c.client.functionId === scopeId || scopeId.startsWith(`${c.client.functionId}.`))) ??
      all.find((c) => c.file === file && cls !== null && c.client.functionId.startsWith(`${cls}.`)) ??
      this.inServices(all, this.running(file, scopeId));
    return chosen ? this.resolver.clientOf({ kind: "client", file: chosen.file, client: chosen.client }) : null;
  }

  private inServices(all: Candidate[], services: Set<string>): Candidate | undefined {
    if (!services.size) return undefined;
    for (const c of all) {
      c.services ??= this.running(c.file, c.client.functionId);
      for (const s of c.services) if (services.has(s)) return c;
    }
    return undefined;
  }

  /** Every OpenAI client built in C# code, one per layer (a feature client taken from it shares the layer). */
  private all(): Candidate[] {
    if (this.candidates) return this.candidates;
    const seen = new Set<string>();
    this.candidates = [];
    for (const f of this.files) {
      if (f.language !== "csharp") continue;
      for (const c of f.clients) {
        if (!c.sdk || !OPENAI_TARGETS.has(c.sdk.target) || !c.layerIds.length) continue;
        const key = `${f.path}#${c.layerIds[0]}`;
        if (seen.has(key)) continue;
        seen.add(key);
        this.candidates.push({ file: f, client: c, services: null });
      }
    }
    return this.candidates;
  }
}
