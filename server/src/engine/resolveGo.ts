/**
 * Go name resolution. A Go package is a folder: its files share one namespace, and an import
 * path names a folder. go.mod files (FileFacts with `module` = the module path) map the module's
 * own import paths to folders (`github.com/shop/orders/internal/inventory` → the `internal/inventory`
 * folder beside that go.mod); without a matching go.mod, a workspace folder whose path ends the
 * import path is taken (`…/orders/internal/inventory` → `orders/internal/inventory`).
 * Names follow detectors/go/context.ts: scopes `Reserve.op`, locals `Reserve.url`, methods
 * `Client.Reserve`, fields `Client.http`; a name is tried in the innermost scope first, then in
 * the package (every file of the folder), then through the file's imports (`inventory.Reserve`,
 * `inventory.Client.Reserve`) and dot imports.
 */
import type { CallFact, FileFacts, FunctionFact, ValueExpr } from "../model/facts";
import type { SymbolRef } from "./resolve";
import { dirOf } from "../model/paths";
import { clientNamed, constantNamed } from "./factLookups";

export class GoIndex {
  /** folder → the .go files in it (one package) */
  private readonly dirs = new Map<string, FileFacts[]>();
  /** go.mod module path → folder, longest module path first */
  private readonly modules: Array<{ path: string; dir: string }> = [];
  private readonly functions = new Map<FileFacts, Map<string, SymbolRef>>();
  /** import path + importer folder → package files (memoised: every call resolves through here) */
  private readonly packages = new Map<string, FileFacts[]>();

  constructor(files: FileFacts[]) {
    for (const f of files) {
      if (f.language === "go") {
        const dir = dirOf(f.path);
        const list = this.dirs.get(dir) ?? [];
        list.push(f);
        this.dirs.set(dir, list);
      } else if (f.module && (f.path === "go.mod" || f.path.endsWith("/go.mod"))) {
        this.modules.push({ path: f.module, dir: dirOf(f.path) });
      }
    }
    this.modules.sort((a, b) => b.path.length - a.path.length);
    // a file a default build leaves out (a wire injector template beside its generated wire_gen.go)
    // may declare the same names as a built one: the built one is the package's
    for (const list of this.dirs.values()) list.sort((a, b) => Number(!!a.goExcludedBy) - Number(!!b.goExcludedBy));
  }

  /** The files of the package an import path names, preferring a module that holds the importer. */
  packageFiles(importPath: string, from: FileFacts): FileFacts[] {
    const key = `${importPath}\u0000${dirOf(from.path)}`;
    let hit = this.packages.get(key);
    if (!hit) this.packages.set(key, (hit = this.findPackage(importPath, from)));
    return hit;
  }

