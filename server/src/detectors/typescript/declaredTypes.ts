/**
 * The declared types a call on an interface is dispatched by (engine/tsDispatch.ts): which
 * interfaces and abstract classes a file declares, what each class `implements` or `extends`,
 * and, per call, the type its receiver is declared with. Syntax only (one file, no checker:
 * parsing/typescript.ts), so a type is what the file writes:
 * - a field's annotation (`@Inject(TOKEN) private readonly providers: DataProviderInterface[]`, how
 *   NestJS hands over a provider array registered under a token), a parameter's or a local's;
 * - a local bound to a typed expression, a `for … of` variable or a callback's first parameter over
 *   a typed array (`this.providers.find((p) => …)`, `for (const p of this.providers)`);
 * - what a method of the class or a function of the file returns: its annotation, else the one
 *   type all its `return`s have (`getDataProvider(name) { for (const p of this.providers) if (…) return p }`);
 * - `this` inside an abstract class (a template method calling its abstract step).
 * A collection (`T[]`, `Array<T>`, `Set<T>`, `Map<K, T>`, `Record<K, T>`, `{ [k: string]: T }`)
 * gives `T` to its elements (`find`, `get`, `at`, `[i]`); `Promise<T>` is `T` once awaited.
 */
import type { CallFact, FileFacts, ImportFact } from "../../model/facts";
import { isFunctionLike, spanOf, ts, unwrap, type FunctionLikeNode } from "../../parsing/typescript";
import { markInvokes } from "./jsRetryCommon";
import type { FileIndex } from "./module";

/** a named type, or a collection of values of that type */
interface DeclaredType {
  name: string;
  collection: boolean;
}

/** wrappers whose value, once awaited or read, is their first type argument */
const TRANSPARENT = new Set(["Promise", "PromiseLike", "Readonly", "NonNullable", "Awaited"]);
/** collections whose elements are their last type argument */
const COLLECTIONS = new Set(["Array", "ReadonlyArray", "Set", "ReadonlySet", "Map", "ReadonlyMap", "Record", "Iterable", "AsyncIterable"]);
/** methods of a collection that return one of its elements */
const ELEMENT_OF = new Set(["find", "findLast", "at", "get", "pop", "shift"]);
/** methods of a collection that return a collection of the same elements */
const SAME_COLLECTION = new Set(["filter", "slice", "concat", "reverse", "sort", "toSorted", "toReversed", "values"]);
/** methods of a collection whose callback gets an element as its first parameter */
const ELEMENT_CALLBACK = new Set(["find", "findLast", "findIndex", "filter", "map", "flatMap", "forEach", "some", "every"]);
const MAX_DEPTH = 8;

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === kind);
}

function entityName(n: ts.EntityName | ts.Expression): string | null {
  if (ts.isIdentifier(n)) return n.text;
  if (ts.isQualifiedName(n)) {
    const left = entityName(n.left);
    return left && `${left}.${n.right.text}`;
  }
  if (ts.isPropertyAccessExpression(n)) {
    const left = entityName(n.expression);
    return left && `${left}.${n.name.text}`;
  }
  return null;
}

/** The type an annotation names, looking through `Promise<…>`, `| undefined` and collections. */
function typeOfNode(t: ts.TypeNode | undefined): DeclaredType | null {
  if (!t) return null;
  if (ts.isParenthesizedTypeNode(t)) return typeOfNode(t.type);
  if (ts.isTypeOperatorNode(t) && t.operator === ts.SyntaxKind.ReadonlyKeyword) return typeOfNode(t.type);
  if (ts.isUnionTypeNode(t)) {
    const kept = t.types.filter((u) => !(u.kind === ts.SyntaxKind.UndefinedKeyword || (ts.isLiteralTypeNode(u) && u.literal.kind === ts.SyntaxKind.NullKeyword)));
    return kept.length === 1 ? typeOfNode(kept[0]) : null;
  }
  // `SocialAbstract & SocialProvider`: the value is both, so the first named type's implementations include it
  if (ts.isIntersectionTypeNode(t)) return t.types.map((u) => typeOfNode(u)).find((u) => u !== null && !u.collection) ?? null;
  if (ts.isArrayTypeNode(t)) return elementsOf(typeOfNode(t.elementType));
  if (ts.isTypeLiteralNode(t) && t.members.length === 1 && ts.isIndexSignatureDeclaration(t.members[0]!)) return elementsOf(typeOfNode(t.members[0].type));
  if (!ts.isTypeReferenceNode(t)) return null;
  const name = entityName(t.typeName);
  if (!name) return null;
  const args = t.typeArguments ?? [];
  if (TRANSPARENT.has(name)) return args.length === 1 ? typeOfNode(args[0]) : null;
  if (COLLECTIONS.has(name)) return args.length ? elementsOf(typeOfNode(args[args.length - 1])) : null;
  return { name, collection: false };
}

