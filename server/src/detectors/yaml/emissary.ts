/**
 * Emissary-ingress / Ambassador `Mapping` (reference §4.14, §0 row "Emissary retry_policy"): an
 * edge route from the Emissary gateway to `spec.service`. `retry_policy` compiles to an Envoy
 * retry policy: `num_retries` unset → Envoy's default 1 → 2 attempts; N → N+1; `retry_on` is a
 * single value; Envoy's default back-off; not method-gated.
 *
 * The `ambassador` Module's `spec.config.retry_policy` is the default for every Mapping without
 * its own (§4.14: "the Mapping wins"). The Module is a GatewayObjectFact with its own layer, and a
 * Mapping without `retry_policy` carries a `configRefs` entry for it, resolved by the linker
 * across files (engine/gatewayLinks.ts); without a Module such a Mapping does not retry.
 */
import { isMap } from "yaml";
import type { LayerFact } from "../../model/facts";
import { get, getPair, keyLine, keySpan, nodeSpan, num, str, type Pair, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { durationSeconds } from "./durations";
import { ENVOY_DEFAULT_WAIT, envoyRetryCondition, splitRetryOn } from "./envoy";
import { hostOnly, metaName, metaNamespace, pushRoute, routeLayer } from "./routeLayers";

export function detectEmissary(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (!k || !k.apiVersion.startsWith("getambassador.io/")) return;
  if (k.kind === "Module") return moduleDefault(ctx, d);
  if (k.kind !== "Mapping") return;
  const spec = get(d, d.root, "spec");
  const service = str(d, get(d, spec, "service"));
  if (!service) return;
  const host = hostOnly(service);
  const prefix = str(d, get(d, spec, "prefix"));
  const pair = getPair(d, spec, "retry_policy");
  const layer = pair && isMap(pair.value) ? retryPolicyLayer(ctx, d, pair, `mapping${prefix ? ` ${prefix}` : ""} → ${host.split(".")[0]}`) : null;
  const t = num(d, get(d, spec, "timeout_ms"));
  const route = pushRoute(ctx, { product: "emissary", hosts: [], destinations: [host], edge: true, gateway: "emissary", namespace: metaNamespace(d), match: prefix, span: nodeSpan(ctx.file, spec), layer, timeoutSeconds: t !== null && t > 0 ? t / 1000 : null });
  // no policy of its own: the ambassador Module's retry_policy applies, if there is one
  if (!layer) route.configRefs = [{ kind: "emissary-module", name: "ambassador", namespace: null }];
}

/** The `ambassador` Module's global `config.retry_policy`. */
function moduleDefault(ctx: YamlDetectorContext, d: YamlDocument): void {
  const name = metaName(d);
  const pair = getPair(d, get(d, get(d, d.root, "spec"), "config"), "retry_policy");
  if (name !== "ambassador" || !pair || !isMap(pair.value)) return;
  const layer = retryPolicyLayer(ctx, d, pair, "Module ambassador (default retry_policy)");
  (ctx.facts.gatewayObjects ??= []).push({ kind: "emissary-module", name, namespace: metaNamespace(d), span: layer.anchor, layerId: layer.localId, refs: [], destinations: [], parents: [], match: null });
}

function retryPolicyLayer(ctx: YamlDetectorContext, d: YamlDocument, pair: Pair, label: string): LayerFact {
  const p = pair.value;
  const n = num(d, get(d, p, "num_retries"));
  const retries = n === null ? 1 : Math.max(0, Math.floor(n));
  const tokens = splitRetryOn(str(d, get(d, p, "retry_on")));
  return routeLayer(ctx, {
    kind: "emissary-mapping",
    library: "emissary",
    anchor: keySpan(ctx.file, pair),
    anchorLine: keyLine(ctx.file, pair),
    maxAttempts: retries + 1,
    attemptsSource: n === null ? "default" : "config",
    attemptsNote: n === null ? "num_retries unset → Envoy default 1 retry → 2 attempts" : `num_retries: ${retries} → ${retries + 1} attempts`,
    wait: ENVOY_DEFAULT_WAIT,
    condition: envoyRetryCondition(tokens, [], { honoursRetryAfter: false, product: "Emissary" }),
    perTryTimeoutSeconds: durationSeconds(d, get(d, p, "per_try_timeout")),
    edge: true,
    label,
  });
}
