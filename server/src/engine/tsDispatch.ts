/**
 * TS/JS: a method called on a value declared with an interface or an abstract class
 * (CallFact.receiverType: `provider.getHistorical()` on an element of a NestJS provider array
 * `@Inject('DataProviderInterfaces') providers: DataProviderInterface[]`, a field typed with the
 * interface, what a lookup method returns) runs the method of whichever class the value is. Every
 * workspace class that `implements` or `extends` the type, directly or through another one
 * (FileFacts.supertypes), and defines the method is a target: each is a possible path
 * (engine/subtypes.ts: the same walk as Python's annotated parameters, capped at
 * MAX_DISPATCH_TARGETS implementations — more dispatch to none).
 *
 * Types are matched through the imports that name them (type-only imports included), never by
 * bare name across files: a type of a library, or one nothing in the workspace implements,
 * dispatches nowhere, and a class with a method of the same name that does not implement the
 * type is never a target. A concrete class's method is resolved as usual (engine/resolve.ts);
 * this runs only when that finds nothing (an interface's member, an abstract method).
 */
import type { CallFact, FileFacts, FunctionFact } from "../model/facts";
import type { Resolver } from "./resolve";
import { classKey, subtypeMethods, type ClassRef } from "./subtypes";

const MAX_DEPTH = 6;

export class TsDispatch {
  /** "path#Type" → the workspace classes and interfaces naming it after `extends`/`implements`; built once per link */
  private children: Map<string, ClassRef[]> | null = null;

  constructor(
    private readonly files: readonly FileFacts[],
    private readonly resolver: Resolver,
  ) {}

  /** The methods a call on an interface- or abstract-class-typed receiver may run; [] for any other call. */
  targets(file: FileFacts, call: CallFact): Array<{ file: FileFacts; fn: FunctionFact }> {
    if (file.language !== "typescript" || !call.receiverType) return [];
    const base = this.typeOf(file, call.receiverType, 0);
    if (!base || !base.file.tsAbstractTypes?.includes(base.name)) return [];
    const method = call.callee.slice(call.callee.lastIndexOf(".") + 1);
    return subtypeMethods(base, method, (key) => this.childIndex().get(key) ?? []);
  }

  /** The workspace class or interface `dotted` names in `file`: one it declares, or one it imports. */
  private typeOf(file: FileFacts, dotted: string, depth: number): ClassRef | null {
    if (depth > MAX_DEPTH) return null;
    if (file.tsAbstractTypes?.includes(dotted) || file.supertypes?.[dotted] !== undefined) return { file, name: dotted };
    const [head, ...rest] = dotted.split(".");
    const imp = file.imports.find((i) => i.local === head) ?? file.typeImports?.find((i) => i.local === head);
    if (!imp) return null;
    const target = this.resolver.tsModule(imp.module, file);
    if (!target || target === file) return null;
    // `import X from` → the module's default export; `import * as ns` → `ns.X`; `import { X as Y }` → X
    const name = imp.isDefault ? (target.exportAliases?.default ?? "default") : imp.member;
    const inTarget = name === null ? rest : [name, ...rest];
    return inTarget.length ? this.typeOf(target, inTarget.join("."), depth + 1) : null;
  }

  private childIndex(): Map<string, ClassRef[]> {
    if (this.children) return this.children;
    const children = new Map<string, ClassRef[]>();
    for (const f of this.files) {
      if (f.language !== "typescript") continue;
      for (const [name, supers] of Object.entries(f.supertypes ?? {})) {
        for (const s of supers) {
          const parent = this.typeOf(f, s, 0);
          if (!parent || (parent.file === f && parent.name === name)) continue;
          const key = classKey(parent);
          const list = children.get(key);
          if (list) list.push({ file: f, name });
          else children.set(key, [{ file: f, name }]);
        }
      }
    }
    this.children = children;
    return children;
  }
}
