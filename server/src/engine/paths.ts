/**
 * Path enumeration: every maximal chain of hops from an entry (a gateway, or a service nobody
 * calls) to a dependency, with cycle protection and caps on depth and count. A path keeps only
 * active layers (a disabled or off-path layer never multiplies); chains with no active layer are dropped.
 */
import type { CallPath, Hop, Model } from "../model/model";
import { hopsConnect } from "./endpoints";

export const MAX_PATHS = 5000;
export const MAX_DEPTH = 16;
/** hop visits per enumeration: bounds time even when many walks repeat the same chain */
export const MAX_STEPS = 200_000;

export function enumeratePaths(model: Pick<Model, "hops" | "layerById">): CallPath[] {
  const out = new Map<string, CallPath>();
  const outgoing = new Map<string, number[]>();
  const hasIncoming = new Set<string>();
  model.hops.forEach((h, i) => {
    const list = outgoing.get(h.caller) ?? [];
    list.push(i);
    outgoing.set(h.caller, list);
    if (h.callee !== h.caller) hasIncoming.add(h.callee);
  });
  const nodes = [...outgoing.keys()].sort();
  const entries = nodes.filter((n) => !hasIncoming.has(n));
  const visitedFromEntries = new Set<string>();
  const walkedHops = new Set<number>();

  let steps = 0;
  const walk = (node: string, seen: string[], hopIdx: number[]) => {
    if (out.size >= MAX_PATHS || ++steps > MAX_STEPS) return;
    visitedFromEntries.add(node);
    // only the hops the called endpoint can lead to (engine/endpoints.ts)
    const into = hopIdx.length ? model.hops[hopIdx[hopIdx.length - 1]!]! : null;
    const next = (outgoing.get(node) ?? []).filter((i) => !seen.includes(model.hops[i]!.callee) && (!into || hopsConnect(into, model.hops[i]!)));
    for (const i of next) walkedHops.add(i);
    if (next.length === 0 || seen.length >= MAX_DEPTH) {
      if (hopIdx.length) emit(hopIdx, seen);
      return;
    }
    for (const i of next) walk(model.hops[i]!.callee, [...seen, model.hops[i]!.callee], [...hopIdx, i]);
  };

  const emit = (hopIdx: number[], services: string[]) => {
    const layers: string[] = [];
    const layerHops: number[] = [];
    hopIdx.forEach((i, k) => {
      for (const id of model.hops[i]!.layerIds) {
        const l = model.layerById.get(id);
        if (l && !l.disabled && !l.offPath) {
          layers.push(id);
          layerHops.push(k);
        }
      }
    });
    if (layers.length === 0) return;
    const target = model.hops[hopIdx[hopIdx.length - 1]!]!.callee;
    // every maximal chain: two entries reaching one dependency through the same layers are two paths
    const key = `${services.join(">")}|${layers.join(",")}`;
    if (out.has(key)) return;
    let product: number | null = 1;
    for (const id of layers) {
      const n = model.layerById.get(id)!.maxAttempts;
      product = n === null || product === null ? null : product * n;
    }
    out.set(key, {
      layers,
      layerHops,
      product,
      target,
      services,
      hops: hopIdx,
      budgeted: layers.some((id) => model.layerById.get(id)!.budget !== null),
    });
  };

  for (const e of entries) walk(e, [e], []);
  // services only reachable inside a cycle have no entry: start from each of them
  const unreached = nodes.filter((n) => !visitedFromEntries.has(n));
  for (const n of unreached) walk(n, [n], []);
  // hops no walk took: sent from an endpoint none of the service's known callers calls (its
  // callers are outside the workspace); each starts its own paths at its caller
  model.hops.forEach((h, i) => {
    if (walkedHops.has(i) || h.callee === h.caller) return;
    walkedHops.add(i);
    walk(h.callee, [h.caller, h.callee], [i]);
  });
  return [...out.values()].sort(comparePaths);
}

/** Worst first: unbounded, then by product, then by length. */
export function comparePaths(a: CallPath, b: CallPath): number {
  const pa = a.product ?? Infinity;
  const pb = b.product ?? Infinity;
  return pb - pa || b.layers.length - a.layers.length || a.target.localeCompare(b.target);
}

export function hopLabel(h: Hop): string {
  return `${h.caller} → ${h.callee}`;
}
