/**
 * What every C# detector shares for one file: the tree, the facts being built, and scope ids.
 * Ids are fully qualified (`Checkout.InventoryClient.StockAsync`): namespace, types, then the
 * member (method, constructor, local function, property, field) and `lambda@L:C` for lambdas,
 * so the linker can resolve `Resilience.Inventory` from any file of the namespace.
 */
import type { FileFacts } from "../../model/facts";
import { memberName } from "../../parsing/csharp";
import type { SyntaxNode, Tree } from "../../parsing/treeSitter";

export interface CsContext {
  tree: Tree;
  facts: FileFacts;
  /** file-scoped namespace (`namespace Checkout;`), or "" */
  fileNamespace: string;
  /** id of the scope a node sits in ("<module>" for top-level statements) */
  scopeId(n: SyntaxNode): string;
  /** id of a scope node itself (a method, a property, a lambda …) */
  idOf(scope: SyntaxNode): string;
  nextId(prefix: string, n: SyntaxNode): string;
  /** ids of the FunctionFacts pushed so far (members, lambdas, pipeline holders) */
  functionIds: Set<string>;
}

export const TYPE_DECLARATIONS = new Set(["class_declaration", "struct_declaration", "record_declaration", "interface_declaration"]);
export const MEMBER_DECLARATIONS = new Set(["method_declaration", "constructor_declaration", "local_function_statement", "property_declaration"]);
export const LAMBDAS = new Set(["lambda_expression", "anonymous_method_expression"]);

/**
 * `async () => …`, or a lambda whose body is a call of an `…Async` method (a Task nobody awaits):
 * a synchronous policy running it gets the Task back and never sees its failure (§3.6, §3.7).
 */
export function returnsTask(n: SyntaxNode): boolean {
  if (!LAMBDAS.has(n.type)) return false;
  if (n.namedChildren.some((c) => c?.type === "modifier" && c.text === "async") || /^async\b/.test(n.text)) return true;
  const body = n.childForFieldName("body");
  return body?.type === "invocation_expression" && /Async$/.test(memberName(body.childForFieldName("function")) ?? "");
}

/** The name segment a node adds to scope ids, or null when it opens no scope. */
export function segmentOf(n: SyntaxNode): string | null {
  if (n.type === "namespace_declaration") return n.childForFieldName("name")?.text.replace(/\s+/g, "") ?? null;
  if (TYPE_DECLARATIONS.has(n.type) || MEMBER_DECLARATIONS.has(n.type)) return n.childForFieldName("name")?.text ?? null;
  if (LAMBDAS.has(n.type)) return lambdaName(n);
  // a field's initializer: `private static readonly ResiliencePipeline P = …`
  if (n.type === "variable_declarator" && n.parent?.parent?.type === "field_declaration") return n.childForFieldName("name")?.text ?? null;
  return null;
}

/** `lambda@11:12`: no dots, so it is one segment of a scope id. */
export function lambdaName(n: SyntaxNode): string {
  return `lambda@${n.startPosition.row + 1}:${n.startPosition.column}`;
}

export function createContext(tree: Tree, facts: FileFacts): CsContext {
  const fileNs = tree.rootNode.namedChildren.find((c) => c?.type === "file_scoped_namespace_declaration");
  const fileNamespace = fileNs?.childForFieldName("name")?.text.replace(/\s+/g, "") ?? "";
  const usedIds = new Set<string>();
  const cache = new Map<number, string>();
  const idOf = (scope: SyntaxNode): string => {
    const hit = cache.get(scope.id);
    if (hit) return hit;
    const names: string[] = [];
    for (let p: SyntaxNode | null = scope; p; p = p.parent) {
      const s = segmentOf(p);
      if (s) names.unshift(s);
    }
    if (fileNamespace && names.length) names.unshift(fileNamespace);
    const id = names.length ? names.join(".") : "<module>";
    cache.set(scope.id, id);
    return id;
  };
  return {
    tree,
    facts,
    fileNamespace,
    functionIds: new Set(),
    idOf,
    scopeId(n) {
      for (let p = n.parent; p; p = p.parent) {
        if (segmentOf(p) !== null && p.type !== "namespace_declaration") return idOf(p);
      }
      return "<module>";
    },
    nextId(prefix, n) {
      let id = `${prefix}${n.startPosition.row + 1}:${n.startPosition.column}`;
      while (usedIds.has(id)) id += "'";
      usedIds.add(id);
      return id;
    },
  };
}
