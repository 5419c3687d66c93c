/**
 * Path enumeration: every maximal chain of hops from an entry (a gateway, or a service nobody
 * calls) to a dependency, with cycle protection and caps on depth and count. A path keeps only
 * active layers (a disabled or off-path layer never multiplies); chains with no active layer are dropped.
 */
import { multiplyAttempts, productOf } from "../model/product";
import type { CallPath, Hop, Model } from "../model/model";
import { hopsConnect } from "./endpoints";

export const MAX_PATHS = 5000;
export const MAX_DEPTH = 16;
/** hop visits per enumeration: bounds time even when many walks repeat the same chain */
export const MAX_STEPS = 200_000;

/** Paths and, when the exhaustive walk ran into a cap, why only the worst chain per entry and target is listed. */
export interface PathEnumeration {
  paths: CallPath[];
  /** set when enumeration was capped (MAX_PATHS or MAX_STEPS): every path is then the worst chain found from its entry to its target, with `others` counting the rest */
  capped: string | null;
}

export function enumeratePaths(model: Pick<Model, "hops" | "layerById">): CallPath[] {
  return enumeratePathsCapped(model).paths;
}

export function enumeratePathsCapped(model: Pick<Model, "hops" | "layerById">): PathEnumeration {
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
    const product = productOf(layers.map((id) => model.layerById.get(id)!.maxAttempts));
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
  if (out.size >= MAX_PATHS || steps > MAX_STEPS) {
    // a fan-out/fan-in graph has exponentially many chains: the walk above stopped at an arbitrary
    // one of them, which may miss the worst; list, per entry and target, the worst chain instead
    const worst = worstChains(model, outgoing, entries, nodes);
    const reason = `path enumeration capped: more than ${out.size >= MAX_PATHS ? `${MAX_PATHS} paths` : `${MAX_STEPS} hop visits`}; listing the worst chain per entry and target (${worst.length}) with a count of the others`;
    return { paths: worst.sort(comparePaths), capped: reason };
  }
  return { paths: [...out.values()].sort(comparePaths), capped: null };
}

/** counts of alternative chains saturate here (CallPath.others) */
const MAX_COUNT = 1_000_000;

interface Suffix {
  /** hop indexes from the first hop to the chain's end */
  chain: number[];
  /** active layer ids along the chain, outermost first, and each layer's position in `chain` */
  layers: string[];
  layerHops: number[];
  product: number | null;
  /** maximal chains from the first hop to this target (saturating) */
  count: number;
}

/**
 * The worst maximal chain from each entry to each target, and how many chains there are, in time
 * linear in the hops times the targets: a chain's worst continuation from a hop is computed once
 * (memoised per hop) instead of once per way of reaching that hop. Cycle protection is per hop on
 * the way in; a continuation that would revisit a service of the way in is left out. Alternative
 * manifests (Hop.alternatives) are not checked here: the worst case keeps every chain.
 */
