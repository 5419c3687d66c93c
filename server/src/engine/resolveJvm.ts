/**
 * Java/Kotlin name resolution. Ids are fully qualified (detectors/java/syntax.ts): a name used
 * inside `com.shop.orders.OrderService.place` is tried in the innermost scope first
 * (`…place.name`, `…OrderService.name`, the package), then through the file's single-type imports
 * (`InventoryClient` → `com.shop.inventory.InventoryClient`, Kotlin aliases included), wildcard
 * imports (`com.shop.inventory.*`), and same-package classes of other files. Constants, clients
 * and functions of the file win over the workspace; among workspace symbols with the same id
 * (two services sharing a package name) the importer's own service wins.
 * Calls on injected fields arrive named after the field's type (`InventoryClient.reserve`).
 * A method without calls on an interface or abstract class (`OrderService.place` for an injected
 * `OrderService`) stands for the implementing class's method (`OrderServiceImpl.place`), as the
 * injected bean is the implementation: FileFacts.supertypes says which classes implement what.
 */
import type { FileFacts } from "../model/facts";
import { BEAN_PREFIX } from "../detectors/java/http";
import { IMPLEMENTATION_PREFIX } from "../detectors/java/layers";
import type { SymbolRef } from "./resolve";

export const JVM_LANGUAGES: ReadonlySet<string> = new Set(["java", "kotlin"]);

export class JvmIndex {
  private readonly symbols = new Map<string, SymbolRef[]>();
  private readonly local = new Map<FileFacts, Map<string, SymbolRef>>();
  /** `${path}::${functionId}` of functions with at least one call */
  private readonly withCalls = new Set<string>();
  /** supertype id → implementing classes; built on first use (it resolves names) */
  private implementors?: Map<string, Array<{ file: FileFacts; classId: string }>>;
  private readonly files: FileFacts[] = [];

  constructor(files: FileFacts[], private readonly fileService: Map<string, string | null>) {
    for (const f of files) {
      if (!JVM_LANGUAGES.has(f.language)) continue;
      const own = new Map<string, SymbolRef>();
      // a constant field is also a scope (FunctionFact): its value wins; then clients, then functions
      for (const c of f.constants) if (!own.has(c.name)) own.set(c.name, { kind: "constant", file: f, constant: c });
      for (const c of f.clients) if (!own.has(c.name)) own.set(c.name, { kind: "client", file: f, client: c });
      for (const fn of f.functions) if (!own.has(fn.id)) own.set(fn.id, { kind: "function", file: f, fn });
      this.local.set(f, own);
      this.files.push(f);
      for (const c of f.calls) this.withCalls.add(`${f.path}::${c.functionId}`);
      for (const [id, ref] of own) {
        const list = this.symbols.get(id);
        if (list) list.push(ref);
        else this.symbols.set(id, [ref]);
      }
    }
  }

  get empty(): boolean {
    return this.symbols.size === 0;
  }

  resolve(file: FileFacts, scopeId: string, dotted: string): SymbolRef | null {
    if (dotted.startsWith(BEAN_PREFIX)) return this.bean(file, dotted.slice(BEAN_PREFIX.length));
    if (dotted.startsWith(IMPLEMENTATION_PREFIX)) return this.implementing(file, scopeId, dotted.slice(IMPLEMENTATION_PREFIX.length));
    const ref = this.lookup(file, scopeId, dotted);
    return ref?.kind === "function" ? this.implementation(ref, file, 0) : ref;
  }

  /**
   * An injected client (`fromCall` `@bean:<library>:<name>`): the `@Bean` factory building a
   * client of that library (a FunctionFact with returnsClientId), as Spring picks it: the
   * importer's service first, the factory named like the injection point when several match.
   */
  private bean(from: FileFacts, spec: string): SymbolRef | null {
    const colon = spec.lastIndexOf(":");
    const library = spec.slice(0, colon);
    const name = spec.slice(colon + 1);
    const svc = this.fileService.get(from.path);
    const found: Array<SymbolRef & { kind: "function" }> = [];
    for (const f of this.files) {
      for (const fn of f.functions) {
        if (!fn.returnsClientId || f.clients.find((c) => c.id === fn.returnsClientId)?.library !== library) continue;
        if (this.fileService.get(f.path) === svc) found.push({ kind: "function", file: f, fn });
      }
    }
    return found.find((r) => r.fn.name === name) ?? (found.length === 1 ? found[0]! : null);
  }

