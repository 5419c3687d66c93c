/**
 * Non-relative TypeScript/JavaScript imports resolved as tsc resolves them, from the facts of
 * `tsconfig*.json` / `jsconfig*.json` (TsConfigFact) and workspace `package.json`s (jsPackage):
 *
 * 1. the config governing the importing file: the nearest folder upwards holding a config
 *    whose `files`/`include`/`exclude` take the file (`tsconfig.json`, `jsconfig.json`, then
 *    other `tsconfig.*.json` there), with `extends` of relative configs followed (options of
 *    the extending config win; paths in a config are relative to that config's folder);
 * 2. `paths`: the exact key, else the `*` pattern with the longest prefix; each substitution is
 *    tried in order, relative to `baseUrl` or, without one, to the folder of the config that
 *    declares `paths`; then `baseUrl` itself (`import "lib/http"` → `<baseUrl>/lib/http`);
 * 3. a workspace package whose `name` is the specifier or its prefix (`@shop/http`,
 *    `@shop/http/retry`): its entry module, or a subpath under the package.
 * The caller probes each returned base path with the TS extensions (`.ts`, `/index.ts`, …).
 */
import type { FileFacts, TsConfigFact } from "../model/facts";

interface EffectiveConfig {
  path: string;
  /** absolute (workspace-relative) baseUrl, or null */
  baseUrl: string | null;
  /** paths with the folder their substitutions are relative to */
  paths: { map: Record<string, string[]>; base: string } | null;
  /** include/exclude/files patterns with the folder they are relative to */
  include: { patterns: string[]; base: string } | null;
  exclude: { patterns: string[]; base: string } | null;
  files: { names: string[]; base: string } | null;
}

const CONFIG_NAME = /^[jt]sconfig(?:\.[\w-]+)?\.json$/i;
const PRIMARY = ["tsconfig.json", "jsconfig.json"];
const DEFAULT_EXCLUDE = ["node_modules", "bower_components", "jspm_packages"];

export class TsPaths {
  private readonly configsByDir = new Map<string, FileFacts[]>();
  private readonly effective = new Map<string, EffectiveConfig | null>();
  private readonly packages: Array<{ name: string; dir: string; entry: string | null }> = [];
  private readonly governing = new Map<string, EffectiveConfig | null>();

