/**
 * Scores one repository: the tool's JSON report against the repository's labels. Pure (no I/O), so
 * the scorer's own rules are unit-tested (test/bench/match.test.ts).
 *
 * - A labelled layer is **found** when a reported layer sits at its path and line, or at one of its
 *   alternatives; a reported layer within ANCHOR_SLACK lines is a miss of class "anchor".
 * - **Attempts right**: the found layer's maxAttempts equals the label's (any count when the label
 *   says the count cannot be known statically).
 * - A labelled path is **linked** when one reported path holds a layer at every one of its layers'
 *   locations (as many times as the label repeats a layer), and **exact** when a reported path has
 *   exactly those layers, in that order, with the labelled product — or begins with them, up to the
 *   end of a hop, when the labelled target is a service in the middle of a longer reported chain.
 * - A **near-miss false positive** is an active reported layer (not disabled, not `offPath`) within
 *   NEAR_MISS_SLACK lines of a near miss that no labelled layer accounts for.
 * - **Extras**: active reported layers that neither a labelled layer nor a near miss accounts for.
 * Layers of families Retry Lens does not model, and the paths through them, are counted apart.
 */
import { MODELLED_FAMILIES, type LabelLayer, type LabelLocation, type LabelPath, type RepoLabels } from "./labels";

export const ANCHOR_SLACK = 3;
export const NEAR_MISS_SLACK = 1;

/** The part of the JSON report (docs/design.md "The JSON report") the scorer reads. */
export interface ReportLayer {
  id: string;
  file: string;
  line: number;
  kind: string;
  category?: string;
  maxAttempts: number | null;
  disabled?: boolean;
  implicit?: boolean;
  offPath?: string | null;
  label?: string;
}

export interface ReportPath {
  layers: string[];
  /** for each layer, the hop of the path it wraps */
  layerHops?: number[];
  product: number | null;
  target: string;
  chain?: string;
}

export interface Report {
  layers: ReportLayer[];
  paths: ReportPath[];
}

export type LayerMissClass = "missed" | "anchor" | "count";
export type PathMissClass = "layer missing" | "unlinked" | "chain";

export interface LayerMiss {
  label: LabelLayer;
  cls: LayerMissClass;
  detail: string;
}

export interface PathMiss {
  label: LabelPath;
  cls: PathMissClass;
  detail: string;
}

/** The counts a repository's score and the corpus totals share. */
export interface Counts {
  explicit: { labelled: number; found: number };
  implicit: { labelled: number; found: number };
  /** found layers (modelled families) whose count is right */
  attempts: { found: number; right: number };
  paths: { labelled: number; linked: number; exact: number };
  /** layers and paths of families Retry Lens does not model */
  notModelled: { layers: number; found: number; paths: number };
  nearMisses: { labelled: number; falsePositives: number };
}

const COUNT_KEYS = ["explicit", "implicit", "attempts", "paths", "notModelled", "nearMisses"] as const;

function zeroCounts(): Counts {
  return {
    explicit: { labelled: 0, found: 0 },
    implicit: { labelled: 0, found: 0 },
    attempts: { found: 0, right: 0 },
    paths: { labelled: 0, linked: 0, exact: 0 },
    notModelled: { layers: 0, found: 0, paths: 0 },
    nearMisses: { labelled: 0, falsePositives: 0 },
  };
}

export interface RepoScore extends Counts {
  layerMisses: LayerMiss[];
  pathMisses: PathMiss[];
  falsePositives: Array<{ nearMiss: LabelLocation & { why: string; anchor: string }; reported: ReportLayer }>;
  extras: ReportLayer[];
}

const isActive = (r: ReportLayer) => r.disabled !== true && r.maxAttempts !== 1 && !r.offPath;

function locations(l: LabelLayer): LabelLocation[] {
  return [{ path: l.path, line: l.line }, ...(l.alternatives ?? [])];
}

function at(r: ReportLayer, locs: LabelLocation[], slack = 0): boolean {
  return locs.some((loc) => r.file === loc.path && Math.abs(r.line - loc.line) <= slack);
}

function countText(n: number | null): string {
  return n === null ? "unbounded" : String(n);
}

