/**
 * Linking: per-file facts → the workspace model. Follows calls across files from each entry
 * function to the requests it sends, collecting the retry layers that wrap each request
 * (decorators and loops outermost first, then client policies), turns them into service hops,
 * adds gateway routes and mesh layers (explicit VirtualService retries, or Istio's implicit
 * default on hops from injected workloads), and enumerates paths. Linear in the facts: every
 * function's reach is computed once (memoised).
 */
import { applyConnectionRefs } from "./libraryConnections";
import type { CallFact, ClientFact, FileFacts, FunctionFact, LayerFact, SourceSpan, ValueExpr } from "../model/facts";
import type { Hop, LinkedCall, Model, RetryLayer, ServiceInfo, Settings } from "../model/model";
import { declaredHelpers } from "./declaredHelpers";
import { enumeratePathsCapped } from "./paths";
import { evaluate, hostOf, projectSettingOf, Resolver, schemeOf, type ParamBinding, type ResolvedClient, type SymbolRef } from "./resolve";
import { addServedPorts } from "./hostPorts";
import { buildServices, ENV_UNSET, localService, serviceForHost, type ServiceIndex } from "./services";
import { fnKey, layerKey } from "./keys";
import { meshAndGatewayHops, remoteBaseDefaults } from "./meshHops";
import { mergeEntryRoutes } from "./endpoints";
import { spliceSelfCalls } from "./selfCalls";
import { DotnetWiring } from "./dotnetWiring";
import { withAspireHost } from "./aspireHost";
import { withComposePeers } from "./composePeers";
import { JvmDb } from "./jvmDb";
import { withInheritedHttpRoutes } from "./jvmHttpInheritance";
import { applyResilience4jConfig } from "./resilience4jConfig";
import { applySpringAiConfig } from "./springAiConfig";
import { projectDirOf } from "../model/settingsKeys";
import { grpcConfigClientLayers } from "./grpcConfigLinks";
import { applyHelmValues } from "./helmValues";
import { applySdkVersions } from "./sdkVersions";
import { applyVersionGates } from "./versionGates";
import { applySpringCloudLoadBalancer, loadBalancerMethodFilter } from "./springCloudLoadBalancerConfig";
import { SCLB } from "../detectors/java/springCloudLoadBalancer";
import { markStartupLayers } from "./startup";
import { isExampleFile, markSideFileDefaults } from "./sideFiles";
import { markInertLayers } from "./inertLayers";
import { markDotnetToolLayers } from "./dotnetTools";
import { applyKustomize, type KustomizeView } from "./kustomize";
import type { LinkMemo } from "./countRelink";
import { JobQueues, type SentTask } from "./jobQueues";
import { celeryBaseLayers } from "./queues/celeryBases";
import { ClassNamedLocals } from "./classNamedLocals";
import { streamConsumerAttachments } from "./cloudStream";
import { kafkaListenerAttachments, withKafkaContainerDefaults } from "./springKafkaListeners";
import { applyJdkHttpUrlConnection, jdkMethodFilter } from "./jdkHttpUrlConnection";
import { joinBaseUrl, usesRequestPrefix, withoutUnlistedMethodLayers } from "./baseUrls";
import { queueWrapperLayers } from "./queues/queueWrappers";
import { PythonDispatch } from "./pythonDispatch";
import { TsDispatch } from "./tsDispatch";
import { AzureSdkLinks } from "./azureSdk";
import { PAUSE_EVERY_FILES, runToEnd, type Steps } from "./steps";
import { MONGOOSE_DEFAULT_TARGET, mongooseConnections, packageMongooseConnection, withoutRetriesInsideTransactions, type MongooseConnection } from "./mongoose";

interface Reach {
  call: CallFact;
  file: FileFacts;
  /** layer ids, outermost first */
  layers: string[];
  /** library or client the request goes through, and the client's timeout */
  via: { library: string | null; timeoutSeconds: number | null; timeoutSet: boolean };
  /** client the request goes through, for its base URL */
  baseUrl: { file: FileFacts; scopeId: string; value: NonNullable<import("../model/facts").ClientFact["baseUrl"]> } | null;
  /** parameters of the functions on the way to the request, bound to the calls' arguments */
  bindings?: ParamBinding[];
  /** a gRPC stub's proto service is implemented in these workspace services (the target when the address names no host) */
  grpcServers?: string[];
  /** reached through a call inside a long-running loop (FileFacts.longRunningLoops: a consumer's message loop) or a message handler: sent per item, not per request into the service */
  perItem?: true;
}

/** libraries with a default per-request timeout (httpx: 5 s; ky: 10 s per attempt, docs/reference/ky.md); requests, axios, got and fetch have none */
const LIBRARY_DEFAULT_TIMEOUT: Record<string, number> = { httpx: 5, "httpx.Client": 5, "httpx.AsyncClient": 5, HttpClient: 100, ky: 10 };

/** languages whose files hold functions and calls (entry points live there) */
const CODE_LANGUAGES: ReadonlySet<string> = new Set(["python", "typescript", "csharp", "java", "kotlin", "go"]);

export function link(written: FileFacts[], settings: Settings): Model {
  return runToEnd(linkSteps(written, settings));
}

/**
 * `link` as steps (engine/steps.ts): it yields between its passes and between files in the reach
 * and hop walks, so a host can link a large workspace in slices without blocking its requests.
 */
