/**
 * Functional options as Go code passes them to retry libraries (go-grpc-middleware retry,
 * avast/retry-go): written inline (`retry.Do(fn, retry.Attempts(3))`), spread from a slice
 * (`grpc_retry.UnaryClientInterceptor(opts...)` with `opts := []grpc_retry.CallOption{…}`), or
 * appended to one (`append(retryOptions, retry.Context(ctx))...`). A slice declared at package
 * level in another file of the package is not visible to a per-file detector: `spread` names it
 * so the detector can leave its count to the linker (LayerFact.countExpr).
 */
import type { ValueExpr } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { GoContext } from "./context";
import { valueOf } from "./values";
import { callArgs, calleeNode, descendants, dottedName, durationSeconds, enclosingFunction, numberValue } from "./syntax";

export interface OptionList {
  /** the option calls, in the order they apply (later ones win) */
  calls: SyntaxNode[];
  /** a package-level slice this file does not declare: its options are unknown here */
  foreign: string | null;
}

/** The option calls among `args` (each a call, a `xs...` spread, or `append(xs, …)`). */
export function optionList(ctx: GoContext, args: SyntaxNode[], depth = 0): OptionList {
  const out: OptionList = { calls: [], foreign: null };
  for (const a of args) {
    if (depth > 4) break;
    if (a.type === "call_expression" && dottedName(calleeNode(a)) === "append") {
      const inner = optionList(ctx, callArgs(a), depth + 1);
      out.calls.push(...inner.calls);
      out.foreign ??= inner.foreign;
    } else if (a.type === "call_expression") out.calls.push(a);
    else if (a.type === "identifier") {
      const literal = sliceLiteral(ctx, a);
      if (literal) out.calls.push(...optionList(ctx, literal.elements, depth + 1).calls);
      else if (!ctx.lookup(a.text, a)) out.foreign ??= a.text;
    }
  }
  return out;
}

/** `opts := []T{…}` / `var opts = []T{…}` (local, or package level in this file): its elements. */
export function sliceLiteral(ctx: GoContext, id: SyntaxNode): { elements: SyntaxNode[]; declaredAt: SyntaxNode } | null {
  const local = ctx.lookup(id.text, id);
  let value: SyntaxNode | null = local?.value ?? null;
  if (!local) value = packageValue(ctx, id.text);
  if (value?.type !== "composite_literal") return null;
  const body = value.childForFieldName("body");
  const elements = (body?.namedChildren ?? [])
    .filter((e): e is SyntaxNode => !!e && e.type === "literal_element")
    .map((e) => e.namedChildren[0])
    .filter((e): e is SyntaxNode => !!e);
  return { elements, declaredAt: value };
}

/** The value of a package-level `var`/`const` of this file. */
export function packageValue(ctx: GoContext, name: string): SyntaxNode | null {
  for (const spec of descendants(ctx.tree.rootNode, ["const_spec", "var_spec"])) {
    if (enclosingFunction(spec)) continue;
    const names = spec.childrenForFieldName("name").map((x) => x?.text);
    const i = names.indexOf(name);
    const values = spec.childForFieldName("value")?.namedChildren ?? [];
    if (i >= 0 && values[i]) return values[i]!;
  }
  return null;
}

/** Package-level `var xs = []T{…}` slices of this file whose elements are calls (candidate option lists). */
export function packageSlices(ctx: GoContext): Array<{ name: string; elements: SyntaxNode[]; at: SyntaxNode }> {
  const out: Array<{ name: string; elements: SyntaxNode[]; at: SyntaxNode }> = [];
  for (const spec of descendants(ctx.tree.rootNode, "var_spec")) {
    if (enclosingFunction(spec)) continue;
    const names = spec.childrenForFieldName("name");
    const values = spec.childForFieldName("value")?.namedChildren ?? [];
    names.forEach((n, i) => {
      const v = values[i];
      if (!n || v?.type !== "composite_literal") return;
      const elements = (v.childForFieldName("body")?.namedChildren ?? [])
        .filter((e): e is SyntaxNode => !!e && e.type === "literal_element")
        .map((e) => e.namedChildren[0])
        .filter((e): e is SyntaxNode => !!e && e.type === "call_expression");
      if (elements.length) out.push({ name: n.text, elements, at: v });
    });
  }
  return out;
}

export interface Count {
  /** the number, when this file knows it */
  value: number | null;
  /** as written */
  text: string;
  /** a name to evaluate at link time (a constant of another file of the package) */
  ref: ValueExpr | null;
}

/** A count argument: a literal, a local or package constant of this file, else a reference for the linker. */
export function countOf(ctx: GoContext, n: SyntaxNode | null | undefined, depth = 0): Count {
  if (!n) return { value: null, text: "", ref: null };
  const direct = numberValue(n);
  if (direct !== null) return { value: direct, text: n.text, ref: null };
  if (depth < 4 && n.type === "call_expression" && callArgs(n).length === 1 && /^(u?int(8|16|32|64)?|time\.Duration)$/.test(dottedName(calleeNode(n)) ?? "")) {
    return { ...countOf(ctx, callArgs(n)[0], depth + 1), text: n.text };
  }
  if (depth < 4 && n.type === "identifier") {
    const local = ctx.lookup(n.text, n);
    const bound = local ? local.value : packageValue(ctx, n.text);
    if (bound) {
      const inner = countOf(ctx, bound, depth + 1);
      if (inner.value !== null) return { value: inner.value, text: `${n.text} = ${inner.value}`, ref: null };
    }
    if (!local) return { value: null, text: n.text, ref: { kind: "ref", name: n.text } };
  }
  const v = n.type === "selector_expression" ? valueOf(ctx, n) : null;
  return { value: null, text: n.text, ref: v && v.kind === "ref" ? v : null };
}

/** A duration in seconds: a literal (`300 * time.Millisecond`), or a local / package constant of this file bound to one. */
export function secondsOf(ctx: GoContext, n: SyntaxNode | null | undefined, time: string, depth = 0): number | null {
  if (!n) return null;
  const direct = durationSeconds(n, time);
  if (direct !== null || depth > 3 || n.type !== "identifier") return direct;
  const local = ctx.lookup(n.text, n);
  const bound = local ? local.value : packageValue(ctx, n.text);
  return bound ? secondsOf(ctx, bound, time, depth + 1) : null;
}
