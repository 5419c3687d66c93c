/**
 * Cross-file name resolution (Python modules, TS relative imports) and static evaluation of
 * value expressions (URLs from literals, constants, env vars and their manifest values).
 * Linear indexes built once per link; lookups are map hits.
 */
import type { ClientFact, ConstantFact, FileFacts, FunctionFact, ImportFact, ValueExpr } from "../model/facts";
import { INSTANCE_EXPORT } from "../model/facts";
import { viperEntries } from "./viperConfig";
import { ConfigIndex } from "./configEntries";
import { GoIndex } from "./resolveGo";
import { JvmIndex, JVM_LANGUAGES } from "./resolveJvm";
import { TsPaths } from "./tsPaths";
import { extendsInstances } from "./baseUrls";
import { clientInScope, clientNamed, constantNamed, functionsById } from "./factLookups";

export type SymbolRef =
  | { kind: "function"; file: FileFacts; fn: FunctionFact }
  | { kind: "client"; file: FileFacts; client: ClientFact }
  | { kind: "constant"; file: FileFacts; constant: ConstantFact }
  | { kind: "module"; file: FileFacts };

const TS_EXTENSIONS = [".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", "/index.ts", "/index.tsx", "/index.js"];

export class Resolver {
  private readonly byPath = new Map<string, FileFacts>();
  /** every dotted suffix of a Python module name → files (so `orders.app` finds `services/orders/orders/app.py`) */
  private readonly pyModules = new Map<string, FileFacts[]>();
  private readonly fnIndex = new Map<string, ReadonlyMap<string, FunctionFact>>();
  /** C#: fully qualified member ids (`Checkout.Resilience.Inventory`) across files */
  private readonly csSymbols = new Map<string, SymbolRef>();
  /** C# `global using` namespaces by the folder of the file declaring them (they apply under it) */
  private readonly csGlobalUsings: Array<{ dir: string; namespaces: string[] }> = [];
  /** Go: packages by folder, go.mod module paths (engine/resolveGo.ts) */
  private readonly go: GoIndex;
  /** Java/Kotlin: fully qualified ids, imports and packages (engine/resolveJvm.ts) */
  private readonly jvm: JvmIndex;
  /** application settings files (Spring, .NET) by project folder */
  readonly config: ConfigIndex;

  constructor(files: FileFacts[], private readonly fileService: Map<string, string | null>) {
    this.config = new ConfigIndex(files, viperEntries(files));
    this.go = new GoIndex(files);
    this.jvm = new JvmIndex(files, fileService);
    for (const f of files) {
      this.byPath.set(f.path, f);
      this.fnIndex.set(f.path, functionsById(f));
      if (f.language === "csharp") {
        // a const field is also a scope (FunctionFact): its value wins
        for (const c of f.constants) if (!this.csSymbols.has(c.name)) this.csSymbols.set(c.name, { kind: "constant", file: f, constant: c });
        for (const c of f.clients) if (!this.csSymbols.has(c.name)) this.csSymbols.set(c.name, { kind: "client", file: f, client: c });
        for (const fn of f.functions) if (!this.csSymbols.has(fn.id)) this.csSymbols.set(fn.id, { kind: "function", file: f, fn });
        if (f.dotnet?.globalUsings?.length) this.csGlobalUsings.push({ dir: f.path.includes("/") ? f.path.slice(0, f.path.lastIndexOf("/")) : "", namespaces: f.dotnet.globalUsings });
      }
      if (f.language === "python" && f.module !== null) {
        const keys = new Set<string>();
        const parts = f.module.split(".");
        for (let i = 0; i < parts.length; i++) keys.add(parts.slice(i).join("."));
        // the module's name with its `src` folder kept: code run from the repository root imports
        // `src.core.networking` (the `src` package itself on sys.path), which the name without
        // `src` (detectors/python/index.ts pythonModuleName) does not end with
        const withSrc = pythonPathModule(f.path);
        if (withSrc !== f.module) {
          const all = withSrc.split(".");
          for (let i = 0; i < all.length; i++) if (all.slice(i).includes("src")) keys.add(all.slice(i).join("."));
        }
        for (const key of keys) {
          const list = this.pyModules.get(key) ?? [];
          list.push(f);
          this.pyModules.set(key, list);
        }
      }
    }
  }

  file(path: string): FileFacts | undefined {
    return this.byPath.get(path);
  }

  functionById(file: FileFacts, id: string): FunctionFact | undefined {
    return this.fnIndex.get(file.path)?.get(id);
  }

  /** Go: what the calls of a function pass for one of its parameters (engine/resolveGo.ts) */
  goParameterArguments(file: FileFacts, name: string): Array<{ value: ValueExpr; file: FileFacts; scopeId: string }> {
    return this.go.parameterArguments(file, name);
  }

  /** Go: the arguments, by name, the calls of a function pass for a client parameter (engine/resolveGo.ts) */
  parameterClients(file: FileFacts, name: string): Array<{ name: string; file: FileFacts; scopeId: string }> {
    return this.go.parameterClients(file, name);
  }

  /** Go: the files calling the constructor of a method's receiver type (engine/resolveGo.ts) */
  goConstructorCallers(file: FileFacts, methodId: string): FileFacts[] | null {
    return this.go.constructorCallers(file, methodId);
  }

  /** A Python module by name, preferring a file in the same service as the importer. */
  pythonModule(name: string, from: FileFacts): FileFacts | undefined {
    const list = this.pyModules.get(name);
    if (!list?.length) return undefined;
    if (list.length === 1) return list[0];
    const exact = list.filter((f) => f.module === name);
    const pool = exact.length ? exact : list;
    const svc = this.fileService.get(from.path);
    return pool.find((f) => this.fileService.get(f.path) === svc) ?? pool[0];
  }

