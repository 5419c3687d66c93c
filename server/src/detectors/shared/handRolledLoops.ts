/**
 * Hand-rolled retry loops for the brace languages (Java, Kotlin, C#), written once over a small
 * per-grammar "dialect" that says which nodes are loops, calls, exits, catches, increments and
 * comparisons. The semantics are those of the Python detector (`python/retryLoop.ts`): a loop is
 * a retry layer when it (1) calls something, (2) sleeps, and (3) leaves the loop on success (a
 * `return`/`break` outside a `catch`); a worker loop that keeps going after a success, a
 * pagination loop feeding each answer into the next call, and a loop that only sleeps are not.
 * The count comes from the loop header (`for (i = 0; i < N; i++)`, `for (x in 1..N)`,
 * `repeat(N)`, a literal list of delays) or from a counter compared with a bound — in the
 * `while` condition, or in an `if` inside the body, where the order of call, increment and check
 * decides ±1. A loop that retries a functional parameter makes its function a retry helper.
 */
import type { LayerAttachment, LayerFact, RetryCondition, SourceSpan, WaitSpec } from "../../model/facts";
import { descendants } from "../../parsing/python";
import { nodeSpan, type SyntaxNode } from "../../parsing/treeSitter";
import { fmtSeconds } from "../python/waits";

export type CmpOp = "<" | "<=" | ">" | ">=" | "==" | "!=";

/** What the loop header says about the number of iterations. */
export type LoopHeader =
  /** `for (x in lo..hi)`, `repeat(N)` (lo 0, exclusive), `lo until hi` */
  | { kind: "range"; body: SyntaxNode; lo: SyntaxNode | number; hi: SyntaxNode; inclusive: boolean; text: string; variable?: string | null }
  /** `for (d : DELAYS)`, `foreach (var d in new[] {…})`: the iterated expression */
  | { kind: "items"; body: SyntaxNode; iterable: SyntaxNode | null; text: string; variable: string | null }
  /** while / do-while / classic for: condition (null = none), init `i = 0`, updates run after the body */
  | { kind: "cond"; body: SyntaxNode; cond: SyntaxNode | null; doWhile: boolean; init: Array<{ name: string; value: SyntaxNode | null }>; updates: SyntaxNode[] };

export interface CallInfo {
  /** dotted callee as written: `Thread.sleep`, `rest.getForObject`, `block` */
  name: string;
  /** method name: `sleep`, `getForObject`, `block` */
  method: string;
  /** a plain identifier receiver (`op` in `op.get()`), or null */
  receiver: string | null;
  /** a bare call (`block()`, `op()`): the callee identifier */
  bare: string | null;
  args: SyntaxNode[];
}

export interface Caught {
  /** exception types as written; [] with all=true for a bare `catch` */
  types: string[];
  all: boolean;
  /** C# `when (…)` filter text and node */
  filter: string | null;
  filterNode?: SyntaxNode | null;
  body: SyntaxNode | null;
}

export interface LoopDialect {
  loopTypes: readonly string[];
  /** nodes whose insides are not the loop's own code (lambdas, local functions and classes) */
  scopeTypes: ReadonlySet<string>;
  callTypes: readonly string[];
  exitTypes: readonly string[];
  catchTypes: readonly string[];
  /** statements whose calls are not retried: finally blocks, throw expressions */
  notRetriedTypes: readonly string[];
  ifTypes: readonly string[];
  incrementTypes: readonly string[];
  comparisonTypes: readonly string[];
  assignmentTypes: readonly string[];
  header(loop: SyntaxNode): LoopHeader | null;
  call(n: SyntaxNode): CallInfo | null;
  /** a sleep call: its delay argument and the seconds one unit of it stands for */
  sleep(call: CallInfo, n: SyntaxNode): { arg: SyntaxNode | null; unitSeconds: number } | null;
  /** bookkeeping calls that are not the operation being retried (logging, maths, clocks) */
  bookkeeping(call: CallInfo): boolean;
  exit(n: SyntaxNode): { kind: "return" | "break" | "continue" | "throw"; label: string | null } | null;
  caught(n: SyntaxNode): Caught;
  ifCondition(n: SyntaxNode): SyntaxNode | null;
  /** `i++`, `++i`, `i += 1`, `i = i + 1`, `i--` → the counter, whether it changes before its value is read, and the step */
  increment(n: SyntaxNode): { name: string; prefix: boolean; step: 1 | -1 } | null;
  comparison(n: SyntaxNode): { left: SyntaxNode; op: CmpOp; right: SyntaxNode } | null;
  /** `x = e`, `x *= e` → name, operator, right side */
  assignment(n: SyntaxNode): { name: string; op: string; right: SyntaxNode } | null;
  /** an identifier (`this.` dropped) */
  name(n: SyntaxNode): string | null;
  number(n: SyntaxNode): number | null;
  binary(n: SyntaxNode): { op: string; left: SyntaxNode; right: SyntaxNode } | null;
  /** parentheses, casts, `.toLong()`: the inner expression, or null */
  unwrap(n: SyntaxNode): SyntaxNode | null;
  /** the items of a literal collection (`List.of(a, b)`, `new[] {a, b}`, `listOf(a, b)`), or null */
  items(n: SyntaxNode): SyntaxNode[] | null;
  /** the initializer of a local, field or constant named `name` visible at `at` */
  resolve(name: string, at: SyntaxNode): SyntaxNode | null;
  /** the default of parameter `name` of the function around `at` (Kotlin, C#) */
  paramDefault(name: string, at: SyntaxNode): SyntaxNode | null;
  /** methods that run a functional parameter: `get`, `call`, `apply`, `Invoke`… */
  invokeMethods: ReadonlySet<string>;
  /** exception types meaning "every exception" */
  everyException: ReadonlySet<string>;
  /** exception types that include HTTP 4xx responses (RestClientException, …) */
  statusExceptions: ReadonlySet<string>;
  /** exception types that include 4xx when the function raises on status (C# HttpRequestException after EnsureSuccessStatusCode) */
  raisedOnStatus: ReadonlySet<string>;
  binaryTypes: readonly string[];
  /** exception types raised only before the request is sent */
  connectOnly: ReadonlySet<string>;
}