export function* linkSteps(written: FileFacts[], settings: Settings, linkMemo?: LinkMemo): Steps<Model> {
  // an edit that changed only retry counts the last link did not branch on: its model, with the new counts
  const relinked = linkMemo?.relinkCounts(written, settings);
  if (relinked) return relinked;
  linkMemo?.beginLink(written);
  // an Aspire AppHost names the services its projects run as
  // NGINX upstream hosts that name compose services with replicas have one peer per replica
  // kustomize: which manifests are applied together, and patches applied to their targets
  const kustomize = applyKustomize(withComposePeers(withAspireHost(written)));
  yield;
  const index = buildServices(kustomize.files, settings, kustomize);
  yield;
  // Java/Kotlin: requests and routes a client or controller inherits from an API interface (engine/jvmHttpInheritance.ts)
  // spring-kafka: layers of a listener container factory Spring Boot would not build here are dropped (engine/springKafkaListeners.ts)
  const files = withKafkaContainerDefaults(withInheritedHttpRoutes(kustomize.files, index.fileService), (path) => index.fileService.get(path) ?? null);
  const resolver = new Resolver(files, index.fileService);
  addServedPorts(files, index, resolver);
  yield;
  const pyDispatch = new PythonDispatch(files, resolver);
  const tsDispatch = new TsDispatch(files, resolver);
  const { layers, loadBalancerCalls } = layerValues(files, index, resolver, kustomize);
  // from here on, what reads a layer's count is recorded, for relinking an edit of counts only (engine/countRelink.ts)
  const tracking = linkMemo?.startRecording({ written, files, settings, index, resolver, kustomize, layers, loadBalancerCalls });
  yield;

  // attachment indexes
  const decorators = new Map<string, string[]>();
  const blockLayers = new Map<string, string[]>();
  /** files with a block layer: the others skip the lookup per call */
  const blockFiles = new Set<string>();
  const helpers = new Map<string, Array<{ layerId: string; paramIndex: number; paramName: string }>>();
  const objectLayers = new Map<string, Array<{ layerId: string; methods: string[]; paramIndex: number }>>();
  for (const f of files) {
    for (const l of f.layers) {
      const id = layerKey(f, l.localId);
      const a = l.attach;
      if (a.kind === "function") push(decorators, fnKey(f, a.functionId), id);
      else if (a.kind === "block") {
        for (const c of a.callIds) push(blockLayers, `${f.path}::${c}`, id);
        if (a.callIds.length) blockFiles.add(f.path);
        // a policy bound to a module-level name: `policy.execute(fn)` here or through an import
        if (a.holder) push(objectLayers, fnKey(f, a.holder.objectId), { layerId: id, methods: a.holder.methods, paramIndex: a.holder.paramIndex });
      }
      else if (a.kind === "helper") push(helpers, fnKey(f, a.functionId), { layerId: id, paramIndex: a.paramIndex, paramName: a.paramName });
      else if (a.kind === "object" && a.objectId) push(objectLayers, fnKey(f, a.objectId), { layerId: id, methods: a.methods, paramIndex: a.paramIndex });
    }
  }
  for (const [id, extra] of loadBalancerCalls) {
    for (const c of extra.callIds) push(blockLayers, `${extra.file}::${c}`, id);
    if (extra.callIds.length) blockFiles.add(extra.file);
  }
  // blocks around one call nest: the one that starts first encloses the others (a loop around `session.withTransaction(…)`)
  for (const ids of blockLayers.values()) {
    if (ids.length < 2) continue;
    const at = (id: string) => layers.get(id)?.anchor;
    ids.sort((x, y) => (at(x)?.line ?? 0) - (at(y)?.line ?? 0) || (at(x)?.column ?? 0) - (at(y)?.column ?? 0));
  }
  yield;
  // helpers declared in .retrylens.yaml retry the callable they are given (first parameter)
  for (const declared of declaredHelpers(files, settings, resolver)) {
    const key = fnKey(declared.file, declared.fn.id);
    if (helpers.has(key) || decorators.has(key)) continue;
    layers.set(declared.layer.id, declared.layer);
    push(helpers, key, { layerId: declared.layer.id, paramIndex: 0, paramName: declared.fn.params[0] ?? "" });
  }
  // Celery tasks whose base= class is another module's: their layer, built from the class's attributes (engine/queues/celeryBases.ts)
  for (const b of celeryBaseLayers(files, resolver)) {
    const layer = toRetryLayer(b.anchorFile, b.layer, index, resolver);
    layers.set(layer.id, layer);
    push(decorators, fnKey(b.taskFile, b.functionId), layer.id);
  }
  // Spring Cloud Stream consumer retries wrap the consumer function their binding names (engine/cloudStream.ts)
  const streamConsumerLayers = new Set<string>();
  for (const b of streamConsumerAttachments(files, (path) => index.fileService.get(path) ?? null)) {
    push(decorators, fnKey(b.file, b.functionId), layerKey(b.layerFile, b.localId));
    streamConsumerLayers.add(layerKey(b.layerFile, b.localId));
  }
  // spring-kafka container error handlers redeliver to the @KafkaListener methods on their factory (engine/springKafkaListeners.ts)
  // (a message, not a request, starts what they call: marked like the Stream consumers' layers)
  for (const b of kafkaListenerAttachments(files, (path) => index.fileService.get(path) ?? null)) push(decorators, fnKey(b.file, b.functionId), layerKey(b.layerFile, b.localId));
  for (const f of files) for (const l of f.layers) if (l.kafkaContainerFactory) streamConsumerLayers.add(layerKey(f, l.localId));
  // tasks declared through a project's decorator wrapper of dramatiq.actor / app.task (engine/queues/queueWrappers.ts)
  for (const b of queueWrapperLayers(files, resolver)) {
    const layer = toRetryLayer(b.taskFile, b.layer, index, resolver);
    layers.set(layer.id, layer);
    push(decorators, fnKey(b.taskFile, b.functionId), layer.id);
  }
  yield;
  const callsByFn = new Map<string, CallFact[]>();
  /** the same lists by path, then function id: the reach walk looks them up without building a key string */
  const callsIn = new Map<string, Map<string, CallFact[]>>();
  for (const f of files) {
    if (!f.calls.length) continue;
    let inFile = callsIn.get(f.path);
    if (!inFile) callsIn.set(f.path, (inFile = new Map()));
    for (const c of f.calls) {
      let list = inFile.get(c.functionId);
      if (!list) {
        inFile.set(c.functionId, (list = []));
        callsByFn.set(fnKey(f, c.functionId), list);
      }
      list.push(c);
    }
  }

  // layers configured on a client through another file's binding of it (axiosRetry(importedApi)),
  // and on a service's default axios instance (axiosRetry(axios))
  const stubLayers = new Map<string, string[]>();
  const defaultInstanceLayers = new Map<string, string[]>();
  // undici `setGlobalDispatcher(agent)` (ClientFact.processWide): every fetch of the service
  const globalDispatcherLayers = new Map<string, Array<{ file: string; ids: string[] }>>();
  // Spring Cloud OpenFeign: a Retryer bean serves every @FeignClient of its service; a
  // `…client.config.default.retryer` in a settings file, every one of its project
  const feignBeanLayers = new Map<string, Array<{ file: string; ids: string[] }>>();
  const feignSettingsLayers: Array<{ dir: string; file: string; ids: string[] }> = [];
  for (const f of files) {
    for (const c of f.clients) {
      if (!c.layerIds.length) continue;
      const ids = c.layerIds.map((id) => layerKey(f, id));
      if (c.processWide && c.library === "feign" && f.configEntries) feignSettingsLayers.push({ dir: projectDirOf(f.path), file: f.path, ids });
      else if (c.processWide) push(c.library === "feign" ? feignBeanLayers : globalDispatcherLayers, index.fileService.get(f.path) ?? "", { file: f.path, ids });
      const imp = f.imports.find((i) => i.local === c.name);
      if (imp && imp.module === "axios" && (imp.isDefault || imp.member === null)) {
        const svc = index.fileService.get(f.path) ?? "";
        defaultInstanceLayers.set(svc, [...(defaultInstanceLayers.get(svc) ?? []), ...ids]);
      } else if (imp && c.fromCall === null) {
        const real = resolver.clientOf(resolver.resolveImport(f, c.name));
        if (real) {
          const key = `${real.file.path}#${real.client.id}`;
          stubLayers.set(key, [...(stubLayers.get(key) ?? []), ...ids]);
        }
      }
    }
  }

  yield;
  // gRPC service-config .json files apply to the stubs of the services they name (§3.11)
  for (const [key, ids] of grpcConfigClientLayers(files)) stubLayers.set(key, [...(stubLayers.get(key) ?? []), ...ids]);

  // .NET: HttpClient registrations, injected policies and interfaces, DbContexts, counts from
  // settings, flags and Aspire settings (engine/dotnetWiring.ts)
  const dotnet = new DotnetWiring(files, index, resolver, callsByFn, layers);
  yield;
  const svcOf = (f: FileFacts) => index.fileService.get(f.path) ?? "";
  const jvmDb = new JvmDb(files, resolver, index.fileService, layers);
  yield;
  // C# calls on Azure SDK client types reach azure:<service> through the client's retry policy
  const azureSdk = new AzureSdkLinks(files, index);
  // job queues (Celery, …): sending a task is a queue hop to its worker (engine/jobQueues.ts)
  const queues = new JobQueues(files, index, resolver);
  yield;
  // request handlers run inside the service's Mediator/MediatR pipeline behaviors
  for (const [key, ids] of dotnet.pipelineWrappers()) decorators.set(key, [...ids, ...(decorators.get(key) ?? [])]);

  const classNamed = new ClassNamedLocals(files);
  yield;
  // the memo per file path, then per function id: no `path::id` string is built and hashed for
  // each of the tens of thousands of lookups (the reach walk's hottest line); by path, not by
  // FileFacts object, as `fnKey` keys were (a pass may hand in another object for a path)
  const memo = new Map<string, Map<string, Reach[] | null>>();
  /** functions some call of the workspace runs (by path, then id): not entries of their own */
  const calledFunctions = new PathIdSet();

  const reachOfFunction = (file: FileFacts, fn: FunctionFact | { id: string }): Reach[] => {
    let inFile = memo.get(file.path);
    if (!inFile) memo.set(file.path, (inFile = new Map()));
    const cached = inFile.get(fn.id);
    if (cached) return cached;
    // null: being computed further up this walk (a cycle)
    if (cached === null) return [];
    inFile.set(fn.id, null);
    const out: Reach[] = [];
    // a TS/JS message handler (FunctionFact.messageHandler) runs once per message, whoever registers it
    const perMessage = "messageHandler" in fn && fn.messageHandler === true;
    const blocks = blockFiles.has(file.path);
    // (callsIn holds the lists of callsByFn, not copies: DotnetWiring rewrites interface calls in them)
    for (const call of callsIn.get(file.path)?.get(fn.id) ?? []) {
      const block = blocks ? (blockLayers.get(`${file.path}::${call.id}`) ?? []) : [];
      // a Feign method's load-balancer retry runs inside Feign's Retryer: SynchronousMethodHandler.invoke
      // loops the Retryer around executeAndDecode → client.execute, the RetryableFeignBlockingLoadBalancerClient
      const inner = call.request?.library === "feign" ? block.filter((id) => layers.get(id)?.configRef?.library === SCLB) : [];
      const wrap = inner.length ? block.filter((id) => !inner.includes(id)) : block;
      const perItem = perMessage || inLongRunningLoop(file, call);
      // nothing around the call: its reaches as they are (reaches are never changed in place, so they can be shared)
      const bare = !perItem && wrap.length === 0 && inner.length === 0;
      for (const r of reachOfCall(file, fn.id, call)) out.push(bare ? r : perItem ? { ...r, layers: [...wrap, ...r.layers, ...inner], perItem: true } : { ...r, layers: [...wrap, ...r.layers, ...inner] });
    }
    const byHelper = "decoratedBy" in fn && fn.decoratedBy?.length ? helperDecorators(file, fn) : [];
    const decoratedBy = decorators.size ? decorators.get(fnKey(file, fn.id)) : undefined;
    const decorated = byHelper.length ? [...byHelper, ...(decoratedBy ?? [])] : (decoratedBy ?? []);
    const result = decorated.length ? out.map((r) => ({ ...r, layers: [...decorated, ...r.layers] })) : out;
    inFile.set(fn.id, result);
    return result;
  };

  /**
   * Python `@retry` on a method, where `retry(method)` is a workspace helper retrying the callable
   * it is given (its first parameter): the helper's layers wrap every call of the decorated function.
   */
  const helperDecorators = (file: FileFacts, fn: FunctionFact | { id: string }): string[] => {
    const names = "decoratedBy" in fn ? (fn.decoratedBy ?? []) : [];
    const out: string[] = [];
    for (const name of names) {
      const target = resolver.resolve(file, "<module>", name);
      if (target?.kind !== "function") continue;
      for (const h of helpers.get(fnKey(target.file, target.fn.id)) ?? []) if (h.paramIndex === 0) out.push(h.layerId);
    }
    return out;
  };

  const reachOfCall = (file: FileFacts, scopeId: string, written: CallFact): Reach[] => {
    // Python: a call through a local bound only to other names (`s3 = s3_govcloud` / `s3 = s3_commercial`)
    // is a call through each of them (FunctionFact.localAliases)
    const aliased = file.language === "python" ? throughLocalAliases(resolver, file, scopeId, written) : null;
    if (aliased) return aliased.flatMap((c) => reachOfCall(file, scopeId, c));
    const out: Reach[] = [];
    // a Refit client's call: the request its interface member's attribute describes
    const call = dotnet.refitCall(file, scopeId, written);
    const viaAzure = azureSdk.reach(file, scopeId, call);
    if (viaAzure) return [{ call: { ...call, request: viaAzure.request }, file, layers: viaAzure.layers, baseUrl: null, via: viaAzure.via }];
    // C#: a call through Microsoft.Extensions.AI's IChatClient or an injected OpenAI client (engine/dotnetAi.ts)
    const aiClient = dotnet.aiClient(file, scopeId, call);
    const viaAi = aiClient ? sdkReach(file, scopeId, call, aiClient) : null;
    if (viaAi) return [viaAi];
    // TS/JS: a facade's method, a circuit breaker's action, a callable client (factory objects below)
    const viaFactoryObject = file.language === "typescript" ? factoryObjectReach(file, scopeId, call) : null;
    if (viaFactoryObject) return viaFactoryObject;
    const req = call.request;
    if (req) {
      const receiver = call.callee.includes(".") ? call.callee.slice(0, call.callee.lastIndexOf(".")) : null;
      // a callable client (`fetchWithRetry(url)`, a got/ky instance `api(url)`) is its own receiver
      const client = resolver.clientOf(resolver.resolve(file, scopeId, receiver ?? call.callee)) ?? factoryClient(file, scopeId, receiver) ?? paramClient(file, scopeId, receiver ?? call.callee, 0);
      // `docClient.get({...})` on an SDK client is an SDK operation, not an HTTP GET to a URL
      const viaSdk = client?.client.sdk ? sdkReach(file, scopeId, call) : null;
      if (viaSdk) return [viaSdk];
      if (client) return [clientReach(call, file, client)];
      // Go: a call through a value typed as a generated stub interface (`pb.VotingServiceClient`,
      // a struct field or parameter) goes through the stub the service built for that proto service
      const stub = req.protocol === "grpc" && receiver && file.language === "go" ? grpcStubFor(file, receiver) : null;
      if (stub) return [clientReach(call, file, stub)];
      if (req.library !== null) {
        // `axios.get(...)` uses the default instance, which axiosRetry(axios) configures process-wide
        const svc = index.fileService.get(file.path) ?? "";
        const shared =
          req.library === "axios"
            ? (defaultInstanceLayers.get(svc) ?? [])
            : req.library === "fetch" || req.library === "undici"
              ? (globalDispatcherLayers.get(svc) ?? []).filter((g) => g.file !== file.path).flatMap((g) => g.ids)
              : req.library === "feign"
                ? [...(feignBeanLayers.get(svc) ?? []), ...feignSettingsLayers.filter((g) => g.dir === "" || file.path.startsWith(`${g.dir}/`))].filter((g) => g.file !== file.path).flatMap((g) => g.ids)
                : [];
        return [{ call, file, layers: shared, baseUrl: null, via: { library: req.library, timeoutSeconds: null, timeoutSet: false } }];
      }
    }
    if (!req && call.callee.includes(".")) {
      const viaSdk = sdkReach(file, scopeId, call);
      if (viaSdk) return [viaSdk];
    }
    // a call on an EF Core DbContext reaches its database (and still runs the context's own method)
    const viaDb = dotnet.dbReach(file, scopeId, call);
    if (viaDb) out.push({ call: { ...call, request: viaDb.request }, file, layers: viaDb.layers, baseUrl: null, via: viaDb.via });
    // a Spring Data repository call is a query through the service's DataSource (engine/jvmDb.ts)
    const viaRepository = jvmDb.reach(file, scopeId, call);
    if (viaRepository) return [...out, { call: { ...call, request: viaRepository.request }, file, layers: viaRepository.layers, baseUrl: null, via: { library: "spring-data", timeoutSeconds: null, timeoutSet: false } }];
    const sentTask = queues.active ? queues.taskSent(file, scopeId, call) : null;
    if (sentTask) return [...out, ...queueReach(file, call, sentTask)];
    const viaObject = objectReach(file, scopeId, call);
    if (viaObject) return [...out, ...viaObject];
    const resolved = resolver.resolve(file, scopeId, call.callee);
    // Python: `model.transcribe()` on a parameter annotated with a workspace class runs one of its subclasses' methods (engine/pythonDispatch.ts);
    // TS/JS: a call on a value typed with an interface or abstract class, its implementations' method (engine/tsDispatch.ts),
    // also when the receiver reads as a client built by a call (`const provider = this.getProvider(name)`) the workspace never builds
    const dispatched =
      file.language === "typescript"
        ? resolved?.kind === "function" ? [] : tsDispatch.targets(file, call)
        : resolved ? [] : pyDispatch.targets(file, scopeId, call.callee);
    // TS/JS: else a receiver named after a class of the caller's service (`orderService.handlePaid()`
    // on an untyped parameter) runs that class's method (engine/classNamedLocals.ts)
    const target =
      file.language === "typescript" && resolved?.kind !== "function" && dispatched.length === 0
        ? (classNamed.resolve(file, call.callee, (f) => f.language === "typescript" && svcOf(f) === svcOf(file)) ?? resolved)
        : resolved;
    for (const t of dispatched) {
      calledFunctions.add(t.file.path, t.fn.id);
      out.push(...reachOfFunction(t.file, t.fn));
    }
    // Python: `with get_backend().batch_update() as batch:` runs the context manager's `__enter__` and `__exit__` (engine/pythonDispatch.ts)
    if (call.entersContext) {
      for (const t of pyDispatch.contextMethods(file, scopeId, call.callee)) {
        calledFunctions.add(t.file.path, t.fn.id);
        out.push(...reachOfFunction(t.file, t.fn));
      }
    }
    if (target?.kind === "function") {
      calledFunctions.add(target.file.path, target.fn.id);
      const binding = bindingOf(target.file, target.fn, call, file, scopeId);
      out.push(...(binding ? reachOfFunction(target.file, target.fn).map((r) => ({ ...r, bindings: [...(r.bindings ?? []), binding] })) : reachOfFunction(target.file, target.fn)));
      for (const h of helpers.get(fnKey(target.file, target.fn.id)) ?? []) {
        const positional = call.args.filter((a) => a.keyword === null);
        // Kotlin: a last function-typed parameter is passed as a trailing lambda after the positional ones (`retry { … }`)
        const trailing = file.language === "kotlin" && h.paramIndex === target.fn.params.length - 1 ? positional[positional.length - 1] : undefined;
        const arg = call.args.find((a) => a.keyword === h.paramName) ?? trailing ?? positional[h.paramIndex];
        const passed = arg?.name ? resolver.resolve(file, scopeId, arg.name) : arg ? inlineCallback(file, call) : null;
        if (passed?.kind === "function") {
          calledFunctions.add(passed.file.path, passed.fn.id);
          const layerId = callSiteLayer(h.layerId, file, call);
          for (const r of reachOfFunction(passed.file, passed.fn)) out.push({ ...r, layers: [layerId, ...r.layers] });
        }
      }
      // TS/JS: the called function runs the callable passed for a parameter (`withRetryTransaction(async (session) => …)`
      // whose body calls `transactionFn(session)` inside `session.withTransaction(…)`): under the layers around that call
      if (target.file.language === "typescript" && target.fn.params.length) {
        const covered = new Set((helpers.get(fnKey(target.file, target.fn.id)) ?? []).map((h) => h.paramIndex));
        const positional = call.args.filter((a) => a.keyword === null);
        for (const site of parameterCallSites(target.file, target.fn)) {
          const arg = covered.has(site.paramIndex) ? undefined : positional[site.paramIndex];
          const passed = arg?.name ? resolver.resolve(file, scopeId, arg.name) : arg ? inlineCallback(file, call) : null;
          if (passed?.kind !== "function") continue;
          calledFunctions.add(passed.file.path, passed.fn.id);
          for (const r of reachOfFunction(passed.file, passed.fn)) out.push({ ...r, layers: [...site.layers, ...r.layers] });
        }
      }
    }
    // a retry helper already ran the callable under its layer (Go `withRetry(func() error {…})`)
    const viaHelper = target?.kind === "function" && helpers.has(fnKey(target.file, target.fn.id));
    if (call.invokesArg !== undefined && !viaHelper) {
      const arg = call.args.filter((a) => a.keyword === null)[call.invokesArg];
      const passed = arg?.name ? resolver.resolve(file, scopeId, arg.name) : null;
      if (passed?.kind === "function") {
        calledFunctions.add(passed.file.path, passed.fn.id);
        out.push(...reachOfFunction(passed.file, passed.fn));
      }
    }
    return out;
  };

  // TS/JS: the callback written inline in a call whose argument has no name (`this.runUpload(async () => …)`
  // on a method the class inherits, which the file's own detectors could not see): the one function
  // literal directly inside the call's span; several make it ambiguous
  const inlineCallback = (file: FileFacts, call: CallFact): SymbolRef | null => {
    if (file.language !== "typescript") return null;
    const prefix = `${call.functionId}.<anon@`;
    const within = (s: SourceSpan) =>
      (s.line > call.span.line || (s.line === call.span.line && s.column >= call.span.column)) &&
      (s.endLine < call.span.endLine || (s.endLine === call.span.endLine && s.endColumn <= call.span.endColumn));
    const inline = file.functions.filter((f) => f.id.startsWith(prefix) && !f.id.slice(prefix.length).includes(".") && within(f.span));
    return inline.length === 1 ? { kind: "function", file, fn: inline[0]! } : null;
  };

  // where a function calls one of its own parameters, directly or in an inline callback it hands on
  // (`session.withTransaction(async () => { await fn(session) })`): the parameter's index and the
  // layers around that call — the function's decorators, then the block layers of each call on the
  // way in, outermost first
  const paramSites = new Map<string, Array<{ paramIndex: number; layers: string[] }>>();
  const parameterCallSites = (file: FileFacts, fn: FunctionFact): Array<{ paramIndex: number; layers: string[] }> => {
    const key = fnKey(file, fn.id);
    const cached = paramSites.get(key);
    if (cached) return cached;
    const out: Array<{ paramIndex: number; layers: string[] }> = [];
    paramSites.set(key, out);
    const nested = file.calls.filter((c) => c.functionId === fn.id || c.functionId.startsWith(`${fn.id}.<anon@`));
    // the layers around the call that runs an inline callback: `<anon@L43>` handed to `session.withTransaction`
    const around = (functionId: string, depth: number): string[] | null => {
      if (functionId === fn.id) return [];
      if (depth > 4) return null;
      const parent = functionId.slice(0, functionId.lastIndexOf("."));
      const local = functionId.slice(parent.length + 1);
      const runner = nested.find((c) => c.functionId === parent && c.args.some((a) => a.name === local));
      if (!runner) return null;
      const outer = around(parent, depth + 1);
      return outer === null ? null : [...outer, ...(blockLayers.get(`${file.path}::${runner.id}`) ?? [])];
    };
    for (const c of nested) {
      const paramIndex = fn.params.indexOf(c.callee);
      // a callback's own parameter of that name shadows the function's
      if (paramIndex < 0 || (c.functionId !== fn.id && file.functions.find((g) => g.id === c.functionId)?.params.includes(c.callee))) continue;
      const outer = around(c.functionId, 0);
      if (outer === null) continue;
      out.push({ paramIndex, layers: [...(decorators.get(key) ?? []), ...outer, ...(blockLayers.get(`${file.path}::${c.id}`) ?? [])] });
    }
    return out;
  };

  // `get_session("hgmo").get(url)`: a method called on what a factory returns (receiver `get_session()`)
  const factoryClient = (file: FileFacts, scopeId: string, receiver: string | null): ResolvedClient | null => {
    if (!receiver?.endsWith("()")) return null;
    const factory = resolver.resolve(file, scopeId, receiver.slice(0, -2));
    if (factory?.kind !== "function" || !factory.fn.returnsClientId) return null;
    const built = factory.file.clients.find((k) => k.id === factory.fn.returnsClientId);
    return built ? resolver.clientOf({ kind: "client", file: factory.file, client: built }) : null;
  };

  // TS/JS factory objects (detectors/typescript/factoryObjects.ts):
  // - a method called on what a factory returns, when the factory returns an object literal of its
  //   own functions (`const products = createClient(url); products.get("/items")`): that function
  //   runs, with the factory's parameters bound to the factory call's arguments; the facade call's
  //   method and URL stand for a request its body leaves unknown (`instance(config)`);
  // - `breaker.fire(...args)` on an opossum breaker (ClientFact.runs): the breaker's action runs;
  // - an axios instance called as a function (`instance(config)`, axios lib/axios.js createInstance
  //   binds Axios.prototype.request, so its interceptors — axios-retry's — apply): a request through it
  const factoryObjectReach = (file: FileFacts, scopeId: string, call: CallFact): Reach[] | null => {
    const dot = call.callee.lastIndexOf(".");
    const receiver = dot < 0 ? null : call.callee.slice(0, dot);
    const member = call.callee.slice(dot + 1);
    if (receiver !== null && !receiver.includes("(")) {
      const ref = resolver.resolve(file, scopeId, receiver);
      const factory = ref?.kind === "client" && ref.client.fromCall ? resolver.resolve(ref.file, ref.client.functionId, ref.client.fromCall) : null;
      const methodId = factory?.kind === "function" ? factory.fn.returnsMethods?.[member] : undefined;
      const method = methodId && factory?.kind === "function" ? resolver.functionById(factory.file, methodId) : undefined;
      if (ref?.kind === "client" && factory?.kind === "function" && method) {
        calledFunctions.add(factory.file.path, method.id);
        const args = ref.client.fromCallArgs ?? [];
        const binding: ParamBinding | null = args.some((a) => a.kind !== "unknown")
          ? {
              fnId: factory.fn.id,
              fnFile: factory.file.path,
              params: factory.fn.params,
              args: factory.fn.params.map((_, i) => (args[i] && args[i]!.kind !== "unknown" ? { value: args[i]!, file: ref.file.path, scopeId: ref.client.functionId } : null)),
            }
          : null;
        const outer = call.request;
        return reachOfFunction(factory.file, method).map((r) => {
          const req = r.call.request;
          const filled =
            outer && req && (req.method === null || req.url === null)
              ? {
                  ...r,
                  call: {
                    ...r.call,
                    request: {
                      ...req,
                      method: req.method ?? outer.method,
                      url: req.url ?? (outer.url ? { kind: "bound" as const, value: outer.url, file: file.path, scopeId } : null),
                      idempotencyKey: req.idempotencyKey ?? outer.idempotencyKey,
                    },
                  },
                }
              : r;
          return binding ? { ...filled, bindings: [...(filled.bindings ?? []), binding] } : filled;
        });
      }
    }
    if (call.request) return null;
    const held = receiver === null || member === "request" ? (receiver ?? call.callee) : receiver;
    const ref = resolver.resolve(file, scopeId, held);
    const client = resolver.clientOf(ref) ?? (ref ? null : paramClient(file, scopeId, held, 0));
    if (!client) return null;
    const runs = client.client.runs;
    if (runs && receiver !== null && runs.runsOn.includes(member)) {
      const action = resolver.functionById(client.file, runs.fnId);
      if (!action) return null;
      calledFunctions.add(client.file.path, action.id);
      return reachOfFunction(client.file, action);
    }
    if (client.client.library === "axios" && (receiver === null || member === "request")) {
      const request = { method: null, url: null, protocol: "http" as const, idempotencyKey: null, timeoutSeconds: null, library: "axios" };
      return [clientReach({ ...call, request }, file, client)];
    }
    return null;
  };

  // TS/JS and Python: a client handed in through a parameter (`function wrap(api) { return (cfg) => api(cfg) }`,
  // `def _embed_nodes(nodes, embed_model): embed_model.get_text_embedding_batch(…)`; the parameter of
  // the function around the call or of one it is nested in): what the function's callers pass for
  // it — the first client with retry layers, else the first found
  const paramCallSites = new Map<string, Array<{ file: FileFacts; call: CallFact }>>();
  let callsByName: Map<string, Array<{ file: FileFacts; call: CallFact }>> | undefined;
  const callersByTarget = new Map<string, Map<string, Array<{ file: FileFacts; call: CallFact }>>>();
  const callersOf = (file: FileFacts, fn: FunctionFact): Array<{ file: FileFacts; call: CallFact }> => {
    const key = fnKey(file, fn.id);
    const cached = paramCallSites.get(key);
    if (cached) return cached;
    if (!callsByName) {
      callsByName = new Map();
      for (const f of files) {
        if (f.language !== "typescript" && f.language !== "python") continue;
        for (const c of f.calls) push(callsByName, `${f.language}\u0000${c.callee.slice(c.callee.lastIndexOf(".") + 1)}`, { file: f, call: c });
      }
    }
    // each call of the name is resolved once, for every function of that name asked about (many methods share `get`)
    const name = `${file.language}\u0000${fn.name}`;
    let byTarget = callersByTarget.get(name);
    if (!byTarget) {
      byTarget = new Map();
      for (const s of callsByName.get(name) ?? []) {
        const t = resolver.resolve(s.file, s.call.functionId, s.call.callee);
        if (t?.kind === "function") push(byTarget, `${t.file.path}\u0000${t.fn.id}`, s);
      }
      callersByTarget.set(name, byTarget);
    }
    const out = byTarget.get(`${file.path}\u0000${fn.id}`) ?? [];
    paramCallSites.set(key, out);
    return out;
  };
  const paramClient = (file: FileFacts, scopeId: string, name: string | null, depth: number): ResolvedClient | null => {
    if ((file.language !== "typescript" && file.language !== "python") || !name || name.includes(".") || depth > 3) return null;
    let owner: FunctionFact | undefined;
    for (let id = scopeId; id && id !== "<module>"; id = id.includes(".") ? id.slice(0, id.lastIndexOf(".")) : "") {
      const fn = resolver.functionById(file, id);
      if (fn?.params.includes(name)) {
        owner = fn;
        break;
      }
    }
    if (!owner) return null;
    const index = owner.params.indexOf(name);
    // a Python method called on an object (`self.embed(nodes, model)`) is passed its arguments from its second parameter
    const method = file.language === "python" && (owner.params[0] === "self" || owner.params[0] === "cls");
    let first: ResolvedClient | null = null;
    for (const site of callersOf(file, owner).slice(0, 16)) {
      const skip = method && site.call.callee.includes(".") ? 1 : 0;
      const arg = site.call.args.find((a) => a.keyword === name) ?? site.call.args.filter((a) => a.keyword === null)[index - skip];
      if (!arg?.name) continue;
      const ref = resolver.resolve(site.file, site.call.functionId, arg.name);
      const passed = ref ? resolver.clientOf(ref) : paramClient(site.file, site.call.functionId, arg.name, depth + 1);
      if (!passed) continue;
      if (passed.layers.length) return passed;
      first ??= passed;
    }
    return first;
  };

  // a call passing values for the called function's parameters (CallArg.value: Go, Python)
  const bindingOf = (fnFile: FileFacts, fn: FunctionFact, call: CallFact, file: FileFacts, scopeId: string): ParamBinding | null => {
    if (!call.args.some((a) => a.value) || fn.params.length === 0) return null;
    const positional = call.args.filter((a) => a.keyword === null);
    // a Python method called on an object (`self.fetch(url)`, `client.fetch(url)`) binds from its second parameter
    const skip = fnFile.language === "python" && (fn.params[0] === "self" || fn.params[0] === "cls") && call.callee.includes(".") ? 1 : 0;
    return {
      fnId: fn.id,
      fnFile: fnFile.path,
      params: fn.params,
      args: fn.params.map((p, i) => {
        const arg = call.args.find((a) => a.keyword === p) ?? (i >= skip ? positional[i - skip] : undefined);
        return arg?.value ? { value: arg.value, file: file.path, scopeId } : null;
      }),
    };
  };

  const clientReach = (call: CallFact, file: FileFacts, client: ResolvedClient): Reach => {
    const viaStubs = (stubLayers.get(`${client.file.path}#${client.client.id}`) ?? []).filter((l) => !client.layers.includes(l));
    const registered = dotnet.registrationsOf(client);
    viaStubs.push(...registered.flatMap((r) => r.client.layerIds.map((id) => layerKey(r.file, id))));
    const regBase = registered.find((r) => r.client.baseUrl);
    const baseUrl = client.client.baseUrl
      ? { file: client.file, scopeId: client.client.functionId, value: client.client.baseUrl }
      : regBase?.client.baseUrl
        ? { file: regBase.file, scopeId: regBase.client.functionId, value: regBase.client.baseUrl }
        : null;
    const via = { library: client.client.library, timeoutSeconds: client.client.timeoutSeconds, timeoutSet: client.client.timeoutSet ?? client.client.timeoutSeconds !== null };
    return { call, file, layers: [...client.layers, ...viaStubs], baseUrl, via };
  };

  // C# gRPC servers: the services whose classes derive from a generated `FlightService.FlightServiceBase`
  let grpcServerIndex: Map<string, string[]> | null = null;
  const grpcServers = (service: string): string[] => {
    if (!grpcServerIndex) {
      grpcServerIndex = new Map();
      for (const f of files) {
        const svc = index.fileService.get(f.path);
        if (f.language !== "csharp" || !svc) continue;
        for (const impl of f.csImplementations ?? []) {
          if (impl.source !== "base-list" || !impl.iface.endsWith("Base")) continue;
          const name = impl.iface.slice(impl.iface.lastIndexOf(".") + 1, -"Base".length);
          const list = grpcServerIndex.get(name) ?? [];
          if (name && !list.includes(svc)) grpcServerIndex.set(name, [...list, svc]);
        }
      }
    }
    return grpcServerIndex.get(service) ?? [];
  };

  // Go stubs by proto service, per service: `pb.NewVotingServiceClient(conn)` anywhere in the binary
  const goStubs = new Map<string, Array<{ file: FileFacts; client: ClientFact }>>();
  for (const f of files) {
    if (f.language !== "go") continue;
    for (const c of f.clients) if (c.grpcService) push(goStubs, `${svcOf(f)}\u0000${c.grpcService}`, { file: f, client: c });
  }
  const grpcStubFor = (file: FileFacts, receiver: string): ResolvedClient | null => {
    const type = receiver.slice(receiver.lastIndexOf(".") + 1);
    if (!type.endsWith("Client") || type.length <= "Client".length) return null;
    const stubs = goStubs.get(`${svcOf(file)}\u0000${type.slice(0, -"Client".length)}`) ?? [];
    const resolved = stubs.map((s) => resolver.clientOf({ kind: "client", file: s.file, client: s.client })).filter((r): r is ResolvedClient => r !== null);
    return resolved.find((r) => r.client.baseUrl) ?? resolved[0] ?? null;
  };

  // a retry helper whose count is a parameter default, called with another number for it
  // (`with_retries(op, attempts=5)`): that call site's own copy of the layer, with its count
  const callSiteLayer = (layerId: string, file: FileFacts, call: CallFact): string => {
    const base = layers.get(layerId);
    const param = base?.countParam;
    if (!base || !param) return layerId;
    const arg = call.args.find((a) => a.keyword === param.name) ?? call.args.filter((a) => a.keyword === null)[param.index];
    if (arg?.number === undefined || !Number.isInteger(arg.number)) return layerId;
    const attempts = Math.max(1, arg.number + param.offset);
    if (attempts === base.maxAttempts) return layerId;
    const id = `${layerId}@${file.path}:${call.span.line}`;
    if (!layers.has(id)) {
      layers.set(id, {
        ...base,
        id,
        maxAttempts: attempts,
        attemptsSource: "config",
        attemptsNote: `${param.name}=${arg.number} at ${file.path}:${call.span.line} → ${attempts} attempts (the helper's default: ${base.attemptsNote})`,
        disabled: attempts === 1,
        targets: [],
      });
    }
    return id;
  };

  // a policy object held by a property/field/variable (C# ResiliencePipeline, Polly v7 policy):
  // `Holder.ExecuteAsync(lambda)` runs the lambda under the holder's layers, first added outermost
  const objectReach = (file: FileFacts, scopeId: string, call: CallFact): Reach[] | null => {
    const dot = call.callee.lastIndexOf(".");
    if (dot < 0 || !objectLayers.size) return null;
    const holder = resolver.resolve(file, scopeId, call.callee.slice(0, dot)) ?? dotnet.injectedPolicy(file, scopeId, call.callee.slice(0, dot));
    if (holder?.kind !== "function") return null;
    const member = call.callee.slice(dot + 1);
    const attached = (objectLayers.get(fnKey(holder.file, holder.fn.id)) ?? []).filter((o) => o.methods.includes(member));
    if (!attached.length) return null;
    const arg = call.args.filter((a) => a.keyword === null)[attached[0]!.paramIndex];
    const passed = arg?.name ? resolver.resolve(file, scopeId, arg.name) : null;
    if (passed?.kind !== "function") return [];
    calledFunctions.add(passed.file.path, passed.fn.id);
    const ids = attached.map((o) => o.layerId);
    return reachOfFunction(passed.file, passed.fn).map((r) => ({ ...r, layers: [...ids, ...r.layers] }));
  };

  // SDK clients (ClientFact.sdk): any method on the client sends a request to the SDK's endpoint
  let defaultMongoose: ReturnType<typeof mongooseConnections> | undefined;
  const packageMongoose = new Map<string, MongooseConnection | null>();
  const sdkReach = (file: FileFacts, scopeId: string, call: CallFact, resolved?: ResolvedClient): Reach | null => {
    const dot = call.callee.lastIndexOf(".");
    const member = call.callee.slice(dot + 1);
    // also on what a factory returns, chained (`makeS3().send(cmd)`, `get_client().put_object(…)`)
    const client =
      resolved ??
      resolver.clientOf(resolver.resolve(file, scopeId, call.callee.slice(0, dot))) ??
      factoryClient(file, scopeId, /^[\w.]+\(\)/.exec(call.callee.slice(0, dot))?.[0] ?? null) ??
      // Python: an SDK client handed in through a parameter (`def _embed_nodes(nodes, embed_model)`)
      (file.language === "python" ? paramClient(file, scopeId, call.callee.slice(0, dot), 0) : null);
    const sdk = client?.client.sdk;
    if (!client || !sdk || sdk.notSending.includes(member)) return null;
    const viaStubs = (stubLayers.get(`${client.file.path}#${client.client.id}`) ?? []).filter((l) => !client.layers.includes(l));
    const request = { method: null, url: { kind: "string" as const, value: sdk.target }, protocol: sdk.protocol ?? ("http" as const), idempotencyKey: null, timeoutSeconds: null, library: client.client.library };
    const via = { library: client.client.library, timeoutSeconds: client.client.timeoutSeconds, timeoutSet: client.client.timeoutSet ?? client.client.timeoutSeconds !== null };
    // a Mongoose model on the default connection: the `mongoose.connect` of the caller's service (engine/mongoose.ts)
    if (sdk.target === MONGOOSE_DEFAULT_TARGET) {
      // …else the one of the caller's package (one process: folder names may split it into services)
      const conn = (defaultMongoose ??= mongooseConnections(files, svcOf)).get(svcOf(file)) ?? (packageMongoose.has(file.path) ? packageMongoose.get(file.path)! : packageMongoose.set(file.path, packageMongooseConnection(files, file)).get(file.path)!);
      const base = conn?.client.baseUrl ? { file: conn.file, scopeId: conn.client.functionId, value: conn.client.baseUrl } : null;
      return { call: { ...call, request: { ...request, url: { kind: "string" as const, value: "" } } }, file, layers: conn?.layers ?? [], baseUrl: base, via };
    }
    // an SDK whose endpoint is the client's own connection string (MongoDB drivers: `sdk.target` "")
    const baseUrl = sdk.target === "" && client.client.baseUrl ? { file: client.file, scopeId: client.client.functionId, value: client.client.baseUrl } : null;
    // a factory-built gRPC client (`AddGrpcClient<T>()`): the service's ConfigureHttpClientDefaults
    // handlers sit outermost in its HttpClient's handler chain (docs/reference/grpc-dotnet.md)
    const defaults = client.client.httpFactory ? dotnet.registrationsOf(client).flatMap((r) => r.client.layerIds.map((id) => layerKey(r.file, id))).filter((id) => !client.layers.includes(id)) : [];
    const servers = client.client.grpcService ? grpcServers(client.client.grpcService) : undefined;
    return { call: { ...call, request }, file, layers: [...defaults, ...client.layers, ...viaStubs], baseUrl, via, ...(servers?.length ? { grpcServers: servers } : {}) };
  };

  // a task sent to its workers: a queue hop to each worker other than the sender's own service,
  // and the task's reach followed inline where the sender is a worker itself
  const queueReach = (file: FileFacts, call: CallFact, sent: SentTask): Reach[] => {
    const { task } = sent;
    const workers = queues.workerServices(task.file, task.library) ?? [queues.serviceOf(task.file) ?? ""];
    const senders = new Set(queues.senderServices(file) ?? [svcOf(file)]);
    const out: Reach[] = workers
      .filter((w) => w && !senders.has(w))
      .map((w) => ({ call: { ...call, request: queues.request(task, w) }, file, layers: sent.layers, baseUrl: null, via: { library: task.library, timeoutSeconds: null, timeoutSet: false } }));
    if (out.length) remotelySentTasks.add(fnKey(task.file, task.fn.id));
    if (workers.some((w) => !w || senders.has(w))) {
      // a task followed inline under layers of the send (a Temporal activity's retry policy) is
      // no entry of its own: its bare chain would drop the policy that wraps every run of it
      if (sent.layers.length) {
        inlineWrappedTasks.add(fnKey(task.file, task.fn.id));
        calledFunctions.add(task.file.path, task.fn.id);
      }
      out.push(...reachOfFunction(task.file, task.fn).map((r) => (sent.layers.length ? { ...r, layers: [...sent.layers, ...r.layers] } : r)));
    }
    return out;
  };
  const inlineWrappedTasks = new Set<string>();
  const remotelySentTasks = new Set<string>();

  // compute every function's reach once, then pick entries: handlers, module code, and
  // functions nobody calls — nor runs as a callback the linker followed (a callback handed to code
  // outside the workspace, a job queue's `enqueue(fn)`, a thread, runs there on its own)
  let walked = 0;
  for (const f of files) {
    for (const fn of f.functions) reachOfFunction(f, fn);
    reachOfFunction(f, { id: "<module>" });
    if (++walked % PAUSE_EVERY_FILES === 0) yield;
  }
  const hops = new Map<string, Hop>();
  const addHop = (h: Omit<Hop, "calls"> & { calls: LinkedCall[] }) => {
    const key = `${h.caller}→${h.callee}|${h.layerIds.join(",")}`;
    const existing = hops.get(key);
    if (existing) {
      // Celery tasks sent on one line (`chain(a.s(), b.s())`) are each kept, for endpoint matching,
      // and so are other methods' requests to other paths of one declaration (the methods a JVM
      // client interface inherits: engine/jvmHttpInheritance.ts)
      const same = (x: LinkedCall, c: LinkedCall) => x.file === c.file && x.span.line === c.span.line && (c.protocol === "queue" ? x.path === c.path : x.path === c.path || x.callee === c.callee);
      for (const c of h.calls) if (!existing.calls.some((x) => same(x, c))) existing.calls.push(c);
      existing.entryRoutes = mergeEntryRoutes(existing.entryRoutes, h.entryRoutes);
      if (existing.perItemOnly && !h.perItemOnly) delete existing.perItemOnly;
    } else hops.set(key, { ...h, calls: [...h.calls] });
  };

  // Go: a method nobody calls, of a type only other deployed services construct (a client package
  // `location.NewClient` the frontend builds), runs in those services, not in the package's own
  const goEntryServices = (f: FileFacts, entryId: string, own: string | null): string[] | null => {
    if (f.language !== "go" || !entryId.includes(".")) return null;
    const callers = resolver.goConstructorCallers(f, entryId);
    if (!callers?.length) return null;
    const services = [...new Set(callers.map((c) => index.fileService.get(c.path) ?? null))];
    const deployed = services.every((s): s is string => s !== null && s !== own && (index.services.get(s)?.namespace ?? null) !== null);
    return deployed ? services : null;
  };

  let hopsFrom = 0;
  for (const f of files) {
    if (++hopsFrom % PAUSE_EVERY_FILES === 0) yield;
    const caller = index.fileService.get(f.path) ?? null;
    // sample programs beside a library start no request paths (engine/sideFiles.ts isExampleFile)
    if (!CODE_LANGUAGES.has(f.language) || isExampleFile(f.path)) continue;
    const entries: Array<{ id: string }> = [{ id: "<module>" }];
    for (const fn of f.functions) {
      const inlineTask = fn.handler?.method === "TASK" && inlineWrappedTasks.has(fnKey(f, fn.id)) && !remotelySentTasks.has(fnKey(f, fn.id));
      if ((fn.handler && !inlineTask) || !calledFunctions.has(f.path, fn.id)) entries.push(fn);
    }
    for (const entry of entries) {
      // a routed handler: hops it sends continue only the paths that called that endpoint
      const handler = "handler" in entry ? (entry as FunctionFact).handler : null;
      const entryRoutes = handler?.route ? [{ method: handler.method, route: handler.route }] : null;
      // code of a shared .NET project runs in the services that register or call it
      const callerNames = dotnet.entryServices(f, entry.id) ?? queues.entryServices(f, entry.id) ?? (handler ? null : goEntryServices(f, entry.id, caller)) ?? [caller ?? f.path.split("/").pop()!.replace(/\.[^.]+$/, "")];
      for (const r of reachOfFunction(f, entry)) for (const callerName of callerNames) for (const target of targetsOf(r, resolver, index, index.services.get(callerName))) {
        const req = r.call.request!;
        const protocol = req.protocol === "http" && target.scheme?.startsWith("grpc") ? "grpc" : req.protocol;
        addHop({
          caller: callerName,
          callee: target.name,
          layerIds: withoutUnlistedMethodLayers(jdkMethodFilter(loadBalancerMethodFilter(withoutRetriesInsideTransactions(dotnet.withoutSuspendedStrategies(r.layers, layers), layers), req.method, layers), req.method, layers), req.method, layers),
          calls: [
            {
              file: r.file.path,
              span: r.call.span,
              method: req.method,
              protocol,
              idempotencyKey: req.idempotencyKey,
              timeoutSeconds: req.timeoutSeconds ?? r.via.timeoutSeconds ?? LIBRARY_DEFAULT_TIMEOUT[r.via.library ?? ""] ?? null,
              callee: r.call.callee,
              library: r.via.library,
              hasTimeout:
                (req.timeoutSet ?? req.timeoutSeconds !== null) || r.via.timeoutSet || LIBRARY_DEFAULT_TIMEOUT[r.via.library ?? ""] !== undefined,
              path: target.path,
              pathComplete: target.pathComplete,
            },
          ],
          fromGateway: false,
          protocol,
          entryRoutes,
          // sent from a consumer's message loop or a message handler, not from a route handler: no request
          // into the caller leads here (a Spring Cloud Stream consumer's calls too: a message, not a request, starts them)
          ...((r.perItem || r.layers.some((id) => streamConsumerLayers.has(id))) && !handler ? { perItemOnly: true as const } : {}),
        });
      }
    }
  }

  // mesh layers on service hops, and edge routes as hops from their gateways
  // a service calling its own endpoints: the called handler's hops go on under the call's layers (engine/selfCalls.ts)
  yield;
  const finalHops = meshAndGatewayHops(files, spliceSelfCalls([...hops.values()]), layers, index);
  yield;
  remoteBaseDefaults(files, kustomize.remoteBuilds, layers);

  // targets per layer
  for (const hop of finalHops) {
    for (const id of hop.layerIds) {
      const l = layers.get(id);
      if (l && !l.targets.includes(hop.callee)) l.targets.push(hop.callee);
    }
  }
  for (const l of layers.values()) l.targets.sort();
  // code layers that run only while the program starts are off the request paths
  yield;
  yield* markStartupLayers(files, layers, resolver);
  yield;
  // library defaults built in one-off scripts, seeds, migrations and examples (engine/sideFiles.ts)
  markSideFileDefaults(layers);
  markInertLayers(files, layers);
  // SDK defaults only .NET console tools run, that no layer of the tool wraps (engine/dotnetTools.ts)
  markDotnetToolLayers(files, layers, finalHops, index, (f, scopeId) => dotnet.runningServices(f, scopeId));
  yield;

  const model: Model = {
    layers: [...layers.values()].sort((a, b) => a.file.localeCompare(b.file) || a.anchor.line - b.anchor.line),
    layerById: layers,
    clients: files.flatMap((f) =>
      f.clients
        .filter((c) => c.library !== "unknown")
        .map((c) => ({ file: f.path, span: c.span, name: c.name, library: c.library, functionId: c.functionId, perCall: c.perCall, hasRetryQuota: c.hasRetryQuota })),
    ),
    hops: finalHops,
    paths: [],
    services: index.services,
    fileService: index.fileService,
    settings,
  };
  tracking?.finish(model);
  yield;
  return withPaths(model);
}

