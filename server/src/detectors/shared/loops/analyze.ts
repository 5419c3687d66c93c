/**
 * Hand-rolled retry loops, for every language at once (DESIGN.md "retry layer": a hand-rolled
 * loop). A loop is a retry layer when it
 * 1. calls something that is not bookkeeping (the operation),
 * 2. leaves the loop on success (exits.ts) and goes round again on some failure (fate.ts),
 * 3. does not hand each pass a new value (pagination cursors, items, page numbers) unless it goes
 *    round on errors too (a failover over hosts is a retry, a scan over items is not),
 * 4. is not polling: a loop counting time rather than attempts waits for a state,
 * 5. waits between attempts — or, without a wait, repeats a fixed number of times.
 * Its count, wait and condition come from count.ts, wait.ts and condition.ts. A loop retrying a
 * parameter of its function (`op()`, `op.get()`) makes the function a retry helper; otherwise the
 * layer is a block over the loop's calls (not one whose error a catch inside the loop swallows:
 * the loop never makes it again for failing, fate.ts swallowedOperations). A function that calls itself with `attempt + 1` when an
 * attempt fails is a loop too (anchored on its declaration).
 */
import type { LayerAttachment, LayerFact, ValueExpr } from "../../../model/facts";
import type { Call, Expr, Loop, LoopFunction, LoopHost, Stmt } from "./ir";
import { BUDGET, buildLoopCx, type LoopCx } from "./context";
import { conditionOf } from "./condition";
import { countBound } from "./count";
import { Scope, short } from "./evaluate";
import { successExits } from "./exits";
import { fateOf, swallowedOperations } from "./fate";
import { ERROR, FAILURES, FALSY, OTHER_THAN_LOCK_HELD, statusOutcome, SUCCESS } from "./outcome";
import { exprsIn, holds, loopsIn, walk } from "./walk";
import { waitOf } from "./wait";

/**
 * methods that transform data in place (decode, parse, serialize, validate): made again on the
 * same input they fail the same way, so a handler repeating one retries nothing
 */
/**
 * Calls a handler makes again that end or clean up, never retry: ending the request or process
 * (`abort(404)`, `exit(1)`), a message to the user (`flash(…)`), releasing what the try opened
 * (`cursor.close()`, `rollback()`). The same call in the try body is the success path's own.
 */
const ENDS_OR_CLEANS_UP = /^(abort|exit|_exit|flash|close|aclose|rollback|release|dispose|cleanup|shutdown|terminate|kill|quit)$/;
const LOCAL_TRANSFORM = /^(decode|encode|loads|dumps|parse|parse_obj|parse_raw|model_validate|model_validate_json|validate|unmarshal|Unmarshal|marshal|Marshal|serialize|deserialize|Serialize|Deserialize|b64decode|b64encode|urlsafe_b64decode|urlsafe_b64encode|fromisoformat|strptime|literal_eval|JSONParse|readValue|writeValueAsString|fromJson|toJson)$/;

/**
 * calls that wait for a child, a thread or a lock rather than call a dependency: `wait()`,
 * `waitpid`, `join`, `wait_for_horse()`, `acquire()`, `TryLock()` (not asyncio's `wait_for(op, t)`,
 * which runs another call under a timeout)
 */
const WAIT_OR_LOCK = /^(wait|waitpid|wait4|join|acquire|try_?acquire|acquire_?lock|lock|try_?lock|obtain_?lock)$|^wait_?for_?[a-z]/i;
const waitsForState = (c: Call) => WAIT_OR_LOCK.test(c.method) && !c.args.some((a) => exprsIn(a).some((e) => e.k === "call" && e.call.role === "operation"));

/**
 * Every operation whose failure goes round waits for a child, a thread or a lock — leaving out a
 * timer the loop arms itself with the very exception it catches (`with
 * death_penalty_class(interval, HorseMonitorTimeoutException)`, `gevent.Timeout(5, Busy)`).
 */
function waitsOnly(cx: LoopCx): boolean {
  const fate = fateOf(cx, ERROR);
  const caught = new Set(fate.retryingCatches.flatMap((c) => c.types).map((t) => t.split(".").pop()!));
  const armsTimer = (c: Call) => c.args.some((a) => (a.k === "name" || a.k === "member") && caught.has(a.text.split(".").pop()!));
  const waited = fate.retriedOperations.filter((c) => !armsTimer(c));
  return waited.length > 0 && waited.every(waitsForState);
}

