/**
 * Fix operations on cenkalti/backoff retries (reference §3.10), located with tree-sitter from the
 * `backoff.Retry(…)` call the layer is anchored on:
 * - v4 (and v1–v3) count with `backoff.WithMaxRetries(b, n)`: n **retries**; the BackOff argument
 *   is wrapped (or an existing WithMaxRetries' n replaced);
 * - v5+ count with the `backoff.WithMaxTries(n)` option: n **total** attempts; added as the last
 *   argument (or its n replaced).
 * - jitter: an ExponentialBackOff's `RandomizationFactor` 0 (field assignment, composite literal
 *   field or `WithRandomizationFactor(0)` option) becomes 0.5, the library default; a literal
 *   `&backoff.ExponentialBackOff{…}` without the field gets it. ConstantBackOff has no jitter.
 * - backoff: `&backoff.ZeroBackOff{}` → `backoff.NewExponentialBackOff()` (500 ms, ×1.5, ±50 %).
 * - stop (no count): 3 attempts, in the version's own unit.
 */
import type { RetryLayer } from "../../model/model";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import { callArgs, calleeNode, dottedName, enclosingFunction } from "../../detectors/go/syntax";
import type { FixEdit } from "../types";
import { findNode } from "../treeSearch";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

const CENKALTI = /^github\.com\/cenkalti\/backoff(\/v(\d+))?$/;
const STOP_ATTEMPTS = 3;

export function cenkaltiLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (text === undefined || !layer.file.endsWith(".go")) return null;
  const tree = parseTree("go", text);
  try {
    const root = tree.rootNode;
    const imp = importOf(root);
    if (!imp) return null;
    const { pkg, version } = imp;
    const call = findNode(root, (n) => n.type === "call_expression" && n.startPosition.row + 1 === layer.anchor.line && n.startPosition.column === layer.anchor.column);
    if (!call || !dottedName(calleeNode(call))?.startsWith(`${pkg}.`)) return null;
    const args = callArgs(call);
    const edit = (n: SyntaxNode, newText: string): FixEdit => ({ file: layer.file, start: n.startIndex, end: n.endIndex, newText });
    const attempts = op === "disable" ? 1 : op === "cap" ? (ctx.attempts ?? null) : op === "stop" ? STOP_ATTEMPTS : null;
    const who = `${layer.label} (line ${layer.anchor.line})`;
    const titleFor = (n: number, what: string) => (op === "stop" ? `Stop ${who} after ${n} attempts: ${what}` : n === 1 ? `Turn off retries for ${who} (${what})` : `Lower to ${n} attempts for ${who} (${what})`);

    // the BackOff expression: v4's second argument, v5's WithBackOff(b) option
    const options = version >= 5 ? args.slice(2) : [];
    const withBackOff = options.find((o) => o.type === "call_expression" && dottedName(calleeNode(o)) === `${pkg}.WithBackOff`);
    const b = version >= 5 ? (withBackOff ? callArgs(withBackOff)[0] : undefined) : args[1];

    if (attempts !== null && attempts >= 1) {
      if (version >= 5) {
        const tries = options.find((o) => o.type === "call_expression" && dottedName(calleeNode(o)) === `${pkg}.WithMaxTries`);
        const what = `${pkg}.WithMaxTries(${attempts}), which counts every attempt`;
        const n = tries ? callArgs(tries)[0] : undefined;
        if (n) return { title: titleFor(attempts, what), edits: [edit(n, String(attempts))] };
        const last = args[args.length - 1];
        if (!last || args.length < 2) return null;
        return { title: titleFor(attempts, what), edits: [{ file: layer.file, start: last.endIndex, end: last.endIndex, newText: `, ${pkg}.WithMaxTries(${attempts})` }] };
      }
      if (!b) return null;
      const what = `${pkg}.WithMaxRetries(…, ${attempts - 1}), which counts retries`;
      const wrapped = b.type === "call_expression" && dottedName(calleeNode(b)) === `${pkg}.WithMaxRetries` ? callArgs(b)[1] : undefined;
      if (wrapped) return { title: titleFor(attempts, what), edits: [edit(wrapped, String(attempts - 1))] };
      return { title: titleFor(attempts, what), edits: [edit(b, `${pkg}.WithMaxRetries(${b.text}, ${attempts - 1})`)] };
    }
    if (!b) return null;
    const policy = policyNode(b, pkg, call);
    if (op === "backoff" && policy?.type === "composite_literal" && dottedName(policy.childForFieldName("type")) === `${pkg}.ZeroBackOff`) {
      const target = policy.parent?.type === "unary_expression" ? policy.parent : policy;
      return { title: `Back off exponentially with jitter in ${who}: ${pkg}.NewExponentialBackOff() (500 ms ×1.5, ±50%)`, edits: [edit(target, `${pkg}.NewExponentialBackOff()`)] };
    }
    if (op !== "jitter" || !policy) return null;
    const title = `Randomise the delay of ${who}: RandomizationFactor 0.5 (±50%, the library default)`;
    // a field assignment on the variable holding the policy
    const holder = b.type === "identifier" ? b.text : null;
    const fn = enclosingFunction(call);
    const assigned = holder && fn ? findNode(fn, (n) => n.type === "assignment_statement" && n.childForFieldName("left")?.text === `${holder}.RandomizationFactor`, true) : null;
    const assignedValue = assigned?.childForFieldName("right")?.namedChildren[0];
    if (assignedValue) return { title, edits: [edit(assignedValue, "0.5")] };
    if (policy.type === "composite_literal" && dottedName(policy.childForFieldName("type")) === `${pkg}.ExponentialBackOff`) {
      const body = policy.childForFieldName("body");
      const fields = (body?.namedChildren ?? []).filter((c): c is SyntaxNode => c?.type === "keyed_element");
      const existing = fields.find((f) => keyOf(f) === "RandomizationFactor");
      const value = existing ? valueOf(existing) : null;
      if (value) return { title, edits: [edit(value, "0.5")] };
      const last = fields[fields.length - 1];
      if (!body) return null;
      if (!last) return { title, edits: [{ file: layer.file, start: body.startIndex + 1, end: body.endIndex - 1, newText: "RandomizationFactor: 0.5" }] };
      // a trailing comma before a line break stays valid Go; on one line `, field` after the last
      const after = text.slice(last.endIndex, body.endIndex - 1);
      if (/^\s*,\s*\n/.test(after) || /\n/.test(after)) {
        const comma = text.indexOf(",", last.endIndex);
        const lineStart = text.lastIndexOf("\n", last.startIndex - 1) + 1;
        const indent = text.slice(lineStart, last.startIndex);
        const eol = text.includes("\r\n") ? "\r\n" : "\n";
        if (comma < 0 || comma > body.endIndex) return null;
        return { title, edits: [{ file: layer.file, start: comma + 1, end: comma + 1, newText: `${eol}${indent}RandomizationFactor: 0.5,` }] };
      }
      return { title, edits: [{ file: layer.file, start: last.endIndex, end: last.endIndex, newText: ", RandomizationFactor: 0.5" }] };
    }
    if (policy.type === "call_expression" && dottedName(calleeNode(policy)) === `${pkg}.NewExponentialBackOff`) {
      const option = callArgs(policy).find((o) => o.type === "call_expression" && dottedName(calleeNode(o)) === `${pkg}.WithRandomizationFactor`);
      const value = option ? callArgs(option)[0] : undefined;
      if (value) return { title, edits: [edit(value, "0.5")] };
    }
    return null;
  } finally {
    tree.delete();
  }
}

