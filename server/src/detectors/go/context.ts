/**
 * What every Go detector shares for one file: the tree, the facts being built, imports, scope ids
 * and the names bound in each scope.
 *
 * Ids: a function is `Reserve`, a method `Client.Reserve` (receiver type, no package: a package
 * spans files, so `Reserve` is found from any file of the folder and `inventory.Reserve` from an
 * importer). A closure is a scope nested in its function: `Reserve.op` when bound to one
 * variable (`op := func() error {…}`), else `Reserve.func@12:8`. Locals are named inside their
 * scope (`Reserve.url`), package-level names plainly, struct fields `Type.field`; a method's
 * receiver (`c.http` in `func (c *Client) …`) is written as its type (`Client.http`). Calls keep
 * local names as written (`c.Post`): the linker looks them up scope by scope (engine/resolveGo.ts).
 */
import type { FileFacts } from "../../model/facts";
import type { SyntaxNode, Tree } from "../../parsing/treeSitter";
import { bindingOf, calleeNode, descendants, dottedName, enclosingFunction, FUNCTION_NODES, stringValue } from "./syntax";

export interface GoImport {
  local: string;
  path: string;
}

interface LocalName {
  /** the qualified name (`Reserve.url`), or the closure id for a closure-bound variable */
  id: string;
  /** the bound value expression, when bound once by `:=`/`var`/`const` */
  value: SyntaxNode | null;
  /** declared type as written (`*http.Client`), for parameters and typed vars */
  type: string | null;
}

export interface GoContext {
  tree: Tree;
  facts: FileFacts;
  packageName: string;
  imports: GoImport[];
  /** local name of an import path (exact, or the first matching a pattern); null when not imported */
  importLocal(path: string | RegExp): string | null;
  /** import path for a local package name */
  importPath(local: string): string | null;
  /** the id of a function/method/closure node */
  idOf(fn: SyntaxNode): string;
  /** id of the scope a node sits in ("<module>" at package level) */
  scopeId(n: SyntaxNode): string;
  /** a name used at `at`: receiver → its type, closure variable → the closure id, local → `Scope.name` */
  lookup(name: string, at: SyntaxNode): LocalName | null;
  /** a dotted name fully qualified, as bindings are named: receiver → its type, local → `Scope.name`, closure variable → the closure id */
  nameOf(n: SyntaxNode | null | undefined, at?: SyntaxNode): string | null;
  /**
   * The same name through declared types, when they are known: `s.checkout` with `s := &Server{}`
   * → `Server.checkout`, `inv.Reserve` with `inv *inventory.Client` → `inventory.Client.Reserve`,
   * `s.inv.Reserve` with a field `inv *inventory.Client` → `inventory.Client.Reserve`. null when no
   * type applies. Library client types (net/http, retryablehttp, grpc) are left alone: their
   * values are ClientFacts found by name.
   */
  typedName(n: SyntaxNode | null | undefined, at?: SyntaxNode): string | null;
  /**
   * A name as calls and arguments show it: as written (the linker looks locals up scope by scope,
   * innermost first), but a receiver becomes its type and a closure variable whose closure is not
   * named after it (`func@L:C`) becomes the closure id.
   */
  linkName(n: SyntaxNode | null | undefined, at?: SyntaxNode): string | null;
  /** call id → its callee through declared types (see typedName) and its receiver's qualified name; applied by ./clients.ts */
  typedCallees: Map<string, { typed: string; receiver: string | null }>;
  /** call node id → its CallFact id */
  callIds: Map<number, string>;
  nextId(prefix: string, n: SyntaxNode): string;
  functionNodes: SyntaxNode[];
  /** struct fields (`Server.rdb`) declared with a library client type (`redis.UniversalClient`, `*mongo.Client`) */
  clientFields: Set<string>;
}

/** Import path → the package name Go gives it by default: last segment, `/vN` and `go-` dropped. */
export function defaultImportName(path: string): string {
  const segs = path.split("/").filter((s) => !/^v\d+$/.test(s));
  // a vanity domain alone (`resty.dev/v3`): the package is named after the domain's first label
  const last = segs.length === 1 && segs[0]!.includes(".") ? segs[0]!.slice(0, segs[0]!.indexOf(".")) : (segs[segs.length - 1] ?? path);
  return last.replace(/^go-/, "").replace(/[.-]go$/, "").replace(/\.v\d+$/, "").replace(/[^A-Za-z0-9_]/g, "");
}

