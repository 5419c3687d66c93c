/**
 * .NET dependency-injection wiring at link time (reference §3.6–§3.8, §3.13–§3.14):
 *
 * - HttpClient registrations (`AddHttpClient<T>().AddStandardResilienceHandler()`): their layers and
 *   base address apply to the HttpClient injected into T; a named registration
 *   (`AddHttpClient("inventory")`) to `factory.CreateClient("inventory")` in the same service;
 *   `ConfigureHttpClientDefaults` ("*") to every HttpClient of each service that runs the
 *   registering code (a shared ServiceDefaults project: every service calling `AddServiceDefaults()`).
 * - Policies registered for injection (`AddSingleton<AsyncPolicyWrap>(…)`, detectors/csharp/policyWiring.ts)
 *   hold their layers for `policy.ExecuteAsync(…)` on an injected field or parameter of that type.
 * - Calls through injected interfaces reach the DI-registered or implementing classes.
 * - Layer gates: counts read from settings, constants and options classes (dotnetSettings.ts); a
 *   layer registered only under a bool parameter every caller passes the other way is disabled;
 *   an Aspire integration's implicit retries are off when its settings say `DisableRetry`.
 */
import type { CallFact, ClientFact, FileFacts, FunctionFact } from "../model/facts";
import type { GenericClientFact } from "../model/dotnetFacts";
import type { RetryLayer } from "../model/model";
import { CSharpCallers, enclosingMethod } from "./dotnetCalls";
import { DbContexts, type DbReach } from "./dotnetDb";
import { applyDotnetRetrySettings } from "./dotnetSettings";
import { fnKey, layerKey } from "./keys";
import { evaluate, type Resolver, type ResolvedClient, type SymbolRef } from "./resolve";
import type { ServiceIndex } from "./services";

export class DotnetWiring {
  private readonly registrations = new Map<string, Array<{ file: FileFacts; client: ClientFact }>>();
  private readonly policies = new Map<string, Array<{ file: FileFacts; holder: FunctionFact; services: Set<string> }>>();
  readonly callers: CSharpCallers;
  readonly db: DbContexts;

  constructor(
    private readonly files: FileFacts[],
    private readonly index: ServiceIndex,
    private readonly resolver: Resolver,
    callsByFn: Map<string, CallFact[]>,
    layers: Map<string, RetryLayer>,
  ) {
    this.callers = new CSharpCallers(files, resolver, index);
    const csharp = files.filter((f) => f.language === "csharp");
    for (const f of csharp) {
      for (const c of f.clients) {
        const name = c.name === "" && c.httpClientName ? this.clientName(f, c) : null;
        if (name !== null) this.push(this.registrations, `name:${this.svcOf(f)}:${name}`, { file: f, client: c });
        if (!c.typedClient) continue;
        if (c.typedClient === "*") {
          // a shared project's defaults apply to the services that run the registering code
          for (const svc of this.callers.servicesRunning(f, c.functionId)) this.push(this.registrations, `*:${svc}`, { file: f, client: c });
          continue;
        }
        const t = resolver.resolve(f, c.functionId, c.typedClient);
        if (t?.kind === "function") this.push(this.registrations, fnKey(t.file, t.fn.id), { file: f, client: c });
      }
      for (const g of f.dotnet?.genericClients ?? []) this.instantiate(f, g);
      for (const p of f.dotnet?.policyServices ?? []) {
        const holder = resolver.functionById(f, p.holderId);
        if (holder) this.push(this.policies, p.type, { file: f, holder, services: this.callers.servicesRunning(f, p.scopeId) });
      }
    }
    addInterfaceDispatch(files, resolver, callsByFn);
    this.db = new DbContexts(files, index, resolver, this.callers);
    this.applyGates(csharp, layers);
  }

