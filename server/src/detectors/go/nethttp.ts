/**
 * net/http and the Go routers: entry points (`http.HandleFunc("POST /orders", h)`, Go 1.22
 * method patterns, `mux.Handle`, gin `r.POST`, echo `e.POST`, chi `r.Post`/`r.Method`, gorilla
 * `r.HandleFunc(…).Methods("POST")`), requests (`http.Get/Post/Head/PostForm`, `client.Do(req)`
 * with `req` from `http.NewRequest[WithContext]` or `retryablehttp.NewRequest[WithContext]`,
 * `client.Get/Post`), gRPC stub calls (`stub.PlaceOrder(ctx, req)`), and `http.Client` values
 * (ClientFacts, with `Timeout`). net/http itself never retries (no layer).
 */
import type { ClientFact, FunctionFact, RequestFact, ValueExpr } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { boundName, valueOf } from "./values";
import { callArgs, calleeNode, descendants, dottedName, durationSeconds, enclosingFunction, nodeSpan, stringValue } from "./syntax";
import { IDEMPOTENCY_HEADER } from "../shared/idempotency";

const ROUTERS = /^(net\/http|github\.com\/gin-gonic\/gin|github\.com\/labstack\/echo(\/v\d+)?|github\.com\/go-chi\/chi(\/v\d+)?|github\.com\/gorilla\/mux|github\.com\/gofiber\/fiber(\/v\d+)?)$/;
const VERBS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);
const REQUEST_BUILDERS = new Set(["NewRequest", "NewRequestWithContext"]);

/** The route a handler registration gives its last argument, or null when the call is not one. */
export function handlerRoute(ctx: GoContext, call: SyntaxNode, callee: string | null): FunctionFact["handler"] {
  if (!callee || !ctx.imports.some((i) => ROUTERS.test(i.path))) return null;
  const member = callee.slice(callee.lastIndexOf(".") + 1);
  const args = callArgs(call);
  const first = stringValue(args[0]);
  // a local registration helper: `handle("/api/vote", app.vote)` with `func handle(path string, h …)
  // { http.Handle(path, …h…) }` registers its last argument at the path it is given
  if (!callee.includes(".") && first !== null && registrars(ctx).has(callee) && args.length === registrars(ctx).get(callee)) {
    const m = /^([A-Z]+)\s+(\S*)$/.exec(first);
    const path = m ? m[2]! : first;
    return { method: m?.[1] ?? null, route: path.includes("/") ? path.slice(path.indexOf("/")) : "/" };
  }
  // a pattern under a prefix known at run time (`path.Join(basepath, "/dispatch")`, `prefix + "/x"`): its written tail
  const pattern = first ?? (args.length === 2 ? routeTail(ctx, args[0]!) : null);
  if ((member === "HandleFunc" || member === "Handle") && pattern !== null && args.length === 2) {
    // Go 1.22 patterns: "POST /orders", "GET example.com/x"; gorilla: `.Methods("POST")` after the call
    const m = /^([A-Z]+)\s+(\S*)$/.exec(pattern);
    const path = m ? m[2]! : pattern;
    const route = path.includes("/") ? path.slice(path.indexOf("/")) : "/";
    const chained = call.parent?.type === "selector_expression" && call.parent.childForFieldName("field")?.text === "Methods" ? stringValue(callArgs(call.parent.parent!)[0]) : null;
    return { method: m?.[1] ?? chained?.toUpperCase() ?? null, route };
  }
  if ((member === "Method" || member === "MethodFunc") && args.length === 3) {
    const verb = stringValue(args[0]);
    const path = stringValue(args[1]);
    if (verb !== null && path?.startsWith("/")) return { method: verb.toUpperCase(), route: path };
  }
  // gin r.POST, echo e.POST, chi r.Post, fiber app.Post: (path, [middleware…,] handler)
  const verb = member.toUpperCase();
  if ((VERBS.has(verb) || member === "Any") && first?.startsWith("/") && args.length >= 2 && callee.includes(".")) {
    return { method: VERBS.has(verb) ? verb : null, route: first };
  }
  return null;
}

/** The literal end of a pattern built at run time: `path.Join(p, "/dispatch")` → /dispatch, `prefix + "/x"` → /x. */
function routeTail(ctx: GoContext, n: SyntaxNode): string | null {
  let tail: string | null = null;
  if (n.type === "call_expression") {
    const name = dottedName(calleeNode(n)) ?? "";
    const dot = name.lastIndexOf(".");
    if (dot > 0 && name.slice(dot + 1) === "Join" && ctx.importPath(name.slice(0, dot)) === "path") {
      const args = callArgs(n);
      tail = stringValue(args[args.length - 1]);
    }
  } else if (n.type === "binary_expression" && n.childForFieldName("operator")?.text === "+") tail = stringValue(n.childForFieldName("right"));
  return tail !== null && tail.startsWith("/") ? tail : null;
}

const REGISTRARS = new WeakMap<GoContext, Map<string, number>>();

