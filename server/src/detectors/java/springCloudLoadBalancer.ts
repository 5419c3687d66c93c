/**
 * Spring Cloud LoadBalancer retries — docs/reference/spring-cloud-loadbalancer.md (spring-cloud-
 * commons v4.1.0 `LoadBalancerProperties.Retry`, `BlockingLoadBalancedRetryPolicy`,
 * `LoadBalancerAutoConfiguration`, `ReactorLoadBalancerClientAutoConfiguration`; spring-cloud-
 * openfeign v4.1.0 `DefaultFeignLoadBalancerConfiguration`, `FeignClientFactoryBean.getTarget`).
 *
 * - A `@FeignClient(name = "x")` without `url` is resolved by name through the load balancer; with
 *   spring-retry on the classpath and `spring.cloud.loadbalancer.retry.enabled` not false, its
 *   client is `RetryableFeignBlockingLoadBalancerClient`. A `url` (any value, `lb://…` included:
 *   `getTarget()` prefixes `http://` and unwraps the load-balancing client) bypasses the balancer:
 *   no layer.
 * - Defaults: `maxRetriesOnSameServiceInstance` 0, `maxRetriesOnNextServiceInstance` 1 →
 *   (1 + same) × (1 + next) = **2 attempts** (the same-instance count restarts on every new
 *   instance); `retryOnAllOperations` false → **only GET** is retried (`canRetry`: any other
 *   method gets no retry at all, whatever the error).
 * - One layer per Feign interface, anchored on its `@FeignClient` annotation, attached to the
 *   interface's GET calls (the other calls in `configRef.otherCallIds`, attached at link time when
 *   `retry-on-all-operations` is true). Settings, per client (`spring.cloud.loadbalancer.clients.
 *   <name>.retry.*`) then global, and the classpath are applied at link time
 *   (engine/springCloudLoadBalancerConfig.ts).
 * - A `@Bean @LoadBalanced RestTemplate` factory: a layer on the bean's client (RetryLoadBalancerInterceptor).
 * - Whether spring-retry is on the classpath comes from the build files' declared dependencies
 *   (FileFacts.jvmBuild, detectors/build/) and the module's imports, at link time.
 */
import type { LayerFact } from "../../model/facts";
import { importedName, type JvmContext } from "./context";
import { fixedWait, type LayerBase } from "./layers";
import { stringOf } from "./syntax";

export const SCLB = "spring-cloud-loadbalancer";
/** spring-cloud-commons 4.1 `LoadBalancerProperties.Retry` */
export const SCLB_DEFAULTS = { same: 0, next: 1 };

export function detectSpringCloudLoadBalancer(ctx: JvmContext): void {
  loadBalancedRestTemplates(ctx);
  for (const iface of ctx.file.decls) {
    const ann = iface.kind === "interface" ? iface.annotations.find((a) => importedName(ctx.file, a.simple) === "FeignClient") : undefined;
    if (!ann) continue;
    const url = stringOf(ann.args.get("url"));
    if (url !== null && url.trim() !== "") continue;
    if (ann.args.has("url") && url === null) continue; // a url that is not a literal: not resolved by name
    const name = stringOf(ann.args.get("name") ?? ann.args.get("value"));
    if (!name) continue;
    const methodIds = new Set(ctx.file.decls.filter((m) => m.kind === "method" && m.ownerId === iface.id).map((m) => m.id));
    const calls = ctx.facts.calls.filter((c) => methodIds.has(c.functionId) && c.request?.library === "feign");
    if (!calls.length) continue;
    const gets = calls.filter((c) => c.request?.method === "GET").map((c) => c.id);
    const others = calls.filter((c) => c.request?.method !== "GET").map((c) => c.id);
    const localId = ctx.nextId("L", ann.span);
    ctx.facts.layers.push({
      ...loadBalancerLayer({ same: SCLB_DEFAULTS.same, next: SCLB_DEFAULTS.next, allOperations: false, source: "default", onlyOthers: !gets.length }),
      localId,
      anchor: ann.span,
      attach: { kind: "block", functionId: iface.id, callIds: gets },
      label: `LoadBalancer retry @FeignClient ${name}`,
      configRef: { library: SCLB, serviceId: name, otherCallIds: others },
    });
  }
}

