/**
 * TOML: values from `@iarna/toml` (a real TOML 0.5 parser), positions from a small tokenizer of
 * TOML's line structure, since the parser gives none: table headers (`[a.b."c"]`,
 * `[[a.b]]` with their array index) and `key = value` lines (dotted and quoted keys), skipping
 * comments, multi-line strings and values that span lines (arrays, inline tables). `lineOf`
 * answers where a key path was written ("http.middlewares.m.retry" → its header's line).
 */
import { parse } from "@iarna/toml";
import type { ProblemFact } from "../model/facts";

export interface TomlFile {
  value: Record<string, unknown> | null;
  problems: ProblemFact[];
  /** 1-based line of a key path (array-of-tables entries as their index: ["servers", "0"]) */
  lineOf(path: readonly string[]): number | null;
  /** `#` comments outside strings, with their 1-based line */
  comments: Array<{ line: number; text: string }>;
}

export function parseToml(text: string): TomlFile {
  const problems: ProblemFact[] = [];
  let value: Record<string, unknown> | null = null;
  try {
    value = parse(text) as Record<string, unknown>;
  } catch (err) {
    // @iarna/toml reports a 0-based line
    const e = err as { line?: number; message?: string };
    problems.push({ line: typeof e.line === "number" ? e.line + 1 : 1, message: `TOML could not be read: ${(e.message ?? String(err)).split("\n")[0]}` });
  }
  const comments: Array<{ line: number; text: string }> = [];
  const lines = keyLines(text, comments);
  return {
    value,
    problems,
    comments,
    lineOf(path) {
      return lines.get(path.join("\u0000")) ?? null;
    },
  };
}

/** Splits a dotted key (`a."b.c".d`, `'x'`) into its parts; null when it is not a key. */
export function splitKey(text: string): string[] | null {
  const parts: string[] = [];
  let i = 0;
  const t = text.trim();
  while (i < t.length) {
    while (t[i] === " " || t[i] === "\t") i++;
    let part = "";
    if (t[i] === '"' || t[i] === "'") {
      const q = t[i]!;
      i++;
      while (i < t.length && t[i] !== q) {
        if (q === '"' && t[i] === "\\" && i + 1 < t.length) i++;
        part += t[i];
        i++;
      }
      if (t[i] !== q) return null;
      i++;
    } else {
      const start = i;
      while (i < t.length && /[A-Za-z0-9_-]/.test(t[i]!)) i++;
      part = t.slice(start, i);
      if (!part) return null;
    }
    parts.push(part);
    while (t[i] === " " || t[i] === "\t") i++;
    if (i < t.length) {
      if (t[i] !== ".") return null;
      i++;
    }
  }
  return parts.length ? parts : null;
}

function keyLines(text: string, comments: Array<{ line: number; text: string }>): Map<string, number> {
  const out = new Map<string, number>();
  const arrayIndex = new Map<string, number>();
  let table: string[] = [];
  let multiline: string | null = null;
  let depth = 0;
  const lines = text.split(/\r?\n/);
  const set = (path: string[], line: number) => {
    const key = path.join("\u0000");
    if (!out.has(key)) out.set(key, line);
  };
  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n]!;
    if (multiline) {
      if (raw.includes(multiline)) multiline = null;
      continue;
    }
    if (depth > 0) {
      depth += bracketDelta(raw);
      continue;
    }
    const code = stripComment(raw);
    if (code.length < raw.length) comments.push({ line: n + 1, text: raw.slice(code.length) });
    const line = code.trim();
    if (!line) continue;
    const header = /^\[\[(.+)\]\]$/.exec(line) ?? /^\[(.+)\]$/.exec(line);
    if (header) {
      const parts = splitKey(header[1]!);
      if (!parts) continue;
      if (line.startsWith("[[")) {
        const base = parts.join("\u0000");
        const index = (arrayIndex.get(base) ?? -1) + 1;
        arrayIndex.set(base, index);
        table = [...parts, String(index)];
        for (let k = 1; k < parts.length; k++) set(parts.slice(0, k), n + 1);
        set(parts, n + 1);
      } else {
        // a header inside an array of tables continues its last entry: [a.b] after [[a]]
        table = withArrayIndices(parts, arrayIndex);
        for (let k = 1; k < table.length; k++) set(table.slice(0, k), n + 1);
      }
      set(table, n + 1);
      continue;
    }
    const eq = keyEnd(line);
    if (eq < 0) continue;
    const parts = splitKey(line.slice(0, eq));
    if (!parts) continue;
    for (let k = 1; k <= parts.length; k++) set([...table, ...parts.slice(0, k)], n + 1);
    const value = line.slice(eq + 1).trim();
    for (const q of ['"""', "'''"]) {
      if (value.startsWith(q) && value.indexOf(q, 3) < 0) multiline = q;
    }
    if (!multiline) depth = Math.max(0, bracketDelta(value));
  }
  return out;
}

function withArrayIndices(parts: string[], arrayIndex: Map<string, number>): string[] {
  const out: string[] = [];
  for (let k = 0; k < parts.length; k++) {
    out.push(parts[k]!);
    const idx = arrayIndex.get(parts.slice(0, k + 1).join("\u0000"));
    if (idx !== undefined && k < parts.length - 1) out.push(String(idx));
  }
  return out;
}

/** The `=` that ends a key (outside quotes), or -1. */
function keyEnd(line: string): number {
  let q: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (q) {
      if (c === "\\" && q === '"') i++;
      else if (c === q) q = null;
    } else if (c === '"' || c === "'") q = c;
    else if (c === "=") return i;
  }
  return -1;
}

/** A line without its `#` comment (a `#` inside a string is kept). */
function stripComment(line: string): string {
  let q: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (q) {
      if (c === "\\" && q === '"') i++;
      else if (c === q) q = null;
    } else if (c === '"' || c === "'") q = c;
    else if (c === "#") return line.slice(0, i);
  }
  return line;
}

/** Open minus closed `[`/`{` outside strings and comments. */
function bracketDelta(text: string): number {
  const t = stripComment(text);
  let q: string | null = null;
  let d = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (q) {
      if (c === "\\" && q === '"') i++;
      else if (c === q) q = null;
    } else if (c === '"' || c === "'") q = c;
    else if (c === "[" || c === "{") d++;
    else if (c === "]" || c === "}") d--;
  }
  return d;
}