/** The expression building the policy: unwraps `&…`, `WithMaxRetries(b, n)` and a local bound in the same function. */
function policyNode(b: SyntaxNode, pkg: string, call: SyntaxNode): SyntaxNode | null {
  let n: SyntaxNode | null = b;
  for (let depth = 0; n && depth < 6; depth++) {
    if (n.type === "unary_expression" || n.type === "parenthesized_expression") n = n.childForFieldName("operand") ?? n.namedChildren[0] ?? null;
    else if (n.type === "call_expression" && dottedName(calleeNode(n)) === `${pkg}.WithMaxRetries`) n = callArgs(n)[0] ?? null;
    else if (n.type === "identifier") {
      const name: string = n.text;
      const fn = enclosingFunction(call);
      const declares = (d: SyntaxNode): boolean => d.type === "short_var_declaration" && d.childForFieldName("left")?.namedChildren.length === 1 && d.childForFieldName("left")?.namedChildren[0]?.text === name && d.startIndex < call.startIndex;
      const decl: SyntaxNode | null = fn ? findNode(fn, declares) : null;
      n = decl?.childForFieldName("right")?.namedChildren[0] ?? null;
    } else return n;
  }
  return null;
}

function keyOf(kv: SyntaxNode): string {
  const key = kv.childForFieldName("key") ?? kv.namedChildren[0];
  return key?.text ?? "";
}

function valueOf(kv: SyntaxNode): SyntaxNode | null {
  const v = kv.childForFieldName("value") ?? kv.namedChildren[kv.namedChildren.length - 1] ?? null;
  // newer grammars wrap both sides in literal_element
  return v?.type === "literal_element" ? (v.namedChildren[0] ?? v) : v;
}

function importOf(root: SyntaxNode): { pkg: string; version: number } | null {
  for (const spec of descendantsOf(root, "import_spec")) {
    const path = spec.childForFieldName("path")?.text.replace(/^["`]|["`]$/g, "") ?? "";
    const m = CENKALTI.exec(path);
    if (!m) continue;
    const pkg = spec.childForFieldName("name")?.text ?? "backoff";
    if (pkg === "_" || pkg === ".") return null;
    return { pkg, version: Number(m[2] ?? "4") };
  }
  return null;
}

function descendantsOf(root: SyntaxNode, type: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const visit = (n: SyntaxNode) => {
    if (n.type === type) out.push(n);
    for (const c of n.namedChildren) if (c) visit(c);
  };
  visit(root);
  return out;
}
