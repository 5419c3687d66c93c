/**
 * SDK defaults that changed across versions (LayerFact.versionDefaults): a layer whose count is
 * the library's default takes the default of the version its project pins. Without a pin, the
 * layer keeps the newest default its detector wrote, and its note says that version was assumed.
 *
 * - npm (the default ecosystem): the `package.json` in the layer's folder or the closest folder
 *   above it that names the package (`"stripe": "^18.1.1"` → 18, the lowest major the range allows).
 * - nuget: the same nearest-folder rule over `.csproj` PackageReferences and `Directory.Packages.props`
 *   PackageVersions (`Version="3.7.100"` → 3; a floating `4.*` → 4).
 * - pypi: the Python pins (FileFacts.pythonPins, detectors/json/pythonPins.ts) of requirements*.txt
 *   (with the files they `-r`/`-c` include), pyproject.toml, Pipfile and the lock files (uv.lock,
 *   poetry.lock, Pipfile.lock) in the layer's folder or a folder above it. An exact pin (a lock
 *   file's version, `==8.1.0`) beats a range, then the nearest folder wins; a lock file also gives
 *   the packages pulled in by others (redis-py through rq). A range's version is the newest it
 *   allows, as pip would install: `~=7.1` / `>=6,<8` / `^7.0` → 7; a range with no upper bound
 *   (`>=4.2`, `*`) allows the newest, so the newest default stays (the note says so).
 * - maven: the JVM build governing the layer's file (engine/jvmVersions.ts: pom.xml, Gradle builds,
 *   version catalogs; Spring Boot's managed versions), compared per entry's `fromVersion`.
 */
import type { FileFacts, PythonPin, VersionDefaults } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { governingBuilds, jvmBuildFiles, jvmVersionOf, type JvmBuildFile } from "./jvmVersions";
import { dirOf, isUnder } from "../model/paths";
import { compareVersions } from "./versionGates";

export function applySdkVersions(files: FileFacts[], layers: Map<string, RetryLayer>): void {
  if (![...layers.values()].some((l) => l.versionDefaults)) return;
  const manifests = files.filter((f) => f.packageVersions).map((f) => ({ dir: dirOf(f.path), name: f.path.slice(f.path.lastIndexOf("/") + 1), versions: f.packageVersions! }));
  let python: PythonPinFile[] | null = null;
  let builds: JvmBuildFile[] | null = null;
  for (const layer of layers.values()) {
    const v = layer.versionDefaults;
    if (!v || layer.attemptsSource !== "default") continue;
    if (v.ecosystem === "pypi") {
      python ??= pythonPinFiles(files);
      applyPythonPin(layer, v, python);
      continue;
    }
    if (v.ecosystem === "maven") {
      builds ??= jvmBuildFiles(files);
      applyMavenPin(layer, v, builds);
      continue;
    }
    const dir = dirOf(layer.file);
    const pinned = manifests
      .filter((m) => m.versions[v.package] !== undefined && isUnder(m.dir, dir))
      .sort((a, b) => b.dir.length - a.dir.length)[0];
    const range = pinned?.versions[v.package];
    const major = range !== undefined ? lowestMajor(range) : null;
    const entries = [...v.byMajor].sort((a, b) => b.fromMajor - a.fromMajor);
    if (major === null) {
      const manifest = v.ecosystem === "nuget" ? "a .csproj or Directory.Packages.props" : "a package.json";
      const assumed = v.assumedMajor !== undefined ? `${v.package.split(".")[0]} v${v.assumedMajor}` : `≥ ${entries[0]?.fromMajor ?? "?"}`;
      layer.attemptsNote += `; ${v.package} ${range !== undefined ? `"${range}" not read, ` : `not pinned in ${manifest}: `}${assumed} assumed`;
      continue;
    }
    const entry = entries.find((e) => e.fromMajor <= major) ?? entries[entries.length - 1];
    if (!entry) continue;
    setEntry(layer, entry, `${v.package} ${range} pinned in ${pinned!.dir ? `${pinned!.dir}/` : ""}${pinned!.name}`);
  }
}

