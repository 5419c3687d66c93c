/**
 * Kustomize builds as deployment variants (docs/design.md "alternative manifests").
 *
 * Every `Kustomization` in the workspace is one thing a user can apply (`kubectl apply -k dir`):
 * the files it builds from — `resources:` files, and folders holding another kustomization,
 * recursively; `components:` (applied on top of what the including kustomization has gathered,
 * so their patches and namespace reach its resources); and its patch files — are one variant.
 * Objects of one build are applied together; objects of two builds no build shares are not.
 * A manifest in no kustomization stays a variant of its own file, as before.
 *
 * A patch file (`patches:`, `patchesStrategicMerge:`, `patchesJson6902:`) is no object of its
 * own: it modifies the objects of the build it is applied in — those its `target:` selects
 * (kind, name and namespace as anchored regular expressions, group/version), else those of the
 * same kind and name as its documents. So in that build:
 * - a layer of the patch whose count the patch writes (attemptsSource "config") replaces the
 *   target's layers of the same library (the patch changes the retry setting);
 * - a layer that only follows from the object existing (a Kuma `Mesh` patch's mesh-retry-all:
 *   attemptsSource "default") is the target's, not a second one: the patch's is dropped;
 * - a patch document of the target's kind with no layer at all, on a target whose layer is such
 *   a default, turned the default off (`skipCreatingInitialPolicies` added).
 * The patch's workloads (a pod label turning on sidecar injection) keep modifying the workload
 * of their name, in the target's namespace.
 *
 * The namespace transformer (`namespace:` of a kustomization or component) gives every object
 * of the build that namespace: a workload built in several builds runs in each build's
 * namespace (`ServiceInfo.injectionVariants`, engine/services.ts).
 */
import type { FileFacts, K8sObjectFact, KustomizationFact, KustomizePatchTarget, LayerFact } from "../model/facts";
import { layerKey } from "./keys";
import { dirOf, joinPath } from "../model/paths";

/** a build's variant key */
export const kustomizeVariant = (dir: string) => `kustomize:${dir || "."}`;
/** the variant key of a manifest in no kustomization */
export const fileVariant = (path: string) => `file:${path}`;

export interface KustomizeView {
  /** the facts with patches applied: layers a patch does not change removed from it */
  files: FileFacts[];
  /** manifest file → the builds that apply it (variant keys); absent for a file in no build */
  fileVariants: Map<string, string[]>;
  /** layer key → the builds it is applied in, where that differs from its file's */
  layerVariants: Map<string, string[]>;
  /**
   * manifest file → the namespace each build applying it gives its objects (namespace
   * transformer); a build without one is left out
   */
  namespaces: Map<string, Map<string, string>>;
  /**
   * builds that also apply remote resources (a `github.com/…/kustomize/base` the workspace does not
   * hold): the remote references and the workspace files built beside them
   */
  remoteBuilds?: Array<{ variant: string; remotes: string[]; files: string[] }>;
}

interface Member {
  /** namespace given by a namespace transformer, if any */
  namespace: string | null;
}

interface Built {
  members: Map<string, Member>;
  patches: Array<{ file: string; target: KustomizePatchTarget | null }>;
  /** remote resources of the build and of the kustomizations and components it includes */
  remotes: string[];
}

const KUSTOMIZATION_NAMES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];

