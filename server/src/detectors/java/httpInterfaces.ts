/**
 * HTTP interfaces shared across files (FileFacts.jvmHttp; the engine joins them in
 * engine/jvmHttpInheritance.ts). A common microservice layout puts the routes in an API interface
 * of a shared module and lets both sides inherit them:
 *   `public interface ProductOperations { @Get("/{code}") Maybe<ProductDto> get(String code); }`
 *   `@Client(id = "product-service", path = "/products") interface ProductClient extends ProductOperations {}`
 *   `@Controller("/products") class ProductsController implements ProductOperations { … get(String code) {…} }`
 * - Micronaut (1.x–4.x, guide "Declarative HTTP Clients with @Client"): the introduction advice
 *   implements every abstract method of the `@Client` type, inherited ones included; the
 *   controller's overriding methods take their routes from the interface.
 * - Spring Cloud OpenFeign ("Feign Inheritance Support"): `@FeignClient("users") interface
 *   UserClient extends UserService {}` sends what UserService's `@GetMapping`s declare, and Spring
 *   MVC finds a controller method's mapping on the interface it implements.
 * This file records, per file: the routes each interface declares on its abstract methods (a
 * default method with a body runs its body, no request), and the controllers that implement
 * other types. The clients are recorded by their detectors (micronautClient.ts, feign.ts) through
 * `recordInheritingClient`.
 */
import type { JvmDeclaredRoute, JvmHttpFacts, JvmInheritingClient } from "../../model/facts";
import { importedName, type JvmContext } from "./context";
import { IDEMPOTENCY_HEADER } from "../shared/idempotency";
import { springMethodMapping, springTypePrefix } from "./module";
import { stringOf, type Decl } from "./syntax";

const MICRONAUT_HTTP = "io.micronaut.http.annotation";
const MICRONAUT_VERBS: Record<string, string> = { Get: "GET", Post: "POST", Put: "PUT", Delete: "DELETE", Patch: "PATCH", Head: "HEAD", Options: "OPTIONS", Trace: "TRACE" };
const SPRING_CONTROLLERS = new Set(["RestController", "Controller"]);

/** `@Get("/x")` (value or `uri`) on a method, from Micronaut's annotation package. */
export function micronautVerb(ctx: JvmContext, m: Decl): { method: string; uri: string } | null {
  for (const a of m.annotations) {
    const method = MICRONAUT_VERBS[importedName(ctx.file, a.simple)];
    if (!method || ctx.packageOf(a.name, [MICRONAUT_HTTP]) !== MICRONAUT_HTTP) continue;
    return { method, uri: stringOf(a.args.get("value")) ?? stringOf(a.args.get("uri")) ?? "" };
  }
  return null;
}

/** Micronaut's `@Controller`, not Spring's stereotype of the same name. */
export function isMicronautController(ctx: JvmContext, d: Decl): boolean {
  return d.annotations.some((a) => importedName(ctx.file, a.simple) === "Controller" && ctx.packageOf(a.name, [MICRONAUT_HTTP]) === MICRONAUT_HTTP);
}

export function hasBody(d: Decl): boolean {
  return d.node.namedChildren.some((c) => c?.type === "block" || c?.type === "function_body") || !!d.node.childForFieldName("body");
}

/** A parameter `@Header("Idempotency-Key")` (Micronaut) / `@RequestHeader("Idempotency-Key")` (Spring). */
export function sendsIdempotencyKey(ctx: JvmContext, m: Decl): boolean {
  return m.params.some((p) =>
    p.annotations.some((a) => {
      const simple = importedName(ctx.file, a.simple);
      return (simple === "Header" || simple === "RequestHeader") && IDEMPOTENCY_HEADER.test(stringOf(a.args.get("value") ?? a.args.get("name")) ?? "");
    }),
  );
}

function jvmHttp(ctx: JvmContext): JvmHttpFacts {
  return (ctx.facts.jvmHttp ??= {});
}

export function detectHttpInterfaces(ctx: JvmContext): void {
  for (const d of ctx.file.decls) {
    if (d.kind === "interface") interfaceRoutes(ctx, d);
    else if (d.kind === "class" && d.supertypes?.length) controller(ctx, d);
  }
}

function interfaceRoutes(ctx: JvmContext, iface: Decl): void {
  const methods: Record<string, JvmDeclaredRoute> = {};
  for (const m of ctx.file.decls) {
    if (m.kind !== "method" || m.ownerId !== iface.id || hasBody(m) || methods[m.name]) continue;
    const route = micronautVerb(ctx, m) ?? springMethodMapping(ctx, m);
    if (route) methods[m.name] = { method: route.method, uri: route.uri, idempotencyKey: sendsIdempotencyKey(ctx, m) };
  }
  if (Object.keys(methods).length) (jvmHttp(ctx).routes ??= {})[iface.id] = { prefix: springTypePrefix(ctx, iface), methods };
}

/** A Micronaut `@Controller("/x")` or a Spring `@RestController` (`@RequestMapping("/x")`) implementing other types. */
function controller(ctx: JvmContext, cls: Decl): void {
  let prefix: string;
  if (isMicronautController(ctx, cls)) prefix = stringOf(cls.annotations.find((a) => importedName(ctx.file, a.simple) === "Controller")?.args.get("value")) ?? "";
  else if (cls.annotations.some((a) => SPRING_CONTROLLERS.has(importedName(ctx.file, a.simple)))) prefix = springTypePrefix(ctx, cls);
  else return;
  (jvmHttp(ctx).controllers ??= []).push({ typeId: cls.id, prefix });
}

/** A declarative client extending other types: the requests of the methods it inherits go to `client.base`. */
export function recordInheritingClient(ctx: JvmContext, iface: Decl, client: Omit<JvmInheritingClient, "typeId" | "name" | "span">): void {
  if (!iface.supertypes?.length) return;
  (jvmHttp(ctx).clients ??= []).push({ typeId: iface.id, name: iface.name, span: iface.span, ...client });
}
