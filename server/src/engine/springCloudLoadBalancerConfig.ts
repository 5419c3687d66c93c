/**
 * Spring Cloud LoadBalancer retries (docs/reference/spring-cloud-loadbalancer.md) applied at link
 * time to the layers detectors/java/springCloudLoadBalancer.ts emits with the defaults and
 * `configRef` "spring-cloud-loadbalancer":
 * - the blocking retry needs spring-retry on the classpath (`@ConditionalOnClass(RetryTemplate)` /
 *   `@ConditionalOnClass(name = "org.springframework.retry.support.RetryTemplate")`, spring-cloud-
 *   commons and spring-cloud-openfeign 4.1): evidence is a code file of the same module importing
 *   `org.springframework.retry`, or a Gradle Kotlin build script (the module's or one above it)
 *   declaring spring-retry or an artifact that depends on it. Without evidence: 1 attempt, why.
 * - `spring.cloud.loadbalancer.clients.<serviceId>.retry.*` first, then `spring.cloud.loadbalancer.
 *   retry.*`: `enabled`, `max-retries-on-same-service-instance`, `max-retries-on-next-service-
 *   instance`, `retry-on-all-operations`, `retryable-status-codes`.
 * - a Feign client whose `url` is set in `spring.cloud.openfeign.client.config.<name>.url` (or
 *   `feign.client.config…`, 3.x) bypasses the balancer like `url=`: 1 attempt, why.
 * Returns the extra calls a layer attaches to (the non-GET calls when every operation is retried).
 */
import type { FileFacts } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { loadBalancerLayer, SCLB, SCLB_DEFAULTS } from "../detectors/java/springCloudLoadBalancer";
import type { ConfigIndex, SettingValue } from "./configEntries";

/**
 * Artifacts that put spring-retry on the classpath: itself, and (Spring Boot 3.x BOM versions) the
 * ones whose published POMs depend on it — spring-kafka 3.x, spring-rabbit 3.x (spring-boot-
 * starter-amqp), spring-batch-core 5.x (spring-boot-starter-batch), spring-integration-core 6.x
 * (and spring-cloud-stream through it).
 */
const BRINGS_SPRING_RETRY = new Set([
  "org.springframework.retry:spring-retry",
  "org.springframework.kafka:spring-kafka",
  "org.springframework.amqp:spring-rabbit",
  "org.springframework.boot:spring-boot-starter-amqp",
  "org.springframework.batch:spring-batch-core",
  "org.springframework.boot:spring-boot-starter-batch",
  "org.springframework.integration:spring-integration-core",
  "org.springframework.boot:spring-boot-starter-integration",
  "org.springframework.cloud:spring-cloud-stream",
  "org.springframework.cloud:spring-cloud-starter-stream-kafka",
  "org.springframework.cloud:spring-cloud-starter-stream-rabbit",
]);

interface Evidence {
  dir: string;
  why: string;
}

