/**
 * Prefect tasks and flows — docs/reference/job-queues-python.md#prefect (Prefect 2.x and 3.x:
 * `src/prefect/tasks.py`, `flows.py`, `settings`).
 *
 * - `@task`/`@task(...)` and `@flow`/`@flow(...)` from prefect. Both are entries (`TASK /<name>`,
 *   `name=` or the function's name). A task called inside a flow — directly, `.submit(…)`,
 *   `.map(…)`, `.delay(…)` — runs under the flow (engine/queues/prefect.ts), so a flow's retries
 *   multiply its tasks' retries: a failing task runs (flow retries + 1) × (task retries + 1) times.
 * - Prefect 1.x `@task(max_retries=N, retry_delay=timedelta(…))` counts the same way (fixed delay).
 * - No retry by default: `retries` defaults to 0 (PREFECT_TASK_DEFAULT_RETRIES /
 *   PREFECT_FLOW_DEFAULT_RETRIES, 0). `retries` counts RETRIES: N → N+1 executions; `retries=0`
 *   one execution. `retry_condition_fn=` decides which failures retry.
 * - Wait: `retry_delay_seconds` (default 0): a number (fixed), a list (one per retry, the last
 *   repeats), `exponential_backoff(backoff_factor=b)` (b × 2^n); tasks only: `retry_jitter_factor`
 *   adds random jitter to the delays.
 */
import type { SyntaxNode } from "../../parsing/treeSitter";
import { callParts, elements } from "../../parsing/python";
import type { PyContext } from "./context";
import { customCondition } from "./exceptions";
import { decoratedWith, everyException, markTask, pushQueueLayer, retriesCount, secondsText, stringText } from "./queueTasks";
import { seconds } from "./airflow";
import type { WaitSpec } from "../../model/facts";

const VERSION = "prefect 2.x–3.x";

export function detectPrefect(ctx: PyContext): void {
  if (!/prefect/.test(ctx.tree.rootNode.text)) return;
  for (const d of decoratedWith(ctx, (q) => q === "prefect.task" || q === "prefect.flow" || q === "prefect.tasks.task" || q === "prefect.flows.flow")) {
    if (d.cls) continue;
    const isFlow = /flow$/.test(ctx.qualifiedName(d.head) ?? "");
    const kw = d.parts?.keywords ?? new Map<string, SyntaxNode>();
    const fname = d.def.childForFieldName("name")?.text ?? "task";
    const name = stringText(kw.get("name")) ?? fname;
    const functionId = markTask(ctx, d.def, name, "prefect");
    // Prefect 1.x wrote `max_retries=` with a `retry_delay=timedelta(…)`
    const v1 = !kw.has("retries") && kw.has("max_retries");
    const retries = kw.get("retries") ?? kw.get("max_retries");
    if (!retries || retries.text === "None") continue;
    const count = retriesCount(ctx, retries, d.def, { key: v1 ? "max_retries" : "retries", defaultRetries: 0, version: VERSION }, v1 ? "prefect 1.x" : "");
    const cond = kw.get("retry_condition_fn");
    const what = isFlow ? "flow" : "task";
    pushQueueLayer(ctx, {
      kind: isFlow ? "prefect-flow" : "prefect-task",
      library: "prefect",
      anchor: d.dec,
      count,
      wait: v1 ? v1Wait(ctx, kw.get("retry_delay") ?? null, d.def) : delayWait(ctx, kw.get("retry_delay_seconds") ?? null, isFlow ? null : (kw.get("retry_jitter_factor") ?? null), d.def),
      condition: cond
        ? { ...customCondition(`retry_condition_fn=${cond.text.slice(0, 50)} decides`), afterSendMethods: "all" }
        : everyException(ctx, functionId, `@${d.head.text}: the ${what} run fails (any exception${isFlow ? " or failed task" : ""})`),
      functionId,
      label: fname,
      perTryTimeoutSeconds: ctx.number(kw.get("timeout_seconds"), d.def),
    });
  }
}

/** Prefect 1.x `retry_delay=timedelta(…)` (required with `max_retries`), fixed. */
function v1Wait(ctx: PyContext, delay: SyntaxNode | null, scope: SyntaxNode): WaitSpec {
  const v = delay ? seconds(ctx, delay, scope) : null;
  if (v === null) return { kind: "custom", jitter: false, initialSeconds: null, maxSeconds: null, source: "config", description: delay ? `retry_delay=${delay.text.slice(0, 40)}` : "retry_delay not given" };
  return { kind: v === 0 ? "none" : "fixed", jitter: false, initialSeconds: v, maxSeconds: v, source: "config", description: `retry_delay ${secondsText(v)}, fixed, no jitter (prefect 1.x)` };
}

function delayWait(ctx: PyContext, delay: SyntaxNode | null, jitterNode: SyntaxNode | null, scope: SyntaxNode): WaitSpec {
  const jf = jitterNode && jitterNode.text !== "None" ? ctx.number(jitterNode, scope) : null;
  const jitter = jitterNode !== null && jitterNode.text !== "None" && jf !== 0;
  const jt = jitter ? `, jitter ×${jf ?? jitterNode!.text} (retry_jitter_factor)` : ", no jitter";
  if (!delay) return { kind: "none", jitter, initialSeconds: 0, maxSeconds: 0, source: "default", description: "retry_delay_seconds 0 (prefect default): retried at once" };
  if (delay.type === "call" && /(^|\.)exponential_backoff$/.test(ctx.qualifiedName(delay.childForFieldName("function")) ?? "")) {
    const p = callParts(delay);
    const b = ctx.number(p.keywords.get("backoff_factor") ?? p.positional[0] ?? null, scope);
    return { kind: "exponential", jitter, initialSeconds: b, maxSeconds: null, source: "config", description: `exponential_backoff: ${b === null ? "?" : secondsText(b)} × 2^n${jt}` };
  }
  if (delay.type === "list" || delay.type === "tuple") {
    const known = elements(delay).map((e) => ctx.number(e, scope)).filter((v): v is number => v !== null);
    if (!known.length) return { kind: "custom", jitter, initialSeconds: null, maxSeconds: null, source: "config", description: `retry_delay_seconds=${delay.text.slice(0, 40)}` };
    const flat = known.every((v) => v === known[0]);
    const rising = known.every((v, i) => i === 0 || v >= known[i - 1]!);
    return {
      kind: flat ? (known[0] === 0 ? "none" : "fixed") : rising ? "linear" : "custom",
      jitter,
      initialSeconds: known[0]!,
      maxSeconds: Math.max(...known),
      source: "config",
      description: `retry_delay_seconds=[${known.map(secondsText).join(", ")}]${jt}`,
    };
  }
  const v = ctx.number(delay, scope);
  if (v === null) return { kind: "custom", jitter, initialSeconds: null, maxSeconds: null, source: "config", description: `retry_delay_seconds=${delay.text.slice(0, 40)}` };
  return { kind: v === 0 ? "none" : "fixed", jitter: v === 0 ? false : jitter, initialSeconds: v, maxSeconds: v, source: "config", description: v === 0 ? "retry_delay_seconds=0: retried at once" : `retry_delay_seconds ${secondsText(v)}${jt}` };
}