/** The model with its call paths (and a problem when their number was capped). */
export function withPaths(model: Model): Model {
  const enumerated = enumeratePathsCapped(model);
  model.paths = enumerated.paths;
  if (enumerated.capped) model.problems = [{ file: "", line: null, message: enumerated.capped }];
  return model;
}

interface Target {
  name: string;
  scheme: string | null;
  /** the URL's path as far as known, and whether all of it is known (endpoint matching) */
  path: string | null;
  pathComplete: boolean;
  /** a gRPC dial given an HTTP URL (see targetOf): a candidate that cannot connect */
  undialable?: boolean;
}

/** at most this many combinations of alternative env values per call */
const MAX_ENV_VARIANTS = 8;

/**
 * The call's targets: with the service's env, then once per alternative value of each variable
 * the URL read (ServiceInfo.envAlternatives: a worst-case tool follows every manifest that can be
 * applied, not only the one written last). Distinct targets only.
 */
function targetsOf(r: Reach, resolver: Resolver, index: ServiceIndex, info: ServiceInfo | undefined): Target[] {
  const env = info?.env ?? {};
  const read = new Set<string>();
  const alternatives = info?.envAlternatives;
  const watched = alternatives ? new Proxy(env, { get: (o, k) => (typeof k === "string" && read.add(k), Reflect.get(o, k)) }) : env;
  const first = targetOf(r, resolver, index, watched);
  const varying = [...read].filter((k) => (alternatives?.[k]?.length ?? 0) > 1);
  if (!varying.length) return [first];
  let variants: Array<Record<string, string>> = [{}];
  for (const k of varying) variants = variants.flatMap((v) => alternatives![k]!.map((value) => ({ ...v, [k]: value }))).slice(0, MAX_ENV_VARIANTS);
  const out = [first];
  for (const v of variants) {
    const applied: Record<string, string> = { ...env, ...v };
    // an alternative manifest that leaves the variable unset: the code's fallback applies
    for (const [k, value] of Object.entries(v)) if (value === ENV_UNSET) delete applied[k];
    const t = targetOf(r, resolver, index, applied);
    if (!out.some((o) => o.name === t.name && o.path === t.path && o.scheme === t.scheme)) out.push(t);
  }
  // an alternative meant for another build of the program (a REST flavour's `http://orders:8080`
  // read by the gRPC flavour's dial) is no target where another candidate can connect
  const dialable = out.filter((t) => !t.undialable);
  return dialable.length ? dialable : out;
}

