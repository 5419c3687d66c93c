/**
 * @tree-sitter-grammars/tree-sitter-kotlin (1.1.0) → the neutral JVM model of `syntax.ts`.
 *
 * Grammar defect worked around here: a top-level class whose annotations take arguments
 * (`@RequestMapping("/o")` on the line before `class C {`) is mis-parsed without an ERROR node:
 * the annotations become an `annotated_expression` and the class either follows it detached or
 * turns into an `infix_expression` holding a `lambda_literal` (fwcd/tree-sitter-kotlin #166,
 * #277; fixed upstream after this version). `parseKotlin` finds those top-level annotation runs,
 * blanks them with spaces (offsets and lines unchanged), parses again, and hands the annotations
 * (read from the first tree) to the declaration that follows them.
 */
import { nodeSpan, parseTree, type SyntaxNode, type Tree } from "../../parsing/treeSitter";
import { descendants } from "../../parsing/python";
import { annotation, annotationsIn, functionParams, LAMBDAS, lambdaParams, toExpr, typeText, valueArgument, type Ctx } from "./kotlinExpr";
import { lambdaSegment, scopeIds, type Annotation, type Arg, type Call, type Decl, type DeclKind, type Expr, type JvmFile, type Local, type Param } from "./syntax";
const DECL_KEYWORDS = new Set(["class", "object", "interface", "fun", "data", "open", "abstract", "sealed", "internal", "private", "public", "enum", "annotation", "inner"]);

interface Detached {
  /** annotations hand over to the first declaration starting at or after this offset */
  end: number;
  annotations: Annotation[];
}

export interface ParsedKotlin {
  file: JvmFile;
  /** every tree parsed (the annotations of the first ones are still read): delete them all */
  trees: Tree[];
}

export function parseKotlin(text: string): ParsedKotlin {
  const trees: Tree[] = [];
  const detached: Detached[] = [];
  // this grammar's scanner loops forever when the text ends right after some tokens (`val x = 1\n@P`,
  // `@P(x` while typing): a final newline, which moves no offset or line, avoids it
  let current = text.endsWith("\n") ? text : `${text}\n`;
  let tree = parseTree("kotlin", current);
  trees.push(tree);
  for (let round = 0; round < 3; round++) {
    const blanks: Array<[number, number]> = [];
    for (const top of tree.rootNode.namedChildren) {
      if (top?.type !== "annotated_expression" || !precedesDeclaration(top)) continue;
      const { annotations, ranges } = flattenAnnotated(top);
      if (!annotations.length) continue;
      blanks.push(...ranges);
      detached.push({ end: ranges[ranges.length - 1]![1], annotations });
    }
    if (!blanks.length) break;
    let next = current;
    for (const [s, e] of blanks) next = next.slice(0, s) + next.slice(s, e).replace(/[^\n]/g, " ") + next.slice(e);
    current = next;
    tree = parseTree("kotlin", current);
    trees.push(tree);
  }
  return { file: kotlinFile(tree, detached), trees };
}

/** `@A @B("x") class C …` mis-parsed: the run ends in `class …` or is followed by a declaration. */
function precedesDeclaration(n: SyntaxNode): boolean {
  let inner: SyntaxNode | null = n;
  while (inner?.type === "annotated_expression") inner = inner.namedChildren[inner.namedChildren.length - 1] ?? null;
  if (inner?.type === "infix_expression" && DECL_KEYWORDS.has(inner.namedChildren[0]?.text ?? "")) return true;
  const next = n.nextNamedSibling;
  return !!next && ["class_declaration", "object_declaration", "function_declaration"].includes(next.type) && next.startPosition.row > n.startPosition.row - 1;
}

/** The annotations of a nested annotated_expression run and the text ranges they occupy. */
function flattenAnnotated(n: SyntaxNode): { annotations: Annotation[]; ranges: Array<[number, number]> } {
  const annotations: Annotation[] = [];
  const ranges: Array<[number, number]> = [];
  for (let p: SyntaxNode | null = n; p?.type === "annotated_expression"; ) {
    const kids: SyntaxNode[] = p.namedChildren.filter((c): c is SyntaxNode => !!c);
    let i = 0;
    for (; i < kids.length && kids[i]!.type === "annotation"; i++) {
      const a = kids[i]!;
      let end = a.endIndex;
      let ann = annotation(a, exprOutsideFile);
      // `@RequestMapping("/o")` read as an argument-less annotation and a parenthesized expression
      const after = kids[i + 1];
      if (after?.type === "parenthesized_expression" && ann.args.size === 0 && after.startIndex === a.endIndex) {
        ann = { ...ann, args: new Map([["value", exprOutsideFile(after.namedChildren[0]!)]]) };
        end = after.endIndex;
        i++;
      }
      annotations.push(ann);
      ranges.push([a.startIndex, end]);
    }
    p = kids[i] ?? null;
  }
  return { annotations, ranges };
}

