/**
 * Facts every Python file contributes regardless of retry libraries: functions (with route
 * handlers), calls (with the requests they may send), module constants and callback references.
 * Which library call sends what: reference §1.3–1.5 (requests, httpx, urllib3) and common drivers.
 */
import type { CallArg, RequestFact } from "../../model/facts";
import { argument, callParts, descendants, dottedName, enclosingFunction, envChoice, envTest, nodeSpan, numberValue, stringValue, type EnvTest } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { parseSuppression } from "../../model/suppression";
import { IDEMPOTENCY_HEADER } from "../shared/idempotency";

export const HTTP_VERBS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);

/** module-level functions of HTTP libraries that send one request with their own default client */
const LIBRARY_REQUEST_FUNCTIONS: Record<string, string> = {
  requests: "requests",
  "requests.api": "requests",
  httpx: "httpx",
};

/** database/driver entry points: the first argument (or dsn/url) names the server */
const DRIVER_CONNECT: Record<string, string> = {
  "psycopg.connect": "psycopg",
  "psycopg.AsyncConnection.connect": "psycopg",
  "psycopg.Connection.connect": "psycopg",
  "psycopg2.connect": "psycopg2",
  "asyncpg.connect": "asyncpg",
  "asyncpg.create_pool": "asyncpg",
  "pymysql.connect": "pymysql",
  "MySQLdb.connect": "mysqlclient",
  "sqlalchemy.create_engine": "sqlalchemy",
  "sqlalchemy.ext.asyncio.create_async_engine": "sqlalchemy",
  "redis.Redis.from_url": "redis",
  "redis.from_url": "redis",
  "redis.asyncio.from_url": "redis",
  "pymongo.MongoClient": "pymongo",
  "motor.motor_asyncio.AsyncIOMotorClient": "motor",
  "pika.BlockingConnection": "pika",
  "pika.SelectConnection": "pika",
};

/** pika channel methods that send a message to the broker (in a file that imports pika) */
const PIKA_SENDS = new Set(["basic_publish"]);

const HANDLER_DECORATOR_MEMBERS = new Set([...HTTP_VERBS, "route", "api_route", "websocket"]);

export function detectModule(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  for (const def of descendants(root, "function_definition")) extractFunction(ctx, def);
  for (const cls of descendants(root, "class_definition")) {
    const bases = (cls.childForFieldName("superclasses")?.namedChildren ?? []).filter((b): b is SyntaxNode => b?.type === "identifier" || b?.type === "attribute").map((b) => b.text);
    (ctx.facts.pyClassBases ??= {})[classId(ctx, cls)] = bases;
  }
  for (const call of descendants(root, "call")) extractCall(ctx, call);
  for (const stmt of root.namedChildren) {
    if (stmt?.type === "if_statement") envBranchConstants(ctx, stmt);
    const a = stmt?.type === "expression_statement" ? stmt.namedChildren[0] : null;
    if (a?.type !== "assignment") continue;
    const left = a.childForFieldName("left");
    const right = a.childForFieldName("right");
    if (left?.type !== "identifier" || !right) continue;
    const value = ctx.value(right);
    if (value && value.kind !== "unknown") ctx.facts.constants.push({ name: left.text, value, line: a.startPosition.row + 1 });
  }
  subscriptConstants(ctx);
  ctx.facts.exports = ctx.facts.functions.filter((f) => f.topLevel).map((f) => f.name);
  for (const comment of descendants(root, "comment")) {
    const s = parseSuppression(comment.text, comment.startPosition.row + 1);
    if (s) ctx.facts.suppressions.push(s);
  }
}