function targetOf(r: Reach, resolver: Resolver, index: ServiceIndex, env: Record<string, string>): Target {
  const req = r.call.request!;
  const partial = { partial: false };
  let url = evaluate(req.url, r.file, r.call.functionId, resolver, env, 0, partial, r.bindings);
  if (url === null && req.url !== null) partial.partial = true;
  // the client's base URL (or the request's own ky/got prefixUrl), joined as its library does (engine/baseUrls.ts)
  const base = usesRequestPrefix(r.via.library, req.prefixUrl !== undefined) ? { file: r.file, scopeId: r.call.functionId, value: req.prefixUrl! } : r.baseUrl;
  url = joinBaseUrl(r.via.library, url, base ? () => evaluate(base.value, base.file, base.scopeId, resolver, env, 0, undefined, r.bindings) : undefined);
  const host = url ? hostOf(url) : null;
  // a gRPC stub whose address is not known: the one workspace service implementing its proto service
  if (!host && r.grpcServers?.length === 1) return { name: r.grpcServers[0]!, scheme: "grpc", path: null, pathComplete: false };
  if (!host) return { name: `unresolved (${r.call.callee})`, scheme: null, path: null, pathComplete: false };
  // SDK endpoints (ClientFact.sdk): "aws://dynamodb" → "aws:dynamodb", never a workspace service
  if (url?.startsWith("aws://")) return { name: `aws:${host}`, scheme: "aws", path: null, pathComplete: false };
  // Azure SDK clients without a literal account host: "azure://blob" → "azure:blob"
  if (url?.startsWith("azure://")) return { name: `azure:${host}`, scheme: "azure", path: null, pathComplete: false };
  // SDKs whose API has no workspace host (OpenAI, Anthropic): "sdk://openai" → "openai"
  if (url?.startsWith("sdk://")) return { name: host, scheme: "sdk", path: null, pathComplete: false };
  // gRPC has no `http` resolver: an unknown scheme leaves the whole `http://orders:8080` as the name
  // for the default resolver (grpc/grpc doc/naming.md "Name Syntax"; grpc-go Dial: passthrough),
  // which no address parses from, so the dial never connects
  if (url && /^grpc:\/\/https?:\/\//i.test(url)) return { name: serviceForHost(index, hostOf(url.slice("grpc://".length)) ?? host), scheme: "grpc", path: null, pathComplete: false, undialable: true };
  const path = url!.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, "") || "/";
  // `https://localhost:7242` in a project's settings: the project whose launchSettings.json listens there
  return { name: localService(index, url!) ?? serviceForHost(index, host), scheme: url ? schemeOf(url) : null, path, pathComplete: !partial.partial };
}

