/**
 * docker-compose services: which folder holds each service's code (the build context) and the
 * environment it runs with, so the linker can tie a file to its service and resolve
 * `os.environ["INVENTORY_URL"]` to a host (DESIGN.md "link"). Compose itself never retries
 * requests (`restart:` restarts containers), so no layers come from here.
 */
import { isMap, isSeq } from "yaml";
import type { WorkloadFact } from "../../model/facts";
import { asMap, get, keyName, mapPairs, num, pairSpan, seqItems, str, type Node, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";
import { imageName } from "./kubernetes";

export function detectCompose(ctx: YamlDetectorContext, d: YamlDocument): void {
  if (kubernetesKind(d)) return;
  const services = asMap(d, get(d, d.root, "services"));
  if (!services) return;
  for (const pair of mapPairs(d, services)) {
    const name = keyName(d, pair);
    const service = asMap(d, pair.value);
    // A compose service runs an image or builds one; any other `services:` map is app config.
    if (!name || !service || (get(d, service, "image") === null && get(d, service, "build") === null)) continue;
    const fact: WorkloadFact = {
      kind: "compose-service",
      name,
      namespace: null,
      span: pairSpan(ctx.file, pair),
      env: environment(d, get(d, service, "environment")),
      labels: {},
      sidecarInjection: null,
      codeDir: buildDir(ctx.path, d, get(d, service, "build")),
      selector: {},
    };
    // how many containers answer to the service's name (Docker DNS returns each replica's address)
    const replicas = num(d, get(d, asMap(d, get(d, service, "deploy")), "replicas")) ?? num(d, get(d, service, "scale"));
    if (replicas !== null && Number.isInteger(replicas) && replicas >= 0) fact.replicas = replicas;
    const mounts = bindMounts(ctx.path, d, get(d, service, "volumes"));
    if (mounts.length) fact.mounts = mounts;
    const published = publishedPorts(d, get(d, service, "ports"));
    if (published.length) fact.publishedPorts = published;
    const command = [commandText(d, get(d, service, "entrypoint")), commandText(d, get(d, service, "command"))].filter(Boolean).join(" ");
    if (command) fact.commands = [command];
    const image = fact.codeDir === null ? imageName(str(d, get(d, service, "image"))) : null;
    if (image) fact.composeImage = image;
    ctx.facts.workloads.push(fact);
  }
}

/** A compose `command`/`entrypoint`: a string, or a list of arguments joined by spaces. */
export function commandText(d: YamlDocument, node: Node | null): string {
  if (!node) return "";
  if (isSeq(node)) return seqItems(d, node).map((i) => str(d, i) ?? "").filter(Boolean).join(" ");
  return str(d, node) ?? "";
}

/** Workspace files a service bind-mounts (`- ./nginx.conf:/etc/nginx/nginx.conf:ro`, or `{type: bind, source: …}`). */
function bindMounts(composePath: string, d: YamlDocument, node: Node | null): string[] {
  if (!node || !isSeq(node)) return [];
  const out: string[] = [];
  for (const item of seqItems(d, node)) {
    const m = isMap(item) ? item : null;
    const source = m ? (str(d, get(d, m, "type")) === "bind" ? str(d, get(d, m, "source")) : null) : str(d, item)?.split(":")[0] ?? null;
    // a named volume has no path
    if (!source || !/^\.{1,2}(\/|$)/.test(source)) continue;
    const path = relativeTo(composePath, source);
    if (path) out.push(path);
  }
  return out;
}

/**
 * The host ports of `ports:` (compose specification "ports"): short syntax `[HOST:]CONTAINER[/PROTOCOL]`
 * with HOST `[IP:]PORT` (`"8060:8060"`, `"0.0.0.0:8081:8081"`, `"127.0.0.1:5000:5000/tcp"`; a
 * container port alone publishes a random host port: none), long syntax `{target, published}`.
 * Port ranges (`"9090-9091:8080-8081"`) are left out.
 */
function publishedPorts(d: YamlDocument, node: Node | null): number[] {
  if (!node || !isSeq(node)) return [];
  const out: number[] = [];
  for (const item of seqItems(d, node)) {
    let host: string | null = null;
    if (isMap(item)) {
      const published = get(d, item, "published");
      host = published === null ? null : (str(d, published) ?? (num(d, published) !== null ? String(num(d, published)) : null));
    } else {
      const written = str(d, item) ?? (num(d, item) !== null ? String(num(d, item)) : null);
      const parts = written?.replace(/\/\w+$/, "").split(":") ?? [];
      // `[IP:]HOST:CONTAINER`; an IPv6 address is bracketed (`[::1]:80:80`)
      if (parts.length >= 2) host = parts[parts.length - 2]!;
    }
    if (host && /^\d{1,5}$/.test(host.trim())) out.push(Number(host.trim()));
  }
  return [...new Set(out)];
}

function relativeTo(composePath: string, rel: string): string | null {
  const slash = composePath.lastIndexOf("/");
  const parts = slash >= 0 ? composePath.slice(0, slash).split("/") : [];
  for (const seg of rel.replace(/\\/g, "/").split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.length ? parts.join("/") : null;
}

/** `environment:` as a list of "K=V" or a map of K: V; entries without a literal value are skipped. */
function environment(d: YamlDocument, node: Node | null): Record<string, string> {
  const env: Record<string, string> = {};
  if (node && isSeq(node)) {
    for (const item of seqItems(d, node)) {
      const entry = str(d, item);
      if (entry === null) continue;
      const eq = entry.indexOf("=");
      // "KEY" alone passes the host's value through: not known statically.
      if (eq <= 0) continue;
      env[entry.slice(0, eq).trim()] = withDefaults(entry.slice(eq + 1));
    }
  } else if (node && isMap(node)) {
    for (const p of mapPairs(d, node)) {
      const k = keyName(d, p);
      const v = str(d, p.value);
      if (k !== null && v !== null) env[k] = withDefaults(v);
    }
  }
  return env;
}

/**
 * Compose interpolation of the defaults a value writes (docs.docker.com/reference/compose-file/interpolation):
 * `${VAR:-default}` is `default` unless VAR is set and non-empty, `${VAR-default}` unless VAR is set;
 * nested (`${A:-${B:-x}}`). The workspace does not say what the shell or a `.env` sets, so the
 * written default is the value; `${VAR}` and the other operators are kept as written, `$$` is `$`.
 */
export function withDefaults(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === "$" && value[i + 1] === "$") {
      out += "$";
      i++;
      continue;
    }
    if (c !== "$" || value[i + 1] !== "{") {
      out += c;
      continue;
    }
    const end = closingBrace(value, i + 2);
    if (end < 0) return out + value.slice(i);
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(:?-)([\s\S]*)$/.exec(value.slice(i + 2, end));
    out += m ? withDefaults(m[3]!) : value.slice(i, end + 1);
    i = end;
  }
  return out;
}