function elementsOf(t: DeclaredType | null): DeclaredType | null {
  return t && !t.collection ? { name: t.name, collection: true } : null;
}

function sameType(types: Array<DeclaredType | null>): DeclaredType | null {
  const first = types[0];
  if (!first || types.some((t) => !t || t.name !== first.name || t.collection !== first.collection)) return null;
  return first;
}

/** Reads declared types in one file; memoised per node, cycles cut by depth. */
class DeclaredTypes {
  private readonly memo = new Map<ts.Node, DeclaredType | null>();
  private localsByName?: Map<string, ts.VariableDeclaration[]>;
  private returnsByFunction?: Map<ts.Node, ts.ReturnStatement[]>;
  private readonly fieldsByClass = new Map<ts.ClassLikeDeclaration, Map<string, ts.TypeNode | undefined>>();

  constructor(private readonly index: FileIndex) {}

  private locals(name: string): ts.VariableDeclaration[] {
    if (!this.localsByName) {
      this.localsByName = new Map();
      for (const v of this.index.variables) {
        if (!ts.isIdentifier(v.name)) continue;
        const list = this.localsByName.get(v.name.text);
        if (list) list.push(v);
        else this.localsByName.set(v.name.text, [v]);
      }
    }
    return this.localsByName.get(name) ?? [];
  }

  /** The declared type of `e`, a value (never a collection's element unless read from it). */
  of(e: ts.Expression, depth = 0): DeclaredType | null {
    if (depth > MAX_DEPTH) return null;
    if (this.memo.has(e)) return this.memo.get(e)!;
    this.memo.set(e, null); // a cycle reads as unknown
    const t = this.compute(e, depth);
    this.memo.set(e, t);
    return t;
  }

  private compute(e: ts.Expression, depth: number): DeclaredType | null {
    if (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAwaitExpression(e) || ts.isSatisfiesExpression(e)) return this.of(e.expression, depth + 1);
    if (ts.isAsExpression(e) || ts.isTypeAssertionExpression(e)) return typeOfNode(e.type) ?? this.of(e.expression, depth + 1);
    if (e.kind === ts.SyntaxKind.ThisKeyword) {
      const cls = classAround(e);
      return cls?.name && hasModifier(cls, ts.SyntaxKind.AbstractKeyword) ? { name: cls.name.text, collection: false } : null;
    }
    if (ts.isIdentifier(e)) return this.ofName(e, depth);
    if (ts.isPropertyAccessExpression(e) && e.expression.kind === ts.SyntaxKind.ThisKeyword) {
      const cls = classAround(e);
      return cls ? this.ofField(cls, e.name.text) : null;
    }
    if (ts.isElementAccessExpression(e)) {
      const of = this.of(e.expression, depth + 1);
      return of?.collection ? { name: of.name, collection: false } : null;
    }
    if (ts.isCallExpression(e)) return this.ofCall(e, depth);
    return null;
  }

