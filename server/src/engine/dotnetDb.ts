/**
 * EF Core DbContexts at link time (reference §3.13, §3.14): a call on a DbContext-typed receiver
 * (`db.Orders.Where(…).ToListAsync()`, `db.SaveChangesAsync()`, `db.FindOrderAsync(id)` on the
 * context's own method, `db.Database.EnsureCreatedAsync()`) sends its commands to the database
 * through the context's execution strategy: the retry layers of the registration of that context
 * in a service that runs the call (DotnetFacts.dbContexts: `AddDbContext<T>(…EnableRetryOnFailure…)`,
 * Aspire `AddNpgsqlDbContext<T>("catalogdb")`, or a generic `AddDbContext<TContext>` in a shared
 * project its services call). A type is a DbContext when its base list reaches `DbContext`
 * (`IdentityDbContext<…>` and workspace base classes included) or an interface it implements is
 * what the receiver is typed with. The target is the connection name (Aspire's database resource),
 * else the host of a connection string the settings give, else the context's name.
 */
import type { CallFact, FileFacts, RequestFact } from "../model/facts";
import type { DbContextRegistration } from "../model/dotnetFacts";
import type { CSharpCallers } from "./dotnetCalls";
import { fnKey, layerKey } from "./keys";
import { evaluate, type Resolver } from "./resolve";
import { hostOfConnectionString } from "../model/connectionStrings";
import type { ServiceIndex } from "./services";

export interface DbReach {
  request: RequestFact;
  layers: string[];
  via: { library: string; timeoutSeconds: null; timeoutSet: false };
}

interface Registration {
  file: FileFacts;
  reg: DbContextRegistration;
  /** the context class, when the registration names a workspace type */
  context: string | null;
  services: Set<string>;
}

const EF = "Entity Framework Core";
/** DbContext / DatabaseFacade members that send no command (`Database.CreateExecutionStrategy()`) */
const LOCAL_MEMBERS = /^(CreateExecutionStrategy|GetDbConnection|GetConnectionString|SetConnectionString|GetService|Entry|Attach|AttachRange|Set|IsRelational|IsSqlServer|IsNpgsql|UseTransaction|AutoTransactionBehavior)$/;

export class DbContexts {
  private readonly registrations: Registration[] = [];
  private readonly isContext = new Map<string, boolean>();
  private readonly bases = new Map<string, Array<{ file: FileFacts; written: string; scopeId: string }>>();
  /** interface → the classes implementing it */
  private readonly implementers = new Map<string, string[]>();

  constructor(
    files: FileFacts[],
    private readonly index: ServiceIndex,
    private readonly resolver: Resolver,
    private readonly callers: CSharpCallers,
  ) {
    for (const f of files) {
      if (f.language !== "csharp") continue;
      for (const b of f.csImplementations ?? []) {
        if (b.source !== "base-list") continue;
        const cls = resolver.resolve(f, "<module>", b.impl);
        if (cls?.kind !== "function") continue;
        const key = fnKey(cls.file, cls.fn.id);
        this.bases.set(key, [...(this.bases.get(key) ?? []), { file: f, written: b.iface, scopeId: b.scopeId }]);
        const iface = resolver.resolve(f, b.scopeId, b.iface);
        if (iface?.kind === "function") {
          const ik = fnKey(iface.file, iface.fn.id);
          this.implementers.set(ik, [...(this.implementers.get(ik) ?? []), key]);
        }
      }
    }
    for (const f of files) {
      for (const reg of f.dotnet?.dbContexts ?? []) {
        const t = reg.generic ? null : resolver.resolve(f, reg.scopeId, reg.contextType);
        this.registrations.push({ file: f, reg, context: t?.kind === "function" ? fnKey(t.file, t.fn.id) : null, services: this.callers.servicesRunning(f, reg.scopeId) });
      }
    }
  }

  /** Is the class (by fnKey) a DbContext: its base list reaches `…DbContext`, or a registration names it. */
  private dbContext(key: string, depth = 0): boolean {
    const hit = this.isContext.get(key);
    if (hit !== undefined) return hit;
    this.isContext.set(key, false);
    let yes = this.registrations.some((r) => r.context === key);
    for (const b of this.bases.get(key) ?? []) {
      if (yes || depth > 8) break;
      if (/DbContext$/.test(b.written.split(".").pop() ?? "")) yes = true;
      else {
        const base = this.resolver.resolve(b.file, b.scopeId, b.written);
        if (base?.kind === "function") yes = this.dbContext(fnKey(base.file, base.fn.id), depth + 1);
      }
    }
    // an interface a DbContext implements (`ICatalogDbContext`)
    if (!yes) yes = (this.implementers.get(key) ?? []).some((k) => this.dbContext(k, depth + 1));
    this.isContext.set(key, yes);
    return yes;
  }

