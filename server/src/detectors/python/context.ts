/**
 * What every Python detector shares for one file: the tree, the facts being built, and name
 * resolution through the file's imports (`retry` → `tenacity.retry`).
 */
import type { FileFacts, ValueExpr } from "../../model/facts";
import { descendants, dottedName, enclosingFunction, numberValue, stringValue, valueExpr } from "../../parsing/python";
import type { SyntaxNode, Tree } from "../../parsing/treeSitter";

export interface PyContext {
  tree: Tree;
  facts: FileFacts;
  /** module name of the file ("platform.http") */
  module: string;
  /** `retry` → `tenacity.retry`, `rq.post` → `requests.post`; unknown names come back unchanged */
  qualify(dotted: string): string;
  /** qualified name of a callee/decorator node, or null when it is not a dotted name */
  qualifiedName(n: SyntaxNode | null | undefined): string | null;
  /** local function id of a function_definition node ("Client.get", "reserve_stock.send") */
  functionId(def: SyntaxNode | null): string;
  value(n: SyntaxNode | null | undefined): ValueExpr | null;
  /** a number literal, or a module constant / parameter default holding one */
  number(n: SyntaxNode | null | undefined, scope?: SyntaxNode | null): number | null;
  nextId(prefix: string, n: SyntaxNode): string;
}

/** builtins are never taken from a star import */
const PY_BUILTINS = new Set([
  "Exception", "BaseException", "ValueError", "TypeError", "KeyError", "IndexError", "RuntimeError", "OSError", "IOError",
  "ConnectionError", "ConnectionRefusedError", "ConnectionResetError", "TimeoutError", "AttributeError", "NotImplementedError",
  "print", "len", "range", "min", "max", "int", "float", "str", "dict", "list", "set", "tuple", "open", "isinstance", "super",
  "True", "False", "None", "self",
]);

