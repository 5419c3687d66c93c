/**
 * Fix operations on stripe-java and Stripe.net layers (docs/reference/stripe.md): "disable" and
 * "cap" write the count in retries (attempts − 1; off: 0), where the count is a literal:
 * - stripe-java: the integer of `Stripe.setMaxNetworkRetries(n)` / a StripeClient builder's
 *   `.setMaxNetworkRetries(n)` (Java and Kotlin);
 * - Stripe.net: `StripeConfiguration.MaxNetworkRetries = n`, the `maxNetworkRetries: n` of a
 *   `new SystemNetHttpClient(…)`, and a `new StripeClient(key)` with no httpClient, which gets
 *   `httpClient: new SystemNetHttpClient(maxNetworkRetries: N)` (that constructor parameter exists
 *   since Stripe.net 27.0.0, #1635).
 * The implicit defaults of the global resources (an anchor on an import or a `using`) and injected
 * clients get no edit: the setting belongs where the application configures Stripe.
 */
import type { RetryLayer } from "../../model/model";
import { callParts, descendants, dottedName } from "../../parsing/csharp";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import { callOf, withJvmTree } from "../jvmCalls";
import type { FixEdit } from "../types";

export function stripeJvmDotnetEdit(layer: RetryLayer, text: string | undefined, retries: number): FixEdit[] | null {
  if (text === undefined) return null;
  if (/\.cs$/.test(layer.file)) return dotnetEdit(layer, text, retries);
  return withJvmTree(layer.file, text, (root) => {
    for (const n of walk(root)) {
      const call = callOf(n);
      if (call?.name !== "setMaxNetworkRetries" || call.args.length !== 1) continue;
      const at = (x: SyntaxNode) => x.startPosition.row + 1 === layer.anchor.line && x.startPosition.column === layer.anchor.column;
      if (!at(call.nameNode) && !at(n)) continue;
      const arg = call.args[0]!;
      return /^(decimal_)?integer_literal$/.test(arg.type) ? [{ file: layer.file, start: arg.startIndex, end: arg.endIndex, newText: String(retries) }] : null;
    }
    return null;
  });
}

function dotnetEdit(layer: RetryLayer, text: string, retries: number): FixEdit[] | null {
  const tree = parseTree("csharp", text);
  try {
    const at = (x: SyntaxNode) => x.startPosition.row + 1 === layer.anchor.line && x.startPosition.column === layer.anchor.column;
    const replace = (n: SyntaxNode): FixEdit[] | null => (n.type === "integer_literal" ? [{ file: layer.file, start: n.startIndex, end: n.endIndex, newText: String(retries) }] : null);
    for (const n of walk(tree.rootNode)) {
      if (!at(n)) continue;
      // `StripeConfiguration.MaxNetworkRetries = 4;`
      if (n.type === "assignment_expression" && /StripeConfiguration\.MaxNetworkRetries$/.test(dottedName(n.childForFieldName("left")) ?? "")) {
        const right = n.childForFieldName("right");
        return right ? replace(right) : null;
      }
      // the `1` of `maxNetworkRetries: 1` (the layer's anchor)
      if (n.type === "integer_literal") return replace(n);
      // `new StripeClient("sk")`: a client of its own with the count
      if (n.type === "object_creation_expression" && /(^|\.)StripeClient$/.test(dottedName(n.childForFieldName("type")) ?? "") && layer.attemptsSource === "default") {
        const parts = callParts(n);
        const list = n.childForFieldName("arguments");
        if (!list || parts.keywords.size || parts.positional.length < 1 || parts.positional.length > 2) return null;
        const last = parts.positional[parts.positional.length - 1]!;
        return [{ file: layer.file, start: last.endIndex, end: last.endIndex, newText: `, httpClient: new SystemNetHttpClient(maxNetworkRetries: ${retries})` }];
      }
    }
    return null;
  } finally {
    tree.delete();
  }
}

function* walk(root: SyntaxNode): Generator<SyntaxNode> {
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    yield n;
    for (let i = n.namedChildCount - 1; i >= 0; i--) {
      const c = n.namedChild(i);
      if (c) stack.push(c);
    }
  }
}
