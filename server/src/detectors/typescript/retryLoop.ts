/**
 * Hand-rolled retry loops and retry helpers in TypeScript/JavaScript (DESIGN.md "retry layer":
 * a hand-rolled loop), with the semantics of the Python detector (detectors/python/retryLoop.ts).
 *
 * A loop (`for`, `while`, `do … while`, `for … of`) is a retry layer when it
 * 1. calls something (the operation; bookkeeping such as `console.log`, `Math.*`, `res.json()`
 *    and calls inside a `catch` do not count),
 * 2. sleeps between attempts: an awaited `sleep(ms)` / `delay(ms)`, `new Promise(r => setTimeout(r, ms))`,
 *    `setTimeout(ms)` from `node:timers/promises`, or a local helper whose body builds such a promise,
 * 3. leaves the loop on success: a `return`/`break` (or a flag the loop condition reads) outside
 *    `catch`/`finally`, after the operation, and not the "attempts exhausted" check.
 * Near misses are left alone: a worker/polling loop that never leaves, a loop that sleeps but
 * calls nothing, a loop that calls but never sleeps, and a loop whose calls take a value the
 * loop itself advances (pagination cursors, `for (const item of items)`): that iterates, it does
 * not repeat.
 *
 * Count (attempts = first try + retries):
 * - `for (let i = c0; i < N; i++)` → N − c0 (`<=` → +1), `while (i < N)` with `i++` in the body
 *   likewise; decrementing counters (`while (retries-- > 0)`) are read as an increasing one on −i;
 * - `for (const delay of [100, 200, 400])` → 3 (one attempt per item, as Python's delay lists);
 * - `while (true)` / `for (;;)` with an `if (attempt >= N) throw|break|return` check: the order
 *   of call, increment and check inside the body decides ±1 (see `inBodyCheck`);
 * - a bound that is not statically known → maxAttempts null with `countUnknown`; no counter at
 *   all → null without it (unbounded: RL002), with `timeBound` when a deadline stops the loop.
 * A loop retrying a callable parameter makes the function a retry helper (attach "helper");
 * otherwise the layer is a "block" over the loop's calls. Anchor: the loop's first line.
 */
import type { CallFact, FileFacts, LayerFact, RetryCondition, WaitSpec } from "../../model/facts";
import { calleeText, isFunctionLike, numberValue, spanOf, ts, unwrap, type FunctionLikeNode } from "../../parsing/typescript";
import { fmtSeconds, short } from "./jsRetryCommon";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

type Loop = ts.ForStatement | ts.WhileStatement | ts.DoStatement | ts.ForOfStatement;

/** Callee names read as a sleep when awaited, wherever they come from (`sleep`, `utils.delay`). */
const SLEEP_NAMES = /^(sleep|delay|sleepMs|delayMs|snooze)$/;
/** Packages whose default/named export sleeps: `delay`, `sleep-promise`, `timers/promises`. */
const SLEEP_MODULES = new Set(["delay", "sleep-promise", "await-sleep", "yoctodelay", "node:timers/promises", "timers/promises"]);
/** Calls that are bookkeeping, not the operation being retried. */
const NOT_RETRIED =
  /^(console|Math|Date|JSON|Number|Object|Array|String|Boolean|Promise|Reflect|Symbol|crypto|performance|process|logger|log|LOG|LOGGER|metrics|tracer|span)\.|^(console|Number|String|Boolean|parseInt|parseFloat|isNaN|isFinite|Error|setTimeout|clearTimeout|require|structuredClone|encodeURIComponent|decodeURIComponent)$|\.(log|debug|info|warn|error|trace|push|json|text|blob|arrayBuffer|formData|then|catch|finally|toString|toFixed|includes|has|set|add|emit|inc|observe|abort|now|headers\.get)$/;
/** Predicates on the error (`isRetryable(err)`) and header reads are not the operation either. */
const PREDICATE = /(^|\.)(is|should|can|has)[A-Z]\w*$|(^|\.)headers\.get$/;
/** A retry budget / token bucket consulted in the loop. */
const BUDGET_CALL = /budget|bucket|throttl|quota|(^|\.)(tryAcquire|tryConsume|tryTake|trySpend|tryRemoveTokens)$/i;
/** Names that hold a deadline rather than a count. */
const DEADLINE = /deadline|timeout|elapsed|until|expires/i;

export function extractRetryLoops(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const ctx = new LoopContext(sf, index, facts);
  // inner loops first, so an outer loop does not take an inner retry loop's calls and exits as its own
  const loops: Loop[] = [];
  const visit = (n: ts.Node): void => {
    ts.forEachChild(n, visit);
    if (ts.isForStatement(n) || ts.isWhileStatement(n) || ts.isDoStatement(n) || ts.isForOfStatement(n)) loops.push(n);
  };
  visit(sf);
  for (const loop of loops) {
    try {
      const layer = analyzeLoop(ctx, loop, ids);
      if (layer) {
        facts.layers.push(layer);
        ctx.retryLoops.add(loop);
      }
    } catch (err) {
      facts.problems.push({ line: spanOf(loop, sf).line, message: `retry-loop detector: ${(err as Error).message}` });
    }
  }
  try {
    nameInlineCallbacks(ctx);
  } catch (err) {
    facts.problems.push({ line: 1, message: `retry-loop detector (helper call sites): ${(err as Error).message}` });
  }
}

// ---------------------------------------------------------------------------------------------
// Context: sleepers, name resolution

class LoopContext {
  readonly retryLoops = new Set<ts.Node>();
  /** local functions that sleep: node → the parameter index holding the delay (or -1) and the delay expression */
  readonly sleepers = new Map<ts.Node, { param: number; delay: ts.Expression | null }>();
  /** locally bound names of imported sleeps (`import { setTimeout as sleep } from "node:timers/promises"`) */
  readonly importedSleeps = new Set<string>();

  constructor(
    readonly sf: ts.SourceFile,
    readonly index: FileIndex,
    readonly facts: FileFacts,
  ) {
    for (const i of index.imports) {
      if (!SLEEP_MODULES.has(i.module)) continue;
      if (i.module.endsWith("timers/promises")) {
        if (i.member === "setTimeout" || i.member === null) this.importedSleeps.add(i.member === null ? `${i.local}.setTimeout` : i.local);
        if (i.member === "scheduler" || i.member === null) this.importedSleeps.add(i.member === null ? `${i.local}.scheduler.wait` : `${i.local}.wait`);
      } else this.importedSleeps.add(i.local);
    }
    for (const f of index.functions) {
      const s = sleeperBody(f.node);
      if (s) this.sleepers.set(f.node, s);
    }
    // `const wait = promisify(setTimeout)` / `util.promisify(setTimeout)`
    for (const v of index.variables) {
      const init = v.initializer ? unwrap(v.initializer) : undefined;
      if (!init || !ts.isIdentifier(v.name) || !ts.isCallExpression(init) || !/(^|\.)promisify$/.test(calleeText(init.expression))) continue;
      const arg = init.arguments[0];
      if (arg && /(^|\.)setTimeout$/.test(calleeText(arg))) this.importedSleeps.add(v.name.text);
    }
  }