export function applyKustomize(files: FileFacts[]): KustomizeView {
  const byDir = new Map<string, KustomizationFact>();
  const byPath = new Map(files.map((f) => [f.path, f]));
  for (const f of files) {
    if (!f.kustomization) continue;
    const name = f.path.slice(f.path.lastIndexOf("/") + 1);
    if (KUSTOMIZATION_NAMES.includes(name)) byDir.set(dirOf(f.path), f.kustomization);
  }
  const empty: KustomizeView = { files, fileVariants: new Map(), layerVariants: new Map(), namespaces: new Map() };
  if (byDir.size === 0) return empty;

  const memo = new Map<string, Built>();
  const build = (dir: string, stack: string[]): Built => {
    const done = memo.get(dir);
    if (done) return done;
    const out: Built = { members: new Map(), patches: [], remotes: [] };
    const k = byDir.get(dir);
    if (!k || stack.includes(dir)) return out;
    gather(dir, k, out, [...stack, dir]);
    memo.set(dir, out);
    return out;
  };
  // a kustomization's (or a component's) own contributions, onto what `out` already holds
  const gather = (dir: string, k: KustomizationFact, out: Built, stack: string[]) => {
    for (const r of k.remoteResources ?? []) if (!out.remotes.includes(r.ref)) out.remotes.push(r.ref);
    for (const r of k.resources) {
      const p = joinPath(dir, r.ref);
      if (p === null) continue;
      if (byPath.has(p) && !byDir.has(p)) {
        if (!out.members.has(p)) out.members.set(p, { namespace: null });
      } else if (byDir.has(p)) {
        const sub = build(p, stack);
        for (const [f, m] of sub.members) if (!out.members.has(f)) out.members.set(f, { ...m });
        out.patches.push(...sub.patches);
        for (const r of sub.remotes) if (!out.remotes.includes(r)) out.remotes.push(r);
      }
    }
    // components act on everything gathered so far: their resources join, their patches and
    // namespace apply to the whole accumulation
    for (const c of k.components) {
      const p = joinPath(dir, c.ref);
      const comp = p === null ? undefined : byDir.get(p);
      if (!comp || stack.includes(p!)) continue;
      gather(p!, comp, out, [...stack, p!]);
    }
    for (const patch of k.patches) {
      const p = joinPath(dir, patch.ref);
      if (p !== null && byPath.has(p)) out.patches.push({ file: p, target: patch.target });
    }
    if (k.namespace) for (const m of out.members.values()) m.namespace = k.namespace;
  };

  const fileVariants = new Map<string, string[]>();
  const namespaces = new Map<string, Map<string, string>>();
  const add = (file: string, variant: string) => {
    const list = fileVariants.get(file) ?? [];
    if (!list.includes(variant)) list.push(variant);
    fileVariants.set(file, list);
  };
  const builds: Array<{ variant: string; built: Built }> = [];
  for (const [dir, k] of [...byDir].sort(([a], [b]) => a.localeCompare(b))) {
    if (k.component) continue;
    const built = build(dir, []);
    const variant = kustomizeVariant(dir);
    builds.push({ variant, built });
    for (const [f, m] of built.members) {
      add(f, variant);
      if (m.namespace) {
        const map = namespaces.get(f) ?? new Map<string, string>();
        map.set(variant, m.namespace);
        namespaces.set(f, map);
      }
    }
    for (const p of built.patches) add(p.file, variant);
  }

  // patches: which layers each build applies
  const patchFiles = new Set(builds.flatMap((b) => b.built.patches.map((p) => p.file)));
  /** patch layer key → builds where the patch's layer applies */
  const patchApplies = new Map<string, Set<string>>();
  /** target layer key → builds where a patch replaced or turned it off */
  const shadowed = new Map<string, Set<string>>();
  const mark = (m: Map<string, Set<string>>, key: string, variant: string) => m.set(key, (m.get(key) ?? new Set()).add(variant));
  const byKindName = new Map<string, Array<{ file: FileFacts; obj: K8sObjectFact }>>();
  for (const f of files) {
    for (const obj of f.objects ?? []) {
      const key = `${obj.kind}/${obj.name}`;
      const list = byKindName.get(key) ?? [];
      list.push({ file: f, obj });
      byKindName.set(key, list);
    }
  }
  /** `file:line` of a patch document → the namespaces of the objects it patches */
  const patchNamespaces = new Map<string, Set<string>>();
  for (const { variant, built } of builds) {
    // the objects a patch can modify: the build's resources (patch files are not among them)
    const targets = [...built.members.keys()];
    for (const patch of built.patches) {
      const pf = byPath.get(patch.file);
      if (!pf) continue;
      for (const doc of pf.objects ?? []) {
        const own = layersIn(pf, doc);
        // a patch without a selector names its target: look it up by kind and name
        const candidates = patch.target
          ? targets.flatMap((t) => (byPath.get(t)?.objects ?? []).map((obj) => ({ file: byPath.get(t)!, obj })))
          : (byKindName.get(`${doc.kind}/${doc.name}`) ?? []).filter((c) => built.members.has(c.file.path));
        const hits = candidates.filter((c) => selects(patch.target, doc, c.obj));
        if (hits.length === 0) {
          // its target is not in the workspace (a remote base): the patch's layers stand as written
          for (const l of own) mark(patchApplies, layerKey(pf, l.localId), variant);
          continue;
        }
        // the patch's workload is the target's: in the target's namespace
        const ns = hits.find((h) => h.obj.kind === doc.kind && h.obj.namespace)?.obj.namespace;
        if (ns && !doc.namespace) mark(patchNamespaces, `${pf.path}:${doc.line}`, ns);
        for (const l of own) {
          if (l.attemptsSource !== "config") continue;
          mark(patchApplies, layerKey(pf, l.localId), variant);
          for (const h of hits) for (const tl of layersIn(h.file, h.obj)) if (tl.library === l.library) mark(shadowed, layerKey(h.file, tl.localId), variant);
        }
        if (own.length === 0) {
          for (const h of hits) {
            if (h.obj.kind !== doc.kind) continue;
            for (const tl of layersIn(h.file, h.obj)) if (tl.attemptsSource === "default") mark(shadowed, layerKey(h.file, tl.localId), variant);
          }
        }
      }
    }
  }

  const layerVariants = new Map<string, string[]>();
  // builds where a file is applied as a resource (not as a patch)
  const resourceBuilds = (file: string) => builds.filter((b) => b.built.members.has(file) && !b.built.patches.some((p) => p.file === file)).map((b) => b.variant);
  const out = files.map((f) => {
    const drop = new Set<string>();
    const isPatch = patchFiles.has(f.path);
    for (const l of f.layers) {
      const key = layerKey(f, l.localId);
      const off = shadowed.get(key);
      if (!isPatch && !off) continue;
      let variants = isPatch ? [...new Set([...resourceBuilds(f.path), ...(patchApplies.get(key) ?? [])])] : (fileVariants.get(f.path) ?? []);
      if (off) variants = variants.filter((v) => !off.has(v));
      if (variants.length === 0) drop.add(l.localId);
      else layerVariants.set(key, variants);
    }
    // a patch's workloads without a namespace of their own: the patched object's (when one)
    const placed = isPatch
      ? f.workloads.map((w) => {
          if (w.namespace) return w;
          const doc = (f.objects ?? []).find((o) => w.span.line >= o.line && w.span.line <= o.endLine);
          const ns = doc && patchNamespaces.get(`${f.path}:${doc.line}`);
          return ns?.size === 1 ? { ...w, namespace: [...ns][0]! } : w;
        })
      : f.workloads;
    if (drop.size === 0 && placed.every((w, i) => w === f.workloads[i])) return f;
    return {
      ...f,
      workloads: placed,
      layers: f.layers.filter((l) => !drop.has(l.localId)),
      routes: f.routes.filter((r) => !r.layerId || !drop.has(r.layerId)),
      ...(f.gatewayObjects ? { gatewayObjects: f.gatewayObjects.filter((g) => !g.layerId || !drop.has(g.layerId)) } : {}),
    };
  });
  const remoteBuilds = builds.filter((b) => b.built.remotes.length).map((b) => ({ variant: b.variant, remotes: b.built.remotes, files: [...b.built.members.keys()] }));
  return { files: out, fileVariants, layerVariants, namespaces, ...(remoteBuilds.length ? { remoteBuilds } : {}) };
}

