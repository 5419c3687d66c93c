/**
 * Helpers over tree-sitter-python syntax nodes: names, literals, call arguments, value
 * expressions. Pure functions of the tree; they tolerate ERROR nodes and missing children.
 */
import type { ValueExpr } from "../model/facts";
import type { SyntaxNode } from "./treeSitter";

export { nodeSpan } from "./treeSitter";

/** "a.b.c" for identifier/attribute chains; null for anything else (calls, subscripts). */
export function dottedName(n: SyntaxNode | null | undefined): string | null {
  if (!n) return null;
  if (n.type === "identifier") return n.text;
  if (n.type === "attribute") {
    const obj = dottedName(n.childForFieldName("object"));
    const attr = n.childForFieldName("attribute");
    return obj && attr ? `${obj}.${attr.text}` : null;
  }
  return null;
}

/** The value of a plain (non-f) string literal, with implicit concatenation; null otherwise. */
export function stringValue(n: SyntaxNode | null | undefined): string | null {
  if (!n) return null;
  if (n.type === "concatenated_string") {
    let out = "";
    for (const c of n.namedChildren) {
      const v = c ? stringValue(c) : null;
      if (v === null) return null;
      out += v;
    }
    return out;
  }
  if (n.type !== "string") return null;
  let out = "";
  for (const c of n.namedChildren) {
    if (!c) continue;
    if (c.type === "interpolation") return null;
    if (c.type === "string_content") out += c.text;
    else if (c.type === "escape_sequence") out += unescape(c.text);
  }
  return out;
}

function unescape(s: string): string {
  const simple: Record<string, string> = { "\\n": "\n", "\\t": "\t", "\\\\": "\\", "\\'": "'", '\\"': '"' };
  return simple[s] ?? s.slice(1);
}

export function numberValue(n: SyntaxNode | null | undefined): number | null {
  if (!n) return null;
  if (n.type === "integer" || n.type === "float") {
    const v = Number(n.text.replaceAll("_", ""));
    return Number.isFinite(v) ? v : null;
  }
  if (n.type === "unary_operator" && n.text.startsWith("-")) {
    const inner = numberValue(n.childForFieldName("argument"));
    return inner === null ? null : -inner;
  }
  if (n.type === "parenthesized_expression") return numberValue(n.namedChildren[0]);
  return null;
}

export interface CallParts {
  /** the callee node (identifier, attribute, or a call for `x()(y)`) */
  fn: SyntaxNode | null;
  positional: SyntaxNode[];
  keywords: Map<string, SyntaxNode>;
  /** `**kwargs` / `*args` present: the argument list is not fully known */
  hasSplat: boolean;
}

export function callParts(call: SyntaxNode): CallParts {
  const fn = call.childForFieldName("function");
  const args = call.childForFieldName("arguments");
  const positional: SyntaxNode[] = [];
  const keywords = new Map<string, SyntaxNode>();
  let hasSplat = false;
  if (args && args.type === "argument_list") {
    for (const a of args.namedChildren) {
      if (!a || a.type === "comment") continue;
      if (a.type === "keyword_argument") {
        const name = a.childForFieldName("name");
        const value = a.childForFieldName("value");
        if (name && value) keywords.set(name.text, value);
      } else if (a.type === "list_splat" || a.type === "dictionary_splat") {
        hasSplat = true;
      } else {
        positional.push(a);
      }
    }
  } else if (args && args.type === "generator_expression") {
    positional.push(args);
  }
  return { fn, positional, keywords, hasSplat };
}

/** keyword `name` or positional `index`. */
export function argument(parts: CallParts, name: string, index?: number): SyntaxNode | null {
  return parts.keywords.get(name) ?? (index !== undefined ? parts.positional[index] ?? null : null);
}

/** Elements of a tuple/list/set literal, or the node itself when it is a single value. */
export function elements(n: SyntaxNode | null | undefined): SyntaxNode[] {
  if (!n) return [];
  if (n.type === "tuple" || n.type === "list" || n.type === "set" || n.type === "parenthesized_expression" && n.namedChildren[0]?.type === "tuple") {
    const inner = n.type === "parenthesized_expression" ? n.namedChildren[0]! : n;
    return inner.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== "comment");
  }
  if (n.type === "parenthesized_expression") return elements(n.namedChildren[0]);
  return [n];
}

/**
 * A value expression: literals, f-strings, concatenation, names (resolved later), and
 * environment lookups (os.environ[...], os.environ.get, os.getenv).
 * `qualify` maps a dotted name through the file's imports.
 */