const IMPLICIT_KINDS: ReadonlySet<string> = new Set(["kuma-default", "istio-gateway-default", "appmesh-default"]);
/** SDK clients that retry when nobody configured them (docs/reference/openai-sdk.md): implicit when unconfigured */
const IMPLICIT_SDK_DEFAULTS: ReadonlySet<string> = new Set(["openai-sdk", "anthropic-sdk", "vercel-ai-sdk", "langchain-js", "googleapis-node", "llama-index", "kafka-producer", "elasticsearch-client", "influxdb-client", "apache-httpclient-retry", "spring-ai-retry", "feign-retryer", "stripe-sdk", "aws-sdk-v2", "aws-sdk-go", "aws-sdk-dotnet", "aws-sdk-java", "googleapiclient", "google-cloud-sdk", "msgraph-retry-handler", "firebase-functions-retry"]);

/** The call once per name its receiver's local is bound to (FunctionFact.localAliases), or null. */
function throughLocalAliases(resolver: Resolver, file: FileFacts, scopeId: string, call: CallFact): CallFact[] | null {
  const dot = call.callee.indexOf(".");
  if (dot <= 0 || scopeId === "<module>") return null;
  const head = call.callee.slice(0, dot);
  const targets = resolver.functionById(file, scopeId)?.localAliases?.[head];
  if (!targets?.length) return null;
  return targets.map((t) => ({ ...call, callee: t + call.callee.slice(dot) }));
}

