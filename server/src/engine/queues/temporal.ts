/**
 * Temporal sends (docs/reference/temporal.md): the detectors record each call that schedules an
 * activity or starts a workflow (FileFacts.queueSends) with the layer of its retry policy —
 * Python `workflow.execute_activity(fn, retry_policy=…)`, a TypeScript name `proxyActivities(…)`
 * returned, Go `workflow.ExecuteActivity(ctx, Fn)` under `workflow.WithActivityOptions`. The task:
 * the function the send names (an `@activity.defn`, a workflow's run method, or — TypeScript and Go
 * activities, which no decorator marks — the plain function resolved from the send), or the task
 * registered under the name written. A workflow and its activities usually run in one worker
 * service: then the activity is followed inline, wrapped in the send's policy.
 */
import type { JobQueueAdapter, QueueTask } from "../jobQueues";
import { layerKey } from "../keys";

export const temporal: JobQueueAdapter = {
  library: "temporal",
  languages: new Set(["python", "typescript", "go", "java", "csharp"]),
  taskSent({ file, scopeId, resolver, taskNamed, taskOf, sends }) {
    const send = sends[0];
    if (!send) return null;
    const layers = send.layerIds.map((id) => layerKey(file, id));
    if (send.taskName) {
      const byName = taskNamed(send.taskName);
      if (byName) return { task: byName, layers };
    }
    if (!send.taskRef) return null;
    const target = resolver.resolve(file, scopeId, send.taskRef);
    if (target?.kind !== "function") return null;
    const task: QueueTask = taskOf(target.file, target.fn) ?? { file: target.file, fn: target.fn, name: send.taskRef.split(".").pop()!, library: "temporal" };
    return { task, layers };
  },
};
