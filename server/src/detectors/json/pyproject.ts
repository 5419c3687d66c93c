/**
 * pyproject.toml: `[project] name` (PEP 621) or `[tool.poetry] name` names the service whose
 * code is the folder holding the file. Parsed with a real TOML parser; a bad file is a problem.
 */
import { parseToml } from "../../parsing/toml";
import { emptyFacts, type FileFacts } from "../../model/facts";
import { manifestWorkload } from "./packageJson";
import { pyprojectPins } from "./pythonPins";

export function extractPyproject(path: string, text: string): FileFacts {
  const facts = emptyFacts(path, "json");
  const toml = parseToml(text);
  if (!toml.value) {
    for (const p of toml.problems) facts.problems.push({ line: p.line, message: `pyproject.toml is not valid TOML: ${p.message.replace(/^TOML could not be read: /, "")}` });
    return facts;
  }
  const doc = toml.value;
  const project = doc.project as { name?: unknown } | undefined;
  const poetry = (doc.tool as { poetry?: { name?: unknown } } | undefined)?.poetry;
  const name = typeof project?.name === "string" ? project.name : typeof poetry?.name === "string" ? poetry.name : null;
  const workload = name ? manifestWorkload(path, name) : null;
  if (workload) facts.workloads.push(workload);
  // dependency pins (PEP 621 `dependencies`, Poetry's tables): SDK defaults per version (engine/sdkVersions.ts, detectors/json/pythonPins.ts)
  const pins = pyprojectPins(doc, (p) => toml.lineOf(p), text);
  if (Object.keys(pins).length) facts.pythonPins = pins;
  return facts;
}
