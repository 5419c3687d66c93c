/**
 * pyproject.toml: `[project] name` (PEP 621) or `[tool.poetry] name` names the service whose
 * code is the folder holding the file. Parsed with a real TOML parser; a bad file is a problem.
 */
import { parse } from "@iarna/toml";
import { emptyFacts, type FileFacts } from "../../model/facts";
import { manifestWorkload } from "./packageJson";

export function extractPyproject(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  let doc: Record<string, unknown>;
  try {
    doc = parse(text) as Record<string, unknown>;
  } catch (err) {
    // @iarna/toml reports a 0-based line
    const line = ((err as { line?: number }).line ?? 0) + 1;
    facts.problems.push({ line, message: `pyproject.toml is not valid TOML: ${(err as Error).message.split("\n")[0]}` });
    return facts;
  }
  const project = doc.project as { name?: unknown } | undefined;
  const poetry = (doc.tool as { poetry?: { name?: unknown } } | undefined)?.poetry;
  const name = typeof project?.name === "string" ? project.name : typeof poetry?.name === "string" ? poetry.name : null;
  const workload = name ? manifestWorkload(path, name) : null;
  if (workload) facts.workloads.push(workload);
  // dependency version ranges (PEP 621 `dependencies`, Poetry's table): SDK defaults per version (engine/sdkVersions.ts)
  const versions: Record<string, string> = {};
  const deps = (project as { dependencies?: unknown } | undefined)?.dependencies;
  if (Array.isArray(deps)) {
    for (const d of deps) {
      const m = typeof d === "string" ? /^\s*([A-Za-z0-9_.-]+)\s*(?:\[[^\]]*\])?\s*([^;]*)/.exec(d) : null;
      if (m) versions[m[1]!.toLowerCase()] = m[2]!.trim();
    }
  }
  const poetryDeps = (poetry as { dependencies?: unknown } | undefined)?.dependencies;
  if (typeof poetryDeps === "object" && poetryDeps !== null) {
    for (const [n, v] of Object.entries(poetryDeps as Record<string, unknown>)) {
      const range = typeof v === "string" ? v : typeof (v as { version?: unknown })?.version === "string" ? (v as { version: string }).version : null;
      if (range !== null) versions[n.toLowerCase()] = range;
    }
  }
  if (Object.keys(versions).length) facts.packageVersions = versions;
  return facts;
}
