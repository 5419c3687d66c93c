/** Shared helpers for the YAML detector tests. */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { FileFacts, LayerFact } from "../../../server/src/model/facts";
import { extractYaml } from "../../../server/src/detectors/yaml/index";

/**
 * Strips the common indentation and the first newline, so that line 1 of the YAML is the line
 * after the opening backtick, as an editor would number it.
 */
export function yaml(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.reduce((acc, s, i) => acc + s + (i < values.length ? String(values[i]) : ""), "");
  const lines = raw.replace(/^\n/, "").replace(/\n[ \t]*$/, "\n").split("\n");
  const indents = lines.filter((l) => l.trim() !== "").map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join("\n");
}

export function extract(text: string, file = "deploy/test.yaml"): FileFacts {
  return extractYaml(file, text);
}

/** The only layer in the facts (fails the test if there is not exactly one). */
export function onlyLayer(facts: FileFacts): LayerFact {
  if (facts.layers.length !== 1) {
    throw new Error(`expected exactly one layer, got ${facts.layers.length}: ${JSON.stringify(facts.layers.map((l) => l.anchor.line))}`);
  }
  return facts.layers[0];
}

/** The acceptance scenarios (test/scenarios; scripts/sync-scenarios.mjs keeps them in step with the steering copy). */
export const SCENARIOS = path.resolve(__dirname, "../../scenarios");

/** Extracts a scenario workspace file, with its workspace-relative path as the analyzer sees it. */
export function scenario(name: string, rel: string): FileFacts {
  return extractYaml(rel, readFileSync(path.join(SCENARIOS, name, "workspace", rel), "utf8"));
}
