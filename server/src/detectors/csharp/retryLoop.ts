/**
 * Hand-rolled retry loops and retry helpers in C# (DESIGN.md "retry layer": a hand-rolled loop;
 * semantics shared with Java/Kotlin in `shared/handRolledLoops.ts`, after the Python detector).
 * Loops: `for (var i = 0; i < N; i++)`, `foreach (var d in Delays)`, `while (attempt < max)`,
 * `while (true)` with a counter check, do-while. Sleeps: `Thread.Sleep(ms | TimeSpan)`,
 * `await Task.Delay(ms | TimeSpan.FromX(…), ct)`. A loop retrying a delegate parameter
 * (`Func<Task<T>> op` → `await op()`, `op.Invoke()`) makes its method a retry helper. Catch
 * types (`catch (HttpRequestException)`, a bare `catch`, `when (…)` filters) are the condition.
 */
import { callParts, descendants, dottedName, memberName } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { detectHandRolledLoops, type CallInfo, type Caught, type CmpOp, type LoopDialect, type LoopHeader, type LoopScope } from "../shared/handRolledLoops";
import { LAMBDAS, MEMBER_DECLARATIONS, TYPE_DECLARATIONS, type CsContext } from "./context";

const TIMESPAN_UNITS: Record<string, number> = { FromMilliseconds: 0.001, FromSeconds: 1, FromMinutes: 60, FromHours: 3600, FromTicks: 1e-7 };
const BOOKKEEPING =
  /^(_?logger|_?log|Log|Logger|Console|Math|MathF|Thread|Task|TimeSpan|DateTime|DateTimeOffset|Stopwatch|Random|Random\.Shared|string|String|Guid|Environment|Debug|Trace|Interlocked|Convert|ArgumentNullException|_metrics|metrics)\.|\.(Log\w*|ThrowIfCancellationRequested|ToString|Next|NextDouble|NextInt64|EnsureSuccessStatusCode|Equals|GetHashCode|Dispose|ConfigureAwait)$|^(nameof)$/;
const COMPARISONS = new Set<string>(["<", "<=", ">", ">=", "==", "!="]);
const contains = (outer: SyntaxNode, n: SyntaxNode) => n.startIndex >= outer.startIndex && n.endIndex <= outer.endIndex;

export function detectRetryLoops(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  // CallFacts by position: the module detector named them; the loop lists the ones it retries
  const callIds = new Map<string, string>();
  for (const c of ctx.facts.calls) callIds.set(`${c.span.line}:${c.span.column}`, c.id);
  detectHandRolledLoops(
    {
      dialect: csharpDialect(),
      scopeOf: (loop) => scopeOf(ctx, loop),
      callId: (n) => callIds.get(`${n.startPosition.row + 1}:${n.startPosition.column}`),
      // the context's id registry, so no other detector of the file can hand out the same id
      nextId: (span) => ctx.nextId("L", { startPosition: { row: span.line - 1, column: span.column } } as SyntaxNode),
      layers: ctx.facts.layers,
      problems: ctx.facts.problems,
    },
    root,
  );
}

/** Members, local functions and lambdas around `n`, innermost first. */
function enclosing(n: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let p = n.parent; p; p = p.parent) if (MEMBER_DECLARATIONS.has(p.type) || LAMBDAS.has(p.type)) out.push(p);
  return out;
}

function paramsOf(d: SyntaxNode): SyntaxNode[] {
  const ps = d.childForFieldName("parameters") ?? d.namedChildren.find((c) => c?.type === "parameter_list") ?? null;
  if (!ps) return [];
  if (ps.type === "identifier" || ps.type === "implicit_parameter") return [ps];
  return ps.namedChildren.filter((c): c is SyntaxNode => c?.type === "parameter");
}

function scopeOf(ctx: CsContext, loop: SyntaxNode): LoopScope | null {
  const chain = enclosing(loop);
  const fn = chain[0];
  if (!fn) return null;
  const member = chain.find((d) => MEMBER_DECLARATIONS.has(d.type)) ?? fn;
  const fnId = ctx.idOf(fn);
  return {
    functionId: fnId,
    label: member.childForFieldName("name")?.text ?? fnId,
    raisesOnStatus: ctx.facts.functions.find((f) => f.id === ctx.idOf(member))?.raisesOnStatus ?? false,
    node: member,
    param(name) {
      for (const d of chain) {
        const index = paramsOf(d).findIndex((p) => (p.type === "parameter" ? p.childForFieldName("name")?.text : p.text) === name);
        if (index >= 0) return { functionId: ctx.idOf(d), index };
      }
      return null;
    },
  };
}

function declaratorValue(v: SyntaxNode): SyntaxNode | null {
  const name = v.childForFieldName("name");
  const value = v.namedChildren.filter((c) => c && c.id !== name?.id && c.type !== "bracketed_argument_list").pop() ?? null;
  return value?.type === "equals_value_clause" ? (value.namedChildren[0] ?? null) : value;
}

