/**
 * Code that runs only when an opt-in option is set: the body of `if <lookup>:` where the lookup's
 * default is off — `OPTIONS.get("udp_writes", False)`, `CONF.get("OPTIONS", {}).get("k")` (None),
 * `getattr(settings, "USE_X", False)`. With the project's defaults the branch is not taken, so a
 * client built there serves nothing until someone sets the option (detectors report it inert,
 * with the option named). Only the `if` body itself: not `elif`/`else`, not a negated test.
 */
import { callParts, stringValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";

/** The opt-in test `n` runs under (its text), or null. */
export function optInGuard(n: SyntaxNode): string | null {
  for (let p: SyntaxNode | null = n.parent, child: SyntaxNode = n; p; child = p, p = p.parent) {
    if (p.type === "function_definition" || p.type === "class_definition" || p.type === "lambda") return null;
    if (p.type !== "if_statement" || p.childForFieldName("consequence")?.id !== child.id) continue;
    const cond = p.childForFieldName("condition");
    if (cond && offByDefault(cond)) return cond.text.replace(/\s+/g, " ").slice(0, 100);
  }
  return null;
}

function offByDefault(cond: SyntaxNode): boolean {
  if (cond.type === "parenthesized_expression" && cond.namedChildren[0]) return offByDefault(cond.namedChildren[0]);
  if (cond.type !== "call") return false;
  const parts = callParts(cond);
  const fn = parts.fn;
  const off = (d: SyntaxNode | undefined) => !d || d.type === "false" || d.type === "none";
  if (fn?.type === "attribute" && fn.childForFieldName("attribute")?.text === "get") {
    return stringValue(parts.positional[0]) !== null && parts.positional.length <= 2 && off(parts.positional[1]);
  }
  if (fn?.type === "identifier" && fn.text === "getattr") {
    return parts.positional.length === 3 && stringValue(parts.positional[1]) !== null && off(parts.positional[2]);
  }
  return false;
}
