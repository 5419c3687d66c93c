/**
 * Ray task submissions (docs/reference/job-queues-python.md#ray): `f.remote(…)` and
 * `f.options(…).remote(…)` on a `@ray.remote` function run it on a cluster worker. Workers:
 * `ray start --head` / `ray start --address=…` workloads.
 */
import type { JobQueueAdapter } from "../jobQueues";
import { methodSend, workerCommand } from "./pythonSends";

const SENDING = new Set(["remote"]);

export const ray: JobQueueAdapter = {
  library: "ray",
  languages: new Set(["python"]),
  workerOf: (w, command) => workerCommand(w, command, /(^|\/)ray$/, [["start"]], () => null),
  taskSent(ctx) {
    const task = methodSend(ctx, SENDING);
    return task ? { task, layers: [] } : null;
  },
};