/** methods that run a functional parameter (`op.get()`, `task.call()`, `fn.Invoke()`) */
const INVOKE_METHODS = new Set(["get", "call", "apply", "run", "execute", "invoke", "accept", "getAsInt", "getAsLong", "getAsBoolean", "Invoke", "DynamicInvoke"]);

/** Detects the retry loops of a file's functions; layers come out outer loop first, in document order. */
export function detectLoops(host: LoopHost): void {
  for (const fn of host.functions) {
    let scope: Scope;
    try {
      scope = new Scope(fn, host.language);
    } catch (err) {
      host.problems.push({ line: fn.anchor.line, message: `retry-loop detector: ${(err as Error).message}` });
      continue;
    }
    const recursion = recursiveRetry(fn);
    const loops = loopsIn(fn.body);
    const retried = catchRetries(fn, loops, host.language);
    for (const loop of [...(recursion ? [recursion.loop] : []), ...loops, ...retried.map((r) => r.loop)]) {
      try {
        const layer = analyzeLoop(host, fn, scope, loop, recursion?.loop === loop ? recursion.info : undefined);
        // the call the handler makes again runs under the layer too
        const again = retried.find((r) => r.loop === loop)?.again;
        if (layer && again?.callId && layer.attach.kind === "block" && !layer.attach.callIds.includes(again.callId)) layer.attach.callIds.push(again.callId);
        if (layer) host.layers.push(layer);
      } catch (err) {
        host.problems.push({ line: loop.anchor.line, message: `retry-loop detector: ${(err as Error).message}` });
      }
    }
  }
}

function analyzeLoop(host: LoopHost, fn: LoopFunction, scope: Scope, loop: Loop, recursion?: LoopCx["recursion"]): LayerFact | null {
  const lang = host.language;
  if (loop.broken) return null;
  const cx = buildLoopCx(fn, scope, lang, loop, recursion);
  /** not a retry layer, and why (the reasons document the decision; nothing reads them) */
  const why = (_reason: string): null => null;
  if (!cx) return why("no operation");
  if (!successExits(cx).length) {
    // a loop that never leaves on success and counts nothing runs for as long as the program: a consumer, a poller, a heartbeat
    if (runsForever(cx)) (host.facts ? (host.facts.longRunningLoops ??= []) : []).push({ functionId: fn.id, span: loop.anchor });
    return why("no success exit");
  }
  if (!FAILURES.some((o) => fateOf(cx, o).retried)) return why("no failure goes round");
  // a function that calls itself again whatever the outcome recurses over something: not a retry
  if (recursion && fateOf(cx, SUCCESS).retried) return why("recurses on success too");
  const errorsRetried = fateOf(cx, ERROR).retried;
  // Without an attempt count (`for {}`, `while True`), a loop whose errors go round only while
  // another holder has a lock (`errors.Is(err, ErrAlreadyLocked)`, `except LockNotAcquired`), or
  // whose only failing operation is itself a wait (`wait_for_horse()` under a monitor timeout,
  // `proc.wait(timeout=…)`, `lock.acquire(timeout=…)`), waits until the holder lets go or the child
  // ends: it retries no failure. Counted (`for attempt in range(4)` around `lock.acquire(timeout=…)`
  // with backoff, giving up after the last), the same loop is a retry: its author counts attempts.
  if (errorsRetried && !countBound(cx).counted) {
    if (![OTHER_THAN_LOCK_HELD, statusOutcome(503), FALSY].some((o) => fateOf(cx, o).retried)) return why("waits for a lock");
    if (waitsOnly(cx) && !FAILURES.slice(1).some((o) => fateOf(cx, o).retried)) return why("waits for a process, thread or lock");
  }
  if (!errorsRetried && iterates(cx)) return why("iterates");
  // a loop counting time (`waited += interval`) waits for a state to change: polling
  if ([...cx.intervalCounters].some((n) => boundsLoop(cx, n))) return why("counts time");
  const bound = countBound(cx);
  const condition = conditionOf(cx);
  // without a wait, a retry repeats a fixed number of times, or goes round on some errors only (a
  // deadlock, a conflict): not a spin, not a scan
  if (!cx.sleeps.length && (!bound.counted || bound.maxAttempts === null) && !(errorsRetried && !condition.allErrors && loop.header.kind === "cond")) return why("no wait, not counted");

  const wait = waitOf(cx);
  const budgetCall = cx.calls.find((c) => BUDGET.test(c.call.callee));
  const budgetName = budgetCall ? null : cx.visited.find((v) => v.expr?.k === "name" && /budget|bucket|throttl|quota/i.test(v.expr.name))?.expr;
  const budget = budgetCall ? `token bucket (${short(budgetCall.call.text, 60)})` : budgetName ? `token bucket (${budgetName.text})` : null;

  const helper = helperParam(fn, scope, cx.operations);
  // the calls the loop retries: not one whose failure a catch inside it swallows (fate.ts)
  const swallowed = swallowedOperations(cx);
  const retriedOps = cx.operations.filter((o) => !swallowed.has(o));
  const attach: LayerAttachment = helper
    ? { kind: "helper", functionId: helper.functionId, paramIndex: helper.index, paramName: helper.name }
    : { kind: "block", functionId: fn.id, callIds: [...new Set((retriedOps.length ? retriedOps : cx.operations).map((o) => o.callId).filter((id): id is string => !!id))] };
  // a helper's count from a parameter default: a caller passing another number gets its own
  const countParam = attach.kind === "helper" && bound.param && bound.maxAttempts !== null ? fn.params.find((p) => p.name === bound.param!.name) : undefined;
  return {
    ...(countParam ? { countParam: { name: countParam.name, index: countParam.index, offset: bound.param!.offset } } : {}),
    localId: host.nextId(loop.key, loop.anchor),
    kind: "retry-loop",
    category: "code",
    library: "hand-rolled",
    anchor: loop.anchor,
    maxAttempts: bound.maxAttempts,
    attemptsSource: bound.fromDefault ? "default" : "config",
    attemptsNote: bound.note,
    timeBound: bound.maxAttempts === null ? bound.timeBound : null,
    ...(bound.countUnknown ? { countUnknown: true } : {}),
    ...(bound.linked
      ? { countExpr: { value: bound.linked.value, scopeId: fn.id, offset: bound.linked.offset, note: `${bound.linked.text}: ${short(linkedText(bound.linked.value), 60)} = $value$origin → $attempts attempts` } }
      : {}),
    wait,
    condition,
    budget,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach,
    label: fn.label,
  };
}

