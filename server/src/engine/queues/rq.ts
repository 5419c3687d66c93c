/**
 * RQ sends (docs/reference/job-queues-python.md#rq): the detector records every
 * `queue.enqueue(fn, …)`, `enqueue_call(func=fn)`, `enqueue_in`/`enqueue_at` (FileFacts.queueSends)
 * with the layer of its `retry=Retry(…)`; `@job` functions are sent with `fn.delay(…)`. The job: the
 * function the send names — a plain function, which RQ imports by name in the worker
 * (`<module>.<function>`) — or one named by a string. Workers: `rq worker …`, django-rq
 * `manage.py rqworker`.
 */
import type { JobQueueAdapter, QueueTask } from "../jobQueues";
import { layerKey } from "../keys";
import { methodSend, workerCommand } from "./pythonSends";

const JOB_METHODS = new Set(["delay", "enqueue"]);

export const rq: JobQueueAdapter = {
  library: "rq",
  languages: new Set(["python"]),
  workerOf: (w, command) => workerCommand(w, command, /(^|\/)rq$/, [["worker"]], () => null) ?? workerCommand(w, command, /^rqworker(-pool)?$/, null, () => null),
  taskSent(ctx) {
    const decorated = methodSend(ctx, JOB_METHODS);
    if (decorated) return { task: decorated, layers: [] };
    const send = ctx.sends[0];
    if (!send) return null;
    const layers = send.layerIds.map((id) => layerKey(ctx.file, id));
    if (send.taskName) {
      const byName = ctx.taskNamed(send.taskName);
      if (byName) return { task: byName, layers };
    }
    const ref = send.taskRef ?? send.taskName;
    const resolved = ref ? ctx.resolver.resolve(ctx.file, ctx.scopeId, ref) : null;
    let target = resolved?.kind === "function" ? { file: resolved.file, fn: resolved.fn } : null;
    // a dotted name the worker imports (`"worker.jobs.charge"`): that module's function
    if (!target && send.taskName?.includes(".")) {
      const at = send.taskName.lastIndexOf(".");
      const module = ctx.resolver.pythonModule(send.taskName.slice(0, at), ctx.file);
      const fn = module ? ctx.resolver.functionById(module, send.taskName.slice(at + 1)) : undefined;
      if (module && fn) target = { file: module, fn };
    }
    if (!target) return null;
    const task: QueueTask = ctx.taskOf(target.file, target.fn) ?? { file: target.file, fn: target.fn, name: `${target.file.module ?? ""}.${target.fn.id}`, library: "rq" };
    return { task, layers };
  },
};
