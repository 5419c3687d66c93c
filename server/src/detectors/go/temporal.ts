/**
 * Temporal Go SDK (go.temporal.io/sdk) — docs/reference/temporal.md.
 *
 * - Workflows: functions whose first parameter is a `workflow.Context` are tasks
 *   (`TASK /<function name>`, library "temporal"); activities are plain functions, found from the
 *   send (engine/queues/temporal.ts).
 * - Sends: `workflow.ExecuteActivity(ctx, Fn, args…)` / `ExecuteLocalActivity` → a layer: the
 *   `RetryPolicy: &temporal.RetryPolicy{…}` of the `workflow.ActivityOptions` that the nearest
 *   earlier `ctx = workflow.WithActivityOptions(ctx, ao)` (`WithLocalActivityOptions`) of the same
 *   function gives that ctx (or a later `workflow.WithRetryPolicy(ctx, temporal.RetryPolicy{…})`), else Temporal's default: **unlimited attempts** (`MaximumAttempts`
 *   0), 1 s ×2, max 100 s, bounded only by `ScheduleToCloseTimeout`. No options in the function
 *   (the caller set them on the ctx it passes): the count is not known statically.
 *   `workflow.ExecuteChildWorkflow(ctx, Child)` and a client's `ExecuteWorkflow(ctx,
 *   client.StartWorkflowOptions{…}, Wf)` add a layer only with `RetryPolicy:` (workflows have none by default).
 * - `MaximumAttempts: N` counts attempts; 1 disables; 0 (or unset) is unlimited.
 */
import type { QueueSendFact } from "../../model/facts";
import type { SyntaxNode } from "../../parsing/treeSitter";
import { temporalLayer, type TemporalPolicyInput } from "../shared/temporal";
import type { GoContext } from "./context";
import { callArgs, calleeNode, descendants, dottedName, durationSeconds, enclosingFunction, nodeSpan, numberValue, stringValue, within } from "./syntax";

const SDK = /^go\.temporal\.io\/sdk\/workflow$/;

