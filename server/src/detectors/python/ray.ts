/**
 * Ray remote functions and actors — docs/reference/job-queues-python.md#ray (Ray 2.x:
 * `ray/_private/ray_constants.py` DEFAULT_TASK_MAX_RETRIES = 3; Ray Core fault-tolerance docs).
 *
 * - `@ray.remote` / `@ray.remote(...)` on a function: a task, its worker's entry (`TASK /<module>.<fn>`);
 *   `f.remote(…)` / `f.options(…).remote(…)` sends it (engine/queues/ray.ts; workers `ray start`).
 * - `max_retries` counts RETRIES: default 3 → 4 executions, `-1` forever, 0 off. But Ray re-runs a
 *   task only when its worker or node dies (a system failure) unless `retry_exceptions=True` (or a
 *   list of exception types): a failing call inside the task raises, and Ray does NOT re-run it.
 *   Without `retry_exceptions` the layer is reported with its count and never multiplied (it is
 *   not triggered by the failures of what the task calls).
 * - Actors (`@ray.remote` on a class): `max_restarts` and `max_task_retries` default 0 — no retry;
 *   with `max_task_retries=N` and `retry_exceptions`, each method is re-run up to N times on
 *   exceptions (N → N+1). Retries are resubmitted after the system's `task_retry_delay_ms`, with no
 *   backoff and no jitter of their own.
 */
import type { SyntaxNode } from "../../parsing/treeSitter";
import type { PyContext } from "./context";
import { decoratedWith, everyException, exceptionCondition, markTask, pushQueueLayer, retriesCount, type TaskCount } from "./queueTasks";
import type { RetryCondition, WaitSpec } from "../../model/facts";
import { customCondition } from "./exceptions";

/** ray_constants.py: DEFAULT_TASK_MAX_RETRIES = 3 (remote functions); actors: max_restarts 0, max_task_retries 0 */
export const RAY_DEFAULT_TASK_MAX_RETRIES = 3;
const VERSION = "ray 2.x";

const WAIT: WaitSpec = { kind: "none", jitter: false, initialSeconds: null, maxSeconds: null, source: "default", description: "resubmitted after the cluster's task_retry_delay_ms, no backoff, no jitter" };

export function detectRay(ctx: PyContext): void {
  if (!/\bray\b/.test(ctx.tree.rootNode.text)) return;
  for (const d of decoratedWith(ctx, (q) => q === "ray.remote")) {
    const kw = d.parts?.keywords ?? new Map<string, SyntaxNode>();
    const retryExc = kw.get("retry_exceptions");
    const onExceptions = !!retryExc && retryExc.text !== "False" && retryExc.text !== "None";
    if (d.cls) {
      const tr = kw.get("max_task_retries");
      if (!tr) continue;
      for (const stmt of d.cls.childForFieldName("body")?.namedChildren ?? []) {
        const def = stmt?.type === "function_definition" ? stmt : stmt?.type === "decorated_definition" ? stmt.childForFieldName("definition") : null;
        const mname = def?.childForFieldName("name")?.text;
        if (!def || !mname || mname.startsWith("_")) continue;
        const functionId = ctx.functionId(def);
        layer(ctx, d.dec, retriesCount(ctx, tr, def, { key: "max_task_retries", defaultRetries: 0, version: VERSION, negativeForever: true }), onExceptions, retryExc ?? null, functionId, `${d.cls.childForFieldName("name")?.text}.${mname}`, "actor method");
      }
      continue;
    }
    const fname = d.def.childForFieldName("name")?.text ?? "task";
    const functionId = markTask(ctx, d.def, `${ctx.module}.${fname}`, "ray");
    const count = retriesCount(ctx, kw.get("max_retries"), d.def, { key: "max_retries", defaultRetries: RAY_DEFAULT_TASK_MAX_RETRIES, version: VERSION, negativeForever: true });
    layer(ctx, d.dec, count, onExceptions, retryExc ?? null, functionId, fname, "task");
  }
}

function layer(ctx: PyContext, dec: SyntaxNode, count: TaskCount, onExceptions: boolean, retryExc: SyntaxNode | null, functionId: string, label: string, what: string): void {
  let condition: RetryCondition;
  let c = count;
  if (onExceptions) {
    condition = retryExc!.text === "True" ? everyException(ctx, functionId, `retry_exceptions=True: every exception the ${what} raises, and worker/node failures`) : exceptionCondition(ctx, functionId, retryExc!, `retry_exceptions=${retryExc!.text.slice(0, 50)}`);
  } else {
    condition = { ...customCondition(`only worker or node failures (system errors) re-run the ${what}; exceptions it raises are not retried (retry_exceptions=False)`), afterSendMethods: "all" };
    // not triggered by the failures of what the task calls: reported, never multiplied
    if (count.attempts !== 1) c = { attempts: 1, note: `${count.note} on worker/node failures only; exceptions are not retried (retry_exceptions=False), so failing calls inside are not re-run`, source: count.source };
  }
  pushQueueLayer(ctx, { kind: "ray-task", library: "ray", anchor: dec, count: c, wait: WAIT, condition, functionId, label });
}
