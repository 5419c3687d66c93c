/**
 * SDK defaults that changed across versions (LayerFact.versionDefaults): a layer whose count is
 * the library's default takes the default of the version the nearest package manifest pins — the
 * `package.json` in the layer's folder or the closest folder above it that names the package
 * (`"stripe": "^18.1.1"` → 18). Without a manifest naming it, the layer keeps the newest default
 * its detector wrote, and its note says that version was assumed.
 */
import type { FileFacts } from "../model/facts";
import type { RetryLayer } from "../model/model";

export function applySdkVersions(files: FileFacts[], layers: Map<string, RetryLayer>): void {
  const manifests = files.filter((f) => f.packageVersions).map((f) => ({ dir: dirOf(f.path), versions: f.packageVersions! }));
  if (![...layers.values()].some((l) => l.versionDefaults)) return;
  for (const layer of layers.values()) {
    const v = layer.versionDefaults;
    if (!v || layer.attemptsSource !== "default") continue;
    const dir = dirOf(layer.file);
    const pinned = manifests
      .filter((m) => m.versions[v.package] !== undefined && (m.dir === "" || dir === m.dir || dir.startsWith(`${m.dir}/`)))
      .sort((a, b) => b.dir.length - a.dir.length)[0];
    const range = pinned?.versions[v.package];
    const major = range !== undefined ? lowestMajor(range) : null;
    const entries = [...v.byMajor].sort((a, b) => b.fromMajor - a.fromMajor);
    if (major === null) {
      layer.attemptsNote += `; ${v.package} ${range !== undefined ? `"${range}" not read, ` : "not pinned in a package.json: "}≥ ${entries[0]?.fromMajor ?? "?"} assumed`;
      continue;
    }
    const entry = entries.find((e) => e.fromMajor <= major) ?? entries[entries.length - 1];
    if (!entry) continue;
    layer.maxAttempts = entry.maxAttempts;
    layer.attemptsNote = `${entry.note} (${v.package} ${range} pinned in ${pinned!.dir ? `${pinned!.dir}/` : ""}package.json)`;
    layer.disabled = entry.maxAttempts === 1;
  }
}

function dirOf(path: string): string {
  return path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
}

/** The lowest major version a range allows: `^18.1.1`, `~12.0`, `>=10 <12`, `18.x`, `v17.0.0` → the first number; `*`, `latest`, tags → null. */
export function lowestMajor(range: string): number | null {
  const m = /^\s*(?:[\^~=v]|>=?)*\s*(\d+)(?:[.\s]|$)/.exec(range.replace(/^npm:[^@]+@/, ""));
  return m ? Number(m[1]) : null;
}
