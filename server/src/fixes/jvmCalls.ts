/**
 * Method calls in Java and Kotlin tree-sitter trees, one shape for both, for fixes that edit call
 * chains (Reactor, OkHttp): Java `method_invocation` (object, name, arguments) and
 * `object_creation_expression`; Kotlin `call_expression` = callee (`navigation_expression`
 * receiver.name, or a bare identifier) + `value_arguments`.
 */
import { parseTree, type SyntaxNode } from "../parsing/treeSitter";

export interface JvmCall {
  node: SyntaxNode;
  /** the method or type name as written (`retry`, `OkHttpClient.Builder`) */
  name: string;
  nameNode: SyntaxNode;
  receiver: SyntaxNode | null;
  /** argument expressions */
  args: SyntaxNode[];
  argList: SyntaxNode | null;
  isNew: boolean;
}

export function callOf(n: SyntaxNode): JvmCall | null {
  if (n.type === "method_invocation") {
    const nameNode = n.childForFieldName("name");
    const argList = n.childForFieldName("arguments");
    if (!nameNode) return null;
    return { node: n, name: nameNode.text, nameNode, receiver: n.childForFieldName("object"), args: named(argList), argList, isNew: false };
  }
  if (n.type === "object_creation_expression") {
    const type = n.childForFieldName("type");
    const argList = n.childForFieldName("arguments");
    if (!type) return null;
    return { node: n, name: type.text, nameNode: type, receiver: null, args: named(argList), argList, isNew: true };
  }
  if (n.type === "call_expression") {
    const callee = n.namedChildren[0];
    const argList = n.namedChildren.find((c) => c?.type === "value_arguments") ?? n.namedChildren.find((c) => c?.type === "call_suffix")?.namedChildren.find((c) => c?.type === "value_arguments") ?? null;
    if (!callee) return null;
    const args = named(argList).map((a) => (a.type === "value_argument" ? (a.namedChildren[a.namedChildren.length - 1] ?? a) : a));
    if (callee.type === "navigation_expression") {
      const parts = callee.namedChildren.filter((c): c is SyntaxNode => !!c);
      const last = parts[parts.length - 1]!;
      const nameNode = last.type === "navigation_suffix" ? (last.namedChildren[0] ?? last) : last;
      // `OkHttpClient.Builder()`: a constructor when the name is capitalised
      const isNew = /^[A-Z]/.test(nameNode.text);
      return { node: n, name: isNew ? callee.text : nameNode.text, nameNode: isNew ? callee : nameNode, receiver: isNew ? null : parts[0]!, args, argList: argList ?? null, isNew };
    }
    return { node: n, name: callee.text, nameNode: callee, receiver: null, args, argList: argList ?? null, isNew: /^[A-Z]/.test(callee.text) };
  }
  return null;
}

function named(list: SyntaxNode | null | undefined): SyntaxNode[] {
  return (list?.namedChildren ?? []).filter((c): c is SyntaxNode => !!c && !/comment/.test(c.type));
}

/** The call whose receiver is `call` (the next link of a chain), or null. */
export function nextInChain(call: JvmCall): JvmCall | null {
  let p = call.node.parent;
  // Kotlin: call → navigation_expression → call
  if (p?.type === "navigation_expression" && p.namedChildren[0]?.id === call.node.id) p = p.parent;
  const next = p ? callOf(p) : null;
  return next && next.receiver?.id === call.node.id ? next : null;
}

/** The calls of a chain from `first` on: `new Builder()`, `.a()`, `.build()`. */
export function chainFrom(first: JvmCall): JvmCall[] {
  const out = [first];
  for (let next = nextInChain(first); next && out.length < 64; next = nextInChain(next)) out.push(next);
  return out;
}

/** The first call (or `new`) in a chain: `Retry.backoff(…)` of `Retry.backoff(…).jitter(0)`. */
export function chainHead(call: JvmCall): JvmCall {
  let c = call;
  for (let i = 0; i < 64; i++) {
    const r = c.receiver ? callOf(c.receiver) : null;
    if (!r) return c;
    c = r;
  }
  return c;
}

export function withJvmTree<T>(file: string, text: string | undefined, fn: (root: SyntaxNode, kotlin: boolean) => T | null): T | null {
  if (text === undefined) return null;
  const kotlin = /\.kts?$/.test(file);
  if (!kotlin && !file.endsWith(".java")) return null;
  const tree = parseTree(kotlin ? "kotlin" : "java", text);
  try {
    return fn(tree.rootNode, kotlin);
  } finally {
    tree.delete();
  }
}

/** Whether the file imports `qualified` (or its package with `.*`). */
export function imports(root: SyntaxNode, qualified: string): boolean {
  const pkg = qualified.slice(0, qualified.lastIndexOf("."));
  let hit = false;
  const visit = (n: SyntaxNode) => {
    if (hit) return;
    if (n.type === "import_declaration" || n.type === "import_header") {
      const path = n.text.replace(/^import\s+(static\s+)?/, "").replace(/[;\s]/g, "");
      if (path === qualified || path === `${pkg}.*`) hit = true;
      return;
    }
    for (const c of n.namedChildren) if (c && (c.type === "program" || c.type === "source_file" || c.type === "import_list" || c.type.startsWith("import"))) visit(c);
  };
  for (const c of root.namedChildren) if (c) visit(c);
  return hit;
}

export { findNode } from "./treeSearch";
