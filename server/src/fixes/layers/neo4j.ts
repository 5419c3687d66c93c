/**
 * Fix operations on neo4j managed transactions (docs/reference/neo4j.md). The drivers have one
 * option: the driver-wide max transaction retry time. "disable" sets it to 0 on the driver built in
 * the layer's file — `max_transaction_retry_time=0` (Python), `maxTransactionRetryTime: 0` (JS, in
 * the config object, added when there is none) — which turns off the retries of **every** managed
 * transaction of that driver, and says so in its title. No "cap": the setting is a time, not a count.
 * Unsafe: a deadlock or a leader switch now fails the transaction at once.
 */
import type { RetryLayer } from "../../model/model";
import { parseTree } from "../../parsing/treeSitter";
import { ts } from "../../parsing/typescript";
import type { FixEdit } from "../types";
import { findNode } from "../treeSearch";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function neo4jLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, _ctx: LayerOpContext): LayerEdit | null {
  if (layer.kind !== "neo4j-transaction" || text === undefined || op !== "disable") return null;
  const edits = /\.pyi?$/.test(layer.file) ? pythonEdits(layer, text) : /\.[cm]?[jt]sx?$/.test(layer.file) ? tsEdits(layer, text) : null;
  if (!edits?.length) return null;
  return { title: `Turn off neo4j transaction retries for every managed transaction of the driver (max transaction retry time 0; ${layer.label}, line ${layer.anchor.line})`, edits, unsafe: true };
}

function pythonEdits(layer: RetryLayer, text: string): FixEdit[] | null {
  const tree = parseTree("python", text);
  try {
    const call = findNode(tree.rootNode, (n) => n.type === "call" && /(^|\.)(GraphDatabase|AsyncGraphDatabase)\.(driver|neo4j_driver|bolt_driver)$/.test(n.childForFieldName("function")?.text ?? ""));
    const args = call?.childForFieldName("arguments");
    if (!args) return null;
    const kw = args.namedChildren.find((a) => a?.type === "keyword_argument" && a.childForFieldName("name")?.text === "max_transaction_retry_time");
    const v = kw?.childForFieldName("value");
    if (v) return [{ file: layer.file, start: v.startIndex, end: v.endIndex, newText: "0" }];
    const list = args.namedChildren.filter((a) => a && a.type !== "comment");
    const last = list[list.length - 1];
    return last ? [{ file: layer.file, start: last.endIndex, end: last.endIndex, newText: ", max_transaction_retry_time=0" }] : null;
  } finally {
    tree.delete();
  }
}

function tsEdits(layer: RetryLayer, text: string): FixEdit[] | null {
  const sf = ts.createSourceFile(layer.file, text, ts.ScriptTarget.Latest, true);
  let driver: ts.CallExpression | undefined;
  const visit = (n: ts.Node): void => {
    if (driver) return;
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === "driver" && n.arguments.length >= 1) driver = n;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  if (!driver) return null;
  const config = driver.arguments[2];
  if (config && ts.isObjectLiteralExpression(config)) {
    const prop = config.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(sf) === "maxTransactionRetryTime");
    if (prop) return [{ file: layer.file, start: prop.initializer.getStart(sf), end: prop.initializer.getEnd(), newText: "0" }];
    const last = config.properties[config.properties.length - 1];
    return last ? [{ file: layer.file, start: last.getEnd(), end: last.getEnd(), newText: ", maxTransactionRetryTime: 0" }] : [{ file: layer.file, start: config.getStart(sf) + 1, end: config.getStart(sf) + 1, newText: " maxTransactionRetryTime: 0 " }];
  }
  if (config || driver.arguments.length !== 2) return null;
  const end = driver.arguments[1]!.getEnd();
  return [{ file: layer.file, start: end, end, newText: ", { maxTransactionRetryTime: 0 }" }];
}