  /** tsconfig `paths`/`baseUrl` and workspace packages, built on the first non-relative import */
  private tsPaths?: TsPaths;

  tsModule(spec: string, from: FileFacts): FileFacts | undefined {
    if (!spec.startsWith(".")) {
      this.tsPaths ??= new TsPaths(this.byPath);
      if (this.tsPaths.isEmpty) return undefined;
      for (const base of this.tsPaths.candidates(spec, from.path)) {
        const f = this.tsFileAt(base);
        if (f?.language === "typescript") return f;
      }
      return undefined;
    }
    const dir = from.path.split("/").slice(0, -1);
    for (const seg of spec.split("/")) {
      if (seg === "." || seg === "") continue;
      if (seg === "..") dir.pop();
      else dir.push(seg);
    }
    return this.tsFileAt(dir.join("/"));
  }

  /** The TS/JS file a module path without extension names (`./x.js` written for `./x.ts` too). */
  private tsFileAt(base: string): FileFacts | undefined {
    const stem = base.replace(/\.(m|c)?js$|\.jsx$/, "");
    for (const candidate of [base, ...TS_EXTENSIONS.map((e) => stem + e)]) {
      const f = this.byPath.get(candidate);
      if (f) return f;
    }
    return undefined;
  }

  /**
   * Resolves a dotted name used in `file` inside function `scopeId`: nested and module
   * functions, clients, constants, then imports (following re-exports a few levels).
   */
  resolve(file: FileFacts, scopeId: string, dotted: string, depth = 0): SymbolRef | null {
    if (depth > 6) return null;
    if (file.language === "csharp") return this.resolveCSharp(file, scopeId, dotted);
    // the same name is looked up for every call through it, each lookup following imports (Go: the
    // folder's files): once per (file, scope, name, depth); nested maps, so no key string is built per lookup
    let inFile = this.resolved.get(file);
    if (!inFile) this.resolved.set(file, (inFile = new Map()));
    let inScope = inFile.get(scopeId);
    if (!inScope) inFile.set(scopeId, (inScope = new Map()));
    // Go resolution starts at depth 0 whatever the depth here (GoIndex counts its own)
    const key = depth === 0 || file.language === "go" ? dotted : `${dotted}\u0000${depth}`;
    const cached = inScope.get(key);
    if (cached !== undefined) return cached;
    const found = file.language === "go" ? this.go.resolve(file, scopeId, dotted) : JVM_LANGUAGES.has(file.language) ? this.jvm.resolve(file, scopeId, dotted) : this.resolveNamed(file, scopeId, dotted, depth);
    inScope.set(key, found);
    return found;
  }

  private readonly resolved = new Map<FileFacts, Map<string, Map<string, SymbolRef | null>>>();

