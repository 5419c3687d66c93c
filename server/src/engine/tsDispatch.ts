/**
 * TS/JS: a method called on a value declared with an interface or an abstract class
 * (CallFact.receiverType: `provider.getHistorical()` on an element of a NestJS provider array
 * `@Inject('DataProviderInterfaces') providers: DataProviderInterface[]`, a field typed with the
 * interface, what a lookup method returns — of this file, or of another one: CallFact.receiverFrom
 * names the call producing the receiver, whose FunctionFact.returnType is read here) runs the
 * method of whichever class the value is. Every
 * workspace class that `implements` or `extends` the type, directly or through another one
 * (FileFacts.supertypes), and defines the method is a target: each is a possible path
 * (engine/subtypes.ts: the same walk as Python's annotated parameters, capped at
 * MAX_DISPATCH_TARGETS implementations — more dispatch to none, unless they all derive from one
 * workspace base class: a provider family, followed up to MAX_FAMILY_TARGETS).
 *
 * Types are matched through the imports that name them (type-only imports included), never by
 * bare name across files: a type of a library, or one nothing in the workspace implements,
 * dispatches nowhere, and a class with a method of the same name that does not implement the
 * type is never a target. A concrete class's method is resolved as usual (engine/resolve.ts);
 * this runs only when that finds nothing (an interface's member, an abstract method).
 *
 * A member chosen at run time on such a receiver (`provider[plug.methodName](…)`) reaches each
 * method its name can denote (computedTargets); a receiver read from a collection another file
 * exports (`providers.find(…)` on `export const providers: Provider[]`) has its declared element type.
 */
import type { CallFact, FileFacts, FunctionFact } from "../model/facts";
import type { Resolver } from "./resolve";
import { classKey, MAX_DISPATCH_TARGETS, subtypeClasses, subtypeMethods, type ClassRef } from "./subtypes";

const MAX_DEPTH = 6;
/** a provider family (implementations on one base class) is followed up to this many implementations */
const MAX_FAMILY_TARGETS = 64;

export class TsDispatch {
  /** "path#Type" → the workspace classes and interfaces naming it after `extends`/`implements`; built once per link */
  private children: Map<string, ClassRef[]> | null = null;

  constructor(
    private readonly files: readonly FileFacts[],
    private readonly resolver: Resolver,
  ) {}

  /** The methods a call on an interface- or abstract-class-typed receiver may run; [] for any other call. */
  targets(file: FileFacts, call: CallFact): Array<{ file: FileFacts; fn: FunctionFact }> {
    if (file.language !== "typescript" || (!call.receiverType && !call.receiverFrom)) return [];
    const base = call.receiverType ? this.typeOf(file, call.receiverType, 0) : this.producedType(file, call);
    if (!base || !base.file.tsAbstractTypes?.includes(base.name)) return [];
    const children = (key: string) => this.childIndex().get(key) ?? [];
    if (call.callee.endsWith("[]")) return this.computedTargets(base, children);
    const method = call.callee.slice(call.callee.lastIndexOf(".") + 1);
    const targets = subtypeMethods(base, method, children);
    if (targets.length) return targets;
    // more than MAX_DISPATCH_TARGETS: still a dispatch when every implementation derives from one
    // workspace class — a family of providers built on one base (`class XProvider extends
    // SocialAbstract implements SocialProvider`), not a marker interface unrelated classes share
    const wide = subtypeMethods(base, method, children, MAX_FAMILY_TARGETS);
    return wide.length && this.oneFamily(wide) ? wide : [];
  }