  private ofCall(call: ts.CallExpression, depth: number): DeclaredType | null {
    const callee = call.expression;
    // `lookup(x)`: a function of the file
    if (ts.isIdentifier(callee)) {
      const fn = this.index.resolveName(callee.text, callee);
      return fn ? this.returnedBy(fn.node, depth) : null;
    }
    if (!ts.isPropertyAccessExpression(callee)) return null;
    const member = callee.name.text;
    // `this.getDataProvider(x)`: a method of the class
    if (callee.expression.kind === ts.SyntaxKind.ThisKeyword) {
      const cls = classAround(callee);
      const method = cls?.members.find((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && m.name.getText() === member);
      return method ? this.returnedBy(method, depth) : null;
    }
    const of = this.of(callee.expression, depth + 1);
    if (!of?.collection) return null;
    if (ELEMENT_OF.has(member)) return { name: of.name, collection: false };
    if (SAME_COLLECTION.has(member)) return of;
    return null;
  }

  /** What `fn` returns (see returnedBy). */
  returned(fn: ts.SignatureDeclaration): DeclaredType | null {
    return this.returnedBy(fn, 0);
  }

  /**
   * The callee of the call whose result `e` is, when this file cannot type it: `this.manager.get(id)`
   * itself, or a const local bound to it (`const p = this.manager.get(id)`, awaited or not). Null for
   * a call on a typed collection or a function of this file (read here already).
   */
  producer(e0: ts.Expression, depth = 0): string | null {
    if (depth > 3) return null;
    let e = e0;
    while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAwaitExpression(e)) e = e.expression;
    if (ts.isCallExpression(e)) {
      const callee = e.expression;
      // an imported function (one of this file is read here)
      if (ts.isIdentifier(callee)) return this.index.resolveName(callee.text, callee) ? null : callee.text;
      if (!ts.isPropertyAccessExpression(callee) || callee.expression.kind === ts.SyntaxKind.ThisKeyword) return null;
      return thisDotted(callee) ?? entityName(callee);
    }
    if (!ts.isIdentifier(e)) return null;
    const local = this.locals(e.text)
      .filter((v) => v.end <= e.pos && scopeOf(v).pos <= e.pos && e.end <= scopeOf(v).end)
      .sort((a, b) => b.pos - a.pos)[0];
    const list = local?.parent;
    if (!local || local.type || !local.initializer || !ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const)) return null;
    if (ts.isForOfStatement(list.parent)) return null;
    return this.producer(local.initializer, depth + 1);
  }

  /** A function's declared return type, else the one type every `return` of its own body has. */
  private returnedBy(fn: ts.SignatureDeclaration, depth: number): DeclaredType | null {
    if (fn.type) return typeOfNode(fn.type);
    if (!isFunctionLike(fn) || !fn.body) return null;
    if (!ts.isBlock(fn.body)) return this.of(fn.body, depth + 1);
    const returns = this.returnsOf(fn);
    return returns.length ? sameType(returns.map((r) => this.of(r.expression!, depth + 1))) : null;
  }

  /** the `return`s with a value of each function's own body */
  private returnsOf(fn: ts.Node): ts.ReturnStatement[] {
    if (!this.returnsByFunction) {
      this.returnsByFunction = new Map();
      for (const r of this.index.returns) {
        const owner = r.expression ? this.index.enclosingNode(r) : undefined;
        if (!owner) continue;
        const list = this.returnsByFunction.get(owner);
        if (list) list.push(r);
        else this.returnsByFunction.set(owner, [r]);
      }
    }
    return this.returnsByFunction.get(fn) ?? [];
  }

  /** A field of the class: a property's annotation, or a constructor parameter property's. */
  private ofField(cls: ts.ClassLikeDeclaration, name: string): DeclaredType | null {
    let fields = this.fieldsByClass.get(cls);
    if (!fields) {
      fields = new Map();
      for (const m of cls.members) {
        if (ts.isPropertyDeclaration(m) && (ts.isIdentifier(m.name) || ts.isPrivateIdentifier(m.name))) fields.set(m.name.text, m.type);
        if (ts.isConstructorDeclaration(m)) {
          for (const q of m.parameters) if (ts.isIdentifier(q.name) && ts.isParameterPropertyDeclaration(q, m)) fields.set(q.name.text, q.type);
        }
      }
      this.fieldsByClass.set(cls, fields);
    }
    return typeOfNode(fields.get(name));
  }

  /** A name: a parameter of an enclosing function, else the nearest local declared before the use. */
  private ofName(id: ts.Identifier, depth: number): DeclaredType | null {
    const name = id.text;
    const local = this.locals(name)
      .filter((v) => v.end <= id.pos && scopeOf(v).pos <= id.pos && id.end <= scopeOf(v).end)
      .sort((a, b) => b.pos - a.pos)[0];
    for (let fn = this.index.enclosingNode(id); fn; fn = this.index.enclosingNode(fn)) {
      // a local of a function inside this one is nearer than this function's parameter
      if (local && fn.pos <= local.pos && local.end <= fn.end) break;
      const i = fn.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === name);
      if (i >= 0) return this.ofParameter(fn, i, depth);
    }
    if (!local) return null;
    if (local.type) return typeOfNode(local.type);
    const list = local.parent;
    const loop = ts.isVariableDeclarationList(list) ? list.parent : undefined;
    if (loop && ts.isForOfStatement(loop) && loop.initializer === list) {
      const of = this.of(loop.expression, depth + 1);
      return of?.collection ? { name: of.name, collection: false } : null;
    }
    return local.initializer ? this.of(local.initializer, depth + 1) : null;
  }

  /** A parameter's annotation; the first parameter of a callback handed to an array method gets an element. */
  private ofParameter(fn: FunctionLikeNode, i: number, depth: number): DeclaredType | null {
    const p = fn.parameters[i]!;
    if (p.type) return typeOfNode(p.type);
    const call = fn.parent;
    if (i !== 0 || !ts.isCallExpression(call) || call.arguments[0] !== fn || !ts.isPropertyAccessExpression(call.expression)) return null;
    if (!ELEMENT_CALLBACK.has(call.expression.name.text)) return null;
    const of = this.of(call.expression.expression, depth + 1);
    return of?.collection ? { name: of.name, collection: false } : null;
  }
}

