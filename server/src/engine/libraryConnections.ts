/**
 * Connections libraries build from options the code imports (LayerFact.connectionRef;
 * docs/reference/redis.md "ioredis built by libraries"): BullMQ's `new Queue(name, { connection })` /
 * `new FlowProducer({ connection })` with `connection` a name from another module. bullmq 5.49.0
 * `redis-connection.ts` uses an IORedis instance as given (`isRedisInstance(opts)`: its own settings, and
 * its own `new Redis` is the layer) → this layer is disabled; options set their own
 * `maxRetriesPerRequest` (a constant `<name>.maxRetriesPerRequest`) → that count; else ioredis's default stays.
 */
import type { FileFacts } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { layerKey } from "./keys";
import type { Resolver } from "./resolve";

export function applyConnectionRefs(files: FileFacts[], layers: Map<string, RetryLayer>, resolver: Resolver): void {
  for (const f of files) {
    for (const l of f.layers) {
      const ref = l.connectionRef;
      if (!ref) continue;
      const layer = layers.get(layerKey(f, l.localId));
      if (!layer) continue;
      try {
        const target = resolver.resolve(f, ref.scopeId, ref.name);
        const client = target ? resolver.clientOf(target) : null;
        if (client && client.client.library === "ioredis") {
          layer.maxAttempts = 1;
          layer.disabled = true;
          layer.attemptsNote = `${ref.name} is an ioredis client (${client.file.path}): the library uses it as given, with its own settings (its own layer)`;
          continue;
        }
        const max = resolver.resolve(f, ref.scopeId, `${ref.name}.maxRetriesPerRequest`);
        if (max?.kind !== "constant") continue;
        const v = max.constant.value;
        if (v.kind === "number") {
          const retries = Math.max(0, v.value);
          layer.maxAttempts = retries + 1;
          layer.attemptsSource = "config";
          layer.attemptsNote = `${ref.name}.maxRetriesPerRequest: ${v.value} (${max.file.path}) → ${retries + 1} attempt${retries === 0 ? "" : "s"} (ioredis ≥ 4)`;
          layer.disabled = layer.maxAttempts === 1;
        } else if (v.kind === "unknown" && v.text.trim() === "null") {
          layer.maxAttempts = null;
          layer.attemptsSource = "config";
          layer.timeBound = "none: maxRetriesPerRequest null waits for the connection without bound";
          layer.attemptsNote = `${ref.name}.maxRetriesPerRequest: null (${max.file.path}) → a command waits for the connection and is re-sent without bound (ioredis ≥ 4)`;
        } else {
          layer.maxAttempts = null;
          layer.countUnknown = true;
          layer.attemptsSource = "config";
          layer.attemptsNote = `${ref.name}.maxRetriesPerRequest: ${v.kind === "unknown" ? v.text : "not a literal"} (${max.file.path}): not known statically (ioredis ≥ 4; default 20)`;
        }
      } catch {
        // leave the layer as the detector made it
      }
    }
  }
}
