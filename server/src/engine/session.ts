/**
 * An editing session over one workspace folder: the current text of every file (disk or
 * unsaved buffer), facts per file, and the latest analysis. An edit re-extracts one file and
 * relinks from cached facts; a revision counter lets a host drop stale work. Pure: the host
 * reads files and hands texts in.
 *
 * The first index extracts in chunks (`extractPending`) that give the event loop back between
 * them, through whatever Extractor the host hands in (a worker pool): a host keeps answering
 * requests from `snapshot()` meanwhile. An edit during extraction replaces the file's state, so
 * the chunk's facts for the old text are dropped and the new text is extracted on analysis.
 */
import type { FileFacts } from "../model/facts";
import { isTestPath } from "../model/languages";
import { DEFAULT_SETTINGS, type Settings } from "../model/model";
import { initTreeSitter } from "../parsing/treeSitter";
import { analyzeFactsSteps, type AnalysisResult, type Extractor } from "./analyze";
import { runInSlices, runToEnd, type Steps } from "./steps";
import { contentHash, extractFile } from "./extract";
import { LinkMemo } from "./countRelink";
import { sameFacts } from "./sameFacts";

export { sameFacts } from "./sameFacts";

/** how long the language server links before giving the event loop a turn (a request needs a few turns to be read, run and answered) */
const DEFAULT_SLICE_MS = 8;

interface FileState {
  text: string;
  facts: FileFacts | null;
  /** the facts of the text before the last edit: kept (same object) when the new text's facts equal them */
  before?: FileFacts;
}

/** Facts kept elsewhere by content hash (a persistent store): looked up before extracting. */
export interface FactsLookup {
  load(path: string, hash: string): FileFacts | undefined;
  save(path: string, hash: string, facts: FileFacts): void;
}

export interface ExtractPendingOptions {
  extractor: Extractor;
  /** files handed to the extractor at once; the event loop runs between chunks */
  chunkFiles: number;
  lookup?: FactsLookup;
  onProgress?: (done: number, total: number) => void;
}

