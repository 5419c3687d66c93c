/**
 * Which service owns each file, and what each service looks like at run time (namespace,
 * sidecar injection, environment). Sources, strongest first: `.retrylens.yaml` overrides,
 * compose build contexts and package manifests (the folder holding the code), then the
 * folder name. Names are normalised so `checkout-service` ≈ `checkout`.
 */
import picomatch from "picomatch";
import type { FileFacts, NamespaceFact, WorkloadFact } from "../model/facts";
import type { Location, ServiceInfo, Settings } from "../model/model";
import { chartValues, withChartValues } from "./helmValues";
import { chartOfTemplate } from "../detectors/yaml/helm";

/** folders that hold services rather than being one */
const CONTAINER_DIRS = new Set([
  "services", "service", "apps", "app", "src", "packages", "cmd", "svc", "projects", "internal",
  "components", "microservices", "backend", "backends", "workers", "lib", "libs", "pkg", "code",
]);
const NAME_SUFFIXES = /[-_.](service|svc|server|srv|api|app|backend|worker|deployment|deploy)$/;

export function normalizeServiceName(name: string): string {
  let n = name.trim().toLowerCase().replace(/_/g, "-");
  for (let i = 0; i < 2; i++) {
    const stripped = n.replace(NAME_SUFFIXES, "");
    if (stripped && stripped !== n) n = stripped;
  }
  return n;
}

export interface ServiceIndex {
  services: Map<string, ServiceInfo>;
  fileService: Map<string, string | null>;
  /** normalised name → canonical service name */
  byNormalName: Map<string, string>;
  namespaces: Set<string>;
  /** host name overrides from settings.services (host → service) */
  hostOverrides: Map<string, string>;
}