export function valueExpr(n: SyntaxNode | null | undefined, qualify: (dotted: string) => string): ValueExpr | null {
  if (!n) return null;
  switch (n.type) {
    case "string":
    case "concatenated_string": {
      const plain = stringValue(n);
      if (plain !== null) return { kind: "string", value: plain };
      return fString(n, qualify);
    }
    case "integer":
    case "float":
      return { kind: "number", value: numberValue(n) ?? 0 };
    case "identifier":
      return { kind: "ref", name: n.text };
    case "attribute": {
      const d = dottedName(n);
      return d ? { kind: "ref", name: d } : { kind: "unknown", text: n.text };
    }
    case "parenthesized_expression":
      return valueExpr(n.namedChildren[0], qualify);
    case "binary_operator": {
      if (n.childForFieldName("operator")?.type !== "+") break;
      const l = valueExpr(n.childForFieldName("left"), qualify);
      const r = valueExpr(n.childForFieldName("right"), qualify);
      if (l && r) return { kind: "concat", parts: [l, r] };
      break;
    }
    case "boolean_operator": {
      // os.environ.get("X") or "default"
      const l = valueExpr(n.childForFieldName("left"), qualify);
      const r = valueExpr(n.childForFieldName("right"), qualify);
      if (l?.kind === "env" && !l.fallback && r) return { ...l, fallback: r };
      return l ?? r;
    }
    case "subscript": {
      const obj = dottedName(n.childForFieldName("value"));
      const key = stringValue(n.childForFieldName("subscript"));
      if (obj && qualify(obj) === "os.environ") {
        if (key) return { kind: "env", name: key };
      } else if (key !== null && n.childForFieldName("value")) {
        // `details["name"]`: an entry of a map constant
        const of = valueExpr(n.childForFieldName("value"), qualify);
        if (of && of.kind !== "unknown") return { kind: "index", of, key };
      }
      break;
    }
    case "dictionary": {
      const entries: Record<string, ValueExpr> = {};
      for (const pair of n.namedChildren) {
        if (pair?.type !== "pair") continue;
        const key = stringValue(pair.childForFieldName("key"));
        const value = valueExpr(pair.childForFieldName("value"), qualify);
        if (key !== null && value) entries[key] = value;
      }
      return { kind: "map", entries };
    }
    case "conditional_expression": {
      // `a if <cond> else b` where the condition asks whether an env var is set
      const [whenTrue, condition, whenFalse] = n.namedChildren;
      const env = condition ? envTest(condition, qualify) : null;
      const t = valueExpr(whenTrue, qualify);
      const f = valueExpr(whenFalse, qualify);
      if (env && t && f) return envChoice(env, t, f);
      break;
    }
    case "call": {
      const parts = callParts(n);
      // "http://{0}{1}:{2}".format(host, domain, port) / "{}:{}".format(a, b)
      const formatted = parts.fn?.type === "attribute" && parts.fn.childForFieldName("attribute")?.text === "format" ? formatCall(parts, qualify) : null;
      if (formatted) return formatted;
      const fn = dottedName(parts.fn);
      const q = fn ? qualify(fn) : null;
      // python-decouple `config("NAME", default=…)` reads os.environ first, then .env / settings.ini, then the default
      if (q === "os.environ.get" || q === "os.getenv" || q === "decouple.config") {
        const key = stringValue(parts.positional[0]);
        if (key) {
          const fb = valueExpr(argument(parts, "default", 1), qualify);
          return fb ? { kind: "env", name: key, fallback: fb } : { kind: "env", name: key };
        }
      }
      // `dict(max_retries=6, delay=2)`: a map, as the literal `{"max_retries": 6, …}`
      if (q === "dict" && !parts.positional.length && !parts.hasSplat) {
        const entries: Record<string, ValueExpr> = {};
        for (const [k, v] of parts.keywords) {
          const value = valueExpr(v, qualify);
          if (value) entries[k] = value;
        }
        return { kind: "map", entries };
      }
      const setting = projectSetting(parts, q, qualify);
      if (setting) return setting;
      break;
    }
  }
  return { kind: "unknown", text: n.text.slice(0, 120) };
}

/**
 * A Python project's setting read with a default: Django's `getattr(settings, "X", default)` and
 * the helpers apps wrap it in (`get_settings_value("X", default)`, `get_setting("X", default)`).
 * The settings module is code the tool does not run, so the default is the value (marked
 * `projectSetting`: the project may override it).
 */
