/**
 * The grammar-neutral shape of one Java or Kotlin file that every JVM detector reads. Each
 * grammar has an adapter (`javaSyntax.ts`, `kotlinSyntax.ts`) that turns its tree-sitter tree
 * into this model; the library detectors (Spring, Resilience4j, Reactor, OkHttp, MicroProfile)
 * only see these types, so their semantics are written once for both languages.
 *
 * Ids are fully qualified like the C# ones: package, types, then the member
 * (`com.shop.orders.InventoryClient.reserve`), `lambda@L:C` for lambdas, and fields with an
 * initializer are scopes of their own (`…InventoryClient.retry`) so a policy held by a field
 * has an id the linker can resolve.
 */
import type { SourceSpan } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";

/** A value or expression, as far as the detectors care. */
export type Expr =
  | { k: "str"; value: string }
  | { k: "num"; value: number }
  | { k: "bool"; value: boolean }
  /** identifiers and qualified names (`this.` dropped): `inventory`, `Duration.ZERO`, `HttpMethod.POST` */
  | { k: "name"; path: string }
  /** string concatenation and Kotlin string templates, in order */
  | { k: "concat"; parts: Expr[] }
  | { k: "call"; call: Call }
  /** `IOException.class` / `IOException::class` */
  | { k: "classLit"; type: string }
  /** `{a, b}` (Java annotation arrays), `[a, b]` / `arrayOf(a, b)` (Kotlin) */
  | { k: "array"; items: Expr[] }
  | { k: "annotation"; ann: Annotation }
  /** a lambda or method reference: `id` is its FunctionFact id (method references: the referenced name) */
  | { k: "lambda"; id: string }
  /** `test ? then : otherwise` (Java's conditional operator) */
  | { k: "cond"; test: Expr; then: Expr; otherwise: Expr }
  /** `a == b` / `a != b` (other binary operators stay "other") */
  | { k: "compare"; op: "==" | "!="; left: Expr; right: Expr }
  | { k: "null" }
  | { k: "other"; text: string };

export interface Arg {
  /** Kotlin named argument; null for positional */
  name: string | null;
  value: Expr;
  node: SyntaxNode;
}

/** A method call or a constructor call (`new X(…)` in Java, `X(…)` with a capitalised name in Kotlin). */
export interface Call {
  node: SyntaxNode;
  /** the expression before the last `.`; null for a bare call or a constructor */
  receiver: Expr | null;
  /** method name; for constructors the type as written (`Request.Builder`) */
  name: string;
  isNew: boolean;
  args: Arg[];
  /** id of the function the call sits in ("<module>" at top level) */
  scopeId: string;
  span: SourceSpan;
  /** span of the method name (a chain's member anchors on its own line) */
  nameSpan: SourceSpan;
}

export interface Annotation {
  /** as written: `Retry`, `org.springframework.retry.annotation.Retryable` */
  name: string;
  /** the last segment */
  simple: string;
  /** arguments by name; a single unnamed argument is `value` */
  args: Map<string, Expr>;
  span: SourceSpan;
}

export interface Param {
  name: string;
  type: string | null;
  annotations: Annotation[];
  /** the parameter as written (Java): a layer built on an injected parameter is anchored there */
  span?: SourceSpan;
}

export type DeclKind = "class" | "interface" | "annotation-type" | "object" | "method" | "constructor" | "lambda" | "field";

export interface Decl {
  kind: DeclKind;
  id: string;
  name: string;
  node: SyntaxNode;
  span: SourceSpan;
  annotations: Annotation[];
  params: Param[];
  /** field type / method return type as written (generics dropped) */
  type: string | null;
  /** field initializer */
  value: Expr | null;
  /** `static final` (Java) / `const` (Kotlin): a constant field */
  constant: boolean;
  /** id of the enclosing class ("" for top-level types and Kotlin top-level functions) */
  ownerId: string;
  /** declared at the type level (methods, constructors, fields, types): reachable by name */
  member: boolean;
  /** types: the superclass and interfaces as written (generics dropped) */
  supertypes?: string[];
}

/** A local variable (or Kotlin local `val`): `Request req = new Request.Builder()…build();` */
export interface Local {
  scopeId: string;
  name: string;
  type: string | null;
  value: Expr | null;
  node: SyntaxNode;
}

export interface JvmImport {
  /** `com.shop.inventory.InventoryClient`, `org.springframework.retry.annotation` for `.*` */
  path: string;
  star: boolean;
  /** Kotlin `import a.B as C` */
  alias: string | null;
  isStatic: boolean;
}

export interface JvmFile {
  language: "java" | "kotlin";
  pkg: string;
  imports: JvmImport[];
  decls: Decl[];
  locals: Local[];
  /** every call and constructor call, in document order */
  calls: Call[];
  /** `this.field = param` in constructors: field → parameter (Spring constructor injection) */
  assignments: Array<{ scopeId: string; target: string; value: Expr }>;
  comments: Array<{ text: string; line: number }>;
  /** the neutral call of a call node, if the node is one */
  callOf(node: SyntaxNode): Call | undefined;
  root: SyntaxNode;
}

/* ------------------------------------------------------------------ helpers over Expr */

