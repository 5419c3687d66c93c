/**
 * One workspace folder on the server side: reads it from disk, keeps the engine session in step
 * with buffers and file events, and merges settings (defaults ← editor settings ← .retrylens.yaml,
 * so the CLI and the editor agree on a repository's settings).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import picomatch from "picomatch";
import { parse as parseYamlDocument } from "yaml";
import { WorkspaceSession } from "../engine/session";
import { CONFIG_FILE_NAMES, parseConfig, type ConfigProblem } from "../host/config";
import { maxBytesFor, readWorkspace } from "../host/workspace";
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
    return !(exclude.length && picomatch(exclude, { dot: true })(file));
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
    if (Array.isArray(e.exclude)) settings.exclude = e.exclude.filter((g) => typeof g === "string");
    if (typeof e.includeTests === "boolean") settings.includeTests = e.includeTests;

    this.configProblems = [];
    const file = this.configBuffer?.file ?? CONFIG_FILE_NAMES.find((n) => fs.existsSync(path.join(this.root, n)));
    const text = this.configBuffer?.text ?? (file ? readIfSmall(path.join(this.root, file)) : null);
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

  /** (Re)reads every file from disk, keeping open buffers' unsaved text. */
  async index(openBuffers: Map<string, string>, onProgress?: (n: number) => void): Promise<{ skipped: number }> {
    const settings = this.session.getSettings();
    const read = await readWorkspace(this.root, { includeTests: settings.includeTests, exclude: settings.exclude, onProgress });
    const files = read.files.map((f) => ({ path: f.path, text: openBuffers.get(f.path) ?? f.text }));
    for (const [file, text] of openBuffers) if (!read.files.some((f) => f.path === file) && this.wants(file)) files.push({ path: file, text });
    this.session.reset(files);
    this.indexed = true;
    return { skipped: read.skipped.length };
  }

  /** A file changed on disk (and is not open): read it again, or forget it when it is gone. */
  refreshFromDisk(file: string): boolean {
    const text = readIfSmall(path.join(this.root, file));
    if (text === null || !this.wants(file)) return this.session.remove(file);
    return this.session.setText(file, text);
  }
}

/** A file's text when it exists, is at most 1 MiB (a lock file: MAX_LOCK_FILE_BYTES) and is not binary; null otherwise. */
export function readIfSmall(abs: string): string | null {
  try {
    const stat = fs.statSync(abs);
    if (!stat.isFile() || stat.size > maxBytesFor(abs.replace(/\\/g, "/"))) return null;
    const buf = fs.readFileSync(abs);
    if (buf.subarray(0, 8192).includes(0)) return null;
    return buf.toString("utf8");
  } catch {
    return null;
  }
}
