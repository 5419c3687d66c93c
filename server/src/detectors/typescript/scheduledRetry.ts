/**
 * A retry by re-running the failed operation later instead of looping: the function that sends
 * (`processEvent`) hands its failure, from a `catch`, to a function of the same file
 * (`handleRetry(event, error)`) which — while a count read from what it was given stays under a
 * bound (`if (retries < maxRetries)`) — runs the first one again, now or from a timer
 * (`setTimeout(() => this.processEvent(event), delay)`), and otherwise gives up. The count is the
 * number of retries made so far (it starts at 0 and each failure records one more), so
 * `retries < N` lets N retries through: N + 1 attempts (`<=`: N + 2). The layer is anchored on the
 * guard and wraps the calls the first function makes in its `try`.
 */
import type { FileFacts, LayerFact, SourceSpan, WaitSpec } from "../../model/facts";
import { calleeText, isFunctionLike, spanOf, ts, unwrap, type FunctionLikeNode } from "../../parsing/typescript";
import type { FileIndex, IdAllocator, IndexedFunction } from "./module";

export function detectScheduledRetries(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const byName = new Map<string, IndexedFunction>();
  for (const f of index.functions) if (f.name) byName.set(f.name, f);
  const callee = (c: ts.CallExpression): IndexedFunction | undefined => {
    const text = calleeText(c.expression);
    const m = /^(?:this\.)?(\w+)$/.exec(text);
    return m ? byName.get(m[1]!) : undefined;
  };
  const callIdAt = (n: ts.Node): string | undefined => {
    const s = spanOf(n, sf);
    return facts.calls.find((c) => c.span.line === s.line && c.span.column === s.column && c.span.endLine === s.endLine && c.span.endColumn === s.endColumn)?.id;
  };
  for (const sender of index.functions) {
    const body = (sender.node as { body?: ts.Node }).body;
    if (!body || !sender.name) continue;
    for (const tryStmt of descendants(body, ts.isTryStatement, sender.node)) {
      const handlerCalls = tryStmt.catchClause ? descendants(tryStmt.catchClause.block, ts.isCallExpression, sender.node) : [];
      for (const hc of handlerCalls) {
        const handler = callee(hc);
        if (!handler || handler === sender) continue;
        const guard = rerunGuard(handler, sender, callee, sf);
        if (!guard) continue;
        const sends = descendants(tryStmt.tryBlock, ts.isCallExpression, sender.node).filter((c) => !/^(console|logger|log|Math|JSON|Date)\./.test(calleeText(c.expression)));
        const callIds = [...new Set(sends.map(callIdAt).filter((x): x is string => !!x))];
        if (!callIds.length) continue;
        const anchor: SourceSpan = spanOf(guard.node, sf);
        const attempts = guard.bound + (guard.inclusive ? 2 : 1);
        const layer: LayerFact = {
          localId: ids.next("L", guard.node, sf),
          kind: "retry-loop",
          category: "code",
          library: "hand-rolled",
          anchor,
          maxAttempts: attempts,
          attemptsSource: "config",
          attemptsNote: `${guard.text} in ${handler.name}(), which runs ${sender.name}() again: ${guard.inclusive ? guard.bound + 1 : guard.bound} retries after the first attempt → ${attempts} attempts`,
          timeBound: null,
          wait: guard.wait,
          condition: {
            allErrors: true,
            exceptionTypes: [],
            statuses: [],
            retryOn: [],
            afterSendMethods: "all",
            permanentErrors: "every error the try block throws",
            honoursRetryAfter: null,
            description: `any error ${sender.name}() catches`,
          },
          budget: null,
          perTryTimeoutSeconds: null,
          overallTimeoutSeconds: null,
          attach: { kind: "block", functionId: sender.id, callIds },
          label: sender.name,
        };
        facts.layers.push(layer);
        return;
      }
    }
  }
}

interface Guard {
  node: ts.IfStatement;
  bound: number;
  inclusive: boolean;
  text: string;
  wait: WaitSpec;
}

