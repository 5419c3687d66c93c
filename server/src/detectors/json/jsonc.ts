/**
 * JSON with comments and trailing commas (appsettings*.json, tsconfig.json), read with the
 * TypeScript compiler's JSON parser: it accepts what .NET's and tsc's readers accept and keeps
 * positions for lines. Never throws; the first syntax error is returned as a problem.
 */
import type { ProblemFact } from "../../model/facts";
import { propertyNameText, syntaxErrors, ts } from "../../parsing/typescript";

export interface JsoncFile {
  sf: ts.JsonSourceFile;
  /** the top-level value; undefined for an empty file */
  root: ts.Expression | undefined;
  problem: ProblemFact | null;
}

export function parseJsonc(path: string, text: string, what: string): JsoncFile {
  const sf = ts.parseJsonText(path, text);
  const errors = syntaxErrors(sf);
  const first = errors[0];
  const problem = first ? { line: first.line, message: `${what} is not valid JSON: ${first.message}` } : null;
  return { sf, root: sf.statements[0]?.expression, problem };
}

export function lineOf(file: JsoncFile, node: ts.Node): number {
  return file.sf.getLineAndCharacterOfPosition(node.getStart(file.sf)).line + 1;
}

/** The properties of an object literal as [key, value, property node]; other values give none. */
export function entries(node: ts.Expression | undefined): Array<[string, ts.Expression, ts.Node]> {
  if (!node || !ts.isObjectLiteralExpression(node)) return [];
  const out: Array<[string, ts.Expression, ts.Node]> = [];
  for (const p of node.properties) {
    if (!ts.isPropertyAssignment(p)) continue;
    const key = propertyNameText(p.name);
    if (key !== null) out.push([key, p.initializer, p]);
  }
  return out;
}

export function member(node: ts.Expression | undefined, key: string): ts.Expression | undefined {
  return entries(node).find(([k]) => k === key)?.[1];
}

/** A scalar as text (numbers and booleans as written); null for objects, arrays and null. */
export function scalarText(node: ts.Expression): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return node.text;
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(node.operand)) return `-${node.operand.text}`;
  if (node.kind === ts.SyntaxKind.TrueKeyword) return "true";
  if (node.kind === ts.SyntaxKind.FalseKeyword) return "false";
  return null;
}

export function stringList(node: ts.Expression | undefined): string[] | null {
  if (!node) return null;
  if (ts.isStringLiteral(node)) return [node.text];
  if (!ts.isArrayLiteralExpression(node)) return null;
  return node.elements.filter(ts.isStringLiteral).map((e) => e.text);
}