  /** `@impl:name` called from the abstract `Type.name`: the implementing class's `name`, same service first. */
  private implementing(from: FileFacts, scopeId: string, name: string): SymbolRef | null {
    const owner = scopeId.slice(0, scopeId.lastIndexOf("."));
    const svc = this.fileService.get(from.path);
    const impls = this.implementorsOf(owner);
    for (const impl of [...impls.filter((i) => this.fileService.get(i.file.path) === svc), ...impls]) {
      const hit = this.local.get(impl.file)?.get(`${impl.classId}.${name}`);
      if (hit?.kind === "function") return this.implementation(hit, from, 1);
    }
    return null;
  }

  /** An abstract method (no calls) of a type that classes implement: the implementation's method, same service first. */
  private implementation(ref: SymbolRef & { kind: "function" }, from: FileFacts, depth: number): SymbolRef {
    if (depth > 3 || this.withCalls.has(`${ref.file.path}::${ref.fn.id}`)) return ref;
    const dot = ref.fn.id.lastIndexOf(".");
    if (dot < 0) return ref;
    const impls = this.implementorsOf(ref.fn.id.slice(0, dot));
    const svc = this.fileService.get(from.path);
    const ordered = [...impls.filter((i) => this.fileService.get(i.file.path) === svc), ...impls.filter((i) => this.fileService.get(i.file.path) !== svc)];
    for (const impl of ordered) {
      const hit = this.local.get(impl.file)?.get(`${impl.classId}${ref.fn.id.slice(dot)}`);
      if (hit?.kind === "function") return this.implementation(hit, from, depth + 1);
    }
    return ref;
  }

  /** The workspace type a name written in `file` (seen from `scopeId`) names: its FunctionFact; null when not a workspace type. */
  typeRef(file: FileFacts, scopeId: string, written: string): (SymbolRef & { kind: "function" }) | null {
    const ref = this.lookup(file, scopeId, written);
    return ref?.kind === "function" ? ref : null;
  }

  private implementorsOf(typeId: string): Array<{ file: FileFacts; classId: string }> {
    if (!this.implementors) {
      this.implementors = new Map();
      for (const f of this.files) {
        for (const [classId, supers] of Object.entries(f.supertypes ?? {})) {
          for (const s of supers) {
            const target = this.lookup(f, classId, s);
            if (target?.kind !== "function" || target.fn.id === classId) continue;
            const list = this.implementors.get(target.fn.id) ?? [];
            list.push({ file: f, classId });
            this.implementors.set(target.fn.id, list);
          }
        }
      }
    }
    return this.implementors.get(typeId) ?? [];
  }

  private lookup(file: FileFacts, scopeId: string, dotted: string): SymbolRef | null {
    const name = dotted.replace(/^(this|super)\./, "");
    if (!name || name.includes("(")) return null;
    const head = name.split(".")[0]!;
    const rest = name.slice(head.length);
    const candidates: string[] = [];
    // innermost scope first: `Cls.method.name`, `Cls.name`, `pkg.name`
    const scopes = scopeId === "<module>" ? [] : scopeId.split(".");
    for (let i = scopes.length; i >= 1; i--) candidates.push(`${scopes.slice(0, i).join(".")}.${name}`);
    const pkg = file.module ?? "";
    for (const imp of file.imports) {
      if (imp.local === head && imp.member !== null) candidates.push(`${imp.module ? `${imp.module}.` : ""}${imp.member}${rest}`);
    }
    if (pkg) candidates.push(`${pkg}.${name}`);
    for (const imp of file.imports) if (imp.local === "*") candidates.push(`${imp.module}.${name}`);
    // a fully qualified name as written
    candidates.push(name);
    const own = this.local.get(file);
    for (const id of candidates) {
      const hit = own?.get(id);
      if (hit) return hit;
    }
    for (const id of candidates) {
      const list = this.symbols.get(id);
      if (!list?.length) continue;
      if (list.length === 1) return list[0]!;
      const svc = this.fileService.get(file.path);
      return list.find((r) => this.fileService.get(r.file.path) === svc) ?? list[0]!;
    }
    return null;
  }
}
