/**
 * One workspace folder on the server side: reads it from disk, keeps the engine session in step
 * with buffers and file events, and merges settings (defaults ← editor settings ← .retrylens.yaml,
 * so the CLI and the editor agree on a repository's settings).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import picomatch from "picomatch";
import { parse as parseYamlDocument } from "../parsing/yaml";
import type { Extractor } from "../engine/analyze";
import { WorkspaceSession, type ExtractStats, type FactsLookup } from "../engine/session";
import { CONFIG_FILE_NAMES, globProblem, parseConfig, type ConfigProblem } from "../host/config";
import { maxBytesFor, readWorkspace } from "../host/workspace";
import type { LeftOutFiles } from "../host/relevance";
import { normaliseLoneCr, readConfigFile, readSmallFile, readWorkspaceText } from "../host/safeFs";
import { sourceLanguage } from "../model/languages";
import { DEFAULT_SETTINGS, type Settings } from "../model/model";
import type { EditorSettings } from "../protocol";
import type { FolderContext } from "./convert";

export class Folder implements FolderContext {
  readonly session: WorkspaceSession;
  configProblems: ConfigProblem[] = [];
  /** the config file's unsaved text, when it is open in the editor */
  private configBuffer: { file: string; text: string } | null = null;
  private editorSettings: Partial<EditorSettings> = {};
  enabled = true;
  indexed = false;
  /** open buffers over the size limit: not analysed, one information diagnostic each (file → why) */
  readonly oversizedBuffers = new Map<string, string>();
  /** editor settings that could not be used (an invalid exclude glob), for the log */
  settingsProblems: string[] = [];
  /** files changed on disk while the folder was being read: read again once the read is in */
  private changedWhileReading: Set<string> | null = null;

  private constructor(
    readonly root: string,
    readonly uri: string,
    session: WorkspaceSession,
  ) {
    this.session = session;
  }

  static async create(root: string, uri: string): Promise<Folder> {
    return new Folder(root, uri, await WorkspaceSession.create());
  }

  text(file: string): string | undefined {
    if (this.configBuffer?.file === file) return this.configBuffer.text;
    return this.session.text(file) ?? readIfSmall(path.join(this.root, file)) ?? undefined;
  }

  /** workspace-relative path of an absolute path inside this folder, or null */
  relative(abs: string): string | null {
    const rel = path.relative(this.root, abs);
    if (rel.startsWith("..") || path.isAbsolute(rel)) return null;
    return rel.split(path.sep).join("/");
  }

  isConfigFile(file: string): boolean {
    return (CONFIG_FILE_NAMES as readonly string[]).includes(file);
  }

  /** Should this workspace file be analysed under the current settings? */
  wants(file: string): boolean {
    if (!sourceLanguage(file)) return false;
    const exclude = this.session.getSettings().exclude;
    if (!exclude.length) return true;
    try {
      return !picomatch(exclude, { dot: true })(file);
    } catch {
      return true; // globs are checked when settings are read (globProblem); never a dead feature
    }
  }

  /** the settings that decide which files are read: a change means reading the folder again */
  fileSetKey(): string {
    const s = this.session.getSettings();
    return JSON.stringify({ exclude: s.exclude, includeTests: s.includeTests });
  }

  /**
   * An open buffer's text into the session: over the size limit for files on disk
   * (maxBytesFor) it is not analysed and gets a notice instead. Returns true when the session changed.
   */
  setBuffer(file: string, text: string): boolean {
    const limit = maxBytesFor(file);
    // a UTF-16 length above the limit is above it in bytes too; below limit/3 it cannot be
    const bytes = text.length > limit ? text.length : text.length * 3 <= limit ? 0 : Buffer.byteLength(text, "utf8");
    if (bytes > limit) {
      const wasOversized = this.oversizedBuffers.has(file);
      this.oversizedBuffers.set(file, `Retry Lens does not analyse this file: it is larger than ${Math.round(limit / 1024)} KB (files on disk over the same limit are skipped too)`);
      return this.session.remove(file) || !wasOversized;
    }
    const wasOversized = this.oversizedBuffers.delete(file);
    const normalised = normaliseLoneCr(text);
    return this.setAnalysed(file, normalised) || wasOversized;
  }

  /** a buffer closed: its notice goes, the file on disk counts again */
  closeBuffer(file: string): boolean {
    const wasOversized = this.oversizedBuffers.delete(file);
    return this.refreshFromDisk(file) || wasOversized;
  }

  setEditorSettings(settings: Partial<EditorSettings>): void {
    this.editorSettings = settings;
    this.enabled = settings.enable !== false;
    this.applySettings();
  }

  setConfigBuffer(file: string, text: string | null): void {
    this.configBuffer = text === null ? null : { file, text };
    this.applySettings();
  }

  /** Recomputes settings from editor settings and the config file (buffer first, then disk). */
  applySettings(): void {
    const settings: Settings = { ...DEFAULT_SETTINGS, rules: {}, services: {} };
    const e = this.editorSettings;
    if (typeof e.threshold === "number" && e.threshold >= 1) settings.threshold = e.threshold;
    if (e.rules && typeof e.rules === "object") settings.rules = { ...e.rules };
    this.settingsProblems = [];
    if (Array.isArray(e.exclude))
      settings.exclude = e.exclude.filter((g) => {
        if (typeof g !== "string" || g.trim() === "") return false;
        const why = globProblem(g);
        if (why) this.settingsProblems.push(`retryLens.exclude: "${g.slice(0, 80)}" is not a valid glob (${why}); ignored`);
        return why === null;
      });
    if (typeof e.includeTests === "boolean") settings.includeTests = e.includeTests;

    this.configProblems = [];
    const file = this.configBuffer?.file ?? CONFIG_FILE_NAMES.find((n) => fs.existsSync(path.join(this.root, n)));
    const text = this.configBuffer?.text ?? (file ? readConfig(this.root, file) : null);
    if (file && text !== null && text !== undefined) {
      const parsed = parseConfig(text, file);
      this.configProblems = parsed.problems;
      // only the keys the file sets override the editor's settings
      let keys: string[] = [];
      try {
        const doc = parseYamlDocument(text) as unknown;
        if (doc && typeof doc === "object") keys = Object.keys(doc as object);
      } catch {
        keys = [];
      }
      // a key with a bad value reads as its default (the problem is shown on its line)
      for (const key of keys) {
        if (key === "threshold") settings.threshold = parsed.settings.threshold;
        else if (key === "rules") settings.rules = { ...settings.rules, ...parsed.settings.rules };
        else if (key === "exclude") settings.exclude = [...settings.exclude, ...parsed.settings.exclude];
        else if (key === "includeTests") settings.includeTests = parsed.settings.includeTests;
        else if (key === "services") settings.services = parsed.settings.services;
        else if (key === "helpers") settings.helpers = parsed.settings.helpers;
      }
    }
    this.session.setSettings(settings);
  }

  /**
   * (Re)reads every file from disk, keeping open buffers' unsaved text (asked for once the read
   * is in, so edits typed meanwhile are kept), then extracts in chunks that give the event loop
   * back: requests are answered from the last snapshot meanwhile. `indexed` is set at the end.
   */
  async index(
    openBuffers: () => Map<string, string>,
    /** how to extract, given how many files need it (few: on this thread; many: a worker pool) */
    extraction: (pending: number) => { extractor: Extractor; chunkFiles: number; lookup?: FactsLookup },
    onProgress?: (phase: "read" | "extract", n: number, total?: number) => void,
  ): Promise<{ skipped: number; read: number; extract: ExtractStats }> {
    const settings = this.session.getSettings();
    this.changedWhileReading = new Set();
    let read: Awaited<ReturnType<typeof readWorkspace>>;
    try {
      read = await readWorkspace(this.root, { includeTests: settings.includeTests, exclude: settings.exclude, onProgress: (n) => onProgress?.("read", n) });
    } finally {
      const changed = this.changedWhileReading;
      this.changedWhileReading = null;
      // the read may hold older text of these (or miss them): read again below
      this.pendingRefresh = changed;
    }
    const buffers = new Map([...openBuffers()].filter(([file]) => this.wants(file)));
    const files = read.files.filter((f) => !buffers.has(f.path)).map((f) => ({ path: f.path, text: f.text }));
    this.session.reset(files);
    this.leftOut = read.leftOut ?? null;
    for (const [file, text] of buffers) this.setBuffer(file, text);
    for (const file of this.pendingRefresh ?? []) if (!buffers.has(file)) this.refreshFromDisk(file);
    this.pendingRefresh = null;
    const extract = await this.session.extractPending({ ...extraction(this.session.pendingCount()), onProgress: (done, total) => onProgress?.("extract", done, total) });
    this.indexed = true;
    return { skipped: read.skipped.length, read: read.files.length, extract };
  }

  private pendingRefresh: Set<string> | null = null;
  /** code files the last read left out as irrelevant (host/relevance.ts), let in when an edit makes them matter */
  private leftOut: LeftOutFiles | null = null;

  /** A file changed on disk (and is not open): read it again, or forget it when it is gone. */
  refreshFromDisk(file: string): boolean {
    this.changedWhileReading?.add(file);
    if (!this.wants(file)) return this.session.remove(file);
    const s = this.session.getSettings();
    // the same policy as the folder walk (host/safeFs.ts): ignored, excluded, test and symlinked-out files are refused alike
    const text = readWorkspaceText(this.root, file, maxBytesFor(file), { includeTests: s.includeTests, exclude: s.exclude });
    if (text === null) {
      this.leftOut?.remove(file);
      return this.session.remove(file);
    }
    return this.setAnalysed(file, text);
  }

  /**
   * A file's text into the session, and the files the relevance pass left out that this text
   * makes matter (host/relevance.ts): what a fresh read of the folder would now parse.
   */
  private setAnalysed(file: string, text: string): boolean {
    let changed = this.session.setText(file, text);
    if (changed && this.leftOut) {
      for (const joined of this.leftOut.admit({ path: file, text })) changed = this.session.setText(joined.path, joined.text) || changed;
    }
    return changed;
  }
}

/** The config file's text (read through host/safeFs.ts like the CLI does), or null when it cannot be read. */
function readConfig(root: string, file: string): string | null {
  try {
    return readConfigFile(root, file);
  } catch {
    return null;
  }
}

/** A file's text when it exists, is at most 1 MiB (a lock file: MAX_LOCK_FILE_BYTES) and is not binary; null otherwise. */
export function readIfSmall(abs: string): string | null {
  // host/safeFs.ts: opened first, then checked (regular file, size, not binary); with a root, the workspace policy too
  return readSmallFile(abs, maxBytesFor(abs.replace(/\\/g, "/")));
}