  /** The delay expression when `n` (an awaited operand) sleeps; undefined when it does not. */
  sleepDelay(n: ts.Expression): { delay: ts.Expression | null; inner: ts.Expression | null } | undefined {
    const e = unwrap(n);
    const promise = timeoutPromiseDelay(e);
    if (promise !== undefined) return { delay: promise, inner: null };
    if (!ts.isCallExpression(e)) return undefined;
    const callee = calleeText(e.expression);
    const last = callee.slice(callee.lastIndexOf(".") + 1);
    if (this.importedSleeps.has(callee)) return { delay: e.arguments[0] ?? null, inner: null };
    const local = this.localFunction(e);
    if (local) {
      const s = this.sleepers.get(local.node);
      if (!s) return undefined;
      const arg = s.param >= 0 ? (e.arguments[s.param] ?? null) : null;
      return { delay: arg, inner: s.delay };
    }
    if (SLEEP_NAMES.test(last)) return { delay: e.arguments[0] ?? null, inner: null };
    return undefined;
  }

  /** A function of this file that a call names: `sleep(…)`, `this.sleep(…)`. */
  localFunction(call: ts.CallExpression): { node: FunctionLikeNode } | undefined {
    const callee = unwrap(call.expression);
    if (ts.isIdentifier(callee)) return this.index.resolveName(callee.text, call);
    if (ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword) {
      const name = callee.name.text;
      const at = this.index.enclosingId(call);
      const cls = at.includes(".") ? at.slice(0, at.lastIndexOf(".")) : null;
      const byId = cls ? this.index.functions.find((f) => f.id === `${cls}.${name}`) : undefined;
      return byId;
    }
    return undefined;
  }

  private callsBySpan: Map<string, CallFact> | null = null;

  callFact(node: ts.CallExpression): CallFact | undefined {
    const key = (s: { line: number; column: number; endLine: number; endColumn: number }) => `${s.line}:${s.column}:${s.endLine}:${s.endColumn}`;
    if (!this.callsBySpan) {
      this.callsBySpan = new Map();
      for (const c of this.facts.calls) if (!this.callsBySpan.has(key(c.span))) this.callsBySpan.set(key(c.span), c);
    }
    return this.callsBySpan.get(key(spanOf(node, this.sf)));
  }
}

/** `new Promise(r => setTimeout(r, ms))` → ms; undefined when `e` is not such a promise. */
function timeoutPromiseDelay(e: ts.Expression): ts.Expression | null | undefined {
  if (!ts.isNewExpression(e) || calleeText(e.expression) !== "Promise") return undefined;
  const exec = e.arguments?.[0] ? unwrap(e.arguments[0]) : undefined;
  if (!exec || !isFunctionLike(exec)) return undefined;
  let found: ts.Expression | null | undefined;
  const visit = (n: ts.Node): void => {
    if (found !== undefined) return;
    if (ts.isCallExpression(n) && /(^|\.)setTimeout$/.test(calleeText(n.expression))) found = n.arguments[1] ?? null;
    else ts.forEachChild(n, visit);
  };
  if (exec.body) visit(exec.body);
  return found;
}

