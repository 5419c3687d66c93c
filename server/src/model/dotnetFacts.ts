/**
 * C# facts about how a .NET application is wired together, beyond one call site: extension
 * methods (callable as `builder.AddServiceDefaults()` from any file), declared member types,
 * DbContext registrations and the Aspire AppHost's resources. Produced by the C# detectors, read by
 * the linker (engine/dotnetRegistrations.ts, engine/dotnetDb.ts, engine/aspireHost.ts).
 */
import type { CallFact, ValueExpr } from "./facts";

export interface DotnetFacts {
  /**
   * explicit execution strategies (`db.Database.CreateExecutionStrategy().ExecuteAsync(op)`): layers
   * whose count is the strategy of the DbContext registration that runs there (engine/dotnetDb.ts)
   */
  executionStrategies?: Array<{ layerId: string; scopeId: string }>;
  /**
   * request handlers (`class H : ICommandHandler<CreateOrder, Result>`): the handler class and the
   * request type it handles, as written (Mediator/MediatR pipeline behaviors, engine/dotnetWiring.ts)
   */
  requestHandlers?: Array<{ classId: string; requestType: string }>;
  /**
   * an early exit of a pipeline behavior's `Handle` (`if (message is not ITxRequest) return await
   * next(message, ct);`): the rest of the method runs only for requests of `type`; the `next` call on
   * `line` is the one every other request takes
   */
  pipelineGuards?: Array<{ functionId: string; type: string; line: number }>;
  /** `services.AddHostedService<Worker>()`: the worker classes built once when the host starts, as written */
  hostedServices?: Array<{ type: string; scopeId: string }>;
  /** `global using Ns;` directives: they apply to every file of the project (the folder holding this file) */
  globalUsings?: string[];
  /** ids of extension methods (`public static X AddDefaults(this IHostApplicationBuilder b)`) */
  extensionMethods?: string[];
  /**
   * calls on the result of another call (`services.AddHttpClient<T>().AddDefaults(false)`), which
   * are not CallFacts (their receiver has no name): callee `(chain).Member`, for finding the callers
   * of extension methods
   */
  chainedCalls?: CallFact[];
  /**
   * declared types of parameters, fields and properties, `Scope.name` → type name without
   * namespace or generic arguments (`Shop.OrdersClient.policy` → AsyncPolicyWrap,
   * `Shop.PolicyOptions.Retry` → RetryOptions)
   */
  memberTypes?: Record<string, string>;
  /**
   * Refit interface methods (`[Get("/orders/{id}")] Task<Order> GetOrder(string id);`): the HTTP
   * method and relative URL a call of the method on a `RestService.For<T>(…)` client sends
   */
  refitRoutes?: Array<{ functionId: string; method: string; route: string }>;
  /** EF Core DbContexts registered for dependency injection, with the retry layers of their execution strategy */
  dbContexts?: DbContextRegistration[];
  /** retry policies/pipelines registered for injection: `AddSingleton<AsyncPolicyWrap>(sp => …)` */
  policyServices?: PolicyServiceFact[];
  /**
   * layers registered only when a bool parameter of their method is true
   * (`void AddResiliency(bool globalHandler = true) { if (globalHandler) { … } }`)
   */
  guardedLayers?: GuardedLayerFact[];
  /**
   * A synchronous policy (Polly v7 `Retry(…)`, v8 `Execute`) that runs only a callable parameter of
   * its method (`T RetryOnFailure<T>(this object s, Func<T> action) => policy.Execute(action)`): the
   * linker disables the layer when every call of the method passes an async lambda (CallArg.task)
   */
  asyncArgGates?: Array<{ layerId: string; functionId: string; param: string; index: number }>;
  /**
   * HttpClient registrations inside a generic helper (`AddHttpServiceReference<TClient>(string
   * baseAddress)` calling `AddHttpClient<TClient>(c => c.BaseAddress = new(baseAddress))`): each call
   * of the helper registers its type argument, with the base address it passes
   */
  genericClients?: GenericClientFact[];
  /** an Aspire AppHost's resources (`builder.AddProject<Projects.Catalog>("catalog")`, `.AddDatabase("db")`) */
  appHost?: AppHostResource[];
  /**
   * a `.csproj` file: the project's name (the file name without `.csproj`, which Aspire's
   * `Projects.X` class is named after, `.`/`-` → `_`) and its folder relative to the workspace
   */
  project?: { name: string; dir: string };
}

export interface DbContextRegistration {
  /** the context type as written (`CatalogDbContext`, or a type parameter of the enclosing method) */
  contextType: string;
  /** the type is a type parameter of the registering method (`AddPostgresDbContext<TContext>`) */
  generic: boolean;
  scopeId: string;
  line: number;
  /** the connection name (Aspire `"catalogdb"`) or connection-string expression, when written */
  connection: ValueExpr | null;
  /** local ids of the retry layers of the context's execution strategy */
  layerIds: string[];
  /**
   * an Aspire integration's implicit retrying strategy (`layerId`) and the settings keys that turn
   * it off (`Aspire:Npgsql:EntityFrameworkCore:PostgreSQL[:<connection>|:<Context>]:DisableRetry`)
   */
  aspireRetry?: { layerId: string; disableRetryKeys: string[] };
}

export interface PolicyServiceFact {
  /** the service type as written (`AsyncPolicyWrap`, `IAsyncPolicy`) */
  type: string;
  /** the FunctionFact standing for the registered instance; layers attach to it as their holder */
  holderId: string;
  /** the scope of the registration call (the method whose callers' services get the instance) */
  scopeId: string;
  line: number;
}

export interface GuardedLayerFact {
  layerId: string;
  /** the method whose parameter decides */
  functionId: string;
  param: string;
  index: number;
  /** the parameter's default value, when it has one */
  defaultValue: boolean | null;
  /** the value that registers the layer: true for `if (flag)`, false for `if (!flag)` */
  enabledWhen: boolean;
}

export interface AppHostResource {
  /** the resource name (`"catalogservice"`): the host name service discovery and connection strings use */
  name: string;
  /** project: `AddProject<Projects.X>`; app: a folder run as a process (Python, Node); database: `.AddDatabase("db")` on a server */
  kind: "project" | "app" | "database" | "other";
  /** `Projects.AspireShop_CatalogService` → AspireShop_CatalogService */
  projectType?: string;
  /** a project or app folder (or `.csproj` path) relative to the AppHost's folder */
  path?: string;
  /** the resource a database belongs to (`postgres` for `postgres.AddDatabase("catalogdb")`) */
  parent?: string;
  /** names of the resources it references (`.WithReference(catalogDb)`) */
  references: string[];
  line: number;
}

export interface GenericClientFact {
  /** the registration ClientFact (its layers and options) */
  clientId: string;
  /** the helper method */
  functionId: string;
  /** which of the helper's type parameters is the typed client */
  typeParamIndex: number;
  /** the helper's parameter holding the base address, when it sets one from a parameter */
  baseAddressParam: { name: string; index: number } | null;
  /**
   * the base address read from an options object of one of the helper's type parameters
   * (`httpClient.BaseAddress = new Uri(sp.GetRequiredService<IOptions<TOptions>>().Value.BaseAddress)`):
   * each call's type argument names the settings section (the `nameof(T)` binding convention)
   */
  baseAddressOptions?: { typeParamIndex: number; member: string };
}