/** What the language detector knows about the function around a loop. */
export interface LoopScope {
  functionId: string;
  /** the function (or enclosing lambda/function) declaring parameter `name`, and its index */
  param(name: string): { functionId: string; index: number } | null;
  label: string;
  /** the function raises on 4xx/5xx (C# EnsureSuccessStatusCode) */
  raisesOnStatus: boolean;
  /** the function's node (Retry-After and assignment lookups) */
  node: SyntaxNode;
}

export interface LoopHost {
  dialect: LoopDialect;
  scopeOf(loop: SyntaxNode): LoopScope | null;
  /** CallFact ids of call nodes (unknown calls are dropped) */
  callId(n: SyntaxNode): string | undefined;
  nextId(span: SourceSpan): string;
  layers: LayerFact[];
  problems: Array<{ line: number; message: string }>;
}

const BUDGET_WORDS = /budget|bucket|throttl|quota/i;
const RANDOM_NAMES = /^(Random|ThreadLocalRandom|SecureRandom|random|rnd|rng|jitter|nextInt|nextLong|nextDouble|NextDouble|NextInt64|Next)$/;

/** Detects the retry loops of a file; the layers come out in document order (an outer loop before an inner one). */
export function detectHandRolledLoops(host: LoopHost, root: SyntaxNode): void {
  const d = host.dialect;
  for (const loop of descendants(root, [...d.loopTypes])) {
    try {
      const layer = analyzeLoop(host, loop);
      if (layer) host.layers.push(layer);
    } catch (err) {
      host.problems.push({ line: loop.startPosition.row + 1, message: `retry-loop detector: ${(err as Error).message}` });
    }
  }
}

const inside = (n: SyntaxNode, outer: SyntaxNode) => n.startIndex >= outer.startIndex && n.endIndex <= outer.endIndex;

/** Nodes of `types` in `body` that belong to the loop's own code (not nested lambdas or classes). */
function own(d: LoopDialect, body: SyntaxNode, types: readonly string[]): SyntaxNode[] {
  const scopes = descendants(body, [...d.scopeTypes]).filter((s) => s.id !== body.id);
  return descendants(body, [...types]).filter((n) => !scopes.some((s) => s.id !== n.id && inside(n, s)));
}

function within(n: SyntaxNode, types: readonly string[], stop: SyntaxNode): SyntaxNode | null {
  for (let p = n.parent; p && p.id !== stop.id; p = p.parent) if (types.includes(p.type)) return p;
  return null;
}

