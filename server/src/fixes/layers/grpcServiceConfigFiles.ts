/**
 * Fix operations on gRPC service configs written as JSON (reference §3.11): `.json` service-config
 * files and the string given to grpc-go's `grpc.WithDefaultServiceConfig(…)` (a raw string edited
 * in place; an interpreted string decoded, edited and written back escaped; a package-level
 * constant or variable of the same file followed). `maxAttempts` counts every attempt and must
 * be > 1: "cap" lowers each `retryPolicy`/`hedgingPolicy` above the limit (never below 2), "off"
 * removes those policies (one attempt, plus transparent retries of RPCs that never left the
 * client). The JSON keeps its layout: values replaced by their ranges, a removed member takes
 * its comma with it.
 */
import { isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from "yaml";
import type { RetryLayer } from "../../model/model";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import { callArgs, enclosingFunction } from "../../detectors/go/syntax";
import { applyEdits, type FixEdit } from "../types";
import { YamlEditor } from "../yaml";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

const POLICIES = ["retryPolicy", "hedgingPolicy"];

export function grpcServiceConfigFileEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : null;
  if (text === undefined || attempts === null || attempts < 1) return null;
  const title =
    attempts === 1
      ? `Turn off gRPC retries for ${layer.label} (remove retryPolicy; maxAttempts must be above 1)`
      : `Lower to ${attempts} attempts for ${layer.label} (retryPolicy maxAttempts: ${attempts}, which counts every attempt)`;
  if (layer.file.endsWith(".json")) {
    const edits = jsonEdits(layer.file, text, attempts);
    return edits?.length ? { title, edits } : null;
  }
  const literal = goConfigLiteral(text, layer.anchor.line, layer.anchor.column);
  if (!literal) return null;
  if (literal.raw) {
    const content = text.slice(literal.start + 1, literal.end - 1);
    const edits = jsonEdits(layer.file, content, attempts);
    return edits?.length ? { title, edits: edits.map((e) => ({ ...e, start: e.start + literal.start + 1, end: e.end + literal.start + 1 })) } : null;
  }
  let decoded: string;
  try {
    decoded = JSON.parse(text.slice(literal.start, literal.end)) as string;
  } catch {
    return null; // a Go escape JSON does not have
  }
  const edits = jsonEdits(layer.file, decoded, attempts);
  if (!edits?.length) return null;
  return { title, edits: [{ file: layer.file, start: literal.start, end: literal.end, newText: JSON.stringify(applyEdits(decoded, edits)) }] };
}

/** Edits of one service-config JSON text (offsets into it). */
function jsonEdits(file: string, json: string, attempts: number): FixEdit[] | null {
  try {
    JSON.parse(json);
  } catch {
    return null;
  }
  const ed = new YamlEditor(file, json);
  const root = ed.roots()[0];
  const list = isMap(root) ? ed.child(root, "methodConfig")?.value : null;
  if (!isSeq(list)) return null;
  const edits: FixEdit[] = [];
  for (const mc of list.items) {
    if (!isMap(mc)) continue;
    for (const name of POLICIES) {
      const pair = ed.child(mc, name);
      if (!pair || !isMap(pair.value)) continue;
      if (attempts === 1) {
        const e = removeMember(ed, mc as YAMLMap, pair);
        if (!e) return null;
        edits.push(e);
        continue;
      }
      const max = ed.child(pair.value, "maxAttempts");
      const n = max && isScalar(max.value) ? Number((max.value as { value: unknown }).value) : NaN;
      if (!max || !Number.isFinite(n) || n <= attempts) continue;
      const e = ed.replaceScalar(max.value as Node, String(Math.max(2, attempts)));
      if (e) edits.push(e);
    }
  }
  return edits;
}

/** Removes `"key": value` from a JSON object with the comma before it (or after it, for the first member). */
function removeMember(ed: YamlEditor, map: YAMLMap, pair: Pair): FixEdit | null {
  const items = map.items as Pair[];
  const i = items.indexOf(pair);
  const key = pair.key as Node | null;
  const value = pair.value as Node | null;
  if (!key?.range || !value?.range) return null;
  if (i > 0) {
    const prev = items[i - 1]!;
    const prevEnd = ((prev.value as Node | null)?.range ?? (prev.key as Node).range)![1];
    return ed.edit(prevEnd, value.range[1], "");
  }
  const next = items[i + 1];
  if (!next) return ed.edit(key.range[0], value.range[1], "");
  return ed.edit(key.range[0], (next.key as Node).range![0], "");
}

/** The string literal holding the config of the `WithDefaultServiceConfig(…)` call at the anchor. */
function goConfigLiteral(text: string, line: number, column: number): { start: number; end: number; raw: boolean } | null {
  const tree = parseTree("go", text);
  try {
    let call: SyntaxNode | null = null;
    const visit = (n: SyntaxNode) => {
      if (call) return;
      if (n.type === "call_expression" && n.startPosition.row + 1 === line && n.startPosition.column === column) {
        call = n;
        return;
      }
      for (const c of n.namedChildren) if (c) visit(c);
    };
    visit(tree.rootNode);
    const found = call as SyntaxNode | null;
    let arg = found ? (callArgs(found)[0] ?? null) : null;
    if (arg?.type === "identifier") {
      // a package-level constant or variable of this file
      const name = arg.text;
      let value: SyntaxNode | null = null;
      const specs = (n: SyntaxNode) => {
        if ((n.type === "const_spec" || n.type === "var_spec") && !enclosingFunction(n)) {
          const names = n.childrenForFieldName("name");
          const i = names.findIndex((x) => x?.text === name);
          if (i >= 0) value = n.childForFieldName("value")?.namedChildren[i] ?? null;
        }
        for (const c of n.namedChildren) if (c) specs(c);
      };
      specs(tree.rootNode);
      arg = value;
    }
    if (!arg) return null;
    if (arg.type === "raw_string_literal") return { start: arg.startIndex, end: arg.endIndex, raw: true };
    if (arg.type === "interpreted_string_literal") return { start: arg.startIndex, end: arg.endIndex, raw: false };
    return null;
  } finally {
    tree.delete();
  }
}