/**
 * The file's route-registration helpers, with their parameter count: package-level functions
 * `func handle(path string, h …)` whose last parameter is the handler and whose body registers it
 * (`http.Handle(path, &ochttp.Handler{Handler: http.HandlerFunc(h)})`, `mux.HandleFunc(path, h)`)
 * at the path they take first.
 */
function registrars(ctx: GoContext): Map<string, number> {
  let found = REGISTRARS.get(ctx);
  if (found) return found;
  found = new Map();
  REGISTRARS.set(ctx, found);
  for (const fn of descendants(ctx.tree.rootNode, "function_declaration")) {
    const name = fn.childForFieldName("name")?.text;
    const params = (fn.childForFieldName("parameters")?.namedChildren ?? []).flatMap((p) => (p ? p.childrenForFieldName("name").map((n) => n.text) : []));
    if (!name || params.length < 2) continue;
    const [path, handler] = [params[0]!, params[params.length - 1]!];
    const registers = descendants(fn, "call_expression").some((c) => {
      const member = (dottedName(calleeNode(c)) ?? "").split(".").pop();
      const args = callArgs(c);
      return (member === "Handle" || member === "HandleFunc") && args.length === 2 && args[0]!.text === path && descendants(args[1]!, "identifier").some((i) => i.text === handler);
    });
    if (registers) found.set(name, params.length);
  }
  return found;
}

/** A call that may send a request, or undefined. */
export function requestOf(ctx: GoContext, call: SyntaxNode, callee: string, args: SyntaxNode[]): RequestFact | undefined {
  const dot = callee.lastIndexOf(".");
  if (dot < 0) return undefined;
  const receiver = callee.slice(0, dot);
  const member = callee.slice(dot + 1);
  const receiverPath = ctx.importPath(receiver);
  let library: string | null = null;
  const defaultClient = `${ctx.importLocal("net/http")}.DefaultClient`;
  // `client := http.DefaultClient; client.Do(req)`: the default client under a local name
  const alias = receiverPath === null && !receiver.includes(".") ? ctx.lookup(receiver, call)?.value : null;
  if (receiverPath === "net/http" || receiver === defaultClient || alias?.text === defaultClient) library = "net/http";
  else if (receiverPath === "github.com/hashicorp/go-retryablehttp") library = "go-retryablehttp";
  else if (receiverPath !== null) return undefined;
  const base = { protocol: "http" as const, idempotencyKey: hasIdempotencyKey(call), ...deadline(ctx, call) };
  const shape: Record<string, number> = { Get: 1, Head: 1, Post: 3, PostForm: 2, Do: 1 };
  if (shape[member] === args.length) {
    if (member === "Do") {
      const built = requestBuilder(ctx, args[0]!);
      const method = built ? methodOf(ctx, built.method) : null;
      const url = built ? valueOf(ctx, built.url) : null;
      return { ...base, method, url, library: library ?? (absolute(url) ? "net/http" : null) };
    }
    const url = valueOf(ctx, args[0]);
    const method = member === "PostForm" ? "POST" : member.toUpperCase();
    // an unresolved receiver with an absolute URL still sends (a plain http.Client)
    return { ...base, method, url, library: library ?? (absolute(url) ? "net/http" : null) };
  }
  // generated gRPC stubs: `stub.PlaceOrder(ctx, req, opts...)`; the linker keeps it only when the
  // receiver is a stub (ClientFact with grpcService), whose base URL is grpc://<target>
  if (library === null && /^[A-Z]/.test(member) && args.length >= 2 && contextLike(args[0]!)) {
    return { ...base, method: null, url: null, protocol: "grpc", library: null };
  }
  return undefined;
}

function contextLike(n: SyntaxNode): boolean {
  return /^(ctx|context\.(Background|TODO)\(\)|.*[cC]tx)$/.test(n.text) || /\.Context\(\)$/.test(n.text);
}

function absolute(url: ValueExpr | null): boolean {
  const head = url?.kind === "concat" ? url.parts[0] : url;
  return head?.kind === "string" && /^https?:\/\//.test(head.value);
}

function methodOf(ctx: GoContext, n: SyntaxNode | null): string | null {
  const v = valueOf(ctx, n);
  return v?.kind === "string" && VERBS.has(v.value.toUpperCase()) ? v.value.toUpperCase() : null;
}

/** `req, _ := http.NewRequest("POST", url, body)` (or WithContext, or retryablehttp's) feeding `Do(req)`. */
function requestBuilder(ctx: GoContext, arg: SyntaxNode): { method: SyntaxNode | null; url: SyntaxNode | null } | null {
  let value: SyntaxNode | null = arg;
  if (arg.type === "identifier") value = ctx.lookup(arg.text, arg)?.value ?? null;
  if (value?.type !== "call_expression") return null;
  const name = dottedName(calleeNode(value)) ?? "";
  const member = name.slice(name.lastIndexOf(".") + 1);
  const path = ctx.importPath(name.slice(0, name.lastIndexOf(".")));
  if (!REQUEST_BUILDERS.has(member) || (path !== "net/http" && path !== "github.com/hashicorp/go-retryablehttp")) return null;
  const args = callArgs(value);
  const offset = member === "NewRequestWithContext" ? 1 : 0;
  return { method: args[offset] ?? null, url: args[offset + 1] ?? null };
}

