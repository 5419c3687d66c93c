/**
 * Java kafka-clients `KafkaProducer` produce retries — docs/reference/kafka.md §kafka-clients.
 * - `new KafkaProducer<>(props)` (a file importing org.apache.kafka) → a producer layer on the `new`
 *   (on the `put` of the retries setting when written). The settings are the
 *   `props.put(ProducerConfig.RETRIES_CONFIG, n)` / `props.put("retries", n)` / `setProperty`
 *   calls on the `Properties`/`Map` variable in the same method (Java and Kotlin).
 * - kafka-clients ≥ 2.1 (KIP-91): `retries` default `Integer.MAX_VALUE`, bounded by
 *   `delivery.timeout.ms` **120 000 ms**: no count, time-bounded. A written `retries` N → N + 1
 *   attempts (still within the timeout); 0 → 1. `enable.idempotence` (default true since 3.0)
 *   makes re-sends safe. Wait `retry.backoff.ms` 100 ms (exponential up to
 *   `retry.backoff.max.ms` 1 s since 3.7, KIP-580). Before 2.1 the default was 0 (no retries): the
 *   build's pin decides (kafkaClientsDefaults, engine/jvmVersions.ts); ≥ 2.1 is assumed without one.
 * - `producer.send(record)` on the holder is a request to the first `bootstrap.servers` host, else `kafka`.
 * - Spring Kafka `new DefaultKafkaProducerFactory<>(configProps)` (a file importing
 *   org.springframework.kafka) builds kafka-clients producers from the same `ProducerConfig.*` map:
 *   the same layer, anchored on the `new` (on the retries `put` when written). No request is
 *   linked through the `KafkaTemplate` yet.
 * - Micronaut Kafka `@KafkaClient` on an interface or abstract class
 *   (io.micronaut.configuration.kafka.annotation.KafkaClient, micronaut-kafka 1.x … 5.x): the
 *   introduction advice implements it over kafka-clients `KafkaProducer`s, so the producer layer
 *   sits on the annotation, with the kafka-clients defaults unless
 *   `properties = @Property(name = ProducerConfig.RETRIES_CONFIG | "retries", value = "N")` (or
 *   the delivery timeout) is written there. Each abstract method (`@Topic("orders") void
 *   send(…)`) is a send to Kafka; a blocking method's retries run inside the caller's request.
 *   micronaut-kafka 1.0 shipped kafka-clients 2.0 (retries 0); ≥ 1.1 ships ≥ 2.1.
 *   `kafka.producers.<id>.retries` in application settings is not read.
 */
import type { ValueExpr, VersionDefaults } from "../../model/facts";
import { importedName, importsFrom, receiverName, type JvmContext } from "./context";
import { holderOf } from "./jvmHolders";
import { interfaceMethodCall } from "./module";
import { argAt, type Call, type Expr } from "./syntax";
import { KAFKA_DEFAULT_TARGET, KAFKA_NOT_SENDING, kafkaProducerLayer } from "../shared/kafka";

const LIBRARY = "kafka-clients";
const KEYS: Record<string, string> = {
  RETRIES_CONFIG: "retries",
  DELIVERY_TIMEOUT_MS_CONFIG: "delivery.timeout.ms",
  ENABLE_IDEMPOTENCE_CONFIG: "enable.idempotence",
  BOOTSTRAP_SERVERS_CONFIG: "bootstrap.servers",
  RETRY_BACKOFF_MS_CONFIG: "retry.backoff.ms",
};

