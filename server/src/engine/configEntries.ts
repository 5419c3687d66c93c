/**
 * Application settings (Spring `application.yml`/`.properties`, .NET `appsettings.json`) as seen
 * from a code file: the entries of the configuration files whose `projectDir` holds the file,
 * deepest project first. Base files win over profile files (a profile is only active when the
 * deployment says so; the base file is what always applies), except that a key only a profile
 * sets is still found (marked with its profile).
 */
import type { ConfigEntryFact, FileFacts } from "../model/facts";
import { normalizeSettingKey } from "../model/settingsKeys";

export { normalizeSettingKey, projectDirOf } from "../model/settingsKeys";

export interface SettingValue {
  value: string;
  /** where the value is written */
  file: string;
  line: number;
  profile: string | null;
}


export class ConfigIndex {
  /** projectDir → normalized key → values (base file first) */
  private readonly byProject = new Map<string, Map<string, SettingValue[]>>();
  private readonly projectDirs: string[];

  /** `loaded`: entries of files a program loads itself (viper configuration: engine/viperConfig.ts) */
  constructor(files: readonly FileFacts[], loaded: ReadonlyArray<{ file: string; entry: ConfigEntryFact }> = []) {
    const add = (file: string, e: ConfigEntryFact) => {
      const dir = e.projectDir.replace(/\/+$/, "");
      let keys = this.byProject.get(dir);
      if (!keys) this.byProject.set(dir, (keys = new Map()));
      const k = normalizeSettingKey(e.key);
      const list = keys.get(k) ?? [];
      list.push({ value: e.value, file, line: e.line, profile: e.profile });
      list.sort((a, b) => profileRank(a) - profileRank(b) || fileRank(a.file) - fileRank(b.file));
      keys.set(k, list);
    };
    for (const f of files) for (const e of f.configEntries ?? []) add(f.path, e);
    for (const { file, entry } of loaded) add(file, entry);
    this.projectDirs = [...this.byProject.keys()].sort((a, b) => b.length - a.length);
  }

  get isEmpty(): boolean {
    return this.byProject.size === 0;
  }

  /** project folders holding `path`, deepest first */
  private projectsOf(path: string): string[] {
    return this.projectDirs.filter((d) => d === "" || path === d || path.startsWith(`${d}/`));
  }

  /**
   * The value a setting has for the code in `path` (its `${…}` placeholders resolved), or null.
   * With `env` (the running service's environment), a placeholder naming a variable it sets takes
   * that value first, as Spring's and MicroProfile Config's environment sources come before the
   * files (`${PERSON_API_URL:http://localhost}` with PERSON_API_URL set in the manifest).
   */
  lookup(path: string, key: string, depth = 0, env?: Readonly<Record<string, string>>): SettingValue | null {
    const k = normalizeSettingKey(key);
    for (const dir of this.projectsOf(path)) {
      const hit = this.byProject.get(dir)?.get(k)?.[0];
      if (hit) return depth < 4 ? { ...hit, value: this.interpolate(path, hit.value, depth + 1, env) } : hit;
    }
    return null;
  }

  /** Every entry under `prefix.` for the code in `path`: `resilience4j.retry.instances.inventory` → {max-attempts: …}. */
  entriesUnder(path: string, prefix: string): Map<string, SettingValue> {
    const p = `${normalizeSettingKey(prefix)}.`;
    const out = new Map<string, SettingValue>();
    // deepest project first: an entry already found there wins
    for (const dir of this.projectsOf(path)) {
      for (const [k, values] of this.byProject.get(dir) ?? []) {
        if (k.startsWith(p) && !out.has(k.slice(p.length))) out.set(k.slice(p.length), values[0]!);
      }
    }
    return out;
  }

  /** `http://${INVENTORY_HOST:inventory}:8080` → the setting's value, else the written default. */
  private interpolate(path: string, value: string, depth: number, env?: Readonly<Record<string, string>>): string {
    return value.replace(/\$\{([^}:]+)(?::([^}]*))?\}/g, (whole, name: string, fallback: string | undefined) => {
      const fromEnv = env ? envValue(env, name.trim()) : undefined;
      if (fromEnv !== undefined) return fromEnv;
      const hit = this.lookup(path, name, depth, env);
      if (hit) return hit.value;
      return fallback ?? whole;
    });
  }
}

/** An environment variable standing for a setting name: as written (`todoUrl`), then Spring's `TODO_URL` form (`.`/`-` → `_`, upper case). */
export function envValue(env: Readonly<Record<string, string>>, name: string): string | undefined {
  if (env[name] !== undefined) return env[name];
  const upper = name.replace(/[.:-]/g, "_").toUpperCase();
  return env[upper];
}

/**
 * Spring Boot precedence between files of one project: application.properties over
 * application.yml (same location), both over bootstrap.* (the bootstrap context's settings
 * are read first and overridden). Other files (appsettings.json) rank alike.
 */
/**
 * The base file first; then, among .NET `appsettings.<Environment>.json` files, Production's:
 * ASP.NET Core runs as Production when nothing sets ASPNETCORE_ENVIRONMENT (Development is what
 * launchSettings.json sets for a local run).
 */
function profileRank(v: SettingValue): number {
  if (v.profile === null) return 0;
  return /(^|\/)appsettings\.production\.json$/i.test(v.file) ? 1 : 2;
}

function fileRank(path: string): number {
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (base.startsWith("bootstrap")) return 2;
  return /^application.*\.ya?ml$/.test(base) ? 1 : 0;
}


export type { ConfigEntryFact };
