/**
 * Dramatiq sends (docs/reference/job-queues-python.md#dramatiq): `actor.send(…)`,
 * `actor.send_with_options(args=…, delay=…)`, and the messages `actor.message(…)` /
 * `message_with_options(…)` that pipelines, groups and `broker.enqueue` send. Workers:
 * `dramatiq app.tasks`, `python -m dramatiq app.tasks:broker`, django_dramatiq `manage.py rundramatiq`.
 */
import type { JobQueueAdapter } from "../jobQueues";
import { methodSend, workerCommand } from "./pythonSends";

const SENDING = new Set(["send", "send_with_options", "message", "message_with_options"]);

export const dramatiq: JobQueueAdapter = {
  library: "dramatiq",
  languages: new Set(["python"]),
  workerOf: (w, command) => workerCommand(w, command, /(^|\/)dramatiq$/, null) ?? workerCommand(w, command, /^rundramatiq$/, null, () => null),
  taskSent(ctx) {
    const task = methodSend(ctx, SENDING);
    return task ? { task, layers: [] } : null;
  },
};