/** The operation is a parameter of the function (or of one around it): `op()`, `op.get()`, `op.Invoke()`. */
function helperParam(fn: LoopFunction, scope: Scope, operations: Call[]): { functionId: string; index: number; name: string } | null {
  for (const op of operations) {
    const name = op.bare ?? (op.receiver && INVOKE_METHODS.has(op.method) ? op.receiver : null);
    // the parameter itself, not a local that shadows it
    if (!name || scope.bindings(name).length) continue;
    for (const f of [{ id: fn.id, params: fn.params }, ...fn.outer]) {
      const p = f.params.find((x) => x.name === name && !x.destructured);
      if (p) return { functionId: f.id, index: p.index, name };
    }
  }
  return null;
}

/**
 * The operation takes a value the loop advances: the item of a loop over data, a cursor or page
 * token carried from one pass to the next, a page index. The loop goes through things; it does not
 * repeat one call.
 */
function iterates(cx: LoopCx): boolean {
  const h = cx.loop.header;
  const advanced = new Set<string>();
  if (h.kind === "items" && !cx.scope.listOf(h.iterable) && !(h.iterable && (cx.scope.evaluate(h.iterable) || cx.scope.repeatsOf(h.iterable)))) for (const v of h.variables) advanced.add(v);
  if (h.kind === "range" && h.variable) advanced.add(h.variable);
  for (const c of cx.counters.keys()) advanced.add(c);
  // a name assigned in the body whose value carries over to the next pass
  const firstRead = new Map<string, number>();
  const firstWrite = new Map<string, number>();
  for (const v of cx.visited) {
    const e = v.expr;
    if (e?.k === "name" && !e.self && !firstRead.has(e.name)) firstRead.set(e.name, e.start);
    if (e?.k === "assign") for (const t of e.targets ?? [e.target]) if (t && !firstWrite.has(t)) firstWrite.set(t, e.start);
  }
  // (a name declared in the body is fresh on each pass)
  const declared = new Set(cx.visited.flatMap((v) => (v.stmt?.k === "decl" ? v.stmt.names : [])));
  for (const [name, at] of firstWrite) {
    if (cx.counters.has(name)) continue;
    const before = cx.scope.bindings(name).some((b) => b.at < cx.loop.start) || cx.scope.param(name) !== undefined;
    if (before || (!declared.has(name) && (firstRead.get(name) ?? Infinity) < at)) advanced.add(name);
  }
  if (!advanced.size) return false;
  // the value goes to the call, or is what is called (`for p in permissions: p(request)`)
  return cx.operations.some((op) => [op.bare, op.receiver].some((n) => !!n && advanced.has(n)) || op.args.some((a) => exprsIn(a).some((e) => e.k === "name" && !e.self && advanced.has(e.name))));
}

