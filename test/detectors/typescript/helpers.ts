/** Shared helpers for the TypeScript detector tests. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { FileFacts, LayerFact } from "../../../server/src/model/facts";
import { extractTypeScript } from "../../../server/src/detectors/typescript/index";

/**
 * Strips the common indentation and the first newline, so that line 1 of the source is the line
 * after the opening backtick, as an editor would number it.
 */
export function src(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = strings.reduce((acc, s, i) => acc + s + (i < values.length ? String(values[i]) : ""), "");
  const lines = raw.replace(/^\n/, "").replace(/\n[ \t]*$/, "\n").split("\n");
  const indents = lines.filter((l) => l.trim() !== "").map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join("\n");
}

export function extract(text: string, file = "svc/src/client.ts"): FileFacts {
  return extractTypeScript(file, text);
}

/** The only layer in the facts (fails the test if there is not exactly one). */
export function onlyLayer(facts: FileFacts): LayerFact {
  if (facts.layers.length !== 1) {
    throw new Error(`expected exactly one layer, got ${facts.layers.length}: ${JSON.stringify(facts.layers.map((l) => l.anchor.line))}; problems: ${JSON.stringify(facts.problems)}`);
  }
  return facts.layers[0]!;
}

/** Asserts that every key of `expected` matches `actual` (deeply); other keys are ignored. */
export function assertSubset(actual: unknown, expected: Record<string, unknown>, where = ""): void {
  const a = actual as Record<string, unknown>;
  for (const [k, v] of Object.entries(expected)) {
    if (v !== null && typeof v === "object" && !Array.isArray(v) && a[k] !== null && typeof a[k] === "object") {
      assertSubset(a[k], v as Record<string, unknown>, `${where}${k}.`);
    } else {
      assert.deepEqual(a[k], v, `${where}${k}`);
    }
  }
}

/** The acceptance scenarios (test/scenarios; scripts/sync-scenarios.mjs keeps them in step with the steering copy). */
export const SCENARIOS = path.resolve(__dirname, "../../scenarios");

/** Extracts a scenario workspace file, with its workspace-relative path as the analyzer sees it. */
export function scenario(name: string, rel: string): FileFacts {
  return extractTypeScript(rel, readFileSync(path.join(SCENARIOS, name, "workspace", rel), "utf8"));
}
