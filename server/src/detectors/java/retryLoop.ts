/**
 * Hand-rolled retry loops and retry helpers in Java and Kotlin (DESIGN.md "retry layer": a
 * hand-rolled loop; semantics shared with C# in `shared/handRolledLoops.ts`, after the Python
 * detector). Loops: `for (int i = 0; i < N; i++)`, `for (long d : DELAYS)`, `while (attempts++ <
 * max)`, `while (true)` with a counter check, do-while; Kotlin `for (attempt in 1..N)`, `0 until
 * N`, `repeat(N) { … }`. Sleeps: `Thread.sleep`, `TimeUnit.X.sleep`, Kotlin `delay(ms)`
 * (reactive `Mono.delay` is the Reactor detector's business). A loop retrying a functional
 * parameter (`Supplier<T> op` → `op.get()`, `Callable<T>`, Kotlin `block: () -> T` → `block()`)
 * makes its function a retry helper. This file only knows the two grammars' node types; names
 * and values are read through the neutral model (`syntax.ts`) where it has them.
 */
import { descendants } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { detectHandRolledLoops, type CallInfo, type Caught, type CmpOp, type LoopDialect, type LoopHeader, type LoopScope } from "../shared/handRolledLoops";
import type { JvmContext } from "./context";
import type { Call, Decl, Expr } from "./syntax";

const TIME_UNITS: Record<string, number> = { NANOSECONDS: 1e-9, MICROSECONDS: 1e-6, MILLISECONDS: 0.001, SECONDS: 1, MINUTES: 60, HOURS: 3600 };
const DURATION_UNITS: Record<string, number> = { ofMillis: 0.001, ofSeconds: 1, ofMinutes: 60, ofNanos: 1e-9 };
const BOOKKEEPING =
  /^(log|logger|LOG|LOGGER|Log|log\.atWarn\(\)|System|Math|StrictMath|Thread|TimeUnit|Duration|Instant|Clock|LocalDateTime|String|Objects|Random|ThreadLocalRandom|Integer|Long|Double|Arrays|Collections|Preconditions|kotlin\.math|metrics|meterRegistry)\.|^(println|print|maxOf|minOf|require|requireNotNull|check|checkNotNull|error|TODO|listOf|mapOf|setOf|arrayOf|emptyList|lazy|repeat|delay)$|\.(toLong|toInt|toDouble|coerceAtMost|coerceAtLeast|coerceIn|toString|getMessage|printStackTrace|nextLong|nextInt|nextDouble|current|currentTimeMillis|nanoTime|incrementAndGet|getAndIncrement|decrementAndGet|equals|hashCode|isEmpty|size|length|format|debug|info|warn|trace|pow|min|max)$/;
const COMPARISONS = new Set<string>(["<", "<=", ">", ">=", "==", "!="]);

export function detectRetryLoops(ctx: JvmContext): void {
  const kotlin = ctx.file.language === "kotlin";
  const dialect = kotlin ? kotlinDialect(ctx) : javaDialect(ctx);
  detectHandRolledLoops(
    {
      dialect,
      scopeOf: (loop) => scopeOf(ctx, loop),
      callId: (n) => ctx.callIds.get(n.id),
      nextId: (span) => ctx.nextId("L", span),
      layers: ctx.facts.layers,
      problems: ctx.facts.problems,
    },
    ctx.file.root,
  );
}

/* ------------------------------------------------------------------ shared JVM pieces */


/** Offsets of the file's methods, constructors and lambdas, read once (every node property read crosses into WebAssembly). */
const scopeRanges = new WeakMap<JvmContext, Array<{ d: Decl; start: number; end: number }>>();

/** Methods, constructors and lambdas around `n`, innermost first. */
function enclosing(ctx: JvmContext, n: SyntaxNode): Decl[] {
  let ranges = scopeRanges.get(ctx);
  if (!ranges) {
    ranges = ctx.file.decls.filter((d) => d.kind === "method" || d.kind === "constructor" || d.kind === "lambda").map((d) => ({ d, start: d.node.startIndex, end: d.node.endIndex }));
    scopeRanges.set(ctx, ranges);
  }
  const s = n.startIndex;
  const e = n.endIndex;
  return ranges
    .filter((r) => r.start <= s && r.end >= e && !(r.start === s && r.end === e))
    .sort((a, b) => b.start - a.start)
    .map((r) => r.d);
}

