/**
 * spring-kafka listener containers' error handlers — docs/reference/kafka.md §"spring-kafka listener
 * containers". A record whose `@KafkaListener` method throws is handed to the container's
 * `CommonErrorHandler`, which seeks back so the same record is delivered to the listener again:
 * the whole listener method re-runs, with everything it calls.
 *
 * - `ConcurrentKafkaListenerContainerFactory` built in a `@Bean` method (bean name: `@Bean(name)` /
 *   `@Bean("x")`, else the method's name) without `setCommonErrorHandler` (Kotlin:
 *   `commonErrorHandler =`) or the legacy `setErrorHandler`: the container builds
 *   `new DefaultErrorHandler()` (`KafkaMessageListenerContainer.ListenerConsumer.
 *   determineCommonErrorHandler`), whose back-off is `SeekUtils.DEFAULT_BACK_OFF` =
 *   `FixedBackOff(0, 9)` → **10 deliveries**, no wait; spring-kafka 2.5–2.7 used
 *   SeekToCurrentErrorHandler with the same back-off; before 2.5 `LoggingErrorHandler` (no
 *   redelivery): the build's pin decides (versionDefaults).
 * - `DefaultErrorHandler(FixedBackOff(interval, n))` (also with a recoverer first): `n` counts
 *   **retries** → n + 1 deliveries; `FixedBackOff()` has no limit (5 s apart);
 *   `ExponentialBackOffWithMaxRetries(n)` → n + 1 (2 s × 1.5 up to 30 s unless set); a plain
 *   `ExponentialBackOff` is bounded only by its `maxElapsedTime`. `CommonLoggingErrorHandler` /
 *   `CommonContainerStoppingErrorHandler` do not redeliver (1).
 * - The layer (kind `kafka-consumer`) is anchored on the factory's construction (on the handler's
 *   construction when the method builds one) and carries `kafkaContainerFactory`: the linker wraps
 *   the listener methods that name the bean (engine/springKafkaListeners.ts). Listeners are
 *   recorded in `FileFacts.kafkaListeners`.
 * - A listener on the default factory name with no such bean in its service runs on the factory
 *   Spring Boot auto-configures (`KafkaAnnotationDrivenConfiguration`, `@ConditionalOnMissingBean(name
 *   = "kafkaListenerContainerFactory")`), which sets a `CommonErrorHandler` bean when there is one
 *   (`ConcurrentKafkaListenerContainerFactoryConfigurer`): an "auto" layer on the listener's
 *   annotation, and a layer for a `@Bean` returning a `DefaultErrorHandler`/`CommonErrorHandler`.
 */
import type { LayerFact, SourceSpan, VersionDefaults, WaitSpec } from "../../model/facts";
import { importedName, importsFrom, receiverName, type JvmContext } from "./context";
import { exponentialWait, fixedWait } from "./layers";
import { argAt, stringOf, type Annotation, type Call, type Decl, type Expr } from "./syntax";

const LIBRARY = "spring-kafka";
export const DEFAULT_KAFKA_FACTORY = "kafkaListenerContainerFactory";
const ANNOTATION_PKG = "org.springframework.kafka.annotation";
const FACTORY = /(^|\.)ConcurrentKafkaListenerContainerFactory$/;
const HANDLER_TYPES = /(^|\.)(DefaultErrorHandler|CommonErrorHandler|SeekToCurrentErrorHandler)$/;
const DEFAULT_NOTE = "no error handler set: the container builds DefaultErrorHandler() with SeekUtils.DEFAULT_BACK_OFF = FixedBackOff(0, 9) → 9 redeliveries, 10 deliveries of the record to the listener, then it is logged and skipped (spring-kafka ≥ 2.5; ≥ 2.8 DefaultErrorHandler, 2.5–2.7 SeekToCurrentErrorHandler)";

interface Handler {
  attempts: number | null;
  source: "config" | "default";
  note: string;
  wait: WaitSpec;
  /** the handler's construction, when written */
  anchor: SourceSpan | null;
  unknown?: boolean;
  timeBound?: string | null;
  /** the container default (no handler written): the count depends on the spring-kafka version */
  containerDefault?: boolean;
}