function extractFunction(ctx: PyContext, def: SyntaxNode): void {
  const id = ctx.functionId(def);
  const name = def.childForFieldName("name")?.text ?? "<anonymous>";
  const params: string[] = [];
  const paramTypes: string[] = [];
  const paramDefaults: Record<string, import("../../model/facts").ValueExpr> = {};
  for (const p of def.childForFieldName("parameters")?.namedChildren ?? []) {
    if (!p) continue;
    const pname =
      p.type === "identifier"
        ? p.text
        : (p.childForFieldName("name")?.text ?? p.namedChildren.find((c) => c?.type === "identifier")?.text ?? null);
    if (!pname) continue;
    params.push(pname);
    paramTypes.push(annotationType(p.childForFieldName("type")));
    const dv = p.childForFieldName("value");
    const v = dv ? ctx.value(dv) : null;
    if (v && v.kind !== "unknown") paramDefaults[pname] = v;
  }
  const wrapper = def.parent?.type === "decorated_definition" ? def.parent : null;
  let handler: { method: string | null; route: string | null } | null = null;
  for (const dec of wrapper?.namedChildren ?? []) {
    if (dec?.type !== "decorator") continue;
    const expr = dec.namedChildren[0];
    if (expr?.type !== "call") continue;
    const parts = callParts(expr);
    const fn = parts.fn;
    if (fn?.type !== "attribute") continue;
    const member = fn.childForFieldName("attribute")?.text ?? "";
    const route = stringValue(parts.positional[0]);
    if (!HANDLER_DECORATOR_MEMBERS.has(member) || route === null || !route.startsWith("/")) continue;
    let method: string | null = HTTP_VERBS.has(member) ? member.toUpperCase() : null;
    const methods = parts.keywords.get("methods");
    if (!method && methods) {
      const first = methods.namedChildren.map((m) => (m ? stringValue(m) : null)).find((m) => m);
      method = first ? first.toUpperCase() : null;
    }
    handler = { method: method ?? (member === "route" ? "GET" : null), route };
  }
  const body = def.childForFieldName("body");
  const raisesOnStatus = body
    ? descendants(
        body,
        (n) => n.type === "call" && n.childForFieldName("function")?.childForFieldName("attribute")?.text === "raise_for_status",
        { skipNestedDefs: true },
      ).length > 0
    : false;
  const aliases = body ? localAliases(body, params) : null;
  // bare decorators (`@retry`, `@utils.retry`): a workspace helper applied to the function (engine/link.ts)
  const decoratedBy = (wrapper?.namedChildren ?? []).filter((d) => d?.type === "decorator" && (d.namedChildren[0]?.type === "identifier" || d.namedChildren[0]?.type === "attribute")).map((d) => d!.namedChildren[0]!.text);
  // `-> TantivyBackend`: what a method called on the result runs (engine/pythonDispatch.ts); `Self` names no other class
  const returnType = annotationType(def.childForFieldName("return_type"));
  ctx.facts.functions.push({
    id,
    name,
    span: nodeSpan(def),
    params,
    paramDefaults,
    ...(decoratedBy.length ? { decoratedBy } : {}),
    ...(paramTypes.some((t) => t) ? { paramTypes } : {}),
    ...(aliases ? { localAliases: aliases } : {}),
    ...(returnType && returnType !== "Self" && returnType !== "typing.Self" ? { returnType } : {}),
    topLevel: def.parent?.type === "module" || def.parent?.parent?.type === "module",
    handler,
    raisesOnStatus,
    returnsClientId: null,
  });
}


/**
 * Module settings chosen by the environment: `if os.getenv("FLASK_ENV") == "development": URL =
 * os.getenv("URL") elif …: URL = … else: …` — each name assigned in the branches is a constant whose
 * value the running service's environment picks (ValueExpr envChoice). Other conditions are not read.
 */
