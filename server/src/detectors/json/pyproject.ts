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
  return facts;
}