export function detectTemporalGo(ctx: GoContext): void {
  const wf = ctx.importLocal(SDK);
  const clientPkg = ctx.importLocal(/^go\.temporal\.io\/sdk\/client$/);
  if (!wf && !clientPkg) return;
  const timePkg = ctx.importLocal("time") ?? "time";
  // workflows: func W(ctx workflow.Context, …)
  if (wf) {
    for (const fnNode of descendants(ctx.tree.rootNode, "function_declaration")) {
      const first = fnNode.childForFieldName("parameters")?.namedChildren.find((p) => p?.type === "parameter_declaration");
      if (first?.childForFieldName("type")?.text !== `${wf}.Context`) continue;
      const id = ctx.idOf(fnNode);
      const fn = ctx.facts.functions.find((f) => f.id === id);
      if (fn && !fn.handler) fn.handler = { method: "TASK", route: `/${fnNode.childForFieldName("name")?.text ?? id}`, library: "temporal" };
    }
  }
  const sends: QueueSendFact[] = [];
  for (const call of descendants(ctx.tree.rootNode, "call_expression")) {
    const callee = dottedName(calleeNode(call)) ?? "";
    const args = callArgs(call);
    let target: TemporalPolicyInput["target"];
    let taskArg: SyntaxNode | undefined;
    let options: SyntaxNode | null = null;
    let optionsKnown = true;
    let retryOverride: SyntaxNode | null = null;
    let found: { options: SyntaxNode | null; known: boolean; setter: SyntaxNode | null } | null = null;
    if (wf && (callee === `${wf}.ExecuteActivity` || callee === `${wf}.ExecuteLocalActivity`)) {
      target = callee.endsWith("LocalActivity") ? "local activity" : "activity";
      taskArg = args[1];
      found = optionsOnCtx(ctx, call, args[0], target === "local activity" ? ["WithLocalActivityOptions"] : ["WithActivityOptions"], wf);
      options = found.options;
      optionsKnown = found.known;
      // `ctx = workflow.WithRetryPolicy(ctx, temporal.RetryPolicy{…})` after the options replaces their policy
      const override = setterOnCtx(call, args[0], ["WithRetryPolicy"], wf);
      if (override && (!found.setter || override.startIndex > found.setter.startIndex)) retryOverride = override;
    } else if (wf && callee === `${wf}.ExecuteChildWorkflow`) {
      target = "child workflow";
      taskArg = args[1];
      options = optionsOnCtx(ctx, call, args[0], ["WithChildOptions"], wf).options;
    } else if (clientPkg && /\.ExecuteWorkflow$/.test(callee) && args.length >= 3) {
      target = "workflow";
      taskArg = args[2];
      options = literalOf(ctx, args[1] ?? null);
    } else continue;
    if (!taskArg) continue;
    const taskName = taskArg.type === "interpreted_string_literal" || taskArg.type === "raw_string_literal" ? stringValue(taskArg) : null;
    // `a.ChargeCustomer` with `var a *Activities` (the SDK samples' idiom): the method through its declared type
    const taskRef = taskName ? null : ctx.typedName(taskArg, call) ?? ctx.linkName(taskArg, call) ?? dottedName(taskArg);
    if (!taskName && !taskRef) continue;
    const fields = options ? keyed(options) : new Map<string, SyntaxNode>();
    const policyKv = retryOverride ?? fields.get("RetryPolicy");
    const policy = retryOverride ? literalOf(ctx, callArgs(retryOverride)[1] ?? null) : policyKv ? literalOf(ctx, valueNode(policyKv)) : null;
    if (retryOverride) optionsKnown = true;
    const isActivity = target === "activity" || target === "local activity";
    const input: TemporalPolicyInput = {
      sdk: "go",
      target,
      localId: ctx.nextId("L", call),
      anchor: nodeSpan(policyKv ?? call),
      label: (taskRef ?? taskName ?? "activity").split(".").pop()!,
      written: !!policyKv,
    };
    if (isActivity && !optionsKnown) {
      input.written = true;
      input.maximumAttempts = null;
      input.attemptsText = found?.setter ? `${callArgs(found.setter)[1]?.text.slice(0, 24) ?? "?"} not a literal` : `${args[0]?.text ?? "ctx"} options set elsewhere`;
    } else if (policyKv && !policy) {
      input.maximumAttempts = null;
      input.attemptsText = (retryOverride ? callArgs(retryOverride)[1]?.text : valueNode(policyKv)?.text) ?? "RetryPolicy";
    } else if (policy) {
      const p = keyed(policy);
      const attempts = p.get("MaximumAttempts");
      if (attempts) {
        input.attemptsText = valueNode(attempts)?.text;
        input.maximumAttempts = numberOf(ctx, valueNode(attempts));
      }
      const initial = p.get("InitialInterval");
      if (initial) input.initialSeconds = durationSeconds(valueNode(initial), timePkg);
      const coefficient = p.get("BackoffCoefficient");
      if (coefficient) input.coefficient = numberValue(valueNode(coefficient));
      const max = p.get("MaximumInterval");
      if (max) input.maxIntervalSeconds = durationSeconds(valueNode(max), timePkg);
      const non = p.get("NonRetryableErrorTypes");
      const list = non ? valueNode(non) : null;
      if (list) input.nonRetryable = (list.childForFieldName("body")?.namedChildren ?? []).map((e) => stringValue(e?.namedChildren[0] ?? e) ?? e?.text ?? "?");
    }
    const overall = fields.get(isActivity ? "ScheduleToCloseTimeout" : "WorkflowExecutionTimeout");
    if (overall) {
      input.overallSet = true;
      input.overallSeconds = durationSeconds(valueNode(overall), timePkg);
    }
    const s2c = fields.get("StartToCloseTimeout");
    if (s2c) input.startToCloseSeconds = durationSeconds(valueNode(s2c), timePkg);
    const layer = temporalLayer(input);
    if (layer) ctx.facts.layers.push(layer);
    sends.push({ library: "temporal", callee, line: call.startPosition.row + 1, scopeId: ctx.scopeId(call), taskName, taskRef, layerIds: layer ? [layer.localId] : [] });
  }
  if (sends.length) (ctx.facts.queueSends ??= []).push(...sends);
}

/** The options literal the nearest earlier `ctx = workflow.WithActivityOptions(ctx, ao)` of the function gives `ctxArg`. */
function optionsOnCtx(ctx: GoContext, call: SyntaxNode, ctxArg: SyntaxNode | undefined, setters: string[], wf: string): { options: SyntaxNode | null; known: boolean; setter: SyntaxNode | null } {
  const setter = setterOnCtx(call, ctxArg, setters, wf);
  if (!setter) return { options: null, known: false, setter: null };
  // options built by a function or read from a field (`defaultActivityOptions()`): not known here
  const options = literalOf(ctx, callArgs(setter)[1] ?? null);
  return { options, known: options !== null, setter };
}

