/**
 * The generic facts every TS/JS file contributes, whatever libraries it uses (DESIGN.md
 * "Data flow": imports/exports, functions, constants, outbound call sites). Retry layers come
 * from the library detectors (axios.ts for reference §2.1); this file gives the linker what it
 * needs to tie a layer to the calls it wraps: which function a call is in, what it sends
 * (method, URL, Idempotency-Key header — RL005 material), and which functions are route
 * handlers (entry points of a path).
 */
import { INSTANCE_EXPORT } from "../../model/facts";
import type {
  CallFact,
  ConstantFact,
  FileFacts,
  FunctionFact,
  ImportFact,
  RequestFact,
  ValueExpr,
} from "../../model/facts";
import {
  calledMember,
  calledReceiver,
  calleeText,
  dottedName,
  hasSpread,
  isFunctionLike,
  lineOf,
  msToSeconds,
  numberValue,
  objectProperty,
  propertyNameText,
  requiredModule,
  spanOf,
  ts,
  unwrap,
  valueOf,
  type FunctionLikeNode,
} from "../../parsing/typescript";
import { httpProxyRequest, httpProxyServers } from "./httpProxy";
import { messageHandlerFunctions } from "./messageHandlers";

export const MODULE = "<module>";

// ---------------------------------------------------------------------------------------------
// Ids

/** Local ids in the style of the other detectors: prefix + line:column, primed on collision. */
export class IdAllocator {
  private readonly used = new Set<string>();
  next(prefix: string, node: ts.Node, sf: ts.SourceFile): string {
    const s = spanOf(node, sf);
    let id = `${prefix}${s.line}:${s.column}`;
    while (this.used.has(id)) id += "'";
    this.used.add(id);
    return id;
  }
}

// ---------------------------------------------------------------------------------------------
// The file index: one walk over the tree that names every function (shared by every TS
// detector, so a call, a client and a layer agree on ids) and lists the nodes the detectors
// look at, so no detector walks the whole file again.

export interface IndexedFunction {
  node: FunctionLikeNode;
  id: string;
  name: string;
  /** the node that declares it (a `const f = () => …` declaration rather than the arrow) */
  declaration: ts.Node;
}

export interface FileIndex {
  functions: IndexedFunction[];
  /** every call / `new` expression and variable declaration, in document order */
  calls: ts.CallExpression[];
  newExpressions: ts.NewExpression[];
  variables: ts.VariableDeclaration[];
  throws: ts.ThrowStatement[];
  returns: ts.ReturnStatement[];
  imports: ImportBinding[];
  idOf(fn: ts.Node): string | undefined;
  entryOf(fn: ts.Node): IndexedFunction | undefined;
  /** innermost enclosing function id, "<module>" for top-level code */
  enclosingId(node: ts.Node): string;
  enclosingNode(node: ts.Node): FunctionLikeNode | undefined;
  /** the function a plain name refers to from `from`: a nested function first, then a top-level one */
  resolveName(name: string, from: ts.Node): IndexedFunction | undefined;
}

/** Skips wrappers between a value and the place it is bound: `(…)`, `as T`, `satisfies T`. */
function bindingParent(node: ts.Node): ts.Node {
  let p = node.parent;
  while (p && (ts.isParenthesizedExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p) || ts.isNonNullExpression(p))) {
    p = p.parent;
  }
  return p;
}

function className(cls: ts.Node): string {
  if ((ts.isClassDeclaration(cls) || ts.isClassExpression(cls)) && cls.name) return cls.name.text;
  if (ts.isClassExpression(cls)) {
    const p = bindingParent(cls);
    if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
  }
  if (ts.isClassDeclaration(cls) && hasDefaultModifier(cls)) return "default";
  return `<class@L${lineOf(cls)}>`;
}

function hasDefaultModifier(node: ts.Node): boolean {
  const mods = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  return !!mods?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
}

function hasExportModifier(node: ts.Node): boolean {
  const mods = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  return !!mods?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** `module.exports.x` / `exports.x` → "x"; `module.exports` → "default"; else null. */
export function commonJsExportName(target: ts.Expression): string | null {
  const d = dottedName(target);
  if (d === "module.exports") return "default";
  if (d?.startsWith("module.exports.")) return d.slice("module.exports.".length);
  if (d?.startsWith("exports.")) return d.slice("exports.".length);
  return null;
}

/** The name of the thing an object literal or class is bound to, for qualifying its methods. */
function containerName(container: ts.Node): string | null {
  if (ts.isClassDeclaration(container) || ts.isClassExpression(container)) return className(container);
  if (!ts.isObjectLiteralExpression(container)) return null;
  const p = bindingParent(container);
  if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return p.name.text;
  if (ts.isPropertyAssignment(p)) {
    const owner = containerName(p.parent);
    const key = propertyNameText(p.name);
    return owner && key ? `${owner}.${key}` : key;
  }
  if (ts.isExportAssignment(p)) return "default";
  // `module.exports = { handler() {} }`: the methods are the module's exports, named as such
  return null;
}

/** The name a function is known by where it is declared, or null for an inline callback. */
function declaredName(fn: FunctionLikeNode): { name: string; declaration: ts.Node } | null {
  if (ts.isFunctionDeclaration(fn)) {
    if (fn.name) return { name: fn.name.text, declaration: fn };
    return hasDefaultModifier(fn) ? { name: "default", declaration: fn } : null;
  }
  if (ts.isConstructorDeclaration(fn)) return { name: `${className(fn.parent)}.constructor`, declaration: fn };
  if (ts.isMethodDeclaration(fn) || ts.isGetAccessorDeclaration(fn) || ts.isSetAccessorDeclaration(fn)) {
    const key = propertyNameText(fn.name) ?? "<computed>";
    const owner = containerName(fn.parent);
    return { name: owner ? `${owner}.${key}` : key, declaration: fn };
  }
  // arrow functions and function expressions are named by where they are bound
  const p = bindingParent(fn);
  if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) return { name: p.name.text, declaration: p };
  if (ts.isPropertyAssignment(p)) {
    const key = propertyNameText(p.name) ?? "<computed>";
    const owner = containerName(p.parent);
    return { name: owner ? `${owner}.${key}` : key, declaration: p };
  }
  if (ts.isPropertyDeclaration(p)) {
    return { name: `${className(p.parent)}.${propertyNameText(p.name) ?? "<computed>"}`, declaration: p };
  }
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.EqualsToken && unwrap(p.right) === fn) {
    const cjs = commonJsExportName(p.left);
    if (cjs !== null) return { name: cjs, declaration: p };
    const d = dottedName(p.left);
    if (d) {
      // `Foo.prototype.bar = function` is the method Foo.bar
      const name = d.replace(".prototype.", ".");
      if (name.startsWith("this.")) {
        const cls = ancestorClass(p);
        return { name: cls ? `${className(cls)}.${name.slice(5)}` : name.slice(5), declaration: p };
      }
      return { name, declaration: p };
    }
  }
  if (ts.isExportAssignment(p)) return { name: "default", declaration: p };
  if (ts.isFunctionExpression(fn) && fn.name) return { name: fn.name.text, declaration: fn };
  return null;
}