  /** Python and TS/JS lookups (resolve): scopes, this-members, imports. */
  private resolveNamed(file: FileFacts, scopeId: string, dotted: string, depth: number): SymbolRef | null {
    const parts = dotted.split(".");
    // self.x / this.x inside a class method: a sibling method or an attribute client
    if ((parts[0] === "self" || parts[0] === "this") && parts.length >= 2) {
      // TS/JS: an arrow function keeps the method's `this` (`items.map((i) => this.svc.get(i))` in `Cls.m.<anon@L8>`)
      const arrowScope = file.language === "typescript" ? /^(.*?)(\.<anon@[^.]*>)+$/.exec(scopeId)?.[1] : undefined;
      if (arrowScope && arrowScope.includes(".")) return this.resolve(file, arrowScope, dotted, depth + 1);
      const cls = scopeId.includes(".") ? scopeId.slice(0, scopeId.lastIndexOf(".")) : "";
      const member = `${cls}.${parts[1]}`;
      // `self.db.query(…)` where `db` is a property returning an SDK client (detectors/python/clientReceivers.ts): the client
      const sdkClient = file.language === "python" ? file.clients.find((c) => c.name === `${parts[0]}.${parts[1]}` && c.sdk) : undefined;
      if (sdkClient) return { kind: "client", file, client: sdkClient };
      const fn = this.functionById(file, member);
      if (fn) return { kind: "function", file, fn };
      // TS/JS: a method the class inherits (`class XProvider extends SocialAbstract` calling `this.fetch(…)`)
      const inherited = parts.length === 2 && cls && file.language === "typescript" ? this.inheritedMethod(file, cls, parts[1]!, depth) : null;
      if (inherited) return inherited;
      const client = clientNamed(file, `${parts[0]}.${parts[1]}`);
      if (client) return { kind: "client", file, client };
      // `this.broker.publish` where a method set `this.broker = new Broker()`: Broker.publish
      const type = parts.length >= 3 ? file.fieldTypes?.[member] : undefined;
      if (type && !type.startsWith("this.") && !type.startsWith("self.")) return this.resolve(file, "<module>", [type, ...parts.slice(2)].join("."), depth + 1);
      // `this.userModel` set to a client of the module (`userModel = boxModel`): that client
      const held = parts.length === 2 && file.language === "typescript" ? file.fieldTypes?.[member] : undefined;
      const heldRef = held && !held.startsWith("this.") ? this.resolve(file, "<module>", held, depth + 1) : null;
      if (heldRef?.kind === "client") return heldRef;
      return null;
    }
    // `Cls.method(…)` on a class of this file (a static or class method): its function id
    if (parts.length >= 2) {
      const method = this.functionById(file, dotted);
      if (method) return { kind: "function", file, fn: method };
      const inherited = parts.length === 2 && file.language === "typescript" ? this.inheritedMethod(file, parts[0]!, parts[1]!, depth) : null;
      if (inherited) return inherited;
    }
    // TS/JS: `useCase.execute()` on a local bound to `new FindBoxUseCase()` in this scope or an enclosing one
    if (file.language === "typescript" && parts.length >= 2 && scopeId !== "<module>") {
      const scopes = scopeId.split(".");
      for (let i = scopes.length; i > 0; i--) {
        const type = this.functionById(file, scopes.slice(0, i).join("."))?.localInstances?.[parts[0]!];
        if (!type) continue;
        // only a class the workspace defines: else the other lookups below (a client of that name, a factory's object)
        const method = type === parts[0] ? null : this.resolve(file, "<module>", [type, ...parts.slice(1)].join("."), depth + 1);
        if (method) return method;
        break;
      }
    }
    const alias = scopeId === "<module>" ? file.exportAliases?.[parts[0]!] : undefined;
    const head = alias ?? parts[0]!;
    const local = this.local(file, scopeId, head);
    const pyMethod = local?.kind === "client" && parts.length === 2 && file.language === "python" ? this.pyInstanceMethod(local.file, local.client, parts[1]!, depth) : null;
    if (pyMethod) return pyMethod;
    if (local) return parts.length === 1 || local.kind !== "module" ? local : this.resolve(local.file, "<module>", parts.slice(1).join("."), depth + 1);
    // a key of an object constant of this file (`const connection = { maxRetriesPerRequest: 2 }` → `connection.maxRetriesPerRequest`)
    const keyed = parts.length > 1 && file.language === "typescript" ? constantNamed(file, dotted) : undefined;
    if (keyed) return { kind: "constant", file, constant: keyed };
    // TS/JS: a module-level instance (`const registry = new RegistryService()`): its class's method
    const moduleInstance = parts.length >= 2 && file.language === "typescript" ? file.instances?.[head] : undefined;
    const instanceMethod = moduleInstance && moduleInstance !== head ? this.resolve(file, "<module>", [moduleInstance, ...parts.slice(1)].join("."), depth + 1) : null;
    if (instanceMethod) return instanceMethod;
    // Python: else a name the function (or one it is nested in) imports in its own body
    const imp = file.imports.find((i) => i.local === head) ?? this.functionImport(file, scopeId, head);
    if (!imp) return null;
    const rest = parts.slice(1);
    if (file.language === "python") {
      // Django's `settings.NAME` is NAME of the project's settings module
      if (imp.module === "django.conf" && imp.member === "settings" && rest.length === 1) return this.djangoSetting(file, rest[0]!, depth);
      if (imp.member) {
        const target = this.pythonModule(imp.module, file);
        if (target) {
          const r = this.resolve(target, "<module>", [imp.member, ...rest].join("."), depth + 1);
          if (r) return r;
        }
        // `from pkg import module`
        const sub = this.pythonModule(`${imp.module}.${imp.member}`, file);
        if (sub) return rest.length ? this.resolve(sub, "<module>", rest.join("."), depth + 1) : { kind: "module", file: sub };
        return null;
      }
      // `import a.b` binds `a`; `a.b.f` → module a.b, name f (`import a.b as c`: `c.f` → a.b, f)
      const full = imp.module === head || imp.module.startsWith(`${head}.`) ? parts : [imp.module, ...rest];
      for (let i = full.length; i >= 1; i--) {
        const mod = this.pythonModule(full.slice(0, i).join("."), file);
        if (mod) return i === full.length ? { kind: "module", file: mod } : this.resolve(mod, "<module>", full.slice(i).join("."), depth + 1);
      }
      return null;
    }
    const target = this.tsModule(imp.module, file);
    if (!target) return null;
    if (imp.member === null && !imp.isDefault) {
      // CommonJS `module.exports = Order` where Order is an SDK client (a Mongoose model): the module is that client
      const def = rest.length ? undefined : target.exportAliases?.default;
      const sdkClient = def ? target.clients.find((c) => c.name === def && c.functionId === "<module>" && c.sdk) : undefined;
      if (sdkClient) return { kind: "client", file: target, client: sdkClient };
      // `module.exports = new OrderRepository()`: `orderRepository.findById` is the class's method
      const instanceOf = rest.length ? target.exportAliases?.[INSTANCE_EXPORT] : undefined;
      const method = instanceOf ? this.resolve(target, "<module>", [instanceOf, ...rest].join("."), depth + 1) : null;
      if (method) return method;
      return rest.length ? this.resolve(target, "<module>", rest.join("."), depth + 1) : { kind: "module", file: target };
    }
    const name = imp.isDefault ? "default" : imp.member!;
    // `export default new OrderRepository()` imported by default: its methods
    const instanceOf = imp.isDefault && rest.length ? target.exportAliases?.[INSTANCE_EXPORT] : undefined;
    const method = instanceOf ? this.resolve(target, "<module>", [instanceOf, ...rest].join("."), depth + 1) : null;
    if (method) return method;
    return this.resolve(target, "<module>", [name, ...rest].join("."), depth + 1);
  }

  /**
   * Django: `django.conf.settings.NAME` reads the uppercase names of the module DJANGO_SETTINGS_MODULE
   * names (django/conf/__init__.py `Settings.__init__`). That variable is set at run time, so the
   * settings module is taken as the one project module named `settings` (`proj/settings.py`,
   * `settings/__init__.py`) of the file's service that defines NAME; none or several: unknown.
   */
  private djangoSetting(file: FileFacts, name: string, depth: number): SymbolRef | null {
    if (!/^[A-Z][A-Z0-9_]*$/.test(name)) return null;
    this.settingsModules ??= [...this.byPath.values()].filter((f) => f.language === "python" && /(^|\.)settings$/.test(f.module ?? ""));
    const svc = this.fileService.get(file.path);
    const candidates = this.settingsModules.filter((f) => this.fileService.get(f.path) === svc && f.constants.some((c) => c.name === name));
    return candidates.length === 1 ? this.resolve(candidates[0]!, "<module>", name, depth + 1) : null;
  }

