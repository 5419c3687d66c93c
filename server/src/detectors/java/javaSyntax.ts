/**
 * tree-sitter-java (0.23) → the neutral JVM model of `syntax.ts`. Only this file knows Java's
 * node types; it never throws on ERROR nodes (missing children read as null).
 */
import { nodeSpan, type SyntaxNode, type Tree } from "../../parsing/treeSitter";
import { descendants } from "../../parsing/python";
import { lambdaSegment, scopeIds, type Annotation, type Arg, type Call, type Decl, type DeclKind, type Expr, type JvmFile, type Local, type Param } from "./syntax";

const TYPES: Record<string, DeclKind> = {
  class_declaration: "class",
  record_declaration: "class",
  enum_declaration: "class",
  interface_declaration: "interface",
  annotation_type_declaration: "annotation-type",
};
const MEMBERS: Record<string, DeclKind> = { method_declaration: "method", constructor_declaration: "constructor", compact_constructor_declaration: "constructor" };
const LAMBDAS = new Set(["lambda_expression"]);

export function javaFile(tree: Tree): JvmFile {
  const root = tree.rootNode;
  const pkgNode = root.namedChildren.find((c) => c?.type === "package_declaration");
  const pkg = pkgNode?.namedChildren.find((c) => c?.type === "scoped_identifier" || c?.type === "identifier")?.text.replace(/\s+/g, "") ?? "";

  const segmentOf = (n: SyntaxNode): string | null => {
    if (TYPES[n.type] || MEMBERS[n.type]) return n.childForFieldName("name")?.text ?? null;
    if (LAMBDAS.has(n.type)) return lambdaSegment(n);
    if (n.type === "variable_declarator" && n.parent?.type === "field_declaration" && n.childForFieldName("value")) return n.childForFieldName("name")?.text ?? null;
    return null;
  };
  const { idOf, scopeOf, ownerOf } = scopeIds(pkg, segmentOf, (n) => !!TYPES[n.type]);

  const calls = new Map<number, Call>();
  const expr = (n: SyntaxNode | null | undefined): Expr => toExpr(n, { expr: (x) => expr(x), callOf: (x) => callOf(x), idOf });
  const callOf = (n: SyntaxNode): Call | undefined => {
    if (n.type !== "method_invocation" && n.type !== "object_creation_expression") return undefined;
    const hit = calls.get(n.id);
    if (hit) return hit;
    const isNew = n.type === "object_creation_expression";
    const args: Arg[] = [];
    for (const a of n.childForFieldName("arguments")?.namedChildren ?? []) if (a && !isComment(a)) args.push({ name: null, value: expr(a), node: a });
    const object = n.childForFieldName("object");
    const nameNode = isNew ? n.childForFieldName("type") : n.childForFieldName("name");
    const call: Call = {
      node: n,
      receiver: object ? expr(object) : null,
      name: isNew ? typeText(nameNode) ?? "?" : nameNode?.text ?? "?",
      isNew,
      args,
      scopeId: scopeOf(n),
      span: nodeSpan(n),
      nameSpan: nodeSpan(nameNode ?? n),
    };
    calls.set(n.id, call);
    return call;
  };

  const decls: Decl[] = [];
  const locals: Local[] = [];
  for (const d of descendants(root, [...Object.keys(TYPES), ...Object.keys(MEMBERS), "lambda_expression", "field_declaration"])) {
    if (d.type === "field_declaration") {
      const mods = d.namedChildren.find((c) => c?.type === "modifiers") ?? null;
      const type = typeText(d.childForFieldName("type"));
      for (const v of d.namedChildren) {
        if (v?.type !== "variable_declarator") continue;
        const name = v.childForFieldName("name")?.text;
        if (!name) continue;
        const value = v.childForFieldName("value");
        decls.push({
          kind: "field",
          id: value ? idOf(v) : `${ownerOf(v)}.${name}`,
          name,
          node: v,
          span: nodeSpan(v),
          annotations: annotationsIn(mods, expr),
          params: [],
          type,
          value: value ? expr(value) : null,
          constant: !!mods && /\bstatic\b/.test(mods.text) && /\bfinal\b/.test(mods.text),
          ownerId: ownerOf(v),
          member: true,
        });
      }
      continue;
    }
    const kind = TYPES[d.type] ?? MEMBERS[d.type] ?? "lambda";
    const mods = d.namedChildren.find((c) => c?.type === "modifiers") ?? null;
    decls.push({
      kind,
      id: idOf(d),
      name: kind === "lambda" ? lambdaSegment(d) : (d.childForFieldName("name")?.text ?? "<anonymous>"),
      node: d,
      span: nodeSpan(d),
      annotations: annotationsIn(mods, expr),
      params: paramsOf(d, expr),
      type: kind === "method" ? typeText(d.childForFieldName("type")) : null,
      value: null,
      constant: false,
      ownerId: ownerOf(d),
      member: kind !== "lambda",
      ...(TYPES[d.type] ? { supertypes: supertypesOf(d) } : {}),
    });
  }
  for (const v of descendants(root, "local_variable_declaration")) {
    const type = typeText(v.childForFieldName("type"));
    for (const d of v.namedChildren) {
      if (d?.type !== "variable_declarator") continue;
      const name = d.childForFieldName("name")?.text;
      const value = d.childForFieldName("value");
      if (name) locals.push({ scopeId: scopeOf(d), name, type: type === "var" ? null : type, value: value ? expr(value) : null, node: d });
    }
  }
  const assignments: JvmFile["assignments"] = [];
  for (const a of descendants(root, "assignment_expression")) {
    const left = a.childForFieldName("left");
    const right = a.childForFieldName("right");
    const target = left?.type === "field_access" && left.childForFieldName("object")?.type === "this" ? left.childForFieldName("field")?.text : left?.type === "identifier" ? left.text : null;
    if (target && right) assignments.push({ scopeId: scopeOf(a), target, value: expr(right) });
  }
  const allCalls = descendants(root, ["method_invocation", "object_creation_expression"]).map((n) => callOf(n)!);
  const comments = descendants(root, ["line_comment", "block_comment"]).map((c) => ({ text: c.text, line: c.startPosition.row + 1 }));
  const imports = descendants(root, "import_declaration").map((i) => {
    const path = i.namedChildren.find((c) => c?.type === "scoped_identifier" || c?.type === "identifier")?.text.replace(/\s+/g, "") ?? "";
    return { path, star: i.namedChildren.some((c) => c?.type === "asterisk"), alias: null, isStatic: /^import\s+static\b/.test(i.text) };
  });
  return { language: "java", pkg, imports, decls, locals, calls: allCalls, assignments, comments, callOf, root };
}

