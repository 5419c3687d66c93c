/**
 * The pins of JVM build files (FileFacts.jvmBuild), shared by the pom.xml, Gradle and version
 * catalog readers: "group:artifact" keys, plus the family keys the version-dependent layers ask
 * for (model/facts.ts JvmBuildFacts): any `io.grpc`, `software.amazon.awssdk` or `org.springframework.ai` artifact stands for
 * its release train (their artifacts share one version, and a BOM pins them all), and Spring Boot
 * is pinned by its starter parent, its dependencies BOM or its Gradle plugin.
 */
import type { JvmBuildFacts } from "../../model/facts";

const RELEASE_TRAINS = new Set(["io.grpc", "software.amazon.awssdk", "org.springframework.ai"]);
export const SPRING_BOOT = "org.springframework.boot";
const SPRING_BOOT_PINS = new Set(["spring-boot-starter-parent", "spring-boot-dependencies", "spring-boot"]);

export function emptyBuild(): JvmBuildFacts {
  return { versions: {}, dependencies: [], properties: {} };
}

/** A declared dependency (on the classpath), with or without a version. */
export function addDependency(build: JvmBuildFacts, group: string, artifact: string): void {
  const key = `${group.trim()}:${artifact.trim()}`;
  if (group.trim() && artifact.trim() && !build.dependencies.includes(key)) build.dependencies.push(key);
}

/** Records `group:artifact` at `version` (the first pin of a key wins: a file names it once). */
export function addPin(build: JvmBuildFacts, group: string, artifact: string, version: string, line: number): void {
  const g = group.trim();
  const a = artifact.trim();
  const v = version.trim();
  if (!g || !a || !v) return;
  const set = (key: string) => {
    build.versions[key] ??= { version: v, line };
  };
  set(`${g}:${a}`);
  if (RELEASE_TRAINS.has(g)) set(g);
  if (g === SPRING_BOOT && SPRING_BOOT_PINS.has(a)) set(SPRING_BOOT);
}

/** A Gradle plugin `id "org.springframework.boot" version "3.0.4"`: Spring Boot's version. */
export function addPluginPin(build: JvmBuildFacts, id: string, version: string, line: number): void {
  if (id.trim() === SPRING_BOOT) addPin(build, SPRING_BOOT, "spring-boot", version, line);
}

export function addProperty(build: JvmBuildFacts, name: string, value: string, line: number): void {
  const n = name.trim();
  if (n && !(n in build.properties)) build.properties[n] = { value: value.trim(), line };
}

/**
 * A Gradle dependency notation `group:artifact[:version[:classifier]][@ext]` (version "" when none
 * is written: the platform or Spring's dependency management gives it); null when the string is
 * not one (a URL, a plugin id, a sentence).
 */
export function coordinate(text: string): { group: string; artifact: string; version: string } | null {
  if (text.includes("://") || /\s/.test(text)) return null;
  const parts = text.replace(/@[\w.]+$/, "").split(":");
  if (parts.length < 2 || parts.length > 4) return null;
  const [group, artifact, version = ""] = parts as [string, string, string?];
  if (!/^[\w.-]+$/.test(group) || !group.includes(".") || !/^[\w.-]+$/.test(artifact)) return null;
  return { group, artifact, version };
}

export function hasPins(build: JvmBuildFacts): boolean {
  return Object.keys(build.versions).length > 0 || build.dependencies.length > 0 || Object.keys(build.properties).length > 0;
}