  /** Python modules named `settings` (Django settings candidates), listed on the first lookup */
  private settingsModules?: FileFacts[];

  /** Python: `name` imported in the body of the function `scopeId` or of one enclosing it (FileFacts.functionImports), innermost first. */
  private functionImport(file: FileFacts, scopeId: string, name: string): ImportFact | undefined {
    if (!file.functionImports || scopeId === "<module>") return undefined;
    for (let id = scopeId; id; id = id.includes(".") ? id.slice(0, id.lastIndexOf(".")) : "") {
      const imp = file.functionImports[id]?.find((i) => i.local === name);
      if (imp) return imp;
    }
    return undefined;
  }

  /**
   * TS/JS: the method `cls` (a class of `file`) inherits from what it `extends`, nearest first
   * (FileFacts.supertypes; an `implements`-ed interface has no method bodies, so it finds none).
   */
  private inheritedMethod(file: FileFacts, cls: string, method: string, depth: number): SymbolRef | null {
    for (const base of file.supertypes?.[cls] ?? []) {
      if (base === cls) continue;
      const r = this.resolve(file, "<module>", `${base}.${method}`, depth + 1);
      if (r?.kind === "function") return r;
    }
    return null;
  }

  /**
   * C# names: ids are fully qualified, so a name used inside `Ns.Class.Method` is tried as
   * `Ns.Class.Method.name`, `Ns.Class.name`, `Ns.name`, `name`, then under each `using` namespace
   * (a `using A = B.C;` alias is replaced first). Same file first, then the whole workspace.
   */
  /** C# lookups by (file, scope, name): the same receiver is resolved for every call through it, and each lookup tries every using and global using */
  private readonly csResolved = new Map<FileFacts, Map<string, SymbolRef | null>>();
  private resolveCSharp(file: FileFacts, scopeId: string, dotted: string): SymbolRef | null {
    let inFile = this.csResolved.get(file);
    if (!inFile) this.csResolved.set(file, (inFile = new Map()));
    const key = `${scopeId}\u0000${dotted}`;
    const cached = inFile.get(key);
    if (cached !== undefined) return cached;
    const found = this.resolveCSharpUncached(file, scopeId, dotted);
    inFile.set(key, found);
    return found;
  }

  private resolveCSharpUncached(file: FileFacts, scopeId: string, dotted: string): SymbolRef | null {
    let name = dotted.startsWith("this.") ? dotted.slice(5) : dotted;
    const head = name.split(".")[0]!;
    const alias = file.imports.find((i) => i.local === head && i.local !== i.module);
    if (alias) name = alias.module + name.slice(head.length);
    const prefixes = scopePrefixes(scopeId);
    for (const imp of file.imports) if (imp.local === imp.module) prefixes.push(imp.module);
    for (const g of this.csGlobalUsings) if (g.dir === "" || file.path.startsWith(`${g.dir}/`)) prefixes.push(...g.namespaces);
    for (const prefix of prefixes) {
      const id = prefix ? `${prefix}.${name}` : name;
      const constant = constantNamed(file, id);
      if (constant) return { kind: "constant", file, constant };
      const client = clientNamed(file, id);
      if (client) return { kind: "client", file, client };
      const fn = this.functionById(file, id);
      if (fn) return { kind: "function", file, fn };
      const global = this.csSymbols.get(id);
      if (global) return global;
    }
    return null;
  }

  /**
   * Python: a module-level instance of a workspace class (`timeseries_db = DatabaseClient()`, also
   * built from a class a dynamic import returns: `load_backend(…).DatabaseClient()`): its method.
   * The class is followed through the file's names, else it is the one class of that name in the
   * workspace defining the method (the nearest to the file when several do).
   */
  private pyInstanceMethod(file: FileFacts, client: ClientFact, method: string, depth: number): SymbolRef | null {
    if (client.library !== "unknown" || !client.fromCall || client.functionId !== "<module>") return null;
    const written = client.fromCall;
    if (/^[\w.]+$/.test(written)) {
      const r = this.resolve(file, "<module>", `${written}.${method}`, depth + 1);
      if (r?.kind === "function") return r;
    }
    const cls = /(?:^|\.)([A-Z]\w*)$/.exec(written)?.[1];
    if (!cls) return null;
    const hits = this.pyFunctionsById().get(`${cls}.${method}`);
    if (!hits?.length) return null;
    const common = (p: string) => {
      let i = 0;
      while (i < p.length && i < file.path.length && p[i] === file.path[i]) i++;
      return i;
    };
    const best = Math.max(...hits.map((h) => common(h.file.path)));
    const nearest = hits.filter((h) => common(h.file.path) === best);
    return nearest.length === 1 ? { kind: "function", file: nearest[0]!.file, fn: nearest[0]!.fn } : null;
  }

  /** Python module files' functions by id (`DatabaseClient.query` → every file defining it), built on first use: one map hit per lookup instead of a scan of every module */
  private pyFnById?: Map<string, Array<{ file: FileFacts; fn: FunctionFact }>>;
  private pyFunctionsById(): Map<string, Array<{ file: FileFacts; fn: FunctionFact }>> {
    if (this.pyFnById) return this.pyFnById;
    const index = new Map<string, Array<{ file: FileFacts; fn: FunctionFact }>>();
    for (const f of new Set([...this.pyModules.values()].flat())) {
      for (const fn of this.fnIndex.get(f.path)?.values() ?? []) {
        const list = index.get(fn.id);
        if (list) list.push({ file: f, fn });
        else index.set(fn.id, [{ file: f, fn }]);
      }
    }
    this.pyFnById = index;
    return index;
  }

