/**
 * Fix operations on gateway and mesh layers: Envoy route `retry_policy` (§4.2, §4.3), Istio
 * VirtualService `retries` (§4.1), and the implicit Istio default (a new VirtualService that
 * turns it off for the hosts it retries).
 */
import { isMap, isSeq, type Pair, type YAMLMap } from "yaml";
import type { RetryLayer } from "../../model/model";
import { withYaml, type YamlEditor } from "../yaml";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";
import { GATEWAY_FIX_KINDS, gatewayLayerEdit } from "./gateways";
import { MORE_GATEWAY_FIX_KINDS, moreGatewayLayerEdit } from "./gatewaysMore";
import { PROXY_CONFIG_FIX_KINDS, proxyConfigLayerEdit } from "./proxyConfigs";

/** Failures where the upstream never saw the request (reference §4.2 retry_on values). */
export const PRE_SEND_RETRY_ON = "connect-failure,refused-stream,reset-before-request";

export function meshLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (layer.kind === "istio-default") return op === "disable" ? istioDefaultOff(layer, ctx) : null;
  if (layer.kind === "istio-gateway-default") return istioGatewayDefault(op, layer, text, ctx);
  // other gateways and meshes have their own keys and number traps (gateways.ts)
  const more = MORE_GATEWAY_FIX_KINDS.has(layer.kind) ? moreGatewayLayerEdit(op, layer, text, ctx) : null;
  if (more) return more;
  if (GATEWAY_FIX_KINDS.has(layer.kind)) return gatewayLayerEdit(op, layer, text, ctx);
  // NGINX and HAProxy config files, not YAML
  if (PROXY_CONFIG_FIX_KINDS.has(layer.kind)) return proxyConfigLayerEdit(op, layer, text, ctx);
  if (layer.kind !== "envoy-route" && layer.kind !== "istio-virtualservice") return null;
  return withYaml(layer.file, text, (ed) => {
    const key = layer.kind === "envoy-route" ? "retry_policy" : "retries";
    const pair = ed.pairAt(layer.anchor.line, key);
    if (!pair || !isMap(pair.value)) return null;
    const policy = pair.value as YAMLMap;
    if (op === "cap" && ctx.attempts) {
      const key = layer.kind === "envoy-route" ? "num_retries" : "attempts";
      const edit = ed.setKey(policy, key, String(ctx.attempts - 1));
      return edit ? { title: `Lower to ${ctx.attempts} attempts (${key}: ${ctx.attempts - 1})`, edits: [edit] } : null;
    }
    if (layer.kind === "envoy-route") return envoy(op, layer, ed, pair, policy);
    if (layer.kind === "istio-virtualservice") return istio(op, ed, policy);
    return null;
  });
}

function envoy(op: LayerOp, layer: RetryLayer, ed: YamlEditor, pair: Pair, policy: YAMLMap): LayerEdit | null {
  // an edge route (RL013) or any route re-sending writes (RL005): only failures before sending
  if (op === "narrowGateway" || op === "preSendOnly") {
    const edit = ed.setKey(policy, "retry_on", PRE_SEND_RETRY_ON);
    return edit ? { title: `Retry only failures before the request reached the upstream: retry_on: ${PRE_SEND_RETRY_ON}`, edits: [edit] } : null;
  }
  if (op === "disable") {
    const edit = ed.removePair(pair);
    return edit ? { title: `Remove the retry_policy of ${layer.label}`, edits: [edit] } : null;
  }
  if (op === "budget") return envoyBudget(ed, pair);
  return null;
}

/** Adds a retry budget to the route's cluster: circuit_breakers.thresholds[].retry_budget (§4.3). */
function envoyBudget(ed: YamlEditor, retryPolicy: Pair): LayerEdit | null {
  const maps = ed.maps();
  const route = maps.find((m) => m.items.includes(retryPolicy));
  const clusterName = route ? String((ed.child(route, "cluster")?.value as { value?: unknown } | null)?.value ?? "") : "";
  if (!clusterName) return null;
  const nameOf = (m: unknown) => String((ed.child(m, "name")?.value as { value?: unknown } | null)?.value ?? "");
  // a cluster is the map named like the route's cluster that says how to reach it (an item of `clusters:`)
  const cluster = maps.find((m) => nameOf(m) === clusterName && (ed.child(m, "load_assignment") !== null || ed.child(m, "connect_timeout") !== null || ed.child(m, "type") !== null));
  if (!cluster || ed.child(cluster, "circuit_breakers")) return null;
  const block = ["circuit_breakers:", "  thresholds:", "    - priority: DEFAULT", "      retry_budget:", "        budget_percent: { value: 20.0 }", "        min_retry_concurrency: 3"].join("\n");
  const flow = "circuit_breakers: { thresholds: [{ priority: DEFAULT, retry_budget: { budget_percent: { value: 20.0 }, min_retry_concurrency: 3 } }] }";
  const edit = ed.addKey(cluster, block, flow);
  return edit ? { title: `Add a retry budget to cluster ${clusterName} (20% of active requests, at least 3)`, edits: [edit] } : null;
}

