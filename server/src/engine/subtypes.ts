/**
 * The one walk behind dispatch on a declared type (Python annotated parameters:
 * engine/pythonDispatch.ts; TS/JS interfaces and abstract classes: engine/tsDispatch.ts): from the
 * declared class down through every workspace class deriving from it, the ones defining the
 * called method. Each is a possible callee — the value is chosen at run time — so each is a path
 * of its own, none multiplied with another.
 */
import type { FileFacts, FunctionFact } from "../model/facts";

/** a class of the workspace: its file and its dotted id in that file (function ids are `<id>.<method>`) */
export interface ClassRef {
  file: FileFacts;
  name: string;
}

/**
 * More implementations than this is no dispatch worth drawing (a base every model class derives
 * from, a marker interface every service implements): the call then reaches none of them rather
 * than all, so one generic type cannot fan a path out over the whole workspace.
 */
export const MAX_DISPATCH_TARGETS = 12;

export function classKey(c: ClassRef): string {
  return `${c.file.path}#${c.name}`;
}

/** `base` and every class below it, base first, each once (breadth first). */
function* subtypesOf(base: ClassRef, children: (key: string) => readonly ClassRef[]): Generator<ClassRef> {
  const seen = new Set<string>();
  const queue: ClassRef[] = [base];
  while (queue.length) {
    const c = queue.shift()!;
    const key = classKey(c);
    if (seen.has(key)) continue;
    seen.add(key);
    yield c;
    queue.push(...children(key));
  }
}

/** The methods named `method` of `base` and of every class below it; [] when more than `max` (MAX_DISPATCH_TARGETS). */
export function subtypeMethods(base: ClassRef, method: string, children: (key: string) => readonly ClassRef[], max = MAX_DISPATCH_TARGETS): Array<{ file: FileFacts; fn: FunctionFact }> {
  const out: Array<{ file: FileFacts; fn: FunctionFact }> = [];
  for (const c of subtypesOf(base, children)) {
    const m = c.file.functions.find((f) => f.id === `${c.name}.${method}`);
    if (m) out.push({ file: c.file, fn: m });
    if (out.length > max) return [];
  }
  return out;
}

/** `base` and every class below it, base first; [] when more than `max`. */
export function subtypeClasses(base: ClassRef, children: (key: string) => readonly ClassRef[], max: number): ClassRef[] {
  const out: ClassRef[] = [];
  for (const c of subtypesOf(base, children)) {
    out.push(c);
    if (out.length > max) return [];
  }
  return out;
}
