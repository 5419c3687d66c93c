/**
 * Who calls a C# method, across files, so that wiring written once in a shared project applies
 * to the services that run it: the Aspire ServiceDefaults' `ConfigureHttpClientDefaults(…)` applies
 * to every service whose Program.cs calls `builder.AddServiceDefaults()`, directly or through
 * another extension method. Extension-method calls (`builder.AddServiceDefaults()` on an untyped
 * receiver) resolve by name to the workspace's extension methods of that name, the one in the
 * nearest folder when several projects declare one (a repository of samples).
 */
import type { CallFact, FileFacts, FunctionFact } from "../model/facts";
import { commonPrefix } from "./aspireHost";
import { fnKey } from "./keys";
import type { Resolver } from "./resolve";
import type { ServiceIndex } from "./services";

interface Site {
  file: FileFacts;
  call: CallFact;
}

export class CSharpCallers {
  private byCallee: Map<string, Site[]> | null = null;
  private readonly extensions = new Map<string, Array<{ file: FileFacts; fn: FunctionFact }>>();

  constructor(
    private readonly files: FileFacts[],
    private readonly resolver: Resolver,
    private readonly index: ServiceIndex,
  ) {
    for (const f of files) {
      for (const id of f.dotnet?.extensionMethods ?? []) {
        const fn = resolver.functionById(f, id);
        if (fn) this.extensions.set(fn.name, [...(this.extensions.get(fn.name) ?? []), { file: f, fn }]);
      }
    }
  }

  /** The function a C# call runs: resolved by name, else an extension method of that name. */
  target(file: FileFacts, call: CallFact): { file: FileFacts; fn: FunctionFact } | null {
    const r = this.resolver.resolve(file, call.functionId, call.callee);
    if (r?.kind === "function") return { file: r.file, fn: r.fn };
    const dot = call.callee.lastIndexOf(".");
    const candidates = dot > 0 ? this.extensions.get(call.callee.slice(dot + 1)) : undefined;
    if (!candidates?.length) return null;
    return candidates.length === 1 ? candidates[0]! : [...candidates].sort((a, b) => commonPrefix(b.file.path, file.path) - commonPrefix(a.file.path, file.path))[0]!;
  }

  /** Call sites of a function (memoised index over every C# call). */
  sitesOf(file: FileFacts, fnId: string): Site[] {
    if (!this.byCallee) {
      this.byCallee = new Map();
      for (const f of this.files) {
        if (f.language !== "csharp") continue;
        for (const call of [...f.calls, ...(f.dotnet?.chainedCalls ?? [])]) {
          const t = this.target(f, call);
          if (!t) continue;
          const key = fnKey(t.file, t.fn.id);
          const list = this.byCallee.get(key);
          if (list) list.push({ file: f, call });
          else this.byCallee.set(key, [{ file: f, call }]);
        }
      }
    }
    return this.byCallee.get(fnKey(file, fnId)) ?? [];
  }

  /**
   * The services that run code in `scopeId`: the services of the outermost callers (Program.cs,
   * handlers, functions nobody calls) reached by following call sites up from the method holding
   * it; the file's own service when nothing calls it.
   */
  servicesRunning(file: FileFacts, scopeId: string): Set<string> {
    const out = new Set<string>();
    const seen = new Set<string>();
    const visit = (f: FileFacts, id: string, depth: number) => {
      const method = enclosingMethod(this.resolver, f, id);
      const key = fnKey(f, method);
      if (seen.has(key)) return;
      seen.add(key);
      const sites = method === "<module>" || depth > 12 ? [] : this.sitesOf(f, method);
      if (!sites.length) {
        const svc = this.index.fileService.get(f.path);
        if (svc) out.add(svc);
        return;
      }
      for (const s of sites) visit(s.file, s.call.functionId, depth + 1);
    };
    visit(file, scopeId, 0);
    return out;
  }
}

/** The method a scope belongs to: lambdas (`M.lambda@3:4`) and local functions run as part of it. */
export function enclosingMethod(resolver: Resolver, file: FileFacts, scopeId: string): string {
  let id = scopeId;
  while (id.includes(".")) {
    const last = id.slice(id.lastIndexOf(".") + 1);
    if (!last.startsWith("lambda@") && resolver.functionById(file, id)) return id;
    id = id.slice(0, id.lastIndexOf("."));
  }
  return id && resolver.functionById(file, id) && !id.startsWith("lambda@") ? id : "<module>";
}
