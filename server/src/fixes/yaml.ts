/**
 * Editing YAML for fixes as minimal text edits computed from `yaml` node ranges, so everything
 * the edit does not touch — comments, key order, anchors, quoting, indentation, flow or block
 * style — stays byte for byte as it was.
 */
import { isMap, isPair, isScalar, isSeq, LineCounter, parseAllDocuments, type Node, type Pair, type YAMLMap } from "../parsing/yaml";
import type { FixEdit } from "./types";

export class YamlEditor {
  private readonly lines = new LineCounter();
  private readonly docs;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    this.docs = parseAllDocuments(text, { lineCounter: this.lines, keepSourceTokens: true });
  }

  edit(start: number, end: number, newText: string): FixEdit {
    return { file: this.file, start, end, newText };
  }

  lineOf(offset: number): number {
    return this.lines.linePos(offset).line;
  }

  /** Every pair in every document, depth first. */
  pairs(): Pair[] {
    const out: Pair[] = [];
    const visit = (n: unknown) => {
      if (isMap(n)) for (const p of n.items) {
        out.push(p as Pair);
        visit((p as Pair).value);
      }
      else if (isSeq(n)) for (const i of n.items) visit(i);
    };
    const docs = Array.isArray(this.docs) ? this.docs : [this.docs];
    for (const d of docs) visit(d.contents);
    return out;
  }

  /** The pair whose key `name` sits on `line` (1-based). */
  pairAt(line: number, name?: string): Pair | null {
    return (
      this.pairs().find((p) => {
        const k = p.key as Node | null;
        return isScalar(k) && k.range && this.lineOf(k.range[0]) === line && (name === undefined || String(k.value) === name);
      }) ?? null
    );
  }

  child(map: unknown, key: string): Pair | null {
    if (!isMap(map)) return null;
    return (map.items.find((p) => isScalar(p.key) && String((p.key as { value: unknown }).value) === key) as Pair | undefined) ?? null;
  }

  /** Replace a scalar, keeping its quote style. */
  replaceScalar(node: Node, value: string): FixEdit | null {
    if (!isScalar(node) || !node.range) return null;
    const [start, end] = node.range;
    const source = this.text.slice(start, end);
    const quote = source.startsWith('"') ? '"' : source.startsWith("'") ? "'" : "";
    return this.edit(start, end, `${quote}${value}${quote}`);
  }

  /** Set `key: value` in a map: replace the scalar, or add the key after the last one in the map's style. */
  setKey(map: YAMLMap, key: string, value: string): FixEdit | null {
    const existing = this.child(map, key);
    if (existing && isScalar(existing.value)) return this.replaceScalar(existing.value as Node, value);
    if (existing) return null;
    return this.addKey(map, `${key}: ${value}`);
  }

  /**
   * Adds `entry` ("key: value" or a multi-line block already indented relative to the key) to a
   * map, after its last line. A flow map (`{ a: 1 }`) takes `flowEntry` (the same in flow style)
   * when the entry spans lines; without one the edit is not made.
   */
  addKey(map: YAMLMap, entry: string, flowEntry?: string): FixEdit | null {
    if (!map.range) return null;
    if (map.flow) {
      if (entry.includes("\n") && flowEntry === undefined) return null;
      const text = entry.includes("\n") ? flowEntry! : entry;
      // { a: 1, b: 2 } → { a: 1, b: 2, entry }
      const close = this.text.lastIndexOf("}", map.range[1]);
      const last = map.items[map.items.length - 1] as Pair | undefined;
      const lastEnd = last ? ((last.value as Node | null)?.range?.[1] ?? (last.key as Node).range![1]) : close;
      return last ? this.edit(lastEnd, lastEnd, `, ${text}`) : this.edit(close, close, ` ${text} `);
    }
    const first = map.items[0] as Pair | undefined;
    const firstKey = first?.key as Node | null | undefined;
    if (!firstKey?.range) return null;
    const column = this.lines.linePos(firstKey.range[0]).col - 1;
    const indent = " ".repeat(column);
    // after the last line of the map's content
    const last = map.items[map.items.length - 1] as Pair;
    const lastNode = ((last.value as Node | null) ?? (last.key as Node))!;
    const end = this.endOfLine(lastNode.range![1] - 1);
    const lines = entry.split("\n").map((l) => indent + l).join(this.eol);
    return this.edit(end, end, `${this.eol}${lines}`);
  }

  /** Removes a pair: its key line through the last line of its value. */
  removePair(pair: Pair): FixEdit | null {
    const key = pair.key as Node | null;
    if (!key?.range) return null;
    const value = pair.value as Node | null;
    const start = this.startOfLine(key.range[0]);
    const lastOffset = value?.range ? value.range[1] - 1 : key.range[1];
    let end = this.endOfLine(Math.max(lastOffset, key.range[1]));
    if (this.text.startsWith("\r\n", end)) end += 2;
    else if (this.text[end] === "\n") end++;
    // a trailing comment line that belonged to the block stays: only the pair's own lines go
    return this.edit(start, end, "");
  }

  /** The root node of each document, in file order (null for an empty document). */
  roots(): unknown[] {
    const docs = Array.isArray(this.docs) ? this.docs : [this.docs];
    return docs.map((d) => d.contents ?? null);
  }

  /** Every map in every document (document roots, values, sequence items), depth first. */
  maps(): YAMLMap[] {
    const out: YAMLMap[] = [];
    const visit = (n: unknown) => {
      if (isMap(n)) {
        out.push(n as YAMLMap);
        for (const p of n.items) visit((p as Pair).value);
      } else if (isSeq(n)) for (const i of n.items) visit(i);
    };
    const docs = Array.isArray(this.docs) ? this.docs : [this.docs];
    for (const d of docs) visit(d.contents);
    return out;
  }

  /** the file's line ending, for inserted lines */
  get eol(): string {
    return this.text.includes("\r\n") ? "\r\n" : "\n";
  }

  startOfLine(offset: number): number {
    return this.text.lastIndexOf("\n", offset - 1) + 1;
  }

  /** end of the line holding `offset`, before its "\r\n" or "\n" */
  endOfLine(offset: number): number {
    const nl = this.text.indexOf("\n", offset);
    if (nl < 0) return this.text.length;
    return this.text[nl - 1] === "\r" ? nl - 1 : nl;
  }
}

export function withYaml<T>(file: string, text: string | undefined, fn: (ed: YamlEditor) => T): T | null {
  return text === undefined ? null : fn(new YamlEditor(file, text));
}

export { isMap, isPair, isScalar };
