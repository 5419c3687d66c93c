/**
 * Off-path code layers (docs/design.md "off-path layer"): a retry in code that runs only while
 * the program starts — a connect-at-boot loop, a wait for a port, a database or a broker, a
 * fixture or migration load — is reported, with why, and never multiplied into request paths.
 *
 * Startup code: module top-level code, Go `main`/`init`, a static `main`/`Main`, and a function
 * that starts serving (`app.listen(…)`, `http.ListenAndServe`, `uvicorn.run`, `server.Serve`):
 * what it does before and around that runs once. A function runs only at startup when every call
 * of it comes from startup code — not from a request handler, not from a callback someone else
 * invokes (a function passed as a value), and not from inside a loop that runs for as long as the
 * program does (FileFacts.longRunningLoops: a consumer handles each message). A retry loop that
 * (re)connects — dials, connects, pings — is off-path when only startup code starts it, even
 * through such a loop (a reconnect loop of a background consumer). A callable handed to a call that
 * runs it now (`executor.submit(fn)`, CallFact.invokesArg) runs from where that call is. A loop that
 * pings or connects to a child process its own code starts (`subprocess.Popen` of a local server,
 * then `ping()` until it answers) waits for that process to come up: off-path wherever it runs.
 * Go code a default build leaves out (a `//go:build wireinject` injector template) calls nothing;
 * wire provider declarations (`wire.Build(NewConn)`, `wire.NewSet(…)`) pass no function to anyone
 * (the generated injector calls the providers, and main calls the injector).
 */
import type { CallFact, FileFacts, FunctionFact, SourceSpan } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { ClassNamedLocals } from "./classNamedLocals";
import { fnKey } from "./keys";
import type { Resolver } from "./resolve";
import { PAUSE_EVERY_FILES, type Steps } from "./steps";

const CODE_LANGUAGES: ReadonlySet<string> = new Set(["python", "typescript", "csharp", "java", "kotlin", "go"]);
const MODULE = "<module>";
/** calls that start serving requests: the function making one is startup code */
const SERVES = /(^|\.)(listen|ListenAndServe|ListenAndServeTLS|Serve|serve_forever|run_app|RunAsync)$|^(uvicorn|SpringApplication|app|server|srv|httpServer|router|r|e|host|webHost|application)\.(run|Run|Start)$/;
/** what a retry loop retrying a connection calls */
const CONNECTS = /(^|\.)(Dial|DialContext|DialTimeout|Connect|ConnectAsync|ConnectContext|connect|createConnection|create_connection|getConnection|open_connection|Ping|PingContext|ping|PingAsync|OpenAsync|BlockingConnection)$/;

/** calls that start a child process (a local server the program then talks to) */
const SPAWNS = /^(subprocess\.(Popen|run|call|check_call|check_output)|Popen|asyncio\.create_subprocess_(exec|shell)|os\.(spawn\w+|posix_spawnp?)|(child_process\.)?(spawn|execFile)|execa|exec\.Command(Context)?|Process\.Start)$/;

interface Edge {
  caller: string;
  /** the call sits in a loop that runs for as long as the program does */
  perItem: boolean;
}

interface Node {
  file: FileFacts;
  id: string;
  fn: FunctionFact | null;
}