/** The index of the `}` closing a `${` whose body starts at `from` (nested `${…}` skipped), or -1. */
function closingBrace(value: string, from: number): number {
  let depth = 0;
  for (let i = from; i < value.length; i++) {
    if (value[i] === "$" && value[i + 1] === "{") {
      depth++;
      i++;
    } else if (value[i] === "}") {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/**
 * The build context as a workspace-relative folder: `build: ../checkout` or
 * `build: {context: ../checkout}` (context defaults to "."), resolved against the compose
 * file's folder. Remote contexts (git/http URLs) and paths leaving the workspace give null.
 */
function buildDir(composePath: string, d: YamlDocument, build: Node | null): string | null {
  if (!build) return null;
  const context = isMap(build) ? (str(d, get(d, build, "context")) ?? (get(d, build, "context") === null ? "." : null)) : str(d, build);
  if (context === null || context.trim() === "") return null;
  const c = context.trim().replace(/\\/g, "/");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(c) || c.startsWith("git@") || c.startsWith("/") || /^[a-z]:\//i.test(c)) return null;
  const slash = composePath.lastIndexOf("/");
  const base = slash >= 0 ? composePath.slice(0, slash).split("/") : [];
  const parts = [...base];
  for (const seg of c.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.length === 0 ? "." : parts.join("/");
}