function analyzeLoop(host: LoopHost, loop: SyntaxNode): LayerFact | null {
  const d = host.dialect;
  const header = d.header(loop);
  if (!header) return null;
  const body = header.body;
  const scope = host.scopeOf(loop);
  if (!scope) return null;
  // an inner retry loop's calls and sleeps are the outer loop's too: an outer loop that also
  // leaves on success retries the whole inner loop (3 × 2 attempts), as in the Python detector
  const calls = own(d, body, d.callTypes)
    .map((n) => ({ n, c: d.call(n) }))
    .filter((x): x is { n: SyntaxNode; c: CallInfo } => x.c !== null);
  const sleeps = calls.map((x) => ({ ...x, s: d.sleep(x.c, x.n) })).filter((x) => x.s !== null);
  if (sleeps.length === 0) return null;
  const retried = calls.filter((x) => {
    if (sleeps.some((s) => s.n.id === x.n.id) || d.bookkeeping(x.c) || BUDGET_WORDS.test(x.c.name)) return false;
    if (within(x.n, d.catchTypes, body) || within(x.n, d.notRetriedTypes, body)) return false;
    // the sleep's own argument (`Duration.ofMillis(…)`, `rnd.nextLong(…)`) is bookkeeping
    return !sleeps.some((s) => inside(x.n, s.n));
  });
  if (retried.length === 0) return null;
  const exits = own(d, body, d.exitTypes).map((n) => ({ n, e: d.exit(n) })).filter((x) => x.e !== null);
  if (!leavesOnSuccess(d, loop, body, exits, scope.label)) return null;
  const catches = own(d, body, d.catchTypes).map((n) => ({ n, c: d.caught(n) }));
  const retryingCatches = catches.filter((x) => !rethrows(d, x.c));
  // the loop's own variable (an item, an index, a counter of the header) passed to the call
  const headerNames = [
    header.kind !== "cond" ? (header.variable ?? null) : null,
    ...(header.kind === "cond" ? header.updates.map((u) => d.increment(u)?.name ?? null) : []),
  ].filter((x): x is string => !!x);
  if (!retryingCatches.length && isPagination(d, body, retried, headerNames)) return null;

  const bound = countBound(d, loop, header, body, retried[0]!.n, retried);
  const condition = loopCondition(d, body, scope, retryingCatches.map((x) => x.c));
  const delays = header.kind === "items" ? delayList(d, header, sleeps[0]!.s!, loop) : null;
  const wait = delays ?? sleepWait(d, scope, sleeps[0]!.s!, sleeps[0]!.n, bound.counter);
  const budgetName = descendants(body, "identifier").find((n) => BUDGET_WORDS.test(n.text));

  const paramCall = retried.find((x) => {
    if (x.c.bare && scope.param(x.c.bare)) return true;
    return !!x.c.receiver && !!scope.param(x.c.receiver) && d.invokeMethods.has(x.c.method);
  });
  const paramName = paramCall ? (paramCall.c.bare ?? paramCall.c.receiver!) : null;
  const param = paramName ? scope.param(paramName) : null;
  const attach: LayerAttachment = param
    ? { kind: "helper", functionId: param.functionId, paramIndex: param.index, paramName: paramName! }
    : {
        kind: "block",
        functionId: scope.functionId,
        callIds: [...new Set(retried.map((x) => host.callId(x.n)).filter((id): id is string => !!id))],
      };
  const anchor = nodeSpan(loop);
  return {
    localId: host.nextId(anchor),
    kind: "retry-loop",
    category: "code",
    library: "hand-rolled",
    anchor,
    maxAttempts: bound.maxAttempts,
    attemptsSource: bound.fromDefault ? "default" : "config",
    attemptsNote: bound.note,
    timeBound: bound.maxAttempts === null ? bound.timeBound : null,
    ...(bound.countUnknown ? { countUnknown: true } : {}),
    wait,
    condition,
    budget: budgetName ? `token bucket (${budgetName.text})` : null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach,
    label: scope.label,
  };
}

/**
 * A `return`, or a `break` of this loop, outside a `catch`. `continue` and labelled returns to a
 * Kotlin lambda (`return@repeat`) go round again; a `break` of an inner loop stays inside.
 */
function leavesOnSuccess(d: LoopDialect, loop: SyntaxNode, body: SyntaxNode, exits: Array<{ n: SyntaxNode; e: ReturnType<LoopDialect["exit"]> }>, fnName: string): boolean {
  return exits.some(({ n, e }) => {
    if (!e || e.kind === "continue" || e.kind === "throw") return false;
    if (within(n, d.catchTypes, body)) return false;
    // Kotlin `return@repeat` / `return@forEach` ends one lambda run: the loop goes on
    if (e.kind === "return") return e.label === null || e.label === fnName;
    if (e.label) return true;
    // an unlabelled break leaves its innermost loop only
    for (let p = n.parent; p && p.id !== loop.id; p = p.parent) if (d.loopTypes.includes(p.type) && d.header(p)) return false;
    return true;
  });
}

/** A catch that rethrows or returns straight away does not retry what it catches. */
function rethrows(d: LoopDialect, c: Caught): boolean {
  const stmts = c.body?.namedChildren.filter((x): x is SyntaxNode => !!x) ?? [];
  return stmts.some((s) => {
    const target = s.type === "expression_statement" ? s.namedChildren[0] : s;
    const e = target ? d.exit(target) : null;
    return e?.kind === "throw" || e?.kind === "return";
  });
}