export function csharpDialect(): LoopDialect {
  const d: LoopDialect = {
    loopTypes: ["for_statement", "foreach_statement", "while_statement", "do_statement"],
    scopeTypes: new Set([...LAMBDAS, "local_function_statement", ...TYPE_DECLARATIONS]),
    callTypes: ["invocation_expression"],
    exitTypes: ["return_statement", "break_statement", "continue_statement", "throw_statement", "throw_expression"],
    catchTypes: ["catch_clause"],
    notRetriedTypes: ["finally_clause", "throw_statement", "throw_expression"],
    ifTypes: ["if_statement"],
    incrementTypes: ["postfix_unary_expression", "prefix_unary_expression", "assignment_expression"],
    comparisonTypes: ["binary_expression"],
    assignmentTypes: ["assignment_expression"],
    binaryTypes: ["binary_expression"],
    everyException: new Set(["Exception", "SystemException"]),
    statusExceptions: new Set(["ApiException", "FlurlHttpException"]),
    raisedOnStatus: new Set(["HttpRequestException"]),
    connectOnly: new Set(["SocketException"]),
    invokeMethods: new Set(["Invoke", "DynamicInvoke"]),
    header(loop): LoopHeader | null {
      const body = loop.childForFieldName("body");
      if (!body) return null;
      if (loop.type === "foreach_statement") {
        const iterable = loop.childForFieldName("right");
        const left = loop.childForFieldName("left");
        return { kind: "items", body, iterable, text: `foreach (… in ${iterable?.text ?? "?"})`, variable: left?.type === "identifier" ? left.text : null };
      }
      const cond = loop.childForFieldName("condition");
      if (loop.type === "for_statement") {
        const init: Array<{ name: string; value: SyntaxNode | null }> = [];
        for (const i of loop.childrenForFieldName("initializer")) {
          for (const v of i?.type === "variable_declaration" ? i.namedChildren : []) {
            const name = v?.type === "variable_declarator" ? v.childForFieldName("name")?.text : null;
            if (name) init.push({ name, value: declaratorValue(v!) });
          }
          if (i?.type === "assignment_expression" && i.childForFieldName("left")?.type === "identifier") init.push({ name: i.childForFieldName("left")!.text, value: i.childForFieldName("right") });
        }
        const updates = loop.childrenForFieldName("update").filter((u): u is SyntaxNode => !!u);
        return { kind: "cond", body, cond, doWhile: false, init, updates };
      }
      return { kind: "cond", body, cond, doWhile: loop.type === "do_statement", init: [], updates: [] };
    },
    call(n): CallInfo | null {
      const parts = callParts(n);
      const fn = parts.fn;
      const name = dottedName(fn);
      const method = memberName(fn);
      if (!name || !method) return null;
      const recv = fn?.type === "member_access_expression" ? fn.childForFieldName("expression") : null;
      return {
        name,
        method,
        receiver: recv?.type === "identifier" ? recv.text : null,
        bare: fn?.type === "identifier" ? fn.text : null,
        args: parts.positional,
      };
    },
    sleep(c) {
      if (!/^(System\.Threading\.)?(Thread\.Sleep|Tasks\.Task\.Delay|Task\.Delay)$/.test(c.name)) return null;
      const arg = c.args[0] ?? null;
      if (arg?.type === "invocation_expression") {
        const unit = TIMESPAN_UNITS[memberName(arg.childForFieldName("function")) ?? ""];
        if (unit !== undefined && dottedName(arg.childForFieldName("function"))?.endsWith(`TimeSpan.${memberName(arg.childForFieldName("function"))}`)) {
          return { arg: callParts(arg).positional[0] ?? null, unitSeconds: unit };
        }
      }
      return { arg, unitSeconds: 0.001 };
    },
    bookkeeping: (c) => BOOKKEEPING.test(c.name),
    exit(n) {
      const label = null;
      switch (n.type) {
        case "return_statement":
          return { kind: "return", label };
        case "break_statement":
          return { kind: "break", label };
        case "continue_statement":
          return { kind: "continue", label };
        case "throw_statement":
        case "throw_expression":
          return { kind: "throw", label };
      }
      return null;
    },
    caught(n): Caught {
      const decl = n.namedChildren.find((c) => c?.type === "catch_declaration");
      const type = decl?.childForFieldName("type");
      const filter = n.namedChildren.find((c) => c?.type === "catch_filter_clause");
      return {
        types: type ? [type.text.replace(/\s+/g, "").replace(/^System\./, "")] : [],
        all: !type,
        filter: filter ? filter.text.replace(/^when\s*/, "") : null,
        filterNode: filter ?? null,
        body: n.childForFieldName("body"),
      };
    },
    ifCondition: (n) => n.childForFieldName("condition"),
    increment(n) {
      if (n.type === "postfix_unary_expression" || n.type === "prefix_unary_expression") {
        const step = n.text.includes("++") ? 1 : n.text.includes("--") ? -1 : 0;
        const arg = n.namedChildren[0];
        const name = arg ? d.name(arg) : null;
        if (!step || !name) return null;
        return { name, prefix: n.type === "prefix_unary_expression", step: step as 1 | -1 };
      }
      const a = d.assignment(n);
      if (!a) return null;
      const r = d.unwrap(a.right) ?? a.right;
      if ((a.op === "+=" || a.op === "-=") && d.number(r) === 1) return { name: a.name, prefix: true, step: a.op === "+=" ? 1 : -1 };
      const b = a.op === "=" ? d.binary(r) : null;
      if (b && (b.op === "+" || b.op === "-") && d.name(b.left) === a.name && d.number(b.right) === 1) return { name: a.name, prefix: true, step: b.op === "+" ? 1 : -1 };
      return null;
    },
    comparison(n) {
      const b = d.binary(n);
      return b && COMPARISONS.has(b.op) ? { left: b.left, op: b.op as CmpOp, right: b.right } : null;
    },
    assignment(n) {
      if (n.type !== "assignment_expression") return null;
      const left = n.childForFieldName("left");
      const right = n.childForFieldName("right");
      const name = left ? d.name(left) : null;
      const op = n.childForFieldName("operator")?.type ?? n.children.find((c) => c && !c.isNamed)?.type ?? "=";
      return name && right ? { name, op, right } : null;
    },
    name(n) {
      if (n.type === "identifier") return n.text;
      if (n.type === "member_access_expression" && n.childForFieldName("expression")?.type === "this_expression") return n.childForFieldName("name")?.text ?? null;
      return null;
    },
    number(n) {
      if (n.type !== "integer_literal" && n.type !== "real_literal") return null;
      const t = n.text.replaceAll("_", "").replace(/(ul|lu|u|l|f|d|m)$/i, "");
      const v = /^0x/i.test(t) ? parseInt(t, 16) : Number(t);
      return Number.isFinite(v) ? v : null;
    },
    binary(n) {
      if (n.type !== "binary_expression") return null;
      const left = n.childForFieldName("left");
      const right = n.childForFieldName("right");
      const op = n.childForFieldName("operator")?.type ?? "";
      return left && right ? { op, left, right } : null;
    },
    unwrap(n) {
      if (n.type === "parenthesized_expression") return n.namedChildren[0] ?? null;
      if (n.type === "cast_expression") return n.childForFieldName("value");
      if (n.type === "checked_expression") return n.namedChildren[0] ?? null;
      return null;
    },
    items(n) {
      const init =
        n.type === "initializer_expression" || n.type === "collection_expression"
          ? n
          : n.type === "implicit_array_creation_expression" || n.type === "array_creation_expression" || n.type === "object_creation_expression"
            ? n.namedChildren.find((c) => c?.type === "initializer_expression")
            : null;
      if (!init) return null;
      return init.namedChildren.filter((c): c is SyntaxNode => !!c && c.type !== "comment").map((c) => (c.type === "expression_element" ? (c.namedChildren[0] ?? c) : c));
    },
    resolve(name, at) {
      // locals of the enclosing members (the last declaration before `at`), then fields and constants of the types around it
      for (let p = at.parent; p; p = p.parent) {
        const isType = TYPE_DECLARATIONS.has(p.type);
        if (!MEMBER_DECLARATIONS.has(p.type) && !isType) continue;
        const scopes = descendants(p, [...LAMBDAS, "local_function_statement", ...TYPE_DECLARATIONS]).filter((s) => s.id !== p.id && !contains(s, at));
        const hits = descendants(p, "variable_declarator")
          .filter((v) => v.childForFieldName("name")?.text === name && !scopes.some((s) => contains(s, v)))
          .filter((v) => (isType ? v.parent?.parent?.type === "field_declaration" : v.startIndex < at.startIndex));
        const hit = hits[hits.length - 1];
        if (hit) return declaratorValue(hit);
      }
      return null;
    },
    paramDefault(name, at) {
      for (const fn of enclosing(at)) {
        const p = paramsOf(fn).find((x) => x.type === "parameter" && x.childForFieldName("name")?.text === name);
        if (!p) continue;
        const kids = p.children.filter((c): c is SyntaxNode => !!c);
        const eq = kids.findIndex((c) => c.type === "=");
        const v = eq >= 0 ? kids[eq + 1] : p.namedChildren.find((c) => c?.type === "equals_value_clause")?.namedChildren[0];
        return v ?? null;
      }
      return null;
    },
  };
  return d;
}
