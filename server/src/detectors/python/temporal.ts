/**
 * Temporal (temporalio, the Python SDK) — docs/reference/temporal.md.
 *
 * - Tasks: `@activity.defn` / `@activity.defn(name="…")` functions and methods are their worker's
 *   entries (FunctionFact.handler `TASK /<activity name>`, library "temporal"); the `@workflow.run`
 *   method of a `@workflow.defn` class is `TASK /<workflow name>` (defn `name=` or the class name).
 * - Sends (engine/queues/temporal.ts): `workflow.execute_activity(fn, …)`, `start_activity`,
 *   `execute_activity_method`, `start_activity_method`, `execute_local_activity(_method)`,
 *   `start_local_activity(_method)` — each a layer: the `retry_policy=RetryPolicy(…)` written, or
 *   Temporal's default activity policy (**unlimited attempts**, bounded only by
 *   `schedule_to_close_timeout`); `workflow.execute_child_workflow`/`start_child_workflow` and a
 *   client's `execute_workflow`/`start_workflow` add a layer only with `retry_policy=` (workflows
 *   have no default policy).
 * - `maximum_attempts=N` counts attempts (N → N; 1 disables; 0 → unlimited).
 */
import type { QueueSendFact } from "../../model/facts";
import { callParts, descendants, elements, nodeSpan, stringValue } from "../../parsing/python";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { temporalLayer, type TemporalPolicyInput } from "../shared/temporal";
import type { PyContext } from "./context";

const ACTIVITY_SENDS: Record<string, "activity" | "local activity"> = {
  execute_activity: "activity",
  start_activity: "activity",
  execute_activity_method: "activity",
  start_activity_method: "activity",
  execute_activity_class: "activity",
  start_activity_class: "activity",
  execute_local_activity: "local activity",
  start_local_activity: "local activity",
  execute_local_activity_method: "local activity",
  start_local_activity_method: "local activity",
  execute_local_activity_class: "local activity",
  start_local_activity_class: "local activity",
};
const CHILD_SENDS = new Set(["execute_child_workflow", "start_child_workflow"]);
const CLIENT_SENDS = new Set(["execute_workflow", "start_workflow"]);

export function detectTemporalPython(ctx: PyContext): void {
  const root = ctx.tree.rootNode;
  // a module starting workflows through a client made elsewhere need not import temporalio
  if (!/temporalio|\b(execute|start)_workflow\b/.test(root.text)) return;
  markTasks(ctx);
  const sends: QueueSendFact[] = [];
  for (const call of descendants(root, "call")) {
    const head = call.childForFieldName("function");
    if (head?.type !== "attribute") continue;
    const member = head.childForFieldName("attribute")?.text ?? "";
    const q = ctx.qualifiedName(head) ?? "";
    const onWorkflowModule = q === `temporalio.workflow.${member}`;
    let target: TemporalPolicyInput["target"];
    if (onWorkflowModule && ACTIVITY_SENDS[member]) target = ACTIVITY_SENDS[member]!;
    else if (onWorkflowModule && CHILD_SENDS.has(member)) target = "child workflow";
    else if (!onWorkflowModule && CLIENT_SENDS.has(member)) target = "workflow";
    else continue;
    const parts = callParts(call);
    const first = parts.keywords.get("activity") ?? parts.keywords.get("workflow") ?? parts.positional[0] ?? null;
    if (!first) continue;
    const taskName = first.type === "string" ? stringValue(first) : null;
    const taskRef = first.type === "identifier" || first.type === "attribute" ? first.text : null;
    if (!taskName && !taskRef) continue;
    const enclosing = enclosingDef(call);
    const policy = parts.keywords.get("retry_policy");
    const policyCall = policy?.type === "call" && /(^|\.)RetryPolicy$/.test(ctx.qualifiedName(policy.childForFieldName("function")) ?? policy.childForFieldName("function")?.text ?? "") ? policy : null;
    const overall = parts.keywords.get(target === "activity" || target === "local activity" ? "schedule_to_close_timeout" : "execution_timeout");
    const input: TemporalPolicyInput = {
      sdk: "python",
      target,
      localId: ctx.nextId("L", call),
      anchor: nodeSpan(policyCall ?? call),
      label: `${(taskRef ?? taskName ?? "activity").split(".").pop()}`,
      written: !!policy && policy.type !== "none",
      overallSeconds: overall ? seconds(ctx, overall, enclosing) : undefined,
      overallSet: !!overall && overall.type !== "none",
      startToCloseSeconds: seconds(ctx, parts.keywords.get("start_to_close_timeout") ?? null, enclosing) ?? undefined,
    };
    if (policy && !policyCall && policy.type !== "none") {
      // a policy built elsewhere (`retry_policy=RETRY`): a module-level RetryPolicy(...) of this file
      const bound = policy.type === "identifier" ? moduleAssignment(ctx, policy.text) : null;
      if (bound) readPolicy(ctx, bound, input, enclosing);
      else {
        input.maximumAttempts = null;
        input.attemptsText = policy.text;
      }
    } else if (policyCall) readPolicy(ctx, policyCall, input, enclosing);
    const layer = temporalLayer(input);
    if (layer) ctx.facts.layers.push(layer);
    sends.push({
      library: "temporal",
      callee: head.text,
      line: call.startPosition.row + 1,
      scopeId: enclosing ? ctx.functionId(enclosing) : "<module>",
      taskName,
      taskRef,
      layerIds: layer ? [layer.localId] : [],
    });
  }
  if (sends.length) (ctx.facts.queueSends ??= []).push(...sends);
}