export function detectSpringKafka(ctx: JvmContext): void {
  if (!importsFrom(ctx.file, "org.springframework.kafka")) return;
  const listeners = kafkaListeners(ctx);
  if (listeners.length) ctx.facts.kafkaListeners = listeners.map((l) => ({ functionId: l.decl.id, containerFactory: l.factory }));
  const beans = new Set<string>();
  for (const call of ctx.file.calls) {
    if (!call.isNew || !FACTORY.test(call.name.replace(/<.*>$/, ""))) continue;
    const bean = beanOf(ctx, call.scopeId);
    if (!bean) continue;
    beans.add(bean.name);
    const h = factoryHandler(ctx, call);
    pushLayer(ctx, h, h.anchor ?? call.span, `@KafkaListener containers of ${bean.name}`, { bean: bean.name });
  }
  handlerBeans(ctx);
  // listeners on the default factory: Spring Boot's auto-configured one unless the service declares it (dropped at link time)
  for (const l of listeners) {
    if ((l.factory ?? DEFAULT_KAFKA_FACTORY) !== DEFAULT_KAFKA_FACTORY || beans.has(DEFAULT_KAFKA_FACTORY)) continue;
    const h = containerDefault();
    h.note = `Spring Boot's auto-configured kafkaListenerContainerFactory (no bean of that name and no CommonErrorHandler bean found in the service): ${DEFAULT_NOTE}`;
    pushLayer(ctx, h, l.ann.span, `@KafkaListener ${l.decl.name} (auto-configured container factory)`, { bean: DEFAULT_KAFKA_FACTORY, autoFor: l.decl.id }, { kind: "function", functionId: l.decl.id });
  }
}

/** `@KafkaListener` methods, and `@KafkaHandler` methods of a class-level `@KafkaListener`. */
function kafkaListeners(ctx: JvmContext): Array<{ decl: Decl; ann: Annotation; factory: string | null }> {
  const isListener = (a: Annotation) => importedName(ctx.file, a.simple) === "KafkaListener" && ctx.packageOf(a.name, [ANNOTATION_PKG]) === ANNOTATION_PKG;
  const out: Array<{ decl: Decl; ann: Annotation; factory: string | null }> = [];
  for (const d of ctx.file.decls) {
    const ann = d.annotations.find(isListener);
    if (!ann) continue;
    const factory = stringOf(ann.args.get("containerFactory")) || null;
    if (d.kind === "method") out.push({ decl: d, ann, factory });
    else if (d.kind === "class" || d.kind === "object") {
      for (const m of ctx.file.decls) {
        if (m.kind === "method" && m.ownerId === d.id && m.annotations.some((a) => importedName(ctx.file, a.simple) === "KafkaHandler")) out.push({ decl: m, ann, factory });
      }
    }
  }
  return out;
}

/** The `@Bean` method a scope sits in, with the bean's name. */
function beanOf(ctx: JvmContext, scopeId: string): { decl: Decl; name: string } | null {
  let d = ctx.decl(scopeId);
  while (d && d.kind === "lambda") d = ctx.decl(d.ownerId) ?? ctx.decl(scopeId.slice(0, scopeId.lastIndexOf(".")));
  if (!d || d.kind !== "method") return null;
  const bean = d.annotations.find((a) => importedName(ctx.file, a.simple) === "Bean");
  if (!bean) return null;
  const named = bean.args.get("name") ?? bean.args.get("value");
  const first = named?.k === "array" ? named.items[0] : named;
  return { decl: d, name: stringOf(first) ?? d.name };
}

/** What `setCommonErrorHandler(…)` / `commonErrorHandler = …` / `setErrorHandler(…)` on the factory sets, in its method. */
function factoryHandler(ctx: JvmContext, factory: Call): Handler {
  const scope = factory.scopeId;
  const inScope = (s: string) => s === scope || s.startsWith(`${scope}.`);
  for (const c of ctx.file.calls) {
    if (!inScope(c.scopeId) || !/^set(Common)?ErrorHandler$/.test(c.name)) continue;
    return handlerOf(ctx, argAt(c, 0), c.scopeId, 0);
  }
  for (const a of ctx.file.assignments) {
    if (inScope(a.scopeId) && /(^|\.)(commonErrorHandler|errorHandler)$/.test(a.target)) return handlerOf(ctx, a.value, a.scopeId, 0);
  }
  // Spring Boot's configurer applies a CommonErrorHandler bean of the service to the factory
  const configured = ctx.file.calls.some((c) => inScope(c.scopeId) && c.name === "configure" && /configurer/i.test(receiverName(c) ?? ""));
  const h = configured ? beanHandler(ctx) : null;
  if (h) return h;
  const d = containerDefault();
  if (configured) d.note = `ConcurrentKafkaListenerContainerFactoryConfigurer.configure(…) with no CommonErrorHandler bean in this file: ${DEFAULT_NOTE}`;
  return d;
}