/** No count bounds the loop: `for {}`, `while True`, `while (!stopped)`, a range over a channel or a stream (`range claim.Messages()`). */
function runsForever(cx: LoopCx): boolean {
  const h = cx.loop.header;
  if (h.kind === "range") return false;
  if (h.kind === "items") return !!h.iterable && (h.iterable.k === "call" || h.iterable.k === "member") && !cx.scope.listOf(h.iterable) && !cx.scope.repeatsOf(h.iterable);
  return !h.updates.length && !cx.counters.size && ![...cx.intervalCounters].length;
}

/** Does the name bound the loop (in its condition, or a check that leaves it)? */
function boundsLoop(cx: LoopCx, name: string): boolean {
  const h = cx.loop.header;
  const mentions = (e: Expr | null | undefined) => exprsIn(e).some((x) => x.k === "name" && x.name === name);
  if (h.kind === "cond" && mentions(h.cond)) return true;
  return cx.visited.some((v) => v.stmt?.k === "if" && mentions(v.stmt.cond));
}

/**
 * A function that runs itself again when an attempt fails: `return self(…, attempt + 1)`,
 * `self(…, retries - 1)` or a plain self-call guarded by a failure. Its body is the loop body, the
 * self-call the way round. Counting down, the counter may be a local taking the parameter or a
 * fallback (`const left = retries ?? 5`): the fallback is what the first call starts from.
 */
function recursiveRetry(fn: LoopFunction): { loop: Loop; info: NonNullable<LoopCx["recursion"]> } | null {
  if (!fn.name) return null;
  const selfCalls = walk(fn.body)
    .flatMap((v) => (v.expr?.k === "call" && v.expr.call.self ? [v.expr.call] : []));
  if (!selfCalls.length) return null;
  // the attempt parameter: passed to itself plus one, or what is left: minus one
  let counter: string | null = null;
  let step: 1 | -1 = 1;
  let start: Expr | null = null;
  for (const c of selfCalls) {
    for (const a of c.args) {
      const x = a.k === "other" && a.parts.length === 1 ? a.parts[0]! : a;
      if (x.k !== "binary" || (x.op !== "+" && x.op !== "-") || x.left.k !== "name" || x.right.k !== "num" || x.right.value !== 1) continue;
      const name = x.left.name;
      if (fn.params.some((p) => p.name === name)) {
        [counter, step, start] = [name, x.op === "+" ? 1 : -1, null];
        continue;
      }
      const local = x.op === "-" ? paramFallback(fn, name) : null;
      if (local) [counter, step, start] = [name, -1, local];
    }
  }
  if (!counter) return null;
  const loop: Loop = {
    header: { kind: "cond", cond: null, doWhile: false, init: [], updates: [], text: `${fn.name}(…, ${counter} ${step === 1 ? "+" : "-"} 1)` },
    body: fn.body,
    label: null,
    anchor: fn.anchor,
    key: fn.key,
    start: fn.start,
    end: fn.end,
    text: fn.name,
  };
  return { loop, info: { counter, selfCalls, step, start } };
}

/**
 * The value a local of the function's top level takes from a parameter when the caller passes none:
 * `const left = retries ?? 5` / `retries || 5` → 5; `retries === undefined ? 5 : retries`,
 * `retries || retries === 0 ? retries : RETRY_NUMBER` → the branch that is not the parameter. Null otherwise.
 */
function paramFallback(fn: LoopFunction, local: string): Expr | null {
  const decl = fn.body.find((s): s is Extract<Stmt, { k: "decl" }> => s.k === "decl" && s.names.length === 1 && s.names[0] === local);
  const value = decl?.values[0];
  if (!value) return null;
  const isParam = (e: Expr) => e.k === "name" && !e.self && fn.params.some((p) => p.name === e.name);
  const strip = (e: Expr): Expr => (e.k === "other" && e.parts.length === 1 ? strip(e.parts[0]!) : e);
  const v = strip(value);
  if (v.k === "binary" && (v.op === "??" || v.op === "||") && isParam(strip(v.left))) return v.right;
  if (v.k === "ternary" && exprsIn(v.test).some(isParam)) {
    if (isParam(strip(v.then)) && !exprsIn(v.else).some(isParam)) return v.else;
    if (isParam(strip(v.else)) && !exprsIn(v.then).some(isParam)) return v.then;
  }
  return null;
}

