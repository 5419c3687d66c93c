/**
 * The grammar-neutral form of code that may hold a hand-rolled retry: each language adapter
 * (detectors/<language>/retryLoop.ts) lowers the functions that hold loops — or call themselves —
 * into these statements and expressions, and `analyze.ts` decides, once for every language, which
 * loops retry, how many attempts they make, how they wait and what they retry.
 *
 * Lowering keeps what the analysis reads and drops the rest: a node the analysis does not know
 * becomes `other` with its sub-expressions (so calls inside it are still seen); a lambda or
 * closure is opaque (`closure`): its body is not the loop's own code. Positions are offsets in
 * the file (any unit, one per file): they order nodes and tell whether one holds another.
 */
import type { LayerFact, SourceSpan } from "../../../model/facts";

export interface Pos {
  start: number;
  end: number;
  /** source text, for notes and descriptions */
  text: string;
}

export type BinaryOp =
  | "+" | "-" | "*" | "/" | "%" | "**" | "<<" | ">>"
  | "<" | "<=" | ">" | ">=" | "==" | "!="
  | "&&" | "||" | "??" | "&" | "|" | "^";

export type Expr = Pos & ExprBody;

export type ExprBody =
  | { k: "num"; value: number }
  | { k: "str"; value: string }
  | { k: "bool"; value: boolean }
  /** null, None, nil, undefined */
  | { k: "nil" }
  /** an identifier; `this.x` / `self.x` are `name` with `self: true` */
  | { k: "name"; name: string; self?: boolean }
  | { k: "member"; object: Expr; name: string }
  | { k: "index"; object: Expr; index: Expr }
  | { k: "call"; call: Call }
  | { k: "binary"; op: BinaryOp; left: Expr; right: Expr }
  | { k: "unary"; op: "!" | "-" | "+" | "~"; operand: Expr }
  /** `i++`, `++i`, `i--` (and `i += 1` is an `assign`) */
  | { k: "update"; target: string; step: 1 | -1; prefix: boolean }
  /** `x = e`, `x += e`, `x *= e`; `targets` for `a, b = …` (target is then the first) */
  | { k: "assign"; target: string | null; op: string; value: Expr; targets?: string[] }
  /** a literal list, tuple, array or set */
  | { k: "list"; items: Expr[] }
  /** a sequence of `count` placeholder items (JS `Array.from({ length: n })`, `new Array(n).fill()`): iterating it makes `count` passes */
  | { k: "repeat"; count: Expr }
  /** `x in S`, `S.includes(x)`, `S.has(x)`, `S.contains(x)` */
  | { k: "in"; item: Expr; collection: Expr; negated: boolean }
  /** the HTTP status of a response or of the error a response raised (`resp.status_code`, `res.status`, `resp.StatusCode`, `r.statusCode()`) */
  | { k: "status"; of: Expr | null }
  /** a 2xx check on a response (`res.ok`, `resp.IsSuccessStatusCode`, `r.isSuccessful()`) */
  | { k: "ok"; of: Expr | null }
  /** grpc-go `status.Code(err)` */
  | { k: "grpcCode" }
  /** grpc-go `codes.Unavailable` */
  | { k: "grpcCodeName"; name: string }
  | { k: "ternary"; test: Expr; then: Expr; else: Expr }
  /** a lambda, arrow function or func literal: its body is another scope */
  | { k: "closure" }
  | { k: "other"; parts: Expr[] };

export interface Sleep {
  /** the delay as written at the call (null: none, or written inside a helper) */
  delay: Expr | null;
  /** seconds one unit of the delay stands for (ms → 0.001, Go nanoseconds → 1e-9) */
  unitSeconds: number;
  /** a delay written inside a sleep helper the loop calls */
  inner?: Expr | null;
}

export interface Call extends Pos {
  /** dotted callee as written (`Thread.sleep`, `c.Do`, `op`); "" when the callee is not a name */
  callee: string;
  /** the callee resolved through imports where the adapter knows it (`random.uniform`, `math/rand.Intn`); else `callee` */
  qualified: string;
  /** last segment of the callee */
  method: string;
  /** a plain identifier receiver (`op` in `op.get()`) */
  receiver: string | null;
  /** a bare identifier callee (`op()`, `block()`) */
  bare: string | null;
  /** what the method is called on (`a.b` in `a.b.c()`, the inner call in `(await fetch(u)).json()`), null for a bare call */
  object: Expr | null;
  args: Expr[];
  /** what the call is to the analysis: the operation retried, a wait, or bookkeeping (logging, maths, clocks, building a request) */
  role: "operation" | "sleep" | "bookkeeping";
  sleep?: Sleep;
  /** the CallFact id of the call, when the module detector recorded one */
  callId?: string;
  /** the call runs the enclosing function again (a recursive retry) */
  self?: boolean;
  /** the callee is a closure written in place (Go `func() {…}()`) */
  closure?: boolean;
  /** a request to a connection or a readiness probe: dial, connect, ping (startup evidence) */
  connects?: boolean;
}

export type Stmt = Pos & StmtBody;