const SETTINGS_GETTER = /^(get_?settings?(_value)?|get_?conf(ig)?(_value)?|setting_value)$/i;
function projectSetting(parts: CallParts, q: string | null, qualify: (dotted: string) => string): ValueExpr | null {
  if (parts.hasSplat) return null;
  if (q === "getattr" && parts.positional.length === 3 && /(^|\.)settings$/.test(dottedName(parts.positional[0]) ?? "")) {
    const key = stringValue(parts.positional[1]);
    const fallback = valueExpr(parts.positional[2], qualify);
    return key !== null && fallback ? { kind: "setting", key, fallback, projectSetting: true } : null;
  }
  const last = (dottedName(parts.fn) ?? "").split(".").pop() ?? "";
  if (!SETTINGS_GETTER.test(last)) return null;
  const key = stringValue(parts.positional[0]);
  const fallback = valueExpr(argument(parts, "default", 1), qualify);
  return key !== null && fallback ? { kind: "setting", key, fallback, projectSetting: true } : null;
}

/** `"…{0}…{}…".format(args)` on a string literal: the literal with its fields replaced by the arguments. */
function formatCall(parts: CallParts, qualify: (dotted: string) => string): ValueExpr | null {
  const template = stringValue(parts.fn?.childForFieldName("object"));
  if (template === null) return null;
  const out: ValueExpr[] = [];
  let auto = 0;
  let literal = "";
  for (let i = 0; i < template.length; i++) {
    const ch = template[i]!;
    if ((ch === "{" || ch === "}") && template[i + 1] === ch) {
      literal += ch;
      i++;
      continue;
    }
    if (ch !== "{") {
      literal += ch;
      continue;
    }
    const close = template.indexOf("}", i);
    if (close < 0) return null;
    const field = template.slice(i + 1, close).split(/[:!]/)[0]!.trim();
    const arg = field === "" ? parts.positional[auto++] : /^\d+$/.test(field) ? parts.positional[Number(field)] : parts.keywords.get(field);
    if (literal) out.push({ kind: "string", value: literal });
    literal = "";
    out.push(arg ? (valueExpr(arg, qualify) ?? { kind: "unknown", text: arg.text }) : { kind: "unknown", text: field });
    i = close;
  }
  if (literal) out.push({ kind: "string", value: literal });
  return { kind: "concat", parts: out };
}

export interface EnvTest {
  name: string;
  /** `os.getenv("X") == "v"`: the test is about that value */
  equals?: string;
  setWhenTrue: boolean;
}

/** The value a test on an environment variable picks: `whenTrue` if it holds, else `whenFalse`. */
export function envChoice(test: EnvTest, whenTrue: ValueExpr, whenFalse: ValueExpr): ValueExpr {
  const [set, unset] = test.setWhenTrue ? [whenTrue, whenFalse] : [whenFalse, whenTrue];
  return { kind: "envChoice", name: test.name, ...(test.equals !== undefined ? { equals: test.equals } : {}), set, unset };
}

/**
 * `os.environ.get("X") is None` (true when unset), `… is not None`, `os.getenv("X")`,
 * `not os.getenv("X")`, `os.getenv("X") == "prod"` / `!=`.
 */
export function envTest(n: SyntaxNode, qualify: (dotted: string) => string): EnvTest | null {
  if (n.type === "parenthesized_expression") return n.namedChildren[0] ? envTest(n.namedChildren[0], qualify) : null;
  if (n.type === "not_operator") {
    const inner = n.childForFieldName("argument");
    const t = inner ? envTest(inner, qualify) : null;
    return t ? { name: t.name, setWhenTrue: !t.setWhenTrue } : null;
  }
  if (n.type === "comparison_operator") {
    const [left, right] = n.namedChildren;
    const operators = n.children.filter((c) => c && !c.isNamed).map((c) => c!.text).join(" ");
    const env = left ? valueExpr(left, qualify) : null;
    if (env?.kind === "env" && right?.type === "none") {
      if (operators === "is" || operators === "==") return { name: env.name, setWhenTrue: false };
      if (operators === "is not" || operators === "!=") return { name: env.name, setWhenTrue: true };
    }
    const literal = right ? stringValue(right) : null;
    if (env?.kind === "env" && literal !== null && (operators === "==" || operators === "!=")) return { name: env.name, equals: literal, setWhenTrue: operators === "==" };
    return null;
  }
  const env = valueExpr(n, qualify);
  return env?.kind === "env" ? { name: env.name, setWhenTrue: true } : null;
}