function ancestorClass(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let p = node.parent; p; p = p.parent) if (ts.isClassLike(p)) return p;
  return undefined;
}

export function indexFile(sf: ts.SourceFile): FileIndex {
  const functions: IndexedFunction[] = [];
  const calls: ts.CallExpression[] = [];
  const newExpressions: ts.NewExpression[] = [];
  const variables: ts.VariableDeclaration[] = [];
  const throws: ts.ThrowStatement[] = [];
  const returns: ts.ReturnStatement[] = [];
  const byNode = new Map<ts.Node, IndexedFunction>();
  const byId = new Map<string, IndexedFunction>();

  const unique = (id: string): string => {
    if (!byId.has(id)) return id;
    let n = 2;
    while (byId.has(`${id}#${n}`)) n++;
    return `${id}#${n}`;
  };

  // Parents are visited before children, so a nested function is qualified by its parent's id
  // ("outer.inner", as the Python detectors do for nested defs).
  const visit = (node: ts.Node, enclosing: IndexedFunction | undefined): void => {
    let inner = enclosing;
    if (ts.isCallExpression(node)) calls.push(node);
    else if (ts.isNewExpression(node)) newExpressions.push(node);
    else if (ts.isVariableDeclaration(node)) variables.push(node);
    else if (ts.isThrowStatement(node)) throws.push(node);
    else if (ts.isReturnStatement(node)) returns.push(node);
    else if (isFunctionLike(node) && node.body) {
      const declared = declaredName(node);
      let id: string;
      let name: string;
      if (declared) {
        name = declared.name.slice(declared.name.lastIndexOf(".") + 1);
        id = enclosing ? `${enclosing.id}.${declared.name}` : declared.name;
      } else {
        // inline callbacks are qualified like named ones, so a callback inside a handler
        // (`items.map((i) => orders.post(…))`) still says whose work it is
        name = `<anon@L${lineOf(node, sf)}>`;
        id = enclosing ? `${enclosing.id}.${name}` : name;
      }
      const entry: IndexedFunction = { node, id: unique(id), name, declaration: declared?.declaration ?? node };
      functions.push(entry);
      byNode.set(node, entry);
      byId.set(entry.id, entry);
      inner = entry;
    }
    ts.forEachChild(node, (c) => visit(c, inner));
  };
  ts.forEachChild(sf, (c) => visit(c, undefined));

  const enclosingNode = (node: ts.Node): FunctionLikeNode | undefined => {
    for (let p = node.parent; p; p = p.parent) if (byNode.has(p)) return p as FunctionLikeNode;
    return undefined;
  };
  return {
    functions,
    calls,
    newExpressions,
    variables,
    throws,
    returns,
    imports: importsOf(sf, variables),
    idOf: (fn) => byNode.get(fn)?.id,
    entryOf: (fn) => byNode.get(fn),
    enclosingId: (node) => {
      const fn = enclosingNode(node);
      return fn ? byNode.get(fn)!.id : MODULE;
    },
    enclosingNode,
    resolveName(name, from) {
      for (let fn = enclosingNode(from); fn; fn = enclosingNode(fn)) {
        const hit = byId.get(`${byNode.get(fn)!.id}.${name}`);
        if (hit) return hit;
      }
      return byId.get(name);
    },
  };
}

