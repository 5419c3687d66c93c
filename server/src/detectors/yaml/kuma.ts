/**
 * Kuma / Kong Mesh `MeshRetry` and the default policy (reference §4.13, §0 row "Kuma default").
 *
 * - `spec.to[]` entries: `targetRef` Mesh → every hop in the mesh (hosts "*"), MeshService /
 *   MeshHTTPRoute / MeshSubset by name → hops to that service. `default.http.numRetries: N` →
 *   N+1 attempts; 0 disables; unset → Envoy's default 1 → 2 (the plugin leaves num_retries unset).
 *   retryOn default `gateway-error,connect-failure,refused-stream`: not method-gated (POST is
 *   retried on 502/503/504). Back-off 25–250 ms unless `backOff` is set. Falls back to `grpc`
 *   when there is no `http` block.
 * - A `Mesh` resource without `skipCreatingInitialPolicies` gets `mesh-retry-all`: HTTP 5 retries →
 *   6 attempts, perTryTimeout 16 s, on every hop in the mesh. Emitted as a mesh-wide route whose
 *   layer is anchored on the Mesh's `kind` line; a more specific MeshRetry wins in the linker.
 * - A builtin gateway (`MeshGateway`) gets the mesh's MeshRetry policies too (kumahq/kuma#6669,
 *   fixed by #6779 in 2.3): its own application of `mesh-retry-all`, anchored on its `kind` line,
 *   wraps the routes `MeshHTTPRoute`s attach to it (`targetRef: {kind: MeshGateway, name}`) —
 *   gateway objects joined across files by engine/gatewayLinks.ts.
 */
