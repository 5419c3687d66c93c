/**
 * Facts from a Spring configuration file's documents (settings.ts): `configEntries`, the service
 * the project is (`spring.application.name`), and Spring Cloud Gateway routes (cloudGateway.ts).
 */
import type { FileFacts, SourceSpan, WorkloadFact } from "../../model/facts";
import { projectDirOf } from "../../model/settingsKeys";
import { detectCloudGateway } from "./cloudGateway";
import { detectCloudStream } from "./cloudStream";
import { detectSpringClientSettings } from "./clientSettings";
import { detectMongoSettings } from "./mongoSettings";
import { relaxedKey, SettingsMap, type SettingsDocument } from "./settings";

/**
 * Facts from a Spring configuration file's documents. The last entry for a key in a profile wins
 * (later documents override earlier ones, and a .properties key written twice keeps the last).
 */
export function addSpringFacts(facts: FileFacts, path: string, documents: readonly SettingsDocument[]): void {
  const projectDir = projectDirOf(path);
  const entries = new Map<string, { key: string; value: string; line: number; profile: string | null }>();
  for (const doc of documents) {
    for (const e of doc.entries) {
      const id = `${doc.profile ?? ""}\u0000${relaxedKey(e.key)}`;
      entries.delete(id);
      entries.set(id, { key: e.key, value: e.value, line: e.span.line, profile: doc.profile });
    }
  }
  facts.configEntries = [...entries.values()].map((e) => ({ ...e, projectDir }));

  // one view of the whole file, later documents first, for names and placeholders used in any document
  let fileSettings: SettingsMap | null = null;
  for (const doc of documents) if (doc.profile === null) fileSettings = new SettingsMap(doc.entries, fileSettings);
  const name = applicationName(documents, fileSettings);
  if (name) facts.workloads.push(packageWorkload(name.value, name.span, projectDir));

  // a Spring Cloud Gateway is an application: named, it is that service (an ingress in front of
  // it and its routes behind it are one path); unnamed, a gateway of its project folder
  const gateway = name?.value ?? `spring-cloud-gateway:${projectDir.split("/").pop() || "gateway"}`;
  detectCloudGateway(facts, documents, { gateway, fileSettings });
  // JVM client retries written in settings: Feign client configs (detectors/spring/clientSettings.ts)
  detectSpringClientSettings(facts, documents);
  // Spring Cloud Stream consumer retries (detectors/spring/cloudStream.ts)
  try {
    detectCloudStream(facts, documents);
  } catch (err) {
    facts.problems.push({ line: 1, message: `Spring Cloud Stream settings could not be read: ${err instanceof Error ? err.message : String(err)}` });
  }
  // a MongoDB client the framework builds from settings (Spring Boot, Quarkus, Micronaut)
  try {
    detectMongoSettings(facts, documents);
  } catch (err) {
    facts.problems.push({ line: 1, message: `MongoDB settings could not be read: ${err instanceof Error ? err.message : String(err)}` });
  }
}

/** `spring.application.name` (Micronaut: `micronaut.application.name`) of the always-active documents, placeholders resolved. */
function applicationName(documents: readonly SettingsDocument[], fileSettings: SettingsMap | null): { value: string; span: SourceSpan } | null {
  let found: { value: string; span: SourceSpan } | null = null;
  for (const doc of documents) {
    if (doc.profile !== null) continue;
    // Micronaut names its application (and its discovery id, which `@Client(id = …)` calls) `micronaut.application.name`
    const map = new SettingsMap(doc.entries);
    const e = map.get("spring.application.name") ?? map.get("micronaut.application.name");
    const value = e ? (fileSettings ?? new SettingsMap(doc.entries)).resolve(e.value)?.trim() : null;
    if (e && value) found = { value, span: e.span };
  }
  return found;
}

/**
 * The project is a service: its code (`<project>/src/…`) belongs to it. A project at the
 * workspace root claims `src`, not the whole workspace (other services may live beside it).
 */
function packageWorkload(name: string, span: SourceSpan, projectDir: string): WorkloadFact {
  return {
    kind: "package",
    name,
    namespace: null,
    span,
    env: {},
    labels: {},
    sidecarInjection: null,
    codeDir: projectDir === "" ? "src" : projectDir,
    selector: {},
  };
}