/** Each answer feeds the next call (a page token, a page number), or each pass hands the call the next item or index: iteration, not retry. */
function isPagination(d: LoopDialect, body: SyntaxNode, retried: Array<{ n: SyntaxNode; c: CallInfo }>, headerNames: string[]): boolean {
  const argNames = new Set<string>();
  for (const r of retried) for (const a of r.c.args) for (const id of descendants(a, "identifier")) argNames.add(id.text);
  if (!argNames.size) return false;
  const changed = own(d, body, [...d.assignmentTypes, ...d.incrementTypes]).map((n) => d.assignment(n)?.name ?? d.increment(n)?.name).filter((x): x is string => !!x);
  return [...changed, ...headerNames].some((name) => argNames.has(name));
}

interface CountBound {
  maxAttempts: number | null;
  note: string;
  timeBound: string | null;
  fromDefault: boolean;
  countUnknown: boolean;
  counter: string | null;
}

const unknown = (note: string, counter: string | null = null): CountBound => ({ maxAttempts: null, note, timeBound: null, fromDefault: false, countUnknown: true, counter });

function countBound(d: LoopDialect, loop: SyntaxNode, header: LoopHeader, body: SyntaxNode, firstCall: SyntaxNode, retried: Array<{ n: SyntaxNode; c: CallInfo }>): CountBound {
  const ev = (n: SyntaxNode | number | null | undefined) => (typeof n === "number" ? { value: n, fromDefault: false } : evaluate(d, n ?? null, loop, 0));
  const finalTry = finalAttemptAfter(d, loop, retried);
  const withFinal = (b: CountBound): CountBound =>
    finalTry && b.maxAttempts !== null ? { ...b, maxAttempts: b.maxAttempts + 1, note: `${b.note} + 1 final attempt after the loop` } : b;
  if (header.kind === "range") {
    const lo = ev(header.lo);
    const hi = ev(header.hi);
    if (!lo || !hi) return unknown(`${header.text}: count not known statically`);
    const n = Math.max(0, Math.floor(hi.value - lo.value + (header.inclusive ? 1 : 0)));
    return withFinal({ maxAttempts: n, note: `${header.text}: ${n} attempts`, timeBound: null, fromDefault: lo.fromDefault || hi.fromDefault, countUnknown: false, counter: null });
  }
  if (header.kind === "items") {
    const items = itemsOf(d, header.iterable, loop, 0);
    if (!items) return unknown(`${header.text}: count not known statically`);
    return withFinal({ maxAttempts: items.length, note: `${header.text} (${items.length} items): ${items.length} attempts`, timeBound: null, fromDefault: false, countUnknown: false, counter: null });
  }
  // counters: changed by ±1 in the body, the header's update clause, or the condition itself
  const incs = new Map<string, { pos: number; step: 1 | -1 }>();
  for (const n of own(d, body, d.incrementTypes)) {
    const inc = d.increment(n);
    if (inc && !incs.has(inc.name)) incs.set(inc.name, { pos: n.startIndex, step: inc.step });
  }
  for (const u of header.updates) {
    const inc = d.increment(u);
    if (inc && !incs.has(inc.name)) incs.set(inc.name, { pos: body.endIndex, step: inc.step });
  }
  const condIncs = new Map<string, { prefix: boolean; step: 1 | -1 }>();
  if (header.cond) for (const n of descendants(header.cond, [...d.incrementTypes])) {
    const inc = d.increment(n);
    if (inc) condIncs.set(inc.name, inc);
  }
  const start = (name: string): { value: number; fromDefault: boolean } | null => {
    const init = header.init.find((i) => i.name === name);
    if (init) return init.value ? ev(init.value) : null;
    const resolved = d.resolve(name, loop);
    return resolved ? ev(resolved) : { value: 0, fromDefault: false };
  };
  const isCounter = (name: string) => incs.has(name) || condIncs.has(name);
  const stepOf = (name: string) => condIncs.get(name)?.step ?? incs.get(name)?.step ?? 1;
  const cmpOf = (cond: SyntaxNode) => counterComparison(d, cond, isCounter);
  if (header.cond) {
    const cmp = cmpOf(header.cond);
    const step = cmp ? stepOf(cmp.counter) : 1;
    // counting up: `i < n`, `i <= n`; counting down: `retries-- > 0`, `i >= 1`
    if (cmp && (step > 0 ? cmp.op === "<" || cmp.op === "<=" : cmp.op === ">" || cmp.op === ">=")) {
      const what = `${loopWord(header)} (${header.cond.text.replace(/^\((.*)\)$/s, "$1")})`;
      const n = ev(cmp.bound);
      const c0 = start(cmp.counter);
      if (!n || !c0) return unknown(`${what}: count not known statically`, cmp.counter);
      // `++attempt < max` counts before comparing: one pass fewer
      const early = condIncs.get(cmp.counter)?.prefix ? 1 : 0;
      const dist = step > 0 ? n.value - c0.value : c0.value - n.value;
      // do … while checks after the body: a counter that moves only in the condition allows one more pass
      const late = header.doWhile && condIncs.has(cmp.counter) ? 1 : 0;
      const attempts = Math.max(header.doWhile ? 1 : 0, dist + (cmp.op.length === 2 ? 1 : 0) - early + late);
      return withFinal({ maxAttempts: attempts, note: `${what}: ${attempts} attempts`, timeBound: null, fromDefault: n.fromDefault || c0.fromDefault, countUnknown: false, counter: cmp.counter });
    }
    if (!cmp && !isTrue(d, header.cond)) {
      // a condition on something else (a deadline, a flag): not counted by attempts
      const deadline = descendants(header.cond, "identifier").find((n) => /deadline|timeout|elapsed|until|expir/i.test(n.text));
      if (deadline) return { maxAttempts: null, note: `no attempt counter; bounded by ${deadline.text} only`, timeBound: deadline.text, fromDefault: false, countUnknown: false, counter: null };
    }
  }
  // checks that give up: `if (attempt >= max) throw`, and C# `catch … when (++attempt < max)`, which retries while true
  const checks = [
    ...own(d, body, d.ifTypes).map((n) => ({ check: n, c: d.ifCondition(n), negate: false })),
    ...own(d, body, d.catchTypes).map((n) => d.caught(n).filterNode ?? null).filter((n): n is SyntaxNode => !!n).map((n) => ({ check: n, c: n, negate: true })),
  ].sort((a, b) => a.check.startIndex - b.check.startIndex);
  for (const { check, c, negate } of checks) {
    const found = c ? cmpOf(c) : null;
    const cmp = found && negate ? { ...found, op: NEGATE[found.op] } : found;
    if (!cmp) continue;
    const step = stepOf(cmp.counter);
    // the check that gives up: `attempt >= max` counting up, `retries <= 0` counting down
    if (!(cmp.op === "==" || (step > 0 ? cmp.op === ">=" || cmp.op === ">" : cmp.op === "<=" || cmp.op === "<"))) continue;
    const n = ev(cmp.bound);
    const c0 = start(cmp.counter);
    if (!n || !c0) return unknown(`${c!.text}: count not known statically`, cmp.counter);
    const posC = firstCall.startIndex;
    const posK = check.startIndex;
    const inCond = descendants(c!, [...d.incrementTypes]).map((x) => d.increment(x)).find((x) => x?.name === cmp.counter);
    // `if (++attempt >= max)` counts just before the check, `attempt++ >= max` just after it
    const posI = inCond ? posK + (inCond.prefix ? -0.5 : 0.5) : (incs.get(cmp.counter)?.pos ?? Infinity);
    const adjust = posC < posK && posK < posI ? 1 : posI < posK && posK < posC ? -1 : 0;
    const dist = step > 0 ? n.value - c0.value : c0.value - n.value;
    const attempts = Math.max(1, dist + adjust + (cmp.op.length === 1 ? 1 : 0));
    return withFinal({ maxAttempts: attempts, note: `${negate ? "retries while" : "stops when"} ${c!.text}: ${attempts} attempts`, timeBound: null, fromDefault: n.fromDefault || c0.fromDefault, countUnknown: false, counter: cmp.counter });
  }
  const conds = [header.cond, ...own(d, body, d.ifTypes).map((i) => d.ifCondition(i))].filter((x): x is SyntaxNode => !!x);
  const deadline = conds.flatMap((c) => descendants(c, "identifier")).find((n) => /deadline|timeout|elapsed|expir/i.test(n.text));
  return {
    maxAttempts: null,
    note: deadline ? `no attempt counter; bounded by ${deadline.text} only` : "no attempt counter: the loop retries until it succeeds",
    timeBound: deadline ? deadline.text : null,
    fromDefault: false,
    countUnknown: false,
    counter: null,
  };
}

