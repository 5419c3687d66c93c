/** Applies fixes to an in-memory workspace and re-analyses it (for the fix tests). */
import { analyzeWorkspace, type AnalysisResult, type SourceFile } from "../../server/src/engine/analyze";
import { fixesFor } from "../../server/src/engine/fixes";
import { applyEdits, editsByFile, type Fix } from "../../server/src/fixes/types";
import { DEFAULT_SETTINGS, type Finding, type Settings } from "../../server/src/model/model";

export class MemoryWorkspace {
  readonly texts: Map<string, string>;
  constructor(
    files: SourceFile[],
    readonly settings: Settings = DEFAULT_SETTINGS,
  ) {
    this.texts = new Map(files.map((f) => [f.path, f.text]));
  }

  files(): SourceFile[] {
    return [...this.texts].map(([path, text]) => ({ path, text }));
  }

  analyze(): Promise<AnalysisResult> {
    return analyzeWorkspace(this.files(), this.settings);
  }

  fixes(result: AnalysisResult, finding: Finding): Fix[] {
    return fixesFor(finding, { model: result.model, text: (f) => this.texts.get(f) });
  }

  /** A copy with the fix applied. */
  apply(fix: Fix): MemoryWorkspace {
    const next = new MemoryWorkspace(this.files(), this.settings);
    for (const [file, edits] of editsByFile(fix.edits)) next.texts.set(file, applyEdits(next.texts.get(file)!, edits));
    for (const c of fix.creates) next.texts.set(c.file, c.text);
    return next;
  }
}

export function syntaxProblems(result: AnalysisResult, files: Iterable<string>): string[] {
  const set = new Set(files);
  return result.problems.filter((p) => set.has(p.file) && /syntax|could not be read|not valid|YAML/i.test(p.message)).map((p) => `${p.file}:${p.line} ${p.message}`);
}

export function preferred(fixes: Fix[]): Fix | undefined {
  return fixes.find((f) => f.preferred && f.safety === "safe") ?? fixes.find((f) => f.preferred) ?? fixes[0];
}