/** Values of annotation arguments on the first tree: literals, names, class literals, arrays (no calls kept). */
function exprOutsideFile(n: SyntaxNode): Expr {
  const noCalls: Ctx = { expr: (x) => exprOutsideFile(x), callOf: () => undefined, idOf: () => "" };
  return toExpr(n, noCalls);
}

function kotlinFile(tree: Tree, detached: Detached[]): JvmFile {
  const root = tree.rootNode;
  const pkg = root.namedChildren.find((c) => c?.type === "package_header")?.namedChildren.find((c) => c?.type === "qualified_identifier" || c?.type === "identifier")?.text.replace(/\s+/g, "") ?? "";
  const segmentOf = (n: SyntaxNode): string | null => {
    if (n.type === "class_declaration" || n.type === "object_declaration" || n.type === "function_declaration") return n.childForFieldName("name")?.text ?? null;
    if (LAMBDAS.has(n.type)) return lambdaSegment(n);
    if (n.type === "property_declaration" && isMemberProperty(n) && valueOf(n)) return propertyName(n);
    return null;
  };
  const { idOf, scopeOf, ownerOf } = scopeIds(pkg, segmentOf, (n) => n.type === "class_declaration" || n.type === "object_declaration");
  const calls = new Map<number, Call>();
  const ctx: Ctx = { expr: (x) => toExpr(x, ctx), callOf: (x) => callOf(x), idOf };
  const callOf = (n: SyntaxNode): Call | undefined => {
    if (n.type !== "call_expression") return undefined;
    const hit = calls.get(n.id);
    if (hit) return hit;
    const callee = n.namedChildren[0];
    const args: Arg[] = [];
    for (const c of n.namedChildren.slice(1)) {
      if (c?.type === "value_arguments") for (const a of c.namedChildren) if (a?.type === "value_argument") args.push(valueArgument(a, ctx));
      if (c?.type === "annotated_lambda") {
        const lambda = c.namedChildren.find((x) => x && LAMBDAS.has(x.type));
        if (lambda) args.push({ name: null, value: toExpr(lambda, ctx), node: lambda });
      }
    }
    let receiver: Expr | null = null;
    let name = callee?.text ?? "?";
    let nameNode = callee ?? n;
    if (callee?.type === "navigation_expression") {
      const kids = callee.namedChildren.filter((c): c is SyntaxNode => !!c);
      nameNode = kids[kids.length - 1]!;
      name = nameNode.text;
      receiver = toExpr(kids[0]!, ctx);
    }
    // `OkHttpClient.Builder()`, `RestTemplate()`: constructor calls are capitalised
    let isNew = false;
    if (/^[A-Z]/.test(name) && (receiver === null || (receiver.k === "name" && /^[A-Z]/.test(receiver.path.split(".").pop() ?? "")))) {
      isNew = true;
      if (receiver?.k === "name") name = `${receiver.path}.${name}`;
      receiver = null;
    }
    const call: Call = { node: n, receiver, name, isNew, args, scopeId: scopeOf(n), span: nodeSpan(n), nameSpan: nodeSpan(nameNode) };
    calls.set(n.id, call);
    return call;
  };

  const decls: Decl[] = [];
  const locals: Local[] = [];
  const detachedFor = (d: SyntaxNode): Annotation[] => {
    if (d.parent?.type !== "source_file") return [];
    // the nearest run before this declaration, with nothing else between them, and only once
    let best = -1;
    for (let i = 0; i < detached.length; i++) if (detached[i]!.end <= d.startIndex && (best < 0 || detached[i]!.end > detached[best]!.end)) best = i;
    if (best < 0) return [];
    const prev = d.previousNamedSibling;
    if (prev && prev.startIndex >= detached[best]!.end) return [];
    return detached.splice(best, 1)[0]!.annotations;
  };
  for (const d of descendants(root, ["class_declaration", "object_declaration", "function_declaration", "property_declaration", "lambda_literal", "anonymous_function"])) {
    const mods = d.namedChildren.find((c) => c?.type === "modifiers") ?? null;
    const annotations = [...detachedFor(d), ...annotationsIn(mods, ctx)];
    if (d.type === "property_declaration") {
      const name = propertyName(d);
      if (!name) continue;
      const type = typeText(d.namedChildren.find((c) => c?.type === "variable_declaration")?.namedChildren.find((c) => c?.type === "user_type" || c?.type === "nullable_type"));
      const value = valueOf(d);
      if (!isMemberProperty(d)) {
        locals.push({ scopeId: scopeOf(d), name, type, value: value ? toExpr(value, ctx) : null, node: d });
        continue;
      }
      decls.push({
        kind: "field",
        id: value ? idOf(d) : `${ownerOf(d) || pkg}.${name}`,
        name,
        node: d,
        span: nodeSpan(d),
        annotations,
        params: [],
        type,
        value: value ? toExpr(value, ctx) : null,
        constant: !!mods && /\bconst\b/.test(mods.text),
        ownerId: ownerOf(d),
        member: true,
      });
      continue;
    }
    const isLambda = LAMBDAS.has(d.type);
    let kind: DeclKind = isLambda ? "lambda" : d.type === "function_declaration" ? "method" : d.type === "object_declaration" ? "object" : "class";
    if (d.type === "class_declaration" && d.children.some((c) => c?.type === "interface")) kind = "interface";
    if (mods && /\bannotation\b/.test(mods.text) && d.type === "class_declaration") kind = "annotation-type";
    const decl: Decl = {
      kind,
      id: idOf(d),
      name: isLambda ? lambdaSegment(d) : (d.childForFieldName("name")?.text ?? "<anonymous>"),
      node: d,
      span: nodeSpan(d),
      annotations,
      params: isLambda ? lambdaParams(d) : functionParams(d, ctx),
      type: d.type === "function_declaration" ? typeText(d.namedChildren.find((c) => c?.type === "user_type" || c?.type === "nullable_type")) : null,
      value: null,
      constant: false,
      ownerId: ownerOf(d),
      member: !isLambda,
      ...(kind === "class" || kind === "object" || kind === "interface" ? { supertypes: supertypesOf(d) } : {}),
    };
    decls.push(decl);
    // the primary constructor: its parameters are injected (and `val` ones are properties)
    const primary = d.namedChildren.find((c) => c?.type === "primary_constructor");
    if (primary) {
      const params: Param[] = [];
      for (const p of descendants(primary, "class_parameter")) {
        const name = p.namedChildren.find((c) => c?.type === "identifier")?.text;
        if (!name) continue;
        const pMods = p.namedChildren.find((c) => c?.type === "modifiers") ?? null;
        const param = { name, type: typeText(p.namedChildren.find((c) => c?.type === "user_type" || c?.type === "nullable_type")), annotations: annotationsIn(pMods, ctx) };
        params.push(param);
        decls.push({ kind: "field", id: `${decl.id}.${name}`, name, node: p, span: nodeSpan(p), annotations: param.annotations, params: [], type: param.type, value: null, constant: false, ownerId: decl.id, member: true });
      }
      decls.push({ kind: "constructor", id: `${decl.id}.${decl.name}`, name: decl.name, node: primary, span: nodeSpan(primary), annotations: [], params, type: null, value: null, constant: false, ownerId: decl.id, member: true });
    }
  }
  const assignments: JvmFile["assignments"] = [];
  for (const a of descendants(root, "assignment")) {
    const left = a.childForFieldName("left");
    const right = a.childForFieldName("right");
    const l = left ? toExpr(left, ctx) : null;
    if (l?.k === "name" && right) assignments.push({ scopeId: scopeOf(a), target: l.path, value: toExpr(right, ctx) });
  }
  const allCalls = descendants(root, "call_expression").map((n) => callOf(n)!);
  const comments = descendants(root, ["line_comment", "block_comment", "multiline_comment"]).map((c) => ({ text: c.text, line: c.startPosition.row + 1 }));
  const imports = descendants(root, "import").map((i) => {
    const path = i.namedChildren.find((c) => c?.type === "qualified_identifier" || c?.type === "identifier")?.text.replace(/\s+/g, "") ?? "";
    const alias = i.namedChildren.filter((c) => c?.type === "identifier").slice(path.includes(".") ? 0 : 1)[0]?.text ?? null;
    return { path, star: i.children.some((c) => c?.type === "*"), alias, isStatic: false };
  });
  return { language: "kotlin", pkg, imports, decls, locals, calls: allCalls, assignments, comments, callOf, root };
}