  /**
   * `provider[name](…)`: a member whose name is computed at run time (read from metadata, a
   * database row, a request) on a receiver that dispatches. Which method runs is not in the code,
   * but it is one of the implementations' methods, so each candidate is a path of its own (like a
   * dispatch): the methods a decorator of the workspace registers (`@Plug(…)`, `@Tool(…)` record
   * the method's name for such a lookup — the name is read back from that registry), else, with
   * no registered method, every method of the implementations. Bounded like a dispatch: at most
   * MAX_DISPATCH_TARGETS methods, or MAX_FAMILY_TARGETS when they all derive from one workspace
   * base class; more reach none, so an untyped or generic receiver cannot fan out over the workspace.
   */
  private computedTargets(base: ClassRef, children: (key: string) => readonly ClassRef[]): Array<{ file: FileFacts; fn: FunctionFact }> {
    const classes = subtypeClasses(base, children, MAX_FAMILY_TARGETS);
    const methods: Array<{ file: FileFacts; fn: FunctionFact }> = [];
    for (const c of classes) {
      const prefix = `${c.name}.`;
      for (const fn of c.file.functions) {
        // the class's own methods, not functions nested in them (`Cls.method.inner`)
        if (!fn.id.startsWith(prefix) || fn.id.includes(".", prefix.length) || fn.name === "constructor") continue;
        methods.push({ file: c.file, fn });
        if (methods.length > MAX_FAMILY_TARGETS * 8) return [];
      }
    }
    const registered = methods.filter((m) => (m.fn.tsDecorators ?? []).some((d) => this.resolver.resolve(m.file, "<module>", d)?.kind === "function"));
    const targets = registered.length ? registered : methods;
    if (!targets.length || targets.length > MAX_FAMILY_TARGETS) return [];
    return targets.length <= MAX_DISPATCH_TARGETS || this.oneFamily(targets) ? targets : [];
  }

  /** Do the classes of these methods all derive from one workspace class with methods of its own? */
  private oneFamily(targets: Array<{ file: FileFacts; fn: FunctionFact }>): boolean {
    let common: string[] | null = null;
    for (const t of targets) {
      const cls = t.fn.id.slice(0, t.fn.id.lastIndexOf("."));
      const ancestors = this.baseClasses({ file: t.file, name: cls });
      const kept: string[] = common === null ? [...ancestors] : (common as string[]).filter((k) => ancestors.has(k));
      if (!kept.length) return false;
      common = kept;
    }
    return common !== null;
  }

  /** The workspace classes (not interfaces: they have methods) `c` extends, transitively. */
  private baseClasses(c: ClassRef): Set<string> {
    const out = new Set<string>();
    const queue: ClassRef[] = [c];
    for (let i = 0; i < queue.length && i < 32; i++) {
      const cur = queue[i]!;
      for (const s of cur.file.supertypes?.[cur.name] ?? []) {
        const parent = this.typeOf(cur.file, s, 0);
        if (!parent) continue;
        const key = classKey(parent);
        if (out.has(key)) continue;
        if (parent.file.functions.some((f) => f.id.startsWith(`${parent.name}.`))) out.add(key);
        queue.push(parent);
      }
    }
    return out;
  }

  /** The type the function producing the receiver (CallFact.receiverFrom, resolved in the call's scope) declares it returns. */
  private producedType(file: FileFacts, call: CallFact): ClassRef | null {
    const producer = this.resolver.resolve(file, call.functionId ?? "<module>", call.receiverFrom!);
    if (producer?.kind === "function") return producer.fn.returnType ? this.typeOf(producer.file, producer.fn.returnType, 0) : null;
    return this.importedElement(file, call.receiverFrom!);
  }

  /**
   * `list.find(…)` (or `at`, `get`, …: one element) on a const another file exports declared as a
   * collection (FileFacts.tsCollectionConsts): the element type it declares.
   */
  private importedElement(file: FileFacts, producer: string): ClassRef | null {
    const m = /^([A-Za-z_$][\w$]*)\.(find|findLast|at|get|pop|shift)$/.exec(producer);
    const imp = m ? file.imports.find((i) => i.local === m[1] && !i.isDefault && i.member) : undefined;
    const target = imp ? this.resolver.tsModule(imp.module, file) : null;
    const element = target && target !== file ? target.tsCollectionConsts?.[imp!.member!] : undefined;
    return element ? this.typeOf(target!, element, 0) : null;
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