function istio(op: LayerOp, ed: YamlEditor, policy: YAMLMap): LayerEdit | null {
  if (op === "disable") {
    const edit = ed.setKey(policy, "attempts", "0");
    return edit ? { title: "Turn off mesh retries for this route (attempts: 0)", edits: [edit] } : null;
  }
  if (op === "narrowGateway" || op === "preSendOnly") {
    const edit = ed.setKey(policy, "retryOn", PRE_SEND_RETRY_ON);
    return edit ? { title: `Retry only failures before the request reached the upstream: retryOn: ${PRE_SEND_RETRY_ON}`, edits: [edit] } : null;
  }
  return null;
}

/**
 * An ingress-gateway VirtualService with no `retries` gets Istio's default policy on each route
 * (§4.1): writing `retries` on every such route replaces it — `attempts: 0` turns it off, N − 1
 * lowers it, and a `retryOn` of pre-send failures narrows it.
 */
function istioGatewayDefault(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const block =
    op === "disable"
      ? { entry: "retries:\n  attempts: 0", flow: "retries: { attempts: 0 }", title: "Turn off the gateway's default retries on this VirtualService (retries: attempts: 0)" }
      : op === "cap" && ctx.attempts && ctx.attempts >= 2
        ? { entry: `retries:\n  attempts: ${ctx.attempts - 1}`, flow: `retries: { attempts: ${ctx.attempts - 1} }`, title: `Lower to ${ctx.attempts} attempts (retries: attempts: ${ctx.attempts - 1})` }
        : op === "narrowGateway" || op === "preSendOnly"
          ? { entry: `retries:\n  attempts: 2\n  retryOn: ${PRE_SEND_RETRY_ON}`, flow: `retries: { attempts: 2, retryOn: "${PRE_SEND_RETRY_ON}" }`, title: `Retry only failures before the request reached the upstream: retryOn: ${PRE_SEND_RETRY_ON}` }
          : null;
  if (!block) return null;
  return withYaml(layer.file, text, (ed) => {
    const gateways = ed.pairAt(layer.anchor.line, "gateways");
    const spec = gateways ? ed.maps().find((m) => m.items.includes(gateways)) : undefined;
    const http = spec ? ed.child(spec, "http") : null;
    if (!http || !isSeq(http.value)) return null;
    const edits = http.value.items
      .filter((entry): entry is YAMLMap => isMap(entry) && ed.child(entry, "route") !== null && ed.child(entry, "retries") === null)
      .map((entry) => ed.addKey(entry, block.entry, block.flow));
    if (edits.length === 0 || edits.some((e) => e === null)) return null;
    return { title: block.title, edits: edits as NonNullable<(typeof edits)[number]>[] };
  });
}

/**
 * The Istio default applies to every route without `retries`: a VirtualService per target with
 * `retries: {attempts: 0}` turns it off where the code owns retries. Written beside the file that
 * turns injection on.
 */
function istioDefaultOff(layer: RetryLayer, ctx: LayerOpContext): LayerEdit | null {
  const hosts = layer.targets.filter((t) => !t.includes(" ") && !t.includes("("));
  if (!hosts.length) return null;
  const dir = layer.file.includes("/") ? layer.file.slice(0, layer.file.lastIndexOf("/") + 1) : "";
  const docs = hosts.map((host) => {
    const ns = ctx.namespaceOf(host);
    return [
      "apiVersion: networking.istio.io/v1",
      "kind: VirtualService",
      "metadata:",
      `  name: ${host}-no-mesh-retries`,
      ...(ns ? [`  namespace: ${ns}`] : []),
      "spec:",
      "  hosts:",
      `    - ${host}`,
      "  http:",
      "    - route:",
      "        - destination:",
      `            host: ${host}`,
      "      # the calling code owns retries on this hop (Retry Lens RL010)",
      "      retries:",
      "        attempts: 0",
    ].join("\n");
  });
  let file = `${dir}${hosts.length === 1 ? `${hosts[0]}-` : ""}no-mesh-retries.yaml`;
  for (let n = 2; ctx.exists(file); n++) file = `${dir}${hosts.length === 1 ? `${hosts[0]}-` : ""}no-mesh-retries-${n}.yaml`;
  return {
    title: `Turn off the Istio default retries for ${hosts.join(", ")} (new VirtualService ${file})`,
    edits: [],
    creates: [{ file, text: `# Mesh retries off: the services calling these hosts retry in code.\n${docs.join("\n---\n")}\n` }],
  };
}