/** `if (count < N) { … sender(…) … }` in the handler, with the run of the sender (maybe in a timer callback) only on that branch. */
function rerunGuard(handler: IndexedFunction, sender: IndexedFunction, callee: (c: ts.CallExpression) => IndexedFunction | undefined, sf: ts.SourceFile): Guard | null {
  const body = (handler.node as { body?: ts.Node }).body;
  if (!body) return null;
  for (const stmt of descendants(body, ts.isIfStatement, handler.node)) {
    const cond = unwrap(stmt.expression);
    if (!ts.isBinaryExpression(cond)) continue;
    const op = cond.operatorToken.kind;
    let counter: ts.Expression;
    let limit: ts.Expression;
    if (op === ts.SyntaxKind.LessThanToken || op === ts.SyntaxKind.LessThanEqualsToken) [counter, limit] = [cond.left, cond.right];
    else if (op === ts.SyntaxKind.GreaterThanToken || op === ts.SyntaxKind.GreaterThanEqualsToken) [counter, limit] = [cond.right, cond.left];
    else continue;
    const bound = numberOf(limit, handler.node);
    if (bound === null || !(ts.isIdentifier(unwrap(counter)) || ts.isPropertyAccessExpression(unwrap(counter)))) continue;
    // the sender runs again on this branch only, directly or from a callback written there
    const reruns = (n: ts.Node | undefined) => !!n && descendants(n, ts.isCallExpression, null).some((c) => callee(c) === sender);
    if (!reruns(stmt.thenStatement) || reruns(stmt.elseStatement)) continue;
    // and records one more: `retries + 1` (stored with the item), `attempt++`, `attempt += 1`
    const name = unwrap(counter).getText(sf);
    const counts = descendants(stmt.thenStatement, (n): n is ts.Expression => ts.isBinaryExpression(n) || ts.isPostfixUnaryExpression(n) || ts.isPrefixUnaryExpression(n), null).some((n) => {
      if (ts.isBinaryExpression(n)) return [ts.SyntaxKind.PlusToken, ts.SyntaxKind.PlusEqualsToken].includes(n.operatorToken.kind) && unwrap(n.left).getText(sf) === name && ts.isNumericLiteral(unwrap(n.right)) && unwrap(n.right).getText(sf) === "1";
      return (n as ts.PostfixUnaryExpression | ts.PrefixUnaryExpression).operator === ts.SyntaxKind.PlusPlusToken && unwrap((n as ts.PostfixUnaryExpression).operand).getText(sf) === name;
    });
    if (!counts) continue;
    const timer = descendants(stmt.thenStatement, ts.isCallExpression, null).find((c) => /^(setTimeout|setImmediate|process\.nextTick|queueMicrotask)$/.test(calleeText(c.expression)));
    const delay = timer?.arguments[1];
    const delayText = delay ? delay.getText(sf) : "";
    const inclusive = op === ts.SyntaxKind.LessThanEqualsToken || op === ts.SyntaxKind.GreaterThanEqualsToken;
    const wait: WaitSpec = timer && delay
      ? {
          kind: /Math\.pow|\*\*|<</.test(resolvedText(delay, handler.node, sf)) ? "exponential" : "fixed",
          jitter: /Math\.random/.test(resolvedText(delay, handler.node, sf)),
          initialSeconds: null,
          maxSeconds: null,
          source: "config",
          description: `re-run scheduled with ${calleeText(timer.expression)}(…, ${delayText})`,
        }
      : { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: "config", description: "runs again at once" };
    return { node: stmt, bound, inclusive, text: `if (${cond.getText(sf)})`, wait };
  }
  return null;
}

/** A number literal, or a `const` of the function (or the file) initialised to one. */
function numberOf(e: ts.Expression, fn: FunctionLikeNode): number | null {
  const x = unwrap(e);
  if (ts.isNumericLiteral(x)) return Number(x.text);
  if (!ts.isIdentifier(x)) return null;
  const decl = constNamed(x.text, fn);
  const init = decl?.initializer ? unwrap(decl.initializer) : undefined;
  return init && ts.isNumericLiteral(init) ? Number(init.text) : null;
}

/** The text of an expression with a local `const` it names replaced by its initialiser (one level). */
function resolvedText(e: ts.Expression, fn: FunctionLikeNode, sf: ts.SourceFile): string {
  const x = unwrap(e);
  if (ts.isIdentifier(x)) return constNamed(x.text, fn)?.initializer?.getText(sf) ?? x.text;
  return x.getText(sf);
}

function constNamed(name: string, fn: FunctionLikeNode): ts.VariableDeclaration | undefined {
  const scopes: ts.Node[] = [fn, fn.getSourceFile()];
  for (const scope of scopes) {
    const hit = descendants(scope, ts.isVariableDeclaration, scope === fn ? fn : null).find(
      (d) => ts.isIdentifier(d.name) && d.name.text === name && !!d.parent && ts.isVariableDeclarationList(d.parent) && (d.parent.flags & ts.NodeFlags.Const) !== 0,
    );
    if (hit) return hit;
  }
  return undefined;
}

/** Nodes of a kind under `root`; with `owner`, not inside functions nested in it. */
function descendants<T extends ts.Node>(root: ts.Node, is: (n: ts.Node) => n is T, owner: ts.Node | null): T[] {
  const out: T[] = [];
  const visit = (n: ts.Node) => {
    if (owner && n !== owner && isFunctionLike(n)) return;
    if (is(n)) out.push(n);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(root, visit);
  return out;
}
