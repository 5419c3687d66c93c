/**
 * Dapr Redis components (docs/reference/redis.md §Dapr): `kind: Component` (dapr.io/v1alpha1) with
 * `spec.type` `state.redis`, `pubsub.redis`, `lock.redis` or `configuration.redis`. The Dapr
 * sidecar talks to Redis through go-redis (v8 in components-contrib ≤ 1.10, v9 later) with
 * `redisMaxRetries` (also `maxRetries`) from the component's metadata: unset → 3 (state.redis's
 * `defaultMaxRetries`, or 0 which go-redis turns into its default 3) → **4 attempts** of every
 * Redis command the sidecar sends; `-1` off; N → N + 1. The layer sits between the sidecar and
 * Redis (an app's calls to the sidecar are not linked to it).
 */
import { isMap } from "yaml";
import { get, getPair, keyLine, keySpan, seqItems, str, type YamlDocument } from "../../parsing/yaml";
import type { YamlDetectorContext } from "./context";
import { redisLayer } from "../shared/redis";

const TYPES = new Set(["state.redis", "pubsub.redis", "lock.redis", "configuration.redis"]);

export function detectDaprRedis(ctx: YamlDetectorContext, d: YamlDocument): void {
  const root = d.root;
  if (!isMap(root)) return;
  if (!(str(d, get(d, root, "apiVersion")) ?? "").startsWith("dapr.io/") || str(d, get(d, root, "kind")) !== "Component") return;
  const spec = get(d, root, "spec");
  const typePair = getPair(d, spec, "type");
  const type = str(d, get(d, spec, "type"));
  if (!typePair || !type || !TYPES.has(type)) return;
  const name = str(d, get(d, get(d, root, "metadata"), "name")) ?? type;
  let written: string | null = null;
  for (const item of seqItems(d, get(d, spec, "metadata"))) {
    const key = str(d, get(d, item, "name"));
    if (key === "redisMaxRetries" || key === "maxRetries") written = str(d, get(d, item, "value")) ?? String(get(d, item, "value") ?? "");
  }
  const n = written === null ? null : Number(written);
  const retries = written === null ? 3 : n === null || !Number.isInteger(n) ? null : n < 0 ? 0 : n === 0 ? 3 : n;
  const note =
    written === null
      ? `Dapr ${type} without redisMaxRetries: go-redis MaxRetries 3 → 4 attempts per Redis command (components-contrib defaults)`
      : retries === null
        ? `redisMaxRetries: ${written}: not a number`
        : `redisMaxRetries: ${written} → ${retries + 1} attempt${retries === 0 ? "" : "s"} per Redis command (go-redis: 0 = 3, -1 off)`;
  ctx.facts.layers.push(redisLayer({
    localId: ctx.layerId(keyLine(ctx.file, typePair)),
    anchor: keySpan(ctx.file, typePair),
    label: `dapr ${name} (${type})`,
    library: "go-redis",
    retries,
    source: written === null ? "default" : "config",
    note,
    wait: { kind: "exponential", jitter: true, initialSeconds: 0.008, maxSeconds: 0.512, source: "default", description: "go-redis backoff, 8 ms … 512 ms with jitter (redisMinRetryInterval / redisMaxRetryInterval)" },
    errors: "network errors and timeouts between the Dapr sidecar and Redis",
  }));
}
