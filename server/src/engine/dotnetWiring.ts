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
import { DotnetAiClients } from "./dotnetAi";
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
    this.applyExecutionStrategies(csharp, layers);
  }

  /**
   * Explicit execution strategies (`Database.CreateExecutionStrategy().ExecuteAsync(op)`,
   * DotnetFacts.executionStrategies): as many attempts as the retrying strategy of the DbContext
   * registration running in the same services (EnableRetryOnFailure: its count); one attempt when
   * none configures one (EF Core's default strategy does not retry), or when nothing runs the
   * code: no call of its method and no DI registration of its class for a framework to call.
   */
  private applyExecutionStrategies(csharp: FileFacts[], layers: Map<string, RetryLayer>): void {
    for (const f of csharp) {
      for (const es of f.dotnet?.executionStrategies ?? []) {
        const id = layerKey(f, es.layerId);
        const layer = layers.get(id);
        if (!layer) continue;
        this.explicitStrategies.add(id);
        const method = enclosingMethod(this.resolver, f, es.scopeId);
        const cls = method.includes(".") ? method.slice(0, method.lastIndexOf(".")) : null;
        const called = method !== "<module>" && this.callers.sitesOf(f, method).length > 0;
        const built = cls !== null && (this.registeredIn(fnKey(f, cls))?.size ?? 0) > 0;
        const name = method.split(".").pop();
        if (method !== "<module>" && !called && !built) {
          layers.set(id, { ...layer, maxAttempts: 1, countUnknown: false, disabled: true, attemptsNote: `nothing in the workspace calls ${name}, and no registration builds its class for a framework to call: the strategy runs nothing` });
          continue;
        }
        const strategy = this.db.strategyIn(this.runningServices(f, es.scopeId));
        const source = strategy ? layers.get(strategy.layerId) : undefined;
        if (!strategy || !source) {
          layers.set(id, { ...layer, maxAttempts: 1, countUnknown: false, disabled: true, attemptsNote: "no DbContext registration of the services running this code configures a retrying strategy: EF Core's default strategy does not retry" });
          continue;
        }
        layers.set(id, {
          ...layer,
          maxAttempts: source.maxAttempts,
          countUnknown: source.countUnknown,
          disabled: source.maxAttempts === 1,
          wait: source.wait,
          attemptsNote: `the execution strategy of the ${strategy.contextType} registration (${strategy.file}:${strategy.line}): ${source.attemptsNote}; it re-runs the whole callable`,
        });
      }
    }
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
      // options of a type argument: the settings section named after it (`IdentityClientOptions:BaseAddress`),
      // in the settings of the services that run the call (a host project reads them for its libraries)
      const optionsType = g.baseAddressOptions ? site.call.typeArgs?.[g.baseAddressOptions.typeParamIndex] : undefined;
      const fromOptions = optionsType ? this.serviceSetting(site.file, site.call.functionId, `${optionsType.slice(optionsType.lastIndexOf(".") + 1)}.${g.baseAddressOptions!.member}`) : null;
      const baseUrl = arg?.text !== undefined ? { kind: "string" as const, value: arg.text } : fromOptions !== null ? { kind: "string" as const, value: fromOptions } : reg.baseUrl;
      this.push(this.registrations, fnKey(t.file, t.fn.id), { file: f, client: { ...reg, typedClient: typeName, baseUrl } });
    }
  }

  /** settings files (appsettings*.json) by the service owning their project's code */
  private settingsByService: Map<string, string[]> | null = null;

  /**
   * A setting as the services running `scopeId` see it: the project's own settings, else those of
   * any project of the same services (a host project's appsettings.json configures the libraries it runs).
   */
  private serviceSetting(file: FileFacts, scopeId: string, key: string): string | null {
    const own = this.resolver.config.lookup(file.path, key);
    if (own) return own.value;
    if (!this.settingsByService) {
      this.settingsByService = new Map();
      for (const f of this.files) {
        const dir = f.configEntries?.[0]?.projectDir;
        if (dir === undefined || f.language !== "json") continue;
        const owner = this.files.find((c) => c.language === "csharp" && (dir === "" || c.path.startsWith(`${dir}/`)));
        const svc = owner ? this.svcOf(owner) : "";
        if (svc) this.push(this.settingsByService, svc, f.path);
      }
    }
    for (const svc of this.runningServices(file, scopeId)) {
      for (const path of this.settingsByService.get(svc) ?? []) {
        const hit = this.resolver.config.lookup(path, key);
        if (hit) return hit.value;
      }
    }
    return null;
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

  /**
   * EF Core suspends a context's execution strategy while an explicit one runs its operation
   * (reference §3.13): the commands inside `CreateExecutionStrategy().ExecuteAsync(…)` do not retry
   * again, so their EnableRetryOnFailure layer is dropped from a chain the explicit layer wraps.
   */
  withoutSuspendedStrategies(layerIds: string[], layers: Map<string, RetryLayer>): string[] {
    const explicit = layerIds.findIndex((id) => this.explicitStrategies.has(id));
    if (explicit < 0) return layerIds;
    return layerIds.filter((id, i) => i <= explicit || !(layers.get(id)?.kind === "efcore-retry" && layers.get(id)?.category === "client"));
  }

  private readonly explicitStrategies = new Set<string>();

  /**
   * Mediator/MediatR pipeline behaviors (`class TxBehavior<TReq, TRes> : IPipelineBehavior<TReq, TRes>`
   * registered for injection, `AddTransient(typeof(IPipelineBehavior<,>), typeof(TxBehavior<,>))`):
   * the framework runs every request handler of the service (`ICommandHandler<…>`, `IQueryHandler<…>`,
   * `IRequestHandler<…>` implementations) as the behavior's `next` delegate. The layers that wrap
   * the behavior's `next(…)` call (a policy or execution strategy whose callable calls it, outermost
   * first; the longest such chain when it calls `next` in several places) wrap each handler's
   * `Handle`, in the services that register the behavior. Handler fnKey → layer ids.
   */
  pipelineWrappers(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    const classOf = (f: FileFacts, written: string, scopeId: string) => {
      const t = this.resolver.resolve(f, scopeId, written.replace(/<.*$/, ""));
      return t?.kind === "function" ? t : null;
    };
    // behaviors and the services registering them
    const behaviors: Array<{ file: FileFacts; fn: FunctionFact; services: Set<string> }> = [];
    const handlers: Array<{ file: FileFacts; handle: FunctionFact; request: string | null }> = [];
    for (const f of this.files) {
      if (f.language !== "csharp") continue;
      for (const b of f.csImplementations ?? []) {
        const iface = b.iface.replace(/<.*$/, "").split(".").pop() ?? "";
        if (b.source === "registration" && /PipelineBehavior$/.test(iface)) {
          const cls = classOf(f, b.impl, b.scopeId);
          if (cls) behaviors.push({ file: cls.file, fn: cls.fn, services: this.callers.servicesRunning(f, b.scopeId) });
        }
        if (b.source === "base-list" && /^I(Request|Command|Query)Handler$/.test(iface)) {
          const handle = f.functions.find((fn) => fn.id === `${b.impl}.Handle`);
          const request = f.dotnet?.requestHandlers?.find((r) => r.classId === b.impl)?.requestType ?? null;
          if (handle && !handlers.some((h) => h.handle === handle)) handlers.push({ file: f, handle, request });
        }
      }
    }
    if (!behaviors.length || !handlers.length) return out;
    const objectLayers = new Map<string, Array<{ id: string; methods: string[] }>>();
    const helperLayers = new Map<string, Array<{ id: string; paramIndex: number }>>();
    for (const f of this.files) {
      for (const l of f.layers) {
        if (l.attach.kind === "object" && l.attach.objectId) this.push(objectLayers, fnKey(f, l.attach.objectId), { id: layerKey(f, l.localId), methods: l.attach.methods });
        if (l.attach.kind === "helper") this.push(helperLayers, fnKey(f, l.attach.functionId), { id: layerKey(f, l.localId), paramIndex: l.attach.paramIndex });
      }
    }
    for (const b of behaviors) {
      const handle = b.file.functions.find((fn) => fn.id === `${b.fn.id}.Handle`);
      const next = handle?.params.find((p) => /^next$/i.test(p)) ?? handle?.params[handle.params.length - 1];
      if (!handle || !next) continue;
      let longest: string[] = [];
      // `if (message is not ITxRequest) return await next(…)`: the rest runs for those requests only
      const guard = b.file.dotnet?.pipelineGuards?.find((g) => g.functionId === handle.id);
      for (const call of b.file.calls) {
        if (call.callee !== next || !(call.functionId === handle.id || call.functionId.startsWith(`${handle.id}.`))) continue;
        if (guard && call.span.line === guard.line) continue;
        // from the call's scope out to Handle: each lambda is run by the call it is passed to
        const wrap: string[] = [];
        for (let scope = call.functionId; scope !== handle.id && scope.includes("."); scope = scope.slice(0, scope.lastIndexOf("."))) {
          const lambda = scope.slice(scope.lastIndexOf(".") + 1);
          const outer = scope.slice(0, scope.lastIndexOf("."));
          for (const runner of b.file.calls.filter((c) => c.functionId === outer && c.args.some((a) => a.name === lambda))) {
            const dot = runner.callee.lastIndexOf(".");
            const holder = dot > 0 ? this.resolver.resolve(b.file, outer, runner.callee.slice(0, dot)) : null;
            const held = holder?.kind === "function" ? (objectLayers.get(fnKey(holder.file, holder.fn.id)) ?? []).filter((o) => o.methods.includes(runner.callee.slice(dot + 1))) : [];
            const target = this.resolver.resolve(b.file, outer, runner.callee);
            const helped = target?.kind === "function" ? (helperLayers.get(fnKey(target.file, target.fn.id)) ?? []) : [];
            wrap.unshift(...held.map((o) => o.id), ...helped.map((h) => h.id));
          }
        }
        if (wrap.length > longest.length) longest = wrap;
      }
      if (!longest.length) continue;
      const guardType = guard ? this.resolver.resolve(b.file, handle.id, guard.type) : null;
      for (const h of handlers) {
        const svc = this.svcOf(h.file);
        if (!b.services.has(svc)) continue;
        // a guarded behavior wraps only the handlers of requests of the guard's type
        if (guard && !(h.request && guardType?.kind === "function" && this.implementsType(h.file, h.handle.id, h.request, fnKey(guardType.file, guardType.fn.id), guard.type))) continue;
        const key = fnKey(h.file, h.handle.id);
        out.set(key, [...(out.get(key) ?? []), ...longest.filter((id) => !(out.get(key) ?? []).includes(id))]);
      }
    }
    return out;
  }

  /** Does the type written `written` (seen from `scopeId`) reach `target` (fnKey) through its base lists? */
  private implementsType(file: FileFacts, scopeId: string, written: string, target: string, targetName: string): boolean {
    const bases = new Map<string, Array<{ file: FileFacts; written: string; scopeId: string }>>();
    for (const f of this.files) {
      for (const b of f.csImplementations ?? []) {
        if (b.source !== "base-list") continue;
        const cls = this.resolver.resolve(f, "<module>", b.impl);
        if (cls?.kind === "function") this.push(bases, fnKey(cls.file, cls.fn.id), { file: f, written: b.iface.replace(/<.*$/, ""), scopeId: b.scopeId });
      }
    }
    const seen = new Set<string>();
    const walk = (f: FileFacts, scope: string, name: string, depth: number): boolean => {
      const t = this.resolver.resolve(f, scope, name.replace(/<.*$/, ""));
      if (t?.kind !== "function") return name.split(".").pop() === targetName.split(".").pop() && depth > 0;
      const key = fnKey(t.file, t.fn.id);
      if (key === target) return true;
      if (seen.has(key) || depth > 8) return false;
      seen.add(key);
      return (bases.get(key) ?? []).some((b) => walk(b.file, b.scopeId, b.written, depth + 1));
    };
    return walk(file, scopeId, written, 0);
  }

  /** Refit interface members (DotnetFacts.refitRoutes) by fnKey */
  private refitRoutes: Map<string, { method: string; route: string }> | null = null;

  /**
   * A call on a Refit client (`_api.GetOrder(id)` on `RestService.For<IOrdersApi>(httpClient)`):
   * the request the interface member's attribute describes (`[Get("/orders/{id}")]`), relative to
   * the client's base address. The call unchanged when the member has no Refit attribute.
   */
  refitCall(file: FileFacts, scopeId: string, call: CallFact): CallFact {
    const refit = call.request?.refit;
    if (!refit) return call;
    if (!this.refitRoutes) {
      this.refitRoutes = new Map();
      for (const f of this.files) for (const r of f.dotnet?.refitRoutes ?? []) this.refitRoutes.set(fnKey(f, r.functionId), r);
    }
    const iface = this.resolver.resolve(file, scopeId, refit.iface);
    const route = iface?.kind === "function" ? this.refitRoutes.get(fnKey(iface.file, `${iface.fn.id}.${refit.member}`)) : undefined;
    if (!route) return call;
    return { ...call, request: { ...call.request!, method: route.method, url: { kind: "string", value: route.route } } };
  }

  private ai: DotnetAiClients | null = null;

  /** A call through `IChatClient` / an injected OpenAI client: the OpenAI client of the services running it (engine/dotnetAi.ts). */
  aiClient(file: FileFacts, scopeId: string, call: CallFact): ResolvedClient | null {
    if (file.language !== "csharp") return null;
    this.ai ??= new DotnetAiClients(this.files, this.resolver, (f, s) => this.runningServices(f, s));
    return this.ai.client(file, scopeId, call);
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
      // a synchronous policy running the callable its method is given: every call passes an async lambda
      for (const g of f.dotnet?.asyncArgGates ?? []) {
        const id = layerKey(f, g.layerId);
        const layer = layers.get(id);
        const sites = this.callers.sitesOf(f, g.functionId);
        if (!layer || !sites.length) continue;
        const extension = f.dotnet?.extensionMethods?.includes(g.functionId) ?? false;
        const tasks = sites.every((s) => {
          const written = s.call.callee.includes(".") && extension ? g.index - 1 : g.index;
          const arg = s.call.args.find((a) => a.keyword === g.param) ?? s.call.args.filter((a) => a.keyword === null)[written];
          return arg?.task === true;
        });
        if (!tasks) continue;
        const where = sites.map((s) => `${s.file.path}:${s.call.span.line}`).join(", ");
        layers.set(id, { ...layer, maxAttempts: 1, disabled: true, countUnknown: false, attemptsNote: `${layer.attemptsNote}; inert: a synchronous policy running ${g.param}, and every call passes an async lambda (${where}): it gets the Task back and never sees the failure, so nothing is retried` });
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
        // (an SDK client built unbound, `new AzureOpenAIClient(…).GetChatClient(m)`, is no handler)
        if (c.name !== "" || c.typedClient || c.httpClientName || c.sdk || !c.layerIds.length) continue;
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
  if (!impls.size) return;
  // a member the interface inherits from a base interface (`interface IOrdersClient : IClientBase;`):
  // the implementations' member of that name
  const inherited = (f: FileFacts, call: CallFact): string[] | undefined => {
    const dot = call.callee.lastIndexOf(".");
    if (dot <= 0) return undefined;
    const head = resolver.resolve(f, call.functionId, call.callee.slice(0, dot));
    const entry = head?.kind === "function" ? impls.get(fnKey(head.file, head.fn.id)) : undefined;
    if (!entry) return undefined;
    const member = call.callee.slice(dot + 1);
    const targets = [...(entry.registered.size ? entry.registered : entry.declared)].map((implId) => `${implId}.${member}`).filter((id) => resolver.resolve(entry.file, "<module>", id)?.kind === "function");
    return targets.length ? targets : undefined;
  };
  for (const f of files) {
    if (f.language !== "csharp") continue;
    for (const call of f.calls) {
      if (call.request) continue;
      const target = memberNames.has(call.callee.slice(call.callee.lastIndexOf(".") + 1)) ? resolver.resolve(f, call.functionId, call.callee) : null;
      const targets = target?.kind === "function" ? dispatch.get(fnKey(target.file, target.fn.id)) : !target && call.callee.includes(".") && /^I[A-Z]/.test(call.callee) ? inherited(f, call) : undefined;
      const list = targets ? callsByFn.get(fnKey(f, call.functionId)) : undefined;
      const at = list ? list.indexOf(call) : -1;
      if (at >= 0) list!.splice(at, 1, ...targets!.map((callee) => ({ ...call, callee })));
    }
  }
}
