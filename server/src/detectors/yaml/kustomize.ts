/**
 * Kustomize (kubectl.docs.kubernetes.io/references/kustomize/kustomization/): which files a
 * kustomization builds from, so the linker knows which manifests are applied together
 * (engine/kustomize.ts).
 *
 * - A `kustomization.yaml` / `kustomization.yml` / `Kustomization` file (kind `Kustomization`, or
 *   `Component` for `kustomize.config.k8s.io/v1alpha1` components; the kind may be left out):
 *   `resources:` and the deprecated `bases:` (files, or folders holding another kustomization),
 *   `components:` (folders), `patches:` (`path:` entries, with their `target:` selector),
 *   `patchesStrategicMerge:` (file entries; inline patches are skipped), `patchesJson6902:`
 *   (`path:` + `target:`), and `namespace:` (the namespace transformer). Remote references
 *   (URLs, `github.com/…`) are not in the workspace: remote resources are only listed apart
 *   (`remoteResources`), so the engine knows the build deploys objects it cannot see.
 * - Every other Kubernetes-style document: its identity (apiVersion, kind, name, namespace) and
 *   the lines it spans, so a patch can be matched to the object it modifies.
 */
import type { KustomizePatchTarget } from "../../model/facts";
import { get, getIn, nodeLine, nodeSpan, seqItems, str, type Node, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";

const KUSTOMIZATION_FILE = /(^|\/)(kustomization\.ya?ml|Kustomization)$/;

export function isKustomizationPath(path: string): boolean {
  return KUSTOMIZATION_FILE.test(path);
}

export function detectKustomize(ctx: YamlDetectorContext, d: YamlDocument): void {
  if (!d.root) return;
  if (isKustomizationPath(ctx.path) && d.index === 0) return kustomization(ctx, d);
  const k = kubernetesKind(d);
  if (!k) return;
  const span = nodeSpan(ctx.file, d.root);
  (ctx.facts.objects ??= []).push({
    apiVersion: k.apiVersion,
    kind: k.kind,
    name: str(d, getIn(d, d.root, "metadata", "name")),
    namespace: str(d, getIn(d, d.root, "metadata", "namespace")),
    line: span.line,
    endLine: span.endLine,
  });
}

function kustomization(ctx: YamlDetectorContext, d: YamlDocument): void {
  const apiVersion = str(d, get(d, d.root, "apiVersion"));
  const kind = str(d, get(d, d.root, "kind"));
  if (apiVersion && !apiVersion.startsWith("kustomize.config.k8s.io/")) return;
  if (kind && kind !== "Kustomization" && kind !== "Component") return;
  const refs = (node: Node | null) =>
    seqItems(d, node)
      .map((item) => ({ ref: str(d, item), line: nodeLine(ctx.file, item) ?? 1 }))
      .filter((r): r is { ref: string; line: number } => r.ref !== null && isLocal(r.ref));
  const patches: Array<{ ref: string; line: number; target: KustomizePatchTarget | null }> = [];
  for (const key of ["patches", "patchesJson6902"]) {
    for (const item of seqItems(d, get(d, d.root, key))) {
      const ref = str(d, get(d, item, "path"));
      if (ref && isLocal(ref)) patches.push({ ref, line: nodeLine(ctx.file, item) ?? 1, target: target(d, get(d, item, "target")) });
    }
  }
  // patchesStrategicMerge: a file path, or an inline patch (a multi-line string)
  for (const r of refs(get(d, d.root, "patchesStrategicMerge"))) if (!r.ref.includes("\n")) patches.push({ ...r, target: null });
  const remote = [...seqItems(d, get(d, d.root, "resources")), ...seqItems(d, get(d, d.root, "bases"))]
    .map((item) => ({ ref: str(d, item), line: nodeLine(ctx.file, item) ?? 1 }))
    .filter((r): r is { ref: string; line: number } => r.ref !== null && !isLocal(r.ref));
  ctx.facts.kustomization = {
    component: kind === "Component",
    namespace: str(d, get(d, d.root, "namespace")),
    resources: [...refs(get(d, d.root, "resources")), ...refs(get(d, d.root, "bases"))],
    components: refs(get(d, d.root, "components")),
    patches,
    ...(remote.length ? { remoteResources: remote } : {}),
  };
}

function target(d: YamlDocument, node: Node | null): KustomizePatchTarget | null {
  if (!node) return null;
  const field = (k: string) => str(d, get(d, node, k));
  return { group: field("group"), version: field("version"), kind: field("kind"), name: field("name"), namespace: field("namespace"), labelSelector: field("labelSelector") };
}

/** a reference inside the workspace: not a URL or a remote repository (`github.com/org/repo//dir?ref=v1`) */
function isLocal(ref: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:\/\//i.test(ref) && !/^(github\.com|gitlab\.com|bitbucket\.org)\//.test(ref) && !ref.startsWith("git@");
}
