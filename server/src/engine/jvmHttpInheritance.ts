/**
 * Java/Kotlin HTTP routes inherited across files (FileFacts.jvmHttp, detectors/java/httpInterfaces.ts).
 * The API interface usually lives in a shared module (`product-service-api`), the client and the
 * controller in the services that use it:
 * - a declarative client (Micronaut `@Client`, Spring `@FeignClient`) extending an API interface
 *   sends, for each abstract method it inherits, the request the API declares — Micronaut's
 *   introduction advice implements every abstract method of the client, Feign reads the mappings
 *   of the interface it extends. Each becomes a CallFact `Client.method` (with the method's
 *   FunctionFact when the client does not redeclare it), sent to the client's base URL, its `path`,
 *   the API's prefix and the method's URI; an override without a verb gets the API's verb and URI
 *   in place of the unknown ones its detector wrote. A layer on the whole client type (a
 *   type-level `@Retryable`: a block attached to the type) wraps the inherited requests too.
 * - a controller implementing an API interface serves its routes: an overriding method without a
 *   mapping of its own is an entry point on the API's route under the controller's prefix (the
 *   interface's own prefix when the controller has none: Spring merges the type-level mapping).
 * The API is the type the supertype's name resolves to as any JVM name does (imports, same
 * package, wildcard imports: engine/resolveJvm.ts), then its own supertypes (an API extending a
 * base API), the nearest declaration of a method first. An interface that is no workspace type (a
 * jar) leaves the client's facts as its detector wrote them. Runs before linking, on copies: facts
 * are cached by content and never changed in place.
 */
import type { CallFact, FileFacts, FunctionFact, JvmDeclaredRoute, JvmInheritingClient, LayerFact } from "../model/facts";
import { joinRoute } from "../detectors/java/module";
import { fnKey } from "./keys";
import { JvmIndex } from "./resolveJvm";

/** API interfaces extending API interfaces: deeper chains are no API worth following */
const MAX_DEPTH = 4;

interface InheritedRoute {
  route: JvmDeclaredRoute;
  /** the declaring interface's own route prefix */
  prefix: string;
}

export function withInheritedHttpRoutes(files: FileFacts[], fileService: Map<string, string | null>): FileFacts[] {
  if (!files.some((f) => f.jvmHttp?.clients?.length || f.jvmHttp?.controllers?.length)) return files;
  const index = new JvmIndex(files, fileService);
  return files.map((f) => {
    const http = f.jvmHttp;
    if (!http?.clients?.length && !http?.controllers?.length) return f;
    const out = { ...f, functions: [...f.functions], calls: [...f.calls], layers: [...f.layers] };
    for (const c of http.clients ?? []) inheritClientRequests(out, c, inheritedRoutes(index, f, c.typeId));
    for (const ctl of http.controllers ?? []) inheritHandlers(out, ctl, inheritedRoutes(index, f, ctl.typeId));
    return out;
  });
}

/** The routes a type inherits by method name, nearest declaration first. */
function inheritedRoutes(index: JvmIndex, file: FileFacts, typeId: string): Map<string, InheritedRoute> {
  const out = new Map<string, InheritedRoute>();
  const seen = new Set<string>([fnKey(file, typeId)]);
  let level = [{ file, typeId }];
  for (let depth = 0; depth < MAX_DEPTH && level.length; depth++) {
    const next: typeof level = [];
    for (const t of level) {
      for (const written of t.file.supertypes?.[t.typeId] ?? []) {
        const ref = index.typeRef(t.file, t.typeId, written);
        if (!ref || seen.has(fnKey(ref.file, ref.fn.id))) continue;
        seen.add(fnKey(ref.file, ref.fn.id));
        const declared = ref.file.jvmHttp?.routes?.[ref.fn.id];
        for (const [name, route] of Object.entries(declared?.methods ?? {})) if (!out.has(name)) out.set(name, { route, prefix: declared!.prefix });
        next.push({ file: ref.file, typeId: ref.fn.id });
      }
    }
    level = next;
  }
  return out;
}

function inheritClientRequests(out: FileFacts, client: JvmInheritingClient, routes: Map<string, InheritedRoute>): void {
  const added: string[] = [];
  for (const [name, { route, prefix }] of routes) {
    if (client.own.includes(name)) continue;
    const path = joinRoute(client.prefix, joinRoute(prefix, route.uri));
    const url = { kind: "concat" as const, parts: [client.base, { kind: "string" as const, value: path === "/" ? "" : path }] };
    const overridden = client.overrides[name];
    if (overridden) {
      const i = out.calls.findIndex((c) => c.id === overridden && c.request);
      const written = out.calls[i];
      if (written?.request) out.calls[i] = { ...written, request: { ...written.request, method: route.method, url, idempotencyKey: route.idempotencyKey || written.request.idempotencyKey } };
      continue;
    }
    const fnId = `${client.typeId}.${name}`;
    let fn = out.functions.find((f) => f.id === fnId);
    if (!fn) {
      fn = { id: fnId, name, span: client.span, params: [], paramDefaults: {}, topLevel: true, handler: null, raisesOnStatus: false, returnsClientId: null };
      out.functions.push(fn);
    }
    const call: CallFact = {
      id: `C@inherited:${fnId}`,
      span: fn.span,
      functionId: fnId,
      callee: `${client.name}.${name}`,
      args: [],
      request: { method: route.method, url, protocol: "http", idempotencyKey: route.idempotencyKey, timeoutSeconds: null, library: client.library },
    };
    out.calls.push(call);
    added.push(call.id);
  }
  if (!added.length) return;
  // a type-level layer of the client (micronautRetry.ts: a block over every request of its methods)
  out.layers = out.layers.map((l): LayerFact => (l.attach.kind === "block" && l.attach.functionId === client.typeId ? { ...l, attach: { ...l.attach, callIds: [...l.attach.callIds, ...added] } } : l));
}

function inheritHandlers(out: FileFacts, ctl: { typeId: string; prefix: string }, routes: Map<string, InheritedRoute>): void {
  for (const [name, { route, prefix }] of routes) {
    const i = out.functions.findIndex((f) => f.id === `${ctl.typeId}.${name}`);
    const fn: FunctionFact | undefined = out.functions[i];
    if (!fn || fn.handler) continue;
    out.functions[i] = { ...fn, handler: { method: route.method, route: joinRoute(ctl.prefix || prefix, route.uri) } };
  }
}