function containerDefault(): Handler {
  return { attempts: 10, source: "default", note: DEFAULT_NOTE, wait: fixedWait(0, "default"), anchor: null, containerDefault: true };
}

/** An error handler expression: a construction, a local or field holding one, or a method of this class building one. */
function handlerOf(ctx: JvmContext, e: Expr | null, scopeId: string, depth: number): Handler {
  const unknown = (why: string): Handler => ({ attempts: null, source: "config", note: `error handler ${why}: count not known`, wait: fixedWait(0, "config"), anchor: null, unknown: true });
  if (!e || depth > 4) return unknown("not followed");
  if (e.k === "name") {
    const v = ctx.valueOf(scopeId, e.path.replace(/^this\./, ""));
    if (v) return handlerOf(ctx, v, scopeId, depth + 1);
    // an injected bean (a parameter or field): a @Bean of this file building a handler
    return beanHandler(ctx) ?? unknown(`${e.path} (an injected bean of another file)`);
  }
  if (e.k !== "call") return unknown(e.k === "null" ? "null" : "not a construction");
  const c = e.call;
  if (!c.isNew && (c.name === "apply" || c.name === "also") && c.receiver?.k === "call") return handlerOf(ctx, c.receiver, scopeId, depth + 1);
  if (!c.isNew && (c.receiver === null || (c.receiver.k === "name" && c.receiver.path === "this"))) {
    const built = constructionIn(ctx, c.name);
    return built ? handlerOf(ctx, { k: "call", call: built }, built.scopeId, depth + 1) : unknown(`${c.name}() (not a method of this file building one)`);
  }
  const type = c.name.replace(/<.*>$/, "").replace(/^.*\./, "");
  if (/^(CommonLoggingErrorHandler|CommonContainerStoppingErrorHandler|LoggingErrorHandler|ContainerStoppingErrorHandler)$/.test(type)) {
    return { attempts: 1, source: "config", note: `${type}: the failed record is not redelivered → 1 delivery`, wait: fixedWait(0, "config"), anchor: c.span };
  }
  if (type !== "DefaultErrorHandler" && type !== "SeekToCurrentErrorHandler") return unknown(type);
  // DefaultErrorHandler(), (recoverer), (backOff), (recoverer, backOff)
  const args = c.args.filter((a) => a.name === null).map((a) => a.value);
  const backOff = args.length === 2 ? args[1]! : args.length === 1 && isBackOff(ctx, args[0]!, c.scopeId) ? args[0]! : null;
  if (!backOff) return { ...containerDefault(), source: "config", containerDefault: false, anchor: c.span, note: `${type}() with the default back-off FixedBackOff(0, 9) → 10 deliveries` };
  return { ...backOffOf(ctx, backOff, c.scopeId, type), anchor: c.span };
}

/** A handler built in a `@Bean` method of this file returning a DefaultErrorHandler / CommonErrorHandler. */
function beanHandler(ctx: JvmContext): Handler | null {
  for (const d of ctx.file.decls) {
    if (d.kind !== "method" || !HANDLER_TYPES.test(d.type ?? "") || !d.annotations.some((a) => importedName(ctx.file, a.simple) === "Bean")) continue;
    const built = constructionIn(ctx, d.name);
    if (built) return handlerOf(ctx, { k: "call", call: built }, built.scopeId, 1);
  }
  return null;
}

/** The first error-handler construction in the method `name` of this file. */
function constructionIn(ctx: JvmContext, name: string): Call | undefined {
  const m = ctx.file.decls.find((d) => d.kind === "method" && d.name === name);
  if (!m) return undefined;
  return ctx.file.calls.find((k) => k.isNew && (k.scopeId === m.id || k.scopeId.startsWith(`${m.id}.`)) && /^(DefaultErrorHandler|SeekToCurrentErrorHandler|CommonLoggingErrorHandler|CommonContainerStoppingErrorHandler)$/.test(k.name.replace(/<.*>$/, "").replace(/^.*\./, "")));
}

