/**
 * A retry count written as a name instead of a literal, for the linker to resolve
 * (LayerFact.configRef "dotnet", engine/dotnetSettings.ts): a settings read
 * (`config.GetValue<int>("Inventory:Retries", 5)`), a constant (`MaxRetries`), or a property of an
 * options object (`policyOptions.Retry.Count`, `options.Value.Retries`). An options property is
 * looked up in the settings section named after its type (the `nameof(T)` binding convention),
 * then in the options class's own initializer (`public int Count { get; set; } = 3;`).
 * A parameter of the enclosing method (`CreatePipeline(int retryCount)`) stands for the argument
 * every call of the method in the file passes (`CreatePipeline(options.Value.RetryCount)`), when
 * they all pass the same expression.
 * Every .NET count read this way counts retries (MaxRetryAttempts, Retry(n), maxRetryCount,
 * MaxHedgedAttempts): attempts = value + 1.
 */
import type { LayerFact } from "../../model/facts";
import { callParts, descendants, dottedName, numberValue, valueExpr } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { LAMBDAS, TYPE_DECLARATIONS, type CsContext } from "./context";
import { optionsRead } from "./declaredTypes";

export function countRef(ctx: CsContext, node: SyntaxNode): LayerFact["configRef"] | undefined {
  // `CreatePipeline(int retryCount) { … MaxRetryAttempts = retryCount … }`: what the file's callers pass
  const passed = node.type === "identifier" ? argumentPassedFor(node) : null;
  const literal = passed ? numberValue(passed) : null;
  if (passed && literal !== null) return { library: "dotnet", retriesKey: null, fallbackRetries: literal };
  if (passed) return countRef(ctx, passed);
  // `RetryOnFailure<T>(…, int retryCount = 3)` called from other files without a count: the default
  const byDefault = node.type === "identifier" ? parameterDefault(node) : null;
  if (byDefault !== null) return { library: "dotnet", retriesKey: null, fallbackRetries: byDefault, defaultOf: node.text };
  const setting = valueExpr(node);
  if (setting?.kind === "setting") {
    const fallback = setting.fallback?.kind === "number" ? setting.fallback.value : null;
    return { library: "dotnet", retriesKey: setting.key, fallbackRetries: fallback };
  }
  const options = optionsRead(node);
  if (options) {
    const path = [options.type, ...options.members].join(".");
    return { library: "dotnet", retriesKey: path, fallbackRetries: null, fallbackRef: { name: path, scopeId: ctx.scopeId(node) } };
  }
  const name = dottedName(node);
  return name ? { library: "dotnet", retriesKey: null, fallbackRetries: null, fallbackRef: { name, scopeId: ctx.scopeId(node) } } : undefined;
}

/** How a count read through a configRef reads in a layer's note. */
export function countRefNote(what: string, node: SyntaxNode, ref: LayerFact["configRef"]): string {
  if (ref?.library !== "dotnet") return `${what} = ${node.text.slice(0, 60)} (not a literal)`;
  if (ref.retriesKey && !ref.fallbackRef) return `${what} from setting ${ref.retriesKey}${ref.fallbackRetries !== null ? ` (default ${ref.fallbackRetries})` : ""}`;
  return `${what} = ${node.text.slice(0, 60)}`;
}

/**
 * The literal default of the enclosing method's parameter `name` (`int retryCount = 3`), when the
 * method never assigns it; null otherwise (a lambda's parameter, no default, not a number).
 */
function parameterDefault(name: SyntaxNode): number | null {
  let method: SyntaxNode | null = name.parent;
  while (method && method.type !== "method_declaration" && method.type !== "local_function_statement") {
    if (LAMBDAS.has(method.type)) return null;
    method = method.parent;
  }
  const param = method?.childForFieldName("parameters")?.namedChildren.find((c) => c?.type === "parameter" && c.childForFieldName("name")?.text === name.text);
  if (!method || !param) return null;
  if (descendants(method, "assignment_expression").some((a) => a.childForFieldName("left")?.text === name.text)) return null;
  const after = param.namedChildren.filter((c) => c && c.startIndex > (param.childForFieldName("name")?.endIndex ?? Infinity));
  const value = after[0]?.type === "equals_value_clause" ? after[0].namedChildren[0] : after[0];
  return value ? numberValue(value) : null;
}

/**
 * The argument the file's calls of the enclosing method pass for parameter `name`, when every such
 * call passes the same expression (positionally or by name); null for a local, a lambda parameter,
 * or a method called with different values or never called here.
 */
function argumentPassedFor(name: SyntaxNode): SyntaxNode | null {
  let method: SyntaxNode | null = name.parent;
  while (method && method.type !== "method_declaration" && method.type !== "local_function_statement") {
    if (LAMBDAS.has(method.type)) return null;
    method = method.parent;
  }
  const methodName = method?.childForFieldName("name")?.text;
  const params = method?.childForFieldName("parameters")?.namedChildren.filter((c): c is SyntaxNode => c?.type === "parameter") ?? [];
  const index = params.findIndex((p) => p.childForFieldName("name")?.text === name.text);
  if (!method || !methodName || index < 0) return null;
  // a local of the same name declared before the use shadows nothing in C#, but an assignment to the parameter changes it
  if (descendants(method, "assignment_expression").some((a) => a.childForFieldName("left")?.text === name.text)) return null;
  let root: SyntaxNode = method;
  while (root.parent) root = root.parent;
  let type: SyntaxNode | null = method.parent;
  while (type && !TYPE_DECLARATIONS.has(type.type)) type = type.parent;
  // the method by its own name (`M(x)`, `this.M(x)`, `Owner.M(x)`): an extension method's receiver call shifts arguments, so it is left out
  const names = new Set([methodName, `this.${methodName}`, `${type?.childForFieldName("name")?.text}.${methodName}`]);
  const passed: SyntaxNode[] = [];
  for (const call of descendants(root, "invocation_expression")) {
    if (!names.has(dottedName(call.childForFieldName("function")) ?? "")) continue;
    // a recursive call passes the parameter on: it says nothing new
    if (call.startIndex >= method.startIndex && call.endIndex <= method.endIndex) continue;
    const parts = callParts(call);
    const arg = parts.keywords.get(name.text) ?? parts.positional[index];
    if (!arg) return null;
    passed.push(arg);
  }
  if (!passed.length || passed.some((a) => a.text !== passed[0]!.text)) return null;
  return passed[0]!;
}