/** A function whose body returns or awaits a setTimeout promise sleeps; which parameter is the delay. */
function sleeperBody(fn: FunctionLikeNode): { param: number; delay: ts.Expression | null } | null {
  if (!fn.body) return null;
  let delay: ts.Expression | null | undefined;
  const visit = (n: ts.Node): void => {
    if (delay !== undefined) return;
    if (ts.isNewExpression(n)) {
      const d = timeoutPromiseDelay(n);
      if (d !== undefined) {
        delay = d;
        return;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(fn.body);
  if (delay === undefined) return null;
  // the delay parameter: the one the setTimeout delay mentions (default: the first)
  let param = fn.parameters.length ? 0 : -1;
  if (delay) {
    const names = identifiersIn(delay);
    const i = fn.parameters.findIndex((p) => ts.isIdentifier(p.name) && names.has(p.name.text));
    if (i >= 0) param = i;
  }
  // a bare parameter says nothing more than the call site's argument
  const bare = delay && ts.isIdentifier(unwrap(delay)) && fn.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === (unwrap(delay!) as ts.Identifier).text);
  return { param, delay: bare ? null : delay };
}

function identifiersIn(n: ts.Node): Set<string> {
  const out = new Set<string>();
  const visit = (x: ts.Node): void => {
    if (ts.isIdentifier(x)) out.add(x.text);
    ts.forEachChild(x, visit);
  };
  visit(n);
  return out;
}

/** Nodes below `root` in document order, not entering nested functions nor the given subtrees. */
function nodesIn(root: ts.Node, skip: Set<ts.Node> = new Set()): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (n: ts.Node): void => {
    if (isFunctionLike(n) || ts.isClassLike(n) || skip.has(n)) return;
    out.push(n);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(root, visit);
  return out;
}

/** The clause of a try statement (`catch`/`finally`) `n` sits in, below `stop`. */
function inHandler(n: ts.Node, stop: ts.Node): boolean {
  for (let p = n.parent; p && p !== stop; p = p.parent) {
    if (ts.isCatchClause(p)) return true;
    if (ts.isTryStatement(p.parent) && p.parent.finallyBlock === p) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The loop

interface Counter {
  name: string;
  /** +1 for `i++`, −1 for `i--` */
  step: 1 | -1;
  /** where the increment happens, as a document position (for the ±1 order rule) */
  pos: number;
  /** the increment is written in a condition: prefix (`++i < N`) or postfix (`i++ < N`) */
  inCondition?: "prefix" | "postfix";
  node: ts.Node;
}

function analyzeLoop(ctx: LoopContext, loop: Loop, ids: IdAllocator): LayerFact | null {
  const body = loop.statement;
  const skip = new Set<ts.Node>([...ctx.retryLoops].filter((l) => l !== loop));
  const nodes = nodesIn(body, skip);
  const condNodes = ts.isForOfStatement(loop) ? [] : loop.kind === ts.SyntaxKind.ForStatement ? ((loop as ts.ForStatement).condition ? [(loop as ts.ForStatement).condition!, ...nodesIn((loop as ts.ForStatement).condition!)] : []) : [(loop as ts.WhileStatement | ts.DoStatement).expression, ...nodesIn((loop as ts.WhileStatement | ts.DoStatement).expression)];

  // (2) sleeps: awaited sleep expressions in the body
  const sleeps: Array<{ node: ts.Node; delay: ts.Expression | null; inner: ts.Expression | null }> = [];
  const sleepNodes = new Set<ts.Node>();
  for (const n of nodes) {
    if (!ts.isAwaitExpression(n)) continue;
    const s = ctx.sleepDelay(n.expression);
    if (s) {
      sleeps.push({ node: n, ...s });
      sleepNodes.add(unwrap(n.expression));
    }
  }
  if (sleeps.length === 0) return null;

  // (1) the operation: calls outside catch/finally that are not sleeps or bookkeeping
  const retried = nodes.filter((n): n is ts.CallExpression => {
    if (!ts.isCallExpression(n) || sleepNodes.has(n)) return false;
    if (n.expression.kind === ts.SyntaxKind.ImportKeyword) return false;
    if (inHandler(n, body)) return false;
    const name = calleeText(n.expression);
    if (NOT_RETRIED.test(name) || PREDICATE.test(name) || BUDGET_CALL.test(name)) return false;
    // a local function that only sleeps is a sleep, awaited or not
    const local = ctx.localFunction(n);
    return !(local && ctx.sleepers.has(local.node));
  });
  if (retried.length === 0) return null;
  const firstCall = retried[0]!;

  // counters: `i++`, `++i`, `i += 1`, `i = i + 1` (and the decrements) in the body or the condition
  const counters = countersOf(loop, nodes, condNodes);

  // (3) leaves on success
  if (!leavesOnSuccess(loop, nodes, condNodes, firstCall, counters)) return null;

  // iteration, not repetition: the operation takes a value the loop advances
  if (iterates(ctx, loop, retried, counters)) return null;

  const fnNode = ctx.index.enclosingNode(loop);
  const functionId = ctx.index.enclosingId(loop);
  const bound = countBound(loop, nodes, condNodes, firstCall, counters);
  const wait = waitOf(loop, sleeps[0]!, counters, bound.start);
  const condition = conditionOf(ctx, loop, nodes, counters);
  const budgetCall = nodes.find((n): n is ts.CallExpression => ts.isCallExpression(n) && BUDGET_CALL.test(calleeText(n.expression)));

  const params = fnNode ? fnNode.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : null)) : [];
  const paramCall = retried.find((c) => {
    const callee = unwrap(c.expression);
    return ts.isIdentifier(callee) && params.includes(callee.text);
  });
  const attach: LayerFact["attach"] = paramCall && fnNode
    ? {
        kind: "helper",
        functionId,
        paramIndex: params.indexOf((unwrap(paramCall.expression) as ts.Identifier).text),
        paramName: (unwrap(paramCall.expression) as ts.Identifier).text,
      }
    : {
        kind: "block",
        functionId,
        callIds: retried.map((c) => ctx.callFact(c)?.id).filter((id): id is string => !!id),
      };
  const name = functionId === MODULE ? "module" : functionId;
  // a helper's count from a parameter default: a caller passing another number gets its own
  const countIndex = bound.param ? params.indexOf(bound.param.name) : -1;
  const countParam =
    attach.kind === "helper" && bound.param && bound.maxAttempts !== null && countIndex >= 0
      ? { name: bound.param.name, index: countIndex, offset: bound.maxAttempts - bound.param.value }
      : undefined;
  return {
    ...(countParam ? { countParam } : {}),
    localId: ids.next("L", loop, ctx.sf),
    kind: "retry-loop",
    category: "code",
    library: "hand-rolled",
    anchor: spanOf(loop, ctx.sf),
    maxAttempts: bound.maxAttempts,
    attemptsSource: bound.fromDefault ? "default" : "config",
    attemptsNote: bound.note,
    timeBound: bound.maxAttempts === null ? bound.timeBound : null,
    ...(bound.countUnknown ? { countUnknown: true } : {}),
    wait,
    condition,
    budget: budgetCall ? `token bucket (${short(budgetCall)})` : null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach,
    label: name,
  };
}

/** The identifier a counter expression names, through `++`/`--` and parentheses. */
function counterUpdate(n: ts.Node): { name: string; step: 1 | -1; kind: "prefix" | "postfix" | "assign" } | null {
  if (ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) {
    const operand = unwrap(n.operand);
    if (!ts.isIdentifier(operand)) return null;
    if (n.operator === ts.SyntaxKind.PlusPlusToken) return { name: operand.text, step: 1, kind: ts.isPrefixUnaryExpression(n) ? "prefix" : "postfix" };
    if (n.operator === ts.SyntaxKind.MinusMinusToken) return { name: operand.text, step: -1, kind: ts.isPrefixUnaryExpression(n) ? "prefix" : "postfix" };
    return null;
  }
  if (ts.isBinaryExpression(n) && ts.isIdentifier(unwrap(n.left))) {
    const name = (unwrap(n.left) as ts.Identifier).text;
    const op = n.operatorToken.kind;
    if ((op === ts.SyntaxKind.PlusEqualsToken || op === ts.SyntaxKind.MinusEqualsToken) && numberValue(n.right) === 1) {
      return { name, step: op === ts.SyntaxKind.PlusEqualsToken ? 1 : -1, kind: "assign" };
    }
    if (op === ts.SyntaxKind.EqualsToken) {
      const r = unwrap(n.right);
      if (ts.isBinaryExpression(r) && ts.isIdentifier(unwrap(r.left)) && (unwrap(r.left) as ts.Identifier).text === name && numberValue(r.right) === 1) {
        if (r.operatorToken.kind === ts.SyntaxKind.PlusToken) return { name, step: 1, kind: "assign" };
        if (r.operatorToken.kind === ts.SyntaxKind.MinusToken) return { name, step: -1, kind: "assign" };
      }
    }
  }
  return null;
}

function countersOf(loop: Loop, nodes: ts.Node[], condNodes: ts.Node[]): Map<string, Counter> {
  const counters = new Map<string, Counter>();
  const add = (c: Counter) => {
    if (!counters.has(c.name)) counters.set(c.name, c);
  };
  const condSet = new Set(condNodes);
  for (const n of condNodes) {
    const u = counterUpdate(n);
    if (u && u.kind !== "assign") add({ name: u.name, step: u.step, pos: n.getStart(), inCondition: u.kind, node: n });
  }
  if (ts.isForStatement(loop) && loop.incrementor) {
    // the incrementor runs after the body: its position is the loop's end
    for (const n of [loop.incrementor, ...nodesIn(loop.incrementor)]) {
      const u = counterUpdate(n);
      if (u) add({ name: u.name, step: u.step, pos: loop.statement.getEnd(), node: n });
    }
  }
  for (const n of nodes) {
    if (condSet.has(n)) continue;
    const u = counterUpdate(n);
    if (!u) continue;
    // `if (++attempt >= max)`: the increment happens as the check is evaluated
    const inIf = enclosingIfCondition(n, loop);
    if (inIf && u.kind !== "assign") add({ name: u.name, step: u.step, pos: inIf.getStart() + (u.kind === "prefix" ? -0.5 : 0.5), inCondition: u.kind, node: n });
    else add({ name: u.name, step: u.step, pos: n.getStart(), node: n });
  }
  return counters;
}

/** The `if` statement whose condition contains `n` (below the loop). */
function enclosingIfCondition(n: ts.Node, stop: ts.Node): ts.IfStatement | null {
  for (let p: ts.Node = n; p.parent && p !== stop; p = p.parent) {
    if (ts.isIfStatement(p.parent) && p.parent.expression === p) return p.parent;
    if (ts.isStatement(p)) return null;
  }
  return null;
}

/** The `if` statements below the loop that guard `n` (innermost first). */
function guardingIfs(n: ts.Node, stop: ts.Node): ts.IfStatement[] {
  const out: ts.IfStatement[] = [];
  for (let p = n.parent; p && p !== stop; p = p.parent) if (ts.isIfStatement(p) && p.expression !== n) out.push(p);
  return out;
}

function mentionsAny(n: ts.Node, names: Iterable<string>): boolean {
  const ids = identifiersIn(n);
  if (ts.isIdentifier(n)) ids.add(n.text);
  for (const x of names) if (ids.has(x)) return true;
  return false;
}

/**
 * The condition gives up when the attempts are used up (`attempt >= max`, `!retries`, `… && i === n - 1`),
 * and nothing else: `res.ok || attempt >= max` also leaves on success, `!isRetryable(e, attempt)` is a filter.
 */
function isExhaustionCheck(cond: ts.Expression, counters: Map<string, Counter>): boolean {
  const e = unwrap(cond);
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.BarBarToken) return isExhaustionCheck(e.left, counters) && isExhaustionCheck(e.right, counters);
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return isExhaustionCheck(e.left, counters) || isExhaustionCheck(e.right, counters);
  if (ts.isBinaryExpression(e) && OPS[e.operatorToken.kind]) return comparisonWith(e, counters) !== null;
  if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.ExclamationToken) {
    const name = counterName(e.operand);
    return name !== null && counters.has(name);
  }
  return false;
}