function markTasks(ctx: PyContext): void {
  for (const dec of descendants(ctx.tree.rootNode, "decorator")) {
    const expr = dec.namedChildren[0] ?? null;
    const head = expr?.type === "call" ? expr.childForFieldName("function") : expr;
    const q = ctx.qualifiedName(head) ?? "";
    const def = dec.parent?.namedChildren.find((c) => c?.type === "function_definition" || c?.type === "class_definition") ?? null;
    if (!def) continue;
    const nameArg = expr?.type === "call" ? (callParts(expr).keywords.get("name") ?? callParts(expr).positional[0] ?? null) : null;
    const explicit = nameArg?.type === "string" ? stringValue(nameArg) : null;
    if (q === "temporalio.activity.defn" && def.type === "function_definition") {
      mark(ctx, def, explicit ?? def.childForFieldName("name")?.text ?? "activity");
    } else if (q === "temporalio.workflow.defn" && def.type === "class_definition") {
      const wfName = explicit ?? def.childForFieldName("name")?.text ?? "workflow";
      for (const m of descendants(def, "decorated_definition")) {
        const isRun = m.namedChildren.some((d) => d?.type === "decorator" && ctx.qualifiedName(d.namedChildren[0]) === "temporalio.workflow.run");
        const fn = m.namedChildren.find((c) => c?.type === "function_definition");
        if (isRun && fn) mark(ctx, fn, wfName);
      }
    }
  }
}

function mark(ctx: PyContext, def: SyntaxNode, name: string): void {
  const fn = ctx.facts.functions.find((f) => f.id === ctx.functionId(def));
  if (fn && !fn.handler) fn.handler = { method: "TASK", route: `/${name}`, library: "temporal" };
}

function readPolicy(ctx: PyContext, call: SyntaxNode, input: TemporalPolicyInput, scope: SyntaxNode | null): void {
  const kw = callParts(call).keywords;
  const attempts = kw.get("maximum_attempts");
  if (attempts) {
    input.maximumAttempts = ctx.number(attempts, scope);
    input.attemptsText = attempts.text;
  }
  const initial = kw.get("initial_interval");
  if (initial) input.initialSeconds = seconds(ctx, initial, scope);
  const coefficient = kw.get("backoff_coefficient");
  if (coefficient) input.coefficient = ctx.number(coefficient, scope);
  const max = kw.get("maximum_interval");
  if (max && max.type !== "none") input.maxIntervalSeconds = seconds(ctx, max, scope);
  const non = kw.get("non_retryable_error_types");
  if (non) input.nonRetryable = elements(non).map((e) => stringValue(e) ?? e.text);
}

/** `timedelta(seconds=5, minutes=1)` (or a number of seconds) → seconds; null when not literal. */
function seconds(ctx: PyContext, n: SyntaxNode | null, scope: SyntaxNode | null): number | null {
  if (!n || n.type === "none") return null;
  if (n.type === "call" && /(^|\.)timedelta$/.test(ctx.qualifiedName(n.childForFieldName("function")) ?? "")) {
    const p = callParts(n);
    const unit: Record<string, number> = { days: 86400, hours: 3600, minutes: 60, seconds: 1, milliseconds: 0.001 };
    let total = 0;
    for (const [k, v] of p.keywords) {
      const x = ctx.number(v, scope);
      if (x === null || unit[k] === undefined) return null;
      total += x * unit[k]!;
    }
    const pos = p.positional[0];
    if (pos) {
      const days = ctx.number(pos, scope);
      if (days === null) return null;
      total += days * 86400;
    }
    return total;
  }
  return ctx.number(n, scope);
}

function enclosingDef(n: SyntaxNode): SyntaxNode | null {
  for (let p = n.parent; p; p = p.parent) if (p.type === "function_definition") return p;
  return null;
}

function moduleAssignment(ctx: PyContext, name: string): SyntaxNode | null {
  for (const a of descendants(ctx.tree.rootNode, "assignment", { skipNestedDefs: true })) {
    if (a.childForFieldName("left")?.text !== name) continue;
    const right = a.childForFieldName("right");
    if (right?.type === "call" && /(^|\.)RetryPolicy$/.test(right.childForFieldName("function")?.text ?? "")) return right;
  }
  return null;
}