export function createContext(tree: Tree, facts: FileFacts, module: string): PyContext {
  const importMap = new Map<string, string>();
  const moduleConstants = new Map<string, SyntaxNode>();
  const usedIds = new Set<string>();
  const fnIds = new Map<number, string>();
  const fnImports = new Map<number, Map<string, string>>();
  /** the names a function's own import statements bind (not those of nested defs) */
  const functionImports = (fn: SyntaxNode): Map<string, string> => {
    let map = fnImports.get(fn.id);
    if (map) return map;
    map = new Map();
    const sink = { imports: [] as FileFacts["imports"] } as FileFacts;
    for (const imp of descendants(fn, ["import_statement", "import_from_statement"], { skipNestedDefs: true })) collectImports(imp, module, map, sink);
    fnImports.set(fn.id, map);
    return map;
  };

  // Imports and constants are read here (not in a detector) because every detector needs them.
  for (const stmt of tree.rootNode.namedChildren) {
    if (!stmt) continue;
    collectImports(stmt, module, importMap, facts);
    if (stmt.type === "expression_statement") {
      const a = stmt.namedChildren[0];
      if (a?.type === "assignment") {
        const left = a.childForFieldName("left");
        const right = a.childForFieldName("right");
        if (left?.type === "identifier" && right) moduleConstants.set(left.text, right);
      }
    }
  }

  // imports inside functions (`def index_document(…): from documents.search import get_backend`, made
  // there to break an import cycle) bind names the linker resolves the function's calls through; a
  // there to break an import cycle) bind names the linker resolves the function's calls through
  // (FileFacts.functionImports; keyed after the function ids are known, below)
  const bodyImports: Array<{ fn: SyntaxNode; imports: FileFacts["imports"] }> = [];
  for (const fn of descendants(tree.rootNode, "function_definition")) {
    const sink = { imports: [] as FileFacts["imports"] } as FileFacts;
    for (const imp of descendants(fn, ["import_statement", "import_from_statement"], { skipNestedDefs: true })) collectImports(imp, module, new Map(), sink);
    const named = sink.imports.filter((i) => i.member !== "*");
    if (named.length) bodyImports.push({ fn, imports: named });
  }

  // `from tenacity import *`: names not bound otherwise come from the (last) star-imported module
  const starModules = facts.imports.filter((i) => i.member === "*").map((i) => i.module);
  const localNames = new Set<string>();
  for (const stmt of tree.rootNode.namedChildren) {
    if (stmt?.type === "function_definition" || stmt?.type === "class_definition") {
      const n = stmt.childForFieldName("name")?.text;
      if (n) localNames.add(n);
    }
  }
  const qualify = (dotted: string): string => {
    const dot = dotted.indexOf(".");
    const head = dot < 0 ? dotted : dotted.slice(0, dot);
    const rest = dot < 0 ? "" : dotted.slice(dot);
    const target = importMap.get(head);
    if (target) return target + rest;
    const star = starModules[starModules.length - 1];
    if (star && !localNames.has(head) && !moduleConstants.has(head) && !PY_BUILTINS.has(head)) return `${star}.${head}${rest}`;
    return dotted;
  };

  const qualifiedNames = new Map<number, string | null>();
  /** names bound by import statements inside any function: only these heads need the enclosing functions' imports */
  let functionBoundNames: Set<string> | null = null;
  const boundInsideFunctions = (): Set<string> => {
    if (functionBoundNames) return functionBoundNames;
    functionBoundNames = new Set();
    for (const imp of descendants(tree.rootNode, ["import_statement", "import_from_statement"])) {
      const fn = enclosingFunction(imp);
      if (fn) for (const name of functionImports(fn).keys()) functionBoundNames.add(name);
    }
    return functionBoundNames;
  };
  const qualifiedNameOf = (n: SyntaxNode): string | null => {
    const d = dottedName(n);
    if (!d) return null;
    // an import written inside the enclosing functions binds first (`def parse(): from azure.ai
    // import Client` — optional dependencies are often imported where they are used)
    const head = d.split(".", 1)[0]!;
    if (boundInsideFunctions().has(head)) {
      for (let fn = enclosingFunction(n); fn; fn = enclosingFunction(fn)) {
        const target = functionImports(fn).get(head);
        if (target) return target + d.slice(head.length);
      }
    }
    return qualify(d);
  };

  const ctx: PyContext = {
    tree,
    facts,
    module,
    qualify,
    qualifiedName(n) {
      if (!n) return null;
      // every detector asks for the names of the same call nodes: answer each node once
      const cached = qualifiedNames.get(n.id);
      if (cached !== undefined) return cached;
      const q = qualifiedNameOf(n);
      qualifiedNames.set(n.id, q);
      return q;
    },
    functionId(def) {
      if (!def) return "<module>";
      const cached = fnIds.get(def.id);
      if (cached) return cached;
      const names: string[] = [];
      for (let p: SyntaxNode | null = def; p; p = p.parent) {
        if (p.type === "function_definition" || p.type === "class_definition") {
          names.unshift(p.childForFieldName("name")?.text ?? "<anonymous>");
        }
      }
      const id = names.join(".");
      fnIds.set(def.id, id);
      return id;
    },
    value(n) {
      return valueExpr(n, qualify);
    },
    number(n, scope) {
      if (!n) return null;
      const direct = numberValue(n);
      if (direct !== null) return direct;
      if (n.type === "identifier") {
        // a parameter default in the enclosing function, then a module constant
        for (let p: SyntaxNode | null = scope ?? n; p; p = p.parent) {
          if (p.type === "function_definition") {
            const def = parameterDefault(p, n.text);
            if (def) return numberValue(def);
          }
        }
        const c = moduleConstants.get(n.text);
        if (c && c !== n) return numberValue(c) ?? (c.type === "binary_operator" ? arithmetic(c, (x) => ctx.number(x, null)) : null);
      }
      // simple constant arithmetic: `retries=6 * 4`, `retry_delay=10 * 60`, `MAX - 1`
      if (n.type === "binary_operator") return arithmetic(n, (x) => ctx.number(x, scope));
      return null;
    },
    nextId(prefix, n) {
      let id = `${prefix}${n.startPosition.row + 1}:${n.startPosition.column}`;
      while (usedIds.has(id)) id += "'";
      usedIds.add(id);
      return id;
    },
  };
  for (const { fn, imports } of bodyImports) (facts.functionImports ??= {})[ctx.functionId(fn)] = imports;
  return ctx;
}

const ARITHMETIC: Record<string, (a: number, b: number) => number> = {
  "+": (a, b) => a + b,
  "-": (a, b) => a - b,
  "*": (a, b) => a * b,
  "/": (a, b) => a / b,
  "//": (a, b) => Math.floor(a / b),
  "%": (a, b) => a - b * Math.floor(a / b),
  "**": (a, b) => a ** b,
};
let arithmeticDepth = 0;

/** `6 * 4`, `10 * 60`, `MAX_RETRIES - 1`: both sides numbers (as `num` reads them), Python's operators. */
export function arithmetic(n: SyntaxNode, num: (x: SyntaxNode) => number | null): number | null {
  const op = ARITHMETIC[n.childForFieldName("operator")?.type ?? ""];
  const l = n.childForFieldName("left");
  const r = n.childForFieldName("right");
  if (!op || !l || !r || arithmeticDepth > 8) return null;
  arithmeticDepth++;
  try {
    const a = num(l);
    const b = a === null ? null : num(r);
    if (a === null || b === null) return null;
    const v = op(a, b);
    return Number.isFinite(v) ? v : null;
  } finally {
    arithmeticDepth--;
  }
}

export function parameterDefault(def: SyntaxNode, name: string): SyntaxNode | null {
  const params = def.childForFieldName("parameters");
  for (const p of params?.namedChildren ?? []) {
    if (!p) continue;
    if (p.type === "default_parameter" || p.type === "typed_default_parameter") {
      if (p.childForFieldName("name")?.text === name) return p.childForFieldName("value");
    }
  }
  return null;
}