export function scoreRepo(labels: RepoLabels, report: Report): RepoScore {
  const score: RepoScore = {
    ...zeroCounts(),
    nearMisses: { labelled: labels.nearMisses.length, falsePositives: 0 },
    layerMisses: [],
    pathMisses: [],
    falsePositives: [],
    extras: [],
  };
  /** labelled layer id → the reported layers at its locations */
  const matched = new Map<string, ReportLayer[]>();
  const accounted = new Set<string>();
  for (const label of labels.layers) {
    const locs = locations(label);
    const exact = report.layers.filter((r) => at(r, locs));
    matched.set(label.id, exact);
    for (const r of report.layers.filter((r) => at(r, locs, ANCHOR_SLACK))) accounted.add(r.id);
    const modelled = MODELLED_FAMILIES.has(label.family);
    if (!modelled) {
      score.notModelled.layers++;
      if (exact.length) score.notModelled.found++;
      continue;
    }
    const bucket = label.implicit ? score.implicit : score.explicit;
    bucket.labelled++;
    if (exact.length === 0) {
      const near = report.layers.find((r) => at(r, locs, ANCHOR_SLACK));
      score.layerMisses.push(
        near
          ? { label, cls: "anchor", detail: `reported at line ${near.line} (${near.kind}, ${countText(near.maxAttempts)})` }
          : { label, cls: "missed", detail: "no layer reported there" },
      );
      continue;
    }
    bucket.found++;
    score.attempts.found++;
    const right = label.unknownCount === true || exact.some((r) => r.maxAttempts === label.maxAttempts);
    if (right) score.attempts.right++;
    else
      score.layerMisses.push({
        label,
        cls: "count",
        detail: `reported ${[...new Set(exact.map((r) => countText(r.maxAttempts)))].join(" / ")} attempts, labelled ${countText(label.maxAttempts)}`,
      });
  }

  const familyOf = new Map(labels.layers.map((l) => [l.id, l.family]));
  for (const path of labels.paths) {
    if (path.layers.some((id) => !MODELLED_FAMILIES.has(familyOf.get(id) ?? ""))) {
      score.notModelled.paths++;
      continue;
    }
    score.paths.labelled++;
    const sets = path.layers.map((id) => new Set((matched.get(id) ?? []).map((r) => r.id)));
    const missing = path.layers.filter((_, i) => sets[i].size === 0);
    if (missing.length) {
      score.pathMisses.push({ label: path, cls: "layer missing", detail: `not found: ${missing.join(", ")}` });
      continue;
    }
    const linked = report.paths.filter((p) => holdsAll(p, path.layers, sets));
    if (linked.length === 0) {
      const best = bestPartial(report.paths, sets);
      score.pathMisses.push({
        label: path,
        cls: "unlinked",
        detail: best ? `at most ${best.hits} of ${sets.length} layers on one path (${best.path.chain ?? best.path.layers.join(" → ")})` : "no reported path holds its layers",
      });
      continue;
    }
    score.paths.linked++;
    const exact = linked.some((p) => exactOrPrefix(p, sets, path.product, report.layers));
    if (exact) score.paths.exact++;
    else {
      const p = linked[0];
      score.pathMisses.push({
        label: path,
        cls: "chain",
        detail: `reported ${countText(p.product)}× over ${p.layers.length} layers (${p.chain ?? p.layers.join(" → ")}), labelled ${countText(path.product)}× over ${sets.length}`,
      });
    }
  }

  for (const r of report.layers) {
    if (!isActive(r) || accounted.has(r.id)) continue;
    const nm = labels.nearMisses.find((n) => r.file === n.path && Math.abs(r.line - n.line) <= NEAR_MISS_SLACK);
    if (nm) {
      score.nearMisses.falsePositives++;
      score.falsePositives.push({ nearMiss: { path: nm.path, line: nm.line, why: nm.why, anchor: nm.anchor }, reported: r });
    } else score.extras.push(r);
  }
  return score;
}

/**
 * The reported path is the labelled one: the same layers in order with the same product, or — for
 * a labelled path to a service in the middle of a longer reported chain (the tool reports maximal
 * chains) — its first layers, ending where a hop ends, with the product of those layers.
 */
