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
import type { FileFacts } from "../model/facts";
import type { SymbolRef } from "./resolve";

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
    for (let i = scopes.length; i >= 1; i--) {
      const hit = this.lookup(file, `${scopes.slice(0, i).join(".")}.${dotted}`);
      if (hit) return hit;
    }
    // then the package: this file, then the other files of its folder
    const pkg = this.dirs.get(dirOf(file.path)) ?? [];
    const own = this.inPackage([file, ...pkg.filter((f) => f !== file)], dotted);
    if (own) return own;
    const dot = dotted.indexOf(".");
    if (dot > 0) {
      const imp = file.imports.find((i) => i.local === dotted.slice(0, dot));
      if (imp) return this.inPackage(this.packageFiles(imp.module, file), dotted.slice(dot + 1));
    }
    // `Server.inv.Reserve` with the field declared in another file: its type, read where declared
    const parts = dotted.split(".");
    if (parts.length >= 3 && depth < 4) {
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

  /** An exact name in one file: client, constant, function. */
  private lookup(file: FileFacts, name: string): SymbolRef | null {
    const client = file.clients.find((c) => c.name === name);
    if (client) return { kind: "client", file, client };
    const constant = file.constants.find((c) => c.name === name);
    if (constant) return { kind: "constant", file, constant };
    let fns = this.functions.get(file);
    if (!fns) {
      fns = new Map(file.functions.map((fn) => [fn.id, { kind: "function" as const, file, fn }]));
      this.functions.set(file, fns);
    }
    return fns.get(name) ?? null;
  }
}

function dirOf(path: string): string {
  return path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
}

function joinDir(dir: string, rest: string): string {
  return [dir, rest].filter((s) => s !== "").join("/");
}

function isUnder(path: string, dir: string): boolean {
  return dir === "" || path.startsWith(`${dir}/`);
}
