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
 * - Bounded (docs/reference/yaml-parser.md): `yaml`'s composer recurses once per collection level,
 *   so a 4 KB `a: [[[[…` runs it out of stack. A document nested deeper than MAX_YAML_NESTING is
 *   refused from its CST (built without recursion) before composing, with one problem on the
 *   line where the limit is passed. Aliases are resolved through one table per document built in
 *   one walk (`yaml`'s `Alias.resolve(doc)` walks the whole document on every call), and merged
 *   pairs are computed once per map, so 1,000 references to one anchor cost 1,000 look-ups.
 *   Every YAML parse in the server goes through `parseYaml` or the guarded `parseAllDocuments`,
 *   `parseDocument` and `parse` exported here.
 */
import {
  Composer,
  Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  Parser,
  visit,
  YAMLParseError,
  type CST,
  type DocumentOptions,
  type Node,
  type Pair,
  type ParseOptions,
  type Scalar,
  type SchemaOptions,
  type YAMLMap,
  type YAMLSeq,
} from "yaml";
import type { ProblemFact, SourceSpan } from "../model/facts";

export type { Node, Pair, Scalar, YAMLMap, YAMLSeq };
// Re-exported so modules that parse YAML take the guarded parsers below and the node helpers from one place.
export { isAlias, isMap, isPair, isScalar, isSeq, LineCounter };

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

/**
 * Collections (block or flow) nested deeper than this make a document refused. `yaml` 2.9.1's
 * composer (compose/compose-node.js → compose-collection.js) recurses per level and runs out
 * of the default stack at about 800 flow or 900 block levels, later catching the RangeError as
 * RESOURCE_EXHAUSTION — but an overflow inside V8 (compiling a RegExp in
 * resolve-flow-scalar.js, say) cannot be caught. Real manifests nest a few dozen levels (a CRD's
 * openAPIV3Schema stays under 100), so 200 leaves room on any stack, a worker's included.
 */
export const MAX_YAML_NESTING = 200;

/** The one problem for a document nested deeper than MAX_YAML_NESTING. */
export function nestingMessage(flow: boolean): string {
  return `skipped: ${flow ? "flow nesting" : "nesting"} deeper than ${MAX_YAML_NESTING}`;
}

type CstToken = CST.Token;

/**
 * Where a CST document first nests collections deeper than MAX_YAML_NESTING (offset of the
 * collection that passes it, and whether it is a flow collection), or null. Iterative: the
 * walk itself cannot run out of stack, and it visits each CST token once.
 */
export function tooDeep(token: CstToken): { offset: number; flow: boolean } | null {
  const stack: { t: CstToken | undefined; depth: number }[] = [{ t: token, depth: 0 }];
  while (stack.length > 0) {
    const { t, depth } = stack.pop()!;
    if (!t) continue;
    switch (t.type) {
      case "document":
        stack.push({ t: t.value, depth });
        break;
      case "block-map":
      case "block-seq":
      case "flow-collection": {
        const d = depth + 1;
        if (d > MAX_YAML_NESTING) return { offset: t.offset, flow: t.type === "flow-collection" };
        for (const item of t.items) {
          const it = item as { key?: CstToken | null; value?: CstToken };
          if (it.key) stack.push({ t: it.key, depth: d });
          if (it.value) stack.push({ t: it.value, depth: d });
        }
        break;
      }
      default:
        break;
    }
  }
  return null;
}

type GuardedOptions = ParseOptions & DocumentOptions & SchemaOptions;

/**
 * `yaml`'s parseAllDocuments (public-api.js, 2.9.1) with the nesting guard: the CST of each
 * document is checked before it is composed; a document too deep becomes an empty Document
 * carrying one RESOURCE_EXHAUSTION error at the collection that passes the limit.
 */
export function parseAllDocuments(source: string, options: GuardedOptions = {}): Document.Parsed[] {
  const prettyErrors = options.prettyErrors !== false;
  const lineCounter = options.lineCounter ?? (prettyErrors ? new LineCounter() : undefined);
  const composer = new Composer(options);
  const docs: Document.Parsed[] = [];
  for (const t of new Parser(lineCounter?.addNewLine).parse(source)) {
    const deep = t.type === "document" ? tooDeep(t) : null;
    if (!deep) {
      for (const doc of composer.next(t)) docs.push(doc as Document.Parsed);
      continue;
    }
    // the composer holds its last document until the next one starts: let it go first
    for (const doc of composer.end(false)) docs.push(doc as Document.Parsed);
    const refused = new Document(null, options) as Document.Parsed;
    refused.range = [t.offset, t.offset, t.offset];
    refused.errors.push(new YAMLParseError([deep.offset, deep.offset + 1], "RESOURCE_EXHAUSTION", nestingMessage(deep.flow)));
    docs.push(refused);
  }
  for (const doc of composer.end(false, source.length)) docs.push(doc as Document.Parsed);
  if (prettyErrors && lineCounter) {
    for (const doc of docs) {
      doc.errors.forEach(prettify(source, lineCounter));
      doc.warnings.forEach(prettify(source, lineCounter));
    }
  }
  // as `yaml` does: no documents at all is an empty array carrying the stream's errors
  return docs.length > 0 ? docs : Object.assign([], { empty: true }, composer.streamInfo());
}

/** `yaml`'s parseDocument with the nesting guard (first document only, as `yaml` does). */
export function parseDocument(source: string, options: GuardedOptions = {}): Document.Parsed {
  const docs = parseAllDocuments(source, options);
  if (docs.length === 0) return new Document(null, options) as Document.Parsed;
  const doc = docs[0];
  if (docs.length > 1) {
    doc.errors.push(new YAMLParseError(docs[1].range.slice(0, 2) as [number, number], "MULTIPLE_DOCS", "Source contains multiple documents"));
  }
  return doc;
}

/** `yaml`'s parse with the nesting guard: the first document as plain JS; throws on its first error. */
export function parse(source: string, options: GuardedOptions & { maxAliasCount?: number } = {}): unknown {
  const doc = parseDocument(source, options);
  if (doc.errors.length > 0) throw doc.errors[0];
  return doc.toJS({ maxAliasCount: options.maxAliasCount ?? 100 });
}

/** The message and line of a YAML error as `yaml`'s prettyErrors writes them (line numbers only). */
function prettify(source: string, lc: LineCounter): (e: { pos: [number, number]; linePos?: unknown; message: string }) => void {
  return (e) => {
    if (e.pos[0] < 0 || e.linePos) return;
    const a = lc.linePos(e.pos[0]);
    e.linePos = [a, lc.linePos(e.pos[1])];
    e.message += ` at line ${a.line}, column ${a.col}`;
    // `yaml` follows this with the line and a caret when the line has text; readers keep the first line
    const line = source.slice(lc.lineStarts[a.line - 1] ?? 0, lc.lineStarts[a.line] ?? source.length);
    if (/[^ \r\n]/.test(line)) e.message += ":";
  };
}

/** Parses every document in `text`. Never throws. */
export function parseYaml(text: string): YamlFile {
  const lineCounter = new LineCounter();
  const file: YamlFile = { text, lineCounter, documents: [], problems: [] };
  let parsed: Document.Parsed[];
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
  const err = e as { message?: unknown; code?: unknown; linePos?: { line?: number }[] } | null;
  const text = typeof err?.message === "string" ? err.message : String(e);
  const first = text.split("\n")[0].trim();
  const line = err?.linePos?.[0]?.line ?? 1;
  // the nesting guard's own message is the whole problem ("skipped: …"), without the position
  if (first.startsWith("skipped: ")) return { line, message: first.replace(/ at line \d+, column \d+:?$/, "") };
  return { line, message: `YAML syntax error: ${first}` };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

// ---------------------------------------------------------------------------------------------
// Reading values

/**
 * Per document: every alias and the node it stands for (null when no anchor precedes it).
 * `yaml` 2.9.1's `Alias.resolve(doc)` (nodes/Alias.js) visits the whole document on each call
 * to find the last anchor of that name before the alias; this table is built in one such visit
 * with the same rule, so each alias costs one look-up.
 */
const aliasTables = new WeakMap<Document, Map<unknown, Node | null>>();

function aliasTable(doc: Document): Map<unknown, Node | null> {
  let table = aliasTables.get(doc);
  if (table) return table;
  table = new Map();
  const anchors = new Map<string, Node>();
  const found = table;
  visit(doc, {
    Node: (_key, node) => {
      // document order, as `yaml` searches: an alias sees the anchors written before it
      if (isAlias(node)) found.set(node, anchors.get(node.source) ?? null);
      else if (node.anchor) anchors.set(node.anchor, node as Node);
    },
  });
  aliasTables.set(doc, table);
  return table;
}

/** The node an alias points to (or the node itself). */
export function resolve(d: YamlDocument, node: unknown): Node | null {
  if (node == null) return null;
  if (isAlias(node)) {
    const target = aliasTable(d.doc).get(node) ?? null;
    // an alias of an alias (not valid YAML, but cheap to refuse): no chains
    return target && !isAlias(target) ? target : null;
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
  if (!map) return [];
  // merged pairs are computed once per map: 1,000 maps merging one anchor, or an anchor merged
  // through anchors merged many times (a merge-key bomb), cost one expansion each
  let memo = mergedPairs.get(d.doc);
  if (!memo) mergedPairs.set(d.doc, (memo = new Map()));
  return collectPairs(d, map, 0, memo, new Set()).pairs;
}

const mergedPairs = new WeakMap<Document, Map<YAMLMap, Pair[]>>();

function collectPairs(
  d: YamlDocument,
  map: YAMLMap,
  depth: number,
  memo: Map<YAMLMap, Pair[]>,
  active: Set<YAMLMap>,
): { pairs: Pair[]; complete: boolean } {
  const known = memo.get(map);
  if (known) return { pairs: known, complete: true };
  const own: Pair[] = [];
  const merged: Pair[] = [];
  let complete = true;
  active.add(map);
  for (const item of map.items) {
    if (!isPair(item)) continue;
    const key = isScalar(item.key) ? item.key.value : undefined;
    if (key === "<<" && depth < MAX_MERGE_DEPTH) {
      const v = resolve(d, item.value);
      const sources = v && isSeq(v) ? seqItems(d, v) : v ? [v] : [];
      for (const s of sources) {
        if (!isMap(s)) continue;
        // a map merging its own ancestor: the loop is cut, and this partial answer not kept
        if (active.has(s)) complete = false;
        else {
          const sub = collectPairs(d, s, depth + 1, memo, active);
          complete &&= sub.complete;
          merged.push(...sub.pairs);
        }
      }
      continue;
    }
    if (key === "<<") complete = false; // past MAX_MERGE_DEPTH: kept as a plain pair, the answer not kept
    own.push(item);
  }
  active.delete(map);
  let out = own;
  if (merged.length > 0) {
    const seen = new Set(own.map((p) => keyName(d, p)));
    out = [...own];
    for (const p of merged) {
      const k = keyName(d, p);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(p);
    }
  }
  // only an answer that no loop or depth cut shortened is the map's own, whoever asks
  if (complete) memo.set(map, out);
  return { pairs: out, complete };
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