/** As steps (engine/steps.ts): it yields between files while indexing calls and between layers, for a host linking in slices. */
export function* markStartupLayers(files: FileFacts[], layers: Map<string, RetryLayer>, resolver: Resolver): Steps<void> {
  const code = files.filter((f) => CODE_LANGUAGES.has(f.language));
  if (!code.length) return;
  const nodes = new Map<string, Node>();
  /** functions passed as values: someone else decides when they run */
  const referenced = new Set<string>();
  const roots = new Map<string, string>();
  const helpers = new Set<string>();
  for (const l of layers.values()) {
    const file = l.attach.kind === "helper" ? resolver.file(l.file) : undefined;
    if (file && l.attach.kind === "helper") helpers.add(fnKey(file, l.attach.functionId));
  }
  // a local or field named after the class it holds (`const ordersService = app.get(OrdersService)`,
  // an injected `this.ordersService`): its method, when one class of the workspace has it
  const classNamed = new ClassNamedLocals(code);
  const namedAfterClass = (from: FileFacts, callee: string) => classNamed.resolve(from, callee);
  // calls and arguments by the last segment of the name they use: the callers of a function are
  // found (resolved) only when the question comes up
  const callsByName = new Map<string, Array<{ f: FileFacts; c: CallFact }>>();
  const argsByName = new Map<string, Array<{ f: FileFacts; c: CallFact; index: number }>>();
  const last = (dotted: string) => dotted.slice(dotted.lastIndexOf(".") + 1);
  let indexed = 0;
  for (const f of code) {
    if (++indexed % PAUSE_EVERY_FILES === 0) yield;
    nodes.set(fnKey(f, MODULE), { file: f, id: MODULE, fn: null });
    roots.set(fnKey(f, MODULE), "module code");
    for (const fn of f.functions) {
      nodes.set(fnKey(f, fn.id), { file: f, id: fn.id, fn });
      if (isMain(f, fn)) roots.set(fnKey(f, fn.id), `${fn.id}()`);
    }
    // a Go library file a default build leaves out (a wire injector template, `//go:build
    // integration`) never runs in the program: its calls and references are no callers. A left-out
    // `package main` is a program of its own (`go run gen.go`) and keeps them.
    if (f.goExcludedBy && f.module !== "main") continue;
    for (const name of f.referencedFunctions) {
      const hit = f.functions.find((fn) => fn.id === name || fn.name === name);
      if (hit) referenced.add(fnKey(f, hit.id));
    }
    for (const c of f.calls) {
      if (SERVES.test(c.callee) && c.functionId !== MODULE) {
        const fn = f.functions.find((x) => x.id === c.functionId);
        if (fn && !fn.handler && !roots.has(fnKey(f, fn.id))) roots.set(fnKey(f, fn.id), `${fn.id}() (it starts serving)`);
      }
      push(callsByName, last(c.callee), { f, c });
      if (c.declaresOnly) continue;
      c.args.forEach((a, index) => {
        if (a.name) push(argsByName, last(a.name), { f, c, index });
      });
    }
  }
  const edgeMemo = new Map<string, Edge[]>();
  /** who runs the function: its resolved calls, and helpers (or `invokesArg` calls) handed it */
  const callersOf = (key: string): Edge[] => {
    const hit = edgeMemo.get(key);
    if (hit) return hit;
    const out: Edge[] = [];
    const node = nodes.get(key);
    if (node?.fn) {
      const name = last(node.fn.id);
      for (const { f, c } of callsByName.get(name) ?? []) {
        const target = resolver.resolve(f, c.functionId, c.callee) ?? namedAfterClass(f, c.callee);
        if (target?.kind === "function" && fnKey(target.file, target.fn.id) === key) out.push({ caller: fnKey(f, c.functionId), perItem: inLongRunningLoop(f, c) });
      }
      // a callable handed to a helper that runs it (`withRetry(op)`, `Retrying(...)(fn)`) runs there;
      // one handed to anything else runs whenever that decides (a handler, a consumer callback)
      for (const { f, c, index } of argsByName.get(name) ?? []) {
        const passed = resolver.resolve(f, c.functionId, c.args[index]!.name!);
        if (passed?.kind !== "function" || fnKey(passed.file, passed.fn.id) !== key) continue;
        const target = resolver.resolve(f, c.functionId, c.callee);
        const helper = target?.kind === "function" && helpers.has(fnKey(target.file, target.fn.id));
        const positional = c.args.filter((x) => x.keyword === null);
        if (helper || (c.invokesArg !== undefined && positional.indexOf(c.args[index]!) === c.invokesArg)) out.push({ caller: fnKey(f, c.functionId), perItem: inLongRunningLoop(f, c) });
        else referenced.add(key);
      }
    }
    edgeMemo.set(key, out);
    return out;
  };

  /** runs only at startup (`strict`: never from a long-running loop), with the startup code it runs from */
  const memo = new Map<string, string | null>();
  const bootFrom = (key: string, strict: boolean, seen: Set<string>): string | null => {
    const memoKey = `${strict}|${key}`;
    if (memo.has(memoKey)) return memo.get(memoKey)!;
    if (seen.has(key)) return null;
    const node = nodes.get(key);
    const root = roots.get(key);
    let result: string | null = null;
    if (root) result = root;
    else if (node?.fn && !node.fn.handler) {
      const all = callersOf(key);
      // a function also passed as a value runs whenever its taker decides
      const edges = referenced.has(key) ? [] : all;
      if (edges.length && edges.every((e) => !(strict && e.perItem))) {
        seen.add(key);
        const from = edges.map((e) => bootFrom(e.caller, strict, seen));
        seen.delete(key);
        if (from.every((x) => x !== null)) {
          // name the startup function itself, not the module code that calls it
          const direct = edges.find((e) => roots.get(e.caller) === "module code");
          result = direct && node.fn ? `${node.fn.id}()` : from[0]!;
        }
      }
    }
    // a cycle answers "not only at startup": conservative, so it may be remembered
    memo.set(memoKey, result);
    return result;
  };

  for (const layer of layers.values()) {
    yield;
    if (layer.category !== "code" || layer.offPath || layer.disabled) continue;
    const a = layer.attach;
    // loops and decorators run where they are written; a policy object built at module level
    // (`policy = retry(...)`, `RetryingCaller(...)`) runs wherever it is used
    // — except a policy held by a local of one function (`var retryPolicy = CreateRetryPolicy(…);
    // retryPolicy.Execute(…)`): it runs where that function runs
    const file = resolver.file(layer.file);
    if (!file) continue;
    const holderFunction = a.kind === "object" ? localHolderFunction(file, a.objectId) : null;
    if (!(layer.kind === "retry-loop" && (a.kind === "block" || a.kind === "helper")) && a.kind !== "function" && !holderFunction) continue;
    const key = fnKey(file, holderFunction ?? (a as { functionId: string }).functionId);
    const connects = layer.kind === "retry-loop" && a.kind === "block" && a.callIds.some((id) => {
      const call = file.calls.find((c) => c.id === id);
      return !!call && CONNECTS.test(call.callee);
    });
    const strict = bootFrom(key, true, new Set());
    if (strict) {
      layer.offPath = connects ? `connect-at-boot loop, run from ${strict}` : `runs at startup from ${strict}`;
      continue;
    }
    // a loop that pings or connects to a child process its own code starts (`subprocess.Popen`
    // of a local server, then `ping()` until it answers) waits for that process to come up
    const spawned = connects ? spawnIn(file, a.functionId, 0, new Set()) : null;
    if (spawned) {
      layer.offPath = `waits for the child process it starts (${spawned}) to answer`;
      continue;
    }
    const loose = connects ? bootFrom(key, false, new Set()) : null;
    if (loose) layer.offPath = `connection loop of a background task started by ${loose}`;
  }
  markHostedConstructorLayers(files, layers, resolver);

  /** the call that starts a child process in the function or in what it calls (two levels) */
  function spawnIn(file: FileFacts, fnId: string, depth: number, seen: Set<string>): string | null {
    const key = fnKey(file, fnId);
    if (seen.has(key)) return null;
    seen.add(key);
    const calls = file.calls.filter((c) => c.functionId === fnId);
    const direct = calls.find((c) => SPAWNS.test(c.callee));
    if (direct) return direct.callee;
    if (depth >= 2) return null;
    for (const c of calls) {
      const target = resolver.resolve(file, fnId, c.callee);
      const hit = target?.kind === "function" ? spawnIn(target.file, target.fn.id, depth + 1, seen) : null;
      if (hit) return hit;
    }
    return null;
  }
}