/** The break leaves this loop: unlabelled and nearest to it, or labelled with its label. */
function breaksLoop(b: ts.BreakStatement, loop: Loop): boolean {
  if (b.label) return ts.isLabeledStatement(loop.parent) && loop.parent.label.text === b.label.text;
  for (let p = b.parent; p; p = p.parent) {
    if (p === loop) return true;
    if (ts.isIterationStatement(p, false) || ts.isSwitchStatement(p)) return false;
  }
  return false;
}

/**
 * A success exit: a `return`, a `break` out of this loop, or a flag the loop condition reads set
 * to a literal — outside `catch`/`finally`, after (or around) the operation, and not the check
 * that gives up when the attempts are exhausted (an `if` on a counter).
 */
function leavesOnSuccess(loop: Loop, nodes: ts.Node[], condNodes: ts.Node[], firstCall: ts.CallExpression, counters: Map<string, Counter>): boolean {
  const flags = new Set<string>();
  for (const n of condNodes) if (ts.isIdentifier(n)) flags.add(n.text);
  const callPos = firstCall.getStart();
  return nodes.some((n) => {
    let exit = false;
    if (ts.isReturnStatement(n)) exit = true;
    else if (ts.isBreakStatement(n)) exit = breaksLoop(n, loop);
    else if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(unwrap(n.left)) && flags.has((unwrap(n.left) as ts.Identifier).text)) {
      const r = unwrap(n.right);
      exit = r.kind === ts.SyntaxKind.TrueKeyword || r.kind === ts.SyntaxKind.FalseKeyword;
    }
    if (!exit || inHandler(n, loop.statement)) return false;
    if (guardingIfs(n, loop.statement).some((i) => isExhaustionCheck(i.expression, counters))) return false;
    return n.getStart() > callPos || (n.getStart() <= callPos && n.getEnd() >= firstCall.getEnd());
  });
}

/**
 * The operation takes a value the loop advances (a pagination cursor, the item of a `for … of`
 * over data, a page number sent in the request): the loop goes through things, it does not
 * repeat one call.
 */