function loopWord(h: LoopHeader): string {
  return h.kind === "cond" && h.doWhile ? "do … while" : h.kind === "cond" && h.updates.length ? "for" : "while";
}

function isTrue(d: LoopDialect, n: SyntaxNode): boolean {
  const inner = d.unwrap(n) ?? n;
  return inner.text === "true";
}

/** The Kotlin idiom `repeat(n - 1) { try { return block() } catch … }; return block()`: one more attempt after the loop. */
function finalAttemptAfter(d: LoopDialect, loop: SyntaxNode, retried: Array<{ n: SyntaxNode; c: CallInfo }>): boolean {
  let stmt: SyntaxNode | null = loop;
  while (stmt?.parent && stmt.parent.type !== "block" && stmt.parent.type !== "statements" && !stmt.nextNamedSibling) stmt = stmt.parent;
  const next = stmt?.nextNamedSibling;
  if (!next) return false;
  const e = d.exit(next) ?? (next.namedChildren[0] ? d.exit(next.namedChildren[0]) : null);
  if (e?.kind !== "return") return false;
  const names = new Set(retried.map((r) => r.c.name));
  return descendants(next, [...d.callTypes]).some((c) => names.has(d.call(c)?.name ?? "\0"));
}

interface CounterComparison {
  counter: string;
  /** normalised so the counter is on the left */
  op: CmpOp;
  bound: SyntaxNode;
}