/** `this.a.b` as a dotted name (entityName stops at `this`). */
function thisDotted(e: ts.Expression): string | null {
  if (e.kind === ts.SyntaxKind.ThisKeyword) return "this";
  if (!ts.isPropertyAccessExpression(e)) return null;
  const left = thisDotted(e.expression);
  return left && `${left}.${e.name.text}`;
}

function classAround(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let p = node.parent; p; p = p.parent) if (ts.isClassLike(p)) return p;
  return undefined;
}

/** Where a local is visible: its loop, else its block, function body or file. */
function scopeOf(v: ts.VariableDeclaration): ts.Node {
  const list = v.parent;
  const holder = ts.isVariableDeclarationList(list) ? list.parent : undefined;
  if (holder && (ts.isForOfStatement(holder) || ts.isForInStatement(holder) || ts.isForStatement(holder))) return holder;
  for (let p: ts.Node = v.parent; p; p = p.parent) {
    if (ts.isBlock(p) || ts.isSourceFile(p) || ts.isCaseClause(p) || ts.isDefaultClause(p) || ts.isModuleBlock(p)) return p;
  }
  return v.getSourceFile();
}

/** a call's span (start and end) → the CallFact module.ts recorded for it */
function callFactsByStart(facts: FileFacts): Map<string, CallFact> {
  const out = new Map<string, CallFact>();
  for (const c of facts.calls) out.set(`${c.span.line}:${c.span.column}:${c.span.endLine}:${c.span.endColumn}`, c);
  return out;
}

/**
 * The file's interfaces and abstract classes (FileFacts.tsAbstractTypes), what each class and
 * interface names after `extends`/`implements` (FileFacts.supertypes), its type-only imports
 * (FileFacts.typeImports: `import type { Port } from "./port"` names the interface a field is
 * typed with), and on each call module.ts recorded, its receiver's declared type
 * (CallFact.receiverType). A callback handed to an element method of a declared collection
 * (`this.providers.map((p) => p.getPrice())`) runs there: the call invokes it (CallFact.invokesArg).
 */