function iterates(ctx: LoopContext, loop: Loop, retried: ts.CallExpression[], counters: Map<string, Counter>): boolean {
  const advanced = new Set<string>();
  if (ts.isForOfStatement(loop) && !literalItems(loop)) {
    const init = loop.initializer;
    if (ts.isVariableDeclarationList(init)) for (const d of init.declarations) for (const id of identifiersIn(d.name)) advanced.add(id);
    else for (const id of identifiersIn(init)) advanced.add(id);
  }
  // outer variables assigned in the body (declared before the loop), other than counters
  const declaredInside = new Set<string>();
  const bodyNodes = nodesIn(loop.statement);
  for (const n of bodyNodes) if (ts.isVariableDeclaration(n)) for (const id of identifiersIn(n.name)) declaredInside.add(id);
  for (const n of bodyNodes) {
    if (ts.isBinaryExpression(n) && n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && n.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      const left = unwrap(n.left);
      if (ts.isIdentifier(left) && !declaredInside.has(left.text) && !counters.has(left.text)) advanced.add(left.text);
    }
  }
  const requestCounters = [...counters.keys()];
  for (const c of retried) {
    const fact = ctx.callFact(c);
    for (const a of c.arguments) {
      if (mentionsAny(a, advanced)) return true;
      if (fact?.request && mentionsAny(a, requestCounters)) return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Numbers

interface Value {
  value: number;
  fromDefault: boolean;
}

/** Where `name` is bound as seen from `at`: a local declaration, a parameter (default), a module constant. */
function bindingOf(name: string, at: ts.Node): { init: ts.Expression | undefined; isDefault: boolean } | null {
  for (let p: ts.Node | undefined = at.parent; p; p = p.parent) {
    if (ts.isBlock(p) || ts.isSourceFile(p) || ts.isModuleBlock(p) || ts.isCaseClause(p)) {
      let found: ts.VariableDeclaration | undefined;
      for (const s of p.statements) {
        if (!ts.isSourceFile(p) && s.getStart() > at.getStart()) break;
        if (!ts.isVariableStatement(s)) continue;
        for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name) found = d;
      }
      if (found) return { init: found.initializer, isDefault: false };
    }
    if (isFunctionLike(p)) {
      for (const param of p.parameters) {
        if (ts.isIdentifier(param.name) && param.name.text === name) return { init: param.initializer, isDefault: true };
        if (ts.isObjectBindingPattern(param.name)) {
          for (const el of param.name.elements) if (ts.isIdentifier(el.name) && el.name.text === name) return { init: el.initializer, isDefault: true };
        }
      }
    }
  }
  return null;
}

/** `this.maxRetries`: a class field initializer or a constructor parameter property default. */
function thisMember(name: string, at: ts.Node): ts.Expression | undefined {
  for (let p: ts.Node | undefined = at.parent; p; p = p.parent) {
    if (!ts.isClassLike(p)) continue;
    for (const m of p.members) {
      if (ts.isPropertyDeclaration(m) && m.name.getText() === name && m.initializer) return m.initializer;
      if (ts.isConstructorDeclaration(m)) for (const param of m.parameters) if (ts.isIdentifier(param.name) && param.name.text === name && param.initializer) return param.initializer;
    }
    return undefined;
  }
  return undefined;
}

/** Numbers, names (locals, parameter defaults, module constants, fields), `?? d`, `.length` of a literal array, + − × ÷ **. */
function evaluate(n: ts.Expression | undefined, at: ts.Node, env: Map<string, number> = new Map(), depth = 0): Value | null {
  if (!n || depth > 6) return null;
  const e = unwrap(n);
  const lit = numberValue(e);
  if (lit !== null) return { value: lit, fromDefault: false };
  if (ts.isIdentifier(e)) {
    if (env.has(e.text)) return { value: env.get(e.text)!, fromDefault: false };
    const b = bindingOf(e.text, e);
    if (!b?.init) return null;
    const v = evaluate(b.init, b.init, env, depth + 1);
    return v && { value: v.value, fromDefault: v.fromDefault || b.isDefault };
  }
  if (ts.isPropertyAccessExpression(e)) {
    if (e.expression.kind === ts.SyntaxKind.ThisKeyword) {
      const init = thisMember(e.name.text, e);
      return init ? evaluate(init, init, env, depth + 1) : null;
    }
    if (e.name.text === "length") {
      const arr = arrayOf(e.expression, depth);
      return arr ? { value: arr.items.length, fromDefault: arr.fromDefault } : null;
    }
    return null;
  }
  if (ts.isCallExpression(e)) {
    const callee = calleeText(e.expression);
    if (["Number", "parseInt", "parseFloat", "Math.floor", "Math.ceil", "Math.round"].includes(callee)) return evaluate(e.arguments[0], at, env, depth + 1);
    if (callee === "Math.pow") {
      const [a, b] = [evaluate(e.arguments[0], at, env, depth + 1), evaluate(e.arguments[1], at, env, depth + 1)];
      return a && b ? { value: a.value ** b.value, fromDefault: a.fromDefault || b.fromDefault } : null;
    }
    if (callee === "Math.min" || callee === "Math.max") {
      const vals = e.arguments.map((a) => evaluate(a, at, env, depth + 1));
      if (vals.some((v) => v === null) || !vals.length) return null;
      const nums = vals.map((v) => v!.value);
      return { value: callee === "Math.min" ? Math.min(...nums) : Math.max(...nums), fromDefault: vals.some((v) => v!.fromDefault) };
    }
    return null;
  }
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
      const left = evaluate(e.left, at, env, depth + 1);
      if (left) return left;
      const right = evaluate(e.right, at, env, depth + 1);
      return right && { value: right.value, fromDefault: true };
    }
    const l = evaluate(e.left, at, env, depth + 1);
    const r = evaluate(e.right, at, env, depth + 1);
    if (!l || !r) return null;
    const fromDefault = l.fromDefault || r.fromDefault;
    switch (op) {
      case ts.SyntaxKind.PlusToken: return { value: l.value + r.value, fromDefault };
      case ts.SyntaxKind.MinusToken: return { value: l.value - r.value, fromDefault };
      case ts.SyntaxKind.AsteriskToken: return { value: l.value * r.value, fromDefault };
      case ts.SyntaxKind.SlashToken: return r.value === 0 ? null : { value: l.value / r.value, fromDefault };
      case ts.SyntaxKind.AsteriskAsteriskToken: return { value: l.value ** r.value, fromDefault };
      case ts.SyntaxKind.LessThanLessThanToken: return { value: l.value * 2 ** r.value, fromDefault };
    }
  }
  return null;
}

/** A literal array, directly or through a name (local, parameter default, module constant). */
function arrayOf(n: ts.Expression, depth = 0): { items: ts.Expression[]; fromDefault: boolean } | null {
  const e = unwrap(n);
  if (ts.isArrayLiteralExpression(e)) return e.elements.some((x) => ts.isSpreadElement(x)) ? null : { items: [...e.elements], fromDefault: false };
  if (ts.isIdentifier(e) && depth < 4) {
    const b = bindingOf(e.text, e);
    if (!b?.init) return null;
    const inner = arrayOf(b.init, depth + 1);
    return inner && { items: inner.items, fromDefault: inner.fromDefault || b.isDefault };
  }
  return null;
}

function literalItems(loop: ts.ForOfStatement): { items: ts.Expression[]; fromDefault: boolean } | null {
  return arrayOf(loop.expression);
}

interface CountBound {
  maxAttempts: number | null;
  note: string;
  timeBound: string | null;
  fromDefault: boolean;
  countUnknown: boolean;
  /** the attempt counter's first value, for the first delay */
  start: { name: string; value: number } | null;
  /** the parameter whose default is the bound, when attempts = that value + a constant */
  param?: { name: string; value: number };
}

type Op = "<" | "<=" | ">" | ">=" | "==" | "!=";
const OPS: Partial<Record<ts.SyntaxKind, Op>> = {
  [ts.SyntaxKind.LessThanToken]: "<",
  [ts.SyntaxKind.LessThanEqualsToken]: "<=",
  [ts.SyntaxKind.GreaterThanToken]: ">",
  [ts.SyntaxKind.GreaterThanEqualsToken]: ">=",
  [ts.SyntaxKind.EqualsEqualsToken]: "==",
  [ts.SyntaxKind.EqualsEqualsEqualsToken]: "==",
  [ts.SyntaxKind.ExclamationEqualsToken]: "!=",
  [ts.SyntaxKind.ExclamationEqualsEqualsToken]: "!=",
};
const FLIP: Record<Op, Op> = { "<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!=" };

interface Comparison {
  counter: Counter;
  op: Op;
  bound: ts.Expression;
}

function counterName(n: ts.Expression): string | null {
  const e = unwrap(n);
  if (ts.isIdentifier(e)) return e.text;
  const incDec = (op: ts.SyntaxKind) => op === ts.SyntaxKind.PlusPlusToken || op === ts.SyntaxKind.MinusMinusToken;
  if ((ts.isPrefixUnaryExpression(e) || ts.isPostfixUnaryExpression(e)) && incDec(e.operator) && ts.isIdentifier(unwrap(e.operand))) return (unwrap(e.operand) as ts.Identifier).text;
  return null;
}

/** The first comparison of a counter with a bound in `cond`, the counter on the left. */
function comparisonWith(cond: ts.Node, counters: Map<string, Counter>): Comparison | null {
  for (const n of [cond, ...nodesIn(cond)]) {
    // a counter read as a truth value: `while (retries)`, `while (retries-- && …)` is `counter != 0`;
    // `if (!retries) throw …` is `counter == 0`
    const asCondition = n === cond || (ts.isBinaryExpression(n.parent) && n.parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken);
    if (asCondition && ts.isExpression(n)) {
      const e = unwrap(n);
      const negated = ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.ExclamationToken;
      const name = counterName(negated ? e.operand : e);
      if (name && counters.has(name)) return { counter: counters.get(name)!, op: negated ? "==" : "!=", bound: ts.factory.createNumericLiteral(0) };
    }
    if (!ts.isBinaryExpression(n)) continue;
    const op = OPS[n.operatorToken.kind];
    if (!op) continue;
    const l = counterName(n.left);
    const r = counterName(n.right);
    if (l && counters.has(l)) return { counter: counters.get(l)!, op, bound: n.right };
    if (r && counters.has(r)) return { counter: counters.get(r)!, op: FLIP[op], bound: n.left };
  }
  return null;
}