const NEGATE: Record<CmpOp, CmpOp> = { "<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "==" };
const FLIP: Record<CmpOp, CmpOp> = { "<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!=" };

function counterComparison(d: LoopDialect, cond: SyntaxNode, isCounter: (name: string) => boolean): CounterComparison | null {
  for (const n of descendants(cond, [...d.comparisonTypes])) {
    const cmp = d.comparison(n);
    if (!cmp) continue;
    const side = (x: SyntaxNode) => {
      const inner = d.unwrap(x) ?? x;
      return d.name(inner) ?? d.increment(inner)?.name ?? null;
    };
    const l = side(cmp.left);
    const r = side(cmp.right);
    if (l && isCounter(l)) return { counter: l, op: cmp.op, bound: cmp.right };
    if (r && isCounter(r)) return { counter: r, op: FLIP[cmp.op], bound: cmp.left };
  }
  return null;
}

/** Numbers, names (locals, constants, parameter defaults) and + - * / of them. */
export function evaluate(d: LoopDialect, n: SyntaxNode | null, at: SyntaxNode, depth: number): { value: number; fromDefault: boolean } | null {
  if (!n || depth > 6) return null;
  const num = d.number(n);
  if (num !== null) return { value: num, fromDefault: false };
  const inner = d.unwrap(n);
  if (inner) return evaluate(d, inner, at, depth + 1);
  const name = d.name(n);
  if (name) {
    const v = d.resolve(name, at);
    if (v) return evaluate(d, v, at, depth + 1);
    const def = d.paramDefault(name, at);
    const r = def ? evaluate(d, def, at, depth + 1) : null;
    return r ? { value: r.value, fromDefault: true } : null;
  }
  const b = d.binary(n);
  if (b) {
    const l = evaluate(d, b.left, at, depth + 1);
    const r = evaluate(d, b.right, at, depth + 1);
    if (!l || !r) return null;
    const fromDefault = l.fromDefault || r.fromDefault;
    switch (b.op) {
      case "+": return { value: l.value + r.value, fromDefault };
      case "-": return { value: l.value - r.value, fromDefault };
      case "*": return { value: l.value * r.value, fromDefault };
      case "/": return r.value ? { value: l.value / r.value, fromDefault } : null;
    }
  }
  return null;
}

function itemsOf(d: LoopDialect, n: SyntaxNode | null, at: SyntaxNode, depth: number): SyntaxNode[] | null {
  if (!n || depth > 3) return null;
  const items = d.items(n);
  if (items) return items;
  const name = d.name(n);
  const v = name ? d.resolve(name, at) : null;
  return v ? itemsOf(d, v, at, depth + 1) : null;
}

/* ------------------------------------------------------------------------------- waits */

function sleepWait(d: LoopDialect, scope: LoopScope, sleep: { arg: SyntaxNode | null; unitSeconds: number }, call: SyntaxNode, counter: string | null): WaitSpec {
  const arg = sleep.arg;
  const shape = delayShape(d, scope, arg, call, counter, 0);
  const kind: WaitSpec["kind"] = shape.zero ? "none" : shape.exponential ? "exponential" : shape.random ? "random" : shape.grows ? "linear" : "fixed";
  let value = arg ? evaluate(d, arg, call, 0)?.value ?? null : null;
  // a delay variable that grows: its first value
  if (value === null && arg) {
    const name = d.name(d.unwrap(arg) ?? arg);
    const init = name ? d.resolve(name, call) : null;
    if (init) value = evaluate(d, init, call, 0)?.value ?? null;
  }
  const seconds = value === null ? null : value * sleep.unitSeconds;
  const text = call.text.replace(/\s+/g, " ").slice(0, 80);
  return {
    kind,
    jitter: shape.random,
    initialSeconds: seconds,
    maxSeconds: kind === "fixed" ? seconds : null,
    source: "config",
    description: `${text}${kind === "fixed" && seconds !== null ? `: fixed ${fmtSeconds(seconds)}` : kind === "exponential" ? ": exponential" : kind === "linear" ? ": linear" : ""}${shape.random ? ", randomised" : ", no jitter"}`,
  };
}

/** `for (d : DELAYS) { …; sleep(d) }`: the waits are the listed values. */
function delayList(d: LoopDialect, header: Extract<LoopHeader, { kind: "items" }>, sleep: { arg: SyntaxNode | null; unitSeconds: number }, loop: SyntaxNode): WaitSpec | null {
  const arg = sleep.arg ? (d.unwrap(sleep.arg) ?? sleep.arg) : null;
  if (!arg || !header.variable || d.name(arg) !== header.variable) return null;
  const values = (itemsOf(d, header.iterable, loop, 0) ?? []).map((i) => evaluate(d, i, loop, 0)?.value ?? null);
  if (!values.length || values.some((v) => v === null)) return null;
  const secs = (values as number[]).map((v) => v * sleep.unitSeconds);
  const grows = secs.every((v, i) => i === 0 || v > secs[i - 1]!);
  const doubles = grows && secs.length > 1 && secs.every((v, i) => i === 0 || v >= 1.9 * secs[i - 1]!);
  const kind: WaitSpec["kind"] = secs.every((v) => v === 0) ? "none" : doubles ? "exponential" : grows ? "linear" : secs.every((v) => v === secs[0]) ? "fixed" : "custom";
  return {
    kind,
    jitter: false,
    initialSeconds: secs[0]!,
    maxSeconds: Math.max(...secs),
    source: "config",
    description: `delays ${secs.map((v) => fmtSeconds(v)).join(", ")} from the list, no jitter`,
  };
}

interface DelayShape {
  random: boolean;
  exponential: boolean;
  grows: boolean;
  zero: boolean;
}

/** Reads the sleep's argument, following local assignments a few levels deep. */
function delayShape(d: LoopDialect, scope: LoopScope, n: SyntaxNode | null, at: SyntaxNode, counter: string | null, depth: number): DelayShape {
  const shape: DelayShape = { random: false, exponential: false, grows: false, zero: false };
  if (!n || depth > 3) return shape;
  if (evaluate(d, n, at, 0)?.value === 0 && depth === 0) return { ...shape, zero: true };
  const idents = descendants(n, ["identifier", "type_identifier"]);
  if (idents.some((i) => RANDOM_NAMES.test(i.text)) || /Math\.random\(|Random\./.test(n.text)) shape.random = true;
  if (idents.some((i) => /^(pow|Pow|shl|ScaleB)$/.test(i.text))) shape.exponential = true;
  for (const b of descendants(n, [...d.binaryTypes])) {
    const x = d.binary(b);
    if (!x) continue;
    if (x.op === "<<") shape.exponential = true;
    if (x.op === "*") {
      const names = [x.left, x.right].flatMap((s) => descendants(s, "identifier")).map((i) => i.text);
      if (names.some((t) => t === counter || /attempt|retry|retries|tries|^i$|^n$|^it$/i.test(t))) shape.grows = true;
    }
  }
  for (const id of idents) {
    if (id.text === counter) continue;
    const assigned = depth < 3 ? d.resolve(id.text, at) : null;
    if (assigned && !inside(assigned, n) && !inside(n, assigned)) {
      const inner = delayShape(d, scope, assigned, at, counter, depth + 1);
      shape.random ||= inner.random;
      shape.exponential ||= inner.exponential;
      shape.grows ||= inner.grows;
    }
    // `delay *= 2`, `delay = Math.min(delay * 2, max)`, `currentDelay = (currentDelay * factor).toLong()`
    for (const a of descendants(scope.node, [...d.assignmentTypes])) {
      const as = d.assignment(a);
      if (!as || as.name !== id.text) continue;
      if (as.op === "*=" || as.op === "<<=") shape.exponential = true;
      if (as.op === "=" || as.op === "+=") {
        for (const b of descendants(as.right, [...d.binaryTypes])) {
          const x = d.binary(b);
          if (x?.op === "*" && [x.left, x.right].some((s) => d.name(d.unwrap(s) ?? s) === id.text)) shape.exponential = true;
        }
        const inner = delayShape(d, scope, as.right, at, counter, depth + 1);
        shape.random ||= inner.random;
      }
    }
  }
  return shape;
}

/* --------------------------------------------------------------------------- conditions */

const STATUS_NAMES: Record<string, number> = {
  RequestTimeout: 408, REQUEST_TIMEOUT: 408, TooManyRequests: 429, TOO_MANY_REQUESTS: 429,
  InternalServerError: 500, INTERNAL_SERVER_ERROR: 500, BadGateway: 502, BAD_GATEWAY: 502,
  ServiceUnavailable: 503, SERVICE_UNAVAILABLE: 503, GatewayTimeout: 504, GATEWAY_TIMEOUT: 504,
  Conflict: 409, CONFLICT: 409, NotFound: 404, NOT_FOUND: 404, BadRequest: 400, BAD_REQUEST: 400,
};

function loopCondition(d: LoopDialect, body: SyntaxNode, scope: LoopScope, catches: Caught[]): RetryCondition {
  const listed = catches.flatMap((c) => c.types);
  const simple = (t: string) => t.slice(t.lastIndexOf(".") + 1);
  // a `when (…)` filter narrows what is retried to something only the filter knows
  // (a filter that only counts attempts, `when (++attempt < max)`, narrows nothing)
  const narrows = (c: Caught) => !!c.filter && /\bis\b|\.|\w\(/.test(c.filter);
  const all = catches.some((c) => !narrows(c) && (c.all || c.types.some((t) => d.everyException.has(simple(t)))));
  const statuses = statusesChecked(d, body);
  const statusBase = catches.filter((c) => !narrows(c)).flatMap((c) => c.types).find((t) => d.statusExceptions.has(simple(t)) || (scope.raisesOnStatus && d.raisedOnStatus.has(simple(t))));
  const connectOnly = !all && listed.length > 0 && listed.every((t) => d.connectOnly.has(simple(t)));
  const permanent4xx = statuses.filter((s) => s >= 400 && s < 500 && ![408, 425, 429].includes(s));
  let permanentErrors: string | null = null;
  if (all) permanentErrors = "it retries every exception, including errors that will fail the same way again (bad requests, bugs)";
  else if (statusBase) permanentErrors = `it retries ${statusBase}, which includes 4xx responses that will fail the same way again`;
  else if (permanent4xx.length) permanentErrors = `it retries status ${statusRanges(permanent4xx)}, which will fail the same way again`;
  const retryAfter = /retry-?after/i.test(scope.node.text);
  const caughtText = catches.length
    ? `catch ${catches.map((c) => (c.all ? "(every exception)" : c.types.join(" | ")) + (c.filter ? ` when ${c.filter.slice(0, 40)}` : "")).join("; catch ")}`
    : null;
  return {
    allErrors: all,
    exceptionTypes: listed,
    statuses,
    retryOn: [],
    // only connect errors caught and no response checked: the request never left; a loop without
    // a catch retries after a response came back
    afterSendMethods: connectOnly && !statuses.length ? [] : "all",
    permanentErrors,
    // Retry-After is mandatory for 429 and optional for 503 (RFC 9110 §10.2.3): judge loops on 429
    honoursRetryAfter: statuses.includes(429) ? retryAfter : null,
    description: [caughtText, statuses.length ? `statuses ${statusRanges(statuses)}` : null].filter(Boolean).join("; ") || "loop condition",
  };
}

/** Statuses compared with a status expression in the loop: `== 503`, `>= 500`, `HttpStatusCode.TooManyRequests`. */
function statusesChecked(d: LoopDialect, body: SyntaxNode): number[] {
  const out = new Set<number>();
  for (const n of own(d, body, d.comparisonTypes)) {
    const cmp = d.comparison(n);
    if (!cmp) continue;
    const isStatus = (x: SyntaxNode) => /status|\bcode\b/i.test(x.text) && !/^\d+$/.test(x.text);
    const statusSide = isStatus(cmp.left) ? cmp.right : isStatus(cmp.right) ? cmp.left : null;
    if (!statusSide) continue;
    const named = /(\w+)$/.exec(statusSide.text)?.[1] ?? "";
    const value = d.number(d.unwrap(statusSide) ?? statusSide) ?? STATUS_NAMES[named] ?? null;
    if (value === null || value < 100 || value > 599) continue;
    const op = isStatus(cmp.left) ? cmp.op : FLIP[cmp.op];
    if (op === ">=" || op === ">") for (let s = Math.max(value + (op === ">" ? 1 : 0), 400); s <= 599; s++) out.add(s);
    else if (op === "<") for (let s = Math.max(value, 400); s <= 599; s++) out.add(s);
    else if (value >= 400) out.add(value);
  }
  // `if (resp.IsSuccessStatusCode) return resp;`: every other status goes round again, 4xx included
  const success = own(d, body, d.ifTypes).map((i) => d.ifCondition(i)).some((c) => !!c && /^\(?\s*[\w.?()]*\.(IsSuccessStatusCode|is2xxSuccessful\(\)|isSuccessful\(?\)?|isSuccess)\s*\)?$/.test(c.text));
  if (success) for (let s = 400; s <= 599; s++) out.add(s);
  return [...out].sort((a, b) => a - b);
}

/** `500, 501, …, 599` → `500–599`. */
function statusRanges(statuses: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < statuses.length; ) {
    let j = i;
    while (j + 1 < statuses.length && statuses[j + 1] === statuses[j]! + 1) j++;
    out.push(j - i >= 2 ? `${statuses[i]}–${statuses[j]}` : statuses.slice(i, j + 1).join(", "));
    i = j + 1;
  }
  return out.join(", ");
}
