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
 * Like EF Core's DbContext calls (engine/dotnetDb.ts), the method of the repository itself has no
 * code in the workspace: the request stands for the query.
 */
import type { CallFact, FileFacts, RequestFact } from "../model/facts";
import type { RetryLayer } from "../model/model";
import { fnKey, layerKey } from "./keys";
import type { Resolver } from "./resolve";
import { JVM_LANGUAGES } from "./resolveJvm";

const REPOSITORIES = new Set([
  "Repository", "CrudRepository", "ListCrudRepository", "PagingAndSortingRepository", "ListPagingAndSortingRepository",
  "JpaRepository", "MongoRepository", "ReactiveCrudRepository", "ReactiveMongoRepository", "R2dbcRepository", "CoroutineCrudRepository",
]);
const DATA_SOURCES = new Set(["DataSource", "AbstractDataSource", "DelegatingDataSource", "AbstractRoutingDataSource"]);
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

  constructor(files: FileFacts[], private readonly resolver: Resolver, private readonly fileService: Map<string, string | null>, layers: Map<string, RetryLayer>) {
    for (const f of files) {
      if (!JVM_LANGUAGES.has(f.language)) continue;
      for (const [classId, supers] of Object.entries(f.supertypes ?? {})) {
        const names = supers.map(simple);
        if (names.some((n) => REPOSITORIES.has(n))) this.repositories.add(fnKey(f, classId));
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
    if (!this.repositories.size || !JVM_LANGUAGES.has(file.language) || call.request) return null;
    const dot = call.callee.lastIndexOf(".");
    if (dot <= 0) return null;
    const owner = this.resolver.resolve(file, scopeId, call.callee.slice(0, dot));
    if (owner?.kind !== "function" || !this.repositories.has(fnKey(owner.file, owner.fn.id))) return null;
    const svc = this.fileService.get(file.path) ?? "";
    return {
      request: { method: null, url: null, protocol: "db", idempotencyKey: null, timeoutSeconds: null, library: "spring-data" },
      layers: this.connectionLayers.get(svc) ?? [],
    };
  }
}
