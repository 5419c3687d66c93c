/**
 * What every JVM detector shares for one file: the neutral file model, the facts being built,
 * declared types of names (for injected fields and typed locals), the CallFact id of each call,
 * and which package an annotation or a simple type name comes from (by import).
 */
import type { FileFacts, SourceSpan } from "../../model/facts";
import type { Annotation, Call, Decl, Expr, JvmFile } from "./syntax";

export interface JvmContext {
  file: JvmFile;
  facts: FileFacts;
  /** CallFact id of a call node (calls that got no CallFact are absent) */
  callIds: Map<number, string>;
  /** ClientFact id → the expression that builds the client (null: injected) */
  clientCreations: Map<string, Expr | null>;
  /** the call whose receiver is this call (`a.b().c()`: b → c) */
  outerCall(call: Call): Call | undefined;
  nextId(prefix: string, span: SourceSpan): string;
  /** declared type of `name` seen from scope `scopeId` (locals, parameters, fields), as written */
  typeOf(scopeId: string, name: string): string | null;
  /** the initializer of a local or field `name` seen from `scopeId` */
  valueOf(scopeId: string, name: string): Expr | null;
  /** declarations by id */
  decl(id: string): Decl | undefined;
  /**
   * The package a simple or qualified type name comes from: the qualifier as written, a
   * single-type import, a wildcard import from one of `candidates`, else null (not determinable).
   */
  packageOf(name: string, candidates: readonly string[]): string | null;
}

export function createContext(file: JvmFile, facts: FileFacts): JvmContext {
  const used = new Set<string>();
  const types = new Map<string, string>();
  const values = new Map<string, Expr>();
  const byId = new Map<string, Decl>();
  for (const d of file.decls) {
    if (!byId.has(d.id)) byId.set(d.id, d);
    if (d.kind === "field") {
      const key = `${d.ownerId || file.pkg}.${d.name}`;
      if (d.type) types.set(key, d.type);
      if (d.value) values.set(key, d.value);
      if (!d.type && d.value?.k === "call" && d.value.call.isNew) types.set(key, d.value.call.name);
    }
    for (const p of d.params) if (p.type) types.set(`${d.id}.${p.name}`, p.type);
  }
  // `this.client = builder.baseUrl(url).build()` in a constructor initialises the field
  for (const a of file.assignments) {
    const owner = byId.get(a.scopeId)?.ownerId;
    if (owner && !values.has(`${owner}.${a.target}`)) values.set(`${owner}.${a.target}`, a.value);
  }
  const outer = new Map<number, Call>();
  for (const c of file.calls) if (c.receiver?.k === "call") outer.set(c.receiver.call.node.id, c);
  for (const l of file.locals) {
    const key = `${l.scopeId}.${l.name}`;
    if (l.type) types.set(key, l.type);
    else if (l.value?.k === "call" && l.value.call.isNew) types.set(key, l.value.call.name);
    if (l.value) values.set(key, l.value);
  }
  const lookup = <T>(map: Map<string, T>, scopeId: string, name: string): T | null => {
    const scopes = scopeId === "<module>" ? [] : scopeId.split(".");
    for (let i = scopes.length; i >= 1; i--) {
      const hit = map.get(`${scopes.slice(0, i).join(".")}.${name}`);
      if (hit !== undefined) return hit;
    }
    return null;
  };
  return {
    file,
    facts,
    callIds: new Map(),
    clientCreations: new Map(),
    outerCall: (call) => outer.get(call.node.id),
    nextId(prefix, span) {
      let id = `${prefix}${span.line}:${span.column}`;
      while (used.has(id)) id += "'";
      used.add(id);
      return id;
    },
    typeOf: (scopeId, name) => lookup(types, scopeId, name),
    valueOf: (scopeId, name) => lookup(values, scopeId, name),
    decl: (id) => byId.get(id),
    packageOf(name, candidates) {
      const dot = name.lastIndexOf(".");
      if (dot > 0) return name.slice(0, dot);
      for (const imp of file.imports) {
        if (imp.star) continue;
        const local = imp.alias ?? imp.path.slice(imp.path.lastIndexOf(".") + 1);
        if (local === name) return imp.path.slice(0, imp.path.lastIndexOf("."));
      }
      const star = file.imports.find((i) => i.star && candidates.includes(i.path));
      return star ? star.path : null;
    },
  };
}

/** The type name an annotation or type resolves to: a Kotlin `import a.Retry as R4` alias maps back. */
export function importedName(file: JvmFile, name: string): string {
  const imp = file.imports.find((i) => !i.star && i.alias === name);
  return imp ? imp.path.slice(imp.path.lastIndexOf(".") + 1) : name;
}

/** An annotation of one of the given packages by simple name (`Retry` from resilience4j). */
export function annotationFrom(ctx: JvmContext, ann: Annotation, simple: string, pkg: string, others: readonly string[]): boolean {
  if (importedName(ctx.file, ann.simple) !== simple) return false;
  return ctx.packageOf(ann.name, [pkg, ...others]) === pkg;
}

/** Does the file name a package (an import from it or below it)? */
export function importsFrom(file: JvmFile, prefix: string): boolean {
  return file.imports.some((i) => i.path === prefix || i.path.startsWith(`${prefix}.`));
}

/** The receiver's written dotted name with `this.` dropped. */
export function receiverName(call: Call): string | null {
  const r = call.receiver;
  if (r?.k !== "name") return null;
  return r.path.startsWith("this.") ? r.path.slice(5) : r.path;
}

/** The last segment of a type as written (`okhttp3.OkHttpClient` → OkHttpClient). */
export function simpleType(t: string | null): string | null {
  return t ? t.slice(t.lastIndexOf(".") + 1) : null;
}