export type StmtBody =
  | { k: "expr"; e: Expr }
  /** `let x = e`, `x := e`, `var x int` (`zero`: declared without a value, Go's zero value) */
  | { k: "decl"; names: string[]; values: Expr[]; zero?: boolean }
  | { k: "if"; init: Stmt | null; cond: Expr; then: Stmt[]; else: Stmt[] | null }
  /** `switch (tag) { case … }`; a tagless switch (Go) has tag null and boolean case values */
  | { k: "switch"; init: Stmt | null; tag: Expr | null; cases: SwitchCase[] }
  /** Go `select` */
  | { k: "select"; cases: SelectCase[] }
  | { k: "try"; body: Stmt[]; catches: Catch[]; orelse: Stmt[] | null; final: Stmt[] | null }
  | { k: "exit"; kind: "return" | "break" | "continue" | "throw"; label: string | null; value: Expr | null }
  | { k: "loop"; loop: Loop }
  /** a nested block (`with`, `using`, `synchronized`, a bare block); labelled for Go/Java labels on non-loops */
  | { k: "block"; body: Stmt[] };

export interface SwitchCase {
  /** null: the default case */
  values: Expr[] | null;
  body: Stmt[];
}

export interface SelectCase {
  /** recv: a value arrives; done: ctx.Done(); timer: time.After / a timer's channel; default */
  kind: "recv" | "done" | "timer" | "send" | "default";
  body: Stmt[];
}

export interface Catch extends Pos {
  /** exception types as written; empty with `all` for a bare catch */
  types: string[];
  all: boolean;
  /** C# `when (…)` filter */
  filter: Expr | null;
  filterText: string | null;
  body: Stmt[];
  /** the handler's position, where the adapter reports a handler that makes the call again (analyze.ts catchRetries) */
  anchor?: SourceSpan;
  key?: unknown;
}

export interface Loop extends Pos {
  header: Header;
  body: Stmt[];
  label: string | null;
  anchor: SourceSpan;
  /** the adapter's node, handed back for layer ids */
  key: unknown;
  /** the statement right after the loop (Kotlin `repeat(n - 1) {…}; return block()`) */
  after?: Stmt | null;
  /** the loop holds a syntax error: half a loop is not read */
  broken?: boolean;
}

export type Header =
  /** `range(a, b)`, `1..N`, `0 until N`, `repeat(N)` (lo 0, exclusive) */
  | { kind: "range"; lo: Expr | number; hi: Expr; inclusive: boolean; text: string; variable: string | null }
  /** `for x of xs`, `foreach (var d in Delays)`, `for _, d := range list`, Go `for i := range n` */
  | { kind: "items"; iterable: Expr | null; text: string; variables: string[]; valueVar: string | null }
  /** while / do-while / classic for: condition (null = none), init `i = 0`, updates run after the body */
  | { kind: "cond"; cond: Expr | null; doWhile: boolean; init: Array<{ name: string; value: Expr | null }>; updates: Expr[]; text: string };

export interface Param {
  name: string;
  /** position in the parameter list (destructured names share their pattern's index) */
  index: number;
  default: Expr | null;
  /** a name inside a destructuring pattern, not a positional parameter */
  destructured?: boolean;
}

/** One function (or the module's top-level code) as the analysis sees it. */
export interface LoopFunction {
  /** id for attachments ("<module>" at top level) */
  id: string;
  /** label of layers anchored here: the named member around a lambda */
  label: string;
  /** the plain name calls use (for recursion), or null */
  name: string | null;
  params: Param[];
  /** functions around this one, innermost first (a lambda's parameters belong to it, a method's to the method) */
  outer: Array<{ id: string; params: Param[] }>;
  body: Stmt[];
  start: number;
  end: number;
  /** the declaration's first line (a recursive retry's anchor) */
  anchor: SourceSpan;
  key: unknown;
  /** the function raises on HTTP error statuses (raise_for_status, EnsureSuccessStatusCode) */
  raisesOnStatus: boolean;
  /** the function reads a Retry-After header */
  readsRetryAfter: boolean;
}

/** What each language says about its exception types. */
export interface ExceptionTaxonomy {
  /** the type means every exception */
  every(type: string): boolean;
  /** the type includes errors raised for 4xx responses: the reason, or null */
  includes4xx(type: string, raisesOnStatus: boolean): string | null;
  /** the type is raised only before the request left (connect errors) */
  connectOnly(type: string): boolean;
}

export interface LoopLanguage {
  /** how an operation fails: by throwing (Python, TS/JS, Java, Kotlin, C#) or by returning an error value (Go) */
  errors: "exceptions" | "values";
  exceptions: ExceptionTaxonomy;
  /**
   * A name the function does not bind: a module/package constant, a class field, a local of an
   * enclosing function. `value` null: bound, but to nothing the analysis can read.
   */
  resolveOuter(name: string, at: number, fn: LoopFunction, self: boolean): { value: Expr | null; kind: "constant" | "field" | "outer"; fromDefault?: boolean } | null;
  /** what a same-file function returns (a delay computed by `backoff(i)`), or null */
  returnsOf?(callee: string): Expr[] | null;
  /**
   * the call instantiates a class with no arguments (Python `Graph()`): it builds a local object
   * and calls no dependency, so a handler making it again retries nothing
   */
  buildsObject?(call: Call): boolean;
}

export interface LoopHost {
  language: LoopLanguage;
  functions: LoopFunction[];
  /** a layer id for the loop (or recursive function) whose adapter node is `key` */
  nextId(key: unknown, anchor: SourceSpan): string;
  layers: LayerFact[];
  problems: Array<{ line: number; message: string }>;
  /** where loops that run for as long as the program does go (FileFacts.longRunningLoops) */
  facts?: { longRunningLoops?: Array<{ functionId: string; span: SourceSpan }> };
}