/** `Startup.Seed.retryPolicy` → `Startup.Seed` when that is a function of the file (the holder is its local). */
function localHolderFunction(file: FileFacts, objectId: string): string | null {
  const dot = objectId.lastIndexOf(".");
  if (dot <= 0) return null;
  const scope = objectId.slice(0, dot);
  const fn = file.functions.find((f) => f.id === scope);
  // a function of the file with code of its own (not a holder the detectors made up for a field)
  return fn && file.calls.some((c) => c.functionId === scope) ? scope : null;
}

/**
 * C#: a retry in a constructor runs whenever the class is built. A class the container injects
 * only into hosted services (`AddHostedService<Worker>()`, built once when the host starts), by
 * its own type or an interface it implements, is built at startup: the retry is off-path. A class
 * injected anywhere else (a controller, a handler, a scoped service) is built per request.
 */
function markHostedConstructorLayers(files: FileFacts[], layers: Map<string, RetryLayer>, resolver: Resolver): void {
  const csharp = files.filter((f) => f.language === "csharp");
  const hosted = new Map<string, string>();
  for (const f of csharp) {
    for (const h of f.dotnet?.hostedServices ?? []) {
      const t = resolver.resolve(f, h.scopeId, h.type);
      if (t?.kind === "function") hosted.set(fnKey(t.file, t.fn.id), t.fn.name);
    }
  }
  if (!hosted.size) return;
  // class fnKey → the interfaces its base list names
  const implemented = new Map<string, string[]>();
  for (const f of csharp) {
    for (const b of f.csImplementations ?? []) {
      if (b.source !== "base-list") continue;
      const cls = resolver.resolve(f, "<module>", b.impl);
      const iface = resolver.resolve(f, b.scopeId, b.iface.replace(/<.*$/, ""));
      if (cls?.kind === "function" && iface?.kind === "function") push(implemented, fnKey(cls.file, cls.fn.id), fnKey(iface.file, iface.fn.id));
    }
  }
  // type fnKey → the classes whose constructors take a parameter of that type
  const consumers = new Map<string, Set<string>>();
  for (const f of csharp) {
    for (const [member, written] of Object.entries(f.dotnet?.memberTypes ?? {})) {
      const scope = member.slice(0, member.lastIndexOf("."));
      const parts = scope.split(".");
      // constructor parameters (`Ns.C.C.repo`) and primary-constructor parameters (`Ns.C.repo`)
      const ctor = parts.length >= 2 && parts[parts.length - 1] === parts[parts.length - 2];
      const cls = ctor ? parts.slice(0, -1).join(".") : scope;
      const clsFn = resolver.functionById(f, cls);
      const param = member.slice(scope.length + 1);
      if (!clsFn || !(ctor ? resolver.functionById(f, scope)?.params.includes(param) : clsFn.params.includes(param))) continue;
      const t = resolver.resolve(f, scope, written.replace(/`\d+$/, ""));
      if (t?.kind !== "function") continue;
      const key = fnKey(t.file, t.fn.id);
      if (!consumers.has(key)) consumers.set(key, new Set());
      consumers.get(key)!.add(fnKey(f, clsFn.id));
    }
  }
  for (const layer of layers.values()) {
    if (layer.category !== "code" || layer.offPath || layer.disabled) continue;
    const file = resolver.file(layer.file);
    if (file?.language !== "csharp") continue;
    // the innermost method holding the layer, when it is a constructor `Ns.C.C`
    const holders = file.functions.filter((fn) => fn.span.line <= layer.anchor.line && fn.span.endLine >= layer.anchor.line && !/(^|\.)(lambda|policy)@/.test(fn.id));
    const method = holders.sort((a, b) => a.span.endLine - a.span.line - (b.span.endLine - b.span.line))[0];
    const parts = method?.id.split(".") ?? [];
    if (!method || parts.length < 2 || parts[parts.length - 1] !== parts[parts.length - 2]) continue;
    const cls = fnKey(file, parts.slice(0, -1).join("."));
    const takers = new Set<string>();
    for (const t of [cls, ...(implemented.get(cls) ?? [])]) for (const c of consumers.get(t) ?? []) takers.add(c);
    if (!takers.size || ![...takers].every((t) => hosted.has(t))) continue;
    const names = [...new Set([...takers].map((t) => hosted.get(t)!))].join(", ");
    layer.offPath = `runs in the constructor of ${parts[parts.length - 1]}, built once for the hosted service ${names} when the host starts`;
  }
}

/** Go `main`/`init`, a static `main`/`Main`: where the program starts. */
function isMain(f: FileFacts, fn: FunctionFact): boolean {
  if (f.language === "go") return fn.id === "main" || /^init(@\d+)?$/.test(fn.id);
  if (f.language === "java" || f.language === "kotlin" || f.language === "csharp") return fn.name === "main" || fn.name === "Main";
  return false;
}

function inLongRunningLoop(f: FileFacts, c: CallFact): boolean {
  return (f.longRunningLoops ?? []).some((l) => l.functionId === c.functionId && contains(l.span, c.span));
}

function contains(outer: SourceSpan, inner: SourceSpan): boolean {
  const before = (a: { line: number; column: number }, b: { line: number; column: number }) => a.line < b.line || (a.line === b.line && a.column <= b.column);
  return before(outer, inner) && before({ line: inner.endLine, column: inner.endColumn }, { line: outer.endLine, column: outer.endColumn });
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
