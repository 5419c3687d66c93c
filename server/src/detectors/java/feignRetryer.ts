/**
 * Feign `Retryer` — docs/reference/openfeign.md (OpenFeign/feign 10 … 13.x `core/src/main/java/feign/
 * DefaultRetryer.java`, `Retryer.java`, `BaseBuilder.java`; spring-cloud-openfeign 3.1 … 5.0
 * `FeignClientsConfiguration.java`).
 * - Plain Feign: `Feign.builder()` starts with `retryer = new DefaultRetryer()` = `Retryer.Default()`:
 *   `(100, SECONDS.toMillis(1), 5)` → **maxAttempts 5 counts attempts** (`if (attempt++ >=
 *   maxAttempts) throw e`), waits `period × 1.5^(attempt−1)` capped at `maxPeriod` (100 ms … 1 s,
 *   no jitter), or the Retry-After the error carries. `.retryer(new Retryer.Default(p, max, n))` →
 *   n; `.retryer(Retryer.NEVER_RETRY)` → 1 (disabled). A `Feign.builder()…target(Api.class, url)`
 *   chain is a client: every method of the interface is a request to `url` (ClientFact.sdk).
 * - Spring Cloud OpenFeign: the default bean is `Retryer.NEVER_RETRY` (`@Bean
 *   @ConditionalOnMissingBean public Retryer feignRetryer()`): no layer unless the application
 *   declares a `@Bean Retryer`. One in a `@Configuration` (or `@SpringBootApplication`) class is in
 *   the parent context every Feign client's child context sees: a service-wide layer on every
 *   `@FeignClient` request of the service (ClientFact.processWide, library "feign"). One in a class
 *   without those annotations only applies to the `@FeignClient(configuration = …)` clients naming
 *   it: reported, not linked.
 * Retried: `RetryableException` — every `IOException` while executing, for **any method** (POST
 * included: `FeignException.errorExecuting`), and responses an `ErrorDecoder` turns into one
 * (`ErrorDecoder.Default`: any response carrying `Retry-After`).
 */
import type { LayerFact } from "../../model/facts";
import { importedName, importsFrom, type JvmContext } from "./context";
import { exponentialWait, fixedWait, type LayerBase } from "./layers";
import { holderOf, outermost, valueOfName } from "./jvmHolders";
import { valueExpr } from "./module";
import { argAt, chainOf, exprText, numberOf, type Call, type Expr } from "./syntax";

export const FEIGN_LIBRARY = "feign";
const CONFIG_CLASS = new Set(["Configuration", "SpringBootApplication", "AutoConfiguration"]);

interface Retryer {
  /** total attempts; null = unknown */
  attempts: number | null;
  periodMs: number | null;
  maxPeriodMs: number | null;
  source: "default" | "config";
  text: string;
}

export const FEIGN_DEFAULT: Retryer = { attempts: 5, periodMs: 100, maxPeriodMs: 1000, source: "default", text: "Retryer.Default()" };

export function detectFeignRetryer(ctx: JvmContext): void {
  if (!importsFrom(ctx.file, "feign")) return;
  builders(ctx);
  beans(ctx);
}

/** `Feign.builder()….retryer(r)….target(Api.class, url)`. */
function builders(ctx: JvmContext): void {
  for (const call of ctx.file.calls) {
    const recv = call.receiver?.k === "name" ? call.receiver.path.slice(call.receiver.path.lastIndexOf(".") + 1) : null;
    if (call.name !== "builder" || !recv || !/Feign$/.test(recv)) continue;
    const whole = outermost(ctx, call);
    const chain = chainOf(whole);
    const target = chain.find((c) => c.name === "target");
    if (!target) continue;
    const setter = chain.find((c) => c.name === "retryer");
    const r = setter ? retryerOf(ctx, call.scopeId, argAt(setter, 0)) : FEIGN_DEFAULT;
    const localId = ctx.nextId("L", (setter ?? call).nameSpan);
    const note = setter ? undefined : `default Retryer.Default(): maxAttempts 5 → 5 attempts (feign-core 10–13, Feign.builder() without .retryer(…))`;
    ctx.facts.layers.push({ ...layerOf(r, note), localId, anchor: setter ? setter.nameSpan : call.span, attach: { kind: "client" }, label: `${recv}.builder()` });
    const holder = holderOf(ctx, whole);
    if (!holder) continue;
    const url = argAt(target, 1) ?? argAt(target, 0);
    ctx.facts.clients.push({
      id: ctx.nextId("K", whole.span),
      name: holder.name,
      functionId: holder.functionId,
      span: whole.span,
      library: FEIGN_LIBRARY,
      baseUrl: url && url.k !== "classLit" ? valueExpr(url) : null,
      layerIds: [localId],
      fromCall: null,
      perCall: holder.perCall,
      hasRetryQuota: false,
      timeoutSeconds: null,
      sdk: { target: "", notSending: ["toString", "hashCode", "equals"] },
    });
  }
}

