/**
 * Fix operations on hashicorp/go-retryablehttp clients (reference §3.9), located with
 * tree-sitter: `c := retryablehttp.NewClient()` is configured by field assignments, so a fix
 * replaces the value of `c.RetryMax = …` / `c.Backoff = …` or adds that statement right after the
 * one creating the client, in its indentation.
 * - `RetryMax` counts retries (default 4 → 5 attempts): 0 turns retrying off.
 * - Jitter: DefaultBackoff has none; `RateLimitLinearJitterBackoff` adds random jitter and, like
 *   DefaultBackoff, honours Retry-After on 429/503 (LinearJitterBackoff would not).
 * A package-level `var client = retryablehttp.NewClient()` is configured in an `init` function.
 * The package's default client (`retryablehttp.Get`) has no variable to configure: no fix.
 * ory/x `httpx.NewResilientClient(…)` (§3.9b) takes its count as an option: the
 * `httpx.ResilientClientWithMaxRetry(n)` argument is replaced, or added after the last one (on a
 * line of its own when the arguments are one per line); options passed as a slice (`opts...`)
 * are not edited. No jitter fix: ory/x has no option for the backoff.
 */
import type { RetryLayer } from "../../model/model";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import type { FixEdit } from "../types";
import { findNode } from "../treeSearch";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function goRetryablehttpLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (layer.kind !== "go-retryablehttp" || text === undefined) return null;
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (op !== "jitter" && (attempts === null || attempts < 1)) return null;
  const tree = parseTree("go", text);
  try {
    // `NewResilientClient().StandardClient()` starts where its inner call does: the constructor call
    const call = findNode(
      tree.rootNode,
      (n) =>
        n.type === "call_expression" &&
        n.startPosition.row + 1 === layer.anchor.line &&
        n.startPosition.column === layer.anchor.column &&
        /^(NewClient|NewResilientClient)$/.test(n.childForFieldName("function")?.childForFieldName("field")?.text ?? ""),
    );
    const callee = call?.childForFieldName("function");
    if (call && callee?.type === "selector_expression" && callee.childForFieldName("field")?.text === "NewResilientClient") {
      return attempts === null ? null : resilientEdit(call, callee.childForFieldName("operand")?.text ?? "httpx", attempts, layer, text);
    }
    if (!call || callee?.type !== "selector_expression" || callee.childForFieldName("field")?.text !== "NewClient") return null;
    const pkg = callee.childForFieldName("operand")?.text;
    // `c := pkg.NewClient()` / `s.client = pkg.NewClient()` / `var client = pkg.NewClient()`:
    // the statement and the name it binds
    let statement = call.parent?.parent;
    if (!pkg || !statement || !["short_var_declaration", "assignment_statement", "var_spec"].includes(statement.type)) return null;
    const isVar = statement.type === "var_spec";
    const left = isVar ? statement.childrenForFieldName("name") : statement.childForFieldName("left")?.namedChildren;
    const right = statement.childForFieldName(isVar ? "value" : "right")?.namedChildren;
    if (!left || !right || left.length !== 1 || right.length !== 1 || right[0]?.id !== call.id) return null;
    const name = left[0]!.text;
    // a `var` is configured after its whole declaration; at package level, in an init function
    let packageLevel = false;
    if (isVar) {
      while (statement.parent && statement.type !== "var_declaration") statement = statement.parent;
      if (statement.type !== "var_declaration") return null;
      packageLevel = statement.parent?.type === "source_file";
    }
    const decl = statement;
    const set = (field: string, value: string): FixEdit => {
      const existing = findNode(tree.rootNode, (n) => n.type === "assignment_statement" && n.childForFieldName("left")?.text === `${name}.${field}`, true);
      const target = existing?.childForFieldName("right")?.namedChildren[0];
      if (target) return { file: layer.file, start: target.startIndex, end: target.endIndex, newText: value };
      const eol = text.includes("\r\n") ? "\r\n" : "\n";
      if (packageLevel) {
        // statements cannot stand at package level: gofmt's init function, tab-indented
        return { file: layer.file, start: decl.endIndex, end: decl.endIndex, newText: `${eol}${eol}func init() {${eol}\t${name}.${field} = ${value}${eol}}` };
      }
      const lineStart = text.lastIndexOf("\n", decl.startIndex - 1) + 1;
      const indent = text.slice(lineStart, decl.startIndex);
      return { file: layer.file, start: decl.endIndex, end: decl.endIndex, newText: `${eol}${indent}${name}.${field} = ${value}` };
    };
    if (attempts !== null && attempts >= 1) {
      const what = `${name}.RetryMax = ${attempts - 1}, which counts retries`;
      return { title: attempts === 1 ? `Turn off retries for ${layer.label} (${what})` : `Lower to ${attempts} attempts (${what})`, edits: [set("RetryMax", String(attempts - 1))] };
    }
    const backoff = `${pkg}.RateLimitLinearJitterBackoff`;
    return { title: `Randomise the delay: ${name}.Backoff = ${backoff} (jitter; Retry-After still honoured)`, edits: [set("Backoff", backoff)] };
  } finally {
    tree.delete();
  }
}

/** `httpx.NewResilientClient(…)`: its `ResilientClientWithMaxRetry(n)` option set to attempts - 1. */
function resilientEdit(call: SyntaxNode, pkg: string, attempts: number, layer: RetryLayer, text: string): LayerEdit | null {
  const list = call.childForFieldName("arguments");
  if (!list) return null;
  const args = list.namedChildren.filter((a): a is SyntaxNode => !!a && a.type !== "comment");
  // `NewResilientClient(opts...)`: the options are built elsewhere
  if (args.some((a) => a.type === "variadic_argument")) return null;
  const option = `${pkg}.ResilientClientWithMaxRetry`;
  const retries = String(attempts - 1);
  const what = `${option}(${retries}), which counts retries`;
  const title = attempts === 1 ? `Turn off retries for ${layer.label} (${what})` : `Lower to ${attempts} attempts (${what})`;
  const existing = args.find((a) => a.type === "call_expression" && a.childForFieldName("function")?.text === option);
  const value = existing?.childForFieldName("arguments")?.namedChildren.find((a) => !!a && a.type !== "comment");
  if (existing && value) return { title, edits: [{ file: layer.file, start: value.startIndex, end: value.endIndex, newText: retries }] };
  const added = `${option}(${retries})`;
  const last = args[args.length - 1];
  if (!last) return { title, edits: [{ file: layer.file, start: list.startIndex + 1, end: list.endIndex - 1, newText: added }] };
  // one argument per line: a line of its own, in the last one's indentation, with a trailing comma
  const multiline = last.startPosition.row > list.startPosition.row;
  if (multiline) {
    const eol = text.includes("\r\n") ? "\r\n" : "\n";
    const lineStart = text.lastIndexOf("\n", last.startIndex - 1) + 1;
    const indent = text.slice(lineStart, last.startIndex);
    const comma = text.slice(last.endIndex).match(/^\s*,/);
    const at = comma ? last.endIndex + comma[0].length : last.endIndex;
    return { title, edits: [{ file: layer.file, start: at, end: at, newText: `${comma ? "" : ","}${eol}${indent}${added}${comma ? "," : ""}` }] };
  }
  return { title, edits: [{ file: layer.file, start: last.endIndex, end: last.endIndex, newText: `, ${added}` }] };
}
