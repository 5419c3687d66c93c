/**
 * MicroProfile REST Client interfaces (`@RegisterRestClient`, org.eclipse.microprofile.rest.client)
 * — docs/reference/apache-httpclient.md ("Clients built on HttpClient 4").
 *
 * Each abstract method with a JAX-RS verb (`@GET`, `@POST`, …) is a request: the base URL is the
 * MicroProfile config `<configKey>/mp-rest/url` (or Quarkus `quarkus.rest-client.<configKey>.url`,
 * else the annotation's `baseUri`), then the interface's and the method's `@Path`. The caller's
 * `@Inject @RestClient PersonService people; people.getById(id)` reaches that request.
 *
 * Retries: the spec has none, the implementation's HTTP engine decides. RESTEasy's client (Quarkus'
 * `quarkus-rest-client` before 3.x, RESTEasy 3.x/4.x MicroProfile client) sends through
 * `ApacheHttpClient43Engine`, built by `ClientHttpEngineBuilder43` with `HttpClientBuilder.create()`
 * and `disableAutomaticRetries()` only when asked (default false), so Apache HttpClient 4.5's
 * `DefaultHttpRequestRetryHandler` applies: 3 retries → **4 attempts** on I/O errors (not
 * timeouts, unknown hosts, connect or SSL errors), requests without a body even once sent. That
 * engine is assumed for an interface written against `javax.ws.rs` (the RESTEasy-classic era);
 * against `jakarta.ws.rs` (Quarkus 3's REST Client on Vert.x, which does not retry, Open Liberty,
 * Helidon) no layer is reported. Verified: resteasy `ClientHttpEngineBuilder43.build()` and
 * `DisableAutomaticRetriesTest` (4.5.x/4.7.x), HttpClient 4.5.14 `HttpClientBuilder.build()`.
 */
import type { ValueExpr } from "../../model/facts";
import { defaults, layerOf } from "./apacheHttpClient";
import { importedName, importsFrom, type JvmContext } from "./context";
import { IDEMPOTENCY_HEADER } from "../shared/idempotency";
import { interfaceMethodCall, joinRoute, placeholderValue } from "./module";
import { stringOf } from "./syntax";

const VERBS = new Set(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]);
export const REST_CLIENT_LIBRARY = "microprofile-rest-client";

export function detectRestClient(ctx: JvmContext): void {
  if (!importsFrom(ctx.file, "org.eclipse.microprofile.rest.client")) return;
  const classic = importsFrom(ctx.file, "javax.ws.rs");
  for (const iface of ctx.file.decls) {
    const ann = iface.kind === "interface" ? iface.annotations.find((a) => importedName(ctx.file, a.simple) === "RegisterRestClient") : undefined;
    if (!ann) continue;
    const configKey = stringOf(ann.args.get("configKey"));
    const baseUri = stringOf(ann.args.get("baseUri"));
    const fqcn = iface.id;
    const fallback: ValueExpr = baseUri ? placeholderValue(baseUri) : { kind: "unknown", text: `${configKey ?? fqcn}/mp-rest/url` };
    const keyName = configKey ?? fqcn;
    const base: ValueExpr = { kind: "setting", key: `${keyName}/mp-rest/url`, fallback: { kind: "setting", key: `quarkus.rest-client.${keyName}.url`, fallback } };
    const prefix = pathOf(ctx, iface.annotations) ?? "";
    const callIds: string[] = [];
    for (const m of ctx.file.decls) {
      if (m.kind !== "method" || m.ownerId !== iface.id) continue;
      const verb = m.annotations.map((a) => importedName(ctx.file, a.simple)).find((n) => VERBS.has(n));
      if (!verb) continue;
      const path = joinRoute(prefix, pathOf(ctx, m.annotations) ?? "");
      const keyed = m.params.some((p) => p.annotations.some((a) => importedName(ctx.file, a.simple) === "HeaderParam" && IDEMPOTENCY_HEADER.test(stringOf(a.args.get("value")) ?? "")));
      callIds.push(
        interfaceMethodCall(ctx, iface, m, { method: verb, url: { kind: "concat", parts: [base, { kind: "string", value: path === "/" ? "" : path }] }, protocol: "http", idempotencyKey: keyed, timeoutSeconds: null, library: REST_CLIENT_LIBRARY }),
      );
    }
    if (!classic || !callIds.length) continue;
    const localId = ctx.nextId("L", ann.span);
    const base4 = layerOf(defaults(4), 4, "RESTEasy's MicroProfile REST client engine (ApacheHttpClient43Engine over HttpClientBuilder.create())");
    base4.attemptsNote += "; RESTEasy classic assumed for a javax.ws.rs interface (Quarkus quarkus-rest-client before 3.x); the reactive REST client (Vert.x) does not retry";
    ctx.facts.layers.push({ ...base4, localId, anchor: ann.span, attach: { kind: "block", functionId: iface.id, callIds }, label: `@RegisterRestClient ${iface.name}` });
  }
}

function pathOf(ctx: JvmContext, anns: ReadonlyArray<{ simple: string; args: Map<string, import("./syntax").Expr> }>): string | null {
  const p = anns.find((a) => importedName(ctx.file, a.simple) === "Path");
  return p ? stringOf(p.args.get("value")) : null;
}
