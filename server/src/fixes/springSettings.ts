/**
 * Editing Spring Boot settings files (`application*.yml` / `.properties`) for fixes: a setting is
 * found by its relaxed flattened name (`resilience4j.retry.instances.inventory.max-attempts`,
 * however the YAML nests or dots its keys), its value replaced in place, and new settings added
 * beside the others of their prefix — YAML through node ranges (fixes/yaml.ts), .properties with
 * the same tokenizer the detector uses, one logical line at a time. Only the always-active
 * documents (no profile) are read and written.
 */
import { isMap, isScalar, type Node, type Pair, type YAMLMap } from "yaml";
import { parseProperties } from "../detectors/spring/properties";
import { isSpringConfigFile, profileOfFile } from "../detectors/spring/settings";
import { normalizeSettingKey, projectDirOf } from "../model/settingsKeys";
import type { FixEdit } from "./types";
import { YamlEditor } from "./yaml";

export interface SettingSite {
  file: string;
  /** flattened key as written */
  key: string;
  value: string;
  /** the value's text range */
  start: number;
  end: number;
}

export interface SettingsFile {
  file: string;
  /** the last always-active entry for `key` (relaxed), or null */
  find(key: string): SettingSite | null;
  /** whether any always-active entry lies under `prefix.` */
  hasUnder(prefix: string): boolean;
  /** replace a value (YAML keeps its quotes) */
  replace(site: SettingSite, value: string): FixEdit;
  /** add `prefix.k = v` settings beside the prefix's others, or as a new block; null when it cannot */
  add(prefix: string, settings: ReadonlyArray<[string, string]>): FixEdit | null;
  /** .properties: the key of the entry written on `line` */
  keyAt?(line: number): string | null;
  /** .properties: edits removing every entry under `prefix.` (their whole lines) */
  removeUnder?(prefix: string): FixEdit[];
}

/** The Spring settings files that configure code in `codePath`: deepest project first, base before profile, .properties over .yml over bootstrap. */
export function settingsFilesFor(codePath: string, files: readonly string[]): string[] {
  const rank = (p: string) => {
    const base = p.slice(p.lastIndexOf("/") + 1);
    return base.startsWith("bootstrap") ? 2 : /\.ya?ml$/.test(base) ? 1 : 0;
  };
  return files
    .filter((f) => isSpringConfigFile(f))
    .map((f) => ({ f, dir: projectDirOf(f).replace(/\/+$/, "") }))
    .filter(({ dir }) => dir === "" || codePath.startsWith(`${dir}/`))
    .sort((a, b) => b.dir.length - a.dir.length || (profileOfFile(a.f) === null ? 0 : 1) - (profileOfFile(b.f) === null ? 0 : 1) || rank(a.f) - rank(b.f))
    .map(({ f }) => f);
}

/** The settings files for `codePath` (settingsFilesFor), opened from their current text; files that cannot be read are left out. */
export function openSettingsFor(codePath: string, files: readonly string[], read: (file: string) => string | undefined): SettingsFile[] {
  return settingsFilesFor(codePath, files)
    .map((f) => {
      const text = read(f);
      return text === undefined ? null : openSettingsFile(f, text);
    })
    .filter((f): f is SettingsFile => f !== null);
}

export function openSettingsFile(file: string, text: string): SettingsFile | null {
  if (/\.ya?ml$/.test(file)) return new YamlSettings(file, text);
  if (file.endsWith(".properties")) return new PropertiesSettings(file, text);
  return null;
}

const relaxed = normalizeSettingKey;