  reach(file: FileFacts, scopeId: string, call: CallFact): DbReach | null {
    if (file.language !== "csharp" || call.request || !call.callee.includes(".")) return null;
    const head = call.callee.slice(0, call.callee.indexOf("."));
    if (!/^[A-Z]/.test(head)) return null;
    // members that only build or read local objects send nothing to the database
    if (LOCAL_MEMBERS.test(call.callee.slice(call.callee.lastIndexOf(".") + 1))) return null;
    const t = this.resolver.resolve(file, scopeId, head);
    if (t?.kind !== "function") return null;
    const key = fnKey(t.file, t.fn.id);
    if (!this.dbContext(key)) return null;
    // the context's own code (a compiled query, a helper) runs inside the call that entered it
    if (this.insideContext(file, scopeId)) return null;
    const svc = this.index.fileService.get(file.path) ?? "";
    const implementing = new Set([key, ...(this.implementers.get(key) ?? [])]);
    const named = this.registrations.filter((r) => r.context !== null && implementing.has(r.context));
    const generic = this.registrations.filter((r) => r.reg.generic);
    const running = (rs: Registration[], services: Set<string>) => rs.filter((r) => [...r.services].some((s) => services.has(s)));
    const own = new Set([svc]);
    let candidates = [...running(named, own), ...running(generic, own)];
    if (!candidates.length) {
      const callers = this.callers.servicesRunning(file, scopeId);
      candidates = [...running(named, callers), ...running(generic, callers)];
    }
    if (!candidates.length) candidates = named;
    // one context instance has one execution strategy: the first registration that configures one
    const chosen = candidates.find((r) => r.reg.layerIds.length) ?? candidates[0];
    const layers = chosen ? chosen.reg.layerIds.map((id) => layerKey(chosen.file, id)) : [];
    // Enrich…DbContext<T>() names no connection: the registration it enriches does
    const target = [chosen, ...candidates].map((r) => (r ? this.targetOf(r) : null)).find((x) => x !== null) ?? t.fn.name;
    return {
      request: { method: null, url: { kind: "string", value: `db://${target}` }, protocol: "db", idempotencyKey: null, timeoutSeconds: null, library: EF },
      layers,
      via: { library: EF, timeoutSeconds: null, timeoutSet: false },
    };
  }

  /**
   * The retrying strategy a DbContext registration running in one of `services` configures (its
   * first EnableRetryOnFailure / integration layer), for an explicit `CreateExecutionStrategy()`.
   */
  strategyIn(services: Set<string>): { layerId: string; contextType: string; file: string; line: number } | null {
    const running = this.registrations.filter((r) => r.reg.layerIds.length && [...r.services].some((s) => services.has(s)));
    const chosen = running[0];
    return chosen ? { layerId: layerKey(chosen.file, chosen.reg.layerIds[0]!), contextType: chosen.reg.contextType, file: chosen.file.path, line: chosen.reg.line } : null;
  }

  /** Is `scopeId` code of a DbContext class (its methods, lambdas, field initializers)? */
  private insideContext(file: FileFacts, scopeId: string): boolean {
    const parts = scopeId === "<module>" ? [] : scopeId.split(".");
    for (let i = parts.length; i >= 1; i--) {
      const id = parts.slice(0, i).join(".");
      if (this.resolver.functionById(file, id) && this.bases.has(fnKey(file, id)) && this.dbContext(fnKey(file, id))) return true;
    }
    return false;
  }

  /** The database a registration connects to: the Aspire connection name, a settings connection string's host, the setting's name. */
  private targetOf(r: Registration): string | null {
    const c = r.reg.connection;
    if (!c) return null;
    if (c.kind === "string") return /[=;]/.test(c.value) ? hostOfConnectionString(c.value) : c.value;
    const env = this.index.services.get(this.index.fileService.get(r.file.path) ?? "")?.env ?? {};
    const text = evaluate(c, r.file, r.reg.scopeId, this.resolver, env);
    if (text !== null) return /[=;]/.test(text) ? hostOfConnectionString(text) : text;
    return c.kind === "setting" ? c.key.replace(/^ConnectionStrings\./, "") : null;
  }
}

export { hostOfConnectionString } from "../model/connectionStrings";