  private local(file: FileFacts, scopeId: string, name: string): SymbolRef | null {
    // innermost scope first: f.g.name, f.name, name
    for (const prefix of scopePrefixes(scopeId)) {
      const id = prefix ? `${prefix}.${name}` : name;
      const fn = this.functionById(file, id);
      if (fn) return { kind: "function", file, fn };
      const client = clientInScope(file, prefix || "<module>", name);
      if (client) return { kind: "client", file, client };
    }
    const constant = constantNamed(file, name);
    if (constant) return { kind: "constant", file, constant };
    return null;
  }

  /**
   * The client a name stands for, following factories (`session = make_session()`) and
   * imports. A client fact that merely names an imported client (`axiosRetry(importedApi)`
   * records one in the importing file) is a stub: the real client is followed and the stub's
   * layers are kept.
   */
  clientOf(ref: SymbolRef | null, depth = 0): ResolvedClient | null {
    if (!ref || depth > 6 || ref.kind !== "client") return null;
    const c = ref.client;
    const own = c.layerIds.map((id) => `${ref.file.path}#${id}`);
    const imported = ref.file.imports.some((i) => i.local === c.name);
    if (imported && c.fromCall === null) {
      const real = this.resolveImport(ref.file, c.name);
      const resolved = real?.kind === "client" && real.client !== c ? this.clientOf(real, depth + 1) : null;
      if (resolved) return { ...resolved, layers: [...resolved.layers, ...own.filter((l) => !resolved.layers.includes(l))] };
    }
    // Go: a client handed in through a parameter (`func NewRepo(db *mongo.Client)`): what the callers pass
    if (c.fromParam && !c.layerIds.length && c.library !== "unknown") {
      const passed = this.injectedClient(ref.file, c, depth);
      if (passed) return passed;
    }
    if (c.library !== "unknown") return c.onClient && c.baseUrl === null ? this.onClient(ref.file, c, own, depth) : { file: ref.file, client: c, layers: own };
    if (!c.fromCall) return null;
    const extended = this.extendedInstance(ref.file, c, own, depth);
    if (extended) return extended;
    const factory = this.resolve(ref.file, c.functionId, c.fromCall);
    if (factory?.kind === "function" && factory.fn.returnsClientId) {
      const built = factory.file.clients.find((k) => k.id === factory.fn.returnsClientId);
      const resolved = built ? this.clientOf({ kind: "client", file: factory.file, client: built }, depth + 1) : null;
      return resolved && c.fromCallArgs?.length ? withArguments(resolved, factory.fn, c, ref.file) : resolved;
    }
    return null;
  }

  /**
   * The client a Go function's callers pass for its client parameter (ClientFact.fromParam): the
   * first one with retry layers, else the first found. The stub keeps its own name and scope
   * (the calls it sends are its own), and takes the passed client's library settings and layers.
   */
  private injectedClient(file: FileFacts, c: ClientFact, depth: number): ResolvedClient | null {
    let first: ResolvedClient | null = null;
    for (const arg of this.parameterClients(file, c.fromParam!).slice(0, 16)) {
      const ref = this.resolve(arg.file, arg.scopeId, arg.name);
      if (ref?.kind !== "client" || ref.client === c) continue;
      const passed = this.clientOf(ref, depth + 1);
      if (!passed || passed.client.library !== c.library) continue;
      if (passed.layers.length) return passed;
      first ??= passed;
    }
    return first ?? (file.language === "go" ? this.containerClient(file, c, depth) : null);
  }

  /** Go constructors handed to a dependency-injection container (fx.Provide, fx.Invoke, dig's Container.Provide) */
  private containerFunctions?: Set<FunctionFact>;

  /**
   * A client parameter of a constructor that a dependency-injection container calls (uber-go/fx
   * `fx.Provide(NewFilesHandler, configureAwsS3)`, dig): the container passes what another
   * registered constructor returns for that type, so the one registered constructor returning a
   * client of the same library (and SDK service) is the client. Several: unknown (none is picked).
   */
  private containerClient(file: FileFacts, c: ClientFact, depth: number): ResolvedClient | null {
    const registered = this.registeredConstructors();
    const consumer = this.resolve(file, "<module>", c.fromParam!.slice(0, c.fromParam!.lastIndexOf(".")));
    if (consumer?.kind !== "function" || !registered.has(consumer.fn)) return null;
    const found = new Map<string, ResolvedClient>();
    for (const fn of registered) {
      if (!fn.returnsClientId) continue;
      const owner = this.goFileOf(fn);
      const built = owner?.clients.find((k) => k.id === fn.returnsClientId);
      if (!owner || !built || built === c) continue;
      const resolved = this.clientOf({ kind: "client", file: owner, client: built }, depth + 1);
      if (!resolved || resolved.client.library !== c.library) continue;
      if (c.sdk?.target && resolved.client.sdk?.target && c.sdk.target !== resolved.client.sdk.target) continue;
      found.set(`${resolved.file.path}#${resolved.client.id}`, resolved);
    }
    return found.size === 1 ? [...found.values()][0]! : null;
  }

  private readonly fnFiles = new Map<FunctionFact, FileFacts>();

  private goFileOf(fn: FunctionFact): FileFacts | null {
    return this.fnFiles.get(fn) ?? null;
  }

  private registeredConstructors(): Set<FunctionFact> {
    if (this.containerFunctions) return this.containerFunctions;
    const out = new Set<FunctionFact>();
    for (const f of this.byPath.values()) {
      if (f.language !== "go") continue;
      const containers = new Set(f.imports.filter((i) => /^go\.uber\.org\/(fx|dig)$/.test(i.module)).map((i) => i.local));
      if (!containers.size) continue;
      for (const call of f.calls) {
        const dot = call.callee.lastIndexOf(".");
        const head = call.callee.slice(0, call.callee.indexOf("."));
        // fx.Provide / fx.Invoke / fx.Annotate / fx.Decorate; dig: container.Provide / container.Invoke
        if (dot < 0 || !/^(Provide|Invoke|Annotate|Decorate)$/.test(call.callee.slice(dot + 1))) continue;
        if (!containers.has(head) && !f.imports.some((i) => i.module === "go.uber.org/dig")) continue;
        for (const arg of call.args) {
          if (!arg.name) continue;
          const ref = this.resolve(f, call.functionId, arg.name);
          if (ref?.kind !== "function") continue;
          out.add(ref.fn);
          this.fnFiles.set(ref.fn, ref.file);
        }
      }
    }
    this.containerFunctions = out;
    return out;
  }

