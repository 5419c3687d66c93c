/**
 * Fix operations on Polly v8 `AddRetry(new RetryStrategyOptions { … })` layers (reference §3.6):
 * jitter (`UseJitter = true`, RL004), exponential backoff with jitter (RL003), a lower
 * `MaxRetryAttempts` (which counts retries: attempts − 1), and removing the `.AddRetry(…)` step
 * from the builder chain. Options built elsewhere (a variable) are not edited in place.
 */
import type { RetryLayer } from "../../model/model";
import { callParts, createdType, descendants, initializerValues, memberName } from "../../parsing/csharp";
import { parseTree, type SyntaxNode } from "../../parsing/treeSitter";
import type { FixEdit } from "../types";
import { csharpPolicyLayerEdit } from "./csharpPolicies";
import type { LayerEdit, LayerOp, LayerOpContext } from "./op";

export function csharpLayerEdit(op: LayerOp, layer: RetryLayer, text: string | undefined, ctx: LayerOpContext): LayerEdit | null {
  if (text === undefined) return null;
  // Polly v7, the standard resilience handler and EF Core have their own overloads and units
  if (layer.kind !== "polly-retry") return csharpPolicyLayerEdit(op, layer, text, ctx);
  const tree = parseTree("csharp", text);
  try {
    const call = descendants(tree.rootNode, "invocation_expression").find((c) => {
      const fn = c.childForFieldName("function");
      return memberName(fn) === "AddRetry" && (fn?.childForFieldName("name")?.startPosition.row ?? -1) + 1 === layer.anchor.line;
    });
    if (!call) return null;
    const options = callParts(call).positional[0];
    if (op === "disable") {
      // `.AddRetry(…)` out of the chain: from the receiver's end to the end of the call
      const receiver = call.childForFieldName("function")?.childForFieldName("expression");
      if (!receiver) return null;
      return { title: `Remove the retry strategy (${layer.label})`, edits: [{ file: layer.file, start: receiver.endIndex, end: call.endIndex, newText: "" }] };
    }
    // `new RetryStrategyOptions { … }`, or target-typed `new() { … }` (AddRetry's parameter type)
    if (!options || (options.type !== "implicit_object_creation_expression" && !/^(Http)?RetryStrategyOptions$/.test(createdType(options) ?? ""))) return null;
    const set = (values: Array<[string, string]>): FixEdit[] => setOptions(layer.file, text, options, values);
    if (op === "jitter") return { title: "Randomise the delay: UseJitter = true", edits: set([["UseJitter", "true"]]) };
    if (op === "backoff") {
      return {
        title: "Back off exponentially with jitter from 1 s",
        edits: set([
          ["Delay", "TimeSpan.FromSeconds(1)"],
          ["BackoffType", "DelayBackoffType.Exponential"],
          ["UseJitter", "true"],
        ]),
      };
    }
    if (op === "cap" && ctx.attempts) {
      return { title: `Lower to ${ctx.attempts} attempts (MaxRetryAttempts = ${ctx.attempts - 1})`, edits: set([["MaxRetryAttempts", String(ctx.attempts - 1)]]) };
    }
    return null;
  } finally {
    tree.delete();
  }
}

/** Sets `Key = value` in an object initializer: replaced in place, appended, or a new `{ … }`. */
function setOptions(file: string, text: string, creation: SyntaxNode, values: Array<[string, string]>): FixEdit[] {
  const existing = initializerValues(creation);
  const edits: FixEdit[] = [];
  const added: string[] = [];
  for (const [key, value] of values) {
    const node = existing.get(key);
    if (node) edits.push({ file, start: node.startIndex, end: node.endIndex, newText: value });
    else added.push(`${key} = ${value}`);
  }
  if (!added.length) return edits;
  const init = creation.childForFieldName("initializer") ?? creation.namedChildren.find((c) => c?.type === "initializer_expression") ?? null;
  if (!init) {
    edits.push({ file, start: creation.endIndex, end: creation.endIndex, newText: ` { ${added.join(", ")} }` });
    return edits;
  }
  const assignments = init.namedChildren.filter((c): c is SyntaxNode => c?.type === "assignment_expression");
  const last = assignments[assignments.length - 1];
  if (!last) {
    edits.push({ file, start: init.startIndex + 1, end: init.endIndex - 1, newText: ` ${added.join(", ")} ` });
    return edits;
  }
  const multiline = init.startPosition.row !== init.endPosition.row;
  const after = text.slice(last.endIndex, init.endIndex);
  const trailingComma = /^\s*,/.test(after);
  if (multiline) {
    const lineStart = text.lastIndexOf("\n", last.startIndex) + 1;
    const indent = text.slice(lineStart, last.startIndex);
    const at = trailingComma ? last.endIndex + after.indexOf(",") + 1 : last.endIndex;
    const lines = added.map((a) => `\n${indent}${a},`).join("");
    edits.push({ file, start: at, end: at, newText: trailingComma ? lines : `,${lines.replace(/,$/, "")}` });
  } else {
    edits.push({ file, start: last.endIndex, end: last.endIndex, newText: added.map((a) => `, ${a}`).join("") });
  }
  return edits;
}

