/**
 * docker-compose services: which folder holds each service's code (the build context) and the
 * environment it runs with, so the linker can tie a file to its service and resolve
 * `os.environ["INVENTORY_URL"]` to a host (DESIGN.md "link"). Compose itself never retries
 * requests (`restart:` restarts containers), so no layers come from here.
 */
import { isMap, isSeq } from "yaml";
import type { WorkloadFact } from "../../model/facts";
import { asMap, get, keyName, mapPairs, pairSpan, seqItems, str, type Node, type YamlDocument } from "../../parsing/yaml";
import { kubernetesKind, type YamlDetectorContext } from "./context";

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
    ctx.facts.workloads.push(fact);
  }
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
      env[entry.slice(0, eq).trim()] = entry.slice(eq + 1);
    }
  } else if (node && isMap(node)) {
    for (const p of mapPairs(d, node)) {
      const k = keyName(d, p);
      const v = str(d, p.value);
      if (k !== null && v !== null) env[k] = v;
    }
  }
  return env;
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
