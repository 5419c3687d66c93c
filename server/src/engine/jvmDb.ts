/**
 * JVM database access through Spring Data repositories and the service's DataSource:
 * - a call on an injected repository (an interface extending `CrudRepository`, `JpaRepository`,
 *   `PagingAndSortingRepository`, `MongoRepository`, … — FileFacts.supertypes) runs a query, so
 *   it is a request to the service's database (`CityRepository.findByCode(code)`);
 * - each query takes a connection from the DataSource: a class of the same service extending
 *   `AbstractDataSource` / `DelegatingDataSource` or implementing `DataSource`, with a retry on its
 *   no-argument `getConnection()` (spring-retry `@Retryable`), retries every query's connection.
 *   Hibernate and the pools ask for `getConnection()`; the `(username, password)` overload is on
 *   no query's way.
 * - MongoDB clients the framework builds from settings (detectors/spring/mongoSettings.ts:
 *   `spring.data.mongodb.uri`, `quarkus.mongodb.connection-string`, Micronaut `mongodb.uri`) are
 *   the driver's retryable reads/writes layer of every Mongo query of that project: calls on a
 *   Spring Data `MongoRepository`/`ReactiveMongoRepository`, on an injected `MongoTemplate`/
 *   `ReactiveMongoTemplate`/`MongoOperations`, and Quarkus Panache Mongo operations — the static
 *   and instance methods a `PanacheMongoEntity(Base)` / `ReactivePanacheMongoEntity(Base)` or a
 *   `PanacheMongoRepository(Base)` class inherits (`Todo.findByIdOptional(id)` from outside,
 *   `find("…")` inside the entity), when the class does not define a method of that name itself;
 *   and operations on driver objects the framework injects (`MongoCollection.find`, as
 *   detectors/java/mongoJava.ts names them).
 *   The request's URL is the connection-string setting (the host the driver connects to).
 * Like EF Core's DbContext calls (engine/dotnetDb.ts), the method of the repository itself has no
 * code in the workspace: the request stands for the query.
 */
import type { CallFact, FileFacts, RequestFact } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { fnKey, layerKey } from "./keys";
import type { Resolver } from "./resolve";
import { JVM_LANGUAGES } from "./resolveJvm";
import { projectDirOf } from "./configEntries";
import { MONGO_JAVA } from "../detectors/java/mongoJava";

const REPOSITORIES = new Set([
  "Repository", "CrudRepository", "ListCrudRepository", "PagingAndSortingRepository", "ListPagingAndSortingRepository",
  "JpaRepository", "MongoRepository", "ReactiveCrudRepository", "ReactiveMongoRepository", "R2dbcRepository", "CoroutineCrudRepository",
]);
const DATA_SOURCES = new Set(["DataSource", "AbstractDataSource", "DelegatingDataSource", "AbstractRoutingDataSource"]);
const MONGO_REPOSITORIES = new Set(["MongoRepository", "ReactiveMongoRepository"]);
/** Quarkus Panache MongoDB (io.quarkus.mongodb.panache, 1.x … 3.x): active-record entities and repositories */
const PANACHE_MONGO = new Set([
  "PanacheMongoEntity", "PanacheMongoEntityBase", "ReactivePanacheMongoEntity", "ReactivePanacheMongoEntityBase",
  "PanacheMongoRepository", "PanacheMongoRepositoryBase", "ReactivePanacheMongoRepository", "ReactivePanacheMongoRepositoryBase",
]);
/** the operations PanacheMongoEntityBase / PanacheMongoRepositoryBase declare that run a command on the server */
const PANACHE_OPS = new Set([
  "find", "findAll", "findById", "findByIdOptional", "list", "listAll", "stream", "streamAll", "count",
  "persist", "update", "persistOrUpdate", "delete", "deleteAll", "deleteById",
]);
/** Spring Data MongoDB's template types: every method but the accessors runs a command */
const MONGO_TEMPLATES = /^(Reactive)?Mongo(Template|Operations)$/;
const TEMPLATE_NOT_SENDING = /^(get|set|with|create|indexOps|converter|execute$)/;
/** driver objects the framework injects, as detectors/java/mongoJava.ts names their operations' receivers */
const INJECTED_DRIVER = new Set(["MongoClient", "MongoDatabase", "MongoCollection"]);
const simple = (t: string) => t.replace(/<.*$/s, "").trim().split(".").pop() ?? "";

export interface JvmDbReach {
  request: RequestFact;
  layers: string[];
}

export class JvmDb {
  /** `${path}::${classId}` of repository interfaces */
  private readonly repositories = new Set<string>();
  /** service → layers on its DataSource's getConnection() */
  private readonly connectionLayers = new Map<string, string[]>();
  /** `${path}::${classId}` of Spring Data Mongo repository interfaces */
  private readonly mongoRepositories = new Set<string>();
  /** `${path}::${classId}` of Panache Mongo entities and repositories */
  private readonly panache = new Set<string>();
  /** project folder → MongoDB client layers a framework builds from its settings, with the connection-string key */
  private readonly mongoSettings: Array<{ dir: string; ids: string[]; key: string }> = [];

