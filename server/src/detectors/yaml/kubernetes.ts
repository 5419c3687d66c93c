/**
 * Kubernetes objects that tell the linker who runs where and whether a sidecar retries for them
 * (reference/retry-semantics.md §4.1 "Default when `retries` is absent", §5.3 implicit layers):
 * - Namespace: `istio-injection: enabled|disabled`, or `istio.io/rev: <rev>` (= enabled). The
 *   label's line is where the implicit Istio default layer is anchored (DESIGN.md).
 * - Workloads (Deployment, StatefulSet, DaemonSet, ReplicaSet, Job, CronJob, Pod): name,
 *   namespace, pod-template labels, literal container env vars, per-workload injection.
 * - Service: name and selector, to tie a DNS name to a workload.
 * No retry layers come from here: a Job/CronJob `backoffLimit` restarts pods, it does not
 * repeat requests.
 */
import { isMap } from "yaml";
import type { NamespaceFact, WorkloadFact } from "../../model/facts";
import {
  bool,
  get,
  getIn,
  getPair,
  keyLine,
  nodeSpan,
  seqItems,
  str,
  stringMap,
  type Node,
  type YamlDocument,
} from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { WORD_SENTINEL } from "./helmRender";

/** Workload kinds → the path from the object to its pod template (metadata + spec). */
const POD_TEMPLATE_PATH: Record<string, string[]> = {
  Pod: [],
  Deployment: ["spec", "template"],
  StatefulSet: ["spec", "template"],
  DaemonSet: ["spec", "template"],
  ReplicaSet: ["spec", "template"],
  ReplicationController: ["spec", "template"],
  Job: ["spec", "template"],
  CronJob: ["spec", "jobTemplate", "spec", "template"],
};

const INJECT_KEY = "sidecar.istio.io/inject";

export function detectKubernetes(ctx: YamlDetectorContext, d: YamlDocument): void {
  const k = kubernetesKind(d);
  if (!k) return;
  const metadata = get(d, d.root, "metadata");
  const name = str(d, get(d, metadata, "name"));
  if (!name) return;
  // a named template's object (`name: {{ include "common.fullname" . }}`): each chart that uses it
  // gives it its own name and values, so the template itself is no workload
  if (ctx.partial && new RegExp(WORD_SENTINEL.source).test(name)) return;
  const namespace = str(d, get(d, metadata, "namespace"));
  const span = nodeSpan(ctx.file, d.root);

  if (k.kind === "Namespace" && k.apiVersion === "v1") {
    ctx.facts.namespaces.push(namespaceFact(ctx, d, metadata, name, span));
    return;
  }
  if (k.kind === "ConfigMap" && k.apiVersion === "v1") {
    const data = stringMap(d, get(d, d.root, "data"));
    if (Object.keys(data).length) (ctx.facts.configMaps ??= []).push({ name, namespace, data });
    return;
  }
  if (k.kind === "Service" && k.apiVersion === "v1") {
    ctx.facts.workloads.push({
      kind: "k8s-service",
      name,
      namespace,
      span,
      env: {},
      labels: {},
      sidecarInjection: null,
      codeDir: null,
      selector: stringMap(d, getIn(d, d.root, "spec", "selector")),
    });
    return;
  }
  const templatePath = POD_TEMPLATE_PATH[k.kind];
  if (!templatePath) return;
  const template = templatePath.length === 0 ? d.root : getIn(d, d.root, ...templatePath);
  if (!template || !isMap(template)) return;
  const podMeta = get(d, template, "metadata");
  const podSpec = get(d, template, "spec");
  const commands = containerCommands(d, podSpec);
  const fromConfigMaps = configMapEnv(d, podSpec);
  const flavours = flavouredImages(d, podSpec);
  ctx.facts.workloads.push({
    kind: "k8s-workload",
    name,
    namespace,
    span,
    env: containerEnv(d, podSpec),
    labels: stringMap(d, get(d, podMeta, "labels")),
    sidecarInjection: podInjection(ctx, d, podMeta),
    codeDir: null,
    selector: {},
    images: containerImages(d, podSpec),
    ...(flavours.length ? { imageRefs: flavours } : {}),
    ...(commands.length ? { commands } : {}),
    ...(fromConfigMaps ? { configMapEnv: fromConfigMaps } : {}),
  });
}

/** `envFrom[].configMapRef.name` and `env[].valueFrom.configMapKeyRef` of every container (init containers last). */
function configMapEnv(d: YamlDocument, podSpec: Node | null): WorkloadFact["configMapEnv"] | null {
  const from: string[] = [];
  const keys: Record<string, { configMap: string; key: string }> = {};
  const containers = [...seqItems(d, get(d, podSpec, "containers")), ...seqItems(d, get(d, podSpec, "initContainers"))];
  for (const c of containers) {
    for (const e of seqItems(d, get(d, c, "envFrom"))) {
      const ref = str(d, getIn(d, e, "configMapRef", "name"));
      // a prefix renames every key: not followed
      if (ref && !str(d, get(d, e, "prefix")) && !from.includes(ref)) from.push(ref);
    }
    for (const e of seqItems(d, get(d, c, "env"))) {
      const name = str(d, get(d, e, "name"));
      const configMap = str(d, getIn(d, e, "valueFrom", "configMapKeyRef", "name"));
      const key = str(d, getIn(d, e, "valueFrom", "configMapKeyRef", "key"));
      if (name && configMap && key && !(name in keys)) keys[name] = { configMap, key };
    }
  }
  return from.length || Object.keys(keys).length ? { from, keys } : null;
}