function outermostFunction(n: SyntaxNode): SyntaxNode | null {
  let fn = enclosingFunction(n);
  while (fn && enclosingFunction(fn)) fn = enclosingFunction(fn);
  return fn;
}

function hasIdempotencyKey(call: SyntaxNode): boolean {
  const fn = outermostFunction(call);
  if (!fn) return false;
  return descendants(fn, ["interpreted_string_literal", "raw_string_literal"]).some((s) => IDEMPOTENCY_HEADER.test(stringValue(s) ?? ""));
}

/** `ctx, cancel := context.WithTimeout(ctx, 2*time.Second)` in the function: a per-call deadline. */
function deadline(ctx: GoContext, call: SyntaxNode): { timeoutSeconds: number | null; timeoutSet?: boolean } {
  const fn = outermostFunction(call);
  const contextPkg = ctx.importLocal("context");
  if (!fn || !contextPkg) return { timeoutSeconds: null };
  const w = descendants(fn, "call_expression").find((c) => dottedName(calleeNode(c)) === `${contextPkg}.WithTimeout`);
  if (!w) return { timeoutSeconds: null };
  return { timeoutSeconds: durationSeconds(callArgs(w)[1], ctx.importLocal("time") ?? "time"), timeoutSet: true };
}

/** `&http.Client{Timeout: …}`, `http.Client{}`, `new(http.Client)`, and fields/parameters typed `*http.Client`. */
export function detectHttpClients(ctx: GoContext): void {
  const http = ctx.importLocal("net/http");
  if (!http) return;
  const root = ctx.tree.rootNode;
  for (const lit of descendants(root, ["composite_literal", "call_expression"])) {
    const isLiteral = lit.type === "composite_literal" && dottedName(lit.childForFieldName("type")) === `${http}.Client`;
    const isNew = lit.type === "call_expression" && lit.childForFieldName("function")?.text === "new" && dottedName(callArgs(lit)[0]) === `${http}.Client`;
    if (!isLiteral && !isNew) continue;
    const holder = lit.parent?.type === "unary_expression" ? lit.parent : lit;
    const name = boundName(ctx, holder);
    if (name === null) continue;
    let timeout: SyntaxNode | null = null;
    for (const kv of lit.childForFieldName("body")?.namedChildren ?? []) {
      if (kv?.type === "keyed_element" && kv.childForFieldName("key")?.text === "Timeout") timeout = kv.childForFieldName("value")?.namedChildren[0] ?? null;
    }
    const seconds = timeout ? durationSeconds(timeout, ctx.importLocal("time") ?? "time") : null;
    addClient(ctx, { name, at: holder, library: "net/http", timeoutSeconds: seconds, timeoutSet: timeout !== null });
  }
  // fields and parameters typed *http.Client: the client is built elsewhere, it still sends
  for (const decl of descendants(root, ["field_declaration", "parameter_declaration"])) {
    if (dottedName(decl.childForFieldName("type")) !== `${http}.Client`) continue;
    const owner = decl.type === "field_declaration" ? decl.parent?.parent?.parent : null;
    for (const n of decl.childrenForFieldName("name")) {
      const name = owner?.type === "type_spec" ? `${owner.childForFieldName("name")?.text}.${n.text}` : decl.type === "parameter_declaration" ? ctx.lookup(n.text, decl)?.id : null;
      if (name) addClient(ctx, { name, at: decl, library: "net/http", timeoutSeconds: null, timeoutSet: false });
    }
  }
}

export function addClient(
  ctx: GoContext,
  c: { name: string; at: SyntaxNode; library: string; timeoutSeconds: number | null; timeoutSet: boolean; layerIds?: string[]; baseUrl?: ValueExpr | null; grpcService?: string },
): ClientFact {
  const existing = ctx.facts.clients.find((k) => k.name === c.name);
  if (existing && existing.library !== "unknown") {
    for (const id of c.layerIds ?? []) if (!existing.layerIds.includes(id)) existing.layerIds.push(id);
    // a field typed *http.Client that a retrying client's StandardClient() fills: that client's timeout
    if (c.timeoutSet && !existing.timeoutSet && existing.timeoutSeconds === null) {
      existing.timeoutSeconds = c.timeoutSeconds;
      existing.timeoutSet = true;
    }
    return existing;
  }
  const fact: ClientFact = {
    id: ctx.nextId("K", c.at),
    name: c.name,
    functionId: ctx.scopeId(c.at),
    span: nodeSpan(c.at),
    library: c.library,
    baseUrl: c.baseUrl ?? null,
    layerIds: [...(c.layerIds ?? [])],
    fromCall: null,
    perCall: false,
    hasRetryQuota: false,
    timeoutSeconds: c.timeoutSeconds,
    timeoutSet: c.timeoutSet,
    ...(c.grpcService ? { grpcService: c.grpcService } : {}),
  };
  if (existing) ctx.facts.clients.splice(ctx.facts.clients.indexOf(existing), 1, fact);
  else ctx.facts.clients.push(fact);
  return fact;
}