function fString(n: SyntaxNode, qualify: (dotted: string) => string): ValueExpr {
  const parts: ValueExpr[] = [];
  const strings = n.type === "concatenated_string" ? n.namedChildren : [n];
  for (const s of strings) {
    if (!s) continue;
    for (const c of s.namedChildren) {
      if (!c) continue;
      if (c.type === "string_content") parts.push({ kind: "string", value: c.text });
      else if (c.type === "escape_sequence") parts.push({ kind: "string", value: unescape(c.text) });
      else if (c.type === "interpolation") {
        const e = c.childForFieldName("expression") ?? c.namedChildren[0];
        parts.push(valueExpr(e, qualify) ?? { kind: "unknown", text: c.text });
      }
    }
  }
  return { kind: "concat", parts };
}

/** Node types a match can name directly, or a predicate. */
export type NodeMatch = string | readonly string[] | ((n: SyntaxNode) => boolean);

/**
 * Definitions that open a new scope, for `skipNestedDefs`. The index is generic over tree-sitter
 * grammars (the C# detectors use it too); the node type names do not collide across them.
 */
const DEF_TYPES = new Set([
  // Python
  "function_definition",
  "class_definition",
  // C#
  "method_declaration",
  "constructor_declaration",
  "local_function_statement",
  "lambda_expression",
  "anonymous_method_expression",
  "class_declaration",
  "struct_declaration",
  "record_declaration",
  "interface_declaration",
]);

interface Indexed {
  node: SyntaxNode;
  start: number;
  end: number;
}

/**
 * Every named node of a tree by type, collected in one walk. Crossing into the WebAssembly
 * heap per node is what makes repeated tree walks slow; detectors ask this index instead and
 * filter plain arrays by offset.
 */
export class NodeIndex {
  private readonly byType = new Map<string, Indexed[]>();
  private readonly defs: Indexed[] = [];

  constructor(root: SyntaxNode) {
    // namedChildren marshals all of a node's children in one call into the WebAssembly heap
    const stack: SyntaxNode[] = [root];
    while (stack.length) {
      const node = stack.pop()!;
      const entry = { node, start: node.startIndex, end: node.endIndex };
      const type = node.type;
      const list = this.byType.get(type);
      if (list) list.push(entry);
      else this.byType.set(type, [entry]);
      if (DEF_TYPES.has(type)) this.defs.push(entry);
      const children = node.namedChildren;
      for (let i = children.length - 1; i >= 0; i--) {
        const c = children[i];
        if (c) stack.push(c);
      }
    }
  }

  private readonly nestings = new Map<ReadonlySet<string>, Nesting>();

  /**
   * The nearest ancestor of `n` whose type is in `types`, from the nodes' offsets: what walking
   * `.parent` finds (every step of that walk crosses into the WebAssembly heap), in the depth of
   * the nesting of those types. A node whose span is not strictly inside the candidate (zero
   * width, or a wrapper with the same span) is answered by the walk.
   */
  enclosing(n: SyntaxNode, types: ReadonlySet<string>): SyntaxNode | null {
    const ns = n.startIndex;
    const ne = n.endIndex;
    if (ns === ne) return walkUp(n, types);
    const { entries, outer } = this.nesting(types);
    // the last node of those types starting at or before n
    let lo = 0;
    let hi = entries.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (entries[mid]!.start <= ns) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    for (let i = at; i >= 0; i = outer[i]!) {
      const e = entries[i]!;
      if (e.end < ne || e.node.id === n.id) continue;
      if (e.start === ns && e.end === ne) return walkUp(n, types);
      return e.node;
    }
    return null;
  }

  private nesting(types: ReadonlySet<string>): Nesting {
    let nesting = this.nestings.get(types);
    if (nesting) return nesting;
    const entries: Indexed[] = [];
    for (const t of types) for (const e of this.byType.get(t) ?? []) entries.push(e);
    // document order; of two nodes starting together the outer (longer) one first
    entries.sort((a, b) => a.start - b.start || b.end - a.end);
    const outer = new Int32Array(entries.length);
    const open: number[] = [];
    entries.forEach((e, i) => {
      while (open.length && entries[open[open.length - 1]!]!.end < e.end) open.pop();
      outer[i] = open.length ? open[open.length - 1]! : -1;
      open.push(i);
    });
    nesting = { entries, outer };
    this.nestings.set(types, nesting);
    return nesting;
  }