export function detectKafkaClients(ctx: JvmContext): void {
  micronautClients(ctx);
  if (!importsFrom(ctx.file, "org.apache.kafka") && !importsFrom(ctx.file, "org.springframework.kafka")) return;
  const names: string[] = [];
  for (const call of ctx.file.calls) {
    const kind = call.isNew ? /(^|\.)(KafkaProducer|DefaultKafkaProducerFactory)(<.*>)?$/.exec(call.name)?.[2] : undefined;
    if (!kind) continue;
    const factory = kind === "DefaultKafkaProducerFactory";
    if (factory && !argAt(call, 0)) continue; // Spring's takes the configs map first (log4j's no-argument class of that name is not it)
    const propsArg = argAt(call, 0);
    const props = propsArg?.k === "name" ? propsArg.path.replace(/^this\./, "") : null;
    const settings = props ? settingsOf(ctx, call, props) : new Map<string, { value: Expr; call: Call }>();
    const retries = settings.get("retries");
    const idempotent = settings.get("enable.idempotence") ? boolOf(settings.get("enable.idempotence")!.value) : null;
    const count = producerCount(retries?.value, settings.get("delivery.timeout.ms")?.value);
    let note = count.note;
    if (!props && propsArg) note += "; producer config not a Properties/Map variable of this method (the defaults are assumed)";
    if (idempotent === true) note += "; enable.idempotence=true";
    if (factory) note += "; Spring Kafka DefaultKafkaProducerFactory builds kafka-clients producers with these configs";
    const localId = ctx.nextId("L", call.span);
    const layer = kafkaProducerLayer({
      localId,
      anchor: (retries?.call ?? call).span,
      label: factory ? "DefaultKafkaProducerFactory" : "KafkaProducer",
      library: LIBRARY,
      ...count,
      source: retries ? "config" : "default",
      note,
      wait: producerWait(settings),
      errors: PRODUCER_ERRORS,
      idempotent: idempotent !== false,
    });
    if (!retries) layer.versionDefaults = kafkaClientsDefaults(note);
    ctx.facts.layers.push(layer);
    const holder = holderOf(ctx, call);
    if (factory || !holder?.name) continue;
    names.push(holder.name.slice(holder.name.lastIndexOf(".") + 1));
    ctx.facts.clients.push({ id: ctx.nextId("K", call.span), name: holder.name, functionId: holder.functionId, span: call.span, library: LIBRARY, baseUrl: brokerOf(settings.get("bootstrap.servers")?.value), layerIds: [localId], fromCall: null, perCall: holder.perCall, hasRetryQuota: false, timeoutSeconds: null, sdk: { target: "", notSending: [...KAFKA_NOT_SENDING, "initTransactions", "beginTransaction", "commitTransaction", "abortTransaction", "partitionsFor", "metrics"], protocol: "queue" } });
  }
  if (names.length) nameCallees(ctx, names);
}

/**
 * The count of a kafka-clients producer from its `retries` and `delivery.timeout.ms` settings
 * (either may be absent): no setting or Integer.MAX_VALUE → no count, time-bounded; N → N + 1.
 */
function producerCount(retries: Expr | undefined, timeout: Expr | undefined): { attempts: number | null; note: string; timeBound: string | null; overallTimeoutSeconds: number | null; unknown: boolean } {
  const n = retries ? numberOf(retries) : null;
  const timeoutMs = timeout ? numberOf(timeout) : 120000;
  const timeText = timeoutMs === null ? "delivery.timeout.ms not a literal" : `${timeoutMs / 1000} s (delivery.timeout.ms${timeout ? "" : " default 120000"})`;
  const overallTimeoutSeconds = timeoutMs ? timeoutMs / 1000 : null;
  if (!retries || (n !== null && n >= 2147483647)) {
    const what = retries ? "retries Integer.MAX_VALUE" : "default retries Integer.MAX_VALUE (kafka-clients ≥ 2.1, KIP-91)";
    return { attempts: null, note: `${what}: no practical count; each record is retried until ${timeText}`, timeBound: timeText, overallTimeoutSeconds, unknown: false };
  }
  if (n === null) return { attempts: null, note: `retries: ${exprText(retries)}: not a literal (kafka-clients; counts retries)`, timeBound: null, overallTimeoutSeconds, unknown: true };
  const attempts = Math.max(0, n) + 1;
  return { attempts, note: `retries ${n} → ${attempts} attempt${attempts === 1 ? "" : "s"} (kafka-clients; counts retries), within ${timeText}`, timeBound: null, overallTimeoutSeconds, unknown: false };
}

/**
 * kafka-clients' default `retries` by the version the build pins (docs/reference/kafka.md
 * "Versions"): 0 before 2.1, Integer.MAX_VALUE (time-bounded) since KIP-91. With no pin of its
 * own, Spring Boot's `kafka.version` property, then the version spring-kafka or Spring Boot brings:
 * spring-kafka before 2.3 (Spring Boot before 2.2) brings a kafka-clients before 2.1.
 */