import { isMap } from "yaml";
import { get, getIn, getPair, keyLine, keySpan, num, seqItems, str, type Pair, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { durationSeconds } from "./durations";
import { ENVOY_DEFAULT_WAIT, envoyRetryCondition, envoyWait, splitRetryOn } from "./envoy";
import { metaName, metaNamespace, pushRoute, routeLayer } from "./routeLayers";

export const KUMA_DEFAULT_HTTP_RETRY_ON = ["gateway-error", "connect-failure", "refused-stream"];
export const KUMA_DEFAULT_GRPC_RETRY_ON = ["cancelled", "connect-failure", "gateway-error", "refused-stream", "reset", "resource-exhausted", "unavailable"];

export function detectKuma(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (!k || !k.apiVersion.startsWith("kuma.io/")) return;
  if (k.kind === "Mesh") return meshDefault(ctx, d);
  if (k.kind === "MeshGateway") return builtinGateway(ctx, d);
  if (k.kind === "MeshHTTPRoute") return gatewayRoute(ctx, d);
  if (k.kind !== "MeshRetry") return;
  for (const to of seqItems(d, getIn(d, d.root, "spec", "to"))) {
    const ref = get(d, to, "targetRef");
    const refKind = str(d, get(d, ref, "kind"));
    const refName = str(d, get(d, ref, "name"));
    const hosts = refKind === "Mesh" ? ["*"] : refName ? [refName] : [];
    if (hosts.length === 0) continue;
    const def = get(d, to, "default");
    const httpPair = getPair(d, def, "http") ?? getPair(d, def, "grpc");
    if (!httpPair || !isMap(httpPair.value)) continue;
    const grpc = str(d, httpPair.key) === "grpc";
    const p = httpPair.value;
    const numPair = getPair(d, p, "numRetries");
    const n = numPair ? num(d, numPair.value) : null;
    const retries = n === null ? 1 : Math.max(0, Math.floor(n));
    const written = seqItems(d, get(d, p, "retryOn")).map((x) => str(d, x)).filter((x): x is string => !!x);
    const tokens: string[] = [];
    const statuses: number[] = [];
    for (const t of written.flatMap((w) => splitRetryOn(w))) {
      if (/^\d{3}$/.test(t)) statuses.push(Number(t));
      else tokens.push(t.toLowerCase().replace(/_/g, "-"));
    }
    const defaults = written.length === 0;
    if (defaults) tokens.push(...(grpc ? KUMA_DEFAULT_GRPC_RETRY_ON : KUMA_DEFAULT_HTTP_RETRY_ON));
    if (statuses.length && !tokens.includes("retriable-status-codes")) tokens.push("retriable-status-codes");
    const base = durationSeconds(d, getIn(d, p, "backOff", "baseInterval"));
    const max = durationSeconds(d, getIn(d, p, "backOff", "maxInterval"));
    const anchorPair: Pair = numPair ?? httpPair;
    const target = hosts[0] === "*" ? "mesh" : hosts[0]!;
    const layer = routeLayer(ctx, {
      kind: "kuma-meshretry",
      library: "kuma",
      anchor: keySpan(ctx.file, anchorPair),
      anchorLine: keyLine(ctx.file, anchorPair),
      maxAttempts: retries + 1,
      attemptsSource: n === null ? "default" : "config",
      attemptsNote: n === null ? "numRetries unset → Envoy default 1 retry → 2 attempts" : retries === 0 ? "numRetries: 0 → retries off" : `numRetries: ${retries} → ${retries + 1} attempts`,
      wait: base !== null && base > 0 ? envoyWait(base, max, "Kuma backOff") : ENVOY_DEFAULT_WAIT,
      condition: envoyRetryCondition(tokens, statuses, { honoursRetryAfter: false, product: "Kuma", defaultTokens: defaults }),
      perTryTimeoutSeconds: durationSeconds(d, get(d, p, "perTryTimeout")),
      edge: false,
      label: `MeshRetry ${metaName(d) ?? ""} → ${target}`.replace("  ", " "),
    });
    pushRoute(ctx, { product: "kuma", hosts, destinations: hosts.filter((h) => h !== "*"), edge: false, gateway: null, namespace: metaNamespace(d), match: null, span: keySpan(ctx.file, anchorPair), layer });
  }
}

/** The builtin gateway's share of `mesh-retry-all`: 5 retries → 6 attempts on every route into the mesh. */
function builtinGateway(ctx: YamlDetectorContext, d: YamlDocument): void {
  const name = metaName(d);
  const kindPair = getPair(d, d.root, "kind");
  if (!name || !kindPair) return;
  const layer = meshRetryAllLayer(ctx, kindPair, { where: `applied by the builtin gateway ${name}`, label: `mesh-retry-all (gateway ${name})`, edge: true });
  (ctx.facts.gatewayObjects ??= []).push({ kind: "kuma-gateway", name, namespace: metaNamespace(d), span: layer.anchor, layerId: layer.localId, refs: [], destinations: [], parents: [], match: null });
}

/** A MeshHTTPRoute attached to a builtin gateway: its rules' backendRefs are the gateway's destinations. */
function gatewayRoute(ctx: YamlDetectorContext, d: YamlDocument): void {
  const spec = get(d, d.root, "spec");
  const target = get(d, spec, "targetRef");
  const gateway = str(d, get(d, target, "kind")) === "MeshGateway" ? str(d, get(d, target, "name")) : null;
  if (!gateway) return;
  const destinations: string[] = [];
  let match: string | null = null;
  for (const to of seqItems(d, get(d, spec, "to"))) {
    for (const rule of seqItems(d, get(d, to, "rules"))) {
      for (const ref of seqItems(d, getIn(d, rule, "default", "backendRefs"))) {
        const name = str(d, get(d, ref, "name")) ?? str(d, getIn(d, ref, "tags", "kuma.io/service"));
        if (name && !destinations.includes(name)) destinations.push(name);
      }
      for (const m of seqItems(d, get(d, rule, "matches"))) match ??= str(d, getIn(d, m, "path", "value"));
    }
  }
  if (destinations.length === 0) return;
  const span = keySpan(ctx.file, getPair(d, d.root, "kind")!);
  (ctx.facts.gatewayObjects ??= []).push({ kind: "kuma-gateway-route", name: metaName(d) ?? "", namespace: metaNamespace(d), span, layerId: null, refs: [], destinations, parents: [gateway], match });
}

function meshDefault(ctx: YamlDetectorContext, d: YamlDocument): void {
  const skip = seqItems(d, getIn(d, d.root, "spec", "skipCreatingInitialPolicies")).map((x) => str(d, x));
  if (skip.includes("*") || skip.includes("mesh-retry-all")) return;
  const kindPair = getPair(d, d.root, "kind")!;
  const layer = meshRetryAllLayer(ctx, kindPair, { where: `on mesh ${metaName(d) ?? ""}`, label: `mesh-retry-all (mesh ${metaName(d) ?? "default"})`, edge: false });
  pushRoute(ctx, { product: "kuma", hosts: ["*"], destinations: [], edge: false, gateway: null, namespace: null, match: null, span: keySpan(ctx.file, kindPair), layer });
}

/** Kuma's default policy mesh-retry-all (§4.13): HTTP numRetries 5 → 6 attempts, 16 s per try, Envoy's back-off. */
function meshRetryAllLayer(ctx: YamlDetectorContext, kindPair: Pair, o: { where: string; label: string; edge: boolean }) {
  return routeLayer(ctx, {
    kind: "kuma-default",
    library: "kuma",
    anchor: keySpan(ctx.file, kindPair),
    anchorLine: keyLine(ctx.file, kindPair),
    maxAttempts: 6,
    attemptsSource: "default",
    attemptsNote: `Kuma default policy mesh-retry-all ${o.where}: numRetries 5 → 6 attempts`,
    wait: ENVOY_DEFAULT_WAIT,
    condition: envoyRetryCondition([...KUMA_DEFAULT_HTTP_RETRY_ON], [], { honoursRetryAfter: false, product: "Kuma", defaultTokens: true }),
    perTryTimeoutSeconds: 16,
    edge: o.edge,
    label: o.label,
  });
}