/** Module-level constant node bound to `name` (NAME = …), searched at the top level. */
export function moduleConstant(tree: Tree, name: string): SyntaxNode | null {
  for (const stmt of tree.rootNode.namedChildren) {
    const a = stmt?.type === "expression_statement" ? stmt.namedChildren[0] : null;
    if (a?.type === "assignment" && a.childForFieldName("left")?.text === name) return a.childForFieldName("right");
  }
  return null;
}

function collectImports(stmt: SyntaxNode, module: string, map: Map<string, string>, facts: FileFacts): void {
  if (stmt.type === "import_statement") {
    for (const c of stmt.namedChildren) {
      if (!c) continue;
      if (c.type === "dotted_name") {
        // `import a.b` binds `a`
        const head = c.text.split(".")[0]!;
        map.set(head, head);
        facts.imports.push({ local: head, module: c.text, member: null });
      } else if (c.type === "aliased_import") {
        const name = c.childForFieldName("name")?.text;
        const alias = c.childForFieldName("alias")?.text;
        if (name && alias) {
          map.set(alias, name);
          facts.imports.push({ local: alias, module: name, member: null });
        }
      }
    }
  } else if (stmt.type === "import_from_statement") {
    const modNode = stmt.childForFieldName("module_name");
    if (!modNode) return;
    const from = resolveRelative(modNode.text, module);
    for (const c of stmt.namedChildren) {
      if (!c || c.id === modNode.id) continue;
      if (c.type === "wildcard_import") {
        facts.imports.push({ local: "*", module: from, member: "*" });
      } else if (c.type === "dotted_name") {
        map.set(c.text, `${from}.${c.text}`);
        facts.imports.push({ local: c.text, module: from, member: c.text });
      } else if (c.type === "aliased_import") {
        const name = c.childForFieldName("name")?.text;
        const alias = c.childForFieldName("alias")?.text;
        if (name && alias) {
          map.set(alias, `${from}.${name}`);
          facts.imports.push({ local: alias, module: from, member: name });
        }
      }
    }
  } else if (stmt.type === "try_statement" || stmt.type === "if_statement" || stmt.type === "with_statement") {
    // `try: from x import y except ImportError: …` — imports in guarded blocks count too, and in
    // `with workflow.unsafe.imports_passed_through():` (Temporal workflow modules)
    for (const block of stmt.namedChildren) {
      for (const inner of block?.namedChildren ?? []) if (inner) collectImports(inner, module, map, facts);
    }
  } else if (stmt.type === "block" || stmt.type === "except_clause" || stmt.type === "else_clause") {
    for (const inner of stmt.namedChildren) if (inner) collectImports(inner, module, map, facts);
  }
}

/** `.http` inside package `platform` (module `platform.client`) → `platform.http`. */
export function resolveRelative(spec: string, module: string): string {
  if (!spec.startsWith(".")) return spec;
  const dots = spec.length - spec.replace(/^\.+/, "").length;
  const rest = spec.slice(dots);
  const pkg = module.split(".");
  // the module itself is the last segment; one dot = its package
  const base = pkg.slice(0, Math.max(0, pkg.length - dots));
  return [...base, ...(rest ? [rest] : [])].join(".");
}

export function stringArg(n: SyntaxNode | null | undefined): string | null {
  return stringValue(n);
}

/** A name bound by assignment in the same function or at module level, followed to its value. */
export function resolveBound(ctx: PyContext, n: SyntaxNode | null | undefined, at: SyntaxNode): SyntaxNode | null {
  if (!n) return null;
  if (n.type !== "identifier") return n;
  const scopes = [enclosingFunction(at), ctx.tree.rootNode].filter((s): s is SyntaxNode => !!s);
  for (const scope of scopes) {
    const found = descendants(scope, "assignment", { skipNestedDefs: true }).find((a) => a.childForFieldName("left")?.text === n.text);
    const right = found?.childForFieldName("right");
    if (right) return right;
  }
  return null;
}

/**
 * What a decorator applies, following a module-level alias: `@retry_policy` after
 * `retry_policy = retry(stop=stop_after_attempt(3))` (or `= backoff.on_exception(...)`) applies that
 * call. Only module-level aliases of the same file are followed; the decorator stays the anchor.
 */
export function decoratorExpression(ctx: PyContext, dec: SyntaxNode): SyntaxNode | null {
  const expr = dec.namedChildren[0] ?? null;
  if (expr?.type !== "identifier") return expr;
  const bound = descendants(ctx.tree.rootNode, "assignment", { skipNestedDefs: true })
    .filter((a) => a.parent?.parent?.id === ctx.tree.rootNode.id && a.childForFieldName("left")?.text === expr.text)
    .map((a) => a.childForFieldName("right"))
    .filter((r): r is SyntaxNode => !!r && (r.type === "call" || r.type === "identifier" || r.type === "attribute"));
  // a name bound more than once is not a constant alias: keep the decorator as written
  return bound.length === 1 && bound[0]!.startIndex < dec.startIndex ? bound[0]! : expr;
}
