/**
 * Micronaut declarative HTTP clients (docs/reference/micronaut-retry.md, "Declarative clients"):
 * an interface (or abstract class) annotated `@Client` (io.micronaut.http.client.annotation.Client,
 * Micronaut 1.x–4.x) whose methods carry `@Get("/x")`, `@Post`, … (io.micronaut.http.annotation).
 * Calling such a method on the injected client sends the request, so each method gets a CallFact
 * with its RequestFact: the base is the annotation's `value`/`id` — a URL (`"http://host:8080"`,
 * `"${svc.url}"`) or a service id resolved by discovery (`id = "product-service"` →
 * `http://product-service`) — then `path`, then the method's URI.
 *
 * The client itself does not retry (Micronaut's HTTP client has no retry of its own); a
 * `@Retryable` on the interface or a method is micronautRetry.ts. Methods the interface inherits
 * from an API interface of another file (`interface ProductClient extends ProductOperations`) send
 * too: the client is recorded for engine/jvmHttpInheritance.ts, which adds their requests.
 *
 * Micronaut controllers (`@Controller("/x")` with `@Get`…) are entry points: their methods get a
 * handler like Spring's mappings, so a path through the service starts at the endpoint called.
 */
import type { ValueExpr } from "../../model/facts";
import { importedName, importsFrom, type JvmContext } from "./context";
import { hasBody, isMicronautController, micronautVerb, recordInheritingClient, sendsIdempotencyKey } from "./httpInterfaces";
import { interfaceMethodCall, joinRoute, placeholderValue } from "./module";
import { stringOf, type Annotation, type Decl } from "./syntax";

const CLIENT_PACKAGE = "io.micronaut.http.client.annotation";
export const MICRONAUT_CLIENT_LIBRARY = "micronaut-http-client";

/** The Micronaut `@Client` annotation of a type, if it has one. */
export function micronautClientAnnotation(ctx: JvmContext, d: Decl): Annotation | undefined {
  if (d.kind !== "interface" && d.kind !== "class") return undefined;
  return d.annotations.find((a) => importedName(ctx.file, a.simple) === "Client" && ctx.packageOf(a.name, [CLIENT_PACKAGE]) === CLIENT_PACKAGE);
}

/** Ids of the request calls each `@Client` type's methods make, by the type's id (read by micronautRetry.ts). */
export const MICRONAUT_CLIENT_CALLS = new WeakMap<JvmContext, Map<string, Map<string, string>>>();

export function detectMicronautClient(ctx: JvmContext): void {
  if (!importsFrom(ctx.file, "io.micronaut")) return;
  const byType = new Map<string, Map<string, string>>();
  MICRONAUT_CLIENT_CALLS.set(ctx, byType);
  for (const d of ctx.file.decls) {
    const ann = micronautClientAnnotation(ctx, d);
    if (ann) clientRequests(ctx, d, ann, byType);
    else if (d.kind === "class" && isMicronautController(ctx, d)) controllerHandlers(ctx, d);
  }
}

function clientRequests(ctx: JvmContext, iface: Decl, ann: Annotation, byType: Map<string, Map<string, string>>): void {
  const value = stringOf(ann.args.get("value")) ?? stringOf(ann.args.get("id"));
  if (value === null) return;
  const base: ValueExpr = value.includes("://") || value.startsWith("${") ? placeholderValue(value) : placeholderValue(`http://${value}`);
  const prefix = stringOf(ann.args.get("path")) ?? "";
  const calls = new Map<string, string>();
  byType.set(iface.id, calls);
  const own: string[] = [];
  const overrides: Record<string, string> = {};
  for (const m of ctx.file.decls) {
    if (m.kind !== "method" || m.ownerId !== iface.id) continue;
    // an override without a verb (`@Override Maybe<Dto> get(String code);`) inherits the verb and
    // URI of the API interface it overrides (another file): a request whose method and URI are
    // unknown here, filled in by engine/jvmHttpInheritance.ts when that interface is in the workspace
    const written = micronautVerb(ctx, m);
    const verb = written ?? (iface.supertypes?.length && !hasBody(m) ? { method: null, uri: null } : null);
    if (!verb) continue;
    const path = joinRoute(prefix, verb.uri ?? "");
    const tail: ValueExpr[] = verb.uri === null ? [{ kind: "unknown", text: `URI inherited from ${iface.supertypes!.join(", ")}` }] : [];
    const keyed = sendsIdempotencyKey(ctx, m);
    const id = interfaceMethodCall(ctx, iface, m, {
      method: verb.method,
      url: { kind: "concat", parts: [base, { kind: "string", value: path === "/" ? "" : path }, ...tail] },
      protocol: "http",
      idempotencyKey: keyed,
      timeoutSeconds: null,
      library: MICRONAUT_CLIENT_LIBRARY,
    });
    calls.set(m.id, id);
    if (written) own.push(m.name);
    else overrides[m.name] = id;
  }
  recordInheritingClient(ctx, iface, { base, prefix, library: MICRONAUT_CLIENT_LIBRARY, own, overrides });
}

/** `@Controller("/products")` methods with a verb annotation: entry points (FunctionFact.handler). */
function controllerHandlers(ctx: JvmContext, cls: Decl): void {
  const ann = cls.annotations.find((a) => importedName(ctx.file, a.simple) === "Controller");
  const prefix = stringOf(ann?.args.get("value")) ?? "";
  for (const m of ctx.file.decls) {
    if (m.kind !== "method" || m.ownerId !== cls.id) continue;
    const verb = micronautVerb(ctx, m);
    const fn = verb ? ctx.facts.functions.find((f) => f.id === m.id) : undefined;
    if (verb && fn && !fn.handler) fn.handler = { method: verb.method, route: joinRoute(prefix, verb.uri ?? "") };
  }
}
