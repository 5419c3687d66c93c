/**
 * Lookups by name inside one file's facts, built once per FileFacts object. The resolver asks
 * "the client named X in scope S", "the constant named X" for every scope level of every call it
 * resolves; a linear scan of the file's lists each time was a large share of linking a big
 * workspace. Facts are never changed after extraction (a pass that changes them copies the
 * object first), so the object keys the lookup, and an unchanged file keeps it across analyses.
 *
 * Each lookup answers what `Array.prototype.find` over the list would: the first fact in list order.
 */
import type { ClientFact, ConstantFact, FileFacts, FunctionFact } from "../model/facts";

interface FileLookups {
  clientByName: Map<string, ClientFact>;
  /** `${functionId}\u0000${name}` */
  clientByScopeName: Map<string, ClientFact>;
  constantByName: Map<string, ConstantFact>;
}

const byFile = new WeakMap<FileFacts, FileLookups>();
const functionsByFile = new WeakMap<FileFacts, ReadonlyMap<string, FunctionFact>>();

function lookupsOf(file: FileFacts): FileLookups {
  let l = byFile.get(file);
  if (l) return l;
  l = { clientByName: new Map(), clientByScopeName: new Map(), constantByName: new Map() };
  for (const c of file.clients) {
    if (!l.clientByName.has(c.name)) l.clientByName.set(c.name, c);
    const key = `${c.functionId}\u0000${c.name}`;
    if (!l.clientByScopeName.has(key)) l.clientByScopeName.set(key, c);
  }
  for (const c of file.constants) if (!l.constantByName.has(c.name)) l.constantByName.set(c.name, c);
  byFile.set(file, l);
  return l;
}

/** `file.clients.find((c) => c.name === name)` */
export function clientNamed(file: FileFacts, name: string): ClientFact | undefined {
  return file.clients.length ? lookupsOf(file).clientByName.get(name) : undefined;
}

/** `file.clients.find((c) => c.name === name && c.functionId === scopeId)` */
export function clientInScope(file: FileFacts, scopeId: string, name: string): ClientFact | undefined {
  return file.clients.length ? lookupsOf(file).clientByScopeName.get(`${scopeId}\u0000${name}`) : undefined;
}

/** `file.constants.find((c) => c.name === name)` */
export function constantNamed(file: FileFacts, name: string): ConstantFact | undefined {
  return file.constants.length ? lookupsOf(file).constantByName.get(name) : undefined;
}

/** The file's functions by id (the last of an id wins, as `new Map(entries)` has it). */
export function functionsById(file: FileFacts): ReadonlyMap<string, FunctionFact> {
  let m = functionsByFile.get(file);
  if (!m) functionsByFile.set(file, (m = new Map(file.functions.map((fn) => [fn.id, fn]))));
  return m;
}
