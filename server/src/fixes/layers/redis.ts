/**
 * Fix operations on Redis clients' command retries (docs/reference/redis.md).
 * - go-redis: `MaxRetries` in the options literal is set (or added right after `{`): off → `-1`
 *   (v8/v9: 0 would mean the default 3), or `0` before v8; "cap" to N attempts → `MaxRetries: N-1`
 *   (N = 1 is "off"). Options passed through a variable are not edited.
 * - redis-py (≥ 6): off → `retry=None` (the connection falls back to `Retry(NoBackoff(), 0)`),
 *   set or added; "cap" to N attempts → the count of a literal `Retry(backoff, n)` becomes N-1
 *   (N = 1 is "off"). Unsafe: a dropped connection now fails the command at once.
 */
import type { RetryLayer } from "../../model/model";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import type { FixEdit } from "../types";
import { findNode } from "../treeSearch";
import { ts } from "../../parsing/typescript";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function redisLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (layer.kind !== "redis-client" || text === undefined) return null;
  const attempts = op === "disable" ? 1 : op === "cap" && ctx.attempts ? ctx.attempts : null;
  if (attempts === null) return null;
  const title = attempts === 1 ? `Turn off the Redis client's command retries for ${layer.label} (line ${layer.anchor.line})` : `Lower the Redis client's command retries for ${layer.label} to ${attempts} attempts (line ${layer.anchor.line})`;
  const edits = /\.go$/.test(layer.file) ? goEdits(layer, text, attempts) : /\.pyi?$/.test(layer.file) ? pythonEdits(layer, text, attempts) : /\.[cm]?[jt]sx?$/.test(layer.file) ? tsEdits(layer, text, attempts) : null;
  return edits?.length ? { title, edits, unsafe: true } : null;
}

const at = (layer: RetryLayer) => (n: SyntaxNode) => n.startPosition.row + 1 === layer.anchor.line && n.startPosition.column === layer.anchor.column;

function goEdits(layer: RetryLayer, text: string, attempts: number): FixEdit[] | null {
  const v8 = !/go-redis v[67]\b/.test(layer.attemptsNote);
  const value = attempts === 1 ? (v8 ? "-1" : "0") : String(attempts - 1);
  const tree = parseTree("go", text);
  try {
    const kv = findNode(tree.rootNode, (n) => n.type === "keyed_element" && at(layer)(n) && n.childForFieldName("key")?.text === "MaxRetries");
    const written = kv?.childForFieldName("value");
    if (written) return [{ file: layer.file, start: written.startIndex, end: written.endIndex, newText: value }];
    const call = findNode(tree.rootNode, (n) => n.type === "call_expression" && at(layer)(n));
    let arg = call?.childForFieldName("arguments")?.namedChildren[0] ?? null;
    while (arg && (arg.type === "unary_expression" || arg.type === "parenthesized_expression")) arg = arg.namedChildren[arg.namedChildren.length - 1] ?? null;
    const body = arg?.type === "composite_literal" ? arg.childForFieldName("body") : null;
    if (!body) return null;
    const empty = !body.namedChildren.some((c) => c && c.type !== "comment");
    return [{ file: layer.file, start: body.startIndex + 1, end: body.startIndex + 1, newText: empty ? `MaxRetries: ${value}` : `MaxRetries: ${value}, ` }];
  } finally {
    tree.delete();
  }
}

function pythonEdits(layer: RetryLayer, text: string, attempts: number): FixEdit[] | null {
  const tree = parseTree("python", text);
  try {
    const call = findNode(tree.rootNode, (n) => n.type === "call" && at(layer)(n));
    const args = call?.childForFieldName("arguments");
    if (!call || !args) return null;
    const kw = args.namedChildren.find((a) => a?.type === "keyword_argument" && a.childForFieldName("name")?.text === "retry") ?? null;
    const value = kw?.childForFieldName("value") ?? null;
    if (attempts === 1) {
      if (value) return [{ file: layer.file, start: value.startIndex, end: value.endIndex, newText: "None" }];
      const list = args.namedChildren.filter((a) => a && a.type !== "comment");
      const last = list[list.length - 1];
      return [{ file: layer.file, start: last ? last.endIndex : args.startIndex + 1, end: last ? last.endIndex : args.startIndex + 1, newText: last ? ", retry=None" : "retry=None" }];
    }
    if (value?.type !== "call") return null;
    const inner = value.childForFieldName("arguments");
    const count = inner?.namedChildren.find((a) => a?.type === "keyword_argument" && a.childForFieldName("name")?.text === "retries")?.childForFieldName("value")
      ?? inner?.namedChildren.filter((a) => a && a.type !== "keyword_argument" && a.type !== "comment")[1] ?? null;
    return count ? [{ file: layer.file, start: count.startIndex, end: count.endIndex, newText: String(attempts - 1) }] : null;
  } finally {
    tree.delete();
  }
}

function tsEdits(layer: RetryLayer, text: string, attempts: number): FixEdit[] | null {
  const sf = ts.createSourceFile(layer.file, text, ts.ScriptTarget.Latest, true);
  let found: ts.NewExpression | undefined;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (ts.isNewExpression(n)) {
      const p = sf.getLineAndCharacterOfPosition(n.getStart(sf));
      if (p.line + 1 === layer.anchor.line && p.character === layer.anchor.column) found = n;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const options = found?.arguments?.find((a): a is ts.ObjectLiteralExpression => ts.isObjectLiteralExpression(a));
  const value = String(attempts - 1);
  if (!options) return null;
  const prop = options.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(sf) === "maxRetriesPerRequest");
  if (prop) return [{ file: layer.file, start: prop.initializer.getStart(sf), end: prop.initializer.getEnd(), newText: value }];
  const last = options.properties[options.properties.length - 1];
  if (!last) return [{ file: layer.file, start: options.getStart(sf) + 1, end: options.getStart(sf) + 1, newText: ` maxRetriesPerRequest: ${value} ` }];
  return [{ file: layer.file, start: last.getEnd(), end: last.getEnd(), newText: `, maxRetriesPerRequest: ${value}` }];
}