  private findPackage(importPath: string, from: FileFacts): FileFacts[] {
    const candidates = this.modules.filter((m) => importPath === m.path || importPath.startsWith(`${m.path}/`));
    candidates.sort((a, b) => Number(isUnder(from.path, b.dir)) - Number(isUnder(from.path, a.dir)));
    for (const m of candidates) {
      const rest = importPath.slice(m.path.length).replace(/^\//, "");
      const files = this.dirs.get(joinDir(m.dir, rest));
      if (files?.length) return files;
    }
    // no go.mod for it: a folder whose path ends the import path (longest match)
    let best: FileFacts[] = [];
    let bestLen = 0;
    for (const [dir, files] of this.dirs) {
      if (dir && (importPath === dir || importPath.endsWith(`/${dir}`)) && dir.length > bestLen) {
        best = files;
        bestLen = dir.length;
      }
    }
    return best;
  }

  resolve(file: FileFacts, scopeId: string, dotted: string, depth = 0): SymbolRef | null {
    const scopes = scopeId === "<module>" ? [] : scopeId.split(".");
    // innermost scope first: Reserve.op.c, Reserve.c
    // (a method's receiver type is no scope of bare names: in `func (s *server) Run()`, `redisClient.New()`
    // names the imported package, not the field `server.redisClient`)
    const head = dotted.slice(0, dotted.indexOf(".") >>> 0);
    const typeScope = scopes.length >= 2 && file.imports.some((i) => i.local === head) && this.lookup(file, scopes[0]!)?.kind !== "function";
    for (let i = scopes.length; i >= (typeScope ? 2 : 1); i--) {
      const hit = this.lookup(file, `${scopes.slice(0, i).join(".")}.${dotted}`);
      if (hit) return hit;
    }
    // then the package: this file, then the other files of its folder (built files first)
    const pkg = this.dirs.get(dirOf(file.path)) ?? [];
    const own = this.inPackage([file, ...pkg.filter((f) => f !== file)], dotted) ?? this.implementation(pkg, dotted);
    if (own) return own;
    // `a.InsertOrder` with `var a Activities` in a file of the package: the method of that type
    const headVar = dotted.slice(0, dotted.indexOf(".") >>> 0);
    if (headVar !== dotted && depth < 8 && !file.imports.some((i) => i.local === headVar)) {
      const type = pkg.map((f) => f.fieldTypes?.[headVar]).find((t) => t !== undefined);
      if (type && type !== headVar) {
        const hit = this.resolve(file, "<module>", `${type}${dotted.slice(headVar.length)}`, depth + 1);
        if (hit) return hit;
      }
    }
    // `Activities.Collection` set by another package's `&app.Activities{Collection: …}` (the worker's main)
    if (/^[A-Z]\w*\.\w+$/.test(dotted) && depth < 8) {
      const hit = this.fromImporters(dirOf(file.path), dotted);
      if (hit) return hit;
    }
    const dot = dotted.indexOf(".");
    if (dot > 0) {
      const imp = file.imports.find((i) => i.local === dotted.slice(0, dot));
      if (imp) {
        const files = this.packageFiles(imp.module, file);
        const rest = dotted.slice(dot + 1);
        const hit = this.inPackage(files, rest) ?? this.implementation(files, rest);
        // `commands.ProductCommands.CreateProduct.Handle`: a field of that package's type, typed in its files
        if (hit || depth >= 8 || rest.split(".").length < 3 || !files[0]) return hit;
        return this.resolve(files[0], "<module>", rest, depth + 1);
      }
    }
    // `Server.inv.Reserve` with the field declared in another file: its type, read where declared
    const parts = dotted.split(".");
    // each step consumes a segment of the name, so the depth bound only stops pathological chains
    if (parts.length >= 3 && depth < 8) {
      for (const f of pkg) {
        const type = f.fieldTypes?.[`${parts[0]}.${parts[1]}`];
        if (type) return this.resolve(f, "<module>", [type, ...parts.slice(2)].join("."), depth + 1);
      }
    }
    for (const imp of file.imports) {
      if (imp.local !== ".") continue;
      const hit = this.inPackage(this.packageFiles(imp.module, file), dotted);
      if (hit) return hit;
    }
    return null;
  }

  /** receiver type (folder + type name) → its methods by name, built on the first interface call */
  private methodsByType?: Map<string, { dir: string; methods: Map<string, SymbolRef & { kind: "function" }> }>;
  private readonly implementations = new Map<string, SymbolRef | null>();

  /**
   * A method called through an interface (`d.location.Get` with the field typed
   * `location.Interface`): the method of the one type that implements the interface — it has
   * every method the interface declares, with the same parameter types. A type of the interface's own
   * package is preferred; several candidates left (mocks, alternative backends): not followed.
   */
  private implementation(files: FileFacts[], dotted: string): SymbolRef | null {
    const parts = dotted.split(".");
    if (parts.length !== 2 || !files.length) return null;
    const [iface, member] = parts as [string, string];
    const methods = files.map((f) => f.goInterfaces?.[iface]).find((m) => m !== undefined);
    if (!methods?.some((m) => m.name === member)) return null;
    const dir = dirOf(files[0]!.path);
    const key = `${dir}\u0000${dotted}`;
    if (this.implementations.has(key)) return this.implementations.get(key)!;
    if (!this.methodsByType) {
      this.methodsByType = new Map();
      for (const [d, list] of this.dirs) {
        for (const f of list) {
          for (const fn of f.functions) {
            const dot = fn.id.indexOf(".");
            // methods only (`Client.Get`): a closure's id has more dots
            if (dot <= 0 || fn.id.indexOf(".", dot + 1) >= 0 || !fn.topLevel) continue;
            const type = `${d}\u0000${fn.id.slice(0, dot)}`;
            const entry = this.methodsByType.get(type) ?? { dir: d, methods: new Map() };
            entry.methods.set(fn.id.slice(dot + 1), { kind: "function", file: f, fn });
            this.methodsByType.set(type, entry);
          }
        }
      }
    }
    const candidates: Array<{ dir: string; method: SymbolRef }> = [];
    for (const t of this.methodsByType.values()) {
      const all = methods.every((m) => {
        const impl = t.methods.get(m.name);
        const types = impl?.fn.paramTypes;
        return types !== undefined && types.length === m.paramTypes.length && types.every((t, i) => t === m.paramTypes[i]);
      });
      if (all) candidates.push({ dir: t.dir, method: t.methods.get(member)! });
    }
    const local = candidates.filter((c) => c.dir === dir);
    let pool = local.length ? local : candidates;
    // alternative backends (`MongoDB` and `SQLiteDB` behind `db.DB`): the worst case is the one that
    // holds a retrying client in a field (`MongoDB.client` with the driver's layer); one such type only
    if (pool.length > 1) {
      const retrying = pool.filter((c) => {
        const type = c.method.kind === "function" ? c.method.fn.id.slice(0, c.method.fn.id.indexOf(".")) : "";
        return (this.dirs.get(c.dir) ?? []).some((f) => f.clients.some((k) => k.layerIds.length > 0 && k.name.startsWith(`${type}.`) && k.name.split(".").length === 2));
      });
      if (retrying.length === 1) pool = retrying;
    }
    const found = pool.length === 1 ? pool[0]!.method : null;
    this.implementations.set(key, found);
    return found;
  }

  /**
   * The files calling the constructor of a method's receiver type: `Client.Put` in package
   * `location` → the calls of `NewClient` (`newClient`; `newDatabase` for type `database`) in the
   * workspace. null when the id is not a method or the package has no such constructor.
   */
  constructorCallers(file: FileFacts, methodId: string): FileFacts[] | null {
    const parts = methodId.split(".");
    if (parts.length !== 2) return null;
    const want = `new${parts[0]}`.toLowerCase();
    for (const f of this.dirs.get(dirOf(file.path)) ?? []) {
      const ctor = f.functions.find((fn) => fn.topLevel && !fn.id.includes(".") && fn.id.toLowerCase() === want);
      if (ctor) return [...new Set(this.callsOf(f, ctor).map((c) => c.file))];
    }
    return null;
  }

  /** fn (file + id) → the calls of it in the workspace (memoised; found by the callee's last name) */
  private readonly callers = new Map<string, Array<{ file: FileFacts; call: CallFact }>>();
  private callsByName?: Map<string, Array<{ file: FileFacts; call: CallFact }>>;

  /**
   * What the calls of a function pass for one of its parameters (`NewServer(logger, kvURL)` for
   * `func NewServer(logger *slog.Logger, kvURL string) *Server { return &Server{kvURL: kvURL} }`):
   * a value stored from a parameter (a constructor-injected field) is what its callers give it.
   * `name` is the parameter as the detector names it (`NewServer.kvURL`).
   */
  parameterArguments(file: FileFacts, name: string): Array<{ value: ValueExpr; file: FileFacts; scopeId: string }> {
    const dot = name.lastIndexOf(".");
    if (dot <= 0) return [];
    const fnId = name.slice(0, dot);
    const fn = this.lookup(file, fnId);
    if (fn?.kind !== "function") return [];
    const index = fn.fn.params.indexOf(name.slice(dot + 1));
    if (index < 0) return [];
    const out: Array<{ value: ValueExpr; file: FileFacts; scopeId: string }> = [];
    for (const { file: f, call } of this.callsOf(file, fn.fn)) {
      const arg = call.args.filter((a) => a.keyword === null)[index];
      if (arg?.value) out.push({ value: arg.value, file: f, scopeId: call.functionId });
    }
    return out;
  }

  /**
   * What the calls of a function pass, by name, for a parameter of a library client type
   * (`NewRepository(log, s.mongoClient)` for `func NewRepository(log *Logger, db *mongo.Client)`):
   * the argument as each call writes it, resolved in the caller's scope by the linker.
   */
  parameterClients(file: FileFacts, name: string): Array<{ name: string; file: FileFacts; scopeId: string }> {
    const dot = name.lastIndexOf(".");
    if (dot <= 0) return [];
    const fn = this.lookup(file, name.slice(0, dot));
    if (fn?.kind !== "function") return [];
    const index = fn.fn.params.indexOf(name.slice(dot + 1));
    if (index < 0) return [];
    const out: Array<{ name: string; file: FileFacts; scopeId: string }> = [];
    for (const { file: f, call } of this.callsOf(file, fn.fn)) {
      const arg = call.args.filter((a) => a.keyword === null)[index];
      if (arg?.name) out.push({ name: arg.name, file: f, scopeId: call.functionId });
    }
    return out;
  }

  private callsOf(file: FileFacts, fn: FunctionFact): Array<{ file: FileFacts; call: CallFact }> {
    const key = `${file.path}\u0000${fn.id}`;
    const hit = this.callers.get(key);
    if (hit) return hit;
    if (!this.callsByName) {
      this.callsByName = new Map();
      for (const files of this.dirs.values()) {
        for (const f of files) {
          for (const c of f.calls) {
            const last = c.callee.slice(c.callee.lastIndexOf(".") + 1);
            const list = this.callsByName.get(last) ?? [];
            list.push({ file: f, call: c });
            this.callsByName.set(last, list);
          }
        }
      }
    }
    const found = (this.callsByName.get(fn.name) ?? []).filter(({ file: f, call }) => {
      const r = this.resolve(f, call.functionId, call.callee);
      return r?.kind === "function" && r.fn === fn;
    });
    this.callers.set(key, found);
    return found;
  }

  /**
   * A package-level name in a package's files. A struct field typed `*http.Client` is a client in
   * the file declaring the struct, and the client built into it (with its retry layers) another
   * file's: the one with layers wins.
   */
  private inPackage(files: FileFacts[], name: string): SymbolRef | null {
    let first: SymbolRef | null = null;
    for (const f of files) {
      const hit = this.lookup(f, name);
      if (hit?.kind === "client" && hit.client.layerIds.length) return hit;
      first ??= hit;
    }
    return first;
  }

  /** importers of a package folder: the files outside it and the local name they import it by */
  private importers?: Map<string, Array<{ file: FileFacts; local: string }>>;

  /** A client named `<local>.Type.Field` in a file that imports the package of `dir` as `local`. */
  private fromImporters(dir: string, dotted: string): SymbolRef | null {
    if (!this.importers) {
      this.importers = new Map();
      for (const files of this.dirs.values()) {
        for (const f of files) {
          if (!f.clients.length) continue;
          for (const imp of f.imports) {
            if (!imp.local || imp.local === "." || imp.local === "_") continue;
            const target = this.packageFiles(imp.module, f)[0];
            if (!target || dirOf(target.path) === dirOf(f.path)) continue;
            const key = dirOf(target.path);
            const list = this.importers.get(key) ?? [];
            if (!list.length) this.importers.set(key, list);
            list.push({ file: f, local: imp.local });
          }
        }
      }
    }
    for (const { file, local } of this.importers.get(dir) ?? []) {
      const client = clientNamed(file, `${local}.${dotted}`);
      if (client) return { kind: "client", file, client };
    }
    return null;
  }

  /** An exact name in one file: client, constant, function. */
  private lookup(file: FileFacts, name: string): SymbolRef | null {
    const client = clientNamed(file, name);
    if (client) return { kind: "client", file, client };
    const constant = constantNamed(file, name);
    if (constant) return { kind: "constant", file, constant };
    let fns = this.functions.get(file);
    if (!fns) {
      fns = new Map(file.functions.map((fn) => [fn.id, { kind: "function" as const, file, fn }]));
      this.functions.set(file, fns);
    }
    return fns.get(name) ?? null;
  }
}

function joinDir(dir: string, rest: string): string {
  return [dir, rest].filter((s) => s !== "").join("/");
}

function isUnder(path: string, dir: string): boolean {
  return dir === "" || path.startsWith(`${dir}/`);
}
