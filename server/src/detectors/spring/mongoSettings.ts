/**
 * A MongoDB Java driver client that a JVM framework builds from settings, with no client in the
 * code — docs/reference/mongodb.md ("Framework-built clients"; family `mongodb-java-driver`):
 *
 * | framework | settings (first one written is the anchor) | builds |
 * |---|---|---|
 * | Spring Boot 2.x/3.x (`MongoAutoConfiguration`, `MongoReactiveAutoConfiguration`) | `spring.data.mongodb.uri`, else `.host`, else `.database` | `MongoClients.create(MongoClientSettings)` from `MongoProperties`; Boot 4: `spring.mongodb.*` |
 * | Quarkus (`quarkus-mongodb-client`, Panache) | `quarkus.mongodb.connection-string`, else `quarkus.mongodb.hosts` | `MongoClients.create(settings)` with `applyConnectionString` |
 * | Micronaut MongoDB (`micronaut-mongo-reactive`/`-sync`) | `mongodb.uri`, `mongodb.servers.<name>.uri` | a MongoClient bean from `MongoClientSettings.Builder`; `mongodb.retry-writes`/`retry-reads` bind to the builder |
 *
 * Every one of them leaves the driver's own defaults (MongoClientSettings.Builder `retryWrites =
 * true; retryReads = true`, driver 3.11 … 5.x): a retryable operation is retried once → **2
 * attempts** (the shared layer of detectors/go/mongo.ts). `retryWrites=false`/`retryReads=false`
 * in the connection string (placeholders resolved from the same file, else their written
 * default) or Micronaut's builder keys turn a kind off; both off → 1 (disabled).
 * The layer is linked at link time (engine/jvmDb.ts): Spring Data Mongo repositories, Quarkus
 * Panache Mongo entities/repositories and injected driver clients of the same project use it.
 * Verified: Spring Boot 2.3 `MongoClientFactory`/`MongoPropertiesClientSettingsBuilderCustomizer`
 * (uri → `applyConnectionString`, no retry keys); Quarkus 1.x `MongoClientConfig`
 * (`connection-string`, `hosts`); Micronaut MongoDB 1.x–5.x configuration reference (`mongodb.uri`,
 * `mongodb.servers.*.uri`, `…retry-writes` from `MongoClientSettings$Builder`).
 */
import type { FileFacts } from "../../model/facts";
import { mongoLayer, uriOptions } from "../go/mongo";
import { MONGO_JAVA } from "../java/mongoJava";
import { relaxedKey, SettingsMap, type SettingEntry, type SettingsDocument } from "./settings";

type Toggle = { value: boolean | "unknown"; text: string } | null;

interface Framework {
  name: string;
  /** keys in the order that picks the anchor; the first is the connection string */
  keys: string[];
  /** builder keys for the toggles (Micronaut) */
  writes?: string;
  reads?: string;
}

const FRAMEWORKS: Framework[] = [
  { name: "Spring Boot (spring.data.mongodb)", keys: ["spring.data.mongodb.uri", "spring.data.mongodb.host", "spring.data.mongodb.database"] },
  { name: "Spring Boot 4 (spring.mongodb)", keys: ["spring.mongodb.uri", "spring.mongodb.host", "spring.mongodb.database"] },
  { name: "Quarkus MongoDB client", keys: ["quarkus.mongodb.connection-string", "quarkus.mongodb.hosts"] },
  { name: "Micronaut MongoDB", keys: ["mongodb.uri"], writes: "mongodb.retry-writes", reads: "mongodb.retry-reads" },
];
const MICRONAUT_SERVER = /^mongodb\.servers\.([^.]+)\.uri$/;

/** One layer per framework client configured in the file (the always-active documents first). */
export function detectMongoSettings(facts: FileFacts, documents: readonly SettingsDocument[]): void {
  const ordered = [...documents.filter((d) => d.profile === null), ...documents.filter((d) => d.profile !== null)];
  const fileSettings = ordered.reduceRight<SettingsMap | null>((acc, d) => new SettingsMap(d.entries, acc), null);
  if (!fileSettings) return;
  const seen = new Set<string>();
  const add = (label: string, entry: SettingEntry, isUri: boolean, writesKey?: string, readsKey?: string) => {
    const key = `${entry.span.line}:${entry.span.column}`;
    if (seen.has(key)) return;
    seen.add(key);
    let writes: Toggle = null;
    let reads: Toggle = null;
    const uri = isUri ? fileSettings.resolve(entry.value) : null;
    if (uri) {
      const q = uriOptions(uri);
      if (q.retrywrites !== undefined) writes = { value: q.retrywrites, text: `retryWrites=${q.retrywrites} in ${entry.key}` };
      if (q.retryreads !== undefined) reads = { value: q.retryreads, text: `retryReads=${q.retryreads} in ${entry.key}` };
    }
    const toggle = (k: string | undefined): Toggle => {
      const e = k ? fileSettings.get(k) : null;
      if (!e) return null;
      const v = (fileSettings.resolve(e.value) ?? "").trim().toLowerCase();
      return { value: v === "true" ? true : v === "false" ? false : "unknown", text: `${e.key}: ${e.value.trim()}` };
    };
    writes = toggle(writesKey) ?? writes;
    reads = toggle(readsKey) ?? reads;
    const localId = `L${entry.span.line}:${entry.span.column}`;
    facts.layers.push(mongoLayer({ localId, anchor: entry.span, label: `MongoClient (${label})`, library: MONGO_JAVA, version: `MongoDB Java driver ≥ 3.11, the client ${label} builds from ${entry.key}`, writes, reads }));
  };
  for (const fw of FRAMEWORKS) {
    for (const [i, k] of fw.keys.entries()) {
      const e = fileSettings.get(k);
      if (!e) continue;
      add(fw.name, e, i === 0, fw.writes, fw.reads);
      break;
    }
  }
  for (const doc of ordered) {
    for (const e of doc.entries) {
      const m = MICRONAUT_SERVER.exec(relaxedKey(e.key));
      if (m) add(`Micronaut MongoDB server ${m[1]}`, e, true, `mongodb.servers.${m[1]}.retry-writes`, `mongodb.servers.${m[1]}.retry-reads`);
    }
  }
}
