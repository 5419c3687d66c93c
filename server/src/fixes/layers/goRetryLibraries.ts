/**
 * Fix operations on avast/retry-go, go-grpc-middleware retry interceptors and go-resty clients
 * (docs/reference/retry-go.md, go-grpc-middleware.md, resty.md), located with tree-sitter from the
 * call the layer is anchored on. Counts are written in each library's own unit:
 * - retry-go `retry.Attempts(n)`: n **attempts** (replaced, or added as the last option unless the
 *   options end in a spread; RL002 `UntilSucceeded()` / `Attempts(0)` → `Attempts(3)`); jitter: `DelayType(BackOffDelay)` / `DelayType(FixedDelay)` →
 *   `CombineDelay(…, RandomDelay)` (the library's default mix), safe.
 * - go-grpc-middleware `WithMax(n)`: n **attempts** (inline or in a slice literal of the file;
 *   added to inline options); off → `WithMax(0)`.
 * - resty `SetRetryCount(n)`: n **retries** (v2 ≥ 2.3.0, v3), n attempts (v1, v2 < 2.3.0); off → 0.
 */
import type { RetryLayer } from "../../model/model";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import { callArgs, calleeNode, dottedName } from "../../detectors/go/syntax";
import { descendants } from "../../parsing/python";
import type { FixEdit } from "../types";
import { findNode } from "../treeSearch";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function goRetryLibraryLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (text === undefined || !layer.file.endsWith(".go")) return null;
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : op === "stop" && layer.kind === "retry-go" ? 3 : null;
  if (op !== "jitter" && (attempts === null || attempts < 1)) return null;
  const tree = parseTree("go", text);
  try {
    const root = tree.rootNode;
    const who = `${layer.label} (line ${layer.anchor.line})`;
    const title = (what: string) => (attempts === 1 ? `Turn off retries for ${who} (${what})` : `Lower to ${attempts} attempts for ${who} (${what})`);
    const edit = (n: SyntaxNode, newText: string): FixEdit => ({ file: layer.file, start: n.startIndex, end: n.endIndex, newText });
    const at = (n: SyntaxNode) => n.startPosition.row + 1 === layer.anchor.line && n.startPosition.column === layer.anchor.column;
    if (layer.kind === "resty-retry") {
      if (attempts === null) return null;
      // the anchor is the SetRetryCount field of the selector
      const field = findNode(root, (n) => n.type === "field_identifier" && n.text === "SetRetryCount" && at(n));
      const call = field?.parent?.parent;
      const arg = call?.type === "call_expression" ? callArgs(call)[0] : undefined;
      if (!arg) return null;
      const totals = /attempts in total/.test(layer.attemptsNote);
      const n = attempts === 1 ? 0 : totals ? attempts : attempts - 1;
      return { title: title(`SetRetryCount(${n}), which counts ${totals ? "attempts" : "retries"}`), edits: [edit(arg, String(n))], unsafe: true };
    }
    const call = findNode(root, (n) => n.type === "call_expression" && at(n));
    if (!call) return null;
    const pkg = (dottedName(calleeNode(call)) ?? "").split(".")[0] ?? "";
    if (layer.kind === "go-grpc-middleware-retry") {
      if (attempts === null) return null;
      const n = attempts === 1 ? 0 : attempts;
      const what = `${pkg}.WithMax(${n}), which counts every attempt`;
      const max = optionCalls(root, call, `${pkg}.WithMax`);
      if (max.length) {
        const arg = callArgs(max[max.length - 1]!)[0];
        return arg ? { title: title(what), edits: [edit(arg, String(n))], unsafe: true } : null;
      }
      return append(call, `${pkg}.WithMax(${n})`, layer.file, title(what));
    }
    if (layer.kind === "retry-go") {
      // retry.Do(fn, opts…): options from the second argument; v5 retry.New(opts…).Do(fn)
      const fn = calleeNode(call);
      const operand = fn?.type === "selector_expression" ? fn.childForFieldName("operand") : null;
      const holder = operand?.type === "call_expression" && /\.New(WithData)?$/.test(dottedName(calleeNode(operand)) ?? "") ? operand : call;
      const rpkg = (dottedName(calleeNode(holder)) ?? "").split(".")[0] ?? pkg;
      if (op === "jitter") {
        const dt = optionCalls(root, holder, `${rpkg}.DelayType`).pop();
        const arg = dt ? callArgs(dt)[0] : undefined;
        const name = arg ? dottedName(arg) : null;
        if (!arg || (name !== `${rpkg}.BackOffDelay` && name !== `${rpkg}.FixedDelay`)) return null;
        return { title: `Add jitter to ${who}: ${rpkg}.CombineDelay(${name}, ${rpkg}.RandomDelay) (random 0–MaxJitter, 100 ms by default)`, edits: [edit(arg, `${rpkg}.CombineDelay(${name}, ${rpkg}.RandomDelay)`)] };
      }
      const what = `${rpkg}.Attempts(${attempts}), which counts every attempt`;
      // RL002: `UntilSucceeded()` becomes the bound
      const until = optionCalls(root, holder, `${rpkg}.UntilSucceeded`).pop();
      if (until) return { title: `Stop ${who} after ${attempts} attempts: ${what}`, edits: [edit(until, `${rpkg}.Attempts(${attempts})`)], unsafe: true };
      const set = optionCalls(root, holder, `${rpkg}.Attempts`);
      if (set.length) {
        const arg = callArgs(set[set.length - 1]!)[0];
        return arg ? { title: title(what), edits: [edit(arg, String(attempts))], unsafe: true } : null;
      }
      return append(holder, `${rpkg}.Attempts(${attempts})`, layer.file, title(what));
    }
    return null;
  } finally {
    tree.delete();
  }
}