/**
 * A handler that makes the failed call once more: `try: op(x) / except E: reconnect(); op(x)`
 * (outside any loop; the same callee with the same arguments, after whatever the handler does
 * first; not a call that builds the exception a `raise` throws, nor a local data transform such as
 * `jwt.decode`, which fails the same way again, nor a call that ends or cleans up: `abort(404)`, `cursor.close()`). That is a retry of two attempts, read as the loop it unrolls:
 * `for _ in range(2): try: op(x); break / except E: reconnect()`, anchored on the handler.
 * Only where the language adapter gives handlers an anchor (Catch.anchor).
 */
function catchRetries(fn: LoopFunction, loops: Loop[], lang: LoopHost["language"]): Array<{ loop: Loop; again: Call }> {
  const out: Array<{ loop: Loop; again: Call }> = [];
  // the operations that may fail and be made again: not the exception a `raise`/`throw` builds
  // (`raise http_401("invalid token")` in the try and in the handler), not a local data transform
  // that gives the same error again on the same input (`jwt.decode(token, key)`, `json.loads(body)`)
  const callsIn = (stmts: Stmt[]) =>
    walk(stmts).flatMap((v) =>
      v.expr?.k === "call" && v.expr.call.role === "operation" && v.expr.call.callee && !v.where.thrown && !LOCAL_TRANSFORM.test(v.expr.call.method) && !ENDS_OR_CLEANS_UP.test(v.expr.call.method) && !lang.buildsObject?.(v.expr.call)
        ? [v.expr.call]
        : [],
    );
  // the call a chain makes on a call's result (`Graph().parse(location=url)`), or the call a call is
  // an argument of (`qs.filter(Q(title=v) | Q(effective_content=v))`): `Graph()` or `Q(title=v)` made
  // again under another `.parse(…, format="xml")` or `qs.filter(… Q(content=v))` is part of a
  // different call, a fallback. Outer calls are walked first, so the innermost enclosing one stays.
  const chainedOn = new Map<Call, Call>();
  for (const w of walk(fn.body)) {
    const outer = w.expr?.k === "call" ? w.expr.call : null;
    if (!outer) continue;
    if (outer.object?.k === "call") chainedOn.set(outer.object.call, outer);
    for (const a of outer.args) for (const e of exprsIn(a)) if (e.k === "call" && e.call !== outer) chainedOn.set(e.call, outer);
  }
  // the same call as written, modulo layout: keyword names and `**spreads` count (`filter(**{"a": v})` is not `filter(**{"b": v})`)
  const written = (c: Call) => c.text.replace(/\s+/g, "").replace(/,\)/g, ")");
  const sameArgs = (a: Call, b: Call) => a.callee === b.callee && a.args.length === b.args.length && a.args.every((x, i) => x.text === b.args[i]!.text) && written(a) === written(b);
  const sameCall = (a: Call, b: Call) => {
    if (!sameArgs(a, b)) return false;
    const [pa, pb] = [chainedOn.get(a), chainedOn.get(b)];
    return pa === undefined || pb === undefined ? pa === pb : sameArgs(pa, pb);
  };
  for (const v of walk(fn.body)) {
    const t = v.stmt;
    if (t?.k !== "try" || loops.some((l) => holds(l, t))) continue;
    const tried = callsIn(t.body);
    for (const c of t.catches) {
      if (!c.anchor) continue;
      const index = c.body.findIndex((s) => s.k !== "loop" && callsIn([s]).some((x) => tried.some((y) => sameCall(x, y))));
      if (index < 0) continue;
      const again = callsIn([c.body[index]!]).find((x) => tried.some((y) => sameCall(x, y)))!;
      // the same call with a value the handler changed first (`path = fallback; load(path)`) is a fallback, not a retry
      const changed = new Set<string>();
      for (const w of walk(c.body.slice(0, index + 1))) {
        if (w.expr?.k === "assign") for (const n of w.expr.targets ?? [w.expr.target]) if (n) changed.add(n);
        if (w.stmt?.k === "decl") for (const n of w.stmt.names) changed.add(n);
      }
      const reads = [...again.args, ...(again.object ? [again.object] : [])].flatMap((a) => exprsIn(a)).filter((e) => e.k === "name" && !e.self);
      if (reads.some((e) => e.k === "name" && changed.has(e.name))) continue;
      // nor with an argument the handler filled in first (`graph.add(triple); OntPub(ontology=graph)`)
      const filled = mutatedBefore(c.body.slice(0, index + 1), again);
      if (again.args.flatMap((a) => exprsIn(a)).some((e) => e.k === "name" && !e.self && filled.has(e.name))) continue;
      // nor on an object the handler first handed such a value (`user = User(…); session.add(user);
      // session.commit()`): the call then acts on what the handler made, a fallback that writes something new
      if (fedChangedValue(c.body.slice(0, index + 1), again, changed)) continue;
      // a call whose value the handler formats into the error it reports (`error = "%s: %s" % (e,
      // cursor.show_job()["debug"])`) reads the failure's details: it does not make the operation again
      if (formattedIntoText(c.body[index]!, again)) continue;
      const pos = { start: t.start, end: t.end, text: t.text };
      const done: Stmt = { ...pos, k: "exit", kind: "break", label: null, value: null };
      const body: Stmt = {
        ...pos,
        k: "try",
        body: [...t.body, ...(t.orelse ? [] : [done])],
        catches: [{ ...c, body: c.body.filter((_, i) => i !== index) }],
        orelse: t.orelse ? [...t.orelse, done] : null,
        final: t.final,
      };
      out.push({
        again,
        loop: {
          ...pos,
          header: { kind: "range", lo: 0, hi: { ...pos, k: "num", value: 2 }, inclusive: false, text: `${short(again.text, 40)} again in ${short(c.text.split("\n")[0]!, 60)}`, variable: null },
          body: [body],
          label: null,
          anchor: c.anchor,
          key: c.key ?? c,
        },
      });
      break;
    }
  }
  return out;
}

