/**
 * Emissary-ingress / Ambassador `Mapping` (reference §4.14, §0 row "Emissary retry_policy"): an
 * edge route from the Emissary gateway to `spec.service`. `retry_policy` compiles to an Envoy
 * retry policy: `num_retries` unset → Envoy's default 1 → 2 attempts; N → N+1; `retry_on` is a
 * single value; Envoy's default back-off; not method-gated. Not read: a global `retry_policy` on
 * the `ambassador` Module (a Mapping without its own policy is shown without retries).
 */
import { isMap } from "yaml";
import { get, getPair, keyLine, keySpan, nodeSpan, num, str, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { durationSeconds } from "./durations";
import { ENVOY_DEFAULT_WAIT, envoyRetryCondition, splitRetryOn } from "./envoy";
import { hostOnly, metaNamespace, pushRoute, routeLayer } from "./routeLayers";

export function detectEmissary(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (!k || k.kind !== "Mapping" || !k.apiVersion.startsWith("getambassador.io/")) return;
  const spec = get(d, d.root, "spec");
  const service = str(d, get(d, spec, "service"));
  if (!service) return;
  const host = hostOnly(service);
  const prefix = str(d, get(d, spec, "prefix"));
  const pair = getPair(d, spec, "retry_policy");
  let layer = null;
  if (pair && isMap(pair.value)) {
    const p = pair.value;
    const n = num(d, get(d, p, "num_retries"));
    const retries = n === null ? 1 : Math.max(0, Math.floor(n));
    const tokens = splitRetryOn(str(d, get(d, p, "retry_on")));
    const perTry = durationSeconds(d, get(d, p, "per_try_timeout"));
    layer = routeLayer(ctx, {
      kind: "emissary-mapping",
      library: "emissary",
      anchor: keySpan(ctx.file, pair),
      anchorLine: keyLine(ctx.file, pair),
      maxAttempts: retries + 1,
      attemptsSource: n === null ? "default" : "config",
      attemptsNote: n === null ? "num_retries unset → Envoy default 1 retry → 2 attempts" : `num_retries: ${retries} → ${retries + 1} attempts`,
      wait: ENVOY_DEFAULT_WAIT,
      condition: envoyRetryCondition(tokens, [], { honoursRetryAfter: false, product: "Emissary" }),
      perTryTimeoutSeconds: perTry,
      edge: true,
      label: `mapping${prefix ? ` ${prefix}` : ""} → ${host.split(".")[0]}`,
    });
  }
  const t = num(d, get(d, spec, "timeout_ms"));
  pushRoute(ctx, { product: "emissary", hosts: [], destinations: [host], edge: true, gateway: "emissary", namespace: metaNamespace(d), match: prefix, span: nodeSpan(ctx.file, spec), layer, timeoutSeconds: t !== null && t > 0 ? t / 1000 : null });
}
