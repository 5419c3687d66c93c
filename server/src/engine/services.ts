/**
 * Which service owns each file, and what each service looks like at run time (namespace,
 * sidecar injection, environment). Sources, strongest first: `.retrylens.yaml` overrides,
 * compose build contexts and package manifests (the folder holding the code), then the
 * folder name. Names are normalised so `checkout-service` ≈ `checkout`.
 */
import { imageFlavour, imageName } from "../detectors/yaml/kubernetes";
import picomatch from "picomatch";
import type { FileFacts, NamespaceFact, WorkloadFact } from "../model/facts";
import type { Location, ServiceInfo, Settings } from "../model/model";
import { chartValues, withChartValues } from "./helmValues";
import { chartOfTemplate } from "../detectors/yaml/helm";
import type { KustomizeView } from "./kustomize";
import { hostMachinePort } from "../model/hostMachine";
import { dirOf } from "../model/paths";

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
  /** `localhost:7242` → the service whose launchSettings.json listens there (FileFacts.listenUrls) */
  localUrls?: Map<string, string>;
}

export function buildServices(all: FileFacts[], settings: Settings, kustomize?: Pick<KustomizeView, "fileVariants" | "namespaces">): ServiceIndex {
  const services = new Map<string, ServiceInfo>();
  const byNormalName = new Map<string, string>();
  const namespaces = new Map<string, { ns: NamespaceFact; file: string }>();
  const workloads: Array<{ w: WorkloadFact; file: string }> = [];
  const charts = chartValues(all);
  // every place that turns injection on for a namespace, in workspace order: a namespace labelled
  // by a manifest, a script and a Terraform configuration (or by one script once per cluster) is
  // injected by each of them, alternatives the hops are linked through one at a time
  const labellings = new Map<string, Location[]>();
  for (const f of all) {
    for (const ns of f.namespaces) {
      // a namespace written in a manifest and labelled by a script: injection turned on anywhere wins
      const seen = namespaces.get(ns.name);
      if (!seen || (ns.sidecarInjection?.enabled && !seen.ns.sidecarInjection?.enabled)) namespaces.set(ns.name, { ns, file: f.path });
      if (ns.sidecarInjection?.enabled) {
        const line = ns.sidecarInjection.line;
        const list = labellings.get(ns.name) ?? [];
        if (!list.some((l) => l.file === f.path && l.span.line === line)) list.push({ file: f.path, span: { line, column: 0, endLine: line, endColumn: 0 } });
        labellings.set(ns.name, list);
      }
    }
    for (const w of f.workloads) workloads.push({ w: charts.size ? renderedWorkload(w, f.path, charts) : w, file: f.path });
  }
  withConfigMapEnv(all, workloads);
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
  const composeEnvs = new Map<ServiceInfo, Array<{ file: string; env: Record<string, string> }>>();
  for (const { w, file } of workloads) {
    const info = ensure(w.name);
    recordAlternatives(info, w.env);
    Object.assign(info.env, w.env);
    if (w.kind === "compose-service") composeEnvs.set(info, [...(composeEnvs.get(info) ?? []), { file, env: w.env }]);
    if (w.namespace) info.namespace = w.namespace;
    if (w.kind === "k8s-workload") {
      if (isIstioProxyWorkload(w)) info.istioProxy = true;
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
      const variants = injectionVariants(file, w, fromWorkload, info.injection, kustomize, labellings);
      // several manifests of one service: the one with the most candidates says them all
      if (variants && variants.length > (info.injectionVariants?.length ?? 0)) info.injectionVariants = variants;
    }
  }
  recordUnsetAlternatives(composeEnvs);
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
  // a name only a project file gives (a go.mod module, a package.json name) is no deployment of
  // its own: the workload running the image built from it is (`module …/go-srv-a` in the folder
  // whose image `…/go-srv-a:1.7` the Deployment `service-a` runs)
  const deployed = new Set(workloads.filter(({ w }) => w.kind !== "package").map(({ w }) => normalizeServiceName(w.name)));
  const claimImage = (image: string, runners: string[]) => {
    const norm = normalizeServiceName(image);
    if ((services.has(norm) && deployed.has(norm)) || runners.includes(norm)) return;
    // several workloads run one image (a web app and a bot started with another command): the one
    // named like the image's last word (`emojivoto-web` → `web`), else the only one
    const named = runners.filter((r) => norm.endsWith(`-${r}`) || norm.startsWith(`${r}-`));
    const owner = named.length === 1 ? named[0] : runners.length === 1 ? runners[0] : undefined;
    if (!owner) return;
    byNormalName.set(norm, owner);
    if (services.get(norm)?.name === norm) services.delete(norm);
  };
  for (const [image, runners] of imageRunners(workloads)) claimImage(image, runners);
  // a flavoured tag (`go-srv-a:2.2.0-grpc`, one chart's build of a program another chart runs as
  // `go-srv-a:2.2.0`) runs the project named after the image and the flavour (`module …/go-srv-a-grpc`),
  // when the workspace has that project and nothing deploys it under its own name
  for (const [project, runners] of flavourRunners(workloads)) if (services.has(normalizeServiceName(project))) claimImage(project, runners);
  // the code a compose service builds, deployed to Kubernetes under a longer name (composeDeployedAs)
  for (const [compose, workload] of composeDeployedAs(workloads)) {
    const from = services.get(compose);
    const to = services.get(canonical(byNormalName, workload));
    if (!to || from === to) continue;
    if (from) for (const [k, v] of Object.entries(from.env)) if (!(k in to.env)) to.env[k] = v;
    byNormalName.set(compose, to.name);
    if (from?.name === compose) services.delete(compose);
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
  const builtFrom = workloads
    .filter(({ w }) => w.codeDir !== null && w.codeDir !== undefined)
    .map(({ w }) => ({ dir: w.codeDir!.replace(/\/+$/, ""), name: w.name }));
  // a build context several differently named services share (the repository root, each with its
  // own Dockerfile) says which code none of them runs
  const claimants = new Map<string, Set<string>>();
  for (const d of builtFrom) claimants.set(d.dir, (claimants.get(d.dir) ?? new Set()).add(normalizeServiceName(d.name)));
  const codeDirs = builtFrom.filter((d) => (claimants.get(d.dir)?.size ?? 0) < 2).sort((a, b) => b.dir.length - a.dir.length);
  const byArguments = argumentClaims(workloads, claimants, all);
  // the first code dir (longest first) holding the file: its folders looked up, not every dir tried per file
  const codeDirIndex = new Map<string, number>();
  codeDirs.forEach((d, i) => {
    if (!codeDirIndex.has(d.dir)) codeDirIndex.set(d.dir, i);
  });
  const codeDirOf = (path: string) => {
    let best = Math.min(codeDirIndex.get("") ?? Infinity, codeDirIndex.get(".") ?? Infinity);
    for (let i = path.indexOf("/"); i >= 0; i = path.indexOf("/", i + 1)) best = Math.min(best, codeDirIndex.get(path.slice(0, i)) ?? Infinity);
    return best === Infinity ? undefined : codeDirs[best];
  };

  const fileService = new Map<string, string | null>();
  const goModules = all
    .filter((f) => f.module && (f.path === "go.mod" || f.path.endsWith("/go.mod")))
    .map((f) => ({ dir: f.path.includes("/") ? f.path.slice(0, f.path.lastIndexOf("/")) : "", name: f.module!.split("/").filter((p) => !/^v\d+$/.test(p)).pop() ?? "" }))
    .sort((a, b) => b.dir.length - a.dir.length);
  // the services the manifests and settings name, before folders add their own
  const fromManifests = new Set(services.keys());
  // two code folders whose names differ only by a suffix (`Shop.Web/` and `Shop.Web.Api/`, two
  // projects run as two processes) are two services: each folder keeps its whole name
  const folderNames = new Map<string, Set<string>>();
  for (const f of all) {
    if (f.language === "yaml" || f.language === "json" || f.language === "properties") continue;
    const folder = serviceFolder(f.path);
    if (!folder) continue;
    const norm = normalizeServiceName(folder);
    const raw = folder.trim().toLowerCase().replace(/_/g, "-");
    if (!folderNames.has(norm)) folderNames.set(norm, new Set());
    folderNames.get(norm)!.add(raw);
  }
  const folderService = (folder: string): string => {
    const norm = normalizeServiceName(folder);
    const raw = folder.trim().toLowerCase().replace(/_/g, "-");
    if (fromManifests.has(canonical(byNormalName, norm)) || (folderNames.get(norm)?.size ?? 0) < 2 || raw === norm) return canonical(byNormalName, ensure(folder).name);
    if (!services.has(raw)) {
      services.set(raw, { name: raw, gateway: false, namespace: null, injection: null, env: {} });
      byNormalName.set(raw, raw);
    }
    return raw;
  };
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
    const dir = codeDirOf(f.path);
    if (dir) {
      fileService.set(f.path, canonical(byNormalName, ensure(dir.name).name));
      continue;
    }
    // one program several workloads run, each told by its arguments which of its parts to start
    // (`oms worker -s order,shipment`): a part's folder is the code of the workload naming it
    const claimed = byArguments.length ? argumentOwner(byArguments, f.path) : null;
    if (claimed) {
      fileService.set(f.path, canonical(byNormalName, ensure(claimed).name));
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
    // Go: a module named like a workload or its image (`module github.com/acme/kuma-counter-demo`
    // built into `…/kuma-counter-demo:latest`) is that workload's code, whatever its folders are called
    const module = f.language === "go" && !deeper && (!folder || !known(folder)) ? goModuleName(f.path, goModules) : null;
    if (module && known(module)) {
      fileService.set(f.path, canonical(byNormalName, normalizeServiceName(module)));
      continue;
    }
    fileService.set(f.path, deeper ? canonical(byNormalName, normalizeServiceName(deeper)) : folder ? folderService(folder) : null);
  }
  placeInOnlyNamespace(services, namespaces);
  return { services, fileService, byNormalName, namespaces: new Set(namespaces.keys()), hostOverrides, localUrls: withPublishedPorts(localUrls(all, fileService), workloads, byNormalName) };
}

/**
 * A compose service publishing host port P (`ports: ["8060:8060"]`) is what `localhost:P` and
 * `host.docker.internal:P` reach on that machine (after the projects' own launch URLs).
 */
function withPublishedPorts(out: Map<string, string>, workloads: ReadonlyArray<{ w: WorkloadFact }>, byNormalName: Map<string, string>): Map<string, string> {
  for (const { w } of workloads) {
    for (const port of w.publishedPorts ?? []) {
      const key = `localhost:${port}`;
      if (!out.has(key)) out.set(key, canonical(byNormalName, normalizeServiceName(w.name)));
    }
  }
  return out;
}

/**
 * One build context several differently named workloads share (one program: `oms` run as
 * `worker -s order,shipment` by one service and `api -s billing,fraud` by another): a word of a
 * workload's command (arguments split at spaces, commas and `=`) that names a code folder under
 * that context says the workload runs that folder's code. Only a word that one service names
 * (after name normalisation) claims a folder, and only where two services or more split the
 * program so (one worker's `celery -A proj worker` beside a web server's command is no split);
 * the rest of the program stays where folders put it.
 * Returns, per shared context, folder word → the claiming workload's name.
 */
function argumentClaims(workloads: Array<{ w: WorkloadFact; file: string }>, claimants: Map<string, Set<string>>, all: FileFacts[]): Array<{ dir: string; words: Map<string, string> }> {
  const out: Array<{ dir: string; words: Map<string, string> }> = [];
  for (const [dir, names] of claimants) {
    if (names.size < 2) continue;
    const group = workloads.filter(({ w }) => (w.codeDir ?? "").replace(/\/+$/, "") === dir).map(({ w }) => w);
    const claim = claimsOf(dir === "." ? "" : dir, group, all);
    if (claim) out.push(claim);
  }
  // compose services running one image (built elsewhere, `image: acme/app-api`) with different
  // commands (`command: [chat]`, `command: [match]`): one program of this workspace's root whose
  // subcommands pick the part to run
  const byImage = new Map<string, WorkloadFact[]>();
  for (const { w } of workloads) if (w.composeImage) byImage.set(w.composeImage, [...(byImage.get(w.composeImage) ?? []), w]);
  for (const group of byImage.values()) {
    if (new Set(group.map((w) => normalizeServiceName(w.name))).size < 2) continue;
    const claim = claimsOf("", group, all);
    if (claim) out.push(claim);
  }
  return out;
}

/** argumentClaims for one program under `root` and the workloads running it; null when they do not split it. */
function claimsOf(root: string, group: WorkloadFact[], all: FileFacts[]): { dir: string; words: Map<string, string> } | null {
  const folders = new Set<string>();
  for (const f of all) {
    if (f.language === "yaml" || f.language === "json" || f.language === "properties") continue;
    if (root !== "" && !f.path.startsWith(`${root}/`)) continue;
    const folder = serviceFolder(root ? f.path.slice(root.length + 1) : f.path);
    if (folder) folders.add(folder.toLowerCase());
  }
  const byWord = new Map<string, Map<string, string>>();
  for (const w of group) {
    for (const command of w.commands ?? []) {
      for (const word of command.toLowerCase().split(/[\s,=]+/)) {
        if (!folders.has(word)) continue;
        const seen = byWord.get(word) ?? new Map<string, string>();
        seen.set(normalizeServiceName(w.name), w.name);
        byWord.set(word, seen);
      }
    }
  }
  const words = new Map<string, string>();
  for (const [word, services] of byWord) if (services.size === 1) words.set(word, [...services.values()][0]!);
  const splitting = new Set([...words.values()].map(normalizeServiceName));
  return splitting.size >= 2 ? { dir: root, words } : null;
}

/** The workload whose arguments name the code folder of a file (argumentClaims), null when none does. */
function argumentOwner(claims: Array<{ dir: string; words: Map<string, string> }>, path: string): string | null {
  for (const c of claims) {
    if (c.dir !== "" && !path.startsWith(`${c.dir}/`)) continue;
    const rel = c.dir ? path.slice(c.dir.length + 1) : path;
    const folder = serviceFolder(rel);
    const owner = folder ? c.words.get(folder.toLowerCase()) : undefined;
    if (owner) return owner;
    // a subcommand's own file in the command folder (cobra's `cmd/chat.go` declaring `Use: "chat"`)
    const sub = /^(?:.*\/)?cmd\/([\w-]+)\.go$/.exec(rel)?.[1];
    const runner = sub ? c.words.get(sub.toLowerCase()) : undefined;
    if (runner) return runner;
  }
  return null;
}

/**
 * An Istio gateway Deployment: its container is the proxy itself — `image: auto`, filled in by the
 * injector (istio.io "Installing Gateways" → "Deploying a gateway"; IST0146: "The auto image is a
 * placeholder. The sidecar injector replaces it … the usual method to install gateways"), or an
 * explicit `proxyv2` image — or its pods carry the `istio: ingressgateway` / `egressgateway` label.
 */
function isIstioProxyWorkload(w: WorkloadFact): boolean {
  if ((w.images ?? []).some((i) => i === "auto" || i === "proxyv2" || i.startsWith("proxyv2-"))) return true;
  return /gateway$/.test(w.labels["istio"] ?? "");
}

/**
 * The injection of a workload in each kustomize build that applies its manifest: a build whose
 * namespace transformer moves it into another namespace gets that namespace's injection (a pod
 * label of its own still wins). A namespace labelled in several places (a manifest, a script, a
 * Terraform configuration; one script labelling it once per cluster context) gives one candidate
 * per place: candidates from different files are alternative deployments (a path goes through
 * one of them), those of one file are applied together (one script setting up two clusters of
 * one mesh, whose requests may cross from one to the other). Null when every build agrees.
 */
function injectionVariants(
  file: string,
  w: WorkloadFact,
  fromWorkload: Location | null,
  base: Location | null,
  kustomize: Pick<KustomizeView, "fileVariants" | "namespaces"> | undefined,
  labellings: Map<string, Location[]>,
): ServiceInfo["injectionVariants"] | null {
  const byLocation = new Map<string, { injection: Location | null; variants: string[] }>();
  const add = (injection: Location | null, variant: string) => {
    const key = injection ? `${injection.file}:${injection.span.line}` : "";
    const entry = byLocation.get(key) ?? { injection, variants: [] };
    if (!entry.variants.includes(variant)) entry.variants.push(variant);
    byLocation.set(key, entry);
  };
  // one variant per labelling file, within the build `variant` ("" = no build)
  const addLabellings = (locations: Location[], variant: string) => {
    const files = new Set(locations.map((l) => l.file));
    for (const l of locations) add(l, files.size > 1 ? `${variant}@${l.file}` : variant);
  };
  const own = w.namespace ?? "default";
  const moved = kustomize?.namespaces.get(file);
  if (!moved?.size) {
    if (w.sidecarInjection) return null;
    const locations = labellings.get(own) ?? [];
    if (locations.length < 2) return null;
    addLabellings(locations, "labelled");
    return byLocation.size > 1 ? [...byLocation.values()] : null;
  }
  for (const variant of kustomize!.fileVariants.get(file) ?? []) {
    if (w.sidecarInjection) {
      add(w.sidecarInjection.enabled ? fromWorkload : null, variant);
      continue;
    }
    const nsName = moved.get(variant);
    const locations = labellings.get(nsName ?? own) ?? [];
    if (locations.length) addLabellings(locations, variant);
    else add(nsName ? null : base, variant);
  }
  return byLocation.size > 1 ? [...byLocation.values()] : null;
}

/**
 * A project's launchSettings.json (`<project>/Properties/launchSettings.json`) names the local
 * URLs it listens on: `localhost:<port>` there is the service owning the project's code.
 */
function localUrls(all: FileFacts[], fileService: Map<string, string | null>): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of all) {
    if (!f.listenUrls?.length) continue;
    const inProperties = /^(?:(.*)\/)?Properties\/[^/]+$/i.exec(f.path);
    const dir = inProperties ? (inProperties[1] ?? "") : f.path.includes("/") ? f.path.slice(0, f.path.lastIndexOf("/")) : "";
    const counts = new Map<string, number>();
    for (const [path, svc] of fileService) if (svc && (dir === "" || path.startsWith(`${dir}/`))) counts.set(svc, (counts.get(svc) ?? 0) + 1);
    const owner = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (!owner) continue;
    for (const url of f.listenUrls) {
      const m = /^[a-z]+:\/\/(localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0|\*|\+):(\d+)/i.exec(url);
      if (m && !out.has(`localhost:${m[2]}`)) out.set(`localhost:${m[2]}`, owner);
    }
  }
  return out;
}

