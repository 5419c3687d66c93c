/**
 * Hand-rolled retry loops and retry helpers in TypeScript/JavaScript: the TypeScript syntax tree
 * lowered into the shared loop form (detectors/shared/loops/ir.ts), whose analysis decides,
 * counts and describes them for every language. This file only knows JS: which awaited calls sleep
 * (`sleep`/`delay(ms)`, `new Promise(r => setTimeout(r, ms))`, `setTimeout(ms)` from
 * `node:timers/promises`, `promisify(setTimeout)`, a local helper building such a promise), which
 * calls are bookkeeping (`console.*`, `Math.*`, `res.json()`, predicates on the error, header
 * reads), response statuses (`res.status`, `err.response?.status`, `res.ok`), membership
 * (`[429, 503].includes(res.status)`, `RETRYABLE.has(…)`), and how JS spells loops. Delays are in
 * milliseconds. Inline callbacks passed to local or imported helpers are named for the linker.
 */
import type { CallFact, FileFacts } from "../../model/facts";
import { calleeText, calledMember, isFunctionLike, spanOf, ts, unwrap, type FunctionLikeNode } from "../../parsing/typescript";
import { detectLoops } from "../shared/loops/analyze";
import type { BinaryOp, Call, Catch, Expr, Header, Loop, LoopFunction, LoopLanguage, Param, Stmt } from "../shared/loops/ir";
import { MODULE, type FileIndex, type IdAllocator } from "./module";

/** Callee names read as a sleep when awaited, wherever they come from (`sleep`, `utils.delay`). */
const SLEEP_NAMES = /^(sleep|delay|sleepMs|delayMs|snooze)$/;
/** Packages whose default/named export sleeps: `delay`, `sleep-promise`, `timers/promises`. */
const SLEEP_MODULES = new Set(["delay", "sleep-promise", "await-sleep", "yoctodelay", "node:timers/promises", "timers/promises"]);
/** Calls that are bookkeeping, not the operation being retried. */
const NOT_RETRIED =
  /^(console|Math|Date|JSON|Number|Object|Array|String|Boolean|Promise|Reflect|Symbol|crypto|performance|process|logger|log|LOG|LOGGER|metrics|tracer|span)\.|^(console|Number|String|Boolean|parseInt|parseFloat|isNaN|isFinite|Error|setTimeout|clearTimeout|require|structuredClone|encodeURIComponent|decodeURIComponent)$|\.(log|debug|info|warn|error|trace|push|json|text|blob|arrayBuffer|formData|then|catch|finally|toString|toFixed|includes|has|set|add|emit|inc|observe|abort|now|headers\.get|child|map|filter|reduce|forEach|find|some|every|keys|values|entries|join|split|slice|replace|trim|startsWith|endsWith|toLowerCase|toUpperCase)$/;
/** Predicates on the error (`isRetryable(err)`) and header reads are not the operation either. */
const PREDICATE = /(^|\.)(is|should|can|has)[A-Z]\w*$|(^|\.)headers\.get$/;
const CONNECTS = /^(connect|createConnection|createClient|ping|dial|open|getConnection)$/i;
const BODY_READERS = /^(json|text|blob|arrayBuffer|formData)$/;
const STATUS_PROPS = new Set(["status", "statusCode"]);