function scopeOf(ctx: JvmContext, loop: SyntaxNode): LoopScope | null {
  const chain = enclosing(ctx, loop);
  const fn = chain[0];
  if (!fn) return null;
  const member = chain.find((d) => d.kind !== "lambda") ?? fn;
  return {
    functionId: fn.id,
    label: member.name,
    raisesOnStatus: false,
    node: member.node,
    param(name) {
      for (const d of chain) {
        const index = d.params.findIndex((p) => p.name === name);
        if (index >= 0) return { functionId: d.id, index };
      }
      return null;
    },
  };
}

function exprName(e: Expr | null): string | null {
  if (!e) return null;
  if (e.k === "name") return e.path.startsWith("this.") ? e.path.slice(5) : e.path;
  if (e.k === "call") {
    const inner = exprName(e.call.receiver);
    return `${inner ? `${inner}.` : ""}${e.call.name}()`;
  }
  return null;
}

function callInfo(ctx: JvmContext, n: SyntaxNode): CallInfo | null {
  const call: Call | undefined = ctx.file.callOf(n);
  if (!call || call.isNew) return null;
  const recv = exprName(call.receiver);
  return {
    name: recv ? `${recv}.${call.name}` : call.name,
    method: call.name,
    receiver: call.receiver?.k === "name" && !call.receiver.path.includes(".") ? call.receiver.path : null,
    bare: call.receiver === null ? call.name : null,
    args: call.args.map((a) => a.node),
  };
}

function sleepOf(c: CallInfo): { arg: SyntaxNode | null; unitSeconds: number } | null {
  const arg = c.args[0] ?? null;
  const last = c.name.split(".");
  const recvLast = last.length >= 2 ? last[last.length - 2]! : "";
  if (c.name === "Thread.sleep" || c.name === "java.lang.Thread.sleep" || (c.bare === "delay" && c.args.length >= 1) || c.name === "kotlinx.coroutines.delay") return durationArg(arg, 0.001);
  if (c.method === "sleep" && recvLast in TIME_UNITS) return { arg, unitSeconds: TIME_UNITS[recvLast]! };
  return null;
}