class YamlSettings implements SettingsFile {
  private readonly ed: YamlEditor;
  /** always-active document roots */
  private readonly roots: YAMLMap[] = [];
  private readonly emptyDocument: boolean;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    this.ed = new YamlEditor(file, text);
    const all = this.ed.roots();
    this.emptyDocument = all.every((r) => r === null);
    if (profileOfFile(file) !== null) return;
    for (const root of all) {
      if (!isMap(root)) continue;
      const flat = this.flatten(root as YAMLMap);
      const profile = flat.find((e) => ["spring.config.activate.onprofile", "spring.profiles"].includes(relaxed(e.key)));
      if (!profile) this.roots.push(root as YAMLMap);
    }
  }

  /** scalar pairs of a map with their flattened keys, and every map with its path */
  private flatten(root: YAMLMap): Array<{ key: string; pair: Pair; map: YAMLMap }> {
    const out: Array<{ key: string; pair: Pair; map: YAMLMap }> = [];
    const visit = (map: YAMLMap, path: string) => {
      for (const p of map.items as Pair[]) {
        if (!isScalar(p.key)) continue;
        const key = path ? `${path}.${String((p.key as { value: unknown }).value)}` : String((p.key as { value: unknown }).value);
        out.push({ key, pair: p, map });
        if (isMap(p.value)) visit(p.value as YAMLMap, key);
      }
    };
    visit(root, "");
    return out;
  }

  private entries() {
    return this.roots.flatMap((r) => this.flatten(r));
  }

  find(key: string): SettingSite | null {
    const k = relaxed(key);
    const hits = this.entries().filter((e) => relaxed(e.key) === k && isScalar(e.pair.value) && (e.pair.value as Node).range);
    const hit = hits[hits.length - 1];
    if (!hit) return null;
    const node = hit.pair.value as Node;
    return { file: this.file, key: hit.key, value: String((node as { value?: unknown }).value ?? ""), start: node.range![0], end: node.range![1] };
  }

  hasUnder(prefix: string): boolean {
    const p = `${relaxed(prefix)}.`;
    return this.entries().some((e) => relaxed(e.key).startsWith(p));
  }

  replace(site: SettingSite, value: string): FixEdit {
    const source = this.text.slice(site.start, site.end);
    const quote = source.startsWith('"') ? '"' : source.startsWith("'") ? "'" : "";
    return this.ed.edit(site.start, site.end, `${quote}${value}${quote}`);
  }

  add(prefix: string, settings: ReadonlyArray<[string, string]>): FixEdit | null {
    const segments = prefix.split(".");
    const leaf = settings.map(([k, v]) => `${k}: ${v}`);
    // the deepest map whose path is a prefix of `prefix`
    let best: { map: YAMLMap; depth: number } | null = null;
    for (const root of this.roots) {
      if (!best) best = { map: root, depth: 0 };
      for (const e of this.flatten(root)) {
        if (!isMap(e.pair.value)) continue;
        const path = relaxed(e.key);
        const depth = path.split(".").length;
        if ((relaxed(prefix) === path || relaxed(prefix).startsWith(`${path}.`)) && depth > best.depth) best = { map: e.pair.value as YAMLMap, depth };
      }
    }
    const block = (rest: string[]): string => {
      const lines: string[] = [];
      rest.forEach((s, i) => lines.push(`${"  ".repeat(i)}${s}:`));
      for (const l of leaf) lines.push(`${"  ".repeat(rest.length)}${l}`);
      return lines.join("\n");
    };
    if (!best) {
      // no always-active document with a map: a new block at the end (only into an empty file)
      if (!this.emptyDocument) return null;
      const eol = this.ed.eol;
      const sep = this.text === "" || this.text.endsWith("\n") ? "" : eol;
      return this.ed.edit(this.text.length, this.text.length, `${sep}${block(segments).split("\n").join(eol)}${eol}`);
    }
    const rest = segments.slice(best.depth);
    if (best.map.flow) return null;
    if (!best.map.items.length) return null;
    return this.ed.addKey(best.map, rest.length ? block(rest) : leaf.join("\n"));
  }
}