/** `@Bean Retryer retryer() { return new Retryer.Default(…); }` in a Spring configuration class. */
function beans(ctx: JvmContext): void {
  for (const d of ctx.file.decls) {
    if (d.kind !== "method" || !d.annotations.some((a) => importedName(ctx.file, a.simple) === "Bean")) continue;
    const returned = ctx.file.calls.filter((c) => c.scopeId === d.id && c.isNew && /(^|\.)Retryer\.Default$|^Default$/.test(c.name) && !ctx.outerCall(c));
    const typed = d.type !== null && /(^|\.)Retryer$/.test(d.type);
    if (!typed && !returned.length) continue;
    const neverRetry = /Retryer\.NEVER_RETRY/.test(d.node.text);
    const built = returned[returned.length - 1];
    const r: Retryer = built ? retryerOf(ctx, d.id, { k: "call", call: built }) : neverRetry ? { attempts: 1, periodMs: 0, maxPeriodMs: 0, source: "config", text: "Retryer.NEVER_RETRY" } : { attempts: null, periodMs: null, maxPeriodMs: null, source: "config", text: `a custom Retryer from ${d.name}()` };
    const owner = ctx.decl(d.ownerId);
    const global = owner?.annotations.some((a) => CONFIG_CLASS.has(importedName(ctx.file, a.simple))) ?? false;
    const anchor = built?.span ?? d.annotations.find((a) => importedName(ctx.file, a.simple) === "Bean")!.span;
    const localId = ctx.nextId("L", anchor);
    const scope = global ? "every @FeignClient of the service (a parent-context bean)" : `the @FeignClient(configuration = ${owner?.name ?? "?"}.class) clients only (not linked)`;
    const note = r.attempts === null ? `${r.text}: count not known statically; applies to ${scope}` : `@Bean ${r.text}: maxAttempts ${r.attempts} → ${r.attempts} attempt${r.attempts === 1 ? "" : "s"} (counts attempts); applies to ${scope}`;
    ctx.facts.layers.push({ ...layerOf(r, note), localId, anchor, attach: { kind: "client" }, label: `Feign Retryer ${d.name}()` });
    if (!global) continue;
    ctx.facts.clients.push({ id: ctx.nextId("K", anchor), name: "", functionId: d.id, span: anchor, library: FEIGN_LIBRARY, baseUrl: null, layerIds: [localId], fromCall: null, perCall: false, hasRetryQuota: false, timeoutSeconds: null, processWide: true });
  }
}

/** `new Retryer.Default()`, `new Retryer.Default(100, 1000, 3)`, `Retryer.NEVER_RETRY`, a name holding one. */
export function retryerOf(ctx: JvmContext, scopeId: string, e: Expr | null, depth = 0): Retryer {
  const unknown: Retryer = { attempts: null, periodMs: null, maxPeriodMs: null, source: "config", text: exprText(e) };
  if (!e) return unknown;
  if (e.k === "name") {
    if (/(^|\.)NEVER_RETRY$/.test(e.path)) return { attempts: 1, periodMs: 0, maxPeriodMs: 0, source: "config", text: "Retryer.NEVER_RETRY" };
    const v = depth < 2 ? valueOfName(ctx, scopeId, e.path) : null;
    return v ? retryerOf(ctx, scopeId, v, depth + 1) : unknown;
  }
  if (e.k !== "call" || !e.call.isNew || !/(^|\.)(Retryer\.Default|DefaultRetryer)$|^Default$/.test(e.call.name)) return unknown;
  const c: Call = e.call;
  if (!c.args.length) return { ...FEIGN_DEFAULT, source: "config", text: "new Retryer.Default()" };
  const period = durationLike(argAt(c, 0));
  const max = durationLike(argAt(c, 1));
  return { attempts: numberOf(argAt(c, 2)), periodMs: period, maxPeriodMs: max, source: "config", text: c.node.text.replace(/\s+/g, " ").slice(0, 80) };
}

/** a long of milliseconds, also `TimeUnit.SECONDS.toMillis(1)` / `SECONDS.toMillis(1)` */
function durationLike(e: Expr | null): number | null {
  const n = numberOf(e);
  if (n !== null) return n;
  if (e?.k === "call" && e.call.name === "toMillis") {
    const v = numberOf(argAt(e.call, 0));
    const unit = e.call.receiver?.k === "name" ? e.call.receiver.path.split(".").pop() : null;
    const ms: Record<string, number> = { MILLISECONDS: 1, SECONDS: 1000, MINUTES: 60_000 };
    return v !== null && unit && ms[unit] ? v * ms[unit]! : null;
  }
  return null;
}

export function layerOf(r: Retryer, note?: string): LayerBase {
  const attempts = r.attempts === null ? null : Math.max(1, r.attempts);
  return {
    kind: "feign-retryer",
    category: "client",
    library: FEIGN_LIBRARY,
    maxAttempts: attempts,
    attemptsSource: r.source,
    attemptsNote: note ?? (attempts === null ? `${r.text}: count not known statically` : `${r.text}: maxAttempts ${attempts} → ${attempts} attempt${attempts === 1 ? "" : "s"} (counts attempts)`),
    timeBound: null,
    ...(attempts === null ? { countUnknown: true } : {}),
    wait:
      r.periodMs === null || r.maxPeriodMs === null
        ? { kind: "unknown", jitter: null, initialSeconds: null, maxSeconds: null, source: r.source, description: "Retryer intervals not literal" }
        : attempts === 1
          ? fixedWait(0, r.source)
          : exponentialWait(r.periodMs, 1.5, r.maxPeriodMs, false, r.source, ""),
    condition: {
      allErrors: false,
      exceptionTypes: ["RetryableException"],
      statuses: [],
      retryOn: ["I/O error", "Retry-After"],
      afterSendMethods: "all",
      permanentErrors: null,
      honoursRetryAfter: true,
      description: "RetryableException: every IOException while executing, any method (POST included); responses the ErrorDecoder makes retryable (the default one: a Retry-After header)",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
  };
}

export type { Retryer as FeignRetryer };
export type FeignLayer = LayerFact;
