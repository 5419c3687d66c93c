/**
 * Fix operations on Spring Cloud LoadBalancer retries (docs/reference/spring-cloud-loadbalancer.md):
 * attempts are (1 + max-retries-on-same-service-instance) × (1 + max-retries-on-next-service-instance),
 * read per client (`spring.cloud.loadbalancer.clients.<serviceId>.retry.*`, spring-cloud-commons 4.1
 * `BlockingLoadBalancedRetryFactory` asks `getProperties(serviceId)`). "disable" writes
 * `max-retries-on-next-service-instance: 0` for the layer's client (and `…-same-…: 0` where a
 * same-instance count is set), "cap" to N writes N − 1 there (a `@LoadBalanced RestTemplate`, serving
 * every service it calls: the global `spring.cloud.loadbalancer.retry.*`); in the code's project settings,
 * replacing a value or adding it beside the other load-balancer settings. Unsafe like every count change.
 */
import type { RetryLayer } from "../../model/model";
import type { FixEdit } from "../types";
import { openSettingsFor } from "../springSettings";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function springCloudLoadBalancerLayerEdit(op: LayerOp, layer: RetryLayer, ctx: LayerOpContext): LayerEdit | null {
  const ref = layer.configRef;
  if (ref?.library !== "spring-cloud-loadbalancer") return null;
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts === null || attempts < 1 || !ctx.text || !ctx.files) return null;
  const opened = openSettingsFor(layer.file, ctx.files, ctx.text);
  if (!opened.length) return null;
  // a @LoadBalanced RestTemplate serves every service it calls: its settings are the global ones
  const prefix = ref.serviceId === "" ? "spring.cloud.loadbalancer.retry" : `spring.cloud.loadbalancer.clients.${ref.serviceId}.retry`;
  const who = ref.serviceId === "" ? "the @LoadBalanced RestTemplate" : ref.serviceId;
  const next = String(attempts - 1);
  const title = attempts === 1
    ? `Turn off Spring Cloud LoadBalancer retries for ${who} (${prefix}.max-retries-on-next-service-instance: 0)`
    : `Lower Spring Cloud LoadBalancer retries for ${who} to ${attempts} attempts (${prefix}.max-retries-on-next-service-instance: ${next})`;
  const settings: Array<[string, string]> = [];
  const edits: FixEdit[] = [];
  const hits = (key: string) => opened.map((s) => ({ s, hit: s.find(`${prefix}.${key}`) })).find((x) => x.hit);
  const sameSet = [...new Set([prefix, "spring.cloud.loadbalancer.retry"])].some((p) => opened.some((s) => { const h = s.find(`${p}.max-retries-on-same-service-instance`); return h && h.value.trim() !== "0"; }));
  for (const [key, value, wanted] of [["max-retries-on-next-service-instance", next, true], ["max-retries-on-same-service-instance", "0", sameSet]] as const) {
    if (!wanted) continue;
    const site = hits(key);
    if (site?.hit) edits.push(site.s.replace(site.hit, value));
    else settings.push([key, value]);
  }
  if (settings.length) {
    const home = opened.find((s) => s.hasUnder(prefix)) ?? opened.find((s) => s.hasUnder("spring.cloud.loadbalancer")) ?? opened.find((s) => s.hasUnder("spring.cloud")) ?? opened[0]!;
    const edit = home.add(prefix, settings);
    if (!edit) return null;
    edits.push(edit);
  }
  return edits.length ? { title, edits, unsafe: true } : null;
}
