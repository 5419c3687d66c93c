/**
 * Mongoose's default connection (docs/reference/mongodb.md): `mongoose.connect(uri)` configures
 * the process-wide connection every model of the service uses (`mongoose.model("Order", schema)`
 * in another file). The detector records the connection as a ClientFact named
 * `mongoose.connection` and each model as an SDK client whose target is
 * MONGOOSE_DEFAULT_TARGET; this joins a model's calls to the connection of the caller's service:
 * its retryable-reads/writes layer and its connection string. Where a service connects in several
 * files (the app and its seed scripts), the connection outside scripts and examples is taken
 * (engine/sideFiles.ts; the side files' own connection layers are off-path there).
 */
import type { ClientFact, FileFacts } from "../model/facts";
import { MONGOOSE_CONNECTION } from "../detectors/typescript/mongo";
import { layerKey } from "./keys";
import { isSideFile } from "./sideFiles";

export { MONGOOSE_DEFAULT_TARGET } from "../detectors/typescript/mongo";

export interface MongooseConnection {
  file: FileFacts;
  client: ClientFact;
  layers: string[];
}

/** service → its Mongoose default connection */
export function mongooseConnections(files: FileFacts[], serviceOf: (f: FileFacts) => string): Map<string, MongooseConnection> {
  const out = new Map<string, MongooseConnection>();
  for (const f of files) {
    for (const c of f.clients) {
      if (c.name !== MONGOOSE_CONNECTION || c.library !== "mongoose") continue;
      const svc = serviceOf(f);
      const existing = out.get(svc);
      if (existing && !(isSideFile(existing.file.path) && !isSideFile(f.path))) continue;
      out.set(svc, { file: f, client: c, layers: c.layerIds.map((id) => layerKey(f, id)) });
    }
  }
  return out;
}

/**
 * The default connection of the program a file belongs to when its service has none: the
 * `mongoose.connect` of a file under the same nearest package.json. The default connection is a
 * process-wide singleton of the `mongoose` module, so one package's code shares it even where folder
 * names split the package into several services (`src/server/` connects, `src/modules/` queries).
 * Outside scripts and examples first (engine/sideFiles.ts); null when no package holds both.
 */
export function packageMongooseConnection(files: FileFacts[], caller: FileFacts): MongooseConnection | null {
  const roots = files.filter((f) => f.path === "package.json" || f.path.endsWith("/package.json")).map((f) => (f.path.includes("/") ? f.path.slice(0, f.path.lastIndexOf("/")) : ""));
  const rootOf = (path: string): string | null => {
    let best: string | null = null;
    for (const r of roots) if ((r === "" || path.startsWith(`${r}/`)) && (best === null || r.length > best.length)) best = r;
    return best;
  };
  const root = rootOf(caller.path);
  if (root === null) return null;
  let found: MongooseConnection | null = null;
  for (const f of files) {
    if (rootOf(f.path) !== root) continue;
    for (const c of f.clients) {
      if (c.name !== MONGOOSE_CONNECTION || c.library !== "mongoose") continue;
      if (found && !(isSideFile(found.file.path) && !isSideFile(f.path))) continue;
      found = { file: f, client: c, layers: c.layerIds.map((id) => layerKey(f, id)) };
    }
  }
  return found;
}

/**
 * The convenient transaction API's callback runs inside a transaction, where no driver retries a
 * single statement: "drivers MUST NOT retry write commands within transactions" (only
 * commitTransaction/abortTransaction; mongodb/specifications retryable-writes.md "Retryable Writes
 * Within Transactions"; retryable-reads.md likewise for reads). On a hop whose chain passes a
 * `withTransaction` layer, the MongoDB clients' retryable reads/writes layers inside it are dropped.
 * (An operation in the callback that does not pass the session runs outside the transaction and is
 * retried after all: not told apart.)
 */
export function withoutRetriesInsideTransactions(layerIds: string[], layers: Map<string, { kind: string }>): string[] {
  const tx = layerIds.findIndex((id) => layers.get(id)?.kind === "mongodb-with-transaction");
  if (tx < 0) return layerIds;
  return layerIds.filter((id, i) => i <= tx || layers.get(id)?.kind !== "mongodb-retryable");
}