/** `extends B<T> implements C, d.E` → [B, C, d.E] (interfaces extending interfaces too). */
function supertypesOf(d: SyntaxNode): string[] {
  const out: string[] = [];
  const sup = d.childForFieldName("superclass");
  const list = [sup?.namedChildren[0], ...(d.childForFieldName("interfaces") ?? d.namedChildren.find((c) => c?.type === "extends_interfaces"))?.namedChildren.find((c) => c?.type === "type_list")?.namedChildren ?? []];
  for (const t of list) {
    const name = typeText(t);
    if (name) out.push(name);
  }
  return out;
}

function isComment(n: SyntaxNode): boolean {
  return n.type === "line_comment" || n.type === "block_comment";
}

/** `List<String>` → List, `Request.Builder` stays qualified; null for missing nodes. */
export function typeText(n: SyntaxNode | null | undefined): string | null {
  if (!n) return null;
  const t = n.text.replace(/<[\s\S]*>/g, "").replace(/\[\]/g, "").replace(/\s+/g, "");
  return t.length ? t : null;
}

function annotationsIn(mods: SyntaxNode | null, expr: (n: SyntaxNode) => Expr): Annotation[] {
  if (!mods) return [];
  return mods.namedChildren.filter((c): c is SyntaxNode => !!c && (c.type === "annotation" || c.type === "marker_annotation")).map((a) => annotation(a, expr));
}

function annotation(a: SyntaxNode, expr: (n: SyntaxNode) => Expr): Annotation {
  const name = a.childForFieldName("name")?.text.replace(/\s+/g, "") ?? "?";
  const args = new Map<string, Expr>();
  for (const c of a.childForFieldName("arguments")?.namedChildren ?? []) {
    if (!c || isComment(c)) continue;
    if (c.type === "element_value_pair") {
      const key = c.childForFieldName("key")?.text;
      const value = c.childForFieldName("value");
      if (key && value) args.set(key, expr(value));
    } else args.set("value", expr(c));
  }
  return { name, simple: name.slice(name.lastIndexOf(".") + 1), args, span: nodeSpan(a) };
}

function paramsOf(d: SyntaxNode, expr: (n: SyntaxNode) => Expr): Param[] {
  const ps = d.childForFieldName("parameters");
  const out: Param[] = [];
  if (ps?.type === "identifier") return [{ name: ps.text, type: null, annotations: [] }];
  for (const p of ps?.namedChildren ?? []) {
    if (!p) continue;
    if (p.type === "identifier") out.push({ name: p.text, type: null, annotations: [] });
    if (p.type !== "formal_parameter" && p.type !== "spread_parameter") continue;
    const name = p.childForFieldName("name")?.text ?? p.namedChildren.find((c) => c?.type === "variable_declarator")?.childForFieldName("name")?.text;
    if (!name) continue;
    const mods = p.namedChildren.find((c) => c?.type === "modifiers") ?? null;
    out.push({ name, type: typeText(p.childForFieldName("type")), annotations: annotationsIn(mods, expr), span: nodeSpan(p) });
  }
  return out;
}

