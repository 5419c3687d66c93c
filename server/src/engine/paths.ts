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
  /** callee → the hops into it */
  const incoming = new Map<string, number[]>();
  model.hops.forEach((h, i) => {
    const list = outgoing.get(h.caller) ?? [];
    list.push(i);
    outgoing.set(h.caller, list);
    if (h.callee !== h.caller) hasIncoming.add(h.callee);
    if (h.callee !== h.caller) incoming.set(h.callee, [...(incoming.get(h.callee) ?? []), i]);
  });
  const nodes = [...outgoing.keys()].sort();
  const entries = nodes.filter((n) => !hasIncoming.has(n));
  const visitedFromEntries = new Set<string>();
  const walkedHops = new Set<number>();

  // alternative manifests (Hop.alternatives): the candidates of one `among` set (the builds or
  // files that each define one object) are applied one at a time, so a path picks one candidate
  // per set, the one its hop chose, and two sets that share a candidate pick alike. A layer of
  // the path applied only in candidates of those sets (a gateway written in one overlay) needs
  // one of its variants picked. Sets with nothing in common (two services' own overlays) are
  // independent. A path no pick satisfies is not a path.
  const anyAlternatives = model.hops.some((h) => h.alternatives?.length);
  const variantsOf = (id: string) => {
    const l = model.layerById.get(id);
    return l ? (l.variants ?? [`file:${l.file}`]) : null;
  };
  const consistent = (hopIdx: number[], extra: NonNullable<Hop["alternatives"]> = []): boolean => {
    const raw = [...hopIdx.flatMap((h) => model.hops[h]!.alternatives ?? []), ...extra];
    if (raw.length === 0) return true;
    const byAmong = new Map<string, { among: Set<string>; chosen: string[] }>();
    for (const a of raw) {
      const key = [...a.among].sort().join("\u0000");
      const g = byAmong.get(key);
      if (g) g.chosen = g.chosen.filter((v) => a.chosen.includes(v));
      else byAmong.set(key, { among: new Set(a.among), chosen: [...a.chosen] });
    }
    const groups = [...byAmong.values()];
    if (groups.some((g) => g.chosen.length === 0)) return false;
    const space = new Set(groups.flatMap((g) => [...g.among]));
    const needs: string[][] = [];
    for (const h of hopIdx) {
      for (const id of model.hops[h]!.layerIds) {
        const vs = variantsOf(id);
        if (vs?.length && vs.every((v) => space.has(v))) needs.push(vs);
      }
    }
    const pick: string[] = [];
    let budget = 10_000;
    const satisfiable = (k: number): boolean => {
      if (k === groups.length) return needs.every((vs) => pick.some((x) => vs.includes(x)));
      for (const x of groups[k]!.chosen) {
        if (--budget < 0) return true; // too many combinations to tell: keep the path (worst case)
        if (pick.slice(0, k).some((y, j) => y !== x && (groups[j]!.among.has(x) || groups[k]!.among.has(y)))) continue;
        pick[k] = x;
        if (satisfiable(k + 1)) return true;
      }
      return false;
    };
    return satisfiable(0);
  };
  const sameVariant = (hopIdx: number[], i: number) => !anyAlternatives || consistent([...hopIdx, i]);

  let steps = 0;
  const walk = (node: string, seen: string[], hopIdx: number[]) => {
    if (out.size >= MAX_PATHS || ++steps > MAX_STEPS) return;
    visitedFromEntries.add(node);
    // only the hops the called endpoint can lead to (engine/endpoints.ts)
    const into = hopIdx.length ? model.hops[hopIdx[hopIdx.length - 1]!]! : null;
    const next = (outgoing.get(node) ?? []).filter(
      (i) => !seen.includes(model.hops[i]!.callee) && (!into || hopsConnect(into, model.hops[i]!)) && sameVariant(hopIdx, i),
    );
    for (const i of next) walkedHops.add(i);
    // a service calling its own endpoint (engine/selfCalls.ts) ends the path there: what the called
    // handler sends on is spliced into hops of their own
    if (hopIdx.length) {
      for (const i of outgoing.get(node) ?? []) {
        const h = model.hops[i]!;
        if (h.callee === node && h.protocol === "http" && hopsConnect(into!, h) && sameVariant(hopIdx, i)) emit([...hopIdx, i], [...seen, node]);
      }
    }
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
  // a hop applied in a variant where nothing calls its caller (an overlay without the gateway
  // another overlay adds): in that variant the caller is an entry, so its paths start there
  if (anyAlternatives) {
    model.hops.forEach((h, i) => {
      if (!h.alternatives?.length || h.callee === h.caller) return;
      const into = (incoming.get(h.caller) ?? []).filter((j) => hopsConnect(model.hops[j]!, h));
      const entryIn = h.alternatives.some((a) => a.chosen.some((v) => !into.some((j) => consistent([j, i], [{ chosen: [v], among: a.among }]))));
      if (entryIn) walk(h.callee, [h.caller, h.callee], [i]);
    });
  }
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
