/**
 * An editing session over one workspace folder: the current text of every file (disk or
 * unsaved buffer), facts per file, and the latest analysis. An edit re-extracts one file and
 * relinks from cached facts; a revision counter lets a host drop stale work. Pure: the host
 * reads files and hands texts in.
 */
import type { FileFacts } from "../model/facts";
import { isTestPath } from "../model/languages";
import { DEFAULT_SETTINGS, type Settings } from "../model/model";
import { initTreeSitter } from "../parsing/treeSitter";
import { analyzeFacts, type AnalysisResult } from "./analyze";
import { extractFile } from "./extract";

interface FileState {
  text: string;
  facts: FileFacts | null;
}

export class WorkspaceSession {
  private readonly files = new Map<string, FileState>();
  private settings: Settings = DEFAULT_SETTINGS;
  private revisionCounter = 0;
  private last: { revision: number; result: AnalysisResult } | null = null;

  /** bumps on every change; an analysis is current when its revision equals this */
  get revision(): number {
    return this.revisionCounter;
  }

  static async create(): Promise<WorkspaceSession> {
    await initTreeSitter();
    return new WorkspaceSession();
  }

  setSettings(settings: Settings): void {
    this.settings = settings;
    this.revisionCounter++;
  }

  getSettings(): Settings {
    return this.settings;
  }

  /** replaces every file (initial index, rescan) */
  reset(files: Array<{ path: string; text: string }>): void {
    this.files.clear();
    for (const f of files) this.files.set(f.path, { text: f.text, facts: null });
    this.revisionCounter++;
  }

  /** a file's text changed (typed, saved, created); unchanged text is a no-op */
  setText(path: string, text: string): boolean {
    const current = this.files.get(path);
    if (current && current.text === text) return false;
    this.files.set(path, { text, facts: null });
    this.revisionCounter++;
    return true;
  }

  remove(path: string): boolean {
    const had = this.files.delete(path);
    if (had) this.revisionCounter++;
    return had;
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  text(path: string): string | undefined {
    return this.files.get(path)?.text;
  }

  paths(): string[] {
    return [...this.files.keys()];
  }

  /** The analysis for the current revision, extracting only files whose facts are missing. */
  analyze(): AnalysisResult {
    if (this.last && this.last.revision === this.revisionCounter) return this.last.result;
    const facts: FileFacts[] = [];
    for (const [path, state] of this.files) {
      if (!this.settings.includeTests && isTestPath(path)) continue;
      state.facts ??= extractFile(path, state.text);
      facts.push(state.facts);
    }
    const result = analyzeFacts(facts, this.settings);
    this.last = { revision: this.revisionCounter, result };
    return result;
  }
}