/** Each container's `command` + `args`, joined by spaces (a `sh -c "…"` string stays one argument). */
function containerCommands(d: YamlDocument, podSpec: Node | null): string[] {
  const out: string[] = [];
  for (const c of seqItems(d, get(d, podSpec, "containers"))) {
    const text = [...seqItems(d, get(d, c, "command")), ...seqItems(d, get(d, c, "args"))].map((i) => str(d, i) ?? "").filter(Boolean).join(" ");
    if (text) out.push(text);
  }
  return out;
}

/** `registry.example.com/shop/orders:2.8.0` → `orders`: the image names of the pod's containers. */
function containerImages(d: YamlDocument, podSpec: Node | null): string[] {
  const out: string[] = [];
  for (const c of seqItems(d, get(d, podSpec, "containers"))) {
    const name = imageName(str(d, get(d, c, "image")));
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

/** The containers' image references whose tag names a flavour (imageFlavour), as written. */
function flavouredImages(d: YamlDocument, podSpec: Node | null): string[] {
  const out: string[] = [];
  for (const c of seqItems(d, get(d, podSpec, "containers"))) {
    const ref = str(d, get(d, c, "image"));
    if (ref && imageFlavour(ref) && !out.includes(ref)) out.push(ref);
  }
  return out;
}

/**
 * `docker.io/acme/go-srv-a:2.2.0-grpc` → `go-srv-a-grpc`: an image whose tag is a version followed
 * by a word (`2.2.0-grpc`, `v3-worker`, `latest-grpc`) is one flavour of a program published under
 * one image name, built from the project named after the image and that word. Null for a plain
 * tag (`1.7`, `latest`), a digest and a template that is not filled in.
 */
export function imageFlavour(image: string): string | null {
  const name = imageName(image);
  const path = image.split("@")[0]!;
  const last = path.slice(path.lastIndexOf("/") + 1);
  const tag = last.includes(":") ? last.slice(last.indexOf(":") + 1).toLowerCase() : "";
  const m = /^(?:v?\d+(?:\.\d+)*|latest)[-_]([a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*)$/.exec(tag);
  return name && m && !image.includes("{{") ? `${name}-${m[1]}` : null;
}

export function imageName(image: string | null): string | null {
  if (!image) return null;
  const path = image.split("@")[0]!;
  const last = path.slice(path.lastIndexOf("/") + 1);
  const name = last.includes(":") ? last.slice(0, last.indexOf(":")) : last;
  return name && !name.includes("{") ? name.toLowerCase() : null;
}

function namespaceFact(
  ctx: YamlDetectorContext,
  d: YamlDocument,
  metadata: Node | null,
  name: string,
  span: NamespaceFact["span"],
): NamespaceFact {
  const labels = get(d, metadata, "labels");
  let sidecarInjection: NamespaceFact["sidecarInjection"] = null;
  // istio-injection wins over istio.io/rev (Istio's webhook selectors check it first).
  const injection = getPair(d, labels, "istio-injection");
  const rev = getPair(d, labels, "istio.io/rev");
  if (injection) {
    const v = str(d, injection.value);
    if (v === "enabled" || v === "disabled") sidecarInjection = { enabled: v === "enabled", line: keyLine(ctx.file, injection) };
  } else if (rev && str(d, rev.value)) {
    sidecarInjection = { enabled: true, line: keyLine(ctx.file, rev) };
  }
  return { name, span, sidecarInjection };
}

/**
 * `sidecar.istio.io/inject` on the pod template. The injector's webhooks select pods by *label*
 * (istio/istio manifests/charts/istio-control/istio-discovery/templates/mutatingwebhook.yaml:
 * `namespace.` — namespace `istio-injection: enabled`, pod label not "false"; `object.` — no
 * namespace label, pod label "true"), so the label turns injection on or off, while the
 * deprecated annotation can only turn it off: "true" there injects nothing in a namespace without
 * the label, and is redundant in one with it. The label takes precedence over the annotation.
 */
function podInjection(ctx: YamlDetectorContext, d: YamlDocument, podMeta: Node | null): WorkloadFact["sidecarInjection"] {
  const label = getPair(d, get(d, podMeta, "labels"), INJECT_KEY);
  const labelValue = label ? bool(d, label.value) : null;
  if (label && labelValue !== null) return { enabled: labelValue, line: keyLine(ctx.file, label) };
  const annotation = getPair(d, get(d, podMeta, "annotations"), INJECT_KEY);
  if (annotation && bool(d, annotation.value) === false) return { enabled: false, line: keyLine(ctx.file, annotation) };
  return null;
}

/** Literal `env[].value`s of every container (init containers last; the first definition wins). */
function containerEnv(d: YamlDocument, podSpec: Node | null): Record<string, string> {
  const env: Record<string, string> = {};
  const containers = [...seqItems(d, get(d, podSpec, "containers")), ...seqItems(d, get(d, podSpec, "initContainers"))];
  for (const c of containers) {
    for (const e of seqItems(d, get(d, c, "env"))) {
      const key = str(d, get(d, e, "name"));
      // valueFrom (secrets, config maps, field refs) is not known statically.
      const value = str(d, get(d, e, "value"));
      if (key && value !== null && !(key in env)) env[key] = value;
    }
  }
  return env;
}
