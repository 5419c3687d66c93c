/**
 * Gradle version catalogs (`gradle/libs.versions.toml`, parsed with parsing/toml.ts): the versions
 * of `[libraries]` and `[plugins]`, with `version.ref` looked up in `[versions]`
 * (docs.gradle.org "Version catalogs", TOML format, Gradle 7.4+). A catalog serves the build whose
 * `gradle/` folder holds it (JvmBuildFacts.appliesToParent). Rich versions (`{ strictly, require,
 * prefer }`) give their `strictly`, then `require`, then `prefer` value.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { parseToml } from "../../parsing/toml";
import { addPin, addPluginPin, coordinate, emptyBuild, hasPins } from "./jvmPins";

type Table = Record<string, unknown>;

export function extractVersionCatalog(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  const toml = parseToml(text);
  facts.problems.push(...toml.problems);
  const root = toml.value;
  if (!root) return facts;
  const build = emptyBuild();
  const versions = table(root.versions);
  const versionOf = (v: unknown): string | null => {
    if (typeof v === "string") return v;
    const t = table(v);
    if (typeof t.ref === "string") return versionOf(versions[t.ref]);
    for (const k of ["strictly", "require", "prefer"]) if (typeof t[k] === "string") return t[k] as string;
    return null;
  };
  for (const [alias, entry] of Object.entries(table(root.libraries))) {
    const line = toml.lineOf(["libraries", alias]) ?? 1;
    if (typeof entry === "string") {
      const c = coordinate(entry);
      if (c?.version) addPin(build, c.group, c.artifact, c.version, line);
      continue;
    }
    const e = table(entry);
    const [group, name] = typeof e.module === "string" ? e.module.split(":", 2) : [e.group, e.name];
    const version = versionOf(e.version);
    if (typeof group === "string" && typeof name === "string" && version) addPin(build, group, name, version, line);
  }
  for (const [alias, entry] of Object.entries(table(root.plugins))) {
    const line = toml.lineOf(["plugins", alias]) ?? 1;
    const [id, written] = typeof entry === "string" ? entry.split(":", 2) : [table(entry).id, versionOf(table(entry).version)];
    if (typeof id === "string" && typeof written === "string" && written) addPluginPin(build, id, written, line);
  }
  if (hasPins(build)) facts.jvmBuild = { ...build, appliesToParent: true };
  return facts;
}

function table(v: unknown): Table {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Table) : {};
}