  /** Nodes of the given types inside `root` (itself included), in document order. */
  within(root: SyntaxNode, types: string | readonly string[], opts: { skipNestedDefs?: boolean } = {}): SyntaxNode[] {
    const rs = root.startIndex;
    const re = root.endIndex;
    const wanted = typeof types === "string" ? [types] : types;
    let found: Indexed[] = [];
    for (const t of wanted) for (const e of this.byType.get(t) ?? []) if (e.start >= rs && e.end <= re) found.push(e);
    if (wanted.length > 1) found.sort((a, b) => a.start - b.start);
    if (opts.skipNestedDefs) {
      const nested = this.defs.filter((d) => d.start >= rs && d.end <= re && !(d.start === rs && d.end === re));
      if (nested.length) found = found.filter((e) => !nested.some((d) => e.start >= d.start && e.end <= d.end && e !== d));
    }
    return found.map((e) => e.node);
  }
}

/** Nodes of some types in document order, each with the index of the innermost one around it (-1: none). */
interface Nesting {
  entries: Indexed[];
  outer: Int32Array;
}

const indexes = new WeakMap<object, NodeIndex>();

/** The index of the tree `root` belongs to, built on first use. */
export function nodeIndex(root: SyntaxNode): NodeIndex {
  const tree = root.tree as object;
  let index = indexes.get(tree);
  if (!index) {
    index = new NodeIndex(tree === root.tree ? (root.tree as { rootNode: SyntaxNode }).rootNode : root);
    indexes.set(tree, index);
  }
  return index;
}

/**
 * Every descendant of `root` (itself included) that matches, in document order. Type matches
 * are answered from the tree's NodeIndex; predicates filter the index's nodes of all types
 * only when no type is named.
 */
export function descendants(root: SyntaxNode, match: NodeMatch, opts: { skipNestedDefs?: boolean } = {}): SyntaxNode[] {
  if (typeof match !== "function") return nodeIndex(root).within(root, match, opts);
  const out: SyntaxNode[] = [];
  const stack: SyntaxNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (match(n)) out.push(n);
    if (opts.skipNestedDefs && n !== root && DEF_TYPES.has(n.type)) continue;
    for (let i = n.namedChildCount - 1; i >= 0; i--) {
      const c = n.namedChild(i);
      if (c) stack.push(c);
    }
  }
  return out;
}

function walkUp(n: SyntaxNode, types: ReadonlySet<string>): SyntaxNode | null {
  for (let p = n.parent; p; p = p.parent) if (types.has(p.type)) return p;
  return null;
}

/** The nearest ancestor of `n` (not `n` itself) whose type is in `types` (NodeIndex.enclosing). */
export function enclosingOfType(n: SyntaxNode, types: ReadonlySet<string>): SyntaxNode | null {
  return nodeIndex(n).enclosing(n, types);
}

const PY_FUNCTION = new Set(["function_definition"]);

/** Nearest enclosing function_definition (not counting `n` itself), or null at module level. */
export function enclosingFunction(n: SyntaxNode): SyntaxNode | null {
  return enclosingOfType(n, PY_FUNCTION);
}

/** The name a call's value is bound to: `x = call()`, `self.x = call()`, `with call() as x`. */
export function bindingOf(call: SyntaxNode): string | null {
  const p = call.parent;
  if (p?.type === "assignment" && p.childForFieldName("right")?.id === call.id) {
    const left = p.childForFieldName("left");
    if (left && (left.type === "identifier" || left.type === "attribute")) return left.text;
  }
  if (p?.type === "as_pattern") {
    const alias = p.childForFieldName("alias") ?? p.namedChildren[1];
    return alias?.text.replace(/^as\s+/, "") ?? null;
  }
  return null;
}

/**
 * The name a chain of calls and attributes starts from: `service.files().list(q=1)` → "service",
 * `client.bucket("b").blob("x")` → "client", `self.client.bucket()` → "self.client".
 */
export function chainHead(n: SyntaxNode | null): string | null {
  let cur: SyntaxNode | null = n;
  while (cur) {
    if (cur.type === "identifier") return cur.text;
    if (cur.type === "call") cur = cur.childForFieldName("function");
    else if (cur.type === "attribute") {
      const obj: SyntaxNode | null = cur.childForFieldName("object");
      if (obj?.type === "identifier" && obj.text === "self") return cur.text.split(".").slice(0, 2).join(".");
      cur = obj;
    } else return null;
  }
  return null;
}
