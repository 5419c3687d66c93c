/**
 * More fix operations on mesh and gateway YAML (reference §4.4, §4.6, §4.12, §4.14, §4.15), beside
 * gateways.ts:
 * - Linkerd ServiceProfile routes have no retry count, only `isRetryable` and the budget (§4.4):
 *   "off" is `isRetryable: false`; there is nothing to cap.
 * - Consul service-router `NumRetries` counts retries, but 0 means Envoy's default 1 (§4.12); a
 *   destination retries only with a condition, so "off" removes the conditions (`RetryOn`,
 *   `RetryOnConnectFailure`, `RetryOnStatusCodes`) and leaves any `NumRetries` inert.
 * - Edge routes retrying after sending (RL013): Emissary accepts one `retry_on` value (§4.14):
 *   `connect-failure`; Gloo passes `retryOn` to Envoy (§4.15): connect-failure,refused-stream;
 *   Traefik retries network errors only before any byte was sent, so dropping `status` leaves
 *   only those (§4.6).
 * - Envoy Gateway BackendTrafficPolicy `retry.numRetries` counts retries (default 2; 0 = off);
 *   RL013: `retryOn.triggers: [connect-failure, refused-stream]` where `retryOn` is unset (its
 *   default includes 503) or its triggers are a flow list.
 */
import { isMap, isScalar, type Node, type Pair, type YAMLMap } from "yaml";
import type { RetryLayer } from "../../model/model";
import type { FixEdit } from "../types";
import { withYaml, type YamlEditor } from "../yaml";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export const MORE_GATEWAY_FIX_KINDS: ReadonlySet<string> = new Set(["linkerd-serviceprofile", "consul-service-router", "emissary-mapping", "gloo-retries", "traefik-retry", "envoy-gateway-retry"]);

const CONSUL_CONDITIONS = ["RetryOn", "RetryOnConnectFailure", "RetryOnStatusCodes"];

/** null when this file has no edit for the op (gateways.ts may still have one) */
export function moreGatewayLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  return withYaml(layer.file, text, (ed) => {
    const pair = ed.pairAt(layer.anchor.line);
    if (!pair) return null;
    const name = String((pair.key as { value?: unknown }).value);
    const parent = ed.maps().find((m) => m.items.includes(pair)) ?? null;
    switch (layer.kind) {
      case "linkerd-serviceprofile": {
        if (op !== "disable" || name !== "isRetryable" || !isScalar(pair.value)) return null;
        const edit = ed.replaceScalar(pair.value as Node, "false");
        return edit ? { title: `Turn off Linkerd retries for ${layer.label} (isRetryable: false)`, edits: [edit] } : null;
      }
      case "consul-service-router":
        return consul(op, layer, ed, pair, name, parent, ctx);
      case "emissary-mapping":
      case "gloo-retries": {
        if ((op !== "narrowGateway" && op !== "preSendOnly") || !isMap(pair.value)) return null;
        const key = layer.kind === "gloo-retries" ? "retryOn" : "retry_on";
        const value = layer.kind === "gloo-retries" ? "connect-failure,refused-stream" : "connect-failure";
        const edit = setString(ed, pair.value as YAMLMap, key, value);
        return edit ? { title: `Retry only failures before the request reached the upstream: ${key}: ${value}`, edits: [edit] } : null;
      }
      case "envoy-gateway-retry":
        return envoyGateway(op, layer, ed, pair, ctx);
      case "traefik-retry": {
        // §4.6: initialInterval > 0 switches to cenkalti exponential backoff with 0.5 randomization
        if (op === "backoff" && isMap(pair.value)) {
          const edit = ed.setKey(pair.value as YAMLMap, "initialInterval", "100ms");
          return edit ? { title: `Wait between attempts: initialInterval: 100ms (exponential with jitter) on ${layer.label}`, edits: [edit] } : null;
        }
        if ((op !== "narrowGateway" && op !== "preSendOnly") || !isMap(pair.value)) return null;
        // removing a pair takes its lines: not in a one-line flow map
        if ((pair.value as YAMLMap).flow) return null;
        const status = ed.child(pair.value, "status");
        const edit = status ? ed.removePair(status) : null;
        return edit ? { title: "Retry only network errors before any byte was sent (status removed)", edits: [edit] } : null;
      }
    }
    return null;
  });
}

