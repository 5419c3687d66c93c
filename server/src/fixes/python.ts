/**
 * Editing Python source for fixes: find the call a layer is anchored on, add/replace/remove a
 * keyword argument in the file's own layout (one line or one argument per line, trailing
 * commas), remove a decorator, and keep imports right (add a name to an existing
 * `from x import …`, or drop names no longer used). Positions come from tree-sitter.
 */
import { callParts, descendants, dottedName } from "../parsing/python";
import { parseTree, type SyntaxNode, type Tree } from "../parsing/treeSitter";
import type { FixEdit } from "./types";

/** packages whose __init__ imports the submodules a fix names (requests.exceptions, urllib3.util.retry) */
const KNOWN_SUBMODULE_PACKAGES = new Set(["requests", "urllib3", "httpx"]);

/** names a package also exports from a shorter path: `urllib3.Retry`, `urllib3.util.Retry` */
const REEXPORTED: Record<string, string[]> = {
  "urllib3.util.retry.Retry": ["urllib3", "urllib3.util"],
  "requests.exceptions.ConnectTimeout": ["requests"],
  "requests.exceptions.ConnectionError": ["requests"],
};

export class PyEditor {
  readonly tree: Tree;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    this.tree = parseTree("python", text);
  }

  dispose(): void {
    this.tree.delete();
  }

  edit(start: number, end: number, newText: string): FixEdit {
    return { file: this.file, start, end, newText };
  }

  /** The decorator whose `@` is on `line` (1-based). */
  decoratorAt(line: number): SyntaxNode | null {
    return descendants(this.tree.rootNode, "decorator").find((d) => d.startPosition.row + 1 === line) ?? null;
  }

  /** The call starting at (line, column), or the first call starting on that line. */
  callAt(line: number, column?: number): SyntaxNode | null {
    const calls = descendants(this.tree.rootNode, "call").filter((c) => c.startPosition.row + 1 === line);
    return calls.find((c) => column === undefined || c.startPosition.column === column) ?? calls[0] ?? null;
  }

  /** The call a decorator makes (`@retry(...)`), or null for a bare `@retry`. */
  decoratorCall(dec: SyntaxNode): SyntaxNode | null {
    const expr = dec.namedChildren[0];
    return expr?.type === "call" ? expr : null;
  }

  keyword(call: SyntaxNode, name: string): SyntaxNode | null {
    const args = call.childForFieldName("arguments");
    return args?.namedChildren.find((a) => a?.type === "keyword_argument" && a.childForFieldName("name")?.text === name) ?? null;
  }

  /** Replace a keyword argument's value, or add the argument. */
  setKeyword(call: SyntaxNode, name: string, valueText: string): FixEdit {
    const kw = this.keyword(call, name);
    const value = kw?.childForFieldName("value");
    if (value) return this.edit(value.startIndex, value.endIndex, valueText);
    return this.addArgument(call, `${name}=${valueText}`);
  }

  /** Adds an argument at the end, following the call's layout. */
  addArgument(call: SyntaxNode, argText: string): FixEdit {
    const args = call.childForFieldName("arguments")!;
    const items = args.namedChildren.filter((a): a is SyntaxNode => !!a && a.type !== "comment");
    const close = args.endIndex - 1; // the ")"
    if (items.length === 0) return this.edit(args.startIndex + 1, close, argText);
    return this.appendItem(items, close, argText);
  }

  /**
   * Appends an item to a comma-separated list (arguments, import names, dict pairs) in the
   * list's own layout: one item per line (a new line with the same indent, keeping or not
   * keeping a trailing comma, after a comment that ends the last line) or inline.
   * `close` is the offset of the closing bracket (or the end of an unbracketed list).
   */
  appendItem(items: SyntaxNode[], close: number, itemText: string): FixEdit {
    const last = items[items.length - 1]!;
    const between = this.text.slice(last.endIndex, close);
    const trailingComma = /^\s*,/.test(between);
    const afterComma = trailingComma ? last.endIndex + between.indexOf(",") + 1 : last.endIndex;
    const onePerLine = between.includes("\n") || (items.length > 1 && this.startsLine(last) && new Set(items.map((i) => i.startPosition.row)).size === items.length);
    if (!onePerLine) return this.edit(afterComma, afterComma, `${trailingComma ? " " : ", "}${itemText}`);
    const indent = /^[ \t]*/.exec(this.lineText(last.startPosition.row))?.[0] ?? "";
    // a comment ending the last item's line stays on that line
    const rest = this.text.slice(afterComma, this.lineEnd(afterComma));
    const comment = /^\s*#/.test(rest);
    const line = `${this.eol}${indent}${itemText}${trailingComma ? "," : ""}`;
    if (trailingComma) return this.edit(comment ? this.lineEnd(afterComma) : afterComma, comment ? this.lineEnd(afterComma) : afterComma, line);
    if (comment) return this.edit(last.endIndex, this.lineEnd(last.endIndex), `,${rest}${line}`);
    return this.edit(last.endIndex, last.endIndex, `,${line}`);
  }

  /** Removes a keyword argument and the comma that separated it. */
  removeKeyword(call: SyntaxNode, name: string): FixEdit | null {
    const kw = this.keyword(call, name);
    if (!kw) return null;
    const args = call.childForFieldName("arguments")!;
    const items = args.namedChildren.filter((a): a is SyntaxNode => !!a && a.type !== "comment");
    if (items.length === 1) return this.edit(args.startIndex + 1, args.endIndex - 1, "");
    return this.removeItems(items, [kw], args.endIndex - 1)[0] ?? null;
  }

  /**
   * Edits that remove some items of a comma-separated list (not all of them) in the list's
   * layout: whole lines when each item has its own line (with the comment on it), else the
   * item with the comma that separated it.
   */
  removeItems(items: SyntaxNode[], drop: SyntaxNode[], close: number): FixEdit[] {
    const dropped = items.map((i) => drop.some((d) => d.id === i.id));
    const out: FixEdit[] = [];
    for (let i = 0; i < items.length; i++) {
      if (!dropped[i]) continue;
      let j = i;
      while (j + 1 < items.length && dropped[j + 1]) j++;
      const first = items[i]!;
      const lastDropped = items[j]!;
      const next = items[j + 1];
      const rest = this.text.slice(lastDropped.endIndex, this.lineEnd(lastDropped.endIndex));
      const ownLines = this.startsLine(first) && /^\s*,?\s*(#.*)?$/.test(rest) && (next !== undefined || /^\s*,/.test(this.text.slice(lastDropped.endIndex, close)));
      if (ownLines) {
        const nl = this.text.indexOf("\n", lastDropped.endIndex);
        out.push(this.edit(this.lineStart(first.startIndex), nl < 0 ? this.text.length : nl + 1, ""));
      } else if (next) out.push(this.edit(first.startIndex, next.startIndex, ""));
      else out.push(this.edit(items[i - 1]!.endIndex, lastDropped.endIndex, ""));
      i = j;
    }
    return out;
  }

  /** The quote the file's one-line string literals use most (docstrings aside), for strings a fix writes. */
  get quote(): string {
    let single = 0;
    let double = 0;
    for (const str of descendants(this.tree.rootNode, "string")) {
      const start = (str.children[0]?.type === "string_start" ? str.children[0].text : str.text).replace(/^[a-zA-Z]+/, "");
      if (start === "'") single++;
      else if (start === '"') double++;
    }
    return single > double ? "'" : '"';
  }

  /** the file's line ending, for inserted lines */
  get eol(): string {
    return this.text.includes("\r\n") ? "\r\n" : "\n";
  }

  /** Is the node the first thing on its line? */
  startsLine(node: SyntaxNode): boolean {
    return this.text.slice(this.lineStart(node.startIndex), node.startIndex).trim() === "";
  }

  lineStart(offset: number): number {
    return this.text.lastIndexOf("\n", offset - 1) + 1;
  }

  /** offset of the end of the line holding `offset` (before "\r\n" or "\n") */
  lineEnd(offset: number): number {
    const nl = this.text.indexOf("\n", offset);
    if (nl < 0) return this.text.length;
    return this.text[nl - 1] === "\r" ? nl - 1 : nl;
  }

  lineText(row: number): string {
    return this.text.split("\n")[row] ?? "";
  }

  /** Offset range of whole lines [fromRow, toRow] including the final newline. */
  lineRange(fromRow: number, toRow: number): [number, number] {
    const lines = this.text.split("\n");
    let start = 0;
    for (let r = 0; r < fromRow; r++) start += lines[r]!.length + 1;
    let end = start;
    for (let r = fromRow; r <= toRow && r < lines.length; r++) end += lines[r]!.length + 1;
    return [start, Math.min(end, this.text.length)];
  }

  /**
   * How this file can name `module.name`, with the import edit that makes it valid:
   * `from module import …` gets the name added; `import module` uses `module.name`;
   * otherwise a new `from module import name` line after the last import.
   */
  nameFor(module: string, name: string): { ref: string; edits: FixEdit[] } {
    const root = this.tree.rootNode;
    // the same class re-exported by a parent package (`from urllib3 import Retry`)
    const equivalents = [module, ...(REEXPORTED[`${module}.${name}`] ?? [])];
    for (const stmt of root.namedChildren) {
      if (stmt?.type !== "import_from_statement" || !equivalents.includes(stmt.childForFieldName("module_name")?.text ?? "")) continue;
      const have = this.importedItems(stmt).find((n) => (n.type === "aliased_import" ? n.childForFieldName("name")?.text : n.text) === name);
      if (have) return { ref: have.type === "aliased_import" ? have.childForFieldName("alias")!.text : name, edits: [] };
    }
    for (const stmt of root.namedChildren) {
      if (stmt?.type !== "import_statement") continue;
      for (const c of stmt.namedChildren) {
        const imported = c?.type === "aliased_import" ? c.childForFieldName("name")?.text : c?.type === "dotted_name" ? c.text : undefined;
        const local = c?.type === "aliased_import" ? c.childForFieldName("alias")?.text : imported;
        if (imported && local && equivalents.slice(1).includes(imported)) return { ref: `${local}.${name}`, edits: [] };
      }
    }
    for (const stmt of root.namedChildren) {
      if (stmt?.type !== "import_from_statement") continue;
      const mod = stmt.childForFieldName("module_name");
      if (mod?.text !== module) continue;
      const names = this.importedItems(stmt);
      // `from m import name` or `from m import name as alias`
      const have = names.find((n) => (n.type === "aliased_import" ? n.childForFieldName("name")?.text : n.text) === name);
      if (have) return { ref: have.type === "aliased_import" ? have.childForFieldName("alias")!.text : name, edits: [] };
      if (stmt.namedChildren.some((c) => c?.type === "wildcard_import")) return { ref: name, edits: [] };
      if (names.length) return { ref: name, edits: [this.appendItem(names, this.importListClose(stmt), name)] };
    }
    for (const stmt of root.namedChildren) {
      if (stmt?.type !== "import_statement") continue;
      for (const c of stmt.namedChildren) {
        if (c?.type === "dotted_name" && c.text === module) return { ref: `${module}.${name}`, edits: [] };
        // `import requests` also reaches `requests.exceptions.X` (the package imports its submodules)
        if (c?.type === "dotted_name" && module.startsWith(`${c.text}.`) && KNOWN_SUBMODULE_PACKAGES.has(c.text)) return { ref: `${module}.${name}`, edits: [] };
        if (c?.type === "aliased_import" && c.childForFieldName("name")?.text === module) {
          return { ref: `${c.childForFieldName("alias")!.text}.${name}`, edits: [] };
        }
      }
    }
    return { ref: name, edits: [this.newImport(`from ${module} import ${name}`)] };
  }

  /** The names a `from m import …` statement imports (dotted_name / aliased_import nodes). */
  importedItems(stmt: SyntaxNode): SyntaxNode[] {
    const mod = stmt.childForFieldName("module_name");
    return stmt.namedChildren.filter((c): c is SyntaxNode => !!c && c.id !== mod?.id && (c.type === "dotted_name" || c.type === "aliased_import"));
  }

  /** offset of the ")" closing a parenthesised import list, else the end of the statement */
  private importListClose(stmt: SyntaxNode): number {
    const last = stmt.children[stmt.children.length - 1];
    return last?.type === ")" ? last.startIndex : stmt.endIndex;
  }

  /** What a local name stands for when a `from module import name [as local]` brings it in. */
  importedAs(local: string): { module: string; name: string } | null {
    for (const stmt of this.tree.rootNode.namedChildren) {
      if (stmt?.type !== "import_from_statement") continue;
      const module = stmt.childForFieldName("module_name")?.text ?? "";
      for (const c of this.importedItems(stmt)) {
        if (c.type === "aliased_import" && c.childForFieldName("alias")?.text === local) return { module, name: c.childForFieldName("name")!.text };
        if (c.type === "dotted_name" && c.text === local) return { module, name: local };
      }
    }
    return null;
  }

  /**
   * `module.name` in place of `oldLocal`, a name imported from `module` that the fix stops
   * using (outside `removed`): the import item (`oldLocal`, or `x as oldLocal`) is replaced in
   * place when nothing else uses it; otherwise the name is imported as nameFor does.
   */
  swapName(module: string, oldLocal: string, name: string, removed: Array<[number, number]>): { ref: string; edits: FixEdit[] } {
    const have = this.nameFor(module, name);
    if (have.edits.length === 0) return { ref: have.ref, edits: this.dropUnusedImports(module, [oldLocal], removed) };
    if (!this.usedNames(removed).has(oldLocal)) {
      for (const stmt of this.tree.rootNode.namedChildren) {
        if (stmt?.type !== "import_from_statement" || stmt.childForFieldName("module_name")?.text !== module) continue;
        const item = this.importedItems(stmt).find((c) => (c.type === "aliased_import" ? c.childForFieldName("alias")?.text : c.text) === oldLocal);
        if (item) return { ref: name, edits: [this.edit(item.startIndex, item.endIndex, name)] };
      }
    }
    return { ref: have.ref, edits: [...have.edits, ...this.dropUnusedImports(module, [oldLocal], removed)] };
  }

  /** `import module` (for `random.uniform`), unless the module is imported already. */
  moduleRef(module: string): { ref: string; edits: FixEdit[] } {
    for (const stmt of this.tree.rootNode.namedChildren) {
      if (stmt?.type !== "import_statement") continue;
      for (const c of stmt.namedChildren) {
        if (c?.type === "dotted_name" && c.text === module) return { ref: module, edits: [] };
        if (c?.type === "aliased_import" && c.childForFieldName("name")?.text === module) return { ref: c.childForFieldName("alias")!.text, edits: [] };
      }
    }
    return { ref: module, edits: [this.newModuleImport(module)] };
  }

  /**
   * `import module` in the first block of imports (the standard library's, in the usual
   * grouping), in alphabetical order among its plain imports; else after the last import.
   */
  private newModuleImport(module: string): FixEdit {
    const stmts = this.tree.rootNode.namedChildren.filter((s): s is SyntaxNode => !!s);
    const isImport = (s: SyntaxNode) => s.type === "import_statement" || s.type === "import_from_statement" || s.type === "future_import_statement";
    const first = stmts.findIndex(isImport);
    if (first < 0) return this.newImport(`import ${module}`);
    const block: SyntaxNode[] = [stmts[first]!];
    for (let i = first + 1; i < stmts.length && isImport(stmts[i]!) && stmts[i]!.startPosition.row === block[block.length - 1]!.endPosition.row + 1; i++) block.push(stmts[i]!);
    const after = block.find((s) => s.type === "import_statement" && (s.namedChildren[0]?.text ?? "") > module);
    if (after) return this.edit(after.startIndex, after.startIndex, `import ${module}${this.eol}`);
    const last = block[block.length - 1]!;
    return this.edit(last.endIndex, last.endIndex, `${this.eol}import ${module}`);
  }

  private newImport(line: string): FixEdit {
    const imports = this.tree.rootNode.namedChildren.filter((s) => s?.type === "import_statement" || s?.type === "import_from_statement");
    const last = imports[imports.length - 1];
    if (last) return this.edit(last.endIndex, last.endIndex, `${this.eol}${line}`);
    // after a module docstring, else at the top
    const first = this.tree.rootNode.namedChildren[0];
    if (first?.type === "expression_statement" && first.namedChildren[0]?.type === "string") return this.edit(first.endIndex, first.endIndex, `${this.eol}${line}`);
    return this.edit(0, 0, `${line}${this.eol}`);
  }

  /** Identifiers used outside the `removed` ranges (import statements themselves excluded). */
  usedNames(removed: Array<[number, number]>): Set<string> {
    const used = new Set<string>();
    for (const id of descendants(this.tree.rootNode, "identifier")) {
      if (removed.some(([s, e]) => id.startIndex >= s && id.endIndex <= e)) continue;
      let inImport = false;
      for (let p = id.parent; p; p = p.parent) if (p.type === "import_statement" || p.type === "import_from_statement") inImport = true;
      if (inImport) continue;
      used.add(id.text);
    }
    return used;
  }

  /**
   * Edits that drop `names` (local names) from `from module import …` lines, and `import module`
   * itself, when nothing outside `removed` (the ranges the fix deletes) still uses them.
   */
  dropUnusedImports(module: string, names: string[], removed: Array<[number, number]>): FixEdit[] {
    const used = this.usedNames(removed);
    const out: FixEdit[] = [];
    for (const stmt of this.tree.rootNode.namedChildren) {
      let items: SyntaxNode[];
      let localOf: (c: SyntaxNode) => string | null;
      if (stmt?.type === "import_from_statement" && stmt.childForFieldName("module_name")?.text === module) {
        items = this.importedItems(stmt);
        localOf = (c) => (c.type === "aliased_import" ? c.childForFieldName("alias")!.text : c.text);
      } else if (stmt?.type === "import_statement") {
        items = stmt.namedChildren.filter((c): c is SyntaxNode => !!c && (c.type === "dotted_name" || c.type === "aliased_import"));
        localOf = (c) => (c.type === "aliased_import" ? (c.childForFieldName("name")?.text === module ? c.childForFieldName("alias")!.text : null) : c.text === module ? module : null);
      } else continue;
      const drop = items.filter((c) => {
        const local = localOf(c);
        return local !== null && names.includes(local) && !used.has(local);
      });
      if (!drop.length) continue;
      if (drop.length === items.length) {
        const [s, e] = this.lineRange(stmt.startPosition.row, stmt.endPosition.row);
        out.push(this.edit(s, e, ""));
        continue;
      }
      out.push(...this.removeItems(items, drop, stmt.type === "import_from_statement" ? this.importListClose(stmt) : stmt.endIndex));
    }
    return out;
  }

  /** The function_definition a decorator decorates. */
  decorated(dec: SyntaxNode): SyntaxNode | null {
    return dec.parent?.namedChildren.find((c) => c?.type === "function_definition") ?? null;
  }

  /** Calls inside a function body, not in nested defs. */
  callsIn(def: SyntaxNode): SyntaxNode[] {
    const body = def.childForFieldName("body");
    return body ? descendants(body, "call", { skipNestedDefs: true }) : [];
  }

  calleeName(call: SyntaxNode): string | null {
    return dottedName(callParts(call).fn);
  }
}

/** Runs `fn` with an editor for the file, always freeing the tree. */
export function withPython<T>(file: string, text: string | undefined, fn: (ed: PyEditor) => T): T | null {
  if (text === undefined) return null;
  const ed = new PyEditor(file, text);
  try {
    return fn(ed);
  } finally {
    ed.dispose();
  }
}

/** `0.5` → "0.5", `2` → "2", `0.30000000000000004` → "0.3" */
export function pyNumber(n: number): string {
  return String(Number(n.toPrecision(6)));
}