  /**
   * A generic registration helper (`AddServiceReference<TClient>(string baseAddress)`): each call
   * registers its type argument, with the base address it passes as a string.
   */
  private instantiate(f: FileFacts, g: GenericClientFact): void {
    const reg = f.clients.find((c) => c.id === g.clientId);
    if (!reg) return;
    const extension = f.dotnet?.extensionMethods?.includes(g.functionId) ?? false;
    for (const site of this.callers.sitesOf(f, g.functionId)) {
      const typeName = site.call.typeArgs?.[g.typeParamIndex];
      const t = typeName ? this.resolver.resolve(site.file, site.call.functionId, typeName) : null;
      if (t?.kind !== "function") continue;
      const param = g.baseAddressParam;
      // `services.AddServiceReference<T>(url)` passes the receiver as the extension method's first parameter
      const index = param ? param.index - (extension && site.call.callee.includes(".") ? 1 : 0) : -1;
      const arg = param ? (site.call.args.find((a) => a.keyword === param.name) ?? site.call.args.filter((a) => a.keyword === null)[index]) : undefined;
      const baseUrl = arg?.text !== undefined ? { kind: "string" as const, value: arg.text } : reg.baseUrl;
      this.push(this.registrations, fnKey(t.file, t.fn.id), { file: f, client: { ...reg, typedClient: typeName, baseUrl } });
    }
  }

  private svcOf(f: FileFacts): string {
    return this.index.fileService.get(f.path) ?? "";
  }

  private envOf(f: FileFacts): Record<string, string> {
    return this.index.services.get(this.svcOf(f))?.env ?? {};
  }

  private clientName(f: FileFacts, c: ClientFact): string | null {
    return evaluate(c.httpClientName ?? null, f, c.functionId, this.resolver, this.envOf(f));
  }

  private push<V>(map: Map<string, V[]>, key: string, value: V): void {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  }

  /** class fnKey → services registering it for injection (a typed HttpClient, `AddScoped<I, C>()`) */
  private injected: Map<string, Set<string>> | null = null;

  private registeredIn(classKey: string): Set<string> | undefined {
    if (!this.injected) {
      this.injected = new Map();
      const add = (key: string, services: Set<string>) => {
        const set = this.injected!.get(key) ?? new Set<string>();
        for (const s of services) set.add(s);
        this.injected!.set(key, set);
      };
      for (const [key, regs] of this.registrations) {
        if (key.startsWith("*:") || key.startsWith("name:")) continue;
        for (const r of regs) add(key, this.callers.servicesRunning(r.file, r.client.functionId));
      }
      for (const f of this.files) {
        for (const b of f.csImplementations ?? []) {
          if (b.source !== "registration") continue;
          const impl = this.resolver.resolve(f, b.scopeId, b.impl);
          if (impl?.kind === "function") add(fnKey(impl.file, impl.fn.id), this.callers.servicesRunning(f, b.scopeId));
        }
      }
    }
    return this.injected.get(classKey);
  }

  /**
   * The services that run code in `scopeId`: the services of its callers, or, for a method of a
   * class nobody calls directly but the container builds (a typed client in a shared project), the
   * services registering that class.
   */
  runningServices(file: FileFacts, scopeId: string): Set<string> {
    const own = this.svcOf(file);
    const running = this.callers.servicesRunning(file, scopeId);
    if (running.size !== 1 || !running.has(own)) return running;
    const parts = scopeId === "<module>" ? [] : scopeId.split(".");
    for (let i = parts.length; i >= 1; i--) {
      const id = parts.slice(0, i).join(".");
      if (!this.resolver.functionById(file, id)) continue;
      const services = this.registeredIn(fnKey(file, id));
      if (services?.size) return services;
    }
    return running;
  }

  /** The services an entry function of a shared project runs in, when not its own project's; null otherwise. */
  entryServices(file: FileFacts, fnId: string): string[] | null {
    if (file.language !== "csharp" || fnId === "<module>") return null;
    const running = this.runningServices(file, fnId);
    const own = this.svcOf(file);
    return running.size === 0 || (running.size === 1 && running.has(own)) ? null : [...running];
  }