/**
 * Each layer fact as a RetryLayer with its count as configured: the service's environment,
 * settings files, Helm values, pinned SDK and module versions, connections handed in. The part of
 * linking that turns written counts into counts (engine/countRelink.ts reruns it alone).
 */
export function layerValues(files: FileFacts[], index: ServiceIndex, resolver: Resolver, kustomize: Pick<KustomizeView, "layerVariants" | "fileVariants">): LayerValues {
  const layers = new Map<string, RetryLayer>();
  for (const f of files) {
    for (const l of f.layers) {
      const key = layerKey(f, l.localId);
      const layer = toRetryLayer(f, l, index, resolver);
      const variants = kustomize.layerVariants.get(key) ?? kustomize.fileVariants.get(f.path);
      if (variants) layer.variants = variants;
      layers.set(key, layer);
    }
  }
  applyHelmValues(files, layers);
  // SDK defaults of the version the package manifest pins (stripe-node 13 → 1 retry, 17 → 2)
  applySdkVersions(files, layers);
  // numbers that changed within a major version: the go.mod / JVM build that governs the file decides (engine/versionGates.ts)
  applyVersionGates(files, layers);
  // BullMQ connections built from imported options: a client handed in keeps its own settings (engine/libraryConnections.ts)
  applyConnectionRefs(files, layers, resolver);
  // Spring Cloud LoadBalancer retries: settings and spring-retry on the classpath (engine/springCloudLoadBalancerConfig.ts)
  const loadBalancerCalls = applySpringCloudLoadBalancer(files, layers, resolver.config);
  // the JDK HttpURLConnection re-send: off under another Feign client; RestTemplate: body-less methods only (engine/jdkHttpUrlConnection.ts)
  applyJdkHttpUrlConnection(files, layers);
  return { layers, loadBalancerCalls };
}