/** methods that change a collection or graph in place */
const MUTATES = /^(add|append|extend|update|insert|remove|discard|pop|clear|setdefault|push|unshift|splice|set|put|putAll|addAll)$/;

/** Plain names an earlier call of `stmts` changes in place (`graph.add(…)`, `params.update(…)`). */
function mutatedBefore(stmts: Stmt[], again: Call): Set<string> {
  const out = new Set<string>();
  for (const w of walk(stmts)) {
    const c = w.expr?.k === "call" ? w.expr.call : null;
    if (c && c !== again && c.start < again.start && c.receiver && MUTATES.test(c.method)) out.add(c.receiver);
  }
  return out;
}

/** An earlier call of `stmts` on the object `again` is called on, with an argument that reads a name in `changed`. */
function fedChangedValue(stmts: Stmt[], again: Call, changed: Set<string>): boolean {
  const receiver = again.object?.text;
  if (!receiver || !changed.size) return false;
  return walk(stmts).some(
    (w) =>
      w.expr?.k === "call" &&
      w.expr.call !== again &&
      w.expr.start < again.start &&
      w.expr.call.object?.text === receiver &&
      w.expr.call.args.some((a) => exprsIn(a).some((e) => e.k === "name" && !e.self && changed.has(e.name))),
  );
}

/**
 * `call` is an operand of text being built in `stmt`: `"%s: %s" % (e, call)`, `"failed: " + call`,
 * `"{}: {}".format(e, call)`, `", ".join(call)` (a Python f-string's parts are not lowered: it holds no call here).
 */
function formattedIntoText(stmt: Stmt, call: Call): boolean {
  const holdsCall = (e: Expr) => exprsIn(e).some((x) => x.k === "call" && x.call === call);
  return walk([stmt]).some(({ expr: e }) => {
    if (!e) return false;
    if (e.k === "binary" && (e.op === "%" || e.op === "+")) return (e.left.k === "str" || (e.op === "+" && e.right.k === "str")) && holdsCall(e);
    // a method of a string literal makes text of its arguments (`"{}".format(…)`, `", ".join(…)`)
    return e.k === "call" && e.call !== call && e.call.object?.k === "str" && e.call.args.some(holdsCall);
  });
}

/** A linked bound as the code names it: `OPTIONS["max_retries"]`. */
function linkedText(v: ValueExpr): string {
  if (v.kind === "ref") return v.name;
  if (v.kind === "index") return `${linkedText(v.of)}[${JSON.stringify(v.key)}]`;
  return "?";
}