/**
 * Alternative manifests of one service that set a variable differently: every value is kept
 * (ServiceInfo.envAlternatives), the one `env` ends up with (the last written) first.
 */
function recordAlternatives(info: ServiceInfo, env: Record<string, string>): void {
  for (const [name, value] of Object.entries(env)) {
    const before = info.env[name];
    if (before === undefined || before === value) {
      if (info.envAlternatives?.[name] && !info.envAlternatives[name]!.includes(value)) info.envAlternatives[name]!.push(value);
      continue;
    }
    info.envAlternatives ??= {};
    const seen = info.envAlternatives[name] ?? [before];
    info.envAlternatives[name] = [value, ...seen.filter((v) => v !== value)];
  }
}

/** An alternative (ServiceInfo.envAlternatives) in which the variable is not set: the code's own default applies. */
export const ENV_UNSET = "\u0000unset";

/**
 * One service written in several compose files that are alternatives (`docker-compose.yml` beside
 * `docker-compose.cold-node.yml`), one setting a variable the other leaves out: where it is left out,
 * the code's fallback applies (`process.env.X || "http://product:3004"`), so "not set" is a candidate
 * too (ENV_UNSET). An override file (`docker-compose.override.yml` / `compose.override.yaml`, which
 * Compose reads with the base by default and merges into it — docs.docker.com "Merge Compose files")
 * is no alternative and is left out.
 */
