/**
 * Spring Kafka `KafkaTemplate` sends through the producer factory it is built on — docs/reference/
 * kafka.md §kafka-clients ("Spring Kafka"). `KafkaTemplate(pf)` / `new KafkaTemplate<>(pf)` in a
 * `@Bean` method (or held by a field/local) is a client whose layer is the
 * `DefaultKafkaProducerFactory` layer (kafkaClients.ts) of the factory it is given: a call of this
 * file's `@Bean` method building one (`KafkaTemplate(orderEventProducerFactory())`), a local holding
 * one, or the file's only factory. A `KafkaTemplate` injected elsewhere (field or constructor
 * parameter) resolves to the bean of that name (`@bean:` in engine/resolveJvm.ts); `send(…)` on it
 * is a produce request to Kafka.
 */
import type { LayerFact } from "../../model/facts";
import { importsFrom, simpleType, type JvmContext } from "./context";
import { BEAN_PREFIX } from "./http";
import { holderOf } from "./jvmHolders";
import { argAt, type Call, type Expr } from "./syntax";
import { KAFKA_DEFAULT_TARGET, KAFKA_NOT_SENDING } from "../shared/kafka";

const LIBRARY = "kafka-clients";
const NOT_SENDING = [...KAFKA_NOT_SENDING, "setDefaultTopic", "setProducerListener", "setMessageConverter", "setObservationEnabled", "metrics", "partitionsFor", "executeInTransaction", "inTransaction"];
const TEMPLATE = /(^|\.)KafkaTemplate(<.*>)?$/;

export function detectKafkaTemplates(ctx: JvmContext): void {
  if (!importsFrom(ctx.file, "org.springframework.kafka")) return;
  const factories = ctx.facts.layers.filter((l) => l.library === LIBRARY && l.label === "DefaultKafkaProducerFactory");
  for (const call of ctx.file.calls) {
    if (!call.isNew || !TEMPLATE.test(call.name)) continue;
    const layer = factoryLayer(ctx, argAt(call, 0), call.scopeId, factories);
    const holder = holderOf(ctx, call);
    if (!holder) continue;
    const id = ctx.nextId("K", call.span);
    ctx.facts.clients.push({ id, name: holder.name, functionId: holder.functionId, span: call.span, library: LIBRARY, baseUrl: { kind: "string", value: KAFKA_DEFAULT_TARGET }, layerIds: layer ? [layer.localId] : [], fromCall: null, perCall: holder.perCall, hasRetryQuota: false, timeoutSeconds: null, sdk: { target: "", notSending: NOT_SENDING, protocol: "queue" } });
    if (holder.beanMethod) {
      const fn = ctx.facts.functions.find((f) => f.id === holder.beanMethod);
      if (fn) fn.returnsClientId = id;
    }
  }
  injectedTemplates(ctx);
}

/** The producer-factory layer of the expression a template is built on. */
function factoryLayer(ctx: JvmContext, e: Expr | null, scopeId: string, factories: LayerFact[]): LayerFact | undefined {
  if (!factories.length) return undefined;
  const within = (methodId: string) => factories.find((l) => ctx.file.calls.some((c) => c.span.line === l.anchor.line && (c.scopeId === methodId || c.scopeId.startsWith(`${methodId}.`))));
  const v = e?.k === "name" ? ctx.valueOf(scopeId, e.path.replace(/^this\./, "")) ?? e : e;
  if (v?.k === "call" && !v.call.isNew && (v.call.receiver === null || (v.call.receiver.k === "name" && v.call.receiver.path === "this"))) {
    const m = ctx.file.decls.find((d) => d.kind === "method" && d.name === (v.call as Call).name);
    const hit = m ? within(m.id) : undefined;
    if (hit) return hit;
  }
  if (v?.k === "call" && v.call.isNew) return factories.find((l) => l.anchor.line === (v.call as Call).span.line) ?? within(scopeId);
  return factories.length === 1 ? factories[0] : undefined;
}

/** Fields and parameters typed `KafkaTemplate` built nowhere here: the bean of that name; `send` on them is a request. */
function injectedTemplates(ctx: JvmContext): void {
  const typed = (t: string | null) => simpleType(t?.replace(/[?<].*$/, "") ?? null) === "KafkaTemplate";
  const stubs: Array<{ name: string; functionId: string; span: LayerFact["anchor"]; bean: string }> = [];
  for (const d of ctx.file.decls) {
    if (d.kind === "field" && typed(d.type) && !d.value) stubs.push({ name: `${d.ownerId || ctx.file.pkg}.${d.name}`, functionId: d.ownerId || ctx.file.pkg, span: d.span, bean: qualifier(d.annotations) ?? d.name });
    if (d.kind === "method" || d.kind === "constructor") for (const p of d.params) if (typed(p.type)) stubs.push({ name: `${d.id}.${p.name}`, functionId: d.id, span: d.span, bean: qualifier(p.annotations) ?? p.name });
  }
  if (!stubs.length) return;
  const byId = new Map(ctx.facts.calls.map((c) => [c.id, c]));
  for (const call of ctx.file.calls) {
    const path = call.receiver?.k === "name" ? call.receiver.path.replace(/^this\./, "") : null;
    if (!path || path.includes(".") || !typed(ctx.typeOf(call.scopeId, path))) continue;
    const fact = byId.get(ctx.callIds.get(call.node.id) ?? "");
    if (fact) fact.callee = `${path}.${call.name}`;
  }
  for (const s of stubs) {
    if (ctx.facts.clients.some((c) => c.name === s.name)) continue;
    ctx.facts.clients.push({ id: ctx.nextId("K", s.span), name: s.name, functionId: s.functionId, span: s.span, library: "unknown", baseUrl: null, layerIds: [], fromCall: `${BEAN_PREFIX}${LIBRARY}:${s.bean}`, perCall: false, hasRetryQuota: false, timeoutSeconds: null });
  }
}

/** `@Qualifier("orderEventTemplate")` names the bean. */
function qualifier(anns: ReadonlyArray<{ simple: string; args: Map<string, Expr> }>): string | null {
  const q = anns.find((a) => a.simple === "Qualifier")?.args.get("value");
  return q?.k === "str" ? q.value : null;
}