/** A string value; quoted when it holds a comma and the map is a flow map (`{a: x,y}` would split). */
function setString(ed: YamlEditor, map: YAMLMap, key: string, value: string): FixEdit | null {
  const existing = ed.child(map, key);
  const source = existing?.value && isScalar(existing.value) && (existing.value as Node).range ? ed.text[(existing.value as Node).range![0]] : undefined;
  const quoted = source === '"' || source === "'";
  const needsQuotes = value.includes(",") && !quoted;
  return ed.setKey(map, key, needsQuotes ? `"${value}"` : value);
}

function consul(op: LayerOp, layer: RetryLayer, ed: YamlEditor, pair: Pair, name: string, parent: YAMLMap | null, ctx: LayerOpContext): LayerEdit | null {
  // the anchor is NumRetries (in the destination) or the Destination key itself
  const destination = /^[Nn]umRetries$/.test(name) ? parent : isMap(pair.value) ? (pair.value as YAMLMap) : null;
  if (!destination) return null;
  const pascal = /^[A-Z]/.test(name);
  const key = (k: string) => (pascal ? k : k[0]!.toLowerCase() + k.slice(1));
  if (op === "disable") {
    if (destination.flow) return null; // removing pairs takes their lines
    const edits = CONSUL_CONDITIONS.map((k) => ed.child(destination, key(k))).filter((p): p is Pair => !!p).map((p) => ed.removePair(p));
    if (!edits.length || edits.some((e) => !e)) return null;
    return { title: `Turn off Consul retries for ${layer.label} (remove ${CONSUL_CONDITIONS.map(key).filter((k) => ed.child(destination, k)).join(", ")})`, edits: edits as FixEdit[] };
  }
  // NumRetries 0 would mean Envoy's default of 1 retry: capping goes no lower than 2 attempts
  if (op === "cap" && ctx.attempts && ctx.attempts >= 2) {
    const edit = ed.setKey(destination, key("NumRetries"), String(ctx.attempts - 1));
    return edit ? { title: `Lower to ${ctx.attempts} attempts (${key("NumRetries")}: ${ctx.attempts - 1})`, edits: [edit] } : null;
  }
  return null;
}

const PRE_SEND_TRIGGERS = "[connect-failure, refused-stream]";

function envoyGateway(op: LayerOp, layer: RetryLayer, ed: YamlEditor, pair: Pair, ctx: LayerOpContext): LayerEdit | null {
  if (!isMap(pair.value)) return null;
  const retry = pair.value as YAMLMap;
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (attempts !== null && attempts >= 1) {
    const edit = ed.setKey(retry, "numRetries", String(attempts - 1));
    const what = `numRetries: ${attempts - 1}`;
    return edit ? { title: attempts === 1 ? `Turn off Envoy Gateway retries for ${layer.label} (${what})` : `Lower to ${attempts} attempts (${what})`, edits: [edit] } : null;
  }
  if (op !== "narrowGateway" && op !== "preSendOnly") return null;
  const title = `Retry only failures before the request reached the upstream: retryOn.triggers: ${PRE_SEND_TRIGGERS}`;
  const retryOn = ed.child(retry, "retryOn");
  if (!retryOn) {
    const edit = ed.addKey(retry, `retryOn:\n  triggers: ${PRE_SEND_TRIGGERS}`, `retryOn: { triggers: ${PRE_SEND_TRIGGERS} }`);
    return edit ? { title, edits: [edit] } : null;
  }
  const triggers = isMap(retryOn.value) ? ed.child(retryOn.value, "triggers") : null;
  const list = triggers?.value as (Node & { flow?: boolean }) | null | undefined;
  if (!list?.range || !list.flow) return null; // a block list: not rewritten line by line here
  return { title, edits: [ed.edit(list.range[0], list.range[1], PRE_SEND_TRIGGERS)] };
}
