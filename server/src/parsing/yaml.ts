/**
 * The `yaml` 2.x parser behind a small, forgiving interface for the YAML detectors.
 *
 * - `parseYaml` reads every document of a file with source ranges (a `LineCounter` turns offsets
 *   into lines) and never throws: a malformed document becomes a problem {line, message} and is
 *   left out, while the well-formed documents around it are still returned.
 * - The readers (`get`, `asMap`, `str`, …) resolve aliases (`*anchor`) and `<<` merge keys, so a
 *   detector reads `retries: *defaults` exactly like an inline block. Positions always come from
 *   the node *as written* (the key of the pair in hand), so anchor lines stay where the user
 *   looks, not where the anchor was defined.
 * - Everything here is structural; there is no regex parsing of YAML (DESIGN.md, "Real parts").
 */
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseAllDocuments,
  type Document,
  type Node,
  type Pair,
  type Scalar,
  type YAMLMap,
  type YAMLSeq,
} from "yaml";
import type { ProblemFact, SourceSpan } from "../model/facts";

export type { Node, Pair, Scalar, YAMLMap, YAMLSeq };

/** One well-formed document of a file. */
export interface YamlDocument {
  /** 0-based position of the document in the file */
  index: number;
  doc: Document;
  /** the document's root node; null for an empty document */
  root: Node | null;
  file: YamlFile;
}

export interface YamlFile {
  text: string;
  lineCounter: LineCounter;
  /** well-formed documents only (a document with a syntax error is reported, not returned) */
  documents: YamlDocument[];
  problems: ProblemFact[];
}

/** A `<<` merge chain deeper than this is treated as a loop. */
const MAX_MERGE_DEPTH = 16;

/** Parses every document in `text`. Never throws. */
export function parseYaml(text: string): YamlFile {
  const lineCounter = new LineCounter();
  const file: YamlFile = { text, lineCounter, documents: [], problems: [] };
  let parsed: ReturnType<typeof parseAllDocuments>;
  try {
    // uniqueKeys off: a duplicated key is a smell, not a reason to drop the whole object;
    // readers take the last occurrence, as most YAML loaders do.
    parsed = parseAllDocuments(text, { lineCounter, uniqueKeys: false, prettyErrors: true });
  } catch (err) {
    file.problems.push({ line: 1, message: `YAML could not be parsed: ${errorText(err)}` });
    return file;
  }
  // An EmptyStream (no documents at all) is an empty array that may carry stream-level errors.
  const streamErrors = (parsed as { errors?: unknown }).errors;
  if (Array.isArray(streamErrors)) for (const e of streamErrors) file.problems.push(problemOf(e));
  parsed.forEach((doc, index) => {
    if (doc.errors.length > 0) {
      // A partial AST can hold half a retry block; numbers read from it would be guesses.
      file.problems.push(problemOf(doc.errors[0]));
      return;
    }
    const root = (doc.contents as Node | null) ?? null;
    file.documents.push({ index, doc, root, file });
  });
  return file;
}

function problemOf(e: unknown): ProblemFact {
  const err = e as { message?: unknown; linePos?: { line?: number }[] } | null;
  const text = typeof err?.message === "string" ? err.message : String(e);
  const first = text.split("\n")[0].trim();
  return { line: err?.linePos?.[0]?.line ?? 1, message: `YAML syntax error: ${first}` };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

// ---------------------------------------------------------------------------------------------
// Reading values

/** The node an alias points to (or the node itself). */
export function resolve(d: YamlDocument, node: unknown): Node | null {
  if (node == null) return null;
  if (isAlias(node)) {
    try {
      return (node.resolve(d.doc) as Node | undefined) ?? null;
    } catch {
      return null;
    }
  }
  if (isScalar(node) || isMap(node) || isSeq(node)) return node as Node;
  return null;
}

export function asMap(d: YamlDocument, node: unknown): YAMLMap | null {
  const n = resolve(d, node);
  return n && isMap(n) ? n : null;
}

export function asSeq(d: YamlDocument, node: unknown): YAMLSeq | null {
  const n = resolve(d, node);
  return n && isSeq(n) ? n : null;
}

/** Items of a sequence, aliases resolved; [] when the node is not a sequence. */
export function seqItems(d: YamlDocument, node: unknown): Node[] {
  const seq = asSeq(d, node);
  if (!seq) return [];
  const out: Node[] = [];
  for (const item of seq.items) {
    const n = resolve(d, item);
    if (n) out.push(n);
  }
  return out;
}

/** The key of a pair as a string (scalar keys only). */
export function keyName(d: YamlDocument, pair: Pair): string | null {
  return str(d, pair.key);
}

/**
 * The pairs of a map in source order, with `<<: *base` merges expanded: explicit keys win over
 * merged ones, and earlier merge sources win over later ones (YAML merge-key semantics).
 * A merged pair still points into the anchor's definition.
 */
export function mapPairs(d: YamlDocument, node: unknown): Pair[] {
  const map = asMap(d, node);
  return map ? collectPairs(d, map, 0) : [];
}

function collectPairs(d: YamlDocument, map: YAMLMap, depth: number): Pair[] {
  const own: Pair[] = [];
  const merged: Pair[] = [];
  for (const item of map.items) {
    if (!isPair(item)) continue;
    const key = isScalar(item.key) ? item.key.value : undefined;
    if (key === "<<" && depth < MAX_MERGE_DEPTH) {
      const v = resolve(d, item.value);
      const sources = v && isSeq(v) ? seqItems(d, v) : v ? [v] : [];
      for (const s of sources) if (isMap(s)) merged.push(...collectPairs(d, s, depth + 1));
      continue;
    }
    own.push(item);
  }
  if (merged.length === 0) return own;
  const seen = new Set(own.map((p) => keyName(d, p)));
  const out = [...own];
  for (const p of merged) {
    const k = keyName(d, p);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(p);
  }
  return out;
}

/** The pair for `key` in a map (last occurrence wins), or null. */
export function getPair(d: YamlDocument, node: unknown, key: string): Pair | null {
  // mapPairs lists own pairs first (duplicates kept, in order) and then merged pairs whose key
  // is not set explicitly, so the last match is the effective one.
  let found: Pair | null = null;
  for (const p of mapPairs(d, node)) if (keyName(d, p) === key) found = p;
  return found;
}

/** The value of `key` in a map, aliases resolved; null when absent or empty. */
export function get(d: YamlDocument, node: unknown, key: string): Node | null {
  const p = getPair(d, node, key);
  return p ? resolve(d, p.value) : null;
}

/** Follows a chain of keys through nested maps. */
export function getIn(d: YamlDocument, node: unknown, ...keys: string[]): Node | null {
  let cur: Node | null = resolve(d, node);
  for (const k of keys) {
    if (!cur) return null;
    cur = get(d, cur, k);
  }
  return cur;
}

/** A scalar as a string (numbers and booleans stringified); null for maps, seqs, null. */
export function str(d: YamlDocument, node: unknown): string | null {
  const n = resolve(d, node);
  if (!n || !isScalar(n)) return null;
  const v = n.value;
  if (v == null) return null;
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  return null;
}

/** A scalar as a finite number (numeric strings accepted: "3", "10.0"); null otherwise. */
export function num(d: YamlDocument, node: unknown): number | null {
  const n = resolve(d, node);
  if (!n || !isScalar(n)) return null;
  const v = n.value;
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "string" && v.trim() !== "") {
    const x = Number(v.trim());
    return Number.isFinite(x) ? x : null;
  }
  return null;
}