function envBranchConstants(ctx: PyContext, stmt: SyntaxNode): void {
  const branches: Array<{ test: EnvTest | null; body: SyntaxNode | null; isElse: boolean }> = [
    { test: envTestOf(ctx, stmt.childForFieldName("condition")), body: stmt.childForFieldName("consequence"), isElse: false },
  ];
  for (const alt of stmt.childrenForFieldName("alternative")) {
    if (!alt) continue;
    if (alt.type === "elif_clause") branches.push({ test: envTestOf(ctx, alt.childForFieldName("condition")), body: alt.childForFieldName("consequence"), isElse: false });
    else branches.push({ test: null, body: alt.childForFieldName("body") ?? alt.namedChildren[0] ?? null, isElse: true });
  }
  // every branch but a final else must test the environment
  if (branches.some((b) => !b.isElse && !b.test)) return;
  const assigned = (body: SyntaxNode | null): Map<string, SyntaxNode> => {
    const out = new Map<string, SyntaxNode>();
    for (const s of body?.namedChildren ?? []) {
      const a = s?.type === "expression_statement" ? s.namedChildren[0] : null;
      const left = a?.type === "assignment" ? a.childForFieldName("left") : null;
      const right = a?.childForFieldName("right");
      if (left?.type === "identifier" && right) out.set(left.text, right);
    }
    return out;
  };
  const perBranch = branches.map((b) => assigned(b.body));
  const names = new Set(perBranch.flatMap((m) => [...m.keys()]));
  for (const name of names) {
    // from the last branch back: else (or unknown), then each test wrapping what follows it
    let value: import("../../model/facts").ValueExpr = { kind: "unknown", text: `${name} set by no branch` };
    for (let i = branches.length - 1; i >= 0; i--) {
      const right = perBranch[i]!.get(name);
      const here = right ? (ctx.value(right) ?? { kind: "unknown" as const, text: right.text }) : { kind: "unknown" as const, text: `${name} not set in this branch` };
      value = branches[i]!.test ? envChoice(branches[i]!.test!, here, value) : here;
    }
    ctx.facts.constants.push({ name, value, line: stmt.startPosition.row + 1 });
  }
}

function envTestOf(ctx: PyContext, n: SyntaxNode | null): EnvTest | null {
  return n ? envTest(n, (d) => ctx.qualify(d)) : null;
}

/** An argument's value; a plain local name stands for the last value assigned to it before the call. */
function argumentValue(ctx: PyContext, n: SyntaxNode, call: SyntaxNode, fn: SyntaxNode | null) {
  if (n.type !== "identifier" || !fn) return ctx.value(n);
  let last: SyntaxNode | null = null;
  for (const a of descendants(fn, "assignment", { skipNestedDefs: true })) {
    if (a.endIndex > call.startIndex) continue;
    if (a.childForFieldName("left")?.type === "identifier" && a.childForFieldName("left")!.text === n.text) last = a;
  }
  const right = last?.childForFieldName("right");
  return right ? ctx.value(right) : ctx.value(n);
}

function extractCall(ctx: PyContext, call: SyntaxNode): void {
  const parts = callParts(call);
  // `Retrying(...)(fn)`: the callee is itself a call; name it after the inner callee
  const callee = parts.fn?.type === "call" ? (dottedName(parts.fn.childForFieldName("function")) ?? "?") + "()" : (dottedName(parts.fn) ?? chainedName(parts.fn));
  const fnNode = enclosingFunction(call);
  const functionId = ctx.functionId(fnNode);
  const args: CallArg[] = [];
  const withNumber = (arg: CallArg, n: SyntaxNode): CallArg => {
    const value = numberValue(n);
    return value === null ? arg : { ...arg, number: value };
  };
  // the argument's value, for a URL the called function builds from its parameter; a local is
  // followed to its last assignment before the call
  const withValue = (arg: CallArg, n: SyntaxNode): CallArg => {
    const value = argumentValue(ctx, n, call, fnNode);
    return value && value.kind !== "unknown" && value.kind !== "map" ? { ...arg, value } : arg;
  };
  for (const p of parts.positional) args.push(withValue(withNumber({ keyword: null, name: dottedName(p) }, p), p));
  for (const [k, v] of parts.keywords) args.push(withValue(withNumber({ keyword: k, name: dottedName(v) }, v), v));
  const invokesArg = callee ? runsArgument(callee, parts) : undefined;
  // functions passed as values are callbacks, not entry points (one `executor.submit(fn)` runs now is not)
  const run = invokesArg !== undefined ? args[invokesArg] : undefined;
  for (const a of args) if (a.name && !a.name.includes(".") && a !== run) ctx.facts.referencedFunctions.push(a.name);
  if (!callee) return;
  const request = requestOf(ctx, callee, parts);
  ctx.facts.calls.push({
    id: ctx.nextId("C", call),
    span: nodeSpan(call),
    functionId,
    callee,
    args,
    ...(request ? { request } : {}),
    ...(invokesArg !== undefined ? { invokesArg } : {}),
    ...(entersContext(call) ? { entersContext: true as const } : {}),
  });
}

