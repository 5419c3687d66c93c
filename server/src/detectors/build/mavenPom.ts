/**
 * Maven `pom.xml` (read with sax, parsing/xml.ts): the versions the project pins, for layers whose
 * defaults changed across versions (FileFacts.jvmBuild, engine/jvmVersions.ts).
 * - `<dependencies>` and `<dependencyManagement><dependencies>` entries (a BOM import is one, with
 *   `<scope>import</scope>`), their `<version>` as written (`${kafka.version}` is resolved later,
 *   against this pom's properties and those of the poms above it);
 * - `<parent>`: Spring Boot's starter parent pins Spring Boot (and through it kafka-clients, see
 *   docs/reference/kafka.md); any parent's version is `${project.parent.version}`;
 * - `<properties>`, plus `project.version`;
 * - the declared `<dependencies>` (not test-scoped), versioned or not: what is on the classpath.
 * Profiles are not read (a profile's dependencies may be inactive).
 */
import { emptyFacts, type FileFacts } from "../../model/facts";
import { parseXml, type XmlElement } from "../../parsing/xml";
import { addDependency, addPin, addProperty, emptyBuild, hasPins } from "./jvmPins";

export function extractPom(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  const doc = parseXml(text);
  facts.problems.push(...doc.problems);
  const project = doc.roots.find((r) => r.name === "project");
  if (!project) return facts;
  const build = emptyBuild();
  const child = (el: XmlElement, name: string) => el.children.find((c) => c.name === name);
  for (const p of child(project, "properties")?.children ?? []) addProperty(build, p.name, p.text, p.line);
  const parent = child(project, "parent");
  const parentVersion = parent && child(parent, "version");
  if (parent && parentVersion) {
    addPin(build, child(parent, "groupId")?.text ?? "", child(parent, "artifactId")?.text ?? "", parentVersion.text, parentVersion.line);
    addProperty(build, "project.parent.version", parentVersion.text, parentVersion.line);
  }
  const version = child(project, "version") ?? parentVersion;
  if (version) addProperty(build, "project.version", version.text, version.line);
  const management = child(project, "dependencyManagement");
  const lists = [child(project, "dependencies"), management && child(management, "dependencies")];
  for (const list of lists) {
    for (const dep of list?.children ?? []) {
      if (dep.name !== "dependency") continue;
      const v = child(dep, "version");
      const group = child(dep, "groupId")?.text ?? "";
      const artifact = child(dep, "artifactId")?.text ?? "";
      if (list === lists[0] && child(dep, "scope")?.text !== "test") addDependency(build, group, artifact);
      if (v) addPin(build, group, artifact, v.text, v.line);
    }
  }
  if (hasPins(build)) facts.jvmBuild = build;
  return facts;
}
