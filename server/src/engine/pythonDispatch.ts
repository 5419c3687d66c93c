/**
 * Python: a method called on a parameter annotated with a workspace class (`def transcribe(model:
 * BaseWhisper): model.transcribe(…)`) runs the method of whichever subclass the caller passed. The
 * value is chosen at run time (often from an environment variable), so every workspace class that
 * is the annotated class or derives from it, and defines the method, is a target: each is a
 * possible path, none is multiplied with another.
 *
 * Classes are matched through the imports that name them (`from .base import BaseWhisper`,
 * `import app.whisper.base as base` → `base.BaseWhisper`, re-exports through a package
 * `__init__`), never by bare name across files. Only parameters of the function making the call
 * count; an unannotated parameter, or one annotated with a library class, dispatches nowhere.
 */
import type { FileFacts, FunctionFact } from "../model/facts";
import type { Resolver } from "./resolve";
import { classKey, subtypeMethods, type ClassRef } from "./subtypes";

const MAX_DEPTH = 6;

export class PythonDispatch {
  /** "path#Class" → the workspace classes naming it as a base */
  private children: Map<string, ClassRef[]> | null = null;

  constructor(
    private readonly files: readonly FileFacts[],
    private readonly resolver: Resolver,
  ) {}

  /** The methods a call `param.method(…)` may run, or [] when the receiver is no annotated parameter of a workspace class. */
  targets(file: FileFacts, scopeId: string, callee: string): Array<{ file: FileFacts; fn: FunctionFact }> {
    if (file.language !== "python") return [];
    const parts = callee.split(".");
    if (parts.length !== 2) return [];
    const [param, method] = parts as [string, string];
    const fn = file.functions.find((f) => f.id === scopeId);
    const index = fn ? fn.params.indexOf(param) : -1;
    const type = index >= 0 ? fn?.paramTypes?.[index] : undefined;
    if (!type) return [];
    const base = this.classOf(file, type, 0);
    return base ? subtypeMethods(base, method, (key) => this.childIndex().get(key) ?? []) : [];
  }

  /** The workspace class `dotted` names in `file`: one of its own, or one it imports. */
  private classOf(file: FileFacts, dotted: string, depth: number): ClassRef | null {
    if (depth > MAX_DEPTH) return null;
    if (file.pyClassBases?.[dotted] !== undefined) return { file, name: dotted };
    const [head, ...rest] = dotted.split(".");
    const imp = file.imports.find((i) => i.local === head);
    if (!imp) return null;
    if (imp.member) {
      // `from pkg.mod import Cls` (the module may re-export it), or `from pkg import mod` then `mod.Cls`
      const target = this.resolver.pythonModule(imp.module, file);
      const viaModule = target && target !== file ? this.classOf(target, [imp.member, ...rest].join("."), depth + 1) : null;
      if (viaModule) return viaModule;
      const sub = rest.length ? this.resolver.pythonModule(`${imp.module}.${imp.member}`, file) : undefined;
      return sub && sub !== file ? this.classOf(sub, rest.join("."), depth + 1) : null;
    }
    // `import a.b as m` → `m.Cls`; `import a.b` → `a.b.Cls`
    const full = imp.module === head || imp.module.startsWith(`${head}.`) ? dotted.split(".") : [...imp.module.split("."), ...rest];
    for (let i = full.length - 1; i >= 1; i--) {
      const mod = this.resolver.pythonModule(full.slice(0, i).join("."), file);
      if (mod && mod !== file) return this.classOf(mod, full.slice(i).join("."), depth + 1);
    }
    return null;
  }

  private childIndex(): Map<string, ClassRef[]> {
    if (this.children) return this.children;
    const children = new Map<string, ClassRef[]>();
    for (const f of this.files) {
      if (f.language !== "python") continue;
      for (const [name, bases] of Object.entries(f.pyClassBases ?? {})) {
        for (const b of bases) {
          const parent = this.classOf(f, b, 0);
          if (!parent) continue;
          const key = classKey(parent);
          children.set(key, [...(children.get(key) ?? []), { file: f, name }]);
        }
      }
    }
    this.children = children;
    return children;
  }
}