function exactOrPrefix(p: ReportPath, sets: Array<Set<string>>, product: number | null, layers: ReportLayer[]): boolean {
  if (p.layers.length < sets.length || !sets.every((s, i) => s.has(p.layers[i]!))) return false;
  if (p.layers.length === sets.length) return p.product === product;
  const hops = p.layerHops;
  if (!hops || hops[sets.length - 1] === hops[sets.length]) return false;
  const byId = new Map(layers.map((l) => [l.id, l.maxAttempts]));
  let prefix: number | null = 1;
  for (const id of p.layers.slice(0, sets.length)) {
    const n = byId.get(id);
    prefix = n === null || n === undefined || prefix === null ? null : prefix * n;
  }
  return prefix === product;
}

/**
 * The reported path holds a layer for every labelled layer, as often as the label repeats it (one
 * shared registration or injection line can wrap several hops of one path).
 */
function holdsAll(p: ReportPath, ids: string[], sets: Array<Set<string>>): boolean {
  const needed = new Map<string, number>();
  ids.forEach((id) => needed.set(id, (needed.get(id) ?? 0) + 1));
  return [...needed].every(([id, n]) => p.layers.filter((r) => sets[ids.indexOf(id)].has(r)).length >= n);
}

function bestPartial(paths: ReportPath[], sets: Array<Set<string>>): { path: ReportPath; hits: number } | null {
  let best: { path: ReportPath; hits: number } | null = null;
  for (const p of paths) {
    const hits = sets.filter((s) => p.layers.some((id) => s.has(id))).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { path: p, hits };
  }
  return best;
}

export interface Totals extends Counts {
  repositories: number;
  extras: number;
  crashes: number;
}

export function addUp(scores: Array<{ score: RepoScore | null; crashed: boolean }>): Totals {
  const t: Totals = { repositories: scores.length, ...zeroCounts(), extras: 0, crashes: 0 };
  for (const { score, crashed } of scores) {
    if (crashed) t.crashes++;
    if (!score) continue;
    for (const k of COUNT_KEYS) {
      const into = t[k] as unknown as Record<string, number>;
      const from = score[k] as unknown as Record<string, number>;
      for (const f of Object.keys(into)) into[f] += from[f];
    }
    t.extras += score.extras.length;
  }
  return t;
}

/** Per-repository means of the recall and path ratios: each repository counts once, so one
 *  repository with a hundred layers (emojivoto's Linkerd routes) cannot carry the corpus. A
 *  repository with nothing of a kind labelled is left out of that mean. */
export interface MacroAverages {
  explicit: number | null;
  implicit: number | null;
  pathsExact: number | null;
  pathsLinked: number | null;
}

export function macroAverages(scores: Array<RepoScore | null>): MacroAverages {
  const mean = (pairs: Array<[number, number]>) => {
    const ratios = pairs.filter(([, of]) => of > 0).map(([a, of]) => a / of);
    return ratios.length === 0 ? null : ratios.reduce((x, y) => x + y, 0) / ratios.length;
  };
  const s = scores.filter((x): x is RepoScore => x !== null);
  return {
    explicit: mean(s.map((r) => [r.explicit.found, r.explicit.labelled])),
    implicit: mean(s.map((r) => [r.implicit.found, r.implicit.labelled])),
    pathsExact: mean(s.map((r) => [r.paths.exact, r.paths.labelled])),
    pathsLinked: mean(s.map((r) => [r.paths.linked, r.paths.labelled])),
  };
}

export interface Target {
  name: string;
  value: number | null;
  goal: string;
  met: boolean;
}

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

/** The targets, computed from the totals. */
export function targets(t: Totals): Target[] {
  const atLeast = (name: string, value: number | null, goal: number): Target => ({
    name,
    value,
    goal: `≥ ${Math.round(goal * 100)} %`,
    met: value !== null && value >= goal,
  });
  return [
    atLeast("explicit-layer recall", ratio(t.explicit.found, t.explicit.labelled), 0.9),
    atLeast("implicit-layer recall", ratio(t.implicit.found, t.implicit.labelled), 0.8),
    atLeast("attempts right (of found layers)", ratio(t.attempts.right, t.attempts.found), 0.9),
    atLeast("paths exact", ratio(t.paths.exact, t.paths.labelled), 0.75),
    atLeast("paths linked", ratio(t.paths.linked, t.paths.labelled), 0.85),
    { name: "near-miss false positives", value: t.nearMisses.falsePositives, goal: "0", met: t.nearMisses.falsePositives === 0 },
    { name: "crashes", value: t.crashes, goal: "0", met: t.crashes === 0 },
  ];
}