/** A scalar as a boolean (true/false, also the strings "true"/"false"); null otherwise. */
export function bool(d: YamlDocument, node: unknown): boolean | null {
  const s = str(d, node);
  if (s === null) return null;
  const t = s.trim().toLowerCase();
  return t === "true" ? true : t === "false" ? false : null;
}

/** A flat map of scalar values (labels, selectors, environment maps). */
export function stringMap(d: YamlDocument, node: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of mapPairs(d, node)) {
    const k = keyName(d, p);
    const v = str(d, p.value);
    if (k !== null && v !== null) out[k] = v;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Positions

/** 1-based line of a node as written (an alias's own position, not its anchor's). */
export function nodeLine(file: YamlFile, node: unknown): number | null {
  const r = rangeOf(node);
  return r ? file.lineCounter.linePos(r[0]).line : null;
}

/** 1-based line of a pair's key: the anchor line of a YAML retry block (DESIGN.md). */
export function keyLine(file: YamlFile, pair: Pair): number {
  return nodeLine(file, pair.key) ?? nodeLine(file, pair.value) ?? 1;
}

/** Span of a node; trailing whitespace and newlines inside the range are not counted. */
export function nodeSpan(file: YamlFile, node: unknown): SourceSpan {
  const r = rangeOf(node);
  return r ? offsetSpan(file, r[0], r[1]) : { line: 1, column: 0, endLine: 1, endColumn: 0 };
}

/** Span of a whole pair: from its key to the end of its value. */
export function pairSpan(file: YamlFile, pair: Pair): SourceSpan {
  const rk = rangeOf(pair.key);
  const rv = rangeOf(pair.value);
  if (!rk) return nodeSpan(file, pair.value);
  return offsetSpan(file, rk[0], rv ? Math.max(rv[1], rk[1]) : rk[1]);
}

/** Span of a key only (used when the key is the thing that matters, e.g. a label). */
export function keySpan(file: YamlFile, pair: Pair): SourceSpan {
  return nodeSpan(file, pair.key);
}

function rangeOf(node: unknown): [number, number, number] | null {
  if (node == null || typeof node !== "object") return null;
  const r = (node as { range?: [number, number, number] | null }).range;
  return Array.isArray(r) ? r : null;
}

function offsetSpan(file: YamlFile, start: number, end: number): SourceSpan {
  let e = Math.max(start, Math.min(end, file.text.length));
  while (e > start && /\s/.test(file.text[e - 1])) e--;
  const a = file.lineCounter.linePos(start);
  const b = file.lineCounter.linePos(e);
  return { line: a.line, column: a.col - 1, endLine: b.line, endColumn: b.col - 1 };
}

// ---------------------------------------------------------------------------------------------
// Walking

/**
 * Visits every map in a document (or under `start`), depth first, with the chain of keys that
 * leads to it ("[]" for a sequence item).
 * Aliases are followed, but every node is visited at most once: a self-referencing anchor
 * cannot loop, and a "billion laughs" file cannot blow up the walk.
 */
export function walkMaps(
  d: YamlDocument,
  visit: (map: YAMLMap, keyPath: readonly string[]) => void,
  start: Node | null = d.root,
): void {
  const seen = new Set<Node>();
  const stack: { node: Node; path: string[] }[] = [];
  if (start) stack.push({ node: start, path: [] });
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    const n = resolve(d, node);
    if (!n || seen.has(n)) continue;
    seen.add(n);
    if (isMap(n)) {
      visit(n, path);
      const children: { node: Node; path: string[] }[] = [];
      for (const p of mapPairs(d, n)) {
        const v = p.value as Node | null;
        if (v) children.push({ node: v, path: [...path, keyName(d, p) ?? "?"] });
      }
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    } else if (isSeq(n)) {
      for (let i = n.items.length - 1; i >= 0; i--) {
        const item = n.items[i] as Node | null;
        if (item) stack.push({ node: item, path: [...path, "[]"] });
      }
    }
  }
}
