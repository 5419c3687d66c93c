/**
 * http-proxy (node-http-proxy 1.x) in a gateway written in code: `proxy.web(req, res, { target })`
 * on a server from `httpProxy.createProxyServer(options)` (aliases `createServer`, `createProxy`:
 * lib/http-proxy.js) forwards the incoming request — whatever its method and path — to `target`
 * (the `web` call's options over the server's). It is an outbound HTTP request of the gateway with
 * no retry of its own: the stream pass (lib/http-proxy/passes/web-incoming.js) makes one
 * `http.request` and hands an error to the callback or the `error` event. The URL's path is the
 * incoming one, so the request's path is left open (a target plus an unknown rest).
 */
import type { RequestFact, ValueExpr } from "../../model/facts";
import { calledMember, calledReceiver, calleeText, dottedName, msToSeconds, numberValue, objectProperty, ts, unwrap, valueOf } from "../../parsing/typescript";
import type { FileIndex, ImportBinding } from "./module";

const FACTORIES = new Set(["createProxyServer", "createServer", "createProxy"]);

/** Locals bound to a proxy server the file creates, with the options it was created with. */
export function httpProxyServers(index: FileIndex, imports: ImportBinding[]): Map<string, ts.Expression | undefined> {
  const out = new Map<string, ts.Expression | undefined>();
  const modules = new Set(imports.filter((i) => i.module === "http-proxy" && i.member === null).map((i) => i.local));
  const factories = new Set(imports.filter((i) => i.module === "http-proxy" && i.member !== null && FACTORIES.has(i.member)).map((i) => i.local));
  if (!modules.size && !factories.size) return out;
  for (const v of index.variables) {
    if (!ts.isIdentifier(v.name) || !v.initializer) continue;
    const init = unwrap(v.initializer);
    if (!ts.isCallExpression(init)) continue;
    const callee = calleeText(init.expression);
    const dot = callee.lastIndexOf(".");
    const fromModule = dot > 0 && modules.has(callee.slice(0, dot)) && FACTORIES.has(callee.slice(dot + 1));
    if (fromModule || factories.has(callee)) out.set(v.name.text, init.arguments[0]);
  }
  return out;
}

/** `proxy.web(req, res, options)` on one of the file's proxy servers: the request it forwards. */
export function httpProxyRequest(call: ts.CallExpression, servers: Map<string, ts.Expression | undefined>): RequestFact | undefined {
  if (!servers.size || calledMember(call) !== "web") return undefined;
  const receiver = calledReceiver(call);
  const name = receiver ? dottedName(receiver) : null;
  if (name === null || !servers.has(name)) return undefined;
  const own = literal(call.arguments[2]);
  const base = literal(servers.get(name));
  const target = optionOf(own, "target") ?? optionOf(base, "target");
  const timeout = optionOf(own, "proxyTimeout") ?? optionOf(base, "proxyTimeout");
  const url: ValueExpr | null = target ? { kind: "concat", parts: [valueOf(target), { kind: "unknown", text: "req.url" }] } : null;
  const seconds = timeout ? msToSeconds(numberValue(timeout)) : null;
  return { method: null, url, protocol: "http", idempotencyKey: null, timeoutSeconds: seconds, timeoutSet: timeout !== undefined, library: "http-proxy" };
}

function literal(e: ts.Expression | undefined): ts.ObjectLiteralExpression | undefined {
  const u = e ? unwrap(e) : undefined;
  return u && ts.isObjectLiteralExpression(u) ? u : undefined;
}

function optionOf(options: ts.ObjectLiteralExpression | undefined, key: string): ts.Expression | undefined {
  const p = options ? objectProperty(options, key) : undefined;
  return p && !ts.isMethodDeclaration(p) ? p : undefined;
}