  constructor(private readonly files: ReadonlyMap<string, FileFacts>) {
    for (const f of files.values()) {
      if (f.tsConfig && CONFIG_NAME.test(baseName(f.path))) {
        const dir = dirName(f.path);
        const list = this.configsByDir.get(dir) ?? [];
        list.push(f);
        list.sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path));
        this.configsByDir.set(dir, list);
      }
      if (f.jsPackage) this.packages.push({ name: f.jsPackage.name, dir: dirName(f.path), entry: f.jsPackage.entry });
    }
    // longest name first, so `@shop/http-retry` is not taken for `@shop/http`
    this.packages.sort((a, b) => b.name.length - a.name.length);
  }

  get isEmpty(): boolean {
    return this.configsByDir.size === 0 && this.packages.length === 0;
  }

  /** Base paths (without extension probing) a non-relative specifier may refer to, best first. */
  candidates(spec: string, fromPath: string): string[] {
    const out: Array<string | null> = [];
    const config = this.governingConfig(fromPath);
    if (config?.paths) {
      const hit = matchPaths(spec, config.paths.map);
      const base = config.baseUrl ?? config.paths.base;
      if (hit) for (const target of hit.targets) out.push(join(base, target.replace("*", hit.star)));
    }
    // a baseUrl of the workspace root (`"baseUrl": "."` beside the root package.json) is "", still a baseUrl
    if (config && config.baseUrl !== null) out.push(join(config.baseUrl, spec));
    for (const p of this.packages) {
      if (spec !== p.name && !spec.startsWith(`${p.name}/`)) continue;
      const sub = spec.slice(p.name.length + 1);
      if (sub) out.push(join(p.dir, sub), join(p.dir, `src/${sub}`));
      else {
        if (p.entry) out.push(join(p.dir, p.entry), join(p.dir, p.entry.replace(/^(\.\/)?(dist|lib|build|out)\//, "src/").replace(/\.d\.ts$/, "")));
        out.push(join(p.dir, "src/index"), join(p.dir, "index"));
      }
      break;
    }
    return out.filter((c): c is string => c !== null && c !== "");
  }

  /** The effective config of the nearest folder upwards whose config takes the file, or null. */
  private governingConfig(path: string): EffectiveConfig | null {
    const dir = dirName(path);
    const cached = this.governing.get(path);
    if (cached !== undefined) return cached;
    let found: EffectiveConfig | null = null;
    for (let d: string | null = dir; d !== null && !found; d = parentDir(d)) {
      for (const f of this.configsByDir.get(d) ?? []) {
        const eff = this.effectiveOf(f.path, 0);
        if (eff && takes(eff, path)) {
          found = eff;
          break;
        }
      }
    }
    this.governing.set(path, found);
    return found;
  }

  private effectiveOf(path: string, depth: number): EffectiveConfig | null {
    const cached = this.effective.get(path);
    if (cached !== undefined) return cached;
    const fact = this.files.get(path)?.tsConfig;
    if (!fact || depth > 4) return null;
    this.effective.set(path, null); // a cycle of extends ends here
    const own = ownSettings(path, fact);
    let merged: EffectiveConfig = { path, baseUrl: null, paths: null, include: null, exclude: null, files: null };
    for (const ext of fact.extends) {
      const base = this.extendedConfig(dirName(path), ext);
      const eff = base ? this.effectiveOf(base, depth + 1) : null;
      if (eff) merged = { ...merged, ...definedOnly(eff), path };
    }
    merged = { ...merged, ...definedOnly(own), path };
    this.effective.set(path, merged);
    return merged;
  }

  /** `./tsconfig.base.json`, `../tsconfig` (".json" implied); package configs are not in the workspace. */
  private extendedConfig(dir: string, spec: string): string | null {
    if (!spec.startsWith(".")) return null;
    const p = join(dir, spec);
    if (p === null) return null;
    for (const c of [p, `${p}.json`]) if (this.files.get(c)?.tsConfig) return c;
    return null;
  }
}

function ownSettings(path: string, fact: TsConfigFact): Partial<EffectiveConfig> {
  const dir = dirName(path);
  return {
    baseUrl: fact.baseUrl !== null ? join(dir, fact.baseUrl) : null,
    paths: fact.paths ? { map: fact.paths, base: dir } : null,
    include: fact.include ? { patterns: fact.include, base: dir } : null,
    exclude: fact.exclude ? { patterns: fact.exclude, base: dir } : null,
    files: fact.files ? { names: fact.files, base: dir } : null,
  };
}

function definedOnly(c: Partial<EffectiveConfig>): Partial<EffectiveConfig> {
  const out: Partial<EffectiveConfig> = {};
  for (const [k, v] of Object.entries(c)) if (v !== null && v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/** Whether a config's `files` / `include` / `exclude` take the file (tsc defaults: include all under the config, exclude node_modules). */
function takes(c: EffectiveConfig, path: string): boolean {
  const dir = dirName(c.path);
  if (c.files?.names.some((n) => join(c.files!.base, n) === path)) return true;
  const include = c.include ?? (c.files ? null : { patterns: ["**/*"], base: dir });
  if (!include || !include.patterns.some((p) => globMatches(join(include.base, p), path))) return false;
  const exclude = c.exclude ?? { patterns: DEFAULT_EXCLUDE, base: dir };
  return !exclude.patterns.some((p) => globMatches(join(exclude.base, p), path));
}

/** tsconfig globs: `*`, `?`, `**\/`; a pattern without a wildcard or extension names a folder. */
function globMatches(pattern: string | null, path: string): boolean {
  if (pattern === null) return false;
  const last = pattern.slice(pattern.lastIndexOf("/") + 1);
  const folder = !/[*?]/.test(pattern) && !/\.\w+$/.test(last);
  if (folder || pattern === "") return pattern === "" || path.startsWith(`${pattern}/`);
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (pattern.startsWith("**/", i)) {
      re += "(?:.*/)?";
      i += 2;
    } else if (ch === "*") re += "[^/]*";
    else if (ch === "?") re += "[^/]";
    else re += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`).test(path);
}

/** tsc's `paths` match: an exact key first, else the pattern with the longest prefix before `*`. */
function matchPaths(spec: string, paths: Record<string, string[]>): { targets: string[]; star: string } | null {
  if (paths[spec] && !spec.includes("*")) return { targets: paths[spec]!, star: "" };
  let best: { targets: string[]; star: string; prefix: number } | null = null;
  for (const [key, targets] of Object.entries(paths)) {
    const star = key.indexOf("*");
    if (star < 0 || key.indexOf("*", star + 1) >= 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (spec.length < prefix.length + suffix.length || !spec.startsWith(prefix) || !spec.endsWith(suffix)) continue;
    if (!best || prefix.length > best.prefix) best = { targets, star: spec.slice(prefix.length, spec.length - suffix.length), prefix: prefix.length };
  }
  return best;
}

function rank(path: string): number {
  const i = PRIMARY.indexOf(baseName(path).toLowerCase());
  return i < 0 ? PRIMARY.length : i;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

function dirName(path: string): string {
  return path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
}

function parentDir(dir: string): string | null {
  if (dir === "") return null;
  return dir.includes("/") ? dir.slice(0, dir.lastIndexOf("/")) : "";
}

/** Workspace-relative join with `.` and `..` folded; null when it leaves the workspace. */
function join(dir: string, rel: string): string | null {
  const parts = rel.startsWith("/") ? [] : dir.split("/").filter(Boolean);
  for (const seg of rel.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join("/");
}