function loopCondition(loop: Loop): ts.Expression | undefined {
  if (ts.isForOfStatement(loop)) return undefined;
  if (ts.isForStatement(loop)) return loop.condition;
  return loop.expression;
}

/** The counter's value before the loop: the for initializer, or its last declaration/assignment before it (0 if unknown, as in Python). */
function counterStart(loop: Loop, name: string): number {
  if (ts.isForStatement(loop) && loop.initializer) {
    const init = loop.initializer;
    if (ts.isVariableDeclarationList(init)) {
      for (const d of init.declarations) if (ts.isIdentifier(d.name) && d.name.text === name && d.initializer) return evaluate(d.initializer, d)?.value ?? 0;
    } else if (ts.isBinaryExpression(init) && ts.isIdentifier(init.left) && init.left.text === name) return evaluate(init.right, init)?.value ?? 0;
  }
  const b = bindingOf(name, loop);
  return b?.init ? (evaluate(b.init, b.init)?.value ?? 0) : 0;
}

function countBound(
  loop: Loop,
  nodes: ts.Node[],
  condNodes: ts.Node[],
  firstCall: ts.CallExpression,
  counters: Map<string, Counter>,
): CountBound {
  const none = { timeBound: null, fromDefault: false, countUnknown: false, start: null };
  const unknown = (note: string): CountBound => ({ ...none, maxAttempts: null, note, countUnknown: true });

  if (ts.isForOfStatement(loop)) {
    const items = literalItems(loop);
    const written = short(loop.expression);
    if (items) {
      const n = items.items.length;
      return { ...none, maxAttempts: n, note: `for … of ${written} (${n} items): ${n} attempts`, fromDefault: items.fromDefault };
    }
    return unknown(`for … of ${written}: count not known statically`);
  }

  const cond = loopCondition(loop);
  const head = cond ? comparisonWith(cond, counters) : null;
  if (head && cond) {
    // a decrementing counter is an increasing one on −counter: negate start and bound, flip the operator
    const sign = head.counter.step;
    const op = sign === 1 ? head.op : FLIP[head.op];
    if (op === "<" || op === "<=" || op === "!=") {
      const b = evaluate(head.bound, head.bound);
      if (!b) return unknown(`${ts.isDoStatement(loop) ? "do … while" : ts.isForStatement(loop) ? "for" : "while"} (${short(cond)}): count not known statically`);
      const c0 = counterStart(loop, head.counter.name);
      // The head runs once per attempt. `while (i < N)` with the increment in the body (or a
      // postfix `i++ < N`, or a for incrementor) compares c0, c0+1, …: N − c0 attempts. A prefix
      // `++i < N` increments before the first comparison: one fewer. `do … while` runs the body
      // before the first comparison: with the increment in the body or a prefix in the condition
      // that is again N − c0; with a postfix `i++ < N` the last comparison sees the old value: one more.
      let adjust = 0;
      if (head.counter.inCondition === "prefix" && !ts.isDoStatement(loop)) adjust = -1;
      if (head.counter.inCondition === "postfix" && ts.isDoStatement(loop)) adjust = 1;
      const attempts = Math.max(0, sign * b.value - sign * c0 + (op === "<=" ? 1 : 0) + adjust);
      // `i < attempts` with `attempts = 3` a parameter default: the count moves one for one with it
      const param = sign === 1 && ts.isIdentifier(head.bound) && b.fromDefault && attempts === b.value - c0 + (op === "<=" ? 1 : 0) + adjust ? { name: head.bound.text, value: b.value } : undefined;
      return { ...none, maxAttempts: attempts, note: `${ts.isDoStatement(loop) ? "do … while" : ts.isForStatement(loop) ? "for" : "while"} (${short(cond)}): ${attempts} attempts`, fromDefault: b.fromDefault, start: { name: head.counter.name, value: c0 }, ...(param ? { param } : {}) };
    }
  }
  const inBody = inBodyCheck(loop, nodes, firstCall, counters);
  if (inBody) return inBody;
  if (head && cond) return unknown(`(${short(cond)}): count not known statically`);

  // no attempt counter: a deadline in a condition that stops the loop bounds it by time only
  const conditions: ts.Node[] = [...condNodes];
  for (const n of nodes) if (ts.isIfStatement(n) && exitsIn(n.thenStatement, loop)) conditions.push(n.expression, ...nodesIn(n.expression));
  const deadline = conditions.find((n) => ts.isIdentifier(n) && DEADLINE.test(n.text) && !(ts.isPropertyAssignment(n.parent) && n.parent.name === n));
  return {
    ...none,
    maxAttempts: null,
    note: deadline ? `no attempt counter; bounded by ${(deadline as ts.Identifier).text} only` : "no attempt counter: the loop retries until it succeeds",
    timeBound: deadline ? (deadline as ts.Identifier).text : null,
  };
}

/** The statement leaves the loop (throw, return, or a break out of it). */
function exitsIn(s: ts.Statement, loop: Loop): boolean {
  const check = (n: ts.Node): boolean => ts.isThrowStatement(n) || ts.isReturnStatement(n) || (ts.isBreakStatement(n) && breaksLoop(n, loop));
  return check(s) || nodesIn(s).some(check);
}

/**
 * `if (attempt >= N) throw …` inside the body. The order of the first call (C), the increment (I)
 * and the check (K) decides ±1, exactly as in the Python detector:
 * - C … K … I: the check sees the count before this attempt's increment: one more attempt (+1);
 * - I … K … C: incremented and checked before calling: one fewer (−1);
 * - otherwise (C I K, K C I, K I C, I C K): N − c0.
 * A for loop's incrementor runs after the body; `if (++i >= N)` increments just before the
 * check, `if (i++ >= N)` just after. `>` allows one more than `>=`.
 */
