/**
 * SDK defaults of .NET console tools (docs/design.md "off-path layer"): an implicit client-library
 * retry (an OpenAI / Azure SDK pipeline nobody configured) built only in code that console programs
 * run — a project with an entry point (top-level statements or `Main`) that serves nothing: no
 * request handler, no web or worker host (`WebApplication.CreateBuilder`, `ConfigureWebHostDefaults`,
 * `AddHostedService`, Azure Functions, a host's or a desktop/MAUI app's `Run`), not a resource of an
 * Aspire AppHost, not a workload of a deployment manifest and no image built from its folder (a
 * Dockerfile) — is off the request paths: a developer runs the tool by
 * hand (an evaluation or data-seeding CLI). It stays active when a retry layer of the tool wraps
 * it (a hop holding it holds another active layer): that stack multiplies what the tool sends.
 */
import type { ClientFact, FileFacts } from "../model/facts";
import type { Hop, RetryLayer } from "../model/model";
import { layerKey } from "./keys";
import type { ServiceIndex } from "./services";

/** members of calls that make a program a server or a long-running worker */
const HOST_MEMBERS: ReadonlySet<string> = new Set([
  "CreateSlimBuilder",
  "CreateEmptyBuilder",
  "ConfigureWebHostDefaults",
  "ConfigureWebHost",
  "UseStartup",
  "AddHostedService",
  "ConfigureFunctionsWorkerDefaults",
  "ConfigureFunctionsWebApplication",
  "MapGrpcService",
  "RunConsoleAsync",
  "WaitForShutdownAsync",
  "StartWithClassicDesktopLifetime",
]);
/** `Run` / `RunAsync` / `StartAsync` on a host (`app.Run()`, `builder.Build().RunAsync()`), not on these */
const NOT_HOSTS = /^(Task|Parallel|ThreadPool|Process|Thread|Command|RootCommand)$/;

export function markDotnetToolLayers(files: FileFacts[], layers: Map<string, RetryLayer>, hops: Hop[], index: ServiceIndex, running: (file: FileFacts, scopeId: string) => Set<string>): void {
  const candidates: Array<{ file: FileFacts; id: string; scopeId: string }> = [];
  for (const f of files) {
    if (f.language !== "csharp") continue;
    const scopes = new Map<string, string>();
    for (const c of f.clients as ClientFact[]) for (const l of c.layerIds) if (!scopes.has(l)) scopes.set(l, c.functionId);
    for (const c of f.azureSdk?.clients ?? []) if (c.layerId && !scopes.has(c.layerId)) scopes.set(c.layerId, c.scopeId);
    for (const l of f.layers) {
      const id = layerKey(f, l.localId);
      const layer = layers.get(id);
      const scopeId = scopes.get(l.localId);
      if (!layer || scopeId === undefined || !layer.implicit || layer.category !== "client" || layer.disabled || layer.offPath) continue;
      candidates.push({ file: f, id, scopeId });
    }
  }
  if (!candidates.length) return;
  const tools = toolServices(files, index);
  if (!tools.size) return;
  for (const c of candidates) {
    const services = running(c.file, c.scopeId);
    if (!services.size || ![...services].every((s) => tools.has(s))) continue;
    const active = (id: string) => {
      const l = layers.get(id);
      return !!l && !l.disabled && !l.offPath;
    };
    if (hops.some((h) => h.layerIds.includes(c.id) && h.layerIds.some((x) => x !== c.id && active(x)))) continue;
    const layer = layers.get(c.id)!;
    layer.offPath = `SDK default of the console tool ${[...services].join(", ")}: no request handler, host or deployment runs it, and no retry layer of the tool wraps it`;
  }
}

/** Services whose C# code is a console program that serves nothing (see the module comment). */
function toolServices(files: FileFacts[], index: ServiceIndex): Set<string> {
  const byService = new Map<string, FileFacts[]>();
  for (const f of files) {
    if (f.language !== "csharp") continue;
    const svc = index.fileService.get(f.path);
    if (svc) byService.set(svc, [...(byService.get(svc) ?? []), f]);
  }
  const deployed = new Set<string>();
  for (const f of files) {
    for (const w of f.workloads) if (w.kind !== "package" || f.dotnet?.appHost?.length) deployed.add(w.name);
  }
  // an image built from the project's folder (`src/Worker/Dockerfile`) runs it somewhere
  const imageDirs = files.filter((f) => /(^|\/)Dockerfile(\.[^/]*)?$/.test(f.path) && f.path.includes("/")).map((f) => f.path.slice(0, f.path.lastIndexOf("/")));
  const out = new Set<string>();
  for (const [svc, own] of byService) {
    if (deployed.has(svc) || (index.services.get(svc)?.namespace ?? null) !== null) continue;
    if (imageDirs.some((d) => own.some((f) => f.path.startsWith(`${d}/`)))) continue;
    const entry = own.some((f) => f.calls.some((c) => c.functionId === "<module>") || f.functions.some((fn) => fn.name === "Main"));
    if (!entry || own.some(serves)) continue;
    out.add(svc);
  }
  return out;
}

/** Does the file make its program a server or worker? */
function serves(f: FileFacts): boolean {
  if (f.functions.some((fn) => fn.handler) || f.dotnet?.appHost?.length || f.dotnet?.hostedServices?.length) return true;
  for (const c of [...f.calls, ...(f.dotnet?.chainedCalls ?? [])]) {
    const dot = c.callee.lastIndexOf(".");
    const member = c.callee.slice(dot + 1);
    const head = dot > 0 ? c.callee.slice(0, dot) : "";
    if (HOST_MEMBERS.has(member)) return true;
    // a web app, a MAUI app (user-facing clients send what their users ask for)
    if ((member === "CreateBuilder" || member === "Create") && /(^|\.)(WebApplication|MauiApp)$/.test(head)) return true;
    if (head === "WebHost") return true;
    if ((member === "Run" || member === "RunAsync" || member === "StartAsync") && dot > 0 && !NOT_HOSTS.test(head.split(".").pop() ?? "")) return true;
  }
  return false;
}
