/**
 * Layers whose numbers changed between versions whatever their count's source (LayerFact.versionGate):
 * the build that governs the layer's file decides.
 * - "go": the go.mod in the file's folder or the closest folder above it. A
 *   `require github.com/go-resty/resty/v2 v2.2.0` keeps SetRetryCount(n) at n attempts; v2.3.0 and
 *   later (or no go.mod naming the module) keep the detector's numbers, the note naming the version.
 * - "maven": the nearest pom.xml / Gradle build / version catalog (engine/jvmVersions.ts). grpc-java
 *   1.39 and earlier leave a service config's retryPolicy inert unless `enableRetry()`; Spring AI
 *   2.0 counts `spring.ai.retry.max-attempts` as retries (one attempt more than 1.x).
 */
import type { FileFacts } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { dirOf, isUnder } from "../model/paths";
import { governingBuilds, jvmBuildFiles, jvmVersionOf, type JvmBuildFile } from "./jvmVersions";

export function applyVersionGates(files: FileFacts[], layers: Map<string, RetryLayer>): void {
  if (![...layers.values()].some((l) => l.versionGate)) return;
  const mods = files.filter((f) => /(^|\/)go\.mod$/.test(f.path)).map((f) => ({ dir: dirOf(f.path), path: f.path, requires: f.imports }));
  let builds: JvmBuildFile[] | null = null;
  for (const layer of layers.values()) {
    const gate = layer.versionGate;
    if (!gate) continue;
    let version: string | null;
    let where: string;
    if (gate.ecosystem === "maven") {
      builds ??= jvmBuildFiles(files);
      const pin = jvmVersionOf(governingBuilds(builds, layer.file), gate.module);
      if (!pin) continue;
      ({ version, where } = pin);
    } else {
      const dir = dirOf(layer.file);
      const mod = mods.filter((m) => isUnder(m.dir, dir)).sort((a, b) => b.dir.length - a.dir.length)[0];
      version = mod?.requires.find((r) => r.module === gate.module)?.member ?? null;
      if (!version) continue;
      where = `${gate.module} ${version} in ${mod!.path}`;
    }
    if (version !== null && gate.below !== undefined && compareVersions(version, gate.below) < 0) {
      layer.maxAttempts = gate.maxAttempts ?? null;
      layer.attemptsNote = gate.note.replaceAll("$version", where);
      layer.disabled = gate.maxAttempts === 1;
      if (layer.maxAttempts !== null) layer.countUnknown = false;
    } else if (version !== null && gate.from !== undefined && compareVersions(version, gate.from) >= 0) {
      if (layer.maxAttempts !== null) layer.maxAttempts += gate.addAttempts ?? 0;
      layer.attemptsNote = gate.note.replaceAll("$version", where);
      layer.disabled = layer.maxAttempts === 1;
    } else layer.attemptsNote = layer.attemptsNote.replace(gate.assumed, version === null ? `${where}: not read, ${gate.assumed}` : where);
  }
}

/** semver order of `v2.6.0`, `v3.0.0+incompatible`, `v0.0.0-2020…` (pre-releases before their release), Maven's `2.1.4.RELEASE` */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const [core, pre] = v.replace(/^v/, "").replace(/\+.*$/, "").split("-", 2) as [string, string | undefined];
    return { nums: core.split(".").map((x) => Number(x) || 0), pre: pre !== undefined };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d) return d;
  }
  return x.pre === y.pre ? 0 : x.pre ? -1 : 1;
}