/** An index that knows nothing: everything is module-level (used if indexing failed). */
export function emptyFileIndex(): FileIndex {
  return {
    functions: [],
    calls: [],
    newExpressions: [],
    variables: [],
    throws: [],
    returns: [],
    imports: [],
    idOf: () => undefined,
    entryOf: () => undefined,
    enclosingId: () => MODULE,
    enclosingNode: () => undefined,
    resolveName: () => undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// Imports (ES modules and CommonJS require)

export interface ImportBinding extends ImportFact {
  /** the declaration that binds it, for spans */
  node: ts.Node;
}

function importsOf(sf: ts.SourceFile, variables: ts.VariableDeclaration[]): ImportBinding[] {
  const out: ImportBinding[] = [];
  for (const stmt of sf.statements) {
    if (ts.isImportDeclaration(stmt)) {
      const clause = stmt.importClause;
      if (!clause || clause.isTypeOnly || !ts.isStringLiteralLike(stmt.moduleSpecifier)) continue;
      const module = stmt.moduleSpecifier.text;
      if (clause.name) out.push({ local: clause.name.text, module, member: null, isDefault: true, node: stmt });
      const nb = clause.namedBindings;
      if (nb && ts.isNamespaceImport(nb)) out.push({ local: nb.name.text, module, member: null, node: stmt });
      if (nb && ts.isNamedImports(nb)) {
        for (const el of nb.elements) {
          if (el.isTypeOnly) continue;
          const member = el.propertyName ? moduleExportName(el.propertyName) : el.name.text;
          if (member === "default") out.push({ local: el.name.text, module, member: null, isDefault: true, node: stmt });
          else out.push({ local: el.name.text, module, member, node: stmt });
        }
      }
    } else if (ts.isImportEqualsDeclaration(stmt) && !stmt.isTypeOnly) {
      const ref = stmt.moduleReference;
      if (ts.isExternalModuleReference(ref) && ts.isStringLiteralLike(ref.expression)) {
        out.push({ local: stmt.name.text, module: ref.expression.text, member: null, node: stmt });
      }
    } else if (ts.isExportDeclaration(stmt) && !stmt.isTypeOnly && stmt.moduleSpecifier && ts.isStringLiteralLike(stmt.moduleSpecifier)) {
      // `export { a as b } from "./m"` binds nothing locally but re-exports: recording it as an
      // import of `b` lets the linker follow barrel files like any other import.
      const module = stmt.moduleSpecifier.text;
      const clause = stmt.exportClause;
      if (clause && ts.isNamedExports(clause)) {
        for (const el of clause.elements) {
          if (el.isTypeOnly) continue;
          const member = el.propertyName ? moduleExportName(el.propertyName) : moduleExportName(el.name);
          if (member === "default") out.push({ local: moduleExportName(el.name), module, member: null, isDefault: true, node: stmt });
          else out.push({ local: moduleExportName(el.name), module, member, node: stmt });
        }
      }
    }
  }
  // CommonJS: `const x = require("m")`, `const { a, b: c } = require("m")`, `const y = require("m").y`,
  // anywhere in the file (lazy requires inside functions bind names too). A dynamic import awaited into a
  // name (`const sdk = await import("m")`, `const { A } = await import("m")`) binds the module namespace the
  // same way — `sdk.S3Client` is the module's export as with `import * as sdk from "m"`.
  for (const node of variables) {
    if (!node.initializer) continue;
    let init = unwrap(node.initializer);
    let member: string | null = null;
    if (ts.isPropertyAccessExpression(init) && requiredModule(init.expression) !== null) {
      member = init.name.text;
      init = init.expression;
    }
    const module = requiredModule(init) ?? dynamicImportModule(init);
    if (module === null) continue;
    if (ts.isIdentifier(node.name)) {
      if (member === "default") out.push({ local: node.name.text, module, member: null, isDefault: true, node });
      else out.push({ local: node.name.text, module, member, node });
    } else if (ts.isObjectBindingPattern(node.name) && member === null) {
      for (const el of node.name.elements) {
        if (!ts.isIdentifier(el.name) || el.dotDotDotToken) continue;
        const key = el.propertyName ? propertyNameText(el.propertyName) : el.name.text;
        if (key === null) continue;
        if (key === "default") out.push({ local: el.name.text, module, member: null, isDefault: true, node });
        else out.push({ local: el.name.text, module, member: key, node });
      }
    }
  }
  return out;
}

/** `await import("m")` → "m"; anything else → null. */
function dynamicImportModule(e: ts.Expression): string | null {
  const u = unwrap(e);
  if (!ts.isAwaitExpression(u)) return null;
  const call = unwrap(u.expression);
  if (!ts.isCallExpression(call) || call.expression.kind !== ts.SyntaxKind.ImportKeyword) return null;
  const arg = call.arguments[0];
  return arg && ts.isStringLiteralLike(arg) ? arg.text : null;
}

function moduleExportName(n: ts.ModuleExportName): string {
  return n.text;
}

// ---------------------------------------------------------------------------------------------
// Exports

/**
 * Exported name → local name where they differ (`export default function handler` →
 * default → handler, `export { a as b }`, `module.exports = x`), so the linker can follow an
 * import of the exported name to the local symbol.
 */
/** `new OrderRepository()` / `new OrderRepository(db)` → "OrderRepository" (a class of this file or not: the resolver checks) */
function instanceClass(e: ts.Expression): string | null {
  const n = unwrap(e);
  return ts.isNewExpression(n) && ts.isIdentifier(n.expression) ? n.expression.text : null;
}

function exportAliasesOf(sf: ts.SourceFile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const stmt of sf.statements) {
    if ((ts.isFunctionDeclaration(stmt) || ts.isClassDeclaration(stmt)) && hasExportModifier(stmt) && hasDefaultModifier(stmt) && stmt.name) {
      out.default = stmt.name.text;
    } else if (ts.isExportAssignment(stmt) && ts.isIdentifier(unwrap(stmt.expression))) {
      out.default = (unwrap(stmt.expression) as ts.Identifier).text;
    } else if (ts.isExportAssignment(stmt) && !stmt.isExportEquals && instanceClass(stmt.expression)) {
      out[INSTANCE_EXPORT] = instanceClass(stmt.expression)!;
    } else if (ts.isExportDeclaration(stmt) && !stmt.moduleSpecifier && stmt.exportClause && ts.isNamedExports(stmt.exportClause)) {
      for (const el of stmt.exportClause.elements) {
        if (el.propertyName) out[moduleExportName(el.name)] = moduleExportName(el.propertyName);
      }
    } else if (ts.isExpressionStatement(stmt)) {
      const e = unwrap(stmt.expression);
      if (!ts.isBinaryExpression(e) || e.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
      const name = commonJsExportName(e.left);
      const right = unwrap(e.right);
      if (name === null) continue;
      if (ts.isIdentifier(right) && right.text !== name) out[name] = right.text;
      else if (name === "default" && instanceClass(right)) out[INSTANCE_EXPORT] = instanceClass(right)!;
      else if (name === "default" && ts.isObjectLiteralExpression(right)) {
        for (const p of right.properties) {
          if (ts.isPropertyAssignment(p) && ts.isIdentifier(unwrap(p.initializer)) && p.name) {
            const key = propertyNameText(p.name);
            const local = (unwrap(p.initializer) as ts.Identifier).text;
            if (key !== null && key !== local) out[key] = local;
          }
        }
      }
    }
  }
  return out;
}

function exportsOf(sf: ts.SourceFile): string[] {
  const out = new Set<string>();
  for (const stmt of sf.statements) {
    if (ts.isVariableStatement(stmt) && hasExportModifier(stmt)) {
      for (const d of stmt.declarationList.declarations) for (const n of boundNames(d.name)) out.add(n);
    } else if ((ts.isFunctionDeclaration(stmt) || ts.isClassDeclaration(stmt)) && hasExportModifier(stmt)) {
      if (hasDefaultModifier(stmt)) out.add("default");
      else if (stmt.name) out.add(stmt.name.text);
    } else if ((ts.isEnumDeclaration(stmt) || ts.isModuleDeclaration(stmt)) && hasExportModifier(stmt) && ts.isIdentifier(stmt.name)) {
      out.add(stmt.name.text);
    } else if (ts.isExportAssignment(stmt)) {
      out.add("default"); // `export default x` and TS `export = x`
    } else if (ts.isExportDeclaration(stmt) && !stmt.isTypeOnly && stmt.exportClause && ts.isNamedExports(stmt.exportClause)) {
      for (const el of stmt.exportClause.elements) if (!el.isTypeOnly) out.add(moduleExportName(el.name));
    } else if (ts.isExpressionStatement(stmt)) {
      const e = unwrap(stmt.expression);
      if (!ts.isBinaryExpression(e) || e.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
      const name = commonJsExportName(e.left);
      if (name === null) continue;
      const right = unwrap(e.right);
      if (name === "default" && ts.isObjectLiteralExpression(right)) {
        // `module.exports = { a, b: c, d() {} }` exports its keys
        for (const p of right.properties) {
          const key = p.name ? propertyNameText(p.name) : null;
          if (key !== null) out.add(key);
        }
      } else out.add(name);
    }
  }
  return [...out];
}

function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  const out: string[] = [];
  for (const el of name.elements) if (!ts.isOmittedExpression(el)) out.push(...boundNames(el.name));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Module-level constants

function isConstLike(list: ts.VariableDeclarationList): boolean {
  // `var` too: older CommonJS code writes its configuration that way; `let` is meant to change
  return (list.flags & ts.NodeFlags.Let) === 0;
}

function constantsOf(sf: ts.SourceFile): ConstantFact[] {
  const out: ConstantFact[] = [];
  const add = (name: string, value: ValueExpr, node: ts.Node): void => {
    if (value.kind !== "unknown") out.push({ name, value, line: lineOf(node, sf) });
  };
  // `const config = { ordersUrl: process.env.X }` → config.ordersUrl, so `config.ordersUrl` refs resolve
  const addObject = (prefix: string, obj: ts.ObjectLiteralExpression, depth: number): void => {
    for (const p of obj.properties) {
      if (!ts.isPropertyAssignment(p) && !ts.isShorthandPropertyAssignment(p)) continue;
      const key = propertyNameText(p.name);
      if (key === null) continue;
      const init = ts.isPropertyAssignment(p) ? unwrap(p.initializer) : p.name;
      if (ts.isObjectLiteralExpression(init)) {
        if (depth < 4) addObject(`${prefix}.${key}`, init, depth + 1);
      } else add(`${prefix}.${key}`, valueOf(init), p);
    }
  };
  for (const stmt of sf.statements) {
    // CommonJS `module.exports = { ordersUrl: process.env.X || "…" }`: the keys are what
    // `require("./config").ordersUrl` reads, so they are the module's own names
    const exported = ts.isExpressionStatement(stmt) ? moduleExportsObject(stmt.expression) : undefined;
    if (exported) {
      for (const p of exported.properties) {
        if (!ts.isPropertyAssignment(p)) continue;
        const key = propertyNameText(p.name);
        const init = unwrap(p.initializer);
        if (key === null) continue;
        if (ts.isObjectLiteralExpression(init)) addObject(key, init, 1);
        else add(key, valueOf(init), p);
      }
      continue;
    }
    if (!ts.isVariableStatement(stmt) || !isConstLike(stmt.declarationList)) continue;
    for (const d of stmt.declarationList.declarations) {
      if (!d.initializer) continue;
      const init = unwrap(d.initializer);
      if (ts.isIdentifier(d.name)) {
        if (ts.isObjectLiteralExpression(init)) addObject(d.name.text, init, 1);
        else add(d.name.text, valueOf(init), d);
      } else if (ts.isObjectBindingPattern(d.name) && dottedName(init) === "process.env") {
        // `const { ORDERS_URL = "http://orders:8080" } = process.env`
        for (const el of d.name.elements) {
          if (!ts.isIdentifier(el.name) || el.dotDotDotToken) continue;
          const envName = el.propertyName ? propertyNameText(el.propertyName) : el.name.text;
          if (envName === null) continue;
          const fallback = el.initializer ? valueOf(el.initializer) : undefined;
          add(el.name.text, fallback ? { kind: "env", name: envName, fallback } : { kind: "env", name: envName }, el);
        }
      }
    }
  }
  return out;
}

/** The object literal of `module.exports = { … }`, if the expression is that assignment. */
function moduleExportsObject(e: ts.Expression): ts.ObjectLiteralExpression | undefined {
  if (!ts.isBinaryExpression(e) || e.operatorToken.kind !== ts.SyntaxKind.EqualsToken || dottedName(e.left) !== "module.exports") return undefined;
  const right = unwrap(e.right);
  return ts.isObjectLiteralExpression(right) ? right : undefined;
}

// ---------------------------------------------------------------------------------------------
// Route handlers: `app.post("/x", handler)`, `router.get(...)`, `app.route("/x").get(handler)`

const ROUTE_VERBS = new Set(["get", "post", "put", "patch", "delete", "del", "head", "options", "all", "use"]);
const ROUTER_NAMES = new Set(["app", "router", "server", "api", "routes", "route", "fastify"]);
/** factories whose result is a router, so any variable bound to one registers handlers */
const ROUTER_FACTORIES = new Set(["express", "express.Router", "Router", "fastify", "Fastify", "polka", "restify.createServer", "Hono", "KoaRouter"]);

interface RouteRegistration {
  method: string | null;
  route: string | null;
  /** the arguments that are handlers (functions or names of functions) */
  handlers: ts.Expression[];
}

function routerVariables(variables: ts.VariableDeclaration[]): Set<string> {
  const out = new Set<string>();
  for (const node of variables) {
    if (!ts.isIdentifier(node.name) || !node.initializer) continue;
    let init = unwrap(node.initializer);
    if (ts.isAwaitExpression(init)) init = unwrap(init.expression);
    if ((ts.isCallExpression(init) || ts.isNewExpression(init)) && ROUTER_FACTORIES.has(calleeText(init.expression))) {
      out.add(node.name.text);
    }
  }
  return out;
}

function routeRegistration(
  call: ts.CallExpression,
  routers: Set<string>,
  isFunctionRef: (e: ts.Expression) => boolean,
  stringConstants: Map<string, string>,
): RouteRegistration | null {
  const member = calledMember(call);
  const receiver = calledReceiver(call);
  if (!member || !receiver || !ROUTE_VERBS.has(member)) return null;
  const method = member === "all" || member === "use" ? null : member === "del" ? "DELETE" : member.toUpperCase();

  let route: string | null = null;
  let rest: readonly ts.Expression[] = call.arguments;
  let routerLike = false;
  const recv = unwrap(receiver);
  if (ts.isCallExpression(recv) && calledMember(recv) === "route" && recv.arguments[0]) {
    // express `app.route("/x").get(handler)`
    const path = unwrap(recv.arguments[0]);
    route = ts.isStringLiteralLike(path) ? path.text : null;
    routerLike = true;
  } else {
    const name = dottedName(recv);
    const last = name?.slice(name.lastIndexOf(".") + 1) ?? null;
    routerLike = name !== null && (routers.has(name) || (last !== null && ROUTER_NAMES.has(last)));
    const first = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
    if (first && ts.isStringLiteralLike(first)) {
      route = first.text;
      rest = call.arguments.slice(1);
    } else if (first && !isFunctionRef(first) && !ts.isArrayLiteralExpression(first)) {
      // a path held in a constant (`ROUTES.checkout`), or an options object (fastify)
      route = stringConstants.get(dottedName(first) ?? "") ?? null;
      rest = call.arguments.slice(1);
    }
  }
  const handlers = rest.map((a) => unwrap(a)).filter((a) => isFunctionRef(a));
  if (handlers.length === 0) return null;
  // Without a router-looking receiver, insist on a path: `cache.get("k", () => …)` is not a route.
  if (!routerLike && (route === null || !route.startsWith("/"))) return null;
  return { method, route, handlers };
}

/**
 * File-system routes, where the file's place is the route and its exports are the handlers:
 * Next.js `app/…/route.ts` (`export async function POST(req)`) and `pages/api/…` (default export).
 */
function fileRouteHandlers(sf: ts.SourceFile, path: string, index: FileIndex, exported: string[]): Map<ts.Node, { method: string | null; route: string | null }> {
  const out = new Map<ts.Node, { method: string | null; route: string | null }>();
  const segments = path.split("/");
  const file = segments[segments.length - 1] ?? "";
  const stem = file.replace(/\.[cm]?[jt]sx?$/, "");
  const urlOf = (parts: string[]): string => `/${parts.filter((p) => !(p.startsWith("(") && p.endsWith(")"))).join("/")}`;
  const appAt = segments.lastIndexOf("app");
  const pagesAt = segments.lastIndexOf("pages");
  if (stem === "route" && appAt >= 0) {
    const route = urlOf(segments.slice(appAt + 1, -1));
    for (const f of index.functions) {
      if (ROUTE_METHOD_EXPORTS.has(f.id) && exported.includes(f.id)) out.set(f.node, { method: f.id, route });
    }
  } else if (pagesAt >= 0 && segments[pagesAt + 1] === "api" && exported.includes("default")) {
    const parts = segments.slice(pagesAt + 1, -1);
    if (stem !== "index") parts.push(stem);
    const fn = defaultExportedFunction(index, sf);
    if (fn) out.set(fn.node, { method: null, route: urlOf(parts) });
  }
  return out;
}

/** `export default function handler()`, `export default () => …`, `export default handler`. */
function defaultExportedFunction(index: FileIndex, sf: ts.SourceFile): IndexedFunction | undefined {
  for (const f of index.functions) {
    if (ts.isFunctionDeclaration(f.node) && hasDefaultModifier(f.node) && !index.enclosingNode(f.node)) return f;
  }
  for (const stmt of sf.statements) {
    if (!ts.isExportAssignment(stmt)) continue;
    const e = unwrap(stmt.expression);
    if (isFunctionLike(e)) return index.entryOf(e);
    if (ts.isIdentifier(e)) return index.resolveName(e.text, stmt);
  }
  return undefined;
}

const ROUTE_METHOD_EXPORTS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);

// ---------------------------------------------------------------------------------------------
// Outbound requests: `<x>.get/post/…(url, …)`, `axios(...)`, `fetch(url, init)`

const HTTP_VERBS = new Set(["get", "post", "put", "patch", "delete", "head", "options", "request"]);
/** axios-style signatures: the config is the argument after the body for these verbs */
const BODY_VERBS = new Set(["post", "put", "patch"]);
const FETCH_MODULES = new Set(["node-fetch", "cross-fetch", "isomorphic-fetch", "isomorphic-unfetch", "undici"]);

interface RequestNames {
  axios: Set<string>;
  fetch: Set<string>;
  /** local names of the amqplib module (`const amqp = require("amqplib")`); empty when the file does not use it */
  amqp: Set<string>;
}

/** RabbitMQ clients: connecting and publishing are requests to the broker */
const AMQP_MODULES = new Set(["amqplib", "amqplib/callback_api"]);
/** what sends a message on an amqplib channel */
const AMQP_SENDS = new Set(["publish", "sendToQueue"]);

function requestNames(imports: ImportBinding[]): RequestNames {
  const axios = new Set<string>();
  const fetch = new Set<string>(["fetch", "globalThis.fetch", "window.fetch", "self.fetch"]);
  const amqp = new Set<string>();
  for (const i of imports) {
    if (AMQP_MODULES.has(i.module) && i.member === null) amqp.add(i.local);
    // default import, namespace import and `require("axios")` are all the default instance
    if (i.module === "axios" && i.member === null) axios.add(i.local);
    if (FETCH_MODULES.has(i.module) && (i.member === null || i.member === "fetch")) fetch.add(i.local);
  }
  return { axios, fetch, amqp };
}

/** `method` of a fetch init / axios config literal; GET when absent (both libraries' default). */
function methodIn(obj: ts.ObjectLiteralExpression): string | null {
  const m = objectProperty(obj, "method");
  if (m === undefined) return hasSpread(obj) ? null : "GET"; // a spread may carry a method
  if (ts.isMethodDeclaration(m)) return null;
  const v = unwrap(m);
  return ts.isStringLiteralLike(v) ? v.text.toUpperCase() : null;
}

function isIdempotencyHeader(key: string): boolean {
  // "Idempotency-Key", "X-Idempotency-Key" and vendor prefixes of the same header
  return key.toLowerCase().endsWith("idempotency-key");
}

type Tri = boolean | null;

/** Header keys of a literal headers value: object literal or `new Headers({...})`. */
function headersVerdict(headers: ts.Expression): Tri {
  let h = unwrap(headers);
  if (ts.isNewExpression(h) && calleeText(h.expression) === "Headers") {
    const arg = h.arguments?.[0];
    if (!arg) return false;
    h = unwrap(arg);
  }
  if (!ts.isObjectLiteralExpression(h)) return null;
  let unknownKeys = false;
  for (const p of h.properties) {
    const key = p.name ? propertyNameText(p.name) : null;
    if (key === null) unknownKeys = true; // spread or computed key
    else if (isIdempotencyHeader(key)) return true;
  }
  return unknownKeys ? null : false;
}

/**
 * Whether a config/options argument sets Idempotency-Key. The header may sit anywhere in the
 * literal (`{ headers }`, `{ ...base, headers: {...} }`); a config that is not a literal, or
 * spreads one in without its own headers, is unknown.
 */
function idempotencyIn(config: ts.Expression | undefined): Tri {
  if (config === undefined) return false;
  const c = unwrap(config);
  if (!ts.isObjectLiteralExpression(c)) return null;
  let verdict: Tri = false;
  let found = false;
  for (const p of c.properties) {
    if (ts.isSpreadAssignment(p)) continue;
    const key = p.name ? propertyNameText(p.name) : null;
    if (key === "headers" && (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p))) {
      found = true;
      const v = headersVerdict(ts.isPropertyAssignment(p) ? p.initializer : p.name);
      if (v === true) return true;
      if (v === null) verdict = null;
    } else if (ts.isPropertyAssignment(p) && ts.isObjectLiteralExpression(unwrap(p.initializer))) {
      const nested = idempotencyIn(p.initializer);
      if (nested === true) return true;
    }
  }
  if (!found && hasSpread(c)) return null;
  return verdict;
}

function timeoutIn(config: ts.Expression | undefined): number | null {
  if (!config) return null;
  const c = unwrap(config);
  if (!ts.isObjectLiteralExpression(c)) return null;
  const t = objectProperty(c, "timeout");
  if (t && !ts.isMethodDeclaration(t)) return msToSeconds(numberValue(t));
  // fetch: `signal: AbortSignal.timeout(5000)`
  const signal = objectProperty(c, "signal");
  if (signal && !ts.isMethodDeclaration(signal)) {
    const s = unwrap(signal);
    if (ts.isCallExpression(s) && calleeText(s.expression) === "AbortSignal.timeout" && s.arguments[0]) {
      return msToSeconds(numberValue(s.arguments[0]));
    }
  }
  return null;
}

/** A timeout is configured (`timeout`, `signal`), or the options are not a literal and may hold one. */
export function timeoutSetIn(config: ts.Expression | undefined): boolean {
  if (!config) return false;
  const c = unwrap(config);
  if (!ts.isObjectLiteralExpression(c)) return true;
  return objectProperty(c, "timeout") !== undefined || objectProperty(c, "signal") !== undefined || hasSpread(c);
}

/**
 * A request's own `prefixUrl` (ky, got: `api.post(url, { prefixUrl: "" })`), in the options
 * object among its arguments; the linker joins it in place of the instance's (engine/baseUrls.ts).
 */
export function prefixUrlIn(args: readonly ts.Expression[]): { prefixUrl: ValueExpr } | Record<string, never> {
  for (const a of args.slice(1, 3)) {
    const o = unwrap(a);
    if (!ts.isObjectLiteralExpression(o)) continue;
    const p = objectProperty(o, "prefixUrl");
    if (p !== undefined && !ts.isMethodDeclaration(p)) return { prefixUrl: valueOf(p) };
  }
  return {};
}

function urlOf(e: ts.Expression | ts.MethodDeclaration | undefined): ValueExpr | null {
  if (e === undefined || ts.isMethodDeclaration(e)) return null;
  return valueOf(e);
}

/** `{ method, url, headers, timeout }` config objects (axios(config), x.request(config)). */
function requestFromConfig(config: ts.Expression, library: string | null): RequestFact {
  const c = unwrap(config);
  if (!ts.isObjectLiteralExpression(c)) {
    return { method: null, url: null, protocol: "http", idempotencyKey: null, timeoutSeconds: null, library };
  }
  return {
    method: methodIn(c),
    url: urlOf(objectProperty(c, "url")),
    protocol: "http",
    idempotencyKey: idempotencyIn(c),
    timeoutSeconds: timeoutIn(c),
    timeoutSet: timeoutSetIn(c),
    library,
  };
}

function requestOf(call: ts.CallExpression, names: RequestNames): RequestFact | undefined {
  const args = call.arguments;
  const callee = dottedName(call.expression);

  if (callee !== null && names.fetch.has(callee)) {
    const init = args[1] ? unwrap(args[1]) : undefined;
    let method: string | null = "GET";
    if (init) {
      method = ts.isObjectLiteralExpression(init) ? methodIn(init) : null;
    }
    return {
      method,
      url: args[0] ? valueOf(args[0]) : null,
      protocol: "http",
      idempotencyKey: idempotencyIn(init),
      timeoutSeconds: timeoutIn(init),
    timeoutSet: timeoutSetIn(init),
      library: "fetch",
    };
  }

  if (callee !== null && names.axios.has(callee)) {
    // axios(config) or axios(url, config)
    if (!args[0]) return undefined;
    const first = unwrap(args[0]);
    if (ts.isObjectLiteralExpression(first) || !args[1]) {
      if (ts.isObjectLiteralExpression(first)) return requestFromConfig(first, "axios");
      return { method: "GET", url: valueOf(first), protocol: "http", idempotencyKey: false, timeoutSeconds: null, library: "axios" };
    }
    const fromConfig = requestFromConfig(args[1], "axios");
    return { ...fromConfig, url: valueOf(first) };
  }

  const member = calledMember(call);
  const receiver = calledReceiver(call);
  // amqplib: `amqp.connect(url)` opens the connection to the broker; `channel.publish(exchange,
  // key, content)` / `channel.sendToQueue(queue, content)` in a file that uses amqplib sends to it
  if (names.amqp.size && member && receiver && args[0]) {
    const recvName = dottedName(receiver);
    if (member === "connect" && recvName !== null && names.amqp.has(recvName)) return { method: null, url: valueOf(args[0]), protocol: "db", idempotencyKey: null, timeoutSeconds: null, library: "amqplib" };
    if (AMQP_SENDS.has(member) && args.length >= 2 && !(recvName !== null && names.amqp.has(recvName))) return { method: null, url: null, protocol: "db", idempotencyKey: null, timeoutSeconds: null, library: "amqplib" };
  }
  if (!member || !receiver || !HTTP_VERBS.has(member) || !args[0]) return undefined;
  const recvName = dottedName(receiver);
  const library = recvName !== null && names.axios.has(recvName) ? "axios" : null;

  if (member === "request") {
    const first = unwrap(args[0]);
    if (ts.isObjectLiteralExpression(first)) return requestFromConfig(first, library);
    // `request(url, options)` (undici, got): options hold method and headers
    const fromConfig = args[1] ? requestFromConfig(args[1], library) : null;
    return {
      method: fromConfig ? fromConfig.method : "GET",
      url: valueOf(first),
      protocol: "http",
      idempotencyKey: fromConfig ? fromConfig.idempotencyKey : false,
      timeoutSeconds: fromConfig?.timeoutSeconds ?? null,
      timeoutSet: fromConfig?.timeoutSet ?? false,
      library,
    };
  }

  // axios: post/put/patch(url, data, config); get/delete/head/options(url, config).
  // got/ky-style post(url, options) also occur: a literal second argument that carries
  // `headers` is read as options too.
  let config = BODY_VERBS.has(member) ? args[2] : args[1];
  const second = args[1] ? unwrap(args[1]) : undefined;
  if (BODY_VERBS.has(member) && !args[2] && second && ts.isObjectLiteralExpression(second) && objectProperty(second, "headers") !== undefined) {
    config = second;
  }
  return {
    method: member.toUpperCase(),
    url: valueOf(args[0]),
    protocol: "http",
    idempotencyKey: idempotencyIn(config),
    timeoutSeconds: timeoutIn(config),
    timeoutSet: timeoutSetIn(config),
    library,
    ...prefixUrlIn(args),
  };
}

// ---------------------------------------------------------------------------------------------
// raisesOnStatus: `if (!res.ok) throw …` / `if (res.status >= 500) throw …`

/** The functions whose own body throws under an `if` that tests a response status. */
function functionsRaisingOnStatus(index: FileIndex): Set<ts.Node> {
  const out = new Set<ts.Node>();
  const mentionsStatus = (cond: ts.Node): boolean => {
    let hit = false;
    const check = (n: ts.Node): void => {
      if (hit) return;
      if (ts.isPropertyAccessExpression(n) && ["ok", "status", "statusCode"].includes(n.name.text)) hit = true;
      else ts.forEachChild(n, check);
    };
    check(cond);
    return hit;
  };
  for (const t of index.throws) {
    const fn = index.enclosingNode(t); // a nested function's throw is its own
    if (!fn || out.has(fn)) continue;
    for (let p: ts.Node = t.parent; p && p !== fn; p = p.parent) {
      if (ts.isIfStatement(p) && mentionsStatus(p.expression)) {
        out.add(fn);
        break;
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

/**
 * Fields a class's methods set to a new instance (`this.broker = new Broker()`): `Class.field` →
 * the class as written, so `this.broker.publish(…)` resolves to `Broker.publish`. A constructor
 * parameter property typed with a class (`constructor(private readonly prices: PriceService)`, how
 * NestJS and Angular inject services) is such a field too, unless a method sets it to a new instance.
 */
function fieldTypesOf(sf: ts.SourceFile, index: FileIndex): Record<string, string> {
  const out: Record<string, string> = {};
  // a name the module binds (an import, a top-level variable): never a parameter or a local
  const moduleNames = new Set([...index.imports.map((i) => i.local), ...index.variables.filter((v) => ts.isIdentifier(v.name) && index.enclosingId(v) === MODULE).map((v) => (v.name as ts.Identifier).text)]);
  // …and not shadowed by a parameter or a local of a function around the use (`constructor(boxModel) { this.m = boxModel }`)
  const shadowed = (name: string, at: ts.Node): boolean => {
    for (let fn = index.enclosingNode(at); fn; fn = index.enclosingNode(fn)) {
      const binds = (b: ts.BindingName): boolean => (ts.isIdentifier(b) ? b.text === name : b.elements.some((el) => !ts.isOmittedExpression(el) && binds(el.name)));
      if (fn.parameters.some((p) => binds(p.name))) return true;
      if (index.variables.some((v) => index.enclosingNode(v) === fn && binds(v.name))) return true;
    }
    return false;
  };
  const moduleName = (e: ts.Expression): string | null => {
    const d = ts.isIdentifier(e) || ts.isPropertyAccessExpression(e) ? dottedName(e) : null;
    const head = d?.split(".")[0];
    return d && head && !d.startsWith("this.") && moduleNames.has(head) && !shadowed(head, e) ? d : null;
  };
  const injected: Record<string, string> = {};
  const visit = (n: ts.Node): void => {
    if (ts.isParameter(n) && ts.isConstructorDeclaration(n.parent) && ts.isIdentifier(n.name) && n.type && ts.isTypeReferenceNode(n.type) && !n.type.typeArguments?.length) {
      const property = (ts.getModifiers(n) ?? []).some((m) => [ts.SyntaxKind.PrivateKeyword, ts.SyntaxKind.ProtectedKeyword, ts.SyntaxKind.PublicKeyword, ts.SyntaxKind.ReadonlyKeyword].includes(m.kind));
      const cls = n.parent.parent;
      const clsName = (ts.isClassDeclaration(cls) || ts.isClassExpression(cls)) && cls.name ? cls.name.text : null;
      if (property && clsName) injected[`${clsName}.${n.name.text}`] = n.type.typeName.getText(sf);
    }
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(n.left) && n.left.expression.kind === ts.SyntaxKind.ThisKeyword) {
      const right = unwrap(n.right);
      const type = ts.isNewExpression(right) ? dottedName(right.expression) : moduleName(right);
      const scope = index.enclosingId(n);
      const cls = scope.includes(".") ? scope.slice(0, scope.lastIndexOf(".")) : "";
      if (type && cls && !(`${cls}.${n.left.name.text}` in out)) out[`${cls}.${n.left.name.text}`] = type;
    }
    // a property initialised with a new instance or a name of the module: `userModel = boxModel`
    if (ts.isPropertyDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && !(ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) {
      const cls = n.parent && (ts.isClassDeclaration(n.parent) || ts.isClassExpression(n.parent)) && n.parent.name ? n.parent.name.text : null;
      const right = unwrap(n.initializer);
      const type = ts.isNewExpression(right) ? dottedName(right.expression) : moduleName(right);
      if (cls && type && !(`${cls}.${n.name.text}` in out)) out[`${cls}.${n.name.text}`] = type;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return { ...injected, ...out };
}

export function extractModuleFacts(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const imports = index.imports;
  for (const { node: _node, ...fact } of imports) facts.imports.push(fact);
  facts.exports.push(...exportsOf(sf));
  facts.exportAliases = exportAliasesOf(sf);
  facts.constants.push(...constantsOf(sf));
  const moduleInstances = localInstancesOf(undefined, index);
  if (moduleInstances) facts.instances = moduleInstances;
  const fields = fieldTypesOf(sf, index);
  if (Object.keys(fields).length) facts.fieldTypes = { ...facts.fieldTypes, ...fields };

  const names = requestNames(imports);
  const proxyServers = httpProxyServers(index, imports);
  const routers = routerVariables(index.variables);
  const stringConstants = new Map<string, string>();
  for (const c of facts.constants) if (c.value.kind === "string") stringConstants.set(c.name, c.value.value);
  const isFunctionRef = (e: ts.Expression): boolean => {
    const u = unwrap(e);
    if (isFunctionLike(u)) return true;
    return ts.isIdentifier(u) && index.resolveName(u.text, u) !== undefined;
  };

  const handlers = new Map<ts.Node, { method: string | null; route: string | null }>();
  const referenced = new Set<IndexedFunction>();
  const calls: CallFact[] = [];

  const noteReferenced = (arg: ts.Expression): void => {
    const u = unwrap(arg);
    if (isFunctionLike(u)) {
      const fn = index.entryOf(u);
      if (fn) referenced.add(fn);
    } else if (ts.isIdentifier(u)) {
      const fn = index.resolveName(u.text, u);
      if (fn) referenced.add(fn);
    } else if (ts.isObjectLiteralExpression(u)) {
      // `retry(fn, { onRetry: log })`, `new Worker({ process: handle })`
      for (const p of u.properties) {
        if (ts.isPropertyAssignment(p)) noteReferenced(p.initializer);
        else if (ts.isShorthandPropertyAssignment(p)) noteReferenced(p.name);
      }
    } else if (ts.isArrayLiteralExpression(u)) {
      for (const el of u.elements) noteReferenced(el);
    }
  };

  for (const node of index.calls) {
    if (node.expression.kind === ts.SyntaxKind.ImportKeyword) continue; // dynamic import()
    const args = node.arguments;
    const reg = routeRegistration(node, routers, isFunctionRef, stringConstants);
    if (reg) {
      for (const h of reg.handlers) {
        const target = ts.isIdentifier(h) ? index.resolveName(h.text, h)?.node : h;
        if (target) handlers.set(target, { method: reg.method, route: reg.route });
      }
    }
    const fact: CallFact = {
      id: ids.next("C", node, sf),
      span: spanOf(node, sf),
      functionId: index.enclosingId(node),
      callee: calleeText(node.expression),
      // a number literal is kept: a retry helper's count at its call site (`withRetry(fn, 5)`)
      args: args.map((a) => ({ keyword: null, name: ts.isSpreadElement(a) ? null : dottedName(a), ...(ts.isNumericLiteral(a) ? { number: Number(a.text) } : {}) })),
    };
    // a route registration passes functions, a request passes data; a router never sends
    const recv = calledReceiver(node);
    const onRouter = recv !== undefined && routers.has(dottedName(recv) ?? "");
    const request = reg || onRouter ? undefined : (httpProxyRequest(node, proxyServers) ?? requestOf(node, names));
    if (request) fact.request = request;
    calls.push(fact);
    for (const a of args) noteReferenced(a);
  }
  // `new Promise((resolve) => …)`, `new Worker(handle)`: callbacks too
  for (const node of index.newExpressions) for (const a of node.arguments ?? []) noteReferenced(a);
  facts.calls.push(...calls);

  const fileRoute = fileRouteHandlers(sf, facts.path, index, facts.exports);
  for (const [node, handler] of fileRoute) if (!handlers.has(node)) handlers.set(node, handler);
  const raising = functionsRaisingOnStatus(index);
  const perMessage = messageHandlerFunctions(index);
  for (const f of index.functions) {
    const fn = f.node;
    const paramDefaults: Record<string, ValueExpr> = {};
    for (const p of fn.parameters) {
      if (ts.isIdentifier(p.name) && p.initializer) {
        const v = valueOf(p.initializer);
        if (v.kind !== "unknown") paramDefaults[p.name.text] = v;
      }
    }
    const instances = localInstancesOf(fn, index);
    const decorators = ts.isMethodDeclaration(fn) ? decoratorNames(fn) : [];
    const fact: FunctionFact = {
      ...(instances ? { localInstances: instances } : {}),
      ...(decorators.length ? { tsDecorators: decorators } : {}),
      id: f.id,
      name: f.name,
      span: spanOf(f.declaration, sf),
      params: fn.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : p.name.getText(sf))),
      paramDefaults,
      topLevel: index.enclosingNode(fn) === undefined,
      handler: handlers.get(fn) ?? null,
      raisesOnStatus: raising.has(fn),
      returnsClientId: null,
      ...(perMessage.has(f) ? { messageHandler: true as const } : {}),
    };
    facts.functions.push(fact);
  }
  // A handler is passed as a value too, but it is an entry point, not a callback someone calls.
  for (const f of referenced) if (!handlers.has(f.node)) facts.referencedFunctions.push(f.id);
}

/** A method's decorators by the name they are written with: `@Plug({ … })` → `Plug`, `@meta.Tool` → `meta.Tool`. */
function decoratorNames(m: ts.MethodDeclaration): string[] {
  const out: string[] = [];
  for (const d of ts.getDecorators(m) ?? []) {
    const e = unwrap(d.expression);
    const name = dottedName(ts.isCallExpression(e) ? e.expression : e);
    if (name) out.push(name);
  }
  return out;
}

/**
 * Locals a function's own body binds to a new instance (`const useCase = new FindBoxUseCase()`): local → the
 * class as written (FunctionFact.localInstances). A local bound more than once, or also to something else, is left out.
 */
function localInstancesOf(fn: ts.Node | undefined, index: FileIndex): Record<string, string> | null {
  const out: Record<string, string> = {};
  const other = new Set<string>();
  for (const v of index.variables) {
    if (!ts.isIdentifier(v.name) || index.enclosingNode(v) !== fn) continue;
    // module level: `const` only (a `let` may be re-bound anywhere)
    if (!fn && !(ts.isVariableDeclarationList(v.parent) && (v.parent.flags & ts.NodeFlags.Const) !== 0)) continue;
    const init = v.initializer ? unwrap(v.initializer) : undefined;
    const type = init && ts.isNewExpression(init) ? dottedName(init.expression) : null;
    if (!type || v.name.text in out) other.add(v.name.text);
    else out[v.name.text] = type;
  }
  for (const name of other) delete out[name];
  return Object.keys(out).length ? out : null;
}