export function extractRetryLoops(sf: ts.SourceFile, index: FileIndex, facts: FileFacts, ids: IdAllocator): void {
  const ctx = new LoopContext(sf, index, facts);
  try {
    const scopes = new Set<FunctionLikeNode | ts.SourceFile>();
    const visit = (n: ts.Node): void => {
      if (ts.isForStatement(n) || ts.isWhileStatement(n) || ts.isDoStatement(n) || ts.isForOfStatement(n) || ts.isForInStatement(n)) scopes.add(index.enclosingNode(n) ?? sf);
      ts.forEachChild(n, visit);
    };
    visit(sf);
    // functions that call themselves (a recursive retry)
    for (const c of index.calls) {
      const fn = index.enclosingNode(c);
      if (fn && selfCall(ctx, c, fn)) scopes.add(fn);
    }
    if (scopes.size) {
      const lower = new TsLowering(ctx);
      const functions = [...scopes].sort((a, b) => a.getStart(sf) - b.getStart(sf)).map((s) => lower.fn(s));
      detectLoops({
        language: lower.language(),
        functions,
        nextId: (key) => ids.next("L", key as ts.Node, sf),
        layers: facts.layers,
        problems: facts.problems,
        facts,
      });
    }
  } catch (err) {
    facts.problems.push({ line: 1, message: `retry-loop detector: ${(err as Error).message}` });
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
      // an arrow function keeps the method's `this` (`withHeartbeat(() => this.handleDisconnect(…))`)
      const at = this.index.enclosingId(call).replace(/(\.<anon@[^.]*>)+$/, "");
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

// ---------------------------------------------------------------------------------------------
// Lowering into the shared loop form

/** The call runs the function it is written in again: `f(…)` in `f`, `this.m(…)` in method `m`. */
function selfCall(ctx: LoopContext, c: ts.CallExpression, fn: FunctionLikeNode): boolean {
  const callee = unwrap(c.expression);
  const name = fn.name && (ts.isIdentifier(fn.name) || ts.isPrivateIdentifier(fn.name)) ? fn.name.text : ctx.index.entryOf(fn)?.name;
  if (!name) return false;
  if (ts.isIdentifier(callee)) return callee.text === name && ctx.index.resolveName(name, c)?.node === fn;
  if (ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword) return ts.isMethodDeclaration(fn) && callee.name.text === name;
  return false;
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

/**
 * `this.maxRetries`: a class field initializer, a constructor parameter property default, or what
 * the constructor assigns it (`this.maxRetries = maxRetries` with `{ maxRetries = 3 } = {}`: the default).
 */
function thisMember(name: string, at: ts.Node): { init: ts.Expression; isDefault: boolean } | undefined {
  for (let p: ts.Node | undefined = at.parent; p; p = p.parent) {
    if (!ts.isClassLike(p)) continue;
    for (const m of p.members) {
      if (ts.isPropertyDeclaration(m) && m.name.getText() === name && m.initializer) return { init: m.initializer, isDefault: false };
      if (!ts.isConstructorDeclaration(m)) continue;
      for (const param of m.parameters) if (ts.isIdentifier(param.name) && param.name.text === name && param.initializer) return { init: param.initializer, isDefault: true };
      for (const s of m.body?.statements ?? []) {
        const e = ts.isExpressionStatement(s) ? unwrap(s.expression) : undefined;
        if (!e || !ts.isBinaryExpression(e) || e.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
        const left = unwrap(e.left);
        if (!ts.isPropertyAccessExpression(left) || left.expression.kind !== ts.SyntaxKind.ThisKeyword || left.name.text !== name) continue;
        const right = unwrap(e.right);
        // a constructor parameter: its default
        const b = ts.isIdentifier(right) ? bindingOf(right.text, right) : null;
        if (b?.isDefault) return b.init ? { init: b.init, isDefault: true } : undefined;
        return { init: e.right, isDefault: false };
      }
    }
    return undefined;
  }
  return undefined;
}

const BINARY: Partial<Record<ts.SyntaxKind, BinaryOp>> = {
  [ts.SyntaxKind.PlusToken]: "+",
  [ts.SyntaxKind.MinusToken]: "-",
  [ts.SyntaxKind.AsteriskToken]: "*",
  [ts.SyntaxKind.SlashToken]: "/",
  [ts.SyntaxKind.PercentToken]: "%",
  [ts.SyntaxKind.AsteriskAsteriskToken]: "**",
  [ts.SyntaxKind.LessThanLessThanToken]: "<<",
  [ts.SyntaxKind.GreaterThanGreaterThanToken]: ">>",
  [ts.SyntaxKind.LessThanToken]: "<",
  [ts.SyntaxKind.LessThanEqualsToken]: "<=",
  [ts.SyntaxKind.GreaterThanToken]: ">",
  [ts.SyntaxKind.GreaterThanEqualsToken]: ">=",
  [ts.SyntaxKind.EqualsEqualsToken]: "==",
  [ts.SyntaxKind.EqualsEqualsEqualsToken]: "==",
  [ts.SyntaxKind.ExclamationEqualsToken]: "!=",
  [ts.SyntaxKind.ExclamationEqualsEqualsToken]: "!=",
  [ts.SyntaxKind.AmpersandAmpersandToken]: "&&",
  [ts.SyntaxKind.BarBarToken]: "||",
  [ts.SyntaxKind.QuestionQuestionToken]: "??",
  [ts.SyntaxKind.AmpersandToken]: "&",
  [ts.SyntaxKind.BarToken]: "|",
  [ts.SyntaxKind.CaretToken]: "^",
};

class TsLowering {
  private readonly sf: ts.SourceFile;
  private current: FunctionLikeNode | null = null;
  private readonly lowered = new Map<ts.Node, Expr>();

  constructor(private readonly ctx: LoopContext) {
    this.sf = ctx.sf;
  }

  private at(n: ts.Node) {
    return { start: n.getStart(this.sf), end: n.getEnd(), text: n.getText(this.sf) };
  }

  language(): LoopLanguage {
    return {
      errors: "exceptions",
      // a JS catch takes every error: what it retries is what its checks let through
      exceptions: { every: () => true, includes4xx: () => null, connectOnly: () => false },
      resolveOuter: (name, _at, fn, self) => {
        const node = fn.key as ts.Node;
        if (self) {
          const m = thisMember(name, node);
          return m ? { value: this.expr(m.init), kind: "field", fromDefault: m.isDefault } : null;
        }
        const b = ts.isSourceFile(node) ? null : bindingOf(name, node);
        if (b) return { value: b.init ? this.expr(b.init) : null, kind: "outer" };
        return null;
      },
    };
  }

  fn(node: FunctionLikeNode | ts.SourceFile): LoopFunction {
    const index = this.ctx.index;
    const module = ts.isSourceFile(node);
    const id = module ? MODULE : (index.idOf(node) ?? index.enclosingId(node));
    const saved = this.current;
    this.current = module ? null : node;
    const body = module ? this.stmts(node.statements) : node.body && ts.isBlock(node.body) ? this.stmts(node.body.statements) : [];
    this.current = saved;
    const outer: LoopFunction["outer"] = [];
    for (let p = module ? undefined : index.enclosingNode(node); p; p = index.enclosingNode(p)) outer.push({ id: index.idOf(p) ?? index.enclosingId(p), params: this.params(p) });
    const decl = module ? node : (index.entryOf(node)?.declaration ?? node);
    return {
      id,
      label: id === MODULE ? "module" : id,
      name: module ? null : node.name && ts.isIdentifier(node.name) ? node.name.text : (index.entryOf(node)?.name ?? null),
      params: module ? [] : this.params(node),
      outer,
      body,
      start: module ? 0 : node.getStart(this.sf),
      end: node.getEnd(),
      anchor: spanOf(decl, this.sf),
      key: node,
      raisesOnStatus: false,
      readsRetryAfter: /retry-after/i.test((module ? this.sf : node).getText(this.sf)),
    };
  }

  private params(fn: FunctionLikeNode): Param[] {
    const out: Param[] = [];
    fn.parameters.forEach((p, index) => {
      if (ts.isIdentifier(p.name)) out.push({ name: p.name.text, index, default: p.initializer ? this.expr(p.initializer) : null });
      else if (ts.isObjectBindingPattern(p.name)) {
        for (const el of p.name.elements) if (ts.isIdentifier(el.name)) out.push({ name: el.name.text, index, default: el.initializer ? this.expr(el.initializer) : null, destructured: true });
      }
    });
    return out;
  }

  // ------------------------------------------------------------------------------ statements

  private stmts(list: readonly ts.Statement[]): Stmt[] {
    return list.flatMap((s) => this.stmt(s));
  }

  private block(s: ts.Statement | undefined): Stmt[] {
    if (!s) return [];
    return ts.isBlock(s) ? this.stmts(s.statements) : this.stmt(s);
  }

  private stmt(s: ts.Statement, label: string | null = null): Stmt[] {
    const p = this.at(s);
    if (ts.isBlock(s)) return [{ ...p, k: "block", body: this.stmts(s.statements) }];
    if (ts.isExpressionStatement(s)) return [{ ...p, k: "expr", e: this.expr(s.expression) }];
    if (ts.isVariableStatement(s)) return s.declarationList.declarations.flatMap((d) => this.decl(d));
    if (ts.isIfStatement(s)) return [{ ...p, k: "if", init: null, cond: this.expr(s.expression), then: this.block(s.thenStatement), else: s.elseStatement ? this.block(s.elseStatement) : null }];
    if (ts.isReturnStatement(s)) return [{ ...p, k: "exit", kind: "return", label: null, value: s.expression ? this.expr(s.expression) : null }];
    if (ts.isThrowStatement(s)) return [{ ...p, k: "exit", kind: "throw", label: null, value: this.expr(s.expression) }];
    if (ts.isBreakStatement(s) || ts.isContinueStatement(s)) return [{ ...p, k: "exit", kind: ts.isBreakStatement(s) ? "break" : "continue", label: s.label?.text ?? null, value: null }];
    if (ts.isTryStatement(s)) {
      const catches: Catch[] = s.catchClause ? [{ ...this.at(s.catchClause), types: [], all: true, filter: null, filterText: null, body: this.stmts(s.catchClause.block.statements) }] : [];
      return [{ ...p, k: "try", body: this.stmts(s.tryBlock.statements), catches, orelse: null, final: s.finallyBlock ? this.stmts(s.finallyBlock.statements) : null }];
    }
    if (ts.isSwitchStatement(s)) {
      const cases = s.caseBlock.clauses.map((c) => ({ values: ts.isCaseClause(c) ? [this.expr(c.expression)] : null, body: this.stmts(c.statements) }));
      return [{ ...p, k: "switch", init: null, tag: this.expr(s.expression), cases }];
    }
    if (ts.isLabeledStatement(s)) return this.stmt(s.statement, s.label.text);
    if (ts.isForStatement(s) || ts.isWhileStatement(s) || ts.isDoStatement(s) || ts.isForOfStatement(s) || ts.isForInStatement(s)) return [{ ...p, k: "loop", loop: this.loop(s, label) }];
    return [];
  }

  /** `const x = e`; a destructuring binds each name to its part of the value, or to its default (`const { retries = 3 } = opts`). */
  private decl(d: ts.VariableDeclaration): Stmt[] {
    const p = this.at(d);
    if (ts.isIdentifier(d.name)) return [{ ...p, k: "decl", names: [d.name.text], values: d.initializer ? [this.expr(d.initializer)] : [] }];
    const out: Stmt[] = [];
    const bind = (name: ts.BindingName, value: Expr | null) => {
      if (ts.isIdentifier(name)) {
        out.push({ ...p, k: "decl", names: [name.text], values: value ? [value] : [] });
        return;
      }
      name.elements.forEach((el, i) => {
        if (ts.isOmittedExpression(el)) return;
        const at = this.at(el);
        const key = ts.isObjectBindingPattern(name) ? (el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : ts.isIdentifier(el.name) ? el.name.text : null) : null;
        let part: Expr | null = value && (key !== null ? { ...at, k: "member", object: value, name: key } : ts.isArrayBindingPattern(name) ? { ...at, k: "index", object: value, index: { ...at, k: "num", value: i } } : null);
        if (el.initializer) {
          const dflt = this.expr(el.initializer);
          part = part ? { ...at, k: "binary", op: "??", left: part, right: dflt } : dflt;
        }
        bind(el.name, part);
      });
    };
    bind(d.name, d.initializer ? this.expr(d.initializer) : null);
    return out;
  }

  private loop(s: ts.IterationStatement, label: string | null): Loop {
    const parent = ts.isLabeledStatement(s.parent) ? s.parent : s;
    const siblings = ts.isBlock(parent.parent) || ts.isSourceFile(parent.parent) ? (parent.parent as ts.Block).statements : undefined;
    const next = siblings ? siblings[siblings.indexOf(parent as ts.Statement) + 1] : undefined;
    return {
      ...this.at(s),
      header: this.header(s),
      body: this.block(s.statement),
      label,
      anchor: spanOf(s, this.sf),
      key: s,
      after: next ? (this.stmt(next)[0] ?? null) : null,
      broken: hasSyntaxError(s),
    };
  }

  private header(s: ts.IterationStatement): Header {
    if (ts.isForOfStatement(s) || ts.isForInStatement(s)) {
      const names: string[] = [];
      const init = s.initializer;
      const collect = (n: ts.Node) => {
        if (ts.isIdentifier(n)) names.push(n.text);
        else ts.forEachChild(n, collect);
      };
      if (ts.isVariableDeclarationList(init)) for (const d of init.declarations) collect(d.name);
      else collect(init);
      const simple = ts.isVariableDeclarationList(init) && init.declarations[0] && ts.isIdentifier(init.declarations[0].name) ? init.declarations[0].name.text : null;
      const word = ts.isForOfStatement(s) ? "of" : "in";
      return { kind: "items", iterable: ts.isForOfStatement(s) ? this.expr(s.expression) : null, text: `for … ${word} ${short(s.expression.getText(this.sf))}`, variables: names, valueVar: ts.isForOfStatement(s) ? simple : null };
    }
    if (ts.isForStatement(s)) {
      const init: Array<{ name: string; value: Expr | null }> = [];
      const i = s.initializer;
      if (i && ts.isVariableDeclarationList(i)) for (const d of i.declarations) if (ts.isIdentifier(d.name)) init.push({ name: d.name.text, value: d.initializer ? this.expr(d.initializer) : null });
      if (i && ts.isBinaryExpression(i) && ts.isIdentifier(i.left) && i.operatorToken.kind === ts.SyntaxKind.EqualsToken) init.push({ name: i.left.text, value: this.expr(i.right) });
      return { kind: "cond", cond: s.condition ? this.expr(s.condition) : null, doWhile: false, init, updates: s.incrementor ? [this.expr(s.incrementor)] : [], text: s.condition?.getText(this.sf) ?? "" };
    }
    const w = s as ts.WhileStatement | ts.DoStatement;
    return { kind: "cond", cond: this.expr(w.expression), doWhile: ts.isDoStatement(s), init: [], updates: [], text: w.expression.getText(this.sf) };
  }

  // ----------------------------------------------------------------------------- expressions

  expr(n: ts.Expression): Expr {
    const hit = this.lowered.get(n);
    if (hit) return hit;
    const e = this.lower(n);
    this.lowered.set(n, e);
    return e;
  }

  private lower(n0: ts.Expression): Expr {
    const p = this.at(n0);
    const n = unwrap(n0);
    if (ts.isAwaitExpression(n)) return this.awaited(n);
    if (ts.isNumericLiteral(n)) return { ...p, k: "num", value: Number(n.text) };
    if (ts.isStringLiteralLike(n)) return { ...p, k: "str", value: n.text };
    if (n.kind === ts.SyntaxKind.TrueKeyword || n.kind === ts.SyntaxKind.FalseKeyword) return { ...p, k: "bool", value: n.kind === ts.SyntaxKind.TrueKeyword };
    if (n.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(n) && n.text === "undefined")) return { ...p, k: "nil" };
    if (ts.isIdentifier(n)) return { ...p, k: "name", name: n.text };
    if (isFunctionLike(n)) return { ...p, k: "closure" };
    if (ts.isPropertyAccessExpression(n)) {
      if (n.expression.kind === ts.SyntaxKind.ThisKeyword) return { ...p, k: "name", name: n.name.text, self: true };
      if (STATUS_PROPS.has(n.name.text)) return { ...p, k: "status", of: this.expr(n.expression) };
      if (n.name.text === "ok" && !ts.isPropertyAccessExpression(n.parent)) return { ...p, k: "ok", of: this.expr(n.expression) };
      return { ...p, k: "member", object: this.expr(n.expression), name: n.name.text };
    }
    if (ts.isElementAccessExpression(n)) return { ...p, k: "index", object: this.expr(n.expression), index: this.expr(n.argumentExpression) };
    const repeats = placeholderCount(n);
    if (repeats) return { ...p, k: "repeat", count: this.expr(repeats) };
    if (ts.isCallExpression(n)) return this.call(n, false);
    if (ts.isNewExpression(n)) {
      const args = n.arguments ?? [];
      // `new Set([429, 503])`: the listed values
      if (/^(Set|Array)$/.test(calleeText(n.expression)) && args.length === 1 && ts.isArrayLiteralExpression(unwrap(args[0]!))) return this.expr(args[0]!);
      return { ...p, k: "other", parts: args.map((a) => this.expr(a)) };
    }
    if (ts.isArrayLiteralExpression(n)) return n.elements.some((x) => ts.isSpreadElement(x)) ? { ...p, k: "other", parts: n.elements.map((x) => this.expr(ts.isSpreadElement(x) ? x.expression : x)) } : { ...p, k: "list", items: n.elements.map((x) => this.expr(x)) };
    if (ts.isConditionalExpression(n)) return { ...p, k: "ternary", test: this.expr(n.condition), then: this.expr(n.whenTrue), else: this.expr(n.whenFalse) };
    if (ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) {
      const operand = unwrap(n.operand);
      if ((n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken) && ts.isIdentifier(operand)) {
        return { ...p, k: "update", target: operand.text, step: n.operator === ts.SyntaxKind.PlusPlusToken ? 1 : -1, prefix: ts.isPrefixUnaryExpression(n) };
      }
      const op = n.operator === ts.SyntaxKind.ExclamationToken ? "!" : n.operator === ts.SyntaxKind.MinusToken ? "-" : n.operator === ts.SyntaxKind.PlusToken ? "+" : null;
      return op ? { ...p, k: "unary", op, operand: this.expr(n.operand) } : { ...p, k: "other", parts: [this.expr(n.operand)] };
    }
    if (ts.isBinaryExpression(n)) {
      const kind = n.operatorToken.kind;
      if (kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment) {
        const left = unwrap(n.left);
        const target = ts.isIdentifier(left) ? left.text : null;
        return { ...p, k: "assign", target, op: n.operatorToken.getText(this.sf), value: this.expr(n.right) };
      }
      if (kind === ts.SyntaxKind.CommaToken) return { ...p, k: "other", parts: [this.expr(n.left), this.expr(n.right)] };
      const op = BINARY[kind];
      return op ? { ...p, k: "binary", op, left: this.expr(n.left), right: this.expr(n.right) } : { ...p, k: "other", parts: [this.expr(n.left), this.expr(n.right)] };
    }
    const parts: Expr[] = [];
    ts.forEachChild(n, (c) => {
      if (ts.isExpression(c)) parts.push(this.expr(c));
      else if (ts.isTemplateSpan(c)) parts.push(this.expr(c.expression));
    });
    return { ...p, k: "other", parts };
  }

  /** `await x`: a sleep when `x` sleeps, else `x` itself. */
  private awaited(n: ts.AwaitExpression): Expr {
    const inner = unwrap(n.expression);
    const s = this.ctx.sleepDelay(n.expression);
    if (s) {
      const call = ts.isCallExpression(inner) ? this.call(inner, true) : null;
      const sleep = { delay: s.delay ? this.expr(s.delay) : null, unitSeconds: 0.001, inner: s.inner ? this.expr(s.inner) : null };
      if (call?.k === "call") return { ...call, call: { ...call.call, role: "sleep", sleep } };
      const p = this.at(n);
      return { ...p, k: "call", call: { ...p, callee: "Promise", qualified: "Promise", method: "Promise", receiver: null, bare: null, object: null, args: [], role: "sleep", sleep } };
    }
    if (ts.isCallExpression(inner) && !this.lowered.has(inner)) {
      const e = this.call(inner, true);
      this.lowered.set(inner, e);
      return e;
    }
    return this.expr(n.expression);
  }

  private call(n: ts.CallExpression, awaited: boolean): Expr {
    const p = this.at(n);
    const callee = unwrap(n.expression);
    const name = calleeText(n.expression);
    const method = calledMember(n) ?? "";
    const receiver = ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee) ? callee.expression : undefined;
    // `[429, 503].includes(res.status)`, `RETRYABLE.has(res.status)`
    if (receiver && (method === "includes" || method === "has") && n.arguments.length === 1) {
      return { ...p, k: "in", item: this.expr(n.arguments[0]!), collection: this.expr(receiver), negated: false };
    }
    const local = this.ctx.localFunction(n);
    const bookkeeping =
      n.expression.kind === ts.SyntaxKind.ImportKeyword ||
      // an awaited call does I/O (`await client.set(k, v)`), unless it only reads a body
      (NOT_RETRIED.test(name) && (!awaited || BODY_READERS.test(method))) ||
      PREDICATE.test(name) ||
      // a local function that only sleeps is a sleep when awaited, and bookkeeping when not
      (!!local && this.ctx.sleepers.has(local.node) && !awaited);
    const call: Call = {
      ...p,
      callee: name,
      qualified: name,
      method,
      receiver: receiver && ts.isIdentifier(unwrap(receiver)) ? (unwrap(receiver) as ts.Identifier).text : null,
      bare: ts.isIdentifier(callee) ? callee.text : null,
      object: receiver ? this.expr(receiver) : !ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee) ? this.expr(callee) : null,
      args: n.arguments.map((a) => this.expr(a)),
      role: bookkeeping ? "bookkeeping" : "operation",
      callId: this.ctx.callFact(n)?.id,
      ...(this.current && selfCall(this.ctx, n, this.current) ? { self: true } : {}),
      ...(CONNECTS.test(method) ? { connects: true } : {}),
    };
    return { ...p, k: "call", call };
  }
}

/** methods of an array that keep its length (`Array(5).fill(0)`, `.keys()`, `.map(fn)`) */
const SAME_LENGTH = new Set(["fill", "keys", "values", "entries", "map"]);

/**
 * The length of an array built only to be iterated a number of times: `Array.from({ length: n })`
 * (with or without a map function), `new Array(n)` / `Array(n)` (holes, which for … of still
 * visits), `[...Array(n)]`, and those through a length-keeping method (`.fill()`, `.keys()`,
 * `.map(fn)`). Null for anything else (`new Array(a, b)` lists its arguments).
 */
function placeholderCount(e0: ts.Expression, depth = 0): ts.Expression | null {
  const e = unwrap(e0);
  if (depth > 4) return null;
  if ((ts.isNewExpression(e) || ts.isCallExpression(e)) && calleeText(e.expression) === "Array") {
    const args = e.arguments ?? [];
    const only = args.length === 1 ? unwrap(args[0]!) : undefined;
    return only && !ts.isArrayLiteralExpression(only) && !ts.isSpreadElement(args[0]!) && !ts.isStringLiteralLike(only) ? args[0]! : null;
  }
  if (ts.isCallExpression(e) && calleeText(e.expression) === "Array.from" && e.arguments.length >= 1) {
    const src = unwrap(e.arguments[0]!);
    if (ts.isObjectLiteralExpression(src) && src.properties.length === 1) {
      const prop = src.properties[0]!;
      if (ts.isPropertyAssignment(prop) && prop.name.getText() === "length") return prop.initializer;
      return null;
    }
    return placeholderCount(src, depth + 1);
  }
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && SAME_LENGTH.has(e.expression.name.text)) return placeholderCount(e.expression.expression, depth + 1);
  if (ts.isArrayLiteralExpression(e) && e.elements.length === 1 && ts.isSpreadElement(e.elements[0]!)) return placeholderCount(e.elements[0]!.expression, depth + 1);
  return null;
}

function short(text: string, max = 60): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** The parser recovered from an error inside the node (half a loop). */
function hasSyntaxError(n: ts.Node): boolean {
  let bad = false;
  const visit = (x: ts.Node): void => {
    if (bad) return;
    if (x.flags & ts.NodeFlags.ThisNodeHasError || (ts.isIdentifier(x) && x.text === "" && x.getFullWidth() === 0)) bad = true;
    else ts.forEachChild(x, visit);
  };
  visit(n);
  return bad;
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
