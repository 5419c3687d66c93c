/**
 * gRPC service-config `.json` files (reference §3.11, §3.12) → the gRPC stubs they configure.
 * A program loads such a file at run time and hands it to its channel, so the link is by name:
 * the file applies to a ClientFact with `grpcService` (grpc-js `new proto.orders.v1.OrderService
 * (…)`, grpc-go `pb.NewOrderServiceClient(conn)`) when
 * - a `methodConfig[].name[].service` names that service (`orders.v1.OrderService` matches
 *   `OrderService`; a name without a service is the default for every service),
 * - the file's folder or one of its ancestors holds the client's file (the same project tree),
 * - and the client has no service config in code (that one wins: a channel has one config).
 * With several candidate files the nearest folder wins, then an exact service over the default.
 */
import type { FileFacts } from "../model/facts";

/** client key (`${file.path}#${client.id}`, as link.ts keys client stubs) → global layer ids */
export function grpcConfigClientLayers(files: FileFacts[]): Map<string, string[]> {
  const configs = files
    .filter((f) => f.grpcServiceConfig)
    .map((f) => ({ dir: folderOf(f.path), services: f.grpcServiceConfig!.services, layerId: `${f.path}#${f.grpcServiceConfig!.layerId}` }));
  const out = new Map<string, string[]>();
  if (!configs.length) return out;
  for (const f of files) {
    for (const c of f.clients) {
      const service = c.grpcService;
      if (!service) continue;
      const inCode = c.layerIds.some((id) => f.layers.find((l) => l.localId === id)?.kind === "grpc-service-config");
      if (inCode) continue;
      let best: { layerId: string; depth: number; exact: boolean } | null = null;
      for (const cfg of configs) {
        if (cfg.dir !== "" && !f.path.startsWith(`${cfg.dir}/`)) continue;
        const exact = cfg.services.some((s) => s === service || s.split(".").pop() === service);
        if (!exact && !cfg.services.includes("*")) continue;
        const depth = cfg.dir === "" ? 0 : cfg.dir.split("/").length;
        if (!best || depth > best.depth || (depth === best.depth && exact && !best.exact)) best = { layerId: cfg.layerId, depth, exact };
      }
      if (best) out.set(`${f.path}#${c.id}`, [best.layerId]);
    }
  }
  return out;
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}