export function buildServices(all: FileFacts[], settings: Settings): ServiceIndex {
  const services = new Map<string, ServiceInfo>();
  const byNormalName = new Map<string, string>();
  const namespaces = new Map<string, { ns: NamespaceFact; file: string }>();
  const workloads: Array<{ w: WorkloadFact; file: string }> = [];
  const charts = chartValues(all);
  for (const f of all) {
    for (const ns of f.namespaces) {
      // a namespace written in a manifest and labelled by a script: injection turned on anywhere wins
      const seen = namespaces.get(ns.name);
      if (!seen || (ns.sidecarInjection?.enabled && !seen.ns.sidecarInjection?.enabled)) namespaces.set(ns.name, { ns, file: f.path });
    }
    for (const w of f.workloads) workloads.push({ w: charts.size ? renderedWorkload(w, f.path, charts) : w, file: f.path });
  }
  distinguishSharedNames(workloads);

  const ensure = (rawName: string): ServiceInfo => {
    const norm = normalizeServiceName(rawName);
    const existing = byNormalName.get(norm);
    if (existing) return services.get(existing)!;
    const info: ServiceInfo = { name: norm, gateway: false, namespace: null, injection: null, env: {} };
    services.set(norm, info);
    byNormalName.set(norm, norm);
    return info;
  };

  // k8s Services select workloads by label: the Service name is an alias of the workload
  for (const { w, file } of workloads) {
    const info = ensure(w.name);
    Object.assign(info.env, w.env);
    if (w.namespace) info.namespace = w.namespace;
    if (w.kind === "k8s-workload") {
      const nsName = w.namespace ?? "default";
      const ns = namespaces.get(nsName);
      const fromWorkload: Location | null = w.sidecarInjection
        ? { file, span: { line: w.sidecarInjection.line, column: 0, endLine: w.sidecarInjection.line, endColumn: 0 } }
        : null;
      if (w.sidecarInjection) {
        info.injection = w.sidecarInjection.enabled ? fromWorkload : null;
        info.injectionOff = !w.sidecarInjection.enabled;
      } else if (ns?.ns.sidecarInjection?.enabled) {
        const line = ns.ns.sidecarInjection.line;
        info.injection = { file: ns.file, span: { line, column: 0, endLine: line, endColumn: 0 } };
      } else if (ns) info.injectionOff = true; // a namespace written here without injection: no sidecar
      info.namespace ??= nsName;
    }
  }
  for (const { w } of workloads) {
    if (w.kind !== "k8s-service" || !Object.keys(w.selector).length) continue;
    // a Service selects the pods of its own namespace
    const sameNs = (o: WorkloadFact) => w.namespace === null || o.namespace === null || w.namespace === o.namespace;
    const target = workloads.find(
      (o) => o.w.kind === "k8s-workload" && sameNs(o.w) && Object.entries(w.selector).every(([k, v]) => o.w.labels[k] === v),
    );
    if (target) byNormalName.set(normalizeServiceName(w.name), normalizeServiceName(target.w.name));
  }
  // a workload running an image named like a code folder (`…/emojivoto-web:v11` for the
  // `emojivoto-web/` folder): the folder's code is that workload's, under the workload's name
  for (const [image, runners] of imageRunners(workloads)) {
    const norm = normalizeServiceName(image);
    if (services.has(norm) || runners.includes(norm)) continue;
    // several workloads run one image (a web app and a bot started with another command): the one
    // named like the image's last word (`emojivoto-web` → `web`), else the only one
    const named = runners.filter((r) => norm.endsWith(`-${r}`) || norm.startsWith(`${r}-`));
    const owner = named.length === 1 ? named[0] : runners.length === 1 ? runners[0] : undefined;
    if (owner) byNormalName.set(norm, owner);
  }

  // file ownership
  const overrides = Object.entries(settings.services).map(([name, patterns]) => ({
    name,
    globs: patterns.filter((p) => p.includes("/") || p.includes("*")),
    hosts: patterns.filter((p) => !p.includes("/") && !p.includes("*")),
  }));
  const hostOverrides = new Map<string, string>();
  for (const o of overrides) {
    ensure(o.name);
    for (const h of o.hosts) hostOverrides.set(h.toLowerCase(), normalizeServiceName(o.name));
  }
  const matchers = overrides.map((o) => ({ name: o.name, match: picomatch(o.globs.length ? o.globs : ["\u0000"], { dot: true }) }));
  const codeDirs = workloads
    .filter(({ w }) => w.codeDir !== null && w.codeDir !== undefined)
    .map(({ w }) => ({ dir: w.codeDir!.replace(/\/+$/, ""), name: w.name }))
    .sort((a, b) => b.dir.length - a.dir.length);

  const fileService = new Map<string, string | null>();
  // the services the manifests and settings name, before folders add their own
  const fromManifests = new Set(services.keys());
  for (const f of all) {
    if (f.language === "yaml" || f.language === "json" || f.language === "properties") {
      fileService.set(f.path, null);
      continue;
    }
    const override = matchers.find((m) => m.match(f.path));
    if (override) {
      fileService.set(f.path, ensure(override.name).name);
      continue;
    }
    const dir = codeDirs.find((d) => d.dir === "" || d.dir === "." || f.path.startsWith(`${d.dir}/`));
    if (dir) {
      fileService.set(f.path, canonical(byNormalName, ensure(dir.name).name));
      continue;
    }
    // Go's `cmd/<name>/` convention: the command folder named like a workload is that workload's
    const command = commandFolder(f.path);
    if (command && services.has(canonical(byNormalName, normalizeServiceName(command)))) {
      fileService.set(f.path, canonical(byNormalName, normalizeServiceName(command)));
      continue;
    }
    const folder = serviceFolder(f.path);
    // a folder that is no service of the manifests (`samples/bookinfo/src/productpage/…`): the
    // deepest folder under it that is one
    const known = (name: string) => fromManifests.has(canonical(byNormalName, normalizeServiceName(name)));
    const deeper = folder && !known(folder) ? f.path.split("/").slice(0, -1).reverse().find((p) => known(p)) : undefined;
    fileService.set(f.path, deeper ? canonical(byNormalName, normalizeServiceName(deeper)) : folder ? canonical(byNormalName, ensure(folder).name) : null);
  }
  return { services, fileService, byNormalName, namespaces: new Set(namespaces.keys()), hostOverrides };
}

/**
 * Workloads named alike in several namespaces (a Deployment `app` in each service's namespace)
 * are different services: each takes the name of the k8s Service that selects it in its
 * namespace, else its namespace's. Service selectors then only match within a namespace.
 */