function isBackOff(ctx: JvmContext, e: Expr, scopeId: string): boolean {
  const v = e.k === "name" ? ctx.valueOf(scopeId, e.path.replace(/^this\./, "")) : e;
  return v?.k === "call" && /BackOff/.test(v.call.name);
}

/** FixedBackOff(interval, maxAttempts = retries), ExponentialBackOffWithMaxRetries(retries), ExponentialBackOff(…). */
function backOffOf(ctx: JvmContext, e: Expr, scopeId: string, handler: string): Omit<Handler, "anchor"> {
  const local = e.k === "name" ? e.path.replace(/^this\./, "") : null;
  const v = local ? ctx.valueOf(scopeId, local) : e;
  if (v?.k !== "call") return { attempts: null, source: "config", note: `${handler} with back-off ${local ?? "?"}: not followed, count not known`, wait: fixedWait(0, "config"), unknown: true };
  const set = local ? settersOf(ctx, scopeId, local) : new Map<string, Expr>();
  const c = v.call;
  const type = c.name.replace(/<.*>$/, "").replace(/^.*\./, "");
  const num = (x: Expr | null | undefined) => (x?.k === "num" ? x.value : x?.k === "name" && /(MAX_VALUE|UNLIMITED_ATTEMPTS)$/.test(x.path) ? Infinity : null);
  if (type === "FixedBackOff") {
    const interval = num(set.get("interval") ?? argAt(c, 0)) ?? (argAt(c, 0) ? null : 5000);
    const retriesExpr = set.get("maxAttempts") ?? argAt(c, 1);
    const retries = retriesExpr ? num(retriesExpr) : Infinity;
    const wait = interval === null ? { ...fixedWait(0, "config"), kind: "unknown" as const, description: "FixedBackOff interval not a literal" } : fixedWait(interval, "config");
    if (retries === null) return { attempts: null, source: "config", note: `${handler}(FixedBackOff(…, ${retriesExpr ? "not a literal" : "?"})): count not known (maxAttempts counts retries)`, wait, unknown: true };
    if (retries === Infinity) return { attempts: null, source: "config", note: `${handler}(FixedBackOff${argAt(c, 0) ? "(…, UNLIMITED_ATTEMPTS)" : "()"}): unlimited redeliveries${argAt(c, 0) ? "" : " (FixedBackOff() = 5000 ms, UNLIMITED_ATTEMPTS)"}`, wait };
    const attempts = Math.max(0, retries) + 1;
    return { attempts, source: "config", note: `${handler}(FixedBackOff(${interval ?? "…"}, ${retries})): maxAttempts counts retries → ${attempts} deliver${attempts === 1 ? "y" : "ies"}`, wait };
  }
  if (type === "ExponentialBackOffWithMaxRetries" || type === "ExponentialBackOff") {
    const initial = num(set.get("initialInterval") ?? (type === "ExponentialBackOff" ? argAt(c, 0) : null)) ?? 2000;
    const multiplier = num(set.get("multiplier") ?? (type === "ExponentialBackOff" ? argAt(c, 1) : null)) ?? 1.5;
    const max = num(set.get("maxInterval")) ?? 30000;
    const wait = exponentialWait(initial, multiplier, max, false, "config", "");
    if (type === "ExponentialBackOff") {
      const elapsed = num(set.get("maxElapsedTime"));
      const attempts = num(set.get("maxAttempts"));
      if (attempts !== null && attempts !== Infinity) return { attempts: attempts + 1, source: "config", note: `${handler}(ExponentialBackOff maxAttempts ${attempts}): counts retries → ${attempts + 1} deliveries`, wait };
      const bound = elapsed !== null && elapsed !== Infinity ? `${elapsed / 1000} s (maxElapsedTime)` : null;
      return { attempts: null, source: "config", note: `${handler}(ExponentialBackOff): no count; redelivered until ${bound ?? "maxElapsedTime (default unlimited)"}`, wait, timeBound: bound };
    }
    const retries = num(argAt(c, 0));
    if (retries === null || retries === Infinity) return { attempts: null, source: "config", note: `${handler}(ExponentialBackOffWithMaxRetries(${retries === null ? "not a literal" : "MAX"})): count not known`, wait, unknown: retries === null };
    const attempts = Math.max(0, retries) + 1;
    return { attempts, source: "config", note: `${handler}(ExponentialBackOffWithMaxRetries(${retries})): counts retries → ${attempts} deliveries`, wait };
  }
  return { attempts: null, source: "config", note: `${handler} with back-off ${type}: count not known`, wait: fixedWait(0, "config"), unknown: true };
}