interface Ctx {
  expr(n: SyntaxNode): Expr;
  callOf(n: SyntaxNode): Call | undefined;
  idOf(n: SyntaxNode): string;
}

function toExpr(n: SyntaxNode | null | undefined, ctx: Ctx): Expr {
  if (!n) return { k: "other", text: "" };
  switch (n.type) {
    case "string_literal":
    case "text_block": {
      if (n.type === "text_block") return { k: "str", value: n.text.replace(/^"""\s*\n?/, "").replace(/"""$/, "") };
      let out = "";
      for (const c of n.namedChildren) {
        if (c?.type === "string_fragment") out += c.text;
        else if (c?.type === "escape_sequence") out += unescape(c.text);
      }
      return { k: "str", value: out };
    }
    case "decimal_integer_literal":
    case "hex_integer_literal":
    case "decimal_floating_point_literal": {
      const t = n.text.replaceAll("_", "").replace(/[lLfFdD]$/, "");
      const v = /^0x/i.test(t) ? parseInt(t, 16) : Number(t);
      return Number.isFinite(v) ? { k: "num", value: v } : { k: "other", text: n.text };
    }
    case "true":
    case "false":
      return { k: "bool", value: n.type === "true" };
    case "identifier":
      return { k: "name", path: n.text };
    case "this":
      return { k: "name", path: "this" };
    case "field_access": {
      const obj = n.childForFieldName("object");
      const field = n.childForFieldName("field")?.text;
      if (!field) return { k: "other", text: n.text };
      if (obj?.type === "this") return { k: "name", path: field };
      const head = ctx.expr(obj!);
      return head.k === "name" ? { k: "name", path: `${head.path}.${field}` } : { k: "other", text: n.text };
    }
    case "scoped_identifier":
      return { k: "name", path: n.text.replace(/\s+/g, "") };
    case "parenthesized_expression":
    case "cast_expression":
      return ctx.expr(n.namedChildren[n.namedChildren.length - 1]!);
    case "unary_expression": {
      const inner = ctx.expr(n.namedChildren[0]!);
      if (n.text.startsWith("-") && inner.k === "num") return { k: "num", value: -inner.value };
      return { k: "other", text: n.text };
    }
    case "binary_expression": {
      const op = n.childForFieldName("operator")?.text ?? n.children.find((c) => c && !c.isNamed)?.text;
      const l = ctx.expr(n.childForFieldName("left")!);
      const r = ctx.expr(n.childForFieldName("right")!);
      if (op === "+" && (l.k === "str" || r.k === "str" || l.k === "concat" || r.k === "concat")) {
        return { k: "concat", parts: [...(l.k === "concat" ? l.parts : [l]), ...(r.k === "concat" ? r.parts : [r])] };
      }
      if (op === "*" && l.k === "num" && r.k === "num") return { k: "num", value: l.value * r.value };
      if (op === "==" || op === "!=") return { k: "compare", op, left: l, right: r };
      return { k: "other", text: n.text };
    }
    case "ternary_expression": {
      const [test, then, otherwise] = ["condition", "consequence", "alternative"].map((f) => n.childForFieldName(f));
      return test && then && otherwise ? { k: "cond", test: ctx.expr(test), then: ctx.expr(then), otherwise: ctx.expr(otherwise) } : { k: "other", text: n.text };
    }
    case "null_literal":
      return { k: "null" };
    case "method_invocation":
    case "object_creation_expression":
      return { k: "call", call: ctx.callOf(n)! };
    case "class_literal":
      return { k: "classLit", type: typeText(n.namedChildren[0]) ?? n.text };
    case "element_value_array_initializer":
    case "array_initializer":
      return { k: "array", items: n.namedChildren.filter((c): c is SyntaxNode => !!c && !isComment(c)).map((c) => ctx.expr(c)) };
    case "annotation":
    case "marker_annotation":
      return { k: "annotation", ann: annotation(n, ctx.expr) };
    case "lambda_expression":
      return { k: "lambda", id: ctx.idOf(n) };
    case "method_reference":
      return { k: "lambda", id: n.text.replace(/::/g, ".").replace(/^this\./, "") };
  }
  return { k: "other", text: n.text };
}

function unescape(s: string): string {
  const simple: Record<string, string> = { "\\n": "\n", "\\t": "\t", "\\\\": "\\", "\\'": "'", '\\"': '"' };
  return simple[s] ?? s.slice(1);
}
