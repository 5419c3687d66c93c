/**
 * Huey tasks — docs/reference/job-queues-python.md#huey (huey 3.3.0, 2.5.0 and 2.5.3 source, `huey/api.py`).
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
 * - A project's task factory (`retriable_task = huey.context_task(obj, retries=6 * 4)` used as
 *   `@huey.retriable_task` in other modules; `context_task` hands its keywords to `task()`, huey
 *   2.5.3) is read by queueWrappers.ts and built here at link time (hueyTaskLayer).
 */
import type { SyntaxNode } from "../../parsing/treeSitter";
import { descendants } from "../../parsing/python";
import type { PyContext } from "./context";
import { decoratedWith, everyException, markTask, pushQueueLayer, queueLayerFact, raises, retriesCount, secondsText, stringText } from "./queueTasks";
import type { LayerFact, SourceSpan, WaitSpec } from "../../model/facts";
import type { QueueOptionFact, QueueTaskInput } from "../../model/queueWrapperFacts";
import { conditionForExceptions } from "./exceptions";

const VERSION = "huey 2.x–3.x";
const HUEY_CLASSES = /^huey(\.api)?\.(Huey|RedisHuey|RedisExpireHuey|PriorityRedisHuey|PriorityRedisExpireHuey|SqliteHuey|MemoryHuey|FileHuey|BlackHoleHuey)$/;
const HUEY_NAME = /^(huey|.*_huey|huey_?app|task_queue)$/i;
const DJHUEY = /^huey\.contrib\.djhuey\.(task|db_task|periodic_task|db_periodic_task|on_commit_task)$/;
const METHODS = new Set(["task", "periodic_task", "context_task"]);

/**
 * Whether a callee is one of Huey's task decorator factories: `huey.task`, `huey.periodic_task`,
 * `huey.context_task` on a Huey instance of the file or an imported one named like it, or a
 * django-huey decorator (`db_task`, …). Returns the method (`task`, …), else null.
 */
export function hueyTaskFactory(ctx: PyContext, head: SyntaxNode | null | undefined): string | null {
  if (!head) return null;
  const q = ctx.qualifiedName(head) ?? head.text;
  if (DJHUEY.test(q)) return q.slice(q.lastIndexOf(".") + 1);
  if (head.type !== "attribute") return null;
  const method = head.childForFieldName("attribute")?.text ?? "";
  if (!METHODS.has(method)) return null;
  const obj = head.childForFieldName("object");
  if (obj?.type !== "identifier") return null;
  return hueyInstances(ctx).has(obj.text) || obj.text === "HUEY" || ctx.facts.imports.some((i) => i.member !== null && i.local === obj.text && HUEY_NAME.test(i.local)) ? method : null;
}

const instanceCache = new WeakMap<PyContext, Set<string>>();
/** names bound at module level (or anywhere outside a def) to a Huey instance: `huey = RedisHuey(…)` */
function hueyInstances(ctx: PyContext): Set<string> {
  let instances = instanceCache.get(ctx);
  if (instances) return instances;
  instances = new Set<string>();
  for (const a of descendants(ctx.tree.rootNode, "assignment", { skipNestedDefs: true })) {
    const right = a.childForFieldName("right");
    const left = a.childForFieldName("left");
    if (right?.type === "call" && left?.type === "identifier" && HUEY_CLASSES.test(ctx.qualifiedName(right.childForFieldName("function")) ?? "")) instances.add(left.text);
  }
  instanceCache.set(ctx, instances);
  return instances;
}

export function detectHuey(ctx: PyContext): void {
  if (!/huey/i.test(ctx.tree.rootNode.text)) return;
  const isTaskDecorator = (_q: string, head: SyntaxNode): boolean => hueyTaskFactory(ctx, head) !== null;
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
  return hueyWait(delay ? ctx.number(delay, scope) : 0, delay?.text ?? null, backoff ? ctx.number(backoff, scope) : null);
}

/** retry_delay seconds (null: not known; `written` null: unset), ×retry_backoff per retry (huey ≥ 3.3). */
function hueyWait(d: number | null, written: string | null, b: number | null): WaitSpec {
  if (d === null) return { kind: "custom", jitter: false, initialSeconds: null, maxSeconds: null, source: "config", description: `retry_delay=${(written ?? "").slice(0, 40)}` };
  if (d === 0) return { kind: "none", jitter: false, initialSeconds: 0, maxSeconds: 0, source: written !== null ? "config" : "default", description: written !== null ? "retry_delay=0: re-enqueued at once" : "retry_delay 0 (huey default): re-enqueued at once" };
  if (b !== null && b > 1) return { kind: "exponential", jitter: false, initialSeconds: d, maxSeconds: null, source: "config", description: `retry_delay ${secondsText(d)} ×${b} per retry (retry_backoff), no cap, no jitter` };
  return { kind: "fixed", jitter: false, initialSeconds: d, maxSeconds: d, source: "config", description: `retry_delay ${secondsText(d)}, fixed, no jitter` };
}

/** A Huey task's options as plain data (engine/queues/queueWrappers.ts: a project's task factory). */
export type HueyTaskInput = QueueTaskInput;

/**
 * The layer of a Huey task whose options are known as plain data, with detectHuey's numbers:
 * `retries` counts retries (N → N+1 executions; huey 2.5.3 `Huey.task(retries=0, …)`, `_execute`
 * requeues while `task.retries`, `_requeue_task` takes one); unset → no layer (the default 0);
 * `retry_delay` seconds, fixed; `retry_backoff` (≥ 3.3) multiplies it.
 */
export function hueyTaskLayer(a: HueyTaskInput): LayerFact | null {
  const r = a.options.get("retries");
  if (!r) return null;
  const w = r.where ? ` (${r.where})` : "";
  let maxAttempts: number | null;
  let note: string;
  let unknown = false;
  let source: "config" | "default" = "config";
  if (r.option.text === "None") {
    maxAttempts = 1;
    source = "default";
    note = `retries=None${w}: the default 0 → 1 execution (${VERSION})`;
  } else if (r.option.number === null || !Number.isInteger(r.option.number)) {
    maxAttempts = null;
    unknown = true;
    note = `retries=${r.option.text.slice(0, 40)}${w}: not known statically`;
  } else {
    const n = Math.max(0, r.option.number);
    maxAttempts = n + 1;
    note = `retries=${r.option.text === String(r.option.number) ? r.option.number : `${r.option.text.slice(0, 40)} = ${r.option.number}`}${w} → ${n + 1} execution${n === 0 ? "" : "s"}`;
  }
  const delay = a.options.get("retry_delay")?.option ?? null;
  const backoff = a.options.get("retry_backoff")?.option ?? null;
  const condition = conditionForExceptions("all", a.raisesOnStatus, `${a.written}: every exception the task raises`);
  return queueLayerFact({
    localId: a.localId,
    kind: "huey-task",
    library: "huey",
    anchor: a.anchor,
    count: { attempts: maxAttempts, source, note, unknown },
    wait: hueyWait(delay ? delay.number : 0, delay?.text ?? null, backoff?.number ?? null),
    condition,
    functionId: a.functionId,
    label: a.label,
    perTryTimeoutSeconds: a.options.get("timeout")?.option.number ?? null,
  });
}
