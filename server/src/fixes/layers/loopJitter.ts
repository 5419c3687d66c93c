/**
 * Full jitter on a hand-rolled retry loop's sleep in Java, Kotlin, C# and Go (RL004, safe: the
 * same upper bound, randomised), located with tree-sitter inside the loop's lines:
 * - Java `Thread.sleep(d)` / `TimeUnit.X.sleep(d)` → `(long) (Math.random() * d)`;
 * - Kotlin `delay(d)` / `Thread.sleep(d)` → `(Math.random() * d).toLong()` (not a `Duration`);
 * - C# `Task.Delay(d)` / `Thread.Sleep(d)` → `(int) (Random.Shared.NextDouble() * d)`, or
 *   `d * Random.Shared.NextDouble()` for a `TimeSpan` (.NET 6+);
 * - Go `time.Sleep(d)` → `time.Duration(rand.Int63n(int64(d) + 1))`, importing `math/rand` unless
 *   another package already takes the name `rand`.
 * Only the first sleep inside the loop is edited; a delay that is already random is left alone.
 */
import type { RetryLayer } from "../../model/model";
import { parseTree, type SyntaxNode, type TreeSitterLanguage } from "../../parsing/treeSitter";
import type { FixEdit } from "../types";
import type { LayerEdit, LayerOp } from "./op";

const LANGUAGE_OF: Array<[RegExp, TreeSitterLanguage]> = [
  [/\.java$/, "java"],
  [/\.kts?$/, "kotlin"],
  [/\.cs$/, "csharp"],
  [/\.go$/, "go"],
];

/** node types that need no parentheses as an operand of `*`, in the four grammars */
const ATOMIC = new Set([
  "identifier", "field_access", "method_invocation", "decimal_integer_literal",
  "navigation_expression", "call_expression", "integer_literal", "long_literal", "simple_identifier",
  "member_access_expression", "invocation_expression", "real_literal",
  "selector_expression", "int_literal", "float_literal",
]);

export function loopJitterEdit(op: LayerOp, layer: RetryLayer, text: string | undefined): LayerEdit | null {
  if (op !== "jitter" || layer.kind !== "retry-loop" || text === undefined) return null;
  const lang = LANGUAGE_OF.find(([re]) => re.test(layer.file))?.[1];
  if (!lang) return null;
  // Kotlin's grammar can loop on text that ends mid-annotation: parse with a final newline, as the detector does
  const tree = parseTree(lang, lang === "kotlin" && !text.endsWith("\n") ? `${text}\n` : text);
  try {
    const sleep = firstSleep(tree.rootNode, lang, layer.anchor.line, layer.anchor.endLine);
    if (!sleep) return null;
    const { arg } = sleep;
    const d = arg.text;
    if (/random|Random|rand\./.test(d)) return null;
    // a name, member, call or literal multiplies as written; anything else goes in parentheses
    const wrapped = ATOMIC.has(arg.type) ? d : `(${d})`;
    let replacement = "";
    const extra: FixEdit[] = [];
    switch (lang) {
      case "java":
        replacement = `(long) (Math.random() * ${wrapped})`;
        break;
      case "kotlin":
        if (/\.(seconds|milliseconds|minutes)\b|Duration/.test(d)) return null;
        replacement = `(Math.random() * ${wrapped}).toLong()`;
        break;
      case "csharp":
        replacement = /^TimeSpan\./.test(d) ? `${wrapped} * Random.Shared.NextDouble()` : `(int) (Random.Shared.NextDouble() * ${wrapped})`;
        break;
      case "go": {
        const imp = goRandImport(tree.rootNode, text, layer.file);
        if (imp === null) return null;
        if (imp !== "present") extra.push(imp);
        replacement = `time.Duration(rand.Int63n(int64(${d}) + 1))`;
        break;
      }
      default:
        return null;
    }
    return {
      title: `Use full jitter on ${layer.label}: wait ${replacement}`,
      edits: [{ file: layer.file, start: arg.startIndex, end: arg.endIndex, newText: replacement }, ...extra],
    };
  } finally {
    tree.delete();
  }
}

