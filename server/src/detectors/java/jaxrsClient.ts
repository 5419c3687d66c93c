/**
 * JAX-RS client requests (`javax.ws.rs.client` / `jakarta.ws.rs.client`, JAX-RS 2.0+): a verb on an
 * `Invocation.Builder` that `WebTarget.request(…)` made from `Client.target(url)` —
 * `client.target(u).path(p).request(type).get()`, or the same steps held in locals/fields
 * (`WebTarget t = client.target(u); Invocation.Builder b = t.request(); b.get();`).
 *
 * The spec defines no retries and none is reported here: the implementation's transport decides
 * (RESTEasy over Apache HttpClient, Jersey and CXF over HttpURLConnection by default), and which
 * one runs is the server's choice, not the code's.
 */
import type { RequestFact, ValueExpr } from "../../model/facts";
import type { JvmContext } from "./context";
import { valueOfName } from "./jvmHolders";
import { valueExpr } from "./module";
import { argAt, chainOf, stringOf, type Call, type Expr } from "./syntax";

/** SyncInvoker / Invocation.Builder verbs (JAX-RS 2.0 javax.ws.rs.client.SyncInvoker) */
const VERBS: Record<string, string | null> = { get: "GET", post: "POST", put: "PUT", delete: "DELETE", head: "HEAD", options: "OPTIONS", trace: "TRACE", method: null };
const PACKAGES = /^(javax|jakarta)\.ws\.rs\.client(\.|$)/;

export function jaxrsRequest(ctx: JvmContext, call: Call, keyed: () => boolean): RequestFact | null {
  if (!(call.name in VERBS) || !ctx.file.imports.some((i) => PACKAGES.test(i.path))) return null;
  const steps = stepsToTarget(ctx, call);
  const target = steps?.findIndex((s) => s.name === "target") ?? -1;
  const request = steps?.findIndex((s) => s.name === "request") ?? -1;
  if (!steps || target < 0 || request < target) return null;
  let url: ValueExpr = valueExpr(argAt(steps[target]!, 0));
  // WebTarget.path(p) appends a segment, adding the "/" between them
  for (const s of steps.slice(target + 1, request)) if (s.name === "path" && s.args.length === 1) url = { kind: "concat", parts: [url, { kind: "string", value: "/" }, valueExpr(argAt(s, 0))] };
  const method = VERBS[call.name] ?? stringOf(argAt(call, 0))?.toUpperCase() ?? null;
  return { method, url, protocol: "http", idempotencyKey: keyed(), timeoutSeconds: null, library: "jaxrs-client" };
}

/** The calls from `….target(u)` to the verb's receiver, following locals and fields; null when it is not such a chain. */
function stepsToTarget(ctx: JvmContext, call: Call): Call[] | null {
  const steps: Call[] = [];
  let recv: Expr | null = call.receiver;
  for (let depth = 0; recv && depth < 6; depth++) {
    if (recv.k === "name") {
      recv = valueOfName(ctx, call.scopeId, recv.path);
      continue;
    }
    if (recv.k !== "call") return null;
    const chain = chainOf(recv.call);
    steps.unshift(...chain);
    if (chain.some((c) => c.name === "target")) return steps;
    recv = chain[0]!.receiver;
  }
  return null;
}