function inBodyCheck(loop: Loop, nodes: ts.Node[], firstCall: ts.CallExpression, counters: Map<string, Counter>): CountBound | null {
  for (const check of nodes) {
    if (!ts.isIfStatement(check) || !exitsIn(check.thenStatement, loop)) continue;
    const cmp = comparisonWith(check.expression, counters);
    if (!cmp) continue;
    const sign = cmp.counter.step;
    const op = sign === 1 ? cmp.op : FLIP[cmp.op];
    if (op !== ">=" && op !== ">" && op !== "==") continue;
    const cond = short(check.expression);
    const b = evaluate(cmp.bound, cmp.bound);
    if (!b) return { maxAttempts: null, note: `stops when ${cond}: count not known statically`, timeBound: null, fromDefault: false, countUnknown: true, start: null };
    const c0 = counterStart(loop, cmp.counter.name);
    const posC = firstCall.getStart();
    const posI = cmp.counter.pos;
    const posK = check.getStart();
    const adjust = posC < posK && posK < posI ? 1 : posI < posK && posK < posC ? -1 : 0;
    const attempts = Math.max(1, sign * b.value - sign * c0 + adjust + (op === ">" ? 1 : 0));
    return { maxAttempts: attempts, note: `stops when ${cond}: ${attempts} attempts`, timeBound: null, fromDefault: b.fromDefault, countUnknown: false, start: { name: cmp.counter.name, value: c0 } };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Waits

interface DelayShape {
  random: boolean;
  exponential: boolean;
  grows: boolean;
  zero: boolean;
  capMs: number | null;
}

const RANDOM_CALL = /^(Math\.random|crypto\.randomInt|randomInt|random|_\.random|lodash\.random|crypto\.getRandomValues)$/;

/** Reads a delay expression, following local names a few levels deep. */
function delayShape(n: ts.Node | null, loop: Loop, counters: Map<string, Counter>, depth = 0): DelayShape {
  const shape: DelayShape = { random: false, exponential: false, grows: false, zero: false, capMs: null };
  if (!n || depth > 3) return shape;
  if (ts.isExpression(n) && numberValue(n) === 0) return { ...shape, zero: true };
  const fn = isFunctionLike(n) ? n : undefined;
  for (const c of fn ? nodesIn(fn) : [n, ...nodesIn(n)]) {
    if (ts.isCallExpression(c)) {
      const callee = calleeText(c.expression);
      if (RANDOM_CALL.test(callee) || /jitter/i.test(callee)) shape.random = true;
      if (callee === "Math.pow") shape.exponential = true;
      if (callee === "Math.min" && shape.capMs === null) {
        const caps = c.arguments.map((a) => numberValue(a)).filter((v): v is number => v !== null);
        if (caps.length) shape.capMs = Math.min(...caps);
      }
    }
    if (ts.isBinaryExpression(c)) {
      const op = c.operatorToken.kind;
      if (op === ts.SyntaxKind.AsteriskAsteriskToken || op === ts.SyntaxKind.LessThanLessThanToken) shape.exponential = true;
      if (op === ts.SyntaxKind.AsteriskToken && (mentionsAny(c, counters.keys()) || [...identifiersIn(c)].some((x) => /attempt|retry|retries|tries|^i$|^n$/i.test(x)))) shape.grows = true;
    }
    if (ts.isIdentifier(c)) {
      if (/jitter/i.test(c.text)) shape.random = true;
      const b = bindingOf(c.text, c);
      if (b?.init && b.init !== n) {
        const inner = delayShape(b.init, loop, counters, depth + 1);
        shape.random ||= inner.random;
        shape.exponential ||= inner.exponential;
        shape.grows ||= inner.grows;
        shape.capMs ??= inner.capMs;
      }
      // `delay *= 2` / `delay = delay * 2` / `delay = Math.min(delay * 2, cap)` in the loop: exponential growth
      for (const x of nodesIn(loop.statement)) {
        if (!ts.isBinaryExpression(x) || !ts.isIdentifier(unwrap(x.left)) || (unwrap(x.left) as ts.Identifier).text !== c.text) continue;
        if (x.operatorToken.kind === ts.SyntaxKind.AsteriskEqualsToken) shape.exponential = true;
        else if (x.operatorToken.kind === ts.SyntaxKind.EqualsToken && x.right !== n) {
          const r = delayShape(x.right, loop, counters, depth + 1);
          const selfTimes = nodesIn(x.right).some((y) => ts.isBinaryExpression(y) && y.operatorToken.kind === ts.SyntaxKind.AsteriskToken && mentionsAny(y, [c.text]));
          if (selfTimes) shape.exponential = true;
          shape.random ||= r.random;
          shape.capMs ??= r.capMs;
        }
      }
    }
  }
  return shape;
}

function waitOf(
  loop: Loop,
  sleep: { node: ts.Node; delay: ts.Expression | null; inner: ts.Expression | null },
  counters: Map<string, Counter>,
  start: { name: string; value: number } | null,
): WaitSpec {
  const arg = sleep.delay;
  // the delay is the item of a literal delay list: its values say the shape
  if (ts.isForOfStatement(loop) && arg && ts.isIdentifier(unwrap(arg))) {
    const items = arrayOf(loop.expression);
    const init = loop.initializer;
    const itemName = ts.isVariableDeclarationList(init) && init.declarations[0] && ts.isIdentifier(init.declarations[0].name) ? init.declarations[0].name.text : null;
    if (items && itemName === (unwrap(arg) as ts.Identifier).text) {
      const ms = items.items.map((x) => evaluate(x, x)?.value ?? null);
      if (ms.every((v): v is number => v !== null) && ms.length) {
        const ratio = ms.length > 1 && ms[0]! > 0 ? ms[1]! / ms[0]! : 1;
        const kind: WaitSpec["kind"] = ms.every((v) => v === 0)
          ? "none"
          : ms.every((v) => v === ms[0])
            ? "fixed"
            : ratio > 1 && ms.every((v, i) => i === 0 || Math.abs(v - ms[i - 1]! * ratio) < 1e-9)
              ? "exponential"
              : "linear";
        return {
          kind,
          jitter: false,
          initialSeconds: ms[0]! / 1000,
          maxSeconds: Math.max(...ms) / 1000,
          source: "config",
          description: `delays ${short(loop.expression)} ms, no jitter`,
        };
      }
    }
  }
  const outer = delayShape(arg, loop, counters);
  const inner = delayShape(sleep.inner, loop, counters);
  const shape: DelayShape = {
    random: outer.random || inner.random,
    exponential: outer.exponential || inner.exponential,
    grows: outer.grows || inner.grows,
    zero: outer.zero && !sleep.inner,
    capMs: outer.capMs ?? inner.capMs,
  };
  const kind: WaitSpec["kind"] = shape.zero ? "none" : shape.exponential ? "exponential" : shape.random ? "random" : shape.grows ? "linear" : arg || sleep.inner ? "fixed" : "unknown";
  // the first delay: the expression with the counter at its first value (not for random delays)
  const env = new Map<string, number>();
  if (start) env.set(start.name, start.value);
  const first = !shape.random && arg && !sleep.inner ? evaluate(arg, arg, env) : null;
  const seconds = first ? first.value / 1000 : null;
  const text = arg ? short(arg) : sleep.inner ? short(sleep.inner) : "";
  return {
    kind,
    jitter: kind === "unknown" ? null : shape.random,
    initialSeconds: kind === "none" ? 0 : seconds,
    maxSeconds: kind === "fixed" ? seconds : shape.capMs !== null ? shape.capMs / 1000 : null,
    source: "config",
    description: `sleep(${text})${kind === "fixed" && seconds !== null ? `: fixed ${fmtSeconds(seconds)}` : kind === "exponential" ? ": exponential" : ""}${shape.random ? ", randomised" : ", no jitter"}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Conditions

const PRE_SEND_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

function conditionOf(ctx: LoopContext, loop: Loop, nodes: ts.Node[], counters: Map<string, Counter>): RetryCondition {
  const catches = nodes.filter((n): n is ts.CatchClause => ts.isCatchClause(n));
  // a catch that gives up on some errors: `if (!isRetryable(e)) throw e` (not the exhausted-attempts check)
  const filters: ts.IfStatement[] = [];
  for (const c of catches) {
    for (const n of nodesIn(c.block)) {
      if (!ts.isIfStatement(n) || isExhaustionCheck(n.expression, counters)) continue;
      if (nodesIn(n.thenStatement).concat(n.thenStatement).some((x) => ts.isThrowStatement(x) || ts.isReturnStatement(x) || (ts.isBreakStatement(x) && breaksLoop(x, loop)))) filters.push(n);
    }
  }
  const statuses = statusesChecked(loop, nodes);
  const retriesErrors = catches.length > 0;
  const allErrors = retriesErrors && filters.length === 0;
  const fn = ctx.index.enclosingNode(loop);
  const retryAfter = /retry-after/i.test((fn ?? ctx.sf).getText());
  const preSendOnly =
    filters.length > 0 &&
    filters.every((f) => {
      const strings = nodesIn(f.expression).filter((x): x is ts.StringLiteral => ts.isStringLiteralLike(x)).map((x) => x.text);
      return strings.length > 0 && strings.every((s) => PRE_SEND_CODES.has(s));
    }) &&
    statuses.length === 0;
  const permanent4xx = statuses.filter((s) => s >= 400 && s < 500 && ![408, 425, 429].includes(s));
  const description = [
    allErrors ? "every thrown error" : filters.length ? `errors except where ${filters.map((f) => short(f.expression)).join("; ")}` : null,
    statuses.length ? statusText(statuses) : null,
  ]
    .filter(Boolean)
    .join("; ");
  return {
    allErrors,
    exceptionTypes: [],
    statuses,
    retryOn: [],
    afterSendMethods: preSendOnly ? [] : "all",
    permanentErrors: allErrors
      ? "it retries every error the operation throws, including errors that will fail the same way again (bad requests, bugs)"
      : permanent4xx.length
        ? `it retries ${statusText(permanent4xx).replace("statuses", permanent4xx.length > 1 ? "statuses" : "status")}`
        : null,
    // Retry-After is mandatory for 429 and optional for 503 (RFC 9110 §10.2.3): judge loops on 429
    honoursRetryAfter: statuses.includes(429) ? retryAfter : null,
    description: description || "loop condition",
  };
}

/** `[429, 500, 501, …, 599]` → "statuses 429, 500–599" */
function statusText(statuses: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < statuses.length; ) {
    let j = i;
    while (j + 1 < statuses.length && statuses[j + 1] === statuses[j]! + 1) j++;
    parts.push(j - i >= 2 ? `${statuses[i]}–${statuses[j]}` : statuses.slice(i, j + 1).join(", "));
    i = j + 1;
  }
  return `statuses ${parts.join(", ")}`;
}

const STATUS_PROP = /(^|\.)(status|statusCode)$/;

/**
 * Statuses the loop retries, from the checks on `x.status` / `x.statusCode` / `x.ok`:
 * `>= 500` / `< 500 → return` → 500–599; `=== 503` → 503; `[429, 503].includes(r.status)` or a
 * constant `Set`/array of them; `if (r.ok) return r` → every status from 400 (4xx included).
 */
function statusesChecked(loop: Loop, nodes: ts.Node[]): number[] {
  const out = new Set<number>();
  const range = (lo: number) => {
    for (let s = Math.max(lo, 400); s <= 599; s++) out.add(s);
  };
  const all = [...nodes];
  const cond = loopCondition(loop);
  if (cond) all.push(cond, ...nodesIn(cond));
  for (const n of all) {
    if (ts.isBinaryExpression(n)) {
      const op = OPS[n.operatorToken.kind];
      if (!op) continue;
      const leftIs = STATUS_PROP.test(calleeText(n.left));
      const rightIs = STATUS_PROP.test(calleeText(n.right));
      if (!leftIs && !rightIs) continue;
      const other = leftIs ? n.right : n.left;
      const norm = leftIs ? op : FLIP[op];
      const v = evaluate(other, other);
      if (!v) continue;
      if (norm === ">=" || norm === "<") range(v.value);
      else if (norm === ">" || norm === "<=") range(v.value + 1);
      else if (v.value >= 400) out.add(v.value);
    } else if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ["includes", "has"].includes(n.expression.name.text)) {
      const arg = n.arguments[0];
      if (!arg || !STATUS_PROP.test(calleeText(arg))) continue;
      let coll = unwrap(n.expression.expression);
      if (ts.isIdentifier(coll)) {
        const b = bindingOf(coll.text, coll);
        if (b?.init) coll = unwrap(b.init);
      }
      if (ts.isNewExpression(coll) && calleeText(coll.expression) === "Set" && coll.arguments?.[0]) coll = unwrap(coll.arguments[0]);
      const items = arrayOf(coll);
      for (const x of items?.items ?? []) {
        const v = numberValue(x);
        if (v !== null && v >= 400) out.add(v);
      }
    } else if (ts.isPropertyAccessExpression(n) && n.name.text === "ok" && !ts.isPropertyAccessExpression(n.parent)) {
      // `if (res.ok) return res` / `if (!res.ok) throw …` then retry: every error status
      range(400);
    }
  }
  return [...out].sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------
// Helper call sites

/**
 * A helper's call site passes the operation inline (`withRetry(() => fetch(url))`); the linker
 * finds the callable by the argument's name, so inline callbacks are named by their function id
 * relative to the caller's scope (as `markInvokes` does for p-retry). Only calls that may reach
 * a helper: a local function, an imported name, or a method of the same class (`this.withRetry(…)`).
 */
function nameInlineCallbacks(ctx: LoopContext): void {
  const { index } = ctx;
  const imported = new Set(index.imports.map((i) => i.local));
  for (const c of index.calls) {
    const callee = unwrap(c.expression);
    if (!c.arguments.some((a) => isFunctionLike(unwrap(a)))) continue;
    const root = ts.isIdentifier(callee) ? callee.text : null;
    if (root ? !(imported.has(root) || index.resolveName(root, c)) : !ctx.localFunction(c)) continue;
    const fact = ctx.callFact(c);
    if (!fact) continue;
    c.arguments.forEach((a, i) => {
      const u = unwrap(a);
      if (!isFunctionLike(u) || !fact.args[i] || fact.args[i]!.name !== null) return;
      const id = index.idOf(u);
      const scope = index.enclosingId(c);
      if (id) fact.args[i]!.name = scope === MODULE ? id : id.slice(scope.length + 1);
    });
  }
}