/** `Duration.ofMillis(200)` as a sleep argument: its number and unit. */
function durationArg(arg: SyntaxNode | null, plain: number): { arg: SyntaxNode | null; unitSeconds: number } {
  const m = arg ? /^(?:java\.time\.)?Duration\.(of\w+)\(/.exec(arg.text) : null;
  if (m && DURATION_UNITS[m[1]!] !== undefined) {
    const inner = arg!.type === "method_invocation" ? arg!.childForFieldName("arguments")?.namedChildren[0] : descendants(arg!, "value_argument")[0]?.namedChildren[0];
    return { arg: inner ?? null, unitSeconds: DURATION_UNITS[m[1]!]! };
  }
  return { arg, unitSeconds: plain };
}

/** Initializers of locals and fields by scope, for names seen from a node. */
function resolver(ctx: JvmContext, initOf: (node: SyntaxNode) => SyntaxNode | null) {
  const byKey = new Map<string, SyntaxNode[]>();
  const add = (key: string, node: SyntaxNode) => byKey.set(key, [...(byKey.get(key) ?? []), node]);
  for (const l of ctx.file.locals) add(`${l.scopeId}.${l.name}`, l.node);
  for (const d of ctx.file.decls) if (d.kind === "field") add(`${d.ownerId || ctx.file.pkg}.${d.name}`, d.node);
  return (name: string, at: SyntaxNode): SyntaxNode | null => {
    const scope = enclosing(ctx, at)[0]?.id ?? ctx.file.pkg;
    const parts = scope.split(".");
    for (let i = parts.length; i >= 0; i--) {
      const hits = byKey.get(`${parts.slice(0, i).join(".")}.${name}`) ?? (i === 0 ? byKey.get(name) : undefined);
      if (!hits) continue;
      const before = hits.filter((h) => h.startIndex < at.startIndex);
      const node = before[before.length - 1] ?? hits[0]!;
      const init = initOf(node);
      if (init) return init;
    }
    return null;
  };
}

const base = {
  everyException: new Set(["Exception", "Throwable", "RuntimeException"]),
  statusExceptions: new Set(["RestClientException", "RestClientResponseException", "HttpStatusCodeException", "HttpClientErrorException", "WebClientResponseException", "FeignException", "HttpException", "ClientRequestException", "ResponseException"]),
  raisedOnStatus: new Set<string>(),
  connectOnly: new Set(["ConnectException", "UnknownHostException", "NoRouteToHostException", "HttpConnectTimeoutException"]),
  invokeMethods: new Set(["get", "call", "apply", "run", "execute", "invoke", "accept", "getAsInt", "getAsLong", "getAsBoolean"]),
};

/* ------------------------------------------------------------------------------ Java */

function javaDialect(ctx: JvmContext): LoopDialect {
  const initOf = (node: SyntaxNode) => (node.type === "variable_declarator" ? node.childForFieldName("value") : null);
  const resolve = resolver(ctx, initOf);
  const d: LoopDialect = {
    ...base,
    loopTypes: ["for_statement", "enhanced_for_statement", "while_statement", "do_statement"],
    scopeTypes: new Set(["lambda_expression", "class_body", "method_declaration"]),
    callTypes: ["method_invocation"],
    exitTypes: ["return_statement", "break_statement", "continue_statement", "throw_statement"],
    catchTypes: ["catch_clause"],
    notRetriedTypes: ["finally_clause", "throw_statement"],
    ifTypes: ["if_statement"],
    incrementTypes: ["update_expression", "assignment_expression"],
    comparisonTypes: ["binary_expression"],
    assignmentTypes: ["assignment_expression"],
    binaryTypes: ["binary_expression"],
    header(loop): LoopHeader | null {
      const body = loop.childForFieldName("body");
      if (!body) return null;
      if (loop.type === "enhanced_for_statement") {
        const iterable = loop.childForFieldName("value");
        return { kind: "items", body, iterable, text: `for (… : ${iterable?.text ?? "?"})`, variable: loop.childForFieldName("name")?.text ?? null };
      }
      const cond = loop.childForFieldName("condition");
      if (loop.type === "for_statement") {
        const init: Array<{ name: string; value: SyntaxNode | null }> = [];
        for (const i of loop.childrenForFieldName("init")) {
          for (const v of i?.type === "local_variable_declaration" ? i.namedChildren : []) {
            const name = v?.type === "variable_declarator" ? v.childForFieldName("name")?.text : null;
            if (name) init.push({ name, value: v!.childForFieldName("value") });
          }
          const a = i?.type === "assignment_expression" ? i : null;
          if (a?.childForFieldName("left")?.type === "identifier") init.push({ name: a.childForFieldName("left")!.text, value: a.childForFieldName("right") });
        }
        const updates = loop.childrenForFieldName("update").filter((u): u is SyntaxNode => !!u);
        return { kind: "cond", body, cond, doWhile: false, init, updates };
      }
      return { kind: "cond", body, cond, doWhile: loop.type === "do_statement", init: [], updates: [] };
    },
    call: (n) => callInfo(ctx, n),
    sleep: (c) => sleepOf(c),
    bookkeeping: (c) => BOOKKEEPING.test(c.name),
    exit(n) {
      const label = n.namedChildren.find((c) => c?.type === "identifier")?.text ?? null;
      switch (n.type) {
        case "return_statement":
          return { kind: "return", label: null };
        case "break_statement":
          return { kind: "break", label };
        case "continue_statement":
          return { kind: "continue", label };
        case "throw_statement":
          return { kind: "throw", label: null };
      }
      return null;
    },
    caught(n): Caught {
      const types = descendants(n.namedChildren.find((c) => c?.type === "catch_formal_parameter") ?? n, "catch_type")
        .flatMap((t) => t.namedChildren.filter((c): c is SyntaxNode => !!c).map((c) => c.text.replace(/\s+/g, "")));
      return { types, all: false, filter: null, body: n.childForFieldName("body") };
    },
    ifCondition: (n) => n.childForFieldName("condition"),
    increment(n) {
      if (n.type === "update_expression") {
        const id = n.namedChildren[0];
        const name = id ? d.name(id) : null;
        if (!name) return null;
        const prefix = n.child(0)?.isNamed === false;
        return { name, prefix, step: n.text.includes("--") ? -1 : 1 };
      }
      return assignmentStep(d, n);
    },
    comparison: binaryComparison,
    assignment: (n) => fieldAssignment(d, n, "assignment_expression"),
    name(n) {
      if (n.type === "identifier") return n.text;
      if (n.type === "field_access" && n.childForFieldName("object")?.type === "this") return n.childForFieldName("field")?.text ?? null;
      return null;
    },
    number(n) {
      if (!/^(decimal_integer_literal|hex_integer_literal|decimal_floating_point_literal)$/.test(n.type)) return null;
      const t = n.text.replaceAll("_", "").replace(/[lLfFdD]$/, "");
      const v = /^0x/i.test(t) ? parseInt(t, 16) : Number(t);
      return Number.isFinite(v) ? v : null;
    },
    binary(n) {
      if (n.type !== "binary_expression") return null;
      const left = n.childForFieldName("left");
      const right = n.childForFieldName("right");
      return left && right ? { op: n.childForFieldName("operator")?.type ?? "", left, right } : null;
    },
    unwrap(n) {
      if (n.type === "parenthesized_expression") return n.namedChildren[0] ?? null;
      if (n.type === "cast_expression") return n.childForFieldName("value");
      if (n.type === "unary_expression" && n.text.startsWith("+")) return n.namedChildren[0] ?? null;
      return null;
    },
    items(n) {
      if (n.type === "array_initializer") return n.namedChildren.filter((c): c is SyntaxNode => !!c && !/comment/.test(c.type));
      if (n.type === "array_creation_expression") {
        const init = n.namedChildren.find((c) => c?.type === "array_initializer");
        return init ? d.items(init) : null;
      }
      if (n.type === "method_invocation" && /^(List\.of|Arrays\.asList|Set\.of|Stream\.of|ImmutableList\.of)$/.test(`${n.childForFieldName("object")?.text}.${n.childForFieldName("name")?.text}`)) {
        return (n.childForFieldName("arguments")?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c && !/comment/.test(c.type));
      }
      return null;
    },
    resolve,
    paramDefault: () => null,
  };
  return d;
}

/** `i += 1`, `i -= 1`, `i = i + 1`: a ±1 step of a counter. */
function assignmentStep(d: LoopDialect, n: SyntaxNode): { name: string; prefix: boolean; step: 1 | -1 } | null {
  const a = d.assignment(n);
  if (!a) return null;
  const r = d.unwrap(a.right) ?? a.right;
  if ((a.op === "+=" || a.op === "-=") && d.number(r) === 1) return { name: a.name, prefix: true, step: a.op === "+=" ? 1 : -1 };
  const b = a.op === "=" ? d.binary(r) : null;
  if (b && (b.op === "+" || b.op === "-") && d.name(b.left) === a.name && d.number(b.right) === 1) return { name: a.name, prefix: true, step: b.op === "+" ? 1 : -1 };
  return null;
}

/* ---------------------------------------------------------------------------- Kotlin */

/** The initializer of a Kotlin property (`= value`), not a delegate. */
function kotlinInit(n: SyntaxNode): SyntaxNode | null {
  if (n.type !== "property_declaration") return null;
  let seenEq = false;
  for (const c of n.children) {
    if (!c) continue;
    if (!c.isNamed && c.type === "=") seenEq = true;
    else if (seenEq && c.isNamed) return c;
  }
  return null;
}

function kotlinDialect(ctx: JvmContext): LoopDialect {
  const resolve = resolver(ctx, kotlinInit);
  const lastNamed = (n: SyntaxNode) => n.namedChildren.filter((c): c is SyntaxNode => !!c && !/comment/.test(c.type)).pop() ?? null;
  // `repeat(n) { … }`: the call of `repeat` with its trailing lambda (found from the calls, not by asking every call node)
  const repeats = new Set<number>();
  for (const c of ctx.file.calls) {
    const outer = c.name === "repeat" && c.receiver === null ? c.node.parent : null;
    if (outer?.type === "call_expression" && outer.namedChildren.some((x) => x?.type === "annotated_lambda")) repeats.add(outer.id);
  }
  const isRepeat = (n: SyntaxNode) => repeats.has(n.id);
  const d: LoopDialect = {
    ...base,
    loopTypes: ["for_statement", "while_statement", "do_while_statement", "call_expression"],
    // lambdas passed to inline functions (`runCatching { … }`, `repeat`) run in place: not a scope
    scopeTypes: new Set(["function_declaration", "anonymous_function", "class_body", "object_literal"]),
    callTypes: ["call_expression"],
    exitTypes: ["return_expression", "throw_expression", "identifier"],
    catchTypes: ["catch_block"],
    notRetriedTypes: ["finally_block", "throw_expression"],
    ifTypes: ["if_expression"],
    incrementTypes: ["unary_expression", "postfix_expression", "prefix_expression", "assignment"],
    comparisonTypes: ["binary_expression"],
    assignmentTypes: ["assignment"],
    binaryTypes: ["binary_expression", "infix_expression"],
    header(loop): LoopHeader | null {
      if (loop.type === "call_expression") {
        if (!isRepeat(loop)) return null;
        const lambda = loop.namedChildren.find((c) => c?.type === "annotated_lambda")?.namedChildren.find((c) => c?.type === "lambda_literal");
        const times = descendants(loop.namedChildren[0]!, "value_argument")[0]?.namedChildren[0] ?? null;
        if (!lambda || !times) return null;
        return { kind: "range", body: lambda, lo: 0, hi: times, inclusive: false, text: `repeat(${times.text})` };
      }
      const body = lastNamed(loop);
      if (!body) return null;
      if (loop.type === "for_statement") {
        const kids = loop.namedChildren.filter((c): c is SyntaxNode => !!c && !/comment/.test(c.type));
        const iterable = kids[kids.findIndex((c) => c.type === "variable_declaration" || c.type === "multi_variable_declaration") + 1] ?? null;
        if (!iterable || iterable.id === body.id) return null;
        const text = `for (… in ${iterable.text})`;
        const variable = kids.find((c) => c.type === "variable_declaration")?.namedChildren.find((c) => c?.type === "identifier")?.text ?? null;
        if (iterable.type === "range_expression") {
          const [lo, hi] = iterable.namedChildren.filter((c): c is SyntaxNode => !!c);
          if (lo && hi) return { kind: "range", body, lo, hi, inclusive: !iterable.text.includes("..<"), text, variable };
        }
        if (iterable.type === "infix_expression") {
          const [lo, op, hi] = iterable.namedChildren.filter((c): c is SyntaxNode => !!c);
          if (lo && hi && op?.text === "until") return { kind: "range", body, lo, hi, inclusive: false, text, variable };
          if (lo && hi && op?.text === "downTo") return { kind: "range", body, lo: hi, hi: lo, inclusive: true, text, variable };
        }
        return { kind: "items", body, iterable, text, variable };
      }
      const cond = loop.childForFieldName("condition");
      if (loop.type === "do_while_statement") {
        const block = loop.namedChildren.find((c) => c?.type === "block") ?? null;
        return block ? { kind: "cond", body: block, cond, doWhile: true, init: [], updates: [] } : null;
      }
      return { kind: "cond", body, cond, doWhile: false, init: [], updates: [] };
    },
    call: (n) => callInfo(ctx, n),
    sleep: (c) => sleepOf(c),
    bookkeeping: (c) => BOOKKEEPING.test(c.name),
    exit(n) {
      if (n.type === "identifier") {
        if (n.text === "break") return { kind: "break", label: null };
        if (n.text === "continue") return { kind: "continue", label: null };
        return null;
      }
      if (n.type === "return_expression") return { kind: "return", label: n.childForFieldName("label")?.text ?? null };
      if (n.type === "throw_expression") return { kind: "throw", label: null };
      return null;
    },
    caught(n): Caught {
      const types = n.namedChildren.filter((c): c is SyntaxNode => !!c && (c.type === "user_type" || c.type === "nullable_type")).map((c) => c.text.replace(/\s+/g, ""));
      return { types, all: false, filter: null, body: n.namedChildren.find((c) => c?.type === "block") ?? null };
    },
    ifCondition: (n) => n.childForFieldName("condition"),
    increment(n) {
      if (n.type === "unary_expression" || n.type === "postfix_expression" || n.type === "prefix_expression") {
        const op = n.children.find((c) => c && !c.isNamed && (c.type === "++" || c.type === "--"));
        const arg = n.namedChildren.find((c) => c?.type === "identifier");
        if (!op || !arg) return null;
        return { name: arg.text, prefix: op.startIndex < arg.startIndex, step: op.type === "++" ? 1 : -1 };
      }
      return assignmentStep(d, n);
    },
    comparison: binaryComparison,
    assignment: (n) => fieldAssignment(d, n, "assignment"),
    name(n) {
      if (n.type === "identifier") return n.text === "true" || n.text === "false" || n.text === "break" || n.text === "continue" ? null : n.text;
      if (n.type === "navigation_expression" && n.namedChildren[0]?.type === "this_expression") return n.namedChildren[1]?.text ?? null;
      return null;
    },
    number(n) {
      if (!/^(number_literal|float_literal|integer_literal|long_literal|real_literal)$/.test(n.type)) return null;
      const t = n.text.replaceAll("_", "").replace(/[lLfFuU]+$/, "");
      const v = /^0x/i.test(t) ? parseInt(t, 16) : Number(t);
      return Number.isFinite(v) ? v : null;
    },
    binary(n) {
      if (n.type === "infix_expression") {
        const [left, op, right] = n.namedChildren.filter((c): c is SyntaxNode => !!c);
        return left && op && right ? { op: op.text === "shl" ? "<<" : op.text, left, right } : null;
      }
      if (n.type !== "binary_expression") return null;
      const left = n.childForFieldName("left");
      const right = n.childForFieldName("right");
      return left && right ? { op: n.childForFieldName("operator")?.type ?? "", left, right } : null;
    },
    unwrap(n) {
      if (n.type === "parenthesized_expression") return n.namedChildren[0] ?? null;
      // `x.toLong()`, `x.toInt()`
      if (n.type === "call_expression" && n.namedChildren[0]?.type === "navigation_expression" && /^to(Long|Int|Double)$/.test(n.namedChildren[0].namedChildren[1]?.text ?? "")) return n.namedChildren[0].namedChildren[0] ?? null;
      if (n.type === "as_expression") return n.namedChildren[0] ?? null;
      return null;
    },
    items(n) {
      if (n.type === "collection_literal") return n.namedChildren.filter((c): c is SyntaxNode => !!c);
      if (n.type === "call_expression" && /^(listOf|arrayOf|setOf|longArrayOf|intArrayOf|doubleArrayOf)$/.test(n.namedChildren[0]?.text ?? "")) {
        return descendants(n, "value_argument").filter((v) => v.parent?.parent?.id === n.id).map((v) => v.namedChildren[0]!).filter(Boolean);
      }
      return null;
    },
    resolve,
    paramDefault(name, at) {
      for (let p = at.parent; p; p = p.parent) {
        if (p.type !== "function_declaration") continue;
        const params = p.namedChildren.find((c) => c?.type === "function_value_parameters");
        const kids = params?.children.filter((c): c is SyntaxNode => !!c) ?? [];
        const i = kids.findIndex((c) => c.type === "parameter" && c.namedChildren.find((x) => x?.type === "identifier")?.text === name);
        if (i < 0) return null;
        return kids[i + 1]?.type === "=" ? (kids[i + 2] ?? null) : null;
      }
      return null;
    },
  };
  return d;
}

/** `left <op> right` with a comparison operator (both grammars name the fields alike). */
function binaryComparison(n: SyntaxNode) {
  const op = n.childForFieldName("operator")?.type ?? "";
  const left = n.childForFieldName("left");
  const right = n.childForFieldName("right");
  return COMPARISONS.has(op) && left && right ? { left, op: op as CmpOp, right } : null;
}

/** `name = value` / `name += value` when `n` is the grammar's assignment node. */
function fieldAssignment(d: { name(n: SyntaxNode): string | null }, n: SyntaxNode, type: string) {
  if (n.type !== type) return null;
  const left = n.childForFieldName("left");
  const right = n.childForFieldName("right");
  const name = left ? d.name(left) : null;
  return name && right ? { name, op: n.childForFieldName("operator")?.type ?? "=", right } : null;
}
