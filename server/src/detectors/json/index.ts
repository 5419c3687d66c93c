/**
 * JSON files, routed by name: package.json (service manifest); every other .json the walker
 * lets through (see host/workspace.ts) goes to the detector for its kind.
 */
import type { FileFacts } from "../../model/facts";
import { emptyFacts } from "../../model/facts";
import { extractPackageJson } from "./packageJson";

export function extractJson(path: string, text: string): FileFacts {
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (base === "package.json") return extractPackageJson(path, text);
  return emptyFacts(path, "json");
}