/** `name(…)` option calls among a call's arguments, or in a slice literal of the file they spread. */
function optionCalls(root: SyntaxNode, call: SyntaxNode, name: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const visit = (args: SyntaxNode[], depth: number) => {
    for (const a of args) {
      if (depth > 3) return;
      if (a.type === "call_expression" && dottedName(calleeNode(a)) === name) out.push(a);
      else if (a.type === "call_expression" && dottedName(calleeNode(a)) === "append") visit(callArgs(a), depth + 1);
      else if (a.type === "identifier") {
        // `opts := []T{…}` / `var opts = []T{…}` in this file
        for (const spec of descendants(root, ["short_var_declaration", "var_spec"])) {
          const names = spec.type === "short_var_declaration" ? (spec.childForFieldName("left")?.namedChildren ?? []) : spec.childrenForFieldName("name");
          const values = (spec.type === "short_var_declaration" ? spec.childForFieldName("right") : spec.childForFieldName("value"))?.namedChildren ?? [];
          const i = names.findIndex((x) => x?.text === a.text);
          const v = i >= 0 ? values[i] : null;
          if (v?.type !== "composite_literal") continue;
          const elements = (v.childForFieldName("body")?.namedChildren ?? []).filter((e): e is SyntaxNode => !!e && e.type === "literal_element").map((e) => e.namedChildren[0]).filter((e): e is SyntaxNode => !!e);
          visit(elements, depth + 1);
          break;
        }
      }
    }
  };
  visit(callArgs(call), 0);
  return out;
}

/** the option added as the call's last argument; not after a `xs...` spread */
function append(call: SyntaxNode, option: string, file: string, title: string): LayerEdit | null {
  const list = call.childForFieldName("arguments");
  const named = (list?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c && c.type !== "comment");
  const last = named[named.length - 1];
  if (!list || named.some((c) => c.type === "variadic_argument")) return null;
  const at = last ? last.endIndex : list.startIndex + 1;
  return { title, edits: [{ file, start: at, end: at, newText: last ? `, ${option}` : option }], unsafe: true };
}
