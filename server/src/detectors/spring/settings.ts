/**
 * What the two Spring Boot configuration formats (application*.yml, application*.properties)
 * have in common once parsed: documents of flattened settings (`a.b[0].c` → value as written),
 * each with the profile it applies to, and lookups in them (relaxed keys, lists, placeholders).
 * The format readers produce `SettingsDocument`s; springFacts.ts turns them into facts.
 */
import type { SourceSpan } from "../../model/facts";
// the detector and the link-time index (engine/configEntries.ts) must agree on keys
import { normalizeSettingKey } from "../../model/settingsKeys";

export interface SettingEntry {
  /** flattened key as written: `resilience4j.retry.instances.inventory.max-attempts`, `routes[0].uri` */
  key: string;
  /** scalar as written; `${…}` kept */
  value: string;
  /** the key (YAML), the list item (YAML scalar lists) or the property key (.properties) */
  span: SourceSpan;
}

export interface SettingsDocument {
  entries: SettingEntry[];
  /** `application-prod.yml`, `spring.config.activate.on-profile: prod`; null = always active */
  profile: string | null;
}

/** Files Spring Boot loads as configuration: application.yml, application-prod.properties, bootstrap.yaml. */
const SPRING_CONFIG = /^(application|bootstrap)(?:-([\w.-]+))?\.(ya?ml|properties)$/;

export function isSpringConfigFile(path: string): boolean {
  return SPRING_CONFIG.test(baseName(path));
}

/** `application-prod.yml` → "prod"; `application.yml` → null. */
export function profileOfFile(path: string): string | null {
  return SPRING_CONFIG.exec(baseName(path))?.[2] ?? null;
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Relaxed binding as Spring does it (case, `-` and `_` do not matter), the same as link-time lookups. */
export const relaxedKey = normalizeSettingKey;

/** The settings of one document by relaxed key; a later entry for the same key wins (as in Spring). */
export class SettingsMap {
  private readonly byKey = new Map<string, SettingEntry>();

  constructor(entries: readonly SettingEntry[], private readonly fallback: SettingsMap | null = null) {
    for (const e of entries) this.byKey.set(relaxedKey(e.key), e);
  }

  get(key: string): SettingEntry | null {
    return this.byKey.get(relaxedKey(key)) ?? this.fallback?.get(key) ?? null;
  }

  /** Indexes of a list: `routes` → [0, 1] for `routes[0].id`, `routes[1]`. */
  indexes(listKey: string): number[] {
    const prefix = `${relaxedKey(listKey)}[`;
    const out = new Set<number>();
    for (const k of this.byKey.keys()) {
      if (!k.startsWith(prefix)) continue;
      const end = k.indexOf("]", prefix.length);
      const n = end > prefix.length ? Number(k.slice(prefix.length, end)) : NaN;
      if (Number.isInteger(n) && n >= 0) out.add(n);
    }
    return [...out].sort((a, b) => a - b);
  }

  /** Whether any setting lies under `prefix` (`backoff` → `backoff.factor`). */
  hasUnder(prefix: string): boolean {
    const p = relaxedKey(prefix);
    for (const k of this.byKey.keys()) if (k === p || k.startsWith(`${p}.`) || k.startsWith(`${p}[`)) return true;
    return false;
  }

  /**
   * A list setting written either as one comma-separated value (`methods: GET,POST`) or as a
   * list (`methods: [GET, POST]`); null when not set.
   */
  list(key: string): { values: string[]; entry: SettingEntry } | null {
    const one = this.get(key);
    if (one) return { values: splitList(one.value), entry: one };
    const items = this.indexes(key).map((i) => this.get(`${key}[${i}]`)).filter((e): e is SettingEntry => e !== null);
    return items.length ? { values: items.flatMap((e) => splitList(e.value)), entry: items[0]! } : null;
  }

  /**
   * `${name:default}` placeholders resolved from these settings (then the written default); null
   * when one cannot be resolved (an environment variable, a setting written elsewhere).
   */
  resolve(value: string, depth = 0): string | null {
    if (!value.includes("${")) return value;
    if (depth > 4) return null;
    let unresolved = false;
    const out = value.replace(/\$\{([^}:]+)(?::([^}]*))?\}/g, (_whole, name: string, fallback: string | undefined) => {
      const hit = this.get(name.trim());
      const resolved = hit ? this.resolve(hit.value, depth + 1) : null;
      if (resolved !== null) return resolved;
      if (fallback !== undefined) return fallback;
      unresolved = true;
      return "";
    });
    return unresolved ? null : out;
  }
}

function splitList(value: string): string[] {
  return value.split(",").map((s) => s.trim()).filter((s) => s !== "");
}

/** Too many settings for a configuration file: the rest is not read (generated or hostile input). */
export const MAX_SETTINGS = 20_000;

