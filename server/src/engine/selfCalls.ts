/**
 * A service calling its own HTTP endpoints: one program whose parts talk over HTTP (a Temporal
 * worker's activity POSTing to the API the same deployment serves, a monolith calling its own
 * `/internal/…` routes), or two workloads the linker sees as one service. Such a hop is no path
 * segment of its own (paths never revisit a service), so the handler it calls is followed in
 * place: every hop that handler's routed entry sends becomes a hop of the caller under the self
 * call's layers too (outermost first), with the self call's entry routes. A self call that reaches
 * no sending handler stays as it is; engine/paths.ts ends a path with it.
 */
import type { Hop } from "../model/model";
import { hopsConnect, mergeEntryRoutes } from "./endpoints";

/** rounds of splicing: a handler that itself calls its own service again, a few levels deep */
const MAX_ROUNDS = 4;

export function spliceSelfCalls(list: Hop[]): Hop[] {
  const isSelf = (h: Hop) => h.caller === h.callee && h.protocol === "http" && !h.fromGateway && h.calls.some((c) => c.path !== null);
  let frontier = list.filter(isSelf);
  if (!frontier.length) return list;
  const out = [...list];
  const byKey = new Map<string, Hop>(out.map((h) => [keyOf(h), h]));
  for (let round = 0; round < MAX_ROUNDS && frontier.length; round++) {
    const next: Hop[] = [];
    for (const self of frontier) {
      for (const h of list) {
        // only hops a routed handler sends: a hop from code no route reaches is no reply to this call
        if (h === self || h.caller !== self.caller || !h.entryRoutes?.length || !hopsConnect(self, h)) continue;
        const layerIds = [...self.layerIds, ...h.layerIds.filter((id) => !self.layerIds.includes(id))];
        const hop: Hop = { ...h, layerIds, entryRoutes: self.entryRoutes ?? null, calls: [...h.calls] };
        const key = keyOf(hop);
        const seen = byKey.get(key);
        if (seen) {
          seen.entryRoutes = mergeEntryRoutes(seen.entryRoutes, hop.entryRoutes);
          continue;
        }
        byKey.set(key, hop);
        out.push(hop);
        if (isSelf(hop)) next.push(hop);
      }
    }
    frontier = next;
  }
  return out;
}

function keyOf(h: Hop): string {
  return `${h.caller}→${h.callee}|${h.protocol}|${h.layerIds.join(",")}|${h.calls.map((c) => `${c.file}:${c.span.line}`).join(",")}`;
}