  /** The registrations whose layers and base address apply to an HttpClient. */
  registrationsOf(client: ResolvedClient): Array<{ file: FileFacts; client: ClientFact }> {
    if (client.file.language !== "csharp" || !this.registrations.size) return [];
    // `ConfigureHttpClientDefaults`: of each service that runs the client's code (one shared
    // ServiceDefaults registration counts once, however many of those services call it)
    const defaults = [...this.runningServices(client.file, client.client.functionId)].flatMap((svc) => this.registrations.get(`*:${svc}`) ?? []);
    const out = defaults.filter((r, i) => defaults.findIndex((x) => x.file === r.file && x.client.id === r.client.id) === i);
    if (client.client.httpClientName) {
      const name = this.clientName(client.file, client.client);
      return name === null ? out : [...out, ...(this.registrations.get(`name:${this.svcOf(client.file)}:${name}`) ?? [])];
    }
    const parts = client.client.name.split(".");
    for (let i = parts.length - 1; i >= 1; i--) out.push(...(this.registrations.get(fnKey(client.file, parts.slice(0, i).join("."))) ?? []));
    return out;
  }

  /**
   * `policy.ExecuteAsync(…)` on an injected field or parameter (`AsyncPolicyWrap policy`): the
   * holder of the instance registered for that type, in a service that runs this code.
   */
  injectedPolicy(file: FileFacts, scopeId: string, receiver: string): SymbolRef | null {
    if (file.language !== "csharp" || !this.policies.size || receiver.includes(".")) return null;
    const types = file.dotnet?.memberTypes;
    if (!types) return null;
    const scopes = scopeId === "<module>" ? [] : scopeId.split(".");
    let type: string | undefined;
    for (let i = scopes.length; i >= 1 && !type; i--) type = types[`${scopes.slice(0, i).join(".")}.${receiver}`];
    const candidates = type ? this.policies.get(type) : undefined;
    if (!candidates?.length) return null;
    const svc = this.svcOf(file);
    const hit = candidates.find((c) => c.services.has(svc)) ?? (candidates.length === 1 ? candidates[0] : undefined);
    return hit ? { kind: "function", file: hit.file, fn: hit.holder } : null;
  }

  /** A call on a DbContext: a request to its database through the context's execution strategy. */
  dbReach(file: FileFacts, scopeId: string, call: CallFact): DbReach | null {
    return this.db.reach(file, scopeId, call);
  }

  private applyGates(csharp: FileFacts[], layers: Map<string, RetryLayer>): void {
    for (const f of csharp) {
      for (const l of f.layers) {
        const id = layerKey(f, l.localId);
        if (l.configRef?.library === "dotnet") layers.set(id, applyDotnetRetrySettings(layers.get(id)!, f, this.resolver, this.envOf(f)));
      }
      for (const g of f.dotnet?.guardedLayers ?? []) {
        const id = layerKey(f, g.layerId);
        const layer = layers.get(id);
        const sites = this.callers.sitesOf(f, g.functionId);
        if (!layer || !sites.length) continue;
        // `builder.AddX(false)` passes the receiver as the first parameter of an extension method
        const extension = f.dotnet?.extensionMethods?.includes(g.functionId) ?? false;
        const passed = sites.map((s) => {
          const written = s.call.callee.includes(".") && extension ? g.index - 1 : g.index;
          const arg = s.call.args.find((a) => a.keyword === g.param) ?? s.call.args.filter((a) => a.keyword === null)[written];
          return arg ? (arg.bool ?? null) : g.defaultValue;
        });
        if (passed.every((v) => v !== null && v !== g.enabledWhen)) {
          const where = sites.map((s) => `${s.file.path}:${s.call.span.line}`).join(", ");
          layers.set(id, { ...layer, maxAttempts: 1, disabled: true, attemptsNote: `registered only when ${g.param} is ${g.enabledWhen}; every call passes ${!g.enabledWhen} (${where})` });
        }
      }
      // a handler added to an IHttpClientBuilder the method was given, in a method nothing calls: on no client
      for (const c of f.clients) {
        if (c.name !== "" || c.typedClient || c.httpClientName || !c.layerIds.length) continue;
        const method = enclosingMethod(this.resolver, f, c.functionId);
        if (method === "<module>" || this.callers.sitesOf(f, method).length) continue;
        for (const local of c.layerIds) {
          const id = layerKey(f, local);
          const layer = layers.get(id);
          if (layer) layers.set(id, { ...layer, maxAttempts: 1, disabled: true, attemptsNote: `added to the HttpClient builder ${method.split(".").pop()} is given, and nothing in the workspace calls ${method.split(".").pop()}: on no client` });
        }
      }
      for (const reg of f.dotnet?.dbContexts ?? []) {
        if (!reg.aspireRetry) continue;
        const id = layerKey(f, reg.aspireRetry.layerId);
        // the integration's default: nobody wrote EnableRetryOnFailure
        if (layers.get(id)) layers.set(id, { ...layers.get(id)!, implicit: true });
        const layer = layers.get(id);
        const off = reg.aspireRetry.disableRetryKeys.find((k) => evaluate({ kind: "setting", key: k.replace(/:/g, ".") }, f, reg.scopeId, this.resolver, this.envOf(f))?.trim().toLowerCase() === "true");
        if (layer && off) layers.set(id, { ...layer, maxAttempts: 1, disabled: true, attemptsNote: `${off} = true in the settings: the integration does not retry` });
      }
    }
  }
}

