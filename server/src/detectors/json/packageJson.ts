/**
 * package.json: the folder holding it is the code of the service its "name" names
 * (`@shop/bff` → bff). Parsed with JSON.parse; a bad file is a problem, not a crash.
 */
import { emptyFacts, type FileFacts, type WorkloadFact } from "../../model/facts";

export function extractPackageJson(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    facts.problems.push({ line: 1, message: `package.json is not valid JSON: ${(err as Error).message}` });
    return facts;
  }
  const name = typeof parsed === "object" && parsed !== null ? (parsed as { name?: unknown }).name : undefined;
  const workload = typeof name === "string" ? manifestWorkload(path, name) : null;
  if (workload) facts.workloads.push(workload);
  // the version ranges of its dependencies: SDK defaults that changed across versions (engine/sdkVersions.ts)
  const versions: Record<string, string> = {};
  for (const key of ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"]) {
    const deps = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>)[key] : undefined;
    if (typeof deps !== "object" || deps === null) continue;
    for (const [name, range] of Object.entries(deps as Record<string, unknown>)) if (typeof range === "string" && versions[name] === undefined) versions[name] = range;
  }
  if (Object.keys(versions).length) facts.packageVersions = versions;
  return facts;
}

/** A package manifest's folder is the code of the named service; a root manifest names the whole repo, not a service. */
export function manifestWorkload(path: string, name: string): WorkloadFact | null {
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
  if (dir === "" || name.trim() === "") return null;
  return {
    kind: "package",
    name: name.replace(/^@[^/]+\//, ""),
    namespace: null,
    span: { line: 1, column: 0, endLine: 1, endColumn: 0 },
    env: {},
    labels: {},
    sidecarInjection: null,
    codeDir: dir,
    selector: {},
  };
}
