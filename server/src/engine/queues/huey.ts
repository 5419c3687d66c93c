/**
 * Huey sends (docs/reference/job-queues-python.md#huey): CALLING a task function enqueues it
 * (`fetch(url)` returns a Result), as do `fetch.schedule(args=…, delay=…)`, `fetch.s(…)` (a
 * signature, sent by `huey.enqueue`) and `fetch.map(…)`; `call_local()` runs in-process. Workers:
 * `huey_consumer main.huey`, `huey_consumer.py main.huey -w 4`, django `manage.py run_huey`.
 */
import type { JobQueueAdapter } from "../jobQueues";
import { directSend, methodSend, workerCommand } from "./pythonSends";

const SENDING = new Set(["schedule", "s", "map"]);

export const huey: JobQueueAdapter = {
  library: "huey",
  languages: new Set(["python"]),
  workerOf: (w, command) =>
    workerCommand(w, command, /(^|\/)huey_consumer(\.py)?$/, null, (a) => (a.includes(".") ? a.slice(0, a.lastIndexOf(".")) : a)) ?? workerCommand(w, command, /^run_huey$/, null, () => null),
  taskSent(ctx) {
    const task = directSend(ctx) ?? methodSend(ctx, SENDING);
    return task ? { task, layers: [] } : null;
  },
};
