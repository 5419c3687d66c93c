/**
 * Editing TypeScript/JavaScript for fixes: object-literal options of a call (set or add a
 * property in the literal's own layout), removing a statement and an import that became unused.
 * Positions come from the TypeScript parser (syntax only).
 */
import { parseTypeScript, propertyNameText, ts } from "../parsing/typescript";
import type { FixEdit } from "./types";

export class TsEditor {
  readonly sf: ts.SourceFile;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    this.sf = parseTypeScript(file, text);
  }

  edit(start: number, end: number, newText: string): FixEdit {
    return { file: this.file, start, end, newText };
  }

  /** The call expression whose start is on `line` (1-based) and whose callee text matches. */
  callAt(line: number, callee?: (text: string) => boolean): ts.CallExpression | null {
    let found: ts.CallExpression | null = null;
    const visit = (n: ts.Node): void => {
      if (found) return;
      if (ts.isCallExpression(n)) {
        const l = this.sf.getLineAndCharacterOfPosition(n.getStart(this.sf)).line + 1;
        if (l === line && (!callee || callee(n.expression.getText(this.sf)))) {
          found = n;
          return;
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(this.sf);
    return found;
  }

  /** The call or `new` expression whose start is on `line` (1-based) and that `accept`s. */
  invocationAt(line: number, accept: (n: ts.CallExpression | ts.NewExpression) => boolean = () => true): ts.CallExpression | ts.NewExpression | null {
    let found: ts.CallExpression | ts.NewExpression | null = null;
    const visit = (n: ts.Node): void => {
      if (found) return;
      if ((ts.isCallExpression(n) || ts.isNewExpression(n)) && this.sf.getLineAndCharacterOfPosition(n.getStart(this.sf)).line + 1 === line && accept(n)) {
        found = n;
        return;
      }
      ts.forEachChild(n, visit);
    };
    visit(this.sf);
    return found;
  }

  /** The property `key` of an object literal (identifier or quoted name), the last one when repeated. */
  property(obj: ts.ObjectLiteralExpression, key: string): ts.ObjectLiteralElementLike | undefined {
    return [...obj.properties].reverse().find((p) => p.name && propertyNameText(p.name) === key);
  }

  /** Removes a property with its separator, keeping the literal's layout (its own line when it has one). */
  removeProperty(obj: ts.ObjectLiteralExpression, prop: ts.ObjectLiteralElementLike): FixEdit {
    const props = obj.properties;
    const i = props.indexOf(prop);
    const start = prop.getStart(this.sf);
    const next = props[i + 1];
    if (next) {
      const lineStart = this.text.lastIndexOf("\n", start - 1) + 1;
      const ownLine = /^[ \t]*$/.test(this.text.slice(lineStart, start)) && this.text.slice(prop.end, next.getStart(this.sf)).includes("\n");
      return ownLine ? this.edit(lineStart, this.text.lastIndexOf("\n", next.getStart(this.sf) - 1) + 1, "") : this.edit(start, next.getStart(this.sf), "");
    }
    const prev = props[i - 1];
    // the last property: from the end of the previous one, a trailing comma after it goes too
    const after = this.text.slice(prop.end, obj.end - 1);
    const end = /^\s*,/.test(after) ? prop.end + after.indexOf(",") + 1 : prop.end;
    if (!prev) return this.edit(obj.getStart(this.sf) + 1, obj.end - 1, "");
    const hadTrailingComma = /^\s*,/.test(after);
    return this.edit(prev.end, end, hadTrailingComma ? "," : "");
  }

  /**
   * A name exported by `module` usable here: through a namespace/default-object import
   * (`cockatiel.ExponentialBackoff`), an existing named import, or a new specifier added to the
   * module's named import. Null when the module is not imported with ES syntax.
   */
  importedName(module: string, name: string): { ref: string; edits: FixEdit[] } | null {
    for (const stmt of this.sf.statements) {
      if (!ts.isImportDeclaration(stmt) || !ts.isStringLiteral(stmt.moduleSpecifier) || stmt.moduleSpecifier.text !== module) continue;
      const bindings = stmt.importClause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) return { ref: `${bindings.name.text}.${name}`, edits: [] };
      if (bindings && ts.isNamedImports(bindings)) {
        const have = bindings.elements.find((e) => (e.propertyName ?? e.name).text === name);
        if (have) return { ref: have.name.text, edits: [] };
        const last = bindings.elements[bindings.elements.length - 1];
        if (!last) return null;
        return { ref: name, edits: [this.edit(last.end, last.end, `, ${name}`)] };
      }
    }
    return null;
  }

  /**
   * `name` from `module` in place of the named import `oldLocal` when nothing outside `replaced`
   * uses `oldLocal` any more (the import line then names what the code uses); otherwise as
   * importedName.
   */
  swapImportedName(module: string, oldLocal: string, name: string, replaced: [number, number]): { ref: string; edits: FixEdit[] } | null {
    let usedElsewhere = false;
    let specifier: ts.ImportSpecifier | null = null;
    let haveNew = false;
    const visit = (n: ts.Node): void => {
      if (ts.isImportDeclaration(n)) {
        const bindings = n.importClause?.namedBindings;
        if (ts.isStringLiteral(n.moduleSpecifier) && n.moduleSpecifier.text === module && bindings && ts.isNamedImports(bindings)) {
          for (const e of bindings.elements) {
            if (e.name.text === oldLocal) specifier = e;
            if ((e.propertyName ?? e.name).text === name) haveNew = true;
          }
        }
        return;
      }
      if (ts.isIdentifier(n) && n.text === oldLocal && !(n.getStart(this.sf) >= replaced[0] && n.end <= replaced[1])) usedElsewhere = true;
      ts.forEachChild(n, visit);
    };
    visit(this.sf);
    const old = specifier as ts.ImportSpecifier | null;
    if (usedElsewhere || !old || haveNew) return this.importedName(module, name);
    return { ref: name, edits: [this.edit(old.getStart(this.sf), old.end, name)] };
  }

  /** Sets `key: value` in an object literal: replaces the initializer or adds the property. */
  setProperty(obj: ts.ObjectLiteralExpression, key: string, valueText: string): FixEdit {
    const existing = this.property(obj, key);
    if (existing && ts.isPropertyAssignment(existing)) return this.edit(existing.initializer.getStart(this.sf), existing.initializer.end, valueText);
    if (existing) return this.edit(existing.getStart(this.sf), existing.end, `${key}: ${valueText}`);
    return this.addProperty(obj, `${key}: ${valueText}`);
  }

  addProperty(obj: ts.ObjectLiteralExpression, propText: string): FixEdit {
    const props = obj.properties;
    const closeBrace = obj.end - 1;
    if (props.length === 0) return this.edit(obj.getStart(this.sf) + 1, closeBrace, ` ${propText} `);
    const last = props[props.length - 1]!;
    const between = this.text.slice(last.end, closeBrace);
    const trailingComma = between.trimStart().startsWith(",");
    const afterLast = trailingComma ? last.end + between.indexOf(",") + 1 : last.end;
    if (between.includes("\n")) {
      const lineStart = this.text.lastIndexOf("\n", last.getStart(this.sf)) + 1;
      const indent = /^[ \t]*/.exec(this.text.slice(lineStart))?.[0] ?? "";
      const line = `${this.eol}${indent}${propText}${trailingComma ? "," : ""}`;
      // a comment ending the last property's line stays on that line
      const eol = this.lineEnd(afterLast);
      const rest = this.text.slice(afterLast, eol);
      const comment = /^\s*(\/\/|\/\*)/.test(rest);
      if (trailingComma) return this.edit(comment ? eol : afterLast, comment ? eol : afterLast, line);
      if (comment) return this.edit(last.end, eol, `,${rest}${line}`);
      return this.edit(last.end, last.end, `,${line}`);
    }
    return this.edit(afterLast, afterLast, `${trailingComma ? " " : ", "}${propText}`);
  }

  /** the file's line ending, for inserted lines */
  get eol(): string {
    return this.text.includes("\r\n") ? "\r\n" : "\n";
  }

  /** The quote the file's string literals use most (for strings a fix writes). */
  get quote(): string {
    let single = 0;
    let double = 0;
    const visit = (n: ts.Node): void => {
      if (ts.isStringLiteral(n)) {
        const q = this.text[n.getStart(this.sf)];
        if (q === "'") single++;
        else if (q === '"') double++;
      }
      ts.forEachChild(n, visit);
    };
    visit(this.sf);
    return single > double ? "'" : '"';
  }

  /** end of the line holding `offset` (before "\r\n" or "\n") */
  lineEnd(offset: number): number {
    const nl = this.text.indexOf("\n", offset);
    if (nl < 0) return this.text.length;
    return this.text[nl - 1] === "\r" ? nl - 1 : nl;
  }

  /** just past the line break at `offset`, if one is there */
  private pastLineBreak(offset: number): number {
    if (this.text.startsWith("\r\n", offset)) return offset + 2;
    if (this.text[offset] === "\n") return offset + 1;
    return offset;
  }

  /** Adds an argument at the end of a call. */
  addArgument(call: ts.CallExpression, argText: string): FixEdit {
    const args = call.arguments;
    if (args.length === 0) {
      const open = this.text.indexOf("(", call.expression.end);
      return this.edit(open + 1, open + 1, argText);
    }
    const last = args[args.length - 1]!;
    return this.edit(last.end, last.end, `, ${argText}`);
  }

  /** The whole statement holding `node`, with its line. */
  removeStatementOf(node: ts.Node): FixEdit | null {
    let stmt: ts.Node | undefined = node;
    while (stmt && !ts.isExpressionStatement(stmt)) stmt = stmt.parent;
    if (!stmt) return null;
    const start = this.text.lastIndexOf("\n", stmt.getStart(this.sf) - 1) + 1;
    // the statement's line, with a trailing comment on it
    const eol = this.lineEnd(stmt.end);
    const end = /^\s*(\/\/.*)?$/.test(this.text.slice(stmt.end, eol)) ? eol : stmt.end;
    return this.edit(start, this.pastLineBreak(end), "");
  }

  /** Removes the import of `local` when nothing outside [from, to) still uses it. */
  dropImportIfUnused(local: string, removed: [number, number]): FixEdit | null {
    let used = false;
    let declaration: ts.ImportDeclaration | null = null;
    const visit = (n: ts.Node): void => {
      if (ts.isImportDeclaration(n)) {
        if (n.importClause?.name?.text === local) declaration = n;
        return;
      }
      if (ts.isIdentifier(n) && n.text === local && !(n.getStart(this.sf) >= removed[0] && n.end <= removed[1])) used = true;
      ts.forEachChild(n, visit);
    };
    visit(this.sf);
    const decl = declaration as ts.ImportDeclaration | null;
    if (used || !decl) return null;
    if (decl.importClause?.namedBindings) return null; // other names come from that line too
    const start = this.text.lastIndexOf("\n", decl.getStart(this.sf) - 1) + 1;
    return this.edit(start, this.pastLineBreak(decl.end), "");
  }

  /** The local name of the default import of `module` (`import axiosRetry from "axios-retry"`). */
  defaultImportOf(module: string): string | null {
    for (const stmt of this.sf.statements) {
      if (ts.isImportDeclaration(stmt) && ts.isStringLiteral(stmt.moduleSpecifier) && stmt.moduleSpecifier.text === module) {
        if (stmt.importClause?.name) return stmt.importClause.name.text;
      }
    }
    return null;
  }
}

export function withTypeScript<T>(file: string, text: string | undefined, fn: (ed: TsEditor) => T): T | null {
  return text === undefined ? null : fn(new TsEditor(file, text));
}