interface PropEntry {
  key: string;
  value: string;
  /** value range and the end of the logical line */
  start: number;
  end: number;
  /** `key=` / `key: ` / `key = ` as written, for new lines in the same style */
  separator: string;
  line: number;
  /** the entry's whole lines, terminator included */
  lineStart: number;
  lineEnd: number;
}

class PropertiesSettings implements SettingsFile {
  private readonly entries: PropEntry[] = [];

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    if (profileOfFile(file) !== null) return;
    const starts = [0];
    for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
    const parsed = parseProperties(text);
    for (const doc of parsed.documents) {
      if (doc.some((e) => ["spring.config.activate.onprofile", "spring.profiles"].includes(relaxed(e.key)))) continue;
      for (const e of doc) {
        const keyEnd = (starts[e.span.endLine - 1] ?? 0) + e.span.endColumn;
        let start = keyEnd;
        while (text[start] === " " || text[start] === "\t" || text[start] === "\f") start++;
        if (text[start] === "=" || text[start] === ":") start++;
        while (text[start] === " " || text[start] === "\t" || text[start] === "\f") start++;
        // the logical line ends at a line end not escaped by an odd run of backslashes
        let end = start;
        for (;;) {
          while (end < text.length && text[end] !== "\n" && text[end] !== "\r") end++;
          let slashes = 0;
          for (let j = end - 1; j >= start && text[j] === "\\"; j--) slashes++;
          if (slashes % 2 === 0 || end >= text.length) break;
          end += text.startsWith("\r\n", end) ? 2 : 1;
        }
        const lineStart = starts[e.span.line - 1] ?? 0;
        const lineEnd = text.startsWith("\r\n", end) ? end + 2 : text[end] === "\n" || text[end] === "\r" ? end + 1 : end;
        this.entries.push({ key: e.key, value: e.value, start, end, separator: text.slice(keyEnd, start) || "=", line: e.span.line, lineStart, lineEnd });
      }
    }
  }

  find(key: string): SettingSite | null {
    const k = relaxed(key);
    const hit = [...this.entries].reverse().find((e) => relaxed(e.key) === k);
    return hit ? { file: this.file, key: hit.key, value: hit.value, start: hit.start, end: hit.end } : null;
  }

  hasUnder(prefix: string): boolean {
    const p = `${relaxed(prefix)}.`;
    return this.entries.some((e) => relaxed(e.key).startsWith(p));
  }

  replace(site: SettingSite, value: string): FixEdit {
    return { file: this.file, start: site.start, end: site.end, newText: value };
  }

  keyAt(line: number): string | null {
    return this.entries.find((e) => e.line === line)?.key ?? null;
  }

  removeUnder(prefix: string): FixEdit[] {
    const p = relaxed(prefix);
    return this.entries
      .filter((e) => relaxed(e.key) === p || relaxed(e.key).startsWith(`${p}.`))
      .map((e) => ({ file: this.file, start: e.lineStart, end: e.lineEnd, newText: "" }));
  }

  add(prefix: string, settings: ReadonlyArray<[string, string]>): FixEdit | null {
    const p = `${relaxed(prefix)}.`;
    const group = this.entries.filter((e) => relaxed(e.key).startsWith(p));
    const anchor = group[group.length - 1] ?? this.entries[this.entries.length - 1];
    const eol = this.text.includes("\r\n") ? "\r\n" : "\n";
    // keys written the way the group spells its prefix
    const spelled = group.length ? group[group.length - 1]!.key.slice(0, prefix.length) : prefix;
    const sep = anchor?.separator ?? "=";
    const lines = settings.map(([k, v]) => `${spelled}.${k}${sep}${v}`);
    if (!anchor) {
      const lead = this.text === "" || this.text.endsWith("\n") ? "" : eol;
      return { file: this.file, start: this.text.length, end: this.text.length, newText: `${lead}${lines.join(eol)}${eol}` };
    }
    return { file: this.file, start: anchor.end, end: anchor.end, newText: lines.map((l) => `${eol}${l}`).join("") };
  }
}
