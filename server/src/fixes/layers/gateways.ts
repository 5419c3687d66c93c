/**
 * Fix operations on the gateway and mesh layers beyond Envoy/Istio (reference §4.5–§4.15):
 * "disable" (one retry owner) and "cap" (lower the attempts), as minimal YAML edits in each
 * product's own count key, minding each number trap:
 * - Traefik `attempts` and ingress-nginx `proxy-next-upstream-tries` count total tries (§4.6, §4.8);
 * - Emissary `num_retries`, Kuma `numRetries`, Kong `retries`, Linkerd `limit` count retries;
 * - Gloo coerces `numRetries` 0 to 1 (§4.15), and an Emissary policy without `num_retries` still
 *   retries once (§4.14): turning them off removes the block.
 * Layers whose default is implied by a resource (Kong/ingress-nginx Ingresses without an
 * annotation, the Kuma default, Linkerd ServiceProfiles, Consul routers) get no edit here.
 */
import { isMap, type YAMLMap } from "yaml";
import type { RetryLayer } from "../../model/model";
import { withYaml, type YamlEditor } from "../yaml";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export const GATEWAY_FIX_KINDS: ReadonlySet<string> = new Set([
  "traefik-retry",
  "emissary-mapping",
  "gloo-retries",
  "kuma-meshretry",
  "kong-service",
  "ingress-nginx",
  "linkerd-annotation",
]);

export function gatewayLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (op !== "disable" && !(op === "cap" && ctx.attempts && ctx.attempts >= 1)) return null;
  const attempts = op === "disable" ? 1 : ctx.attempts!;
  return withYaml(layer.file, text, (ed) => {
    const pair = ed.pairAt(layer.anchor.line);
    if (!pair) return null;
    const name = String((pair.key as { value?: unknown }).value);
    const parent = ed.maps().find((m) => m.items.includes(pair)) ?? null;
    const done = (edit: ReturnType<YamlEditor["setKey"]>, what: string): LayerEdit | null =>
      edit ? { title: op === "disable" ? `Turn off ${layer.library} retries for ${layer.label} (${what})` : `Lower to ${attempts} attempts (${what})`, edits: [edit] } : null;
    switch (layer.kind) {
      case "traefik-retry":
        // attempts counts total tries: 1 = no retry
        return isMap(pair.value) ? done(ed.setKey(pair.value as YAMLMap, "attempts", String(attempts)), `attempts: ${attempts}`) : null;
      case "emissary-mapping":
      case "gloo-retries": {
        if (!isMap(pair.value)) return null;
        // both retry at least once while the block exists: off = remove it
        if (attempts === 1) return done(ed.removePair(pair), `remove ${name}`);
        const key = layer.kind === "gloo-retries" ? "numRetries" : "num_retries";
        return done(ed.setKey(pair.value as YAMLMap, key, String(attempts - 1)), `${key}: ${attempts - 1}`);
      }
      case "kuma-meshretry": {
        const target: YAMLMap | null = name === "numRetries" ? parent : isMap(pair.value) ? (pair.value as YAMLMap) : null;
        return target ? done(ed.setKey(target, "numRetries", String(attempts - 1)), `numRetries: ${attempts - 1}`) : null;
      }
      case "kong-service":
        if (name === "konghq.com/retries" && parent) return done(annotation(ed, parent, name, String(attempts - 1)), `konghq.com/retries: "${attempts - 1}"`);
        // declarative kong.yml: the anchor is `retries` or the service's name
        if (["retries", "name", "url", "host"].includes(name) && parent) {
          return done(ed.setKey(parent, "retries", String(attempts - 1)), `retries: ${attempts - 1}`);
        }
        return null;
      case "ingress-nginx":
        // tries counts total tries: 1 = no retry
        if (!name.startsWith("nginx.ingress.kubernetes.io/") || !parent) return null;
        return done(annotation(ed, parent, "nginx.ingress.kubernetes.io/proxy-next-upstream-tries", String(attempts)), `proxy-next-upstream-tries: "${attempts}"`);
      case "linkerd-annotation":
        if (!name.startsWith("retry.linkerd.io/") || !parent) return null;
        return done(annotation(ed, parent, "retry.linkerd.io/limit", String(attempts - 1)), `retry.linkerd.io/limit: "${attempts - 1}"`);
    }
    return null;
  });
}

/** Annotation values are strings: a new key is written quoted, an existing one keeps its quotes. */
function annotation(ed: YamlEditor, map: YAMLMap, key: string, value: string) {
  return ed.child(map, key) ? ed.setKey(map, key, value) : ed.setKey(map, key, `"${value}"`);
}