/** The layers anchored in one document of a file. */
function layersIn(f: FileFacts, obj: K8sObjectFact): LayerFact[] {
  return f.layers.filter((l) => l.anchor.line >= obj.line && l.anchor.line <= obj.endLine);
}

/**
 * Whether a patch document (with its kustomization's `target:` selector, if any) modifies an
 * object: the selector's fields are anchored regular expressions (name, namespace) or exact
 * (group, version, kind); without a selector, the patch names its target by kind and name.
 * A label selector is not evaluated (objects' labels are not kept): it is taken to match.
 */
function selects(target: KustomizePatchTarget | null, patch: K8sObjectFact, obj: K8sObjectFact): boolean {
  if (!target) return obj.kind === patch.kind && obj.name !== null && obj.name === patch.name && group(obj.apiVersion) === group(patch.apiVersion);
  const [g, v] = obj.apiVersion.includes("/") ? obj.apiVersion.split("/", 2) : ["", obj.apiVersion];
  if (target.kind && target.kind !== obj.kind) return false;
  if (target.group !== null && target.group !== g) return false;
  if (target.version && target.version !== v) return false;
  if (target.name && !anchored(target.name, obj.name ?? "")) return false;
  if (target.namespace && !anchored(target.namespace, obj.namespace ?? "")) return false;
  return true;
}

function group(apiVersion: string): string {
  return apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.indexOf("/")) : "";
}

function anchored(pattern: string, value: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`).test(value);
  } catch {
    return pattern === value;
  }
}