function recordUnsetAlternatives(envs: Map<ServiceInfo, Array<{ file: string; env: Record<string, string> }>>): void {
  for (const [info, list] of envs) {
    const files = list.filter((e) => !/(^|\/)(docker-)?compose\.override\.ya?ml$/i.test(e.file));
    if (new Set(files.map((e) => e.file)).size < 2) continue;
    const names = new Set(files.flatMap((e) => Object.keys(e.env)));
    for (const name of names) {
      if (files.every((e) => e.env[name] !== undefined)) continue;
      info.envAlternatives ??= {};
      const seen = info.envAlternatives[name] ?? (info.env[name] !== undefined ? [info.env[name]!] : []);
      if (!seen.includes(ENV_UNSET)) info.envAlternatives[name] = [...seen, ENV_UNSET];
    }
  }
}

/**
 * A service no manifest places (code whose workloads are rendered from Helm named templates, or
 * not written at all) is deployed with a namespace chosen at install time (`helm install -n`,
 * `kubectl apply -n`). When the workspace knows exactly one namespace and that namespace turns
 * Istio injection on, that is where its services run: they get its sidecar (reference §4.1).
 */
function placeInOnlyNamespace(services: Map<string, ServiceInfo>, namespaces: Map<string, { ns: NamespaceFact; file: string }>): void {
  if (namespaces.size !== 1) return;
  const [[name, { ns, file }]] = [...namespaces];
  if (!ns.sidecarInjection?.enabled) return;
  const line = ns.sidecarInjection.line;
  for (const info of services.values()) {
    if (info.gateway || info.namespace !== null || info.injection || info.injectionOff) continue;
    info.namespace = name;
    info.injection = { file, span: { line, column: 0, endLine: line, endColumn: 0 } };
  }
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

/**
 * One program run two ways: a compose service that builds code (`app: build: .`) and a Kubernetes
 * workload named `<project>-<service>` or `<service>-<…>` (`climabill-app`) that runs an image
 * named after itself (`${REGISTRY}/climabill:${TAG}`), which nothing in the workspace builds: the
 * compose service's code is the workload's, under the workload's name, so a hop to the
 * workload's Service (an Ingress backend) reaches the code. Only when the pairing is unique both
 * ways, the compose service is no Kubernetes workload of its own, and the workload has no build
 * context; a workload running a third-party image (`api-gateway` running kong) never pairs.
 * Returns [normalised compose name, normalised workload name].
 */
export function composeDeployedAs(workloads: Array<{ w: WorkloadFact }>): Array<[string, string]> {
  const raw = (n: string) => n.trim().toLowerCase().replace(/_/g, "-");
  const k8s = workloads.filter(({ w }) => w.kind === "k8s-workload").map(({ w }) => w);
  const k8sNames = new Set(k8s.map((w) => normalizeServiceName(w.name)));
  const built = new Set(workloads.filter(({ w }) => w.codeDir !== null && w.codeDir !== undefined).map(({ w }) => normalizeServiceName(w.name)));
  const composeBuilt = workloads.filter(({ w }) => w.kind === "compose-service" && w.codeDir !== null && w.codeDir !== undefined && !k8sNames.has(normalizeServiceName(w.name))).map(({ w }) => raw(w.name));
  const pairs = new Map<string, Set<string>>();
  const byWorkload = new Map<string, Set<string>>();
  for (const w of k8s) {
    const name = raw(w.name);
    const norm = normalizeServiceName(w.name);
    if (built.has(norm)) continue;
    // its own image: named like the workload (`climabill`, `climabill-app`)
    if (!(w.images ?? []).some((i) => i === name || normalizeServiceName(i) === norm)) continue;
    for (const c of composeBuilt) {
      if (c === name || !(name.endsWith(`-${c}`) || name.startsWith(`${c}-`))) continue;
      const cn = normalizeServiceName(c);
      pairs.set(cn, (pairs.get(cn) ?? new Set()).add(norm));
      byWorkload.set(norm, (byWorkload.get(norm) ?? new Set()).add(cn));
    }
  }
  const out: Array<[string, string]> = [];
  for (const [c, ws] of pairs) {
    const w = [...ws][0]!;
    if (ws.size === 1 && byWorkload.get(w)?.size === 1) out.push([c, w]);
  }
  return out;
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

/** `go-srv-a-grpc` (imageFlavour of `go-srv-a:2.2.0-grpc`) → the normalised names of the k8s workloads that run it */
function flavourRunners(workloads: Array<{ w: WorkloadFact }>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { w } of workloads) {
    if (w.kind !== "k8s-workload") continue;
    for (const ref of w.imageRefs ?? []) {
      const project = imageFlavour(ref);
      if (!project) continue;
      const list = out.get(project) ?? [];
      const name = normalizeServiceName(w.name);
      if (!list.includes(name)) list.push(name);
      out.set(project, list);
    }
  }
  return out;
}

/** The last element of the path of the go.mod module that holds a file (its innermost go.mod). */
function goModuleName(path: string, modules: Array<{ dir: string; name: string }>): string | null {
  const m = modules.find((g) => g.dir === "" || path.startsWith(`${g.dir}/`));
  return m?.name || null;
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
  // a service named by its whole folder name (two folders that differ only by a suffix)
  if (index.services.has(h) && index.byNormalName.get(h) === h && normalizeServiceName(h) !== h) return h;
  const labels = h.split(".");
  const clusterDns =
    h.endsWith(".svc.cluster.local") || h.endsWith(".svc") || (labels.length === 2 && (index.namespaces.has(labels[1]!) || namespacedWorkload(index, labels[0]!, labels[1]!)));
  const norm = normalizeServiceName(clusterDns ? labels[0]! : h);
  const known = index.byNormalName.get(norm);
  if (known) return known;
  return clusterDns || labels.length === 1 ? norm : h;
}

/** second labels that make a public or local domain name, not a Kubernetes namespace */
const DOMAIN_LABELS = new Set(["com", "net", "org", "io", "dev", "app", "ai", "co", "me", "info", "biz", "gov", "edu", "us", "uk", "de", "fr", "eu", "jp", "cn", "ru", "in", "cloud", "tech", "xyz", "site", "online", "local", "localhost", "internal", "lan", "home", "example", "test", "invalid", "arpa"]);

/**
 * `location.hotrod`: `<service>.<namespace>` for a Kubernetes workload of the workspace whose
 * namespace is chosen at install time (`kubectl -n`, an overlay), not declared in the workspace.
 */
function namespacedWorkload(index: ServiceIndex, name: string, second: string): boolean {
  if (DOMAIN_LABELS.has(second) || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(second)) return false;
  const known = index.byNormalName.get(normalizeServiceName(name));
  const info = known ? index.services.get(known) : undefined;
  return !!info && info.namespace !== null && !info.gateway;
}

/** `https://localhost:7242/api` → the service whose launchSettings.json listens on port 7242, if any. */
export function localService(index: ServiceIndex, url: string): string | null {
  if (!index.localUrls?.size) return null;
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)(?:[/?#]|$)/i.exec(url.trim());
  const port = m ? hostMachinePort(m[1]!) : null;
  return port !== null ? (index.localUrls.get(`localhost:${port}`) ?? null) : null;
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
  // an image a template writes (`{{ printf "%s/go-srv-a:%s" … }}`) may name a flavour once filled in
  const flavoured = [...(w.imageRefs ?? []), ...(w.images ?? []).filter((i) => i.includes("{{")).map(fill).filter((i) => imageFlavour(i))];
  return {
    ...w,
    name,
    env: mapValues(w.env),
    labels: mapValues(w.labels),
    selector: mapValues(w.selector),
    namespace: w.namespace && w.namespace.includes("{{") ? null : w.namespace,
    // an image written as a template (`{{ printf "%s/go-srv-a:%s" .Values.image.repository … }}`):
    // its name once the chart's values fill it in
    ...(w.images ? { images: w.images.map((image) => (image.includes("{{") ? (imageName(fill(image)) ?? image) : image)) } : {}),
    ...(flavoured.length ? { imageRefs: flavoured } : {}),
  };
}

/**
 * Fills in the variables a k8s workload takes from ConfigMaps (`envFrom.configMapRef`,
 * `valueFrom.configMapKeyRef`) from the workspace's ConfigMaps: those of the workload's namespace
 * first, else every one of that name; the ones nearest the workload's manifest, taking the values
 * they agree on. Kubernetes' precedence: a literal `env[].value` wins over
 * both, and a later envFrom source over an earlier one. The per-file facts stay untouched (they
 * are cached): the workload is replaced by a copy.
 */
function withConfigMapEnv(files: readonly FileFacts[], workloads: Array<{ w: WorkloadFact; file: string }>): void {
  if (!workloads.some((x) => x.w.configMapEnv)) return;
  const byName = new Map<string, Array<{ namespace: string | null; data: Record<string, string>; dir: string }>>();
  for (const f of files) for (const c of f.configMaps ?? []) byName.set(c.name, [...(byName.get(c.name) ?? []), { ...c, dir: dirOf(f.path) }]);
  // the ConfigMaps of that name in the workload's namespace (else all of that name), nearest the
  // workload's manifest first (the folder `kubectl apply -f` applies together); where several are
  // as near (copies of one manifest in several deployment folders), the keys they agree on
  const dataOf = (name: string, namespace: string | null, file: string): Record<string, string> | null => {
    const all = byName.get(name) ?? [];
    const same = all.filter((c) => (c.namespace ?? "default") === (namespace ?? "default"));
    const candidates = same.length ? same : all;
    if (!candidates.length) return null;
    const here = dirOf(file);
    const shared = (dir: string) => {
      const a = here.split("/");
      const b = dir.split("/");
      let i = 0;
      while (i < a.length && i < b.length && a[i] === b[i] && a[i] !== "") i++;
      return i;
    };
    const nearest = Math.max(...candidates.map((c) => shared(c.dir)));
    const pool = candidates.filter((c) => shared(c.dir) === nearest);
    const agreed: Record<string, string> = {};
    for (const [k, v] of Object.entries(pool[0]!.data)) if (pool.every((c) => c.data[k] === v)) agreed[k] = v;
    return agreed;
  };
  workloads.forEach((x, i) => {
    const refs = x.w.configMapEnv;
    if (!refs) return;
    const env: Record<string, string> = {};
    for (const name of refs.from) Object.assign(env, dataOf(name, x.w.namespace, x.file) ?? {});
    for (const [variable, ref] of Object.entries(refs.keys)) {
      const value = dataOf(ref.configMap, x.w.namespace, x.file)?.[ref.key];
      if (value !== undefined) env[variable] = value;
    }
    if (Object.keys(env).length) workloads[i] = { ...x, w: { ...x.w, env: { ...env, ...x.w.env } } };
  });
}