  constructor(files: FileFacts[], private readonly resolver: Resolver, private readonly fileService: Map<string, string | null>, layers: Map<string, RetryLayer>) {
    for (const f of files) {
      if (f.configEntries && f.layers.length) {
        for (const l of f.layers) {
          if (l.library !== MONGO_JAVA || l.kind !== "mongodb-retryable" || !layers.has(layerKey(f, l.localId))) continue;
          const entry = f.configEntries.find((e) => e.line === l.anchor.line);
          this.mongoSettings.push({ dir: projectDirOf(f.path), ids: [layerKey(f, l.localId)], key: entry?.key ?? "" });
        }
      }
      if (!JVM_LANGUAGES.has(f.language)) continue;
      for (const [classId, supers] of Object.entries(f.supertypes ?? {})) {
        const names = supers.map(simple);
        if (names.some((n) => REPOSITORIES.has(n))) this.repositories.add(fnKey(f, classId));
        if (names.some((n) => MONGO_REPOSITORIES.has(n))) this.mongoRepositories.add(fnKey(f, classId));
        if (names.some((n) => PANACHE_MONGO.has(n))) this.panache.add(fnKey(f, classId));
        if (!names.some((n) => DATA_SOURCES.has(n))) continue;
        const getConnection = f.functions.find((fn) => fn.id === `${classId}.getConnection` && fn.params.length === 0);
        if (!getConnection) continue;
        const ids = f.layers
          .filter((l) => l.attach.kind === "function" && l.attach.functionId === getConnection.id && l.anchor.line >= getConnection.span.line && l.anchor.line <= getConnection.span.endLine)
          .map((l) => layerKey(f, l.localId))
          .filter((id) => layers.has(id));
        const svc = fileService.get(f.path) ?? "";
        if (ids.length) this.connectionLayers.set(svc, [...(this.connectionLayers.get(svc) ?? []), ...ids]);
      }
    }
  }

  /** A call on a Spring Data repository: a query to the service's database, through its DataSource's layers. */
  reach(file: FileFacts, scopeId: string, call: CallFact): JvmDbReach | null {
    if ((!this.repositories.size && !this.panache.size && !this.mongoSettings.length) || !JVM_LANGUAGES.has(file.language) || call.request) return null;
    const dot = call.callee.lastIndexOf(".");
    if (dot <= 0) return this.panacheSelf(file, scopeId, call);
    const method = call.callee.slice(dot + 1);
    const receiver = call.callee.slice(0, dot);
    const owner = this.resolver.resolve(file, scopeId, receiver);
    if (owner?.kind !== "function") return this.templateCall(file, receiver, method);
    const key = fnKey(owner.file, owner.fn.id);
    if (this.panache.has(key)) {
      if (!PANACHE_OPS.has(method) || owner.file.functions.some((fn) => fn.id === `${owner.fn.id}.${method}`)) return null;
      return this.mongoReach(file, "panache");
    }
    if (!this.repositories.has(key)) return null;
    if (this.mongoRepositories.has(key)) return this.mongoReach(file, "spring-data");
    const svc = this.fileService.get(file.path) ?? "";
    return {
      request: { method: null, url: null, protocol: "db", idempotencyKey: null, timeoutSeconds: null, library: "spring-data" },
      layers: this.connectionLayers.get(svc) ?? [],
    };
  }

  /** `find("…")` written inside a Panache entity or repository: the inherited operation, unless the class defines one of that name. */
  private panacheSelf(file: FileFacts, scopeId: string, call: CallFact): JvmDbReach | null {
    if (!this.panache.size || !PANACHE_OPS.has(call.callee)) return null;
    for (const classId of Object.keys(file.supertypes ?? {})) {
      if (!(scopeId === classId || scopeId.startsWith(`${classId}.`)) || !this.panache.has(fnKey(file, classId))) continue;
      if (file.functions.some((fn) => fn.id === `${classId}.${call.callee}`)) return null;
      return this.mongoReach(file, "panache");
    }
    return null;
  }

  /** `mongoTemplate.save(doc)` on an injected MongoTemplate (named after its type), when the project configures a client. */
  private templateCall(file: FileFacts, receiver: string, method: string): JvmDbReach | null {
    if (INJECTED_DRIVER.has(receiver)) {
      const reach = this.mongoReach(file, MONGO_JAVA);
      return reach.layers.length ? reach : null;
    }
    const type = receiver.slice(receiver.lastIndexOf(".") + 1);
    if (!MONGO_TEMPLATES.test(type.charAt(0).toUpperCase() + type.slice(1)) || TEMPLATE_NOT_SENDING.test(method)) return null;
    const reach = this.mongoReach(file, "spring-data");
    return reach.layers.length ? reach : null;
  }

  /** A MongoDB query of the code in `file`, through the client its project's settings configure (the deepest project). */
  private mongoReach(file: FileFacts, library: string): JvmDbReach {
    const found = this.mongoSettings.filter((m) => m.dir === "" || file.path === m.dir || file.path.startsWith(`${m.dir}/`));
    const deepest = found.reduce((n, m) => Math.max(n, m.dir.length), -1);
    const mine = found.filter((m) => m.dir.length === deepest);
    const key = mine.find((m) => m.key)?.key;
    return {
      request: { method: null, url: key ? { kind: "setting", key } : null, protocol: "db", idempotencyKey: null, timeoutSeconds: null, library },
      layers: mine.flatMap((m) => m.ids),
    };
  }
}
