/**
 * Python: a method called on a parameter annotated with a workspace class (`def transcribe(model:
 * BaseWhisper): model.transcribe(…)`) runs the method of whichever subclass the caller passed. The
 * value is chosen at run time (often from an environment variable), so every workspace class that
 * is the annotated class or derives from it, and defines the method, is a target: each is a
 * possible path, none is multiplied with another.
 *
 * A method called on what a workspace function returns (`get_backend().batch_update()`) runs the
 * method of the class the function's return annotation names (`def get_backend() -> TantivyBackend`),
 * or the one that class inherits; a call entered as a context manager (`with
 * get_backend().batch_update() as batch:`) runs its class's `__enter__` and `__exit__` there.
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
    const returned = this.returnedMethod(file, scopeId, callee);
    if (returned) return [returned];
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

  /** `factory().method` (detectors/python/module.ts chainedName): the method of the class the factory's return annotation names. */
  private returnedMethod(file: FileFacts, scopeId: string, callee: string): { file: FileFacts; fn: FunctionFact } | null {
    const m = /^([\w.]+)\(\)\.(\w+)$/.exec(callee);
    if (!m) return null;
    const producer = this.resolver.resolve(file, scopeId, m[1]!);
    if (producer?.kind !== "function" || !producer.fn.returnType) return null;
    const cls = this.classOf(producer.file, producer.fn.returnType, 0);
    return cls ? this.methodOf(cls, m[2]!, 0) : null;
  }

  /**
   * `with <call> as x:` (CallFact.entersContext): the `__enter__` and `__exit__` of the class the
   * call produces — the called function's return annotation, or the class it constructs.
   */
  contextMethods(file: FileFacts, scopeId: string, callee: string): Array<{ file: FileFacts; fn: FunctionFact }> {
    if (file.language !== "python") return [];
    const ref = this.resolver.resolve(file, scopeId, callee);
    const fn = ref?.kind === "function" ? { file: ref.file, fn: ref.fn } : ref ? null : this.returnedMethod(file, scopeId, callee);
    const cls = fn ? (fn.fn.returnType ? this.classOf(fn.file, fn.fn.returnType, 0) : null) : ref ? null : this.classOf(file, callee, 0);
    if (!cls) return [];
    return ["__enter__", "__exit__"].map((m) => this.methodOf(cls, m, 0)).filter((t): t is { file: FileFacts; fn: FunctionFact } => t !== null);
  }

  /** The class's own method, else the nearest one it inherits from a workspace base (bases in order). */
  private methodOf(cls: ClassRef, method: string, depth: number): { file: FileFacts; fn: FunctionFact } | null {
    if (depth > MAX_DEPTH) return null;
    const own = cls.file.functions.find((f) => f.id === `${cls.name}.${method}`);
    if (own) return { file: cls.file, fn: own };
    for (const b of cls.file.pyClassBases?.[cls.name] ?? []) {
      const base = this.classOf(cls.file, b, 0);
      const found = base ? this.methodOf(base, method, depth + 1) : null;
      if (found) return found;
    }
    return null;
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