  /**
   * `api.extend({ prefixUrl })` on a got/ky instance of another module (engine/baseUrls.ts): the
   * base's options with the extension's merged over them — its layers, timeout and base URL,
   * the extension's own prefixUrl (ClientFact.baseUrl) first.
   */
  private extendedInstance(file: FileFacts, c: ClientFact, own: string[], depth: number): ResolvedClient | null {
    const dot = c.fromCall!.lastIndexOf(".");
    if (dot <= 0 || c.fromCall!.slice(dot + 1) !== "extend") return null;
    const base = this.clientOf(this.resolve(file, c.functionId, c.fromCall!.slice(0, dot)), depth + 1);
    if (!base || !extendsInstances(base.client.library)) return null;
    const baseUrl: ValueExpr | null = c.baseUrl ?? (base.client.baseUrl ? { kind: "bound", value: base.client.baseUrl, file: base.file.path, scopeId: base.client.functionId } : null);
    const client: ClientFact = { ...c, library: base.client.library, baseUrl, timeoutSeconds: base.client.timeoutSeconds, timeoutSet: base.client.timeoutSet };
    return { file, client, layers: [...base.layers, ...own.filter((l) => !base.layers.includes(l))] };
  }

  /** A client built on another (a gRPC stub on its conn): the other's target and layers, then its own. */
  private onClient(file: FileFacts, c: ClientFact, own: string[], depth: number): ResolvedClient {
    const base = this.clientOf(this.resolve(file, c.functionId, c.onClient!), depth + 1);
    if (!base) return { file, client: c, layers: own };
    const baseUrl: ValueExpr | null = base.client.baseUrl ? { kind: "bound", value: base.client.baseUrl, file: base.file.path, scopeId: base.client.functionId } : null;
    return { file, client: { ...c, baseUrl }, layers: [...base.layers, ...own.filter((l) => !base.layers.includes(l))] };
  }

  /** Resolves a name through the file's imports only (skipping local bindings). */
  resolveImport(file: FileFacts, name: string): SymbolRef | null {
    const imp = file.imports.find((i) => i.local === name);
    if (!imp) return null;
    const target = file.language === "python" ? this.pythonModule(imp.module, file) : this.tsModule(imp.module, file);
    if (!target) return null;
    const member = imp.isDefault ? "default" : imp.member;
    return member ? this.resolve(target, "<module>", member, 1) : { kind: "module", file: target };
  }
}

/**
 * A client a factory built from its parameters, as one call site gets it: references to a
 * parameter in its base URL stand for that call's argument, evaluated where the call is.
 */
function withArguments(resolved: ResolvedClient, factory: FunctionFact, call: ClientFact, callFile: FileFacts): ResolvedClient {
  const url = resolved.client.baseUrl;
  if (!url) return resolved;
  const bind = (v: ValueExpr): ValueExpr => {
    if (v.kind === "concat") return { ...v, parts: v.parts.map(bind) };
    if (v.kind !== "ref") return v;
    // parameters are named in the factory's scope (Go: `dial.host`), or bare
    const name = v.name.startsWith(`${factory.id}.`) ? v.name.slice(factory.id.length + 1) : v.name;
    const i = factory.params.indexOf(name);
    const arg = i >= 0 ? call.fromCallArgs?.[i] : undefined;
    return arg ? { kind: "bound", value: arg, file: callFile.path, scopeId: call.functionId } : v;
  };
  return { ...resolved, client: { ...resolved.client, baseUrl: bind(url) } };
}

export interface ResolvedClient {
  file: FileFacts;
  client: ClientFact;
  /** global layer ids on the client (its own, plus those configured through stubs) */
  layers: string[];
}

/** The entry `key` of a map value (a map literal, or a constant holding one), where it is written. */
function mapEntry(of: ValueExpr, key: string, file: FileFacts, scopeId: string, resolver: Resolver, depth: number): { value: ValueExpr; file: FileFacts; scopeId: string } | null {
  if (depth > 8) return null;
  if (of.kind === "map") return of.entries[key] ? { value: of.entries[key]!, file, scopeId } : null;
  // `get_settings_value("RETRY_OPTIONS", dict(max_retries=6))["max_retries"]`: the default's entry
  if (of.kind === "setting" && of.projectSetting && of.fallback) return mapEntry(of.fallback, key, file, scopeId, resolver, depth + 1);
  if (of.kind === "ref") {
    // Python: an entry set once by a subscript assignment in the file (`app.config["X"] = …`, detectors/python/module.ts)
    const assigned = file.language === "python" ? file.constants.find((c) => c.name === `${of.name}[${JSON.stringify(key)}]`) : undefined;
    if (assigned) return { value: assigned.value, file, scopeId: "<module>" };
    const r = resolver.resolve(file, scopeId, of.name);
    const c = constantOf(r);
    return c ? mapEntry(c.constant.value, key, c.file, "<module>", resolver, depth + 1) : null;
  }
  return null;
}

/**
 * A name bound to a value: a constant, or a module-level `X = f(…)` the file records both as a
 * client some factory may build (library unknown) and as a constant (a settings getter's value, `dict(…)`).
 */
