/**
 * How application settings are named and scoped, shared by the detectors that read settings
 * files (Spring, .NET) and the engine's link-time lookup (engine/configEntries.ts), so both
 * agree on keys and project folders.
 */

/** Keys compare relaxed, as Spring binds them: case, `-` and `_` do not matter; `:` (.NET) is `.`. */
export function normalizeSettingKey(key: string): string {
  return key.replace(/:/g, ".").replace(/[-_]/g, "").toLowerCase();
}

/** The folder whose code a configuration file configures: Spring's `<project>/src/main/resources` → `<project>`. */
export function projectDirOf(configPath: string): string {
  const dir = configPath.includes("/") ? configPath.slice(0, configPath.lastIndexOf("/")) : "";
  const m = /^(.*?)(?:^|\/)src\/(?:main|test)\/resources(?:\/.*)?$/.exec(dir);
  if (m) return m[1]!;
  return dir.replace(/(?:^|\/)(?:config|resources)$/, "");
}
