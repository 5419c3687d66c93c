/**
 * Go layers whose numbers changed within a major version (LayerFact.goModPin): the go.mod that
 * governs the layer's file (the one in its folder or the closest folder above it) decides. A
 * `require github.com/go-resty/resty/v2 v2.2.0` keeps SetRetryCount(n) at n attempts; v2.3.0 and
 * later (or no go.mod naming the module) keep the detector's numbers, the note naming the version.
 */
import type { FileFacts } from "../model/facts";
import type { RetryLayer } from "../model/model";

export function applyGoModPins(files: FileFacts[], layers: Map<string, RetryLayer>): void {
  if (![...layers.values()].some((l) => l.goModPin)) return;
  const mods = files.filter((f) => /(^|\/)go\.mod$/.test(f.path)).map((f) => ({ dir: dirOf(f.path), path: f.path, requires: f.imports }));
  for (const layer of layers.values()) {
    const pin = layer.goModPin;
    if (!pin) continue;
    const dir = dirOf(layer.file);
    const mod = mods.filter((m) => m.dir === "" || dir === m.dir || dir.startsWith(`${m.dir}/`)).sort((a, b) => b.dir.length - a.dir.length)[0];
    const version = mod?.requires.find((r) => r.module === pin.module)?.member ?? null;
    if (!version) continue;
    const where = `${pin.module} ${version} in ${mod!.path}`;
    if (compareVersions(version, pin.below) < 0) {
      layer.maxAttempts = pin.maxAttempts;
      layer.attemptsNote = pin.note.replaceAll("$version", where);
      layer.disabled = pin.maxAttempts === 1;
      if (pin.maxAttempts !== null) layer.countUnknown = false;
    } else layer.attemptsNote = layer.attemptsNote.replace(pin.assumed, where);
  }
}

/** semver order of `v2.6.0`, `v3.0.0+incompatible`, `v0.0.0-2020…` (pre-releases before their release) */
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

function dirOf(path: string): string {
  return path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
}
