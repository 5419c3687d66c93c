/**
 * Side files: one-off scripts, seeds, migrations, tools and examples that ship beside a service
 * but serve none of its requests (`services/inventory/scripts/seed.js`,
 * `packages/outbox/examples/order-service.js`, `db/migrate-products.ts`). A library *default*
 * built there (a database driver's retryable reads/writes, an SDK's built-in retries that nobody
 * configured) is real, but on no request path: it is marked off-path (docs/design.md vocabulary),
 * reported with the reason and never multiplied. Layers somebody configured in such a file are
 * left alone (a script's explicit retry policy is what its author asked for; the startup and
 * polling rules judge those) — except in Python database migrations, which only `migrate` runs:
 * every code layer there is off-path.
 *
 * Folder names are matched per path segment; the package folders of a JVM source tree
 * (`src/main/java/com/example/…`) are not folders in this sense, so `com.example` packages are
 * never side files.
 */
import type { RetryLayer } from "../model/model";

const SIDE_FOLDERS: ReadonlySet<string> = new Set(["script", "scripts", "example", "examples", "seed", "seeds", "seeder", "seeders", "seeding", "migration", "migrations", "tools"]);
/** `seed.js`, `seeds.ts`, `seed-products.ts`, `seedDatabase.js`, `migrate.mjs`, `migrate-products.js` (not `seeding-policy.js`) */
const SIDE_FILE_NAME = /^([Ss]eeds?|[Mm]igrate)([-_.A-Z][^/]*)?\.[cm]?[jt]sx?$/;
/** source roots whose sub-folders are package names, not project folders */
const PACKAGE_ROOTS = /^(java|kotlin|scala|groovy)$/;

const EXAMPLE_FOLDERS: ReadonlySet<string> = new Set(["example", "examples"]);

/** The folder or file name that makes `path` a side file, or null. */
export function sideFileReason(path: string): string | null {
  return sideFolder(path, SIDE_FOLDERS) ?? (SIDE_FILE_NAME.test(path.slice(path.lastIndexOf("/") + 1)) ? path.slice(path.lastIndexOf("/") + 1) : null);
}

/**
 * A file of an `examples/` folder (`packages/http-client/examples/order-service.js`): sample
 * programs beside a library, run by hand to show its use. The linker starts no request paths
 * there: what they call is the library's demonstration, not a service's traffic.
 */
export function isExampleFile(path: string): boolean {
  return sideFolder(path, EXAMPLE_FOLDERS) !== null;
}

/** The first folder of `path` (up to a JVM package root) named in `folders`, as `a/b/`. */
function sideFolder(path: string, folders: ReadonlySet<string>): string | null {
  const parts = path.split("/");
  parts.pop();
  for (let i = 0; i < parts.length; i++) {
    // `src/main/java/<package…>`: stop at the package root
    if (parts[i] === "src" && (parts[i + 1] === "main" || parts[i + 1] === "test") && PACKAGE_ROOTS.test(parts[i + 2] ?? "")) break;
    if (folders.has(parts[i]!.toLowerCase())) return `${parts.slice(0, i + 1).join("/")}/`;
  }
  return null;
}

export function isSideFile(path: string): boolean {
  return sideFileReason(path) !== null;
}

/**
 * Client/SDK layers whose count is the library's default (nobody configured it) in a side file
 * become off-path. Runs after linking, before paths are multiplied.
 */
export function markSideFileDefaults(layers: Map<string, RetryLayer>): void {
  for (const layer of layers.values()) {
    if (layer.offPath || layer.disabled) continue;
    const migration = layer.category === "code" ? migrationFolder(layer.file) : null;
    if (migration) {
      layer.offPath = `runs in a database migration (${migration}): a one-off step of deploying the schema or data, on no request path`;
      continue;
    }
    if (layer.category !== "client" || layer.attemptsSource !== "default") continue;
    const reason = sideFileReason(layer.file);
    if (reason) layer.offPath = `a library default in a one-off script or example (${reason}), which serves no request`;
  }
}

/**
 * A Python migration module: a file under a `migrations/` folder (Django's app migrations, also
 * for a secondary store as `migrations/influxdb/…`; Alembic's `migrations/versions/`) or Alembic's
 * `alembic/versions/`. `manage.py migrate` / `alembic upgrade` run it once per deployment, so even
 * a loop its author wrote to retry (waiting out a store that is not up yet) serves no request.
 */
function migrationFolder(path: string): string | null {
  if (!path.endsWith(".py")) return null;
  const parts = path.split("/");
  parts.pop();
  const at = parts.findIndex((p, i) => p === "migrations" || (p === "alembic" && parts[i + 1] === "versions"));
  return at < 0 ? null : `${parts.slice(0, at + 1).join("/")}/`;
}