/** predeclared types have no methods worth following */
const BUILTIN_TYPES = new Set(["any", "bool", "byte", "complex64", "complex128", "error", "float32", "float64", "int", "int8", "int16", "int32", "int64", "rune", "string", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr"]);

/** packages whose values are ClientFacts (named by variable, not by type) */
const CLIENT_LIBRARIES = /^(net\/http|github\.com\/hashicorp\/go-retryablehttp|google\.golang\.org\/grpc|github\.com\/cenkalti\/backoff(\/v\d+)?|github\.com\/segmentio\/kafka-go|github\.com\/(IBM|Shopify)\/sarama|github\.com\/go-resty\/resty(\/v2)?|resty\.dev\/v3|gopkg\.in\/resty\.v1|go\.mongodb\.org\/mongo-driver(\/v2)?\/mongo|github\.com\/(go-redis\/redis|redis\/go-redis)(\/v\d+)?)$/;

export function createContext(tree: Tree, facts: FileFacts): GoContext {
  const root = tree.rootNode;
  const packageName = root.namedChildren.find((c) => c?.type === "package_clause")?.namedChildren[0]?.text ?? "";
  const imports: GoImport[] = [];
  for (const spec of descendants(root, "import_spec")) {
    const path = stringValue(spec.childForFieldName("path"));
    if (!path) continue;
    const name = spec.childForFieldName("name")?.text;
    imports.push({ local: name ?? defaultImportName(path), path });
  }
  const functionNodes = descendants(root, [...FUNCTION_NODES]);
  const ids = new Map<number, string>();
  const receivers = new Map<number, { name: string; type: string }>();
  const receiverTypes = new Set<string>();
  const locals = new Map<string, Map<string, LocalName>>();
  const usedIds = new Set<string>();

  const enclosing = enclosingFunction;
  const idOf = (fn: SyntaxNode): string => {
    const hit = ids.get(fn.id);
    if (hit) return hit;
    let id: string;
    if (fn.type === "function_declaration") id = fn.childForFieldName("name")?.text ?? `func@${fn.startPosition.row + 1}`;
    else if (fn.type === "method_declaration") {
      const recv = fn.childForFieldName("receiver")?.namedChildren.find((c) => c?.type === "parameter_declaration");
      const type = dottedName(recv?.childForFieldName("type")) ?? "?";
      id = `${type}.${fn.childForFieldName("name")?.text ?? "?"}`;
      const rname = recv?.childForFieldName("name")?.text;
      if (rname && rname !== "_") receivers.set(fn.id, { name: rname, type });
      receiverTypes.add(type);
    } else {
      const parent = enclosing(fn);
      const prefix = parent ? `${idOf(parent)}.` : "";
      const bound = bindingOf(fn);
      const named = bound && !bound.includes(".") ? `${prefix}${bound}` : null;
      id = named && !usedIds.has(named) ? named : `${prefix}func@${fn.startPosition.row + 1}:${fn.startPosition.column}`;
    }
    // several `func init()` in one file: later ones get their line
    if (usedIds.has(id)) id = `${id}@${fn.startPosition.row + 1}`;
    usedIds.add(id);
    ids.set(fn.id, id);
    return id;
  };
  for (const fn of functionNodes) idOf(fn);

  const scopeId = (n: SyntaxNode): string => {
    const fn = enclosing(n);
    return fn ? idOf(fn) : "<module>";
  };
  const declare = (scope: string, name: string, local: LocalName) => {
    if (name === "_" || !name) return;
    let m = locals.get(scope);
    if (!m) locals.set(scope, (m = new Map()));
    if (!m.has(name)) m.set(name, local);
  };
  // parameters and bindings of every function scope
  for (const fn of functionNodes) {
    const scope = idOf(fn);
    for (const p of fn.childForFieldName("parameters")?.namedChildren ?? []) {
      if (p?.type !== "parameter_declaration" && p?.type !== "variadic_parameter_declaration") continue;
      const type = p.childForFieldName("type")?.text ?? null;
      for (const name of p.childrenForFieldName("name")) declare(scope, name.text, { id: `${scope}.${name.text}`, value: null, type });
    }
  }
  for (const decl of descendants(root, ["short_var_declaration", "var_spec", "const_spec"])) {
    const fn = enclosing(decl);
    if (!fn) continue;
    const scope = idOf(fn);
    const names = decl.type === "short_var_declaration" ? (decl.childForFieldName("left")?.namedChildren ?? []) : decl.childrenForFieldName("name");
    const values = decl.type === "short_var_declaration" ? (decl.childForFieldName("right")?.namedChildren ?? []) : (decl.childForFieldName("value")?.namedChildren ?? []);
    const type = decl.type === "short_var_declaration" ? null : (decl.childForFieldName("type")?.text ?? null);
    names.forEach((nameNode, i) => {
      if (!nameNode) return;
      const value = values.length === names.length ? (values[i] ?? null) : i === 0 ? (values[0] ?? null) : null;
      const id = value?.type === "func_literal" ? idOf(value) : `${scope}.${nameNode.text}`;
      declare(scope, nameNode.text, { id, value, type });
    });
  }

  const lookup = (name: string, at: SyntaxNode): LocalName | null => {
    for (let fn = FUNCTION_NODES.has(at.type) ? at : enclosing(at); fn; fn = enclosing(fn)) {
      const hit = locals.get(idOf(fn))?.get(name);
      if (hit) return hit;
      const recv = receivers.get(fn.id);
      if (recv?.name === name) return { id: recv.type, value: null, type: recv.type };
    }
    return null;
  };

  const nameOf = (n: SyntaxNode | null | undefined, at?: SyntaxNode): string | null => {
    const written = dottedName(n);
    if (!written || !n) return written;
    const head = written.split(".")[0]!;
    const local = lookup(head, at ?? n);
    return local ? local.id + written.slice(head.length) : written;
  };

  const linkName = (n: SyntaxNode | null | undefined, at?: SyntaxNode): string | null => {
    const written = dottedName(n);
    if (!written || !n) return written;
    const head = written.split(".")[0]!;
    const local = lookup(head, at ?? n);
    const rewrite = local && (receiverTypes.has(local.id) ? local.type === local.id : local.value?.type === "func_literal" && !local.id.endsWith(`.${head}`));
    return rewrite ? local.id + written.slice(head.length) : written;
  };

  const importPath = (local: string) => imports.find((i) => i.local === local)?.path ?? null;

  /** `*Server` → Server, `*inventory.Client` → inventory.Client; null for library client types */
  const typeOf = (text: string | null | undefined): string | null => {
    const t = (text ?? "").replace(/^[*&\s]+/, "").replace(/\[.*$/, "");
    if (/^[A-Za-z_]\w*$/.test(t)) return BUILTIN_TYPES.has(t) ? null : t;
    const m = /^([A-Za-z_]\w*)\.([A-Za-z_]\w*)$/.exec(t);
    if (!m) return null;
    const path = importPath(m[1]!);
    return path && !CLIENT_LIBRARIES.test(path) ? t : null;
  };
  const fieldTypes = new Map<string, string>();
  const clientFields = new Set<string>();
  for (const spec of descendants(root, "type_spec")) {
    const type = spec.childForFieldName("name")?.text;
    const struct = spec.childForFieldName("type");
    if (!type || struct?.type !== "struct_type") continue;
    for (const field of descendants(struct, "field_declaration")) {
      const written = field.childForFieldName("type")?.text;
      const ft = typeOf(written);
      if (ft) for (const n of field.childrenForFieldName("name")) fieldTypes.set(`${type}.${n.text}`, ft);
      const qualified = /^\*?\s*([A-Za-z_]\w*)\.[A-Za-z_]\w*$/.exec(written ?? "");
      const path = qualified ? importPath(qualified[1]!) : null;
      if (path && CLIENT_LIBRARIES.test(path)) for (const n of field.childrenForFieldName("name")) clientFields.add(`${type}.${n.text}`);
    }
  }
  // package-level variables with a declared type (`var a Activities`, the Temporal samples' activity
  // receiver): keyed by the bare name, so `a.InsertOrder` in another file of the package finds the method
  for (const decl of root.namedChildren) {
    if (decl?.type !== "var_declaration") continue;
    for (const spec of descendants(decl, "var_spec")) {
      const vt = typeOf(spec.childForFieldName("type")?.text);
      if (vt) for (const n of spec.childrenForFieldName("name")) if (n.text !== "_") fieldTypes.set(n.text, vt);
    }
  }
  if (fieldTypes.size) facts.fieldTypes = Object.fromEntries(fieldTypes);
  /** Go's constructor convention: `inventory.NewClient(…)` returns an `inventory.Client`, `NewServer()` a `Server` */
  const constructed = (call: SyntaxNode): string | null => {
    const fn = dottedName(calleeNode(call)) ?? "";
    const m = /^(?:([A-Za-z_]\w*)\.)?New([A-Z]\w*)$/.exec(fn);
    return m ? typeOf(m[1] ? `${m[1]}.${m[2]}` : m[2]) : null;
  };
  const typedName = (n: SyntaxNode | null | undefined, at?: SyntaxNode): string | null => {
    const written = dottedName(n);
    if (!written || !n) return null;
    const parts = written.split(".");
    const local = lookup(parts[0]!, at ?? n);
    let head: string | null = null;
    if (local && receiverTypes.has(local.id)) head = local.id;
    else if (local) {
      let v = local.value;
      if (v?.type === "unary_expression") v = v.childForFieldName("operand");
      head = typeOf(local.type) ?? (v?.type === "composite_literal" ? typeOf(v.childForFieldName("type")?.text) : v?.type === "call_expression" ? constructed(v) : null);
    }
    let name = head ? [head, ...parts.slice(1)] : parts;
    // a field of a known struct type: Server.inv.Reserve → inventory.Client.Reserve
    const field = name.length >= 3 ? fieldTypes.get(`${name[0]}.${name[1]}`) : undefined;
    if (field) name = [field, ...name.slice(2)];
    const out = name.join(".");
    return out === written || out === nameOf(n, at) ? null : out;
  };

  return {
    tree,
    facts,
    packageName,
    imports,
    importLocal(path) {
      const hit = imports.find((i) => (typeof path === "string" ? i.path === path : path.test(i.path)));
      return hit ? hit.local : null;
    },
    importPath,
    idOf,
    scopeId,
    lookup,
    nameOf,
    typedName,
    linkName,
    typedCallees: new Map(),
    callIds: new Map(),
    nextId(prefix, n) {
      let id = `${prefix}${n.startPosition.row + 1}:${n.startPosition.column}`;
      while (usedIds.has(id)) id += "'";
      usedIds.add(id);
      return id;
    },
    functionNodes,
    clientFields,
  };
}