/** Dotted text of a name, or of a call chain's receiver names (`a.b`); null otherwise. */
export function dotted(e: Expr | null | undefined): string | null {
  if (!e) return null;
  if (e.k === "name") return e.path;
  return null;
}

export function numberOf(e: Expr | null | undefined): number | null {
  return e?.k === "num" ? e.value : null;
}

export function stringOf(e: Expr | null | undefined): string | null {
  return e?.k === "str" ? e.value : null;
}

export function boolOf(e: Expr | null | undefined): boolean | null {
  return e?.k === "bool" ? e.value : null;
}

/** The calls of a fluent chain, innermost (first written) first: `a.b().c()` → [b, c]. */
export function chainOf(call: Call): Call[] {
  const out: Call[] = [call];
  let r = call.receiver;
  while (r?.k === "call") {
    out.unshift(r.call);
    r = r.call.receiver;
  }
  return out;
}

/** The head of a chain: the receiver of its first call (`webClient` in `webClient.post().uri(…)`). */
export function chainHead(call: Call): Expr | null {
  return chainOf(call)[0]!.receiver;
}

/** A positional or named argument. */
export function argAt(call: Call, index: number, name?: string): Expr | null {
  if (name) {
    const named = call.args.find((a) => a.name === name);
    if (named) return named.value;
  }
  return call.args.filter((a) => a.name === null)[index]?.value ?? null;
}

/** `Duration.ofMillis(200)`, `Duration.ofSeconds(2)`, `Duration.ZERO`, a plain number of ms → milliseconds. */
export function durationMs(e: Expr | null | undefined, plainUnitMs = 1): number | null {
  if (!e) return null;
  if (e.k === "num") return e.value * plainUnitMs;
  if (e.k === "name" && /(^|\.)ZERO$/.test(e.path)) return 0;
  if (e.k !== "call") return null;
  const c = e.call;
  const recv = dotted(c.receiver);
  if (recv !== null && !/(^|\.)Duration$/.test(recv)) return null;
  const n = numberOf(argAt(c, 0));
  if (n === null) return null;
  const unit: Record<string, number> = { ofMillis: 1, ofSeconds: 1000, ofMinutes: 60_000, ofNanos: 1e-6, ofHours: 3_600_000 };
  return unit[c.name] !== undefined ? n * unit[c.name]! : null;
}

/** Class literals named in an annotation value or argument list (`{IOException.class, X.class}`). */
export function classNames(e: Expr | null | undefined): string[] {
  if (!e) return [];
  if (e.k === "classLit") return [e.type];
  if (e.k === "array") return e.items.flatMap((i) => classNames(i));
  return [];
}

/** Short text of an expression for notes. */
export function exprText(e: Expr | null | undefined): string {
  if (!e) return "?";
  switch (e.k) {
    case "str":
      return JSON.stringify(e.value);
    case "num":
      return String(e.value);
    case "bool":
      return String(e.value);
    case "name":
      return e.path;
    case "classLit":
      return `${e.type}.class`;
    case "call":
      return e.call.node.text.slice(0, 60);
    case "other":
      return e.text.slice(0, 60);
    case "null":
      return "null";
    case "compare":
      return `${exprText(e.left)} ${e.op} ${exprText(e.right)}`;
    case "cond":
      return `${exprText(e.test)} ? ${exprText(e.then)} : ${exprText(e.otherwise)}`.slice(0, 60);
    default:
      return e.k;
  }
}

export function lambdaSegment(n: SyntaxNode): string {
  return `lambda@${n.startPosition.row + 1}:${n.startPosition.column}`;
}

/**
 * Scope ids for one file, shared by the Java and Kotlin adapters: `idOf` a scope node (package,
 * then every enclosing segment), `scopeOf` the scope a node sits in, `ownerOf` its enclosing type.
 * `segmentOf` says which nodes open a scope and their name; `isType` which of them are types.
 */
export function scopeIds(pkg: string, segmentOf: (n: SyntaxNode) => string | null, isType: (n: SyntaxNode) => boolean) {
  const idCache = new Map<number, string>();
  const idOf = (scope: SyntaxNode): string => {
    const hit = idCache.get(scope.id);
    if (hit) return hit;
    const names: string[] = [];
    for (let p: SyntaxNode | null = scope; p; p = p.parent) {
      const s = segmentOf(p);
      if (s) names.unshift(s);
    }
    if (pkg) names.unshift(pkg);
    const id = names.join(".") || "<module>";
    idCache.set(scope.id, id);
    return id;
  };
  // scope of the nodes below each ancestor, memoised: every wasm property read costs
  const scopeBelow = new Map<number, string>();
  const scopeOf = (n: SyntaxNode): string => {
    const p = n.parent;
    if (!p) return "<module>";
    const hit = scopeBelow.get(p.id);
    if (hit !== undefined) return hit;
    const id = segmentOf(p) !== null ? idOf(p) : scopeOf(p);
    scopeBelow.set(p.id, id);
    return id;
  };
  const ownerOf = (n: SyntaxNode): string => {
    for (let p = n.parent; p; p = p.parent) if (isType(p)) return idOf(p);
    return "";
  };
  return { idOf, scopeOf, ownerOf };
}
