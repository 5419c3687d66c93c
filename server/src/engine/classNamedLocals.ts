/**
 * A local or field named after the class it holds: `orderService.handlePaid()` on a destructured
 * parameter (`register({ orderService })`), `this.ordersService.create()` on a field set from a
 * constructor argument, `const ordersService = app.get(OrdersService)`. Untyped JavaScript gives
 * the resolver nothing else to go by; the convention (camelCase of the class) does: the call runs
 * `OrderService.handlePaid` when exactly one class of the candidates nearest the caller (most
 * leading folders in common) has that method. Used for startup reachability (engine/startup.ts)
 * and, within the caller's own service, for TS/JS call linking (engine/link.ts).
 */
import type { FileFacts, FunctionFact } from "../model/facts";

export type ClassMethod = { kind: "function"; file: FileFacts; fn: FunctionFact };

const RECEIVER_CALL = /^(?:this\.|self\.)?([a-z]\w*)\.(\w+)$/;

export class ClassNamedLocals {
  private readonly methods = new Map<string, Array<{ file: FileFacts; fn: FunctionFact }>>();

  constructor(files: readonly FileFacts[]) {
    for (const f of files) {
      for (const fn of f.functions) {
        if (!/^[A-Z]\w*\.\w+$/.test(fn.id)) continue;
        const list = this.methods.get(fn.id);
        if (list) list.push({ file: f, fn });
        else this.methods.set(fn.id, [{ file: f, fn }]);
      }
    }
  }

  /** The method `callee` runs, by its receiver's name; `accept` limits the files it may be in. */
  resolve(from: FileFacts, callee: string, accept: (file: FileFacts) => boolean = () => true): ClassMethod | null {
    const m = RECEIVER_CALL.exec(callee);
    const hits = m ? (this.methods.get(`${m[1]![0]!.toUpperCase()}${m[1]!.slice(1)}.${m[2]}`) ?? []).filter((h) => accept(h.file)) : [];
    if (!hits.length) return null;
    // several projects may have a class of that name: the one nearest the caller
    const near = (h: { file: FileFacts }) => commonPrefix(h.file.path, from.path);
    const best = Math.max(...hits.map(near));
    const nearest = hits.filter((h) => near(h) === best);
    return nearest.length === 1 ? { kind: "function", ...nearest[0]! } : null;
  }
}

/** How many leading folders two paths share. */
function commonPrefix(a: string, b: string): number {
  const x = a.split("/");
  const y = b.split("/");
  let i = 0;
  while (i < x.length - 1 && i < y.length - 1 && x[i] === y[i]) i++;
  return i;
}