/** the module folder of a source file: what comes before `/src/` (else its folder) */
function moduleDir(path: string): string {
  const i = path.startsWith("src/") ? 0 : path.indexOf("/src/");
  if (i >= 0) return path.slice(0, i);
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

function springRetryEvidence(files: readonly FileFacts[]): Evidence[] {
  const out: Evidence[] = [];
  for (const f of files) {
    // a build file declaring a dependency that brings spring-retry (pom.xml, build.gradle(.kts): detectors/build/)
    const brings = f.jvmBuild?.dependencies.find((d) => BRINGS_SPRING_RETRY.has(d));
    if (brings) out.push({ dir: f.path.includes("/") ? f.path.slice(0, f.path.lastIndexOf("/")) : "", why: `${brings} in ${f.path}` });
    if (f.language !== "java" && f.language !== "kotlin") continue;
    for (const i of f.imports) {
      if (i.module === "org.springframework.retry" || i.module.startsWith("org.springframework.retry.")) {
        out.push({ dir: moduleDir(f.path), why: `${f.path} imports ${i.module}` });
        break;
      }
    }
  }
  return out;
}

const under = (dir: string, path: string) => dir === "" || path === dir || path.startsWith(`${dir}/`);

export function applySpringCloudLoadBalancer(files: readonly FileFacts[], layers: Map<string, RetryLayer>, config: ConfigIndex): Map<string, { file: string; callIds: string[] }> {
  const extra = new Map<string, { file: string; callIds: string[] }>();
  const mine = [...layers.values()].filter((l) => l.configRef?.library === SCLB);
  if (!mine.length) return extra;
  let evidence: Evidence[] = [];
  try {
    evidence = springRetryEvidence(files);
  } catch {
    // a bad fact costs the evidence only: the layers then say spring-retry was not found
  }
  for (const layer of mine) {
    try {
      applyOne(layer, evidence, config, extra);
    } catch {
      // keep the detector's defaults for this layer
    }
  }
  return extra;
}

function applyOne(layer: RetryLayer, evidence: readonly Evidence[], config: ConfigIndex, extra: Map<string, { file: string; callIds: string[] }>): void {
  const ref = layer.configRef;
  if (ref?.library !== SCLB) return;
  const get = (k: string): { v: SettingValue; key: string } | null => {
    if (ref.serviceId === "") {
      const global = `spring.cloud.loadbalancer.retry.${k}`;
      const g = config.lookup(layer.file, global);
      return g ? { v: g, key: global } : null;
    }
    const perClient = `spring.cloud.loadbalancer.clients.${ref.serviceId}.retry.${k}`;
    const hit = config.lookup(layer.file, perClient);
    if (hit) return { v: hit, key: perClient };
    const global = `spring.cloud.loadbalancer.retry.${k}`;
    const g = config.lookup(layer.file, global);
    return g ? { v: g, key: global } : null;
  };
  const where = (s: { v: SettingValue; key: string }) => `${s.key}: ${s.v.value.trim()} (${s.v.file}:${s.v.line})`;
  const int = (s: { v: SettingValue } | null, fallback: number) => {
    const n = s ? Number(s.v.value.trim()) : NaN;
    return Number.isInteger(n) && n >= 0 ? n : fallback;
  };
  const enabled = get("enabled");
  const same = get("max-retries-on-same-service-instance");
  const next = get("max-retries-on-next-service-instance");
  const all = get("retry-on-all-operations");
  const codes = get("retryable-status-codes");
  const notes: string[] = [];
  const found = evidence.find((e) => under(e.dir, layer.file));
  let off: string | undefined;
  // FeignClientFactoryBean.getTarget: a url in the client's settings (isUrlAvailableInConfig) bypasses the balancer too
  const configUrl = ref.serviceId === "" ? null : ["spring.cloud.openfeign.client.config", "feign.client.config"].map((p) => config.lookup(layer.file, `${p}.${ref.serviceId}.url`)).find((v) => v && v.value.trim() !== "");
  if (configUrl) off = `url ${configUrl.value.trim()} set for the client in ${configUrl.file}:${configUrl.line}, so it is not load-balanced (FeignClientFactoryBean unwraps the load-balancing client)`;
  else if (enabled && enabled.v.value.trim().toLowerCase() === "false") off = where(enabled);
  else if (!found) off = "spring-retry is not on the classpath as far as the workspace shows (no import of org.springframework.retry in the module, no pom.xml or Gradle dependency bringing it), so the blocking load balancer does not retry (FeignBlockingLoadBalancerClient, LoadBalancerInterceptor)";
  else notes.push(`spring-retry on the classpath: ${found.why}`);
  const allOperations = all?.v.value.trim().toLowerCase() === "true";
  const r = { same: int(same, SCLB_DEFAULTS.same), next: int(next, SCLB_DEFAULTS.next), allOperations };
  for (const s of [same, next, all]) if (s) notes.push(where(s));
  const statuses = codes ? codes.v.value.split(",").map((x) => Number(x.trim())).filter((n) => Number.isInteger(n)) : [];
  if (codes) notes.push(where(codes));
  const configured = !!(same || next || all || codes || enabled);
  const onlyOthers = layer.attach.kind === "block" && layer.attach.callIds.length === 0;
  const base = loadBalancerLayer({ ...r, source: configured ? "config" : "default", onlyOthers, off, statuses });
  const attemptsNote = off ? base.attemptsNote : `${base.attemptsNote}; ${notes.join("; ")}`;
  Object.assign(layer, { ...base, attemptsNote, disabled: base.maxAttempts === 1, implicit: base.attemptsSource === "default" });
  if (!off && allOperations && ref.otherCallIds.length) extra.set(layer.id, { file: layer.file, callIds: ref.otherCallIds });
}

/**
 * A load-balancer layer on a client (a `@LoadBalanced RestTemplate`) retries only the methods its
 * condition lists (GET unless retry-on-all-operations): a hop of another method goes through it
 * unretried, so the layer is dropped from it. Other layers are kept as they are.
 */
export function loadBalancerMethodFilter(layerIds: string[], method: string | null, layers: ReadonlyMap<string, RetryLayer>): string[] {
  if (method === null) return layerIds;
  return layerIds.filter((id) => {
    const l = layers.get(id);
    if (!l || l.configRef?.library !== SCLB || l.attach.kind !== "client") return true;
    const m = l.condition.afterSendMethods;
    return m === "all" || m.includes(method.toUpperCase());
  });
}
