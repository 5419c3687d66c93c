/**
 * Temporal .NET SDK (Temporalio) — docs/reference/temporal.md.
 *
 * - `Workflow.ExecuteActivityAsync((Activities a) => a.ChargeAsync(id), new ActivityOptions { … })`
 *   and `ExecuteLocalActivityAsync(…, new LocalActivityOptions { … })` → a layer: the
 *   `RetryPolicy = new RetryPolicy { MaximumAttempts = n, … }` (or `new() { … }`) of the options,
 *   else Temporal's default activity policy: **unlimited attempts** (`MaximumAttempts` 0, the
 *   default), 1 s ×2, max 100 s, bounded only by `ScheduleToCloseTimeout`.
 * - The send (FileFacts.queueSends) is the activity call in the lambda (`a.ChargeAsync(id)`,
 *   callee `OrderActivities.ChargeAsync`): the linker resolves it as any call, wrapped in the layer.
 */
import type { QueueSendFact } from "../../model/facts";
import { callParts, createdType, descendants, dottedName, initializerValues, nodeSpan, numberValue, stringValue, timeSpanSeconds } from "../../parsing/csharp";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { temporalLayer, type TemporalPolicyInput } from "../shared/temporal";
import type { CsContext } from "./context";

export function detectTemporalDotnet(ctx: CsContext): void {
  const root = ctx.tree.rootNode;
  const uses = descendants(root, "using_directive").some((u) => /Temporalio/.test(u.text));
  if (!uses && !/Temporalio\.Workflows/.test(root.text)) return;
  const sends: QueueSendFact[] = [];
  for (const call of descendants(root, "invocation_expression")) {
    const parts = callParts(call);
    const fn = dottedName(parts.fn) ?? "";
    const member = fn.slice(fn.lastIndexOf(".") + 1);
    if (!/(^|\.)Workflow\.Execute(Local)?ActivityAsync$/.test(fn)) continue;
    const local = member === "ExecuteLocalActivityAsync";
    const lambda = parts.positional[0];
    const options = optionsOf(ctx, parts.positional[1] ?? parts.keywords.get("options") ?? null);
    const fields = options ? initializerValues(options) : new Map<string, SyntaxNode>();
    const policyNode = fields.get("RetryPolicy");
    const policy = policyNode?.type === "object_creation_expression" || policyNode?.type === "implicit_object_creation_expression" ? policyNode : null;
    const inner = lambda ? innerCall(lambda) : null;
    const label = inner ? (dottedName(callParts(inner).fn) ?? "activity").split(".").pop()! : "activity";
    const input: TemporalPolicyInput = {
      sdk: "dotnet",
      target: local ? "local activity" : "activity",
      localId: ctx.nextId("L", call),
      anchor: nodeSpan(policyNode?.parent ?? call),
      label,
      written: !!policyNode,
    };
    if (policyNode && !policy) {
      input.maximumAttempts = null;
      input.attemptsText = policyNode.text;
    } else if (policy) {
      const p = initializerValues(policy);
      const attempts = p.get("MaximumAttempts");
      if (attempts) {
        input.maximumAttempts = numberValue(attempts);
        input.attemptsText = attempts.text;
      }
      if (p.has("InitialInterval")) input.initialSeconds = timeSpanSeconds(p.get("InitialInterval"));
      if (p.has("BackoffCoefficient")) input.coefficient = numberValue(p.get("BackoffCoefficient"));
      if (p.has("MaximumInterval")) input.maxIntervalSeconds = timeSpanSeconds(p.get("MaximumInterval"));
      const non = p.get("NonRetryableErrorTypes");
      if (non) input.nonRetryable = descendants(non, "string_literal").map((s) => stringValue(s) ?? s.text);
    }
    if (fields.has("ScheduleToCloseTimeout")) {
      input.overallSet = true;
      input.overallSeconds = timeSpanSeconds(fields.get("ScheduleToCloseTimeout"));
    }
    if (fields.has("StartToCloseTimeout")) input.startToCloseSeconds = timeSpanSeconds(fields.get("StartToCloseTimeout"));
    const layer = temporalLayer(input);
    if (!layer) continue;
    ctx.facts.layers.push(layer);
    if (!inner) continue;
    // the lambda's call as the module detector wrote it (`OrderActivities.ChargeAsync`, typed by the lambda parameter)
    const line = inner.startPosition.row + 1;
    const written = ctx.facts.calls.find((c) => c.span.line === line && c.functionId === ctx.scopeId(inner));
    if (!written) continue;
    sends.push({ library: "temporal", callee: written.callee, line, scopeId: written.functionId, taskName: null, taskRef: written.callee, layerIds: [layer.localId] });
  }
  if (sends.length) (ctx.facts.queueSends ??= []).push(...sends);
}

/** `new ActivityOptions { … }` / `new() { … }` written inline, or a local/field initialised with one. */
function optionsOf(ctx: CsContext, n: SyntaxNode | null): SyntaxNode | null {
  if (!n) return null;
  if (n.type === "object_creation_expression" || n.type === "implicit_object_creation_expression") return n;
  if (n.type !== "identifier") return null;
  for (const d of descendants(ctx.tree.rootNode, "variable_declarator")) {
    if (d.childForFieldName("name")?.text !== n.text) continue;
    const v = d.namedChildren.filter((c) => c && c.type !== "identifier").pop();
    const value = v?.type === "equals_value_clause" ? v.namedChildren[0] : v;
    if (value && (createdType(value) || value.type === "implicit_object_creation_expression")) return value;
  }
  return null;
}

/** The activity call in `(Acts a) => a.ChargeAsync(id)` / `() => Acts.Charge(id)`. */
function innerCall(lambda: SyntaxNode): SyntaxNode | null {
  if (lambda.type !== "lambda_expression") return null;
  const body = lambda.childForFieldName("body");
  if (!body) return null;
  if (body.type === "invocation_expression") return body;
  return descendants(body, "invocation_expression")[0] ?? null;
}
