/**
 * Temporal Java SDK (io.temporal:temporal-sdk) — docs/reference/temporal.md.
 *
 * - `Workflow.newActivityStub(Activities.class, options)` / `newLocalActivityStub` → one layer on
 *   the stub: the `ActivityOptions.newBuilder()…setRetryOptions(RetryOptions.newBuilder()
 *   .setMaximumAttempts(n)…build())…build()` given inline or through a field/local, else
 *   Temporal's default activity policy: **unlimited attempts** (`setMaximumAttempts(0)` and unset
 *   alike), 1 s ×2, max 100 s, bounded only by `setScheduleToCloseTimeout`.
 * - Each method called on the stub (`activities.charge(id)` on the field holding it) sends that
 *   activity (FileFacts.queueSends): the linker resolves the call as any other (the interface's
 *   implementation), wrapped in the stub's layer.
 */
import type { QueueSendFact } from "../../model/facts";
import { temporalLayer, type TemporalPolicyInput } from "../shared/temporal";
import type { JvmContext } from "./context";
import { calleeOf } from "./module";
import { argAt, chainOf, dotted, durationMs, exprText, numberOf, stringOf, type Call, type Expr } from "./syntax";

export function detectTemporalJava(ctx: JvmContext): void {
  if (!ctx.file.imports.some((i) => i.path.startsWith("io.temporal"))) return;
  const sends: QueueSendFact[] = [];
  for (const call of ctx.file.calls) {
    if ((call.name !== "newActivityStub" && call.name !== "newLocalActivityStub") || !/(^|\.)Workflow$/.test(dotted(call.receiver) ?? "")) continue;
    const local = call.name === "newLocalActivityStub";
    // the field or local holding the stub
    const holder = ctx.file.decls.find((d) => d.kind === "field" && d.value?.k === "call" && d.value.call === call)?.name ?? ctx.file.locals.find((l) => l.value?.k === "call" && l.value.call === call)?.name ?? null;
    const options = resolve(ctx, call.scopeId, argAt(call, 1));
    const opts = options?.k === "call" ? settersOf(options.call) : new Map<string, Call>();
    const retryCall = opts.get("setRetryOptions");
    const retry = retryCall ? resolve(ctx, call.scopeId, argAt(retryCall, 0)) : null;
    const input: TemporalPolicyInput = {
      sdk: "java",
      target: local ? "local activity" : "activity",
      localId: ctx.nextId("L", (retryCall ?? call).nameSpan),
      anchor: retryCall ? retryCall.nameSpan : call.span,
      label: holder ?? call.name,
      written: !!retryCall,
    };
    if (retryCall && retry?.k !== "call") {
      input.maximumAttempts = null;
      input.attemptsText = exprText(argAt(retryCall, 0));
    } else if (retry?.k === "call") {
      const r = settersOf(retry.call);
      const attempts = r.get("setMaximumAttempts");
      if (attempts) {
        const v = resolve(ctx, call.scopeId, argAt(attempts, 0));
        input.maximumAttempts = numberOf(v);
        input.attemptsText = exprText(argAt(attempts, 0));
      }
      const sec = (c: Call | undefined) => {
        if (!c) return undefined;
        const ms = durationMs(argAt(c, 0));
        return ms === null ? null : ms / 1000;
      };
      input.initialSeconds = sec(r.get("setInitialInterval"));
      const coefficient = r.get("setBackoffCoefficient");
      if (coefficient) input.coefficient = numberOf(argAt(coefficient, 0));
      input.maxIntervalSeconds = sec(r.get("setMaximumInterval"));
      const doNotRetry = r.get("setDoNotRetry");
      if (doNotRetry) input.nonRetryable = doNotRetry.args.map((a) => stringOf(a.value) ?? exprText(a.value));
    }
    const s2c = opts.get("setScheduleToCloseTimeout");
    if (s2c) {
      input.overallSet = true;
      const ms = durationMs(argAt(s2c, 0));
      input.overallSeconds = ms === null ? null : ms / 1000;
    }
    const start = opts.get("setStartToCloseTimeout");
    if (start) {
      const ms = durationMs(argAt(start, 0));
      input.startToCloseSeconds = ms === null ? null : ms / 1000;
    }
    const layer = temporalLayer(input);
    if (!layer) continue;
    ctx.facts.layers.push(layer);
    if (!holder) continue;
    // each call on the holder, by its line: two stubs of one interface share the callee (`OrderActivities.charge`)
    for (const c of ctx.file.calls) {
      const head = dotted(c.receiver)?.replace(/^this\./, "");
      if (head !== holder) continue;
      const callee = calleeOf(ctx, c);
      sends.push({ library: "temporal", callee, line: c.span.line, scopeId: c.scopeId, taskName: null, taskRef: callee, layerIds: [layer.localId] });
    }
  }
  if (sends.length) (ctx.facts.queueSends ??= []).push(...sends);
}

/** A builder chain's setters by name (the last one written wins). */
function settersOf(built: Call): Map<string, Call> {
  const out = new Map<string, Call>();
  for (const c of chainOf(built)) out.set(c.name, c);
  return out;
}

/** An expression, or the initializer of the field/local it names. */
function resolve(ctx: JvmContext, scopeId: string, e: Expr | null): Expr | null {
  let v = e;
  for (let i = 0; i < 4 && v?.k === "name"; i++) v = ctx.valueOf(scopeId, v.path.replace(/^this\./, ""));
  return v;
}