export interface PythonPinFile {
  path: string;
  dir: string;
  pins: Record<string, PythonPin>;
  lock: boolean;
}

/** every file with Python pins, a requirements file's pins merged with those of the files it includes (its own first) */
export function pythonPinFiles(files: FileFacts[]): PythonPinFile[] {
  const byPath = new Map(files.filter((f) => f.pythonPins || f.pythonPinIncludes).map((f) => [f.path, f]));
  const collect = (f: FileFacts, seen: Set<string>): Record<string, PythonPin & { from?: string }> => {
    const out: Record<string, PythonPin & { from?: string }> = { ...(f.pythonPins ?? {}) };
    for (const inc of f.pythonPinIncludes ?? []) {
      const g = byPath.get(inc);
      if (!g || seen.has(inc) || seen.size > 20) continue;
      seen.add(inc);
      for (const [name, pin] of Object.entries(collect(g, seen))) if (!(name in out)) out[name] = { ...pin, from: pin.from ?? inc };
    }
    return out;
  };
  return [...byPath.values()].map((f) => ({ path: f.path, dir: dirOf(f.path), pins: collect(f, new Set([f.path])), lock: /(^|\/)(uv\.lock|poetry\.lock|Pipfile\.lock)$/.test(f.path) }));
}

/**
 * The pin that governs `package` for `file`: an exact pin beats a range, then the nearest folder,
 * a lock file, a non-dev file (also used by fixes that depend on the pinned version: fixes/pythonPin.ts).
 */
export function governingPythonPin(files: PythonPinFile[], file: string, pkg: string): { f: PythonPinFile; pin: PythonPin & { from?: string }; version: ReturnType<typeof pythonVersion> } | null {
  const name = pkg.toLowerCase().replace(/[-_.]+/g, "-");
  const dir = dirOf(file);
  const devName = (p: string) => /(^|[-_./])(dev|test|tests|lint|docs?)([-_.]|\.txt$)/i.test(p.slice(p.lastIndexOf("/") + 1));
  const candidates = files
    .filter((f) => f.pins[name] && isUnder(f.dir, dir))
    .map((f) => ({ f, pin: f.pins[name]! as PythonPin & { from?: string }, version: pythonVersion(f.pins[name]!.spec) }))
    .sort((a, b) => Number(b.version.exact) - Number(a.version.exact) || b.f.dir.length - a.f.dir.length || Number(b.f.lock) - Number(a.f.lock) || Number(devName(a.f.path)) - Number(devName(b.f.path)) || (a.f.path < b.f.path ? -1 : 1));
  return candidates[0] ?? null;
}

function applyPythonPin(layer: RetryLayer, v: VersionDefaults, files: PythonPinFile[]): void {
  const entries = [...v.byMajor].sort((a, b) => b.fromMajor - a.fromMajor);
  const newest = entries[0]?.fromMajor ?? "?";
  const best = governingPythonPin(files, layer.file, v.package);
  if (!best) {
    layer.attemptsNote += `; ${v.package} not pinned in a requirements file, pyproject.toml or lock file: ≥ ${newest} assumed`;
    return;
  }
  const where = `${best.pin.from ?? best.f.path}:${best.pin.line}`;
  const written = best.pin.locked ? `${v.package} ${best.pin.spec.replace(/^==/, "")} locked in ${where}` : `${v.package}${best.pin.spec ? ` ${best.pin.spec}` : ""} in ${where}`;
  if (best.version.major === null) {
    layer.attemptsNote += `; ${written} ${best.version.open ? "allows the newest" : "not read"}: ≥ ${newest} assumed`;
    return;
  }
  const major = best.version.major;
  const entry = entries.find((e) => e.fromMajor <= major) ?? entries[entries.length - 1];
  if (!entry) return;
  setEntry(layer, entry, best.version.exact ? written : `${written} → newest allowed ${major}.x`);
}

