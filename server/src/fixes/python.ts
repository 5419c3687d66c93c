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
    const last = items[items.length - 1]!;
    const between = this.text.slice(last.endIndex, close);
    const multiLine = between.includes("\n") || args.startPosition.row !== last.startPosition.row;
    if (multiLine) {
      const indent = /^[ \t]*/.exec(this.lineText(last.startPosition.row))?.[0] ?? "";
      const hasTrailingComma = between.trimStart().startsWith(",");
      const afterLast = hasTrailingComma ? last.endIndex + between.indexOf(",") + 1 : last.endIndex;
      if (between.includes("\n")) {
        // one argument per line: a new line in the same style
        return this.edit(afterLast, afterLast, `${hasTrailingComma ? "" : ","}\n${indent}${argText}${hasTrailingComma ? "," : ""}`);
      }
      return this.edit(afterLast, afterLast, `${hasTrailingComma ? " " : ", "}${argText}`);
    }
    return this.edit(last.endIndex, last.endIndex, `, ${argText}`);
  }

  /** Removes a keyword argument and the comma that separated it. */
  removeKeyword(call: SyntaxNode, name: string): FixEdit | null {
    const kw = this.keyword(call, name);
    if (!kw) return null;
    const args = call.childForFieldName("arguments")!;
    const items = args.namedChildren.filter((a): a is SyntaxNode => !!a && a.type !== "comment");
    const i = items.findIndex((a) => a.id === kw.id);
    if (items.length === 1) return this.edit(args.startIndex + 1, args.endIndex - 1, "");
    if (i > 0) {
      // from the end of the previous argument: ", name=value"
      return this.edit(items[i - 1]!.endIndex, kw.endIndex, "");
    }
    // first of several: "name=value, " up to the next argument
    return this.edit(kw.startIndex, items[1]!.startIndex, "");
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
    for (const stmt of root.namedChildren) {
      if (stmt?.type !== "import_from_statement") continue;
      const mod = stmt.childForFieldName("module_name");
      if (mod?.text !== module) continue;
      const names = stmt.namedChildren.filter((c) => c && c.id !== mod.id && (c.type === "dotted_name" || c.type === "aliased_import"));
      if (names.some((n) => n!.text === name)) return { ref: name, edits: [] };
      if (stmt.namedChildren.some((c) => c?.type === "wildcard_import")) return { ref: name, edits: [] };
      const last = names[names.length - 1];
      if (last) return { ref: name, edits: [this.edit(last.endIndex, last.endIndex, `, ${name}`)] };
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

  /** `import module` (for `random.uniform`), unless the module is imported already. */
  moduleRef(module: string): { ref: string; edits: FixEdit[] } {
    for (const stmt of this.tree.rootNode.namedChildren) {
      if (stmt?.type !== "import_statement") continue;
      for (const c of stmt.namedChildren) {
        if (c?.type === "dotted_name" && c.text === module) return { ref: module, edits: [] };
        if (c?.type === "aliased_import" && c.childForFieldName("name")?.text === module) return { ref: c.childForFieldName("alias")!.text, edits: [] };
      }
    }
    return { ref: module, edits: [this.newImport(`import ${module}`)] };
  }

  private newImport(line: string): FixEdit {
    const imports = this.tree.rootNode.namedChildren.filter((s) => s?.type === "import_statement" || s?.type === "import_from_statement");
    const last = imports[imports.length - 1];
    if (last) return this.edit(last.endIndex, last.endIndex, `\n${line}`);
    // after a module docstring, else at the top
    const first = this.tree.rootNode.namedChildren[0];
    if (first?.type === "expression_statement" && first.namedChildren[0]?.type === "string") return this.edit(first.endIndex, first.endIndex, `\n${line}`);
    return this.edit(0, 0, `${line}\n`);
  }

  /**
   * Edits that drop `names` from `from module import …` lines when nothing outside `removed`
   * (the ranges the fix deletes) still uses them.
   */
  dropUnusedImports(module: string, names: string[], removed: Array<[number, number]>): FixEdit[] {
    const root = this.tree.rootNode;
    const used = new Set<string>();
    for (const id of descendants(root, "identifier")) {
      if (removed.some(([s, e]) => id.startIndex >= s && id.endIndex <= e)) continue;
      if (id.parent?.type === "dotted_name" && id.parent.parent && /import/.test(id.parent.parent.type)) continue;
      if (id.parent?.type === "aliased_import") continue;
      used.add(id.text);
    }
    const out: FixEdit[] = [];
    for (const stmt of root.namedChildren) {
      if (stmt?.type !== "import_from_statement" || stmt.childForFieldName("module_name")?.text !== module) continue;
      const mod = stmt.childForFieldName("module_name")!;
      const items = stmt.namedChildren.filter((c): c is SyntaxNode => !!c && c.id !== mod.id && (c.type === "dotted_name" || c.type === "aliased_import"));
      const localOf = (c: SyntaxNode) => (c.type === "aliased_import" ? c.childForFieldName("alias")!.text : c.text);
      const drop = items.filter((c) => names.includes(localOf(c)) && !used.has(localOf(c)));
      if (!drop.length) continue;
      if (drop.length === items.length) {
        const [s, e] = this.lineRange(stmt.startPosition.row, stmt.endPosition.row);
        out.push(this.edit(s, e, ""));
        continue;
      }
      const keep = items.filter((c) => !drop.includes(c)).map((c) => c.text);
      out.push(this.edit(items[0]!.startIndex, items[items.length - 1]!.endIndex, keep.join(", ")));
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
