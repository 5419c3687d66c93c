/**
 * Agenda sends (docs/reference/bullmq.md, "Agenda"): `agenda.now("name", data)`,
 * `agenda.schedule(when, "name", data)`, `agenda.every(interval, "name")`, `agenda.create("name",
 * data)` — recorded by the detector (FileFacts.queueSends) with the job name written. The task:
 * the processor `agenda.define("name", fn, …)` marked `TASK /<name>`; its `backoff` (Agenda ≥ 6)
 * is a layer on the processor itself, so the send adds none.
 */
import type { JobQueueAdapter } from "../jobQueues";

export const agenda: JobQueueAdapter = {
  library: "agenda",
  languages: new Set(["typescript"]),
  taskSent({ sends, taskNamed }) {
    const send = sends[0];
    const task = send?.taskName ? taskNamed(send.taskName) : undefined;
    return task ? { task, layers: [] } : null;
  },
};