export function kafkaClientsDefaults(timeBoundNote: string): VersionDefaults {
  return {
    package: "org.apache.kafka:kafka-clients",
    ecosystem: "maven",
    byMajor: [
      { fromMajor: 2, fromVersion: "2.1", maxAttempts: null, note: timeBoundNote },
      { fromMajor: 0, fromVersion: "0", maxAttempts: 1, note: "default retries 0 before kafka-clients 2.1 (KIP-91 made it Integer.MAX_VALUE) → 1 attempt: a failed send is not retried" },
    ],
    managed: {
      property: "kafka.version",
      impliedBy: [
        { package: "org.springframework.kafka:spring-kafka", versions: [{ from: "0", version: "2.0", text: "before 2.1" }, { from: "2.3", version: "2.3", text: "2.3 or later" }] },
        { package: "org.springframework.boot", versions: [{ from: "0", version: "2.0", text: "before 2.1" }, { from: "2.2", version: "2.3", text: "2.3 or later" }] },
        // micronaut-kafka 1.0.x shipped kafka-clients 2.0.1, 1.1+ ≥ 2.1 (the guide's release history)
        ...["io.micronaut.kafka:micronaut-kafka", "io.micronaut.configuration:micronaut-kafka"].map((pkg) => ({ package: pkg, versions: [{ from: "0", version: "2.0.1", text: "2.0.1" }, { from: "1.1", version: "2.1", text: "2.1 or later" }] })),
      ],
    },
  };
}

/** The annotation name resolves to Micronaut's package (a single-type import, a star import or written in full). */
function micronautKafka(ctx: JvmContext, name: string): boolean {
  if (name.includes(".")) return name.startsWith("io.micronaut.");
  const imp = ctx.file.imports.find((i) => !i.star && (i.alias ?? i.path.slice(i.path.lastIndexOf(".") + 1)) === name);
  if (imp) return imp.path.startsWith("io.micronaut.");
  return ctx.file.imports.some((i) => i.star && i.path.startsWith("io.micronaut.") && i.path.includes("kafka"));
}

/** Micronaut `@KafkaClient` interfaces: a producer layer on the annotation; each abstract method sends a record. */
function micronautClients(ctx: JvmContext): void {
  if (!ctx.file.imports.some((i) => i.path.startsWith("io.micronaut.") && (i.star || i.path.endsWith(".KafkaClient")))) return;
  for (const decl of ctx.file.decls) {
    if (decl.kind !== "interface" && decl.kind !== "class") continue;
    const ann = decl.annotations.find((a) => importedName(ctx.file, a.simple) === "KafkaClient" && micronautKafka(ctx, a.name));
    if (!ann) continue;
    const settings = new Map<string, Expr>();
    const props = ann.args.get("properties");
    for (const item of props?.k === "array" ? props.items : props ? [props] : []) {
      if (item.k !== "annotation" || item.ann.simple !== "Property") continue;
      const name = item.ann.args.get("name");
      const value = item.ann.args.get("value");
      const key = name?.k === "str" ? name.value : name?.k === "name" ? KEYS[name.path.slice(name.path.lastIndexOf(".") + 1)] : undefined;
      if (key && value) settings.set(key, value);
    }
    const retries = settings.get("retries");
    const count = producerCount(retries, settings.get("delivery.timeout.ms"));
    const note = `Micronaut @KafkaClient (a kafka-clients KafkaProducer): ${count.note}${count.timeBound ? " (kafka.producers.* settings not read)" : ""}`;
    const idem = settings.get("enable.idempotence");
    const idempotent = idem ? boolOf(idem) : null;
    const localId = ctx.nextId("L", ann.span);
    const callIds: string[] = [];
    for (const m of ctx.file.decls) {
      if (m.kind !== "method" || m.ownerId !== decl.id) continue;
      // an abstract method (no body) is implemented by the advice: a send
      if (m.node.childForFieldName?.("body") || m.node.namedChildren.some((c) => c.type === "block" || c.type === "function_body")) continue;
      callIds.push(interfaceMethodCall(ctx, decl, m, { method: null, url: { kind: "string", value: KAFKA_DEFAULT_TARGET }, protocol: "queue", idempotencyKey: idempotent !== false, timeoutSeconds: null, library: LIBRARY }));
    }
    ctx.facts.layers.push({
      ...(retries ? {} : { versionDefaults: kafkaClientsDefaults(note) }),
      ...kafkaProducerLayer({
        localId,
        anchor: ann.span,
        label: `@KafkaClient ${decl.name}`,
        library: LIBRARY,
        ...count,
        source: retries ? "config" : "default",
        note,
        wait: producerWait(settings),
        errors: PRODUCER_ERRORS,
        idempotent: idempotent !== false,
      }),
      attach: { kind: "block", functionId: decl.id, callIds },
    });
  }
}