/**
 * C# calls through an interface (`_inventory.ReserveAsync()` on an injected `IInventoryClient`)
 * resolve to the interface's member: such a call is replaced by calls of the same member of the
 * implementations (CsImplementationFact), the DI-registered ones when the workspace registers
 * any, else every class whose base list names the interface. Rewriting the call (rather than
 * linking the bodiless member) keeps the caller's service and entry points as written.
 */
function addInterfaceDispatch(files: FileFacts[], resolver: Resolver, callsByFn: Map<string, CallFact[]>): void {
  const impls = new Map<string, { file: FileFacts; fn: FunctionFact; registered: Set<string>; declared: Set<string> }>();
  for (const f of files) {
    for (const b of f.csImplementations ?? []) {
      const iface = resolver.resolve(f, b.scopeId, b.iface);
      const impl = b.source === "base-list" ? resolver.resolve(f, "<module>", b.impl) : resolver.resolve(f, b.scopeId, b.impl);
      if (iface?.kind !== "function" || impl?.kind !== "function" || impl.fn.id === iface.fn.id) continue;
      const key = fnKey(iface.file, iface.fn.id);
      const entry = impls.get(key) ?? { file: iface.file, fn: iface.fn, registered: new Set<string>(), declared: new Set<string>() };
      (b.source === "registration" ? entry.registered : entry.declared).add(impl.fn.id);
      impls.set(key, entry);
    }
  }
  // interface member → the implementations' members
  const dispatch = new Map<string, string[]>();
  const memberNames = new Set<string>();
  for (const { file, fn, registered, declared } of impls.values()) {
    for (const member of file.functions) {
      if (!member.id.startsWith(`${fn.id}.`) || member.id.slice(fn.id.length + 1).includes(".")) continue;
      const targets = [...(registered.size ? registered : declared)].map((implId) => `${implId}.${member.name}`).filter((id) => resolver.resolve(file, "<module>", id)?.kind === "function");
      if (!targets.length) continue;
      dispatch.set(fnKey(file, member.id), targets);
      memberNames.add(member.name);
    }
  }
  if (!dispatch.size) return;
  for (const f of files) {
    if (f.language !== "csharp") continue;
    for (const call of f.calls) {
      if (call.request || !memberNames.has(call.callee.slice(call.callee.lastIndexOf(".") + 1))) continue;
      const target = resolver.resolve(f, call.functionId, call.callee);
      const targets = target?.kind === "function" ? dispatch.get(fnKey(target.file, target.fn.id)) : undefined;
      const list = targets ? callsByFn.get(fnKey(f, call.functionId)) : undefined;
      const at = list ? list.indexOf(call) : -1;
      if (at >= 0) list!.splice(at, 1, ...targets!.map((callee) => ({ ...call, callee })));
    }
  }
}