/** `: Base(), Service, d.E<X>` → [Base, Service, d.E]. */
function supertypesOf(d: SyntaxNode): string[] {
  const specs = d.namedChildren.find((c) => c?.type === "delegation_specifiers");
  if (!specs) return [];
  const out: string[] = [];
  for (const spec of specs.namedChildren) {
    if (spec?.type !== "delegation_specifier") continue;
    const type = spec.namedChildren.find((c) => c?.type === "user_type") ?? spec.namedChildren.find((c) => c?.type === "constructor_invocation")?.namedChildren.find((c) => c?.type === "user_type");
    const name = type?.namedChildren.filter((c) => c?.type === "identifier").map((c) => c!.text).join(".");
    if (name) out.push(name);
  }
  return out;
}

/** A property of a class, object or file (not a local `val` inside a function or lambda). */
function isMemberProperty(n: SyntaxNode): boolean {
  const p = n.parent;
  return p?.type === "class_body" || p?.type === "source_file";
}

function propertyName(n: SyntaxNode): string | null {
  return n.namedChildren.find((c) => c?.type === "variable_declaration")?.namedChildren.find((c) => c?.type === "identifier")?.text ?? null;
}

/** The initializer of a property (`= value`), not a delegate. */
function valueOf(n: SyntaxNode): SyntaxNode | null {
  let seenEq = false;
  for (const c of n.children) {
    if (!c) continue;
    if (!c.isNamed && c.type === "=") seenEq = true;
    else if (seenEq && c.isNamed) return c;
  }
  return null;
}