/** `producer.send(record)` on a field or local holding a producer: the callee by the holder's name, not its type (`KafkaProducer.send`) */
function nameCallees(ctx: JvmContext, names: string[]): void {
  const byId = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  for (const call of ctx.file.calls) {
    const head = receiverName(call);
    if (!head || !names.includes(head)) continue;
    const fact = byId.get(ctx.callIds.get(call.node.id) ?? "");
    if (fact) fact.callee = `${head}.${call.name}`;
  }
}

/** `props.put(ProducerConfig.RETRIES_CONFIG, 3)` / `props.put("retries", 3)` / `props.setProperty("retries", "3")` in the producer's method */
function settingsOf(ctx: JvmContext, producer: Call, props: string): Map<string, { value: Expr; call: Call }> {
  const out = new Map<string, { value: Expr; call: Call }>();
  for (const c of ctx.file.calls) {
    if ((c.name !== "put" && c.name !== "setProperty") || c.scopeId !== producer.scopeId || receiverName(c) !== props) continue;
    if (c.span.line > producer.span.line) continue;
    const k = argAt(c, 0);
    const v = argAt(c, 1);
    if (!k || !v) continue;
    const key = k.k === "str" ? k.value : k.k === "name" ? KEYS[k.path.slice(k.path.lastIndexOf(".") + 1)] : undefined;
    if (key) out.set(key, { value: v, call: c });
  }
  return out;
}

function numberOf(e: Expr): number | null {
  if (e.k === "num") return e.value;
  if (e.k === "str" && /^\s*\d+\s*$/.test(e.value)) return Number(e.value);
  if (e.k === "name" && /(^|\.)MAX_VALUE$/.test(e.path)) return 2147483647;
  if (e.k === "call" && /^(valueOf|parseInt|toString)$/.test(e.call.name)) {
    const inner = argAt(e.call, 0);
    return inner ? numberOf(inner) : null;
  }
  return null;
}

function boolOf(e: Expr): boolean | null {
  if (e.k === "bool") return e.value;
  if (e.k === "str") return e.value === "true" ? true : e.value === "false" ? false : null;
  return null;
}

function exprText(e: Expr): string {
  return e.k === "name" ? e.path : e.k === "other" ? e.text : e.k === "str" ? `"${e.value}"` : e.k === "num" ? String(e.value) : "…";
}

function brokerOf(e: Expr | undefined): ValueExpr {
  if (e?.k === "str") {
    const first = e.value.split(",")[0]!.trim();
    return { kind: "string", value: /^\w+:\/\//.test(first) ? first : `kafka://${first}` };
  }
  return { kind: "string", value: KAFKA_DEFAULT_TARGET };
}

/** kafka-clients' produce retries wait retry.backoff.ms (the same for every producer form) */
function producerWait(settings: ReadonlyMap<string, unknown>) {
  return { kind: "exponential" as const, jitter: true, initialSeconds: 0.1, maxSeconds: 1, source: settings.has("retry.backoff.ms") ? ("config" as const) : ("default" as const), description: "retry.backoff.ms 100 ms (fixed before 3.7; exponential with jitter up to retry.backoff.max.ms 1 s since)" };
}
const PRODUCER_ERRORS = "retriable produce errors (NotLeaderOrFollower, NotEnoughReplicas, request timeouts, disconnects)";
