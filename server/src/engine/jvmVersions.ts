/**
 * The version a JVM build gives a package, for layers whose numbers changed across versions
 * (LayerFact.versionDefaults / versionGate with ecosystem "maven"). The build files that govern a
 * source file are those in its folder and the folders above it (Maven module and parent poms,
 * Gradle subprojects and the root build with its gradle.properties and `gradle/libs.versions.toml`),
 * nearest first:
 *
 * 1. the package's own pin in the nearest build file naming it (`kafka-clients:2.0.1`), its
 *    `${property}` / `$variable` looked up in that file, then in the files above;
 * 2. a dependency-management property (`<kafka.version>`, `ext['kafka.version']`) when Spring Boot
 *    manages the build: Spring Boot's BOM takes the version from it;
 * 3. the version another pinned package brings (spring-kafka 2.2 → kafka-clients 2.0.1).
 *
 * A version that stays a placeholder or a range is reported as written ("not read").
 */
import type { FileFacts, JvmBuildFacts, VersionDefaults } from "../model/facts";
import { dirOf, isUnder } from "../model/paths";
import { compareVersions } from "./versionGates";

export interface JvmBuildFile {
  path: string;
  /** the folder the file governs ('' = the workspace root) */
  dir: string;
  build: JvmBuildFacts;
}

export interface JvmVersion {
  /** a concrete version (`2.0.1`, the lower bound of a range), or null when it could not be read */
  version: string | null;
  /** what the note says: `org.apache.kafka:kafka-clients 2.0.1 in svc/pom.xml:40` */
  where: string;
}

export function jvmBuildFiles(files: readonly FileFacts[]): JvmBuildFile[] {
  const out: JvmBuildFile[] = [];
  for (const f of files) {
    if (!f.jvmBuild) continue;
    let dir = dirOf(f.path);
    if (f.jvmBuild.appliesToParent) dir = dirOf(dir);
    out.push({ path: f.path, dir, build: f.jvmBuild });
  }
  return out;
}

/** The build files governing `file`, nearest folder first. */
export function governingBuilds(builds: readonly JvmBuildFile[], file: string): JvmBuildFile[] {
  const dir = dirOf(file);
  return builds.filter((b) => isUnder(b.dir, dir)).sort((a, b) => b.dir.length - a.dir.length);
}

export function jvmVersionOf(chain: readonly JvmBuildFile[], pkg: string, managed?: VersionDefaults["managed"]): JvmVersion | null {
  const own = pinOf(chain, pkg);
  if (own) return own;
  if (managed?.property && pinOf(chain, SPRING_BOOT)) {
    const i = chain.findIndex((b) => b.build.properties[managed.property!]);
    if (i >= 0) {
      const p = chain[i]!.build.properties[managed.property]!;
      const value = resolve(chain, i, p.value);
      return { version: concrete(value), where: `${pkg} ${value} (Spring Boot's ${managed.property} in ${chain[i]!.path}:${p.line})` };
    }
  }
  for (const by of managed?.impliedBy ?? []) {
    const pin = pinOf(chain, by.package);
    if (!pin) continue;
    if (pin.version === null) return { version: null, where: `${pkg} through ${pin.where}` };
    const entry = [...by.versions].sort((a, b) => compareVersions(b.from, a.from)).find((e) => compareVersions(pin.version!, e.from) >= 0);
    if (entry) return { version: entry.version, where: `${pkg} ${entry.text ?? entry.version}, as ${pin.where} brings` };
  }
  return null;
}

const SPRING_BOOT = "org.springframework.boot";

function pinOf(chain: readonly JvmBuildFile[], pkg: string): JvmVersion | null {
  const i = chain.findIndex((b) => b.build.versions[pkg]);
  if (i < 0) return null;
  const pin = chain[i]!.build.versions[pkg]!;
  const value = resolve(chain, i, pin.version);
  return { version: concrete(value), where: `${pkg} ${value} in ${chain[i]!.path}:${pin.line}` };
}

/** `${kafka.version}`, `$grpcVersion`, `${project.ext.x}` → the property's value from the file, then the files above it */
function resolve(chain: readonly JvmBuildFile[], from: number, value: string, depth = 0): string {
  if (depth > 5 || !value.includes("$")) return value;
  const out = value.replace(/\$\{([^}]+)\}|\$([A-Za-z_][\w]*)/g, (whole, braced: string | undefined, bare: string | undefined) => {
    const name = (braced ?? bare ?? "").trim().replace(/^(rootProject|project)\.(ext\.|extra\.)?|^ext\./, "");
    for (let i = from; i < chain.length; i++) {
      const p = chain[i]!.build.properties[name];
      if (p) return resolve(chain, i, p.value, depth + 1);
    }
    return whole;
  });
  return out;
}

/** `2.0.1`, `2.1.4.RELEASE` → as is; a Maven range `[2.0,3.0)` → its lower bound; a placeholder, `latest.release`, `+` → null */
function concrete(value: string): string | null {
  const v = value.trim();
  const range = /^[[(]\s*([^,\])]*)\s*[,\])]/.exec(v);
  const text = range ? range[1]!.trim() : v;
  return /^\d+(\.\d+)*([.-][\w.-]*)?$/.test(text) ? text : null;
}