export function constantOf(r: SymbolRef | null): { file: FileFacts; constant: ConstantFact } | null {
  if (r?.kind === "constant") return { file: r.file, constant: r.constant };
  if (r?.kind !== "client" || r.client.library !== "unknown" || r.client.functionId !== "<module>") return null;
  // a module-level call the file reads as a value (a settings getter, `dict(…)`, an environment lookup), not a client
  const constant = r.file.constants.find((c) => c.name === r.client.name && (c.value.kind === "setting" || c.value.kind === "map" || c.value.kind === "env"));
  return constant ? { file: r.file, constant } : null;
}

/**
 * The project setting whose default a value reads, through names and dict entries
 * (`OPTIONS["max_retries"]` with `OPTIONS = get_settings_value("RETRY_OPTIONS", dict(…))` in
 * another module), for the provenance a hover shows; null when the value is no setting's default.
 */
export function projectSettingOf(value: ValueExpr | null, file: FileFacts, scopeId: string, resolver: Resolver, depth = 0): { key: string; file: string } | null {
  if (!value || depth > 8) return null;
  if (value.kind === "setting") return value.projectSetting ? { key: value.key, file: file.path } : null;
  if (value.kind === "index") return projectSettingOf(value.of, file, scopeId, resolver, depth + 1);
  if (value.kind === "ref") {
    const r = resolver.resolve(file, scopeId, value.name);
    const c = constantOf(r);
    return c ? projectSettingOf(c.constant.value, c.file, "<module>", resolver, depth + 1) : null;
  }
  return null;
}

/**
 * A called function's parameters bound to one call's arguments: a URL built from a parameter
 * (`func vote(webURL string) { http.Get(webURL + "/api/vote") }`) takes the value the call passes
 * (`vote(baseURL)`), evaluated where the call is.
 */
export interface ParamBinding {
  fnId: string;
  fnFile: string;
  params: readonly string[];
  args: ReadonlyArray<{ value: ValueExpr; file: string; scopeId: string } | null>;
}

/** The argument a parameter reference stands for (innermost call first), or null. */
function boundArgument(name: string, file: FileFacts, scopeId: string, bindings: readonly ParamBinding[]): ParamBinding["args"][number] {
  for (let i = bindings.length - 1; i >= 0; i--) {
    const b = bindings[i]!;
    if (b.fnFile !== file.path) continue;
    const param = name.startsWith(`${b.fnId}.`) ? name.slice(b.fnId.length + 1) : scopeId === b.fnId || scopeId.startsWith(`${b.fnId}.`) ? name : null;
    const at = param === null ? -1 : b.params.indexOf(param);
    if (at >= 0 && b.args[at]) return b.args[at]!;
  }
  return null;
}

/**
 * Evaluates a value to a string where it can be known. Env vars take the running service's
 * value from its manifests, then the code's fallback.
 */
export function evaluate(
  value: ValueExpr | null,
  file: FileFacts,
  scopeId: string,
  resolver: Resolver,
  env: Record<string, string>,
  depth = 0,
  /** set when the result is only the known beginning of the value (a later part is not known) */
  partial?: { partial: boolean },
  /** the parameters of the functions the value was reached through, bound to their call's arguments */
  bindings?: readonly ParamBinding[],
): string | null {
  // Go values go through config helpers and constructors (a call's return, a parameter's argument): deeper chains
  if (!value || depth > (file.language === "go" ? 24 : 8)) return null;
  switch (value.kind) {
    case "string":
      return value.value;
    case "number":
      return String(value.value);
    case "env": {
      // Go `os.Getenv(key)` in a helper: the name is the value its caller passes
      const name = value.nameExpr ? evaluate(value.nameExpr, file, scopeId, resolver, env, depth + 1, undefined, bindings) : value.name;
      if (name === null) return null;
      if (env[name] !== undefined) return env[name]!;
      return evaluate(value.fallback ?? null, file, scopeId, resolver, env, depth + 1, partial, bindings);
    }
    case "call":
      return file.language === "go" ? evaluateGoCall(value, file, scopeId, resolver, env, depth, partial, bindings) : null;
    case "ref": {
      const found = resolver.resolve(file, scopeId, value.name);
      const bound = constantOf(found);
      const r = bound ? { kind: "constant" as const, ...bound } : found;
      if (r?.kind === "constant") {
        // C# constants are named by qualified id: their own references resolve in their class
        const scope = (r.file.language === "csharp" || JVM_LANGUAGES.has(r.file.language)) && r.constant.name.includes(".") ? r.constant.name.slice(0, r.constant.name.lastIndexOf(".")) : "<module>";
        return evaluate(r.constant.value, r.file, scope, resolver, env, depth + 1, partial, bindings);
      }
      const arg = bindings?.length ? boundArgument(value.name, file, scopeId, bindings) : null;
      const where = arg ? resolver.file(arg.file) : undefined;
      if (arg && where) return evaluate(arg.value, where, arg.scopeId, resolver, env, depth + 1, partial, bindings);
      // Go: a parameter no call on the way binds (a constructor storing it in a field): what its callers pass
      if (file.language === "go") {
        for (const a of resolver.goParameterArguments(file, value.name)) {
          const part = { partial: false };
          const v = evaluate(a.value, a.file, a.scopeId, resolver, env, depth + 1, part);
          if (v === null) continue;
          if (partial && part.partial) partial.partial = true;
          return v;
        }
      }
      return null;
    }
    case "setting": {
      // a Python project's settings module is code: only the default written beside the lookup is known
      if (value.projectSetting) return evaluate(value.fallback ?? null, file, scopeId, resolver, env, depth + 1, partial, bindings);
      // the environment overrides a setting (Spring relaxed binding: inventory.url ← INVENTORY_URL)
      const envName = value.key.replace(/[.:-]/g, "_").toUpperCase();
      if (env[envName] !== undefined) return env[envName]!;
      // a variable named exactly as the setting (`todoUrl=…` in a compose file) binds it too
      if (env[value.key] !== undefined) return env[value.key]!;
      // .NET: `Services__Inventory` sets `Services:Inventory`, names compared without case
      const dotnetName = value.key.replace(/[.:]/g, "__").toLowerCase();
      const dotnet = file.language === "csharp" ? Object.keys(env).find((k) => k.toLowerCase() === dotnetName) : undefined;
      if (dotnet !== undefined) return env[dotnet]!;
      // viper AutomaticEnv: `<PREFIX>_REDIS.MAXRETRIES` (or `_REDIS_MAXRETRIES` with a "." → "_" replacer)
      if (value.envPrefixed) {
        const names = [value.key.toUpperCase(), value.key.replace(/\./g, "_").toUpperCase()];
        const viperEnv = Object.keys(env).find((k) => names.some((n) => k.toUpperCase() === n || k.toUpperCase().endsWith(`_${n}`)));
        if (viperEnv !== undefined) return env[viperEnv]!;
      }
      const hit = resolver.config.lookup(file.path, value.key, 0, env);
      if (hit) return hit.value;
      return evaluate(value.fallback ?? null, file, scopeId, resolver, env, depth + 1, partial, bindings);
    }
    case "envChoice": {
      const chosen = value.equals !== undefined ? env[value.name] === value.equals : env[value.name] !== undefined;
      return evaluate(chosen ? value.set : value.unset, file, scopeId, resolver, env, depth + 1, partial, bindings);
    }
    case "map":
      return null;
    case "index": {
      const entry = mapEntry(value.of, value.key, file, scopeId, resolver, depth);
      return entry ? evaluate(entry.value, entry.file, entry.scopeId, resolver, env, depth + 1, partial, bindings) : null;
    }
    case "bound": {
      const where = resolver.file(value.file);
      return where ? evaluate(value.value, where, value.scopeId, resolver, env, depth + 1, partial, bindings) : null;
    }
    case "concat": {
      let out = "";
      for (const p of value.parts) {
        const v = evaluate(p, file, scopeId, resolver, env, depth + 1, partial, bindings);
        if (v === null) {
          if (partial) partial.partial = true;
          return out.length ? out : null;
        }
        out += v;
      }
      return out;
    }
    default:
      return null;
  }
}