/** The first sleep call between the loop's first and last line, and its delay argument. */
function firstSleep(root: SyntaxNode, lang: TreeSitterLanguage, firstLine: number, lastLine: number): { call: SyntaxNode; arg: SyntaxNode } | null {
  const stack: SyntaxNode[] = [root];
  const calls: Array<{ call: SyntaxNode; arg: SyntaxNode }> = [];
  while (stack.length) {
    const n = stack.pop()!;
    const line = n.startPosition.row + 1;
    if (n.endPosition.row + 1 < firstLine || line > lastLine) continue;
    const found = sleepCall(n, lang);
    if (found && line >= firstLine) calls.push(found);
    for (let i = n.namedChildCount - 1; i >= 0; i--) {
      const c = n.namedChild(i);
      if (c) stack.push(c);
    }
  }
  calls.sort((a, b) => a.call.startIndex - b.call.startIndex);
  return calls[0] ?? null;
}

function sleepCall(n: SyntaxNode, lang: TreeSitterLanguage): { call: SyntaxNode; arg: SyntaxNode } | null {
  switch (lang) {
    case "java": {
      if (n.type !== "method_invocation" || n.childForFieldName("name")?.text !== "sleep") return null;
      const object = n.childForFieldName("object")?.text ?? "";
      if (object !== "Thread" && !/^TimeUnit\.\w+$/.test(object)) return null;
      const arg = n.childForFieldName("arguments")?.namedChildren[0];
      return arg ? { call: n, arg } : null;
    }
    case "kotlin": {
      if (n.type !== "call_expression") return null;
      const callee = n.namedChildren[0]?.text ?? "";
      if (callee !== "delay" && callee !== "Thread.sleep" && !/^TimeUnit\.\w+\.sleep$/.test(callee)) return null;
      const args = n.namedChildren.find((c) => c?.type === "value_arguments");
      const arg = args?.namedChildren.find((c) => c?.type === "value_argument")?.namedChildren.at(-1);
      return arg ? { call: n, arg } : null;
    }
    case "csharp": {
      if (n.type !== "invocation_expression") return null;
      const callee = n.childForFieldName("function")?.text ?? "";
      if (callee !== "Task.Delay" && callee !== "Thread.Sleep") return null;
      const arg = n.childForFieldName("arguments")?.namedChildren.find((c) => c?.type === "argument")?.namedChildren.at(-1);
      return arg ? { call: n, arg } : null;
    }
    case "go": {
      if (n.type !== "call_expression" || n.childForFieldName("function")?.text !== "time.Sleep") return null;
      const arg = n.childForFieldName("arguments")?.namedChildren[0];
      return arg ? { call: n, arg } : null;
    }
    default:
      return null;
  }
}

/** "present" when `math/rand` is imported as rand; an edit adding it; null when `rand` is taken. */
function goRandImport(root: SyntaxNode, text: string, file: string): FixEdit | "present" | null {
  const specs: SyntaxNode[] = [];
  const decls = root.namedChildren.filter((c): c is SyntaxNode => c?.type === "import_declaration");
  for (const d of decls) {
    const stack = [...d.namedChildren];
    while (stack.length) {
      const n = stack.pop();
      if (!n) continue;
      if (n.type === "import_spec") specs.push(n);
      else stack.push(...n.namedChildren);
    }
  }
  for (const s of specs) {
    const path = s.childForFieldName("path")?.text.replace(/"/g, "");
    const alias = s.childForFieldName("name")?.text ?? null;
    const bound = alias ?? path?.split("/").filter((p) => !/^v\d+$/.test(p)).pop();
    if (bound !== "rand") continue;
    return path === "math/rand" && alias === null ? "present" : null;
  }
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const block = decls.map((d) => d.namedChildren.find((c) => c?.type === "import_spec_list")).find((l) => l);
  if (block) {
    // inside `import ( … )`: a line of its own after the opening parenthesis
    const open = text.indexOf("(", block.startIndex) + 1;
    return { file, start: open, end: open, newText: `${eol}\t"math/rand"` };
  }
  const pkg = root.namedChildren.find((c) => c?.type === "package_clause");
  if (!pkg) return null;
  const at = decls[0]?.endIndex ?? pkg.endIndex;
  return { file, start: at, end: at, newText: `${eol}${decls.length ? "" : eol}import "math/rand"` };
}
