/**
 * Istio sidecar injection turned on (or off) by a command rather than a manifest:
 * `kubectl label namespace shop istio-injection=enabled --overwrite`, `kubectl label ns/shop
 * istio.io/rev=asm-managed`, `oc label namespace …` — in shell scripts and in commands written
 * inside YAML (skaffold hooks). Reference §4.1 "Which pods have a sidecar": the namespace label
 * `istio-injection: enabled` or `istio.io/rev: <revision>` selects the injector's webhooks;
 * `istio-injection=disabled` (or removing the labels) turns it off. Each labelled namespace is a
 * NamespaceFact, as a `kind: Namespace` manifest would give, anchored on the command's line.
 * A revision written with a variable (`istio.io/rev=asm-${ASM_REVISION}`) still turns injection
 * on: each revision's webhook selects namespaces whose `istio.io/rev` is that revision (istio/istio
 * `manifests/charts/istio-control/istio-discovery/templates/mutatingwebhook.yaml`,
 * `rev.namespace.sidecar-injector`: `istio.io/rev In [<revision>]`, `istio-injection
 * DoesNotExist`), and a script sets the label to the revision it installs
 * (`istioctl install --set revision=asm-${ASM_REVISION}`), so the value is taken as a served one.
 * The same namespace labelled by several commands (one per cluster context, as in a multi-cluster
 * set-up script) gives one fact per command: engine/services.ts makes each a candidate.
 */
import type { NamespaceFact } from "../../model/facts";
import type { ShellCommand } from "../../parsing/shell";

const KUBECTL = new Set(["kubectl", "oc", "kubectl.exe", "oc.exe"]);
const NAMESPACE_RESOURCE = new Set(["namespace", "namespaces", "ns"]);

export function namespaceLabels(commands: readonly ShellCommand[]): NamespaceFact[] {
  const out: NamespaceFact[] = [];
  for (const c of commands) {
    const [name, ...args] = c.words;
    if (name === null || name === undefined || !KUBECTL.has(name.slice(name.lastIndexOf("/") + 1))) continue;
    const verb = args.findIndex((a) => a === "label");
    if (verb < 0) continue;
    // a label whose value is not known statically (`istio.io/rev=asm-${REVISION}`) still names its
    // key: any revision turns injection on, so the key is enough
    const prefixes = c.prefixes?.slice(1) ?? [];
    const rest = args
      .slice(verb + 1)
      // (the unknown rest of the value stands as "*": some revision)
      .map((a, i) => a ?? (/^istio\.io\/rev=/.test(prefixes[verb + 1 + i] ?? "") ? `${prefixes[verb + 1 + i]!}*` : null))
      .filter((a): a is string => a !== null && !a.startsWith("-"));
    // `namespace shop other` or `namespace/shop`
    const names: string[] = [];
    let enabled: boolean | null = null;
    let resource = false;
    for (const a of rest) {
      const slash = a.indexOf("/");
      if (!resource && NAMESPACE_RESOURCE.has(a)) {
        resource = true;
        continue;
      }
      if (!resource && slash > 0 && NAMESPACE_RESOURCE.has(a.slice(0, slash)) && !a.includes("=")) {
        resource = true;
        names.push(a.slice(slash + 1));
        continue;
      }
      if (!resource) break; // another resource type: pods, deployments…
      const eq = a.indexOf("=");
      if (eq < 0 && !a.endsWith("-")) {
        names.push(a);
        continue;
      }
      const key = eq < 0 ? a.slice(0, -1) : a.slice(0, eq);
      const value = eq < 0 ? null : a.slice(eq + 1);
      if (key === "istio-injection") {
        if (value === "enabled") enabled = true;
        else if (enabled === null) enabled = false; // disabled, or the label removed
      } else if (key === "istio.io/rev") {
        if (value) enabled = true;
      }
    }
    // a name that is not known statically (`$NS` with no literal value) was dropped above
    if (!resource || enabled === null) continue;
    for (const ns of names) {
      out.push({ name: ns, span: { line: c.line, column: 0, endLine: c.line, endColumn: 0 }, sidecarInjection: { enabled, line: c.line } });
    }
  }
  return out;
}
