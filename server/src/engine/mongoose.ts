/**
 * Mongoose's default connection (docs/reference/mongodb.md): `mongoose.connect(uri)` configures
 * the process-wide connection every model of the service uses (`mongoose.model("Order", schema)`
 * in another file). The detector records the connection as a ClientFact named
 * `mongoose.connection` and each model as an SDK client whose target is
 * MONGOOSE_DEFAULT_TARGET; this joins a model's calls to the connection of the caller's service:
 * its retryable-reads/writes layer and its connection string. Where a service connects in several
 * files (the app and its seed scripts), the connection outside scripts and examples is taken.
 */
import type { ClientFact, FileFacts } from "../model/facts";
import { MONGOOSE_CONNECTION } from "../detectors/typescript/mongo";
import { layerKey } from "./keys";

export { MONGOOSE_DEFAULT_TARGET } from "../detectors/typescript/mongo";

export interface MongooseConnection {
  file: FileFacts;
  client: ClientFact;
  layers: string[];
}

const SIDE_FILES = /(^|\/)(scripts?|examples?|seed(s|ers?)?|migrations?|tools?)(\/|$)|(^|\/)(seed|migrate)[^/]*\.[cm]?[jt]s$/i;

/** service → its Mongoose default connection */
export function mongooseConnections(files: FileFacts[], serviceOf: (f: FileFacts) => string): Map<string, MongooseConnection> {
  const out = new Map<string, MongooseConnection>();
  for (const f of files) {
    for (const c of f.clients) {
      if (c.name !== MONGOOSE_CONNECTION || c.library !== "mongoose") continue;
      const svc = serviceOf(f);
      const existing = out.get(svc);
      if (existing && !(SIDE_FILES.test(existing.file.path) && !SIDE_FILES.test(f.path))) continue;
      out.set(svc, { file: f, client: c, layers: c.layerIds.map((id) => layerKey(f, id)) });
    }
  }
  return out;
}