/** The nearest earlier call of `wf.<setter>(ctx, …)` in the function whose result is the ctx the send uses (or passed inline). */
function setterOnCtx(call: SyntaxNode, ctxArg: SyntaxNode | undefined, setters: string[], wf: string): SyntaxNode | null {
  // a closure (`workflow.Go(ctx, func(ctx workflow.Context) {…})`) sees the options its function set
  for (let scope = enclosingFunction(call); scope; scope = scope.type === "func_literal" ? enclosingFunction(scope) : null) {
    const hit = setterIn(scope, call, ctxArg, setters, wf);
    if (hit) return hit;
  }
  return null;
}

function setterIn(scope: SyntaxNode, call: SyntaxNode, ctxArg: SyntaxNode | undefined, setters: string[], wf: string): SyntaxNode | null {
  if (!ctxArg) return null;
  let best: SyntaxNode | null = null;
  for (const c of descendants(scope, "call_expression")) {
    if (c.startIndex > call.startIndex || !within(c, scope)) continue;
    const name = dottedName(calleeNode(c)) ?? "";
    if (!setters.some((s) => name === `${wf}.${s}`)) continue;
    // bound to the ctx the send uses: `ctx = workflow.WithActivityOptions(ctx, ao)`, or passed inline
    let p: SyntaxNode | null = c.parent;
    while (p && p.type !== "short_var_declaration" && p.type !== "assignment_statement" && p.id !== call.id && p.id !== scope.id) p = p.parent;
    const bound = p && p.id !== call.id && p.id !== scope.id ? p.childForFieldName("left")?.namedChildren[0]?.text : null;
    if ((ctxArg.type === "identifier" && bound === ctxArg.text) || within(c, call)) best = c;
  }
  return best;
}

/** A composite literal written inline, through `&`, or bound to a local name. */
function literalOf(ctx: GoContext, n: SyntaxNode | null): SyntaxNode | null {
  let v: SyntaxNode | null = n;
  for (let i = 0; i < 4 && v; i++) {
    if (v.type === "composite_literal") return v;
    if (v.type === "unary_expression" || v.type === "parenthesized_expression") v = v.namedChildren[v.namedChildren.length - 1] ?? null;
    else if (v.type === "identifier") v = ctx.lookup(v.text, v)?.value ?? packageVar(ctx, v.text);
    else return null;
  }
  return null;
}

function keyed(lit: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const kv of lit.childForFieldName("body")?.namedChildren ?? []) {
    if (kv?.type !== "keyed_element") continue;
    const key = kv.childForFieldName("key")?.text ?? kv.namedChildren[0]?.text ?? "";
    if (key) out.set(key, kv);
  }
  return out;
}

function valueNode(kv: SyntaxNode): SyntaxNode | null {
  const v = kv.childForFieldName("value") ?? kv.namedChildren[1] ?? null;
  return v?.type === "literal_element" ? (v.namedChildren[0] ?? null) : v;
}

function numberOf(ctx: GoContext, n: SyntaxNode | null): number | null {
  const v = numberValue(n);
  if (v !== null || !n) return v;
  if (n.type === "identifier") {
    const bound = ctx.lookup(n.text, n)?.value;
    if (bound) return numberValue(bound);
    for (const spec of descendants(ctx.tree.rootNode, "const_spec")) {
      const names = spec.childrenForFieldName("name").map((x) => x?.text);
      const i = names.indexOf(n.text);
      const values = spec.childForFieldName("value")?.namedChildren ?? [];
      if (i >= 0 && values[i]) return numberValue(values[i]);
    }
  }
  if (n.type === "call_expression") return numberValue(callArgs(n)[0]);
  return null;
}

/** `var opts = workflow.ActivityOptions{…}` at package level in this file. */
function packageVar(ctx: GoContext, name: string): SyntaxNode | null {
  for (const spec of descendants(ctx.tree.rootNode, "var_spec")) {
    if (enclosingFunction(spec)) continue;
    const names = spec.childrenForFieldName("name").map((x) => x?.text);
    const i = names.indexOf(name);
    const values = spec.childForFieldName("value")?.namedChildren ?? [];
    if (i >= 0 && values[i]) return values[i]!;
  }
  return null;
}
