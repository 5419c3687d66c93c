/**
 * Prefect task runs (docs/reference/job-queues-python.md#prefect): a task called inside a flow runs
 * under the flow — `fetch(url)` directly (the linker follows the call), `fetch.submit(url)` and
 * `fetch.map(urls)` on the flow's task runner, Prefect 3 `fetch.delay(url)` / `apply_async` on task
 * workers. The flow's retry layer wraps them all, so its retries multiply each task's.
 */
import type { JobQueueAdapter } from "../jobQueues";
import { methodSend } from "./pythonSends";

const SENDING = new Set(["submit", "map", "delay", "apply_async"]);

export const prefect: JobQueueAdapter = {
  library: "prefect",
  languages: new Set(["python"]),
  taskSent(ctx) {
    const task = methodSend(ctx, SENDING);
    return task ? { task, layers: [] } : null;
  },
};