export interface LayerValues {
  layers: Map<string, RetryLayer>;
  /** Spring Cloud LoadBalancer: calls its layers wrap, by layer id */
  loadBalancerCalls: Map<string, { file: string; callIds: string[] }>;
}

function toRetryLayer(file: FileFacts, l: LayerFact, index: ServiceIndex, resolver: Resolver): RetryLayer {
  const service = index.fileService.get(file.path) ?? null;
  const info = index.services.get(service ?? "");
  const fromEnv = l.envConfig ? fromEnvironment(l, info?.env ?? {}, info?.envAlternatives) : l.countExpr && (l.maxAttempts === null || l.countExpr.unresolvedKeepsCount) ? countFromExpr(file, l, resolver, info?.env ?? {}) : l;
  // settings files configure the layer (Resilience4j instances, §3.1)
  const configured = l.configRef?.library === "spring-ai" ? applySpringAiConfig(fromEnv, file.path, resolver.config) : l.configRef ? applyResilience4jConfig(fromEnv, file.path, resolver.config, index.services.get(service ?? "")?.env ?? {}) : fromEnv;
  return {
    ...configured,
    id: layerKey(file, l.localId),
    file: file.path,
    service,
    targets: [],
    disabled: configured.maxAttempts === 1,
    // defaults nobody wrote: Kuma's mesh-retry-all (§4.13), Istio's policy on gateway routes (§4.1),
    // an Azure SDK client's pipeline retries (docs/reference/azure-sdk.md)
    implicit: IMPLICIT_KINDS.has(l.kind) || (l.kind === "azure-sdk" && l.attemptsSource === "default") || (IMPLICIT_SDK_DEFAULTS.has(l.kind) && l.attemptsSource === "default"),
  };
}

