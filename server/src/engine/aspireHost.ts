/**
 * .NET Aspire AppHost resources as service identity (reference §3.14): a project the AppHost adds
 * (`AddProject<Projects.AspireShop_CatalogService>("catalogservice")`) or a folder it runs
 * (`AddPythonUvicornApp("python-inference", "../PythonInference")`) is the service of that name,
 * the host name service discovery resolves. Each becomes a package WorkloadFact whose code folder
 * is the project's (found by the `.csproj` file Aspire generates `Projects.X` from: non-word
 * characters → `_`, Aspire.Hosting.AppHost.targets `_GeneratedClassNameFixupRegex`), so buildServices gives the folder's files that name. A project a `.WithReference(…)`
 * points at is reachable as `http://name` (the endpoints Aspire injects as `services__name__http__0`).
 * Runs before services are built; returns the facts unchanged when no AppHost is present.
 */
import type { FileFacts, WorkloadFact } from "../model/facts";
import type { AppHostResource } from "../model/dotnetFacts";
import { dirOf, joinPath } from "../model/paths";

export function withAspireHost(files: FileFacts[]): FileFacts[] {
  const hosts = files.filter((f) => f.dotnet?.appHost?.length);
  if (!hosts.length) return files;
  const projects = files.flatMap((f) => (f.dotnet?.project ? [f.dotnet.project] : []));
  const added = new Map<string, WorkloadFact[]>();
  const claimed = new Set<string>();
  // a name several AppHosts use (a repository of samples) is qualified by the AppHost's parent folder
  const uses = new Map<string, number>();
  for (const host of hosts) for (const r of host.dotnet!.appHost!) if (r.kind === "project" || r.kind === "app") uses.set(r.name, (uses.get(r.name) ?? 0) + 1);
  for (const host of hosts) {
    const hostDir = dirOf(host.path);
    const resources = host.dotnet!.appHost!;
    const sample = (dirOf(hostDir) || hostDir).split("/").pop() ?? "";
    for (const r of resources) {
      const dir = codeDirOf(r, hostDir, projects);
      if (dir === null || dir === "") continue;
      const name = (uses.get(r.name) ?? 0) > 1 && sample ? `${r.name}@${sample}` : r.name;
      claimed.add(dir);
      const env: Record<string, string> = {};
      for (const ref of r.references) {
        const target = resources.find((x) => x.name === ref);
        if (target?.kind === "project" || target?.kind === "app") {
          env[`services__${ref}__http__0`] = `http://${ref}`;
          env[`services__${ref}__https__0`] = `https://${ref}`;
        }
      }
      const workload: WorkloadFact = {
        kind: "package",
        name,
        namespace: null,
        span: { line: r.line, column: 0, endLine: r.line, endColumn: 0 },
        env,
        labels: {},
        sidecarInjection: null,
        codeDir: dir,
        selector: {},
      };
      added.set(host.path, [...(added.get(host.path) ?? []), workload]);
    }
  }
  if (!added.size) return files;
  return files.map((f) => {
    const own = added.get(f.path);
    // the AppHost's name wins over another manifest naming the same folder (a pyproject.toml)
    const others = f.workloads.some((w) => w.kind === "package" && w.codeDir !== null && claimed.has(w.codeDir));
    if (!own && !others) return f;
    const kept = others ? f.workloads.filter((w) => !(w.kind === "package" && w.codeDir !== null && claimed.has(w.codeDir))) : f.workloads;
    return { ...f, workloads: [...kept, ...(own ?? [])] };
  });
}

/** The folder a resource's code lives in, relative to the workspace; null when not known. */
function codeDirOf(r: AppHostResource, hostDir: string, projects: Array<{ name: string; dir: string }>): string | null {
  if (r.path !== undefined) return joinPath(hostDir, r.path);
  if (r.kind !== "project" || !r.projectType) return null;
  // the generated class name: the file name with non-word characters, and a leading digit of a segment, made `_`
  const matches = projects.filter((p) => p.name.replace(/((?<=\.)|^)(?=\d)|\W/g, "_") === r.projectType);
  if (!matches.length) return null;
  // several projects of that name (a repository of samples): the one nearest the AppHost
  return matches.sort((a, b) => commonPrefix(b.dir, hostDir) - commonPrefix(a.dir, hostDir))[0]!.dir;
}

/** Number of leading folders two paths share. */
export function commonPrefix(a: string, b: string): number {
  const x = a.split("/");
  const y = b.split("/");
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}