/**
 * Go: what a call returns. `strings.ReplaceAll/Replace(s, old, new)` is applied; a workspace
 * function's FunctionFact.returnValue is evaluated in its own scope with its parameters bound to
 * the call's arguments (evaluated where the call is).
 */
function evaluateGoCall(
  value: Extract<ValueExpr, { kind: "call" }>,
  file: FileFacts,
  scopeId: string,
  resolver: Resolver,
  env: Record<string, string>,
  depth: number,
  partial: { partial: boolean } | undefined,
  bindings: readonly ParamBinding[] | undefined,
): string | null {
  const arg = (i: number) => evaluate(value.args[i] ?? null, file, scopeId, resolver, env, depth + 1, undefined, bindings);
  const dot = value.callee.indexOf(".");
  const path = dot > 0 ? file.imports.find((i) => i.local === value.callee.slice(0, dot))?.module : undefined;
  if (path === "strings") {
    const member = value.callee.slice(dot + 1);
    if (member !== "ReplaceAll" && member !== "Replace") return null;
    const [s, from, to] = [arg(0), arg(1), arg(2)];
    if (s === null || from === null || to === null) return null;
    if (member === "ReplaceAll") return s.split(from).join(to);
    const n = Number(arg(3) ?? "-1");
    let out = s;
    for (let done = 0; (n < 0 || done < n) && from !== "" && out.includes(from); done++) out = out.replace(from, to);
    return out;
  }
  const target = resolver.resolve(file, scopeId, value.callee);
  if (target?.kind !== "function" || !target.fn.returnValue) return null;
  const binding: ParamBinding = {
    fnId: target.fn.id,
    fnFile: target.file.path,
    params: target.fn.params,
    args: target.fn.params.map((_, i) => (value.args[i] && value.args[i]!.kind !== "unknown" ? { value: value.args[i]!, file: file.path, scopeId } : null)),
  };
  return evaluate(target.fn.returnValue, target.file, target.fn.id, resolver, env, depth + 1, partial, [...(bindings ?? []), binding]);
}

/** Host of a URL or DSN: `http://inventory:8000/x` → inventory; `postgresql://u@postgres:5432/db` → postgres. */
export function hostOf(url: string): string | null {
  const text = url.trim();
  if (text.length === 0 || text.startsWith("/")) return null;
  try {
    // WHATWG URL parses any scheme://authority form, DSNs included
    const parsed = new URL(text.includes("://") ? text : `tcp://${text}`);
    const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase();
    return host.length ? host : null;
  } catch {
    return null;
  }
}

export function schemeOf(url: string): string | null {
  const text = url.trim();
  if (!text.includes("://")) return null;
  try {
    return new URL(text).protocol.replace(/:$/, "").toLowerCase();
  } catch {
    return null;
  }
}

/** `src/core/networking.py` → `src.core.networking` (every folder kept; `__init__` is its package). */
function pythonPathModule(path: string): string {
  return path
    .replace(/\.pyi?$/, "")
    .replace(/(^|\/)__init__$/, "")
    .split("/")
    .filter(Boolean)
    .join(".");
}

/** A scope and the scopes it is nested in, innermost first, ending with "" (the module): `A.b.c` → A.b.c, A.b, A, "". */
function scopePrefixes(scopeId: string): string[] {
  const out: string[] = [];
  if (scopeId !== "<module>") {
    for (let id = scopeId; ; id = id.slice(0, id.lastIndexOf("."))) {
      out.push(id);
      if (!id.includes(".")) break;
    }
  }
  out.push("");
  return out;
}
