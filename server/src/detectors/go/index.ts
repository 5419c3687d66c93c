/**
 * Go extraction (tree-sitter-go).
 * PLACEHOLDER: detectors arrive with the Go part of the languages issue.
 */
import { emptyFacts, type FileFacts } from "../../model/facts";

export function extractGo(path: string, _text: string): FileFacts {
  return emptyFacts(path, "go");
}

/** go.mod: PLACEHOLDER (module path → service) */
export function extractGoMod(path: string, _text: string): FileFacts {
  return emptyFacts(path, "json");
}