export function extractDeclaredTypes(sf: ts.SourceFile, index: FileIndex, facts: FileFacts): void {
  const abstract: string[] = [];
  const supertypes: Record<string, string[]> = {};
  // top-level declarations and those of namespaces: a class inside a function body has an id of its own scope
  const visit = (statements: readonly ts.Statement[]): void => {
    for (const n of statements) {
      if ((ts.isClassDeclaration(n) || ts.isInterfaceDeclaration(n)) && n.name) {
        if (ts.isInterfaceDeclaration(n) || hasModifier(n, ts.SyntaxKind.AbstractKeyword)) abstract.push(n.name.text);
        const named = (n.heritageClauses ?? []).flatMap((h) => h.types.map((t) => entityName(t.expression))).filter((s): s is string => s !== null);
        if (named.length) supertypes[n.name.text] = named;
      } else if (ts.isModuleDeclaration(n) && n.body && ts.isModuleBlock(n.body)) visit(n.body.statements);
    }
  };
  visit(sf.statements);
  if (abstract.length) facts.tsAbstractTypes = abstract;
  if (Object.keys(supertypes).length) facts.supertypes = { ...facts.supertypes, ...supertypes };
  // module-level consts declared as a collection: another file's `list.find(…)` reads an element (CallFact.receiverFrom)
  const collections: Record<string, string> = {};
  for (const stmt of sf.statements) {
    if (!ts.isVariableStatement(stmt) || !(stmt.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const d of stmt.declarationList.declarations) {
      const t = ts.isIdentifier(d.name) ? typeOfNode(d.type) : null;
      if (t?.collection) collections[(d.name as ts.Identifier).text] = t.name;
    }
  }
  if (Object.keys(collections).length) facts.tsCollectionConsts = collections;
  const typeImports = typeOnlyImports(sf);
  if (typeImports.length) facts.typeImports = typeImports;

  const types = new DeclaredTypes(index);
  const recorded = callFactsByStart(facts);
  for (const node of index.calls) {
    const callee = unwrap(node.expression);
    // `provider.post()`, and `provider[name]()`: a member chosen at run time on the same receiver (engine/tsDispatch.ts)
    if (!ts.isPropertyAccessExpression(callee) && !ts.isElementAccessExpression(callee)) continue;
    const receiver = types.of(callee.expression);
    const s = spanOf(node, sf);
    const fact = recorded.get(`${s.line}:${s.column}:${s.endLine}:${s.endColumn}`);
    if (!fact) continue;
    if (!receiver) {
      const from = types.producer(callee.expression);
      if (from) fact.receiverFrom = from;
      continue;
    }
    if (!receiver.collection) fact.receiverType = receiver.name;
    else if (ts.isPropertyAccessExpression(callee) && ELEMENT_CALLBACK.has(callee.name.text) && fact.invokesArg === undefined && node.arguments.length) markInvokes(facts, node, sf, index, 0);
  }
  // what each function returns, for a receiver another file's call produces (CallFact.receiverFrom)
  for (const f of index.functions) {
    const t = types.returned(f.node);
    const fact = t && !t.collection ? facts.functions.find((x) => x.id === f.id) : undefined;
    if (fact) fact.returnType = t!.name;
  }
}

function typeOnlyImports(sf: ts.SourceFile): ImportFact[] {
  const out: ImportFact[] = [];
  for (const stmt of sf.statements) {
    if (ts.isImportDeclaration(stmt) && stmt.importClause && ts.isStringLiteralLike(stmt.moduleSpecifier)) {
      const clause = stmt.importClause;
      const module = stmt.moduleSpecifier.text;
      if (clause.isTypeOnly && clause.name) out.push({ local: clause.name.text, module, member: null, isDefault: true });
      const nb = clause.namedBindings;
      if (clause.isTypeOnly && nb && ts.isNamespaceImport(nb)) out.push({ local: nb.name.text, module, member: null });
      if (nb && ts.isNamedImports(nb)) {
        for (const el of nb.elements) {
          if (!clause.isTypeOnly && !el.isTypeOnly) continue;
          const member = (el.propertyName ?? el.name).text;
          out.push(member === "default" ? { local: el.name.text, module, member: null, isDefault: true } : { local: el.name.text, module, member });
        }
      }
    } else if (ts.isExportDeclaration(stmt) && stmt.moduleSpecifier && ts.isStringLiteralLike(stmt.moduleSpecifier) && stmt.exportClause && ts.isNamedExports(stmt.exportClause)) {
      // `export type { Port } from "./port"` in a barrel
      for (const el of stmt.exportClause.elements) {
        if (!stmt.isTypeOnly && !el.isTypeOnly) continue;
        out.push({ local: el.name.text, module: stmt.moduleSpecifier.text, member: (el.propertyName ?? el.name).text });
      }
    }
  }
  return out;
}
