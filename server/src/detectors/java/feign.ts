/**
 * Spring Cloud OpenFeign clients: an interface annotated `@FeignClient(name = "inventory",
 * url = "${inventory.url}", path = "/api")` whose methods carry Spring mappings
 * (`@PostMapping("/reserve")`). Calling such a method on the injected interface sends that
 * request, so each method gets a CallFact with its RequestFact (base URL: `url`, else
 * `http://<name>` as service discovery names it; then `path`, the interface's `@RequestMapping`
 * and the method's path). Feign's own Retryer is feignRetryer.ts (docs/reference/openfeign.md).
 * Methods inherited from an API interface (`interface InventoryClient extends InventoryApi`,
 * "Feign Inheritance Support") send too: the client is recorded for engine/jvmHttpInheritance.ts.
 */
import type { ValueExpr } from "../../model/facts";
import { importedName, type JvmContext } from "./context";
import { recordInheritingClient, sendsIdempotencyKey } from "./httpInterfaces";
import { interfaceMethodCall, joinRoute, placeholderValue, springMapping } from "./module";
import { stringOf } from "./syntax";

export function detectFeign(ctx: JvmContext): void {
  for (const iface of ctx.file.decls) {
    const ann = iface.kind === "interface" ? iface.annotations.find((a) => importedName(ctx.file, a.simple) === "FeignClient") : undefined;
    if (!ann) continue;
    const url = stringOf(ann.args.get("url"));
    const name = stringOf(ann.args.get("name") ?? ann.args.get("value"));
    if (url === null && name === null) continue;
    const base: ValueExpr = url !== null && url !== "" ? placeholderValue(url) : placeholderValue(`http://${name}`);
    const prefix = stringOf(ann.args.get("path")) ?? "";
    const own: string[] = [];
    for (const m of ctx.file.decls) {
      if (m.kind !== "method" || m.ownerId !== iface.id) continue;
      const mapping = springMapping(ctx, m);
      if (!mapping) continue;
      own.push(m.name);
      const path = joinRoute(prefix, mapping.route);
      const keyed = sendsIdempotencyKey(ctx, m);
      interfaceMethodCall(ctx, iface, m, {
        method: mapping.method,
        url: { kind: "concat", parts: [base, { kind: "string", value: path === "/" ? "" : path }] },
        protocol: "http",
        idempotencyKey: keyed,
        timeoutSeconds: null,
        library: "feign",
      });
    }
    recordInheritingClient(ctx, iface, { base, prefix, library: "feign", own, overrides: {} });
  }
}