function worstChains(model: Pick<Model, "hops" | "layerById">, outgoing: Map<string, number[]>, entries: string[], nodes: string[]): CallPath[] {
  const hops = model.hops;
  const active = (id: string) => {
    const l = model.layerById.get(id);
    return !!l && !l.disabled && !l.offPath;
  };
  const attempts = (id: string) => model.layerById.get(id)!.maxAttempts;
  const memo = new Map<number, Map<string, Suffix>>();
  const onStack = new Set<number>();
  const covered = new Set<number>();
  const worse = (a: Suffix, b: Suffix) => (a.product === null) !== (b.product === null) ? a.product === null : a.product !== b.product ? (a.product ?? 0) > (b.product ?? 0) : a.layers.length > b.layers.length;
  const suffixes = (i: number, depth: number): Map<string, Suffix> => {
    const cached = memo.get(i);
    if (cached) return cached;
    covered.add(i);
    const h = hops[i]!;
    const own = h.layerIds.filter(active);
    const ownProduct = productOf(own.map(attempts));
    const result = new Map<string, Suffix>();
    const add = (target: string, rest: Suffix | null) => {
      const chain = rest ? [i, ...rest.chain] : [i];
      const layers = rest ? [...own, ...rest.layers] : own;
      const layerHops = rest ? [...own.map(() => 0), ...rest.layerHops.map((k) => k + 1)] : own.map(() => 0);
      const product = rest ? multiplyAttempts(ownProduct, rest.product) : ownProduct;
      const candidate: Suffix = { chain, layers, layerHops, product, count: rest?.count ?? 1 };
      const current = result.get(target);
      if (!current) result.set(target, candidate);
      else {
        const count = Math.min(MAX_COUNT, current.count + candidate.count);
        result.set(target, worse(candidate, current) ? { ...candidate, count } : { ...current, count });
      }
    };
    onStack.add(i);
    const next = depth >= MAX_DEPTH ? [] : (outgoing.get(h.callee) ?? []).filter((j) => !onStack.has(j) && hops[j]!.callee !== h.callee && hops[j]!.callee !== h.caller && hopsConnect(h, hops[j]!));
    // a service calling its own endpoint ends the chain there (as in the walk)
    for (const j of outgoing.get(h.callee) ?? []) if (hops[j]!.callee === h.callee && hops[j]!.protocol === "http" && hopsConnect(h, hops[j]!)) add(h.callee, { chain: [j], layers: hops[j]!.layerIds.filter(active), layerHops: hops[j]!.layerIds.filter(active).map(() => 0), product: productOf(hops[j]!.layerIds.filter(active).map(attempts)), count: 1 });
    let extended = false;
    for (const j of next) {
      for (const [target, rest] of suffixes(j, depth + 1)) {
        // a continuation coming back to a service of this hop is a cycle
        if (rest.chain.some((k) => hops[k]!.callee === h.caller || hops[k]!.callee === h.callee)) continue;
        extended = true;
        add(target, rest);
      }
    }
    if (!extended) add(h.callee, null);
    onStack.delete(i);
    memo.set(i, result);
    return result;
  };
  const out = new Map<string, CallPath>();
  const startAt = (start: string, first: number[]) => {
    const byTarget = new Map<string, Suffix>();
    for (const i of first) {
      for (const [target, s] of suffixes(i, 1)) {
        if (s.chain.some((k) => hops[k]!.callee === start)) continue;
        const current = byTarget.get(target);
        if (!current) byTarget.set(target, s);
        else {
          const count = Math.min(MAX_COUNT, current.count + s.count);
          byTarget.set(target, worse(s, current) ? { ...s, count } : { ...current, count });
        }
      }
    }
    for (const [target, s] of byTarget) {
      if (s.layers.length === 0) continue;
      const services = [start, ...s.chain.map((k) => hops[k]!.callee)];
      const key = `${services.join(">")}|${s.layers.join(",")}`;
      if (out.has(key)) continue;
      out.set(key, {
        layers: s.layers,
        layerHops: s.layerHops,
        product: s.product,
        target,
        services,
        hops: s.chain,
        budgeted: s.layers.some((id) => model.layerById.get(id)!.budget !== null),
        others: s.count - 1,
      });
    }
  };
  const firstHops = (node: string) => (outgoing.get(node) ?? []).filter((i) => hops[i]!.callee !== node);
  for (const e of entries) startAt(e, firstHops(e));
  // services only reachable inside a cycle, and hops no chain took (sent from an endpoint no known caller calls)
  const isEntry = new Set(entries);
  for (const n of nodes) if (!isEntry.has(n) && firstHops(n).every((i) => !covered.has(i))) startAt(n, firstHops(n));
  hops.forEach((h, i) => {
    if (!covered.has(i) && h.callee !== h.caller) startAt(h.caller, [i]);
  });
  return [...out.values()];
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
