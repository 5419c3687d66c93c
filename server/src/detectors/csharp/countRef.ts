/**
 * A retry count written as a name instead of a literal, for the linker to resolve
 * (LayerFact.configRef "dotnet", engine/dotnetSettings.ts): a settings read
 * (`config.GetValue<int>("Inventory:Retries", 5)`), a constant (`MaxRetries`), or a property of an
 * options object (`policyOptions.Retry.Count`, `options.Value.Retries`). An options property is
 * looked up in the settings section named after its type (the `nameof(T)` binding convention),
 * then in the options class's own initializer (`public int Count { get; set; } = 3;`).
 * Every .NET count read this way counts retries (MaxRetryAttempts, Retry(n), maxRetryCount,
 * MaxHedgedAttempts): attempts = value + 1.
 */
import type { LayerFact } from "../../model/facts";
import { dottedName, valueExpr } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { CsContext } from "./context";
import { optionsRead } from "./declaredTypes";

export function countRef(ctx: CsContext, node: SyntaxNode): LayerFact["configRef"] | undefined {
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