function distinguishSharedNames(workloads: Array<{ w: WorkloadFact; file: string }>): void {
  const namespacesOf = new Map<string, Set<string>>();
  for (const { w } of workloads) {
    if (w.kind !== "k8s-workload") continue;
    const set = namespacesOf.get(w.name) ?? new Set<string>();
    set.add(w.namespace ?? "default");
    namespacesOf.set(w.name, set);
  }
  for (const entry of workloads) {
    const w = entry.w;
    if (w.kind !== "k8s-workload" || (namespacesOf.get(w.name)?.size ?? 0) < 2) continue;
    const ns = w.namespace ?? "default";
    const service = workloads.find(
      ({ w: s }) => s.kind === "k8s-service" && (s.namespace ?? "default") === ns && Object.keys(s.selector).length > 0 && Object.entries(s.selector).every(([k, v]) => w.labels[k] === v),
    );
    entry.w = { ...w, name: service?.w.name ?? ns };
  }
}

/** image name → the normalised names of the k8s workloads that run it */
function imageRunners(workloads: Array<{ w: WorkloadFact }>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { w } of workloads) {
    if (w.kind !== "k8s-workload") continue;
    for (const image of w.images ?? []) {
      const list = out.get(image) ?? [];
      const name = normalizeServiceName(w.name);
      if (!list.includes(name)) list.push(name);
      out.set(image, list);
    }
  }
  return out;
}

/** `emojivoto-web/cmd/vote-bot/main.go` → `vote-bot`: the folder under a `cmd/` folder. */
function commandFolder(path: string): string | null {
  const parts = path.split("/");
  const i = parts.lastIndexOf("cmd");
  return i >= 0 && i < parts.length - 2 ? parts[i + 1]! : null;
}

function canonical(byNormalName: Map<string, string>, name: string): string {
  return byNormalName.get(name) ?? name;
}

/** First folder that is not a container folder; a file at the root has none. */
export function serviceFolder(path: string): string | null {
  const parts = path.split("/");
  parts.pop();
  const named = parts.find((p) => !CONTAINER_DIRS.has(p.toLowerCase()) && !p.startsWith("."));
  return named ?? parts[0] ?? null;
}

/**
 * A host name to a service: Kubernetes DNS (`orders.shop.svc.cluster.local`, `orders.shop`),
 * overrides, and normalised names. Unknown hosts stay as written (an external dependency).
 */
export function serviceForHost(index: ServiceIndex, host: string): string {
  const h = host.toLowerCase().replace(/\.$/, "");
  const override = index.hostOverrides.get(h);
  if (override) return override;
  const labels = h.split(".");
  const clusterDns =
    h.endsWith(".svc.cluster.local") || h.endsWith(".svc") || (labels.length === 2 && index.namespaces.has(labels[1]!));
  const norm = normalizeServiceName(clusterDns ? labels[0]! : h);
  const known = index.byNormalName.get(norm);
  if (known) return known;
  return clusterDns || labels.length === 1 ? norm : h;
}

export function isKnownService(index: ServiceIndex, name: string): boolean {
  return index.services.has(name);
}

/**
 * A workload written in a Helm chart template, with the chart's values.yaml filled in: env
 * values (`value: {{ .Values.ordersUrl | quote }}`), labels and selectors. A name built from
 * release actions (`{{ .Release.Name }}-web`, `{{ include "web.fullname" . }}`) keeps what is
 * written around them, else the chart's folder name: the release prefix is chosen at install time.
 */
function renderedWorkload(w: WorkloadFact, path: string, charts: ReturnType<typeof chartValues>): WorkloadFact {
  const chart = chartOfTemplate(path);
  if (chart === null) return w;
  const fill = (text: string) => withChartValues(text, path, charts);
  const mapValues = (rec: Record<string, string>) => Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, fill(v)]));
  let name = fill(w.name);
  if (name.includes("{{")) {
    name = name.replace(/\{\{[^{}]*\}\}/g, "").replace(/^[-._]+|[-._]+$/g, "");
    if (!name) name = chart.split("/").pop() || w.name;
  }
  return { ...w, name, env: mapValues(w.env), labels: mapValues(w.labels), selector: mapValues(w.selector), namespace: w.namespace && w.namespace.includes("{{") ? null : w.namespace };
}