/**
 * `@Bean @LoadBalanced RestTemplate rest() { return new RestTemplate(); }` (also a RestTemplateBuilder
 * chain): RetryLoadBalancerInterceptor on the bean's client, so on every RestTemplate injected from
 * it (engine/resolveJvm.ts `@bean:`). A client layer: the GET-only filter is applied per hop at
 * link time (engine/springCloudLoadBalancerConfig.ts loadBalancerMethodFilter). Per-client settings
 * are keyed by the called service, unknown here: only the global `spring.cloud.loadbalancer.retry.*`
 * apply. `@LoadBalanced WebClient.Builder` is reactive (off unless `retry.enabled: true` is
 * written) and not modelled.
 */
function loadBalancedRestTemplates(ctx: JvmContext): void {
  for (const d of ctx.file.decls) {
    if (d.kind !== "method") continue;
    const bean = d.annotations.some((a) => importedName(ctx.file, a.simple) === "Bean");
    const lb = d.annotations.find((a) => importedName(ctx.file, a.simple) === "LoadBalanced");
    if (!bean || !lb) continue;
    const fn = ctx.facts.functions.find((f) => f.id === d.id);
    const client = fn?.returnsClientId ? ctx.facts.clients.find((c) => c.id === fn.returnsClientId) : undefined;
    if (!client || client.library !== "RestTemplate") continue;
    const localId = ctx.nextId("L", lb.span);
    ctx.facts.layers.push({
      ...loadBalancerLayer({ same: SCLB_DEFAULTS.same, next: SCLB_DEFAULTS.next, allOperations: false, source: "default" }),
      localId,
      anchor: lb.span,
      attach: { kind: "client" },
      label: `LoadBalancer retry @LoadBalanced ${d.name}()`,
      configRef: { library: SCLB, serviceId: "", otherCallIds: [] },
    });
    client.layerIds.push(localId);
  }
}

export interface LoadBalancerRetry {
  same: number;
  next: number;
  allOperations: boolean;
  source: "default" | "config";
  /** the interface has no GET method: nothing it sends is retried */
  onlyOthers?: boolean;
  /** spring-retry is not on the classpath / retry disabled: why there is no retry */
  off?: string;
  note?: string;
  statuses?: number[];
}

export function loadBalancerLayer(r: LoadBalancerRetry): LayerBase {
  const attempts = r.off || (r.onlyOthers && !r.allOperations) ? 1 : (1 + Math.max(0, r.same)) * (1 + Math.max(0, r.next));
  const methods = r.allOperations ? "all" : ["GET"];
  const arithmetic = `(1 + maxRetriesOnSameServiceInstance ${r.same}) × (1 + maxRetriesOnNextServiceInstance ${r.next}) = ${(1 + r.same) * (1 + r.next)}`;
  const defaultNote = r.off
    ? `Spring Cloud LoadBalancer retry off: ${r.off} → 1 attempt`
    : r.onlyOthers && !r.allOperations
      ? `Spring Cloud LoadBalancer retry: retryOnAllOperations false → only GET is retried, and this client sends no GET → 1 attempt`
      : `Spring Cloud LoadBalancer retry (spring-cloud-commons 4.1 defaults${r.source === "config" ? ", as configured" : ""}): ${arithmetic} attempts${r.allOperations ? ", every method (retryOnAllOperations)" : ", GET only (retryOnAllOperations false)"}`;
  return {
    kind: "spring-cloud-loadbalancer-retry",
    category: "client",
    library: SCLB,
    maxAttempts: attempts,
    attemptsSource: r.source,
    attemptsNote: r.note ?? defaultNote,
    timeBound: null,
    // the blocking RetryTemplate gets NoBackOffPolicy unless a LoadBalancedRetryFactory bean says otherwise
    wait: fixedWait(0, r.source),
    condition: {
      allErrors: false,
      exceptionTypes: ["IOException", "TimeoutException", "RetryableStatusCodeException"],
      statuses: r.statuses ?? [],
      retryOn: ["I/O error", "timeout", ...(r.statuses?.length ? ["retryable-status-codes"] : [])],
      afterSendMethods: methods,
      permanentErrors: null,
      honoursRetryAfter: false,
      description: `IOException / TimeoutException (and retryable-status-codes${r.statuses?.length ? ` ${r.statuses.join(", ")}` : ", none by default"}), on the same instance then on another one; ${r.allOperations ? "every method (retry-on-all-operations)" : "GET only (other methods are never retried)"}`,
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}

export type LoadBalancerLayerFact = LayerFact;
