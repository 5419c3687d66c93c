/**
 * gRPC service-config `.json` files — reference/retry-semantics.md §3.11 (`retryPolicy`,
 * `hedgingPolicy`; `maxAttempts` counts the first call and is capped at 5), §3.12
 * (`retryThrottling` is a budget), §5.1 (gRPC `maxAttempts` is a total).
 *
 * `{"methodConfig": [{"name": [{"service": "orders.v1.OrderService"}], "retryPolicy": {…}}],
 *   "retryThrottling": {…}}` → one client layer for the file (the worst method config, via the
 * shared parser), anchored on the `retryPolicy` (or `hedgingPolicy`) key that opens the worst
 * policy, and `FileFacts.grpcServiceConfig` naming the proto services it configures. The file is
 * loaded by the program at run time (`WithDefaultServiceConfig(string(data))`, grpc-js
 * `'grpc.service_config'`), so the linker applies it to gRPC stubs of those services in the same
 * project tree (engine/grpcConfigLinks.ts). A name entry without `service` is the default for
 * every service ("*"). Invalid JSON → one problem, no layer.
 */
import { isMap, isSeq } from "yaml";
import { emptyFacts, type FileFacts } from "../../model/facts";
import { get, keySpan, mapPairs, keyName, parseYaml, seqItems, str, type Pair, type YamlDocument } from "../../parsing/yaml";
import { grpcLayerCore, grpcPolicies, type Json, type JsonObject } from "../shared/grpcServiceConfig";

export function extractGrpcServiceConfigJson(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  let config: Json;
  try {
    config = JSON.parse(text) as Json;
  } catch (err) {
    facts.problems.push({ line: 1, message: `gRPC service config is not valid JSON: ${err instanceof Error ? err.message : String(err)}` });
    return facts;
  }
  if (!config || typeof config !== "object" || Array.isArray(config)) return facts;
  const policies = grpcPolicies(config as JsonObject);
  if (!policies.length) return facts; // no retry or hedging policy: one attempt (plus transparent retries)
  const file = parseYaml(text);
  const doc = file.documents[0];
  if (!doc) {
    facts.problems.push({ line: file.problems[0]?.line ?? 1, message: "gRPC service config could not be read with positions" });
    return facts;
  }
  const core = grpcLayerCore(config as JsonObject, policies, "grpc");
  const anchorPair = worstPolicyPair(doc);
  const anchor = anchorPair ? keySpan(file, anchorPair) : { line: 1, column: 0, endLine: 1, endColumn: 0 };
  const services = serviceNames(doc);
  const localId = `L${anchor.line}`;
  const fileName = path.slice(path.lastIndexOf("/") + 1);
  facts.layers.push({ ...core, localId, anchor, attach: { kind: "client" }, label: `service config ${fileName}` });
  facts.grpcServiceConfig = { services, layerId: localId };
  return facts;
}

/** The `retryPolicy`/`hedgingPolicy` key whose `maxAttempts` is largest (the layer's count). */
function worstPolicyPair(d: YamlDocument): Pair | null {
  let best: { pair: Pair; attempts: number } | null = null;
  for (const mc of seqItems(d, get(d, d.root, "methodConfig"))) {
    for (const pair of mapPairs(d, mc)) {
      const key = keyName(d, pair);
      if ((key !== "retryPolicy" && key !== "hedgingPolicy") || !isMap(pair.value)) continue;
      const n = Number(str(d, get(d, pair.value, "maxAttempts")) ?? NaN);
      const attempts = Number.isFinite(n) ? n : -1;
      if (!best || attempts > best.attempts) best = { pair, attempts };
    }
  }
  return best?.pair ?? null;
}

/** Proto services named by methodConfig entries with a policy; "*" for a name without a service. */
function serviceNames(d: YamlDocument): string[] {
  const out = new Set<string>();
  for (const mc of seqItems(d, get(d, d.root, "methodConfig"))) {
    if (get(d, mc, "retryPolicy") === null && get(d, mc, "hedgingPolicy") === null) continue;
    const names = get(d, mc, "name");
    if (!isSeq(names)) continue;
    for (const n of seqItems(d, names)) out.add(str(d, get(d, n, "service")) || "*");
  }
  return [...out];
}