function applyMavenPin(layer: RetryLayer, v: VersionDefaults, builds: JvmBuildFile[]): void {
  const from = (e: VersionDefaults["byMajor"][number]) => e.fromVersion ?? String(e.fromMajor);
  const entries = [...v.byMajor].sort((a, b) => compareVersions(from(b), from(a)));
  const newest = entries[0] ? from(entries[0]) : "?";
  const pin = jvmVersionOf(governingBuilds(builds, layer.file), v.package, v.managed);
  if (!pin) {
    layer.attemptsNote += `; ${v.package} not pinned in a pom.xml, Gradle build or version catalog above this file: ≥ ${newest} assumed`;
    return;
  }
  if (pin.version === null) {
    layer.attemptsNote += `; ${pin.where}: not read, ≥ ${newest} assumed`;
    return;
  }
  const entry = entries.find((e) => compareVersions(pin.version!, from(e)) >= 0) ?? entries[entries.length - 1];
  if (entry) setEntry(layer, entry, pin.where);
}

function setEntry(layer: RetryLayer, entry: VersionDefaults["byMajor"][number], where: string): void {
  layer.maxAttempts = entry.maxAttempts;
  layer.attemptsNote = `${entry.note} (${where})`;
  layer.disabled = entry.maxAttempts === 1;
  if (entry.maxAttempts !== null) layer.timeBound = null;
  if (entry.wait) layer.wait = entry.wait;
}

/** The lowest major version a range allows: `^18.1.1`, `~12.0`, `>=10 <12`, `18.x`, `v17.0.0` → the first number; `*`, `latest`, tags → null. */
export function lowestMajor(range: string): number | null {
  const m = /^\s*(?:[\^~=v]|>=?)*\s*(\d+)(?:[.\s]|$)/.exec(range.replace(/^npm:[^@]+@/, ""));
  return m ? Number(m[1]) : null;
}

/**
 * The major version pip/Poetry would install for a PEP 440 or Poetry specifier: `==8.1.0` (exact)
 * → 8; `==7.*`, `~=7.1`, `^7.0`, `~7.1`, `>=6,<8`, `<=7.4` → 7 (the newest the range allows);
 * `>=4.2`, `*`, `""` → null with `open` (no upper bound: the newest release); `!=5.0` alone,
 * `||` alternatives → null.
 */
export function pythonVersion(spec: string): { major: number | null; exact: boolean; open: boolean } {
  const s = spec.replace(/\s+/g, "");
  if (s === "" || s === "*") return { major: null, exact: false, open: true };
  if (s.includes("||") || s.includes("|")) return { major: null, exact: false, open: false };
  let upper: number | null = null;
  let lower: number | null = null;
  for (const clause of s.split(",")) {
    const m = /^(===|==|~=|!=|<=|>=|<|>|\^|~|=)?v?(\d+)((?:\.(?:\d+|\*))*)(?:[a-z].*)?$/i.exec(clause);
    if (!m) {
      if (clause === "*") continue;
      return { major: null, exact: false, open: false };
    }
    const op = m[1] ?? "==";
    const major = Number(m[2]);
    const rest = (m[3] ?? "").split(".").filter(Boolean);
    const wildcard = rest.includes("*");
    const zeros = rest.every((r) => r === "0");
    switch (op) {
      case "===":
      case "==":
      case "=":
        if (!wildcard) return { major, exact: true, open: false };
        lower = Math.max(lower ?? 0, major);
        upper = Math.min(upper ?? Infinity, major);
        break;
      case "~=":
      case "^":
      case "~":
        // `~=7` alone is invalid PEP 440; `^0.x` / `~=7.1` / `~7.1` stay within major 7
        lower = Math.max(lower ?? 0, major);
        upper = Math.min(upper ?? Infinity, op === "~=" && rest.length === 0 ? Infinity : major);
        break;
      case ">=":
      case ">":
        lower = Math.max(lower ?? 0, major);
        break;
      case "<":
        // `<8`, `<8.0`, `<8.0.0` exclude every 8.x; `<8.1` allows 8.0
        upper = Math.min(upper ?? Infinity, zeros ? major - 1 : major);
        break;
      case "<=":
        upper = Math.min(upper ?? Infinity, major);
        break;
      case "!=":
        break;
    }
  }
  if (upper === null || upper === Infinity) return { major: null, exact: false, open: true };
  if (lower !== null && upper < lower) return { major: null, exact: false, open: false };
  return { major: upper, exact: false, open: false };
}