/** LayerFact.countExpr: a count written as a name declared elsewhere (a Go package constant in another file) */
function countFromExpr(file: FileFacts, l: LayerFact, resolver: Resolver, env: Record<string, string>): LayerFact {
  const c = l.countExpr!;
  const text = evaluate(c.value, file, c.scopeId, resolver, env);
  const n = text !== null && /^\s*-?\d+\s*$/.test(text) ? Number(text) : null;
  if (n === null) return l;
  const attempts = Math.max(1, n === 0 && c.zero !== undefined ? c.zero : n <= 0 && c.nonPositive !== undefined ? c.nonPositive : n + c.offset);
  const { countUnknown: _unknown, ...rest } = l;
  const setting = c.note.includes("$origin") ? projectSettingOf(c.value, file, c.scopeId, resolver) : null;
  const origin = setting ? ` (the default of the project setting ${setting.key} in ${setting.file}, which the project may override)` : "";
  return { ...rest, maxAttempts: attempts, ...(c.unresolvedKeepsCount ? { attemptsSource: "config" as const } : {}), attemptsNote: c.note.replaceAll("$value", String(n)).replaceAll("$attempts", String(attempts)).replaceAll("$source", envSource(c.value, env)).replaceAll("$origin", origin) };
}

/** Where an env lookup's value came from (`$source` in LayerFact.countExpr notes): the service's manifests, else the fallback. */
function envSource(v: ValueExpr, env: Record<string, string>): string {
  if (v.kind !== "env") return "";
  return env[v.name] !== undefined ? `${v.name}=${env[v.name]} in the service's environment` : `${v.name} not set in the service's manifests: the fallback`;
}

/**
 * LayerFact.envConfig: the service's manifest sets what the code left to the environment. Where
 * alternative manifests set it differently (ServiceInfo.envAlternatives), the most attempts win:
 * the worst case of the deployments that can be applied.
 */
function fromEnvironment(l: LayerFact, env: Record<string, string>, alternatives?: Record<string, string[]>): LayerFact {
  const c = l.envConfig!;
  const values = (name: string | undefined) => (name === undefined ? [] : (alternatives?.[name] ?? (env[name] !== undefined ? [env[name]!] : [])));
  const counts = values(c.attemptsVar).filter((v) => /^\s*\d+\s*$/.test(v)).map(Number);
  const n = counts.length ? Math.max(...counts) : null;
  const others = counts.length > 1 ? ` (the most of ${[...new Set(counts)].join(", ")} in alternative manifests)` : "";
  if (n !== null) {
    const maxAttempts = Math.max(1, n);
    return { ...l, maxAttempts, countUnknown: false, attemptsSource: "config", attemptsNote: `${c.attemptsVar}=${n} in the service's environment${others} counts attempts → ${maxAttempts} attempts` };
  }
  const modes = values(c.modeVar).map((m) => m.trim().toLowerCase()).filter((m) => c.modeAttempts?.[m] !== undefined);
  const mode = modes.sort((a, b) => c.modeAttempts![b]! - c.modeAttempts![a]!)[0];
  const byMode = mode !== undefined ? c.modeAttempts?.[mode] : undefined;
  if (byMode !== undefined) {
    return { ...l, maxAttempts: byMode, attemptsSource: "config", attemptsNote: `${c.modeVar}=${mode} in the service's environment: ${byMode} attempts by default` };
  }
  return l;
}

/** The call sits in a loop that runs for as long as the program does (a consumer's message loop, a poller). */
function inLongRunningLoop(f: FileFacts, c: CallFact): boolean {
  const loops = f.longRunningLoops;
  if (!loops?.length) return false;
  const before = (a: { line: number; column: number }, b: { line: number; column: number }) => a.line < b.line || (a.line === b.line && a.column <= b.column);
  return loops.some((l) => l.functionId === c.functionId && before(l.span, c.span) && before({ line: c.span.endLine, column: c.span.endColumn }, { line: l.span.endLine, column: l.span.endColumn }));
}

/** A set of (path, function id) pairs, without building a `path::id` key per lookup. */
class PathIdSet {
  private readonly byPath = new Map<string, Set<string>>();
  add(path: string, id: string): void {
    let ids = this.byPath.get(path);
    if (!ids) this.byPath.set(path, (ids = new Set()));
    ids.add(id);
  }
  has(path: string, id: string): boolean {
    return this.byPath.get(path)?.has(id) ?? false;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