/** `backOff.setX(v)` calls and Kotlin `backOff.x = v` assignments in the scope: property → value. */
function settersOf(ctx: JvmContext, scopeId: string, name: string): Map<string, Expr> {
  const out = new Map<string, Expr>();
  for (const c of ctx.file.calls) {
    if (c.scopeId !== scopeId || receiverName(c) !== name || !/^set[A-Z]/.test(c.name)) continue;
    const v = argAt(c, 0);
    if (v) out.set(c.name[3]!.toLowerCase() + c.name.slice(4), v);
  }
  for (const a of ctx.file.assignments) {
    if (a.scopeId === scopeId && a.target.startsWith(`${name}.`)) out.set(a.target.slice(name.length + 1), a.value);
  }
  return out;
}

/** `@Bean` methods returning an error handler: with Boot's auto-configured factory, it is the listeners' handler. */
function handlerBeans(ctx: JvmContext): void {
  for (const d of ctx.file.decls) {
    if (d.kind !== "method" || !HANDLER_TYPES.test(d.type ?? "") || !d.annotations.some((a) => importedName(ctx.file, a.simple) === "Bean")) continue;
    const built = constructionIn(ctx, d.name);
    if (!built) continue;
    const h = handlerOf(ctx, { k: "call", call: built }, built.scopeId, 1);
    h.note = `CommonErrorHandler bean ${d.name} (Spring Boot's auto-configured kafkaListenerContainerFactory uses it): ${h.note}`;
    pushLayer(ctx, h, h.anchor ?? d.span, `@KafkaListener containers (error handler bean ${d.name})`, { bean: DEFAULT_KAFKA_FACTORY, handlerBean: true });
  }
}

function pushLayer(ctx: JvmContext, h: Handler, anchor: SourceSpan, label: string, ref: NonNullable<LayerFact["kafkaContainerFactory"]>, attach: LayerFact["attach"] = { kind: "block", functionId: "<module>", callIds: [] }): void {
  const off = h.attempts === 1;
  ctx.facts.layers.push({
    localId: ctx.nextId("L", anchor),
    kind: "kafka-consumer",
    category: "code",
    library: LIBRARY,
    anchor,
    maxAttempts: h.attempts,
    attemptsSource: h.source,
    attemptsNote: h.note,
    timeBound: h.timeBound ?? null,
    ...(h.unknown ? { countUnknown: true } : {}),
    ...(h.containerDefault ? { versionDefaults: springKafkaDefaults(h.note) } : {}),
    wait: h.wait,
    condition: {
      allErrors: !off,
      exceptionTypes: [],
      statuses: [],
      retryOn: [],
      afterSendMethods: "all",
      permanentErrors: off ? null : "every exception the listener throws except the handler's fatal defaults (DeserializationException, MessageConversionException, ConversionException, MethodArgumentResolutionException, NoSuchMethodException, ClassCastException)",
      honoursRetryAfter: null,
      description: off ? "no redelivery" : "the record is redelivered and the whole listener method runs again on any exception it throws",
    },
    budget: null,
    perTryTimeoutSeconds: null,
    overallTimeoutSeconds: null,
    attach,
    label,
    kafkaContainerFactory: ref,
  });
}

/**
 * The container's default handler by the spring-kafka version the build resolves: LoggingErrorHandler
 * (no redelivery) before 2.5; SeekToCurrentErrorHandler (2.5–2.7) and DefaultErrorHandler (2.8+)
 * with FixedBackOff(0, 9). Spring Boot 2.3 brought spring-kafka 2.5.
 */
function springKafkaDefaults(note: string): VersionDefaults {
  return {
    package: "org.springframework.kafka:spring-kafka",
    ecosystem: "maven",
    byMajor: [
      { fromMajor: 2, fromVersion: "2.5", maxAttempts: 10, note },
      { fromMajor: 0, fromVersion: "0", maxAttempts: 1, note: "no error handler set: before spring-kafka 2.5 the container's default is LoggingErrorHandler, which logs the failed record and moves on → 1 delivery" },
    ],
    managed: { impliedBy: [{ package: "org.springframework.boot", versions: [{ from: "0", version: "2.3", text: "before 2.5" }, { from: "2.3", version: "2.5", text: "2.5 or later" }] }] },
  };
}