/** what the first index found in a persistent store and what it extracted */
export interface ExtractStats {
  reused: number;
  extracted: number;
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
    // a rescan keeps the facts of files whose text did not change
    const before = new Map(this.files);
    this.files.clear();
    for (const f of files) {
      const kept = before.get(f.path);
      this.files.set(f.path, kept && kept.text === f.text ? kept : { text: f.text, facts: null });
    }
    this.revisionCounter++;
  }

  /** a file's text changed (typed, saved, created); unchanged text is a no-op */
  setText(path: string, text: string): boolean {
    const current = this.files.get(path);
    if (current && current.text === text) return false;
    const before = current?.facts ?? current?.before;
    this.files.set(path, { text, facts: null, ...(before ? { before } : {}) });
    this.revisionCounter++;
    return true;
  }

  remove(path: string): boolean {
    this.testPaths.delete(path);
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

  /** files analysed under the current settings (test code only with includeTests) */
  private analysed(path: string): boolean {
    if (this.settings.includeTests) return true;
    // asked for every file on every analysis: remembered per path (test paths do not change)
    let test = this.testPaths.get(path);
    if (test === undefined) this.testPaths.set(path, (test = isTestPath(path)));
    return !test;
  }

  private readonly testPaths = new Map<string, boolean>();

  /**
   * Extracts every analysed file whose facts are missing, `chunkFiles` at a time, yielding to
   * the event loop between chunks. Never throws for a file (extractors return problems).
   */
  async extractPending(options: ExtractPendingOptions): Promise<ExtractStats> {
    const stats: ExtractStats = { reused: 0, extracted: 0 };
    const pending = [...this.files].filter(([path, state]) => state.facts === null && this.analysed(path));
    const total = pending.length;
    let done = 0;
    const chunk = Math.max(1, Math.floor(options.chunkFiles));
    for (let i = 0; i < pending.length; i += chunk) {
      const misses: Array<{ path: string; state: FileState; hash: string | null }> = [];
      for (const [path, state] of pending.slice(i, i + chunk)) {
        if (this.files.get(path) !== state) continue; // edited or removed meanwhile
        const hash = options.lookup ? contentHash(state.text) : null;
        const hit = hash !== null ? options.lookup!.load(path, hash) : undefined;
        if (hit) {
          state.facts = adopt(state, hit);
          stats.reused++;
        } else misses.push({ path, state, hash });
      }
      if (misses.length) {
        const facts = await options.extractor.extract(misses.map((m) => ({ path: m.path, text: m.state.text })));
        misses.forEach((m, k) => {
          const f = facts[k];
          if (!f) return;
          // a file skipped for its budget depends on the machine's load: not kept for next time
          if (m.hash !== null && !f.problems.some((p) => p.message.startsWith("skipped: "))) options.lookup!.save(m.path, m.hash, f);
          if (this.files.get(m.path) === m.state) m.state.facts = adopt(m.state, f);
          stats.extracted++;
        });
      }
      done = Math.min(total, i + chunk);
      options.onProgress?.(done, total);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return stats;
  }

  /** analysed files whose facts are still to be extracted */
  pendingCount(): number {
    let n = 0;
    for (const [path, state] of this.files) if (state.facts === null && this.analysed(path)) n++;
    return n;
  }

  /** The last analysis made (possibly of an older revision), without analysing; null before the first. */
  snapshot(): AnalysisResult | null {
    return this.last?.result ?? null;
  }

  /** true when `analyze()` would return without work */
  isCurrent(): boolean {
    return this.last !== null && this.last.revision === this.revisionCounter;
  }

  /** The analysis for the current revision, extracting only files whose facts are missing. */
  analyze(): AnalysisResult {
    if (this.last && this.last.revision === this.revisionCounter) return this.last.result;
    return runToEnd(this.analysisSteps(this.revisionCounter));
  }

  /**
   * The analysis for the current revision, computed in slices of about `sliceMs` that give the
   * event loop back (a language server keeps answering from `snapshot()` meanwhile). Callers
   * share one run; a run overtaken by a change stops at its next pause and starts again from the
   * new revision, so the result is always current when it resolves.
   */
  analyzeInSlices(sliceMs: number = DEFAULT_SLICE_MS): Promise<AnalysisResult> {
    if (this.last && this.last.revision === this.revisionCounter) return Promise.resolve(this.last.result);
    this.running ??= (async () => {
      try {
        for (;;) {
          const revision = this.revisionCounter;
          // stopped when overtaken by a change, or when a synchronous analyze() made this revision's meanwhile
          const result = await runInSlices(this.analysisSteps(revision), { sliceMs, cancelled: () => this.revisionCounter !== revision || this.last?.revision === revision });
          if (result) return result;
          if (this.last && this.last.revision === this.revisionCounter) return this.last.result;
        }
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** true while `analyzeInSlices` runs */
  get analysing(): boolean {
    return this.running !== null;
  }

  private running: Promise<AnalysisResult> | null = null;

  /** extraction of files whose facts are missing, then linking and rules; records the result as `revision`'s */
  private *analysisSteps(revision: number): Steps<AnalysisResult> {
    const facts: FileFacts[] = [];
    for (const [path, state] of this.files) {
      if (!this.analysed(path)) continue;
      if (state.facts === null) {
        state.facts = adopt(state, extractFile(path, state.text));
        yield;
      }
      facts.push(state.facts);
    }
    // an edit whose facts equal the old ones (a comment, a log message, a rename nothing links
    // through), or an edit undone: the same facts objects under the same settings, the same result
    const previous = this.last?.result;
    const settings = this.settings;
    const same = previous !== undefined && this.lastSettings === settings && previous.facts.length === facts.length && previous.facts.every((f, i) => f === facts[i]);
    const result = same ? previous : yield* analyzeFactsSteps(facts, settings, this.linkMemo);
    this.last = { revision, result };
    this.lastSettings = settings;
    return result;
  }

  private lastSettings: Settings | null = null;
  /** what the last link recorded, so an edit of retry counts relinks without linking the workspace (engine/countRelink.ts) */
  private readonly linkMemo = new LinkMemo();

  /** how many analyses were answered by relinking counts (tests, logs) */
  get countRelinks(): number {
    return this.linkMemo.countRelinks;
  }

  /** why the last analysis linked in full rather than relinking counts ("" when it relinked) */
  get lastFullLinkReason(): string {
    return this.linkMemo.lastRefusal;
  }
}

/**
 * The new facts, or the file's facts before the edit when they are equal (so unchanged files keep
 * their identity); when they differ, a new object that keeps the earlier value of every field (and
 * of every layer fact) that did not change, so a linker can tell by identity what an edit changed
 * (engine/countRelink.ts).
 */
function adopt(state: FileState, facts: FileFacts): FileFacts {
  const before = state.before;
  delete state.before;
  if (!before || before.path !== facts.path) return facts;
  const out: Record<string, unknown> = {};
  let same = Object.keys(before).length === Object.keys(facts).length;
  for (const [k, v] of Object.entries(facts)) {
    const was = (before as unknown as Record<string, unknown>)[k];
    const kept = k === "layers" && Array.isArray(was) && Array.isArray(v) ? keepUnchanged(was, v) : sameFacts(was, v) && Object.prototype.hasOwnProperty.call(before, k) ? was : v;
    if (kept !== was) same = false;
    out[k] = kept;
  }
  return same ? before : (out as unknown as FileFacts);
}

/** the new list, or the old one when every element is equal; else the new list with each element equal to the old one at its place replaced by it */
function keepUnchanged(was: unknown[], now: unknown[]): unknown[] {
  if (sameFacts(was, now)) return was;
  return now.map((x, i) => (i < was.length && sameFacts(was[i], x) ? was[i] : x));
}
