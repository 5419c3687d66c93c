/**
 * Hand-rolled retry loops and retry helpers (DESIGN.md "retry layer": a hand-rolled loop).
 * A loop is a retry layer when it (1) calls something, (2) sleeps, and (3) leaves the loop on
 * success (a `return`/`break` outside an `except`) — a worker loop that keeps going after a
 * success is not a retry. Its count comes from `range(N)`, a literal delay list, or a counter
 * compared with a bound (order of call, increment and check inside the body decides ±1).
 * When the retried call is a parameter of the function, the function is a retry helper and each
 * call site retries the callable it passes (see LayerAttachment "helper").
 */
import type { LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import { callParts, descendants, dottedName, elements, nodeSpan, numberValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { conditionForExceptions } from "./exceptions";
import { fmtSeconds } from "./waits";

const SLEEPS = new Set(["time.sleep", "asyncio.sleep", "trio.sleep", "gevent.sleep", "anyio.sleep"]);
/** calls that are bookkeeping, not the operation being retried */
const NOT_RETRIED = /^(time|random|math|logging|log|logger|LOG|LOGGER|secrets|asyncio|anyio|trio)\.|^(print|min|max|len|range|int|float|str|isinstance|sum|abs|round|enumerate|getattr|setattr|hasattr)$/;
const BUDGET_WORDS = /budget|bucket|token|throttl|quota/i;

export function detectRetryLoops(ctx: PyContext): void {
  for (const def of descendants(ctx.tree.rootNode, "function_definition")) {
    const body = def.childForFieldName("body");
    if (!body) continue;
    for (const loop of descendants(body, ["for_statement", "while_statement"], { skipNestedDefs: true })) {
      try {
        const layer = analyzeLoop(ctx, def, loop);
        if (layer) ctx.facts.layers.push(layer);
      } catch (err) {
        ctx.facts.problems.push({ line: loop.startPosition.row + 1, message: `retry-loop detector: ${(err as Error).message}` });
      }
    }
  }
}

function analyzeLoop(ctx: PyContext, def: SyntaxNode, loop: SyntaxNode): LayerFact | null {
  const body = loop.childForFieldName("body");
  if (!body) return null;
  // `for attempt in Retrying(...)` belongs to the tenacity detector
  const iter = loop.type === "for_statement" ? loop.childForFieldName("right") : null;
  if (iter?.type === "call" && /Retrying$/.test(dottedName(iter.childForFieldName("function")) ?? "")) return null;

  const calls = descendants(body, "call", { skipNestedDefs: true });
  const sleeps = calls.filter((c) => SLEEPS.has(ctx.qualifiedName(c.childForFieldName("function")) ?? ""));
  if (sleeps.length === 0) return null;
  const retried = calls.filter((c) => {
    const name = dottedName(c.childForFieldName("function"));
    if (!name || sleeps.includes(c)) return false;
    if (NOT_RETRIED.test(name) || NOT_RETRIED.test(ctx.qualify(name))) return false;
    if (name.endsWith(".raise_for_status") || name.endsWith(".json")) return false;
    return !BUDGET_WORDS.test(name);
  });
  if (retried.length === 0) return null;
  if (!leavesOnSuccess(body)) return null;

  const functionId = ctx.functionId(def);
  const params = ctx.facts.functions.find((f) => f.id === functionId)?.params ?? [];
  const bound = countBound(ctx, def, loop, body, retried[0]!);
  const condition = loopCondition(ctx, body, def);
  const wait = sleepWait(ctx, def, sleeps[0]!);
  const budgetName = descendants(body, "identifier").find((n) => BUDGET_WORDS.test(n.text));
  const budgetCall = budgetName ? enclosingCallText(budgetName) : null;

  const paramCall = retried.find((c) => {
    const name = c.childForFieldName("function");
    return name?.type === "identifier" && params.includes(name.text);
  });
  const attach: LayerFact["attach"] = paramCall
    ? {
        kind: "helper",
        functionId,
        paramIndex: params.indexOf(paramCall.childForFieldName("function")!.text),
        paramName: paramCall.childForFieldName("function")!.text,
      }
    : {
        kind: "block",
        functionId,
        callIds: ctx.facts.calls
          .filter((c) => retried.some((r) => r.startPosition.row + 1 === c.span.line && r.startPosition.column === c.span.column))
          .map((c) => c.id),
      };
  const name = def.childForFieldName("name")?.text ?? functionId;
  // a helper's count from a parameter default: callers passing another number get theirs
  const defaultValue = bound.param ? ctx.facts.functions.find((f) => f.id === functionId)?.paramDefaults[bound.param] : undefined;
  const countParam =
    attach.kind === "helper" && bound.param && bound.maxAttempts !== null && defaultValue?.kind === "number"
      ? { name: bound.param, index: params.indexOf(bound.param), offset: bound.maxAttempts - defaultValue.value }
      : undefined;
  return {
    ...(countParam ? { countParam } : {}),
    localId: ctx.nextId("L", loop),
    kind: "retry-loop",
    category: "code",
    library: "hand-rolled",
    anchor: nodeSpan(loop),
    maxAttempts: bound.maxAttempts,
    attemptsSource: bound.fromDefault ? "default" : "config",
    attemptsNote: bound.note,
    timeBound: bound.maxAttempts === null ? bound.timeBound : null,
    wait,
    condition,
    budget: budgetCall ? `token bucket (${budgetCall})` : null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach,
    label: name,
  };
}

/** A `return` or `break` in the loop body that is not inside an `except` clause. */
function leavesOnSuccess(body: SyntaxNode): boolean {
  const exits = descendants(body, ["return_statement", "break_statement"], { skipNestedDefs: true });
  return exits.some((e) => {
    for (let p = e.parent; p && p !== body; p = p.parent) if (p.type === "except_clause") return false;
    return true;
  });
}

interface CountBound {
  maxAttempts: number | null;
  note: string;
  timeBound: string | null;
  fromDefault: boolean;
  /** the parameter whose default gave the count (`attempts=4`), when one did */
  param?: string;
}

function countBound(ctx: PyContext, def: SyntaxNode, loop: SyntaxNode, body: SyntaxNode, firstCall: SyntaxNode): CountBound {
  const evalNum = (n: SyntaxNode | null | undefined): number | null => evaluate(ctx, n, def);
  const fromDefault = (n: SyntaxNode | null | undefined) =>
    !!n && n.type === "identifier" && ctx.facts.functions.some((f) => f.span.line === def.startPosition.row + 1 && n.text in f.paramDefaults);

  if (loop.type === "for_statement") {
    const iter = loop.childForFieldName("right");
    if (iter?.type === "call" && ctx.qualifiedName(iter.childForFieldName("function")) === "range") {
      const args = callParts(iter).positional;
      const [a, b] = args.length >= 2 ? [evalNum(args[0]), evalNum(args[1])] : [0, evalNum(args[0])];
      if (a !== null && b !== null) {
        const n = Math.max(0, Math.floor(b - a));
        return { maxAttempts: n, note: `for … in ${iter.text}: ${n} attempts`, timeBound: null, fromDefault: args.some(fromDefault), param: args.find(fromDefault)?.text };
      }
      return { maxAttempts: null, note: `for … in ${iter.text}: count not known statically`, timeBound: null, fromDefault: false };
    }
    const seq = iter?.type === "identifier" ? resolveAssigned(ctx, def, iter.text) : iter;
    if (seq && (seq.type === "list" || seq.type === "tuple")) {
      const n = elements(seq).length;
      return { maxAttempts: n, note: `for … in ${iter!.text} (${n} items): ${n} attempts`, timeBound: null, fromDefault: false };
    }
    return { maxAttempts: null, note: `for … in ${iter?.text ?? "?"}: count not known statically`, timeBound: null, fromDefault: false };
  }

  // while loops: a counter incremented in the body, compared with a bound
  const counters = new Map<string, SyntaxNode>();
  for (const inc of descendants(body, "augmented_assignment", { skipNestedDefs: true })) {
    const left = inc.childForFieldName("left");
    if (left?.type === "identifier" && inc.childForFieldName("operator")?.text === "+=") counters.set(left.text, inc);
  }
  const start = (name: string) => {
    const init = resolveAssigned(ctx, def, name, loop);
    return init ? evalNum(init) ?? 0 : 0;
  };
  const cond = loop.childForFieldName("condition");
  const headCmp = cond ? comparisonWith(cond, counters) : null;
  if (headCmp) {
    const n = evalNum(headCmp.bound);
    if (n === null) return { maxAttempts: null, note: `while ${cond!.text}: count not known statically`, timeBound: null, fromDefault: false };
    const c0 = start(headCmp.counter);
    const attempts = Math.max(0, n - c0 + (headCmp.op === "<=" ? 1 : 0));
    return { maxAttempts: attempts, note: `while ${cond!.text}: ${attempts} attempts`, timeBound: null, fromDefault: fromDefault(headCmp.bound), param: fromDefault(headCmp.bound) ? headCmp.bound.text : undefined };
  }
  for (const check of descendants(body, "if_statement", { skipNestedDefs: true })) {
    const c = check.childForFieldName("condition");
    const cmp = c ? comparisonWith(c, counters) : null;
    if (!cmp || (cmp.op !== ">=" && cmp.op !== ">" && cmp.op !== "==")) continue;
    const n = evalNum(cmp.bound);
    if (n === null) return { maxAttempts: null, note: `${c!.text}: count not known statically`, timeBound: null, fromDefault: false };
    const c0 = start(cmp.counter);
    const posC = firstCall.startIndex;
    const posI = counters.get(cmp.counter)!.startIndex;
    const posK = check.startIndex;
    const adjust = posC < posK && posK < posI ? 1 : posI < posK && posK < posC ? -1 : 0;
    const attempts = Math.max(1, n - c0 + adjust + (cmp.op === ">" ? 1 : 0));
    return { maxAttempts: attempts, note: `stops when ${c!.text}: ${attempts} attempts`, timeBound: null, fromDefault: fromDefault(cmp.bound), param: fromDefault(cmp.bound) ? cmp.bound.text : undefined };
  }
  // a name holding a deadline, not the `timeout=` keyword of the request inside the loop (a
  // per-attempt timeout does not bound the number of attempts)
  const isKeywordName = (n: SyntaxNode) => n.parent?.type === "keyword_argument" && n.parent.childForFieldName("name")?.startIndex === n.startIndex;
  const deadline = descendants(loop, "identifier").find((n) => /deadline|timeout|elapsed/i.test(n.text) && !isKeywordName(n));
  return {
    maxAttempts: null,
    note: deadline ? `no attempt counter; bounded by ${deadline.text} only` : "no attempt counter: the loop retries until it succeeds",
    timeBound: deadline ? deadline.text : null,
    fromDefault: false,
  };
}

interface CounterComparison {
  counter: string;
  /** normalised so the counter is on the left */
  op: "<" | "<=" | ">" | ">=" | "==";
  bound: SyntaxNode;
}

const FLIP: Record<string, CounterComparison["op"]> = { "<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==" };

function comparisonWith(cond: SyntaxNode, counters: Map<string, SyntaxNode>): CounterComparison | null {
  for (const cmp of descendants(cond, "comparison_operator")) {
    const operands = cmp.namedChildren.filter((c): c is SyntaxNode => !!c);
    const opNode = cmp.children.find((c) => c && !c.isNamed);
    const op = opNode?.type;
    if (operands.length !== 2 || !op || !(op in FLIP)) continue;
    const [l, r] = operands as [SyntaxNode, SyntaxNode];
    if (l.type === "identifier" && counters.has(l.text)) return { counter: l.text, op: op as CounterComparison["op"], bound: r };
    if (r.type === "identifier" && counters.has(r.text)) return { counter: r.text, op: FLIP[op]!, bound: l };
  }
  return null;
}

/** The last value assigned to `name` in the function before `before` (or anywhere in it). */
function resolveAssigned(ctx: PyContext, def: SyntaxNode, name: string, before?: SyntaxNode): SyntaxNode | null {
  const found = descendants(def, "assignment", { skipNestedDefs: true }).filter((n) => n.childForFieldName("left")?.text === name)
    .filter((a) => !before || a.startIndex < before.startIndex);
  const last = found[found.length - 1];
  if (last) return last.childForFieldName("right");
  void ctx;
  return null;
}

/** Numbers, names (parameter defaults, module constants) and + - * of them. */
function evaluate(ctx: PyContext, n: SyntaxNode | null | undefined, scope: SyntaxNode): number | null {
  if (!n) return null;
  const direct = numberValue(n) ?? ctx.number(n, scope.childForFieldName("body") ?? scope);
  if (direct !== null) return direct;
  if (n.type === "parenthesized_expression") return evaluate(ctx, n.namedChildren[0], scope);
  if (n.type === "binary_operator") {
    const l = evaluate(ctx, n.childForFieldName("left"), scope);
    const r = evaluate(ctx, n.childForFieldName("right"), scope);
    if (l === null || r === null) return null;
    switch (n.childForFieldName("operator")?.type) {
      case "+": return l + r;
      case "-": return l - r;
      case "*": return l * r;
    }
  }
  return null;
}

function sleepWait(ctx: PyContext, def: SyntaxNode, sleep: SyntaxNode): WaitSpec {
  const arg = callParts(sleep).positional[0] ?? null;
  const shape = delayShape(ctx, def, arg, 0);
  const kind: WaitSpec["kind"] = shape.zero ? "none" : shape.exponential ? "exponential" : shape.random ? "random" : shape.grows ? "linear" : "fixed";
  const seconds = arg ? evaluate(ctx, arg, def) : null;
  return {
    kind,
    jitter: shape.random,
    initialSeconds: seconds,
    maxSeconds: null,
    source: "config",
    description: `sleep(${arg?.text ?? ""})${kind === "fixed" && seconds !== null ? `: fixed ${fmtSeconds(seconds)}` : ""}${shape.random ? ", randomised" : ", no jitter"}`,
  };
}

interface DelayShape {
  random: boolean;
  exponential: boolean;
  grows: boolean;
  zero: boolean;
}

/** Reads the sleep's argument, following local assignments a few levels deep. */
function delayShape(ctx: PyContext, def: SyntaxNode, n: SyntaxNode | null, depth: number): DelayShape {
  const shape: DelayShape = { random: false, exponential: false, grows: false, zero: false };
  if (!n || depth > 3) return shape;
  if (numberValue(n) === 0) return { ...shape, zero: true };
  for (const c of descendants(n, () => true)) {
    if (c.type === "call") {
      const q = ctx.qualifiedName(c.childForFieldName("function")) ?? "";
      if (q.startsWith("random.") || q.startsWith("secrets.") || q.startsWith("numpy.random")) shape.random = true;
      if (q === "pow" || q === "math.pow") shape.exponential = true;
    }
    if (c.type === "binary_operator") {
      const op = c.childForFieldName("operator")?.type;
      if (op === "**" || op === "<<") shape.exponential = true;
      if (op === "*" && descendants(c, "identifier").some((x) => /attempt|retry|retries|tries|i$|n$/.test(x.text))) shape.grows = true;
    }
    if (c.type === "identifier" && c !== n.parent) {
      const assigned = resolveAssigned(ctx, def, c.text);
      if (assigned && assigned !== n) {
        const inner = delayShape(ctx, def, assigned, depth + 1);
        shape.random ||= inner.random;
        shape.exponential ||= inner.exponential;
        shape.grows ||= inner.grows;
      }
      // `delay *= 2` in the function: exponential growth
      const doubled = descendants(def, "augmented_assignment").filter((x) => x.childForFieldName("left")?.text === c.text && x.childForFieldName("operator")?.text === "*=");
      if (doubled.length) shape.exponential = true;
    }
  }
  return shape;
}

function loopCondition(ctx: PyContext, body: SyntaxNode, def: SyntaxNode): RetryCondition {
  const excepts = descendants(body, "except_clause", { skipNestedDefs: true });
  const raisesOnStatus = ctx.facts.functions.some((f) => f.span.line === def.startPosition.row + 1 && f.raisesOnStatus);
  const listed: string[] = [];
  let bareExcept = false;
  for (const ex of excepts) {
    const typeNode = ex.namedChildren.find((c) => c && c.type !== "block" && c.type !== "comment");
    if (!typeNode) {
      bareExcept = true;
      continue;
    }
    const target = typeNode.type === "as_pattern" ? typeNode.namedChildren[0] : typeNode;
    listed.push(...elements(target).map((e) => ctx.qualifiedName(e) ?? e.text));
  }
  const types: string[] | "all" = bareExcept ? "all" : listed;
  const statuses = statusesChecked(ctx, body);
  const base = types === "all" || types.length ? conditionForExceptions(types, raisesOnStatus) : null;
  const retryAfter = descendants(def, "string_content").some((n) => /retry-after/i.test(n.text));
  const permanent4xx = statuses.filter((s) => s >= 400 && s < 500 && ![408, 425, 429].includes(s));
  return {
    allErrors: base?.allErrors ?? false,
    exceptionTypes: base?.exceptionTypes ?? [],
    statuses,
    retryOn: [],
    afterSendMethods: base?.afterSendMethods === "all" || statuses.length ? "all" : [],
    permanentErrors: base?.permanentErrors ?? (permanent4xx.length ? `it retries status ${permanent4xx.join(", ")}` : null),
    // Retry-After is mandatory for 429 and optional for 503 (RFC 9110 §10.2.3): judge loops on 429
    honoursRetryAfter: statuses.includes(429) ? retryAfter : null,
    description: [base?.description, statuses.length ? `statuses ${statuses.join(", ")}` : null].filter(Boolean).join("; ") || "loop condition",
  };
}

/** Statuses compared against `x.status_code` / `x.status` in the loop: `in {502, 503}`, `== 503`, `>= 500`. */
function statusesChecked(ctx: PyContext, body: SyntaxNode): number[] {
  const out = new Set<number>();
  for (const cmp of descendants(body, "comparison_operator", { skipNestedDefs: true })) {
    const operands = cmp.namedChildren.filter((c): c is SyntaxNode => !!c);
    const statusSide = operands.findIndex((o) => /(^|\.)(status_code|status)$/.test(o.text));
    if (statusSide < 0) continue;
    const other = operands[1 - statusSide];
    const op = cmp.children.filter((c) => c && !c.isNamed).map((c) => c!.type).join(" ");
    let values: SyntaxNode[] = [];
    if (other?.type === "identifier") {
      const node = descendants(ctx.tree.rootNode, "assignment").find((n) => n.childForFieldName("left")?.text === other.text)?.childForFieldName("right");
      values = node ? elements(node) : [];
    } else if (other) values = elements(other);
    const nums = values.map((v) => numberValue(v)).filter((v): v is number => v !== null);
    // `>= 500` retries from the bound up; `< 500: return` means everything from 500 is retried
    if (op.includes(">") || (op.includes("<") && !op.includes("in"))) {
      const lo = Math.max(nums[0] ?? 500, 400);
      for (let s = lo; s <= 599; s++) out.add(s);
    } else for (const v of nums) if (v >= 400) out.add(v);
  }
  return [...out].sort((a, b) => a - b);
}

function enclosingCallText(n: SyntaxNode): string {
  for (let p: SyntaxNode | null = n; p; p = p.parent) if (p.type === "call") return p.text.slice(0, 60);
  return n.text;
}
