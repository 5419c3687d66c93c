/**
 * Huey tasks — docs/reference/job-queues-python.md#huey (huey 3.3.0 and 2.5.0 source, `huey/api.py`).
 *
 * - `@huey.task(...)`, `@huey.periodic_task(crontab(...), ...)`, `@huey.context_task(...)` on a Huey
 *   instance of the file (`huey = RedisHuey(…)`, `SqliteHuey`, `Huey`, …) or an imported one named
 *   like it; django-huey `@task()`/`@db_task()`/`@periodic_task()`/`@db_periodic_task()` from
 *   `huey.contrib.djhuey`. The function is its worker's entry (`TASK /<module>.<name>`); CALLING it
 *   enqueues it (engine/queues/huey.ts), as do `.schedule(…)` and `.s(…)`.
 * - No retry by default: `retries=0`. `retries` counts RETRIES: N → N+1 executions, on any
 *   exception. `retry_delay` seconds, fixed (default 0: re-enqueued at once); huey ≥ 3.3
 *   `retry_backoff` multiplies the delay after each retry. No jitter.
 * - `raise RetryTask(…)` in the body adds one retry each time it is raised (`task.retries += 1`
 *   before the requeue takes one): a task that keeps raising it retries forever.
 */
import type { SyntaxNode } from "../../parsing/treeSitter";
import { descendants } from "../../parsing/python";
import type { PyContext } from "./context";
import { decoratedWith, everyException, markTask, pushQueueLayer, raises, retriesCount, secondsText, stringText } from "./queueTasks";
import type { WaitSpec } from "../../model/facts";

const VERSION = "huey 2.x–3.x";
const HUEY_CLASSES = /^huey(\.api)?\.(Huey|RedisHuey|RedisExpireHuey|PriorityRedisHuey|PriorityRedisExpireHuey|SqliteHuey|MemoryHuey|FileHuey|BlackHoleHuey)$/;
const HUEY_NAME = /^(huey|.*_huey|huey_?app|task_queue)$/i;
const DJHUEY = /^huey\.contrib\.djhuey\.(task|db_task|periodic_task|db_periodic_task|on_commit_task)$/;
const METHODS = new Set(["task", "periodic_task", "context_task"]);

export function detectHuey(ctx: PyContext): void {
  if (!/huey/i.test(ctx.tree.rootNode.text)) return;
  const instances = new Set<string>();
  for (const a of descendants(ctx.tree.rootNode, "assignment", { skipNestedDefs: true })) {
    const right = a.childForFieldName("right");
    const left = a.childForFieldName("left");
    if (right?.type === "call" && left?.type === "identifier" && HUEY_CLASSES.test(ctx.qualifiedName(right.childForFieldName("function")) ?? "")) instances.add(left.text);
  }
  const imported = new Set(ctx.facts.imports.filter((i) => i.member !== null && HUEY_NAME.test(i.local)).map((i) => i.local));
  const isTaskDecorator = (q: string, head: SyntaxNode): boolean => {
    if (DJHUEY.test(q)) return true;
    if (head.type !== "attribute" || !METHODS.has(head.childForFieldName("attribute")?.text ?? "")) return false;
    const obj = head.childForFieldName("object");
    return obj?.type === "identifier" && (instances.has(obj.text) || imported.has(obj.text) || obj.text === "HUEY");
  };
  for (const d of decoratedWith(ctx, isTaskDecorator)) {
    if (d.cls) continue;
    const kw = d.parts?.keywords ?? new Map<string, SyntaxNode>();
    const fname = d.def.childForFieldName("name")?.text ?? "task";
    const name = stringText(kw.get("name")) ?? fname;
    const functionId = markTask(ctx, d.def, `${ctx.module}.${name}`, "huey");
    const retryTask = raises(ctx, d.def, (q) => q === "huey.exceptions.RetryTask" || q === "huey.RetryTask" || q.endsWith(".RetryTask") || q === "RetryTask");
    const retriesNode = kw.get("retries") ?? null;
    if (!retriesNode && retryTask.length === 0) continue;
    const count = retryTask.length
      ? { attempts: null, note: `raise RetryTask in the body: each raise adds a retry, so it retries as long as it raises${retriesNode ? ` (retries=${retriesNode.text} for other errors)` : ""}`, source: "config" as const }
      : retriesCount(ctx, retriesNode, d.def, { key: "retries", defaultRetries: 0, version: VERSION });
    pushQueueLayer(ctx, {
      kind: "huey-task",
      library: "huey",
      anchor: d.dec,
      count,
      wait: delayWait(ctx, kw.get("retry_delay") ?? null, kw.get("retry_backoff") ?? null, d.def),
      condition: everyException(ctx, functionId, `@${d.head.text}: every exception the task raises`),
      functionId,
      label: fname,
      perTryTimeoutSeconds: ctx.number(kw.get("timeout"), d.def),
    });
  }
}

function delayWait(ctx: PyContext, delay: SyntaxNode | null, backoff: SyntaxNode | null, scope: SyntaxNode): WaitSpec {
  const d = delay ? ctx.number(delay, scope) : 0;
  const b = backoff ? ctx.number(backoff, scope) : null;
  if (d === null) return { kind: "custom", jitter: false, initialSeconds: null, maxSeconds: null, source: "config", description: `retry_delay=${delay!.text.slice(0, 40)}` };
  if (d === 0) return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: delay ? "config" : "default", description: delay ? "retry_delay=0: re-enqueued at once" : "retry_delay 0 (huey default): re-enqueued at once" };
  if (b !== null && b > 1) return { kind: "exponential", jitter: false, initialSeconds: d, maxSeconds: null, source: "config", description: `retry_delay ${secondsText(d)} ×${b} per retry (retry_backoff), no cap, no jitter` };
  return { kind: "fixed", jitter: false, initialSeconds: d, maxSeconds: d, source: "config", description: `retry_delay ${secondsText(d)}, fixed, no jitter` };
}