/** `with get_backend().batch_update() as batch:` / `async with …`: the call's result is the context manager entered there. */
function entersContext(call: SyntaxNode): boolean {
  const parent = call.parent;
  const item = parent?.type === "as_pattern" && parent.namedChildren[0]?.startIndex === call.startIndex && parent.namedChildren[0]?.endIndex === call.endIndex ? parent.parent : parent;
  return item?.type === "with_item";
}

/**
 * Local names a function binds only to other names (`s3 = s3_govcloud` in one branch, `s3 =
 * s3_commercial` in another), or to a boto3 waiter/paginator of one (sendsThrough): name → the
 * names, in order. A name that is a parameter, or that any
 * other statement of the body binds (another value, a `for`/`with`/`except` target, an augmented
 * assignment, a walrus), is none; nor is one bound to another alias of the body.
 */
function localAliases(body: SyntaxNode, params: string[]): Record<string, string[]> | null {
  const bound = new Map<string, string[] | null>();
  const spoil = (name: string) => bound.set(name, null);
  for (const n of descendants(body, ["assignment", "augmented_assignment", "for_statement", "with_item", "except_clause", "named_expression", "for_in_clause"], { skipNestedDefs: true })) {
    if (n.type === "assignment") {
      const left = n.childForFieldName("left");
      const right = n.childForFieldName("right");
      if (left?.type !== "identifier") {
        for (const id of left ? descendants(left, "identifier") : []) spoil(id.text);
        continue;
      }
      const target = right && (right.type === "identifier" || right.type === "attribute") ? dottedName(right) : right ? sendsThrough(right) : null;
      const prev = bound.get(left.text);
      if (!target || prev === null) spoil(left.text);
      else if (!prev) bound.set(left.text, [target]);
      else if (!prev.includes(target)) prev.push(target);
    } else {
      const target = n.type === "augmented_assignment" ? n.childForFieldName("left") : n.type === "named_expression" ? n.childForFieldName("name") : n.type === "with_item" ? n.namedChildren[0]?.childForFieldName("alias") ?? null : n.childForFieldName("left") ?? null;
      for (const id of target ? (target.type === "identifier" ? [target] : descendants(target, "identifier")) : []) spoil(id.text);
      if (n.type === "except_clause") for (const c of n.namedChildren) if (c?.type === "as_pattern") for (const id of descendants(c, "identifier")) spoil(id.text);
      if (n.type === "with_item") for (const c of n.namedChildren) if (c?.type === "as_pattern") for (const t of c.namedChildren) if (t?.type === "as_pattern_target") for (const id of descendants(t, "identifier")) spoil(id.text);
    }
  }
  const out: Record<string, string[]> = {};
  for (const [name, targets] of bound) {
    if (!targets || params.includes(name) || targets.length > 4) continue;
    if (targets.some((t) => bound.has(t.split(".")[0]!))) continue;
    out[name] = targets;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * `client.get_waiter("…")` / `client.get_paginator("…")`: a boto3 waiter or paginator, whose
 * `wait(…)` / `paginate(…)` call the client's own operation (botocore `waiter.py`
 * `create_waiter_with_client`, `paginate.py` `PageIterator._make_request`), each call through the
 * client's retries: the client it came from.
 */
function sendsThrough(right: SyntaxNode): string | null {
  if (right.type !== "call") return null;
  const fn = right.childForFieldName("function");
  const member = fn?.type === "attribute" ? fn.childForFieldName("attribute")?.text : null;
  return member === "get_waiter" || member === "get_paginator" ? dottedName(fn!.childForFieldName("object")) : null;
}

/**
 * A method called on what a call returns (`get_session("hgmo").get(url)`), named after the
 * call as `get_session().get`: the linker follows the factory to the client it returns.
 */
function chainedName(fn: SyntaxNode | null): string | null {
  if (fn?.type !== "attribute") return null;
  // also through attributes of what the call returns: `stripe_client().v1.refunds.create` (SDK clients)
  const attrs: string[] = [];
  let cur: SyntaxNode | null = fn;
  while (cur?.type === "attribute") {
    const attr = cur.childForFieldName("attribute");
    if (!attr) return null;
    attrs.unshift(attr.text);
    cur = cur.childForFieldName("object");
  }
  if (cur?.type !== "call") return null;
  const fnNode = cur.childForFieldName("function");
  // deeper chains only on a plain factory function (`client.with_options(…).chat.create` is the SDK's own)
  if (attrs.length > 1 && fnNode?.type !== "identifier") return null;
  const inner = dottedName(fnNode);
  return inner ? `${inner}().${attrs.join(".")}` : null;
}

/**
 * Calls that run the callable they are handed, now (in this or a pool thread), before the caller
 * goes on or waits for it: `executor.submit(fn, …)`, `executor.map(fn, items)`, `map(fn, items)`,
 * `asyncio.to_thread(fn)`, `loop.run_in_executor(pool, fn)`. The positional index of the callable.
 */
function runsArgument(callee: string, parts: ReturnType<typeof callParts>): number | undefined {
  const member = callee.slice(callee.lastIndexOf(".") + 1);
  const index = member === "run_in_executor" ? 1 : member === "submit" || member === "to_thread" || (member === "map" && parts.positional.length >= 2) ? 0 : -1;
  const arg = index >= 0 ? parts.positional[index] : undefined;
  return arg && (arg.type === "identifier" || arg.type === "attribute") ? index : undefined;
}

function requestOf(ctx: PyContext, callee: string, parts: ReturnType<typeof callParts>): RequestFact | undefined {
  const q = ctx.qualify(callee);
  const driver = DRIVER_CONNECT[q];
  if (driver) {
    const target = argument(parts, "dsn", 0) ?? parts.keywords.get("url") ?? parts.keywords.get("conninfo") ?? parts.keywords.get("host") ?? null;
    return { method: null, url: ctx.value(target), protocol: "db", idempotencyKey: null, timeoutSeconds: null, library: driver };
  }
  const dot = q.lastIndexOf(".");
  // os.environ.get, dict.get on module globals: never a request
  if (dot < 0 || q.startsWith("os.")) return undefined;
  if (PIKA_SENDS.has(q.slice(dot + 1)) && ctx.facts.imports.some((i) => i.module === "pika" || i.module.startsWith("pika."))) {
    return { method: null, url: null, protocol: "db", idempotencyKey: null, timeoutSeconds: null, library: "pika" };
  }
  const owner = q.slice(0, dot);
  const member = q.slice(dot + 1);
  let method: string | null;
  let urlNode: SyntaxNode | null;
  if (HTTP_VERBS.has(member)) {
    method = member.toUpperCase();
    urlNode = argument(parts, "url", 0);
  } else if (member === "request") {
    method = stringValue(argument(parts, "method", 0))?.toUpperCase() ?? null;
    urlNode = argument(parts, "url", 1);
  } else if (q === "urllib.request.urlopen") {
    method = parts.keywords.has("data") || parts.positional.length > 1 ? "POST" : "GET";
    urlNode = argument(parts, "url", 0);
  } else {
    return undefined;
  }
  // `x.get(...)` on dicts, os.environ, request objects… is filtered by the linker, which only
  // accepts receivers that resolve to a client or to a known HTTP library.
  return {
    method,
    url: ctx.value(urlNode),
    protocol: "http",
    idempotencyKey: idempotencyKeyOf(parts.keywords.get("headers")),
    timeoutSeconds: timeoutOf(parts.keywords.get("timeout")),
    timeoutSet: parts.keywords.has("timeout") || parts.hasSplat,
    library: LIBRARY_REQUEST_FUNCTIONS[owner] ?? (q === "urllib.request.urlopen" ? "urllib" : null),
  };
}


/** true/false for a literal dict; null when headers come from a variable or a splat. */
export function idempotencyKeyOf(headers: SyntaxNode | null | undefined): boolean | null {
  if (!headers) return false;
  if (headers.type !== "dictionary") return null;
  let unknownPart = false;
  for (const pair of headers.namedChildren) {
    if (!pair) continue;
    if (pair.type === "dictionary_splat") {
      unknownPart = true;
      continue;
    }
    if (pair.type !== "pair") continue;
    const key = stringValue(pair.childForFieldName("key"));
    if (key && IDEMPOTENCY_HEADER.test(key)) return true;
  }
  return unknownPart ? null : false;
}

/** `timeout=2`, `timeout=(3.05, 27)` (connect + read), `httpx.Timeout(5.0)`. */
export function timeoutOf(n: SyntaxNode | null | undefined): number | null {
  if (!n) return null;
  const direct = numberValue(n);
  if (direct !== null) return direct;
  if (n.type === "tuple") {
    const vs = n.namedChildren.map((c) => (c ? numberValue(c) : null));
    return vs.every((v) => v !== null) ? (vs as number[]).reduce((a, b) => a + b, 0) : null;
  }
  if (n.type === "call") {
    const p = callParts(n);
    return numberValue(p.positional[0]) ?? numberValue(p.keywords.get("timeout"));
  }
  return null;
}

/** A class's id, dotted through the classes and functions around it like function ids (`Outer.Inner`). */
function classId(ctx: PyContext, cls: SyntaxNode): string {
  const outer = ctx.functionId(cls.parent?.type === "decorated_definition" ? cls.parent.parent : cls.parent);
  const name = cls.childForFieldName("name")?.text ?? "<anonymous>";
  return outer === "<module>" || outer === "" ? name : `${outer}.${name}`;
}

/**
 * The class a parameter annotation names, for dispatch (`model: BaseWhisper`): a dotted name, or
 * the one non-None member of `Optional[X]` / `X | None` / `"X"`; "" for anything else.
 */
function annotationType(t: SyntaxNode | null): string {
  let n: SyntaxNode | null = t?.type === "type" ? (t.namedChildren[0] ?? null) : t;
  for (let i = 0; n && i < 4; i++) {
    if (n.type === "identifier" || n.type === "attribute") return /^[A-Za-z_][\w.]*$/.test(n.text) && n.text !== "None" ? n.text : "";
    if (n.type === "string") {
      const inner = n.namedChildren.find((c) => c?.type === "string_content")?.text ?? "";
      return /^[A-Za-z_][\w.]*$/.test(inner) ? inner : "";
    }
    if (n.type === "binary_operator") {
      // `X | None`
      const sides = [n.childForFieldName("left"), n.childForFieldName("right")].filter((s): s is SyntaxNode => !!s && s.text !== "None");
      n = sides.length === 1 ? sides[0]! : null;
      continue;
    }
    if (n.type === "generic_type" || n.type === "subscript") {
      // `Optional[X]`
      const head = n.namedChildren[0]?.text ?? "";
      const args = n.namedChildren.slice(1).flatMap((a) => (a?.type === "type_parameter" ? a.namedChildren : [a])).filter((a): a is SyntaxNode => !!a);
      n = (head === "Optional" || head === "typing.Optional") && args.length === 1 ? (args[0]!.type === "type" ? (args[0]!.namedChildren[0] ?? null) : args[0]!) : null;
      continue;
    }
    return "";
  }
  return "";
}

/**
 * Entries set once by a subscript assignment anywhere in the file (`app.config["ORDERS_URI"] =
 * "http://{}/orders".format(os.environ.get("ORDERS_ADDR"))` in a Flask app factory) are constants
 * named `app.config["ORDERS_URI"]`, so a later `requests.post(app.config["ORDERS_URI"])` in a
 * nested route resolves. An entry assigned twice, or with a key that is no string literal, is not one.
 */
function subscriptConstants(ctx: PyContext): void {
  const seen = new Map<string, { value: import("../../model/facts").ValueExpr; line: number } | null>();
  for (const a of descendants(ctx.tree.rootNode, "assignment")) {
    const left = a.childForFieldName("left");
    const right = a.childForFieldName("right");
    if (left?.type !== "subscript" || !right) continue;
    const obj = dottedName(left.childForFieldName("value"));
    const key = stringValue(left.childForFieldName("subscript"));
    if (!obj || key === null || obj === "os.environ") continue;
    const name = `${obj}[${JSON.stringify(key)}]`;
    const value = ctx.value(right);
    seen.set(name, seen.has(name) || !value || value.kind === "unknown" ? null : { value, line: a.startPosition.row + 1 });
  }
  for (const [name, v] of seen) if (v) ctx.facts.constants.push({ name, value: v.value, line: v.line });
}
